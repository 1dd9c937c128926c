// SPDX-License-Identifier: GPL-2.0
/* registry.c - the list of benchmark backends (one line each). */
#include "backend.h"

#include <string.h>

extern const struct fb_backend fb_backend_legacy;
extern const struct fb_backend fb_backend_dma;
extern const struct fb_backend fb_backend_mainline;
extern const struct fb_backend fb_backend_eventfd;
extern const struct fb_backend fb_backend_futex;
extern const struct fb_backend fb_backend_pipe;

const struct fb_backend *const fb_backends[] = {
	&fb_backend_legacy,
	&fb_backend_dma,
	&fb_backend_mainline,
	&fb_backend_eventfd,
	&fb_backend_futex,
	&fb_backend_pipe,
	NULL,
};

const struct fb_backend *fb_backend_find(const char *name)
{
	for (size_t i = 0; fb_backends[i]; i++)
		if (!strcmp(fb_backends[i]->name, name))
			return fb_backends[i];
	return NULL;
}
