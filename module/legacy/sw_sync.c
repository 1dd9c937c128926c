// SPDX-License-Identifier: GPL-2.0
/*
 * The sw_sync 32-bit counter timeline driver on the legacy sync framework,
 * and its user interface /dev/sw_sync (port of the 2013 Android staging
 * sw_sync driver, drivers/staging/android/ in Linux 3.10).
 *
 * Copyright (C) 2012 Google, Inc.
 *
 * Uses only the exported framework API. Fixes of original bugs are marked
 * "Fix:".
 *
 * WARNING: the device lets user space create fences that never signal,
 * which can deadlock kernel drivers that wait on them; hence mode 0600.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/build_bug.h>
#include <linux/compat.h>
#include <linux/err.h>
#include <linux/fcntl.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/lockdep.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "fencebench_sync.h"
#include "sw_sync.h"
#include "sync.h"

/* the framework allocates the driver structs through the embedded ones */
static_assert(offsetof(struct sw_sync_timeline, obj) == 0);
static_assert(offsetof(struct sw_sync_pt, pt) == 0);

static struct sw_sync_timeline *to_sw_timeline(struct sync_timeline *obj)
{
	return container_of(obj, struct sw_sync_timeline, obj);
}

static struct sw_sync_pt *to_sw_pt(struct sync_pt *pt)
{
	return container_of(pt, struct sw_sync_pt, pt);
}

/*
 * Wrap-safe order of two counter values: -1 if @a comes before @b.
 * Fix: the 2013 code subtracted as s32, which overflows (undefined).
 *
 * The 2013 semantics are kept at the boundary: a value exactly 2^31 away
 * compares as "before" from both sides ((s32)0x80000000 < 0), so a point
 * exactly 2^31 ahead of the counter is pending. dma and mainline
 * (__dma_fence_is_later()) call that point signaled; docs/semantics.md.
 */
static int sw_sync_cmp(u32 a, u32 b)
{
	if (a == b)
		return 0;

	return (s32)(a - b) < 0 ? -1 : 1;
}

/**
 * sw_sync_pt_create() - create a point on a sw_sync timeline
 * @obj:	the timeline
 * @value:	counter value at which the point signals
 *
 * Context: process context.
 * Return: the new point (see sync_pt_create()), or an ERR_PTR.
 */
struct sync_pt *sw_sync_pt_create(struct sw_sync_timeline *obj, u32 value)
{
	struct sync_pt *pt;

	pt = sync_pt_create(&obj->obj, sizeof(struct sw_sync_pt));
	/* Fix: the 2013 code wrote through a NULL point */
	if (IS_ERR(pt))
		return pt;

	to_sw_pt(pt)->value = value;

	return pt;
}
EXPORT_SYMBOL_GPL(sw_sync_pt_create);

static struct sync_pt *sw_sync_pt_dup(struct sync_pt *sync_pt)
{
	return sw_sync_pt_create(to_sw_timeline(sync_pt->parent),
				 to_sw_pt(sync_pt)->value);
}

static int sw_sync_pt_has_signaled(struct sync_pt *sync_pt)
{
	struct sw_sync_timeline *obj = to_sw_timeline(sync_pt->parent);

	lockdep_assert_held(&sync_pt->parent->active_list_lock);
	return sw_sync_cmp(READ_ONCE(obj->value),
			   to_sw_pt(sync_pt)->value) >= 0;
}

static int sw_sync_pt_compare(struct sync_pt *a, struct sync_pt *b)
{
	return sw_sync_cmp(to_sw_pt(a)->value, to_sw_pt(b)->value);
}

static int sw_sync_fill_driver_data(struct sync_pt *sync_pt, void *data,
				    int size)
{
	u32 value = to_sw_pt(sync_pt)->value;

	if (size < (int)sizeof(value))
		return -ENOMEM;

	memcpy(data, &value, sizeof(value));

	return sizeof(value);
}

static void sw_sync_timeline_value_str(struct sync_timeline *sync_timeline,
				       char *str, int size)
{
	struct sw_sync_timeline *obj = to_sw_timeline(sync_timeline);

	snprintf(str, size, "%u", READ_ONCE(obj->value));
}

static void sw_sync_pt_value_str(struct sync_pt *sync_pt, char *str, int size)
{
	snprintf(str, size, "%u", to_sw_pt(sync_pt)->value);
}

static const struct sync_timeline_ops sw_sync_timeline_ops = {
	.driver_name = "sw_sync",
	.owner = THIS_MODULE,
	.dup = sw_sync_pt_dup,
	.has_signaled = sw_sync_pt_has_signaled,
	.compare = sw_sync_pt_compare,
	.fill_driver_data = sw_sync_fill_driver_data,
	.timeline_value_str = sw_sync_timeline_value_str,
	.pt_value_str = sw_sync_pt_value_str,
};

/**
 * sw_sync_timeline_create() - create a sw_sync timeline
 * @name:	name of the timeline
 *
 * The counter starts at 0. Destroy it with sync_timeline_destroy(&obj->obj).
 *
 * Context: process context.
 * Return: the new timeline or an ERR_PTR (see sync_timeline_create()).
 */
struct sw_sync_timeline *sw_sync_timeline_create(const char *name)
{
	struct sync_timeline *sync_obj;
	struct sw_sync_timeline *obj;

	sync_obj = sync_timeline_create(&sw_sync_timeline_ops,
					sizeof(struct sw_sync_timeline), name);
	if (IS_ERR(sync_obj))
		return ERR_CAST(sync_obj);

	obj = to_sw_timeline(sync_obj);
	spin_lock_init(&obj->value_lock);

	return obj;
}
EXPORT_SYMBOL_GPL(sw_sync_timeline_create);

/**
 * sw_sync_timeline_inc() - advance a sw_sync timeline
 * @obj:	the timeline
 * @inc:	amount to add to the counter (wraps at 2^32)
 *
 * Signals every point the counter has reached or passed.
 *
 * Context: any context that may take a spinlock with irqs disabled.
 */
void sw_sync_timeline_inc(struct sw_sync_timeline *obj, u32 inc)
{
	unsigned long flags;
	u32 step;

	/*
	 * Fix: the 2013 code added @inc in one go, so an increment of 2^31
	 * or more made the points it passed look in the future (wrap-safe
	 * compare) and they never signaled. Advance by at most INT_MAX and
	 * signal after each step.
	 */
	do {
		step = min_t(u32, inc, INT_MAX);

		/* Fix: the 2013 increment was an unlocked read-modify-write */
		spin_lock_irqsave(&obj->value_lock, flags);
		WRITE_ONCE(obj->value, obj->value + step);
		spin_unlock_irqrestore(&obj->value_lock, flags);

		sync_timeline_signal(&obj->obj);
		inc -= step;
	} while (inc);
}
EXPORT_SYMBOL_GPL(sw_sync_timeline_inc);

/* Opening /dev/sw_sync creates a timeline named after the opener. */
static int sw_sync_open(struct inode *inode, struct file *file)
{
	char task_comm[TASK_COMM_LEN];
	struct sw_sync_timeline *obj;

	get_task_comm(task_comm, current);

	obj = sw_sync_timeline_create(task_comm);
	if (IS_ERR(obj))
		return PTR_ERR(obj);

	file->private_data = obj;

	return 0;
}

static int sw_sync_release(struct inode *inode, struct file *file)
{
	struct sw_sync_timeline *obj = file->private_data;

	sync_timeline_destroy(&obj->obj);
	return 0;
}

static long sw_sync_ioctl_create_fence(struct sw_sync_timeline *obj,
				       unsigned long arg)
{
	void __user *uarg = (void __user *)arg;
	struct sw_sync_create_fence_data data;
	struct sync_fence *fence;
	struct sync_pt *pt;
	int fd, err;

	if (copy_from_user(&data, uarg, sizeof(data)))
		return -EFAULT;

	/* Fix: the 2013 code neither checked the fd nor released it on EFAULT */
	fd = get_unused_fd_flags(O_CLOEXEC);
	if (fd < 0)
		return fd;

	/* Fix: report what failed (2013: -ENOMEM for every failure) */
	pt = sw_sync_pt_create(obj, data.value);
	if (IS_ERR(pt)) {
		err = PTR_ERR(pt);
		goto err_fd;
	}

	/* names are always terminated */
	data.name[sizeof(data.name) - 1] = '\0';
	fence = sync_fence_create(data.name, pt);
	if (IS_ERR(fence)) {
		sync_pt_free(pt);
		err = PTR_ERR(fence);
		goto err_fd;
	}

	data.fence = fd;
	if (copy_to_user(uarg, &data, sizeof(data))) {
		sync_fence_put(fence);
		err = -EFAULT;
		goto err_fd;
	}

	sync_fence_install(fence, fd);

	return 0;

err_fd:
	put_unused_fd(fd);
	return err;
}

static long sw_sync_ioctl_inc(struct sw_sync_timeline *obj, unsigned long arg)
{
	u32 value;

	if (get_user(value, (u32 __user *)arg))
		return -EFAULT;

	sw_sync_timeline_inc(obj, value);

	return 0;
}

static long sw_sync_ioctl(struct file *file, unsigned int cmd,
			  unsigned long arg)
{
	struct sw_sync_timeline *obj = file->private_data;

	switch (cmd) {
	case SW_SYNC_IOC_CREATE_FENCE:
		return sw_sync_ioctl_create_fence(obj, arg);
	case SW_SYNC_IOC_INC:
		return sw_sync_ioctl_inc(obj, arg);
	default:
		return -ENOTTY;
	}
}

static const struct file_operations sw_sync_fops = {
	.owner = THIS_MODULE,
	.open = sw_sync_open,
	.release = sw_sync_release,
	.unlocked_ioctl = sw_sync_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
};

static struct miscdevice sw_sync_dev = {
	.minor = MISC_DYNAMIC_MINOR,
	.name = "sw_sync",
	.fops = &sw_sync_fops,
	/* user space can deadlock drivers through it: root only */
	.mode = 0600,
};

module_misc_device(sw_sync_dev);

MODULE_DESCRIPTION("Port of the 2013 Android sw_sync driver (fencebench legacy backend)");
MODULE_LICENSE("GPL");
