// SPDX-License-Identifier: GPL-2.0
/*
 * timestamp.c - conformance cases: signal timestamps. 0 while active;
 * once signaled, a CLOCK_MONOTONIC time inside the window around the
 * increment that signaled it, never earlier than a point signaled before,
 * and never changing afterwards. Checked through every info ABI.
 */
#include "conformance.h"

#include <unistd.h>

/* Timestamp of the only point of @fence through FILE_INFO (and LEGACY). */
static enum conf_result stamp(struct conf_ctx *ctx, int fence, uint64_t *ts)
{
	struct sync_fence_info rec;
	struct sync_file_info info;

	CHECK_OK(ctx, conf_file_info(fence, &info, &rec, 1));
	CHECK(ctx, info.num_fences == 1, "%u points, want 1", info.num_fences);
	*ts = rec.timestamp_ns;
	if (conf_is_2013(ctx)) {
		struct conf_legacy_info li;
		char why[128] = "";

		CHECK(ctx, !conf_legacy_info(fence, &li, why, sizeof(why)),
		      "LEGACY_FENCE_INFO failed %s", why);
		CHECK(ctx, li.num_pts == 1 && li.pt[0].timestamp_ns == *ts,
		      "LEGACY timestamp %llu, FILE_INFO %llu",
		      (unsigned long long)li.pt[0].timestamp_ns,
		      (unsigned long long)*ts);
	}
	return CONF_PASS;
}

#define STAMP(ctx, fence, ts)						\
	do {								\
		enum conf_result r_ = stamp(ctx, fence, ts);		\
		if (r_)							\
			return r_;					\
	} while (0)

static enum conf_result timestamps(struct conf_ctx *ctx)
{
	int64_t t0, t1, t2, t3;
	uint64_t s1, s2, again;
	int tl, f1, f2;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, f1 = fb_fence_create(tl, 1, "ts1"));
	CHECK_OK(ctx, f2 = fb_fence_create(tl, 2, "ts2"));
	STAMP(ctx, f1, &s1);
	CHECK(ctx, s1 == 0, "active fence has timestamp %llu",
	      (unsigned long long)s1);
	t0 = conf_now_ns();
	CHECK_OK(ctx, fb_timeline_inc(tl, 1));
	t1 = conf_now_ns();
	STAMP(ctx, f1, &s1);
	STAMP(ctx, f2, &s2);
	CHECK(ctx, s2 == 0, "still active fence has timestamp %llu",
	      (unsigned long long)s2);
	CHECK(ctx, (int64_t)s1 >= t0 && (int64_t)s1 <= t1,
	      "timestamp %llu outside the signal window [%lld, %lld]",
	      (unsigned long long)s1, (long long)t0, (long long)t1);
	usleep(2000);
	t2 = conf_now_ns();
	CHECK_OK(ctx, fb_timeline_inc(tl, 1));
	t3 = conf_now_ns();
	STAMP(ctx, f2, &s2);
	CHECK(ctx, (int64_t)s2 >= t2 && (int64_t)s2 <= t3,
	      "timestamp %llu outside the signal window [%lld, %lld]",
	      (unsigned long long)s2, (long long)t2, (long long)t3);
	CHECK(ctx, s2 > s1, "later signal has an earlier timestamp");
	STAMP(ctx, f1, &again);
	CHECK(ctx, again == s1, "timestamp changed from %llu to %llu",
	      (unsigned long long)s1, (unsigned long long)again);
	conf_note(ctx, "signal-to-stamp: %lld ns, %lld ns",
		  (long long)(s1 - t0), (long long)(s2 - t2));
	return CONF_PASS;
}

/* A fence signaled at creation has a timestamp too, from the window. */
static enum conf_result timestamp_at_create(struct conf_ctx *ctx)
{
	int64_t t0, t1;
	uint64_t s;
	int tl, f;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, fb_timeline_inc(tl, 3));
	t0 = conf_now_ns();
	CHECK_OK(ctx, f = fb_fence_create(tl, 2, "past"));
	t1 = conf_now_ns();
	STAMP(ctx, f, &s);
	CHECK(ctx, s != 0, "fence signaled at creation has no timestamp");
	CHECK(ctx, (int64_t)s >= t0 && (int64_t)s <= t1,
	      "timestamp %llu outside the create window [%lld, %lld]",
	      (unsigned long long)s, (long long)t0, (long long)t1);
	return CONF_PASS;
}

static const struct conf_case conf_cases_timestamp[] = {
	{ "timestamps", timestamps, 0 },
	{ "timestamp_signaled_at_create", timestamp_at_create, 0 },
	{ NULL, NULL, 0 },
};

CONF_CASES_REGISTER(conf_cases_timestamp, 50);
