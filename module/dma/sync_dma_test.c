// SPDX-License-Identifier: GPL-2.0
/*
 * sync_dma_test.c - in-kernel cases of the dma framework (sync_dma.ko) that
 * user space cannot reach: lifetimes seen by an RCU reader, dma_fence
 * callbacks that drop the last reference to their point, the end of a
 * timeline's 64-bit count, and the merge API for drivers over a container
 * that holds two points of one timeline. Built into the debug flavour only (Kbuild), never
 * loaded at boot: tests/guest/21-dma.sh loads it, and it runs every case at
 * load, printing KTAP to the kernel log. Loading fails (-EINVAL) if a case
 * failed; a case that deadlocks hangs the load (the guest's timeout and
 * lockdep's report then say which).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/dma-fence.h>
#include <linux/dma-fence-array.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "sync_dma.h"

static const struct sync_dma_timeline_ops sync_dma_test_ops = {
	.owner = THIS_MODULE,
	.driver_name = "sync_dma_test",
};

static int sync_dma_test_run;

static bool sync_dma_test_report(bool ok, const char *name)
{
	pr_info("%sok %d %s\n", ok ? "" : "not ", ++sync_dma_test_run, name);
	return ok;
}

/* A new timeline named @name with one point at @value, or false. */
static bool sync_dma_test_setup(const char *name, u32 value,
				struct sync_dma_timeline **tl,
				struct dma_fence **f)
{
	*tl = sync_dma_timeline_create(&sync_dma_test_ops, name);
	if (IS_ERR(*tl))
		return false;
	*f = sync_dma_pt_create(*tl, value);
	if (IS_ERR(*f)) {
		sync_dma_timeline_destroy(*tl);
		return false;
	}
	return true;
}

/*
 * The lifetime rule of sync_dma.h for RCU readers of a dead point: inside
 * one read-side section a point and its timeline lose their last
 * references, then the point is read as an RCU reader that found it
 * before may read it: its timeline name through fence->ops. The point is
 * freed after a grace period, and so must its timeline be, or KASAN
 * reports a use-after-free here.
 */
static bool sync_dma_test_rcu_dead_point(void)
{
	static const char name[] = "sync_dma_test_rcu";
	struct sync_dma_timeline *tl;
	struct dma_fence *f;
	bool ok;

	if (!sync_dma_test_setup(name, 1, &tl, &f))
		return false;
	rcu_read_lock();
	sync_dma_timeline_destroy(tl);
	dma_fence_put(f);	/* last references: the point's, the timeline's */
	ok = !strcmp(f->ops->get_timeline_name(f), name);
	rcu_read_unlock();
	return ok;
}

/* A callback that owns the only reference to its point and drops it. */
struct sync_dma_test_putter {
	struct dma_fence_cb cb;
	atomic_t ran;
	int error;
};

static void sync_dma_test_put_cb(struct dma_fence *f, struct dma_fence_cb *cb)
{
	struct sync_dma_test_putter *p =
		container_of(cb, struct sync_dma_test_putter, cb);

	p->error = f->error;
	atomic_inc(&p->ran);
	dma_fence_put(f);
}

/*
 * A dma_fence callback drops the last reference to the point it is called
 * for, as dma_fence_chain_cb() and a signal-on-any dma_fence_array may.
 * The point's release takes the timeline lock, under which the increment
 * (@destroy false) or the destroy signals: without a reference of the
 * signaller's own, this deadlocks (lockdep: recursive locking).
 */
static bool sync_dma_test_cb_puts_last(bool destroy)
{
	struct sync_dma_test_putter p = { .ran = ATOMIC_INIT(0) };
	struct sync_dma_timeline *tl;
	struct dma_fence *f;
	bool ok;

	if (!sync_dma_test_setup("sync_dma_test_cb", 1, &tl, &f))
		return false;
	if (dma_fence_add_callback(f, &p.cb, sync_dma_test_put_cb)) {
		dma_fence_put(f);
		sync_dma_timeline_destroy(tl);
		return false;
	}
	/* From here the callback owns our reference: f is not ours to use. */
	if (destroy) {
		sync_dma_timeline_destroy(tl);
		return atomic_read(&p.ran) == 1 && p.error == -ENOENT;
	}
	ok = !sync_dma_timeline_inc(tl, 1);
	ok = ok && atomic_read(&p.ran) == 1 && !p.error;
	sync_dma_timeline_destroy(tl);
	return ok;
}

/*
 * The end of the count: a timeline started 5 counts before
 * SYNC_DMA_COUNT_MAX signals a point 3 ahead at +3, refuses +U32_MAX
 * (-EOVERFLOW, value unchanged, the point 10 ahead still pending), takes
 * +2 to the maximum exactly, then refuses +1; the pending point is
 * signaled with -ENOENT by the destroy.
 */
static bool sync_dma_test_count_limit(void)
{
	struct sync_dma_timeline *tl;
	struct dma_fence *near, *far;
	bool ok = false;
	u32 cur;

	tl = sync_dma_timeline_create(&sync_dma_test_ops, "sync_dma_test_max");
	if (IS_ERR(tl))
		return false;
	if (sync_dma_timeline_test_set_count(tl, SYNC_DMA_COUNT_MAX - 5))
		goto out_tl;
	cur = sync_dma_timeline_value(tl);
	near = sync_dma_pt_create(tl, cur + 3);
	if (IS_ERR(near))
		goto out_tl;
	far = sync_dma_pt_create(tl, cur + 10);
	if (IS_ERR(far))
		goto out_near;
	ok = !sync_dma_timeline_inc(tl, 3) && dma_fence_is_signaled(near) &&
	     !dma_fence_is_signaled(far);
	ok = ok && sync_dma_timeline_inc(tl, U32_MAX) == -EOVERFLOW &&
	     sync_dma_timeline_value(tl) == cur + 3 &&
	     !dma_fence_is_signaled(far);
	ok = ok && !sync_dma_timeline_inc(tl, 2) &&
	     sync_dma_timeline_value(tl) == cur + 5 &&
	     sync_dma_timeline_inc(tl, 1) == -EOVERFLOW &&
	     !dma_fence_is_signaled(far);
	ok = ok && sync_dma_timeline_test_set_count(tl, SYNC_DMA_COUNT_BASE) ==
		   -EBUSY;
	sync_dma_timeline_destroy(tl);
	ok = ok && dma_fence_get_status(far) == -ENOENT;
	dma_fence_put(far);
	dma_fence_put(near);
	return ok;
out_near:
	dma_fence_put(near);
out_tl:
	sync_dma_timeline_destroy(tl);
	return false;
}

/* @fence holds exactly one point, @pt, and has status @status. */
static bool sync_dma_test_one_pt(struct sync_dma_fence *fence,
				 struct dma_fence *pt, int status)
{
	return !IS_ERR(fence) && fence->num_pts == 1 &&
	       fence->cbs[0].pt == pt &&
	       sync_dma_fence_status(fence) == status;
}

/*
 * A driver's container with two points of one timeline (a dma_fence_array
 * of the points at 1 and 2: mainline's sync_file merge never builds one,
 * it keeps one fence per context) is imported keeping the later point, by
 * sync_dma_fence_create(), and by the exported merges for drivers,
 * sync_dma_fence_merge() and sync_dma_fence_merge_dma(); each of those
 * signals with the later point, not before.
 */
static bool sync_dma_test_merge_api(void)
{
	struct sync_dma_fence *a = NULL, *arr = NULL, *m = NULL, *md = NULL;
	struct dma_fence_array *array;
	struct sync_dma_timeline *tl;
	struct dma_fence *p1, *p2, **pts;
	bool ok = false;

	if (!sync_dma_test_setup("sync_dma_test_merge", 1, &tl, &p1))
		return false;
	p2 = sync_dma_pt_create(tl, 2);
	pts = kmalloc_array(2, sizeof(*pts), GFP_KERNEL);
	if (IS_ERR(p2) || !pts)
		goto out;
	pts[0] = dma_fence_get(p1);
	pts[1] = dma_fence_get(p2);
	/* The array owns @pts and those references from here on. */
	array = dma_fence_array_create(2, pts, dma_fence_context_alloc(1), 1,
				       false);
	if (!array) {
		dma_fence_put(p1);
		dma_fence_put(p2);
		kfree(pts);
		goto out;
	}
	a = sync_dma_fence_create("sync_dma_test_a", p1);
	arr = sync_dma_fence_create("sync_dma_test_arr", &array->base);
	if (!IS_ERR(a) && !IS_ERR(arr)) {
		m = sync_dma_fence_merge("sync_dma_test_m", a, arr);
		md = sync_dma_fence_merge_dma("sync_dma_test_md", a,
					      &array->base);
	}
	ok = sync_dma_test_one_pt(arr, p2, 0) && sync_dma_test_one_pt(m, p2, 0) &&
	     sync_dma_test_one_pt(md, p2, 0);
	ok = ok && !sync_dma_timeline_inc(tl, 1) &&
	     sync_dma_test_one_pt(m, p2, 0) && sync_dma_fence_status(a) == 1;
	ok = ok && !sync_dma_timeline_inc(tl, 1) &&
	     sync_dma_test_one_pt(arr, p2, 1) && sync_dma_test_one_pt(m, p2, 1) &&
	     sync_dma_test_one_pt(md, p2, 1);
	if (!IS_ERR_OR_NULL(md))
		sync_dma_fence_put(md);
	if (!IS_ERR_OR_NULL(m))
		sync_dma_fence_put(m);
	if (!IS_ERR(arr))
		sync_dma_fence_put(arr);
	if (!IS_ERR(a))
		sync_dma_fence_put(a);
	dma_fence_put(&array->base);
out:
	if (!IS_ERR(p2))
		dma_fence_put(p2);
	dma_fence_put(p1);
	sync_dma_timeline_destroy(tl);
	return ok;
}

static int __init sync_dma_test_init(void)
{
	bool ok = true;

	sync_dma_test_run = 0;
	pr_info("KTAP version 1\n");
	pr_info("1..5\n");
	ok &= sync_dma_test_report(sync_dma_test_rcu_dead_point(),
				   "rcu_dead_point_finds_timeline");
	ok &= sync_dma_test_report(sync_dma_test_cb_puts_last(false),
				   "inc_callback_drops_last_reference");
	ok &= sync_dma_test_report(sync_dma_test_cb_puts_last(true),
				   "destroy_callback_drops_last_reference");
	ok &= sync_dma_test_report(sync_dma_test_count_limit(),
				   "count_stops_at_max");
	ok &= sync_dma_test_report(sync_dma_test_merge_api(),
				   "merge_api_keeps_later_point_per_timeline");
	/* The timelines' last frees (and module_put()s) are RCU callbacks. */
	rcu_barrier();
	return ok ? 0 : -EINVAL;
}

static void __exit sync_dma_test_exit(void)
{
}

module_init(sync_dma_test_init);
module_exit(sync_dma_test_exit);

MODULE_DESCRIPTION("In-kernel cases of the dma_fence sync framework (tests only)");
MODULE_LICENSE("GPL");
