// SPDX-License-Identifier: GPL-2.0
/*
 * stress_rcufree.c - dma fences exported into mainline sync_files, polled,
 * queried and merged by some threads while others drop the last point and
 * timeline references (export-poll-last-ref; backends with sync_file
 * interop only).
 *
 * A dma point is freed an RCU grace period after its last reference goes
 * (dma_fence_free()); its timeline must live as long, because an RCU
 * reader that found the point may still follow fence->lock or fence->ops
 * into it. Under KASAN a timeline freed earlier is a use-after-free
 * report in whichever reader gets there. The sync_file paths reachable
 * from user space hold references while they read, so this case is a
 * net, not a proof: the exact reader is checked in place by
 * sync_dma_test.ko (module/dma/sync_dma_test.c, tests/guest/21-dma.sh).
 *
 * Producers make a timeline and one pending fence on it, export the fence
 * to a sync_file (sometimes merged with a sync_file another thread left),
 * leave the sync_file in a shared slot, close the fence fd, then either
 * close the timeline (the point signals with -ENOENT) or signal it.
 * Consumers take sync_files out of the slots, poll them, read their info
 * and put them back or close them: the last reference to a point (and so
 * to its timeline) is dropped by whichever thread closes last.
 */
#include <errno.h>
#include <poll.h>
#include <sched.h>
#include <pthread.h>
#include <stdatomic.h>
#include <unistd.h>

#include "prng.h"
#include "stress.h"

#define RF_SLOTS 32

struct rf_state {
	const struct stress_params *p;
	atomic_int slot[RF_SLOTS];	/* a sync_file fd, or -1 */
	atomic_uint seq;
};

/* Leave @fd in a random slot; close whatever was there. */
static void rf_put(struct rf_state *s, struct rel_prng *r, int fd)
{
	int old = atomic_exchange(&s->slot[rel_prng_below(r, RF_SLOTS)], fd);

	if (old >= 0)
		close(old);
}

static int rf_take(struct rf_state *s, struct rel_prng *r)
{
	return atomic_exchange(&s->slot[rel_prng_below(r, RF_SLOTS)], -1);
}

static void *rf_producer(void *arg)
{
	struct rf_state *s = arg;
	struct rel_prng r;

	rel_prng_seed(&r, s->p->seed + 131 * atomic_fetch_add(&s->seq, 1));
	for (unsigned int i = 0; i < s->p->iters * 8; i++) {
		int tl = fb_timeline_open(s->p->dev), f, sf, other;

		if (!REL_CHECK(tl >= 0, "timeline open: %d", tl))
			return NULL;
		f = fb_fence_create(tl, 1 + rel_prng_below(&r, 2), "rf");
		sf = f >= 0 ? fb_fence_export_sync_file(f) : -1;
		rel_fig()->ops += 3;
		REL_CHECK(f >= 0 && sf >= 0, "create %d, export %d", f, sf);
		if (f >= 0)
			close(f);
		other = rel_prng_below(&r, 4) == 0 ? rf_take(s, &r) : -1;
		if (sf >= 0 && other >= 0) {
			int m = fb_fence_merge(sf, other, "rf-merge");

			rel_fig()->ops++;
			REL_CHECK(m >= 0, "merge of sync_files: %d", m);
			close(other);
			if (m >= 0) {
				close(sf);
				sf = m;
			}
		} else if (other >= 0) {
			close(other);
		}
		if (sf >= 0)
			rf_put(s, &r, sf);
		if (rel_prng_below(&r, 2))
			REL_CHECK(fb_timeline_inc(tl, 2) == 0, "inc");
		close(tl);
		rel_fig()->ops += 2;
	}
	return NULL;
}

static void *rf_consumer(void *arg)
{
	struct rf_state *s = arg;
	struct rel_prng r;

	rel_prng_seed(&r, s->p->seed + 977 * atomic_fetch_add(&s->seq, 1));
	for (unsigned int i = 0; i < s->p->iters * 16; i++) {
		int fd = rf_take(s, &r), st;
		struct pollfd pfd;

		if (fd < 0) {
			sched_yield();
			continue;
		}
		pfd.fd = fd;
		pfd.events = POLLIN;
		REL_CHECK(poll(&pfd, 1, 0) >= 0, "poll");
		st = fb_fence_status(fd, NULL);
		rel_fig()->ops += 2;
		REL_CHECK(st == 0 || st == 1 || st == -ENOENT, "status %d", st);
		if (rel_prng_below(&r, 2))
			rf_put(s, &r, fd);
		else
			close(fd);
	}
	return NULL;
}

void stress_export_last_ref(const struct stress_params *p)
{
	struct rf_state s = { .p = p };
	unsigned int n = p->threads < 2 ? 2 : p->threads > 16 ? 16 : p->threads;
	pthread_t t[16];

	for (int i = 0; i < RF_SLOTS; i++)
		atomic_init(&s.slot[i], -1);
	for (unsigned int i = 0; i < n; i++)
		pthread_create(&t[i], NULL, i % 2 ? rf_consumer : rf_producer, &s);
	for (unsigned int i = 0; i < n; i++)
		pthread_join(t[i], NULL);
	for (int i = 0; i < RF_SLOTS; i++)
		if (atomic_load(&s.slot[i]) >= 0)
			close(atomic_load(&s.slot[i]));
}
