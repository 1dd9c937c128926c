// SPDX-License-Identifier: GPL-2.0
/* timeline.c - sw_sync style timelines shared by the fence backends. */
#include "timeline.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "syncdev.h"

struct fb_tl {
	int fd;
	uint32_t value;		/* the timeline's value as we advanced it */
};

int fb_tl_probe(const struct fb_backend *b, char *why, size_t n)
{
	const struct fb_syncdev *dev = fb_syncdev_find(b->name);
	int fd;

	if (!dev) {
		snprintf(why, n, "no sync device named %s", b->name);
		return -ENODEV;
	}
	fd = fb_timeline_open(dev);

	if (fd < 0) {
		snprintf(why, n, "%s: %s", dev->path, strerror(-fd));
		return fd;
	}
	close(fd);
	return 0;
}

int fb_tl_open(const struct fb_backend *b, void **src)
{
	const struct fb_syncdev *dev = fb_syncdev_find(b->name);
	struct fb_tl *t;

	if (!dev)
		return -ENODEV;
	t = calloc(1, sizeof(*t));
	if (!t)
		return -ENOMEM;
	t->fd = fb_timeline_open(dev);
	if (t->fd < 0) {
		int err = t->fd;

		free(t);
		return err;
	}
	*src = t;
	return 0;
}

void fb_tl_close(void *src)
{
	struct fb_tl *t = src;

	if (t) {
		close(t->fd);
		free(t);
	}
}

int fb_tl_create(void *src, uint32_t ahead)
{
	struct fb_tl *t = src;

	return fb_fence_create(t->fd, t->value + ahead, "fb");
}

int fb_tl_signal(void *src, uint32_t n)
{
	struct fb_tl *t = src;
	int err = fb_timeline_inc(t->fd, n);

	if (!err)
		t->value += n;
	return err;
}

int fb_tl_info(int fence, uint32_t *npts)
{
	return fb_fence_status(fence, npts);
}

int fb_tl_arm(void *src)
{
	return fb_tl_create(src, 1);
}

int fb_tl_disarm(void *src, int h)
{
	(void)src;
	return close(h) ? -errno : 0;
}

int fb_tl_wait_legacy(void *src, int h)
{
	(void)src;
	return fb_fence_wait_ioctl(h, -1);
}

int fb_tl_merge_legacy(int a, int b)
{
	return fb_fence_merge_legacy(a, b, "fb");
}
