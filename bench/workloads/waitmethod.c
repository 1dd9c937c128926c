// SPDX-License-Identifier: GPL-2.0
/* waitmethod.c - wait methods, their ops and their floors (waitmethod.h). */
#include "waitmethod.h"

#include <string.h>

static const char *const method_names[FB_WAIT_METHODS] = {
	[FB_WAIT_POLL] = "poll",
	[FB_WAIT_NATIVE] = "wait",
	[FB_WAIT_EPOLL] = "epoll",
};

const char *fb_wait_method_name(int method)
{
	return method >= 0 && method < FB_WAIT_METHODS ? method_names[method] :
							  "?";
}

int fb_wait_method_of(const char *series)
{
	for (const char *p = series; *p; p += strcspn(p, "/"), p += *p == '/') {
		size_t n = strcspn(p, "/");

		for (int m = 0; m < FB_WAIT_METHODS; m++)
			if (strlen(method_names[m]) == n &&
			    !strncmp(p, method_names[m], n))
				return m;
	}
	return -1;
}

unsigned int fb_wait_method_op(int method)
{
	return method == FB_WAIT_NATIVE ? FB_OP_WAIT :
	       method >= 0 && method < FB_WAIT_METHODS ? FB_OP_POLL : 0;
}

const char *fb_wait_floor(const char *series)
{
	const struct fb_backend *b =
		fb_backend_floor(fb_wait_method_op(fb_wait_method_of(series)));

	return b ? b->name : NULL;
}

int fb_wait_method_ok(const struct fb_backend *b, int method, int shared)
{
	switch (method) {
	case FB_WAIT_POLL:
		return fb_backend_has(b, FB_OP_POLL);
	case FB_WAIT_NATIVE:
		return fb_backend_has(b, shared ? FB_OP_WAIT | FB_OP_WAIT_ALL :
						  FB_OP_WAIT);
	case FB_WAIT_EPOLL:
		return fb_backend_has(b, FB_OP_POLL) && !shared;
	}
	return 0;
}
