// SPDX-License-Identifier: GPL-2.0
/* verdict.c - regression verdict of one figure (policy in verdict.h). */
#include "verdict.h"

#include <math.h>
#include <string.h>

#include "stats.h"

void fb_policy_for_mode(const char *mode, struct fb_policy *p)
{
	if (mode && !strcmp(mode, "icount")) {
		p->threshold = 0.01;
		p->alpha = 0.05;
	} else {
		p->threshold = 0.10;
		p->alpha = 0.01;
	}
}

void fb_compare(const double *base_reps, size_t nb, double base,
		const double *now_reps, size_t nn, double now,
		const struct fb_policy *pol, struct fb_cmp *out)
{
	int tested = nb >= 2 && nn >= 2;

	out->base = base;
	out->now = now;
	out->ratio = base > 0 ? now / base : NAN;
	out->ci_lo = out->ci_hi = NAN;
	out->p_slower = out->p_faster = tested ? 1.0 : NAN;
	out->v = FB_SAME;
	if (tested) {
		out->p_slower = fb_mann_whitney_greater(base_reps, nb,
							now_reps, nn);
		out->p_faster = fb_mann_whitney_greater(now_reps, nn,
							base_reps, nb);
		fb_bootstrap_ratio_ci(base_reps, nb, now_reps, nn, 2000, 0.05,
				      12345, &out->ci_lo, &out->ci_hi);
	}
	if (!isfinite(out->ratio))
		return;
	if (out->ratio > 1.0 + pol->threshold &&
	    (!tested || out->p_slower < pol->alpha))
		out->v = FB_REGRESSED;
	else if (out->ratio < 1.0 - pol->threshold &&
		 (!tested || out->p_faster < pol->alpha))
		out->v = FB_IMPROVED;
}

const char *fb_verdict_name(enum fb_verdict v)
{
	switch (v) {
	case FB_REGRESSED: return "REGRESSED";
	case FB_IMPROVED: return "improved";
	default: return "same";
	}
}
