/* SPDX-License-Identifier: GPL-2.0 */
/*
 * syncdev.h - the sw_sync style fence devices of every fence backend.
 *
 * legacy, dma and mainline share one user ABI: a timeline is an open file of
 * a device (open = new timeline, close = destroy), SW_SYNC_IOC_CREATE_FENCE
 * makes a fence fd, SW_SYNC_IOC_INC advances the counter. They differ in the
 * device path, in which ioctls their fence fds accept and in some rules
 * (caps and the semantics fields of struct fb_syncdev). Benchmark
 * backends, conformance and stress tests all go through these wrappers.
 *
 * The wrappers of system calls return >= 0 on success and -errno on
 * failure; the lookups return a pointer or NULL (fb_syncdev_check(): a
 * message or NULL). None of them prints.
 */
#ifndef FB_SYNCDEV_H
#define FB_SYNCDEV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Capabilities (caps) and semantics of a backend: the one place that says
 * where the backends differ (docs/semantics.md). Tests derive every
 * backend-specific expectation from these fields, never from a name, so a
 * new backend is described here and nowhere else.
 *
 * What the fence fds of a backend are: exactly one of FB_CAP_LEGACY_ABI
 * and FB_CAP_SYNC_FILE (fb_syncdev_check()).
 *
 * FB_CAP_LEGACY_ABI: fences of the 2013 framework. They take the 2013
 * WAIT/MERGE/FENCE_INFO ioctls (nr 0, 1, 2) beside the mainline ones and
 * follow the 2013 rules: a merge keeps every point (one per timeline, the
 * later), signaled ones too; one failed point fails the fence at once;
 * CREATE_FENCE's name is the fence's name. Two such backends are separate
 * frameworks: neither merges the other's fences.
 */
#define FB_CAP_LEGACY_ABI	(1u << 0)
/*
 * FB_CAP_DMA_INTEROP: fence fds can be exported as mainline sync_files
 * (SYNC_IOC_DMA_EXPORT_SYNC_FILE), and both merges accept a sync_file
 * (FB_CAP_SYNC_FILE fence) as the second fence (import). Needs
 * FB_CAP_LEGACY_ABI.
 */
#define FB_CAP_DMA_INTEROP	(1u << 1)
/*
 * FB_CAP_SYNC_FILE: the kernel's own sync_files. Mainline ioctls only (the
 * 2013 ones are ENOTTY); a merge keeps only pending fences (a signaled stub
 * when none is); a merged fence fails only once all of its fences signaled
 * (dma_fence_array); names of created fences are generated.
 */
#define FB_CAP_SYNC_FILE	(1u << 2)

struct fb_syncdev {
	const char *name;	/* backend name: legacy, dma, mainline */
	const char *path;	/* timeline device */
	/*
	 * The kernel module that makes the device (its file name without
	 * .ko), or NULL: the kernel itself has it. A guest that carries the
	 * module (its load list names it) must have the device: its absence
	 * is a failure, not a skip (fb_syncdev_required()).
	 */
	const char *module;
	unsigned int caps;	/* FB_CAP_* */
	/*
	 * poll() on a fence that signaled with an error: the module whose bool
	 * parameter poll_err chooses POLLERR (Y) or POLLIN (N), and the
	 * parameter's default. NULL: no parameter, always POLLIN.
	 */
	const char *poll_err_module;
	bool poll_err_default;
	/*
	 * The errno of CREATE_FENCE and of a merge when the fence's file
	 * cannot be made (anon_inode_getfile() fails with ENFILE): ENFILE
	 * where the backend passes the file's error on, ENOMEM where it
	 * reports every failure so (mainline sw_sync and sync_file_merge()).
	 */
	int nofile_errno;
	/*
	 * A point exactly 2^31 ahead of its timeline's counter stays pending
	 * until the counter reaches it (2013 sw_sync_cmp()); false: it is
	 * signaled at creation (the dma_fence seqno order).
	 */
	bool half_wrap_pending;
	/*
	 * Deadline hints as mainline from 6.4 on: SYNC_IOC_SET_DEADLINE on
	 * a fence, SW_SYNC_GET_DEADLINE on the timeline, on kernels with
	 * dma_fence deadlines (false: ENOTTY everywhere, as the 2013 ABI).
	 */
	bool deadline_abi;
};

/* Registry of fence devices, terminated by an entry with name == NULL. */
extern const struct fb_syncdev fb_syncdevs[];

/* The @i-th backend name of the registry; NULL past the last. */
const char *fb_syncdev_name(size_t i);
/* Look a device up by backend name; NULL if unknown. */
const struct fb_syncdev *fb_syncdev_find(const char *name);
/* The first device of the registry having all of @caps; NULL if none. */
const struct fb_syncdev *fb_syncdev_with(unsigned int caps);
/*
 * NULL if the declaration of @dev is consistent (known caps, one fence
 * kind, interop only with the 2013 ABI, a nofile_errno), else what is
 * wrong with it: a test must not guess the rules of a backend.
 */
const char *fb_syncdev_check(const struct fb_syncdev *dev);
/* 1 if the device node exists and can be opened, else 0. */
int fb_syncdev_present(const struct fb_syncdev *dev);
/*
 * 1 if a guest whose module load list is the file @load_list (one module
 * file a line, as /fb/modules/load.list; NULL or a file that does not
 * exist: no module) must have @dev: built in, or its module is listed.
 */
int fb_syncdev_required(const struct fb_syncdev *dev, const char *load_list);
/* The guest's module load list (vm/build-initramfs). */
#define FB_LOAD_LIST "/fb/modules/load.list"

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
