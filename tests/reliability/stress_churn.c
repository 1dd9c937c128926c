// SPDX-License-Identifier: GPL-2.0
/* stress_churn.c - a churn of fence lifetimes (default one million) over all threads. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <unistd.h>

#include "prng.h"
#include "stress.h"

struct churn_state {
	const struct stress_params *p;
	atomic_ulong left;		/* lifetimes still to run */
	atomic_ulong done;
	atomic_uint seq;
};

static void *churn_worker(void *arg)
{
	struct churn_state *s = arg;
	struct rel_prng r;
	int tl = fb_timeline_open(s->p->dev), prev = -1;
	uint32_t value = 0;

	if (!REL_CHECK(tl >= 0, "timeline open: %d", tl))
		return NULL;
	rel_prng_seed(&r, s->p->seed + atomic_fetch_add(&s->seq, 1));
	for (;;) {
		unsigned long old = atomic_load(&s->left);
		int f;

		do {
			if (!old)
				goto out;
		} while (!atomic_compare_exchange_weak(&s->left, &old, old - 1));

		/* Half signaled at birth, half pending until a later inc. */
		f = fb_fence_create(tl, value + rel_prng_below(&r, 2), "churn");
		if (!REL_CHECK(f >= 0, "create: %d", f))
			break;
		rel_fig()->ops++;
		switch (rel_prng_below(&r, 16)) {
		case 0:		/* merged lifetime */
			if (prev >= 0) {
				int m = fb_fence_merge(prev, f, "churn-m");

				REL_CHECK(m >= 0, "merge: %d", m);
				if (m >= 0)
					close(m);
				rel_fig()->ops++;
			}
			break;
		case 1:
			REL_CHECK(fb_timeline_inc(tl, 1) == 0, "inc");
			value++;
			rel_fig()->ops++;
			break;
		default:
			break;
		}
		if (prev >= 0)
			close(prev);
		prev = f;
		atomic_fetch_add(&s->done, 1);
	}
out:
	if (prev >= 0)
		close(prev);
	close(tl);
	return NULL;
}

void stress_churn(const struct stress_params *p)
{
	struct churn_state s = { .p = p };
	unsigned int n = p->threads > 64 ? 64 : p->threads;
	unsigned long long t0 = rel_now_ns();
	pthread_t w[64];

	atomic_store(&s.left, p->churn);
	for (unsigned int i = 0; i < n; i++)
		pthread_create(&w[i], NULL, churn_worker, &s);
	for (unsigned int i = 0; i < n; i++)
		pthread_join(w[i], NULL);
	printf("     %s stress/churn: %lu fence lifetimes run (asked %llu) in %.1f s\n",
	       p->dev->name, (unsigned long)atomic_load(&s.done),
	       (unsigned long long)p->churn, (rel_now_ns() - t0) / 1e9);
	REL_CHECK(atomic_load(&s.done) == p->churn, "ran %lu of %llu lifetimes",
		  (unsigned long)atomic_load(&s.done), (unsigned long long)p->churn);
}
