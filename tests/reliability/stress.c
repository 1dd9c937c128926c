// SPDX-License-Identifier: GPL-2.0
/* stress.c - rel-stress: multi-threaded load on the fence backends (main + case table). */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stress.h"

/*
 * mainline_race: the case races fence closes against SW_SYNC_IOC_INC, which
 * trips a use-after-free in the guest kernel's own sw_sync (6.1.192,
 * drivers/dma-buf/sw_sync.c: sync_timeline_signal() gets a fence whose
 * count already reached 0; docs/mainline-sw_sync-race.md). That is an
 * upstream bug, not one of ours: on the mainline backend these cases run
 * only when named with --case (make reproduce-mainline-race does), and a
 * whole-table run (the CI campaign) reports them as skipped, naming the
 * doc. legacy and dma always run them. merge-storm-32 is one of them: a
 * merge keeps only the later of two points on one timeline, so closing its
 * inputs frees pending points while the signaller increments (seen once on
 * the debug guest: the same WARN, in the built-in sync_timeline_signal()).
 * A guest kernel built with a series that fixes it (make
 * KERNEL_PATCHES=patches/linux/sw_sync-race, whose fixes file names
 * mainline-sw_sync-race, listed in /fb/etc/kernel-fixes) runs them always.
 */
static const struct {
	const char *name;
	void (*run)(const struct stress_params *p);
	bool mainline_race;
	unsigned int caps;	/* FB_CAP_* the backend needs, or skip */
} cases[] = {
	{ "producers-consumers", stress_prodcons, false, 0 },
	{ "merge-storm-32", stress_merge_storm, true, 0 },
	{ "close-while-signalling", stress_close_signalling, true, 0 },
	{ "close-during-signal-walk", stress_close_signal_walk, true, 0 },
	{ "timeline-close-waiters", stress_timeline_close, false, 0 },
	{ "fork-scm-rights", stress_fd_passing, false, 0 },
	{ "churn", stress_churn, false, 0 },
	{ "u32-wrap", stress_wrap, false, 0 },
	{ "export-poll-last-ref", stress_export_last_ref, false, FB_CAP_DMA_INTEROP },
};

/* Does the guest kernel carry a fix for the mainline sw_sync race? */
static bool mainline_race_fixed(void)
{
	FILE *f = fopen("/fb/etc/kernel-fixes", "r");
	char line[128];
	bool fixed = false;

	if (!f)
		return false;
	while (!fixed && fgets(line, sizeof(line), f)) {
		line[strcspn(line, " \t\r\n")] = '\0';
		fixed = !strcmp(line, "mainline-sw_sync-race");
	}
	fclose(f);
	return fixed;
}

static struct stress_params p;
static const char *case_list = "all";	/* --case */

static const struct fb_param params[] = {
	{ .name = "threads", .type = FB_PARAM_UINT, .val = &p.threads,
	  .def = "4", .help = "worker threads per case", .min = 1, .max = 64 },
	{ .name = "iters", .type = FB_PARAM_UINT, .val = &p.iters,
	  .def = "200", .help = "scales every case", .min = 1, .max = 10000000 },
	{ .name = "churn", .type = FB_PARAM_U64, .val = &p.churn,
	  .def = "1000000", .help = "fence lifetimes of the churn case",
	  .min = 1, .max = 1000000000000 },
	{ .name = "seed", .type = FB_PARAM_U64, .val = &p.seed,
	  .def = "1", .help = "seed of the cases' random choices",
	  .min = 0, .max = ULONG_MAX },
	{ 0 },
};

/* The @i-th case name; NULL past the last. */
static const char *case_name(size_t i)
{
	if (i >= sizeof(cases) / sizeof(cases[0]))
		return NULL;
	return cases[i].name;
}

static const struct fb_opt opts[] = {
	{ .name = "case", .type = FB_OPT_NAMES, .val = &case_list, .arg = "LIST",
	  .help = "comma list of cases, or all (default)", .names = case_name },
	{ 0 },
};

int main(int argc, char **argv)
{
	const struct fb_syncdev *devs[REL_MAX_BACKENDS];
	bool race_fixed = mainline_race_fixed(), named;
	int n, code;

	n = rel_begin_backends(argc, argv, "rel-stress", params, opts, devs, &code);
	if (n < 0)
		return code;
	/* Cases named with --case run even where the table skips them. */
	named = strcmp(case_list, "all");
	printf("rel-stress: threads=%u iters=%u churn=%llu seed=%llu\n", p.threads,
	       p.iters, (unsigned long long)p.churn, (unsigned long long)p.seed);
	for (int b = 0; b < n; b++) {
		if (!rel_backend_use(devs[b], "stress"))
			continue;
		p.dev = devs[b];
		for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
			unsigned long long t0 = rel_now_ns();
			int fds = rel_count_fds();

			if (!fb_cli_selected(case_list, cases[i].name))
				continue;
			rel_case_begin("stress/%s", cases[i].name);
			if (cases[i].mainline_race && !named &&
			    !strcmp(p.dev->name, "mainline") && !race_fixed) {
				rel_case_skip("upstream sw_sync race of close and SW_SYNC_IOC_INC (docs/mainline-sw_sync-race.md; run it with --case %s or make reproduce-mainline-race)",
					      cases[i].name);
				continue;
			}
			if ((p.dev->caps & cases[i].caps) != cases[i].caps) {
				rel_case_skip("needs sync_file interop");
				continue;
			}
			cases[i].run(&p);
			if (REL_CHECK(rel_count_fds() == fds, "fds before %d, after %d",
				      fds, rel_count_fds()) == false)
				rel_fig()->leaks += (unsigned int)abs(rel_count_fds() - fds);
			printf("     %s stress/%s took %.1f s\n", p.dev->name, cases[i].name,
			       (rel_now_ns() - t0) / 1e9);
			rel_case_end();
		}
	}
	return rel_finish();
}
