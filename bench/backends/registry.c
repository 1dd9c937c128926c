// SPDX-License-Identifier: GPL-2.0
/*
 * registry.c - the registry of the benchmark backends (lib/registry.h):
 * each backend's file adds itself with FB_BACKEND_REGISTER().
 */
#include "backend.h"

struct fb_registry fb_backend_registry = { .kind = "backend" };
