// SPDX-License-Identifier: GPL-2.0
/* context.c - recording figures, repetitions and progress for workloads. */
#include "workload.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "stats.h"

void fb_progress(const char *fmt, ...)
{
	va_list ap;

	fputs("[fencebench] ", stdout);
	va_start(ap, fmt);
	vfprintf(stdout, fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
	fflush(stdout);
}

void fb_running(const struct fb_ctx *c, const struct fb_workload *w,
		const struct fb_backend *b, unsigned int round,
		unsigned int nrounds, unsigned int part, unsigned int nparts)
{
	FILE *f;

	if (!c->running_path)
		return;
	/* Written between measurements, never inside one. */
	f = fopen(c->running_path, "w");
	if (!f)
		return;
	fprintf(f, "workload %s, backend %s, round %u of %u, part %u of %u\n",
		w->name, b ? b->name : "-", round + 1, nrounds, part + 1,
		nparts);
	fclose(f);
}

int fb_fail(struct fb_ctx *c, int err, const char *what)
{
	c->failures++;
	fb_progress("ERROR: %s: %s", what, strerror(err < 0 ? -err : err));
	return err;
}

static void to_metric(struct fb_ctx *c, const struct fb_fig *f,
		      struct fb_metric *m)
{
	memset(m, 0, sizeof(*m));
	m->workload = (char *)f->workload;
	m->backend = (char *)f->backend;
	m->series = (char *)f->series;
	m->xname = (char *)(f->xname ? f->xname : "");
	m->metric = (char *)f->metric;
	m->unit = (char *)f->unit;
	m->mode = (char *)c->mode;
	m->x = f->x;
	m->gate = f->gate;
	m->vcpus = c->vcpus;
	m->numa = c->numa;
}

int fb_record_value(struct fb_ctx *c, const struct fb_fig *f, double value,
		    const double *reps, size_t n)
{
	struct fb_metric m;

	to_metric(c, f, &m);
	m.value = value;
	return fb_results_add_metric(c->res, &m, reps, n);
}

int fb_record(struct fb_ctx *c, const struct fb_fig *f, const double *reps,
	      size_t n)
{
	return fb_record_value(c, f, fb_median(reps, n), reps, n);
}

int fb_record_hist(struct fb_ctx *c, const struct fb_fig *f,
		   const struct fb_hist *h)
{
	struct fb_histrec t;

	memset(&t, 0, sizeof(t));
	t.workload = (char *)f->workload;
	t.backend = (char *)f->backend;
	t.series = (char *)f->series;
	t.mode = (char *)c->mode;
	t.x = f->x;
	t.vcpus = c->vcpus;
	t.numa = c->numa;
	return fb_results_add_hist(c->res, &t, h);
}

int fb_repeat_batch(struct fb_ctx *c, fb_rep_fn fn, void *arg, unsigned int n,
		    double *out, double *batch)
{
	double *ns = calloc(n ? n : 1, sizeof(double));
	int err = ns ? 0 : -ENOMEM;

	for (unsigned int i = 0; i < c->warmup + c->reps && !err; i++) {
		uint64_t t0 = fb_now_ns();

		err = fn(arg, ns, n);
		if (err || i < c->warmup)
			continue;
		if (batch)
			batch[i - c->warmup] = (double)(fb_now_ns() - t0) / (n ? n : 1);
		out[i - c->warmup] = fb_iqm(ns, n);
	}
	free(ns);
	return err;
}

int fb_repeat(struct fb_ctx *c, fb_rep_fn fn, void *arg, unsigned int n,
	      double *out)
{
	return fb_repeat_batch(c, fn, arg, n, out, NULL);
}

int fb_record_batch(struct fb_ctx *c, const struct fb_fig *f,
		    const double *reps, const double *batch, size_t n)
{
	struct fb_fig fb = *f;
	size_t l = strlen(f->metric);
	char name[96];
	int err = fb_record(c, f, reps, n);

	/* create_close_ns -> create_close_batch_ns */
	if (l > 3 && !strcmp(f->metric + l - 3, "_ns"))
		snprintf(name, sizeof(name), "%.*s_batch_ns", (int)(l - 3), f->metric);
	else
		snprintf(name, sizeof(name), "%s_batch", f->metric);
	fb.metric = name;
	return err ? err : fb_record(c, &fb, batch, n);
}

const char *fb_floor_reference(const struct fb_metric *m, int *gate)
{
	const struct fb_backend *ref = fb_backend_reference();

	(void)m;
	*gate = 1;
	return ref ? ref->name : NULL;
}

int fb_smp_icount(const struct fb_ctx *c)
{
	return c->vcpus > 1 && c->mode && !strcmp(c->mode, "icount");
}
