/* SPDX-License-Identifier: GPL-2.0 */
/*
 * errname.h - the expected result of a step, as the guest test scripts
 * write it on a command line: "ok", "ETIME" or "ENOENT".
 */
#ifndef FB_ERRNAME_H
#define FB_ERRNAME_H

#include <errno.h>
#include <string.h>

/* 0 for "ok", -ETIME, -ENOENT; 1 for a name it does not know. */
static inline int fb_result_by_name(const char *s)
{
	if (!strcmp(s, "ok"))
		return 0;
	if (!strcmp(s, "ETIME"))
		return -ETIME;
	if (!strcmp(s, "ENOENT"))
		return -ENOENT;
	return 1;
}

#endif /* FB_ERRNAME_H */
