// SPDX-License-Identifier: GPL-2.0
/* wakesplit.c - a wake-up's stages from its trace events (wakesplit.h). */
#include "wakesplit.h"

#include <errno.h>

const char *const fb_stage_names[FB_STAGES] = {
	[FB_STAGE_SIGNAL] = "signal",
	[FB_STAGE_WAKEUP] = "wakeup",
	[FB_STAGE_SWITCH] = "switch",
	[FB_STAGE_RETURN] = "return",
};

/* Index of the first event at or after @t. */
static size_t first_at(const struct fb_trace_event *ev, size_t n, uint64_t t)
{
	size_t lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (ev[mid].ts < t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

int fb_wake_split(const struct fb_trace_event *ev, size_t n,
		  const struct fb_wake_ids *ids, uint64_t t0, uint64_t t1,
		  uint64_t stage[FB_STAGES])
{
	size_t i = first_at(ev, n, t0), end = first_at(ev, n, t1 + 1);
	uint64_t sig = t0, woken = 0, sw = 0;
	int have_sig = ids->signal < 0, have_wake = 0, have_sw = 0;

	if (t1 < t0)
		return -ENOENT;
	for (; i < end; i++) {
		const struct fb_trace_event *e = &ev[i];

		if (ids->cpu >= 0 && e->cpu != ids->cpu)
			continue;
		if (!have_sig) {
			if (e->type == ids->signal && e->pid == ids->pid) {
				sig = e->ts;
				have_sig = 1;
			}
		} else if (!have_wake) {
			if (e->type == ids->wakeup &&
			    (ids->cpu < 0 || e->pid == ids->pid)) {
				woken = e->ts;
				have_wake = 1;
			}
		} else if (e->type == ids->sw) {
			sw = e->ts;
			have_sw = 1;
		}
	}
	if (!have_sig || !have_wake || !have_sw)
		return -ENOENT;
	stage[FB_STAGE_SIGNAL] = sig - t0;
	stage[FB_STAGE_WAKEUP] = woken - sig;
	stage[FB_STAGE_SWITCH] = sw - woken;
	stage[FB_STAGE_RETURN] = t1 - sw;
	return 0;
}
