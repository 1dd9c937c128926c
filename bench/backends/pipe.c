// SPDX-License-Identifier: GPL-2.0
/* pipe.c - backend: a pipe carrying one byte per wake-up (floor). */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "backend.h"

struct fb_pipe {
	int rd, wr;
	unsigned int pending;	/* bytes written and not yet drained */
};

static int pipe_probe(const struct fb_backend *b, char *why, size_t n)
{
	int p[2];

	(void)b;
	(void)why;
	(void)n;
	if (pipe2(p, O_CLOEXEC))
		return -errno;
	close(p[0]);
	close(p[1]);
	return 0;
}

static int pipe_open(const struct fb_backend *b, void **src)
{
	struct fb_pipe *p = calloc(1, sizeof(*p));
	int fds[2];

	(void)b;
	if (!p)
		return -ENOMEM;
	if (pipe2(fds, O_CLOEXEC)) {
		free(p);
		return -errno;
	}
	p->rd = fds[0];
	p->wr = fds[1];
	*src = p;
	return 0;
}

static void pipe_close(void *src)
{
	struct fb_pipe *p = src;

	close(p->rd);
	close(p->wr);
	free(p);
}

static int pipe_signal(void *src, uint32_t n)
{
	struct fb_pipe *p = src;
	char buf[64] = { 0 };

	while (n) {
		size_t len = n < sizeof(buf) ? n : sizeof(buf);
		ssize_t w = write(p->wr, buf, len);

		if (w < 0)
			return -errno;
		n -= (uint32_t)w;
		__atomic_add_fetch(&p->pending, (unsigned int)w,
				   __ATOMIC_RELAXED);
	}
	return 0;
}

static int pipe_arm(void *src)
{
	return ((struct fb_pipe *)src)->rd;
}

/* Native wait: a blocking one-byte read. */
static int pipe_wait(void *src, int h)
{
	struct fb_pipe *p = src;
	char c;

	if (read(h, &c, 1) != 1)
		return -errno;
	__atomic_sub_fetch(&p->pending, 1, __ATOMIC_RELAXED);
	return 0;
}

/* After poll wake-ups: drain what was written. */
static int pipe_disarm(void *src, int h)
{
	struct fb_pipe *p = src;

	while (__atomic_load_n(&p->pending, __ATOMIC_RELAXED)) {
		int err = pipe_wait(src, h);

		if (err)
			return err;
	}
	return 0;
}

static const struct fb_backend fb_backend_pipe = {
	.name = "pipe",
	.desc = "pipe, one byte per wake-up (wake-up floor; no fences)",
	.order = 60,
	.kind = FB_KIND_RAW,
	.colour = "#8c564b",
	.ops = FB_OP_POLL | FB_OP_WAIT,
	.wait_syscall = SYS_read,
	.probe = pipe_probe,
	.open = pipe_open,
	.close = pipe_close,
	.signal = pipe_signal,
	.arm = pipe_arm,
	.wait = pipe_wait,
	.disarm = pipe_disarm,
};

FB_BACKEND_REGISTER(fb_backend_pipe);
