// SPDX-License-Identifier: GPL-2.0
/*
 * The fence file of the legacy sync framework: poll and the
 * ioctls of both the 2013 ABI and mainline's sync_file ABI (port of the
 * file operations of the 2013 Android staging sync.c, Linux 3.10).
 *
 * Copyright (C) 2012 Google, Inc.
 *
 * Fixes of original bugs are marked "Fix:".
 */

#include <linux/compat.h>
#include <linux/fcntl.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/poll.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <uapi/linux/sync_file.h>

#include "fencebench_sync.h"
#include "sync.h"
#include "sync_priv.h"

/*
 * Largest SYNC_IOC_LEGACY_FENCE_INFO answer; a larger buffer is accepted
 * and only this much is used. (2013: 4096, too small for big merges.)
 */
#define SYNC_INFO_MAX_LEN	(64 * 1024)

static int sync_fence_release(struct inode *inode, struct file *file)
{
	sync_fence_release_file(file->private_data);
	return 0;
}

static __poll_t sync_fence_poll(struct file *file, poll_table *wait)
{
	struct sync_fence *fence = file->private_data;
	int status;

	poll_wait(file, &fence->wq, wait);

	/* order the status read after the wait queue registration */
	status = sync_fence_get_status(fence);
	if (status > 0)
		return EPOLLIN;
	if (status < 0)
		return EPOLLERR;
	return 0;
}

static long sync_fence_ioctl_wait(struct sync_fence *fence, unsigned long arg)
{
	__s32 value;

	if (get_user(value, (__s32 __user *)arg))
		return -EFAULT;

	return sync_fence_wait(fence, value);
}

/*
 * Merge @fence and the fence of @fd2 into a new fence and reserve an fd
 * for it. Returns the fd (the new fence in *@out, not yet installed) or a
 * negative errno with nothing left behind.
 */
static int sync_fence_merge_fd(struct sync_fence *fence, int fd2,
			       const char *name, struct sync_fence **out)
{
	struct sync_fence *fence2, *fence3;
	int fd;

	/* Fix: the 2013 code used the fd without checking it was reserved */
	fd = get_unused_fd_flags(O_CLOEXEC);
	if (fd < 0)
		return fd;

	fence2 = sync_fence_fdget(fd2);
	if (!fence2) {
		put_unused_fd(fd);
		return -ENOENT;
	}

	fence3 = sync_fence_merge(name, fence, fence2);
	sync_fence_put(fence2);
	if (!fence3) {
		put_unused_fd(fd);
		return -ENOMEM;
	}

	*out = fence3;
	return fd;
}

/* Install the merged fence at @fd, or undo the merge if @copied is false. */
static long sync_fence_merge_finish(struct sync_fence *fence3, int fd,
				    bool copied)
{
	if (!copied) {
		sync_fence_put(fence3);
		put_unused_fd(fd);
		return -EFAULT;
	}

	sync_fence_install(fence3, fd);
	return 0;
}

static long sync_fence_ioctl_legacy_merge(struct sync_fence *fence,
					  unsigned long arg)
{
	void __user *uarg = (void __user *)arg;
	struct sync_legacy_merge_data data;
	struct sync_fence *fence3;
	int fd;

	if (copy_from_user(&data, uarg, sizeof(data)))
		return -EFAULT;

	data.name[sizeof(data.name) - 1] = '\0';
	fd = sync_fence_merge_fd(fence, data.fd2, data.name, &fence3);
	if (fd < 0)
		return fd;

	data.fence = fd;
	return sync_fence_merge_finish(fence3, fd,
				       !copy_to_user(uarg, &data, sizeof(data)));
}

static long sync_fence_ioctl_merge(struct sync_fence *fence, unsigned long arg)
{
	void __user *uarg = (void __user *)arg;
	struct sync_merge_data data;
	struct sync_fence *fence3;
	int fd;

	if (copy_from_user(&data, uarg, sizeof(data)))
		return -EFAULT;

	if (data.flags || data.pad)
		return -EINVAL;

	data.name[sizeof(data.name) - 1] = '\0';
	fd = sync_fence_merge_fd(fence, data.fd2, data.name, &fence3);
	if (fd < 0)
		return fd;

	data.fence = fd;
	return sync_fence_merge_finish(fence3, fd,
				       !copy_to_user(uarg, &data, sizeof(data)));
}

/*
 * Write one struct sync_pt_info (plus driver data) at @buf, at most @size
 * bytes. Returns the record's length or a negative errno.
 */
static int sync_fill_pt_info(struct sync_pt *pt, u8 *buf, u32 size)
{
	const struct sync_timeline_ops *ops = pt->parent->ops;
	struct sync_pt_info info = { .len = sizeof(info) };
	int status, ret;

	if (size < sizeof(info))
		return -ENOMEM;

	if (ops->fill_driver_data) {
		ret = ops->fill_driver_data(pt, buf + sizeof(info),
					    size - sizeof(info));
		if (ret < 0)
			return ret;
		info.len += ret;
	}

	strscpy(info.obj_name, pt->parent->name, sizeof(info.obj_name));
	strscpy(info.driver_name, ops->driver_name, sizeof(info.driver_name));
	status = sync_pt_get_status(pt);
	info.status = status;
	info.timestamp_ns = status ? ktime_to_ns(pt->timestamp) : 0;

	/* records follow each other unaligned: no direct struct stores */
	memcpy(buf, &info, sizeof(info));

	return info.len;
}

static long sync_fence_ioctl_legacy_info(struct sync_fence *fence,
					 unsigned long arg)
{
	struct sync_fence_info_data *data;
	struct sync_pt *pt;
	u32 size, len;
	long ret = 0;

	if (get_user(size, (__u32 __user *)arg))
		return -EFAULT;

	/*
	 * Any buffer too small for the whole answer is ENOMEM, as the ABI
	 * header says (2013 answered EINVAL below the header's size).
	 */
	if (size < sizeof(*data))
		return -ENOMEM;

	if (size > SYNC_INFO_MAX_LEN)
		size = SYNC_INFO_MAX_LEN;

	data = kvzalloc(size, GFP_KERNEL);
	if (!data)
		return -ENOMEM;

	strscpy(data->name, fence->name, sizeof(data->name));
	data->status = sync_fence_get_status(fence);
	len = sizeof(*data);

	list_for_each_entry(pt, &fence->pt_list_head, pt_list) {
		int n = sync_fill_pt_info(pt, (u8 *)data + len, size - len);

		if (n < 0) {
			ret = n;
			goto out;
		}
		len += n;
	}

	data->len = len;

	if (copy_to_user((void __user *)arg, data, len))
		ret = -EFAULT;

out:
	kvfree(data);
	return ret;
}

static int sync_fill_fence_info(struct sync_pt *pt,
				struct sync_fence_info *info)
{
	int status = sync_pt_get_status(pt);

	strscpy(info->obj_name, pt->parent->name, sizeof(info->obj_name));
	strscpy(info->driver_name, pt->parent->ops->driver_name,
		sizeof(info->driver_name));
	info->status = status;
	info->flags = 0;
	info->timestamp_ns = status ? ktime_to_ns(pt->timestamp) : 0;

	return status;
}

/*
 * Mainline's SYNC_IOC_FILE_INFO: num_fences == 0 asks for the count only;
 * a nonzero count too small for the points is EINVAL. The fence status is
 * the legacy fence's status in both cases, so both ABIs agree.
 */
static long sync_fence_ioctl_file_info(struct sync_fence *fence,
				       unsigned long arg)
{
	void __user *uarg = (void __user *)arg;
	struct sync_fence_info *fence_info = NULL;
	struct sync_file_info info;
	struct sync_pt *pt;
	u32 num_fences = 0, i = 0;
	long ret = 0;

	if (copy_from_user(&info, uarg, sizeof(info)))
		return -EFAULT;

	if (info.flags || info.pad)
		return -EINVAL;

	list_for_each_entry(pt, &fence->pt_list_head, pt_list)
		num_fences++;

	if (info.num_fences) {
		if (info.num_fences < num_fences)
			return -EINVAL;

		fence_info = kcalloc(num_fences, sizeof(*fence_info),
				     GFP_KERNEL);
		if (!fence_info)
			return -ENOMEM;

		list_for_each_entry(pt, &fence->pt_list_head, pt_list)
			sync_fill_fence_info(pt, &fence_info[i++]);

		if (copy_to_user(u64_to_user_ptr(info.sync_fence_info),
				 fence_info,
				 num_fences * sizeof(*fence_info))) {
			ret = -EFAULT;
			goto out;
		}
	}

	info.status = sync_fence_get_status(fence);
	strscpy(info.name, fence->name, sizeof(info.name));
	info.num_fences = num_fences;

	if (copy_to_user(uarg, &info, sizeof(info)))
		ret = -EFAULT;

out:
	kfree(fence_info);
	return ret;
}

static long sync_fence_ioctl(struct file *file, unsigned int cmd,
			     unsigned long arg)
{
	struct sync_fence *fence = file->private_data;

	switch (cmd) {
	case SYNC_IOC_LEGACY_WAIT:
		return sync_fence_ioctl_wait(fence, arg);
	case SYNC_IOC_LEGACY_MERGE:
		return sync_fence_ioctl_legacy_merge(fence, arg);
	case SYNC_IOC_LEGACY_FENCE_INFO:
		return sync_fence_ioctl_legacy_info(fence, arg);
	case SYNC_IOC_MERGE:
		return sync_fence_ioctl_merge(fence, arg);
	case SYNC_IOC_FILE_INFO:
		return sync_fence_ioctl_file_info(fence, arg);
	default:
		return -ENOTTY;
	}
}

const struct file_operations sync_fence_fops = {
	/* Fix: pins the module while a fence file exists */
	.owner = THIS_MODULE,
	.release = sync_fence_release,
	.poll = sync_fence_poll,
	.unlocked_ioctl = sync_fence_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
};
