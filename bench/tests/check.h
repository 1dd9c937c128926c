/* SPDX-License-Identifier: GPL-2.0 */
/*
 * check.h - the assertion of the host unit tests: CHECK(cond, fmt, ...)
 * counts a pass, or counts a failure and prints "FAIL file:line: message".
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
	} else {						\
		failed++;					\
		printf("FAIL %s:%d: ", __FILE__, __LINE__);	\
		printf(__VA_ARGS__);				\
		printf("\n");					\
	}							\
} while (0)

#endif /* FB_CHECK_H */
