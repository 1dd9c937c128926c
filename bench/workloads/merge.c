// SPDX-License-Identifier: GPL-2.0
/*
 * merge.c - workload: fence merge cost.
 *
 * Series: "2way" - two single-point fences of two timelines; "points" -
 * two fences of P points each over the same P timelines (values 1 and 2),
 * so the merge pairs up every timeline (x = P; every repetition on fresh
 * timelines); "signaled" - two
 * single-point fences already signaled; "self" - a fence with itself.
 * Each measured operation is a merge and the close of its result, timed on
 * its own; a repetition reports its interquartile mean operation. The
 * point count of a result (info op) is recorded too, not gated.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "clock.h"
#include "stats.h"
#include "workload.h"

static struct fb_list points;	/* points per fence P */

static const struct fb_param merge_params[] = {
	{ .name = "p", .type = FB_PARAM_LIST, .val = &points,
	  .def = "1,4,16,64,256,1024", .quick = "1,256",
	  .help = "merge: points per fence P", .min = 1, .max = 1u << 16 },
	{ 0 },
};

struct merge_arg {
	const struct fb_backend *b;
	int a, c;
};

static int merge_rep(void *p, double *ns, unsigned int n)
{
	struct merge_arg *m = p;

	for (unsigned int i = 0; i < n; i++) {
		uint64_t t0 = fb_now_ns();
		int fd = m->b->merge(m->a, m->c);

		if (fd < 0)
			return fd;
		close(fd);
		ns[i] = (double)(fb_now_ns() - t0);
	}
	return 0;
}

/* Merge @n fences (consumed) pairwise into one; the fd or -errno. */
static int merge_tree(const struct fb_backend *b, int *fds, unsigned int n)
{
	while (n > 1) {
		unsigned int out = 0;

		for (unsigned int i = 0; i < n; i += 2) {
			int m;

			if (i + 1 == n) {
				fds[out++] = fds[i];
				continue;
			}
			m = b->merge(fds[i], fds[i + 1]);
			close(fds[i]);
			close(fds[i + 1]);
			if (m < 0) {
				for (unsigned int j = i + 2; j < n; j++)
					close(fds[j]);
				for (unsigned int j = 0; j < out; j++)
					close(fds[j]);
				return m;
			}
			fds[out++] = m;
		}
		n = out;
	}
	return fds[0];
}

static int measure(struct fb_ctx *c, const struct fb_backend *b,
		   const char *series, unsigned int p, int a, int d,
		   unsigned int iters)
{
	struct merge_arg m = { b, a, d };
	struct fb_fig f = { .workload = "merge", .backend = b->name,
			    .series = series, .xname = p ? "P" : "",
			    .x = p, .metric = "merge_close_ns", .unit = "ns",
			    .gate = 1 };
	double *reps = calloc(c->reps, sizeof(double));
	double *batch = calloc(c->reps, sizeof(double));
	uint32_t npts = 0;
	int err = reps && batch ? fb_repeat_batch(c, merge_rep, &m, iters,
						  reps, batch) : -ENOMEM;
	int fd;

	if (!err)
		err = fb_record_batch(c, &f, reps, batch, c->reps);
	fd = err ? -1 : b->merge(a, d);
	if (fd >= 0) {
		double v;

		b->info(fd, &npts);
		close(fd);
		v = npts;
		f.metric = "result_points";
		f.unit = "points";
		f.gate = 0;
		err = fb_record(c, &f, &v, 1);
	}
	if (!err)
		fb_progress("merge    %-8s %-8s P=%-4u: %.0f ns per merge+close (batch %.0f), result has %u points",
			    b->name, series, p, fb_median(reps, c->reps),
			    fb_median(batch, c->reps), npts);
	free(reps);
	free(batch);
	return err;
}

/* Fence of one point on each of the @p timelines, at value @v. */
static int build(const struct fb_backend *b, void **tl, unsigned int p,
		 uint32_t v)
{
	int *fds = calloc(p, sizeof(int));
	int fd;

	if (!fds)
		return -ENOMEM;
	for (unsigned int i = 0; i < p; i++) {
		fds[i] = b->create(tl[i], v);
		if (fds[i] < 0) {
			fd = fds[i];
			while (i-- > 0)
				close(fds[i]);
			free(fds);
			return fd;
		}
	}
	fd = merge_tree(b, fds, p);
	free(fds);
	return fd;
}

struct points_arg {
	const struct fb_backend *b;
	unsigned int p;
	uint64_t rng;		/* fixed seed: the same orders in every run */
};

/*
 * One repetition of the points series on P fresh timelines, opened and
 * merged in a new pseudo-random order: a path length that depends on the
 * order of the kernel objects in memory then varies between repetitions
 * (where the U test sees it) instead of between boots (where it would
 * look like a change).
 */
static int points_rep(void *arg, double *ns, unsigned int n)
{
	struct points_arg *pa = arg;
	const struct fb_backend *b = pa->b;
	void **tl = calloc(pa->p, sizeof(void *));
	unsigned int opened = 0;
	int a = -1, d = -1, err = tl ? 0 : -ENOMEM;

	for (; opened < pa->p && !err; opened++)
		err = b->open(b, &tl[opened]);
	if (err)
		opened--;
	for (unsigned int i = opened; i > 1; i--) {	/* Fisher-Yates */
		unsigned int j = (unsigned int)(fb_rand_next(&pa->rng) % i);
		void *t = tl[i - 1];

		tl[i - 1] = tl[j];
		tl[j] = t;
	}
	if (!err && (a = build(b, tl, pa->p, 1)) < 0)
		err = a;
	if (!err && (d = build(b, tl, pa->p, 2)) < 0)
		err = d;
	if (!err) {
		struct merge_arg m = { b, a, d };

		uint32_t npts = 0;
		int fd;

		err = merge_rep(&m, ns, n);
		/* Sanity: P+P points over P timelines merge into P. */
		fd = err ? -1 : b->merge(a, d);
		if (fd >= 0) {
			if (b->info(fd, &npts) < 0 || npts != pa->p)
				err = -EPROTO;
			close(fd);
		} else if (!err) {
			err = fd;
		}
	}
	if (a >= 0)
		close(a);
	if (d >= 0)
		close(d);
	for (unsigned int i = 0; i < opened; i++)
		b->close(tl[i]);
	free(tl);
	return err;
}

static int run_points(struct fb_ctx *c, const struct fb_backend *b,
		      unsigned int p)
{
	struct points_arg pa = { b, p, 0x5eed0000ull + p };
	struct fb_fig f = { .workload = "merge", .backend = b->name,
			    .series = "points", .xname = "P", .x = p,
			    .metric = "merge_close_ns", .unit = "ns", .gate = 1 };
	unsigned int iters = c->iters / p > 32 ? c->iters / p : 32;
	double *reps = calloc(c->reps, sizeof(double));
	int err = reps ? fb_repeat(c, points_rep, &pa, iters, reps) : -ENOMEM;

	if (!err)
		err = fb_record(c, &f, reps, c->reps);
	if (!err)
		fb_progress("merge    %-8s points   P=%-4u: %.0f ns per merge+close (fresh timelines each of %u reps x %u)",
			    b->name, p, fb_median(reps, c->reps), c->reps, iters);
	free(reps);
	return err;
}

static int run_pairs(struct fb_ctx *c, const struct fb_backend *b)
{
	void *t1 = NULL, *t2 = NULL;
	int a = -1, d = -1, err;

	err = b->open(b, &t1);
	if (!err)
		err = b->open(b, &t2);
	if (err)
		goto out;
	a = b->create(t1, 1);
	d = b->create(t2, 1);
	if (a < 0 || d < 0) {
		err = a < 0 ? a : d;
		goto out;
	}
	err = measure(c, b, "2way", 0, a, d, c->iters);
	if (!err)
		err = measure(c, b, "self", 0, a, a, c->iters);
	if (!err)
		err = b->signal(t1, 1);
	if (!err)
		err = b->signal(t2, 1);
	if (!err)
		err = measure(c, b, "signaled", 0, a, d, c->iters);
out:
	if (a >= 0)
		close(a);
	if (d >= 0)
		close(d);
	if (t1)
		b->close(t1);
	if (t2)
		b->close(t2);
	return err;
}

/* Part 0: the pairs (2way, self, signaled); then one part per P. */
static unsigned int merge_nparts(const struct fb_ctx *c)
{
	(void)c;
	return 1 + (unsigned int)points.n;
}

static int merge_part(struct fb_ctx *c, const struct fb_backend *b,
		      unsigned int part)
{
	int err;

	if (!part) {
		err = run_pairs(c, b);
		return err ? fb_fail(c, err, "merge pairs") : 0;
	}
	err = run_points(c, b, (unsigned int)points.v[part - 1]);
	return err ? fb_fail(c, err, "merge points") : 0;
}

static const struct fb_plot merge_plots[] = {
	{ .kind = "sweep", .name = "merge-vs-p", .series = "points",
	  .metric = "merge_close_ns",
	  .xlabel = "points per fence P (over P timelines)",
	  .ylabel = "ns per merge + close", .title = "merge cost against P" },
	{ 0 },
};

static const struct fb_workload fb_wl_merge = {
	.name = "merge",
	.desc = "merge: 2-way, P points over P timelines, already signaled, self",
	.order = 20,
	.headline = "2way:merge_close_ns",
	.params = merge_params,
	.needs = FB_OP_CREATE | FB_OP_MERGE | FB_OP_INFO,
	.nparts = merge_nparts,
	.run_part = merge_part,
	.floor = fb_floor_reference,
	.plots = merge_plots,
};

FB_WORKLOAD_REGISTER(fb_wl_merge);
