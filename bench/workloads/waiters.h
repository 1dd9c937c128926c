/* SPDX-License-Identifier: GPL-2.0 */
/*
 * waiters.h - a pool of pinned threads that block on backend handles by one
 * wait method, for the wake-up workloads (wakeup, pollscale).
 *
 * Per round the driver arms handles, releases the pool (threads leave a
 * futex on the pool's round counter, mark themselves "waiting" and enter
 * the measured wait), checks through /proc that every waiter sleeps in
 * the measured system call, timestamps, signals, and sleeps until the last
 * waiter reports. A waiter timestamps its own return (CLOCK_MONOTONIC)
 * before doing anything else. With the epoll method there is one thread
 * waiting for all handles through one epoll instance.
 */
#ifndef FB_WAITERS_H
#define FB_WAITERS_H

#include <pthread.h>
#include <stdint.h>
#include <sys/types.h>

#include "../backends/backend.h"
#include "waitmethod.h"


struct fb_wslot {
	pthread_t thread;
	pid_t tid;
	int cpu;
	int handle;		/* set by the driver before a round */
	uint32_t waiting;	/* round number the thread is waiting in */
	int err;
	uint64_t t_wake;	/* this waiter's return time (poll, native) */
	struct fb_wpool *pool;
};

struct fb_wpool {
	const struct fb_backend *b;
	void *src;
	int method;
	unsigned int nslots;	/* threads (1 for epoll) */
	unsigned int nhandles;	/* handles per round (epoll: events) */
	struct fb_wslot **slot;	/* each allocated on its CPU's node */
	int epfd;
	uint64_t *t_event;	/* epoll: return time for each event */
	uint32_t round;		/* futex: released rounds */
	uint32_t done;		/* futex: waiters finished this round */
	int stop;
	int spin;		/* coordinate by spinning, not futexes */
};

/*
 * Start @nthreads waiters (epoll: one, waiting for @nthreads events), the
 * i-th pinned to @cpu_of(i). With @spin the driver and the waiters wait
 * for each other by spinning (with sched_yield) instead of sleeping on
 * futexes: outside the measured wait no vCPU goes idle, which keeps the
 * bookkeeping cheap under emulation; meant for few waiters. 0 or -errno.
 */
int fb_wpool_start(struct fb_wpool *p, const struct fb_backend *b, void *src,
		   int method, unsigned int nthreads, int (*cpu_of)(int i),
		   int spin);
/*
 * One round: hand handles[i] to waiter i (epoll: register all), release,
 * wait until all are blocked, run @pre (may be NULL: e.g. an idle gap),
 * take t0, signal once, wait for all wake-ups. Latencies (ns) go into
 * @lat (nthreads entries). 0 or -errno (-ETIMEDOUT if a waiter never
 * blocked).
 */
int fb_wpool_round(struct fb_wpool *p, const int *handles,
		   void (*pre)(void *), void *pre_arg, uint64_t *lat);
void fb_wpool_stop(struct fb_wpool *p);

/* One waiter's CPU for fb_wpool_start(): the signaller's (0), or CPU 1. */
int fb_wpool_cpu_same(int i);
int fb_wpool_cpu_cross(int i);

/*
 * An idle gap before each signal (wakeup, breakdown): the waiter's vCPU
 * idles through it. Under SMP icount (@on_grid) a gap's rounds do not
 * follow each other: QEMU's round-robin and the guest's tick would put
 * each signal at another distance to the tick, and the rounds fell into
 * modes whose weights changed from boot to boot (docs/bench-method.md,
 * "SMP icount"). There each round starts on a grid of guest time, out of
 * idle (the waiters sleep on futexes between rounds, so both vCPUs idle
 * and QEMU warps the clock to the grid line), and every signal goes out
 * at the same distance to the tick.
 */
struct fb_idle_gap {
	uint64_t ns;		/* 0: none, a hot wake-up */
	int on_grid;		/* a gap, under SMP icount */
};

struct fb_ctx;
/* A gap of @us microseconds (0: none) in the run of @c. */
struct fb_idle_gap fb_idle_gap_of(const struct fb_ctx *c, unsigned int us);

/*
 * Samples to take of a series with gap @g, of @n asked for: an eighth on
 * the grid (at least 100). The rounds there take one or two paths (a
 * quick run's series spread over about 100 guest-ns), and each round
 * costs two warps of QEMU's clock (to the grid line, over the gap) and
 * two wake-ups across vCPUs; with all the samples the gap series added
 * some 40 s of wall time to make test's gate.
 */
unsigned int fb_idle_gap_samples(const struct fb_idle_gap *g, unsigned int n);
/* fb_wpool_start()'s @spin for rounds with gap @g: 0 on the grid. */
int fb_idle_gap_spin(const struct fb_idle_gap *g);
/* Before arming a round: wait for the next grid line (if on the grid). */
void fb_idle_gap_round_start(const struct fb_idle_gap *g);
/*
 * fb_wpool_round()'s @pre for rounds with gap @g (its @pre_arg: @g): one
 * that sleeps exactly the gap, without timer slack; NULL without a gap.
 */
void (*fb_idle_gap_pre(const struct fb_idle_gap *g))(void *);

#endif /* FB_WAITERS_H */
