// SPDX-License-Identifier: GPL-2.0
/* verdict_test.c - host unit tests of the compare verdicts: A/A sets flag nothing, shifted sets are flagged. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "stats.h"
#include "verdict.h"

/* n draws of a noisy timing: base * (1 + noise * N(0,1)), positive skew. */
static void draw(double *v, size_t n, double base, double noise, uint64_t *rng)
{
	for (size_t i = 0; i < n; i++) {
		double u1 = (double)(fb_rand_next(rng) >> 11) / 9007199254740992.0;
		double u2 = (double)(fb_rand_next(rng) >> 11) / 9007199254740992.0;
		double z = sqrt(-2 * log(1 - u1)) * cos(2 * M_PI * u2);

		v[i] = base * (1 + noise * z) + base * noise * fabs(z) * 0.5;
	}
}

/*
 * The replicates as the policy sees them: repetitions of one boot
 * (icount: one run, no pooled reruns) or the figures of boots (tcg, kvm);
 * the value is their median.
 */
static enum fb_verdict verdict(const double *a, size_t na, const double *b, size_t nb,
			       const struct fb_policy *p)
{
	size_t nba = p->by_boot ? na : 0, nbb = p->by_boot ? nb : 0;
	struct fb_side sa = { fb_median(a, na), a, na, a, nba, 1 };
	struct fb_side sb = { fb_median(b, nb), b, nb, b, nbb, 1 };
	struct fb_cmp c;

	fb_compare(&sa, &sb, p, &c);
	return c.v;
}

/* Many A/A pairs from one distribution: (almost) none flagged. */
static void test_aa(const char *mode, double noise, size_t n, int trials)
{
	struct fb_policy p;
	double a[64], b[64];
	uint64_t rng = 99;
	int flagged = 0;

	fb_policy_for_mode(mode, &p);
	for (int t = 0; t < trials; t++) {
		draw(a, n, 1000, noise, &rng);
		draw(b, n, 1000, noise, &rng);
		flagged += verdict(a, n, b, n, &p) == FB_REGRESSED;
	}
	/* Both conditions must hold, so false alarms stay below alpha. */
	CHECK(flagged <= (int)(trials * p.alpha) + 1,
	      "A/A %s noise %.3f: %d of %d flagged", mode, noise, flagged, trials);
	printf("     A/A %-6s noise %5.1f%% n=%zu: %d of %d pairs flagged\n", mode,
	       100 * noise, n, flagged, trials);
}

/* A shift by a known factor well beyond threshold and noise: flagged. */
static void test_shift(const char *mode, double noise, size_t n, double factor,
		       int trials)
{
	struct fb_policy p;
	double a[64], b[64];
	uint64_t rng = 1234;
	int flagged = 0, improved = 0;

	fb_policy_for_mode(mode, &p);
	for (int t = 0; t < trials; t++) {
		draw(a, n, 1000, noise, &rng);
		draw(b, n, 1000 * factor, noise, &rng);
		flagged += verdict(a, n, b, n, &p) == FB_REGRESSED;
		improved += verdict(b, n, a, n, &p) == FB_IMPROVED;
	}
	CHECK(flagged >= trials * 95 / 100, "shift x%.2f %s noise %.3f: only %d of %d flagged",
	      factor, mode, noise, flagged, trials);
	CHECK(improved >= trials * 95 / 100, "reverse shift: only %d of %d improved", improved,
	      trials);
	printf("     shift x%.2f %-6s noise %5.1f%% n=%zu: %d of %d flagged\n", factor, mode,
	       100 * noise, n, flagged, trials);
}

/* Shifts below the threshold are not regressions, however significant. */
static void test_below_threshold(void)
{
	struct fb_policy p;
	double a[5] = { 1000, 1000, 1000, 1000, 1000 };
	double b[5] = { 1005, 1005, 1005, 1005, 1005 };
	double c[5] = { 1100, 1100, 1100, 1100, 1100 };
	struct fb_cmp r;

	fb_policy_for_mode("icount", &p);
	CHECK(verdict(a, 5, b, 5, &p) == FB_SAME, "icount +0.5%% is same");
	CHECK(verdict(a, 5, c, 5, &p) == FB_REGRESSED, "icount +10%% regressed");
	/* Without repetitions the threshold decides alone (icount). */
	fb_compare(&(struct fb_side){ .value = 1000 }, &(struct fb_side){ .value = 1005 }, &p, &r);
	CHECK(r.v == FB_SAME && fabs(r.ratio - 1.005) < 1e-12, "no reps, +0.5%% same in icount");
	fb_compare(&(struct fb_side){ .value = 1000 }, &(struct fb_side){ .value = 1200 }, &p, &r);
	CHECK(r.v == FB_REGRESSED && !strcmp(r.test, "none"), "no reps, +20%% regressed in icount");
	fb_policy_for_mode("tcg", &p);
	CHECK(verdict(a, 5, b, 5, &p) == FB_SAME, "tcg +0.5%% is same");
	CHECK(verdict(a, 5, c, 5, &p) == FB_SAME, "tcg +10%% is same (not beyond 10%%)");
}

/*
 * tcg and kvm: the boot is the replicate. A figure of one boot cannot be
 * told from the boot-to-boot spread, however many repetitions it has.
 */
static void test_boots_needed(void)
{
	double reps[5] = { 1000, 1001, 1002, 1003, 1004 };
	double slow[5] = { 2000, 2001, 2002, 2003, 2004 };
	double one = 1002, two[2] = { 1000, 1004 }, slow2[2] = { 2000, 2004 };
	struct fb_policy p;
	struct fb_cmp r;

	fb_policy_for_mode("tcg", &p);
	fb_compare(&(struct fb_side){ 1002, reps, 5, &one, 1, 1 },
		   &(struct fb_side){ 2002, slow, 5, slow + 2, 1, 1 }, &p, &r);
	CHECK(r.v == FB_UNTESTED && !strcmp(r.test, "none") && isnan(r.p_slower),
	      "tcg, one boot a side, x2: untested (%s)", fb_verdict_name(r.v));
	CHECK(fabs(r.ratio - 2002.0 / 1002) < 1e-12, "untested still has its ratio");
	fb_compare(&(struct fb_side){ 1002, reps, 5, two, 2, 1 },
		   &(struct fb_side){ 2002, slow, 5, slow2, 2, 1 }, &p, &r);
	CHECK(r.v == FB_REGRESSED && !strcmp(r.test, "Welch"),
	      "tcg, two boots a side, x2 with 0.2%% spread: regressed (p %g)", r.p_slower);
	CHECK(r.ci_lo < 2.0 && r.ci_hi > 1.99 && r.ci_lo > 1.9,
	      "ratio interval [%g, %g] holds 2", r.ci_lo, r.ci_hi);
	CHECK(r.ci_lo <= r.ratio && r.ratio <= r.ci_hi,
	      "the reported ratio %g is the one its interval [%g, %g] is about",
	      r.ratio, r.ci_lo, r.ci_hi);
}

/*
 * Boot figures with a boot-to-boot spread: 3 boots a side (the default),
 * A/A flags nothing; shifts beyond threshold and spread are flagged.
 */
static void test_three_boots(void)
{
	test_aa("tcg", 0.02, 3, 400);
	test_aa("tcg", 0.10, 3, 400);
	test_aa("tcg", 0.40, 3, 400);
	test_shift("tcg", 0.01, 3, 1.25, 200);
	test_shift("tcg", 0.02, 5, 1.25, 200);
}

/*
 * icount baselines pooled over reruns that disagree: the threshold grows
 * to twice their spread, at least FB_NONDET_MIN; where the reruns agree
 * it stays at 1 %.
 */
static void test_icount_rerun_spread(void)
{
	double reps[5] = { 1000, 1000, 1000, 1000, 1000 };
	double now_reps[5] = { 1030, 1030, 1030, 1030, 1030 };
	double agree[2] = { 1000, 1000 }, differ[2] = { 990, 1010 };
	double close[2] = { 999, 1001 }, tick[2] = { 1000, 1000.5 };
	struct fb_policy p;
	struct fb_cmp r;

	fb_policy_for_mode("icount", &p);
	fb_compare(&(struct fb_side){ 1000, reps, 5, agree, 2, 1 },
		   &(struct fb_side){ 1030, now_reps, 5, NULL, 0, 1 }, &p, &r);
	CHECK(r.v == FB_REGRESSED && fabs(r.threshold - 0.01) < 1e-12,
	      "reruns agree: +3%% regressed at threshold 1%% (got %s, %g)",
	      fb_verdict_name(r.v), r.threshold);
	fb_compare(&(struct fb_side){ 1000, reps, 5, differ, 2, 1 },
		   &(struct fb_side){ 1030, now_reps, 5, NULL, 0, 1 }, &p, &r);
	CHECK(r.v == FB_SAME && fabs(r.threshold - 2 * (1010.0 / 990 - 1)) < 1e-12,
	      "reruns 2%% apart: +3%% is same at threshold %g", r.threshold);
	fb_compare(&(struct fb_side){ 1000, reps, 5, close, 2, 1 },
		   &(struct fb_side){ 1030, now_reps, 5, NULL, 0, 1 }, &p, &r);
	CHECK(r.v == FB_SAME && fabs(r.threshold - FB_NONDET_MIN) < 1e-12,
	      "reruns 0.2%% apart: threshold %g, at least FB_NONDET_MIN", r.threshold);
	now_reps[0] = now_reps[1] = now_reps[2] = now_reps[3] = now_reps[4] = 1035;
	fb_compare(&(struct fb_side){ 1000, reps, 5, close, 2, 1 },
		   &(struct fb_side){ 1035, now_reps, 5, NULL, 0, 1 }, &p, &r);
	CHECK(r.v == FB_REGRESSED, "reruns 0.2%% apart: +3.5%% regressed");
	fb_compare(&(struct fb_side){ 1000, reps, 5, tick, 2, 1 },
		   &(struct fb_side){ 1035, now_reps, 5, NULL, 0, 1 }, &p, &r);
	CHECK(r.v == FB_REGRESSED && fabs(r.threshold - 0.01) < 1e-12,
	      "reruns 0.05%% apart (within FB_REPRO_TOL): threshold stays 1%% (got %g)",
	      r.threshold);
	now_reps[0] = now_reps[1] = now_reps[2] = now_reps[3] = now_reps[4] = 1050;
	fb_compare(&(struct fb_side){ 1000, reps, 5, differ, 2, 1 },
		   &(struct fb_side){ 1050, now_reps, 5, NULL, 0, 1 }, &p, &r);
	CHECK(r.v == FB_REGRESSED, "reruns 2%% apart: +5%% still regressed");
	now_reps[0] = now_reps[1] = now_reps[2] = now_reps[3] = now_reps[4] = 1015;
	fb_compare(&(struct fb_side){ 1000, reps, 5, agree, 2, 2 },
		   &(struct fb_side){ 1015, now_reps, 5, NULL, 0, 2 }, &p, &r);
	CHECK(r.v == FB_SAME && fabs(r.threshold - FB_SMP_MIN) < 1e-12,
	      "2-vCPU figure: +1.5%% same at threshold FB_SMP_MIN (got %g)",
	      r.threshold);
	now_reps[0] = now_reps[1] = now_reps[2] = now_reps[3] = now_reps[4] = 1050;
	fb_compare(&(struct fb_side){ 1000, reps, 5, agree, 2, 2 },
		   &(struct fb_side){ 1050, now_reps, 5, NULL, 0, 2 }, &p, &r);
	CHECK(r.v == FB_REGRESSED, "2-vCPU figure: +5%% regressed");
	fb_policy_for_mode("tcg", &p);
	fb_compare(&(struct fb_side){ 1000, reps, 5, differ, 2, 1 },
		   &(struct fb_side){ 1000, now_reps, 5, differ, 2, 1 }, &p, &r);
	CHECK(fabs(r.threshold - 0.10) < 1e-12, "tcg threshold stays 10%% (got %g)",
	      r.threshold);
}

/*
 * icount: reruns whose figures agree but whose repetitions differ. The
 * CI case: merge_close_batch_ns, 5 repetitions a run in three modes (an
 * RCU batch landing in the timed loop or not); three reruns with the
 * median in the middle mode, a later rerun of the same tree with its
 * median in the upper one (+4.2 %) is not a regression, +15 % is. A
 * figure whose reruns repeat identically keeps 1 %, and so does a robust
 * one whose reruns differ only in an outlier.
 */
static void test_icount_reps_differ(void)
{
	double base[15] = { 4890, 5037, 5082, 5268, 5300,
			    5020, 5084, 4893, 5288, 5318,
			    5083, 4891, 5021, 5272, 5090 };
	double same[15] = { 4890, 5037, 5082, 5268, 5300,
			    4890, 5037, 5082, 5268, 5300,
			    4890, 5037, 5082, 5268, 5300 };
	double outlier[15] = { 3530, 3530, 3530, 3530, 3530,
			       3530, 3530, 38000, 3530, 3530,
			       3530, 3530, 3530, 3530, 3530 };
	double boots[3] = { 5082, 5084, 5083 }, sboots[3] = { 5082, 5082, 5082 };
	double oboots[3] = { 3530, 3530, 3530 };
	double now[5] = { 5030, 5270, 5298, 5300, 5400 }, now_o[5];
	struct fb_policy p;
	struct fb_cmp r;

	fb_policy_for_mode("icount", &p);
	fb_compare(&(struct fb_side){ 5083, base, 15, boots, 3, 1 },
		   &(struct fb_side){ 5298, now, 5, NULL, 0, 1 }, &p, &r);
	CHECK(r.v == FB_SAME && r.threshold > 0.05,
	      "modes, reruns' medians agree: +4.2%% same at threshold %g (got %s)",
	      r.threshold, fb_verdict_name(r.v));
	for (int i = 0; i < 5; i++)
		now[i] = 5083 * 1.15 + i;
	fb_compare(&(struct fb_side){ 5083, base, 15, boots, 3, 1 },
		   &(struct fb_side){ fb_median(now, 5), now, 5, NULL, 0, 1 },
		   &p, &r);
	CHECK(r.v == FB_REGRESSED, "modes: +15%% regressed at threshold %g (got %s)",
	      r.threshold, fb_verdict_name(r.v));
	fb_compare(&(struct fb_side){ 5082, same, 15, sboots, 3, 1 },
		   &(struct fb_side){ 5150, same, 5, NULL, 0, 1 }, &p, &r);
	CHECK(fabs(r.threshold - 0.01) < 1e-12,
	      "reruns repeat identically: threshold stays 1%% (got %g)",
	      r.threshold);
	for (int i = 0; i < 5; i++)
		now_o[i] = 3530 * 1.02;
	fb_compare(&(struct fb_side){ 3530, outlier, 15, oboots, 3, 1 },
		   &(struct fb_side){ 3530 * 1.02, now_o, 5, NULL, 0, 1 }, &p, &r);
	CHECK(r.v == FB_REGRESSED && fabs(r.threshold - 0.01) < 1e-12,
	      "one outlier rep: threshold stays 1%%, +2%% regressed (got %g, %s)",
	      r.threshold, fb_verdict_name(r.v));
}

/*
 * icount: the printed ratio is the one the interval is about. A figure
 * whose value is the interquartile mean of its rounds (pollscale) gets the
 * ratio of the IQMs and an interval around it, not one of the medians
 * (which here differ: the rounds have a slow tail).
 */
static void test_icount_ratio_matches_interval(void)
{
	double b[8] = { 100, 100, 101, 101, 102, 102, 140, 150 };
	double n[8] = { 110, 110, 111, 111, 112, 112, 190, 200 };
	struct fb_side sb = { fb_iqm(b, 8), b, 8, NULL, 0, 1 };
	struct fb_side sn = { fb_iqm(n, 8), n, 8, NULL, 0, 1 };
	struct fb_policy p;
	struct fb_cmp r;

	fb_policy_for_mode("icount", &p);
	fb_compare(&sb, &sn, &p, &r);
	CHECK(fabs(r.ratio - fb_iqm(n, 8) / fb_iqm(b, 8)) < 1e-12,
	      "IQM figure: ratio of the IQMs (got %g)", r.ratio);
	CHECK(r.ci_lo <= r.ratio && r.ratio <= r.ci_hi,
	      "IQM figure: interval [%g, %g] holds the ratio %g", r.ci_lo,
	      r.ci_hi, r.ratio);
	sb.value = fb_median(b, 8);
	sn.value = fb_median(n, 8);
	fb_compare(&sb, &sn, &p, &r);
	CHECK(fabs(r.ratio - fb_median(n, 8) / fb_median(b, 8)) < 1e-12 &&
	      r.ci_lo <= r.ratio && r.ratio <= r.ci_hi,
	      "median figure: ratio of the medians %g in [%g, %g]", r.ratio,
	      r.ci_lo, r.ci_hi);
}

/*
 * A figure whose value is the 10th percentile of its rounds (SMP icount
 * pollscale) is compared as a ratio of 10th percentiles: here two modes
 * whose weights change between the runs move the IQM by 5 %, the 10th
 * percentile not at all, and the verdict is "same".
 */
static void test_icount_p10_figure(void)
{
	double b[20], n[20];
	struct fb_policy p;
	struct fb_cmp r;

	for (int i = 0; i < 20; i++) {
		b[i] = i < 10 ? 1000 : 1100;	/* modes 50/50 */
		n[i] = i < 5 ? 1000 : 1100;	/* 25/75 */
	}
	fb_policy_for_mode("icount", &p);
	fb_compare(&(struct fb_side){ fb_p10(b, 20), b, 20, NULL, 0, 1 },
		   &(struct fb_side){ fb_p10(n, 20), n, 20, NULL, 0, 1 }, &p, &r);
	CHECK(fabs(r.ratio - 1.0) < 1e-12 && r.v == FB_SAME,
	      "p10 figure: ratio of the 10th percentiles 1 (got %g, %s)",
	      r.ratio, fb_verdict_name(r.v));
	CHECK(fb_iqm(n, 20) / fb_iqm(b, 20) > 1.04,
	      "the IQMs of the same rounds differ (%g)",
	      fb_iqm(n, 20) / fb_iqm(b, 20));
	for (int i = 0; i < 20; i++)
		n[i] = b[i] * 1.05;
	fb_compare(&(struct fb_side){ fb_p10(b, 20), b, 20, NULL, 0, 1 },
		   &(struct fb_side){ fb_p10(n, 20), n, 20, NULL, 0, 1 }, &p, &r);
	CHECK(r.v == FB_REGRESSED && fabs(r.ratio - 1.05) < 1e-9,
	      "p10 figure: +5%% on every round regressed (got %g, %s)",
	      r.ratio, fb_verdict_name(r.v));
}

int main(void)
{
	/* icount: deterministic-ish figures, tight threshold. */
	test_aa("icount", 0.001, 5, 400);
	test_shift("icount", 0.001, 5, 1.10, 200);
	test_shift("icount", 0.001, 5, 1.03, 200);
	/* tcg: noisy boot figures, wide threshold, the t-test does the work. */
	test_aa("tcg", 0.05, 5, 400);
	test_aa("tcg", 0.20, 10, 400);
	test_shift("tcg", 0.03, 10, 1.25, 200);
	test_below_threshold();
	test_boots_needed();
	test_three_boots();
	test_icount_rerun_spread();
	test_icount_reps_differ();
	test_icount_ratio_matches_interval();
	test_icount_p10_figure();
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
