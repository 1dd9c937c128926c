// SPDX-License-Identifier: GPL-2.0
/* stress_prodcons.c - producers create fences on shared timelines, consumers wait, one thread signals. */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

#include "prng.h"
#include "stress.h"

#define PC_TIMELINES 4
#define PC_QUEUE 256

struct pc_item {
	int fd;
	int tl;
	uint32_t value;
};

struct pc_state {
	const struct stress_params *p;
	int tl[PC_TIMELINES];
	atomic_uint next[PC_TIMELINES];		/* last value handed to a producer */
	atomic_uint reached[PC_TIMELINES];	/* value the signaller is moving to */
	atomic_uint producers_left;
	atomic_bool stop;
	pthread_mutex_t lock;
	pthread_cond_t cond;
	struct pc_item q[PC_QUEUE];
	unsigned int head, count, consumed, produced;
	unsigned int total;
};

static void *producer(void *arg)
{
	struct pc_state *s = arg;
	struct rel_prng r;

	rel_prng_seed(&r, s->p->seed ^ (uintptr_t)pthread_self());
	for (unsigned int i = 0; i < s->p->iters * 4; i++) {
		struct pc_item it = { .tl = rel_prng_below(&r, PC_TIMELINES) };

		it.value = atomic_fetch_add(&s->next[it.tl], 1) + 1;
		it.fd = fb_fence_create(s->tl[it.tl], it.value, "pc");
		rel_fig()->ops++;
		if (!REL_CHECK(it.fd >= 0, "create(%u): %d", it.value, it.fd))
			break;
		pthread_mutex_lock(&s->lock);
		while (s->count == PC_QUEUE)
			pthread_cond_wait(&s->cond, &s->lock);
		s->q[(s->head + s->count++) % PC_QUEUE] = it;
		s->produced++;
		pthread_cond_broadcast(&s->cond);
		pthread_mutex_unlock(&s->lock);
	}
	pthread_mutex_lock(&s->lock);
	atomic_fetch_sub(&s->producers_left, 1);
	pthread_cond_broadcast(&s->cond);
	pthread_mutex_unlock(&s->lock);
	return NULL;
}

static void *consumer(void *arg)
{
	struct pc_state *s = arg;

	for (;;) {
		struct pc_item it;
		int r, st;

		pthread_mutex_lock(&s->lock);
		while (!s->count && atomic_load(&s->producers_left))
			pthread_cond_wait(&s->cond, &s->lock);
		if (!s->count) {
			pthread_mutex_unlock(&s->lock);
			return NULL;
		}
		it = s->q[s->head];
		s->head = (s->head + 1) % PC_QUEUE;
		s->count--;
		s->consumed++;
		pthread_cond_broadcast(&s->cond);
		pthread_mutex_unlock(&s->lock);

		r = fb_fence_poll(it.fd, STRESS_WAIT_MS);
		REL_CHECK(r == 1, "poll on fence %u of timeline %d: %d", it.value, it.tl, r);
		/* Signaled means the signaller got at least this far. */
		REL_CHECK(atomic_load(&s->reached[it.tl]) >= it.value,
			  "fence %u signaled with the timeline moving only to %u",
			  it.value, atomic_load(&s->reached[it.tl]));
		st = fb_fence_status(it.fd, NULL);
		REL_CHECK(st == 1, "status of fence %u: %d", it.value, st);
		if ((it.value & 7) == 0 && (s->p->dev->caps & FB_CAP_LEGACY_ABI)) {
			r = fb_fence_wait_ioctl(it.fd, 0);
			REL_CHECK(r == 0, "wait ioctl on signaled fence: %d", r);
			rel_fig()->ops++;
		}
		close(it.fd);
		rel_fig()->ops += 3;
	}
}

static void *signaller(void *arg)
{
	struct pc_state *s = arg;
	struct rel_prng r;

	rel_prng_seed(&r, s->p->seed * 7 + 1);
	while (!atomic_load(&s->stop)) {
		int moved = 0;

		for (int t = 0; t < PC_TIMELINES; t++) {
			uint32_t cur = atomic_load(&s->reached[t]);
			uint32_t want = atomic_load(&s->next[t]);
			uint32_t step;
			int e;

			if (cur >= want)
				continue;
			step = 1 + rel_prng_below(&r, 3);
			if (step > want - cur)
				step = want - cur;
			atomic_store(&s->reached[t], cur + step);
			e = fb_timeline_inc(s->tl[t], step);
			rel_fig()->ops++;
			REL_CHECK(e == 0, "inc: %d", e);
			moved = 1;
		}
		if (!moved)
			usleep(100);
	}
	return NULL;
}

void stress_prodcons(const struct stress_params *p)
{
	struct pc_state *s = calloc(1, sizeof(*s));
	unsigned int n = p->threads;
	pthread_t prod[64], cons[64], sig;

	if (!REL_CHECK(s != NULL, "out of memory"))
		return;
	if (n > 64)
		n = 64;
	s->p = p;
	pthread_mutex_init(&s->lock, NULL);
	pthread_cond_init(&s->cond, NULL);
	for (int t = 0; t < PC_TIMELINES; t++) {
		s->tl[t] = fb_timeline_open(p->dev);
		if (!REL_CHECK(s->tl[t] >= 0, "timeline open: %d", s->tl[t])) {
			while (t--)
				close(s->tl[t]);
			free(s);
			return;
		}
	}
	atomic_store(&s->producers_left, n);
	pthread_create(&sig, NULL, signaller, s);
	for (unsigned int i = 0; i < n; i++) {
		pthread_create(&prod[i], NULL, producer, s);
		pthread_create(&cons[i], NULL, consumer, s);
	}
	for (unsigned int i = 0; i < n; i++) {
		pthread_join(prod[i], NULL);
		pthread_join(cons[i], NULL);
	}
	atomic_store(&s->stop, true);
	pthread_join(sig, NULL);
	REL_CHECK(s->produced == s->consumed, "produced %u, consumed %u",
		  s->produced, s->consumed);
	for (int t = 0; t < PC_TIMELINES; t++)
		close(s->tl[t]);
	pthread_mutex_destroy(&s->lock);
	pthread_cond_destroy(&s->cond);
	free(s);
}
