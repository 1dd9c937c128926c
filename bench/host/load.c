// SPDX-License-Identifier: GPL-2.0
/* load.c - results.json reader (schema in docs/bench.md). */
#include "load.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jsonparse.h"

static int load_meta(struct fb_meta *m, const struct fb_jv *obj)
{
	char buf[64];

	if (!obj || obj->type != FB_JOBJ)
		return 0;
	for (size_t i = 0; i < obj->n; i++) {
		const struct fb_jv *v = obj->items[i];
		int err;

		if (v->type == FB_JSTR) {
			err = fb_meta_set(m, obj->keys[i], v->str, 0);
		} else if (v->type == FB_JNUM || v->type == FB_JBOOL) {
			snprintf(buf, sizeof(buf), "%.10g", v->num);
			err = fb_meta_set(m, obj->keys[i], buf, 1);
		} else {
			continue;
		}
		if (err)
			return err;
	}
	return 0;
}

/* A JSON array of numbers as a malloc'ed array (NULL, 0 if absent). */
static int load_numbers(const struct fb_jv *a, double **v, size_t *n)
{
	*v = NULL;
	*n = 0;
	if (!a || a->type != FB_JARR || !a->n)
		return 0;
	*v = calloc(a->n, sizeof(double));
	if (!*v)
		return -ENOMEM;
	for (size_t i = 0; i < a->n; i++)
		if (a->items[i]->type == FB_JNUM)
			(*v)[(*n)++] = a->items[i]->num;
	return 0;
}

/*
 * Metric names that changed, so that results written before still load
 * under the current name: { workload, old name, new name }.
 */
static const char *const renamed[][3] = {
	/* merge figures time the merge and the close of its result */
	{ "merge", "merge_ns", "merge_close_ns" },
	{ "merge", "merge_batch_ns", "merge_close_batch_ns" },
};

static const char *current_name(const char *workload, const char *metric)
{
	for (size_t i = 0; i < sizeof(renamed) / sizeof(renamed[0]); i++)
		if (!strcmp(workload, renamed[i][0]) &&
		    !strcmp(metric, renamed[i][1]))
			return renamed[i][2];
	return metric;
}

static int load_metric(struct fb_results *r, const struct fb_jv *o)
{
	struct fb_metric m;
	int err;

	memset(&m, 0, sizeof(m));
	m.workload = (char *)fb_jv_str(o, "workload", "");
	m.backend = (char *)fb_jv_str(o, "backend", "");
	m.series = (char *)fb_jv_str(o, "series", "");
	m.xname = (char *)fb_jv_str(o, "xname", "");
	m.metric = (char *)current_name(m.workload, fb_jv_str(o, "metric", ""));
	m.unit = (char *)fb_jv_str(o, "unit", "");
	m.mode = (char *)fb_jv_str(o, "mode", "");
	m.x = fb_jv_num(o, "x", 0);
	m.vcpus = (int)fb_jv_num(o, "vcpus", 0);
	m.numa = (int)fb_jv_num(o, "numa", 0);
	m.gate = fb_jv_num(o, "gate", 0) != 0;
	m.value = fb_jv_num(o, "value", NAN);
	m.s.median = fb_jv_num(o, "median", NAN);
	m.s.mean = fb_jv_num(o, "mean", NAN);
	m.s.min = fb_jv_num(o, "min", NAN);
	m.s.max = fb_jv_num(o, "max", NAN);
	m.s.stddev = fb_jv_num(o, "stddev", NAN);
	err = load_numbers(fb_jv_get(o, "reps"), &m.reps, &m.nreps);
	if (!err)
		err = load_numbers(fb_jv_get(o, "boot_values"), &m.boot_values,
				   &m.nboot_values);
	m.s.n = m.nreps;
	if (!err)
		err = fb_results_copy_metric(r, &m);
	free(m.reps);
	free(m.boot_values);
	return err;
}

static int load_hist(struct fb_results *r, const struct fb_jv *o)
{
	const struct fb_jv *b = fb_jv_get(o, "buckets");
	struct fb_histrec h;
	size_t n = b && b->type == FB_JARR ? b->n : 0;
	int err = -ENOMEM;

	memset(&h, 0, sizeof(h));
	h.workload = (char *)fb_jv_str(o, "workload", "");
	h.backend = (char *)fb_jv_str(o, "backend", "");
	h.series = (char *)fb_jv_str(o, "series", "");
	h.mode = (char *)fb_jv_str(o, "mode", "");
	h.x = fb_jv_num(o, "x", 0);
	h.vcpus = (int)fb_jv_num(o, "vcpus", 0);
	h.numa = (int)fb_jv_num(o, "numa", 0);
	h.count = (uint64_t)fb_jv_num(o, "count", 0);
	h.lo = calloc(n + 1, sizeof(uint64_t));
	h.hi = calloc(n + 1, sizeof(uint64_t));
	h.cnt = calloc(n + 1, sizeof(uint64_t));
	if (h.lo && h.hi && h.cnt) {
		for (size_t i = 0; i < n; i++) {
			const struct fb_jv *t = b->items[i];

			if (t->type != FB_JARR || t->n != 3)
				continue;
			h.lo[h.nb] = (uint64_t)t->items[0]->num;
			h.hi[h.nb] = (uint64_t)t->items[1]->num;
			h.cnt[h.nb++] = (uint64_t)t->items[2]->num;
		}
		err = fb_results_copy_hist(r, &h);
	}
	free(h.lo);
	free(h.hi);
	free(h.cnt);
	return err;
}

int fb_results_load(struct fb_results *r, const char *path, char *err,
		    size_t errlen)
{
	struct fb_jv *root = fb_json_load(path, err, errlen);
	const struct fb_jv *a;
	const char *schema;
	int e = 0;

	if (!root)
		return -EINVAL;
	schema = fb_jv_str(root, "schema", "");
	if (strcmp(schema, FB_RESULTS_SCHEMA)) {
		snprintf(err, errlen, "%s: schema '%s', expected '%s'", path,
			 schema, FB_RESULTS_SCHEMA);
		fb_jv_free(root);
		return -EINVAL;
	}
	if (!r->meta.n)
		e = load_meta(&r->meta, fb_jv_get(root, "meta"));
	a = fb_jv_get(root, "boots");
	for (size_t i = 0; !e && a && a->type == FB_JARR && i < a->n; i++) {
		struct fb_meta *b = realloc(r->boots,
					    (r->nboots + 1) * sizeof(*b));

		if (!b) {
			e = -ENOMEM;
			break;
		}
		r->boots = b;
		memset(&b[r->nboots], 0, sizeof(*b));
		e = load_meta(&b[r->nboots++], a->items[i]);
	}
	a = fb_jv_get(root, "metrics");
	for (size_t i = 0; !e && a && a->type == FB_JARR && i < a->n; i++)
		e = load_metric(r, a->items[i]);
	a = fb_jv_get(root, "histograms");
	for (size_t i = 0; !e && a && a->type == FB_JARR && i < a->n; i++)
		e = load_hist(r, a->items[i]);
	if (e)
		snprintf(err, errlen, "%s: %s", path, strerror(-e));
	fb_jv_free(root);
	return e;
}
