// SPDX-License-Identifier: GPL-2.0
/* basic.c - conformance cases: timeline open, fence create, inc, poll. */
#include "conformance.h"

#include <unistd.h>

/* Fences at 1 and 2 signal one inc each, in order; nothing else does. */
static enum conf_result create_inc_poll(struct conf_ctx *ctx)
{
	int tl, f1, f2;
	enum conf_result r;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, f1 = fb_fence_create(tl, 1, "f1"));
	CHECK_OK(ctx, f2 = fb_fence_create(tl, 2, "f2"));
	CHECK(ctx, f1 != f2, "two fences share fd %d", f1);
	if ((r = conf_expect_status(ctx, f1, 0, "f1 before inc")) ||
	    (r = conf_expect_status(ctx, f2, 0, "f2 before inc")))
		return r;
	CHECK_OK(ctx, fb_timeline_inc(tl, 1));
	if ((r = conf_expect_status(ctx, f1, 1, "f1 after inc 1")) ||
	    (r = conf_expect_status(ctx, f2, 0, "f2 after inc 1")))
		return r;
	CHECK_OK(ctx, fb_timeline_inc(tl, 1));
	if ((r = conf_expect_status(ctx, f1, 1, "f1 after inc 2")) ||
	    (r = conf_expect_status(ctx, f2, 1, "f2 after inc 2")))
		return r;
	return CONF_PASS;
}

/* A fence at or below the timeline value is signaled from the start. */
static enum conf_result create_signaled(struct conf_ctx *ctx)
{
	int tl, f0, f3, f5;
	enum conf_result r;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, f0 = fb_fence_create(tl, 0, "at0"));
	if ((r = conf_expect_status(ctx, f0, 1, "value 0 on a new timeline")))
		return r;
	CHECK_OK(ctx, fb_timeline_inc(tl, 5));
	CHECK_OK(ctx, f3 = fb_fence_create(tl, 3, "past"));
	CHECK_OK(ctx, f5 = fb_fence_create(tl, 5, "now"));
	if ((r = conf_expect_status(ctx, f3, 1, "value below the timeline")) ||
	    (r = conf_expect_status(ctx, f5, 1, "value equal to the timeline")))
		return r;
	return CONF_PASS;
}

/* Two fences at the same value: both distinct, both signal together. */
static enum conf_result create_same_value(struct conf_ctx *ctx)
{
	int tl, a, b;
	enum conf_result r;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, a = fb_fence_create(tl, 3, "a"));
	CHECK_OK(ctx, b = fb_fence_create(tl, 3, "b"));
	CHECK_OK(ctx, fb_timeline_inc(tl, 2));
	if ((r = conf_expect_status(ctx, a, 0, "a at 2")) ||
	    (r = conf_expect_status(ctx, b, 0, "b at 2")))
		return r;
	close(a);
	CHECK_OK(ctx, fb_timeline_inc(tl, 1));
	return conf_expect_status(ctx, b, 1, "b at 3 (a closed before)");
}

/* inc 0 signals nothing; a big inc signals everything up to it. */
static enum conf_result inc_zero_and_big(struct conf_ctx *ctx)
{
	int tl, f[8];
	enum conf_result r;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	for (int i = 0; i < 8; i++)
		CHECK_OK(ctx, f[i] = fb_fence_create(tl, 1u << (2 * i), "pow4"));
	CHECK_OK(ctx, fb_timeline_inc(tl, 0));
	if ((r = conf_expect_status(ctx, f[0], 0, "fence at 1 after inc 0")))
		return r;
	CHECK_OK(ctx, fb_timeline_inc(tl, 1u << 10));
	for (int i = 0; i < 8; i++) {
		int want = i <= 5;

		if ((r = conf_expect_status(ctx, f[i], want, "after inc 1024")))
			return r;
	}
	CHECK_OK(ctx, fb_timeline_inc(tl, (1u << 14) - (1u << 10)));
	for (int i = 0; i < 8; i++)
		if ((r = conf_expect_status(ctx, f[i], 1, "after inc to 16384")))
			return r;
	return CONF_PASS;
}

/* Timelines are independent: an inc on one signals nothing on another. */
static enum conf_result timelines_independent(struct conf_ctx *ctx)
{
	int a, b, fa, fb;
	enum conf_result r;

	CHECK_OK(ctx, a = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, b = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, fa = fb_fence_create(a, 1, "fa"));
	CHECK_OK(ctx, fb = fb_fence_create(b, 1, "fb"));
	CHECK_OK(ctx, fb_timeline_inc(a, 1));
	if ((r = conf_expect_status(ctx, fa, 1, "fa after inc of a")) ||
	    (r = conf_expect_status(ctx, fb, 0, "fb after inc of a")))
		return r;
	CHECK_OK(ctx, fb_timeline_inc(b, 1));
	return conf_expect_status(ctx, fb, 1, "fb after inc of b");
}

/* A fence outlives its closed fd's twin: dup()ed fds see the same fence. */
static enum conf_result fence_dup(struct conf_ctx *ctx)
{
	int tl, f, d;
	enum conf_result r;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, f = fb_fence_create(tl, 1, "f"));
	d = dup(f);
	CHECK(ctx, d >= 0, "dup failed");
	close(f);
	if ((r = conf_expect_status(ctx, d, 0, "dup before inc")))
		return r;
	CHECK_OK(ctx, fb_timeline_inc(tl, 1));
	return conf_expect_status(ctx, d, 1, "dup after inc");
}

static const struct conf_case conf_cases_basic[] = {
	{ "create_inc_poll", create_inc_poll, 0 },
	{ "create_signaled", create_signaled, 0 },
	{ "create_same_value", create_same_value, 0 },
	{ "inc_zero_and_big", inc_zero_and_big, 0 },
	{ "timelines_independent", timelines_independent, 0 },
	{ "fence_dup", fence_dup, 0 },
	{ NULL, NULL, 0 },
};

CONF_CASES_REGISTER(conf_cases_basic, 10);
