// SPDX-License-Identifier: GPL-2.0
/*
 * close.c - conformance cases: closing a timeline that still has pending
 * fences and waiters blocked on them.
 *
 * Every backend signals the pending points of a released timeline with
 * -ENOENT and wakes their waiters: the 2013 sync_timeline_destroy() does,
 * and so does mainline's sw_sync_debugfs_release() (6.1: it walks pt_list
 * and calls dma_fence_set_error(-ENOENT) + dma_fence_signal_locked() on
 * each). Points already signaled keep status 1.
 *
 * Where they differ (see conformance.h): with the 2013 semantics a fence
 * with an errored point is failed at once, even while other points of it
 * are pending; mainline's merged fence (a dma_fence_array) only signals
 * when every point has, and then carries the first error.
 */
#include "conformance.h"

#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define WAKE_LIMIT_S	10

struct blocked {
	pthread_t thread;
	int fence;
	int use_ioctl;
	int result;
	int done;
};

static void *blocked_main(void *arg)
{
	struct blocked *b = arg;

	if (b->use_ioctl)
		b->result = fb_fence_wait_ioctl(b->fence, -1);
	else
		b->result = fb_fence_poll(b->fence, -1);
	__atomic_store_n(&b->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

static int start_blocked(struct blocked *b, int fence, int use_ioctl)
{
	memset(b, 0, sizeof(*b));
	b->fence = fence;
	b->use_ioctl = use_ioctl;
	b->result = 12345;
	return pthread_create(&b->thread, NULL, blocked_main, b);
}

static int join_blocked(struct blocked *b)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	ts.tv_sec += WAKE_LIMIT_S;
	return pthread_timedjoin_np(b->thread, NULL, &ts);
}

/* What a poll() waiter woken by an -ENOENT error sees: poll_err decides. */
static int woken_poll_result(struct conf_ctx *ctx)
{
	return conf_poll_err_result(ctx);	/* -EIO (POLLERR) or 1 (POLLIN) */
}

static enum conf_result pending(struct conf_ctx *ctx)
{
	struct blocked bp, bw;
	enum conf_result r;
	int tl, fs, f2, f3, s;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, fs = fb_fence_create(tl, 1, "signaled"));
	CHECK_OK(ctx, f2 = fb_fence_create(tl, 2, "pending2"));
	CHECK_OK(ctx, f3 = fb_fence_create(tl, 3, "pending3"));
	CHECK_OK(ctx, fb_timeline_inc(tl, 1));
	CHECK(ctx, !start_blocked(&bp, f2, 0), "pthread_create");
	if (conf_is_2013(ctx))
		CHECK(ctx, !start_blocked(&bw, f3, 1), "pthread_create");
	usleep(100 * 1000);
	CHECK(ctx, !__atomic_load_n(&bp.done, __ATOMIC_ACQUIRE),
	      "poll(-1) returned %d before the close", bp.result);
	CHECK(ctx, !close(tl), "close of the timeline failed");
	CHECK(ctx, !join_blocked(&bp), "poll(-1) waiter not woken %d s after the close",
	      WAKE_LIMIT_S);
	CHECK(ctx, bp.result == woken_poll_result(ctx),
	      "poll(-1) waiter woke with %d, want %d", bp.result,
	      woken_poll_result(ctx));
	if (conf_is_2013(ctx)) {
		CHECK(ctx, !join_blocked(&bw),
		      "WAIT(-1) waiter not woken %d s after the close", WAKE_LIMIT_S);
		CHECK(ctx, bw.result == -ENOENT, "WAIT(-1) waiter woke with %s",
		      bw.result ? conf_errname(-bw.result) : "0 (signaled)");
		CHECK_ERR(ctx, fb_fence_wait_ioctl(f2, 0), ENOENT);
		CHECK_ERR(ctx, fb_fence_wait_ioctl(f3, -1), ENOENT);
	}
	if ((r = conf_expect_status(ctx, f2, -ENOENT, "pending2 after close")) ||
	    (r = conf_expect_status(ctx, f3, -ENOENT, "pending3 after close")) ||
	    (r = conf_expect_status(ctx, fs, 1, "signaled fence after close")))
		return r;
	/* The per-point status says the same. */
	{
		struct sync_fence_info rec;
		struct sync_file_info info;

		CHECK_OK(ctx, conf_file_info(f2, &info, &rec, 1));
		CHECK(ctx, rec.status == -ENOENT && info.status == -ENOENT,
		      "FILE_INFO record status %d, fence %d, want ENOENT",
		      rec.status, info.status);
		CHECK(ctx, rec.timestamp_ns != 0, "errored point has no timestamp");
	}
	/* A merge with an errored fence is errored (it has signaled). */
	{
		int m;

		CHECK_OK(ctx, m = fb_fence_merge(f2, f3, "dead"));
		CONF_STATUS(ctx, m, &s);
		/*
		 * mainline's dma_fence_unwrap_merge() drops signaled fences
		 * (errors too) and returns a signaled stub: status 1.
		 */
		CHECK(ctx, conf_is_2013(ctx) ? s == -ENOENT : s == 1,
		      "merge of two errored fences: status %d", s);
	}
	return CONF_PASS;
}

static enum conf_result merged(struct conf_ctx *ctx)
{
	struct blocked bp;
	enum conf_result r;
	int a, b, fa, fb, m;

	CHECK_OK(ctx, a = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, b = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, fa = fb_fence_create(a, 1, "fa"));
	CHECK_OK(ctx, fb = fb_fence_create(b, 1, "fb"));
	CHECK_OK(ctx, m = fb_fence_merge(fa, fb, "m"));
	CHECK(ctx, !start_blocked(&bp, m, 0), "pthread_create");
	usleep(100 * 1000);
	CHECK(ctx, !close(a), "close of timeline a failed");
	if ((r = conf_expect_status(ctx, fa, -ENOENT, "fa after close of a")) ||
	    (r = conf_expect_status(ctx, fb, 0, "fb after close of a")))
		return r;
	if (conf_is_2013(ctx)) {
		/* One errored point fails the whole fence, at once. */
		CHECK(ctx, !join_blocked(&bp), "waiter on the merge not woken");
		CHECK(ctx, bp.result == woken_poll_result(ctx),
		      "waiter on the merge woke with %d, want %d", bp.result,
		      woken_poll_result(ctx));
		if ((r = conf_expect_status(ctx, m, -ENOENT, "merge after close of a")))
			return r;
		CHECK_OK(ctx, fb_timeline_inc(b, 1));
		return conf_expect_status(ctx, m, -ENOENT,
					  "merge after close of a and inc of b");
	}
	/* mainline: the array waits for b, then reports a's error. */
	usleep(100 * 1000);
	CHECK(ctx, !__atomic_load_n(&bp.done, __ATOMIC_ACQUIRE),
	      "waiter on the merge woke (%d) while b is pending", bp.result);
	if ((r = conf_expect_status(ctx, m, 0, "merge after close of a")))
		return r;
	{
		struct sync_fence_info rec[2];
		struct sync_file_info info;
		int ea, eb;

		CHECK_OK(ctx, conf_file_info(m, &info, rec, 2));
		CHECK(ctx, info.num_fences == 2, "%u points", info.num_fences);
		ea = rec[0].status == -ENOENT ? 0 : 1;
		eb = !ea;
		CHECK(ctx, rec[ea].status == -ENOENT && rec[eb].status == 0,
		      "records: %d and %d, want ENOENT and 0", rec[0].status,
		      rec[1].status);
		CHECK(ctx, info.status == -ENOENT,
		      "FILE_INFO with records: status %d, want ENOENT (first error)",
		      info.status);
	}
	CHECK_OK(ctx, fb_timeline_inc(b, 1));
	CHECK(ctx, !join_blocked(&bp), "waiter on the merge not woken by b");
	CHECK(ctx, bp.result == 1, "waiter on the merge woke with %d", bp.result);
	return conf_expect_status(ctx, m, -ENOENT, "merge after close of a and inc of b");
}

/*
 * A zero-timeout wait on a fence whose timeline was closed while it was
 * pending, as a mainline-ABI consumer does it: poll(POLLIN, 0) is ready
 * (POLLIN, or POLLERR with poll_err set), FILE_INFO reports -ENOENT for the
 * fence and its point, and the 2013 WAIT ioctl returns ENOENT, whatever
 * poll_err says, with timeout 0 and -1 alike.
 */
static enum conf_result wait_zero(struct conf_ctx *ctx)
{
	struct sync_fence_info rec;
	struct sync_file_info info;
	int tl, f, p, want;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, f = fb_fence_create(tl, 1, "f"));
	CHECK(ctx, fb_fence_poll(f, 0) == 0, "pending fence is ready for poll");
	CHECK(ctx, !close(tl), "close of the timeline failed");
	want = woken_poll_result(ctx);
	CHECK(ctx, want == 1 || want == -EIO, "cannot read poll_err: %s",
	      conf_errname(-want));
	p = fb_fence_poll(f, 0);
	CHECK(ctx, p == want, "poll(POLLIN, 0) after the close gave %d, want %d (%s)",
	      p, want, want == 1 ? "POLLIN" : "POLLERR");
	CHECK_OK(ctx, conf_file_info(f, &info, &rec, 1));
	CHECK(ctx, info.status == -ENOENT && rec.status == -ENOENT,
	      "FILE_INFO status %d, point %d, want ENOENT", info.status,
	      rec.status);
	if (conf_is_2013(ctx)) {
		CHECK_ERR(ctx, fb_fence_wait_ioctl(f, 0), ENOENT);
		CHECK_ERR(ctx, fb_fence_wait_ioctl(f, -1), ENOENT);
	}
	return CONF_PASS;
}

/* Closing a timeline without fences, or with only signaled ones, is clean. */
static enum conf_result quiet(struct conf_ctx *ctx)
{
	int tl, f;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK(ctx, !close(tl), "close of an empty timeline failed");
	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, f = fb_fence_create(tl, 1, "f"));
	CHECK_OK(ctx, fb_timeline_inc(tl, 1));
	CHECK(ctx, !close(tl), "close of the timeline failed");
	return conf_expect_status(ctx, f, 1, "signaled fence after close");
}

static const struct conf_case conf_cases_close[] = {
	{ "close_timeline_pending", pending, 0 },
	{ "close_timeline_merged", merged, 0 },
	{ "close_timeline_quiet", quiet, 0 },
	{ "close_timeline_wait_zero", wait_zero, 0 },
	{ NULL, NULL, 0 },
};

CONF_CASES_REGISTER(conf_cases_close, 60);
