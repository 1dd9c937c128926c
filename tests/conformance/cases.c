// SPDX-License-Identifier: GPL-2.0
/*
 * cases.c - the registry of the conformance case tables (lib/registry.h):
 * each file of cases adds its table with CONF_CASES_REGISTER().
 */
#include "conformance.h"

struct fb_registry conf_case_registry = { .kind = "case table" };
