// SPDX-License-Identifier: GPL-2.0
/*
 * Timelines, points and fences of the legacy sync framework (port of the
 * core of the 2013 Android staging sync framework, Linux 3.10).
 *
 * Copyright (C) 2012 Google, Inc.
 *
 * The algorithms are the 2013 ones on purpose (this is the baseline the
 * benchmark compares dma_fence and mainline against): signalling walks the
 * timeline's active list asking ops->has_signaled() of every point, and a
 * merge compares the points of both fences pairwise by timeline.
 * Fixes of original bugs are marked "Fix:". Locking and lifetime rules are
 * written down in sync.h.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/anon_inodes.h>
#include <linux/err.h>
#include <linux/export.h>
#include <linux/file.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/lockdep.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "sync.h"
#include "sync_priv.h"

#define CREATE_TRACE_POINTS
#include "sync_trace.h"

static void sync_fence_signal_pt(struct sync_pt *pt);
static void sync_fence_free(struct kref *kref);

/**
 * sync_timeline_create() - create a sync timeline
 * @ops:	the implementation ops of the timeline; must stay valid while
 *		the timeline exists (its @owner module is pinned until then)
 * @size:	size to allocate: the driver's struct, which embeds a
 *		struct sync_timeline as its first member
 * @name:	name of the timeline (truncated to 31 characters)
 *
 * Context: process context (allocates with GFP_KERNEL).
 * Return: the new timeline holding one reference owned by the caller (drop
 * it with sync_timeline_destroy()), or an ERR_PTR: -EINVAL on bad
 * arguments, -ENODEV if @ops->owner is being unloaded, -ENOMEM.
 * (2013: NULL for every failure, which callers reported as -ENOMEM.)
 */
struct sync_timeline *sync_timeline_create(const struct sync_timeline_ops *ops,
					   int size, const char *name)
{
	struct sync_timeline *obj;

	if (size < 0 || (size_t)size < sizeof(*obj))
		return ERR_PTR(-EINVAL);
	if (!ops || !ops->dup || !ops->has_signaled || !ops->compare)
		return ERR_PTR(-EINVAL);

	/* Fix: the original let the driver module go while timelines lived */
	if (!try_module_get(ops->owner))
		return ERR_PTR(-ENODEV);

	obj = kzalloc(size, GFP_KERNEL);
	if (!obj) {
		module_put(ops->owner);
		return ERR_PTR(-ENOMEM);
	}

	kref_init(&obj->kref);
	obj->ops = ops;
	strscpy(obj->name, name, sizeof(obj->name));

	INIT_LIST_HEAD(&obj->child_list_head);
	spin_lock_init(&obj->child_list_lock);

	INIT_LIST_HEAD(&obj->active_list_head);
	spin_lock_init(&obj->active_list_lock);

	sync_debug_add(SYNC_DEBUG_TIMELINES, &obj->sync_timeline_list);

	return obj;
}
EXPORT_SYMBOL_GPL(sync_timeline_create);

static void sync_timeline_free(struct kref *kref)
{
	struct sync_timeline *obj =
		container_of(kref, struct sync_timeline, kref);
	struct module *owner = obj->ops->owner;

	sync_debug_remove(SYNC_DEBUG_TIMELINES, &obj->sync_timeline_list);

	if (obj->ops->release_obj)
		obj->ops->release_obj(obj);

	kfree(obj);
	/* last: @ops may live in @owner */
	module_put(owner);
}

/**
 * sync_timeline_destroy() - destroy a sync timeline
 * @obj:	timeline to destroy
 *
 * Drops the creator's reference. Points that have not signaled yet get the
 * status -ENOENT and their fences' waiters are woken. @obj itself is freed
 * once its last point is freed.
 *
 * Context: any context that may take a spinlock with irqs disabled.
 */
void sync_timeline_destroy(struct sync_timeline *obj)
{
	unsigned long flags;

	/* Fix: set under the lock has_signaled runs under (was a bare store) */
	spin_lock_irqsave(&obj->active_list_lock, flags);
	obj->destroyed = true;
	spin_unlock_irqrestore(&obj->active_list_lock, flags);

	/* signal any children that their parent is going away */
	sync_timeline_signal(obj);

	kref_put(&obj->kref, sync_timeline_free);
}
EXPORT_SYMBOL_GPL(sync_timeline_destroy);

static void sync_timeline_add_pt(struct sync_timeline *obj, struct sync_pt *pt)
{
	unsigned long flags;

	pt->parent = obj;

	spin_lock_irqsave(&obj->child_list_lock, flags);
	list_add_tail(&pt->child_list, &obj->child_list_head);
	spin_unlock_irqrestore(&obj->child_list_lock, flags);
}

/* Unlink @pt from its timeline's lists; safe to call more than once. */
static void sync_timeline_remove_pt(struct sync_pt *pt)
{
	struct sync_timeline *obj = pt->parent;
	unsigned long flags;

	spin_lock_irqsave(&obj->active_list_lock, flags);
	if (!list_empty(&pt->active_list))
		list_del_init(&pt->active_list);
	spin_unlock_irqrestore(&obj->active_list_lock, flags);

	spin_lock_irqsave(&obj->child_list_lock, flags);
	if (!list_empty(&pt->child_list))
		list_del_init(&pt->child_list);
	spin_unlock_irqrestore(&obj->child_list_lock, flags);
}

/* Update and return @pt's status. Called with active_list_lock held. */
static int _sync_pt_has_signaled(struct sync_pt *pt)
{
	struct sync_timeline *obj = pt->parent;
	int status = pt->status;

	lockdep_assert_held(&obj->active_list_lock);

	if (!status) {
		status = obj->ops->has_signaled(pt);
		/* Fix: any positive answer means signaled (status is 1) */
		if (status > 0)
			status = 1;
	}

	if (!status && obj->destroyed)
		status = -ENOENT;

	if (status != pt->status) {
		pt->timestamp = ktime_get();
		/* publish the timestamp together with the status */
		smp_store_release(&pt->status, status);
	}

	return status;
}

/**
 * sync_timeline_signal() - signal a status change on a sync timeline
 * @obj:	timeline to signal
 *
 * A sync implementation calls this any time one of its points may have
 * signaled or hit an error. Every active point of @obj is asked
 * ops->has_signaled(); the fences of those that signaled are updated and
 * their waiters woken.
 *
 * Context: any context that may take a spinlock with irqs disabled; async
 * waiter callbacks run from here.
 */
void sync_timeline_signal(struct sync_timeline *obj)
{
	unsigned long flags;
	LIST_HEAD(signaled_pts);
	struct sync_pt *pt, *next;

	trace_sync_timeline(obj);

	spin_lock_irqsave(&obj->active_list_lock, flags);

	list_for_each_entry_safe(pt, next, &obj->active_list_head,
				 active_list) {
		if (_sync_pt_has_signaled(pt)) {
			/*
			 * The active list holds no fence reference, but a
			 * point on it always belongs to a fence whose file
			 * reference is live: sync_fence_release_file()
			 * unlinks the points under this lock before it drops
			 * that reference. A fence at zero here is a broken
			 * invariant: say so, and leave the point to the path
			 * that frees it rather than touch a dying fence.
			 */
			if (WARN_ON_ONCE(!kref_get_unless_zero(&pt->fence->kref)))
				continue;
			list_del_init(&pt->active_list);
			list_add(&pt->signaled_list, &signaled_pts);
		}
	}

	spin_unlock_irqrestore(&obj->active_list_lock, flags);

	list_for_each_entry_safe(pt, next, &signaled_pts, signaled_list) {
		struct sync_fence *fence = pt->fence;

		list_del_init(&pt->signaled_list);
		sync_fence_signal_pt(pt);
		kref_put(&fence->kref, sync_fence_free);
	}
}
EXPORT_SYMBOL_GPL(sync_timeline_signal);

/**
 * sync_pt_create() - create a sync point
 * @parent:	the point's timeline; gains a reference
 * @size:	size to allocate: the driver's struct, which embeds a
 *		struct sync_pt as its first member
 *
 * Context: process context (allocates with GFP_KERNEL).
 * Return: the new point, owned by the caller until it is passed to
 * sync_fence_create(), or ERR_PTR(-EINVAL) on a bad @size, -ENOMEM.
 */
struct sync_pt *sync_pt_create(struct sync_timeline *parent, int size)
{
	struct sync_pt *pt;

	if (size < 0 || (size_t)size < sizeof(*pt))
		return ERR_PTR(-EINVAL);

	pt = kzalloc(size, GFP_KERNEL);
	if (!pt)
		return ERR_PTR(-ENOMEM);

	INIT_LIST_HEAD(&pt->active_list);
	INIT_LIST_HEAD(&pt->signaled_list);
	INIT_LIST_HEAD(&pt->pt_list);
	kref_get(&parent->kref);
	sync_timeline_add_pt(parent, pt);

	return pt;
}
EXPORT_SYMBOL_GPL(sync_pt_create);

/**
 * sync_pt_free() - free a sync point
 * @pt:		point to free
 *
 * Only for points that were created but not added to a fence (the fence
 * frees its own points). Drops the point's timeline reference.
 *
 * Context: any context that may take a spinlock with irqs disabled.
 */
void sync_pt_free(struct sync_pt *pt)
{
	struct sync_timeline *parent = pt->parent;

	if (parent->ops->free_pt)
		parent->ops->free_pt(pt);

	sync_timeline_remove_pt(pt);

	kfree(pt);
	kref_put(&parent->kref, sync_timeline_free);
}
EXPORT_SYMBOL_GPL(sync_pt_free);

/* Put @pt on the active list unless it already signaled. */
static void sync_pt_activate(struct sync_pt *pt)
{
	struct sync_timeline *obj = pt->parent;
	unsigned long flags;

	spin_lock_irqsave(&obj->active_list_lock, flags);
	if (!_sync_pt_has_signaled(pt))
		list_add_tail(&pt->active_list, &obj->active_list_head);
	spin_unlock_irqrestore(&obj->active_list_lock, flags);
}

/* A new fence with its file, or an ERR_PTR (-ENOMEM, anon_inode's error). */
static struct sync_fence *sync_fence_alloc(const char *name)
{
	struct sync_fence *fence;
	struct file *file;

	fence = kzalloc(sizeof(*fence), GFP_KERNEL);
	if (!fence)
		return ERR_PTR(-ENOMEM);

	kref_init(&fence->kref);
	strscpy(fence->name, name, sizeof(fence->name));
	INIT_LIST_HEAD(&fence->pt_list_head);
	INIT_LIST_HEAD(&fence->waiter_list_head);
	spin_lock_init(&fence->waiter_list_lock);
	init_waitqueue_head(&fence->wq);
	INIT_LIST_HEAD(&fence->sync_fence_list);

	/*
	 * Fix: anon_inode_getfile() returns an ERR_PTR, never NULL; its error
	 * (-ENFILE, -ENOMEM...) is passed on, not turned into -ENOMEM.
	 */
	file = anon_inode_getfile("sync_fence", &sync_fence_fops, fence, 0);
	if (IS_ERR(file)) {
		kfree(fence);
		return ERR_CAST(file);
	}
	fence->file = file;

	return fence;
}

/*
 * Undo sync_fence_alloc() plus whatever points were added: the file's
 * release frees the fence and its points.
 * Fix: the original kfree()d the fence and leaked its file.
 */
static void sync_fence_abort(struct sync_fence *fence)
{
	fput(fence->file);
}

/**
 * sync_fence_create() - create a sync fence from one point
 * @name:	name of the fence (truncated to 31 characters)
 * @pt:		point to put in the fence; the fence takes ownership of it
 *		on success
 *
 * Context: process context.
 * Return: the new fence (its file holds the only reference; install it
 * with sync_fence_install() or drop it with sync_fence_put()), or an
 * ERR_PTR: -EINVAL if @pt already belongs to a fence, -ENOMEM, or the error
 * of creating the fence's file (@pt then stays the caller's).
 */
struct sync_fence *sync_fence_create(const char *name, struct sync_pt *pt)
{
	struct sync_fence *fence;

	if (pt->fence)
		return ERR_PTR(-EINVAL);

	fence = sync_fence_alloc(name);
	if (IS_ERR(fence))
		return fence;

	pt->fence = fence;
	list_add(&pt->pt_list, &fence->pt_list_head);
	sync_pt_activate(pt);

	/* the point may have signaled before it was activated */
	sync_fence_signal_pt(pt);

	/* Fix: publish to debugfs only once the point list is complete */
	sync_debug_add(SYNC_DEBUG_FENCES, &fence->sync_fence_list);

	return fence;
}
EXPORT_SYMBOL_GPL(sync_fence_create);

/*
 * Duplicate @src for a merge. Fix: a point that has already signaled (or
 * failed) keeps its status and timestamp in the copy; asking has_signaled
 * again would, 2^31 counts later, see its value as in the future (the
 * 32-bit comparison is wrap-safe only within half the range).
 * Returns the copy or an ERR_PTR; a driver's dup that returns NULL (the
 * 2013 contract) is taken as -ENOMEM.
 */
static struct sync_pt *sync_pt_dup(struct sync_pt *src)
{
	struct sync_timeline *obj = src->parent;
	struct sync_pt *new_pt = obj->ops->dup(src);
	unsigned long flags;

	if (!new_pt)
		return ERR_PTR(-ENOMEM);
	if (IS_ERR(new_pt))
		return new_pt;
	spin_lock_irqsave(&obj->active_list_lock, flags);
	if (src->status) {
		new_pt->timestamp = src->timestamp;
		new_pt->status = src->status;
	}
	spin_unlock_irqrestore(&obj->active_list_lock, flags);
	return new_pt;
}

static int sync_fence_copy_pts(struct sync_fence *dst, struct sync_fence *src)
{
	struct sync_pt *orig_pt;

	list_for_each_entry(orig_pt, &src->pt_list_head, pt_list) {
		struct sync_pt *new_pt = sync_pt_dup(orig_pt);

		if (IS_ERR(new_pt))
			return PTR_ERR(new_pt);

		new_pt->fence = dst;
		list_add_tail(&new_pt->pt_list, &dst->pt_list_head);
	}

	return 0;
}

/*
 * Add the points of @src to @dst, collapsing two points on the same
 * timeline into one that signals at the later of the two (pairwise search,
 * as in 2013).
 */
static int sync_fence_merge_pts(struct sync_fence *dst, struct sync_fence *src)
{
	struct sync_pt *src_pt, *dst_pt, *new_pt;

	list_for_each_entry(src_pt, &src->pt_list_head, pt_list) {
		bool collapsed = false;

		list_for_each_entry(dst_pt, &dst->pt_list_head, pt_list) {
			struct sync_timeline *obj = dst_pt->parent;

			if (obj != src_pt->parent)
				continue;

			/*
			 * Fix: a point that has signaled never wins over one
			 * that has not: 2^31 counts later the wrap-safe
			 * compare would call it the later one. Also, compare's
			 * contract is a sign, not exactly -1.
			 */
			if (READ_ONCE(src_pt->status) == 1) {
				collapsed = true;
				break;
			}
			if (READ_ONCE(dst_pt->status) == 1 ||
			    obj->ops->compare(dst_pt, src_pt) < 0) {
				new_pt = sync_pt_dup(src_pt);
				if (IS_ERR(new_pt))
					return PTR_ERR(new_pt);

				new_pt->fence = dst;
				list_replace(&dst_pt->pt_list,
					     &new_pt->pt_list);
				sync_pt_free(dst_pt);
			}
			collapsed = true;
			break;
		}

		if (!collapsed) {
			new_pt = sync_pt_dup(src_pt);
			if (IS_ERR(new_pt))
				return PTR_ERR(new_pt);

			new_pt->fence = dst;
			list_add_tail(&new_pt->pt_list, &dst->pt_list_head);
		}
	}

	return 0;
}

/**
 * sync_fence_merge() - merge two fences
 * @name:	name of the new fence (truncated to 31 characters)
 * @a:		fence a
 * @b:		fence b
 *
 * Creates a new fence which contains copies of the points of both @a and
 * @b, one per timeline (the later one). @a and @b remain valid,
 * independent fences; either may be the same fence.
 *
 * Context: process context.
 * Return: the new fence, or an ERR_PTR: -ENOMEM, the error of creating the
 * fence's file, or that of the timeline driver's dup.
 */
struct sync_fence *sync_fence_merge(const char *name,
				    struct sync_fence *a, struct sync_fence *b)
{
	struct sync_fence *fence;
	struct sync_pt *pt;
	int err;

	fence = sync_fence_alloc(name);
	if (IS_ERR(fence))
		return fence;

	err = sync_fence_copy_pts(fence, a);
	if (!err)
		err = sync_fence_merge_pts(fence, b);
	if (err) {
		sync_fence_abort(fence);
		return ERR_PTR(err);
	}

	/*
	 * Activate only once the point list is final: a point signaled while
	 * the list is still being built must find a complete fence.
	 */
	list_for_each_entry(pt, &fence->pt_list_head, pt_list)
		sync_pt_activate(pt);

	/* some points may have signaled before they were activated */
	sync_fence_signal_pt(list_first_entry(&fence->pt_list_head,
					      struct sync_pt, pt_list));

	sync_debug_add(SYNC_DEBUG_FENCES, &fence->sync_fence_list);

	return fence;
}
EXPORT_SYMBOL_GPL(sync_fence_merge);

/* Unlink the points from their timelines so no signal can reach @fence. */
static void sync_fence_detach_pts(struct sync_fence *fence)
{
	struct sync_pt *pt;

	list_for_each_entry(pt, &fence->pt_list_head, pt_list)
		sync_timeline_remove_pt(pt);
}

static void sync_fence_free_pts(struct sync_fence *fence)
{
	struct sync_pt *pt, *next;

	list_for_each_entry_safe(pt, next, &fence->pt_list_head, pt_list)
		sync_pt_free(pt);
}

static void sync_fence_free(struct kref *kref)
{
	struct sync_fence *fence = container_of(kref, struct sync_fence, kref);

	sync_fence_free_pts(fence);
	kfree(fence);
}

void sync_fence_release_file(struct sync_fence *fence)
{
	/*
	 * Remove every way to reach the fence before dropping the file's
	 * reference: first the global list, then the timelines' lists.
	 */
	sync_debug_remove(SYNC_DEBUG_FENCES, &fence->sync_fence_list);
	sync_fence_detach_pts(fence);

	kref_put(&fence->kref, sync_fence_free);
}

/**
 * sync_fence_fdget() - get a fence from a file descriptor
 * @fd:		file descriptor referencing a fence
 *
 * Context: process context.
 * Return: the fence, with a reference on its file that the caller drops
 * with sync_fence_put(), or NULL if @fd is not a fence of this framework.
 */
struct sync_fence *sync_fence_fdget(int fd)
{
	struct file *file = fget(fd);

	if (!file)
		return NULL;

	if (file->f_op != &sync_fence_fops) {
		fput(file);
		return NULL;
	}

	return file->private_data;
}
EXPORT_SYMBOL_GPL(sync_fence_fdget);

/**
 * sync_fence_put() - put a reference on a sync fence
 * @fence:	fence to put
 *
 * Puts a reference on the fence's file. With the last one, the fence and
 * all its points are freed.
 *
 * Context: process context.
 */
void sync_fence_put(struct sync_fence *fence)
{
	fput(fence->file);
}
EXPORT_SYMBOL_GPL(sync_fence_put);

/**
 * sync_fence_install() - install a fence into a file descriptor
 * @fence:	fence to install
 * @fd:		file descriptor from get_unused_fd_flags()
 *
 * Transfers the caller's reference on the fence's file to @fd.
 *
 * Context: process context.
 */
void sync_fence_install(struct sync_fence *fence, int fd)
{
	fd_install(fd, fence->file);
}
EXPORT_SYMBOL_GPL(sync_fence_install);

int sync_fence_pts_status(struct sync_fence *fence)
{
	struct sync_pt *pt;
	int status = 1;

	list_for_each_entry(pt, &fence->pt_list_head, pt_list) {
		int pt_status = READ_ONCE(pt->status);

		if (pt_status < 0)
			return pt_status;
		if (pt_status == 0)
			status = 0;
	}

	return status;
}

static void sync_fence_signal_pt(struct sync_pt *pt)
{
	LIST_HEAD(signaled_waiters);
	struct sync_fence *fence = pt->fence;
	struct sync_fence_waiter *waiter, *next;
	unsigned long flags;
	int status;

	spin_lock_irqsave(&fence->waiter_list_lock, flags);
	/*
	 * Fix: the status is computed under the waiter lock. Computed before
	 * it (as in 2013), two timelines signaling the last two points of one
	 * fence could each miss the other's store and neither signal it.
	 * The lock also orders the false -> true transition between racers.
	 */
	status = sync_fence_pts_status(fence);
	if (status && !fence->status) {
		list_splice_init(&fence->waiter_list_head, &signaled_waiters);
		/* pairs with sync_fence_get_status() of waiters and poll */
		smp_store_release(&fence->status, status);
	} else {
		status = 0;
	}
	spin_unlock_irqrestore(&fence->waiter_list_lock, flags);

	if (!status)
		return;

	list_for_each_entry_safe(waiter, next, &signaled_waiters,
				 waiter_list) {
		list_del_init(&waiter->waiter_list);
		/* the callback may free @waiter */
		waiter->callback(fence, waiter);
	}
	wake_up_all(&fence->wq);
}

/**
 * sync_fence_wait_async() - register an asynchronous wait on a fence
 * @fence:	fence to wait on
 * @waiter:	waiter set up with sync_fence_waiter_init(); owned by the
 *		caller
 *
 * Registers @waiter->callback to be called once @fence signals or hits an
 * error; the callback may run in atomic context.
 *
 * Context: any context that may take a spinlock with irqs disabled.
 * Return: 0 if the waiter was queued, or the fence's status (1 signaled,
 * <0 error) if it is already final; the callback is then not called.
 */
int sync_fence_wait_async(struct sync_fence *fence,
			  struct sync_fence_waiter *waiter)
{
	unsigned long flags;
	int err = 0;

	spin_lock_irqsave(&fence->waiter_list_lock, flags);
	if (fence->status)
		err = fence->status;
	else
		list_add_tail(&waiter->waiter_list, &fence->waiter_list_head);
	spin_unlock_irqrestore(&fence->waiter_list_lock, flags);

	return err;
}
EXPORT_SYMBOL_GPL(sync_fence_wait_async);

/**
 * sync_fence_cancel_async() - cancel an asynchronous wait
 * @fence:	fence the waiter was queued on
 * @waiter:	waiter from sync_fence_wait_async()
 *
 * Context: any context that may take a spinlock with irqs disabled.
 * Return: 0 if @waiter was removed (its callback will not be called), or
 * -ENOENT if it is no longer queued: the callback has run or is about to
 * run, so the caller must not free @waiter before it has.
 */
int sync_fence_cancel_async(struct sync_fence *fence,
			    struct sync_fence_waiter *waiter)
{
	struct sync_fence_waiter *w;
	unsigned long flags;
	int ret = -ENOENT;

	spin_lock_irqsave(&fence->waiter_list_lock, flags);
	/* the signal path may have moved it off the list already */
	list_for_each_entry(w, &fence->waiter_list_head, waiter_list) {
		if (w == waiter) {
			list_del_init(&waiter->waiter_list);
			ret = 0;
			break;
		}
	}
	spin_unlock_irqrestore(&fence->waiter_list_lock, flags);

	return ret;
}
EXPORT_SYMBOL_GPL(sync_fence_cancel_async);

static bool sync_fence_check(struct sync_fence *fence)
{
	/* order the status read against the wait queue (see signal_pt) */
	return sync_fence_get_status(fence) != 0;
}

/**
 * sync_fence_wait() - wait for a fence, with poll() timeout semantics
 * @fence:	fence to wait on
 * @timeout:	in milliseconds: <0 waits forever, 0 checks and returns at
 *		once, >0 waits at most that long
 *
 * A wait that times out (not with @timeout 0) and a fence error dump the
 * sync state to the kernel log.
 *
 * Context: process context; sleeps interruptibly.
 * Return: 0 once signaled, -ETIME if still active when the timeout
 * expired, the fence's error if it has one, -ERESTARTSYS on a signal.
 */
int sync_fence_wait(struct sync_fence *fence, long timeout)
{
	struct sync_pt *pt;
	long ret = 0;
	int status;

	trace_sync_wait(fence, 1);
	list_for_each_entry(pt, &fence->pt_list_head, pt_list)
		trace_sync_pt(pt);

	if (timeout > 0)
		ret = wait_event_interruptible_timeout(fence->wq,
						       sync_fence_check(fence),
						       msecs_to_jiffies(timeout));
	else if (timeout < 0)
		ret = wait_event_interruptible(fence->wq,
					       sync_fence_check(fence));

	trace_sync_wait(fence, 0);

	if (ret < 0)
		return ret;

	status = sync_fence_get_status(fence);
	if (status < 0) {
		pr_info("fence error %d on [%s]\n", status, fence->name);
		sync_dump();
		return status;
	}

	if (status == 0) {
		if (timeout > 0) {
			pr_info("fence timeout on [%s] after %ldms\n",
				fence->name, timeout);
			sync_dump();
		}
		return -ETIME;
	}

	return 0;
}
EXPORT_SYMBOL_GPL(sync_fence_wait);

static int __init sync_legacy_init(void)
{
	return sync_debug_init();
}

static void __exit sync_legacy_exit(void)
{
	sync_debug_exit();
}

module_init(sync_legacy_init);
module_exit(sync_legacy_exit);

MODULE_DESCRIPTION("Port of the 2013 Android sync framework (fencebench legacy backend)");
MODULE_LICENSE("GPL");
