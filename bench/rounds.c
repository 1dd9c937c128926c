// SPDX-License-Identifier: GPL-2.0
/* rounds.c - interleaved rounds and in-round control ratios (rounds.h). */
#include "rounds.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stats.h"

/* Move what one backend's run recorded in @from into the pools of @acc. */
static int pool_round(struct fb_results *acc, struct fb_results *from)
{
	int err = 0;

	for (size_t i = 0; i < from->nm && !err; i++)
		err = fb_results_append_rep(acc, &from->m[i], from->m[i].value);
	for (size_t i = 0; i < from->nh && !err; i++)
		err = fb_results_pool_hist(acc, &from->h[i]);
	fb_results_free(from);
	fb_results_init(from);
	return err;
}

/*
 * The control figure of @m in @acc, or NULL; *@gate: whether the ratio is
 * gated (the workload's word, and never for a batch figure: under tcg a
 * batch mean keeps every host hiccup that lands in it).
 */
static const struct fb_metric *control_of(const struct fb_results *acc,
					  const struct fb_workload *w,
					  const struct fb_metric *m, int *gate)
{
	const char *ctl;
	struct fb_metric k = *m;
	char key[512];

	if (!w->floor || !m->gate || strcmp(m->unit, "ns"))
		return NULL;
	ctl = w->floor(m, gate);
	if (!ctl || !strcmp(ctl, m->backend))
		return NULL;
	if (strstr(m->metric, "_batch"))
		*gate = 0;
	k.backend = (char *)ctl;
	fb_metric_key(&k, key, sizeof(key));
	return fb_results_find(acc, key);
}

/* The ratio figure of @m to its control @f, round by round. */
static int add_ratio(struct fb_results *out, const struct fb_metric *m,
		     const struct fb_metric *f, int gate)
{
	struct fb_metric t = *m;
	char name[128];
	double *v;
	int err;

	if (m->nreps != f->nreps) {
		printf("[fencebench] WARNING: %s %s %s %s: %zu rounds against %zu of its control %s: no ratio\n",
		       m->workload, m->backend, m->series, m->metric,
		       m->nreps, f->nreps, f->backend);
		return 0;
	}
	v = calloc(m->nreps, sizeof(double));
	if (!v)
		return -ENOMEM;
	for (size_t i = 0; i < m->nreps; i++)
		v[i] = f->reps[i] > 0 ? m->reps[i] / f->reps[i] : 0;
	snprintf(name, sizeof(name), "%s_vs_%s", m->metric, f->backend);
	t.metric = name;
	t.unit = "ratio";
	t.gate = gate;
	t.boot_values = NULL;
	t.nboot_values = 0;
	t.value = fb_median(v, m->nreps);
	err = fb_results_add_metric(out, &t, v, m->nreps);
	free(v);
	return err;
}

int fb_run_interleaved(struct fb_ctx *c, const struct fb_workload *w,
		       const struct fb_backend *const *b, size_t nb)
{
	struct fb_results acc, one;
	struct fb_ctx rc = *c;
	unsigned long saved[64];
	size_t np = 0;
	int err = 0;

	fb_results_init(&acc);
	fb_results_init(&one);
	rc.res = &one;
	rc.reps = 1;
	/* The workload's budgets (samples, rounds) are split over the rounds. */
	for (const struct fb_param *p = w->params; p && p->name && np < 64; p++)
		saved[np++] = fb_param_split(p, c->reps);
	for (unsigned int r = 0; r < c->reps && !err; r++) {
		unsigned int nparts = w->run_part ? w->nparts(&rc) : 1;

		rc.warmup = r ? 0 : c->warmup;
		fb_progress("%s: round %u of %u (%zu backends interleaved)",
			    w->name, r + 1, c->reps, nb);
		for (unsigned int part = 0; part < nparts && !err; part++) {
			for (size_t i = 0; i < nb && !err; i++) {
				rc.failures = 0;
				fb_running(&rc, w, b[i], r, c->reps, part,
					   nparts);
				if (w->run_part)
					w->run_part(&rc, b[i], part);
				else
					w->run(&rc, b[i]);
				c->failures += rc.failures;
				err = pool_round(&acc, &one);
			}
		}
	}
	/* Values over the rounds; absolute figures are shown, not gated. */
	for (size_t i = 0; i < acc.nm && !err; i++) {
		struct fb_metric *m = &acc.m[i];
		int gate = 0;
		const struct fb_metric *f = control_of(&acc, w, m, &gate);

		m->value = fb_median(m->reps, m->nreps);
		if (f)
			err = add_ratio(c->res, m, f, gate);
	}
	for (size_t i = 0; i < acc.nm && !err; i++) {
		acc.m[i].gate = 0;
		err = fb_results_copy_metric(c->res, &acc.m[i]);
	}
	for (size_t i = 0; i < acc.nh && !err; i++)
		err = fb_results_copy_hist(c->res, &acc.h[i]);
	fb_results_free(&acc);
	fb_results_free(&one);
	for (size_t i = 0; i < np; i++)
		fb_param_restore(&w->params[i], saved[i]);
	return err;
}
