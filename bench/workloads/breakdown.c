// SPDX-License-Identifier: GPL-2.0
/*
 * breakdown.c - workload: where a signal-to-wake-up spends its time.
 *
 * The wake-ups of wakeup.c's poll and wait series (one waiter in ppoll()
 * or in the backend's native wait) split into stages by trace events
 * recorded on the trace clock that reads the suite's clock (wakesplit.h):
 *
 *   signal  the signaller's timestamp -> the fence signalled: the
 *           backend's signal_event (backend.h), the first event on its
 *           signal path, before the fence's callbacks run. A backend
 *           without one (the raw objects) has no such stage.
 *   wakeup  -> sched:sched_wakeup of the waiter
 *   switch  -> the sched:sched_switch to the waiter
 *   return  -> the waiter's own timestamp after its wait returned
 *
 * Same vCPU (poll/same, wait/same: both threads on CPU 0): the wake-up
 * event fires in the signaller's context. Cross vCPU (poll/cross,
 * wait/cross: the waiter on CPU 1), with wakeup.c's idle gaps
 * (--breakdown-gap-us; the first with the plain series name, the others
 * with x = the gap): a waiter's vCPU that has gone idle is woken through
 * its wake list, so sched_wakeup fires on the waiter's vCPU after the IPI
 * and the idle exit (sched_ttwu_pending()), and the wakeup stage holds
 * them; the switch follows there. The kernel filters both sched events to
 * the waiter (pid, next_pid), and the split reads every CPU's events.
 *
 * Tracing costs time of its own (an event record per tracepoint), so each
 * backend also runs as many wake-ups with every event off, in the same
 * run: "traced" and "untraced" totals (p50). The stages are p50s over
 * the traced wake-ups; per wake-up they add up to its traced total.
 * Nothing here is gated: the figures explain, wakeup.c's figures judge.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "placement.h"
#include "stats.h"
#include "sysinfo.h"
#include "tracefs.h"
#include "waiters.h"
#include "wakesplit.h"
#include "workload.h"

#define CHUNK 50	/* traced wake-ups per read of the trace buffer */
#define WARMUP_MIN 200	/* unmeasured wake-ups before the measured ones */

static unsigned int samples;	/* traced wake-ups, and as many untraced */
static struct fb_list gaps;	/* idle gaps of the cross-vCPU split, us */

static const struct fb_param breakdown_params[] = {
	{ .name = "breakdown-samples", .type = FB_PARAM_UINT, .val = &samples,
	  .def = "2000", .quick = "200",
	  .help = "breakdown: traced wake-ups per backend (and as many untraced)",
	  .min = 1, .max = 1u << 20, .split_min = 1 },
	{ .name = "breakdown-gap-us", .type = FB_PARAM_LIST, .val = &gaps,
	  .def = "0,50,1000",
	  .help = "breakdown: idle gaps before each cross-vCPU signal, us (hot 0, then idle ones)",
	  .min = 0, .max = 1000000 },
	{ 0 },
};

struct tracer {
	struct fb_tracefs fs;
	struct fb_wake_ids ids;
	const char *events[3];	/* enabled while tracing; NULL-ended */
	int filtered;		/* sched events filtered to the waiter */
	char clock_was[32];
	char *on_was, *raw_was;
};

/*
 * Tracefs ready for @b: 0, or -errno with the reason in @why. @cross: the
 * split reads the events of every CPU (tracer_filter() then keeps only
 * the waiter's sched events).
 */
static int tracer_setup(struct tracer *t, const struct fb_backend *b,
			int cross, char *why, size_t n)
{
	const char *sig = b->signal_event;
	size_t len;
	int err;

	memset(t, 0, sizeof(*t));
	err = fb_tracefs_open(&t->fs, why, n);
	if (err)
		return err;
	t->ids.wakeup = fb_tracefs_event_id(&t->fs, "sched:sched_wakeup");
	t->ids.sw = fb_tracefs_event_id(&t->fs, "sched:sched_switch");
	t->ids.signal = sig ? fb_tracefs_event_id(&t->fs, sig) : -1;
	if (t->ids.wakeup < 0 || t->ids.sw < 0 || (sig && t->ids.signal < 0)) {
		snprintf(why, n, "the kernel has no trace event %s",
			 t->ids.wakeup < 0 ? "sched:sched_wakeup" :
			 t->ids.sw < 0 ? "sched:sched_switch" : sig);
		return -ENOENT;
	}
	t->events[0] = "sched:sched_wakeup";
	t->events[1] = "sched:sched_switch";
	t->events[2] = sig;
	t->ids.pid = fb_gettid();
	t->ids.cpu = cross ? -1 : 0;
	err = fb_tracefs_selected(&t->fs, "trace_clock", t->clock_was,
				  sizeof(t->clock_was));
	if (!err)
		err = fb_tracefs_read(&t->fs, "tracing_on", &t->on_was, &len);
	if (!err)
		err = fb_tracefs_read(&t->fs, "options/raw", &t->raw_was, &len);
	if (!err)
		err = fb_tracefs_write(&t->fs, "tracing_on", "0");
	if (!err)
		err = fb_tracefs_write(&t->fs, "trace_clock", FB_TRACE_CLOCK);
	if (!err)
		err = fb_tracefs_write(&t->fs, "options/raw", "1");
	if (err)
		snprintf(why, n, "cannot set up tracing in %s (%s)", t->fs.dir,
			 strerror(-err));
	return err;
}

static int tracer_events(struct tracer *t, int on)
{
	int err = 0;

	for (size_t i = 0; i < 3 && t->events[i] && !err; i++)
		err = fb_tracefs_event_enable(&t->fs, t->events[i], on);
	return err;
}

static const char *const sched_filter[][2] = {
	{ "events/sched/sched_wakeup/filter", "pid" },
	{ "events/sched/sched_switch/filter", "next_pid" },
};

/* Only the wake-up of, and the switch to, thread @tid are recorded. */
static int tracer_filter(struct tracer *t, pid_t tid)
{
	char expr[64];
	int err = 0;

	t->filtered = 1;
	for (size_t i = 0; i < 2 && !err; i++) {
		snprintf(expr, sizeof(expr), "%s == %d", sched_filter[i][1],
			 (int)tid);
		err = fb_tracefs_write(&t->fs, sched_filter[i][0], expr);
	}
	return err;
}

/* Events off, filters, clock, recording and format as they were. */
static void tracer_restore(struct tracer *t)
{
	tracer_events(t, 0);
	for (size_t i = 0; i < 2 && t->filtered; i++)
		fb_tracefs_write(&t->fs, sched_filter[i][0], "0");
	fb_tracefs_clear(&t->fs);
	if (t->clock_was[0])
		fb_tracefs_write(&t->fs, "trace_clock", t->clock_was);
	if (t->raw_was)
		fb_tracefs_write(&t->fs, "options/raw", t->raw_was);
	if (t->on_was)
		fb_tracefs_write(&t->fs, "tracing_on", t->on_was);
	free(t->on_was);
	free(t->raw_was);
	t->on_was = t->raw_was = NULL;
}

/*
 * The buffer's events of the sample CPU (every CPU: ids.cpu < 0), in time
 * order; *@lost: lost ones.
 */
static int read_events(struct tracer *t, struct fb_trace_event **out,
		       size_t *nout, unsigned long *lost)
{
	char *buf, *line;
	size_t len, n = 0, cap = 1024;
	struct fb_trace_event *ev = malloc(cap * sizeof(*ev));
	int err = fb_tracefs_read(&t->fs, "trace", &buf, &len);

	if (err || !ev) {
		free(ev);
		return err ? err : -ENOMEM;
	}
	for (line = buf; line && *line && !err; ) {
		char *nl = strchr(line, '\n');
		struct fb_trace_event e;
		unsigned long k = 0;
		int r = fb_traceline_parse(line, &e, &k);

		if (r < 0) {
			fprintf(stderr, "[fencebench] breakdown: cannot parse trace line '%.*s'\n",
				(int)(nl ? nl - line : (long)strlen(line)), line);
			err = r;
		} else if (r == FB_TRACELINE_LOST) {
			*lost += k;
		} else if (r == FB_TRACELINE_EVENT &&
			   (t->ids.cpu < 0 || e.cpu == t->ids.cpu)) {
			if (n == cap) {
				struct fb_trace_event *m =
					realloc(ev, 2 * cap * sizeof(*ev));

				if (!m) {
					err = -ENOMEM;
					break;
				}
				ev = m;
				cap *= 2;
			}
			ev[n++] = e;
		}
		line = nl ? nl + 1 : NULL;
	}
	free(buf);
	if (err) {
		free(ev);
		return err;
	}
	*out = ev;
	*nout = n;
	return 0;
}

/*
 * One wake-up after the idle gap @gap (or none): its start
 * (signaller) and end (waiter) timestamps.
 */
static int one_wakeup(struct fb_wpool *pool, const struct fb_backend *b,
		      void *src, struct fb_idle_gap *gap, uint64_t *t0,
		      uint64_t *t1)
{
	uint64_t l;
	int hnd, err;

	fb_idle_gap_round_start(gap);
	hnd = b->arm(src);
	if (hnd < 0)
		return hnd;
	err = fb_wpool_round(pool, &hnd, fb_idle_gap_pre(gap), gap, &l);
	if (b->disarm(src, hnd) && !err)
		err = -EIO;
	*t1 = pool->slot[0]->t_wake;
	*t0 = *t1 - l;
	return err;
}

struct split {
	double *total;			/* traced (or untraced) end to end */
	double *stage[FB_STAGES];	/* of the split traced wake-ups */
	unsigned int n;			/* wake-ups split (or measured) */
	unsigned long lost;
};

/* @k traced wake-ups: record, read the buffer, split each. */
static int traced_chunk(struct tracer *t, struct fb_wpool *pool,
			const struct fb_backend *b, void *src,
			struct fb_idle_gap *gap, unsigned int k, struct split *s)
{
	uint64_t t0[CHUNK], t1[CHUNK];
	struct fb_trace_event *ev;
	size_t nev;
	int err = fb_tracefs_clear(&t->fs);

	if (!err)
		err = fb_tracefs_write(&t->fs, "tracing_on", "1");
	for (unsigned int i = 0; i < k && !err; i++)
		err = one_wakeup(pool, b, src, gap, &t0[i], &t1[i]);
	fb_tracefs_write(&t->fs, "tracing_on", "0");
	if (!err)
		err = read_events(t, &ev, &nev, &s->lost);
	if (err)
		return err;
	for (unsigned int i = 0; i < k; i++) {
		uint64_t st[FB_STAGES];

		if (fb_wake_split(ev, nev, &t->ids, t0[i], t1[i], st))
			continue;
		for (int j = 0; j < FB_STAGES; j++)
			s->stage[j][s->n] = (double)st[j];
		s->total[s->n++] = (double)(t1[i] - t0[i]);
	}
	free(ev);
	return 0;
}

static double p50(double *v, unsigned int n)
{
	fb_sort_doubles(v, n);
	return fb_percentile_sorted(v, n, 50);
}

static int record(struct fb_ctx *c, const struct fb_backend *b,
		  const char *series, unsigned int gi, struct split *tr,
		  struct split *un, int has_signal)
{
	/* The first gap's figures keep the plain series name, as wakeup.c's. */
	struct fb_fig f = { .workload = "breakdown", .backend = b->name,
			    .series = series, .unit = "ns", .gate = 0,
			    .xname = gi ? "gap_us" : NULL,
			    .x = gi ? (double)gaps.v[gi] : 0 };
	char name[FB_STAGES][32], line[256];
	double sum = 0, v;
	size_t l = 0;
	int err = 0;

	for (int j = 0; j < FB_STAGES && !err; j++) {
		if (j == FB_STAGE_SIGNAL && !has_signal)
			continue;
		v = p50(tr->stage[j], tr->n);
		sum += v;
		snprintf(name[j], sizeof(name[j]), "%s_p50_ns",
			 fb_stage_names[j]);
		f.metric = name[j];
		err = fb_record_value(c, &f, v, NULL, 0);
		l += (size_t)snprintf(line + l, sizeof(line) - l, " %s %.0f",
				      fb_stage_names[j], v);
	}
	f.metric = "stages_sum_ns";	/* of the stage p50s */
	if (!err)
		err = fb_record_value(c, &f, sum, NULL, 0);
	f.metric = "traced_p50_ns";
	v = p50(tr->total, tr->n);
	if (!err)
		err = fb_record_value(c, &f, v, NULL, 0);
	f.metric = "untraced_p50_ns";
	if (!err)
		err = fb_record_value(c, &f, p50(un->total, un->n), NULL, 0);
	fb_progress("breakdown %-8s %s gap %lu us: %u of %u traced wake-ups split;%s = %.0f ns (traced p50 %.0f ns, untraced p50 %.0f ns)%s",
		    b->name, series, gaps.v[gi], tr->n, un->n, line, sum, v,
		    fb_percentile_sorted(un->total, un->n, 50),
		    tr->lost ? " EVENTS LOST" : "");
	return err;
}

static int run_one(struct fb_ctx *c, const struct fb_backend *b, int method,
		   int cross, unsigned int gi)
{
	struct tracer t;
	struct fb_wpool pool;
	struct split tr = { 0 }, un = { 0 };
	struct fb_idle_gap gap = fb_idle_gap_of(c, gaps.v[gi]);
	unsigned int n = fb_idle_gap_samples(&gap, samples), warm = n / 10 + 1;
	void *src = NULL;
	char why[256], series[32];
	int err, pool_up = 0;

	snprintf(series, sizeof(series), "%s/%s", fb_wait_method_name(method),
		 cross ? "cross" : "same");

	fb_pin_self(0);
	err = tracer_setup(&t, b, cross, why, sizeof(why));
	if (err) {
		tracer_restore(&t);
		fb_progress("SKIP breakdown on %s: %s", b->name, why);
		return 0;
	}
	tr.total = calloc(n, sizeof(double));
	un.total = calloc(n, sizeof(double));
	for (int j = 0; j < FB_STAGES; j++)
		tr.stage[j] = calloc(n, sizeof(double));
	for (int j = 0; j < FB_STAGES; j++)
		if (!tr.stage[j])
			err = -ENOMEM;
	if (!tr.total || !un.total)
		err = -ENOMEM;
	if (!err)
		err = b->open(b, &src);
	if (!err)
		err = fb_wpool_start(&pool, b, src, method, 1,
				     cross ? fb_wpool_cpu_cross : fb_wpool_cpu_same,
				     fb_idle_gap_spin(&gap));
	pool_up = !err;
	if (!err && cross)
		err = tracer_filter(&t, pool.slot[0]->tid);
	/*
	 * Warm-up and the untraced wake-ups, every event off. Under icount
	 * a short warm-up (20 wake-ups) left the scheduler's state of the
	 * two threads on another path (eventfd poll/same p50 3069 ns against
	 * wakeup.c's 2655); WARMUP_MIN wake-ups reach wakeup.c's figures.
	 */
	if (warm < WARMUP_MIN)
		warm = WARMUP_MIN;
	for (unsigned int i = 0; i < warm + n && !err; i++) {
		uint64_t t0, t1;

		err = one_wakeup(&pool, b, src, &gap, &t0, &t1);
		if (!err && i >= warm)
			un.total[un.n++] = (double)(t1 - t0);
	}
	if (!err)
		err = tracer_events(&t, 1);
	for (unsigned int i = 0; i < n && !err; i += CHUNK)
		err = traced_chunk(&t, &pool, b, src, &gap,
				   n - i < CHUNK ? n - i : CHUNK, &tr);
	tracer_restore(&t);
	if (pool_up)
		fb_wpool_stop(&pool);
	if (!err && tr.n * 2 < n) {
		fprintf(stderr, "[fencebench] breakdown %s %s: only %u of %u traced wake-ups had all their events (%lu lost)\n",
			b->name, series, tr.n, n, tr.lost);
		err = -EIO;
	}
	if (!err)
		err = record(c, b, series, gi, &tr, &un, b->signal_event != NULL);
	if (src)
		b->close(src);
	if (err)
		fb_fail(c, err, series);
	free(tr.total);
	free(un.total);
	for (int j = 0; j < FB_STAGES; j++)
		free(tr.stage[j]);
	return err;
}

/*
 * Per wait method of wakeup.c (poll, native wait): the same-vCPU wake-up
 * at the first gap, then the cross-vCPU one at each gap (with 2 vCPUs).
 */
static int breakdown_run(struct fb_ctx *c, const struct fb_backend *b)
{
	int err = 0;

	for (int m = FB_WAIT_POLL; m <= FB_WAIT_NATIVE; m++) {
		if (!fb_wait_method_ok(b, m, 0))
			continue;
		if (run_one(c, b, m, 0, 0))
			err = -EIO;
		for (unsigned int gi = 0; gi < gaps.n && fb_ncpus() > 1; gi++)
			if (run_one(c, b, m, 1, gi))
				err = -EIO;
	}
	return err;
}

static int breakdown_supported(const struct fb_backend *b)
{
	return fb_wait_method_ok(b, FB_WAIT_POLL, 0) ||
	       fb_wait_method_ok(b, FB_WAIT_NATIVE, 0);
}

/*
 * A stacked bar per backend for each wait method and placement, and the
 * stages' differences: hot, to the reference (or, without it, to the
 * floor); after an idle gap, to the same backend's hot wake-up (what the
 * idle gap added, per stage).
 */
#define BREAKDOWN_STAGES						\
	.metric = "signal_p50_ns wakeup_p50_ns switch_p50_ns return_p50_ns "	\
		  "traced_p50_ns untraced_p50_ns",				\
	.labels = "signal: timestamp -> fence signalled;"			\
		  "wakeup: -> sched_wakeup;"					\
		  "switch: -> sched_switch to the waiter;"			\
		  "return: -> waiter's timestamp;traced total;"			\
		  "untraced end to end (p50)",					\
	.ylabel = "ns (p50 of each stage, traced)"

static const struct fb_plot breakdown_plots[] = {
	{ .kind = "stack", .name = "breakdown-stack-{series}", BREAKDOWN_STAGES,
	  .title = "where a {series} wake-up spends its time, {vcpus} vCPU(s); p50s, traced" },
	{ .kind = "stack", .name = "breakdown-stack-{series}-gap{x}",
	  BREAKDOWN_STAGES, .xname = "gap_us",
	  .xref = "the same backend at gap 0 (hot)",
	  .title = "where a {series} wake-up after a {x} us idle gap spends its time, {vcpus} vCPU(s); p50s, traced" },
	{ 0 },
};

static const struct fb_workload fb_wl_breakdown = {
	.name = "breakdown",
	.desc = "a wake-up (poll, wait; same vCPU, and cross vCPU hot and after idle gaps) split into stages by trace events: signal, wakeup, switch, return; traced and untraced totals",
	.order = 90,
	.headline = "poll/same:traced_p50_ns wait/same:traced_p50_ns",
	.params = breakdown_params,
	.supported = breakdown_supported,
	.run = breakdown_run,
	.patches_text = 1,
	.explains = 1,
	.cross_vcpu = 1,
	.plots = breakdown_plots,
};

FB_WORKLOAD_REGISTER(fb_wl_breakdown);
