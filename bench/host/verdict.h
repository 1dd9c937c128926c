/* SPDX-License-Identifier: GPL-2.0 */
/*
 * verdict.h - is a figure now different from its baseline?
 *
 * A figure regressed when both hold: its value grew by more than the
 * threshold (ratio now/baseline > 1 + threshold), and a one-sided test
 * on its replicates says "now tends to be larger" at level alpha.
 * Improvement is the mirror image. What a replicate is depends on the
 * timing mode (fb_policy_for_mode):
 *
 * - icount (by repetition): boots of one build are identical, so the
 *   replicates are the repetitions of the run. The test is Mann-Whitney U;
 *   with fewer than two repetitions on a side it cannot run and the
 *   threshold decides alone. The ratio held against the threshold and
 *   its interval (a percentile bootstrap) are of one statistic of the
 *   repetitions on both sides: the one the new figure's value is (the
 *   interquartile mean for pollscale's rounds, else the median).
 * - tcg, kvm (by boot): figures vary more from one guest boot to the next
 *   than within a boot, so the replicate is the figure of one boot
 *   (boot_values) and the value the median over the boots. The test is
 *   Welch's t-test on the logarithms of the boot figures (a ratio is a
 *   difference of logs); the interval the matching 95 % t interval of the
 *   ratio of their geometric means, which is also the ratio reported and
 *   held against the threshold. A figure with fewer than two boots on
 *   a side is not tested (FB_UNTESTED): one boot cannot tell a change
 *   from the boot-to-boot spread.
 *
 * icount baselines may pool several reruns (boot_values). Where those
 * disagree, the figure is not fully reproducible (SMP icount: host-timed
 * events land at different instructions) and its threshold becomes
 * FB_SPREAD_FACTOR times their spread (max/min - 1), when that is larger,
 * and at least FB_NONDET_MIN: a few reruns underestimate the spread of such
 * a figure (2-vCPU pollscale W=16: pooled reruns within 1.7 %, a later
 * rerun of an unchanged tree 1.4 % off the pool). A figure whose reruns
 * agree, exactly or within FB_REPRO_TOL (a tick landing in another round:
 * the 10th percentile of SMP pollscale rounds), keeps the mode's
 * threshold (1 %). Reruns whose figures agree but whose repetitions do
 * not (a batch figure whose repetitions fall in modes, its median in the
 * same one by chance) are not reproducible either: the threshold of a
 * figure whose reruns repeat differently is at least FB_SPREAD_FACTOR
 * times how far its statistic of a run's repetitions, drawn from the
 * pooled ones, lands from the baseline (99 % of draws; verdict.c).
 */
#ifndef FB_VERDICT_H
#define FB_VERDICT_H

#include <stddef.h>

#define FB_SPREAD_FACTOR 2.0
#define FB_NONDET_MIN 0.03
#define FB_REPRO_TOL 0.001
/*
 * icount figures of an SMP guest: at least FB_SMP_MIN. QEMU's round-robin
 * switches vCPUs at host-timed points too (docs/bench-method.md, "SMP icount"),
 * and a boot now and then settles into a state whose 2-vCPU pollscale
 * figures sit up to 1 % from the usual one (W=1: 56 instructions).
 */
#define FB_SMP_MIN 0.02

enum fb_verdict { FB_SAME, FB_REGRESSED, FB_IMPROVED, FB_UNTESTED };

struct fb_policy {
	double threshold;	/* relative change that matters */
	double alpha;		/* significance level of the test */
	int by_boot;		/* replicates are boots, not repetitions */
	double smp_min;		/* least threshold of a figure of an SMP guest */
	int no_interval;	/* verdicts only: skip the bootstrap interval */
};

/* One side of a comparison: a figure and its replicates. */
struct fb_side {
	double value;
	const double *reps;
	size_t nreps;
	const double *boots;	/* the figure of each boot */
	size_t nboots;
	int vcpus;		/* of the guest that measured it (0: unknown) */
};

struct fb_cmp {
	double base, now, ratio;
	double ci_lo, ci_hi;	/* NaN when untested */
	double p_slower, p_faster;	/* one-sided p-values, NaN when untested */
	const char *test;	/* "U", "Welch", or "none" */
	double threshold;	/* the relative change that counted */
	enum fb_verdict v;
};

/* Policy by timing mode: icount 1 % / 0.05 by repetition, others 10 % / 0.01 by boot. */
void fb_policy_for_mode(const char *mode, struct fb_policy *p);
void fb_compare(const struct fb_side *base, const struct fb_side *now,
		const struct fb_policy *pol, struct fb_cmp *out);
const char *fb_verdict_name(enum fb_verdict v);

#endif /* FB_VERDICT_H */
