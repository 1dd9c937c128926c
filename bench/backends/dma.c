// SPDX-License-Identifier: GPL-2.0
/* dma.c - backend: the 2013 framework rebuilt on dma_fence (/dev/sw_sync_dma). */
#include <sys/syscall.h>

#include "syncdev.h"
#include "timeline.h"

/* Same ABI as legacy: the framework's SYNC_IOC_LEGACY_MERGE. */
static int dma_merge(int a, int b)
{
	return fb_fence_merge_legacy(a, b, "fb");
}

const struct fb_backend fb_backend_dma = {
	.name = "dma",
	.desc = "2013 framework ABI on struct dma_fence, out of tree (/dev/sw_sync_dma)",
	.ops = FB_OP_CREATE | FB_OP_MERGE | FB_OP_INFO | FB_OP_POLL |
	       FB_OP_WAIT | FB_OP_WAIT_ALL,
	.wait_syscall = SYS_ioctl,
	.probe = fb_tl_probe,
	.open = fb_tl_open,
	.close = fb_tl_close,
	.create = fb_tl_create,
	.signal = fb_tl_signal,
	.merge = dma_merge,
	.info = fb_tl_info,
	.arm = fb_tl_arm,
	.wait = fb_tl_wait_legacy,
	.disarm = fb_tl_disarm,
};
