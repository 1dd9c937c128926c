/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * fencebench_sync.h - user ABI of the fencebench `legacy` and `dma` backends.
 *
 * Port of the user ABI of the 2013 Android staging sync framework
 * (drivers/staging/android/uapi/sync.h and sw_sync.h, Linux 3.10), renamed
 * where needed so that it can be included together with mainline's
 * <linux/sync_file.h>: mainline reuses the name struct sync_merge_data for
 * a different layout (ioctl nr 3), so the 2013 one is struct
 * sync_legacy_merge_data here. The ioctl numbers are the original ones.
 *
 * Fence fds of both backends also accept mainline's SYNC_IOC_MERGE (nr 3)
 * and SYNC_IOC_FILE_INFO (nr 4) from <linux/sync_file.h>.
 *
 * Numbers used on fence fds (magic '>'):
 *   0  SYNC_IOC_LEGACY_WAIT        legacy, dma
 *   1  SYNC_IOC_LEGACY_MERGE       legacy, dma
 *   2  SYNC_IOC_LEGACY_FENCE_INFO  legacy, dma
 *   3  SYNC_IOC_MERGE              legacy, dma, mainline (<linux/sync_file.h>)
 *   4  SYNC_IOC_FILE_INFO          legacy, dma, mainline (<linux/sync_file.h>)
 *   16..31                         reserved for the dma backend's sync_file
 *                                  interop (defined below by module/dma)
 * Numbers on the timeline device (/dev/sw_sync, /dev/sw_sync_dma, and
 * mainline's debugfs sync/sw_sync), magic 'W':
 *   0  SW_SYNC_IOC_CREATE_FENCE
 *   1  SW_SYNC_IOC_INC
 */
#ifndef _UAPI_FENCEBENCH_SYNC_H
#define _UAPI_FENCEBENCH_SYNC_H

#include <linux/ioctl.h>
#include <linux/types.h>

#define SYNC_LEGACY_NAME_LEN	32

/**
 * struct sync_legacy_merge_data - data passed to SYNC_IOC_LEGACY_MERGE
 * @fd2:	file descriptor of the second fence
 * @name:	name of the new fence (need not be NUL terminated)
 * @fence:	returns the fd of the new fence to user space
 */
struct sync_legacy_merge_data {
	__s32	fd2;
	char	name[SYNC_LEGACY_NAME_LEN];
	__s32	fence;
};

/**
 * struct sync_pt_info - one sync point, as returned by SYNC_IOC_LEGACY_FENCE_INFO
 * @len:		length of this record including @driver_data
 * @obj_name:		name of the parent timeline
 * @driver_name:	name of the driver of the parent timeline
 * @status:		1 signaled, 0 active, <0 error
 * @timestamp_ns:	CLOCK_MONOTONIC time of the status change, in ns
 * @driver_data:	driver-specific data (fill_driver_data op)
 */
struct sync_pt_info {
	__u32	len;
	char	obj_name[SYNC_LEGACY_NAME_LEN];
	char	driver_name[SYNC_LEGACY_NAME_LEN];
	__s32	status;
	__u64	timestamp_ns;
	__u8	driver_data[];
};

/**
 * struct sync_fence_info_data - answer of SYNC_IOC_LEGACY_FENCE_INFO
 * @len:	in: size of the whole buffer; out: bytes written
 * @name:	name of the fence
 * @status:	1 signaled, 0 active, <0 error
 * @pt_info:	a struct sync_pt_info per point, each @len bytes long
 *
 * A buffer too small for the whole answer fails with ENOMEM (as in the
 * original); nothing is truncated.
 */
struct sync_fence_info_data {
	__u32	len;
	char	name[SYNC_LEGACY_NAME_LEN];
	__s32	status;
	__u8	pt_info[];
};

#define SYNC_IOC_LEGACY_MAGIC	'>'

/*
 * SYNC_IOC_LEGACY_WAIT - wait for a fence to signal. Takes an __s32 timeout
 * in milliseconds: <0 waits forever, 0 checks and returns at once, >0 waits
 * at most that long. Returns 0 once signaled, -1/ETIME on expiry, the fence
 * error otherwise.
 */
#define SYNC_IOC_LEGACY_WAIT	_IOW(SYNC_IOC_LEGACY_MAGIC, 0, __s32)
/* SYNC_IOC_LEGACY_MERGE - merge two fences into a new one */
#define SYNC_IOC_LEGACY_MERGE	_IOWR(SYNC_IOC_LEGACY_MAGIC, 1, \
				      struct sync_legacy_merge_data)
/* SYNC_IOC_LEGACY_FENCE_INFO - fence status and per-point details */
#define SYNC_IOC_LEGACY_FENCE_INFO _IOWR(SYNC_IOC_LEGACY_MAGIC, 2, \
					 struct sync_fence_info_data)

/**
 * struct sw_sync_create_fence_data - SW_SYNC_IOC_CREATE_FENCE argument
 * @value:	the timeline value at which the fence signals
 * @name:	name of the new fence
 * @fence:	returns the fd of the new fence to user space
 */
struct sw_sync_create_fence_data {
	__u32	value;
	char	name[SYNC_LEGACY_NAME_LEN];
	__s32	fence;
};

#define SW_SYNC_IOC_MAGIC	'W'
#define SW_SYNC_IOC_CREATE_FENCE _IOWR(SW_SYNC_IOC_MAGIC, 0, \
				       struct sw_sync_create_fence_data)
/* SW_SYNC_IOC_INC - advance the timeline by an __u32 count */
#define SW_SYNC_IOC_INC		_IOW(SW_SYNC_IOC_MAGIC, 1, __u32)

/*
 * Deadline hints, mainline's ABI from 6.4 on (and the dma backend's on
 * such kernels; legacy and older kernels answer ENOTTY): on a fence fd
 * SYNC_IOC_SET_DEADLINE (magic '>', 5), on the timeline fd
 * SW_SYNC_GET_DEADLINE ('W', 2), which reads the earliest deadline set on
 * a one-point fence of that driver (ENOENT if none, EINVAL if deadline_ns
 * or pad is not 0 on input, or the fence is not one point of the driver).
 * Defined here for user space whose <linux/sync_file.h> predates them.
 */
#ifndef SYNC_IOC_SET_DEADLINE
/**
 * struct sync_set_deadline - SYNC_IOC_SET_DEADLINE argument
 * @deadline_ns:	absolute CLOCK_MONOTONIC time of the deadline
 * @pad:		must be 0
 */
struct sync_set_deadline {
	__u64	deadline_ns;
	__u64	pad;
};

#define SYNC_IOC_SET_DEADLINE	_IOW(SYNC_IOC_LEGACY_MAGIC, 5, \
				     struct sync_set_deadline)
#endif

/**
 * struct sw_sync_get_deadline - SW_SYNC_GET_DEADLINE argument
 * @deadline_ns:	returns the earliest deadline set; 0 on input
 * @pad:		must be 0
 * @fence_fd:		the fence
 */
struct sw_sync_get_deadline {
	__u64	deadline_ns;
	__u32	pad;
	__s32	fence_fd;
};

#define SW_SYNC_GET_DEADLINE	_IOWR(SW_SYNC_IOC_MAGIC, 2, \
				      struct sw_sync_get_deadline)

#endif /* _UAPI_FENCEBENCH_SYNC_H */

/*
 * ==== dma backend: sync_file interop (owned by module/dma) ================
 *
 * Fence fds of /dev/sw_sync_dma, magic '>' (numbers 16..31 reserved here):
 *   16  SYNC_IOC_DMA_EXPORT_SYNC_FILE  export the fence as a new mainline
 *       sync_file fd (O_CLOEXEC) holding the same dma_fences: the single
 *       point, or a dma_fence_array of all points (signals when all have).
 *       The sync_file is named after the fence. Mainline's FILE_INFO, poll
 *       and MERGE work on it, and any driver taking a sync_file accepts it.
 *       flags must be 0 (else EINVAL).
 *   17  SYNC_IOC_DMA_WAIT_WITH  wait for this fence and the fence of fd2 (a
 *       dma fence fd or a mainline sync_file fd) together, with the timeout
 *       rules and results of SYNC_IOC_LEGACY_WAIT (an error of either fails
 *       the wait at once). No fd is created. fd2 not a fence: ENOENT; flags
 *       nonzero: EINVAL.
 * Import needs no number of its own: SYNC_IOC_LEGACY_MERGE (1) and
 * SYNC_IOC_MERGE (3) on a dma fence fd accept as fd2 either another dma
 * fence fd or a mainline sync_file fd (e.g. from the debugfs
 * sync/sw_sync); the sync_file's fences are unwrapped and merged, one per
 * context (the later). The result is a dma fence fd, on which WAIT, poll
 * and the info ioctls work as usual. Any other fd2 gives ENOENT.
 */
#ifndef _UAPI_FENCEBENCH_SYNC_DMA_INTEROP
#define _UAPI_FENCEBENCH_SYNC_DMA_INTEROP

/**
 * struct sync_dma_export_data - SYNC_IOC_DMA_EXPORT_SYNC_FILE argument
 * @fd:		returns the new sync_file fd
 * @flags:	must be 0
 */
struct sync_dma_export_data {
	__s32	fd;
	__u32	flags;
};

#define SYNC_IOC_DMA_EXPORT_SYNC_FILE _IOWR(SYNC_IOC_LEGACY_MAGIC, 16, \
					    struct sync_dma_export_data)

/**
 * struct sync_dma_wait_with_data - SYNC_IOC_DMA_WAIT_WITH argument
 * @fd2:	a dma fence fd or a mainline sync_file fd
 * @timeout:	milliseconds: <0 forever, 0 check and return at once
 * @flags:	must be 0
 */
struct sync_dma_wait_with_data {
	__s32	fd2;
	__s32	timeout;
	__u32	flags;
};

#define SYNC_IOC_DMA_WAIT_WITH	_IOW(SYNC_IOC_LEGACY_MAGIC, 17, \
				     struct sync_dma_wait_with_data)

#endif /* _UAPI_FENCEBENCH_SYNC_DMA_INTEROP */
