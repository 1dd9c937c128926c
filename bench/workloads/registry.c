// SPDX-License-Identifier: GPL-2.0
/*
 * registry.c - the workloads, as they register themselves
 * (FB_WORKLOAD_REGISTER in each workload's file), kept in @order.
 */
#include "workload.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FB_MAX_WORKLOADS 32

const struct fb_workload *fb_workloads[FB_MAX_WORKLOADS + 1];

void fb_workload_register(const struct fb_workload *w)
{
	size_t n = 0, i;

	while (fb_workloads[n])
		n++;
	if (n == FB_MAX_WORKLOADS || fb_workload_find(w->name)) {
		/* Runs before main(): a build that cannot work stops here. */
		fprintf(stderr, "fencebench: cannot register workload '%s' (%s)\n",
			w->name, n == FB_MAX_WORKLOADS ? "too many" : "name taken");
		abort();
	}
	for (i = n; i > 0; i--) {
		const struct fb_workload *o = fb_workloads[i - 1];

		if (o->order < w->order ||
		    (o->order == w->order && strcmp(o->name, w->name) < 0))
			break;
		fb_workloads[i] = o;
	}
	fb_workloads[i] = w;
}

const struct fb_workload *fb_workload_find(const char *name)
{
	for (size_t i = 0; fb_workloads[i]; i++)
		if (!strcmp(fb_workloads[i]->name, name))
			return fb_workloads[i];
	return NULL;
}

int fb_workload_supports(const struct fb_workload *w,
			 const struct fb_backend *b)
{
	if (!fb_backend_has(b, w->needs))
		return 0;
	return w->supported ? w->supported(b) : 1;
}

int fb_workload_run(const struct fb_workload *w, struct fb_ctx *c,
		    const struct fb_backend *b)
{
	unsigned int n;
	int err = 0;

	if (w->run) {
		fb_running(c, w, b, 0, 1, 0, 1);
		return w->run(c, b);
	}
	n = w->nparts(c);
	/* Every part runs; the first error is returned. */
	for (unsigned int i = 0; i < n; i++) {
		int e;

		fb_running(c, w, b, 0, 1, i, n);
		e = w->run_part(c, b, i);

		if (e && !err)
			err = e;
	}
	return err;
}
