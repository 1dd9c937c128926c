/* SPDX-License-Identifier: GPL-2.0 */
/*
 * results.h - an in-memory result set (metadata, metrics, histograms) and
 * its writers: results.json and one CSV per workload. The guest binary
 * fills one; the host tools load, merge and compare them.
 *
 * A metric is identified by (workload, backend, series, x, metric, vcpus,
 * numa): series names the variant (e.g. "poll/cross"), x the value of the
 * swept parameter named xname (P, K, W; 0 if none).
 *
 * A run measured in several guest boots pools each figure over its boots
 * (fb_results_pool_metric): the repetitions of all boots, the figure of
 * each boot (boot_values), and as the value the median of those.
 */
#ifndef FB_RESULTS_H
#define FB_RESULTS_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

#include "hist.h"
#include "stats.h"

#define FB_RESULTS_SCHEMA "fencebench-results-1"

struct fb_kv {
	char *key, *val;
	int is_num;
};

struct fb_meta {
	struct fb_kv *kv;
	size_t n;
};

struct fb_metric {
	char *workload, *backend, *series, *xname, *metric, *unit, *mode;
	double x;
	int vcpus, numa;
	int gate;		/* used by the regression gate */
	double value;		/* the figure (see docs/bench.md) */
	struct fb_summary s;	/* of the repetitions */
	double *reps;
	size_t nreps;
	/* The figure of each boot it was measured in (runs; none in a guest fragment). */
	double *boot_values;
	size_t nboot_values;
};

struct fb_histrec {
	char *workload, *backend, *series, *mode;
	double x;
	int vcpus, numa;
	uint64_t count;
	size_t nb;
	uint64_t *lo, *hi, *cnt;	/* non-empty buckets, ascending */
};

struct fb_results {
	struct fb_meta meta;
	struct fb_meta *boots;	/* metadata of each guest boot merged in */
	size_t nboots;
	struct fb_metric *m;
	size_t nm;
	struct fb_histrec *h;
	size_t nh;
};

void fb_results_init(struct fb_results *r);
void fb_results_free(struct fb_results *r);

int fb_meta_set(struct fb_meta *m, const char *key, const char *val,
		int is_num);
int fb_meta_setf(struct fb_meta *m, const char *key, double v);
const char *fb_meta_get(const struct fb_meta *m, const char *key);
void fb_meta_free(struct fb_meta *m);
int fb_meta_copy(struct fb_meta *dst, const struct fb_meta *src);

/*
 * Add a metric: strings of @t are copied, @reps (may be NULL if @n is 0)
 * summarised; @t->value is kept as given.
 */
int fb_results_add_metric(struct fb_results *r, const struct fb_metric *t,
			  const double *reps, size_t n);
/* Copy a loaded metric (summary, value and boot values as they are). */
int fb_results_copy_metric(struct fb_results *r, const struct fb_metric *m);
/*
 * Pool @m, measured in one more boot, into @r. A figure @r does not have
 * yet is copied; one it has gets @m's repetitions and boot values added,
 * its value becomes the median of its boot values and its summary that
 * of all its repetitions. A guest fragment's figure (no boot values)
 * counts as one boot whose figure is its value.
 */
int fb_results_pool_metric(struct fb_results *r, const struct fb_metric *m);
/*
 * Append @v as one more repetition of the figure @m in @r (added, with
 * @v as its only repetition, when @r does not have it yet); the value
 * stays as it is.
 */
int fb_results_append_rep(struct fb_results *r, const struct fb_metric *m,
			  double v);
/* The same for a histogram: bucket counts of the same figure are summed. */
int fb_results_pool_hist(struct fb_results *r, const struct fb_histrec *h);
int fb_results_add_hist(struct fb_results *r, const struct fb_histrec *t,
			const struct fb_hist *h);
int fb_results_copy_hist(struct fb_results *r, const struct fb_histrec *h);

/* Identity of a metric as one string. */
void fb_metric_key(const struct fb_metric *m, char *buf, size_t n);
const struct fb_metric *fb_results_find(const struct fb_results *r,
					const char *key);

/*
 * Write @path through @path.tmp and a rename, so that a reader never sees
 * half a file: @fill writes the content (non-zero: it failed). 0 or -errno.
 */
int fb_write_atomic(const char *path, int (*fill)(FILE *f, const void *arg),
		    const void *arg);
/* Write results.json atomically (tmp + rename). 0 or -errno. */
int fb_results_write_json(const struct fb_results *r, const char *path);
/*
 * Write <dir>/<workload>.csv for every workload with metrics and
 * <dir>/<workload>-hist.csv for every workload with histograms.
 */
int fb_results_write_csvs(const struct fb_results *r, const char *dir);

#endif /* FB_RESULTS_H */
