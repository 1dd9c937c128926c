// SPDX-License-Identifier: GPL-2.0
/*
 * ab_test.c - host unit tests of fbtool ab's verdicts (ab.c) on synthetic
 * boots built in memory: A/A flags nothing, a planted shift is flagged on
 * its backend only, a kernel change is found by pairing where the host's
 * drift hides it from an unpaired test, icount, --status, Holm, bad input.
 */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ab.h"
#include "check.h"
#include "results.h"
#include "stats.h"

#define PAIRS 8
#define MAXF 16

static const char *const workloads[] = { "create", "merge", "signalcost", "wakeup", "pollscale" };
static const char *const measured[] = { "legacy", "dma" };	/* gated ratios to mainline */

/* Uniform in [0, 1): the top 53 bits of the generator. */
static double uniform(uint64_t *rng)
{
	return (double)(fb_rand_next(rng) >> 11) / 9007199254740992.0;
}

static double gauss(uint64_t *rng)
{
	double u1 = uniform(rng);
	double u2 = uniform(rng);

	return sqrt(-2 * log(1 - u1)) * cos(2 * M_PI * u2);
}

static void boot_init(struct fb_results *r, const char *mode, const char *kernel)
{
	fb_results_init(r);
	fb_meta_set(&r->meta, "mode", mode, 0);
	fb_meta_set(&r->meta, "kernel_version", kernel, 0);
	fb_meta_set(&r->meta, "kernel_config", "perf-test", 0);
	fb_meta_set(&r->meta, "git_sha", "0123456789abcdef", 0);
}

static void add(struct fb_results *r, const char *wl, const char *be, double x,
		const char *metric, const char *unit, int vcpus, int gate,
		double value, const double *reps, size_t nreps)
{
	struct fb_metric t = { .workload = (char *)wl, .backend = (char *)be,
			       .series = "s", .xname = "K", .metric = (char *)metric,
			       .unit = (char *)unit, .mode = "tcg", .x = x,
			       .vcpus = vcpus, .numa = 1, .gate = gate, .value = value };

	fb_results_add_metric(r, &t, reps ? reps : &value, reps ? nreps : 1);
}

/*
 * One tcg boot as bench/rounds.c records it: per workload and K (5 each,
 * 25 in all), mainline's, legacy's and dma's absolute figure op_ns (not
 * gated) and legacy's and dma's op_ns_vs_mainline (gated): 50 gated
 * ratios. @drift: the host's speed this boot (all absolute figures);
 * @kernel_f: the kernel's factor on the absolute figures; @shift_be
 * (or NULL): a backend whose figures grow by @shift; every figure has
 * lognormal noise @sigma.
 */
static void tcg_boot(struct fb_results *r, const char *kernel, double drift,
		     double kernel_f, const char *shift_be, double shift,
		     double sigma, uint64_t *rng)
{
	boot_init(r, "tcg", kernel);
	for (int w = 0; w < 5; w++)
		for (int k = 0; k < 5; k++) {
			double base = 1000.0 * (w + 1) + 100 * k;
			double ml = base * drift * kernel_f * exp(sigma * gauss(rng));

			add(r, workloads[w], "mainline", k, "op_ns", "ns", 1, 0, ml, NULL, 0);
			for (int b = 0; b < 2; b++) {
				double f = 1.1 + 0.1 * b + 0.01 * k;
				double s = shift_be && !strcmp(shift_be, measured[b]) ? shift : 1;
				double ratio = f * s * exp(sigma * gauss(rng));

				add(r, workloads[w], measured[b], k, "op_ns", "ns", 1, 0,
				    ml * ratio, NULL, 0);
				add(r, workloads[w], measured[b], k, "op_ns_vs_mainline",
				    "ratio", 1, 1, ratio, NULL, 0);
			}
		}
}

/*
 * One tcg boot of a host whose speed comes in spells: every round of a
 * figure runs at full speed, or (probability @p_slow, drawn per round
 * and per backend: the backends of a round run one after the other) at
 * half speed. Fast rounds carry lognormal noise of 2 %. Each figure has
 * its ROUNDS rounds and, as bench/rounds.c writes it, the median of them
 * (the ratio's rounds: dma's or legacy's over mainline's of that round).
 */
#define ROUNDS 15
static void spell_boot(struct fb_results *r, const char *shift_be, double shift,
		       double p_slow, uint64_t *rng)
{
	boot_init(r, "tcg", "6.1.192");
	for (int w = 0; w < 5; w++)
		for (int k = 0; k < 5; k++) {
			double ml[ROUNDS], v[ROUNDS], ratio[ROUNDS];
			double base = 1000.0 * (w + 1) + 100 * k;

			for (int i = 0; i < ROUNDS; i++) {
				double u = uniform(rng);

				ml[i] = base * (u < p_slow ? 2 : 1) * exp(0.02 * gauss(rng));
			}
			add(r, workloads[w], "mainline", k, "op_ns", "ns", 1, 0,
			    fb_median(ml, ROUNDS), ml, ROUNDS);
			for (int b = 0; b < 2; b++) {
				double f = (1.1 + 0.1 * b) * (shift_be && !strcmp(shift_be, measured[b]) ?
							      shift : 1);

				for (int i = 0; i < ROUNDS; i++) {
					double u = uniform(rng);

					v[i] = base * f * (u < p_slow ? 2 : 1) * exp(0.02 * gauss(rng));
					ratio[i] = v[i] / ml[i];
				}
				add(r, workloads[w], measured[b], k, "op_ns", "ns", 1, 0,
				    fb_median(v, ROUNDS), v, ROUNDS);
				add(r, workloads[w], measured[b], k, "op_ns_vs_mainline", "ratio", 1, 1,
				    fb_median(ratio, ROUNDS), ratio, ROUNDS);
			}
		}
}

static void free_all(struct fb_results *r, size_t n)
{
	for (size_t i = 0; i < n; i++)
		fb_results_free(&r[i]);
}

static struct fb_ab_opts opts(enum fb_ab_test t)
{
	return (struct fb_ab_opts){ t, NAN, NAN, NAN, 0, "A", "B", NULL, FB_AB_BOOT_MEDIAN };
}

static int run(const struct fb_results *a, const struct fb_results *b, size_t n,
	       struct fb_ab_opts o, struct fb_ab *ab)
{
	char err[256];
	int rc = fb_ab_run(a, n, b, n, &o, ab, err, sizeof(err));

	if (rc)
		printf("     fb_ab_run: %s\n", err);
	return rc;
}

/* (1) A/A: 50 gated ratios, 8 pairs, sigma 2 %: nothing flagged. */
static void test_aa(void)
{
	struct fb_results a[PAIRS], b[PAIRS];
	int runs_flagged = 0;
	struct fb_ab ab;

	for (uint64_t seed = 1; seed <= 40; seed++) {
		uint64_t rng = seed * 7919;

		for (int i = 0; i < PAIRS; i++) {
			tcg_boot(&a[i], "6.1.192", 1, 1, NULL, 1, 0.02, &rng);
			tcg_boot(&b[i], "6.1.192", 1, 1, NULL, 1, 0.02, &rng);
		}
		if (run(a, b, PAIRS, opts(FB_AB_AUTO), &ab)) {
			CHECK(0, "A/A seed %llu: fb_ab_run failed", (unsigned long long)seed);
			return;
		}
		if (seed == 1) {
			CHECK(ab.test == FB_AB_CONTROLS, "A/A, same kernel: auto picks controls (%s)",
			      fb_ab_test_name(ab.test));
			CHECK(ab.gated == 50 && ab.same == 50 && ab.slower == 0 && ab.faster == 0,
			      "A/A seed 1: 50 gated ratios, all same (gated %d: %d same, %d slower, %d faster)",
			      ab.gated, ab.same, ab.slower, ab.faster);
		}
		runs_flagged += ab.slower + ab.faster > 0;
		fb_ab_free(&ab);
		free_all(a, PAIRS);
		free_all(b, PAIRS);
	}
	/* Holm holds the family-wise rate at 5 %: about 2 of 40 runs, at most. */
	CHECK(runs_flagged <= 4, "A/A: %d of 40 seeded comparisons flagged a figure", runs_flagged);
}

/* (2) dma's ratios 10 % up in B: those flagged, legacy's not; a new backend only in B. */
static void test_planted(void)
{
	struct fb_results a[PAIRS], b[PAIRS];
	int dma_slow = 0, other = 0, only_b = 0;
	uint64_t rng = 4242;
	struct fb_ab ab;

	for (int i = 0; i < PAIRS; i++) {
		tcg_boot(&a[i], "6.1.192", 1, 1, NULL, 1, 0.02, &rng);
		tcg_boot(&b[i], "6.1.192", 1, 1, "dma", 1.10, 0.02, &rng);
		add(&b[i], "create", "newbe", 0, "op_ns_vs_mainline", "ratio", 1, 1, 1.3, NULL, 0);
	}
	if (run(a, b, PAIRS, opts(FB_AB_AUTO), &ab)) {
		CHECK(0, "planted: fb_ab_run failed");
		return;
	}
	for (size_t i = 0; i < ab.nfig; i++) {
		const struct fb_ab_fig *g = &ab.fig[i];

		if (g->v == FB_AB_ONLY_B) {
			only_b++;
			CHECK(!g->gated && g->shown && !strcmp(g->m->backend, "newbe"),
			      "a figure only in B is shown, not gated");
			continue;
		}
		if (!g->gated)
			continue;
		if (!strcmp(g->m->backend, "dma"))
			dma_slow += g->v == FB_AB_SLOWER &&
				    fabs(g->e.ratio - 1.10) < 0.03 && g->e.lo < g->e.ratio &&
				    g->e.ratio < g->e.hi && g->p_adj < 0.05;
		else
			other += g->v != FB_AB_SAME;
	}
	CHECK(dma_slow == 25, "planted +10 %% on dma: %d of its 25 ratios slower", dma_slow);
	CHECK(other == 0 && ab.slower == 25 && ab.faster == 0,
	      "no other backend flagged (%d; %d slower, %d faster in all)", other, ab.slower,
	      ab.faster);
	CHECK(only_b == 1 && ab.only_b == 1 && ab.gated == 50,
	      "the new backend's figure listed as only in B (%d), not gated", only_b);
	fb_ab_free(&ab);
	/* --figure: only the figures whose name has the text are gated. */
	{
		struct fb_ab_opts o = opts(FB_AB_AUTO);

		o.figure = "merge dma";
		if (!run(a, b, PAIRS, o, &ab)) {
			CHECK(ab.gated == 5 && ab.slower == 5 && !strcmp(ab.widest_fig->m->workload, "merge"),
			      "--figure 'merge dma': 5 gated, 5 slower (%d, %d)", ab.gated, ab.slower);
			fb_ab_free(&ab);
		}
	}
	free_all(a, PAIRS);
	free_all(b, PAIRS);
}

/*
 * (3) Kernel change: every absolute figure of B 20 % up (the ratios stay),
 * the host's speed ±15 % from one pair to the next, shared by its two
 * adjacent boots. Pairing takes the drift out; an unpaired test of the
 * same figures does not find the change.
 */
static void test_kernel_change(void)
{
	struct fb_results a[PAIRS], b[PAIRS];
	double va[PAIRS], vb[PAIRS], p[128], adj[128];
	int narrower = 0, checked = 0, unpaired_flags = 0;
	size_t np = 0;
	uint64_t rng = 777;
	struct fb_ab ab;

	for (int i = 0; i < PAIRS; i++) {
		double drift = i % 2 ? 0.85 : 1.15;

		tcg_boot(&a[i], "6.1.192", drift, 1.0, NULL, 1, 0.02, &rng);
		tcg_boot(&b[i], "6.12.57", drift, 1.2, NULL, 1, 0.02, &rng);
	}
	if (run(a, b, PAIRS, opts(FB_AB_AUTO), &ab)) {
		CHECK(0, "kernel change: fb_ab_run failed");
		return;
	}
	CHECK(ab.test == FB_AB_PAIRED && strstr(ab.reason, "6.12.57"),
	      "kernels differ: auto picks paired (%s: %s)", fb_ab_test_name(ab.test), ab.reason);
	/* 25 figures of each of mainline, legacy, dma: those behind the gated ratios. */
	CHECK(ab.gated == 75 && ab.slower == 75,
	      "paired: all 75 absolute figures slower (%d of %d)", ab.slower, ab.gated);
	for (size_t i = 0; i < ab.nfig; i++) {
		const struct fb_ab_fig *g = &ab.fig[i];
		struct fb_ab_est u;
		char key[512];

		if (!strcmp(g->m->unit, "ratio")) {
			checked += g->gated || !g->shown || fabs(g->e.ratio - 1) > 0.03;
			continue;
		}
		fb_metric_key(g->m, key, sizeof(key));
		for (int k = 0; k < PAIRS; k++) {
			va[k] = fb_results_find(&a[k], key)->value;
			vb[k] = fb_results_find(&b[k], key)->value;
		}
		if (fb_ab_unpaired(va, PAIRS, vb, PAIRS, &u))
			continue;
		narrower += g->e.hi / g->e.lo < u.hi / u.lo;
		p[np++] = u.p;
	}
	CHECK(checked == 0, "paired: the ratio figures are shown, not gated, and unchanged (%d not)",
	      checked);
	fb_ab_holm(p, np, adj);
	for (size_t i = 0; i < np; i++)
		unpaired_flags += adj[i] < 0.05;
	CHECK(np == 75 && narrower == 75,
	      "paired intervals narrower than unpaired ones: %d of %zu", narrower, np);
	CHECK(unpaired_flags == 0,
	      "an unpaired test (Welch, Holm) flags %d of the 75 figures", unpaired_flags);
	fb_ab_free(&ab);
	/* Asked for controls on the same boots: the ratios, unchanged, pass. */
	if (!run(a, b, PAIRS, opts(FB_AB_CONTROLS), &ab)) {
		CHECK(ab.test == FB_AB_CONTROLS && ab.gated == 50 && ab.slower == 0 &&
		      strstr(ab.reason, "asked"),
		      "--test controls: 50 ratios, none slower (%d)", ab.slower);
		fb_ab_free(&ab);
	}
	free_all(a, PAIRS);
	free_all(b, PAIRS);
}

/*
 * (3b) A host of fast and slow spells (a third of the rounds at half
 * speed, drawn per round and backend): a boot's lowest round (--boot-value
 * lowest) finds dma's 10 % in all 25 of its ratios, with nothing else
 * flagged, and A/A flags nothing; the medians of the same boots (the
 * default) find it in fewer, with wider intervals.
 */
static void test_spells(void)
{
	struct fb_results a[PAIRS], b[PAIRS];
	int dma_slow = 0, other = 0, med_slow = 0, runs_flagged = 0;
	double w_low = 0, w_med = 0;
	struct fb_ab_opts low = opts(FB_AB_AUTO);
	uint64_t rng = 31337;
	struct fb_ab ab;

	low.boot = FB_AB_BOOT_LOWEST;

	for (int i = 0; i < PAIRS; i++) {
		spell_boot(&a[i], NULL, 1, 1.0 / 3, &rng);
		spell_boot(&b[i], "dma", 1.10, 1.0 / 3, &rng);
	}
	if (!run(a, b, PAIRS, low, &ab)) {
		for (size_t i = 0; i < ab.nfig; i++) {
			const struct fb_ab_fig *g = &ab.fig[i];

			if (!g->gated)
				continue;
			if (!strcmp(g->m->backend, "dma"))
				dma_slow += g->v == FB_AB_SLOWER && fabs(g->e.ratio - 1.10) < 0.03;
			else
				other += g->v != FB_AB_SAME;
			w_low += log(g->width) / ab.gated;
		}
		CHECK(ab.boot == FB_AB_BOOT_LOWEST && dma_slow == 25 && other == 0,
		      "spells, lowest round: dma +10 %% slower on %d of 25 ratios, %d others flagged",
		      dma_slow, other);
		fb_ab_free(&ab);
	}
	/* The default: the median of the rounds. */
	{
		if (!run(a, b, PAIRS, opts(FB_AB_AUTO), &ab)) {
			for (size_t i = 0; i < ab.nfig; i++)
				if (ab.fig[i].gated) {
					med_slow += ab.fig[i].v == FB_AB_SLOWER &&
						    !strcmp(ab.fig[i].m->backend, "dma");
					w_med += log(ab.fig[i].width) / ab.gated;
				}
			CHECK(ab.boot == FB_AB_BOOT_MEDIAN && med_slow < 25 && w_med > 2 * w_low,
			      "spells, median of rounds: %d of 25 found, intervals x/÷%.3f against "
			      "x/÷%.3f (geometric mean)", med_slow, exp(w_med), exp(w_low));
			fb_ab_free(&ab);
		}
	}
	free_all(a, PAIRS);
	free_all(b, PAIRS);
	for (uint64_t seed = 1; seed <= 20; seed++) {
		rng = seed * 104729;
		for (int i = 0; i < PAIRS; i++) {
			spell_boot(&a[i], NULL, 1, 1.0 / 3, &rng);
			spell_boot(&b[i], NULL, 1, 1.0 / 3, &rng);
		}
		if (!run(a, b, PAIRS, low, &ab)) {
			runs_flagged += ab.slower + ab.faster > 0;
			fb_ab_free(&ab);
		}
		free_all(a, PAIRS);
		free_all(b, PAIRS);
	}
	CHECK(runs_flagged <= 2, "spells, A/A, lowest round: %d of 20 seeded comparisons flagged",
	      runs_flagged);
	/* Nearly all slow (95 %): some boots have no fast round; the median is steadier. */
	w_low = w_med = 0;
	for (int i = 0; i < PAIRS; i++) {
		spell_boot(&a[i], NULL, 1, 0.95, &rng);
		spell_boot(&b[i], NULL, 1, 0.95, &rng);
	}
	if (!run(a, b, PAIRS, low, &ab)) {
		for (size_t i = 0; i < ab.nfig; i++)
			w_low += ab.fig[i].gated ? log(ab.fig[i].width) / ab.gated : 0;
		fb_ab_free(&ab);
	}
	if (!run(a, b, PAIRS, opts(FB_AB_AUTO), &ab)) {
		for (size_t i = 0; i < ab.nfig; i++)
			w_med += ab.fig[i].gated ? log(ab.fig[i].width) / ab.gated : 0;
		fb_ab_free(&ab);
	}
	CHECK(w_med > 0 && w_low > w_med,
	      "spells, nearly all slow: median intervals x/÷%.3f, lowest round x/÷%.3f",
	      exp(w_med), exp(w_low));
	free_all(a, PAIRS);
	free_all(b, PAIRS);
}

/* An icount file: each figure's 15 repetitions identical, as icount measures. */
static void icount_file(struct fb_results *r, double f_create, double f_smp)
{
	double reps[15];

	boot_init(r, "icount", "6.1.192");
	for (int w = 0; w < 5; w++) {
		double v = 3868 + 100 * w;

		for (int k = 0; k < 15; k++)
			reps[k] = v * (w == 0 ? f_create : 1);
		add(r, workloads[w], "legacy", 0, "op_ns", "ns", 1, 1, reps[0], reps, 15);
	}
	/* SMP: the threshold is FB_SMP_MIN (2 %). */
	for (int k = 0; k < 15; k++)
		reps[k] = 5000 * f_smp;
	add(r, "pollscale", "legacy", 16, "last_wake_ns", "ns", 2, 1, reps[0], reps, 15);
}

/* (4) icount, one file a side: 2 % flagged, 1.5 % on an SMP figure not, identical sides same. */
static void test_icount(void)
{
	struct fb_results a, b;
	struct fb_ab ab;

	icount_file(&a, 1, 1);
	icount_file(&b, 1.02, 1.015);
	if (!run(&a, &b, 1, opts(FB_AB_AUTO), &ab)) {
		int others = 0;

		CHECK(ab.test == FB_AB_REPETITIONS, "icount: auto picks repetitions (%s)",
		      fb_ab_test_name(ab.test));
		CHECK(ab.fig[0].gated && !strcmp(ab.fig[0].m->workload, "create") &&
		      ab.fig[0].v == FB_AB_SLOWER && fabs(ab.fig[0].e.ratio - 1.02) < 1e-12,
		      "icount: +2 %% slower (%s, ratio %g)", fb_ab_verdict_name(ab.fig[0].v),
		      ab.fig[0].e.ratio);
		for (size_t i = 1; i < ab.nfig; i++)
			others += ab.fig[i].v != FB_AB_SAME;
		CHECK(others == 0 && ab.slower == 1 && ab.gated == 6,
		      "icount: the other figures (SMP +1.5 %% included) same (%d differ)", others);
		fb_ab_free(&ab);
	}
	fb_results_free(&b);
	icount_file(&b, 1, 1);
	if (!run(&a, &b, 1, opts(FB_AB_AUTO), &ab)) {
		CHECK(ab.same == 6 && ab.settled == 6 && ab.widest == 1.0,
		      "icount: identical sides all same and settled (%d same, %d settled, widest %g)",
		      ab.same, ab.settled, ab.widest);
		fb_ab_free(&ab);
	}
	fb_results_free(&a);
	fb_results_free(&b);
}

/* Three gated ratios: two tight (sigma 0.1 %), one noisy (sigma 10 %). */
static void status_boot(struct fb_results *r, uint64_t *rng)
{
	boot_init(r, "tcg", "6.1.192");
	for (int k = 0; k < 3; k++)
		add(r, "create", "legacy", k, "op_ns_vs_mainline", "ratio", 1, 1,
		    exp((k == 2 ? 0.1 : 0.001) * gauss(rng)), NULL, 0);
}

static int status_line(const struct fb_ab *ab, char *line, size_t n)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int rc;

	if (!f)
		return -1;
	rc = fb_ab_print_status(ab, f);
	fclose(f);
	snprintf(line, n, "%s", buf ? buf : "");
	free(buf);
	return rc;
}

/* (5) --status: settled figures, the widest interval, the exit status. */
static void test_status(void)
{
	struct fb_results a[PAIRS], b[PAIRS];
	struct fb_ab_opts o = opts(FB_AB_AUTO);
	uint64_t rng = 5;
	char line[512], want[512];
	struct fb_ab ab;
	int rc;

	for (int i = 0; i < PAIRS; i++) {
		status_boot(&a[i], &rng);
		status_boot(&b[i], &rng);
	}
	if (run(a, b, PAIRS, o, &ab))
		return;
	{
		const struct fb_ab_fig *g = &ab.fig[2];
		double w = fmax(g->e.hi / g->e.ratio, g->e.ratio / g->e.lo);

		rc = status_line(&ab, line, sizeof(line));
		snprintf(want, sizeof(want),
			 "pairs 8; widest interval x/÷%.3f (create legacy s K=2 op_ns_vs_mainline cpus=1); "
			 "settled 2 of 3; \n", w);
		CHECK(ab.settled == 2 && ab.widest_fig == g && ab.widest == w && w > 1.03 &&
		      ab.fig[0].settled && ab.fig[1].settled && !g->settled,
		      "status: 2 of 3 settled, widest the noisy one (%.3f)", w);
		CHECK(rc == 3 && !strcmp(line, want), "status line and exit 3: '%.*s' (want '%.*s')",
		      (int)strcspn(line, "\n"), line, (int)strcspn(want, "\n"), want);
	}
	fb_ab_free(&ab);
	o.target = 1.5;
	if (!run(a, b, PAIRS, o, &ab)) {
		rc = status_line(&ab, line, sizeof(line));
		CHECK(rc == 0 && ab.settled == 3, "status: target 1.5: all settled, exit 0 (%d)", rc);
		fb_ab_free(&ab);
	}
	/* One pair: nothing can be tested, nothing is settled. */
	if (!run(a, b, 1, o, &ab)) {
		rc = status_line(&ab, line, sizeof(line));
		CHECK(rc == 3 && ab.untested == 3 && ab.settled == 0 && isinf(ab.widest) &&
		      strstr(line, "pairs 1; widest interval x/÷inf (") &&
		      strstr(line, "settled 0 of 3; "),
		      "status: one pair: untested, not settled: '%.*s'", (int)strcspn(line, "\n"),
		      line);
		fb_ab_free(&ab);
	}
	free_all(a, PAIRS);
	free_all(b, PAIRS);
}

/* (6) Holm on a hand-computed example. */
static void test_holm(void)
{
	/* Sorted 0.005 0.01 0.03 0.04 -> x4 x3 x2 x1: 0.02 0.03 0.06 0.04, made monotone. */
	const double p[] = { 0.01, 0.04, NAN, 0.03, 0.005 };
	const double want[] = { 0.03, 0.06, NAN, 0.06, 0.02 };
	const double p2[] = { 0.5, 0.6 }, want2[] = { 1.0, 1.0 };
	double adj[5];
	int ok = 1;

	fb_ab_holm(p, 5, adj);
	for (int i = 0; i < 5; i++)
		ok &= isnan(want[i]) ? isnan(adj[i]) : fabs(adj[i] - want[i]) < 1e-12;
	CHECK(ok, "Holm: %g %g %g %g %g", adj[0], adj[1], adj[2], adj[3], adj[4]);
	fb_ab_holm(p2, 2, adj);
	CHECK(adj[0] == want2[0] && adj[1] == want2[1], "Holm: capped at 1 (%g %g)", adj[0],
	      adj[1]);
}

/* No spread at all: exact ratio, no NaN, decided by the ratio alone. */
static void test_flat(void)
{
	const double a[] = { 2, 2, 2 }, b[] = { 2.1, 2.1, 2.1 }, c[] = { 4, 6, 8 };
	const double d[] = { 4.2, 6.3, 8.4 };
	struct fb_ab_est e;

	CHECK(!fb_ab_unpaired(a, 3, b, 3, &e) && e.flat && e.ratio == 2.1 / 2 &&
	      e.lo == e.ratio && e.hi == e.ratio && e.p == 0,
	      "unpaired, no spread: ratio %g [%g, %g] p %g", e.ratio, e.lo, e.hi, e.p);
	CHECK(!fb_ab_unpaired(a, 3, a, 3, &e) && e.ratio == 1 && e.p == 1,
	      "unpaired, identical: ratio 1, p 1");
	CHECK(!fb_ab_paired(c, d, 3, &e) && isfinite(e.lo) && isfinite(e.p) &&
	      fabs(e.ratio - 1.05) < 1e-12 && e.hi / e.lo < 1 + 1e-9,
	      "paired, one ratio in every pair: %g [%g, %g] p %g", e.ratio, e.lo, e.hi, e.p);
	CHECK(fb_ab_paired(c, d, 1, &e) && fabs(e.ratio - 1.05) < 1e-12 && isnan(e.lo),
	      "paired, one pair: untested, the ratio still given");
}

/* (7) Bad input: lists of different length, modes that differ or are missing. */
static void test_bad_input(void)
{
	struct fb_results a[2], b[2];
	struct fb_ab_opts o = opts(FB_AB_AUTO);
	struct fb_ab ab;
	char err[256] = "";
	uint64_t rng = 1;
	int rc;

	for (int i = 0; i < 2; i++) {
		tcg_boot(&a[i], "6.1.192", 1, 1, NULL, 1, 0.02, &rng);
		tcg_boot(&b[i], "6.1.192", 1, 1, NULL, 1, 0.02, &rng);
	}
	rc = fb_ab_run(a, 2, b, 1, &o, &ab, err, sizeof(err));
	CHECK(rc == -EINVAL && strstr(err, "different length"), "2 A files, 1 B: %s", err);
	fb_meta_set(&b[1].meta, "mode", "kvm", 0);
	rc = fb_ab_run(a, 2, b, 2, &o, &ab, err, sizeof(err));
	CHECK(rc == -EINVAL && strstr(err, "modes differ") && strstr(err, "file 2 of B is kvm"),
	      "modes differ: %s", err);
	fb_results_free(&b[1]);
	tcg_boot(&b[1], "6.1.192", 1, 1, NULL, 1, 0.02, &rng);
	fb_meta_free(&b[1].meta);
	rc = fb_ab_run(a, 2, b, 2, &o, &ab, err, sizeof(err));
	CHECK(rc == -EINVAL && strstr(err, "no timing mode"), "no mode: %s", err);
	rc = fb_ab_run(a, 0, b, 0, &o, &ab, err, sizeof(err));
	CHECK(rc == -EINVAL, "no files: %s", err);
	free_all(a, 2);
	free_all(b, 2);
}

/* ab.json and ab.csv: written, readable, one CSV row per gated figure. */
static void test_write(void)
{
	struct fb_results a[6], b[6];
	char dir[] = "/tmp/fb-ab-test-XXXXXX", path[512], line[512];
	uint64_t rng = 9;
	struct fb_ab ab;
	json_error_t je;
	json_t *doc;
	FILE *f;
	int rows = 0, header;

	for (int i = 0; i < 6; i++) {
		tcg_boot(&a[i], "6.1.192", 1, 1, NULL, 1, 0.02, &rng);
		tcg_boot(&b[i], "6.1.192", 1, 1, "legacy", 1.2, 0.02, &rng);
	}
	if (!mkdtemp(dir) || run(a, b, 6, opts(FB_AB_AUTO), &ab)) {
		CHECK(0, "write: setup failed");
		return;
	}
	CHECK(fb_ab_write(&ab, dir) == 0, "ab.json and ab.csv written to %s", dir);
	snprintf(path, sizeof(path), "%s/ab.json", dir);
	doc = json_load_file(path, 0, &je);
	CHECK(doc && !strcmp(json_string_value(json_object_get(doc, "schema")), "fencebench-ab-1") &&
	      json_array_size(json_object_get(doc, "figures")) == ab.nfig &&
	      json_integer_value(json_object_get(json_object_get(doc, "summary"), "slower")) ==
	      ab.slower && ab.slower == 25,
	      "ab.json: schema, %zu figures, 25 slower (%d)", ab.nfig, ab.slower);
	json_decref(doc);
	snprintf(path, sizeof(path), "%s/ab.csv", dir);
	f = fopen(path, "r");
	header = f && fgets(line, sizeof(line), f) &&
		 !strcmp(line, "index,workload,label,ratio,ci_lo,ci_hi,verdict\n");
	while (f && fgets(line, sizeof(line), f))
		rows++;
	CHECK(header && rows == 50, "ab.csv: its header and 50 rows (%d)", rows);
	if (f)
		fclose(f);
	unlink(path);
	snprintf(path, sizeof(path), "%s/ab.json", dir);
	unlink(path);
	rmdir(dir);
	fb_ab_free(&ab);
	free_all(a, 6);
	free_all(b, 6);
}

int main(void)
{
	test_aa();
	test_planted();
	test_kernel_change();
	test_spells();
	test_icount();
	test_status();
	test_holm();
	test_flat();
	test_bad_input();
	test_write();
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
