// SPDX-License-Identifier: GPL-2.0
/*
 * sync_dma_ioctl.c - the ioctls of sync_dma fence files: the 2013 ABI
 * (WAIT, MERGE, FENCE_INFO; port of the staging sync.c ioctls, Linux 3.10),
 * mainline's sync_file MERGE and FILE_INFO, and the sync_file interop
 * (export, wait together with a second fence).
 *
 * Both merges accept as second operand a sync_dma fence fd or a mainline
 * sync_file fd. Every error path releases the reserved descriptor.
 */
#include <linux/dma-fence.h>
#include <linux/fcntl.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <uapi/linux/sync_file.h>

#include "fencebench_sync.h"
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
 * Merge @fence with the fence of @fd2 into a new fence at a reserved fd.
 * Returns the fd, the new fence in *@out, not installed yet; or -errno.
 */
static int sync_dma_merge_reserve(struct sync_dma_fence *fence, int fd2,
				  const char *name, struct sync_dma_fence **out)
{
	struct sync_dma_fence *fence3;
	int fd;

	fd = get_unused_fd_flags(O_CLOEXEC);
	if (fd < 0)
		return fd;
	fence3 = sync_dma_fence_merge_fd(name, fence, fd2);
	if (IS_ERR(fence3)) {
		put_unused_fd(fd);
		return PTR_ERR(fence3);
	}
	*out = fence3;
	return fd;
}

/* Install the merged fence, or undo everything if the copy-out failed. */
static long sync_dma_merge_finish(struct sync_dma_fence *fence3, int fd,
				  bool copied)
{
	if (!copied) {
		sync_dma_fence_put(fence3);
		put_unused_fd(fd);
		return -EFAULT;
	}
	sync_dma_fence_install(fence3, fd);
	return 0;
}

static long sync_dma_ioctl_legacy_merge(struct sync_dma_fence *fence,
					unsigned long arg)
{
	void __user *uarg = (void __user *)arg;
	struct sync_legacy_merge_data data;
	struct sync_dma_fence *fence3;
	int fd;

	if (copy_from_user(&data, uarg, sizeof(data)))
		return -EFAULT;
	data.name[sizeof(data.name) - 1] = '\0';
	fd = sync_dma_merge_reserve(fence, data.fd2, data.name, &fence3);
	if (fd < 0)
		return fd;
	data.fence = fd;
	return sync_dma_merge_finish(fence3, fd,
				     !copy_to_user(uarg, &data, sizeof(data)));
}

static long sync_dma_ioctl_merge(struct sync_dma_fence *fence,
				 unsigned long arg)
{
	void __user *uarg = (void __user *)arg;
	struct sync_merge_data data;
	struct sync_dma_fence *fence3;
	int fd;

	if (copy_from_user(&data, uarg, sizeof(data)))
		return -EFAULT;
	if (data.flags || data.pad)
		return -EINVAL;
	data.name[sizeof(data.name) - 1] = '\0';
	fd = sync_dma_merge_reserve(fence, data.fd2, data.name, &fence3);
	if (fd < 0)
		return fd;
	data.fence = fd;
	return sync_dma_merge_finish(fence3, fd,
				     !copy_to_user(uarg, &data, sizeof(data)));
}

/* Status of one point and its signal time (0 while active). */
static int sync_dma_pt_info(struct dma_fence *pt, u64 *timestamp_ns)
{
	int status = dma_fence_get_status(pt);

	*timestamp_ns = status ? ktime_to_ns(dma_fence_timestamp(pt)) : 0;
	return status;
}

/* Bytes of driver data per point: the point's u32 value, as sw_sync. */
#define SYNC_DMA_DRIVER_DATA_LEN	sizeof(u32)

static void sync_dma_fill_pt_info(struct dma_fence *pt, u8 *buf)
{
	struct sync_pt_info info = {
		.len = sizeof(info) + SYNC_DMA_DRIVER_DATA_LEN,
	};
	u32 value = lower_32_bits(pt->seqno);

	strscpy(info.obj_name, pt->ops->get_timeline_name(pt),
		sizeof(info.obj_name));
	strscpy(info.driver_name, pt->ops->get_driver_name(pt),
		sizeof(info.driver_name));
	info.status = sync_dma_pt_info(pt, &info.timestamp_ns);
	/* records follow each other unaligned: copy, do not store */
	memcpy(buf, &info, sizeof(info));
	memcpy(buf + sizeof(info), &value, sizeof(value));
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
	long ret = 0;
	u32 size;

	if (get_user(size, (__u32 __user *)arg))
		return -EFAULT;
	need = sizeof(*data) + (size_t)fence->num_pts * rec;
	if (size < need)
		return -ENOMEM;

	data = kvzalloc(need, GFP_KERNEL);
	if (!data)
		return -ENOMEM;
	strscpy(data->name, fence->name, sizeof(data->name));
	data->status = sync_dma_fence_status(fence);
	for (i = 0; i < fence->num_pts; i++)
		sync_dma_fill_pt_info(fence->cbs[i].pt,
				      (u8 *)data + sizeof(*data) + i * rec);
	data->len = need;
	if (copy_to_user((void __user *)arg, data, need))
		ret = -EFAULT;
	kvfree(data);
	return ret;
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
	struct sync_fence_info *fi = NULL;
	struct sync_file_info info;
	unsigned int i;
	long ret = 0;

	if (copy_from_user(&info, uarg, sizeof(info)))
		return -EFAULT;
	if (info.flags || info.pad)
		return -EINVAL;

	if (info.num_fences) {
		if (info.num_fences < fence->num_pts)
			return -EINVAL;
		fi = kvcalloc(fence->num_pts, sizeof(*fi), GFP_KERNEL);
		if (!fi)
			return -ENOMEM;
		for (i = 0; i < fence->num_pts; i++) {
			struct dma_fence *pt = fence->cbs[i].pt;

			strscpy(fi[i].obj_name, pt->ops->get_timeline_name(pt),
				sizeof(fi[i].obj_name));
			strscpy(fi[i].driver_name,
				pt->ops->get_driver_name(pt),
				sizeof(fi[i].driver_name));
			fi[i].status = sync_dma_pt_info(pt,
							&fi[i].timestamp_ns);
		}
		if (copy_to_user(u64_to_user_ptr(info.sync_fence_info), fi,
				 fence->num_pts * sizeof(*fi))) {
			ret = -EFAULT;
			goto out;
		}
	}

	info.status = sync_dma_fence_status(fence);
	strscpy(info.name, fence->name, sizeof(info.name));
	info.num_fences = fence->num_pts;
	if (copy_to_user(uarg, &info, sizeof(info)))
		ret = -EFAULT;
out:
	kvfree(fi);
	return ret;
}

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
		return sync_dma_ioctl_legacy_merge(fence, arg);
	case SYNC_IOC_LEGACY_FENCE_INFO:
		return sync_dma_ioctl_legacy_info(fence, arg);
	case SYNC_IOC_MERGE:
		return sync_dma_ioctl_merge(fence, arg);
	case SYNC_IOC_FILE_INFO:
		return sync_dma_ioctl_file_info(fence, arg);
	case SYNC_IOC_DMA_EXPORT_SYNC_FILE:
		return sync_dma_ioctl_export(fence, arg);
	case SYNC_IOC_DMA_WAIT_WITH:
		return sync_dma_ioctl_wait_with(fence, arg);
	default:
		return -ENOTTY;
	}
}
