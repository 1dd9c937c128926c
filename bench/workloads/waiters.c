// SPDX-License-Identifier: GPL-2.0
/* waiters.c - pinned waiter threads for the wake-up workloads. */
#include "waiters.h"

#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "clock.h"
#include "placement.h"
#include "relax.h"
#include "sysinfo.h"
#include "workload.h"

#define BLOCK_TIMEOUT_NS (20ull * 1000000000ull)

/* Coordination futexes (not the measured waits). */
static void futex_wait_word(uint32_t *w, uint32_t val)
{
	syscall(SYS_futex, w, FUTEX_WAIT_PRIVATE, val, NULL, NULL, 0);
}

static void futex_wake_all(uint32_t *w)
{
	syscall(SYS_futex, w, FUTEX_WAKE_PRIVATE, INT_MAX, NULL, NULL, 0);
}

static int measured_wait(struct fb_wpool *p, struct fb_wslot *s)
{
	struct epoll_event ev[64];
	struct pollfd pfd;
	unsigned int got = 0;
	int n, err;

	switch (p->method) {
	case FB_WAIT_POLL:
		pfd.fd = s->handle;
		pfd.events = POLLIN;
		pfd.revents = 0;
		do {
			n = ppoll(&pfd, 1, NULL, NULL);
		} while (n < 0 && errno == EINTR);
		s->t_wake = fb_now_ns();
		if (n < 0)
			return -errno;
		return pfd.revents & POLLIN ? 0 : -EIO;
	case FB_WAIT_NATIVE:
		err = p->b->wait(p->src, s->handle);
		s->t_wake = fb_now_ns();
		return err;
	case FB_WAIT_EPOLL:
		while (got < p->nhandles) {
			uint64_t t;

			n = epoll_pwait(p->epfd, ev, 64, -1, NULL);
			t = fb_now_ns();
			if (n < 0 && errno == EINTR)
				continue;
			if (n < 0)
				return -errno;
			for (int i = 0; i < n && got < p->nhandles; i++)
				p->t_event[got++] = t;
		}
		s->t_wake = p->t_event[p->nhandles - 1];
		return 0;
	}
	return -EINVAL;
}

static void *waiter_main(void *arg)
{
	struct fb_wslot *s = arg;
	struct fb_wpool *p = s->pool;
	uint32_t seen = 0, r;

	fb_pin_self(s->cpu);
	__atomic_store_n(&s->tid, fb_gettid(), __ATOMIC_RELEASE);
	for (;;) {
		while ((r = __atomic_load_n(&p->round, __ATOMIC_ACQUIRE)) ==
		       seen) {
			if (p->spin)
				fb_spin_relax();
			else
				futex_wait_word(&p->round, seen);
		}
		if (__atomic_load_n(&p->stop, __ATOMIC_ACQUIRE))
			break;
		seen = r;
		__atomic_store_n(&s->waiting, r, __ATOMIC_RELEASE);
		s->err = measured_wait(p, s);
		if (__atomic_add_fetch(&p->done, 1, __ATOMIC_ACQ_REL) ==
		    p->nslots && !p->spin)
			futex_wake_all(&p->done);
	}
	return NULL;
}

static void wait_syscalls(const struct fb_wpool *p, long *nr, long *alt)
{
	*alt = -1;
	switch (p->method) {
	case FB_WAIT_POLL:
		*nr = SYS_ppoll;
		*alt = SYS_poll;
		break;
	case FB_WAIT_EPOLL:
		*nr = SYS_epoll_pwait;
		*alt = SYS_epoll_wait;
		break;
	default:
		*nr = p->b->wait_syscall;
	}
}

int fb_wpool_start(struct fb_wpool *p, const struct fb_backend *b, void *src,
		   int method, unsigned int nthreads, int (*cpu_of)(int i),
		   int spin)
{
	pthread_attr_t attr;
	int err = 0;

	memset(p, 0, sizeof(*p));
	p->b = b;
	p->src = src;
	p->method = method;
	p->spin = spin;
	p->epfd = -1;
	p->nhandles = nthreads;
	p->nslots = method == FB_WAIT_EPOLL ? 1 : nthreads;
	p->slot = calloc(p->nslots, sizeof(*p->slot));
	if (!p->slot)
		return -ENOMEM;
	if (method == FB_WAIT_EPOLL) {
		p->epfd = epoll_create1(EPOLL_CLOEXEC);
		p->t_event = calloc(nthreads, sizeof(uint64_t));
		if (p->epfd < 0 || !p->t_event) {
			fb_wpool_stop(p);
			return -ENOMEM;
		}
	}
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 128 * 1024);
	for (unsigned int i = 0; i < p->nslots && !err; i++) {
		int cpu = cpu_of((int)i);
		struct fb_wslot *s = fb_alloc_near(sizeof(*s), cpu);

		if (!s) {
			err = -ENOMEM;
			break;
		}
		s->cpu = cpu;
		s->pool = p;
		err = -pthread_create(&s->thread, &attr, waiter_main, s);
		if (err) {
			fb_free_near(s, sizeof(*s));
			break;
		}
		p->slot[i] = s;
	}
	pthread_attr_destroy(&attr);
	if (err) {
		fb_wpool_stop(p);
		return err;
	}
	for (unsigned int i = 0; i < p->nslots; i++)
		while (!__atomic_load_n(&p->slot[i]->tid, __ATOMIC_ACQUIRE))
			fb_spin_relax();
	return 0;
}

static int all_blocked(struct fb_wpool *p, uint32_t r)
{
	uint64_t deadline = fb_now_ns() + BLOCK_TIMEOUT_NS;
	long nr, alt;

	wait_syscalls(p, &nr, &alt);
	for (unsigned int i = 0; i < p->nslots; i++) {
		struct fb_wslot *s = p->slot[i];

		while (__atomic_load_n(&s->waiting, __ATOMIC_ACQUIRE) != r ||
		       !fb_task_sleeps_in(s->tid, nr, alt)) {
			if (fb_now_ns() > deadline)
				return -ETIMEDOUT;
			fb_spin_relax();
		}
	}
	return 0;
}

int fb_wpool_round(struct fb_wpool *p, const int *handles,
		   void (*pre)(void *), void *pre_arg, uint64_t *lat)
{
	uint32_t r, d;
	uint64_t t0;
	int err, blocked;

	__atomic_store_n(&p->done, 0, __ATOMIC_RELEASE);
	for (unsigned int i = 0; i < p->nhandles; i++) {
		if (p->method == FB_WAIT_EPOLL) {
			struct epoll_event ev = {
				.events = EPOLLIN | EPOLLONESHOT,
				.data.u32 = i,
			};

			if (epoll_ctl(p->epfd, EPOLL_CTL_ADD, handles[i], &ev))
				return -errno;
		} else {
			p->slot[i]->handle = handles[i];
		}
	}
	r = __atomic_add_fetch(&p->round, 1, __ATOMIC_ACQ_REL);
	if (!p->spin)
		futex_wake_all(&p->round);

	blocked = all_blocked(p, r);
	if (pre && !blocked)
		pre(pre_arg);
	t0 = fb_now_ns();
	err = p->b->signal(p->src, 1);
	if (err)
		return err;	/* waiters stay blocked: caller must abort */
	while ((d = __atomic_load_n(&p->done, __ATOMIC_ACQUIRE)) != p->nslots) {
		if (p->spin)
			fb_spin_relax();
		else
			futex_wait_word(&p->done, d);
	}

	for (unsigned int i = 0; i < p->nhandles; i++) {
		if (p->method == FB_WAIT_EPOLL) {
			lat[i] = p->t_event[i] - t0;
			epoll_ctl(p->epfd, EPOLL_CTL_DEL, handles[i], NULL);
		} else {
			lat[i] = p->slot[i]->t_wake - t0;
		}
	}
	for (unsigned int i = 0; i < p->nslots; i++)
		if (p->slot[i]->err)
			return p->slot[i]->err;
	return blocked;
}

void fb_wpool_stop(struct fb_wpool *p)
{
	__atomic_store_n(&p->stop, 1, __ATOMIC_RELEASE);
	__atomic_add_fetch(&p->round, 1, __ATOMIC_ACQ_REL);
	futex_wake_all(&p->round);
	for (unsigned int i = 0; i < p->nslots; i++) {
		if (!p->slot || !p->slot[i])
			continue;
		pthread_join(p->slot[i]->thread, NULL);
		fb_free_near(p->slot[i], sizeof(*p->slot[i]));
	}
	free(p->slot);
	free(p->t_event);
	if (p->epfd >= 0)
		close(p->epfd);
	memset(p, 0, sizeof(*p));
	p->epfd = -1;
}

int fb_wpool_cpu_same(int i)
{
	(void)i;
	return 0;
}

int fb_wpool_cpu_cross(int i)
{
	(void)i;
	return 1;
}

/*
 * The grid of idle-gap rounds under SMP icount: a round starts 2.06 ms
 * into a 4 ms interval of guest time, 60 us after a tick line (HZ 1000),
 * so that the signal after a 1 ms gap goes out about 100 us after the
 * tick inside the gap. Started 2.5 ms in (half a jiffy from the ticks,
 * as pollscale's rounds), half of the 1 ms rounds took a path 56
 * instructions longer, in the enqueue of the woken waiter: their phase
 * against 1.048576 ms (a PELT period of the scheduler's load averages)
 * told which, as if a period had ended since the tick or not, and the
 * 4 ms grid drifts against those periods, so the p50 fell on either path
 * from run to run. 100 us after the tick, 7 % of the rounds take it
 * (docs/bench-method.md, "Idle gaps on a grid").
 */
#define GAP_GRID_NS	4000000ull
#define GAP_PHASE_NS	2060000ull

struct fb_idle_gap fb_idle_gap_of(const struct fb_ctx *c, unsigned int us)
{
	struct fb_idle_gap g = { .ns = (uint64_t)us * 1000,
				 .on_grid = us && fb_smp_icount(c) };

	return g;
}

unsigned int fb_idle_gap_samples(const struct fb_idle_gap *g, unsigned int n)
{
	if (!g->on_grid || n <= 100)
		return n;
	return n / 8 > 100 ? n / 8 : 100;
}

int fb_idle_gap_spin(const struct fb_idle_gap *g)
{
	return !g->on_grid;
}

void fb_idle_gap_round_start(const struct fb_idle_gap *g)
{
	if (g->on_grid)
		fb_sleep_to_grid(GAP_GRID_NS, GAP_PHASE_NS);
}

static void sleep_gap(void *arg)
{
	const struct fb_idle_gap *g = arg;

	fb_sleep_exact_ns(g->ns);
}

void (*fb_idle_gap_pre(const struct fb_idle_gap *g))(void *)
{
	return g->ns ? sleep_gap : NULL;
}
