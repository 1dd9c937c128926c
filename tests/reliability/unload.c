// SPDX-License-Identifier: GPL-2.0
/*
 * unload.c - rel-unload: a backend's modules cannot be removed while one of
 * its timeline, fence or exported sync_file fds is open, and every module
 * reference taken by those fds is given back when they close.
 * (The real unload, kmemleak scan and reload are done by 40-reliability.sh.)
 */
#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "rel.h"

#define MAX_MODS 8

static int refcnt(const char *mod)
{
	char path[128], buf[32] = "";
	int fd, n;

	snprintf(path, sizeof(path), "/sys/module/%s/refcnt", mod);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	return n > 0 ? atoi(buf) : -1;
}

/* Try to remove @mod without waiting: 0 if it went (a failure here), else errno. */
static int try_unload(const char *mod)
{
	return syscall(SYS_delete_module, mod, O_NONBLOCK) ? errno : 0;
}

/*
 * The module counts to come back to. Objects of earlier programs may still
 * hold references that go in deferred work: dma frees a timeline, and
 * drops its module references, from an RCU callback, and a debug guest
 * after a campaign can take seconds to run its backlog. Take the counts
 * once they are all 0 (nothing of this backend is left) or have not moved
 * for 1 s, waiting at most 20 s.
 */
static void settle(const char **mods, int nmods, int *base)
{
	int still = 0;

	for (int tries = 0; tries < 2000 && still < 100; tries++) {
		bool idle = true, same = true;

		for (int i = 0; i < nmods; i++) {
			int n = refcnt(mods[i]);

			idle &= n == 0;
			same &= tries == 0 || n == base[i];
			base[i] = n;
		}
		if (idle)
			return;
		still = same ? still + 1 : 0;
		usleep(10000);
	}
}

/* Hold @what open and check that no module of the backend can be removed. */
static void refused_while(const char *what, int fd, const char **mods, int nmods,
			  const int *base)
{
	rel_case_begin("unload/refused-while-%s-open", what);
	if (!REL_CHECK(fd >= 0, "cannot make a %s: %d", what, fd)) {
		rel_case_end();
		return;
	}
	for (int i = 0; i < nmods; i++) {
		int e = try_unload(mods[i]);

		rel_fig()->ops++;
		REL_CHECK(e == EWOULDBLOCK || e == EBUSY,
			  "delete_module(%s) with a %s open: %s, want EWOULDBLOCK", mods[i],
			  what, e ? strerror(e) : "REMOVED");
	}
	close(fd);
	/* References may go in deferred work (RCU, fput): give them 2 s. */
	for (int tries = 0; tries < 200; tries++) {
		bool back = true;

		for (int i = 0; i < nmods; i++)
			back &= refcnt(mods[i]) == base[i];
		if (back)
			break;
		usleep(10000);
	}
	for (int i = 0; i < nmods; i++)
		REL_CHECK(refcnt(mods[i]) == base[i], "%s refcnt %d after closing the %s, was %d",
			  mods[i], refcnt(mods[i]), what, base[i]);
	rel_case_end();
}

static const char *backend;
static const char *mods[MAX_MODS];
static int nmods;

static int add_module(const char *arg)
{
	if (nmods == MAX_MODS) {
		fprintf(stderr, "rel-unload: --module '%s': at most %d modules\n",
			arg, MAX_MODS);
		return -EINVAL;
	}
	mods[nmods++] = arg;
	return 0;
}

static const struct fb_opt opts[] = {
	{ .name = "backend", .type = FB_OPT_NAME, .val = &backend, .arg = "NAME",
	  .help = "the backend whose modules are checked (required)",
	  .names = fb_syncdev_name },
	{ .name = "module", .type = FB_OPT_CALL, .call = add_module, .arg = "MOD",
	  .help = "one of its modules (repeatable; at least one)" },
	{ 0 },
};

static const struct fb_cli cli = { .opts = opts };

int main(int argc, char **argv)
{
	const struct fb_syncdev *dev;
	int base[MAX_MODS], c, tl, f;

	c = fb_cli_parse(&cli, argc, argv);
	if (c != FB_CLI_RUN)
		return c;
	if (!backend || !nmods) {
		fprintf(stderr, "rel-unload: need --backend and at least one --module\n");
		return fb_cli_bad_usage();
	}
	dev = fb_syncdev_find(backend);
	rel_begin("rel-unload");
	if (!rel_backend_use(dev, "unload"))
		return rel_finish();
	settle(mods, nmods, base);

	refused_while("timeline", fb_timeline_open(dev), mods, nmods, base);

	tl = fb_timeline_open(dev);
	f = tl >= 0 ? fb_fence_create(tl, 1, "unload") : -1;
	if (tl >= 0)
		close(tl);	/* the fence alone must still hold the modules */
	refused_while("fence", f, mods, nmods, base);

	if (dev->caps & FB_CAP_DMA_INTEROP) {
		tl = fb_timeline_open(dev);
		f = tl >= 0 ? fb_fence_create(tl, 1, "unload") : -1;
		c = f >= 0 ? fb_fence_export_sync_file(f) : -1;
		if (f >= 0)
			close(f);
		if (tl >= 0)
			close(tl);
		refused_while("exported-sync-file", c, mods, nmods, base);
	}
	return rel_finish();
}
