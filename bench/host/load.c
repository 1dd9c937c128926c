// SPDX-License-Identifier: GPL-2.0
/* load.c - results.json reader (schema in docs/bench.md). */
#include "load.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A string member, @def if absent or not a string. */
static const char *get_str(const json_t *o, const char *key, const char *def)
{
	const char *s = json_string_value(json_object_get(o, key));

	return s ? s : def;
}

/*
 * A number (true and false are 1 and 0; null, a figure that was not
 * finite, NAN), @def if @v is absent or of another type.
 */
static double num_or(const json_t *v, double def)
{
	if (json_is_null(v))
		return NAN;
	if (json_is_boolean(v))
		return json_is_true(v);
	return json_is_number(v) ? json_number_value(v) : def;
}

static double get_num(const json_t *o, const char *key, double def)
{
	return num_or(json_object_get(o, key), def);
}

static int load_meta(struct fb_meta *m, const json_t *obj)
{
	const char *key;
	json_t *v;

	json_object_foreach((json_t *)obj, key, v) {
		int err;

		if (json_is_string(v))
			err = fb_meta_set(m, key, json_string_value(v), 0);
		else if (json_is_number(v) || json_is_boolean(v))
			err = fb_meta_setf(m, key, num_or(v, 0));
		else
			continue;
		if (err)
			return err;
	}
	return 0;
}

/* A JSON array of numbers as a malloc'ed array (NULL, 0 if absent). */
static int load_numbers(const json_t *a, double **v, size_t *n)
{
	size_t i;
	json_t *item;

	*v = NULL;
	*n = 0;
	if (!json_array_size(a))
		return 0;
	*v = calloc(json_array_size(a), sizeof(double));
	if (!*v)
		return -ENOMEM;
	json_array_foreach(a, i, item)
		if (json_is_number(item))
			(*v)[(*n)++] = json_number_value(item);
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

static int load_metric(struct fb_results *r, const json_t *o)
{
	struct fb_metric m;
	int err;

	memset(&m, 0, sizeof(m));
	m.workload = (char *)get_str(o, "workload", "");
	m.backend = (char *)get_str(o, "backend", "");
	m.series = (char *)get_str(o, "series", "");
	m.xname = (char *)get_str(o, "xname", "");
	m.metric = (char *)current_name(m.workload, get_str(o, "metric", ""));
	m.unit = (char *)get_str(o, "unit", "");
	m.mode = (char *)get_str(o, "mode", "");
	m.x = get_num(o, "x", 0);
	m.vcpus = (int)get_num(o, "vcpus", 0);
	m.numa = (int)get_num(o, "numa", 0);
	m.gate = get_num(o, "gate", 0) != 0;
	m.value = get_num(o, "value", NAN);
	m.s.median = get_num(o, "median", NAN);
	m.s.mean = get_num(o, "mean", NAN);
	m.s.min = get_num(o, "min", NAN);
	m.s.max = get_num(o, "max", NAN);
	m.s.stddev = get_num(o, "stddev", NAN);
	err = load_numbers(json_object_get(o, "reps"), &m.reps, &m.nreps);
	if (!err)
		err = load_numbers(json_object_get(o, "boot_values"), &m.boot_values,
				   &m.nboot_values);
	m.s.n = m.nreps;
	if (!err)
		err = fb_results_copy_metric(r, &m);
	free(m.reps);
	free(m.boot_values);
	return err;
}

static int load_hist(struct fb_results *r, const json_t *o)
{
	const json_t *b = json_object_get(o, "buckets");
	struct fb_histrec h;
	size_t n = json_array_size(b);
	int err = -ENOMEM;

	memset(&h, 0, sizeof(h));
	h.workload = (char *)get_str(o, "workload", "");
	h.backend = (char *)get_str(o, "backend", "");
	h.series = (char *)get_str(o, "series", "");
	h.mode = (char *)get_str(o, "mode", "");
	h.x = get_num(o, "x", 0);
	h.vcpus = (int)get_num(o, "vcpus", 0);
	h.numa = (int)get_num(o, "numa", 0);
	h.count = (uint64_t)get_num(o, "count", 0);
	h.lo = calloc(n + 1, sizeof(uint64_t));
	h.hi = calloc(n + 1, sizeof(uint64_t));
	h.cnt = calloc(n + 1, sizeof(uint64_t));
	if (h.lo && h.hi && h.cnt) {
		for (size_t i = 0; i < n; i++) {
			const json_t *t = json_array_get(b, i);

			if (json_array_size(t) != 3)
				continue;
			h.lo[h.nb] = (uint64_t)json_number_value(json_array_get(t, 0));
			h.hi[h.nb] = (uint64_t)json_number_value(json_array_get(t, 1));
			h.cnt[h.nb++] = (uint64_t)json_number_value(json_array_get(t, 2));
		}
		err = fb_results_copy_hist(r, &h);
	}
	free(h.lo);
	free(h.hi);
	free(h.cnt);
	return err;
}

/*
 * Parse @path with jansson. Numbers are read as doubles, as every figure
 * is one (JSON_DECODE_INT_AS_REAL: a count beyond 2^63 still loads). A
 * file that is not JSON is named with the line and column jansson stopped
 * at.
 */
static json_t *parse(const char *path, char *err, size_t errlen, int *e)
{
	FILE *f = fopen(path, "r");
	json_error_t je;
	json_t *root;

	if (!f) {
		*e = -errno;
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	root = json_loadf(f, JSON_DECODE_INT_AS_REAL, &je);
	if (!root && ferror(f)) {
		*e = -EIO;
		snprintf(err, errlen, "%s: read error", path);
	} else if (!root) {
		*e = -EINVAL;
		snprintf(err, errlen, "%s: not valid JSON at line %d, column %d: %s",
			 path, je.line, je.column, je.text);
	}
	fclose(f);
	return root;
}

int fb_results_load(struct fb_results *r, const char *path, char *err,
		    size_t errlen)
{
	const json_t *a;
	const char *schema;
	json_t *root;
	int e = 0;

	root = parse(path, err, errlen, &e);
	if (!root)
		return e;
	schema = get_str(root, "schema", "");
	if (strcmp(schema, FB_RESULTS_SCHEMA)) {
		snprintf(err, errlen, "%s: schema '%s', expected '%s'", path,
			 schema, FB_RESULTS_SCHEMA);
		json_decref(root);
		return -EINVAL;
	}
	if (!r->meta.n)
		e = load_meta(&r->meta, json_object_get(root, "meta"));
	a = json_object_get(root, "boots");
	for (size_t i = 0; !e && i < json_array_size(a); i++) {
		struct fb_meta *b = realloc(r->boots,
					    (r->nboots + 1) * sizeof(*b));

		if (!b) {
			e = -ENOMEM;
			break;
		}
		r->boots = b;
		memset(&b[r->nboots], 0, sizeof(*b));
		e = load_meta(&b[r->nboots++], json_array_get(a, i));
	}
	a = json_object_get(root, "metrics");
	for (size_t i = 0; !e && i < json_array_size(a); i++)
		e = load_metric(r, json_array_get(a, i));
	a = json_object_get(root, "histograms");
	for (size_t i = 0; !e && i < json_array_size(a); i++)
		e = load_hist(r, json_array_get(a, i));
	if (e)
		snprintf(err, errlen, "%s: %s", path, strerror(-e));
	json_decref(root);
	return e;
}

/*
 * The kernel series of a run (6.1, 6.12): meta kernel_series, or the first
 * two numbers of kernel_version for runs from before the series was
 * recorded. "" when the run names no kernel.
 */
void fb_kernel_series(const struct fb_results *r, char *buf, size_t n)
{
	const char *v = fb_meta_get(&r->meta, "kernel_series");
	size_t len;

	if (v && *v) {
		snprintf(buf, n, "%s", v);
		return;
	}
	v = fb_meta_get(&r->meta, "kernel_version");
	if (!v)
		v = "";
	len = strspn(v, "0123456789");
	if (v[len] == '.')
		len += 1 + strspn(v + len + 1, "0123456789");
	snprintf(buf, n, "%.*s", (int)len, v);
}
