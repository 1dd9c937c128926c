// SPDX-License-Identifier: GPL-2.0
/* ab.c - verdict of an A/B comparison of alternate boots (tests in ab.h). */
#include "ab.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"
#include "verdict.h"

#define KEYLEN 512

void fb_figure_name(const struct fb_metric *m, char *buf, size_t n)
{
	char x[48] = "";

	if (m->xname[0])
		snprintf(x, sizeof(x), " %s=%g", m->xname, m->x);
	snprintf(buf, n, "%s %s %s%s %s cpus=%d%s", m->workload, m->backend,
		 m->series, x, m->metric, m->vcpus,
		 m->numa > 1 ? " numa=2" : "");
	if (m->numa > 2)
		snprintf(buf + strlen(buf) - 1, n - strlen(buf) + 1, "%d",
			 m->numa);
}

const char *fb_ab_test_name(enum fb_ab_test t)
{
	switch (t) {
	case FB_AB_CONTROLS: return "controls";
	case FB_AB_PAIRED: return "paired";
	case FB_AB_REPETITIONS: return "repetitions";
	default: return "auto";
	}
}

const char *fb_ab_boot_name(enum fb_ab_boot b)
{
	return b == FB_AB_BOOT_MEDIAN ? "median" : "lowest";
}

const char *fb_ab_verdict_name(enum fb_ab_verdict v)
{
	switch (v) {
	case FB_AB_SLOWER: return "slower";
	case FB_AB_FASTER: return "faster";
	case FB_AB_UNTESTED: return "untested";
	case FB_AB_ONLY_A: return "only-a";
	case FB_AB_ONLY_B: return "only-b";
	default: return "same";
	}
}

/* Logarithms need figures above 0; a figure of 0 (no control) is not tested. */
static int usable(const double *v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!(v[i] > 0) || !isfinite(v[i]))
			return 0;
	return 1;
}

static int all_equal(const double *v, size_t n)
{
	for (size_t i = 1; i < n; i++)
		if (v[i] != v[0])
			return 0;
	return 1;
}

static double geomean(const double *v, size_t n)
{
	double s = 0;

	if (all_equal(v, n))
		return n ? v[0] : NAN;	/* exact, not exp(log(v)) */
	for (size_t i = 0; i < n; i++)
		s += log(v[i]);
	return exp(s / (double)n);
}

static void est_init(struct fb_ab_est *e, size_t n)
{
	*e = (struct fb_ab_est){ NAN, NAN, NAN, NAN, NAN, NAN, n, 0 };
}

/*
 * No spread on either side: the ratio is exact, so is its interval, and
 * a difference, however small, is certain (p 0; none: p 1). The verdict
 * is then the ratio's against the minimum effect alone.
 */
static void est_flat(struct fb_ab_est *e, double ratio)
{
	e->ratio = e->lo = e->hi = ratio;
	e->p = ratio == 1.0 ? 1.0 : 0.0;
	e->flat = 1;
}

int fb_ab_unpaired(const double *a, size_t na, const double *b, size_t nb,
		   struct fb_ab_est *e)
{
	/* By boot; threshold and alpha are not used: Holm decides. */
	struct fb_policy pol = { .by_boot = 1 };
	struct fb_cmp c;

	est_init(e, na < nb ? na : nb);
	if (!na || !nb || !usable(a, na) || !usable(b, nb))
		return -1;
	e->a = geomean(a, na);
	e->b = geomean(b, nb);
	e->ratio = e->b / e->a;
	if (na < 2 || nb < 2)
		return -1;
	if (all_equal(a, na) && all_equal(b, nb)) {
		est_flat(e, e->ratio);
		return 0;
	}
	/* Welch on the log figures, the ratio of geometric means, its t interval. */
	fb_compare(&(struct fb_side){ e->a, NULL, 0, a, na, 0 },
		   &(struct fb_side){ e->b, NULL, 0, b, nb, 0 }, &pol, &c);
	if (c.v == FB_UNTESTED || !isfinite(c.ratio))
		return -1;
	e->ratio = c.ratio;
	e->lo = c.ci_lo;
	e->hi = c.ci_hi;
	e->p = fmin(1.0, 2 * fmin(c.p_slower, c.p_faster));
	return 0;
}

int fb_ab_paired(const double *a, const double *b, size_t n,
		 struct fb_ab_est *e)
{
	struct fb_summary s;
	double *d, se, q;

	est_init(e, n);
	if (!n || !usable(a, n) || !usable(b, n))
		return -1;
	e->a = geomean(a, n);
	e->b = geomean(b, n);
	d = malloc(n * sizeof(*d));
	if (!d)
		return -1;
	for (size_t i = 0; i < n; i++)
		d[i] = log(b[i]) - log(a[i]);
	fb_summarize(d, n, &s);
	e->ratio = exp(s.mean);
	if (n >= 2 && all_equal(d, n)) {
		est_flat(e, b[0] / a[0]);
	} else if (n >= 2) {
		se = s.stddev / sqrt((double)n);
		q = fb_student_t_quantile_upper(0.025, (double)(n - 1));
		e->lo = exp(s.mean - q * se);
		e->hi = exp(s.mean + q * se);
		e->p = fmin(1.0, 2 * fb_student_t_sf(fabs(s.mean) / se,
						     (double)(n - 1)));
	}
	free(d);
	return n >= 2 && !isnan(e->p) ? 0 : -1;
}

void fb_ab_holm(const double *p, size_t n, double *adj)
{
	size_t *ord = malloc((n ? n : 1) * sizeof(*ord)), m = 0;
	double run = 0;

	for (size_t i = 0; i < n; i++) {
		adj[i] = NAN;
		if (ord && !isnan(p[i]))
			ord[m++] = i;
	}
	if (!ord)
		return;
	/* Ascending p (insertion sort: a few hundred figures at most). */
	for (size_t i = 1; i < m; i++)
		for (size_t j = i; j > 0 && p[ord[j]] < p[ord[j - 1]]; j--) {
			size_t t = ord[j];

			ord[j] = ord[j - 1];
			ord[j - 1] = t;
		}
	/* The k-th smallest times (m - k), kept monotone, at most 1. */
	for (size_t k = 0; k < m; k++) {
		run = fmax(run, fmin(1.0, (double)(m - k) * p[ord[k]]));
		adj[ord[k]] = run;
	}
	free(ord);
}

/* The figures of a result set by fb_metric_key, sorted for bsearch. */
struct kidx {
	char *key;
	const struct fb_metric *m;
};

struct index {
	struct kidx *k;
	size_t n;
};

static int kidx_cmp(const void *x, const void *y)
{
	return strcmp(((const struct kidx *)x)->key,
		      ((const struct kidx *)y)->key);
}

static void index_free(struct index *ix)
{
	for (size_t i = 0; ix->k && i < ix->n; i++)
		free(ix->k[i].key);
	free(ix->k);
	ix->k = NULL;
	ix->n = 0;
}

static int index_build(struct index *ix, const struct fb_results *r)
{
	char key[KEYLEN];

	ix->n = 0;
	ix->k = calloc(r->nm ? r->nm : 1, sizeof(*ix->k));
	if (!ix->k)
		return -ENOMEM;
	for (size_t i = 0; i < r->nm; i++) {
		fb_metric_key(&r->m[i], key, sizeof(key));
		ix->k[ix->n].key = strdup(key);
		ix->k[ix->n].m = &r->m[i];
		if (!ix->k[ix->n++].key) {
			index_free(ix);
			return -ENOMEM;
		}
	}
	qsort(ix->k, ix->n, sizeof(*ix->k), kidx_cmp);
	return 0;
}

static const struct fb_metric *index_find(const struct index *ix,
					  const char *key)
{
	struct kidx probe = { (char *)key, NULL }, *hit;

	hit = bsearch(&probe, ix->k, ix->n, sizeof(*ix->k), kidx_cmp);
	return hit ? hit->m : NULL;
}

static const char *meta_or_empty(const struct fb_results *r, const char *key)
{
	const char *v = fb_meta_get(&r->meta, key);

	return v ? v : "";
}

/*
 * Is @m an absolute figure behind a gated in-boot ratio of @r
 * (<metric>_vs_<control> of the same workload, series, sweep value and
 * guest, of any backend)? Its absolute figure then matters to the gate
 * when the ratio cannot be trusted (paired), including the control's
 * own, which has no ratio.
 */
static int behind_gated_ratio(const struct fb_results *r,
			      const struct fb_metric *m)
{
	size_t len = strlen(m->metric);

	if (!strcmp(m->unit, "ratio"))
		return 0;
	for (size_t i = 0; i < r->nm; i++) {
		const struct fb_metric *o = &r->m[i];

		if (o->gate && !strcmp(o->unit, "ratio") &&
		    !strncmp(o->metric, m->metric, len) &&
		    !strncmp(o->metric + len, "_vs_", 4) &&
		    !strcmp(o->workload, m->workload) &&
		    !strcmp(o->series, m->series) &&
		    !strcmp(o->xname, m->xname) && o->x == m->x &&
		    o->vcpus == m->vcpus && o->numa == m->numa)
			return 1;
	}
	return 0;
}

/* What @m (of @r) is to test @t: 2 tested, 1 shown beside them, 0 neither. */
static int role(const struct fb_results *r, const struct fb_metric *m,
		enum fb_ab_test t)
{
	int ratio = !strcmp(m->unit, "ratio");

	switch (t) {
	case FB_AB_REPETITIONS:
		return m->gate ? 2 : 0;
	case FB_AB_CONTROLS:
		if (m->gate && ratio)
			return 2;
		return m->gate || behind_gated_ratio(r, m);
	default:
		if (!ratio && (m->gate || behind_gated_ratio(r, m)))
			return 2;
		return m->gate;
	}
}

static int kernels_differ(const struct fb_results *a, size_t na,
			  const struct fb_results *b, size_t nb)
{
	for (size_t i = 0; i < na; i++)
		for (size_t j = 0; j < nb; j++)
			if (strcmp(meta_or_empty(&a[i], "kernel_version"),
				   meta_or_empty(&b[j], "kernel_version")) ||
			    strcmp(meta_or_empty(&a[i], "kernel_config"),
				   meta_or_empty(&b[j], "kernel_config")))
				return 1;
	return 0;
}

/* Every file has a timing mode, and the same one. */
static int check_modes(const struct fb_results *a, size_t na,
		       const struct fb_results *b, size_t nb, char *err,
		       size_t errlen)
{
	const char *first = fb_meta_get(&a[0].meta, "mode");

	for (size_t k = 0; k < na + nb; k++) {
		const struct fb_results *r = k < na ? &a[k] : &b[k - na];
		const char *mode = fb_meta_get(&r->meta, "mode");
		char side = k < na ? 'A' : 'B';
		size_t i = (k < na ? k : k - na) + 1;

		if (!mode) {
			snprintf(err, errlen, "file %zu of %c records no timing mode (meta mode)",
				 i, side);
			return -EINVAL;
		}
		if (strcmp(mode, first)) {
			snprintf(err, errlen, "timing modes differ: file 1 of A is %s, file %zu of %c "
				 "is %s; figures of different modes are not comparable",
				 first, i, side, mode);
			return -EINVAL;
		}
	}
	return 0;
}

/* The test @o asks for, or the one that fits (ab.h), and why. */
static void choose_test(struct fb_ab *ab, const struct fb_ab_opts *o,
			const struct fb_results *a, size_t na,
			const struct fb_results *b, size_t nb)
{
	int differ = kernels_differ(a, na, b, nb), icount = !strcmp(ab->mode, "icount");
	const char *va = meta_or_empty(&a[0], "kernel_version");
	const char *vb = meta_or_empty(&b[0], "kernel_version");
	char kern[256];

	if (!strcmp(va, vb) && differ)
		snprintf(kern, sizeof(kern), "A %s config %s / B %s config %s", va,
			 meta_or_empty(&a[0], "kernel_config"), vb,
			 meta_or_empty(&b[0], "kernel_config"));
	else
		snprintf(kern, sizeof(kern), "A %s / B %s", *va ? va : "?",
			 *vb ? vb : "?");
	if (o->test != FB_AB_AUTO) {
		ab->test = o->test;
		snprintf(ab->reason, sizeof(ab->reason), "asked for; mode %s, kernels %s: %s",
			 ab->mode, differ ? "differ" : "equal", kern);
	} else if (icount) {
		ab->test = FB_AB_REPETITIONS;
		snprintf(ab->reason, sizeof(ab->reason),
			 "mode icount: boots of one build are identical%s%s",
			 differ ? "; kernels differ: " : "", differ ? kern : "");
	} else if (differ) {
		ab->test = FB_AB_PAIRED;
		snprintf(ab->reason, sizeof(ab->reason), "kernels differ: %s", kern);
	} else {
		ab->test = FB_AB_CONTROLS;
		snprintf(ab->reason, sizeof(ab->reason), "same kernel on both sides: %s", kern);
	}
}

/* The figures of both sides, each once, in the order first seen. */
static int collect(struct fb_ab *ab, char ***keys, const struct index *ix,
		   const struct fb_results *all, size_t nall)
{
	size_t cap = 0;

	for (size_t f = 0; f < nall; f++)
		cap += all[f].nm;
	ab->fig = calloc(cap ? cap : 1, sizeof(*ab->fig));
	*keys = calloc(cap ? cap : 1, sizeof(char *));
	if (!ab->fig || !*keys)
		return -ENOMEM;
	for (size_t f = 0; f < nall; f++)
		for (size_t i = 0; i < all[f].nm; i++) {
			char key[KEYLEN];
			size_t g = 0;

			fb_metric_key(&all[f].m[i], key, sizeof(key));
			while (g < f && !index_find(&ix[g], key))
				g++;
			if (g < f)
				continue;
			(*keys)[ab->nfig] = strdup(key);
			if (!(*keys)[ab->nfig])
				return -ENOMEM;
			ab->fig[ab->nfig++].m = &all[f].m[i];
		}
	return 0;
}

/*
 * Workload by workload, in the order of their first figure: the figures
 * of a backend only B has join their workload's.
 */
static int group_by_workload(struct fb_ab *ab, char **keys)
{
	struct fb_ab_fig *fig = malloc((ab->nfig ? ab->nfig : 1) * sizeof(*fig));
	char **k = malloc((ab->nfig ? ab->nfig : 1) * sizeof(*k));
	size_t n = 0;

	if (!fig || !k) {
		free(fig);
		free(k);
		return -ENOMEM;
	}
	for (size_t i = 0; i < ab->nfig; i++) {
		size_t first = i;

		for (size_t j = 0; j < i && first == i; j++)
			if (!strcmp(ab->fig[j].m->workload, ab->fig[i].m->workload))
				first = j;
		if (first != i)
			continue;
		for (size_t j = i; j < ab->nfig; j++)
			if (!strcmp(ab->fig[j].m->workload, ab->fig[i].m->workload)) {
				k[n] = keys[j];
				fig[n++] = ab->fig[j];
			}
	}
	memcpy(ab->fig, fig, n * sizeof(*fig));
	memcpy(keys, k, n * sizeof(*k));
	free(fig);
	free(k);
	return 0;
}

/* The lowest round of @m (above 0), or its figure when it has no rounds. */
static double lowest_round(const struct fb_metric *m)
{
	double v = INFINITY;

	for (size_t i = 0; i < m->nreps; i++)
		if (m->reps[i] > 0 && m->reps[i] < v)
			v = m->reps[i];
	return isfinite(v) ? v : m->value;
}

/*
 * What @m of the file @ix stands for in a pair (ab.h): its figure, or
 * the lowest of its rounds; a ratio <m>_vs_<c>: the lowest round of <m>
 * over that of <m> of backend <c>, when the file has both.
 */
static double boot_value(const struct index *ix, const struct fb_metric *m,
			 enum fb_ab_boot how)
{
	const char *vs = strstr(m->metric, "_vs_");
	const struct fb_metric *f, *c;
	struct fb_metric k = *m;
	char key[KEYLEN], base[128];

	if (how == FB_AB_BOOT_MEDIAN)
		return m->value;
	if (strcmp(m->unit, "ratio"))
		return lowest_round(m);
	if (!vs || vs - m->metric >= (long)sizeof(base))
		return m->value;
	snprintf(base, sizeof(base), "%.*s", (int)(vs - m->metric), m->metric);
	k.metric = base;
	fb_metric_key(&k, key, sizeof(key));
	f = index_find(ix, key);
	k.backend = (char *)vs + 4;
	fb_metric_key(&k, key, sizeof(key));
	c = index_find(ix, key);
	return f && c ? lowest_round(f) / lowest_round(c) : m->value;
}

/*
 * The figure @key in each of the @n files of a side (@v, @has), as @how
 * counts a boot; the index of the first file that has it, or -1.
 */
static long side_values(const struct index *ix, size_t n, const char *key,
			enum fb_ab_boot how, double *v, int *has,
			const struct fb_metric **first)
{
	long f = -1;

	*first = NULL;
	for (size_t i = 0; i < n; i++) {
		const struct fb_metric *m = index_find(&ix[i], key);

		has[i] = m != NULL;
		v[i] = m ? boot_value(&ix[i], m, how) : NAN;
		if (m && f < 0) {
			*first = m;
			f = (long)i;
		}
	}
	return f;
}

/* Keep the values of @v that @has marks, in order; how many. */
static size_t compact(double *v, const int *has, size_t n)
{
	size_t k = 0;

	for (size_t i = 0; i < n; i++)
		if (has[i])
			v[k++] = v[i];
	return k;
}

/* icount: each side pooled (a figure measured in several boots, results.h). */
static int pool_side(struct fb_results *pool, const struct fb_results *r,
		     size_t n)
{
	fb_results_init(pool);
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < r[i].nm; k++)
			if (fb_results_pool_metric(pool, &r[i].m[k]))
				return -ENOMEM;
	return 0;
}

static void judge_repetitions(struct fb_ab_fig *g, const struct fb_metric *pa,
			      const struct fb_metric *pb, struct fb_policy pol)
{
	struct fb_cmp c;

	/* The interval is what --status waits for: only the gate's. */
	pol.no_interval = !g->gated;
	fb_compare(&(struct fb_side){ pa->value, pa->reps, pa->nreps,
				      pa->boot_values, pa->nboot_values, pa->vcpus },
		   &(struct fb_side){ pb->value, pb->reps, pb->nreps,
				      pb->boot_values, pb->nboot_values, pb->vcpus },
		   &pol, &c);
	g->e.a = c.base;
	g->e.b = c.now;
	g->e.ratio = c.ratio;
	g->e.lo = c.ci_lo;
	g->e.hi = c.ci_hi;
	/* One-sided, in the direction of the change: the one that decides. */
	g->e.p = c.ratio >= 1 ? c.p_slower : c.p_faster;
	g->v = !isfinite(c.ratio) ? FB_AB_UNTESTED :
	       c.v == FB_REGRESSED ? FB_AB_SLOWER :
	       c.v == FB_IMPROVED ? FB_AB_FASTER : FB_AB_SAME;
}

/* Controls, paired: significant after Holm (gated) and beyond the minimum effect. */
static enum fb_ab_verdict holm_verdict(const struct fb_ab *ab,
				       const struct fb_ab_fig *g)
{
	double p = g->gated ? g->p_adj : g->e.p;
	int sig = g->e.flat || p < ab->alpha;

	if (sig && g->e.ratio > 1.0 + ab->min_effect)
		return FB_AB_SLOWER;
	if (sig && g->e.ratio < 1.0 / (1.0 + ab->min_effect))
		return FB_AB_FASTER;
	return FB_AB_SAME;
}

static void summarize(struct fb_ab *ab)
{
	ab->widest = ab->gated ? 1.0 : NAN;
	for (size_t i = 0; i < ab->nfig; i++) {
		struct fb_ab_fig *g = &ab->fig[i];

		ab->only_a += g->v == FB_AB_ONLY_A;
		ab->only_b += g->v == FB_AB_ONLY_B;
		if (!g->gated)
			continue;
		ab->slower += g->v == FB_AB_SLOWER;
		ab->faster += g->v == FB_AB_FASTER;
		ab->same += g->v == FB_AB_SAME;
		ab->untested += g->v == FB_AB_UNTESTED;
		ab->settled += g->settled;
		if (!ab->widest_fig || g->width > ab->widest) {
			ab->widest = g->width;
			ab->widest_fig = g;
		}
	}
}

struct sides {
	const struct fb_results *a, *b;
	size_t n;
	struct index *ix;		/* A's files, then B's */
	struct fb_results pool[2];	/* repetitions: each side pooled */
	struct index pix[2];
	double *va, *vb, *pa, *pb;
	int *ha, *hb;
};

/* Figure @g (key @key): its values on each side, its role and its test. */
static void judge(struct fb_ab *ab, struct fb_ab_fig *g, const char *key,
		  struct sides *s, const struct fb_policy *pol,
		  const struct fb_ab_opts *o)
{
	const struct fb_metric *ma, *mb;
	long fa, fb;
	size_t np = 0, na, nb;
	char name[256];
	int ra, rb;

	fa = side_values(s->ix, s->n, key, ab->boot, s->va, s->ha, &ma);
	fb = side_values(s->ix + s->n, s->n, key, ab->boot, s->vb, s->hb, &mb);
	ra = ma ? role(&s->a[fa], ma, ab->test) : 0;
	rb = mb ? role(&s->b[fb], mb, ab->test) : 0;
	/* --figure: the others are left out of the gate (and of Holm's family). */
	fb_figure_name(g->m, name, sizeof(name));
	if (o->figure && !strstr(name, o->figure))
		ra = rb = 0;
	g->gated = ma && mb && (ra == 2 || rb == 2);
	g->shown = o->all || ra || rb;
	g->p_adj = NAN;
	/* The pairs that have it on both sides. */
	for (size_t i = 0; i < s->n; i++)
		if (s->ha[i] && s->hb[i]) {
			s->pa[np] = s->va[i];
			s->pb[np++] = s->vb[i];
		}
	na = compact(s->va, s->ha, s->n);
	nb = compact(s->vb, s->hb, s->n);
	if (!ma || !mb) {
		est_init(&g->e, 0);
		g->e.a = ma ? geomean(s->va, na) : NAN;
		g->e.b = mb ? geomean(s->vb, nb) : NAN;
		g->v = ma ? FB_AB_ONLY_A : FB_AB_ONLY_B;
		g->width = INFINITY;
		return;
	}
	if (ab->test == FB_AB_REPETITIONS) {
		est_init(&g->e, s->n);
		judge_repetitions(g, index_find(&s->pix[0], key),
				  index_find(&s->pix[1], key), *pol);
	} else if (ab->test == FB_AB_PAIRED) {
		g->v = fb_ab_paired(s->pa, s->pb, np, &g->e) ? FB_AB_UNTESTED : FB_AB_SAME;
	} else {
		g->v = fb_ab_unpaired(s->va, na, s->vb, nb, &g->e) ? FB_AB_UNTESTED : FB_AB_SAME;
	}
	g->width = g->v != FB_AB_UNTESTED && g->e.lo > 0 && isfinite(g->e.hi) ?
		   fmax(g->e.hi / g->e.ratio, g->e.ratio / g->e.lo) : INFINITY;
	g->settled = g->width <= ab->target;
}

static void sides_free(struct sides *s)
{
	for (size_t i = 0; s->ix && i < 2 * s->n; i++)
		index_free(&s->ix[i]);
	free(s->ix);
	for (int k = 0; k < 2; k++) {
		index_free(&s->pix[k]);
		fb_results_free(&s->pool[k]);
	}
	free(s->va);
	free(s->vb);
	free(s->pa);
	free(s->pb);
	free(s->ha);
	free(s->hb);
}

static int sides_init(struct sides *s, const struct fb_results *a,
		      const struct fb_results *b, size_t n, int pooled)
{
	int err = 0;

	memset(s, 0, sizeof(*s));
	fb_results_init(&s->pool[0]);
	fb_results_init(&s->pool[1]);
	s->a = a;
	s->b = b;
	s->n = n;
	s->ix = calloc(2 * n, sizeof(*s->ix));
	s->va = calloc(n, sizeof(double));
	s->vb = calloc(n, sizeof(double));
	s->pa = calloc(n, sizeof(double));
	s->pb = calloc(n, sizeof(double));
	s->ha = calloc(n, sizeof(int));
	s->hb = calloc(n, sizeof(int));
	if (!s->ix || !s->va || !s->vb || !s->pa || !s->pb || !s->ha || !s->hb)
		return -ENOMEM;
	for (size_t i = 0; i < 2 * n && !err; i++)
		err = index_build(&s->ix[i], i < n ? &a[i] : &b[i - n]);
	if (!err && pooled)
		err = pool_side(&s->pool[0], a, n) ?:
		      pool_side(&s->pool[1], b, n) ?:
		      index_build(&s->pix[0], &s->pool[0]) ?:
		      index_build(&s->pix[1], &s->pool[1]);
	return err;
}

int fb_ab_run(const struct fb_results *a, size_t na,
	      const struct fb_results *b, size_t nb,
	      const struct fb_ab_opts *o, struct fb_ab *ab, char *err,
	      size_t errlen)
{
	struct fb_results *all = NULL;
	struct fb_policy pol;
	struct sides s;
	char **keys = NULL;
	double *p = NULL, *adj = NULL;
	int rc;

	memset(ab, 0, sizeof(*ab));
	if (na != nb || !na) {
		snprintf(err, errlen, na != nb ?
			 "lists of different length: %zu files for A, %zu for B (pair i is the i-th file of each)" :
			 "no files to compare (%zu for A, %zu for B)", na, nb);
		return -EINVAL;
	}
	if ((rc = check_modes(a, na, b, nb, err, errlen)))
		return rc;
	ab->mode = fb_meta_get(&a[0].meta, "mode");
	ab->pairs = na;
	ab->label_a = o->label_a ? o->label_a : "";
	ab->label_b = o->label_b ? o->label_b : "";
	ab->figure = o->figure;
	ab->sha_a = meta_or_empty(&a[0], "git_sha");
	ab->sha_b = meta_or_empty(&b[0], "git_sha");
	ab->kernel_a = meta_or_empty(&a[0], "kernel_version");
	ab->kernel_b = meta_or_empty(&b[0], "kernel_version");
	choose_test(ab, o, a, na, b, nb);
	/* icount's repetitions pool the rounds themselves. */
	ab->boot = ab->test == FB_AB_REPETITIONS ? FB_AB_BOOT_MEDIAN : o->boot;
	/*
	 * repetitions: the icount policy, its threshold and alpha replaced
	 * by --min-effect and --alpha when given.
	 */
	fb_policy_for_mode("icount", &pol);
	if (!isnan(o->alpha))
		pol.alpha = o->alpha;
	if (!isnan(o->min_effect))
		pol.threshold = o->min_effect;
	ab->alpha = ab->test == FB_AB_REPETITIONS ? pol.alpha :
		    isnan(o->alpha) ? FB_AB_ALPHA : o->alpha;
	ab->min_effect = ab->test == FB_AB_REPETITIONS ? pol.threshold :
			 isnan(o->min_effect) ? FB_AB_MIN_EFFECT : o->min_effect;
	ab->target = isnan(o->target) ? FB_AB_TARGET : o->target;

	rc = sides_init(&s, a, b, na, ab->test == FB_AB_REPETITIONS);
	/* All files in one array, A's then B's, for the order first seen. */
	all = malloc(2 * na * sizeof(*all));
	if (!rc && all) {
		memcpy(all, a, na * sizeof(*all));
		memcpy(all + na, b, nb * sizeof(*all));
		rc = collect(ab, &keys, s.ix, all, 2 * na);
	}
	if (!rc && all)
		rc = group_by_workload(ab, keys);
	for (size_t i = 0; !rc && all && i < ab->nfig; i++)
		judge(ab, &ab->fig[i], keys[i], &s, &pol, o);
	p = calloc(ab->nfig ? ab->nfig : 1, sizeof(*p));
	adj = calloc(ab->nfig ? ab->nfig : 1, sizeof(*adj));
	if (!rc && (!all || !p || !adj))
		rc = -ENOMEM;
	if (!rc && ab->test != FB_AB_REPETITIONS) {
		/* The family: the gated figures tested; Holm over their two-sided p. */
		for (size_t i = 0; i < ab->nfig; i++)
			p[i] = ab->fig[i].gated && ab->fig[i].v != FB_AB_UNTESTED ?
			       ab->fig[i].e.p : NAN;
		fb_ab_holm(p, ab->nfig, adj);
		for (size_t i = 0; i < ab->nfig; i++) {
			struct fb_ab_fig *g = &ab->fig[i];

			g->p_adj = adj[i];
			if (g->v == FB_AB_SAME)
				g->v = holm_verdict(ab, g);
		}
	}
	if (!rc) {
		for (size_t i = 0; i < ab->nfig; i++)
			ab->gated += ab->fig[i].gated;
		summarize(ab);
	}
	for (size_t i = 0; keys && i < ab->nfig; i++)
		free(keys[i]);
	free(keys);
	free(p);
	free(adj);
	free(all);
	sides_free(&s);
	if (rc) {
		snprintf(err, errlen, "out of memory");
		fb_ab_free(ab);
	}
	return rc;
}

void fb_ab_free(struct fb_ab *ab)
{
	free(ab->fig);
	ab->fig = NULL;
	ab->nfig = 0;
}

static const char *num(char *buf, size_t n, const char *fmt, double v)
{
	if (isnan(v))
		return "-";
	snprintf(buf, n, fmt, v);
	return buf;
}

/* The status column: the gate's word on a gated figure, else info. */
static const char *status_of(const struct fb_ab_fig *g)
{
	if (!g->gated)
		return "info";
	switch (g->v) {
	case FB_AB_SLOWER: return "SLOW";
	case FB_AB_FASTER: return "fast";
	case FB_AB_UNTESTED: return "skip";
	default: return "ok";
	}
}

static void print_header(const struct fb_ab *ab, FILE *f)
{
	const char *what;

	fprintf(f, "# ab: mode %s, %zu pair%s of adjacent boots\n", ab->mode, ab->pairs,
		ab->pairs == 1 ? "" : "s");
	fprintf(f, "#   A: %s (git %.12s, kernel %s)\n#   B: %s (git %.12s, kernel %s)\n",
		*ab->label_a ? ab->label_a : "-", *ab->sha_a ? ab->sha_a : "?",
		*ab->kernel_a ? ab->kernel_a : "?", *ab->label_b ? ab->label_b : "-",
		*ab->sha_b ? ab->sha_b : "?", *ab->kernel_b ? ab->kernel_b : "?");
	if (ab->figure)
		fprintf(f, "# only figures whose name contains '%s' are gated (--figure)\n",
			ab->figure);
	if (ab->test == FB_AB_REPETITIONS) {
		fprintf(f, "# test: repetitions (%s): the files of each side pooled, Mann-Whitney U "
			"over the repetitions and a bootstrap interval (fb_compare); slower = ratio > "
			"%.3f (SMP guests: > %.3f) and one-sided p < %g, figure by figure; "
			"p: one-sided in the direction of the ratio, not adjusted\n",
			ab->reason, 1.0 + ab->min_effect,
			1.0 + fmax(ab->min_effect, FB_SMP_MIN), ab->alpha);
		return;
	}
	what = ab->test == FB_AB_PAIRED ?
	       "absolute figures, paired within adjacent A/B boots, one-sample t on log ratios" :
	       "in-boot control ratios, one boot a replicate, Welch t on the log figures, "
	       "ratio of geometric means";
	fprintf(f, "# test: %s (%s): %s; Holm over %d figures, alpha %g, min effect %g %%\n",
		fb_ab_test_name(ab->test), ab->reason, what, ab->gated - ab->untested, ab->alpha,
		100 * ab->min_effect);
	fprintf(f, "# a boot's figure: %s\n", ab->boot == FB_AB_BOOT_MEDIAN ?
		"the median of its rounds" :
		"its lowest round (--boot-value lowest; a ratio: the figure's lowest round "
		"over its control's)");
	fprintf(f, "# %s\n", ab->test == FB_AB_PAIRED ?
		"ratio figures are shown, not gated: the kernel moved their controls too" :
		"absolute figures are shown, not gated: under tcg and kvm they carry the host's speed");
	fprintf(f, "# p: two-sided, Holm-adjusted on gated figures (unadjusted on info rows); "
		"CI: 95 %% t interval of the ratio B/A\n");
}

void fb_ab_print(const struct fb_ab *ab, FILE *f)
{
	print_header(ab, f);
	fprintf(f, "# %-4s %-62s %12s %12s %7s %17s %8s  %s\n", "", "figure",
		"A", "B", "B/A", "95% CI", "p", "verdict");
	for (size_t i = 0; i < ab->nfig; i++) {
		const struct fb_ab_fig *g = &ab->fig[i];
		char name[256], ci[48] = "-", va[32], vb[32], r[32], p[32];
		const char *note = "";

		if (!g->shown)
			continue;
		fb_figure_name(g->m, name, sizeof(name));
		if (!isnan(g->e.lo))
			snprintf(ci, sizeof(ci), "[%.4f,%.4f]", g->e.lo, g->e.hi);
		if (g->v == FB_AB_ONLY_A || g->v == FB_AB_ONLY_B)
			note = g->v == FB_AB_ONLY_A ? " (only in A)" : " (only in B)";
		else if (g->v == FB_AB_UNTESTED)
			note = ab->test == FB_AB_PAIRED ?
			       " (fewer than 2 pairs, or a figure not above 0)" :
			       " (fewer than 2 boots a side, or a figure not above 0)";
		else if (g->e.flat)
			note = " (no spread: exact ratio)";
		if (!g->gated && !*note)
			note = " (not gated)";
		fprintf(f, "%-4s %-62s %12s %12s %7s %17s %8s  %s%s\n", status_of(g),
			name, num(va, sizeof(va), "%.6g", g->e.a),
			num(vb, sizeof(vb), "%.6g", g->e.b),
			num(r, sizeof(r), "%.4f", g->e.ratio), ci,
			num(p, sizeof(p), "%.2g", g->gated && !isnan(g->p_adj) ? g->p_adj : g->e.p),
			g->v == FB_AB_ONLY_A || g->v == FB_AB_ONLY_B ? "-" :
			fb_ab_verdict_name(g->v), note);
	}
	if (ab->only_a || ab->only_b)
		fprintf(f, "# %d figures only in A, %d only in B (not gated; listed: those the gate "
			"would test or show, --all: every one)\n", ab->only_a, ab->only_b);
	fprintf(f, "ab: %d slower, %d faster, %d same, %d untested (of %d gated figures; %zu pairs)\n",
		ab->slower, ab->faster, ab->same, ab->untested, ab->gated, ab->pairs);
}

int fb_ab_print_status(const struct fb_ab *ab, FILE *f)
{
	char name[256] = "none";

	if (ab->widest_fig)
		fb_figure_name(ab->widest_fig->m, name, sizeof(name));
	fprintf(f, "pairs %zu; widest interval x/÷%.3f (%s); settled %d of %d; \n",
		ab->pairs, ab->gated ? ab->widest : 1.0, name, ab->settled, ab->gated);
	return ab->settled == ab->gated ? 0 : 3;
}

/* A number, or null where there is none (JSON has no NaN). */
static json_t *jnum(double v)
{
	if (!isfinite(v))
		return json_null();
	if (v == floor(v) && fabs(v) < 1e15)
		return json_integer((json_int_t)v);
	return json_real(v);
}

static json_t *side_json(const char *label, const char *sha, const char *kernel)
{
	return json_pack("{s:s, s:s, s:s}", "label", label, "git_sha", sha,
			 "kernel_version", kernel);
}

static json_t *fig_json(const struct fb_ab_fig *g)
{
	const struct fb_metric *m = g->m;

	return json_pack("{s:s, s:s, s:s, s:s, s:o, s:s, s:s, s:i, s:i, s:b, s:o, s:o,"
			 " s:o, s:o, s:o, s:o, s:o, s:I, s:s, s:b}",
			 "workload", m->workload, "backend", m->backend,
			 "series", m->series, "xname", m->xname, "x", jnum(m->x),
			 "metric", m->metric, "unit", m->unit, "vcpus", m->vcpus,
			 "numa", m->numa, "gated", g->gated, "a", jnum(g->e.a),
			 "b", jnum(g->e.b), "ratio", jnum(g->e.ratio),
			 "ci_lo", jnum(g->e.lo), "ci_hi", jnum(g->e.hi),
			 "p", jnum(g->e.p), "p_adj", jnum(g->p_adj),
			 "n", (json_int_t)g->e.n, "verdict", fb_ab_verdict_name(g->v),
			 "settled", g->settled);
}

static json_t *ab_json(const struct fb_ab *ab)
{
	json_t *figs = json_array();

	for (size_t i = 0; figs && i < ab->nfig; i++)
		if (json_array_append_new(figs, fig_json(&ab->fig[i]))) {
			json_decref(figs);
			return NULL;
		}
	return json_pack("{s:s, s:s, s:s, s:s, s:s, s:I, s:o, s:o, s:o, s:o, s:o, s:o, s:o,"
			 " s:{s:i, s:i, s:i, s:i, s:i, s:o, s:i, s:i, s:i}}",
			 "schema", "fencebench-ab-1", "mode", ab->mode,
			 "test", fb_ab_test_name(ab->test), "test_reason", ab->reason,
			 "boot_value", ab->test == FB_AB_REPETITIONS ? "pooled" :
			 fb_ab_boot_name(ab->boot),
			 "pairs", (json_int_t)ab->pairs, "alpha", jnum(ab->alpha),
			 "min_effect", jnum(ab->min_effect), "target", jnum(ab->target),
			 "a", side_json(ab->label_a, ab->sha_a, ab->kernel_a),
			 "b", side_json(ab->label_b, ab->sha_b, ab->kernel_b),
			 "figure", ab->figure ? json_string(ab->figure) : json_null(),
			 "figures", figs, "summary", "slower", ab->slower,
			 "faster", ab->faster, "same", ab->same,
			 "untested", ab->untested, "gated", ab->gated,
			 "widest", jnum(ab->widest), "settled", ab->settled,
			 "only_a", ab->only_a, "only_b", ab->only_b);
}

static void write_csv(const struct fb_ab *ab, FILE *f)
{
	int index = 0;

	fprintf(f, "index,workload,label,ratio,ci_lo,ci_hi,verdict\n");
	for (size_t i = 0; i < ab->nfig; i++) {
		const struct fb_ab_fig *g = &ab->fig[i];
		char label[256];
		/* No interval (untested): the ratio itself, a bar of no width. */
		double lo = isnan(g->e.lo) ? g->e.ratio : g->e.lo;
		double hi = isnan(g->e.hi) ? g->e.ratio : g->e.hi;

		if (!g->gated)
			continue;
		fb_figure_name(g->m, label, sizeof(label));
		for (char *c = label; *c; c++)
			if (*c == ',')
				*c = ';';
		fprintf(f, "%d,%s,%s,%.6g,%.6g,%.6g,%s\n", index++, g->m->workload,
			label, g->e.ratio, lo, hi, fb_ab_verdict_name(g->v));
	}
}

static int fill_json(FILE *f, const void *doc)
{
	return json_dumpf(doc, f, JSON_INDENT(1) | JSON_REAL_PRECISION(10)) ||
	       fputc('\n', f) == EOF;
}

static int fill_csv(FILE *f, const void *ab)
{
	write_csv(ab, f);
	return 0;
}

int fb_ab_write(const struct fb_ab *ab, const char *dir)
{
	json_t *doc = ab_json(ab);
	char path[4096];
	int err;

	if (!doc)
		return -ENOMEM;
	snprintf(path, sizeof(path), "%s/ab.json", dir);
	err = fb_write_atomic(path, fill_json, doc);
	json_decref(doc);
	snprintf(path, sizeof(path), "%s/ab.csv", dir);
	return err ?: fb_write_atomic(path, fill_csv, ab);
}
