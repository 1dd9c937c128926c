// SPDX-License-Identifier: GPL-2.0
/*
 * fb-smoke: the first guest test through the whole lab path. On mainline's
 * sw_sync (debugfs sync/sw_sync): create a fence, see it unsignaled,
 * advance the timeline, see poll() report it signaled.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "syncdev.h"

static int passed, failed;

static void check(int ok, const char *what, int got)
{
	printf("%s smoke %s (got %d)\n", ok ? "ok" : "FAIL", what, got);
	if (ok)
		passed++;
	else
		failed++;
}

int main(int argc, char **argv)
{
	const char *name = argc > 1 ? argv[1] : "mainline";
	const struct fb_syncdev *dev = fb_syncdev_find(name);
	int tl, fence, r;

	if (!dev) {
		fprintf(stderr, "fb-smoke: unknown backend '%s'\n", name);
		return 2;
	}
	tl = fb_timeline_open(dev);
	check(tl >= 0, "open timeline", tl);
	if (tl < 0)
		goto out;
	fence = fb_fence_create(tl, 1, "smoke");
	check(fence >= 0, "create fence at 1", fence);
	if (fence < 0)
		goto out;
	r = fb_fence_poll(fence, 0);
	check(r == 0, "fence unsignaled before increment", r);
	r = fb_fence_status(fence, NULL);
	check(r == 0, "FILE_INFO status active", r);
	r = fb_timeline_inc(tl, 1);
	check(r == 0, "increment timeline", r);
	r = fb_fence_poll(fence, 1000);
	check(r == 1, "poll reports signaled", r);
	r = fb_fence_status(fence, NULL);
	check(r == 1, "FILE_INFO status signaled", r);
	close(fence);
	close(tl);
out:
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
