// SPDX-License-Identifier: GPL-2.0
/* stats_test.c - host unit tests: percentiles, histogram error bound, U test, bootstrap, JSON round trip. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "hist.h"
#include "load.h"
#include "results.h"
#include "stats.h"

static int passed, failed;

#define CHECK(cond, ...) do {					\
	if (cond) {						\
		passed++;					\
	} else {						\
		failed++;					\
		printf("FAIL %s:%d: ", __FILE__, __LINE__);	\
		printf(__VA_ARGS__);				\
		printf("\n");					\
	}							\
} while (0)

static double uniform01(uint64_t *rng)
{
	return (double)(fb_rand_next(rng) >> 11) / 9007199254740992.0;
}

/* Uniform 1..1000: nearest-rank percentiles are exact. */
static void test_percentiles_uniform(void)
{
	double v[1000];

	for (int i = 0; i < 1000; i++)
		v[i] = 1000 - i;	/* unsorted on purpose */
	fb_sort_doubles(v, 1000);
	CHECK(fb_percentile_sorted(v, 1000, 50) == 500, "p50 %g", fb_percentile_sorted(v, 1000, 50));
	CHECK(fb_percentile_sorted(v, 1000, 90) == 900, "p90");
	CHECK(fb_percentile_sorted(v, 1000, 99) == 990, "p99");
	CHECK(fb_percentile_sorted(v, 1000, 99.9) == 999, "p99.9");
	CHECK(fb_percentile_sorted(v, 1000, 100) == 1000, "max");
	CHECK(fb_percentile_sorted(v, 1000, 0.01) == 1, "min");
	CHECK(fb_median(v, 1000) == 500.5, "median even n %g", fb_median(v, 1000));
	CHECK(fb_median(v, 999) == 500, "median odd n");
	/* Middle half of 1..1000 is 251..750: mean 500.5. */
	CHECK(fb_iqm(v, 1000) == 500.5, "iqm %g", fb_iqm(v, 1000));
}

/* IQM: outliers in the top quarter do not move it; two modes mix smoothly. */
static void test_iqm(void)
{
	double v[100], w[100];

	for (int i = 0; i < 100; i++)
		v[i] = i < 90 ? 1000 : 1e6;	/* 10 % huge outliers */
	CHECK(fb_iqm(v, 100) == 1000, "iqm ignores outliers");
	for (int i = 0; i < 100; i++)
		w[i] = i < 50 ? 650 : 690;	/* two modes, 50/50 */
	CHECK(fabs(fb_iqm(w, 100) - 670) < 1e-9, "iqm of two modes %g", fb_iqm(w, 100));
	w[50] = 650;			/* 51/49: moves by 40/50 ns, not 40 */
	CHECK(fabs(fb_iqm(w, 100) - 669.2) < 1e-9, "iqm moves smoothly %g", fb_iqm(w, 100));
	CHECK(fb_iqm(v, 3) == 1000, "iqm of n < 4 is the median");
}

/* Exponential(mean 1000): quantile q = -1000 ln(1 - q). */
static void test_percentiles_exponential(void)
{
	size_t n = 200000;
	double *v = malloc(n * sizeof(double));
	struct fb_hist *h = malloc(sizeof(*h));
	uint64_t rng = 42;
	const double qs[] = { 50, 90, 99 };

	fb_hist_init(h);
	for (size_t i = 0; i < n; i++) {
		v[i] = -1000.0 * log(1.0 - uniform01(&rng));
		fb_hist_add(h, (uint64_t)llround(v[i]));
	}
	fb_sort_doubles(v, n);
	for (size_t i = 0; i < 3; i++) {
		double want = -1000.0 * log(1.0 - qs[i] / 100.0);
		double got = fb_percentile_sorted(v, n, qs[i]);
		double hg = (double)fb_hist_percentile(h, qs[i]);

		/* Sampling error of a quantile at n = 200000: well below 3 %. */
		CHECK(fabs(got - want) / want < 0.03, "exp p%g %g vs %g", qs[i], got, want);
		/* Histogram percentile: within its bound of the exact one (+1 ns rounding). */
		CHECK(fabs(hg - got) <= FB_HIST_REL_ERR * got + 1.0,
		      "hist p%g %g vs exact %g", qs[i], hg, got);
	}
	free(v);
	free(h);
}

/* Normal(10000, 500) through Box-Muller: p50 ~ mean, p90 ~ mean + 1.2816 sd. */
static void test_percentiles_normal(void)
{
	size_t n = 100000;
	double *v = malloc(n * sizeof(double));
	uint64_t rng = 7;

	for (size_t i = 0; i < n; i++) {
		double u1 = uniform01(&rng), u2 = uniform01(&rng);

		v[i] = 10000 + 500 * sqrt(-2 * log(1 - u1)) * cos(2 * M_PI * u2);
	}
	fb_sort_doubles(v, n);
	CHECK(fabs(fb_percentile_sorted(v, n, 50) - 10000) < 15, "normal p50");
	CHECK(fabs(fb_percentile_sorted(v, n, 90) - 10640.8) < 20, "normal p90 %g",
	      fb_percentile_sorted(v, n, 90));
	free(v);
}

/* Every value's bucket midpoint is within FB_HIST_REL_ERR of it. */
static void test_hist_bound(void)
{
	uint64_t rng = 1, worst_v = 0;
	double worst = 0;
	int bad = 0;

	for (int i = 0; i < 2000000; i++) {
		uint64_t v = fb_rand_next(&rng) >> (fb_rand_next(&rng) % 64);
		size_t b = fb_hist_index(v);
		double err;

		if (v < fb_hist_lo(b) || v > fb_hist_hi(b))
			bad++;
		err = fabs((double)fb_hist_mid(b) - (double)v) / (v ? (double)v : 1);
		if (err > worst) {
			worst = err;
			worst_v = v;
		}
	}
	CHECK(!bad, "%d values outside their bucket", bad);
	CHECK(worst <= FB_HIST_REL_ERR, "worst relative error %g at %llu > %g", worst,
	      (unsigned long long)worst_v, FB_HIST_REL_ERR);
	/* Small values are exact; buckets tile the range without gaps. */
	for (uint64_t v = 0; v < FB_HIST_SUB; v++)
		CHECK(fb_hist_mid(fb_hist_index(v)) == v, "small value %llu", (unsigned long long)v);
	for (size_t b = 0; b + 1 < FB_HIST_BUCKETS; b++)
		if (fb_hist_hi(b) + 1 != fb_hist_lo(b + 1)) {
			CHECK(0, "gap after bucket %zu", b);
			break;
		}
	CHECK(fb_hist_index(UINT64_MAX) == FB_HIST_BUCKETS - 1, "top bucket");
	/* The bound is tight: the stated figure is not loose by more than 2x. */
	CHECK(worst > FB_HIST_REL_ERR / 2, "bound not tight: worst %g", worst);
}

static void test_hist_percentiles(void)
{
	struct fb_hist *h = malloc(sizeof(*h));

	fb_hist_init(h);
	for (uint64_t v = 1; v <= 1000; v++)
		fb_hist_add(h, v * 1000);
	CHECK(h->count == 1000 && h->min == 1000 && h->max == 1000000, "count/min/max");
	CHECK(fabs((double)fb_hist_percentile(h, 50) - 500000) <= 500000 * FB_HIST_REL_ERR,
	      "hist p50 %llu", (unsigned long long)fb_hist_percentile(h, 50));
	CHECK(fb_hist_percentile(h, 100) == 1000000, "hist max clamps to max");
	free(h);
}

/* U test: exact tail probabilities of known cases. */
static void test_mann_whitney(void)
{
	double a[5] = { 1, 2, 3, 4, 5 }, b[5] = { 6, 7, 8, 9, 10 };
	double c[5] = { 1, 2, 3, 4, 5 };
	double big_a[40], big_b[40];
	uint64_t rng = 3;

	/* b entirely above a: P = 1 / C(10,5) = 1/252. */
	CHECK(fabs(fb_mann_whitney_greater(a, 5, b, 5) - 1.0 / 252) < 1e-12, "exact 1/252");
	CHECK(fb_mann_whitney_greater(b, 5, a, 5) == 1.0, "reverse = 1");
	/* Identical samples (all ties): far from significant. */
	CHECK(fb_mann_whitney_greater(a, 5, c, 5) > 0.4, "ties %g", fb_mann_whitney_greater(a, 5, c, 5));
	/* Normal approximation (n = 40): a shift of 1 sd is detected. */
	for (int i = 0; i < 40; i++) {
		big_a[i] = uniform01(&rng);
		big_b[i] = uniform01(&rng) + 0.6;
	}
	CHECK(fb_mann_whitney_greater(big_a, 40, big_b, 40) < 1e-4, "normal approx shift");
	CHECK(fb_mann_whitney_greater(big_b, 40, big_a, 40) > 0.99, "normal approx reverse");
}

static void test_bootstrap(void)
{
	double a[9] = { 100, 101, 99, 100, 102, 98, 100, 101, 99 };
	double b[9];
	double lo, hi, lo2, hi2;

	for (int i = 0; i < 9; i++)
		b[i] = a[i] * 1.2;
	fb_bootstrap_ratio_ci(a, 9, b, 9, 2000, 0.05, 5, &lo, &hi);
	CHECK(lo <= 1.2 && hi >= 1.2 && lo > 1.1 && hi < 1.3, "CI [%g,%g] around 1.2", lo, hi);
	fb_bootstrap_ratio_ci(a, 9, b, 9, 2000, 0.05, 5, &lo2, &hi2);
	CHECK(lo == lo2 && hi == hi2, "bootstrap is reproducible");
}

/* Write a result set, load it back: the same figures. */
static void test_roundtrip(void)
{
	char dir[] = "/tmp/fb-stats-test.XXXXXX", path[256], err[256];
	struct fb_results r, back;
	struct fb_metric t = { .workload = "wakeup", .backend = "mainline",
			       .series = "poll/cross", .xname = "", .metric = "p50_ns",
			       .unit = "ns", .mode = "icount", .vcpus = 2, .numa = 1,
			       .gate = 1, .value = 1234.5 };
	struct fb_histrec ht = { .workload = "wakeup", .backend = "mainline",
				 .series = "poll/cross", .mode = "icount" };
	struct fb_hist *h = malloc(sizeof(*h));
	double reps[3] = { 1, 2, 3 };
	const struct fb_metric *m;
	char key[256];

	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		return;
	}
	fb_hist_init(h);
	fb_hist_add(h, 100);
	fb_hist_add(h, 5000);
	fb_results_init(&r);
	fb_meta_set(&r.meta, "mode", "icount", 0);
	fb_meta_setf(&r.meta, "vcpus", 2);
	fb_results_add_metric(&r, &t, reps, 3);
	fb_results_add_hist(&r, &ht, h);
	snprintf(path, sizeof(path), "%s/results.json", dir);
	CHECK(!fb_results_write_json(&r, path), "write json");
	CHECK(!fb_results_write_csvs(&r, dir), "write csv");
	fb_results_init(&back);
	CHECK(!fb_results_load(&back, path, err, sizeof(err)), "load: %s", err);
	fb_metric_key(&r.m[0], key, sizeof(key));
	m = fb_results_find(&back, key);
	CHECK(m && m->value == 1234.5 && m->nreps == 3 && m->reps[2] == 3 && m->s.median == 2,
	      "metric round trip");
	CHECK(back.nh == 1 && back.h[0].count == 2 && back.h[0].nb == 2, "histogram round trip");
	CHECK(!strcmp(fb_meta_get(&back.meta, "mode"), "icount"), "meta round trip");
	fb_results_free(&r);
	fb_results_free(&back);
	snprintf(path, sizeof(path), "rm -rf %s", dir);
	CHECK(!system(path), "cleanup");
	free(h);
}

int main(void)
{
	test_percentiles_uniform();
	test_iqm();
	test_percentiles_exponential();
	test_percentiles_normal();
	test_hist_bound();
	test_hist_percentiles();
	test_mann_whitney();
	test_bootstrap();
	test_roundtrip();
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
