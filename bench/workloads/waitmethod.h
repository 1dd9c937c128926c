/* SPDX-License-Identifier: GPL-2.0 */
/*
 * waitmethod.h - the ways a waiter of the wake-up workloads blocks on a
 * backend's handle, and the floor backend of each (backend.h).
 */
#ifndef FB_WAITMETHOD_H
#define FB_WAITMETHOD_H

#include "../backends/backend.h"

enum fb_wait_method {
	FB_WAIT_POLL,		/* ppoll() on the handle */
	FB_WAIT_NATIVE,		/* the backend's wait op */
	FB_WAIT_EPOLL,		/* epoll_pwait() on all handles, one thread */
	FB_WAIT_METHODS
};

const char *fb_wait_method_name(int method);
/* Whether @b can be waited on by @method; @shared: many on one handle. */
int fb_wait_method_ok(const struct fb_backend *b, int method, int shared);

/*
 * The wait method of a series that names one as a part ("poll/cross",
 * "shared/wait": parts between slashes); -1 if none does.
 */
int fb_wait_method_of(const char *series);
/* The op a wait by @method needs (FB_OP_POLL, FB_OP_WAIT); 0 if unknown. */
unsigned int fb_wait_method_op(int method);
/*
 * The floor of a wake-up figure of @series: the backend that declares
 * itself the floor of its method's op (backend.h), or NULL.
 */
const char *fb_wait_floor(const char *series);

#endif /* FB_WAITMETHOD_H */
