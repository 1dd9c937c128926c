// SPDX-License-Identifier: GPL-2.0
/* results.c - in-memory result set and its JSON and CSV writers. */
#include "results.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fb_results_init(struct fb_results *r)
{
	memset(r, 0, sizeof(*r));
}

void fb_meta_free(struct fb_meta *m)
{
	for (size_t i = 0; i < m->n; i++) {
		free(m->kv[i].key);
		free(m->kv[i].val);
	}
	free(m->kv);
	m->kv = NULL;
	m->n = 0;
}

static void metric_free(struct fb_metric *m)
{
	free(m->workload);
	free(m->backend);
	free(m->series);
	free(m->xname);
	free(m->metric);
	free(m->unit);
	free(m->mode);
	free(m->reps);
	free(m->boot_values);
}

static void hist_free(struct fb_histrec *h)
{
	free(h->workload);
	free(h->backend);
	free(h->series);
	free(h->mode);
	free(h->lo);
	free(h->hi);
	free(h->cnt);
}

void fb_results_free(struct fb_results *r)
{
	fb_meta_free(&r->meta);
	for (size_t i = 0; i < r->nboots; i++)
		fb_meta_free(&r->boots[i]);
	free(r->boots);
	for (size_t i = 0; i < r->nm; i++)
		metric_free(&r->m[i]);
	free(r->m);
	for (size_t i = 0; i < r->nh; i++)
		hist_free(&r->h[i]);
	free(r->h);
	fb_results_init(r);
}

static char *dup_or_empty(const char *s)
{
	return strdup(s ? s : "");
}

int fb_meta_set(struct fb_meta *m, const char *key, const char *val,
		int is_num)
{
	struct fb_kv *kv;
	char *v = dup_or_empty(val);

	if (!v)
		return -ENOMEM;
	for (size_t i = 0; i < m->n; i++)
		if (!strcmp(m->kv[i].key, key)) {
			free(m->kv[i].val);
			m->kv[i].val = v;
			m->kv[i].is_num = is_num;
			return 0;
		}
	kv = realloc(m->kv, (m->n + 1) * sizeof(*kv));
	if (!kv) {
		free(v);
		return -ENOMEM;
	}
	m->kv = kv;
	kv[m->n].key = strdup(key);
	kv[m->n].val = v;
	kv[m->n].is_num = is_num;
	if (!kv[m->n].key) {
		free(v);
		return -ENOMEM;
	}
	m->n++;
	return 0;
}

int fb_meta_setf(struct fb_meta *m, const char *key, double v)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%.10g", v);
	return fb_meta_set(m, key, buf, 1);
}

const char *fb_meta_get(const struct fb_meta *m, const char *key)
{
	for (size_t i = 0; i < m->n; i++)
		if (!strcmp(m->kv[i].key, key))
			return m->kv[i].val;
	return NULL;
}

int fb_meta_copy(struct fb_meta *dst, const struct fb_meta *src)
{
	for (size_t i = 0; i < src->n; i++)
		if (fb_meta_set(dst, src->kv[i].key, src->kv[i].val,
				src->kv[i].is_num))
			return -ENOMEM;
	return 0;
}

static int copy_metric_strings(struct fb_metric *d, const struct fb_metric *t)
{
	d->workload = dup_or_empty(t->workload);
	d->backend = dup_or_empty(t->backend);
	d->series = dup_or_empty(t->series);
	d->xname = dup_or_empty(t->xname);
	d->metric = dup_or_empty(t->metric);
	d->unit = dup_or_empty(t->unit);
	d->mode = dup_or_empty(t->mode);
	return d->workload && d->backend && d->series && d->xname &&
	       d->metric && d->unit && d->mode ? 0 : -ENOMEM;
}

static int append_doubles(double **v, size_t *n, const double *add,
			  size_t nadd)
{
	double *p;

	if (!nadd)
		return 0;
	p = realloc(*v, (*n + nadd) * sizeof(double));
	if (!p)
		return -ENOMEM;
	memcpy(p + *n, add, nadd * sizeof(double));
	*v = p;
	*n += nadd;
	return 0;
}

static struct fb_metric *new_metric(struct fb_results *r)
{
	struct fb_metric *m = realloc(r->m, (r->nm + 1) * sizeof(*m));

	if (!m)
		return NULL;
	r->m = m;
	memset(&m[r->nm], 0, sizeof(*m));
	return &m[r->nm++];
}

int fb_results_add_metric(struct fb_results *r, const struct fb_metric *t,
			  const double *reps, size_t n)
{
	struct fb_metric *d = new_metric(r);

	if (!d)
		return -ENOMEM;
	*d = *t;
	d->reps = NULL;
	d->nreps = 0;
	d->boot_values = NULL;
	d->nboot_values = 0;
	if (copy_metric_strings(d, t))
		return -ENOMEM;
	if (append_doubles(&d->reps, &d->nreps, reps, n) ||
	    append_doubles(&d->boot_values, &d->nboot_values, t->boot_values,
			   t->nboot_values))
		return -ENOMEM;
	fb_summarize(d->reps, d->nreps, &d->s);
	return 0;
}

int fb_results_copy_metric(struct fb_results *r, const struct fb_metric *m)
{
	struct fb_summary s = m->s;
	int err = fb_results_add_metric(r, m, m->reps, m->nreps);

	if (!err)
		r->m[r->nm - 1].s = s;
	return err;
}

static struct fb_metric *find_metric(struct fb_results *r,
				     const struct fb_metric *m)
{
	char k[512];

	fb_metric_key(m, k, sizeof(k));
	return (struct fb_metric *)fb_results_find(r, k);
}

int fb_results_pool_metric(struct fb_results *r, const struct fb_metric *m)
{
	struct fb_metric *d = find_metric(r, m);
	const double *bv = m->nboot_values ? m->boot_values : &m->value;
	size_t nbv = m->nboot_values ? m->nboot_values : 1;

	if (!d) {
		int err = fb_results_copy_metric(r, m);

		if (err || m->nboot_values)
			return err;
		d = &r->m[r->nm - 1];
		return append_doubles(&d->boot_values, &d->nboot_values, bv, 1);
	}
	if (append_doubles(&d->reps, &d->nreps, m->reps, m->nreps) ||
	    append_doubles(&d->boot_values, &d->nboot_values, bv, nbv))
		return -ENOMEM;
	d->value = fb_median(d->boot_values, d->nboot_values);
	fb_summarize(d->reps, d->nreps, &d->s);
	return 0;
}

int fb_results_append_rep(struct fb_results *r, const struct fb_metric *m,
			  double v)
{
	struct fb_metric *d = find_metric(r, m);

	if (!d)
		return fb_results_add_metric(r, m, &v, 1);
	if (append_doubles(&d->reps, &d->nreps, &v, 1))
		return -ENOMEM;
	fb_summarize(d->reps, d->nreps, &d->s);
	return 0;
}

static struct fb_histrec *new_hist(struct fb_results *r,
				   const struct fb_histrec *t, size_t nb)
{
	struct fb_histrec *h = realloc(r->h, (r->nh + 1) * sizeof(*h));

	if (!h)
		return NULL;
	r->h = h;
	h = &h[r->nh];
	*h = *t;
	h->workload = dup_or_empty(t->workload);
	h->backend = dup_or_empty(t->backend);
	h->series = dup_or_empty(t->series);
	h->mode = dup_or_empty(t->mode);
	h->nb = nb;
	h->lo = calloc(nb + 1, sizeof(uint64_t));
	h->hi = calloc(nb + 1, sizeof(uint64_t));
	h->cnt = calloc(nb + 1, sizeof(uint64_t));
	if (!h->workload || !h->backend || !h->series || !h->mode || !h->lo ||
	    !h->hi || !h->cnt) {
		hist_free(h);
		return NULL;
	}
	r->nh++;
	return h;
}

int fb_results_add_hist(struct fb_results *r, const struct fb_histrec *t,
			const struct fb_hist *src)
{
	struct fb_histrec *h;
	size_t nb = 0, k = 0;

	for (size_t i = 0; i < FB_HIST_BUCKETS; i++)
		nb += src->bucket[i] != 0;
	h = new_hist(r, t, nb);
	if (!h)
		return -ENOMEM;
	h->count = src->count;
	for (size_t i = 0; i < FB_HIST_BUCKETS; i++)
		if (src->bucket[i]) {
			h->lo[k] = fb_hist_lo(i);
			h->hi[k] = fb_hist_hi(i);
			h->cnt[k++] = src->bucket[i];
		}
	return 0;
}

int fb_results_copy_hist(struct fb_results *r, const struct fb_histrec *t)
{
	struct fb_histrec *h = new_hist(r, t, t->nb);

	if (!h)
		return -ENOMEM;
	memcpy(h->lo, t->lo, t->nb * sizeof(uint64_t));
	memcpy(h->hi, t->hi, t->nb * sizeof(uint64_t));
	memcpy(h->cnt, t->cnt, t->nb * sizeof(uint64_t));
	return 0;
}

static int same_hist(const struct fb_histrec *a, const struct fb_histrec *b)
{
	return !strcmp(a->workload, b->workload) &&
	       !strcmp(a->backend, b->backend) &&
	       !strcmp(a->series, b->series) && !strcmp(a->mode, b->mode) &&
	       a->x == b->x && a->vcpus == b->vcpus && a->numa == b->numa;
}

int fb_results_pool_hist(struct fb_results *r, const struct fb_histrec *t)
{
	struct fb_histrec *d = NULL;
	uint64_t *lo, *hi, *cnt;
	size_t i = 0, j = 0, k = 0;

	for (size_t n = 0; n < r->nh && !d; n++)
		if (same_hist(&r->h[n], t))
			d = &r->h[n];
	if (!d)
		return fb_results_copy_hist(r, t);
	/* Both bucket lists ascend by lo and share the bucket bounds: merge. */
	lo = calloc(d->nb + t->nb + 1, sizeof(uint64_t));
	hi = calloc(d->nb + t->nb + 1, sizeof(uint64_t));
	cnt = calloc(d->nb + t->nb + 1, sizeof(uint64_t));
	if (!lo || !hi || !cnt) {
		free(lo);
		free(hi);
		free(cnt);
		return -ENOMEM;
	}
	while (i < d->nb || j < t->nb) {
		int from_d = j == t->nb || (i < d->nb && d->lo[i] <= t->lo[j]);
		int both = i < d->nb && j < t->nb && d->lo[i] == t->lo[j];

		lo[k] = from_d ? d->lo[i] : t->lo[j];
		hi[k] = from_d ? d->hi[i] : t->hi[j];
		cnt[k] = (from_d ? d->cnt[i] : 0) + (!from_d || both ? t->cnt[j] : 0);
		i += from_d;
		j += !from_d || both;
		k++;
	}
	free(d->lo);
	free(d->hi);
	free(d->cnt);
	d->lo = lo;
	d->hi = hi;
	d->cnt = cnt;
	d->nb = k;
	d->count += t->count;
	return 0;
}

void fb_metric_key(const struct fb_metric *m, char *buf, size_t n)
{
	snprintf(buf, n, "%s|%s|%s|%s=%.10g|%s|cpus=%d|numa=%d", m->workload,
		 m->backend, m->series, m->xname, m->x, m->metric, m->vcpus,
		 m->numa);
}

const struct fb_metric *fb_results_find(const struct fb_results *r,
					const char *key)
{
	char k[512];

	for (size_t i = 0; i < r->nm; i++) {
		fb_metric_key(&r->m[i], k, sizeof(k));
		if (!strcmp(k, key))
			return &r->m[i];
	}
	return NULL;
}

/*
 * results.json spells a number "%.10g" (schema 1): a value that prints
 * without a point or an exponent is written as a JSON integer (jansson
 * would add ".0" to a real), any other as a real that jansson prints with
 * 10 significant digits (JSON_REAL_PRECISION below; an exponent loses its
 * '+' and leading zeros there, 1e-05 becomes 1e-5: the same number). A
 * value that is not finite is null.
 */
static json_t *num_json(double v)
{
	char buf[32];

	if (!isfinite(v))
		return json_null();
	snprintf(buf, sizeof(buf), "%.10g", v);
	if (!strpbrk(buf, ".e"))
		return json_integer(strtoll(buf, NULL, 10));
	return json_real(v);
}

/* A count: beyond jansson's signed 64-bit integers (never, in ns) a real. */
static json_t *u64_json(uint64_t v)
{
	return v <= INT64_MAX ? json_integer((json_int_t)v) : json_real((double)v);
}

static json_t *nums_json(const double *v, size_t n)
{
	json_t *a = json_array();

	for (size_t i = 0; a && i < n; i++)
		if (json_array_append_new(a, num_json(v[i]))) {
			json_decref(a);
			return NULL;
		}
	return a;
}

/*
 * A metadata string (a uname, a CPU name, a command line): jansson takes
 * UTF-8 only, so a string that is not has its non-ASCII bytes replaced by
 * '?' rather than losing the run.
 */
static json_t *text_json(const char *s)
{
	json_t *v = json_string(s ? s : "");
	char *copy;

	if (v || !(copy = strdup(s)))
		return v;
	for (char *p = copy; *p; p++)
		if ((unsigned char)*p >= 0x80)
			*p = '?';
	v = json_string(copy);
	free(copy);
	return v;
}

static json_t *meta_json(const struct fb_meta *m)
{
	json_t *o = json_object();

	for (size_t i = 0; o && i < m->n; i++) {
		const struct fb_kv *kv = &m->kv[i];

		if (json_object_set_new(o, kv->key, kv->is_num ?
					num_json(strtod(kv->val, NULL)) :
					text_json(kv->val))) {
			json_decref(o);
			return NULL;
		}
	}
	return o;
}

static json_t *metric_json(const struct fb_metric *m)
{
	json_t *o = json_pack("{s:s, s:s, s:s, s:s, s:o, s:s, s:s, s:s, s:o, s:o, s:b,"
			      " s:o, s:o, s:o, s:o, s:o, s:o, s:o}",
			      "workload", m->workload, "backend", m->backend,
			      "series", m->series, "xname", m->xname,
			      "x", num_json(m->x), "metric", m->metric,
			      "unit", m->unit, "mode", m->mode,
			      "vcpus", num_json(m->vcpus), "numa", num_json(m->numa),
			      "gate", m->gate, "value", num_json(m->value),
			      "median", num_json(m->s.median),
			      "mean", num_json(m->s.mean), "min", num_json(m->s.min),
			      "max", num_json(m->s.max),
			      "stddev", num_json(m->s.stddev),
			      "reps", nums_json(m->reps, m->nreps));

	if (o && m->nboot_values &&
	    json_object_set_new(o, "boot_values",
				nums_json(m->boot_values, m->nboot_values))) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static json_t *hist_json(const struct fb_histrec *h)
{
	json_t *b = json_array();

	for (size_t i = 0; b && i < h->nb; i++)
		if (json_array_append_new(b, json_pack("[o, o, o]", u64_json(h->lo[i]),
						       u64_json(h->hi[i]),
						       u64_json(h->cnt[i])))) {
			json_decref(b);
			return NULL;
		}
	return json_pack("{s:s, s:s, s:s, s:o, s:s, s:o, s:o, s:o, s:o, s:o}",
			 "workload", h->workload, "backend", h->backend,
			 "series", h->series, "x", num_json(h->x), "mode", h->mode,
			 "vcpus", num_json(h->vcpus), "numa", num_json(h->numa),
			 "rel_err", num_json(FB_HIST_REL_ERR),
			 "count", u64_json(h->count), "buckets", b);
}

static json_t *results_json(const struct fb_results *r)
{
	json_t *boots = json_array(), *metrics = json_array(), *hists = json_array();
	int err = 0;

	for (size_t i = 0; i < r->nboots && !err; i++)
		err = json_array_append_new(boots, meta_json(&r->boots[i]));
	for (size_t i = 0; i < r->nm && !err; i++)
		err = json_array_append_new(metrics, metric_json(&r->m[i]));
	for (size_t i = 0; i < r->nh && !err; i++)
		err = json_array_append_new(hists, hist_json(&r->h[i]));
	if (err) {
		json_decref(boots);
		json_decref(metrics);
		json_decref(hists);
		return NULL;
	}
	return json_pack("{s:s, s:o, s:o, s:o, s:o}", "schema", FB_RESULTS_SCHEMA,
			 "meta", meta_json(&r->meta), "boots", boots,
			 "metrics", metrics, "histograms", hists);
}

#define FB_JSON_FLAGS (JSON_ENCODE_ANY | JSON_REAL_PRECISION(10))

/*
 * The layout of results.json, as in schema 1: two spaces of indentation a
 * level, but each metric (an item of "metrics") and each bucket list on
 * one line, as jansson writes a value without JSON_INDENT ("a": 1, "b": 2).
 * jansson encodes every key and value; this only places them. @name is
 * @v's key in its parent (NULL in an array).
 */
static int dump(FILE *f, const json_t *v, const char *name, int depth)
{
	int obj = json_is_object(v), err = 0;
	size_t n = obj ? json_object_size(v) : json_array_size(v);
	void *it = obj ? json_object_iter((json_t *)v) : NULL;

	if (!n)
		return json_dumpf(v, f, FB_JSON_FLAGS);
	fputc(obj ? '{' : '[', f);
	for (size_t i = 0; i < n && !err; i++) {
		const char *key = obj ? json_object_iter_key(it) : NULL;
		const json_t *item = obj ? json_object_iter_value(it) :
					   json_array_get(v, i);

		fprintf(f, "%s\n%*s", i ? "," : "", 2 * (depth + 1), "");
		if (key) {
			json_t *k = json_string(key);

			err = json_dumpf(k, f, FB_JSON_FLAGS);
			json_decref(k);
			fputs(": ", f);
		}
		if (err)
			break;
		if ((name && !strcmp(name, "metrics")) ||
		    (key && !strcmp(key, "buckets")))
			err = json_dumpf(item, f, FB_JSON_FLAGS);
		else
			err = dump(f, item, key, depth + 1);
		if (obj)
			it = json_object_iter_next((json_t *)v, it);
	}
	fprintf(f, "\n%*s%c", 2 * depth, "", obj ? '}' : ']');
	return err;
}

int fb_write_atomic(const char *path, int (*fill)(FILE *f, const void *arg),
		    const void *arg)
{
	char tmp[4200];
	FILE *f;
	int err = 0;

	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	f = fopen(tmp, "w");
	if (!f)
		return -errno;
	if (fill(f, arg) || ferror(f))
		err = -EIO;
	if (fclose(f) && !err)
		err = -errno;
	if (!err && rename(tmp, path))
		err = -errno;
	if (err)
		remove(tmp);
	return err;
}

static int fill_json(FILE *f, const void *doc)
{
	return dump(f, doc, NULL, 0) || fputc('\n', f) == EOF;
}

int fb_results_write_json(const struct fb_results *r, const char *path)
{
	json_t *doc = results_json(r);
	int err;

	/* Out of memory (or a metric name that is not UTF-8). */
	if (!doc)
		return -ENOMEM;
	err = fb_write_atomic(path, fill_json, doc);
	json_decref(doc);
	return err;
}

static int seen_before(const char *const *names, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(names[i], s))
			return 1;
	return 0;
}

static int write_metric_csv(const struct fb_results *r, const char *dir,
			    const char *workload)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s.csv", dir, workload);
	f = fopen(path, "w");
	if (!f)
		return -errno;
	fprintf(f, "workload,backend,series,xname,x,metric,unit,mode,vcpus,"
		   "numa,gate,value,median,mean,min,max,stddev,reps,boots\n");
	for (size_t i = 0; i < r->nm; i++) {
		const struct fb_metric *m = &r->m[i];

		if (strcmp(m->workload, workload))
			continue;
		fprintf(f, "%s,%s,%s,%s,%.10g,%s,%s,%s,%d,%d,%d,%.10g,%.10g,"
			   "%.10g,%.10g,%.10g,%.10g,%zu,%zu\n",
			m->workload, m->backend, m->series, m->xname, m->x,
			m->metric, m->unit, m->mode, m->vcpus, m->numa, m->gate,
			m->value, m->s.median, m->s.mean, m->s.min, m->s.max,
			m->s.stddev, m->nreps, m->nboot_values);
	}
	return fclose(f) ? -errno : 0;
}

static int write_hist_csv(const struct fb_results *r, const char *dir,
			  const char *workload)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s-hist.csv", dir, workload);
	f = fopen(path, "w");
	if (!f)
		return -errno;
	fprintf(f, "workload,backend,series,x,mode,vcpus,numa,lo_ns,hi_ns,"
		   "mid_ns,count,cum_fraction\n");
	for (size_t i = 0; i < r->nh; i++) {
		const struct fb_histrec *h = &r->h[i];
		uint64_t cum = 0;

		if (strcmp(h->workload, workload))
			continue;
		for (size_t b = 0; b < h->nb; b++) {
			cum += h->cnt[b];
			fprintf(f, "%s,%s,%s,%.10g,%s,%d,%d,%llu,%llu,%llu,%llu,"
				   "%.8f\n",
				h->workload, h->backend, h->series, h->x,
				h->mode, h->vcpus, h->numa,
				(unsigned long long)h->lo[b],
				(unsigned long long)h->hi[b],
				(unsigned long long)(h->lo[b] +
						     (h->hi[b] - h->lo[b]) / 2),
				(unsigned long long)h->cnt[b],
				h->count ? (double)cum / (double)h->count : 0);
		}
		/* A blank line between series keeps gnuplot lines apart. */
		fputs("\n\n", f);
	}
	return fclose(f) ? -errno : 0;
}

int fb_results_write_csvs(const struct fb_results *r, const char *dir)
{
	const char **names = calloc(r->nm + r->nh + 1, sizeof(char *));
	size_t n = 0;
	int err = 0;

	if (!names)
		return -ENOMEM;
	for (size_t i = 0; i < r->nm && !err; i++) {
		if (seen_before(names, n, r->m[i].workload))
			continue;
		names[n++] = r->m[i].workload;
		err = write_metric_csv(r, dir, r->m[i].workload);
	}
	n = 0;
	for (size_t i = 0; i < r->nh && !err; i++) {
		if (seen_before(names, n, r->h[i].workload))
			continue;
		names[n++] = r->h[i].workload;
		err = write_hist_csv(r, dir, r->h[i].workload);
	}
	free(names);
	return err;
}
