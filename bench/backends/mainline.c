// SPDX-License-Identifier: GPL-2.0
/* mainline.c - backend: the kernel's CONFIG_SW_SYNC + sync_file (debugfs). */
#include "syncdev.h"
#include "timeline.h"

/* sync_file's SYNC_IOC_MERGE; mainline has no wait ioctl (poll only). */
static int mainline_merge(int a, int b)
{
	return fb_fence_merge(a, b, "fb");
}

static const struct fb_backend fb_backend_mainline = {
	.name = "mainline",
	.desc = "kernel CONFIG_SW_SYNC + sync_file (/sys/kernel/debug/sync/sw_sync)",
	.order = 30,
	.kind = FB_KIND_FENCE,
	/* The kernel's own fences: the reference of every fence figure. */
	.reference = 1,
	.colour = "#2ca02c",
	.signal_event = "dma_fence:dma_fence_signaled",
	.ops = FB_OP_CREATE | FB_OP_MERGE | FB_OP_INFO | FB_OP_POLL,
	.probe = fb_tl_probe,
	.open = fb_tl_open,
	.close = fb_tl_close,
	.create = fb_tl_create,
	.signal = fb_tl_signal,
	.merge = mainline_merge,
	.info = fb_tl_info,
	.arm = fb_tl_arm,
	.disarm = fb_tl_disarm,
};

FB_BACKEND_REGISTER(fb_backend_mainline);
