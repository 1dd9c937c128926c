// SPDX-License-Identifier: GPL-2.0
/*
 * wrap.c - conformance cases: the u32 counter wrapping around. Values are
 * compared wrap-safe (a point is signaled when it is at most 2^31 - 1
 * behind the counter), so points created just before and just after the
 * wrap signal in counter order.
 *
 * Exactly 2^31 apart the backends differ (wrap_half_boundary): mainline
 * signals a point unless __dma_fence_is_later(point, counter), i.e. unless
 * (int)(point - counter) > 0, so a point exactly 2^31 ahead is signaled
 * ((int)0x80000000 < 0); dma does the same; the 2013 sw_sync compares
 * (s32)(counter - point) >= 0, which is false from both sides at 2^31, so
 * on legacy that point is pending until the counter reaches it.
 */
#include "conformance.h"

#include <stdio.h>
#include <unistd.h>

#define NEAR_WRAP 0xfffffff0u

static enum conf_result step_over(struct conf_ctx *ctx)
{
	static const uint32_t value[] = { 0xfffffff8u, 0xffffffffu, 0, 8 };
	static const uint32_t step[] = { 8, 7, 1, 8 };
	enum conf_result r;
	int tl, f[4], past;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, fb_timeline_inc(tl, NEAR_WRAP));
	CHECK_OK(ctx, past = fb_fence_create(tl, NEAR_WRAP - 1, "past"));
	if ((r = conf_expect_status(ctx, past, 1, "point just below the counter")))
		return r;
	for (int i = 0; i < 4; i++)
		CHECK_OK(ctx, f[i] = fb_fence_create(tl, value[i], "wrap"));
	for (int i = 0; i < 4; i++)
		if ((r = conf_expect_status(ctx, f[i], 0, "before the incs")))
			return r;
	for (int i = 0; i < 4; i++) {
		CHECK_OK(ctx, fb_timeline_inc(tl, step[i]));
		for (int j = 0; j < 4; j++) {
			char what[64];

			snprintf(what, sizeof(what), "point %#x after step %d",
				 value[j], i);
			if ((r = conf_expect_status(ctx, f[j], j <= i, what)))
				return r;
		}
	}
	return CONF_PASS;
}

/* One increment across the wrap signals points on both sides of it. */
static enum conf_result jump_over(struct conf_ctx *ctx)
{
	enum conf_result r;
	int tl, before, after, beyond;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, fb_timeline_inc(tl, NEAR_WRAP));
	CHECK_OK(ctx, before = fb_fence_create(tl, 0xfffffffeu, "before"));
	CHECK_OK(ctx, after = fb_fence_create(tl, 2, "after"));
	CHECK_OK(ctx, beyond = fb_fence_create(tl, 3, "beyond"));
	CHECK_OK(ctx, fb_timeline_inc(tl, 0x12));	/* counter: 2 */
	if ((r = conf_expect_status(ctx, before, 1, "point before the wrap")) ||
	    (r = conf_expect_status(ctx, after, 1, "point after the wrap")) ||
	    (r = conf_expect_status(ctx, beyond, 0, "point beyond the counter")))
		return r;
	CHECK_OK(ctx, fb_timeline_inc(tl, 1));
	return conf_expect_status(ctx, beyond, 1, "point beyond, after inc");
}

/*
 * Half the counter range ahead is the future: a point 2^31 - 1 ahead of
 * the counter is pending (not mistaken for the past).
 */
static enum conf_result half_range(struct conf_ctx *ctx)
{
	enum conf_result r;
	int tl, far;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, fb_timeline_inc(tl, 10));
	CHECK_OK(ctx, far = fb_fence_create(tl, 10u + 0x7fffffffu, "far"));
	if ((r = conf_expect_status(ctx, far, 0, "point 2^31-1 ahead")))
		return r;
	CHECK_OK(ctx, fb_timeline_inc(tl, 0x7ffffffeu));
	if ((r = conf_expect_status(ctx, far, 0, "point 1 ahead")))
		return r;
	CHECK_OK(ctx, fb_timeline_inc(tl, 1));
	return conf_expect_status(ctx, far, 1, "point reached");
}

/*
 * Points 2^31 - 1, 2^31 and 2^31 + 1 ahead of the counter, for two counter
 * values (one far from the wrap, one close to it): pending, pending on
 * legacy only, and signaled (2^31 + 1 ahead is 2^31 - 1 behind).
 */
static enum conf_result half_boundary(struct conf_ctx *ctx)
{
	static const uint32_t base[] = { 10, NEAR_WRAP };
	enum conf_result r;

	for (int i = 0; i < 2; i++) {
		int tl, below, at, above, at_pending = ctx->dev->half_wrap_pending;
		char what[96];

		CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
		CHECK_OK(ctx, fb_timeline_inc(tl, base[i]));
		CHECK_OK(ctx, below = fb_fence_create(tl, base[i] + 0x7fffffffu, "below"));
		CHECK_OK(ctx, at = fb_fence_create(tl, base[i] + 0x80000000u, "at"));
		CHECK_OK(ctx, above = fb_fence_create(tl, base[i] + 0x80000001u, "above"));
		snprintf(what, sizeof(what), "counter %#x, point 2^31-1 ahead", base[i]);
		if ((r = conf_expect_status(ctx, below, 0, what)))
			return r;
		snprintf(what, sizeof(what), "counter %#x, point 2^31 ahead (%s)",
			 base[i], at_pending ? "2013: pending" : "mainline: signaled");
		if ((r = conf_expect_status(ctx, at, !at_pending, what)))
			return r;
		snprintf(what, sizeof(what), "counter %#x, point 2^31+1 ahead", base[i]);
		if ((r = conf_expect_status(ctx, above, 1, what)))
			return r;
		/* The pending ones signal when the counter reaches them. */
		CHECK_OK(ctx, fb_timeline_inc(tl, 0x7ffffffeu));
		if ((r = conf_expect_status(ctx, below, 0, "2^31-1 point, 1 ahead")))
			return r;
		CHECK_OK(ctx, fb_timeline_inc(tl, 1));
		if ((r = conf_expect_status(ctx, below, 1, "2^31-1 point reached")) ||
		    (r = conf_expect_status(ctx, at, !at_pending, "2^31 point, 1 ahead")))
			return r;
		CHECK_OK(ctx, fb_timeline_inc(tl, 1));
		if ((r = conf_expect_status(ctx, at, 1, "2^31 point reached")))
			return r;
		close(tl);
	}
	return CONF_PASS;
}

static const struct conf_case conf_cases_wrap[] = {
	{ "wrap_step_over", step_over, 0 },
	{ "wrap_jump_over", jump_over, 0 },
	{ "wrap_half_range", half_range, 0 },
	{ "wrap_half_boundary", half_boundary, 0 },
	{ NULL, NULL, 0 },
};

CONF_CASES_REGISTER(conf_cases_wrap, 70);
