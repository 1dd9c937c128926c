/* SPDX-License-Identifier: GPL-2.0 */
/*
 * stats.h - sample statistics: percentiles, summaries, the Mann-Whitney U
 * test, Welch's t-test and a bootstrap confidence interval of a ratio of
 * medians.
 */
#ifndef FB_STATS_H
#define FB_STATS_H

#include <stddef.h>
#include <stdint.h>

struct fb_summary {
	size_t n;
	double min, max, mean, stddev, median;
};

void fb_sort_doubles(double *v, size_t n);
/*
 * Nearest-rank percentile of an ascending array: the smallest value with at
 * least p % of the samples at or below it (0 < p <= 100).
 */
double fb_percentile_sorted(const double *sorted, size_t n, double p);
/* Summary of @n values (not modified). */
void fb_summarize(const double *v, size_t n, struct fb_summary *s);
double fb_median(const double *v, size_t n);
/*
 * Interquartile mean: the mean of the values between the 25th and the
 * 75th percentile (the middle half, by rank; n < 4 gives the median).
 * Robust like the median to outliers in either quarter, but it moves
 * smoothly when the data has two modes of similar weight.
 */
double fb_iqm(const double *v, size_t n);
/*
 * 10th percentile (nearest rank) of @n values (not modified): the fast
 * end of a sample whose values fall into a few modes, which stays put
 * when the modes' weights change (SMP icount pollscale rounds).
 */
double fb_p10(const double *v, size_t n);

/*
 * One-sided Mann-Whitney U test: probability, under the hypothesis that @a
 * and @b come from the same distribution, of a U statistic of @b at least as
 * large as observed - small when @b tends to be larger than @a. Exact for
 * samples of up to FB_MW_EXACT_MAX each (ties counted half), normal
 * approximation with tie correction beyond. Returns 1.0 if a side is empty.
 */
#define FB_MW_EXACT_MAX 20
double fb_mann_whitney_greater(const double *a, size_t na,
			       const double *b, size_t nb);

/*
 * Student's t distribution with @df (> 0, need not be an integer) degrees
 * of freedom: P(T > t), and the t with P(T > t) = @p (0 < p < 1).
 */
double fb_student_t_sf(double t, double df);
double fb_student_t_quantile_upper(double p, double df);

/*
 * Welch's two-sample t-test of mean(b) against mean(a) (unequal variances,
 * Welch-Satterthwaite degrees of freedom). Needs at least 2 values a side.
 */
struct fb_welch {
	double diff;		/* mean(b) - mean(a) */
	double se;		/* standard error of diff */
	double df;
	double p_greater;	/* one-sided: P under H0 of a diff this large */
	double p_less;
};

int fb_welch_test(const double *a, size_t na, const double *b, size_t nb,
		  struct fb_welch *w);

/* Deterministic xorshift64* generator for the bootstrap. */
uint64_t fb_rand_next(uint64_t *state);

/* The statistics a figure's value can be of its repetitions. */
enum fb_stat {
	FB_STAT_MEDIAN,
	FB_STAT_IQM,	/* interquartile mean, fb_iqm() */
	FB_STAT_P10,	/* 10th percentile (nearest rank), fb_p10() */
};

double fb_stat_of(enum fb_stat s, const double *v, size_t n);

/*
 * Percentile bootstrap interval (level 1 - @alpha) of median(b)/median(a),
 * with @iters resamples from a fixed @seed (reproducible).
 */
void fb_bootstrap_ratio_ci(const double *a, size_t na, const double *b,
			   size_t nb, unsigned int iters, double alpha,
			   uint64_t seed, double *lo, double *hi);
/* The same, of stat(b)/stat(a). */
void fb_bootstrap_stat_ratio_ci(enum fb_stat stat, const double *a, size_t na,
				const double *b, size_t nb, unsigned int iters,
				double alpha, uint64_t seed, double *lo,
				double *hi);
/*
 * Where @stat of @k values drawn at random (with replacement) from the @n
 * values of @v lands: its 100 * @alpha / 2 and 100 * (1 - @alpha / 2)
 * percentiles over @iters draws from a fixed @seed. How far the figure
 * of a run of @k repetitions can move when its repetitions come from
 * the same mixture as @v.
 */
void fb_bootstrap_stat_range(enum fb_stat stat, const double *v, size_t n,
			     size_t k, unsigned int iters, double alpha,
			     uint64_t seed, double *lo, double *hi);

#endif /* FB_STATS_H */
