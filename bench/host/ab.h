/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ab.h - verdict of an A/B comparison (fbtool ab): two builds, or two
 * kernels, booted alternately (A B B A A B ...), one results.json per
 * boot. The i-th file of A and the i-th file of B were booted next to
 * each other: pair i.
 *
 * What the replicate is, and so which test, depends on what can differ
 * between the sides (enum fb_ab_test):
 *
 * - repetitions (icount): boots of one build are identical, so the files
 *   of a side are pooled (fb_results_pool_metric) and every gated figure
 *   is judged by fb_compare under the icount policy (Mann-Whitney U over
 *   the repetitions, 1 % threshold, FB_SMP_MIN for SMP guests).
 * - controls (tcg, kvm; the same kernel on both sides): a figure's
 *   absolute value is the host's speed of those minutes, but its ratio to
 *   a control measured in the same round is not. The gated in-boot
 *   control ratios are tested, one boot a replicate: Welch's t on the log
 *   figures (fb_compare by boot), the ratio of the geometric means B/A
 *   and its 95 % t interval.
 * - paired (tcg, kvm; the kernels differ): the kernel moves the controls
 *   too, so the ratios no longer isolate the code. The absolute figures
 *   are tested instead, and the host's drift is taken out by pairing:
 *   d_i = log B_i - log A_i of adjacent boots, a one-sample t-test on d,
 *   ratio exp(mean d) and its 95 % t interval.
 *
 * For controls and paired, the p-values (two-sided) of the tested figures
 * are adjusted together (Holm-Bonferroni, family-wise level alpha) and a
 * figure is slower only when its adjusted p is below alpha and its ratio
 * beyond 1 + min_effect (faster: below 1 / (1 + min_effect)). A figure
 * whose replicates do not vary at all on either side is decided by its
 * (exact) ratio alone.
 *
 * What one boot contributes (controls, paired; enum fb_ab_boot): its
 * figure, the median of its rounds (the default), or its fastest round
 * (--boot-value lowest). Under tcg and kvm the host's speed comes in
 * spells: on the 2-core cloud host fencebench was built on, a plain loop
 * ran at one speed or at about half of it for milliseconds to seconds at
 * a time (docs/bench-method.md, "make ab"). When a boot's rounds fall
 * about half in fast and half in slow spells, its median moves with the
 * share; its lowest round does not, as long as one round ran fast. When
 * fast rounds are few, some boots have none and the median is steadier
 * (measured both ways). A ratio's (<m>_vs_<c>) lowest
 * is the lowest round of <m> over the lowest round of <m> of backend
 * <c>, both of that boot; a file without those figures' rounds (one
 * round, or a ratio without its two figures) gives its own figure.
 *
 * Under tcg and kvm an absolute figure is never gated in the files
 * (bench/rounds.c gates its ratio to the control instead): paired tests
 * the gated absolute figures, and the absolute figure behind each gated
 * ratio (<metric> for <metric>_vs_<control>, of every backend, the
 * control's own included).
 */
#ifndef FB_AB_H
#define FB_AB_H

#include <stddef.h>
#include <stdio.h>

#include "results.h"

enum fb_ab_test { FB_AB_AUTO, FB_AB_CONTROLS, FB_AB_PAIRED, FB_AB_REPETITIONS };

/* A boot's value of a figure (controls, paired): see above. */
enum fb_ab_boot { FB_AB_BOOT_MEDIAN, FB_AB_BOOT_LOWEST };

enum fb_ab_verdict {
	FB_AB_SAME, FB_AB_SLOWER, FB_AB_FASTER, FB_AB_UNTESTED,
	FB_AB_ONLY_A, FB_AB_ONLY_B,
};

#define FB_AB_ALPHA 0.05
#define FB_AB_MIN_EFFECT 0.02
#define FB_AB_TARGET 1.03

struct fb_ab_opts {
	enum fb_ab_test test;
	double alpha;		/* NAN: FB_AB_ALPHA (repetitions: the policy's) */
	double min_effect;	/* NAN: FB_AB_MIN_EFFECT (repetitions: the policy's) */
	double target;		/* NAN: FB_AB_TARGET */
	int all;		/* show every figure, not only the gate's */
	const char *label_a, *label_b;
	const char *figure;	/* NULL, or only figures whose name has it (make bisect) */
	enum fb_ab_boot boot;	/* 0: the median of the rounds */
};

/* One test of one figure: its ratio B/A, 95 % interval and two-sided p. */
struct fb_ab_est {
	double a, b;		/* geometric means of the replicates used */
	double ratio, lo, hi, p;
	size_t n;		/* pairs, or the fewer boots of a side */
	int flat;		/* no spread at all: the ratio is exact */
};

struct fb_ab_fig {
	const struct fb_metric *m;	/* points into the first input that has it */
	int gated;		/* tested: counts in the verdict and in Holm */
	int shown;		/* in the table (gated, its companion, --all) */
	struct fb_ab_est e;	/* NAN where not measured */
	double p_adj;		/* Holm (controls, paired; gated figures only) */
	enum fb_ab_verdict v;
	double width;		/* max(hi / ratio, ratio / lo); INFINITY untested */
	int settled;		/* width <= target */
};

struct fb_ab {
	const char *mode;
	enum fb_ab_test test;
	enum fb_ab_boot boot;	/* controls, paired */
	char reason[512];	/* why this test */
	size_t pairs;
	double alpha, min_effect, target;
	const char *label_a, *label_b;
	const char *figure;	/* --figure, or NULL */
	const char *sha_a, *sha_b, *kernel_a, *kernel_b;	/* meta, or "" */
	struct fb_ab_fig *fig;	/* workload by workload */
	size_t nfig;
	int slower, faster, same, untested, gated, settled, only_a, only_b;
	double widest;		/* of the gated figures; INFINITY if one is untested */
	const struct fb_ab_fig *widest_fig;
};

/*
 * Compare @na result sets @a with @nb result sets @b (one boot each, pair
 * i = a[i], b[i]). 0, or -EINVAL (lists of different length, empty, timing
 * modes that differ or are missing) / -ENOMEM with a message in @err.
 * @out points into @a and @b: they must outlive it.
 */
int fb_ab_run(const struct fb_results *a, size_t na,
	      const struct fb_results *b, size_t nb,
	      const struct fb_ab_opts *o, struct fb_ab *out, char *err,
	      size_t errlen);
void fb_ab_free(struct fb_ab *ab);

/* The tests of one figure; 0, or -1 when it cannot be tested. */
int fb_ab_paired(const double *a, const double *b, size_t n,
		 struct fb_ab_est *e);
int fb_ab_unpaired(const double *a, size_t na, const double *b, size_t nb,
		   struct fb_ab_est *e);
/* Holm-Bonferroni adjusted p-values of @n p-values (NAN ones left out). */
void fb_ab_holm(const double *p, size_t n, double *adj);

const char *fb_ab_test_name(enum fb_ab_test t);
const char *fb_ab_boot_name(enum fb_ab_boot b);
const char *fb_ab_verdict_name(enum fb_ab_verdict v);
/* "workload backend series [x=..] metric cpus=N": a figure for people. */
void fb_figure_name(const struct fb_metric *m, char *buf, size_t n);

/* The table: header, one row per shown figure, the summary line. */
void fb_ab_print(const struct fb_ab *ab, FILE *f);
/* The one line of --status; 0 when every gated figure is settled, else 3. */
int fb_ab_print_status(const struct fb_ab *ab, FILE *f);
/* DIR/ab.json and DIR/ab.csv, each atomically. 0 or -errno. */
int fb_ab_write(const struct fb_ab *ab, const char *dir);

#endif /* FB_AB_H */
