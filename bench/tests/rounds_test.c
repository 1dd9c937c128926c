// SPDX-License-Identifier: GPL-2.0
/*
 * rounds_test.c - unit tests of the interleaved rounds (bench/rounds.c):
 * the order backends and parts run in, and the per-round control ratios
 * under a drift that every backend shares.
 */
#include <stdio.h>
#include <string.h>

#include "../rounds.h"
#include "check.h"

#define REPS	4
#define NPARTS	3
#define NBACK	2

/* What ran, in order: backend index * 16 + part. */
static int order[REPS * NPARTS * NBACK + 8];
static int norder;
static unsigned int round_of;	/* counts parts run on the first backend */

/* The control (fb_floor_reference()) is the registered reference backend. */
static const struct fb_backend be_mainline = { .name = "mainline", .reference = 1 };
static const struct fb_backend be_legacy = { .name = "legacy" };

FB_BACKEND_REGISTER(be_mainline);

/*
 * The figure of part @part on @b: the host speed of this round (drifting
 * by 3x between rounds) times 2 on legacy, so every per-round ratio is 2
 * while the absolute figures spread.
 */
static int record(struct fb_ctx *c, const struct fb_backend *b, int part)
{
	static const double speed[REPS] = { 100, 300, 150, 250 };
	char series[16];
	struct fb_fig f = {
		.workload = "fake", .backend = b->name, .series = series,
		.metric = "op_ns", .unit = "ns", .gate = 1,
	};
	unsigned int r = (round_of - 1) / NPARTS;
	double v = speed[r % REPS] * (b == &be_legacy ? 2 : 1) + part;

	snprintf(series, sizeof(series), "p%d", part);
	if (norder < (int)(sizeof(order) / sizeof(order[0])))
		order[norder++] = (b == &be_legacy) * 16 + part;
	return fb_record(c, &f, &v, 1);
}

static unsigned int fake_nparts(const struct fb_ctx *c)
{
	(void)c;
	return NPARTS;
}

static int fake_part(struct fb_ctx *c, const struct fb_backend *b,
		     unsigned int part)
{
	if (b == &be_mainline)
		round_of++;
	return record(c, b, (int)part);
}

static int fake_whole(struct fb_ctx *c, const struct fb_backend *b)
{
	if (b == &be_mainline)
		round_of += NPARTS;
	return record(c, b, 0);
}

static const struct fb_workload wl_parts = {
	.name = "fake", .nparts = fake_nparts, .run_part = fake_part,
	.floor = fb_floor_reference,
};

static const struct fb_workload wl_whole = {
	.name = "fake", .run = fake_whole, .floor = fb_floor_reference,
};

static const struct fb_metric *find(const struct fb_results *r,
				    const char *backend, const char *series,
				    const char *metric)
{
	for (size_t i = 0; i < r->nm; i++)
		if (!strcmp(r->m[i].backend, backend) &&
		    !strcmp(r->m[i].series, series) &&
		    !strcmp(r->m[i].metric, metric))
			return &r->m[i];
	return NULL;
}

static void reset(void)
{
	norder = 0;
	round_of = 0;
}

static void test_part_major(void)
{
	const struct fb_backend *b[NBACK] = { &be_mainline, &be_legacy };
	struct fb_results res;
	struct fb_ctx c = { .res = &res, .mode = "tcg", .reps = REPS };
	const struct fb_metric *m;
	int ok = 1, ratios_ok = 1;

	reset();
	fb_results_init(&res);
	CHECK(!fb_run_interleaved(&c, &wl_parts, b, NBACK),
	      "interleaved run with parts succeeds");
	CHECK(norder == REPS * NPARTS * NBACK, "%d backend-parts ran (want %d)",
	      norder, REPS * NPARTS * NBACK);
	/* Round by round, part by part, every backend before the next part. */
	for (int i = 0; i < norder; i++) {
		int want = (i % NBACK) * 16 + (i / NBACK) % NPARTS;

		if (order[i] != want)
			ok = 0;
	}
	CHECK(ok, "order is round > part > backend (part-major within a round)");
	for (int p = 0; p < NPARTS; p++) {
		char s[8];

		snprintf(s, sizeof(s), "p%d", p);
		m = find(&res, "legacy", s, "op_ns_vs_mainline");
		if (!m || m->nreps != REPS || !m->gate || strcmp(m->unit, "ratio")) {
			ratios_ok = 0;
			continue;
		}
		for (size_t i = 0; i < m->nreps; i++) {
			/* (2 * speed + p) / (speed + p) */
			double lo = 1.9, hi = 2.0;

			if (m->reps[i] < lo || m->reps[i] > hi)
				ratios_ok = 0;
		}
	}
	CHECK(ratios_ok, "each part's ratio is per round, gated, unit ratio, and cancels the drift");
	m = find(&res, "legacy", "p0", "op_ns");
	CHECK(m && !m->gate && m->nreps == REPS,
	      "absolute figures are kept, one repetition per round, ungated");
	CHECK(m && m->reps[1] == 600 && m->reps[0] == 200,
	      "absolute repetitions are the figures of their rounds");
	CHECK(!find(&res, "mainline", "p0", "op_ns_vs_mainline"),
	      "the control has no ratio to itself");
	fb_results_free(&res);
}

static void test_whole_sweep(void)
{
	const struct fb_backend *b[NBACK] = { &be_mainline, &be_legacy };
	struct fb_results res;
	struct fb_ctx c = { .res = &res, .mode = "tcg", .reps = REPS };
	const struct fb_metric *m;
	int ok = 1;

	reset();
	fb_results_init(&res);
	CHECK(!fb_run_interleaved(&c, &wl_whole, b, NBACK),
	      "interleaved run without parts succeeds");
	for (int i = 0; i < norder; i++)
		if (order[i] != (i % NBACK) * 16)
			ok = 0;
	CHECK(ok && norder == REPS * NBACK,
	      "a workload without parts runs whole, backends alternating");
	m = find(&res, "legacy", "p0", "op_ns_vs_mainline");
	CHECK(m && m->nreps == REPS && m->value == 2,
	      "its ratio is the median of per-round ratios (%g)", m ? m->value : 0);
	fb_results_free(&res);
}

static void test_run_in_order(void)
{
	struct fb_results res;
	struct fb_ctx c = { .res = &res, .mode = "icount", .reps = 1 };
	int ok = 1;

	reset();
	fb_results_init(&res);
	CHECK(!fb_workload_run(&wl_parts, &c, &be_legacy),
	      "fb_workload_run runs a workload of parts");
	for (int i = 0; i < norder; i++)
		if (order[i] != 16 + i)
			ok = 0;
	CHECK(ok && norder == NPARTS, "its parts run once each, in order");
	fb_results_free(&res);
}

int main(void)
{
	test_part_major();
	test_whole_sweep();
	test_run_in_order();
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
