// SPDX-License-Identifier: GPL-2.0
/*
 * hold.c - fb-dma-hold: runs a script of steps on the dma backend and holds
 * its fds in between, so that tests/guest/21-dma.sh can look at debugfs,
 * tracefs and rmmod while a timeline, fence or exported sync_file is open.
 *
 * Steps (argv, in order):
 *   open               open a timeline on /dev/sw_sync_dma
 *   fence V NAME       create a fence at value V on it
 *   export             export the fence as a mainline sync_file
 *   merge V NAME       open a second timeline, create a fence at V on it and
 *                      make the merge of both the current fence
 *   waitbg             a thread waits (forever) on the current fence
 *   inc N              advance the timeline
 *   wait MS WANT       SYNC_IOC_LEGACY_WAIT on the fence; WANT is ok, ETIME
 *                      or ENOENT
 *   close-timeline | close-fence | close-export
 *   mark FILE          create FILE (tell the script we got here)
 *   waitfile FILE      wait (at most 60 s) until FILE exists
 * Exits 0 if every step worked, else prints the failing step and exits 1.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <linux/sync_file.h>
#include "errname.h"
#include "fencebench_sync.h"
#include "syncdev.h"

static int die(const char *step, const char *what)
{
	fprintf(stderr, "fb-dma-hold: %s: %s\n", step, what);
	return 1;
}

static void *wait_main(void *arg)
{
	fb_fence_wait_ioctl(*(int *)arg, -1);
	return NULL;
}

int main(int argc, char **argv)
{
	const struct fb_syncdev *dev = fb_syncdev_find("dma");
	int tl = -1, fence = -1, sf = -1;
	pthread_t thread;

	for (int i = 1; i < argc; i++) {
		const char *s = argv[i];
		int r;

		if (!strcmp(s, "open")) {
			tl = fb_timeline_open(dev);
			if (tl < 0)
				return die(s, strerror(-tl));
		} else if (!strcmp(s, "fence") && i + 2 < argc) {
			fence = fb_fence_create(tl, strtoul(argv[i + 1], NULL, 0),
						argv[i + 2]);
			i += 2;
			if (fence < 0)
				return die(s, strerror(-fence));
		} else if (!strcmp(s, "export")) {
			struct sync_dma_export_data d = { .fd = -1 };

			if (ioctl(fence, SYNC_IOC_DMA_EXPORT_SYNC_FILE, &d) < 0)
				return die(s, strerror(errno));
			sf = d.fd;
		} else if (!strcmp(s, "merge") && i + 2 < argc) {
			int tl2 = fb_timeline_open(dev), f2, m;

			if (tl2 < 0)
				return die(s, strerror(-tl2));
			f2 = fb_fence_create(tl2, strtoul(argv[i + 1], NULL, 0),
					     "hold-second");
			if (f2 < 0)
				return die(s, strerror(-f2));
			m = fb_fence_merge(fence, f2, argv[i + 2]);
			if (m < 0)
				return die(s, strerror(-m));
			fence = m;
			i += 2;
		} else if (!strcmp(s, "waitbg")) {
			r = pthread_create(&thread, NULL, wait_main, &fence);
			if (r)
				return die(s, strerror(r));
			usleep(100000);
		} else if (!strcmp(s, "inc") && i + 1 < argc) {
			r = fb_timeline_inc(tl, strtoul(argv[++i], NULL, 0));
			if (r < 0)
				return die(s, strerror(-r));
		} else if (!strcmp(s, "wait") && i + 2 < argc) {
			r = fb_fence_wait_ioctl(fence, atoi(argv[i + 1]));
			if (r != fb_result_by_name(argv[i + 2]))
				return die(s, r ? strerror(-r) : "success");
			i += 2;
		} else if (!strcmp(s, "close-timeline")) {
			close(tl);
		} else if (!strcmp(s, "close-fence")) {
			close(fence);
		} else if (!strcmp(s, "close-export")) {
			close(sf);
		} else if (!strcmp(s, "mark") && i + 1 < argc) {
			r = open(argv[++i], O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
			if (r < 0)
				return die(s, strerror(errno));
			close(r);
		} else if (!strcmp(s, "waitfile") && i + 1 < argc) {
			const char *f = argv[++i];
			int n = 0;

			while (access(f, F_OK) && n++ < 6000)
				usleep(10000);
			if (access(f, F_OK))
				return die(s, "timed out");
		} else {
			return die(s, "unknown step or missing argument");
		}
	}
	return 0;
}
