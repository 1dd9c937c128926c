// SPDX-License-Identifier: GPL-2.0
/*
 * merge.c - conformance cases: merging fences, through mainline's
 * SYNC_IOC_MERGE (every backend) and the 2013 SYNC_IOC_LEGACY_MERGE.
 *
 * A merged fence keeps one point per timeline (the later one) and signals
 * when all its points have. Merging with signaled fences: the 2013
 * framework keeps their points, mainline drops them (a merge of nothing
 * but signaled fences is a signaled stub), so only the range [1, 2] and the
 * status are asserted for that.
 */
#include "conformance.h"

#include <string.h>
#include <unistd.h>

typedef int (*merge_fn)(int a, int b, const char *name);

/* Number of points of @fence, agreed by every info ABI of the backend. */
static enum conf_result points(struct conf_ctx *ctx, int fence, uint32_t *n)
{
	struct sync_file_info info;
	int err = conf_file_info(fence, &info, NULL, 0);

	CHECK(ctx, !err, "FILE_INFO: %s", conf_errname(-err));
	*n = info.num_fences;
	if (conf_is_2013(ctx)) {
		struct conf_legacy_info li;
		char why[128] = "";

		err = conf_legacy_info(fence, &li, why, sizeof(why));
		CHECK(ctx, !err, "LEGACY_FENCE_INFO: %s %s", conf_errname(-err),
		      why);
		CHECK(ctx, li.num_pts == *n,
		      "LEGACY_FENCE_INFO has %u points, FILE_INFO %u",
		      li.num_pts, *n);
	}
	return CONF_PASS;
}

#define EXPECT_POINTS(ctx, fence, want)					\
	do {								\
		uint32_t n_;						\
		enum conf_result r_ = points(ctx, fence, &n_);		\
		if (r_)							\
			return r_;					\
		CHECK(ctx, n_ == (want), "fence has %u points, want %u",\
		      n_, (unsigned int)(want));			\
	} while (0)

#define EXPECT_STATUS(ctx, fence, want, what)				\
	do {								\
		enum conf_result r_ =					\
			conf_expect_status(ctx, fence, want, what);	\
		if (r_)							\
			return r_;					\
	} while (0)

/* Same timeline: one point, the later one, in either operand order. */
static enum conf_result one_timeline(struct conf_ctx *ctx, merge_fn merge)
{
	int tl, f1, f3, m13, m31;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, f1 = fb_fence_create(tl, 1, "f1"));
	CHECK_OK(ctx, f3 = fb_fence_create(tl, 3, "f3"));
	CHECK_OK(ctx, m13 = merge(f1, f3, "m13"));
	CHECK_OK(ctx, m31 = merge(f3, f1, "m31"));
	CHECK(ctx, m13 != f1 && m13 != f3 && m31 != m13, "merge reused an fd");
	EXPECT_POINTS(ctx, m13, 1);
	EXPECT_POINTS(ctx, m31, 1);
	if (conf_is_2013(ctx)) {
		/* The kept point is the later one: sw_sync's driver data says 3. */
		struct conf_legacy_info li;
		char why[128] = "";

		CHECK(ctx, !conf_legacy_info(m13, &li, why, sizeof(why)),
		      "LEGACY_FENCE_INFO failed %s", why);
		CHECK(ctx, li.pt[0].value == 3, "merge(f1, f3) kept the point at %u",
		      li.pt[0].value);
		CHECK(ctx, !conf_legacy_info(m31, &li, why, sizeof(why)),
		      "LEGACY_FENCE_INFO failed %s", why);
		CHECK(ctx, li.pt[0].value == 3, "merge(f3, f1) kept the point at %u",
		      li.pt[0].value);
	}
	CHECK_OK(ctx, fb_timeline_inc(tl, 1));
	EXPECT_STATUS(ctx, f1, 1, "f1 at 1");
	EXPECT_STATUS(ctx, m13, 0, "merge(f1, f3) at 1");
	EXPECT_STATUS(ctx, m31, 0, "merge(f3, f1) at 1");
	CHECK_OK(ctx, fb_timeline_inc(tl, 1));
	EXPECT_STATUS(ctx, m13, 0, "merge(f1, f3) at 2");
	CHECK_OK(ctx, fb_timeline_inc(tl, 1));
	EXPECT_STATUS(ctx, m13, 1, "merge(f1, f3) at 3");
	EXPECT_STATUS(ctx, m31, 1, "merge(f3, f1) at 3");
	return CONF_PASS;
}

/* Two timelines: two points; signals only when both have. */
static enum conf_result two_timelines(struct conf_ctx *ctx, merge_fn merge)
{
	int a, b, fa, fb, m, m2;

	CHECK_OK(ctx, a = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, b = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, fa = fb_fence_create(a, 1, "fa"));
	CHECK_OK(ctx, fb = fb_fence_create(b, 2, "fb"));
	CHECK_OK(ctx, m = merge(fa, fb, "m"));
	CHECK_OK(ctx, m2 = merge(fb, fa, "m2"));
	EXPECT_POINTS(ctx, m, 2);
	EXPECT_POINTS(ctx, m2, 2);
	CHECK_OK(ctx, fb_timeline_inc(a, 1));
	EXPECT_STATUS(ctx, m, 0, "a signaled, b not");
	CHECK_OK(ctx, fb_timeline_inc(b, 1));
	EXPECT_STATUS(ctx, m, 0, "a signaled, b half way");
	CHECK_OK(ctx, fb_timeline_inc(b, 1));
	EXPECT_STATUS(ctx, m, 1, "both signaled");
	EXPECT_STATUS(ctx, m2, 1, "both signaled (other order)");
	/* The operands are independent of the merge and still valid. */
	EXPECT_STATUS(ctx, fa, 1, "operand a");
	EXPECT_STATUS(ctx, fb, 1, "operand b");
	return CONF_PASS;
}

/* Three timelines, merged in two steps; the last signal completes it. */
static enum conf_result chain(struct conf_ctx *ctx, merge_fn merge)
{
	int tl[3], f[3], m01, m;

	for (int i = 0; i < 3; i++) {
		CHECK_OK(ctx, tl[i] = fb_timeline_open(ctx->dev));
		CHECK_OK(ctx, f[i] = fb_fence_create(tl[i], 1, "chain"));
	}
	CHECK_OK(ctx, m01 = merge(f[0], f[1], "m01"));
	CHECK_OK(ctx, m = merge(m01, f[2], "m012"));
	close(m01);
	EXPECT_POINTS(ctx, m, 3);
	for (int i = 2; i >= 0; i--) {
		EXPECT_STATUS(ctx, m, 0, "before the last signal");
		CHECK_OK(ctx, fb_timeline_inc(tl[i], 1));
	}
	EXPECT_STATUS(ctx, m, 1, "all three signaled");
	return CONF_PASS;
}

/* Merging a fence with itself: one point, signals with the fence. */
static enum conf_result self(struct conf_ctx *ctx, merge_fn merge)
{
	int tl, f, m, mm;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, f = fb_fence_create(tl, 2, "self"));
	CHECK_OK(ctx, m = merge(f, f, "ff"));
	CHECK_OK(ctx, mm = merge(m, m, "mm"));
	EXPECT_POINTS(ctx, m, 1);
	EXPECT_POINTS(ctx, mm, 1);
	CHECK_OK(ctx, fb_timeline_inc(tl, 1));
	EXPECT_STATUS(ctx, m, 0, "self merge at 1");
	CHECK_OK(ctx, fb_timeline_inc(tl, 1));
	EXPECT_STATUS(ctx, m, 1, "self merge at 2");
	EXPECT_STATUS(ctx, mm, 1, "self merge of the self merge at 2");
	return CONF_PASS;
}

/* Merges of signaled fences are signaled; with an active one, active. */
static enum conf_result signaled(struct conf_ctx *ctx, merge_fn merge)
{
	int a, b, fa, fb, fc, m, m2;
	uint32_t n;
	enum conf_result r;

	CHECK_OK(ctx, a = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, b = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, fa = fb_fence_create(a, 1, "fa"));
	CHECK_OK(ctx, fb = fb_fence_create(b, 1, "fb"));
	CHECK_OK(ctx, fc = fb_fence_create(b, 2, "fc"));
	CHECK_OK(ctx, fb_timeline_inc(a, 1));
	CHECK_OK(ctx, fb_timeline_inc(b, 1));
	CHECK_OK(ctx, m = merge(fa, fb, "sig"));
	EXPECT_STATUS(ctx, m, 1, "merge of two signaled fences");
	if ((r = points(ctx, m, &n)))
		return r;
	CHECK(ctx, n >= 1 && n <= 2, "merge of two signaled: %u points", n);
	CHECK_OK(ctx, m2 = merge(fa, fc, "sig+active"));
	EXPECT_STATUS(ctx, m2, 0, "merge of signaled and active");
	if ((r = points(ctx, m2, &n)))
		return r;
	CHECK(ctx, n >= 1 && n <= 2, "merge of signaled and active: %u points",
	      n);
	CHECK_OK(ctx, fb_timeline_inc(b, 1));
	EXPECT_STATUS(ctx, m2, 1, "merge of signaled and active, now signaled");
	return CONF_PASS;
}

/* The merged fence carries the name given to the merge. */
static enum conf_result name(struct conf_ctx *ctx, merge_fn merge)
{
	struct sync_file_info info;
	int a, b, fa, fb, m;

	CHECK_OK(ctx, a = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, b = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, fa = fb_fence_create(a, 1, "fa"));
	CHECK_OK(ctx, fb = fb_fence_create(b, 1, "fb"));
	CHECK_OK(ctx, m = merge(fa, fb, "merged-name"));
	CHECK_OK(ctx, conf_file_info(m, &info, NULL, 0));
	CHECK(ctx, !strcmp(info.name, "merged-name"),
	      "FILE_INFO name '%.32s', want 'merged-name'", info.name);
	if (conf_is_2013(ctx)) {
		struct conf_legacy_info li;
		char why[128] = "";

		CHECK(ctx, !conf_legacy_info(m, &li, why, sizeof(why)),
		      "LEGACY_FENCE_INFO failed %s", why);
		CHECK(ctx, !strcmp(li.name, "merged-name"),
		      "LEGACY_FENCE_INFO name '%.32s', want 'merged-name'",
		      li.name);
	}
	return CONF_PASS;
}

#define MERGE_CASES(fn)							\
	static enum conf_result modern_##fn(struct conf_ctx *ctx)	\
	{ return fn(ctx, fb_fence_merge); }				\
	static enum conf_result legacy_##fn(struct conf_ctx *ctx)	\
	{ return fn(ctx, fb_fence_merge_legacy); }

MERGE_CASES(one_timeline)
MERGE_CASES(two_timelines)
MERGE_CASES(chain)
MERGE_CASES(self)
MERGE_CASES(signaled)
MERGE_CASES(name)

/*
 * A signaled point merged with a pending point of the same timeline, 2^31
 * counts after it signaled: the 32-bit wrap-safe compare now calls the
 * signaled point the later one (1 - 0x80000012 is 0x7fffffef, positive),
 * but a merge must not signal while one of its inputs is pending. mainline
 * drops signaled fences (__dma_fence_unwrap_merge), the 2013 port and dma
 * never let a signaled point win over a pending one.
 */
static enum conf_result signaled_wrap(struct conf_ctx *ctx, merge_fn merge)
{
	int tl, old, pend, m1, m2;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, old = fb_fence_create(tl, 1, "old"));
	CHECK_OK(ctx, fb_timeline_inc(tl, 1));
	EXPECT_STATUS(ctx, old, 1, "point at 1, counter 1");
	CHECK_OK(ctx, fb_timeline_inc(tl, 0x80000010u));	/* 0x80000011 */
	CHECK_OK(ctx, pend = fb_fence_create(tl, 0x80000012u, "pending"));
	EXPECT_STATUS(ctx, pend, 0, "point at 0x80000012, counter 0x80000011");
	CHECK_OK(ctx, m1 = merge(old, pend, "m1"));
	CHECK_OK(ctx, m2 = merge(pend, old, "m2"));
	EXPECT_STATUS(ctx, m1, 0, "merge(signaled 1, pending 0x80000012)");
	EXPECT_STATUS(ctx, m2, 0, "merge(pending 0x80000012, signaled 1)");
	CHECK_OK(ctx, fb_timeline_inc(tl, 1));
	EXPECT_STATUS(ctx, m1, 1, "merge m1 after the counter reached it");
	EXPECT_STATUS(ctx, m2, 1, "merge m2 after the counter reached it");
	return CONF_PASS;
}

MERGE_CASES(signaled_wrap)

/* Mixing the two merge ioctls: a legacy merge of a modern merge. */
static enum conf_result mixed(struct conf_ctx *ctx)
{
	int a, b, c, fa, fb, fc, m1, m2;

	CHECK_OK(ctx, a = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, b = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, c = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, fa = fb_fence_create(a, 1, "fa"));
	CHECK_OK(ctx, fb = fb_fence_create(b, 1, "fb"));
	CHECK_OK(ctx, fc = fb_fence_create(c, 1, "fc"));
	CHECK_OK(ctx, m1 = fb_fence_merge(fa, fb, "modern"));
	CHECK_OK(ctx, m2 = fb_fence_merge_legacy(m1, fc, "legacy"));
	EXPECT_POINTS(ctx, m2, 3);
	CHECK_OK(ctx, fb_timeline_inc(a, 1));
	CHECK_OK(ctx, fb_timeline_inc(b, 1));
	EXPECT_STATUS(ctx, m2, 0, "two of three signaled");
	CHECK_OK(ctx, fb_timeline_inc(c, 1));
	EXPECT_STATUS(ctx, m2, 1, "all signaled");
	return CONF_PASS;
}

static const struct conf_case conf_cases_merge[] = {
	{ "merge_one_timeline", modern_one_timeline, 0 },
	{ "merge_two_timelines", modern_two_timelines, 0 },
	{ "merge_chain", modern_chain, 0 },
	{ "merge_self", modern_self, 0 },
	{ "merge_signaled", modern_signaled, 0 },
	{ "merge_name", modern_name, 0 },
	{ "merge_signaled_across_wrap", modern_signaled_wrap, 0 },
	{ "legacy_merge_one_timeline", legacy_one_timeline, FB_CAP_LEGACY_ABI },
	{ "legacy_merge_two_timelines", legacy_two_timelines, FB_CAP_LEGACY_ABI },
	{ "legacy_merge_chain", legacy_chain, FB_CAP_LEGACY_ABI },
	{ "legacy_merge_self", legacy_self, FB_CAP_LEGACY_ABI },
	{ "legacy_merge_signaled", legacy_signaled, FB_CAP_LEGACY_ABI },
	{ "legacy_merge_name", legacy_name, FB_CAP_LEGACY_ABI },
	{ "legacy_merge_signaled_across_wrap", legacy_signaled_wrap, FB_CAP_LEGACY_ABI },
	{ "merge_mixed_abis", mixed, FB_CAP_LEGACY_ABI },
	{ NULL, NULL, 0 },
};

CONF_CASES_REGISTER(conf_cases_merge, 30);
