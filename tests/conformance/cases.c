// SPDX-License-Identifier: GPL-2.0
/* cases.c - the registry of conformance case tables, in run order. */
#include "conformance.h"

#include <stddef.h>

const struct conf_case *const conf_case_tables[] = {
	conf_cases_basic,
	conf_cases_wait,
	conf_cases_merge,
	conf_cases_info,
	conf_cases_timestamp,
	conf_cases_close,
	conf_cases_wrap,
	conf_cases_fdpass,
	conf_cases_errors,
	NULL,
};
