// SPDX-License-Identifier: GPL-2.0
/*
 * stress_mlrace.c - fence fds closed while one increment walks a long list
 * of points of their timeline (close-during-signal-walk).
 *
 * Each round makes MR_FENCES fences at the next MR_FENCES values of one
 * timeline, then one thread increments the timeline past all of them in a
 * single SW_SYNC_IOC_INC (the kernel signals every point in one walk under
 * the timeline lock) while the other threads close the fds, highest value
 * first, so that closes land on points the walk has not reached yet. A fence
 * whose fd was its last reference is released during the walk.
 *
 * Every backend must survive it. The kernel's own sw_sync (mainline, 6.1)
 * does not: its sync_timeline_signal() takes dma_fence_get() on points of a
 * list that holds no reference, so a point whose count reached 0 while its
 * release waits for the lock gets "refcount_t: addition on 0;
 * use-after-free", then a second unlink. See docs/mainline-sw_sync-race.md;
 * this case is its reproducer (make reproduce-mainline-race) and is left
 * out of the CI campaign for mainline only (stress.c).
 *
 * The case checks the kernel log after every round and stops at the first
 * report, printing the round and the time it took.
 */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <unistd.h>

#include "kmsg.h"
#include "stress.h"

#define MR_FENCES	1024	/* fences (distinct values) per round */
#define MR_MAX_CLOSERS	16

struct mr_state {
	int tl;
	unsigned int n;			/* fences this round */
	unsigned int closers;
	int fd[MR_FENCES];
	pthread_barrier_t go, done;
	atomic_bool stop;
};

struct mr_closer {
	struct mr_state *s;
	unsigned int idx;
	pthread_t t;
};

/* Close every closers-th fd, from the highest value down. */
static void *mr_close(void *arg)
{
	struct mr_closer *c = arg;
	struct mr_state *s = c->s;

	for (;;) {
		pthread_barrier_wait(&s->go);
		if (atomic_load(&s->stop))
			return NULL;
		for (unsigned int i = s->n - 1 - c->idx; i < s->n; i -= s->closers) {
			REL_CHECK(close(s->fd[i]) == 0, "close: %d", errno);
			rel_fig()->ops++;
		}
		pthread_barrier_wait(&s->done);
	}
}

/* Room for one round of fds: raise the soft limit if it is too low. */
static unsigned int mr_fences(void)
{
	struct rlimit rl;
	rlim_t want = MR_FENCES + 64;

	if (getrlimit(RLIMIT_NOFILE, &rl))
		return 64;
	if (rl.rlim_cur < want) {
		if (rl.rlim_max < want && geteuid() == 0)
			rl.rlim_max = want;
		rl.rlim_cur = rl.rlim_max < want ? rl.rlim_max : want;
		setrlimit(RLIMIT_NOFILE, &rl);
		getrlimit(RLIMIT_NOFILE, &rl);
	}
	if (rl.rlim_cur >= want)
		return MR_FENCES;
	return rl.rlim_cur > 128 ? (unsigned int)rl.rlim_cur - 64 : 64;
}

void stress_close_signal_walk(const struct stress_params *p)
{
	struct mr_closer c[MR_MAX_CLOSERS];
	unsigned int rounds = p->iters > 4 ? p->iters / 4 : 1, closers = p->threads > 1 ? p->threads - 1 : 1;
	unsigned long long t0 = rel_now_ns();
	struct mr_state *s;
	uint32_t value = 0;
	unsigned int r;
	int reports = 0;

	if (closers > MR_MAX_CLOSERS)
		closers = MR_MAX_CLOSERS;
	s = calloc(1, sizeof(*s));
	if (!REL_CHECK(s, "out of memory"))
		return;
	s->tl = fb_timeline_open(p->dev);
	if (!REL_CHECK(s->tl >= 0, "timeline open: %d", s->tl)) {
		free(s);
		return;
	}
	s->n = mr_fences();
	s->closers = closers;
	pthread_barrier_init(&s->go, NULL, closers + 1);
	pthread_barrier_init(&s->done, NULL, closers + 1);
	for (unsigned int i = 0; i < closers; i++) {
		c[i].s = s;
		c[i].idx = i;
		pthread_create(&c[i].t, NULL, mr_close, &c[i]);
	}
	printf("     %s close-during-signal-walk: %u rounds of %u fences, %u closers\n",
	       p->dev->name, rounds, s->n, closers);
	for (r = 0; r < rounds && !reports; r++) {
		unsigned int made = 0;
		int e;

		for (; made < s->n; made++) {
			s->fd[made] = fb_fence_create(s->tl, value + 1 + made, "mr");
			rel_fig()->ops++;
			if (!REL_CHECK(s->fd[made] >= 0, "create: %d", s->fd[made]))
				break;
		}
		if (made < s->n) {
			while (made)
				close(s->fd[--made]);
			break;
		}
		/* The kernel may die in the round: say which one it is. */
		if (r < 10 || (r + 1) % 50 == 0)
			printf("     %s close-during-signal-walk: round %u starts at %.1f s\n",
			       p->dev->name, r + 1, (rel_now_ns() - t0) / 1e9);
		pthread_barrier_wait(&s->go);
		/* One walk over every point of the round, racing the closes. */
		e = fb_timeline_inc(s->tl, s->n);
		rel_fig()->ops++;
		REL_CHECK(e == 0, "inc: %d", e);
		value += s->n;
		pthread_barrier_wait(&s->done);

		reports = rel_kmsg_check("close-during-signal-walk");
		if (reports < 0)
			reports = 0;	/* rel_case_end() reports the unreadable log */
	}
	if (reports) {
		rel_fig()->splats += (unsigned int)reports;
		REL_CHECK(0, "kernel report after %u round(s) (%u fences closed under a signal walk each), %.1f s",
			  r, s->n, (rel_now_ns() - t0) / 1e9);
		printf("mlrace: fired backend=%s rounds=%u fences_per_round=%u seconds=%.1f\n",
		       p->dev->name, r, s->n, (rel_now_ns() - t0) / 1e9);
	} else {
		printf("mlrace: clean backend=%s rounds=%u fences_per_round=%u seconds=%.1f\n",
		       p->dev->name, r, s->n, (rel_now_ns() - t0) / 1e9);
	}
	atomic_store(&s->stop, true);
	pthread_barrier_wait(&s->go);
	for (unsigned int i = 0; i < closers; i++)
		pthread_join(c[i].t, NULL);
	pthread_barrier_destroy(&s->go);
	pthread_barrier_destroy(&s->done);
	close(s->tl);
	free(s);
}
