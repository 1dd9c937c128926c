// SPDX-License-Identifier: GPL-2.0
/* stats.c - percentiles, summaries, Mann-Whitney U, bootstrap interval. */
#include "stats.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *pa, const void *pb)
{
	double a = *(const double *)pa, b = *(const double *)pb;

	return (a > b) - (a < b);
}

void fb_sort_doubles(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_double);
}

double fb_percentile_sorted(const double *sorted, size_t n, double p)
{
	size_t rank;

	if (!n)
		return NAN;
	rank = (size_t)ceil(p / 100.0 * (double)n - 1e-9);
	if (rank < 1)
		rank = 1;
	if (rank > n)
		rank = n;
	return sorted[rank - 1];
}

/* An ascending copy of @n > 0 values (free() it), or NULL. */
static double *sorted_copy(const double *v, size_t n)
{
	double *c = malloc(n * sizeof(*c));

	if (c) {
		memcpy(c, v, n * sizeof(*c));
		fb_sort_doubles(c, n);
	}
	return c;
}

double fb_median(const double *v, size_t n)
{
	double *c, m;

	if (!n)
		return NAN;
	c = sorted_copy(v, n);
	if (!c)
		return NAN;
	/* Midpoint of the two middle values for even n. */
	m = n % 2 ? c[n / 2] : (c[n / 2 - 1] + c[n / 2]) / 2.0;
	free(c);
	return m;
}

double fb_iqm(const double *v, size_t n)
{
	double *c, sum = 0;
	size_t lo = n / 4, hi = n - n / 4;

	if (n < 4)
		return fb_median(v, n);
	c = sorted_copy(v, n);
	if (!c)
		return NAN;
	for (size_t i = lo; i < hi; i++)
		sum += c[i];
	free(c);
	return sum / (double)(hi - lo);
}

double fb_p10(const double *v, size_t n)
{
	double *c, p;

	if (!n)
		return NAN;
	c = sorted_copy(v, n);
	if (!c)
		return NAN;
	p = fb_percentile_sorted(c, n, 10.0);
	free(c);
	return p;
}

void fb_summarize(const double *v, size_t n, struct fb_summary *s)
{
	double sum = 0, sq = 0;

	memset(s, 0, sizeof(*s));
	s->n = n;
	if (!n) {
		s->min = s->max = s->mean = s->median = NAN;
		return;
	}
	s->min = s->max = v[0];
	for (size_t i = 0; i < n; i++) {
		sum += v[i];
		if (v[i] < s->min)
			s->min = v[i];
		if (v[i] > s->max)
			s->max = v[i];
	}
	s->mean = sum / (double)n;
	for (size_t i = 0; i < n; i++)
		sq += (v[i] - s->mean) * (v[i] - s->mean);
	s->stddev = n > 1 ? sqrt(sq / (double)(n - 1)) : 0.0;
	s->median = fb_median(v, n);
}

/* U of @b: pairs (a_i, b_j) with b_j > a_i, ties counted half. */
static double u_statistic(const double *a, size_t na, const double *b,
			  size_t nb)
{
	double u = 0;

	for (size_t j = 0; j < nb; j++)
		for (size_t i = 0; i < na; i++)
			u += b[j] > a[i] ? 1.0 : b[j] == a[i] ? 0.5 : 0.0;
	return u;
}

/*
 * Exact null distribution: cnt[m][n][u] = arrangements of m a's and n b's
 * with statistic u; cnt(m, n, u) = cnt(m, n-1, u - m) + cnt(m-1, n, u)
 * (the largest element is a b, adding m pairs, or an a, adding none).
 */
static double exact_upper_tail(size_t na, size_t nb, double u_obs)
{
	size_t umax = na * nb, stride_u = umax + 1;
	size_t stride_n = stride_u * (nb + 1);
	double *cnt = calloc((na + 1) * stride_n, sizeof(double));
	double total = 0, tail = 0;
	long start = (long)ceil(u_obs - 1e-9);

	if (!cnt)
		return 1.0;
#define C(m, n, u) cnt[(m) * stride_n + (n) * stride_u + (u)]
	for (size_t m = 0; m <= na; m++)
		for (size_t n = 0; n <= nb; n++)
			for (size_t u = 0; u <= m * n; u++) {
				double v = 0;

				if (!m || !n) {
					v = u == 0;
				} else {
					if (u >= m)
						v += C(m, n - 1, u - m);
					v += C(m - 1, n, u);
				}
				C(m, n, u) = v;
			}
	for (size_t u = 0; u <= umax; u++) {
		total += C(na, nb, u);
		if ((long)u >= start)
			tail += C(na, nb, u);
	}
#undef C
	free(cnt);
	return tail / total;
}

double fb_mann_whitney_greater(const double *a, size_t na,
			       const double *b, size_t nb)
{
	double u, mu, sigma2, ties = 0, z;
	size_t n = na + nb;
	double *all;

	if (!na || !nb)
		return 1.0;
	u = u_statistic(a, na, b, nb);
	if (na <= FB_MW_EXACT_MAX && nb <= FB_MW_EXACT_MAX)
		return exact_upper_tail(na, nb, u);

	/* Normal approximation with tie correction and continuity 0.5. */
	all = malloc(n * sizeof(*all));
	if (!all)
		return 1.0;
	memcpy(all, a, na * sizeof(*a));
	memcpy(all + na, b, nb * sizeof(*b));
	fb_sort_doubles(all, n);
	for (size_t i = 0; i < n;) {
		size_t j = i;

		while (j < n && all[j] == all[i])
			j++;
		ties += pow((double)(j - i), 3) - (double)(j - i);
		i = j;
	}
	free(all);
	mu = (double)na * (double)nb / 2.0;
	sigma2 = (double)na * (double)nb / 12.0 *
		 ((double)n + 1.0 - ties / ((double)n * ((double)n - 1.0)));
	if (sigma2 <= 0)
		return u > mu ? 0.0 : 1.0;
	z = (u - mu - 0.5) / sqrt(sigma2);
	return 0.5 * erfc(z / sqrt(2.0));
}

uint64_t fb_rand_next(uint64_t *state)
{
	uint64_t x = *state;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	*state = x;
	return x * 0x2545F4914F6CDD1Dull;
}

/*
 * The k-th smallest of v[0..n) (0-based), found by Hoare's selection; @v
 * is reordered. The same value a sort would put at v[k], in linear time:
 * the bootstrap below takes thousands of medians per figure.
 */
static double select_kth(double *v, size_t n, size_t k)
{
	size_t lo = 0, hi = n - 1;

	while (lo < hi) {
		double pivot = v[lo + (hi - lo) / 2], t;
		size_t i = lo, j = hi;

		while (i <= j) {
			while (v[i] < pivot)
				i++;
			while (v[j] > pivot)
				j--;
			if (i <= j) {
				t = v[i];
				v[i] = v[j];
				v[j] = t;
				i++;
				if (j == 0)
					break;
				j--;
			}
		}
		if (k <= j)
			hi = j;
		else if (k >= i)
			lo = i;
		else
			return v[k];
	}
	return v[k];
}

/* The median of @tmp (reordered), as fb_median() computes it. */
static double median_in_place(double *tmp, size_t n)
{
	double upper = select_kth(tmp, n, n / 2), lower;

	if (n % 2)
		return upper;
	/* Everything left of n/2 is now <= upper: the lower middle is its max. */
	lower = tmp[0];
	for (size_t i = 1; i < n / 2; i++)
		lower = tmp[i] > lower ? tmp[i] : lower;
	return (lower + upper) / 2.0;
}

double fb_stat_of(enum fb_stat s, const double *v, size_t n)
{
	switch (s) {
	case FB_STAT_IQM:
		return fb_iqm(v, n);
	case FB_STAT_P10:
		return fb_p10(v, n);
	default:
		return fb_median(v, n);
	}
}

/* Interquartile mean of @tmp (reordered), as fb_iqm() computes it. */
static double iqm_in_place(double *tmp, size_t n)
{
	size_t lo = n / 4, hi = n - n / 4;
	double sum = 0;

	if (n < 4)
		return median_in_place(tmp, n);
	fb_sort_doubles(tmp, n);
	for (size_t i = lo; i < hi; i++)
		sum += tmp[i];
	return sum / (double)(hi - lo);
}

/* @stat of @k draws (with replacement) from the @n values of @v. */
static double drawn_stat(enum fb_stat stat, const double *v, size_t n,
			 size_t k, double *tmp, uint64_t *rng)
{
	for (size_t i = 0; i < k; i++)
		tmp[i] = v[fb_rand_next(rng) % n];
	switch (stat) {
	case FB_STAT_IQM:
		return iqm_in_place(tmp, k);
	case FB_STAT_P10:
		fb_sort_doubles(tmp, k);
		return fb_percentile_sorted(tmp, k, 10.0);
	default:
		return median_in_place(tmp, k);
	}
}

static double resampled_stat(enum fb_stat stat, const double *v, size_t n,
			     double *tmp, uint64_t *rng)
{
	return drawn_stat(stat, v, n, n, tmp, rng);
}

/* The percentile interval (level 1 - @alpha) of @n values, sorted here. */
static void percentile_interval(double *v, size_t n, double alpha, double *lo,
				double *hi)
{
	fb_sort_doubles(v, n);
	*lo = fb_percentile_sorted(v, n, 100.0 * alpha / 2.0);
	*hi = fb_percentile_sorted(v, n, 100.0 * (1.0 - alpha / 2.0));
}

void fb_bootstrap_stat_range(enum fb_stat stat, const double *v, size_t n,
			     size_t k, unsigned int iters, double alpha,
			     uint64_t seed, double *lo, double *hi)
{
	double *stats = malloc(iters * sizeof(double));
	double *tmp = malloc((k ? k : 1) * sizeof(double));
	uint64_t rng = seed ? seed : 0x9E3779B97F4A7C15ull;

	*lo = *hi = NAN;
	if (!stats || !tmp || !n || !k || !iters)
		goto out;
	for (unsigned int i = 0; i < iters; i++)
		stats[i] = drawn_stat(stat, v, n, k, tmp, &rng);
	percentile_interval(stats, iters, alpha, lo, hi);
out:
	free(stats);
	free(tmp);
}

void fb_bootstrap_stat_ratio_ci(enum fb_stat stat, const double *a, size_t na,
				const double *b, size_t nb, unsigned int iters,
				double alpha, uint64_t seed, double *lo,
				double *hi)
{
	double *ratios = malloc(iters * sizeof(double));
	double *tmp = malloc((na > nb ? na : nb) * sizeof(double));
	uint64_t rng = seed ? seed : 0x9E3779B97F4A7C15ull;

	*lo = *hi = NAN;
	if (!ratios || !tmp || !na || !nb || !iters)
		goto out;
	for (unsigned int i = 0; i < iters; i++) {
		double ma = resampled_stat(stat, a, na, tmp, &rng);
		double mb = resampled_stat(stat, b, nb, tmp, &rng);

		ratios[i] = ma != 0 ? mb / ma : NAN;
	}
	percentile_interval(ratios, iters, alpha, lo, hi);
out:
	free(ratios);
	free(tmp);
}

void fb_bootstrap_ratio_ci(const double *a, size_t na, const double *b,
			   size_t nb, unsigned int iters, double alpha,
			   uint64_t seed, double *lo, double *hi)
{
	fb_bootstrap_stat_ratio_ci(FB_STAT_MEDIAN, a, na, b, nb, iters, alpha,
				   seed, lo, hi);
}

/*
 * Regularised incomplete beta I_x(a, b) by its continued fraction
 * (modified Lentz), used where it converges fast: x < (a + 1)/(a + b + 2);
 * the other side through I_x(a, b) = 1 - I_{1-x}(b, a).
 */
static double beta_cf(double a, double b, double x)
{
	const double tiny = 1e-300;
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;

	d = 1 / (fabs(d) < tiny ? tiny : d);
	h = d;
	for (int m = 1; m <= 300; m++) {
		double num, del;

		/* even step: d_{2m} */
		num = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
		d = 1 + num * d;
		c = 1 + num / c;
		d = 1 / (fabs(d) < tiny ? tiny : d);
		c = fabs(c) < tiny ? tiny : c;
		h *= d * c;
		/* odd step: d_{2m+1} */
		num = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
		d = 1 + num * d;
		c = 1 + num / c;
		d = 1 / (fabs(d) < tiny ? tiny : d);
		c = fabs(c) < tiny ? tiny : c;
		del = d * c;
		h *= del;
		if (fabs(del - 1) < 1e-14)
			break;
	}
	return h;
}

static double inc_beta(double a, double b, double x)
{
	double front;

	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
		    b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return front * beta_cf(a, b, x) / a;
	return 1 - front * beta_cf(b, a, 1 - x) / b;
}

double fb_student_t_sf(double t, double df)
{
	double tail;

	if (isnan(t) || !(df > 0))
		return NAN;
	if (isinf(t))
		return t > 0 ? 0 : 1;
	/* P(|T| > |t|) = I_{df/(df+t^2)}(df/2, 1/2) */
	tail = 0.5 * inc_beta(df / 2, 0.5, df / (df + t * t));
	return t >= 0 ? tail : 1 - tail;
}

double fb_student_t_quantile_upper(double p, double df)
{
	double lo = -1e6, hi = 1e6;

	if (!(p > 0 && p < 1) || !(df > 0))
		return NAN;
	/* sf falls monotonically in t: bisect to full double precision. */
	for (int i = 0; i < 200 && hi - lo > 1e-12 * (1 + fabs(lo)); i++) {
		double mid = (lo + hi) / 2;

		if (fb_student_t_sf(mid, df) > p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

static void mean_var(const double *v, size_t n, double *mean, double *var)
{
	double m = 0, s = 0;

	for (size_t i = 0; i < n; i++)
		m += v[i];
	m /= (double)n;
	for (size_t i = 0; i < n; i++)
		s += (v[i] - m) * (v[i] - m);
	*mean = m;
	*var = s / (double)(n - 1);
}

int fb_welch_test(const double *a, size_t na, const double *b, size_t nb,
		  struct fb_welch *w)
{
	double ma, va, mb, vb, qa, qb;

	if (na < 2 || nb < 2)
		return -1;
	mean_var(a, na, &ma, &va);
	mean_var(b, nb, &mb, &vb);
	qa = va / (double)na;
	qb = vb / (double)nb;
	w->diff = mb - ma;
	w->se = sqrt(qa + qb);
	if (w->se == 0) {
		/* No spread on either side: any difference is certain. */
		w->df = (double)(na + nb - 2);
		w->p_greater = w->diff > 0 ? 0 : w->diff < 0 ? 1 : 0.5;
		w->p_less = w->diff < 0 ? 0 : w->diff > 0 ? 1 : 0.5;
		return 0;
	}
	w->df = (qa + qb) * (qa + qb) /
		(qa * qa / (double)(na - 1) + qb * qb / (double)(nb - 1));
	w->p_greater = fb_student_t_sf(w->diff / w->se, w->df);
	w->p_less = fb_student_t_sf(-w->diff / w->se, w->df);
	return 0;
}
