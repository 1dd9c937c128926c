// SPDX-License-Identifier: GPL-2.0
/* declare.c - the backends' and workloads' declarations as run metadata (declare.h). */
#include "declare.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "backends/backend.h"
#include "workloads/waitmethod.h"
#include "workloads/workload.h"

/* The plot kinds bench/plot draws (plots/KIND.gp; struct fb_plot). */
static const char *const plot_kinds[] = { "sweep", "vcpus", "cdf", "gap", "stack" };

/* A growing comma list in @buf. */
static void list_add(char *buf, size_t n, const char *name)
{
	size_t l = strlen(buf);

	snprintf(buf + l, n - l, "%s%s", l ? "," : "", name);
}

static int set_key(struct fb_meta *m, const char *fmt, const char *a,
		   const char *val)
{
	char key[128];

	snprintf(key, sizeof(key), fmt, a);
	return fb_meta_set(m, key, val, 0);
}

static int declare_backends(struct fb_meta *m, const char *load_list)
{
	char all[512] = "", req[512] = "";
	const struct fb_backend *b;
	int err = 0;

	for (size_t i = 0; (b = fb_backend_at(i)) && !err; i++) {
		list_add(all, sizeof(all), b->name);
		if (fb_backend_required(b, load_list))
			list_add(req, sizeof(req), b->name);
		err = set_key(m, "backend_%s_kind", b->name,
			      fb_backend_kind_name(b));
		if (!err)
			err = set_key(m, "backend_%s_colour", b->name,
				      fb_backend_colour(b));
	}
	if (!err)
		err = fb_meta_set(m, "backends_declared", all, 0);
	if (!err)
		err = fb_meta_set(m, "backends_required", req, 0);
	b = fb_backend_reference();
	if (!err && b)
		err = fb_meta_set(m, "reference_backend", b->name, 0);
	for (int k = 0; k < FB_WAIT_METHODS && !err; k++) {
		b = fb_backend_floor(fb_wait_method_op(k));
		if (b)
			err = set_key(m, "floor_backend_%s",
				      fb_wait_method_name(k), b->name);
	}
	return err;
}

/* The fields of a plot, as its metadata names them. */
struct plot_field {
	const char *field, *val;
};
#define NFIELDS 10

static void plot_fields(const struct fb_plot *p, struct plot_field f[NFIELDS])
{
	const struct plot_field all[NFIELDS] = {
		{ "kind", p->kind }, { "name", p->name },
		{ "series", p->series }, { "metric", p->metric },
		{ "xname", p->xname }, { "xlabel", p->xlabel },
		{ "ylabel", p->ylabel }, { "title", p->title },
		{ "labels", p->labels }, { "xref", p->xref },
	};

	memcpy(f, all, sizeof(all));
}

/* "kind=sweep|name=...|..." of the fields @p sets. */
static void plot_value(const struct fb_plot *p, char *buf, size_t n)
{
	struct plot_field f[NFIELDS];

	plot_fields(p, f);
	buf[0] = 0;
	for (size_t i = 0; i < NFIELDS; i++) {
		size_t l = strlen(buf);

		if (f[i].val)
			snprintf(buf + l, n - l, "%s%s=%s", l ? "|" : "",
				 f[i].field, f[i].val);
	}
}

static int declare_workloads(struct fb_meta *m)
{
	char all[512] = "", cross[512] = "", sweep[512] = "", text[512] = "";
	const struct fb_workload *w;
	int err = 0;

	for (size_t i = 0; (w = fb_workload_at(i)) && !err; i++) {
		list_add(all, sizeof(all), w->name);
		if (w->cross_vcpu)
			list_add(cross, sizeof(cross), w->name);
		if (w->vcpu_sweep)
			list_add(sweep, sizeof(sweep), w->name);
		if (w->patches_text)
			list_add(text, sizeof(text), w->name);
		if (w->headline)
			err = set_key(m, "headline_%s", w->name, w->headline);
		for (size_t k = 0; w->plots && w->plots[k].kind && !err; k++) {
			char key[128], val[1024];

			snprintf(key, sizeof(key), "plot_%s_%zu", w->name, k + 1);
			plot_value(&w->plots[k], val, sizeof(val));
			err = fb_meta_set(m, key, val, 0);
		}
	}
	if (!err)
		err = fb_meta_set(m, "workloads_declared", all, 0);
	if (!err)
		err = fb_meta_set(m, "workloads_cross_vcpu", cross, 0);
	if (!err)
		err = fb_meta_set(m, "workloads_vcpu_sweep", sweep, 0);
	if (!err)
		err = fb_meta_set(m, "workloads_patches_text", text, 0);
	return err;
}

int fb_declare(struct fb_meta *m, const char *load_list)
{
	int err = declare_backends(m, load_list);

	return err ? err : declare_workloads(m);
}

static const char *check_plot(const struct fb_plot *p)
{
	struct plot_field f[NFIELDS];
	size_t k = 0;

	while (k < sizeof(plot_kinds) / sizeof(plot_kinds[0]) &&
	       strcmp(plot_kinds[k], p->kind))
		k++;
	if (k == sizeof(plot_kinds) / sizeof(plot_kinds[0]))
		return "a plot of an unknown kind (sweep, vcpus, cdf, gap, stack)";
	if (!p->name)
		return "a plot without a name";
	if (!p->series && !strstr(p->name, "{series}"))
		return "a plot for each series whose name has no {series}";
	plot_fields(p, f);
	for (size_t i = 0; i < NFIELDS; i++)
		if (f[i].val && strchr(f[i].val, '|'))
			return "a plot field holding a '|' (it parts the fields)";
	return NULL;
}

const char *fb_declarations_check(char *buf, size_t n)
{
	const struct fb_workload *w;
	const char *bad = fb_backends_check(buf, n);

	for (size_t i = 0; !bad && (w = fb_workload_at(i)); i++)
		for (size_t k = 0; !bad && w->plots && w->plots[k].kind; k++) {
			bad = check_plot(&w->plots[k]);
			if (bad) {
				snprintf(buf, n, "workload %s declares %s",
					 w->name, bad);
				bad = buf;
			}
		}
	return bad;
}
