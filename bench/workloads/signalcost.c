// SPDX-License-Identifier: GPL-2.0
/*
 * signalcost.c - workload: cost of one increment against pending points.
 *
 * A timeline holds K unsignaled points (fences at value +1..+K). Each
 * measured increment advances it by one, which signals exactly the oldest
 * point; outside the timed region its fence is closed and a new point is
 * added at +K, so K stay pending. Each increment is timed on its own; a
 * repetition reports the interquartile mean of its increments. A design that scans every pending point
 * on each increment (the 2013 framework) grows with K; one that keeps them
 * ordered does not.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "clock.h"
#include "stats.h"
#include "workload.h"

static struct fb_list k_signal;	/* pending points K */

static const struct fb_param signalcost_params[] = {
	{ .name = "k-signal", .type = FB_PARAM_LIST, .val = &k_signal,
	  .def = "1,16,256,1024,4096,16384", .quick = "1,256,4096",
	  .help = "signalcost: pending points K",
	  .min = 1, .max = 1u << 16 },
	{ 0 },
};

struct sc_arg {
	const struct fb_backend *b;
	void *src;
	int *fds;		/* ring of the K pending fences, oldest at head */
	unsigned int k, head;
};

static int sc_rep(void *a, double *ns, unsigned int n)
{
	struct sc_arg *s = a;

	for (unsigned int i = 0; i < n; i++) {
		uint64_t t0 = fb_now_ns();
		int err = s->b->signal(s->src, 1);
		uint64_t t1 = fb_now_ns();
		int st;

		if (err)
			return err;
		ns[i] = (double)(t1 - t0);
		/* The oldest point must be signaled now, and only it. */
		st = s->b->info(s->fds[s->head], NULL);
		if (st != 1)
			return st < 0 ? st : -EPROTO;
		close(s->fds[s->head]);
		s->fds[s->head] = s->b->create(s->src, s->k);
		if (s->fds[s->head] < 0)
			return s->fds[s->head];
		s->head = (s->head + 1) % s->k;
		if (s->k > 1 && s->b->info(s->fds[s->head], NULL) != 0)
			return -EPROTO;
	}
	return 0;
}

static int run_k(struct fb_ctx *c, const struct fb_backend *b, unsigned int k)
{
	struct fb_fig f = { .workload = "signalcost", .backend = b->name,
			    .series = "inc1", .xname = "K", .x = k,
			    .metric = "inc_ns", .unit = "ns", .gate = 1 };
	struct sc_arg a = { .b = b, .k = k };
	/*
	 * Increments per repetition: a quarter of --iters, at least 200, or
	 * --iters itself when it asks for fewer (make ab's short rounds).
	 */
	unsigned int iters = c->iters / 4 > 200 ? c->iters / 4 :
			     c->iters < 200 ? c->iters : 200;
	double *reps = calloc(c->reps, sizeof(double));
	unsigned int made = 0;
	int err;

	a.fds = calloc(k, sizeof(int));
	if (!reps || !a.fds) {
		err = -ENOMEM;
		goto out;
	}
	err = b->open(b, &a.src);
	if (err)
		goto out;
	for (; made < k && !err; made++) {
		a.fds[made] = b->create(a.src, made + 1);
		if (a.fds[made] < 0)
			err = a.fds[made];
	}
	if (!err)
		err = fb_repeat(c, sc_rep, &a, iters, reps);
	if (!err)
		err = fb_record(c, &f, reps, c->reps);
	if (!err)
		fb_progress("signalcost %-8s K=%-5u: %.0f ns per increment (interquartile mean op, median of %u reps x %u)",
			    b->name, k, fb_median(reps, c->reps), c->reps,
			    iters);
	for (unsigned int i = 0; i < made; i++)
		if (a.fds[i] >= 0)
			close(a.fds[i]);
	b->close(a.src);
out:
	free(reps);
	free(a.fds);
	return err;
}

/* One part per K. */
static unsigned int signalcost_nparts(const struct fb_ctx *c)
{
	(void)c;
	return (unsigned int)k_signal.n;
}

static int signalcost_part(struct fb_ctx *c, const struct fb_backend *b,
			   unsigned int part)
{
	int err = run_k(c, b, (unsigned int)k_signal.v[part]);

	return err ? fb_fail(c, err, "signalcost") : 0;
}

static const struct fb_plot signalcost_plots[] = {
	{ .kind = "sweep", .name = "signalcost-vs-k", .series = "inc1",
	  .metric = "inc_ns", .xlabel = "pending points K",
	  .ylabel = "ns per increment signalling one point",
	  .title = "signal cost against pending points" },
	{ 0 },
};

static const struct fb_workload fb_wl_signalcost = {
	.name = "signalcost",
	.desc = "one increment signalling one point with K points pending",
	.order = 50,
	.headline = "inc1:inc_ns",
	.params = signalcost_params,
	.needs = FB_OP_CREATE | FB_OP_INFO,
	.nparts = signalcost_nparts,
	.run_part = signalcost_part,
	.floor = fb_floor_reference,
	.plots = signalcost_plots,
};

FB_WORKLOAD_REGISTER(fb_wl_signalcost);
