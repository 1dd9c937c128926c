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

/*
 * icount: the threshold of a figure whose baseline pools several reruns
 * that disagree (an SMP icount figure that depends on where a host-timed
 * event lands, docs/bench.md) grows to twice their spread, and to at
 * least FB_NONDET_MIN, so that the gate is as strict as the figure is
 * reproducible and no stricter.
 */
static double icount_threshold(const struct fb_side *b, double thr)
{
	double lo = INFINITY, hi = 0, spread;

	if (b->nboots < 2)
		return thr;
	for (size_t i = 0; i < b->nboots; i++) {
		lo = fmin(lo, b->boots[i]);
		hi = fmax(hi, b->boots[i]);
	}
	if (!(lo > 0))
		return thr;
	spread = hi / lo - 1.0;
	if (spread <= FB_REPRO_TOL)
		return thr;
	return fmax(fmax(thr, FB_NONDET_MIN), FB_SPREAD_FACTOR * spread);
}

void fb_compare(const struct fb_side *b, const struct fb_side *n,
		const struct fb_policy *pol, struct fb_cmp *out)
{
	double thr = pol->by_boot ? pol->threshold :
				    icount_threshold(b, pol->threshold);
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
