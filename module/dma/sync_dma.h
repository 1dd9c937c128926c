/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sync_dma.h - the Android sync framework rebuilt on struct dma_fence: API.
 *
 * The 2013 staging sync framework (drivers/staging/android/sync.h, Linux
 * 3.10) with every sync point a struct dma_fence:
 *
 *  - a timeline (struct sync_dma_timeline) is one dma_fence context with its
 *    own spinlock, which is also the lock of all its points. Its value is a
 *    32-bit counter seen by user space; internally it is kept as a 64-bit
 *    count that does not wrap, so ordering and signalling are exact: an
 *    increment that would pass SYNC_DMA_COUNT_MAX (about 2^32 increments
 *    of 2^32 - 1) fails with -EOVERFLOW and changes nothing.
 *  - a point is a dma_fence of that context whose seqno is the 32-bit value
 *    it signals at (struct sync_dma_pt, private to the framework).
 *  - a fence (struct sync_dma_fence) is an anon-inode file holding dma_fence
 *    references, one per context, sorted by context. Any dma_fence may be
 *    held, so mainline sync_file fences can be imported and merged.
 *
 * Lifetime: a timeline is refcounted; its creator holds one reference
 * (dropped by sync_dma_timeline_destroy()) and every point holds one, so the
 * timeline lives until its last point is released, and its memory one RCU
 * grace period longer: a point is freed after a grace period
 * (dma_fence_free()), so an RCU reader may still follow a dead point's
 * fence->lock or ops into its timeline (dma_fence_get_rcu_safe(), a
 * dma_resv walk, dma_fence_timeline_name()-style readers). A timeline pins
 * this module and the module of its ops (ops->owner) until that grace
 * period is over: rmmod is refused while any fence fd, exported sync_file
 * or dma_fence reference to a point exists, and the module's exit waits
 * for the last frees (rcu_barrier()).
 */
#ifndef _SYNC_DMA_H
#define _SYNC_DMA_H

#include <linux/bits.h>
#include <linux/dma-fence.h>
#include <linux/kref.h>
#include <linux/ktime.h>
#include <linux/limits.h>
#include <linux/list.h>
#include <linux/rbtree.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/wait.h>

#define SYNC_DMA_NAME_LEN	32

/* A timeline's 64-bit count starts here (a point just behind stays >= 0). */
#define SYNC_DMA_COUNT_BASE	BIT_ULL(32)
/*
 * The highest count an increment may reach: a point is created at most
 * U32_MAX counts ahead, so every target fits in 64 bits. Counting from
 * SYNC_DMA_COUNT_BASE it takes about 2^32 increments of U32_MAX each (or
 * 2^64 of one) to get here; sync_dma_timeline_inc() then refuses.
 */
#define SYNC_DMA_COUNT_MAX	(U64_MAX - U32_MAX)

struct module;
struct sync_dma_fence;
struct sync_dma_fence_waiter;
struct sync_dma_timeline;

/**
 * struct sync_dma_timeline_ops - what a timeline driver provides
 * @owner:		module of the driver; pinned while the timeline lives
 * @driver_name:	name of the driver (debugfs, fence info)
 * @release_obj:	optional; called just before the timeline is freed,
 *			from any context (may be atomic), with no lock held
 */
struct sync_dma_timeline_ops {
	struct module *owner;
	const char *driver_name;
	void (*release_obj)(struct sync_dma_timeline *tl);
};

/**
 * struct sync_dma_timeline - a counter timeline, one dma_fence context
 * @ops:	driver ops
 * @name:	name (debugfs, fence info); always NUL terminated
 * @context:	the dma_fence context of every point of this timeline
 * @kref:	creator's reference plus one per point
 * @lock:	protects @value, @destroyed, @pending and @points; it is also
 *		the dma_fence lock of every point, so dma_fence callbacks of
 *		the points run under it. Taken with interrupts disabled: a
 *		point may be released from hard-irq context (irq_work of a
 *		dma_fence_array).
 * @value:	64-bit count of increments, starting at 2^32; its low 32 bits
 *		are the user-visible counter. Written under @lock, read
 *		locklessly by the dma_fence signaled op.
 * @destroyed:	set by sync_dma_timeline_destroy(); new points are born
 *		signaled with -ENOENT
 * @pending:	unsignaled points ordered by target count (leftmost first)
 * @points:	every live point, for the debugfs dump
 * @node:	entry in the global timeline list (debugfs)
 * @rcu:	the timeline is freed an RCU grace period after its last
 *		reference is gone (see sync_dma_timeline_free()); shares the
 *		space of @node, which is unlinked by then
 */
struct sync_dma_timeline {
	const struct sync_dma_timeline_ops *ops;
	char name[SYNC_DMA_NAME_LEN];
	u64 context;
	struct kref kref;

	spinlock_t lock; /* timeline and point state, see above */
	atomic64_t value;
	bool destroyed;
	struct rb_root_cached pending;
	struct list_head points;

	/*
	 * @node is unlinked before the timeline is queued for freeing, and
	 * no RCU reader follows it: the RCU head reuses its space, which
	 * keeps the timeline in its kmalloc size class (with both, dma's
	 * increment with 256 pending points ran 8-13 % slower under tcg).
	 */
	union {
		struct list_head node;
		struct rcu_head rcu;
	};
};

/**
 * typedef sync_dma_fence_func_t - async waiter callback
 * @fence:	the fence that signaled
 * @waiter:	the waiter that was registered
 *
 * Called once, in atomic context, with the lock of the fence's wait queue
 * held (and possibly a timeline lock): it must not sleep nor call back into
 * the sync_dma_fence API for the same fence. The waiter is already
 * unlinked, so the callback may free it.
 */
typedef void (*sync_dma_fence_func_t)(struct sync_dma_fence *fence,
				      struct sync_dma_fence_waiter *waiter);

/**
 * struct sync_dma_fence_waiter - an asynchronous waiter on a fence
 * @work:	entry on the fence's wait queue (@work.private is the fence);
 *		@work.entry is empty when not queued
 * @callback:	called when the fence signals (see sync_dma_fence_func_t)
 *
 * Async waiters share the wait queue with poll(), as in the 2013
 * framework's later versions: one wake-up serves both.
 */
struct sync_dma_fence_waiter {
	struct wait_queue_entry work;
	sync_dma_fence_func_t callback;
};

/**
 * struct sync_dma_fence_cb - per-point callback of a fence
 * @cb:		dma_fence callback on @pt
 * @pt:		the point (a reference is held by the fence)
 * @fence:	the fence it belongs to; set for merged fences only (the
 *		one-point callback finds its fence from cbs[0])
 */
struct sync_dma_fence_cb {
	struct dma_fence_cb cb;
	struct dma_fence *pt;
	struct sync_dma_fence *fence;
};

/**
 * struct sync_dma_fence - a fence: an anon-inode file over dma_fences
 * @file:	the file; its refcount is the fence's refcount
 * @name:	name, always NUL terminated
 * @flags:	SYNC_DMA_FENCE_ARMED once the point callbacks are installed
 * @status:	merged fences (@num_pts > 1) only: 0 active, 1 signaled, <0
 *		error; changes once, by cmpxchg() (the first final status
 *		wins). A one-point fence's status is its point's. Read both
 *		with sync_dma_fence_read_status().
 * @wq:		poll()ers and async waiters, woken once when the status
 *		becomes final. @wq.lock nests inside the timeline locks (the
 *		point callbacks wake it) and orders queueing and cancelling an
 *		async waiter against that wake-up.
 * @pending:	merged fences: points whose callback has not run yet
 * @node:	entry in the global fence list (debugfs)
 * @num_pts:	number of points, at least 1
 * @cbs:	one per point, sorted by dma_fence context; immutable
 *
 * The points and callbacks are only freed at file release, after every
 * installed callback was removed with dma_fence_remove_callback(), which
 * serialises against a callback in flight (they run under the point's
 * lock): signalling never touches a freed fence.
 */
struct sync_dma_fence {
	struct file *file;
	char name[SYNC_DMA_NAME_LEN];
	unsigned long flags;

	int status;
	wait_queue_head_t wq;
	atomic_t pending;

	struct list_head node;
	unsigned int num_pts;
	struct sync_dma_fence_cb cbs[];
};

#define SYNC_DMA_FENCE_ARMED	0

/* Timelines */
struct sync_dma_timeline *
sync_dma_timeline_create(const struct sync_dma_timeline_ops *ops,
			 const char *name);
void sync_dma_timeline_destroy(struct sync_dma_timeline *tl);
int sync_dma_timeline_inc(struct sync_dma_timeline *tl, u32 inc);
u32 sync_dma_timeline_value(struct sync_dma_timeline *tl);
#ifdef SYNC_DMA_TEST_HOOKS
int sync_dma_timeline_test_set_count(struct sync_dma_timeline *tl, u64 count);
#endif

/* Points */
struct dma_fence *sync_dma_pt_create(struct sync_dma_timeline *tl, u32 value);
bool sync_dma_is_pt(struct dma_fence *f);
int sync_dma_pt_get_deadline(struct dma_fence *f, ktime_t *deadline);

/* Fences */
struct sync_dma_fence *sync_dma_fence_create(const char *name,
					     struct dma_fence *f);
struct sync_dma_fence *sync_dma_fence_merge(const char *name,
					    struct sync_dma_fence *a,
					    struct sync_dma_fence *b);
struct sync_dma_fence *sync_dma_fence_merge_dma(const char *name,
						struct sync_dma_fence *a,
						struct dma_fence *f);
struct sync_dma_fence *sync_dma_fence_fdget(int fd);
void sync_dma_fence_put(struct sync_dma_fence *fence);
void sync_dma_fence_install(struct sync_dma_fence *fence, int fd);
int sync_dma_fence_status(struct sync_dma_fence *fence);
int sync_dma_fence_read_status(struct sync_dma_fence *fence);
int sync_dma_fence_wait(struct sync_dma_fence *fence, long timeout_ms);
void sync_dma_fence_waiter_init(struct sync_dma_fence_waiter *waiter,
				sync_dma_fence_func_t callback);
int sync_dma_fence_wait_async(struct sync_dma_fence *fence,
			      struct sync_dma_fence_waiter *waiter);
int sync_dma_fence_cancel_async(struct sync_dma_fence *fence,
				struct sync_dma_fence_waiter *waiter);
struct dma_fence *sync_dma_fence_to_dma_fence(struct sync_dma_fence *fence);

#endif /* _SYNC_DMA_H */
