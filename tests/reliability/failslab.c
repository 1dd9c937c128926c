// SPDX-License-Identifier: GPL-2.0
/*
 * failslab.c - rel-failslab: allocation failures injected into the create,
 * merge, info and export paths of every backend, scoped to this task.
 *
 * Two modes, both on failslab with task-filter=Y:
 * - sweep: for each path, fail its 1st, 2nd, ... slab allocation in turn
 *   (/proc/thread-self/fail-nth) until the call completes without reaching
 *   the armed one; every injected run must fail cleanly with ENOMEM (or
 *   succeed if the allocation was optional), leak no fd and leave the
 *   objects usable;
 * - random: make-it-fail on this thread with failslab probability P, then
 *   a random mix of calls, then the same checks.
 * Kernel leaks are left to kmemleak (40-reliability.sh scans after unload).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <linux/sync_file.h>
#include "fencebench_sync.h"
#include "faultinj.h"
#include "prng.h"
#include "rel.h"

#define FS_MAX_NTH 400		/* no single path does this many allocations */
/*
 * The long-lived pending points sit this far ahead: check_usable() moves
 * the first timeline on by one per check, create-then-inc the second, and
 * neither may ever reach them.
 */
#define FS_FAR 0x40000000u

struct fs_ctx {
	const struct fb_syncdev *dev;
	int tl, tl2, pend, two, ml_fence, ml_tl;
	uint32_t counter;
};

struct fs_op {
	const char *name;
	unsigned int caps;
	/* Run the path; >= 0 (maybe an fd to close) or -errno. */
	int (*run)(struct fs_ctx *c);
	bool returns_fd;
	bool may_not_allocate;	/* a path without slab allocations is fine */
};

static int op_open(struct fs_ctx *c) { return fb_timeline_open(c->dev); }
static int op_create(struct fs_ctx *c) { return fb_fence_create(c->tl, c->counter + 1, "fs"); }
static int op_create_signaled(struct fs_ctx *c) { return fb_fence_create(c->tl, c->counter, "fs"); }
static int op_merge(struct fs_ctx *c) { return fb_fence_merge(c->pend, c->two, "fs"); }
static int op_merge_legacy(struct fs_ctx *c) { return fb_fence_merge_legacy(c->two, c->pend, "fs"); }
static int op_merge_import(struct fs_ctx *c) { return fb_fence_merge(c->two, c->ml_fence, "fs"); }
static int op_export(struct fs_ctx *c) { return fb_fence_export_sync_file(c->two); }

static int op_file_info(struct fs_ctx *c)
{
	struct sync_fence_info recs[4];
	struct sync_file_info i = { .num_fences = 4, .sync_fence_info = (uintptr_t)recs };

	return ioctl(c->two, SYNC_IOC_FILE_INFO, &i) ? -errno : (int)i.num_fences;
}

static int op_legacy_info(struct fs_ctx *c)
{
	static union {
		struct sync_fence_info_data d;
		uint8_t b[4096];
	} u;

	u.d.len = sizeof(u);
	return ioctl(c->two, SYNC_IOC_LEGACY_FENCE_INFO, &u) ? -errno : 0;
}

static int op_legacy_wait(struct fs_ctx *c)
{
	int r = fb_fence_wait_ioctl(c->pend, 1);

	return r == -ETIME ? 0 : r;	/* timing out is the normal answer */
}

static int op_inc(struct fs_ctx *c)
{
	int f = fb_fence_create(c->tl2, 0x7fff0000u, "far");	/* a point for the inc to walk */
	int r;

	if (f < 0)
		return f;
	r = fb_timeline_inc(c->tl2, 1);
	close(f);
	return r;
}

static const struct fs_op ops[] = {
	{ "timeline-open", 0, op_open, true, false },
	{ "create-pending", 0, op_create, true, false },
	{ "create-signaled", 0, op_create_signaled, true, false },
	{ "merge", 0, op_merge, true, false },
	{ "merge-legacy", FB_CAP_LEGACY_ABI, op_merge_legacy, true, false },
	{ "merge-import-sync-file", FB_CAP_DMA_INTEROP, op_merge_import, true, false },
	{ "export-sync-file", FB_CAP_DMA_INTEROP, op_export, true, false },
	{ "file-info", 0, op_file_info, false, false },
	{ "legacy-info", FB_CAP_LEGACY_ABI, op_legacy_info, false, false },
	{ "legacy-wait-timeout", FB_CAP_LEGACY_ABI, op_legacy_wait, false, true },
	{ "create-then-inc", 0, op_inc, false, false },
};

static int setup(struct fs_ctx *c, const struct fb_syncdev *dev)
{
	int other;

	memset(c, 0, sizeof(*c));
	c->dev = dev;
	c->ml_fence = c->ml_tl = -1;
	c->tl = fb_timeline_open(dev);
	c->tl2 = fb_timeline_open(dev);
	if (c->tl < 0 || c->tl2 < 0)
		return -1;
	c->pend = fb_fence_create(c->tl, FS_FAR, "pend");
	other = fb_fence_create(c->tl2, FS_FAR, "pend2");
	c->two = fb_fence_merge(c->pend, other, "two");
	if (other >= 0)
		close(other);
	if ((dev->caps & FB_CAP_DMA_INTEROP) && fb_syncdev_with(FB_CAP_SYNC_FILE)) {
		c->ml_tl = fb_timeline_open(fb_syncdev_with(FB_CAP_SYNC_FILE));
		c->ml_fence = c->ml_tl >= 0 ? fb_fence_create(c->ml_tl, 1, "ml") : -1;
	}
	return c->pend >= 0 && c->two >= 0 ? 0 : -1;
}

static void teardown(struct fs_ctx *c)
{
	int fds[] = { c->pend, c->two, c->tl, c->tl2, c->ml_fence, c->ml_tl };

	for (size_t i = 0; i < sizeof(fds) / sizeof(fds[0]); i++)
		if (fds[i] > 0)
			close(fds[i]);
}

static void check_usable(struct fs_ctx *c, const char *after)
{
	int f = fb_fence_create(c->tl, c->counter + 1, "usable"), m;
	uint32_t n = 0;

	if (REL_CHECK(f >= 0, "after %s: timeline cannot create: %d", after, f)) {
		REL_CHECK(fb_fence_status(f, NULL) == 0, "after %s: new fence not pending", after);
		REL_CHECK(fb_timeline_inc(c->tl, 1) == 0, "after %s: inc failed", after);
		c->counter++;
		REL_CHECK(fb_fence_status(f, NULL) == 1, "after %s: inc did not signal", after);
		close(f);
	}
	REL_CHECK(fb_fence_status(c->two, &n) == 0 && n == 2,
		  "after %s: merged fence status %d with %u points, want pending with 2",
		  after, fb_fence_status(c->two, NULL), n);
	m = fb_fence_merge(c->two, c->pend, "usable");
	if (REL_CHECK(m >= 0, "after %s: merge failed: %d", after, m))
		close(m);
}

/* Fail the 1st, 2nd, ... allocation of one path. Returns the faults injected. */
static unsigned int sweep(struct fs_ctx *c, const struct fs_op *op)
{
	unsigned int n, injected = 0;

	/* opens /proc/thread-self/fail-nth once, before any fd is counted */
	if (fi_nth_arm(0)) {
		REL_CHECK(0, "cannot open fail-nth: %s", strerror(errno));
		return injected;
	}
	for (n = 1; n <= FS_MAX_NTH; n++) {
		int fds = rel_count_fds(), r;
		bool hit;

		if (fi_nth_arm(n)) {
			REL_CHECK(0, "cannot arm fail-nth: %s", strerror(errno));
			return injected;
		}
		r = op->run(c);
		hit = fi_nth_disarm();
		rel_fig()->ops++;
		if (r >= 0 && op->returns_fd)
			close(r);
		if (hit) {
			injected++;
			rel_fig()->faults++;
			REL_CHECK(r >= 0 || r == -ENOMEM,
				  "%s with allocation %u failed: %s, want ENOMEM or success",
				  op->name, n, strerror(-r));
		} else {
			REL_CHECK(r >= 0, "%s without fault: %s", op->name, strerror(-r));
		}
		if (!REL_CHECK(rel_count_fds() == fds, "%s with allocation %u failed: fd leak",
			       op->name, n))
			rel_fig()->leaks++;
		check_usable(c, op->name);
		if (!hit || rel_case_failed())
			break;
	}
	REL_CHECK(n <= FS_MAX_NTH, "%s: still allocating after %d calls", op->name, FS_MAX_NTH);
	return injected;
}

/* make-it-fail with probability @pct on a random mix; returns faults injected. */
static long random_mix(struct fs_ctx *c, unsigned int iters, int pct, uint64_t seed)
{
	struct rel_prng r;
	int held[64], nheld = 0, fds, e;
	long before, after;
	unsigned int errors = 0, bad = 0, last_bad = 0;

	/* opens /proc/thread-self/make-it-fail once, before any fd is counted */
	if (!REL_CHECK(fi_make_it_fail(false) == 0, "cannot open make-it-fail: %s",
		       strerror(errno)))
		return 0;
	fds = rel_count_fds();

	e = fi_setup(pct, 1000000000L);
	if (!REL_CHECK(e == 0, "failslab setup: %s", strerror(-e)))
		return 0;
	before = fi_times_left();
	rel_prng_seed(&r, seed);
	if (!REL_CHECK(fi_make_it_fail(true) == 0, "make-it-fail: %s", strerror(errno))) {
		fi_reset();
		return 0;
	}
	for (unsigned int i = 0; i < iters; i++) {
		const struct fs_op *op = &ops[rel_prng_below(&r, sizeof(ops) / sizeof(ops[0]))];
		int ret;

		if ((op->caps & c->dev->caps) != op->caps)
			continue;
		ret = op->run(c);
		rel_fig()->ops++;
		if (ret < 0) {
			errors++;
			if (ret != -ENOMEM) {
				bad++;
				last_bad = (unsigned int)-ret;
			}
		} else if (op->returns_fd) {
			if (nheld == 64 || rel_prng_below(&r, 2))
				close(ret);
			else
				held[nheld++] = ret;
		}
		if (nheld && rel_prng_below(&r, 4) == 0)
			close(held[--nheld]);
	}
	REL_CHECK(fi_make_it_fail(false) == 0, "make-it-fail off: %s", strerror(errno));
	after = fi_times_left();
	fi_reset();
	if (!REL_CHECK(after >= 0 && after <= before, "failslab times: %ld before, %ld after",
		       before, after))
		after = before;
	while (nheld)
		close(held[--nheld]);
	REL_CHECK(bad == 0, "%u calls failed with something else than ENOMEM (last: %s)",
		  bad, strerror(last_bad));
	if (!REL_CHECK(rel_count_fds() == fds, "fd leak: %d before, %d after", fds, rel_count_fds()))
		rel_fig()->leaks++;
	check_usable(c, "random faults");
	printf("     %s failslab/random: %u calls, %u failed, %ld faults injected\n",
	       c->dev->name, iters, errors, before - after);
	rel_fig()->faults += before - after;
	return before - after;
}

static unsigned int iters, pct;
static uint64_t seed;

static const struct fb_param params[] = {
	{ .name = "iters", .type = FB_PARAM_UINT, .val = &iters, .def = "2000",
	  .help = "calls of the random mix per backend", .min = 1,
	  .max = 10000000 },
	{ .name = "percent", .type = FB_PARAM_UINT, .val = &pct, .def = "10",
	  .help = "failslab probability of the random mix, %", .min = 1,
	  .max = 100 },
	{ .name = "seed", .type = FB_PARAM_U64, .val = &seed, .def = "1",
	  .help = "seed of the random mix", .min = 0, .max = ULONG_MAX },
	{ 0 },
};

int main(int argc, char **argv)
{
	const struct fb_syncdev *devs[REL_MAX_BACKENDS];
	int n, code, e;

	n = rel_begin_backends(argc, argv, "rel-failslab", params, NULL, devs, &code);
	if (n < 0)
		return code;
	e = fi_setup(0, 1);
	for (int b = 0; b < n; b++) {
		struct fs_ctx ctx;

		if (!rel_backend_use(devs[b], "failslab"))
			continue;
		for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
			unsigned int inj;

			rel_case_begin("failslab/sweep/%s", ops[i].name);
			if ((ops[i].caps & devs[b]->caps) != ops[i].caps) {
				rel_case_skip("not in the %s ABI", devs[b]->name);
				continue;
			}
			if (e) {
				rel_case_skip("no failslab in this kernel (%s)", strerror(-e));
				continue;
			}
			if (!REL_CHECK(setup(&ctx, devs[b]) == 0, "cannot set the objects up")) {
				teardown(&ctx);
				rel_case_end();
				continue;
			}
			inj = sweep(&ctx, &ops[i]);
			REL_CHECK(inj > 0 || ops[i].may_not_allocate,
				  "no allocation of %s could be failed", ops[i].name);
			printf("     %s failslab/sweep/%s: %u allocation sites failed in turn\n",
			       devs[b]->name, ops[i].name, inj);
			teardown(&ctx);
			rel_case_end();
		}
		rel_case_begin("failslab/random");
		if (e) {
			rel_case_skip("no failslab in this kernel (%s)", strerror(-e));
			continue;
		}
		if (REL_CHECK(setup(&ctx, devs[b]) == 0, "cannot set the objects up")) {
			long inj = random_mix(&ctx, iters, pct, seed + b);

			REL_CHECK(inj > 0, "no fault was injected");
		}
		teardown(&ctx);
		rel_case_end();
	}
	if (!e)
		fi_reset();
	return rel_finish();
}
