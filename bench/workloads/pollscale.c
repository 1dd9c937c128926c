// SPDX-License-Identifier: GPL-2.0
/*
 * pollscale.c - workload: one signal wakes W waiters.
 *
 * Variants: "own" - W fences of one timeline, all at the same value, one
 * per waiter thread (poll or native wait) or all in one epoll thread;
 * "shared" - W threads on one handle (one fence, or the raw object for the
 * eventfd/futex/pipe floor). Waiter i runs on fb_spread_cpu(i + 1) (over
 * NUMA nodes first), the signaller on CPU 0. Per round: time from just
 * before the increment until the last waiter has returned, and every
 * waiter's latency into a histogram. Figures over rounds are interquartile
 * means (fb_iqm), and the last wake also the 10th percentile (fb_p10).
 *
 * SMP icount (docs/bench-method.md, "SMP icount"): QEMU runs the vCPUs
 * round-robin, each for a slice of the time left to the next timer
 * deadline, and where the slices end decides which wake-up paths the
 * kernel takes (the remote CPU idle or busy, a lock free or contended).
 * So every round starts on a ROUND_GRID_NS grid of guest time, out of
 * idle (QEMU warps the clock to the wake-up), at the same distance to the
 * guest's tick, and the gated figure is the 10th percentile of the
 * rounds: the rounds still fall into a few modes whose weights vary from
 * boot to boot (host-timed kicks of the round-robin), the fast end does
 * not. Other modes and 1-vCPU guests gate the interquartile mean.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "clock.h"
#include "placement.h"
#include "stats.h"
#include "waiters.h"
#include "workload.h"

static struct fb_list ws;	/* waiters W */
static unsigned int rounds;	/* rounds per configuration */

static const struct fb_param pollscale_params[] = {
	{ .name = "w", .type = FB_PARAM_LIST, .val = &ws,
	  .def = "1,4,16,64,256", .quick = "1,16",
	  .help = "pollscale: waiters W", .min = 1, .max = 4096 },
	{ .name = "rounds", .type = FB_PARAM_UINT, .val = &rounds,
	  .def = "20", .quick = "25",
	  .help = "pollscale: rounds per configuration",
	  .min = 1, .max = 1000000, .split_min = 5 },
	{ 0 },
};

/*
 * Round start grid under SMP icount: the signal goes out ROUND_PHASE_NS
 * into the first 4 ms interval after the waiters are blocked. 4 ms is
 * above the guest time of a W=256 round; the phase is half a jiffy away
 * from any tick at HZ 1000, 250 or 100, so that the wake-up never
 * coincides with one.
 */
#define ROUND_GRID_NS	4000000ull
#define ROUND_PHASE_NS	2500000ull

/* fb_wpool_round()'s hook before the signal: wait for the next grid line. */
static void round_on_grid(void *arg)
{
	(void)arg;
	fb_sleep_to_grid(ROUND_GRID_NS, ROUND_PHASE_NS);
}

static int cpu_spread(int i)
{
	return fb_spread_cpu(i + 1);
}

static int arm_all(const struct fb_backend *b, void *src, int shared,
		   int *h, unsigned int w)
{
	for (unsigned int i = 0; i < w; i++) {
		h[i] = shared && i ? h[0] : b->arm(src);
		if (h[i] < 0) {
			int err = h[i];

			while (i-- > 0)
				if (!shared || !i)
					b->disarm(src, h[i]);
			return err;
		}
	}
	return 0;
}

static int disarm_all(const struct fb_backend *b, void *src, int shared,
		      int *h, unsigned int w)
{
	int err = 0;

	for (unsigned int i = 0; i < (shared ? 1 : w); i++)
		if (b->disarm(src, h[i]))
			err = -EIO;
	return err;
}

static int run_one(struct fb_ctx *c, const struct fb_backend *b, int shared,
		   int method, unsigned int w)
{
	char series[64];
	struct fb_fig f = { .workload = "pollscale", .backend = b->name,
			    .series = series, .xname = "W", .x = w,
			    .unit = "ns" };
	unsigned int warm = c->warmup;
	uint64_t *lat = calloc(w, sizeof(uint64_t));
	int *h = calloc(w, sizeof(int));
	double *last = calloc(rounds, sizeof(double));
	double *first = calloc(rounds, sizeof(double));
	struct fb_hist *hist = malloc(sizeof(*hist));
	struct fb_wpool pool;
	void *src = NULL;
	int err;

	snprintf(series, sizeof(series), "%s/%s", shared ? "shared" : "own",
		 fb_wait_method_name(method));
	if (!lat || !h || !last || !first || !hist) {
		err = -ENOMEM;
		goto out;
	}
	fb_hist_init(hist);
	fb_pin_self(0);
	err = b->open(b, &src);
	if (err)
		goto out;
	err = fb_wpool_start(&pool, b, src, method, w, cpu_spread, 0);
	if (err)
		goto out;
	for (unsigned int r = 0; r < warm + rounds && !err; r++) {
		uint64_t lo = UINT64_MAX, hi = 0;

		err = arm_all(b, src, shared, h, w);
		if (err)
			break;
		err = fb_wpool_round(&pool, h,
				     fb_smp_icount(c) ? round_on_grid : NULL,
				     NULL, lat);
		if (disarm_all(b, src, shared, h, w) && !err)
			err = -EIO;
		if (err || r < warm)
			continue;
		for (unsigned int i = 0; i < w; i++) {
			fb_hist_add(hist, lat[i]);
			lo = lat[i] < lo ? lat[i] : lo;
			hi = lat[i] > hi ? lat[i] : hi;
		}
		last[r - warm] = (double)hi;
		first[r - warm] = (double)lo;
	}
	fb_wpool_stop(&pool);
	if (err)
		goto out;
	/*
	 * Interquartile mean of the rounds: the wake-up order of W threads
	 * varies from round to round, a median of 20 rounds still jumps.
	 */
	f.metric = "last_wake_ns";
	f.gate = !fb_smp_icount(c);
	err = fb_record_value(c, &f, fb_iqm(last, rounds), last, rounds);
	f.metric = "last_wake_p10_ns";
	f.gate = fb_smp_icount(c);
	if (!err)
		err = fb_record_value(c, &f, fb_p10(last, rounds), last,
				      rounds);
	f.metric = "first_wake_ns";
	f.gate = 0;
	if (!err)
		err = fb_record_value(c, &f, fb_iqm(first, rounds), first,
				      rounds);
	f.metric = "p50_wake_ns";
	if (!err)
		err = fb_record_value(c, &f,
				      (double)fb_hist_percentile(hist, 50),
				      NULL, 0);
	if (!err)
		err = fb_record_hist(c, &f, hist);
	fb_progress("pollscale %-8s %-12s W=%-4u vCPUs %d NUMA %d: last wake %.0f ns (interquartile mean of %u rounds)",
		    b->name, series, w, c->vcpus, c->numa,
		    fb_iqm(last, rounds), rounds);
out:
	if (src)
		b->close(src);
	if (err) {
		char what[96];

		snprintf(what, sizeof(what), "pollscale %s %s W=%u", b->name,
			 series, w);
		fb_fail(c, err, what);
	}
	free(lat);
	free(h);
	free(last);
	free(first);
	free(hist);
	return err;
}

/* One part per own/shared, wait method and W, in that nesting. */
static unsigned int pollscale_nparts(const struct fb_ctx *c)
{
	(void)c;
	return 2 * FB_WAIT_METHODS * (unsigned int)ws.n;
}

static int pollscale_part(struct fb_ctx *c, const struct fb_backend *b,
			  unsigned int part)
{
	unsigned int nw = (unsigned int)ws.n;
	int shared = (int)(part / (FB_WAIT_METHODS * nw));
	int m = (int)(part / nw % FB_WAIT_METHODS);

	/* Raw objects have no timeline: only the shared variant. */
	if (!shared && !fb_backend_has(b, FB_OP_CREATE))
		return 0;
	if (!fb_wait_method_ok(b, m, shared))
		return 0;
	return run_one(c, b, shared, m, (unsigned int)ws.v[part % nw]);
}

static int pollscale_supported(const struct fb_backend *b)
{
	return fb_wait_method_ok(b, FB_WAIT_POLL, 1) ||
	       fb_wait_method_ok(b, FB_WAIT_NATIVE, 1);
}

/*
 * The waiters run on the other vCPUs: under tcg a ratio spans vCPUs and
 * is gated only in a 1-vCPU guest (icount gates the SMP figures).
 */
static const char *pollscale_floor(const struct fb_metric *m, int *gate)
{
	*gate = m->vcpus == 1;
	return fb_wait_floor(m->series);
}

static const struct fb_plot pollscale_plots[] = {
	{ .kind = "sweep", .name = "pollscale-vs-w-{series}",
	  .metric = "last_wake_ns", .xlabel = "waiters W",
	  .ylabel = "time until the last waiter wakes (ns)",
	  .title = "poll scaling, {series}, {vcpus} vCPUs" },
	{ .kind = "vcpus", .name = "pollscale-vs-vcpus-{series}",
	  .metric = "last_wake_ns",
	  .ylabel = "time until the last waiter wakes (ns)",
	  .title = "poll scaling against vCPUs, {series}, W={x}" },
	{ 0 },
};

static const struct fb_workload fb_wl_pollscale = {
	.name = "pollscale",
	.desc = "one signal wakes W waiters (own fences / one shared; threads or epoll)",
	.order = 40,
	.headline = "shared/poll:last_wake_ns shared/wait:last_wake_ns",
	.params = pollscale_params,
	.supported = pollscale_supported,
	.nparts = pollscale_nparts,
	.run_part = pollscale_part,
	.floor = pollscale_floor,
	.cross_vcpu = 1,
	.vcpu_sweep = 1,
	.plots = pollscale_plots,
};

FB_WORKLOAD_REGISTER(fb_wl_pollscale);
