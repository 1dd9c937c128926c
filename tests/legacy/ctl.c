// SPDX-License-Identifier: GPL-2.0
/*
 * fb-legacy-ctl: run a script of sw_sync operations on /dev/sw_sync so that
 * tests/guest/20-legacy.sh can hold timeline and fence fds open while it
 * looks at debugfs, the trace buffer, the kernel log and rmmod.
 *
 * usage: fb-legacy-ctl CMD... where CMD is one of
 *   open                 open a timeline (/dev/sw_sync)
 *   fence VALUE NAME     create a fence on it; it becomes the current fence
 *   inc N                advance the timeline by N
 *   wait MS EXPECT       SYNC_IOC_LEGACY_WAIT on the current fence; EXPECT is
 *                        ok, ETIME or ENOENT; a mismatch fails
 *   close-timeline       close the timeline fd
 *   close-fence          close the current fence fd
 *   mark PATH            create the file PATH (tells the script "ready")
 *   waitfile PATH        wait until PATH exists (at most 60 s)
 * Exits 0 if every command worked, 1 at the first one that did not.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "errname.h"
#include "syncdev.h"

static int fail(const char *cmd, int err)
{
	fprintf(stderr, "fb-legacy-ctl: %s: %s\n", cmd, strerror(err));
	return 1;
}

static int wait_for_file(const char *path)
{
	const struct timespec tick = { .tv_nsec = 10 * 1000 * 1000 };

	for (int i = 0; i < 6000; i++) {
		if (access(path, F_OK) == 0)
			return 0;
		nanosleep(&tick, NULL);
	}
	return -ETIMEDOUT;
}

int main(int argc, char **argv)
{
	const struct fb_syncdev *dev = fb_syncdev_find("legacy");
	int tl = -1, fence = -1, ret;

	if (!dev)
		return fail("legacy backend", ENODEV);

	for (int i = 1; i < argc; i++) {
		const char *cmd = argv[i];
		int nargs = !strcmp(cmd, "fence") || !strcmp(cmd, "wait") ? 2 :
			    !strcmp(cmd, "inc") || !strcmp(cmd, "mark") ||
			    !strcmp(cmd, "waitfile") ? 1 : 0;

		if (i + nargs >= argc && nargs)
			return fail(cmd, EINVAL);

		if (!strcmp(cmd, "open")) {
			tl = fb_timeline_open(dev);
			if (tl < 0)
				return fail(cmd, -tl);
		} else if (!strcmp(cmd, "fence")) {
			fence = fb_fence_create(tl, strtoul(argv[i + 1], NULL, 0),
						argv[i + 2]);
			if (fence < 0)
				return fail(cmd, -fence);
		} else if (!strcmp(cmd, "inc")) {
			ret = fb_timeline_inc(tl, strtoul(argv[i + 1], NULL, 0));
			if (ret < 0)
				return fail(cmd, -ret);
		} else if (!strcmp(cmd, "wait")) {
			int want = fb_result_by_name(argv[i + 2]);

			ret = fb_fence_wait_ioctl(fence, atoi(argv[i + 1]));
			printf("wait %s ms: %s\n", argv[i + 1],
			       ret ? strerror(-ret) : "ok");
			if (want > 0)
				return fail(argv[i + 2], EINVAL);
			if (ret != want) {
				fprintf(stderr, "fb-legacy-ctl: wait: expected %s\n",
					argv[i + 2]);
				return 1;
			}
		} else if (!strcmp(cmd, "close-timeline")) {
			if (close(tl))
				return fail(cmd, errno);
			tl = -1;
		} else if (!strcmp(cmd, "close-fence")) {
			if (close(fence))
				return fail(cmd, errno);
			fence = -1;
		} else if (!strcmp(cmd, "mark")) {
			int fd = open(argv[i + 1], O_WRONLY | O_CREAT | O_CLOEXEC,
				      0644);

			if (fd < 0)
				return fail(cmd, errno);
			close(fd);
		} else if (!strcmp(cmd, "waitfile")) {
			ret = wait_for_file(argv[i + 1]);
			if (ret < 0)
				return fail(cmd, -ret);
		} else {
			return fail(cmd, EINVAL);
		}
		i += nargs;
	}
	return 0;
}
