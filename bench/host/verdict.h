/* SPDX-License-Identifier: GPL-2.0 */
/*
 * verdict.h - is a figure now different from its baseline?
 *
 * A figure regressed when both hold: its value grew by more than the
 * threshold (ratio now/baseline > 1 + threshold), and the one-sided
 * Mann-Whitney U test on the repetitions says "now tends to be larger"
 * at level alpha. Improvement is the mirror image. With fewer than two
 * repetitions on a side the test cannot run and the threshold decides
 * alone. The interval printed with each ratio is a percentile bootstrap
 * of median(now reps) / median(baseline reps).
 */
#ifndef FB_VERDICT_H
#define FB_VERDICT_H

#include <stddef.h>

enum fb_verdict { FB_SAME, FB_REGRESSED, FB_IMPROVED };

struct fb_policy {
	double threshold;	/* relative change that matters */
	double alpha;		/* significance level of the U test */
};

struct fb_cmp {
	double base, now, ratio;
	double ci_lo, ci_hi;	/* NaN without repetitions */
	double p_slower, p_faster;	/* one-sided U test p-values */
	enum fb_verdict v;
};

/* Policy by timing mode: icount 1 % / 0.05, others 10 % / 0.01. */
void fb_policy_for_mode(const char *mode, struct fb_policy *p);
void fb_compare(const double *base_reps, size_t nb, double base,
		const double *now_reps, size_t nn, double now,
		const struct fb_policy *pol, struct fb_cmp *out);
const char *fb_verdict_name(enum fb_verdict v);

#endif /* FB_VERDICT_H */
