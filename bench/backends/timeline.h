/* SPDX-License-Identifier: GPL-2.0 */
/*
 * timeline.h - the part of the fence backends that is the same for every
 * sw_sync style device (bench/lib/syncdev): a timeline with a user-space
 * shadow of its value. The device is the fb_syncdev named like the backend.
 */
#ifndef FB_TIMELINE_H
#define FB_TIMELINE_H

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

#endif /* FB_TIMELINE_H */
