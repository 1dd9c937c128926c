// SPDX-License-Identifier: GPL-2.0
/*
 * stats_test.c - host unit tests: percentiles, histogram error bound, U test,
 * bootstrap, JSON round trip, results.json layout, bad JSON input.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "hist.h"
#include "load.h"
#include "results.h"
#include "stats.h"

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

/* 10th percentile: nearest rank, of unsorted values, unchanged by modes' weights. */
static void test_p10(void)
{
	double v[100], w[20] = { 0 };

	for (int i = 0; i < 100; i++)
		v[i] = 100 - i;		/* 100 .. 1, descending */
	CHECK(fb_p10(v, 100) == 10, "p10 of 1..100 %g", fb_p10(v, 100));
	CHECK(v[0] == 100, "p10 leaves its input alone");
	for (int i = 0; i < 20; i++)
		w[i] = i % 4 ? 1100 : 1000;	/* 25 % fast mode */
	CHECK(fb_p10(w, 20) == 1000, "p10 of two modes is the fast one %g",
	      fb_p10(w, 20));
	CHECK(fb_p10(w, 1) == 1000 && isnan(fb_p10(w, 0)), "p10 of 1 and 0 values");
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

static int write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	fputs(text, f);
	return fclose(f);
}

/* Results written before a metric was renamed load under its new name. */
static void test_renamed_metric(void)
{
	char dir[] = "/tmp/fb-stats-test.XXXXXX", path[256], err[256];
	struct fb_results back;

	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		return;
	}
	snprintf(path, sizeof(path), "%s/old.json", dir);
	if (write_file(path, "{\"schema\": \"fencebench-results-1\", \"meta\": {\"mode\": \"icount\"},\n"
		       " \"metrics\": [{\"workload\": \"merge\", \"backend\": \"dma\", \"series\": \"2way\",\n"
		       "  \"xname\": \"\", \"x\": 0, \"metric\": \"merge_ns\", \"unit\": \"ns\",\n"
		       "  \"mode\": \"icount\", \"vcpus\": 1, \"numa\": 1, \"gate\": true, \"value\": 3510,\n"
		       "  \"reps\": [3510, 3511]}], \"histograms\": []}\n")) {
		CHECK(0, "write %s", path);
		return;
	}
	fb_results_init(&back);
	CHECK(!fb_results_load(&back, path, err, sizeof(err)), "load old: %s", err);
	CHECK(back.nm == 1 && !strcmp(back.m[0].metric, "merge_close_ns") &&
	      back.m[0].value == 3510, "merge_ns is read as merge_close_ns (got '%s')",
	      back.nm ? back.m[0].metric : "none");
	fb_results_free(&back);
	unlink(path);
	rmdir(dir);
}

/*
 * results.json to the byte, as the hand-written writer before jansson
 * wrote it (schema 1; this text is that writer's output): two-space
 * indentation, a metric and a bucket list on one line, "%.10g" numbers
 * with integral ones as integers, null for a figure that is not finite,
 * boot_values only when there are some.
 */
static const char layout_want[] =
	"{\n"
	"  \"schema\": \"fencebench-results-1\",\n"
	"  \"meta\": {\n"
	"    \"mode\": \"icount\",\n"
	"    \"clock_read_ns\": 63,\n"
	"    \"hist_rel_err\": 0.0078125,\n"
	"    \"kernel\": \"6.1 \\\"x\\\"\\t\\\\\"\n"
	"  },\n"
	"  \"boots\": [],\n"
	"  \"metrics\": [\n"
	"    {\"workload\": \"merge\", \"backend\": \"dma\", \"series\": \"2way\", \"xname\": \"P\", "
	"\"x\": 64, \"metric\": \"merge_close_ns\", \"unit\": \"ns\", \"mode\": \"icount\", "
	"\"vcpus\": 1, \"numa\": 1, \"gate\": true, \"value\": null, \"median\": 3510, "
	"\"mean\": 412693.3804, \"min\": 2.25, \"max\": 1234567.891, \"stddev\": 711766.366, "
	"\"reps\": [3510, 2.25, 1234567.891], \"boot_values\": [3510, 3511.5]},\n"
	"    {\"workload\": \"merge\", \"backend\": \"dma\", \"series\": \"2way\", \"xname\": \"\", "
	"\"x\": 0, \"metric\": \"merge_close_ns\", \"unit\": \"ns\", \"mode\": \"icount\", "
	"\"vcpus\": 1, \"numa\": 1, \"gate\": false, \"value\": 7, \"median\": null, "
	"\"mean\": null, \"min\": null, \"max\": null, \"stddev\": 0, \"reps\": []}\n"
	"  ],\n"
	"  \"histograms\": [\n"
	"    {\n"
	"      \"workload\": \"wakeup\",\n"
	"      \"backend\": \"dma\",\n"
	"      \"series\": \"poll/same\",\n"
	"      \"x\": 0,\n"
	"      \"mode\": \"icount\",\n"
	"      \"vcpus\": 1,\n"
	"      \"numa\": 1,\n"
	"      \"rel_err\": 0.0078125,\n"
	"      \"count\": 3,\n"
	"      \"buckets\": [[100, 100, 2], [4992, 5055, 1]]\n"
	"    }\n"
	"  ]\n"
	"}\n";

static void test_layout(void)
{
	char dir[] = "/tmp/fb-stats-test.XXXXXX", path[256], got[sizeof(layout_want) + 64];
	double reps[3] = { 3510, 2.25, 1234567.891234 }, boots[2] = { 3510, 3511.5 };
	struct fb_metric t = { .workload = "merge", .backend = "dma", .series = "2way",
			       .xname = "P", .x = 64, .metric = "merge_close_ns", .unit = "ns",
			       .mode = "icount", .vcpus = 1, .numa = 1, .gate = 1, .value = NAN,
			       .s = { .n = 3, .median = 3510, .mean = 412693.38041133, .min = 2.25,
				      .max = 1234567.891234, .stddev = 711766.36600981 },
			       .reps = reps, .nreps = 3, .boot_values = boots, .nboot_values = 2 };
	struct fb_histrec ht = { .workload = "wakeup", .backend = "dma", .series = "poll/same",
				 .mode = "icount", .vcpus = 1, .numa = 1 };
	struct fb_hist *h = malloc(sizeof(*h));
	struct fb_results r;
	size_t n = 0;
	FILE *f;

	if (!h || !mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		free(h);
		return;
	}
	fb_hist_init(h);
	fb_hist_add(h, 100);
	fb_hist_add(h, 100);
	fb_hist_add(h, 5000);
	fb_results_init(&r);
	fb_meta_set(&r.meta, "mode", "icount", 0);
	fb_meta_setf(&r.meta, "clock_read_ns", 63);
	fb_meta_setf(&r.meta, "hist_rel_err", 0.0078125);
	fb_meta_set(&r.meta, "kernel", "6.1 \"x\"\t\\", 0);
	fb_results_copy_metric(&r, &t);
	t = (struct fb_metric){ .workload = "merge", .backend = "dma", .series = "2way",
				.xname = "", .metric = "merge_close_ns", .unit = "ns",
				.mode = "icount", .vcpus = 1, .numa = 1, .value = 7 };
	fb_results_add_metric(&r, &t, NULL, 0);
	fb_results_add_hist(&r, &ht, h);
	snprintf(path, sizeof(path), "%s/results.json", dir);
	CHECK(!fb_results_write_json(&r, path), "write json");
	f = fopen(path, "r");
	if (f) {
		n = fread(got, 1, sizeof(got) - 1, f);
		fclose(f);
	}
	got[n] = 0;
	CHECK(!strcmp(got, layout_want), "results.json layout of schema 1, got:\n%s", got);
	fb_results_free(&r);
	free(h);
	unlink(path);
	rmdir(dir);
}

/*
 * A file that is not JSON (truncated, malformed, empty) or not there is
 * refused with a message naming it, and where jansson stopped (line,
 * column); the result set stays usable.
 */
static void test_bad_json(void)
{
	static const struct {
		const char *what, *text, *where;
	} bad[] = {
		{ "empty", "", "line 1," },
		{ "missing comma", "{\"schema\": \"fencebench-results-1\",\n"
		  "  \"meta\": {\"mode\": \"icount\"}\n  \"metrics\": []}\n", "line 3, column 11" },
		{ "trailing data", "{\"schema\": \"fencebench-results-1\"} x\n", "line 1," },
		{ "unterminated string", "{\"schema\": \"fencebench-res", "line 1," },
		{ "bare word", "{\"schema\": fencebench}\n", "line 1," },
	};
	char dir[] = "/tmp/fb-stats-test.XXXXXX", path[256], full[256], err[512];
	struct fb_results r;
	long len;
	FILE *f;

	if (!mkdtemp(dir)) {
		CHECK(0, "mkdtemp");
		return;
	}
	snprintf(path, sizeof(path), "%s/bad.json", dir);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		fb_results_init(&r);
		err[0] = 0;
		CHECK(!write_file(path, bad[i].text) &&
		      fb_results_load(&r, path, err, sizeof(err)) == -EINVAL &&
		      !strncmp(err, path, strlen(path)) && strstr(err, "not valid JSON") &&
		      strstr(err, bad[i].where),
		      "%s: refused, naming the file and '%s' (got '%s')", bad[i].what,
		      bad[i].where, err);
		CHECK(r.nm == 0 && r.meta.n == 0, "%s: nothing loaded", bad[i].what);
		fb_results_free(&r);
	}

	/* A real results file cut short, at several points. */
	snprintf(full, sizeof(full), "%s/full.json", dir);
	fb_results_init(&r);
	fb_meta_set(&r.meta, "mode", "icount", 0);
	for (int k = 0; k < 20; k++) {
		double reps[3] = { k, k + 0.5, k + 1 };
		struct fb_metric t = { .workload = "create", .backend = "dma",
				       .series = "single", .xname = "K", .x = k,
				       .metric = "create_close_ns", .unit = "ns",
				       .mode = "icount", .vcpus = 1, .numa = 1,
				       .value = k + 0.5 };

		fb_results_add_metric(&r, &t, reps, 3);
	}
	CHECK(!fb_results_write_json(&r, full), "write json");
	fb_results_free(&r);
	f = fopen(full, "r");
	len = f && !fseek(f, 0, SEEK_END) ? ftell(f) : 0;
	if (f)
		fclose(f);
	for (long cut = 1; cut < len; cut += len / 7 + 1) {
		char cmd[600];

		snprintf(cmd, sizeof(cmd), "head -c %ld %s > %s", cut, full, path);
		fb_results_init(&r);
		err[0] = 0;
		CHECK(!system(cmd) && fb_results_load(&r, path, err, sizeof(err)) == -EINVAL &&
		      !strncmp(err, path, strlen(path)) && strstr(err, "line ") &&
		      strstr(err, "column "),
		      "cut at %ld of %ld bytes: refused with file and line (got '%s')", cut,
		      len, err);
		fb_results_free(&r);
	}
	fb_results_init(&r);
	CHECK(!fb_results_load(&r, full, err, sizeof(err)) && r.nm == 20,
	      "the whole file loads: %s", err);
	fb_results_free(&r);

	snprintf(path, sizeof(path), "%s/none.json", dir);
	fb_results_init(&r);
	CHECK(fb_results_load(&r, path, err, sizeof(err)) == -ENOENT &&
	      !strncmp(err, path, strlen(path)) && strstr(err, "No such file"),
	      "missing file: named (got '%s')", err);
	snprintf(path, sizeof(path), "rm -rf %s", dir);
	CHECK(!system(path), "cleanup");
}

/* Student's t against table values (two-sided 5 % and 1 % points). */
static void test_student_t(void)
{
	static const struct { double t, df, p; } tab[] = {
		{ 12.706, 1, 0.025 }, { 4.303, 2, 0.025 }, { 2.776, 4, 0.025 },
		{ 2.228, 10, 0.025 }, { 6.965, 2, 0.01 }, { 3.747, 4, 0.01 },
		{ 2.528, 20, 0.01 }, { 1.960, 1e7, 0.025 }, { 0, 3, 0.5 },
	};

	for (size_t i = 0; i < sizeof(tab) / sizeof(tab[0]); i++) {
		double p = fb_student_t_sf(tab[i].t, tab[i].df);
		double q = tab[i].p < 0.5 ? fb_student_t_quantile_upper(tab[i].p, tab[i].df) : 0;

		CHECK(fabs(p - tab[i].p) < 2e-4 * (1 + 10 * tab[i].p),
		      "P(T > %g), df %g = %g, table %g", tab[i].t, tab[i].df, p, tab[i].p);
		CHECK(fabs(q - tab[i].t) < 2e-3 * (1 + tab[i].t),
		      "t quantile %g, df %g = %g, table %g", tab[i].p, tab[i].df, q, tab[i].t);
		CHECK(fabs(fb_student_t_sf(-tab[i].t, tab[i].df) - (1 - p)) < 1e-12,
		      "t symmetric at %g", tab[i].t);
	}
	/* A non-integer df (Welch) lies between its integer neighbours. */
	CHECK(fb_student_t_sf(3, 3) < fb_student_t_sf(3, 2.5) &&
	      fb_student_t_sf(3, 2.5) < fb_student_t_sf(3, 2), "df 2.5 between 2 and 3");
	CHECK(isnan(fb_student_t_sf(1, 0)) && isnan(fb_student_t_quantile_upper(0, 3)),
	      "bad arguments give NaN");
}

/* Welch's test against a hand-computed case and its degenerate cases. */
static void test_welch(void)
{
	/* a: mean 2, var 1; b: mean 5, var 4; se = sqrt(1/3 + 4/3). */
	double a[3] = { 1, 2, 3 }, b[3] = { 3, 5, 7 }, c[3] = { 4, 4, 4 };
	struct fb_welch w;
	double se = sqrt(5.0 / 3), df = (5.0 / 3) * (5.0 / 3) / ((1.0 / 9 + 16.0 / 9) / 2);

	CHECK(!fb_welch_test(a, 3, b, 3, &w), "welch runs");
	CHECK(fabs(w.diff - 3) < 1e-12 && fabs(w.se - se) < 1e-12 && fabs(w.df - df) < 1e-12,
	      "welch diff %g se %g df %g", w.diff, w.se, w.df);
	CHECK(fabs(w.p_greater - fb_student_t_sf(3 / se, df)) < 1e-12 &&
	      fabs(w.p_greater + w.p_less - 1) < 1e-12, "welch p %g", w.p_greater);
	CHECK(fb_welch_test(a, 1, b, 3, &w) == -1, "welch needs 2 a side");
	CHECK(!fb_welch_test(c, 3, c, 3, &w) && w.p_greater == 0.5, "no spread, no difference");
	CHECK(!fb_welch_test(c, 3, (double[3]){ 5, 5, 5 }, 3, &w) && w.p_greater == 0 &&
	      w.p_less == 1, "no spread, a difference is certain");
}

/* A figure from three boots: repetitions pooled, value the median of the boots. */
static void test_pool(void)
{
	struct fb_metric t = { .workload = "merge", .backend = "dma", .series = "2way",
			       .xname = "", .metric = "merge_close_ns", .unit = "ns",
			       .mode = "tcg", .vcpus = 2, .numa = 1, .gate = 1 };
	struct fb_histrec ht = { .workload = "wakeup", .backend = "dma",
				 .series = "poll/cross", .mode = "tcg", .vcpus = 2, .numa = 1 };
	static const double value[3] = { 300, 100, 200 };
	double reps[3][2] = { { 290, 310 }, { 90, 110 }, { 190, 210 } };
	uint64_t lo[3][2] = { { 10, 20 }, { 20, 30 }, { 5, 20 } };
	uint64_t cnt[3][2] = { { 1, 2 }, { 3, 4 }, { 5, 6 } };
	struct fb_results r, frag;
	const struct fb_metric *m;
	char key[512];

	fb_results_init(&r);
	for (int b = 0; b < 3; b++) {
		fb_results_init(&frag);
		t.value = value[b];
		fb_results_add_metric(&frag, &t, reps[b], 2);
		ht.nb = 2;
		ht.lo = lo[b];
		ht.hi = (uint64_t[2]){ lo[b][0] + 1, lo[b][1] + 1 };
		ht.cnt = cnt[b];
		ht.count = cnt[b][0] + cnt[b][1];
		fb_results_copy_hist(&frag, &ht);
		CHECK(!fb_results_pool_metric(&r, &frag.m[0]) &&
		      !fb_results_pool_hist(&r, &frag.h[0]), "pool boot %d", b);
		fb_results_free(&frag);
	}
	fb_metric_key(&t, key, sizeof(key));
	m = fb_results_find(&r, key);
	CHECK(r.nm == 1 && m && m->nreps == 6 && m->nboot_values == 3, "one figure, 6 reps, 3 boots");
	CHECK(m && m->value == 200 && m->boot_values[0] == 300 && m->boot_values[2] == 200,
	      "value = median of the boots (%g)", m ? m->value : NAN);
	CHECK(m && m->s.min == 90 && m->s.max == 310 && m->s.n == 6, "summary of all reps");
	/* Buckets 5, 10, 20, 30: counts 5, 1, 2+3+6, 4. */
	CHECK(r.nh == 1 && r.h[0].nb == 4 && r.h[0].count == 21 && r.h[0].lo[0] == 5 &&
	      r.h[0].cnt[2] == 11 && r.h[0].lo[3] == 30 && r.h[0].cnt[3] == 4,
	      "histograms summed bucket by bucket");
	fb_results_free(&r);
}

int main(void)
{
	test_percentiles_uniform();
	test_iqm();
	test_p10();
	test_percentiles_exponential();
	test_percentiles_normal();
	test_hist_bound();
	test_hist_percentiles();
	test_mann_whitney();
	test_bootstrap();
	test_roundtrip();
	test_renamed_metric();
	test_layout();
	test_bad_json();
	test_student_t();
	test_welch();
	test_pool();
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
