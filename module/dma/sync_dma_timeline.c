// SPDX-License-Identifier: GPL-2.0
/*
 * sync_dma_timeline.c - timelines and sync points on dma_fence; port of the
 * timeline half of the 2013 Android sync framework (staging sync.c, 3.10).
 *
 * A timeline is a dma_fence context with its own spinlock; a point is a
 * dma_fence of that context. Unsignaled points are kept in an rb-tree
 * ordered by the exact (64-bit) count they signal at, so an increment pops
 * and signals from the front: it costs what it signals, not what is pending.
 * Creating a point is O(log pending).
 *
 * The user-visible counter is 32 bits and compared wrap-safely, as
 * dma_fence does (__dma_fence_is_later() on 32-bit seqnos) and mainline's
 * sw_sync with it: a point whose value is at most 2^31 behind the counter
 * (in modular arithmetic) is already signaled, otherwise it waits for the
 * counter to reach it. So a point exactly 2^31 ahead is signaled at once,
 * as on mainline; the 2013 sw_sync (module/legacy) calls it pending.
 * Internally the counter is a 64-bit count (starting at 2^32 so that a
 * point just behind it never goes below zero), and each point records the
 * exact count it needs: wrap-around of the 32-bit value never confuses
 * ordering or signalling. The 64-bit count itself stops short of wrapping:
 * an increment past SYNC_DMA_COUNT_MAX fails (-EOVERFLOW).
 *
 * Locking: tl->lock (irqsave) protects a timeline's count, its pending
 * tree and its point list, and is every point's dma_fence lock, so the
 * points' dma_fence callbacks run under it. Order: tl->lock, then the
 * dma_fence locks a callback takes; sync_dma_timeline_list_lock is never
 * taken under tl->lock (a point's release, which may free the timeline,
 * never runs under it: see sync_dma_pt_signal_locked()).
 */
#include <linux/atomic.h>
#include <linux/delay.h>
#include <linux/export.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "sync_dma_internal.h"
#include "sync_dma_trace.h"

LIST_HEAD(sync_dma_timeline_list);
DEFINE_SPINLOCK(sync_dma_timeline_list_lock);

static const struct dma_fence_ops sync_dma_pt_ops;

/**
 * sync_dma_timeline_value() - the 32-bit counter value of a timeline
 * @tl:	the timeline
 *
 * Return: the low 32 bits of the count; lockless snapshot.
 */
u32 sync_dma_timeline_value(struct sync_dma_timeline *tl)
{
	return lower_32_bits(atomic64_read(&tl->value));
}
EXPORT_SYMBOL_GPL(sync_dma_timeline_value);

/**
 * sync_dma_timeline_create() - create a timeline
 * @ops:	driver ops; @ops->owner is pinned while the timeline lives
 * @name:	name, truncated to SYNC_DMA_NAME_LEN - 1 characters
 *
 * The caller owns one reference, dropped by sync_dma_timeline_destroy().
 * Process context.
 *
 * Return: the timeline, or an ERR_PTR (-ENODEV if @ops->owner is going
 * away, -ENOMEM).
 */
struct sync_dma_timeline *
sync_dma_timeline_create(const struct sync_dma_timeline_ops *ops,
			 const char *name)
{
	struct sync_dma_timeline *tl;
	unsigned long flags;

	if (!try_module_get(ops->owner))
		return ERR_PTR(-ENODEV);

	tl = kzalloc(sizeof(*tl), GFP_KERNEL);
	if (!tl) {
		module_put(ops->owner);
		return ERR_PTR(-ENOMEM);
	}
	/* Our own code is running, so this module is live. */
	__module_get(THIS_MODULE);

	tl->ops = ops;
	strscpy(tl->name, name, sizeof(tl->name));
	tl->context = dma_fence_context_alloc(1);
	kref_init(&tl->kref);
	spin_lock_init(&tl->lock);
	atomic64_set(&tl->value, SYNC_DMA_COUNT_BASE);
	tl->pending = RB_ROOT_CACHED;
	INIT_LIST_HEAD(&tl->points);

	spin_lock_irqsave(&sync_dma_timeline_list_lock, flags);
	list_add_tail(&tl->node, &sync_dma_timeline_list);
	spin_unlock_irqrestore(&sync_dma_timeline_list_lock, flags);

	return tl;
}
EXPORT_SYMBOL_GPL(sync_dma_timeline_create);

/*
 * An RCU grace period after the last reference went: free the timeline and
 * drop its module references. Runs from the RCU callback machinery (softirq
 * or an rcuo kthread), never from a path that has more of this module's
 * code to run afterwards.
 *
 * Why the module references are dropped here and not in
 * sync_dma_timeline_free(): whoever drops the last reference to this module
 * must not execute this module's text afterwards, or rmmod could free that
 * text under it (module_put() followed by a return into module code). The
 * paths that release a timeline are module code called from the core
 * (dma_fence_release() -> sync_dma_pt_release() -> here) and return into
 * it. Here the only instructions left after the last module_put() are this
 * callback's own return, and sync_dma_exit() calls rcu_barrier(), which
 * waits until every callback queued before it has returned: the module's
 * text outlives them. (rmmod cannot reach sync_dma_exit() before this
 * module_put(), and the kernel's own free_module() waits one more grace
 * period before it frees module memory.) The path that queued this
 * callback still holds both references while it returns into the core; on
 * the non-preemptible RCU of the guest kernels (PREEMPT_NONE, TREE_RCU)
 * the grace period cannot end before that CPU has left that path; under
 * preemptible RCU it can, and sync_dma_exit() waits for such a task with
 * synchronize_rcu_tasks() (or the module never unloads, sync_dma_main.c).
 */
static void sync_dma_timeline_free_rcu(struct rcu_head *rcu)
{
	struct sync_dma_timeline *tl =
		container_of(rcu, struct sync_dma_timeline, rcu);
	struct module *owner = tl->ops->owner;

	kfree(tl);
	module_put(owner);
	module_put(THIS_MODULE);
}

#ifdef SYNC_DMA_TEST_HOOKS
/*
 * Tests only: make the task that freed a timeline stay in this module's
 * text for test_free_delay_ms after its call_rcu(), when it may be
 * preempted there, so that an rmmod racing it can be seen to wait for it
 * (sync_dma_exit(): synchronize_rcu_tasks(); tests/guest/21-dma.sh,
 * "unload-while-releasing"). Busy-waits: a voluntary context switch would
 * end the wait it is there to show.
 */
static unsigned int test_free_delay_ms;
module_param(test_free_delay_ms, uint, 0600);
MODULE_PARM_DESC(test_free_delay_ms,
		 "tests only: busy-wait this long in module text after a timeline's call_rcu(), when preemptible");

static void sync_dma_test_free_delay(void)
{
	unsigned int i, ms = READ_ONCE(test_free_delay_ms);

	for (i = 0; i < ms && preemptible(); i++)
		mdelay(1);
}
#else
static inline void sync_dma_test_free_delay(void)
{
}
#endif

/*
 * Last reference gone: may run in any context, including hard irq (the
 * last point released by a dma_fence_array's irq_work), so only irqsave
 * locks and no sleeping. The timeline leaves the debugfs list and its
 * driver's release_obj() runs now; its memory is freed after an RCU grace
 * period, because its last point is (dma_fence_free() is kfree_rcu()) and
 * an RCU reader that found that point may still follow fence->lock or
 * fence->ops into the timeline (sync_dma_pt_signaled() reads tl->value,
 * the name ops read tl->name and tl->ops) until its read-side section ends.
 */
static void sync_dma_timeline_free(struct kref *kref)
{
	struct sync_dma_timeline *tl =
		container_of(kref, struct sync_dma_timeline, kref);
	unsigned long flags;

	spin_lock_irqsave(&sync_dma_timeline_list_lock, flags);
	list_del(&tl->node);
	spin_unlock_irqrestore(&sync_dma_timeline_list_lock, flags);

	if (tl->ops->release_obj)
		tl->ops->release_obj(tl);
	call_rcu(&tl->rcu, sync_dma_timeline_free_rcu);
	sync_dma_test_free_delay();
}

static void sync_dma_timeline_put(struct sync_dma_timeline *tl)
{
	kref_put(&tl->kref, sync_dma_timeline_free);
}

/*
 * Called with tl->lock held: unlink the front point @pt and signal it with
 * a reference held, pushed on *@signalled for the caller to drop once it
 * has unlocked (sync_dma_pt_put_signalled()). The point's dma_fence
 * callbacks run here, under tl->lock, and may drop the last reference
 * anyone else had (dma_fence_chain_cb(), a signal-on-any dma_fence_array
 * putting itself and with it its points): without ours, the point's
 * release would take tl->lock again on this CPU. A point whose refcount is
 * already zero is only unlinked: its release is waiting for tl->lock, and
 * with no reference left there is nobody to signal (a callback taking one
 * would be an addition on zero).
 */
static void sync_dma_pt_signal_locked(struct sync_dma_timeline *tl,
				      struct sync_dma_pt *pt, int error,
				      struct sync_dma_pt **signalled)
{
	lockdep_assert_held(&tl->lock);
	rb_erase_cached(&pt->pending_node, &tl->pending);
	RB_CLEAR_NODE(&pt->pending_node);
	if (!dma_fence_get_rcu(&pt->base))
		return;
	if (error)
		dma_fence_set_error(&pt->base, error);
	dma_fence_signal_locked(&pt->base);
	pt->signalled_next = *signalled;
	*signalled = pt;
}

/*
 * Drop the references sync_dma_pt_signal_locked() took, with tl->lock not
 * held: a point released here unlinks itself under tl->lock and may drop a
 * timeline reference (never the last: the signaller holds one).
 */
static void sync_dma_pt_put_signalled(struct sync_dma_pt *pt)
{
	while (pt) {
		struct sync_dma_pt *next = pt->signalled_next;

		dma_fence_put(&pt->base);
		pt = next;
	}
}

/**
 * sync_dma_timeline_destroy() - the creator is done with a timeline
 * @tl:	the timeline
 *
 * Every pending point is signaled with error -ENOENT (their waiters wake
 * up), later points are born so, and the creator's reference is dropped:
 * the timeline is freed with its last point. Any context.
 */
void sync_dma_timeline_destroy(struct sync_dma_timeline *tl)
{
	struct sync_dma_pt *signalled = NULL;
	struct rb_node *node;
	unsigned long flags;

	spin_lock_irqsave(&tl->lock, flags);
	tl->destroyed = true;
	while ((node = rb_first_cached(&tl->pending)))
		sync_dma_pt_signal_locked(tl, rb_entry(node, struct sync_dma_pt,
						       pending_node), -ENOENT,
					  &signalled);
	spin_unlock_irqrestore(&tl->lock, flags);

	sync_dma_pt_put_signalled(signalled);
	sync_dma_timeline_put(tl);
}
EXPORT_SYMBOL_GPL(sync_dma_timeline_destroy);

/**
 * sync_dma_timeline_inc() - advance a timeline's counter
 * @tl:		the timeline
 * @inc:	how much to add
 *
 * The counter is updated and the points it reached are signaled, in
 * order of their values, all under the timeline lock: dma_fence callbacks
 * of those points run here. Each is signaled with a reference held, dropped
 * after the lock (a callback may drop every other one). Cost: O(points
 * signaled * log pending). Any context; the caller holds a reference to
 * @tl (its creator's, or a point's).
 *
 * Return: 0, or -EOVERFLOW if the 64-bit count would pass
 * SYNC_DMA_COUNT_MAX (about 2^32 increments of 2^32 - 1 each): the counter
 * is left as it was.
 */
int sync_dma_timeline_inc(struct sync_dma_timeline *tl, u32 inc)
{
	struct sync_dma_pt *signalled = NULL;
	struct rb_node *node;
	unsigned long flags;
	u64 value;

	spin_lock_irqsave(&tl->lock, flags);
	value = atomic64_read(&tl->value);
	if (inc > SYNC_DMA_COUNT_MAX - value) {
		spin_unlock_irqrestore(&tl->lock, flags);
		return -EOVERFLOW;
	}
	value += inc;
	atomic64_set(&tl->value, value);
	while ((node = rb_first_cached(&tl->pending))) {
		struct sync_dma_pt *pt =
			rb_entry(node, struct sync_dma_pt, pending_node);

		if (pt->target > value)
			break;
		sync_dma_pt_signal_locked(tl, pt, 0, &signalled);
	}
	trace_sync_timeline(tl);
	spin_unlock_irqrestore(&tl->lock, flags);

	sync_dma_pt_put_signalled(signalled);
	return 0;
}
EXPORT_SYMBOL_GPL(sync_dma_timeline_inc);

#ifdef SYNC_DMA_TEST_HOOKS
/**
 * sync_dma_timeline_test_set_count() - tests only: move a timeline's count
 * @tl:		a timeline with no live point
 * @count:	the new 64-bit count, SYNC_DMA_COUNT_BASE..SYNC_DMA_COUNT_MAX
 *
 * Built only into the debug flavour (Kbuild), for sync_dma_test.ko to
 * start a timeline where 2^32 maximal increments would have taken it.
 *
 * Return: 0, -EBUSY if the timeline has points, -ERANGE if @count is out
 * of range.
 */
int sync_dma_timeline_test_set_count(struct sync_dma_timeline *tl, u64 count)
{
	int err = 0;

	if (count < SYNC_DMA_COUNT_BASE || count > SYNC_DMA_COUNT_MAX)
		return -ERANGE;
	spin_lock_irq(&tl->lock);
	if (list_empty(&tl->points))
		atomic64_set(&tl->value, count);
	else
		err = -EBUSY;
	spin_unlock_irq(&tl->lock);
	return err;
}
EXPORT_SYMBOL_GPL(sync_dma_timeline_test_set_count);
#endif

/*
 * Wrap-safe: is 32-bit value @a at or past @b? As !__dma_fence_is_later(b,
 * a): true when @b is 0 to 2^31 behind @a (2^31 included), with no signed
 * overflow.
 */
static bool sync_dma_u32_passed(u32 a, u32 b)
{
	return a - b <= 0x80000000u;
}

/*
 * Where a pending point that signals at count @target goes in tl->pending,
 * walking down once: the pending point that already signals at @target,
 * with a new reference (NULL if none), or else, in *@parent, *@link and
 * *@leftmost, the slot for a new one (after the points of equal target).
 * A point whose refcount is already zero, its release waiting for tl->lock
 * to unlink it, is passed over (kref_get_unless_zero). Called with
 * tl->lock held; the slot stays valid while it is held.
 */
static struct sync_dma_pt *sync_dma_pt_find_slot(struct sync_dma_timeline *tl,
						 u64 target,
						 struct rb_node **parent,
						 struct rb_node ***link,
						 bool *leftmost)
{
	lockdep_assert_held(&tl->lock);
	*link = &tl->pending.rb_root.rb_node;
	*parent = NULL;
	*leftmost = true;
	while (**link) {
		struct sync_dma_pt *other;

		*parent = **link;
		other = rb_entry(*parent, struct sync_dma_pt, pending_node);
		if (target == other->target && dma_fence_get_rcu(&other->base))
			return other;
		if (target < other->target) {
			*link = &(*parent)->rb_left;
		} else {
			*link = &(*parent)->rb_right;
			*leftmost = false;
		}
	}
	return NULL;
}

/**
 * sync_dma_pt_create() - create a point on a timeline
 * @tl:		the timeline; the point takes a reference on it
 * @value:	the 32-bit counter value at which the point signals
 *
 * A value the counter already passed (wrap-safe, see the file comment)
 * gives a signaled point; on a destroyed timeline the point is signaled
 * with -ENOENT. A value that a pending point of @tl already waits for
 * gives that point, with a new reference, as mainline's sw_sync does:
 * both would signal in the same increment, with the same status, so one
 * dma_fence serves both, and an increment signals it once however many
 * fences wait at that value. Process context (GFP_KERNEL), so interrupts
 * are on and the timeline lock is taken with spin_lock_irq().
 *
 * Return: the point's dma_fence (the caller owns that reference), or
 * ERR_PTR(-ENOMEM).
 */
struct dma_fence *sync_dma_pt_create(struct sync_dma_timeline *tl, u32 value)
{
	struct rb_node **link = NULL, *parent = NULL;
	struct sync_dma_pt *pt, *other;
	bool passed, leftmost = true;
	u64 now;
	u32 cur;

	pt = kzalloc(sizeof(*pt), GFP_KERNEL);
	if (!pt)
		return ERR_PTR(-ENOMEM);

	spin_lock_irq(&tl->lock);
	now = atomic64_read(&tl->value);
	cur = lower_32_bits(now);
	passed = sync_dma_u32_passed(cur, value);
	if (passed) {
		pt->target = now - (u32)(cur - value);
	} else {
		pt->target = now + (u32)(value - cur);
		other = tl->destroyed ? NULL :
			sync_dma_pt_find_slot(tl, pt->target, &parent, &link,
					      &leftmost);
		if (other) {
			spin_unlock_irq(&tl->lock);
			kfree(pt);	/* never published */
			return &other->base;
		}
	}

	kref_get(&tl->kref);
	pt->tl = tl;
	RB_CLEAR_NODE(&pt->pending_node);
	dma_fence_init(&pt->base, &sync_dma_pt_ops, &tl->lock, tl->context,
		       value);
	list_add_tail(&pt->tl_node, &tl->points);
	if (passed) {
		dma_fence_signal_locked(&pt->base);
	} else if (tl->destroyed) {
		dma_fence_set_error(&pt->base, -ENOENT);
		dma_fence_signal_locked(&pt->base);
	} else {
		rb_link_node(&pt->pending_node, parent, link);
		rb_insert_color_cached(&pt->pending_node, &tl->pending,
				       leftmost);
	}
	spin_unlock_irq(&tl->lock);

	return &pt->base;
}
EXPORT_SYMBOL_GPL(sync_dma_pt_create);

/**
 * sync_dma_is_pt() - is this dma_fence a point of a sync_dma timeline?
 * @f:	any dma_fence
 *
 * Return: true if @f was made by sync_dma_pt_create().
 */
bool sync_dma_is_pt(struct dma_fence *f)
{
	return f->ops == &sync_dma_pt_ops;
}
EXPORT_SYMBOL_GPL(sync_dma_is_pt);

struct sync_dma_pt *sync_dma_to_pt(struct dma_fence *f)
{
	return sync_dma_is_pt(f) ? container_of(f, struct sync_dma_pt, base) :
				   NULL;
}

/*
 * Status of any dma_fence without side effects (no ops->signaled call, no
 * lock): 1 signaled, 0 not (yet) seen signaled, <0 signaled with error.
 * For dumps, which may hold locks.
 */
int sync_dma_pt_status_peek(struct dma_fence *f)
{
	if (!test_bit(DMA_FENCE_FLAG_SIGNALED_BIT, &f->flags))
		return 0;
	return f->error ? f->error : 1;
}

/*
 * Of two fences of one context, is @a the later? Points of a sync_dma
 * timeline compare their exact counts; other fences use dma_fence's rule.
 */
bool sync_dma_pt_is_later(struct dma_fence *a, struct dma_fence *b)
{
	struct sync_dma_pt *pa = sync_dma_to_pt(a), *pb = sync_dma_to_pt(b);

	if (pa && pb)
		return pa->target > pb->target;
	return dma_fence_is_later(a, b);
}

/*
 * Of two fences of one context, the one a merge keeps. As mainline's
 * __dma_fence_unwrap_merge(), which drops signaled fences, a fence that
 * signaled without error never wins over one that has not: 2^31 counts
 * after it signaled, the 32-bit seqno compare of a foreign fence calls it
 * the later one, and keeping it would signal the merge while the other is
 * still pending. Otherwise the later one. Two points of one sync_dma
 * timeline compare exact 64-bit counts, where the later one is the right
 * pick (it signals last), so they skip the status look-ups and their locks
 * (a P-point merge made 2P of them). Process context (may take the
 * fences' locks).
 */
struct dma_fence *sync_dma_pt_keep(struct dma_fence *a, struct dma_fence *b)
{
	if (sync_dma_to_pt(a) && sync_dma_to_pt(b))
		return sync_dma_pt_is_later(b, a) ? b : a;
	if (dma_fence_get_status(a) == 1)
		return b;
	if (dma_fence_get_status(b) == 1)
		return a;
	return sync_dma_pt_is_later(b, a) ? b : a;
}

static struct sync_dma_timeline *sync_dma_pt_timeline(struct dma_fence *f)
{
	return container_of(f, struct sync_dma_pt, base)->tl;
}

static const char *sync_dma_pt_get_driver_name(struct dma_fence *f)
{
	return sync_dma_pt_timeline(f)->ops->driver_name;
}

static const char *sync_dma_pt_get_timeline_name(struct dma_fence *f)
{
	return sync_dma_pt_timeline(f)->name;
}

/*
 * Lockless fast path of dma_fence_is_signaled(); exact, as counts never
 * wrap (sync_dma_timeline_inc() stops at SYNC_DMA_COUNT_MAX).
 */
static bool sync_dma_pt_signaled(struct dma_fence *f)
{
	struct sync_dma_pt *pt = container_of(f, struct sync_dma_pt, base);

	return atomic64_read(&pt->tl->value) >= pt->target;
}

/*
 * Last reference to the point: unlink it (tl->lock), free it after an RCU
 * grace period (dma_fence_free) and drop its timeline reference. Never
 * reached with tl->lock held: whatever a point's dma_fence callbacks drop
 * under it, the increment or destroy that signals the point holds a
 * reference of its own until it has unlocked (sync_dma_pt_signal_locked()).
 * Any context.
 */
static void sync_dma_pt_release(struct dma_fence *f)
{
	struct sync_dma_pt *pt = container_of(f, struct sync_dma_pt, base);
	struct sync_dma_timeline *tl = pt->tl;
	unsigned long flags;

	spin_lock_irqsave(&tl->lock, flags);
	if (!RB_EMPTY_NODE(&pt->pending_node))
		rb_erase_cached(&pt->pending_node, &tl->pending);
	list_del(&pt->tl_node);
	spin_unlock_irqrestore(&tl->lock, flags);

	dma_fence_free(f);
	sync_dma_timeline_put(tl);
}

#ifdef FB_HAVE_FENCE_DEADLINE
/* dma_fence_set_deadline(): keep the earliest deadline, as sw_sync does. */
static void sync_dma_pt_set_deadline(struct dma_fence *f, ktime_t deadline)
{
	struct sync_dma_pt *pt = container_of(f, struct sync_dma_pt, base);
	unsigned long flags;

	spin_lock_irqsave(f->lock, flags);
	if (!test_bit(SYNC_DMA_PT_HAS_DEADLINE, &f->flags) ||
	    ktime_before(deadline, pt->deadline))
		pt->deadline = deadline;
	__set_bit(SYNC_DMA_PT_HAS_DEADLINE, &f->flags);
	spin_unlock_irqrestore(f->lock, flags);
}
#endif

/**
 * sync_dma_pt_get_deadline() - the deadline hint set on a point
 * @f:		a dma_fence
 * @deadline:	returns the earliest deadline set on @f
 *
 * Deadlines are set with dma_fence_set_deadline() (SYNC_IOC_SET_DEADLINE)
 * on kernels that have them (6.4 on). Any context.
 *
 * Return: 0; -EINVAL if @f is not a sync_dma point; -ENOENT if no deadline
 * was set on it; -EOPNOTSUPP on a kernel without dma_fence deadlines.
 */
int sync_dma_pt_get_deadline(struct dma_fence *f, ktime_t *deadline)
{
#ifdef FB_HAVE_FENCE_DEADLINE
	struct sync_dma_pt *pt = sync_dma_to_pt(f);
	unsigned long flags;
	int err = 0;

	if (!pt)
		return -EINVAL;
	spin_lock_irqsave(f->lock, flags);
	if (test_bit(SYNC_DMA_PT_HAS_DEADLINE, &f->flags))
		*deadline = pt->deadline;
	else
		err = -ENOENT;
	spin_unlock_irqrestore(f->lock, flags);
	return err;
#else
	return sync_dma_is_pt(f) ? -EOPNOTSUPP : -EINVAL;
#endif
}
EXPORT_SYMBOL_GPL(sync_dma_pt_get_deadline);

static void sync_dma_pt_timeline_value_str(struct dma_fence *f, char *str,
					   int size)
{
	snprintf(str, size, "%u", sync_dma_timeline_value(sync_dma_pt_timeline(f)));
}

static void sync_dma_pt_fence_value_str(struct dma_fence *f, char *str,
					int size)
{
	snprintf(str, size, "%u", lower_32_bits(f->seqno));
}

static const struct dma_fence_ops sync_dma_pt_ops = {
	.use_64bit_seqno = false,	/* seqno is the 32-bit user value */
	.get_driver_name = sync_dma_pt_get_driver_name,
	.get_timeline_name = sync_dma_pt_get_timeline_name,
	.signaled = sync_dma_pt_signaled,
	.release = sync_dma_pt_release,
	.timeline_value_str = sync_dma_pt_timeline_value_str,
	.fence_value_str = sync_dma_pt_fence_value_str,
#ifdef FB_HAVE_FENCE_DEADLINE
	.set_deadline = sync_dma_pt_set_deadline,
#endif
};
