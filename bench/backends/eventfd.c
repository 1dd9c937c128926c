// SPDX-License-Identifier: GPL-2.0
/* eventfd.c - backend: an eventfd as the raw wake-up floor. */
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/eventfd.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "backend.h"

static int efd_probe(const struct fb_backend *b, char *why, size_t n)
{
	int fd = eventfd(0, EFD_CLOEXEC);

	(void)b;
	(void)why;
	(void)n;
	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

static int efd_open(const struct fb_backend *b, void **src)
{
	int *fd = malloc(sizeof(*fd));

	(void)b;
	if (!fd)
		return -ENOMEM;
	*fd = eventfd(0, EFD_CLOEXEC);
	if (*fd < 0) {
		free(fd);
		return -errno;
	}
	*src = fd;
	return 0;
}

static void efd_close(void *src)
{
	close(*(int *)src);
	free(src);
}

static int efd_signal(void *src, uint32_t n)
{
	uint64_t v = n;

	return write(*(int *)src, &v, sizeof(v)) == sizeof(v) ? 0 : -errno;
}

static int efd_arm(void *src)
{
	return *(int *)src;
}

/* Native wait: a blocking read, which also consumes the count. */
static int efd_wait(void *src, int h)
{
	uint64_t v;

	(void)src;
	return read(h, &v, sizeof(v)) == sizeof(v) ? 0 : -errno;
}

/*
 * After a poll wake-up the count is still there: consume it. After a
 * native wait (read) it is gone already: do not block.
 */
static int efd_disarm(void *src, int h)
{
	struct pollfd p = { .fd = h, .events = POLLIN };

	if (poll(&p, 1, 0) < 0)
		return -errno;
	return p.revents & POLLIN ? efd_wait(src, h) : 0;
}

static const struct fb_backend fb_backend_eventfd = {
	.name = "eventfd",
	.desc = "eventfd counter (wake-up floor; no fences)",
	.order = 40,
	.kind = FB_KIND_RAW,
	/* The cheapest thing to poll: the floor of poll and epoll wake-ups. */
	.floor = FB_OP_POLL,
	.colour = "#7f7f7f",
	.ops = FB_OP_POLL | FB_OP_WAIT,
	.wait_syscall = SYS_read,
	.probe = efd_probe,
	.open = efd_open,
	.close = efd_close,
	.signal = efd_signal,
	.arm = efd_arm,
	.wait = efd_wait,
	.disarm = efd_disarm,
};

FB_BACKEND_REGISTER(fb_backend_eventfd);
