/* SPDX-License-Identifier: GPL-2.0 */
/*
 * syncdev.h - the sw_sync style fence devices of every fence backend.
 *
 * legacy, dma and mainline share one user ABI: a timeline is an open file of
 * a device (open = new timeline, close = destroy), SW_SYNC_IOC_CREATE_FENCE
 * makes a fence fd, SW_SYNC_IOC_INC advances the counter. They differ in the
 * device path and in which ioctls their fence fds accept (caps). Benchmark
 * backends, conformance and stress tests all go through these wrappers.
 *
 * Every function returns >= 0 on success and -errno on failure; none of
 * them prints.
 */
#ifndef FB_SYNCDEV_H
#define FB_SYNCDEV_H

#include <stddef.h>
#include <stdint.h>

/* Fence fds accept the 2013 WAIT/MERGE/FENCE_INFO ioctls (nr 0, 1, 2). */
#define FB_CAP_LEGACY_ABI	(1u << 0)
/* Fence fds can be exported to / imported from mainline sync_file. */
#define FB_CAP_DMA_INTEROP	(1u << 1)

struct fb_syncdev {
	const char *name;	/* backend name: legacy, dma, mainline */
	const char *path;	/* timeline device */
	unsigned int caps;	/* FB_CAP_* */
};

/* Registry of fence devices, terminated by an entry with name == NULL. */
extern const struct fb_syncdev fb_syncdevs[];

/* Look a device up by backend name; NULL if unknown. */
const struct fb_syncdev *fb_syncdev_find(const char *name);
/* 1 if the device node exists and can be opened, else 0. */
int fb_syncdev_present(const struct fb_syncdev *dev);

/* Timeline: open a new one (fd) / advance it by @n. Close it with close(). */
int fb_timeline_open(const struct fb_syncdev *dev);
int fb_timeline_inc(int timeline, uint32_t n);

/* New fence fd signaling when @timeline reaches @value. */
int fb_fence_create(int timeline, uint32_t value, const char *name);

/* Mainline SYNC_IOC_MERGE (nr 3): new fence fd of @a and @b. */
int fb_fence_merge(int a, int b, const char *name);
/* 2013 SYNC_IOC_LEGACY_MERGE (nr 1); needs FB_CAP_LEGACY_ABI. */
int fb_fence_merge_legacy(int a, int b, const char *name);

/* 2013 SYNC_IOC_LEGACY_WAIT: 0 signaled, -ETIME on timeout, -errno else. */
int fb_fence_wait_ioctl(int fence, int timeout_ms);
/*
 * poll() for POLLIN: 1 signaled, 0 timed out, -EIO if POLLERR (the fence
 * signaled with an error), -errno if poll failed.
 */
int fb_fence_poll(int fence, int timeout_ms);

/*
 * Status through mainline SYNC_IOC_FILE_INFO: 1 signaled, 0 active, <0 the
 * fence error; *@num_fences (if not NULL) gets the number of points.
 * A failing ioctl also gives -errno: callers that must tell the two apart
 * use the ioctl directly.
 */
int fb_fence_status(int fence, uint32_t *num_fences);

/*
 * dma interop SYNC_IOC_DMA_EXPORT_SYNC_FILE: a new mainline sync_file fd
 * holding the fence's points; needs FB_CAP_DMA_INTEROP.
 */
int fb_fence_export_sync_file(int fence);

#endif /* FB_SYNCDEV_H */
