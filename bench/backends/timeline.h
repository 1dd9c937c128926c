/* SPDX-License-Identifier: GPL-2.0 */
/*
 * timeline.h - the part of the fence backends that is the same for every
 * sw_sync style device (lib/syncdev): a timeline with a user-space
 * shadow of its value. The device is the fb_syncdev named like the backend.
 */
#ifndef FB_TIMELINE_H
#define FB_TIMELINE_H

#include <sys/syscall.h>

#include "backend.h"

int fb_tl_probe(const struct fb_backend *b, char *why, size_t n);
int fb_tl_open(const struct fb_backend *b, void **src);
void fb_tl_close(void *src);
int fb_tl_create(void *src, uint32_t ahead);
int fb_tl_signal(void *src, uint32_t n);
int fb_tl_info(int fence, uint32_t *npts);
int fb_tl_arm(void *src);
int fb_tl_disarm(void *src, int h);
/* SYNC_IOC_LEGACY_WAIT, forever (legacy and dma). */
int fb_tl_wait_legacy(void *src, int h);
/* The framework's own merge ioctl, SYNC_IOC_LEGACY_MERGE (legacy and dma). */
int fb_tl_merge_legacy(int a, int b);

/*
 * The ops of a backend with the 2013 framework's ABI (legacy, dma): a
 * sw_sync style timeline, the framework's merge and its wait ioctl. A
 * backend file adds its name and description.
 */
#define FB_TL_FRAMEWORK_2013_OPS					\
	.ops = FB_OP_CREATE | FB_OP_MERGE | FB_OP_INFO | FB_OP_POLL |	\
	       FB_OP_WAIT | FB_OP_WAIT_ALL,				\
	.wait_syscall = SYS_ioctl,					\
	.probe = fb_tl_probe,						\
	.open = fb_tl_open,						\
	.close = fb_tl_close,						\
	.create = fb_tl_create,						\
	.signal = fb_tl_signal,						\
	.merge = fb_tl_merge_legacy,					\
	.info = fb_tl_info,						\
	.arm = fb_tl_arm,						\
	.wait = fb_tl_wait_legacy,					\
	.disarm = fb_tl_disarm

#endif /* FB_TIMELINE_H */
