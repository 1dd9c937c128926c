// SPDX-License-Identifier: GPL-2.0
/*
 * registry.c - the registry of the workloads (lib/registry.h): each
 * workload's file adds itself with FB_WORKLOAD_REGISTER(). And what the
 * harness asks of any workload: does it apply to a backend, run it.
 */
#include "workload.h"

struct fb_registry fb_workload_registry = { .kind = "workload" };

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
