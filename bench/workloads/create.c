// SPDX-License-Identifier: GPL-2.0
/*
 * create.c - workload: fence creation and release.
 *
 * "single": create one fence (one point, not signaled) and close it, over
 * and over: ns per create+close. "bulk": create K fences on one timeline
 * (values +1..+K), then close them all: ns per create, ns per close (each
 * op timed on its own, the interquartile mean of a repetition), and
 * the kernel memory held per live fence, from the growth of the live slab
 * objects (/proc/slabinfo: sum of active_objs * objsize) while the K
 * fences exist; it includes the fence's file, dentry and sync_file.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "clock.h"
#include "stats.h"
#include "sysinfo.h"
#include "workload.h"

static struct fb_list k_create;	/* bulk sizes K */

static const struct fb_param create_params[] = {
	{ .name = "k-create", .type = FB_PARAM_LIST, .val = &k_create,
	  .def = "1024,4096", .quick = "1024",
	  .help = "create: bulk sizes K (fds open at once)",
	  .min = 1, .max = 1u << 16 },
	{ 0 },
};

/* Let deferred frees of closed files (task work, RCU) finish. */
#define SETTLE_NS (20ull * 1000000ull)

struct single_arg {
	const struct fb_backend *b;
	void *src;
};

static int single_rep(void *a, double *ns, unsigned int n)
{
	struct single_arg *s = a;

	for (unsigned int i = 0; i < n; i++) {
		uint64_t t0 = fb_now_ns();
		int fd = s->b->create(s->src, 1);

		if (fd < 0)
			return fd;
		close(fd);
		ns[i] = (double)(fb_now_ns() - t0);
	}
	return 0;
}

static int run_single(struct fb_ctx *c, const struct fb_backend *b, void *src)
{
	struct single_arg a = { b, src };
	struct fb_fig f = { .workload = "create", .backend = b->name,
			    .series = "single", .metric = "create_close_ns",
			    .unit = "ns", .gate = 1 };
	double *reps = calloc(c->reps, sizeof(double));
	double *batch = calloc(c->reps, sizeof(double));
	int err = reps && batch ? fb_repeat_batch(c, single_rep, &a, c->iters,
						  reps, batch) : -ENOMEM;

	if (!err)
		err = fb_record_batch(c, &f, reps, batch, c->reps);
	if (!err)
		fb_progress("create   %-8s single: %.0f ns per create+close (interquartile mean op, median of %u reps x %u), batch %.0f ns",
			    b->name, fb_median(reps, c->reps), c->reps,
			    c->iters, fb_median(batch, c->reps));
	free(reps);
	free(batch);
	return err;
}

/* One bulk repetition: K creates, memory reading, K closes. */
static int bulk_rep(const struct fb_backend *b, void *src, int *fds,
		    double *t, unsigned int k, double *create_ns,
		    double *close_ns, double *bytes)
{
	long long before, after;
	unsigned int made = 0;
	int err = 0;

	fb_sleep_ns(SETTLE_NS);
	before = fb_slab_bytes();
	for (; made < k; made++) {
		uint64_t t0 = fb_now_ns();

		fds[made] = b->create(src, made + 1);
		t[made] = (double)(fb_now_ns() - t0);
		if (fds[made] < 0) {
			err = fds[made];
			break;
		}
	}
	after = fb_slab_bytes();
	*create_ns = fb_iqm(t, made ? made : 1);
	*bytes = before >= 0 && after >= 0 ? (double)(after - before) / k : NAN;
	for (unsigned int i = 0; i < made; i++) {
		uint64_t t0 = fb_now_ns();

		close(fds[i]);
		t[i] = (double)(fb_now_ns() - t0);
	}
	*close_ns = fb_iqm(t, made ? made : 1);
	return err;
}

static int run_bulk(struct fb_ctx *c, const struct fb_backend *b, void *src,
		    unsigned int k)
{
	struct fb_fig f = { .workload = "create", .backend = b->name,
			    .series = "bulk", .xname = "K", .x = k,
			    .unit = "ns" };
	double *cr = calloc(c->reps, sizeof(double));
	double *cl = calloc(c->reps, sizeof(double));
	double *mem = calloc(c->reps, sizeof(double));
	int *fds = calloc(k, sizeof(int));
	double *t = calloc(k, sizeof(double));
	int err = cr && cl && mem && fds && t ? 0 : -ENOMEM;

	for (unsigned int i = 0; i < c->warmup + c->reps && !err; i++) {
		unsigned int r = i < c->warmup ? 0 : i - c->warmup;

		err = bulk_rep(b, src, fds, t, k, &cr[r], &cl[r], &mem[r]);
	}
	f.metric = "create_ns";
	f.gate = 1;
	if (!err)
		err = fb_record(c, &f, cr, c->reps);
	f.metric = "close_ns";
	if (!err)
		err = fb_record(c, &f, cl, c->reps);
	/* Memory is not a timing: reported, not gated. */
	f.metric = "kmem_per_fence_bytes";
	f.unit = "bytes";
	f.gate = 0;
	if (!err)
		err = fb_record(c, &f, mem, c->reps);
	if (!err)
		fb_progress("create   %-8s bulk K=%u: %.0f ns per create, %.0f ns per close, %.0f bytes of slab per live fence",
			    b->name, k, fb_median(cr, c->reps),
			    fb_median(cl, c->reps), fb_median(mem, c->reps));
	free(cr);
	free(cl);
	free(mem);
	free(fds);
	free(t);
	return err;
}

/* Part 0: single; then one part per bulk size K. */
static unsigned int create_nparts(const struct fb_ctx *c)
{
	(void)c;
	return 1 + (unsigned int)k_create.n;
}

static int part_on(struct fb_ctx *c, const struct fb_backend *b, void *src,
		   unsigned int part)
{
	int err = part ? run_bulk(c, b, src, (unsigned int)k_create.v[part - 1]) :
			 run_single(c, b, src);

	return err ? fb_fail(c, err, part ? "create bulk" : "create single") : 0;
}

/* The whole sweep on one timeline. */
static int create_run(struct fb_ctx *c, const struct fb_backend *b)
{
	unsigned int n = create_nparts(c);
	void *src;
	int err = b->open(b, &src);

	if (err)
		return fb_fail(c, err, "create: open timeline");
	for (unsigned int i = 0; i < n; i++)
		if (part_on(c, b, src, i))
			err = -EIO;
	b->close(src);
	return err;
}

/* One part on a timeline of its own (interleaved rounds). */
static int create_part(struct fb_ctx *c, const struct fb_backend *b,
		       unsigned int part)
{
	void *src;
	int err = b->open(b, &src);

	if (err)
		return fb_fail(c, err, "create: open timeline");
	err = part_on(c, b, src, part);
	b->close(src);
	return err;
}

static const struct fb_workload fb_wl_create = {
	.name = "create",
	.desc = "create+close one fence; create K then close K (ns, slab bytes per fence)",
	.order = 10,
	.headline = "single:create_close_ns",
	.params = create_params,
	.needs = FB_OP_CREATE,
	.run = create_run,
	.nparts = create_nparts,
	.run_part = create_part,
	.floor = fb_floor_reference,
};

FB_WORKLOAD_REGISTER(fb_wl_create);
