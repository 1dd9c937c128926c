// SPDX-License-Identifier: GPL-2.0
/*
 * cases.c - the registry of conformance case tables, in run order: each
 * file of cases registers its table (CONF_CASES_REGISTER) before main().
 */
#include "conformance.h"

#include <stdio.h>
#include <stdlib.h>

#define CONF_MAX_TABLES 32

const struct conf_case *conf_case_tables[CONF_MAX_TABLES + 1];
static int orders[CONF_MAX_TABLES];

void conf_cases_register(const struct conf_case *cases, int order)
{
	int n = 0, i;

	while (conf_case_tables[n])
		n++;
	if (n == CONF_MAX_TABLES) {
		fprintf(stderr, "fb-conformance: more than %d case tables\n",
			CONF_MAX_TABLES);
		abort();
	}
	for (i = n; i > 0 && orders[i - 1] > order; i--) {
		conf_case_tables[i] = conf_case_tables[i - 1];
		orders[i] = orders[i - 1];
	}
	conf_case_tables[i] = cases;
	orders[i] = order;
}
