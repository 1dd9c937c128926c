/* SPDX-License-Identifier: GPL-2.0 */
/*
 * workload.h - the interface of a benchmark workload and the run context
 * it records into. Adding a workload: one file defining a struct
 * fb_workload, plus one line in registry.c.
 */
#ifndef FB_WORKLOAD_H
#define FB_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>

#include "../backends/backend.h"
#include "hist.h"
#include "results.h"

#define FB_MAX_LIST 32

/* A sweep list such as --k 1,16,256. */
struct fb_list {
	size_t n;
	unsigned long v[FB_MAX_LIST];
};

struct fb_ctx {
	struct fb_results *res;
	const char *mode;	/* timing mode label recorded with every figure */
	int quick;
	unsigned int reps;	/* measured repetitions per figure */
	unsigned int warmup;	/* unmeasured repetitions before them */
	unsigned int iters;	/* operations per repetition (create, merge) */
	unsigned int samples;	/* wake-up samples per configuration */
	unsigned int rounds;	/* pollscale rounds per configuration */
	uint64_t gap_ns;	/* idle gap before a wake-up signal */
	struct fb_list k_create, p, w, k_signal;
	int vcpus, numa;
	int failures;		/* errors met (the run exits non-zero) */
};

struct fb_workload {
	const char *name;
	const char *desc;
	const char *params;	/* the options it reads, for --help */
	/* Backend ops it needs (FB_OP_*), or 0 plus @supported. */
	unsigned int needs;
	int (*supported)(const struct fb_backend *b);
	/* Run the whole sweep on @b; 0 or -errno. */
	int (*run)(struct fb_ctx *c, const struct fb_backend *b);
	/*
	 * The in-round control of figure @m: the backend whose same figure,
	 * measured in the same round, divides it (a floor such as eventfd,
	 * or the reference mainline); NULL: none. *@gate: whether that
	 * ratio is gated under tcg and kvm, where a figure that spans two
	 * vCPUs measures the host's scheduling more than the guest's path
	 * (rounds.h). Not set: every figure is only ever absolute.
	 */
	const char *(*floor)(const struct fb_metric *m, int *gate);
};

/*
 * Control for figures that have no raw counterpart (create, merge, signal
 * cost: one vCPU): the kernel's own mainline backend, gated.
 */
const char *fb_floor_mainline(const struct fb_metric *m, int *gate);

extern const struct fb_workload *const fb_workloads[];
const struct fb_workload *fb_workload_find(const char *name);
int fb_workload_supports(const struct fb_workload *w,
			 const struct fb_backend *b);

/* "[fencebench] ..." progress line on stdout. */
void fb_progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Identity of a figure; record() fills mode, vcpus and numa. */
struct fb_fig {
	const char *workload, *backend, *series, *xname, *metric, *unit;
	double x;
	int gate;
};

/* Record a figure whose value is the median of @reps. */
int fb_record(struct fb_ctx *c, const struct fb_fig *f, const double *reps,
	      size_t n);
/* Record a figure with an explicit value (e.g. a pooled percentile). */
int fb_record_value(struct fb_ctx *c, const struct fb_fig *f, double value,
		    const double *reps, size_t n);
int fb_record_hist(struct fb_ctx *c, const struct fb_fig *f,
		   const struct fb_hist *h);

/*
 * One repetition: do @n operations, timing each one on its own (two clock
 * reads around it) into @ns[i]. 0 or -errno.
 */
typedef int (*fb_rep_fn)(void *arg, double *ns, unsigned int n);
/*
 * c->warmup unmeasured, then c->reps measured repetitions of @n ops; @out
 * gets the interquartile mean op time of each repetition (fb_iqm). That
 * is what every per-op figure reports: a timer interrupt or a kernel
 * thread landing inside a few ops cannot move it, and ops with two path
 * lengths of similar frequency average smoothly, so icount reruns agree
 * where a batch mean or a median would not.
 */
int fb_repeat(struct fb_ctx *c, fb_rep_fn fn, void *arg, unsigned int n,
	      double *out);

/*
 * fb_repeat(), and in @batch (when not NULL) the batch figure of each
 * repetition: the time of the whole repetition divided by @n. The
 * interquartile mean leaves out the slow ops; the batch figure keeps
 * whatever lands inside the repetition (RCU callbacks, deferred file
 * release, timer ticks) and the two clock reads of each op, so that a
 * backend that defers work cannot look faster than it is.
 */
int fb_repeat_batch(struct fb_ctx *c, fb_rep_fn fn, void *arg, unsigned int n,
		    double *out, double *batch);

/*
 * Record the figure @f->metric from @reps and, next to it, the figure
 * "<name>_batch_ns" (for a metric "<name>_ns") from @batch, both gated as
 * @f says.
 */
int fb_record_batch(struct fb_ctx *c, const struct fb_fig *f,
		    const double *reps, const double *batch, size_t n);

/* Error bookkeeping: count it, print it, return @err. */
int fb_fail(struct fb_ctx *c, int err, const char *what);

#endif /* FB_WORKLOAD_H */
