// SPDX-License-Identifier: GPL-2.0
/* futex.c - backend: a futex word, FUTEX_WAIT / FUTEX_WAKE (floor). */
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "backend.h"

struct fb_futex {
	uint32_t word;		/* 0 armed, 1 signaled */
};

static long sys_futex(uint32_t *uaddr, int op, uint32_t val)
{
	return syscall(SYS_futex, uaddr, op, val, NULL, NULL, 0);
}

static int futex_probe(const struct fb_backend *b, char *why, size_t n)
{
	uint32_t w = 0;

	(void)b;
	(void)why;
	(void)n;
	return sys_futex(&w, FUTEX_WAKE_PRIVATE, 1) < 0 ? -errno : 0;
}

static int futex_open(const struct fb_backend *b, void **src)
{
	struct fb_futex *f = calloc(1, sizeof(*f));

	(void)b;
	if (!f)
		return -ENOMEM;
	*src = f;
	return 0;
}

static void futex_close(void *src)
{
	free(src);
}

/* Publish the new state, then wake every waiter. */
static int futex_signal(void *src, uint32_t n)
{
	struct fb_futex *f = src;

	(void)n;
	__atomic_store_n(&f->word, 1, __ATOMIC_RELEASE);
	return sys_futex(&f->word, FUTEX_WAKE_PRIVATE, INT_MAX) < 0 ? -errno : 0;
}

static int futex_arm(void *src)
{
	(void)src;
	return 0;	/* no fd (no FB_OP_POLL): waiters use wait() */
}

static int futex_wait(void *src, int h)
{
	struct fb_futex *f = src;

	(void)h;
	while (!__atomic_load_n(&f->word, __ATOMIC_ACQUIRE))
		if (sys_futex(&f->word, FUTEX_WAIT_PRIVATE, 0) < 0 &&
		    errno != EAGAIN && errno != EINTR)
			return -errno;
	return 0;
}

static int futex_disarm(void *src, int h)
{
	struct fb_futex *f = src;

	(void)h;
	__atomic_store_n(&f->word, 0, __ATOMIC_RELEASE);
	return 0;
}

static const struct fb_backend fb_backend_futex = {
	.name = "futex",
	.desc = "futex word, FUTEX_WAIT/FUTEX_WAKE (wake-up floor; no fd, no fences)",
	.order = 50,
	.kind = FB_KIND_RAW,
	/* The cheapest blocking wait: the floor of native-wait wake-ups. */
	.floor = FB_OP_WAIT,
	.colour = "#9467bd",
	.ops = FB_OP_WAIT | FB_OP_WAIT_ALL,
	.wait_syscall = SYS_futex,
	.probe = futex_probe,
	.open = futex_open,
	.close = futex_close,
	.signal = futex_signal,
	.arm = futex_arm,
	.wait = futex_wait,
	.disarm = futex_disarm,
};

FB_BACKEND_REGISTER(fb_backend_futex);
