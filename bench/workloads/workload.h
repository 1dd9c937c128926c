/* SPDX-License-Identifier: GPL-2.0 */
/*
 * workload.h - the interface of a benchmark workload and the run context
 * it records into. Adding a workload: one file defining a struct
 * fb_workload (with the table of its parameters, param.h) and registering
 * it with FB_WORKLOAD_REGISTER(); docs/extending.md has a worked example.
 */
#ifndef FB_WORKLOAD_H
#define FB_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>

#include "../backends/backend.h"
#include "hist.h"
#include "param.h"
#include "registry.h"
#include "results.h"

/* The run: the harness's parameters (main.c) and where figures go. */
struct fb_ctx {
	struct fb_results *res;
	const char *mode;	/* timing mode label recorded with every figure */
	int quick;
	unsigned int reps;	/* measured repetitions per figure */
	unsigned int warmup;	/* unmeasured repetitions before them */
	unsigned int iters;	/* operations per repetition (create, merge, ...) */
	int vcpus, numa;
	int failures;		/* errors met (the run exits non-zero) */
	/*
	 * File naming the step that runs now (fb_running()), or NULL: a
	 * guest that dies leaves it behind, so the host can say where.
	 */
	const char *running_path;
};

/*
 * A plot of a workload's figures: bench/plot draws it with the gnuplot
 * script plots/KIND.gp, reading the workload's CSV (docs/bench.md,
 * "Plots"). Its text fields may hold {series}, {vcpus} (of the guest the
 * figures come from) and {x}, which bench/plot fills in; {series} has its
 * slashes turned into dashes in @name. No field may hold a '|'.
 */
struct fb_plot {
	/*
	 * sweep  @metric against the swept parameter (log-log), a line per
	 *        backend, at the run's vCPUs;
	 * vcpus  @metric at the largest x against the guest's vCPUs (runs
	 *        that measured the series in guests of several sizes; {x}:
	 *        that x);
	 * cdf    the distribution of each series (its histogram CSV);
	 * gap    the two @metric figures (solid, dashed) against @xname's
	 *        values as categories, 0 for the figure without an xname;
	 * stack  the @metric figures of a series stacked per backend: all
	 *        but the last two are the stages, then the total (labelled
	 *        on the bar) and a total measured apart (a diamond); below,
	 *        each minus the control's (@xref).
	 */
	const char *kind;
	const char *name;	/* file name (no extension) */
	/* The series drawn; NULL: each series of the figures, a plot each. */
	const char *series;
	const char *metric;	/* a figure's metric, or several (spaces between) */
	/*
	 * The figures drawn (gap, stack): those whose swept parameter is
	 * @xname; NULL: those without one (x = 0).
	 */
	const char *xname;
	const char *xlabel, *ylabel, *title;
	/* stack: the legend of each @metric ("stage: what it spans"), ';' between. */
	const char *labels;
	/*
	 * stack: the control each backend's stages are shown minus: NULL,
	 * the reference backend where the series has it, else its floor;
	 * else the same backend's figure without an xname, named so.
	 */
	const char *xref;
};

struct fb_workload {
	const char *name;
	const char *desc;
	int order;		/* run and list order: lower first */
	/* Its own parameters (ended by name == NULL), or NULL. */
	const struct fb_param *params;
	/*
	 * Its headline figure in the run's summary table: "series:metric"
	 * alternatives separated by spaces, the first the run has wins.
	 */
	const char *headline;
	/* Checks across parameters: NULL if fine, else what is wrong. */
	const char *(*check)(const struct fb_ctx *c);
	/* Backend ops it needs (FB_OP_*), or 0 plus @supported. */
	unsigned int needs;
	int (*supported)(const struct fb_backend *b);
	/*
	 * Run the whole sweep on @b; 0 or -errno. NULL: the sweep is its
	 * parts, run in order (fb_workload_run()).
	 */
	int (*run)(struct fb_ctx *c, const struct fb_backend *b);
	/*
	 * The sweep in parts (one series, or one parameter value, each):
	 * @nparts of them, @run_part runs part @part on @b (returning 0 with
	 * nothing recorded where @b has no such part). Interleaved rounds
	 * (rounds.h) run one part on every backend before the next part, so
	 * that a figure and its control are measured milliseconds apart, not
	 * a whole sweep apart. NULL: the sweep is one part, @run.
	 */
	unsigned int (*nparts)(const struct fb_ctx *c);
	int (*run_part)(struct fb_ctx *c, const struct fb_backend *b,
			unsigned int part);
	/*
	 * The in-round control of figure @m: the backend whose same figure,
	 * measured in the same round, divides it (the floor of its wait,
	 * fb_wait_floor(), or the reference backend, fb_floor_reference();
	 * backend.h); NULL: none. *@gate: whether that
	 * ratio is gated under tcg and kvm, where a figure that spans two
	 * vCPUs measures the host's scheduling more than the guest's path
	 * (rounds.h). Not set: every figure is only ever absolute.
	 */
	const char *(*floor)(const struct fb_metric *m, int *gate);
	/*
	 * It patches kernel text while other work runs: it turns trace
	 * events on and off (static keys: text_poke_bp() writes an int3,
	 * then the rest, then the first byte). Multi-threaded TCG has let
	 * another vCPU execute the int3 after the patch was done and panic
	 * the guest (docs/bench.md, "Text patching under TCG"), so under tcg
	 * such a workload runs only in a guest of one vCPU: in a 2-vCPU tcg
	 * guest fencebench skips it, and run-bench gives it a 1-vCPU boot.
	 */
	int patches_text;
	/*
	 * None of its figures is gated: they explain other workloads'
	 * figures (breakdown). `fencebench --list` marks it "(explains)";
	 * the gated runs (make ab, make test's bench gate) leave it out.
	 */
	int explains;
	/*
	 * Some of its figures span two vCPUs (a waiter on another vCPU than
	 * the signaller): under icount, whose main boot has one vCPU,
	 * run-bench runs it again in a 2-vCPU boot.
	 */
	int cross_vcpu;
	/*
	 * A full run measures it again in guests of other sizes (1, 4, 8
	 * vCPUs, and 4 on 2 NUMA nodes): its figures against vCPUs.
	 */
	int vcpu_sweep;
	/* How bench/plot draws its figures (ended by kind == NULL), or NULL. */
	const struct fb_plot *plots;
};

/*
 * Control for figures that have no raw counterpart (create, merge, signal
 * cost: one vCPU): the reference backend (the kernel's own fences,
 * backend.h), gated.
 */
const char *fb_floor_reference(const struct fb_metric *m, int *gate);

/* The workloads, in @order (registry.h; defined in registry.c). */
extern struct fb_registry fb_workload_registry;

/* Register @w (a struct fb_workload) before main() runs. */
#define FB_WORKLOAD_REGISTER(w)						\
	FB_REGISTER(fb_workload_registry, w, (w).name, (w).order)

/* The @i-th workload in order; NULL past the last. */
static inline const struct fb_workload *fb_workload_at(size_t i)
{
	return fb_registry_at(&fb_workload_registry, i);
}

/* The workload named @name; NULL if none. */
static inline const struct fb_workload *fb_workload_find(const char *name)
{
	return fb_registry_find(&fb_workload_registry, name);
}

int fb_workload_supports(const struct fb_workload *w,
			 const struct fb_backend *b);
/* Run the whole sweep of @w on @b: its run, or its parts in order. */
int fb_workload_run(const struct fb_workload *w, struct fb_ctx *c,
		    const struct fb_backend *b);

/*
 * Note the step about to run (@part < @nparts of round @round < @nrounds
 * of @w on @b) in c->running_path, replacing what was there: the host
 * names it when the guest dies (bench/run-bench). @b may be NULL.
 */
void fb_running(const struct fb_ctx *c, const struct fb_workload *w,
		const struct fb_backend *b, unsigned int round,
		unsigned int nrounds, unsigned int part, unsigned int nparts);
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
/*
 * A guest of several vCPUs under icount: QEMU runs them round-robin and
 * where a slice ends decides kernel paths (docs/bench-method.md, "SMP
 * icount"); the wake-up workloads put their rounds on a grid there.
 */
int fb_smp_icount(const struct fb_ctx *c);

#endif /* FB_WORKLOAD_H */
