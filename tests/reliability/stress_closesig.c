// SPDX-License-Identifier: GPL-2.0
/* stress_closesig.c - fence fds closed (and epoll-watched fds dropped) while their timeline signals. */
#include <pthread.h>
#include <stdatomic.h>
#include <sys/epoll.h>
#include <unistd.h>

#include "prng.h"
#include "stress.h"

#define CS_BATCH 64

struct cs_state {
	const struct stress_params *p;
	int tl;
	atomic_uint reached;
	atomic_bool stop;
	atomic_uint seq;
};

static void *cs_worker(void *arg)
{
	struct cs_state *s = arg;
	struct rel_prng r;
	int ep = epoll_create1(EPOLL_CLOEXEC);

	REL_CHECK(ep >= 0, "epoll_create1 failed");
	rel_prng_seed(&r, s->p->seed + 77 * atomic_fetch_add(&s->seq, 1));
	for (unsigned int i = 0; i < s->p->iters; i++) {
		int f[CS_BATCH];
		unsigned int n = 0;

		for (unsigned int k = 0; k < CS_BATCH; k++) {
			uint32_t v = atomic_load(&s->reached) + rel_prng_below(&r, 8);

			f[n] = fb_fence_create(s->tl, v, "cs");
			rel_fig()->ops++;
			if (!REL_CHECK(f[n] >= 0, "create: %d", f[n]))
				break;
			if (ep >= 0 && rel_prng_below(&r, 4) == 0) {
				struct epoll_event ev = { .events = EPOLLIN, .data.fd = f[n] };

				REL_CHECK(epoll_ctl(ep, EPOLL_CTL_ADD, f[n], &ev) == 0,
					  "epoll_ctl add");
				rel_fig()->ops++;
			}
			n++;
		}
		if (ep >= 0) {
			struct epoll_event evs[8];

			/* Harvest whatever is ready; the rest stays registered. */
			REL_CHECK(epoll_wait(ep, evs, 8, 0) >= 0, "epoll_wait");
			rel_fig()->ops++;
		}
		/* Close in random order, racing the signaller. */
		while (n) {
			unsigned int k = rel_prng_below(&r, n);

			if (rel_prng_below(&r, 4) == 0) {
				int pr = fb_fence_poll(f[k], 0);

				REL_CHECK(pr == 0 || pr == 1, "poll: %d", pr);
				rel_fig()->ops++;
			}
			close(f[k]);
			rel_fig()->ops++;
			f[k] = f[--n];
		}
	}
	if (ep >= 0)
		close(ep);
	return NULL;
}

static void *cs_signaller(void *arg)
{
	struct cs_state *s = arg;

	while (!atomic_load(&s->stop)) {
		int e;

		atomic_fetch_add(&s->reached, 1);
		e = fb_timeline_inc(s->tl, 1);
		rel_fig()->ops++;
		REL_CHECK(e == 0, "inc: %d", e);
	}
	return NULL;
}

void stress_close_signalling(const struct stress_params *p)
{
	struct cs_state s = { .p = p };
	unsigned int n = p->threads > 64 ? 64 : p->threads;
	pthread_t w[64], sig;

	s.tl = fb_timeline_open(p->dev);
	if (!REL_CHECK(s.tl >= 0, "timeline open: %d", s.tl))
		return;
	pthread_create(&sig, NULL, cs_signaller, &s);
	for (unsigned int i = 0; i < n; i++)
		pthread_create(&w[i], NULL, cs_worker, &s);
	for (unsigned int i = 0; i < n; i++)
		pthread_join(w[i], NULL);
	atomic_store(&s.stop, true);
	pthread_join(sig, NULL);
	close(s.tl);
}
