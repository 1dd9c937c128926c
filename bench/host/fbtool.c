// SPDX-License-Identifier: GPL-2.0
/*
 * fbtool.c - host side of fencebench: merge guest fragments into a run
 * (pooling a figure measured in several boots), write CSVs, compare a run
 * with a baseline, print the summary table.
 *
 *   fbtool merge OUT.json [--meta KEY=VAL]... FRAGMENT.json...
 *     (fragments of guest boots, or whole runs: a baseline pooled from runs)
 *   fbtool csv RESULTS.json DIR
 *   fbtool meta RESULTS.json KEY
 *   fbtool compare [--threshold F] [--alpha F] [--all] [--across-kernels]
 *                  BASELINE NOW
 *   fbtool kernel RESULTS.json        (the run's kernel series: 6.1, 6.12)
 *   fbtool baseline RESULTS.json      (the default baseline file of the run)
 *   fbtool summary [--tsv] RESULTS.json
 *   fbtool colours RESULTS.json       (the backends' plot colours)
 *   fbtool floor RESULTS.json SERIES  (the floor backend of a series)
 *   fbtool plots RESULTS.json         (the workloads' plots: WORKLOAD TAB DECL)
 *   fbtool history OUTDIR BASELINE.json RUN.json... (history.c)
 *   fbtool ab [--test T] [--alpha F] [--min-effect F] [--target F] [--status]
 *             [--out DIR] [--label-a S] [--label-b S] [--all] [--figure TEXT]
 *             [--boot-value median|lowest]
 *             --a A1.json,... --b B1.json,...   (ab.c)
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ab.h"
#include "declared.h"
#include "history.h"
#include "jsonobj.h"
#include "load.h"
#include "results.h"
#include "verdict.h"

static int load_or_die(struct fb_results *r, const char *path)
{
	char err[512];

	if (fb_results_load(r, path, err, sizeof(err))) {
		fprintf(stderr, "fbtool: %s\n", err);
		return -1;
	}
	return 0;
}

static int cmd_merge(int argc, char **argv)
{
	struct fb_results out, frag;
	struct fb_meta extra = { 0 };
	const char *path;
	int err = 0, i;

	if (argc < 2)
		return 2;
	path = argv[0];
	fb_results_init(&out);
	for (i = 1; i < argc && !strcmp(argv[i], "--meta") && i + 1 < argc;
	     i += 2) {
		char *eq = strchr(argv[i + 1], '=');

		if (!eq)
			return 2;
		*eq = 0;
		fb_meta_set(&extra, argv[i + 1], eq + 1, 0);
	}
	for (; i < argc && !err; i++) {
		struct fb_meta *b;
		size_t nb;

		fb_results_init(&frag);
		if (load_or_die(&frag, argv[i])) {
			err = 1;
			break;
		}
		if (!out.meta.n)
			fb_meta_copy(&out.meta, &frag.meta);
		/* A guest fragment is one boot; a run brings its own boots. */
		nb = frag.nboots ? frag.nboots : 1;
		b = realloc(out.boots, (out.nboots + nb) * sizeof(*b));
		if (!b)
			return 1;
		out.boots = b;
		memset(&b[out.nboots], 0, nb * sizeof(*b));
		for (size_t k = 0; k < nb; k++)
			fb_meta_copy(&b[out.nboots++],
				     frag.nboots ? &frag.boots[k] : &frag.meta);
		/* The same figure from several boots is pooled (results.h). */
		for (size_t k = 0; k < frag.nm && !err; k++)
			err = fb_results_pool_metric(&out, &frag.m[k]) ? 1 : 0;
		for (size_t k = 0; k < frag.nh && !err; k++)
			err = fb_results_pool_hist(&out, &frag.h[k]) ? 1 : 0;
		if (err)
			fprintf(stderr, "fbtool: %s: out of memory\n", argv[i]);
		fb_results_free(&frag);
	}
	fb_meta_copy(&out.meta, &extra);
	if (!err && (err = fb_results_write_json(&out, path)))
		fprintf(stderr, "fbtool: %s: %s\n", path, strerror(-err));
	fb_meta_free(&extra);
	fb_results_free(&out);
	return err ? 1 : 0;
}

static int cmd_csv(int argc, char **argv)
{
	struct fb_results r;
	int err;

	if (argc != 2)
		return 2;
	fb_results_init(&r);
	if (load_or_die(&r, argv[0]))
		return 1;
	err = fb_results_write_csvs(&r, argv[1]);
	if (err)
		fprintf(stderr, "fbtool: %s: %s\n", argv[1], strerror(-err));
	fb_results_free(&r);
	return err ? 1 : 0;
}

static int cmd_meta(int argc, char **argv)
{
	struct fb_results r;
	const char *v;

	if (argc != 2)
		return 2;
	fb_results_init(&r);
	if (load_or_die(&r, argv[0]))
		return 1;
	v = fb_meta_get(&r.meta, argv[1]);
	/* A declaration that a run from before them lacks (declared.h). */
	if (!v && !fb_declared_fill(&r, argv[0]))
		v = fb_meta_get(&r.meta, argv[1]);
	if (v)
		printf("%s\n", v);
	fb_results_free(&r);
	return v ? 0 : 1;
}

/*
 * Is @backend one the run had to have? fencebench records the list in the
 * meta key backends_required (backend.h, @optional; fb_syncdev_required()).
 */
static int required(const struct fb_results *r, const char *backend)
{
	const char *list = fb_meta_get(&r->meta, "backends_required");
	size_t n = strlen(backend);

	for (const char *p = list; p && *p; p += strcspn(p, ","), p += *p == ',')
		if (!strncmp(p, backend, n) && (p[n] == ',' || !p[n]))
			return 1;
	return 0;
}

/*
 * Required backends that the run skipped (meta backends_skipped, entries
 * "NAME (why)" separated by "; "): each is a failure of its own.
 */
static int missing_required(const struct fb_results *r)
{
	const char *p = fb_meta_get(&r->meta, "backends_skipped");
	char name[64];
	int bad = 0;

	while (p && *p) {
		size_t n = strcspn(p, " ;"), len = strcspn(p, ";");

		snprintf(name, sizeof(name), "%.*s", (int)(n < sizeof(name) ? n : sizeof(name) - 1), p);
		if (required(r, name)) {
			const char *kind = fb_declared_get(r, "backend_", name, "_kind");

			printf("FAIL backend %s: required (%s) but skipped in this run: %.*s\n",
			       name, !kind ? "backends_required" :
			       !strcmp(kind, "fence") ? "its module is built, or it is built in" :
			       "a raw wake-up object: every guest kernel has it",
			       (int)len, p);
			bad++;
		}
		p += len;
		p += strspn(p, "; ");
	}
	return bad;
}

/* "6.12 (6.12.118, linux-source-6.12 6.12.118-1~deb12u1)" for messages. */
static void kernel_desc(const struct fb_results *r, char *buf, size_t n)
{
	const char *ver = fb_meta_get(&r->meta, "kernel_version");
	const char *src = fb_meta_get(&r->meta, "kernel_source");
	char series[32];

	fb_kernel_series(r, series, sizeof(series));
	snprintf(buf, n, "%s (%s%s%s)", *series ? series : "?",
		 ver ? ver : "version not recorded", src ? ", " : "",
		 src ? src : "");
}

/* Per backend, across kernels: how its figures moved (geometric mean). */
struct across {
	const char *backend;
	int n, slower, faster;
	double logsum, min, max;
};

static void across_add(struct across *a, size_t *na, size_t max,
		       const char *backend, const struct fb_cmp *c)
{
	size_t j = 0;

	while (j < *na && strcmp(a[j].backend, backend))
		j++;
	if (j == *na) {
		if (*na == max)
			return;
		a[(*na)++] = (struct across){ backend, 0, 0, 0, 0, INFINITY,
					      -INFINITY };
	}
	if (!(c->ratio > 0) || !isfinite(c->ratio))
		return;
	a[j].n++;
	a[j].logsum += log(c->ratio);
	a[j].min = fmin(a[j].min, c->ratio);
	a[j].max = fmax(a[j].max, c->ratio);
	a[j].slower += c->v == FB_REGRESSED;
	a[j].faster += c->v == FB_IMPROVED;
}

static void across_print(const struct across *a, size_t na, const char *kb,
			 const char *kn)
{
	printf("# per backend, kernel %s / kernel %s (figures: those of the backend in both runs; "
	       "geomean, min, max: of their ratios now/baseline; slower, faster: beyond the "
	       "threshold and the test)\n", kn, kb);
	printf("%-10s %7s %9s %9s %9s %7s %7s\n", "backend", "figures", "geomean",
	       "min", "max", "slower", "faster");
	for (size_t j = 0; j < na; j++) {
		if (!a[j].n) {
			printf("%-10s %7d %9s %9s %9s %7s %7s\n", a[j].backend, 0,
			       "-", "-", "-", "-", "-");
			continue;
		}
		printf("%-10s %7d %9.4f %9.4f %9.4f %7d %7d\n", a[j].backend,
		       a[j].n, exp(a[j].logsum / a[j].n), a[j].min, a[j].max,
		       a[j].slower, a[j].faster);
	}
}

/*
 * The order of the baseline's figures in the compare: as stored, or,
 * across kernels, backend by backend (in the order of their first figure).
 */
static void compare_order(const struct fb_results *r, int by_backend,
			  size_t *order)
{
	size_t n = 0;

	for (size_t k = 0; k < r->nm; k++) {
		size_t first = k;

		if (!by_backend) {
			order[n++] = k;
			continue;
		}
		for (size_t j = 0; j < k && first == k; j++)
			if (!strcmp(r->m[j].backend, r->m[k].backend))
				first = j;
		if (first != k)
			continue;
		for (size_t j = k; j < r->nm; j++)
			if (!strcmp(r->m[j].backend, r->m[k].backend))
				order[n++] = j;
	}
}

static int cmd_compare(int argc, char **argv)
{
	struct fb_results base, now;
	struct fb_policy pol;
	double thr = NAN, alpha = NAN;
	int all = 0, i = 0, passed = 0, failed = 0, skipped = 0, improved = 0;
	int untested = 0, across = 0;
	const char *mode;
	char kb[32], kn[32], db[256], dn[256];
	struct across per[64];
	size_t nper = 0, *order;

	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--threshold") && i + 1 < argc)
			thr = atof(argv[++i]);
		else if (!strcmp(argv[i], "--alpha") && i + 1 < argc)
			alpha = atof(argv[++i]);
		else if (!strcmp(argv[i], "--all"))
			all = 1;
		else if (!strcmp(argv[i], "--across-kernels"))
			across = 1;
		else
			return 2;
	}
	if (argc - i != 2)
		return 2;
	fb_results_init(&base);
	fb_results_init(&now);
	if (load_or_die(&base, argv[i]) || load_or_die(&now, argv[i + 1]))
		return 1;
	fb_declared_fill(&now, argv[i + 1]);
	mode = fb_meta_get(&now.meta, "mode");
	if (!mode || strcmp(mode, fb_meta_get(&base.meta, "mode") ?: "")) {
		fprintf(stderr, "fbtool: timing modes differ (baseline %s, now %s): "
				"figures of different modes are not comparable\n",
			fb_meta_get(&base.meta, "mode") ?: "?", mode ?: "?");
		return 1;
	}
	/*
	 * Runs of two kernel series measure two kernels: a difference is the
	 * kernels', not a regression. Refused unless asked (--across-kernels,
	 * make compare ACROSS_KERNELS=1); then the figures are compared per
	 * backend, with no verdict that fails.
	 */
	fb_kernel_series(&base, kb, sizeof(kb));
	fb_kernel_series(&now, kn, sizeof(kn));
	kernel_desc(&base, db, sizeof(db));
	kernel_desc(&now, dn, sizeof(dn));
	if (strcmp(kb, kn) && !across) {
		fprintf(stderr, "fbtool: the runs are of different kernels: baseline kernel %s, "
				"now kernel %s. Their figures differ by kernel, not by a regression: "
				"compare each with a baseline of its own kernel (baselines/<series>/), or "
				"ask for a comparison per backend across kernels with ACROSS_KERNELS=1 "
				"(fbtool compare --across-kernels)\n", db, dn);
		return 1;
	}
	if (!strcmp(kb, kn))
		across = 0;
	if (across)
		printf("# ACROSS KERNELS: baseline kernel %s, now kernel %s. Compared per backend "
		       "(ACROSS_KERNELS=1): a change is the kernels' as much as the code's, so no "
		       "figure fails; the verdicts say slower or faster\n", db, dn);
	/* Figures move with the kernel and QEMU: say so when they differ. */
	for (const char *const *k = (const char *const[]){ "kernel_config", "qemu", NULL };
	     *k; k++) {
		const char *a = fb_meta_get(&base.meta, *k), *b = fb_meta_get(&now.meta, *k);

		if (a && b && strcmp(a, b) && !across)
			printf("# WARNING: %s differs (baseline '%s', now '%s'): a change here moves "
			       "figures; rebaseline on purpose if it is intended\n", *k, a, b);
	}
	fb_policy_for_mode(mode, &pol);
	/*
	 * Under tcg and kvm only in-round control ratios are gated (an
	 * absolute figure there is the host's speed of those minutes): a
	 * baseline from before interleaved rounds gates nothing, and says so.
	 */
	if (pol.by_boot) {
		int absolute = 0, ratios = 0;

		for (size_t k = 0; k < base.nm; k++) {
			if (!base.m[k].gate)
				continue;
			if (!strcmp(base.m[k].unit, "ratio")) {
				ratios++;
				continue;
			}
			base.m[k].gate = 0;
			absolute++;
		}
		if (absolute)
			printf("# %d absolute figures of the baseline are shown, not gated: under %s "
			       "only ratios to a control measured in the same round are%s\n",
			       absolute, mode, ratios ? "" :
			       " (this baseline has none: it predates interleaved rounds; make a new one)");
	}
	if (isfinite(thr))
		pol.threshold = thr;
	if (isfinite(alpha))
		pol.alpha = alpha;
	printf("# compare: baseline %s\n#          now      %s\n", argv[i],
	       argv[i + 1]);
	if (pol.by_boot)
		printf("# mode %s: the replicate is one guest boot (boots per figure: baseline %s, now %s); "
		       "ratio = of the geometric means of the boots' figures; regression = ratio > %.3f "
		       "and one-sided Welch t-test on the log figures of the boots p < %.3g; "
		       "CI = 95%% t interval of that ratio\n",
		       mode, fb_meta_get(&base.meta, "boots") ?: "1",
		       fb_meta_get(&now.meta, "boots") ?: "1", 1.0 + pol.threshold, pol.alpha);
	else
		printf("# mode %s: ratio = of the repetitions' medians (interquartile means where the "
		       "figure is one); regression = ratio > %.3f and one-sided Mann-Whitney "
		       "p < %.3g; CI = 95%% bootstrap of that ratio\n",
		       mode, 1.0 + pol.threshold, pol.alpha);
	printf("# %-4s %-62s %12s %12s %7s %17s %8s  %s\n", "", "figure",
	       "baseline", "now", "ratio", "95% CI", "p", "verdict");
	order = calloc(base.nm ? base.nm : 1, sizeof(*order));
	if (!order)
		return 1;
	compare_order(&base, across, order);
	for (size_t o = 0; o < base.nm; o++) {
		const struct fb_metric *b = &base.m[order[o]], *n;
		char key[512], name[256], ci[40];
		struct fb_side sb, sn;
		struct fb_cmp c;

		fb_metric_key(b, key, sizeof(key));
		fb_figure_name(b, name, sizeof(name));
		n = fb_results_find(&now, key);
		if (!b->gate && !all)
			continue;
		if (!n && b->gate && !across && required(&now, b->backend)) {
			printf("FAIL %-62s %12.6g %12s   (not in this run, but backend %s is required "
			       "(backends_required): the boot's console log says why it was skipped)\n",
			       name, b->value, "-", b->backend);
			failed++;
			continue;
		}
		if (!n) {
			printf("skip %-62s %12.6g %12s   (not in this run: backend or sweep absent)\n",
			       name, b->value, "-");
			skipped++;
			continue;
		}
		sb = (struct fb_side){ b->value, b->reps, b->nreps,
				       b->boot_values, b->nboot_values,
				       b->vcpus };
		sn = (struct fb_side){ n->value, n->reps, n->nreps,
				       n->boot_values, n->nboot_values,
				       n->vcpus };
		fb_compare(&sb, &sn, &pol, &c);
		if (across) {
			across_add(per, &nper, 64, b->backend, &c);
			printf("%-4s %-62s %12.6g %12.6g %7.4f %17s %8.2g  %s\n", "info",
			       name, c.base, c.now, c.ratio, "-", c.p_slower,
			       c.v == FB_REGRESSED ? "slower" :
			       c.v == FB_IMPROVED ? "faster" : "same");
			continue;
		}
		if (isfinite(c.ci_lo))
			snprintf(ci, sizeof(ci), "[%.3f,%.3f]", c.ci_lo, c.ci_hi);
		else
			snprintf(ci, sizeof(ci), "-");
		printf("%-4s %-62s %12.6g %12.6g %7.4f %17s %8.2g  %s%s",
		       !b->gate ? "info" : c.v == FB_REGRESSED ? "FAIL" :
		       c.v == FB_UNTESTED ? "skip" : "ok",
		       name, c.base, c.now, c.ratio, ci, c.p_slower,
		       fb_verdict_name(c.v),
		       !b->gate ? " (not gated)" :
		       c.v == FB_UNTESTED ? " (fewer than 2 boots on a side)" : "");
		if (c.threshold > fmax(pol.threshold,
				       b->vcpus > 1 ? pol.smp_min : 0))
			printf(" (threshold %.1f %%: the baseline's reruns differ)",
			       100 * c.threshold);
		else if (c.threshold > pol.threshold)
			printf(" (threshold %.1f %%: SMP icount)",
			       100 * c.threshold);
		putchar('\n');
		if (!b->gate)
			continue;
		if (c.v == FB_REGRESSED)
			failed++;
		else if (c.v == FB_UNTESTED)
			untested++;
		else
			passed++;
		improved += c.v == FB_IMPROVED;
	}
	if (across) {
		across_print(per, nper, kb, kn);
		printf("# across kernels: no regression verdict; %d figures not in both runs\n",
		       skipped);
		free(order);
		fb_results_free(&base);
		fb_results_free(&now);
		return 0;
	}
	failed += missing_required(&now);
	/*
	 * Figures the run has and the baseline has not (a new backend,
	 * workload or sweep point): listed, so that they are seen, but not
	 * gated until a baseline that has them is taken.
	 */
	{
		int fresh = 0;

		for (size_t k = 0; k < now.nm; k++) {
			const struct fb_metric *n = &now.m[k];
			char key[512], name[256];

			fb_metric_key(n, key, sizeof(key));
			if (!n->gate || fb_results_find(&base, key))
				continue;
			fb_figure_name(n, name, sizeof(name));
			printf("%-4s %-62s %12s %12.6g   (new: not in the baseline, not gated until a "
			       "baseline has it)\n", "new", name, "-", n->value);
			fresh++;
		}
		if (fresh)
			printf("# %d gated figures of this run are new (not in the baseline): shown, "
			       "not gated; make baseline to gate them\n", fresh);
	}
	if (untested)
		printf("# %d figures untested: in %s the boot is the replicate, and a side had one "
		       "boot (run with BOOTS=2 or more)\n", untested, mode);
	skipped += untested;
	if (improved)
		printf("# %d figures improved beyond the threshold (consider `make baseline`)\n",
		       improved);
	printf("%d passed, %d failed, %d skipped\n", passed, failed, skipped);
	free(order);
	fb_results_free(&base);
	fb_results_free(&now);
	return failed ? 1 : 0;
}

/*
 * Headline figure of @workload for @backend (docs/bench.md, "Summary
 * table"): the first "series:metric" of the workload's own list, which
 * fencebench records as meta "headline_<workload>", that the run has;
 * in a run without that list, the workload's first figure. A figure
 * without a swept parameter comes first (wakeup's gap 0 before its idle
 * gaps), else the largest sweep value is the headline. @vcpus < 0: of any
 * guest size.
 */
static const struct fb_metric *headline(const struct fb_results *r,
					const char *workload,
					const char *backend, int vcpus)
{
	char key[96], list[512], *save = NULL, *tok;
	const struct fb_metric *best = NULL;
	const char *v;

	snprintf(key, sizeof(key), "headline_%s", workload);
	v = fb_meta_get(&r->meta, key);
	snprintf(list, sizeof(list), "%s", v ? v : "");
	for (tok = strtok_r(list, " ", &save); tok && !best;
	     tok = strtok_r(NULL, " ", &save)) {
		char *metric = strchr(tok, ':');

		if (!metric)
			continue;
		*metric++ = 0;
		for (size_t i = 0; i < r->nm; i++) {
			const struct fb_metric *m = &r->m[i];

			if (strcmp(m->workload, workload) ||
			    strcmp(m->backend, backend) ||
			    strcmp(m->series, tok) ||
			    strcmp(m->metric, metric) ||
			    (vcpus >= 0 && m->vcpus != vcpus) || m->numa > 1)
				continue;
			/* An unswept figure before any point of a sweep. */
			if (!best || (best->xname[0] &&
				      (!m->xname[0] || m->x > best->x)))
				best = m;
		}
	}
	for (size_t i = 0; i < r->nm && !v && !best; i++) {
		const struct fb_metric *m = &r->m[i];

		if (!strcmp(m->workload, workload) &&
		    !strcmp(m->backend, backend) &&
		    (vcpus < 0 || m->vcpus == vcpus) &&
		    m->numa <= 1)
			best = m;
	}
	return best;
}

/* The distinct workloads (or backends) of @r, in the order of first use. */
static size_t distinct(const struct fb_results *r, int backends,
		       const char **out, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < r->nm; i++) {
		const char *v = backends ? r->m[i].backend : r->m[i].workload;
		size_t j = 0;

		while (j < n && strcmp(out[j], v))
			j++;
		if (j == n && n < max)
			out[n++] = v;
	}
	return n;
}

static const struct fb_metric *same_figure(const struct fb_results *r,
					   const struct fb_metric *m,
					   const char *backend)
{
	for (size_t i = 0; i < r->nm; i++) {
		const struct fb_metric *o = &r->m[i];

		if (!strcmp(o->backend, backend) &&
		    !strcmp(o->workload, m->workload) &&
		    !strcmp(o->series, m->series) &&
		    !strcmp(o->metric, m->metric) && o->x == m->x &&
		    o->vcpus == m->vcpus && o->numa == m->numa)
			return o;
	}
	return NULL;
}

/*
 * fbtool summary: the headline figure of each workload and backend, as a
 * ratio to the reference backend's same figure and to the first floor
 * backend's (declared.h): its same figure, else its headline.
 */
static int cmd_summary(int argc, char **argv)
{
	const char *wls[64], *bes[64], *ref, *floor;
	size_t nw, nb;
	struct fb_results r;
	const char *v;
	char cref[32], cfloor[32];
	int vcpus, tsv = argc == 2 && !strcmp(argv[0], "--tsv");

	if (argc != 1 && !tsv)
		return 2;
	fb_results_init(&r);
	if (load_or_die(&r, argv[tsv]))
		return 1;
	fb_declared_fill(&r, argv[tsv]);
	ref = fb_declared_reference(&r);
	floor = fb_declared_first_floor(&r);
	snprintf(cref, sizeof(cref), "/%s", ref ? ref : "reference");
	snprintf(cfloor, sizeof(cfloor), "/%s", floor ? floor : "floor");
	v = fb_meta_get(&r.meta, "declarations_from");
	if (v)
		fprintf(stderr, "fbtool: declarations from %s\n", v);
	v = fb_meta_get(&r.meta, "vcpus");
	vcpus = v ? atoi(v) : 0;
	if (!tsv)
		printf("Summary (mode %s, %d vCPUs, %s boot(s) per configuration; headline figure per "
	       "workload, lower is better)\n",
	       fb_meta_get(&r.meta, "mode") ?: "?", vcpus, fb_meta_get(&r.meta, "boots") ?: "1");
	if (!tsv)
		printf("%-11s %-9s %-40s %14s %11s %11s\n", "workload",
		       "backend", "figure", "value", cref, cfloor);
	/* Workloads and backends in the order the run measured them. */
	nw = distinct(&r, 0, wls, 64);
	nb = distinct(&r, 1, bes, 64);
	for (size_t w = 0; w < nw; w++)
		for (size_t b = 0; b < nb; b++) {
			const struct fb_metric *m = headline(&r, wls[w], bes[b],
							     vcpus);
			const struct fb_metric *ml, *ev;

			/*
			 * A workload measured in a boot of other vCPUs only
			 * (tcg: breakdown in a 1-vCPU boot): its own.
			 */
			if (!m)
				m = headline(&r, wls[w], bes[b], -1);
			char fig[96], rm[16] = "-", re[16] = "-";

			if (!m)
				continue;
			ml = ref ? same_figure(&r, m, ref) : NULL;
			/* The floor: its same figure, else its headline. */
			ev = floor ? same_figure(&r, m, floor) : NULL;
			if (!ev && floor)
				ev = headline(&r, wls[w], floor, m->vcpus);
			if (ml && ml->value > 0)
				snprintf(rm, sizeof(rm), "%.2fx",
					 m->value / ml->value);
			if (ev && ev->value > 0)
				snprintf(re, sizeof(re), "%.2fx",
					 m->value / ev->value);
			snprintf(fig, sizeof(fig), "%s %s", m->series,
				 m->metric);
			if (m->xname[0])
				snprintf(fig + strlen(fig),
					 sizeof(fig) - strlen(fig), " %s=%g",
					 m->xname, m->x);
			if (tsv)
				printf("%s\t%s\t%s\t%.10g\t%s\n", wls[w],
				       bes[b], fig, m->value, m->unit);
			else
				printf("%-11s %-9s %-40s %11.0f %-2s %11s %11s\n",
				       wls[w], bes[b], fig, m->value,
				       strcmp(m->unit, "ns") ? m->unit : "ns",
				       rm, re);
		}
	v = fb_meta_get(&r.meta, "backends_skipped");
	if (v && *v && !tsv)
		printf("skipped backends: %s\n", v);
	fb_results_free(&r);
	return 0;
}

/*
 * fbtool colours RESULTS.json: "NAME COLOUR ..." of every backend
 * (declared.h), for plots/common.gp's `colours`.
 * fbtool floor RESULTS.json SERIES: the floor backend of SERIES; exit 1
 * if it has none.
 * fbtool plots RESULTS.json: each plot that a workload of the run
 * declares, "WORKLOAD<TAB>FIELD=VALUE|...", in workload order.
 */
static int cmd_declared(int argc, char **argv, const char *what)
{
	struct fb_results r;
	int rc = 0;

	if (argc != (strcmp(what, "floor") ? 1 : 2))
		return 2;
	fb_results_init(&r);
	if (load_or_die(&r, argv[0]))
		return 1;
	fb_declared_fill(&r, argv[0]);
	if (!strcmp(what, "colours")) {
		char buf[4096];

		/* Black for a backend that the run does not declare. */
		fb_declared_colours(&r, "#000000", buf, sizeof(buf));
		printf("%s\n", buf);
	} else if (!strcmp(what, "floor")) {
		const char *f = fb_declared_floor(&r, argv[1]);

		if (f)
			printf("%s\n", f);
		rc = !f;
	} else {
		const char *all = fb_meta_get(&r.meta, "workloads_declared");
		char w[128];

		for (const char *p = all; p && *p; p += strcspn(p, ","), p += *p == ',') {
			const char *v;

			snprintf(w, sizeof(w), "%.*s", (int)strcspn(p, ","), p);
			for (int k = 1;; k++) {
				char suffix[16];

				snprintf(suffix, sizeof(suffix), "_%d", k);
				v = fb_declared_get(&r, "plot_", w, suffix);
				if (!v)
					break;
				printf("%s\t%s\n", w, v);
			}
		}
	}
	fb_results_free(&r);
	return rc;
}

/*
 * fbtool kernel RESULTS.json: the run's kernel series (6.1, 6.12).
 * fbtool baseline RESULTS.json: the baseline the run is compared with by
 * default: baselines/<mode>[-quick].json for kernel 6.1 (and runs that
 * name no kernel: all were 6.1), baselines/<series>/<mode>[-quick].json
 * for another series.
 */
static int cmd_kernel(int argc, char **argv, int baseline)
{
	struct fb_results r;
	char series[32], path[128];
	const char *mode, *quick, *err = NULL;

	if (argc != 1)
		return 2;
	fb_results_init(&r);
	if (load_or_die(&r, argv[0]))
		return 1;
	fb_kernel_series(&r, series, sizeof(series));
	mode = fb_meta_get(&r.meta, "mode");
	quick = fb_meta_get(&r.meta, "quick");
	if (!baseline && !*series)
		err = "no kernel (kernel_series, kernel_version)";
	else if (baseline && !mode)
		err = "no timing mode";
	if (!err)
		snprintf(path, sizeof(path), "baselines/%s%s%s%s.json",
			 *series && strcmp(series, "6.1") ? series : "",
			 *series && strcmp(series, "6.1") ? "/" : "", mode ? mode : "",
			 quick && !strcmp(quick, "1") ? "-quick" : "");
	fb_results_free(&r);
	if (err) {
		fprintf(stderr, "fbtool: %s records %s\n", argv[0], err);
		return 1;
	}
	printf("%s\n", baseline ? path : series);
	return 0;
}

/* "a.json,b.json": each file loaded into (*rs)[i]; -1 (said why) on error. */
static int load_list(char *list, struct fb_results **rs, size_t *n)
{
	char *save = NULL;

	*n = 0;
	*rs = calloc(strlen(list) / 2 + 1, sizeof(**rs));
	if (!*rs)
		return -1;
	for (char *f = strtok_r(list, ",", &save); f; f = strtok_r(NULL, ",", &save)) {
		fb_results_init(&(*rs)[*n]);
		if (load_or_die(&(*rs)[(*n)++], f))
			return -1;
	}
	return 0;
}

static int ab_number(const char *opt, const char *s, double lo, double hi, double *v)
{
	char *end;

	*v = strtod(s, &end);
	if (end == s || *end || !(*v >= lo && *v <= hi)) {
		fprintf(stderr, "fbtool ab: %s %s: not a number in [%g, %g]\n", opt, s, lo, hi);
		return -1;
	}
	return 0;
}

/* fbtool ab: exit 0, 1 (a gated figure slower), 2 (bad input), 3 (--status: not settled). */
static int cmd_ab(int argc, char **argv)
{
	struct fb_ab_opts o = { FB_AB_AUTO, NAN, NAN, NAN, 0, "", "", NULL, FB_AB_BOOT_MEDIAN };
	struct fb_results *a = NULL, *b = NULL;
	char *la = NULL, *lb = NULL, err[512];
	const char *out = NULL;
	size_t na = 0, nb = 0;
	int status = 0, rc = 2, bad = 0;
	struct fb_ab ab;

	for (int i = 0; i < argc && !bad; i++) {
		const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
		int takes = strcmp(opt, "--status") && strcmp(opt, "--all");

		if (takes && !val) {
			fprintf(stderr, "fbtool ab: %s needs a value\n", opt);
			bad = 1;
		} else if (!strcmp(opt, "--a")) {
			la = argv[i + 1];
		} else if (!strcmp(opt, "--b")) {
			lb = argv[i + 1];
		} else if (!strcmp(opt, "--test")) {
			o.test = !strcmp(val, "controls") ? FB_AB_CONTROLS :
				 !strcmp(val, "paired") ? FB_AB_PAIRED :
				 !strcmp(val, "repetitions") ? FB_AB_REPETITIONS : FB_AB_AUTO;
			if (o.test == FB_AB_AUTO && strcmp(val, "auto")) {
				fprintf(stderr, "fbtool ab: --test %s: auto, controls, paired or repetitions\n", val);
				bad = 1;
			}
		} else if (!strcmp(opt, "--boot-value")) {
			o.boot = !strcmp(val, "median") ? FB_AB_BOOT_MEDIAN : FB_AB_BOOT_LOWEST;
			if (strcmp(val, "median") && strcmp(val, "lowest")) {
				fprintf(stderr, "fbtool ab: --boot-value %s: median or lowest\n", val);
				bad = 1;
			}
		} else if (!strcmp(opt, "--alpha")) {
			bad = ab_number(opt, val, 1e-12, 0.5, &o.alpha);
		} else if (!strcmp(opt, "--min-effect")) {
			bad = ab_number(opt, val, 0, 10, &o.min_effect);
		} else if (!strcmp(opt, "--target")) {
			bad = ab_number(opt, val, 1, 1e6, &o.target);
		} else if (!strcmp(opt, "--out")) {
			out = val;
		} else if (!strcmp(opt, "--label-a")) {
			o.label_a = val;
		} else if (!strcmp(opt, "--label-b")) {
			o.label_b = val;
		} else if (!strcmp(opt, "--status")) {
			status = 1;
		} else if (!strcmp(opt, "--all")) {
			o.all = 1;
		} else if (!strcmp(opt, "--figure")) {
			o.figure = val;
		} else {
			fprintf(stderr, "fbtool ab: unknown option %s\n", opt);
			bad = 1;
		}
		i += takes;
	}
	if (!bad && (!la || !lb)) {
		fprintf(stderr, "fbtool ab: both --a and --b are needed (comma-separated results.json files)\n");
		bad = 1;
	}
	if (bad)
		fprintf(stderr, "usage: fbtool ab [--test auto|controls|paired|repetitions] [--alpha F] [--min-effect F]\n"
				"                 [--target F] [--status] [--out DIR] [--label-a S] [--label-b S] [--all]\n"
				"                 [--figure TEXT] [--boot-value median|lowest]\n"
				"                 --a A1.json,A2.json,... --b B1.json,B2.json,...\n");
	else if (!load_list(la, &a, &na) && !load_list(lb, &b, &nb)) {
		if (fb_ab_run(a, na, b, nb, &o, &ab, err, sizeof(err))) {
			fprintf(stderr, "fbtool ab: %s\n", err);
		} else {
			if (status)
				rc = fb_ab_print_status(&ab, stdout);
			else
				fb_ab_print(&ab, stdout);
			rc = status ? rc : ab.slower ? 1 : 0;
			bad = out ? fb_ab_write(&ab, out) : 0;
			if (bad) {
				fprintf(stderr, "fbtool ab: %s: %s\n", out, strerror(-bad));
				rc = 2;
			}
			fb_ab_free(&ab);
		}
	}
	for (size_t i = 0; i < na; i++)
		fb_results_free(&a[i]);
	for (size_t i = 0; i < nb; i++)
		fb_results_free(&b[i]);
	free(a);
	free(b);
	return rc;
}

int main(int argc, char **argv)
{
	int rc = 2;

	if (argc >= 2) {
		if (!strcmp(argv[1], "merge"))
			rc = cmd_merge(argc - 2, argv + 2);
		else if (!strcmp(argv[1], "csv"))
			rc = cmd_csv(argc - 2, argv + 2);
		else if (!strcmp(argv[1], "meta"))
			rc = cmd_meta(argc - 2, argv + 2);
		else if (!strcmp(argv[1], "compare"))
			rc = cmd_compare(argc - 2, argv + 2);
		else if (!strcmp(argv[1], "summary"))
			rc = cmd_summary(argc - 2, argv + 2);
		else if (!strcmp(argv[1], "history"))
			rc = fb_cmd_history(argc - 2, argv + 2);
		else if (!strcmp(argv[1], "ab"))
			return cmd_ab(argc - 2, argv + 2);	/* its own messages */
		else if (!strcmp(argv[1], "kernel"))
			rc = cmd_kernel(argc - 2, argv + 2, 0);
		else if (!strcmp(argv[1], "baseline"))
			rc = cmd_kernel(argc - 2, argv + 2, 1);
		else if (!strcmp(argv[1], "object"))
			rc = fb_cmd_object(argc - 2, argv + 2);
		else if (!strcmp(argv[1], "get"))
			rc = fb_cmd_get(argc - 2, argv + 2);
		else if (!strcmp(argv[1], "colours") || !strcmp(argv[1], "floor") ||
			 !strcmp(argv[1], "plots"))
			rc = cmd_declared(argc - 2, argv + 2, argv[1]);
	}
	if (rc == 2)
		fprintf(stderr,
			"usage: fbtool merge OUT.json [--meta KEY=VAL]... FRAGMENT.json...\n"
			"       fbtool csv RESULTS.json DIR\n"
			"       fbtool meta RESULTS.json KEY\n"
			"       fbtool compare [--threshold F] [--alpha F] [--all] [--across-kernels]\n"
			"                      BASELINE.json NOW.json\n"
			"       fbtool kernel RESULTS.json\n"
			"       fbtool baseline RESULTS.json\n"
			"       fbtool summary [--tsv] RESULTS.json\n"
			"       fbtool colours RESULTS.json\n"
			"       fbtool floor RESULTS.json SERIES\n"
			"       fbtool plots RESULTS.json\n"
			"       fbtool history OUTDIR BASELINE.json RUN.json...\n"
			"       fbtool ab [OPTIONS] --a A1.json,... --b B1.json,...\n"
			"       fbtool object OUT.json KEY=STRING|KEY:=NUMBER...\n"
			"       fbtool get FILE.json KEY\n");
	return rc;
}
