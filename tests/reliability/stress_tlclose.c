// SPDX-License-Identifier: GPL-2.0
/* stress_tlclose.c - timelines closed under pending fences with waiters blocked in poll, epoll and the wait ioctl. */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <sys/epoll.h>
#include <unistd.h>

#include "pollerr.h"
#include "stress.h"

enum tc_kind { TC_POLL, TC_EPOLL, TC_WAIT_IOCTL, TC_KINDS };
static const char *const tc_names[TC_KINDS] = { "poll", "epoll", "wait-ioctl" };

struct tc_waiter {
	enum tc_kind kind;
	int fd;
	atomic_bool started;
	int result;			/* what the wait returned */
	unsigned long long woke_ns;
};

static void *tc_wait(void *arg)
{
	struct tc_waiter *w = arg;

	atomic_store(&w->started, true);
	switch (w->kind) {
	case TC_POLL:
		w->result = fb_fence_poll(w->fd, STRESS_WAIT_MS);
		break;
	case TC_EPOLL: {
		int ep = epoll_create1(EPOLL_CLOEXEC);
		struct epoll_event ev = { .events = EPOLLIN, .data.fd = w->fd }, out;

		if (ep < 0 || epoll_ctl(ep, EPOLL_CTL_ADD, w->fd, &ev)) {
			w->result = -errno;
		} else {
			int n;

			do {
				n = epoll_wait(ep, &out, 1, STRESS_WAIT_MS);
			} while (n < 0 && errno == EINTR);
			w->result = n < 0 ? -errno : n;
		}
		if (ep >= 0)
			close(ep);
		break;
	}
	case TC_WAIT_IOCTL:
		w->result = fb_fence_wait_ioctl(w->fd, STRESS_WAIT_MS);
		break;
	default:
		break;
	}
	w->woke_ns = rel_now_ns();
	return NULL;
}

/* One round: fences (plain and merged) pending on a timeline that is closed under the waiters. */
static void tc_round(const struct stress_params *p, unsigned int round)
{
	struct tc_waiter w[TC_KINDS * 2];
	pthread_t th[TC_KINDS * 2];
	int tl = fb_timeline_open(p->dev), other = fb_timeline_open(p->dev);
	int fence = -1, part = -1, merged = -1, nw = 0;
	unsigned long long closed_ns;

	if (!REL_CHECK(tl >= 0 && other >= 0, "timeline open: %d %d", tl, other))
		goto out;
	fence = fb_fence_create(tl, 1 + round % 5, "pending");
	part = fb_fence_create(other, 1, "other");
	if (!REL_CHECK(fence >= 0 && part >= 0, "create: %d %d", fence, part))
		goto out;
	merged = fb_fence_merge(fence, part, "merged");
	if (!REL_CHECK(merged >= 0, "merge: %d", merged))
		goto out;
	rel_fig()->ops += 5;
	for (int k = 0; k < TC_KINDS; k++) {
		if (k == TC_WAIT_IOCTL && !(p->dev->caps & FB_CAP_LEGACY_ABI))
			continue;
		for (int m = 0; m < 2; m++) {
			w[nw] = (struct tc_waiter){ .kind = k, .fd = m ? merged : fence };
			pthread_create(&th[nw], NULL, tc_wait, &w[nw]);
			nw++;
		}
	}
	for (int i = 0; i < nw; i++)
		while (!atomic_load(&w[i].started))
			usleep(100);
	usleep(5000);		/* let them block */
	REL_CHECK(fb_fence_status(fence, NULL) == 0, "fence signaled too early");
	closed_ns = rel_now_ns();
	close(tl);		/* pending points get an error, waiters wake */
	tl = -1;
	rel_fig()->ops++;
	/* Only the first timeline is gone: the merged fence still waits on the other. */
	fb_timeline_inc(other, 1);
	for (int i = 0; i < nw; i++) {
		const char *what = w[i].fd == merged ? "merged" : "plain";

		pthread_join(th[i], NULL);
		rel_fig()->ops++;
		switch (w[i].kind) {
		case TC_POLL:	/* POLLIN, or POLLERR where poll_err says so */
			REL_CHECK(w[i].result == fb_poll_err_result(p->dev),
				  "%s %s waiter got %d, want %d (poll_err %d)",
				  tc_names[w[i].kind], what, w[i].result,
				  fb_poll_err_result(p->dev),
				  fb_poll_err(p->dev));
			break;
		case TC_EPOLL:
			REL_CHECK(w[i].result == 1, "%s %s waiter got %d",
				  tc_names[w[i].kind], what, w[i].result);
			break;
		case TC_WAIT_IOCTL:	/* the fence error, never a timeout */
			REL_CHECK(w[i].result == -ENOENT, "%s %s waiter got %d",
				  tc_names[w[i].kind], what, w[i].result);
			break;
		default:
			break;
		}
		REL_CHECK(w[i].woke_ns - closed_ns < 5000000000ull,
			  "%s waiter woke %.1f s after the close", tc_names[w[i].kind],
			  (w[i].woke_ns - closed_ns) / 1e9);
	}
	/* The fences outlive their timeline and carry its error. */
	REL_CHECK(fb_fence_status(fence, NULL) == -ENOENT, "status after close: %d",
		  fb_fence_status(fence, NULL));
	REL_CHECK(fb_fence_status(merged, NULL) == -ENOENT, "merged status after close: %d",
		  fb_fence_status(merged, NULL));
	{
		int again = fb_fence_merge(fence, merged, "after");

		REL_CHECK(again >= 0, "merge after timeline close: %d", again);
		if (again >= 0)
			close(again);
	}
	rel_fig()->ops += 3;
out:
	if (merged >= 0)
		close(merged);
	if (part >= 0)
		close(part);
	if (fence >= 0)
		close(fence);
	if (other >= 0)
		close(other);
	if (tl >= 0)
		close(tl);
}

void stress_timeline_close(const struct stress_params *p)
{
	unsigned int rounds = p->iters / 4 + 1;

	for (unsigned int r = 0; r < rounds && !rel_case_failed(); r++)
		tc_round(p, r);
}
