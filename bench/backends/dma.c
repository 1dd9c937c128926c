// SPDX-License-Identifier: GPL-2.0
/* dma.c - backend: the 2013 framework rebuilt on dma_fence (/dev/sw_sync_dma). */
#include "timeline.h"

/* Same ABI as legacy: the framework's merge and wait ioctls. */
static const struct fb_backend fb_backend_dma = {
	.name = "dma",
	.desc = "2013 framework ABI on struct dma_fence, out of tree (/dev/sw_sync_dma)",
	.order = 20,
	.kind = FB_KIND_FENCE,
	.colour = "#1f77b4",
	/*
	 * Its own sync_dma:sync_timeline fires after the points' callbacks
	 * (after the wake-up): dma_fence's event comes before them.
	 */
	.signal_event = "dma_fence:dma_fence_signaled",
	FB_TL_FRAMEWORK_2013_OPS,
};

FB_BACKEND_REGISTER(fb_backend_dma);
