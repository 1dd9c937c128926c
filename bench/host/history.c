// SPDX-License-Identifier: GPL-2.0
/*
 * history.c - fbtool history: the trend of every gated figure over runs.
 *
 *   fbtool history OUTDIR BASELINE.json RUN.json...
 *
 * Runs are ordered by kernel, then by date. The gated figures of the
 * baseline are grouped by what they measure (workload, series, metric,
 * sweep value, vCPUs, NUMA nodes), one line per backend in a group. For
 * each group it writes OUTDIR/data/<group>.dat, one gnuplot block per
 * backend of rows "run value flagged band_lo band_hi": flagged is 1 where
 * the verdict of `fbtool compare` (verdict.c) against the baseline says
 * REGRESSED, and the band is the baseline value within that verdict's
 * threshold. Runs of another kernel series than the baseline's are
 * plotted without a verdict or band, as compare refuses them. OUTDIR/runs.gp sets the x tics (commit and date of each run,
 * a dashed line between kernels) and OUTDIR/groups.tsv lists the groups
 * (file stem, title, backends). bench/history draws and indexes them.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "history.h"
#include "load.h"
#include "results.h"
#include "verdict.h"

struct run {
	struct fb_results r;
	const char *path, *kernel, *date, *sha;
	int judged;	/* of the baseline's kernel series: gets a verdict */
};

static const char *meta_or(const struct fb_results *r, const char *key,
			   const char *def)
{
	const char *v = fb_meta_get(&r->meta, key);

	return v && *v ? v : def;
}

static int by_kernel_then_date(const void *a, const void *b)
{
	const struct run *x = a, *y = b;
	int c = strcmp(x->kernel, y->kernel);

	return c ? c : strcmp(x->date, y->date);
}

/* What a figure measures, without its backend: the group it is drawn in. */
static void group_key(const struct fb_metric *m, char *buf, size_t n)
{
	snprintf(buf, n, "%s|%s|%s|%s|%g|%d|%d", m->workload, m->series,
		 m->metric, m->xname, m->x, m->vcpus, m->numa);
}

/* A file name for the group of @m: letters, digits, '-', '_' and '.'. */
static void group_stem(const struct fb_metric *m, char *buf, size_t n)
{
	char x[64] = "";

	if (m->xname[0])
		snprintf(x, sizeof(x), "-%s%g", m->xname, m->x);
	snprintf(buf, n, "%s-%s-%s%s-cpus%d-numa%d", m->workload, m->series,
		 m->metric, x, m->vcpus, m->numa);
	for (char *c = buf; *c; c++)
		if (!(*c >= 'a' && *c <= 'z') && !(*c >= 'A' && *c <= 'Z') &&
		    !(*c >= '0' && *c <= '9') && *c != '-' && *c != '.')
			*c = '_';
}

static struct fb_side side_of(const struct fb_metric *m)
{
	return (struct fb_side){ m->value, m->reps, m->nreps, m->boot_values,
				 m->nboot_values, m->vcpus };
}

/* x tics: "sha date" of each run; a dashed line where the kernel changes. */
static int write_runs(const char *dir, const struct run *runs, size_t n)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/runs.gp", dir);
	f = fopen(path, "w");
	if (!f)
		return -errno;
	/* "sha" over "MM-DD HH:MM" (dates are ISO 8601, UTC); slanted when many. */
	fprintf(f, "set xrange [-0.5:%zu.5]\nset xtics %sfont ',8' (", n - 1,
		n > 10 ? "rotate by -45 " : "");
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s\"%.7s\\n%.5s %.5s\" %zu", i ? ", " : "",
			runs[i].sha,
			strlen(runs[i].date) > 5 ? runs[i].date + 5 : runs[i].date,
			strlen(runs[i].date) > 11 ? runs[i].date + 11 : "", i);
	fprintf(f, ")\n");
	for (size_t i = 0; i < n; i++) {
		if (i && !strcmp(runs[i].kernel, runs[i - 1].kernel))
			continue;
		if (i)
			fprintf(f, "set arrow from %zu.5, graph 0 to %zu.5, graph 1 nohead dt 2 lc rgb '#777777'\n",
				i - 1, i - 1);
		fprintf(f, "set label 'kernel %s' at %zu, graph 0.97 left font ',8' tc rgb '#555555'\n",
			runs[i].kernel, i);
	}
	return fclose(f) ? -errno : 0;
}

/* The group of baseline figure @k: its data file and its groups.tsv line. */
static int write_group(const char *dir, FILE *groups, const struct fb_results *base,
		       size_t k, const struct run *runs, size_t nruns,
		       const struct fb_policy *pol, int *flagged)
{
	const struct fb_metric *g = &base->m[k];
	char gk[512], stem[512], path[4096], key[512], x[64] = "";
	FILE *f;

	group_key(g, gk, sizeof(gk));
	group_stem(g, stem, sizeof(stem));
	snprintf(path, sizeof(path), "%s/data/%s.dat", dir, stem);
	f = fopen(path, "w");
	if (!f)
		return -errno;
	if (g->xname[0])
		snprintf(x, sizeof(x), " %s=%g", g->xname, g->x);
	fprintf(groups, "%s\t%s %s %s%s, %d vCPU%s%s\t", stem, g->workload,
		g->series, g->metric, x, g->vcpus, g->vcpus > 1 ? "s" : "",
		g->numa > 1 ? ", NUMA nodes" : "");
	for (size_t j = k; j < base->nm; j++) {
		const struct fb_metric *b = &base->m[j];
		char bk[512];

		group_key(b, bk, sizeof(bk));
		if (!b->gate || strcmp(bk, gk))
			continue;
		fb_metric_key(b, key, sizeof(key));
		fprintf(f, "# backend %s\n", b->backend);
		fprintf(groups, "%s%s", j == k ? "" : " ", b->backend);
		for (size_t i = 0; i < nruns; i++) {
			const struct fb_metric *n = fb_results_find(&runs[i].r, key);
			struct fb_side sb = side_of(b), sn;
			struct fb_cmp c;

			if (!n)
				continue;
			if (!runs[i].judged) {
				/* another kernel: plotted, no band, no verdict */
				fprintf(f, "%zu %.10g 0 NaN NaN\n", i, n->value);
				continue;
			}
			sn = side_of(n);
			fb_compare(&sb, &sn, pol, &c);
			fprintf(f, "%zu %.10g %d %.10g %.10g\n", i, n->value,
				c.v == FB_REGRESSED, b->value * (1 - c.threshold),
				b->value * (1 + c.threshold));
			if (c.v == FB_REGRESSED) {
				printf("REGRESSED %s %s in run %s (%.7s, kernel %s): ratio %.4f\n",
				       stem, b->backend, runs[i].path,
				       runs[i].sha, runs[i].kernel, c.ratio);
				(*flagged)++;
			}
		}
		fprintf(f, "\n\n");
	}
	fprintf(groups, "\n");
	return fclose(f) ? -errno : 0;
}

int fb_cmd_history(int argc, char **argv)
{
	const char *dir;
	struct fb_results base;
	struct fb_policy pol;
	struct run *runs;
	size_t nruns, ngroups = 0;
	char path[4096], gk[512], bs[32], rs[32];
	int err = 0, flagged = 0;
	FILE *groups;
	/*
	 * --no-bands: there is no baseline of this kernel and mode; the file
	 * in its place (the newest run) only says which figures to draw, and
	 * every run is plotted without a band or a verdict.
	 */
	int no_bands = argc > 0 && !strcmp(argv[0], "--no-bands");

	argc -= no_bands;
	argv += no_bands;
	if (argc < 3)
		return 2;
	dir = argv[0];
	fb_results_init(&base);
	if (fb_results_load(&base, argv[1], path, sizeof(path))) {
		fprintf(stderr, "fbtool history: %s\n", path);
		return 1;
	}
	fb_kernel_series(&base, bs, sizeof(bs));
	runs = calloc((size_t)argc - 2, sizeof(*runs));
	if (!runs)
		return 1;
	nruns = 0;
	for (int a = 2; a < argc && !err; a++) {
		struct run *r = &runs[nruns];

		r->path = argv[a];
		fb_results_init(&r->r);
		if (fb_results_load(&r->r, r->path, path, sizeof(path))) {
			fprintf(stderr, "fbtool history: %s\n", path);
			fb_results_free(&r->r);
			err = 1;
			break;
		}
		/* Figures of another timing mode are not comparable at all. */
		if (strcmp(meta_or(&r->r, "mode", "?"), meta_or(&base, "mode", "?"))) {
			printf("skip %s: mode %s, the baseline's is %s\n", r->path,
			       meta_or(&r->r, "mode", "?"), meta_or(&base, "mode", "?"));
			fb_results_free(&r->r);
			continue;
		}
		r->kernel = meta_or(&r->r, "kernel_version", "?");
		/* As fbtool compare: no verdict across kernel series. */
		fb_kernel_series(&r->r, rs, sizeof(rs));
		r->judged = !no_bands && !strcmp(rs, bs);
		if (!r->judged && !no_bands)
			printf("no verdict for %s: kernel %s, the baseline's is %s (plotted only)\n",
			       r->path, *rs ? rs : "?", *bs ? bs : "?");
		r->date = meta_or(&r->r, "date", "?");
		r->sha = meta_or(&r->r, "git_sha", "?");
		nruns++;
	}
	if (!err && !nruns) {
		fprintf(stderr, "fbtool history: no run of the baseline's mode\n");
		err = 1;
	}
	if (!err) {
		qsort(runs, nruns, sizeof(*runs), by_kernel_then_date);
		fb_policy_for_mode(meta_or(&base, "mode", "icount"), &pol);
		pol.no_interval = 1;	/* the verdict is all a trend point needs */
		snprintf(path, sizeof(path), "%s/data", dir);
		if ((mkdir(dir, 0755) && errno != EEXIST) ||
		    (mkdir(path, 0755) && errno != EEXIST)) {
			fprintf(stderr, "fbtool history: %s: %s\n", path, strerror(errno));
			err = 1;
		}
	}
	if (!err)
		err = write_runs(dir, runs, nruns) ? 1 : 0;
	snprintf(path, sizeof(path), "%s/groups.tsv", dir);
	groups = err ? NULL : fopen(path, "w");
	if (!err && !groups)
		err = 1;
	/* Each group once: at its first gated figure in the baseline. */
	for (size_t k = 0; k < base.nm && !err; k++) {
		int first = 1;

		if (!base.m[k].gate)
			continue;
		group_key(&base.m[k], gk, sizeof(gk));
		for (size_t j = 0; j < k && first; j++) {
			char jk[512];

			group_key(&base.m[j], jk, sizeof(jk));
			first = !base.m[j].gate || strcmp(jk, gk);
		}
		if (!first)
			continue;
		err = write_group(dir, groups, &base, k, runs, nruns, &pol,
				  &flagged) ? 1 : 0;
		ngroups++;
	}
	if (groups && fclose(groups))
		err = 1;
	if (err)
		fprintf(stderr, "fbtool history: writing %s failed\n", dir);
	else
		printf("history: %zu runs, %zu figure groups, %d flagged points\n",
		       nruns, ngroups, flagged);
	for (size_t i = 0; i < nruns; i++)
		fb_results_free(&runs[i].r);
	free(runs);
	fb_results_free(&base);
	return err;
}
