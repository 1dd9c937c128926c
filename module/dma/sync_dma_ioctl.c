// SPDX-License-Identifier: GPL-2.0
/*
 * sync_dma_ioctl.c - the ioctls of sync_dma fence files: the 2013 ABI
 * (WAIT, MERGE, FENCE_INFO; port of the staging sync.c ioctls, Linux 3.10),
 * mainline's sync_file MERGE, FILE_INFO and (6.4 on) SET_DEADLINE, and
 * the sync_file interop (export, wait together with a second fence).
 *
 * Both merges accept as second operand a sync_dma fence fd or a mainline
 * sync_file fd. Every error path releases the reserved descriptor.
 */
#include <linux/dma-fence.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <uapi/linux/sync_file.h>

#include "fencebench_sync.h"
#include "fencebench_uapi_helpers.h"
#include "sync_dma_internal.h"

static long sync_dma_ioctl_wait(struct sync_dma_fence *fence,
				unsigned long arg)
{
	__s32 timeout;

	if (get_user(timeout, (__s32 __user *)arg))
		return -EFAULT;
	return sync_dma_fence_wait(fence, timeout);
}

/*
 * The merge of sync_dma, for fb_ioctl_merge() and fb_ioctl_legacy_merge():
 * @fd2 may be a sync_dma fence fd or a mainline sync_file fd.
 */
static void *sync_dma_merge(void *fence, int fd2, const char *name)
{
	return sync_dma_fence_merge_fd(name, fence, fd2);
}

static void sync_dma_merge_install(void *fence3, int fd)
{
	sync_dma_fence_install(fence3, fd);
}

static void sync_dma_merge_put(void *fence3)
{
	sync_dma_fence_put(fence3);
}

static const struct fb_merge_ops sync_dma_merge_ops = {
	.merge = sync_dma_merge,
	.install = sync_dma_merge_install,
	.put = sync_dma_merge_put,
};

/* What the info ioctls report of @pt: status, signal time (0 while active). */
static void sync_dma_pt_desc(struct dma_fence *pt, struct fb_pt_desc *d)
{
	d->obj_name = pt->ops->get_timeline_name(pt);
	d->driver_name = pt->ops->get_driver_name(pt);
	d->status = dma_fence_get_status(pt);
	d->timestamp_ns = d->status ?
			  ktime_to_ns(dma_fence_timestamp(pt)) : 0;
}

/* Bytes of driver data per point: the point's u32 value, as sw_sync. */
#define SYNC_DMA_DRIVER_DATA_LEN	sizeof(u32)

static void sync_dma_fill_pt_info(struct dma_fence *pt, u8 *buf)
{
	u32 value = lower_32_bits(pt->seqno);
	struct fb_pt_desc d;

	sync_dma_pt_desc(pt, &d);
	fb_pt_info_write(buf, sizeof(struct sync_pt_info) +
			 SYNC_DMA_DRIVER_DATA_LEN, &d);
	memcpy(buf + sizeof(struct sync_pt_info), &value, sizeof(value));
}

/*
 * SYNC_IOC_LEGACY_FENCE_INFO: the whole answer or ENOMEM if the buffer
 * (its size in the first u32) cannot hold it; never truncated. Only the
 * bytes of the answer are allocated, whatever the buffer size.
 */
static long sync_dma_ioctl_legacy_info(struct sync_dma_fence *fence,
				       unsigned long arg)
{
	const size_t rec = sizeof(struct sync_pt_info) +
			   SYNC_DMA_DRIVER_DATA_LEN;
	struct sync_fence_info_data *data;
	size_t need;
	unsigned int i;
	u32 size;

	if (get_user(size, (__u32 __user *)arg))
		return -EFAULT;
	need = sizeof(*data) + (size_t)fence->num_pts * rec;
	if (size < need)
		return -ENOMEM;

	data = fb_fence_info_data_alloc(need, fence->name);
	if (!data)
		return -ENOMEM;
	data->status = sync_dma_fence_status(fence);
	for (i = 0; i < fence->num_pts; i++)
		sync_dma_fill_pt_info(fence->cbs[i].pt,
				      (u8 *)data + sizeof(*data) + i * rec);
	return fb_fence_info_data_put(arg, data, need);
}

/*
 * Mainline's SYNC_IOC_FILE_INFO: num_fences == 0 asks for the count (and
 * status, name) only; a nonzero count too small for the points is EINVAL.
 * The status is the fence's, so both ABIs agree.
 */
static long sync_dma_ioctl_file_info(struct sync_dma_fence *fence,
				     unsigned long arg)
{
	void __user *uarg = (void __user *)arg;
	struct sync_fence_info *fi;
	struct sync_file_info info;
	struct fb_pt_desc d;
	unsigned int i;

	fi = fb_file_info_begin(uarg, &info, fence->num_pts);
	if (IS_ERR(fi))
		return PTR_ERR(fi);
	for (i = 0; fi && i < fence->num_pts; i++) {
		sync_dma_pt_desc(fence->cbs[i].pt, &d);
		fb_fence_info_fill(&fi[i], &d);
	}
	return fb_file_info_end(uarg, &info, fi, fence->num_pts,
				sync_dma_fence_status(fence), fence->name);
}

#ifdef FB_HAVE_FENCE_DEADLINE
/*
 * Mainline's SYNC_IOC_SET_DEADLINE (6.4 on): the deadline hint goes to
 * every point of the fence, as sync_file's goes through a dma_fence_array
 * to each of its fences; pad must be 0.
 */
static long sync_dma_ioctl_set_deadline(struct sync_dma_fence *fence,
					unsigned long arg)
{
	struct sync_set_deadline ts;
	unsigned int i;

	if (copy_from_user(&ts, (void __user *)arg, sizeof(ts)))
		return -EFAULT;
	if (ts.pad)
		return -EINVAL;
	for (i = 0; i < fence->num_pts; i++)
		dma_fence_set_deadline(fence->cbs[i].pt,
				       ns_to_ktime(ts.deadline_ns));
	return 0;
}
#endif

/**
 * sync_dma_fence_ioctl() - unlocked_ioctl of sync_dma fence files
 * @file:	the fence file
 * @cmd:	the command
 * @arg:	its argument
 *
 * Return: 0 or a negative errno; -ENOTTY for an unknown command.
 */
long sync_dma_fence_ioctl(struct file *file, unsigned int cmd,
			  unsigned long arg)
{
	struct sync_dma_fence *fence = file->private_data;

	switch (cmd) {
	case SYNC_IOC_LEGACY_WAIT:
		return sync_dma_ioctl_wait(fence, arg);
	case SYNC_IOC_LEGACY_MERGE:
		return fb_ioctl_legacy_merge(&sync_dma_merge_ops, fence, arg);
	case SYNC_IOC_LEGACY_FENCE_INFO:
		return sync_dma_ioctl_legacy_info(fence, arg);
	case SYNC_IOC_MERGE:
		return fb_ioctl_merge(&sync_dma_merge_ops, fence, arg);
	case SYNC_IOC_FILE_INFO:
		return sync_dma_ioctl_file_info(fence, arg);
	case SYNC_IOC_DMA_EXPORT_SYNC_FILE:
		return sync_dma_ioctl_export(fence, arg);
	case SYNC_IOC_DMA_WAIT_WITH:
		return sync_dma_ioctl_wait_with(fence, arg);
#ifdef FB_HAVE_FENCE_DEADLINE
	case SYNC_IOC_SET_DEADLINE:
		return sync_dma_ioctl_set_deadline(fence, arg);
#endif
	default:
		return -ENOTTY;
	}
}
