// SPDX-License-Identifier: GPL-2.0
/*
 * registry.c - the benchmark backends, as they register themselves
 * (FB_BACKEND_REGISTER in each backend's file), kept in @order.
 */
#include "backend.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FB_MAX_BACKENDS 32

const struct fb_backend *fb_backends[FB_MAX_BACKENDS + 1];

void fb_backend_register(const struct fb_backend *b)
{
	size_t n = 0, i;

	while (fb_backends[n])
		n++;
	if (n == FB_MAX_BACKENDS || fb_backend_find(b->name)) {
		/* Runs before main(): a build that cannot work stops here. */
		fprintf(stderr, "fencebench: cannot register backend '%s' (%s)\n",
			b->name, n == FB_MAX_BACKENDS ? "too many" : "name taken");
		abort();
	}
	for (i = n; i > 0; i--) {
		const struct fb_backend *o = fb_backends[i - 1];

		if (o->order < b->order ||
		    (o->order == b->order && strcmp(o->name, b->name) < 0))
			break;
		fb_backends[i] = o;
	}
	fb_backends[i] = b;
}

const struct fb_backend *fb_backend_find(const char *name)
{
	for (size_t i = 0; fb_backends[i]; i++)
		if (!strcmp(fb_backends[i]->name, name))
			return fb_backends[i];
	return NULL;
}
