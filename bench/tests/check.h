/* SPDX-License-Identifier: GPL-2.0 */
/*
 * check.h - the assertion of the host unit tests: CHECK(cond, fmt, ...)
 * counts and prints a pass ("ok message") or a failure ("FAIL file:line:
 * message"), one line per check, as every step of `make test` reports
 * (tests/ktap turns them into KTAP).
 * A test file includes it once and ends with
 *	printf("%d passed, %d failed\n", passed, failed);
 */
#ifndef FB_CHECK_H
#define FB_CHECK_H

#include <stdio.h>

static int passed, failed;

#define CHECK(cond, ...) do {					\
	if (cond) {						\
		passed++;					\
		printf("ok ");					\
		printf(__VA_ARGS__);				\
		printf("\n");					\
	} else {						\
		failed++;					\
		printf("FAIL %s:%d: ", __FILE__, __LINE__);	\
		printf(__VA_ARGS__);				\
		printf("\n");					\
	}							\
} while (0)

#endif /* FB_CHECK_H */
