// SPDX-License-Identifier: GPL-2.0
/*
 * sync_dma_fence.c - fences (anon-inode files holding dma_fences): create,
 * merge, status, waits and async waiters. Port of the fence half of the
 * 2013 Android sync framework (staging sync.c, Linux 3.10) to dma_fence.
 *
 * A fence holds one dma_fence reference per context, sorted by context;
 * merging is a sorted merge keeping, of a shared context, the point that
 * has not signaled, or else the later one (sync_dma_pt_keep()).
 * Its status follows the original: an error as soon as one point fails,
 * signaled once all points signaled, else active.
 *
 * Locking: async waiters and poll()ers share fence->wq; its lock nests
 * inside the timeline locks, since point callbacks run under the point's
 * dma_fence lock and wake the queue. A one-point fence's status is its
 * point's, as a sync_file's; a merged fence's is set once, with cmpxchg(),
 * by its point callbacks. The status is final before the queue is woken,
 * and a waiter is queued only after reading it under the queue's lock
 * (sync_dma_fence_wait_async()), so no waiter is missed. Point callbacks
 * are installed lazily, once (the first poll, multi-point wait or async
 * waiter: "arming"), and removed at release before anything is freed.
 * Fence references are file references.
 */
#include <linux/anon_inodes.h>
#include <linux/dma-fence-unwrap.h>
#include <linux/err.h>
#include <linux/export.h>
#include <linux/file.h>
#include <linux/jiffies.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/poll.h>
#include <linux/sched/signal.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/string.h>

#include "sync_dma_internal.h"
#include "sync_dma_trace.h"

LIST_HEAD(sync_dma_fence_list);
DEFINE_SPINLOCK(sync_dma_fence_list_lock);

/*
 * Always inlined: a one-point fence's size is then a constant, and
 * kzalloc() picks its slab cache at compile time instead of __kmalloc()
 * looking it up for every create.
 */
static __always_inline struct sync_dma_fence *
sync_dma_fence_alloc(const char *name, unsigned int n)
{
	struct sync_dma_fence *fence;

	fence = kzalloc(struct_size(fence, cbs, n), GFP_KERNEL);
	if (!fence)
		return ERR_PTR(-ENOMEM);
	strscpy(fence->name, name, sizeof(fence->name));
	init_waitqueue_head(&fence->wq);
	INIT_LIST_HEAD(&fence->node);
	return fence;
}

/**
 * sync_dma_fence_free() - free a fence that has no file or whose file is
 * being released
 * @fence:	the fence
 *
 * Removes the point callbacks (waiting out one in flight, since they run
 * under the point lock), then drops the point references. Process context.
 */
void sync_dma_fence_free(struct sync_dma_fence *fence)
{
	unsigned int i;

	if (!list_empty(&fence->node)) {
		spin_lock(&sync_dma_fence_list_lock);
		list_del(&fence->node);
		spin_unlock(&sync_dma_fence_list_lock);
	}
	if (test_bit(SYNC_DMA_FENCE_ARMED, &fence->flags))
		for (i = 0; i < fence->num_pts; i++)
			dma_fence_remove_callback(fence->cbs[i].pt,
						  &fence->cbs[i].cb);
	/* Any waiter still queued would belong to a holder of a reference. */
	WARN_ON(waitqueue_active(&fence->wq));
	for (i = 0; i < fence->num_pts; i++)
		dma_fence_put(fence->cbs[i].pt);
	kfree(fence);
}

static int sync_dma_cb_cmp(const void *pa, const void *pb)
{
	const struct sync_dma_fence_cb *a = pa, *b = pb;

	if (a->pt->context != b->pt->context)
		return a->pt->context < b->pt->context ? -1 : 1;
	/* Later point first, so deduplication keeps the first. */
	if (sync_dma_pt_is_later(a->pt, b->pt))
		return -1;
	if (sync_dma_pt_is_later(b->pt, a->pt))
		return 1;
	return 0;
}

/**
 * sync_dma_fence_build() - a file-less fence over any dma_fence
 * @name:	name of the fence
 * @f:		the fence; containers (array, chain) are unwrapped
 *
 * Takes its own references; of several fences of one context it keeps
 * one (sync_dma_pt_keep()). Process context.
 *
 * Return: the fence (attach a file or sync_dma_fence_free() it), or
 * ERR_PTR(-ENOMEM).
 */
struct sync_dma_fence *sync_dma_fence_build(const char *name,
					    struct dma_fence *f)
{
	struct dma_fence_unwrap iter;
	struct sync_dma_fence *fence;
	unsigned int n = 0, i = 0, j;
	struct dma_fence *t;

	if (!dma_fence_is_container(f)) {
		/* the common case: one point, nothing to sort */
		fence = sync_dma_fence_alloc(name, 1);
		if (IS_ERR(fence))
			return fence;
		fence->cbs[0].pt = dma_fence_get(f);
		fence->num_pts = 1;
		return fence;
	}
	dma_fence_unwrap_for_each(t, &iter, f)
		n++;
	fence = sync_dma_fence_alloc(name, max(n, 1u));
	if (IS_ERR(fence))
		return fence;
	dma_fence_unwrap_for_each(t, &iter, f) {
		if (i == n)
			break;
		fence->cbs[i++].pt = dma_fence_get(t);
	}
	if (!i) {
		/* A container whose every fence already signaled. */
		fence->cbs[i++].pt = dma_fence_get_stub();
	}
	if (i > 1)
		sort(fence->cbs, i, sizeof(fence->cbs[0]), sync_dma_cb_cmp,
		     NULL);
	for (j = 0, n = 1; n < i; n++) {
		struct dma_fence *kept = fence->cbs[j].pt, *t = fence->cbs[n].pt;

		if (t->context != kept->context) {
			fence->cbs[++j].pt = t;
			continue;
		}
		fence->cbs[j].pt = sync_dma_pt_keep(kept, t);
		dma_fence_put(fence->cbs[j].pt == kept ? t : kept);
	}
	fence->num_pts = j + 1;
	return fence;
}

/* Of @a and @b, both sorted by context: the context order of a and b heads. */
static int sync_dma_merge_step(struct sync_dma_fence *a, unsigned int i,
			       struct sync_dma_fence *b, unsigned int j)
{
	if (i == a->num_pts)
		return 1;
	if (j == b->num_pts)
		return -1;
	if (a->cbs[i].pt->context == b->cbs[j].pt->context)
		return 0;
	return a->cbs[i].pt->context < b->cbs[j].pt->context ? -1 : 1;
}

/**
 * sync_dma_fence_merge_two() - a file-less fence with the points of two
 * @name:	name of the new fence
 * @a:		first fence
 * @b:		second fence (may be @a)
 *
 * One point per context; where both have it, the one that has not
 * signaled, else the later one (sync_dma_pt_keep()): the merge does not
 * signal while an input is pending. A linear sorted merge. Process context.
 *
 * Return: the fence, or ERR_PTR(-ENOMEM).
 */
struct sync_dma_fence *sync_dma_fence_merge_two(const char *name,
						struct sync_dma_fence *a,
						struct sync_dma_fence *b)
{
	struct sync_dma_fence *fence;
	unsigned int i, j, n;
	int step;

	if (a == b) {
		fence = sync_dma_fence_alloc(name, a->num_pts);
		if (IS_ERR(fence))
			return fence;
		for (i = 0; i < a->num_pts; i++)
			fence->cbs[i].pt = dma_fence_get(a->cbs[i].pt);
		fence->num_pts = a->num_pts;
		return fence;
	}

	for (i = j = n = 0; i < a->num_pts || j < b->num_pts; n++) {
		step = sync_dma_merge_step(a, i, b, j);
		i += step <= 0;
		j += step >= 0;
	}
	fence = sync_dma_fence_alloc(name, n);
	if (IS_ERR(fence))
		return fence;
	for (i = j = n = 0; i < a->num_pts || j < b->num_pts; n++) {
		struct dma_fence *pick;

		step = sync_dma_merge_step(a, i, b, j);
		if (step < 0)
			pick = a->cbs[i].pt;
		else if (step > 0)
			pick = b->cbs[j].pt;
		else
			pick = sync_dma_pt_keep(a->cbs[i].pt, b->cbs[j].pt);
		fence->cbs[n].pt = dma_fence_get(pick);
		i += step <= 0;
		j += step >= 0;
	}
	fence->num_pts = n;
	return fence;
}

/**
 * sync_dma_fence_attach_file() - give a built fence its file
 * @fence:	the fence
 *
 * On success the file owns the fence (its release frees it) and the fence
 * appears in the debugfs dump; on failure the caller still owns it.
 *
 * Return: 0 or a negative errno.
 */
static int sync_dma_fence_attach_file(struct sync_dma_fence *fence)
{
	struct file *file;

	file = anon_inode_getfile("sync_dma_fence", &sync_dma_fence_fops,
				  fence, 0);
	if (IS_ERR(file))
		return PTR_ERR(file);
	fence->file = file;

	spin_lock(&sync_dma_fence_list_lock);
	list_add_tail(&fence->node, &sync_dma_fence_list);
	spin_unlock(&sync_dma_fence_list_lock);
	return 0;
}

/*
 * Attach the file of a built fence (or pass on the ERR_PTR that building
 * it gave): the fence, or an ERR_PTR; the fence is freed on failure.
 */
struct sync_dma_fence *sync_dma_fence_finish(struct sync_dma_fence *fence)
{
	int err;

	if (IS_ERR(fence))
		return fence;
	err = sync_dma_fence_attach_file(fence);
	if (err) {
		sync_dma_fence_free(fence);
		return ERR_PTR(err);
	}
	return fence;
}

/**
 * sync_dma_fence_create() - create a fence over a dma_fence
 * @name:	name of the fence (truncated to SYNC_DMA_NAME_LEN - 1)
 * @f:		usually a point from sync_dma_pt_create(), but any dma_fence
 *		will do (containers are unwrapped)
 *
 * The fence takes its own references; the caller keeps its reference on
 * @f. Process context.
 *
 * Return: the fence (install it with sync_dma_fence_install() or drop it
 * with sync_dma_fence_put()), or an ERR_PTR: -ENOMEM or the error of
 * creating its file (e.g. -ENFILE).
 */
struct sync_dma_fence *sync_dma_fence_create(const char *name,
					     struct dma_fence *f)
{
	return sync_dma_fence_finish(sync_dma_fence_build(name, f));
}
EXPORT_SYMBOL_GPL(sync_dma_fence_create);

/**
 * sync_dma_fence_merge() - merge two fences
 * @name:	name of the new fence
 * @a:		a fence
 * @b:		another fence, or @a again
 *
 * The new fence holds one point per context of @a and @b; where both have
 * the context, the one that has not signaled, else the later one. @a and
 * @b are not changed. Process context.
 *
 * Return: the new fence, or an ERR_PTR as sync_dma_fence_create().
 */
struct sync_dma_fence *sync_dma_fence_merge(const char *name,
					    struct sync_dma_fence *a,
					    struct sync_dma_fence *b)
{
	return sync_dma_fence_finish(sync_dma_fence_merge_two(name, a, b));
}
EXPORT_SYMBOL_GPL(sync_dma_fence_merge);

/**
 * sync_dma_fence_merge_dma_nofile() - file-less merge with any dma_fence
 * @name:	name of the new fence
 * @a:		a fence
 * @f:		a dma_fence; containers are unwrapped
 *
 * Process context.
 *
 * Return: the fence (attach a file or sync_dma_fence_free() it), or
 * ERR_PTR(-ENOMEM).
 */
struct sync_dma_fence *sync_dma_fence_merge_dma_nofile(const char *name,
						       struct sync_dma_fence *a,
						       struct dma_fence *f)
{
	struct sync_dma_fence *tmp, *fence;

	tmp = sync_dma_fence_build(name, f);
	if (IS_ERR(tmp))
		return tmp;
	fence = sync_dma_fence_merge_two(name, a, tmp);
	sync_dma_fence_free(tmp);
	return fence;
}

/**
 * sync_dma_fence_merge_dma() - merge a fence with any dma_fence
 * @name:	name of the new fence
 * @a:		a fence
 * @f:		a dma_fence, e.g. of a mainline sync_file; containers are
 *		unwrapped
 *
 * As sync_dma_fence_merge(). Process context.
 *
 * Return: the new fence, or an ERR_PTR as sync_dma_fence_create().
 */
struct sync_dma_fence *sync_dma_fence_merge_dma(const char *name,
						struct sync_dma_fence *a,
						struct dma_fence *f)
{
	return sync_dma_fence_finish(sync_dma_fence_merge_dma_nofile(name, a, f));
}
EXPORT_SYMBOL_GPL(sync_dma_fence_merge_dma);

/**
 * sync_dma_fence_fdget() - get a fence from a file descriptor
 * @fd:	a file descriptor
 *
 * A lookup, not a creation: as fget() and sync_file_get_fence(), it
 * returns NULL for an fd that is no sync_dma fence.
 *
 * Return: the fence with a new reference, or NULL if @fd is not a
 * sync_dma fence.
 */
struct sync_dma_fence *sync_dma_fence_fdget(int fd)
{
	struct file *file = fget(fd);

	if (!file)
		return NULL;
	if (file->f_op != &sync_dma_fence_fops) {
		fput(file);
		return NULL;
	}
	return file->private_data;
}
EXPORT_SYMBOL_GPL(sync_dma_fence_fdget);

/**
 * sync_dma_fence_put() - drop a reference to a fence
 * @fence:	the fence
 *
 * The last reference frees the fence and drops its points. Any context
 * (fput defers the release).
 */
void sync_dma_fence_put(struct sync_dma_fence *fence)
{
	fput(fence->file);
}
EXPORT_SYMBOL_GPL(sync_dma_fence_put);

/**
 * sync_dma_fence_install() - install a fence into a reserved descriptor
 * @fence:	the fence; the descriptor takes over the caller's reference
 * @fd:		from get_unused_fd_flags()
 */
void sync_dma_fence_install(struct sync_dma_fence *fence, int fd)
{
	fd_install(fd, fence->file);
}
EXPORT_SYMBOL_GPL(sync_dma_fence_install);

/*
 * The status just became final: wake poll()ers and async waiters, which
 * sync_dma_fence_waiter_wake() unlinks and calls back, under fence->wq.lock.
 * Any context.
 */
static void sync_dma_fence_wake(struct sync_dma_fence *fence)
{
	wake_up_all(&fence->wq);
}

/* A merged fence: set the final status once (the first one wins), wake. */
static void sync_dma_fence_signal(struct sync_dma_fence *fence, int status)
{
	if (!cmpxchg(&fence->status, 0, status))
		sync_dma_fence_wake(fence);
}

/* One point of a merged fence signaled (its error, if any, is set). */
static void sync_dma_fence_pt_done(struct sync_dma_fence *fence,
				   struct dma_fence *pt)
{
	int error = READ_ONCE(pt->error);

	if (error)
		sync_dma_fence_signal(fence, error);
	else if (atomic_dec_and_test(&fence->pending))
		sync_dma_fence_signal(fence, 1);
}

/* dma_fence callbacks: run under the point's lock, atomic context. */
static void sync_dma_fence_pt_cb(struct dma_fence *pt, struct dma_fence_cb *cb)
{
	struct sync_dma_fence_cb *fcb =
		container_of(cb, struct sync_dma_fence_cb, cb);

	lockdep_assert_held(pt->lock);
	sync_dma_fence_pt_done(fcb->fence, pt);
}

/* A one-point fence's status is its point's: only wake (as sync_file). */
static void sync_dma_fence_one_cb(struct dma_fence *pt, struct dma_fence_cb *cb)
{
	/* The only callback of the fence: cbs[0], at a fixed offset. */
	struct sync_dma_fence *fence =
		container_of(cb, struct sync_dma_fence, cbs[0].cb);

	lockdep_assert_held(pt->lock);
	sync_dma_fence_wake(fence);
}

/*
 * sync_dma_fence_read_status(), inlined where every wake-up passes: poll()
 * and the async waiter queueing.
 */
static __always_inline int sync_dma_fence_peek(struct sync_dma_fence *fence)
{
	struct dma_fence *pt = fence->cbs[0].pt;

	if (fence->num_pts > 1)
		return READ_ONCE(fence->status);
	if (!test_bit_acquire(DMA_FENCE_FLAG_SIGNALED_BIT, &pt->flags))
		return 0;
	return READ_ONCE(pt->error) ?: 1;
}

/**
 * sync_dma_fence_read_status() - the status as known, without asking
 * @fence:	the fence
 *
 * A one-point fence's is its point's (signaled, with its error if any), a
 * merged fence's the one its point callbacks set. Any context.
 *
 * Return: 1 signaled, 0 active, <0 the error of a failed point.
 */
int sync_dma_fence_read_status(struct sync_dma_fence *fence)
{
	return sync_dma_fence_peek(fence);
}
EXPORT_SYMBOL_GPL(sync_dma_fence_read_status);

/*
 * Install the point callbacks, once per fence. A caller that finds them
 * being installed by another thread returns at once: that thread completes
 * the job (and handles points that had already signaled), so status still
 * becomes final and the waiters and wait queue are woken.
 */
static noinline void sync_dma_fence_arm_once(struct sync_dma_fence *fence)
{
	unsigned int i;

	if (test_and_set_bit(SYNC_DMA_FENCE_ARMED, &fence->flags))
		return;
	if (fence->num_pts == 1) {
		if (dma_fence_add_callback(fence->cbs[0].pt, &fence->cbs[0].cb,
					   sync_dma_fence_one_cb))
			sync_dma_fence_wake(fence);
		return;
	}
	atomic_set(&fence->pending, fence->num_pts);
	for (i = 0; i < fence->num_pts; i++) {
		struct sync_dma_fence_cb *fcb = &fence->cbs[i];

		fcb->fence = fence;
		if (dma_fence_add_callback(fcb->pt, &fcb->cb,
					   sync_dma_fence_pt_cb))
			sync_dma_fence_pt_done(fence, fcb->pt);
	}
}

/* Armed once per fence, then every poll() finds the bit set: inlined. */
static __always_inline void sync_dma_fence_arm(struct sync_dma_fence *fence)
{
	if (!test_bit(SYNC_DMA_FENCE_ARMED, &fence->flags))
		sync_dma_fence_arm_once(fence);
}

/**
 * sync_dma_fence_status() - current status of a fence
 * @fence:	the fence
 *
 * Asks the points (dma_fence_get_status(), which may signal them) unless
 * the status is already final. Process context.
 *
 * Return: 1 signaled, 0 active, <0 the error of a failed point.
 */
int sync_dma_fence_status(struct sync_dma_fence *fence)
{
	int status;
	unsigned int i;

	/* A final status is read without the point locks. */
	status = sync_dma_fence_peek(fence);
	if (status)
		return status;
	if (fence->num_pts == 1)
		return dma_fence_get_status(fence->cbs[0].pt);
	status = 1;
	for (i = 0; i < fence->num_pts; i++) {
		int s = dma_fence_get_status(fence->cbs[i].pt);

		if (s < 0) {
			status = s;
			break;
		}
		if (!s)
			status = 0;
	}
	if (status)
		sync_dma_fence_signal(fence, status);
	return READ_ONCE(fence->status);
}
EXPORT_SYMBOL_GPL(sync_dma_fence_status);

/*
 * The wait queue function of an async waiter: runs under fence->wq.lock,
 * from the wake-up of a fence whose status is final. Unlinks the waiter,
 * so that the callback may free it, and calls back.
 */
static int sync_dma_fence_waiter_wake(struct wait_queue_entry *work,
				      unsigned int mode, int flags, void *key)
{
	struct sync_dma_fence_waiter *waiter =
		container_of(work, struct sync_dma_fence_waiter, work);

	list_del_init(&work->entry);
	waiter->callback(work->private, waiter);
	return 1;
}

/**
 * sync_dma_fence_waiter_of() - the async waiter behind a wait queue entry
 * @work:	an entry on a fence's wait queue (its lock held)
 *
 * Return: the waiter, or NULL for another entry (a poll()er).
 */
struct sync_dma_fence_waiter *
sync_dma_fence_waiter_of(struct wait_queue_entry *work)
{
	if (work->func != sync_dma_fence_waiter_wake)
		return NULL;
	return container_of(work, struct sync_dma_fence_waiter, work);
}

/**
 * sync_dma_fence_waiter_init() - prepare an async waiter
 * @waiter:	the waiter
 * @callback:	called when the fence signals, see sync_dma_fence_func_t
 */
void sync_dma_fence_waiter_init(struct sync_dma_fence_waiter *waiter,
				sync_dma_fence_func_t callback)
{
	init_waitqueue_func_entry(&waiter->work, sync_dma_fence_waiter_wake);
	INIT_LIST_HEAD(&waiter->work.entry);
	waiter->callback = callback;
}
EXPORT_SYMBOL_GPL(sync_dma_fence_waiter_init);

/**
 * sync_dma_fence_wait_async() - call back when a fence signals
 * @fence:	the fence
 * @waiter:	initialised with sync_dma_fence_waiter_init(), not queued;
 *		must stay valid until called back or cancelled
 *
 * Process context.
 *
 * Return: 0 if queued, else the final status (1 or the error) of a fence
 * that already signaled, in which case @callback will not be called.
 */
int sync_dma_fence_wait_async(struct sync_dma_fence *fence,
			      struct sync_dma_fence_waiter *waiter)
{
	unsigned long flags;
	int status;

	sync_dma_fence_arm(fence);
	/*
	 * The status is final before the wake-up takes this lock: if it was
	 * not final here, the wake-up comes later and finds the waiter.
	 */
	spin_lock_irqsave(&fence->wq.lock, flags);
	status = sync_dma_fence_peek(fence);
	if (!status) {
		waiter->work.private = fence;
		__add_wait_queue_entry_tail(&fence->wq, &waiter->work);
	}
	spin_unlock_irqrestore(&fence->wq.lock, flags);
	return status;
}
EXPORT_SYMBOL_GPL(sync_dma_fence_wait_async);

/**
 * sync_dma_fence_cancel_async() - cancel an async waiter
 * @fence:	the fence
 * @waiter:	queued by sync_dma_fence_wait_async()
 *
 * After return the callback is not running and will not run.
 *
 * Return: 0 if cancelled before the callback, -ENOENT if it was called.
 */
int sync_dma_fence_cancel_async(struct sync_dma_fence *fence,
				struct sync_dma_fence_waiter *waiter)
{
	unsigned long flags;
	int ret = -ENOENT;

	/* The callback runs under this lock: before it, or after it ended. */
	spin_lock_irqsave(&fence->wq.lock, flags);
	if (!list_empty(&waiter->work.entry)) {
		list_del_init(&waiter->work.entry);
		ret = 0;
	}
	spin_unlock_irqrestore(&fence->wq.lock, flags);
	return ret;
}
EXPORT_SYMBOL_GPL(sync_dma_fence_cancel_async);

struct sync_dma_sleeper {
	struct sync_dma_fence_waiter waiter;
	struct task_struct *task;
};

static void sync_dma_sleeper_wake(struct sync_dma_fence *fence,
				  struct sync_dma_fence_waiter *waiter)
{
	wake_up_process(container_of(waiter, struct sync_dma_sleeper,
				     waiter)->task);
}

/* Several points: sleep on an async waiter (early error wakes us too). */
static int sync_dma_fence_wait_multi(struct sync_dma_fence *fence, long t)
{
	struct sync_dma_sleeper s = { .task = current };
	int status;

	sync_dma_fence_waiter_init(&s.waiter, sync_dma_sleeper_wake);
	status = sync_dma_fence_wait_async(fence, &s.waiter);
	if (status)
		return status;
	for (;;) {
		set_current_state(TASK_INTERRUPTIBLE);
		status = READ_ONCE(fence->status);
		if (status || !t)
			break;
		if (signal_pending(current)) {
			status = -ERESTARTSYS;
			break;
		}
		t = schedule_timeout(t);
	}
	__set_current_state(TASK_RUNNING);
	sync_dma_fence_cancel_async(fence, &s.waiter);
	return status;
}

/**
 * sync_dma_fence_wait() - wait for a fence, with poll()'s timeout rules
 * @fence:	the fence
 * @timeout_ms:	<0 waits forever, 0 checks and returns at once, >0 waits
 *		at most that many milliseconds
 *
 * Interruptible. A single point is waited for with dma_fence_wait_timeout();
 * several through the point callbacks, waking early when a point fails.
 * Process context.
 *
 * Return: 0 signaled, -ETIME if still active at the timeout, the error of a
 * failed point, or -ERESTARTSYS on a signal.
 */
int sync_dma_fence_wait(struct sync_dma_fence *fence, long timeout_ms)
{
	long t = timeout_ms < 0 ? MAX_SCHEDULE_TIMEOUT :
				  (long)msecs_to_jiffies(timeout_ms);
	unsigned int i;
	int status;

	trace_sync_wait(fence, 1);
	for (i = 0; i < fence->num_pts; i++)
		trace_sync_pt(fence->cbs[i].pt);

	if (!timeout_ms) {
		status = sync_dma_fence_status(fence);
	} else if (fence->num_pts == 1) {
		t = dma_fence_wait_timeout(fence->cbs[0].pt, true, t);
		status = t < 0 ? (int)t : sync_dma_fence_status(fence);
	} else {
		status = sync_dma_fence_wait_multi(fence, t);
	}

	trace_sync_wait(fence, 0);
	if (status > 0)
		return 0;
	return status ? status : -ETIME;
}
EXPORT_SYMBOL_GPL(sync_dma_fence_wait);

static int sync_dma_fence_release(struct inode *inode, struct file *file)
{
	sync_dma_fence_free(file->private_data);
	return 0;
}

/*
 * What poll() reports for a fence that failed (a point signaled with an
 * error): EPOLLIN by default, as mainline's sync_file_poll() (an
 * error-signaled fence is signaled; the error is in the fence info, and
 * the WAIT ioctl returns it), or EPOLLERR as the 2013 framework did (seed
 * 007). The same parameter exists on sync_legacy, with the other default.
 */
static bool poll_err;
module_param(poll_err, bool, 0644);
MODULE_PARM_DESC(poll_err,
		 "poll() on a fence signaled with an error: N reports POLLIN (mainline sync_file, default), Y reports POLLERR (2013 framework)");

/*
 * POLLIN once signaled; once failed, POLLIN or POLLERR (poll_err). A final
 * status never changes, so a fence found final needs no arming: epoll's
 * every report of a signaled fence costs one status read.
 */
static __poll_t sync_dma_fence_poll(struct file *file, poll_table *wait)
{
	struct sync_dma_fence *fence = file->private_data;
	int status;

	poll_wait(file, &fence->wq, wait);
	status = sync_dma_fence_peek(fence);
	if (!status) {
		sync_dma_fence_arm(fence);
		status = sync_dma_fence_peek(fence);
	}
	if (status > 0)
		return EPOLLIN;
	if (status < 0)
		return READ_ONCE(poll_err) ? EPOLLERR : EPOLLIN;
	return 0;
}

const struct file_operations sync_dma_fence_fops = {
	.owner = THIS_MODULE,
	.release = sync_dma_fence_release,
	.poll = sync_dma_fence_poll,
	.unlocked_ioctl = sync_dma_fence_ioctl,
	.compat_ioctl = compat_ptr_ioctl,
};
