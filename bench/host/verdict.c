// SPDX-License-Identifier: GPL-2.0
/* verdict.c - regression verdict of one figure (policy in verdict.h). */
#include "verdict.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

void fb_policy_for_mode(const char *mode, struct fb_policy *p)
{
	p->no_interval = 0;
	if (mode && !strcmp(mode, "icount")) {
		p->threshold = 0.01;
		p->alpha = 0.05;
		p->by_boot = 0;
		p->smp_min = FB_SMP_MIN;
	} else {
		p->threshold = 0.10;
		p->alpha = 0.01;
		p->by_boot = 1;
		p->smp_min = 0;
	}
}

static int same_value(double a, double b)
{
	return fabs(a - b) <= 1e-9 * fmax(fabs(a), fabs(b));
}

/*
 * Which statistic of its repetitions a figure's value is: the
 * interquartile mean (pollscale's last wake) or the 10th percentile
 * (pollscale's last_wake_p10_ns) where the value is theirs and not also
 * their median, else the median (fb_record's figures are; a percentile
 * pooled over all samples is nearest the median of its blocks'
 * percentiles).
 */
static enum fb_stat stat_of(const struct fb_side *s)
{
	double med = fb_median(s->reps, s->nreps);

	if (same_value(s->value, med))
		return FB_STAT_MEDIAN;
	if (same_value(s->value, fb_iqm(s->reps, s->nreps)))
		return FB_STAT_IQM;
	if (same_value(s->value, fb_p10(s->reps, s->nreps)))
		return FB_STAT_P10;
	return FB_STAT_MEDIAN;
}

/*
 * Repetitions as replicates: Mann-Whitney U, and the ratio and its
 * bootstrap interval of one statistic of each side's repetitions, the
 * one the new figure's value is, so that the printed ratio, the
 * threshold test and the interval are about the same thing (for a run
 * against a one-run baseline, the ratio of the values).
 */
static int test_reps(const struct fb_side *b, const struct fb_side *n,
		     const struct fb_policy *pol, struct fb_cmp *out)
{
	enum fb_stat st;
	double sb, sn;

	if (b->nreps < 2 || n->nreps < 2)
		return 0;
	/* The new run says (a baseline pooled over runs has boot medians). */
	st = stat_of(n);
	out->test = "U";
	out->p_slower = fb_mann_whitney_greater(b->reps, b->nreps, n->reps,
						n->nreps);
	out->p_faster = fb_mann_whitney_greater(n->reps, n->nreps, b->reps,
						b->nreps);
	if (!pol->no_interval)
		fb_bootstrap_stat_ratio_ci(st, b->reps, b->nreps, n->reps,
					   n->nreps, 2000, 0.05, 12345,
					   &out->ci_lo, &out->ci_hi);
	sb = fb_stat_of(st, b->reps, b->nreps);
	sn = fb_stat_of(st, n->reps, n->nreps);
	if (sb > 0)
		out->ratio = sn / sb;
	return 1;
}

static int all_positive(const double *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!(v[i] > 0))
			return 0;
	return 1;
}

/* The logarithms of @v (all positive) in a new array, or NULL. */
static double *logs_of(const double *v, size_t n)
{
	double *l = malloc(n * sizeof(*l));

	for (size_t i = 0; l && i < n; i++)
		l[i] = log(v[i]);
	return l;
}

/* Boots as replicates: Welch's t-test on the log figures of the boots. */
static int test_boots(const struct fb_side *b, const struct fb_side *n,
		      struct fb_cmp *out)
{
	size_t nb = b->nboots, nn = n->nboots;
	struct fb_welch w;
	double *lb, *ln;
	int err;

	if (nb < 2 || nn < 2)
		return 0;
	if (!all_positive(b->boots, nb) || !all_positive(n->boots, nn)) {
		/* No logs of figures that can be 0 or below: test them as they are. */
		if (fb_welch_test(b->boots, nb, n->boots, nn, &w))
			return 0;
	} else {
		lb = logs_of(b->boots, nb);
		ln = logs_of(n->boots, nn);
		err = !lb || !ln || fb_welch_test(lb, nb, ln, nn, &w);
		free(lb);
		free(ln);
		if (err)
			return 0;
		if (w.se > 0) {
			double q = fb_student_t_quantile_upper(0.025, w.df);

			out->ci_lo = exp(w.diff - q * w.se);
			out->ci_hi = exp(w.diff + q * w.se);
		} else {
			out->ci_lo = out->ci_hi = exp(w.diff);
		}
	}
	out->test = "Welch";
	/* The ratio the test and the interval are about: of geometric means. */
	if (all_positive(b->boots, nb) && all_positive(n->boots, nn))
		out->ratio = exp(w.diff);
	out->p_slower = w.p_greater;
	out->p_faster = w.p_less;
	return 1;
}

/* How far apart the baseline's reruns put a figure: max/min - 1, or 0. */
static double boots_spread(const struct fb_side *b)
{
	double lo = INFINITY, hi = 0;

	if (b->nboots < 2)
		return 0;
	for (size_t i = 0; i < b->nboots; i++) {
		lo = fmin(lo, b->boots[i]);
		hi = fmax(hi, b->boots[i]);
	}
	return lo > 0 ? hi / lo - 1.0 : 0;
}

/*
 * Did the baseline's reruns repeat differently, even where their figures
 * agree? Pooled reruns append their repetitions rerun by rerun (results.c);
 * with the same count each, those of a reproducible figure are the same
 * sequence, within FB_REPRO_TOL.
 */
static int reps_differ(const struct fb_side *b)
{
	size_t k;

	if (b->nboots < 2 || !b->nreps || b->nreps % b->nboots)
		return 0;
	k = b->nreps / b->nboots;
	for (size_t j = 1; j < b->nboots; j++)
		for (size_t i = 0; i < k; i++)
			if (fabs(b->reps[j * k + i] - b->reps[i]) >
			    FB_REPRO_TOL * fabs(b->reps[i]))
				return 1;
	return 0;
}

/*
 * How far from the baseline's value the statistic @st of @k repetitions
 * lands when they are drawn from the baseline's pooled repetitions (99 %
 * of draws, the farther side): how far a rerun's figure can move when
 * its repetitions come from the same mixture of modes.
 */
static double stat_spread(const struct fb_side *b, enum fb_stat st, size_t k)
{
	double lo, hi;

	if (!(b->value > 0) || b->nreps < 2 || !k)
		return 0;
	fb_bootstrap_stat_range(st, b->reps, b->nreps, k, 2000, 0.01, 12345,
				&lo, &hi);
	if (!isfinite(lo) || !isfinite(hi))
		return 0;
	return fmax(hi / b->value - 1.0, 1.0 - lo / b->value);
}

/*
 * icount: the threshold of a figure whose baseline pools reruns that
 * disagree (an icount figure that depends on where a host-timed event
 * lands, docs/bench-method.md) grows so that the gate is as strict as the
 * figure is reproducible and no stricter:
 * - reruns whose figures differ by more than FB_REPRO_TOL: at least
 *   FB_NONDET_MIN and FB_SPREAD_FACTOR times that spread;
 * - reruns whose repetitions differ (whether or not their figures do):
 *   at least FB_SPREAD_FACTOR times stat_spread(). A batch figure whose
 *   repetitions fall in modes (an RCU callback batch landing inside the
 *   timed loop or not) can have reruns with the same median by chance
 *   and a later one in another mode; a figure that is a robust statistic
 *   of repetitions with the odd outlier keeps its threshold.
 */
static double icount_threshold(const struct fb_side *b,
			       const struct fb_side *n, double thr)
{
	double spread = boots_spread(b);
	enum fb_stat st = n->nreps >= 2 ? stat_of(n) : FB_STAT_MEDIAN;
	size_t k;

	if (b->nboots < 2)
		return thr;
	k = n->nreps ? n->nreps : b->nreps / b->nboots;
	if (spread > FB_REPRO_TOL)
		thr = fmax(fmax(thr, FB_NONDET_MIN), FB_SPREAD_FACTOR * spread);
	else if (!reps_differ(b))
		return thr;
	return fmax(thr, FB_SPREAD_FACTOR * stat_spread(b, st, k));
}

void fb_compare(const struct fb_side *b, const struct fb_side *n,
		const struct fb_policy *pol, struct fb_cmp *out)
{
	double thr = pol->by_boot ? pol->threshold :
				    icount_threshold(b, n, pol->threshold);
	int tested;

	if (b->vcpus > 1)
		thr = fmax(thr, pol->smp_min);
	out->base = b->value;
	out->now = n->value;
	out->ratio = b->value > 0 ? n->value / b->value : NAN;
	out->ci_lo = out->ci_hi = NAN;
	out->p_slower = out->p_faster = NAN;
	out->test = "none";
	out->threshold = thr;
	out->v = FB_SAME;
	tested = pol->by_boot ? test_boots(b, n, out) :
				 test_reps(b, n, pol, out);
	if (pol->by_boot && !tested) {
		out->v = FB_UNTESTED;
		return;
	}
	if (!isfinite(out->ratio))
		return;
	if (out->ratio > 1.0 + thr &&
	    (!tested || out->p_slower < pol->alpha))
		out->v = FB_REGRESSED;
	else if (out->ratio < 1.0 - thr &&
		 (!tested || out->p_faster < pol->alpha))
		out->v = FB_IMPROVED;
}

const char *fb_verdict_name(enum fb_verdict v)
{
	switch (v) {
	case FB_REGRESSED: return "REGRESSED";
	case FB_IMPROVED: return "improved";
	case FB_UNTESTED: return "untested";
	default: return "same";
	}
}
