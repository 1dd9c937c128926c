// SPDX-License-Identifier: GPL-2.0
/* registry.c - the list of workloads (one line each). */
#include "workload.h"

#include <string.h>

extern const struct fb_workload fb_wl_create;
extern const struct fb_workload fb_wl_merge;
extern const struct fb_workload fb_wl_wakeup;
extern const struct fb_workload fb_wl_pollscale;
extern const struct fb_workload fb_wl_signalcost;

const struct fb_workload *const fb_workloads[] = {
	&fb_wl_create,
	&fb_wl_merge,
	&fb_wl_wakeup,
	&fb_wl_pollscale,
	&fb_wl_signalcost,
	NULL,
};

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
