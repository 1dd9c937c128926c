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
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/poll.h>
#include <linux/uaccess.h>
#include <uapi/linux/sync_file.h>

#include "fencebench_sync.h"
#include "fencebench_uapi_helpers.h"
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

/*
 * What poll() reports for a fence that signaled with an error: EPOLLERR as
 * the 2013 framework did (seed 007), or EPOLLIN as mainline's sync_file
 * does (there an error-signaled fence is signaled; the error is in the
 * fence info). The fence info and the WAIT ioctl report the error either
 * way. The same parameter exists on sync_dma, with the other default.
 */
static bool poll_err = true;
module_param(poll_err, bool, 0644);
MODULE_PARM_DESC(poll_err,
		 "poll() on a fence signaled with an error: Y reports POLLERR (2013 framework, default), N reports POLLIN (mainline sync_file)");

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
		return READ_ONCE(poll_err) ? EPOLLERR : EPOLLIN;
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
 * The merge of the 2013 framework, for fb_ioctl_merge() and
 * fb_ioctl_legacy_merge(): @fence and the fence of @fd2 into a new fence.
 */
static void *sync_fence_merge_fd(void *fence, int fd2, const char *name)
{
	struct sync_fence *fence2, *fence3;

	fence2 = sync_fence_fdget(fd2);
	if (!fence2)
		return ERR_PTR(-ENOENT);

	fence3 = sync_fence_merge(name, fence, fence2);
	sync_fence_put(fence2);
	return fence3;
}

static void sync_fence_merge_install(void *fence3, int fd)
{
	sync_fence_install(fence3, fd);
}

static void sync_fence_merge_put(void *fence3)
{
	sync_fence_put(fence3);
}

static const struct fb_merge_ops sync_fence_merge_ops = {
	.merge = sync_fence_merge_fd,
	.install = sync_fence_merge_install,
	.put = sync_fence_merge_put,
};

/* What the info ioctls report of @pt. */
static void sync_pt_desc(struct sync_pt *pt, struct fb_pt_desc *d)
{
	d->obj_name = pt->parent->name;
	d->driver_name = pt->parent->ops->driver_name;
	d->status = sync_pt_get_status(pt);
	d->timestamp_ns = d->status ? ktime_to_ns(pt->timestamp) : 0;
}

/*
 * Write one struct sync_pt_info (plus driver data) at @buf, at most @size
 * bytes. Returns the record's length or a negative errno.
 */
static int sync_fill_pt_info(struct sync_pt *pt, u8 *buf, u32 size)
{
	const struct sync_timeline_ops *ops = pt->parent->ops;
	u32 len = sizeof(struct sync_pt_info);
	struct fb_pt_desc d;
	int ret;

	if (size < len)
		return -ENOMEM;

	if (ops->fill_driver_data) {
		ret = ops->fill_driver_data(pt, buf + len, size - len);
		if (ret < 0)
			return ret;
		len += ret;
	}

	sync_pt_desc(pt, &d);
	fb_pt_info_write(buf, len, &d);
	return len;
}

static long sync_fence_ioctl_legacy_info(struct sync_fence *fence,
					 unsigned long arg)
{
	struct sync_fence_info_data *data;
	struct sync_pt *pt;
	u32 size, len;

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

	data = fb_fence_info_data_alloc(size, fence->name);
	if (!data)
		return -ENOMEM;

	data->status = sync_fence_get_status(fence);
	len = sizeof(*data);

	list_for_each_entry(pt, &fence->pt_list_head, pt_list) {
		int n = sync_fill_pt_info(pt, (u8 *)data + len, size - len);

		if (n < 0) {
			kvfree(data);
			return n;
		}
		len += n;
	}

	return fb_fence_info_data_put(arg, data, len);
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
	struct sync_fence_info *fi;
	struct sync_file_info info;
	struct fb_pt_desc d;
	struct sync_pt *pt;
	u32 num = 0, i = 0;

	list_for_each_entry(pt, &fence->pt_list_head, pt_list)
		num++;

	fi = fb_file_info_begin(uarg, &info, num);
	if (IS_ERR(fi))
		return PTR_ERR(fi);

	if (fi) {
		list_for_each_entry(pt, &fence->pt_list_head, pt_list) {
			sync_pt_desc(pt, &d);
			fb_fence_info_fill(&fi[i++], &d);
		}
	}

	return fb_file_info_end(uarg, &info, fi, num,
				sync_fence_get_status(fence), fence->name);
}

static long sync_fence_ioctl(struct file *file, unsigned int cmd,
			     unsigned long arg)
{
	struct sync_fence *fence = file->private_data;

	switch (cmd) {
	case SYNC_IOC_LEGACY_WAIT:
		return sync_fence_ioctl_wait(fence, arg);
	case SYNC_IOC_LEGACY_MERGE:
		return fb_ioctl_legacy_merge(&sync_fence_merge_ops, fence, arg);
	case SYNC_IOC_LEGACY_FENCE_INFO:
		return sync_fence_ioctl_legacy_info(fence, arg);
	case SYNC_IOC_MERGE:
		return fb_ioctl_merge(&sync_fence_merge_ops, fence, arg);
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
