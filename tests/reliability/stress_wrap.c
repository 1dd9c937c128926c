// SPDX-License-Identifier: GPL-2.0
/* stress_wrap.c - the 32-bit counter driven across 2^32 with fences pending on both sides. */
#include <stdint.h>
#include <unistd.h>

#include "stress.h"

#define WRAP_FENCES 6

/* Advance by @n in steps no larger than INT_MAX (the ABI's documented maximum). */
static int advance(int tl, uint32_t n)
{
	while (n) {
		uint32_t step = n > 0x7fffffffu ? 0x7fffffffu : n;
		int e = fb_timeline_inc(tl, step);

		rel_fig()->ops++;
		if (e)
			return e;
		n -= step;
	}
	return 0;
}

static void check_states(int *f, const uint32_t *v, uint32_t counter, const char *when)
{
	for (int i = 0; i < WRAP_FENCES; i++) {
		int want = (int32_t)(counter - v[i]) >= 0;
		int st = fb_fence_status(f[i], NULL), pr = fb_fence_poll(f[i], 0);

		REL_CHECK(st == want && pr == want,
			  "%s: counter %#x, fence at %#x: status %d poll %d, want %d",
			  when, counter, v[i], st, pr, want);
		rel_fig()->ops += 2;
	}
}

/*
 * A point signaled long ago stays signaled, also in a merge made after the
 * counter moved on by 2^31 or more (where a wrap-safe comparison of the raw
 * values would put it in the future again).
 */
static void wrap_sticky(const struct stress_params *p)
{
	int tl = fb_timeline_open(p->dev), old, fresh, m;

	if (!REL_CHECK(tl >= 0, "timeline open: %d", tl))
		return;
	old = fb_fence_create(tl, 1, "old");
	REL_CHECK(advance(tl, 1) == 0, "inc");
	REL_CHECK(fb_fence_status(old, NULL) == 1, "fence at 1 not signaled at 1");
	REL_CHECK(advance(tl, 0x80000010u) == 0, "advance by 2^31 + 16");
	REL_CHECK(fb_fence_status(old, NULL) == 1, "signaled fence went back to %d",
		  fb_fence_status(old, NULL));
	fresh = fb_fence_create(tl, 0x80000012u, "fresh");
	m = fb_fence_merge(old, fresh, "old+fresh");
	if (REL_CHECK(m >= 0 && fresh >= 0, "merge: %d", m)) {
		REL_CHECK(fb_fence_status(m, NULL) == 0, "merge with a pending fence: %d",
			  fb_fence_status(m, NULL));
		REL_CHECK(advance(tl, 1) == 0, "inc");
		REL_CHECK(fb_fence_status(m, NULL) == 1,
			  "merge of a point signaled 2^31 ago and a signaled one: status %d, want 1",
			  fb_fence_status(m, NULL));
		close(m);
	}
	if (fresh >= 0)
		close(fresh);
	if (old >= 0)
		close(old);
	close(tl);
}

void stress_wrap(const struct stress_params *p)
{
	wrap_sticky(p);
	/* Pending on both sides of 2^32, and exactly at it. */
	static const uint32_t v[WRAP_FENCES] = {
		0xffffff80u, 0xfffffffeu, 0xffffffffu, 0x0u, 0x1u, 0x80u,
	};
	static const uint32_t steps[] = { 0x80, 0x7e, 1, 1, 1, 0x7f, 0x100 };
	unsigned int rounds = p->iters / 50 + 1;

	for (unsigned int r = 0; r < rounds; r++) {
		int tl = fb_timeline_open(p->dev), f[WRAP_FENCES], early, merged = -1;
		uint32_t counter = 0xffffff00u;

		if (!REL_CHECK(tl >= 0, "timeline open: %d", tl))
			return;
		early = fb_fence_create(tl, 0x10, "early");
		if (!REL_CHECK(advance(tl, counter) == 0, "advance to %#x", counter)) {
			close(tl);
			if (early >= 0)
				close(early);
			return;
		}
		REL_CHECK(fb_fence_status(early, NULL) == 1, "fence at 0x10 not signaled");
		for (int i = 0; i < WRAP_FENCES; i++) {
			f[i] = fb_fence_create(tl, v[i], "wrap");
			REL_CHECK(f[i] >= 0, "create at %#x: %d", v[i], f[i]);
		}
		/* One merged fence spanning the wrap: signals with the last. */
		merged = fb_fence_merge(f[0], f[WRAP_FENCES - 1], "span");
		REL_CHECK(merged >= 0, "merge across the wrap: %d", merged);
		check_states(f, v, counter, "before");
		for (size_t s = 0; s < sizeof(steps) / sizeof(steps[0]); s++) {
			REL_CHECK(advance(tl, steps[s]) == 0, "inc %#x", steps[s]);
			counter += steps[s];
			check_states(f, v, counter, "after inc");
			REL_CHECK(fb_fence_status(merged, NULL) ==
				  ((int32_t)(counter - v[WRAP_FENCES - 1]) >= 0),
				  "merged fence at counter %#x: %d", counter,
				  fb_fence_status(merged, NULL));
		}
		for (int i = 0; i < WRAP_FENCES; i++)
			if (f[i] >= 0)
				close(f[i]);
		if (merged >= 0)
			close(merged);
		close(early);
		close(tl);
	}
}
