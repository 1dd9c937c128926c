// SPDX-License-Identifier: GPL-2.0
/*
 * wrap.c - conformance cases: the u32 counter wrapping around. Values are
 * compared wrap-safe (a point is signaled when it is at most 2^31 - 1
 * behind the counter), so points created just before and just after the
 * wrap signal in counter order.
 */
#include "conformance.h"

#include <stdio.h>

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

const struct conf_case conf_cases_wrap[] = {
	{ "wrap_step_over", step_over, 0 },
	{ "wrap_jump_over", jump_over, 0 },
	{ "wrap_half_range", half_range, 0 },
	{ NULL, NULL, 0 },
};
