// SPDX-License-Identifier: GPL-2.0
/*
 * wait.c - conformance cases: waiting with the three timeout kinds, through
 * poll() (every backend) and the 2013 SYNC_IOC_LEGACY_WAIT ioctl.
 *
 * Timeouts: <0 waits forever (the fence is signaled from another thread),
 * 0 checks and returns at once, >0 waits that long and then reports the
 * expiry (poll: 0; WAIT: ETIME). The elapsed time of an expiry must be
 * within [timeout - EARLY_MS, timeout + SLACK_MS]: the WAIT ioctl counts in
 * jiffies, and under TCG the tick lags and catches up in bursts, so a
 * jiffy timeout can end a few ms early on CLOCK_MONOTONIC (seen: 196 ms for
 * 200); TCG guests are slow, but not SLACK_MS slow.
 */
#include "conformance.h"

#include <errno.h>
#include <pthread.h>
#include <unistd.h>

#define TIMEOUT_MS	200
#define SLACK_MS	1500
#define EARLY_MS	10
#define DELAY_MS	100

/* One wait mechanism: poll or the WAIT ioctl, normalised to 1/0/-errno. */
typedef int (*wait_fn)(int fence, int timeout_ms);

static int wait_poll(int fence, int timeout_ms)
{
	return fb_fence_poll(fence, timeout_ms);
}

static int wait_ioctl(int fence, int timeout_ms)
{
	int r = fb_fence_wait_ioctl(fence, timeout_ms);

	return r == -ETIME ? 0 : r == 0 ? 1 : r;
}

static enum conf_result forever(struct conf_ctx *ctx, wait_fn wait)
{
	struct conf_later *l;
	int tl, f, r;
	int64_t t0, dt;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, f = fb_fence_create(tl, 1, "forever"));
	t0 = conf_now_ms();
	l = conf_later_inc(tl, 1, DELAY_MS);
	CHECK(ctx, l, "cannot start the signalling thread");
	r = wait(f, -1);
	dt = conf_now_ms() - t0;
	CHECK_OK(ctx, conf_later_join(l));
	CHECK(ctx, r == 1, "wait(-1) gave %d (%s), want signaled", r,
	      r < 0 ? conf_errname(-r) : "timeout");
	CHECK(ctx, dt >= DELAY_MS - 1,
	      "wait(-1) returned after %lld ms, before the signal at %d ms",
	      (long long)dt, DELAY_MS);
	conf_note(ctx, "woken after %lld ms (signal at %d ms)", (long long)dt,
		  DELAY_MS);
	return conf_expect_status(ctx, f, 1, "after wait(-1)");
}

static enum conf_result immediate(struct conf_ctx *ctx, wait_fn wait)
{
	int tl, f, r;
	int64_t t0, dt;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, f = fb_fence_create(tl, 1, "zero"));
	t0 = conf_now_ms();
	r = wait(f, 0);
	dt = conf_now_ms() - t0;
	CHECK(ctx, r == 0, "wait(0) on an active fence gave %d (%s)", r,
	      r < 0 ? conf_errname(-r) : "signaled");
	CHECK(ctx, dt < SLACK_MS, "wait(0) took %lld ms", (long long)dt);
	CHECK_OK(ctx, fb_timeline_inc(tl, 1));
	r = wait(f, 0);
	CHECK(ctx, r == 1, "wait(0) on a signaled fence gave %d (%s)", r,
	      r < 0 ? conf_errname(-r) : "timeout");
	return CONF_PASS;
}

static enum conf_result expiry(struct conf_ctx *ctx, wait_fn wait)
{
	int tl, f, r;
	int64_t t0, dt;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, f = fb_fence_create(tl, 1, "expiry"));
	t0 = conf_now_ms();
	r = wait(f, TIMEOUT_MS);
	dt = conf_now_ms() - t0;
	CHECK(ctx, r == 0, "wait(%d) on an active fence gave %d (%s)",
	      TIMEOUT_MS, r, r < 0 ? conf_errname(-r) : "signaled");
	CHECK(ctx, dt >= TIMEOUT_MS - EARLY_MS && dt <= TIMEOUT_MS + SLACK_MS,
	      "wait(%d) expired after %lld ms", TIMEOUT_MS, (long long)dt);
	conf_note(ctx, "wait(%d) expired after %lld ms", TIMEOUT_MS,
		  (long long)dt);
	/* Still usable: a later signal is seen by a bounded wait. */
	CHECK_OK(ctx, fb_timeline_inc(tl, 1));
	r = wait(f, TIMEOUT_MS);
	CHECK(ctx, r == 1, "wait(%d) after the signal gave %d", TIMEOUT_MS, r);
	return CONF_PASS;
}

/* A bounded wait that is signaled in time returns early, signaled. */
static enum conf_result signaled_in_time(struct conf_ctx *ctx, wait_fn wait)
{
	struct conf_later *l;
	int tl, f, r;
	int64_t t0, dt;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, f = fb_fence_create(tl, 1, "in_time"));
	t0 = conf_now_ms();
	l = conf_later_inc(tl, 1, DELAY_MS);
	CHECK(ctx, l, "cannot start the signalling thread");
	r = wait(f, 20000);
	dt = conf_now_ms() - t0;
	CHECK_OK(ctx, conf_later_join(l));
	CHECK(ctx, r == 1, "wait(20000) gave %d, want signaled", r);
	CHECK(ctx, dt < 20000, "wait returned only at its timeout");
	return CONF_PASS;
}

#define WAITERS 4

struct waiter {
	pthread_t thread;
	wait_fn wait;
	int fence;
	int result;
};

static void *waiter_main(void *arg)
{
	struct waiter *w = arg;

	w->result = w->wait(w->fence, -1);
	return NULL;
}

/* Several threads blocked on one fence are all woken by one signal. */
static enum conf_result many_waiters(struct conf_ctx *ctx, wait_fn wait)
{
	struct waiter w[WAITERS];
	int tl, f;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, f = fb_fence_create(tl, 1, "many"));
	for (int i = 0; i < WAITERS; i++) {
		w[i] = (struct waiter){ .wait = wait, .fence = f, .result = -1 };
		CHECK(ctx, !pthread_create(&w[i].thread, NULL, waiter_main, &w[i]),
		      "pthread_create");
	}
	usleep(DELAY_MS * 1000);
	CHECK_OK(ctx, fb_timeline_inc(tl, 1));
	for (int i = 0; i < WAITERS; i++) {
		pthread_join(w[i].thread, NULL);
		CHECK(ctx, w[i].result == 1, "waiter %d got %d", i, w[i].result);
	}
	return CONF_PASS;
}

#define POLL_CASE(name, fn)						\
	static enum conf_result poll_##name(struct conf_ctx *ctx)	\
	{ return fn(ctx, wait_poll); }					\
	static enum conf_result ioctl_##name(struct conf_ctx *ctx)	\
	{ return fn(ctx, wait_ioctl); }

POLL_CASE(forever, forever)
POLL_CASE(immediate, immediate)
POLL_CASE(expiry, expiry)
POLL_CASE(in_time, signaled_in_time)
POLL_CASE(many, many_waiters)

static const struct conf_case conf_cases_wait[] = {
	{ "wait_poll_forever", poll_forever, 0 },
	{ "wait_poll_zero", poll_immediate, 0 },
	{ "wait_poll_timeout", poll_expiry, 0 },
	{ "wait_poll_in_time", poll_in_time, 0 },
	{ "wait_poll_many_waiters", poll_many, 0 },
	{ "wait_ioctl_forever", ioctl_forever, FB_CAP_LEGACY_ABI },
	{ "wait_ioctl_zero", ioctl_immediate, FB_CAP_LEGACY_ABI },
	{ "wait_ioctl_timeout", ioctl_expiry, FB_CAP_LEGACY_ABI },
	{ "wait_ioctl_in_time", ioctl_in_time, FB_CAP_LEGACY_ABI },
	{ "wait_ioctl_many_waiters", ioctl_many, FB_CAP_LEGACY_ABI },
	{ NULL, NULL, 0 },
};

CONF_CASES_REGISTER(conf_cases_wait, 20);
