// SPDX-License-Identifier: GPL-2.0
/*
 * sw_sync_dma.c - the sw_sync counter driver on the dma_fence sync
 * framework; port of the 2013 Android staging sw_sync.c (Linux 3.10).
 *
 * Misc device /dev/sw_sync_dma, mode 0600: as the original warns, user
 * space can deadlock drivers waiting on its fences. Opening it creates a
 * timeline named after the opener; closing it destroys the timeline
 * (pending fences fail with -ENOENT). ioctls, as the original:
 *   SW_SYNC_IOC_CREATE_FENCE  new fence fd signaling at a counter value
 *   SW_SYNC_IOC_INC           advance the counter (EOVERFLOW at the end of
 *                             the framework's 64-bit count)
 *   SW_SYNC_GET_DEADLINE      the deadline hint set on a fence (kernels
 *                             with dma_fence deadlines, 6.4 on, as mainline)
 * The counter and wrap-safe comparison live in the framework, under the
 * timeline lock (the original's unlocked increment raced).
 */
#include <linux/err.h>
#include <linux/fcntl.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/uaccess.h>

#include "fb_compat.h"
#include "fencebench_sync.h"
#include "sync_dma.h"

static const struct sync_dma_timeline_ops sw_sync_dma_timeline_ops = {
	.owner = THIS_MODULE,
	.driver_name = "sw_sync_dma",
};

static int sw_sync_dma_open(struct inode *inode, struct file *file)
{
	char comm[TASK_COMM_LEN];
	struct sync_dma_timeline *tl;

	get_task_comm(comm, current);
	tl = sync_dma_timeline_create(&sw_sync_dma_timeline_ops, comm);
	if (IS_ERR(tl))
		return PTR_ERR(tl);
	file->private_data = tl;
	return 0;
}

static int sw_sync_dma_release(struct inode *inode, struct file *file)
{
	sync_dma_timeline_destroy(file->private_data);
	return 0;
}

static long sw_sync_dma_ioctl_create_fence(struct sync_dma_timeline *tl,
					   unsigned long arg)
{
	void __user *uarg = (void __user *)arg;
	struct sw_sync_create_fence_data data;
	struct sync_dma_fence *fence;
	struct dma_fence *pt;
	int fd, err;

	if (copy_from_user(&data, uarg, sizeof(data)))
		return -EFAULT;
	data.name[sizeof(data.name) - 1] = '\0';

	fd = get_unused_fd_flags(O_CLOEXEC);
	if (fd < 0)
		return fd;
	pt = sync_dma_pt_create(tl, data.value);
	if (IS_ERR(pt)) {
		err = PTR_ERR(pt);
		goto err_fd;
	}
	fence = sync_dma_fence_create(data.name, pt);
	dma_fence_put(pt);	/* the fence holds its own reference */
	if (IS_ERR(fence)) {
		err = PTR_ERR(fence);
		goto err_fd;
	}
	data.fence = fd;
	if (copy_to_user(uarg, &data, sizeof(data))) {
		sync_dma_fence_put(fence);
		err = -EFAULT;
		goto err_fd;
	}
	sync_dma_fence_install(fence, fd);
	return 0;

err_fd:
	put_unused_fd(fd);
	return err;
}

static long sw_sync_dma_ioctl_inc(struct sync_dma_timeline *tl,
				  unsigned long arg)
{
	u32 value;

	if (get_user(value, (u32 __user *)arg))
		return -EFAULT;
	return sync_dma_timeline_inc(tl, value);
}

#ifdef FB_HAVE_FENCE_DEADLINE
/*
 * SW_SYNC_GET_DEADLINE (6.4 on), as mainline's sw_sync: the earliest
 * deadline set on a one-point fence of this framework. EINVAL for input
 * not zeroed, an fd that is no such fence; ENOENT if none was set.
 */
static long sw_sync_dma_ioctl_get_deadline(unsigned long arg)
{
	void __user *uarg = (void __user *)arg;
	struct sw_sync_get_deadline data;
	struct sync_dma_fence *fence;
	ktime_t deadline;
	int err;

	if (copy_from_user(&data, uarg, sizeof(data)))
		return -EFAULT;
	if (data.deadline_ns || data.pad)
		return -EINVAL;
	fence = sync_dma_fence_fdget(data.fence_fd);
	if (!fence)
		return -EINVAL;
	err = fence->num_pts == 1 ?
	      sync_dma_pt_get_deadline(fence->cbs[0].pt, &deadline) : -EINVAL;
	sync_dma_fence_put(fence);
	if (err)
		return err;
	data.deadline_ns = ktime_to_ns(deadline);
	return copy_to_user(uarg, &data, sizeof(data)) ? -EFAULT : 0;
}
#endif

static long sw_sync_dma_ioctl(struct file *file, unsigned int cmd,
			      unsigned long arg)
{
	struct sync_dma_timeline *tl = file->private_data;

	switch (cmd) {
	case SW_SYNC_IOC_CREATE_FENCE:
		return sw_sync_dma_ioctl_create_fence(tl, arg);
	case SW_SYNC_IOC_INC:
		return sw_sync_dma_ioctl_inc(tl, arg);
#ifdef FB_HAVE_FENCE_DEADLINE
	case SW_SYNC_GET_DEADLINE:
		return sw_sync_dma_ioctl_get_deadline(arg);
#endif
	default:
		return -ENOTTY;
	}
}

static const struct file_operations sw_sync_dma_fops = {
	.owner = THIS_MODULE,
	.open = sw_sync_dma_open,
	.release = sw_sync_dma_release,
	.unlocked_ioctl = sw_sync_dma_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
};

static struct miscdevice sw_sync_dma_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "sw_sync_dma",
	.fops = &sw_sync_dma_fops,
	.mode = 0600,
};

module_misc_device(sw_sync_dma_dev);

MODULE_DESCRIPTION("sw_sync counter timelines on the dma_fence sync framework");
MODULE_LICENSE("GPL");
