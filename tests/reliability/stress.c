// SPDX-License-Identifier: GPL-2.0
/* stress.c - rel-stress: multi-threaded load on the fence backends (main + case table). */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stress.h"

static const struct {
	const char *name;
	void (*run)(const struct stress_params *p);
} cases[] = {
	{ "producers-consumers", stress_prodcons },
	{ "merge-storm-32", stress_merge_storm },
	{ "close-while-signalling", stress_close_signalling },
	{ "timeline-close-waiters", stress_timeline_close },
	{ "fork-scm-rights", stress_fd_passing },
	{ "churn", stress_churn },
	{ "u32-wrap", stress_wrap },
};

static void usage(void)
{
	printf("usage: rel-stress [--backend NAME|all] [--threads N] [--iters N]\n"
	       "                  [--churn N] [--seed S] [--case NAME]\n"
	       "  --iters scales every case (default 200); --churn is the number of\n"
	       "  fence lifetimes of the churn case (default 1000000).\n");
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "backend", required_argument, NULL, 'b' },
		{ "threads", required_argument, NULL, 't' },
		{ "iters", required_argument, NULL, 'i' },
		{ "churn", required_argument, NULL, 'c' },
		{ "seed", required_argument, NULL, 's' },
		{ "case", required_argument, NULL, 'k' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct stress_params p = { .threads = 4, .iters = 200, .churn = 1000000, .seed = 1 };
	const struct fb_syncdev *devs[REL_MAX_BACKENDS];
	const char *spec = "all", *only = NULL;
	int n, c;

	while ((c = getopt_long(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'b': spec = optarg; break;
		case 't': p.threads = strtoul(optarg, NULL, 0); break;
		case 'i': p.iters = strtoul(optarg, NULL, 0); break;
		case 'c': p.churn = strtoul(optarg, NULL, 0); break;
		case 's': p.seed = strtoull(optarg, NULL, 0); break;
		case 'k': only = optarg; break;
		default: usage(); return c == 'h' ? 0 : 2;
		}
	}
	if (!p.threads || !p.iters) {
		usage();
		return 2;
	}
	rel_begin("rel-stress");
	n = rel_backends_parse(spec, devs);
	if (n < 0)
		return 2;
	printf("rel-stress: threads=%u iters=%u churn=%lu seed=%llu\n", p.threads,
	       p.iters, p.churn, (unsigned long long)p.seed);
	for (int b = 0; b < n; b++) {
		if (!rel_backend_use(devs[b], "stress"))
			continue;
		p.dev = devs[b];
		for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
			unsigned long long t0 = rel_now_ns();
			int fds = rel_count_fds();

			if (only && strcmp(only, cases[i].name))
				continue;
			rel_case_begin("stress/%s", cases[i].name);
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
