// SPDX-License-Identifier: GPL-2.0
/* stress_merge.c - random merge storms over 32 timelines while they advance. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

#include "prng.h"
#include "stress.h"

#define MS_TIMELINES 32
#define MS_MAX_PARTS 8

struct ms_state {
	const struct stress_params *p;
	int tl[MS_TIMELINES];
	atomic_uint reached[MS_TIMELINES];	/* set before each inc */
	atomic_bool stop;
	atomic_uint seq;
};

/* Merge @a and @b through one of the ABIs the backend has; closes neither. */
static int merge_any(const struct ms_state *s, struct rel_prng *r, int a, int b)
{
	if ((s->p->dev->caps & FB_CAP_LEGACY_ABI) && rel_prng_below(r, 2))
		return fb_fence_merge_legacy(a, b, "storm-l");
	return fb_fence_merge(a, b, "storm");
}

static void *storm_worker(void *arg)
{
	struct ms_state *s = arg;
	struct rel_prng r;

	rel_prng_seed(&r, s->p->seed + 1000 * atomic_fetch_add(&s->seq, 1));
	for (unsigned int i = 0; i < s->p->iters; i++) {
		uint32_t need[MS_TIMELINES] = { 0 };
		bool used[MS_TIMELINES] = { false };
		unsigned int parts = 2 + rel_prng_below(&r, MS_MAX_PARTS - 1), distinct = 0;
		int acc = -1, st, w;
		uint32_t num = 0;

		for (unsigned int k = 0; k < parts; k++) {
			int t = rel_prng_below(&r, MS_TIMELINES);
			/* Mostly pending points, some already signaled ones. */
			uint32_t v = atomic_load(&s->reached[t]) + rel_prng_below(&r, 6);
			int f = fb_fence_create(s->tl[t], v, "part"), m;

			rel_fig()->ops++;
			if (!REL_CHECK(f >= 0, "create: %d", f))
				break;
			if (!used[t] || (int32_t)(v - need[t]) > 0)
				need[t] = v;
			if (!used[t]) {
				used[t] = true;
				distinct++;
			}
			if (acc < 0) {
				acc = f;
				continue;
			}
			/* Sometimes merge with itself first: must be harmless. */
			if (rel_prng_below(&r, 8) == 0) {
				m = merge_any(s, &r, f, f);
				rel_fig()->ops++;
				if (REL_CHECK(m >= 0, "self merge: %d", m)) {
					close(f);
					f = m;
				}
			}
			m = rel_prng_below(&r, 2) ? merge_any(s, &r, acc, f) : merge_any(s, &r, f, acc);
			rel_fig()->ops++;
			close(f);
			close(acc);
			acc = m;
			if (!REL_CHECK(m >= 0, "merge: %d", m))
				break;
		}
		if (acc < 0)
			continue;
		st = fb_fence_status(acc, &num);
		REL_CHECK(st >= 0, "status of merged fence: %d", st);
		REL_CHECK(num >= 1 && num <= distinct,
			  "merged fence has %u points for %u timelines", num, distinct);
		w = fb_fence_poll(acc, STRESS_WAIT_MS);
		REL_CHECK(w == 1, "poll on merged fence: %d", w);
		for (int t = 0; t < MS_TIMELINES; t++)
			REL_CHECK(!used[t] || (int32_t)(atomic_load(&s->reached[t]) - need[t]) >= 0,
				  "merged fence signaled before timeline %d reached %u (at %u)",
				  t, need[t], atomic_load(&s->reached[t]));
		close(acc);
		rel_fig()->ops += 3;
	}
	return NULL;
}

static void *storm_signaller(void *arg)
{
	struct ms_state *s = arg;
	struct rel_prng r;

	rel_prng_seed(&r, s->p->seed ^ 0x5151);
	while (!atomic_load(&s->stop)) {
		int t = rel_prng_below(&r, MS_TIMELINES);
		uint32_t step = rel_prng_below(&r, 3);
		int e;

		atomic_fetch_add(&s->reached[t], step);
		e = fb_timeline_inc(s->tl[t], step);
		rel_fig()->ops++;
		REL_CHECK(e == 0, "inc: %d", e);
		if (rel_prng_below(&r, 16) == 0)
			usleep(50);
	}
	return NULL;
}

void stress_merge_storm(const struct stress_params *p)
{
	struct ms_state s = { .p = p };
	pthread_t w[64], sig;
	unsigned int n = p->threads > 64 ? 64 : p->threads;

	for (int t = 0; t < MS_TIMELINES; t++) {
		s.tl[t] = fb_timeline_open(p->dev);
		if (!REL_CHECK(s.tl[t] >= 0, "timeline open: %d", s.tl[t])) {
			while (t--)
				close(s.tl[t]);
			return;
		}
	}
	pthread_create(&sig, NULL, storm_signaller, &s);
	for (unsigned int i = 0; i < n; i++)
		pthread_create(&w[i], NULL, storm_worker, &s);
	for (unsigned int i = 0; i < n; i++)
		pthread_join(w[i], NULL);
	atomic_store(&s.stop, true);
	pthread_join(sig, NULL);
	for (int t = 0; t < MS_TIMELINES; t++)
		close(s.tl[t]);
}
