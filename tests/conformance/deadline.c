// SPDX-License-Identifier: GPL-2.0
/*
 * deadline.c - conformance cases: deadline hints, mainline's ABI from 6.4
 * on (SYNC_IOC_SET_DEADLINE on a fence, SW_SYNC_GET_DEADLINE on its
 * timeline). A backend that declares deadline_abi, on a kernel with
 * dma_fence deadlines, behaves as mainline's sw_sync: the earliest deadline
 * set is kept; none set is ENOENT; nonzero pad or output fields are
 * EINVAL; GET of a merged fence, or of an fd that is no fence, is EINVAL;
 * a deadline set on a merged fence reaches each of its points; one set
 * after the fence signaled changes nothing. Anywhere else both ioctls are
 * unknown (ENOTTY): the 2013 framework had no deadlines, nor had 6.1.
 */
#include "conformance.h"

#include <errno.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/utsname.h>

/* Does the running kernel have dma_fence deadlines (6.4 on)? */
static int kernel_has_deadlines(void)
{
	unsigned int major, minor;
	struct utsname u;

	if (uname(&u) || sscanf(u.release, "%u.%u", &major, &minor) != 2)
		return 0;
	return major > 6 || (major == 6 && minor >= 4);
}

static int set_deadline(int fence, uint64_t ns, uint64_t pad)
{
	struct sync_set_deadline d = { .deadline_ns = ns, .pad = pad };

	return ioctl(fence, SYNC_IOC_SET_DEADLINE, &d) ? -errno : 0;
}

/* The deadline of @fence read through timeline @tl; -errno on error. */
static int get_deadline(int tl, int fence, uint64_t in_ns, uint32_t pad,
			uint64_t *ns)
{
	struct sw_sync_get_deadline d = {
		.deadline_ns = in_ns, .pad = pad, .fence_fd = fence,
	};

	if (ioctl(tl, SW_SYNC_GET_DEADLINE, &d))
		return -errno;
	*ns = d.deadline_ns;
	return 0;
}

#define EXPECT_ERR(ctx, call, e)					\
	do {								\
		int r_ = (call);					\
		CHECK(ctx, r_ == -(e), "%s: %s, want %s", #call,	\
		      r_ ? strerror(-r_) : "success", strerror(e));	\
	} while (0)

#define EXPECT_DEADLINE(ctx, tl, fence, want)				\
	do {								\
		uint64_t got_ = 0;					\
		CHECK_OK(ctx, get_deadline(tl, fence, 0, 0, &got_));	\
		CHECK(ctx, got_ == (want), "deadline %llu, want %llu",	\
		      (unsigned long long)got_,				\
		      (unsigned long long)(want));			\
	} while (0)

static enum conf_result deadline_hints(struct conf_ctx *ctx)
{
	uint64_t t = (uint64_t)conf_now_ns() + 1000000000ull, unused;
	int tl, tl2, f, g, h, m;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, tl2 = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, f = fb_fence_create(tl, 1, "dl"));
	if (!ctx->dev->deadline_abi || !kernel_has_deadlines()) {
		/* legacy (2013: no deadlines); dma and mainline before 6.4 */
		EXPECT_ERR(ctx, set_deadline(f, t, 0), ENOTTY);
		EXPECT_ERR(ctx, get_deadline(tl, f, 0, 0, &unused), ENOTTY);
		conf_note(ctx, "no deadline ABI here: both ioctls ENOTTY");
		return CONF_PASS;
	}
	EXPECT_ERR(ctx, get_deadline(tl, f, 0, 0, &unused), ENOENT);
	EXPECT_ERR(ctx, set_deadline(f, t, 1), EINVAL);
	EXPECT_ERR(ctx, get_deadline(tl, f, 0, 0, &unused), ENOENT);
	CHECK_OK(ctx, set_deadline(f, t, 0));
	EXPECT_DEADLINE(ctx, tl, f, t);
	CHECK_OK(ctx, set_deadline(f, t + 1000, 0));
	EXPECT_DEADLINE(ctx, tl, f, t);		/* the earliest is kept */
	CHECK_OK(ctx, set_deadline(f, t - 1000, 0));
	EXPECT_DEADLINE(ctx, tl, f, t - 1000);
	EXPECT_ERR(ctx, get_deadline(tl, f, 1, 0, &unused), EINVAL);
	EXPECT_ERR(ctx, get_deadline(tl, f, 0, 1, &unused), EINVAL);
	EXPECT_ERR(ctx, get_deadline(tl, tl2, 0, 0, &unused), EINVAL);

	/* A merged fence: its deadline reaches each point; GET refuses it. */
	CHECK_OK(ctx, g = fb_fence_create(tl, 3, "dl-g"));
	CHECK_OK(ctx, h = fb_fence_create(tl2, 1, "dl-h"));
	CHECK_OK(ctx, m = fb_fence_merge(g, h, "dl-m"));
	CHECK_OK(ctx, set_deadline(m, t + 5, 0));
	EXPECT_ERR(ctx, get_deadline(tl, m, 0, 0, &unused), EINVAL);
	EXPECT_DEADLINE(ctx, tl, g, t + 5);
	EXPECT_DEADLINE(ctx, tl2, h, t + 5);

	/* After the fence signaled, a new deadline changes nothing. */
	CHECK_OK(ctx, fb_timeline_inc(tl, 1));
	CHECK_OK(ctx, set_deadline(f, t - 5000, 0));
	EXPECT_DEADLINE(ctx, tl, f, t - 1000);
	return CONF_PASS;
}

static const struct conf_case conf_cases_deadline[] = {
	{ "deadline_hints", deadline_hints, 0 },
	{ NULL, NULL, 0 },
};

CONF_CASES_REGISTER(conf_cases_deadline, 55);
