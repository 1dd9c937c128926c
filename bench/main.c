// SPDX-License-Identifier: GPL-2.0
/* main.c - fencebench: the guest-side benchmark driver (options, sweep, output). */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backends/backend.h"
#include "clock.h"
#include "hist.h"
#include "placement.h"
#include "results.h"
#include "rounds.h"
#include "stats.h"
#include "sysinfo.h"
#include "workloads/workload.h"

#define MAX_NAMES 16

struct opts {
	const char *backends, *workloads, *out, *mode;
	int list;
};

static int parse_list(const char *s, struct fb_list *l)
{
	char *copy = strdup(s), *tok, *save = NULL;

	if (!copy)
		return -ENOMEM;
	l->n = 0;
	for (tok = strtok_r(copy, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save)) {
		char *end;
		unsigned long v = strtoul(tok, &end, 10);

		if (*end || !v || l->n == FB_MAX_LIST) {
			free(copy);
			return -EINVAL;
		}
		l->v[l->n++] = v;
	}
	free(copy);
	return l->n ? 0 : -EINVAL;
}

static void set_list(struct fb_list *l, const unsigned long *v, size_t n)
{
	l->n = n;
	memcpy(l->v, v, n * sizeof(*v));
}

static void defaults(struct fb_ctx *c)
{
	static const unsigned long kc[] = { 1024, 4096 };
	static const unsigned long p[] = { 1, 4, 16, 64, 256, 1024 };
	static const unsigned long w[] = { 1, 4, 16, 64, 256 };
	static const unsigned long ks[] = { 1, 16, 256, 1024, 4096, 16384 };
	static const unsigned long qkc[] = { 1024 };
	static const unsigned long qp[] = { 1, 256 };
	static const unsigned long qw[] = { 1, 16 };
	static const unsigned long qks[] = { 1, 256, 4096 };

	c->reps = 5;
	c->warmup = 1;
	if (c->quick) {
		c->iters = 200;
		c->samples = 1000;
		c->rounds = 25;
		set_list(&c->k_create, qkc, 1);
		set_list(&c->p, qp, 2);
		set_list(&c->w, qw, 2);
		set_list(&c->k_signal, qks, 3);
	} else {
		c->iters = 1000;
		c->samples = 10000;
		c->rounds = 20;
		set_list(&c->k_create, kc, 2);
		set_list(&c->p, p, 6);
		set_list(&c->w, w, 5);
		set_list(&c->k_signal, ks, 6);
	}
}

static void usage(FILE *f)
{
	fprintf(f,
"usage: fencebench [options]\n"
"  --backend LIST     comma list of backends, or all (default)\n"
"  --workload LIST    comma list of workloads, or all (default)\n"
"  --quick            small sweeps for the CI gate (set before the others)\n"
"  --reps N           measured repetitions per figure (5)\n"
"  --warmup N         unmeasured repetitions first (1)\n"
"  --iters N          operations per repetition, create/merge (1000)\n"
"  --samples N        wake-up samples per configuration (10000)\n"
"  --rounds N         pollscale rounds per configuration (20)\n"
"  --gap-us N         idle gap before each wake-up signal (0)\n"
"  --k-create LIST    create: bulk sizes K (1024,4096)\n"
"  --p LIST           merge: points per fence P (1,4,16,64,256,1024)\n"
"  --w LIST           pollscale: waiters W (1,4,16,64,256)\n"
"  --k-signal LIST    signalcost: pending points K (1,16,256,1024,4096,16384)\n"
"  --out DIR          write results.json and CSVs there (default .)\n"
"  --mode LABEL       timing mode recorded with every figure (icount, tcg, kvm)\n"
"  --tag KEY=VALUE    extra metadata (repeatable)\n"
"  --list             list backends (with availability) and workloads\n"
"  --help             this text\n"
"Clock: " FB_CLOCK_NAME "; histogram relative error <= %.2f %%.\n",
		100.0 * FB_HIST_REL_ERR);
}

static void list(void)
{
	char why[256];

	printf("backends:\n");
	for (size_t i = 0; fb_backends[i]; i++) {
		const struct fb_backend *b = fb_backends[i];
		int err = b->probe(b, why, sizeof(why));

		printf("  %-9s %-9s ops:%s%s%s%s%s  %s%s%s\n", b->name,
		       err ? "ABSENT" : "present",
		       b->ops & FB_OP_CREATE ? " create" : "",
		       b->ops & FB_OP_MERGE ? " merge" : "",
		       b->ops & FB_OP_INFO ? " info" : "",
		       b->ops & FB_OP_POLL ? " poll" : "",
		       b->ops & FB_OP_WAIT ? " wait" : "", b->desc,
		       err ? " -- " : "", err ? why : "");
	}
	printf("workloads:\n");
	for (size_t i = 0; fb_workloads[i]; i++)
		printf("  %-10s %s\n             params: %s\n",
		       fb_workloads[i]->name, fb_workloads[i]->desc,
		       fb_workloads[i]->params);
}

static int selected(const char *list, const char *name)
{
	size_t n = strlen(name);
	const char *p = list;

	if (!strcmp(list, "all"))
		return 1;
	while ((p = strstr(p, name))) {
		if ((p == list || p[-1] == ',') && (p[n] == ',' || !p[n]))
			return 1;
		p += n;
	}
	return 0;
}

/* Every name in @list must exist (unknown names are usage errors). */
static int check_names(const char *list, int backends)
{
	char *copy = strdup(list), *tok, *save = NULL;
	int err = 0;

	if (!copy)
		return -ENOMEM;
	if (!strcmp(list, "all"))
		goto out;
	for (tok = strtok_r(copy, ",", &save); tok;
	     tok = strtok_r(NULL, ",", &save))
		if (backends ? !fb_backend_find(tok) : !fb_workload_find(tok)) {
			fprintf(stderr, "fencebench: unknown %s '%s' (see --list)\n",
				backends ? "backend" : "workload", tok);
			err = -EINVAL;
		}
out:
	free(copy);
	return err;
}

static void write_out(const struct fb_results *r, const char *dir)
{
	char path[4096];
	int err;

	snprintf(path, sizeof(path), "%s/results.json", dir);
	err = fb_results_write_json(r, path);
	if (!err)
		err = fb_results_write_csvs(r, dir);
	if (err)
		fb_progress("ERROR: writing results into %s: %s", dir,
			    strerror(-err));
}

/* Cost of one clock read (median of 1001 back-to-back pairs), in ns. */
static double clock_read_ns(void)
{
	double d[1001];

	for (int i = 0; i < 1001; i++) {
		uint64_t a = fb_now_ns(), b = fb_now_ns();

		d[i] = (double)(b - a);
	}
	return fb_median(d, 1001);
}

static void meta_init(struct fb_results *r, const struct fb_ctx *c,
		      int argc, char **argv)
{
	char buf[512];
	size_t len = 0;

	fb_meta_set(&r->meta, "tool", "fencebench", 0);
	fb_meta_set(&r->meta, "mode", c->mode, 0);
	fb_kernel_release(buf, sizeof(buf));
	fb_meta_set(&r->meta, "kernel", buf, 0);
	fb_meta_setf(&r->meta, "vcpus", c->vcpus);
	fb_meta_setf(&r->meta, "numa_nodes", c->numa);
	fb_meta_set(&r->meta, "clock", FB_CLOCK_NAME, 0);
	fb_clocksource(buf, sizeof(buf));
	fb_meta_set(&r->meta, "clocksource", buf, 0);
	fb_meta_setf(&r->meta, "clock_read_ns", clock_read_ns());
	fb_meta_setf(&r->meta, "hist_rel_err", FB_HIST_REL_ERR);
	fb_meta_setf(&r->meta, "quick", c->quick);
	fb_meta_setf(&r->meta, "reps", c->reps);
	fb_meta_setf(&r->meta, "warmup", c->warmup);
	fb_meta_setf(&r->meta, "samples", c->samples);
	fb_meta_setf(&r->meta, "gap_ns", (double)c->gap_ns);
	buf[0] = 0;
	for (int i = 0; i < argc && len < sizeof(buf) - 1; i++)
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%s",
					i ? " " : "", argv[i]);
	fb_meta_set(&r->meta, "command", buf, 0);
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "backend", required_argument, NULL, 'b' },
		{ "workload", required_argument, NULL, 'w' },
		{ "quick", no_argument, NULL, 'q' },
		{ "reps", required_argument, NULL, 'r' },
		{ "warmup", required_argument, NULL, 'W' },
		{ "iters", required_argument, NULL, 'i' },
		{ "samples", required_argument, NULL, 's' },
		{ "rounds", required_argument, NULL, 'R' },
		{ "gap-us", required_argument, NULL, 'g' },
		{ "k-create", required_argument, NULL, 'K' },
		{ "p", required_argument, NULL, 'P' },
		{ "w", required_argument, NULL, 'X' },
		{ "k-signal", required_argument, NULL, 'S' },
		{ "out", required_argument, NULL, 'o' },
		{ "mode", required_argument, NULL, 'm' },
		{ "tag", required_argument, NULL, 't' },
		{ "list", no_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct opts o = { "all", "all", ".", "unknown", 0 };
	struct fb_results res;
	struct fb_ctx c;
	char skipped[1024] = "", ran[256] = "", why[256];
	const struct fb_backend *run[64];
	size_t nrun;
	const char *tags[32];
	int ntags = 0, opt, err = 0;

	/*
	 * Same addresses in every run: without address-space randomisation
	 * the kernel paths that hash user addresses (futexes, ...) do the
	 * same work on every boot, which keeps icount reruns identical.
	 */
	if (!(personality(0xffffffff) & ADDR_NO_RANDOMIZE) &&
	    personality(ADDR_NO_RANDOMIZE) != -1) {
		execv("/proc/self/exe", argv);
		/* Not fatal: carry on randomised. */
	}
	memset(&c, 0, sizeof(c));
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--quick"))
			c.quick = 1;
	defaults(&c);
	while ((opt = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (opt) {
		case 'b': o.backends = optarg; break;
		case 'w': o.workloads = optarg; break;
		case 'q': break;
		case 'r': c.reps = (unsigned int)atoi(optarg); break;
		case 'W': c.warmup = (unsigned int)atoi(optarg); break;
		case 'i': c.iters = (unsigned int)atoi(optarg); break;
		case 's': c.samples = (unsigned int)atoi(optarg); break;
		case 'R': c.rounds = (unsigned int)atoi(optarg); break;
		case 'g': c.gap_ns = strtoull(optarg, NULL, 10) * 1000ull; break;
		case 'K': err |= parse_list(optarg, &c.k_create); break;
		case 'P': err |= parse_list(optarg, &c.p); break;
		case 'X': err |= parse_list(optarg, &c.w); break;
		case 'S': err |= parse_list(optarg, &c.k_signal); break;
		case 'o': o.out = optarg; break;
		case 'm': o.mode = optarg; break;
		case 't':
			if (ntags < 32 && strchr(optarg, '='))
				tags[ntags++] = optarg;
			else
				err = -EINVAL;
			break;
		case 'l': o.list = 1; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	if (err || optind != argc || !c.reps || c.reps > 64 || !c.iters ||
	    c.samples < c.reps || !c.rounds || check_names(o.backends, 1) ||
	    check_names(o.workloads, 0)) {
		fprintf(stderr, "fencebench: bad arguments (reps 1..64, lists of positive numbers)\n");
		usage(stderr);
		return 2;
	}
	if (o.list) {
		list();
		return 0;
	}
	if (mkdir(o.out, 0755) && errno != EEXIST) {
		fprintf(stderr, "fencebench: %s: %s\n", o.out, strerror(errno));
		return 2;
	}
	fb_raise_nofile(1u << 17);
	c.mode = o.mode;
	c.vcpus = fb_ncpus();
	c.numa = fb_numa_nodes();
	c.res = &res;
	fb_results_init(&res);
	meta_init(&res, &c, argc, argv);
	for (int i = 0; i < ntags; i++) {
		char *eq = strchr(tags[i], '=');

		*eq = 0;
		fb_meta_set(&res.meta, tags[i], eq + 1, 0);
	}
	fb_progress("start: mode %s, %d vCPUs, %d NUMA nodes, clock %s, %s run",
		    c.mode, c.vcpus, c.numa, FB_CLOCK_NAME,
		    c.quick ? "quick" : "full");

	/* Which backends are here: absence is reported, never an error. */
	for (size_t i = 0; fb_backends[i]; i++) {
		const struct fb_backend *b = fb_backends[i];
		size_t l;

		if (!selected(o.backends, b->name))
			continue;
		if (b->probe(b, why, sizeof(why))) {
			fb_progress("SKIP backend %s: %s", b->name, why);
			l = strlen(skipped);
			snprintf(skipped + l, sizeof(skipped) - l, "%s%s (%s)",
				 l ? "; " : "", b->name, why);
			continue;
		}
		l = strlen(ran);
		snprintf(ran + l, sizeof(ran) - l, "%s%s", l ? "," : "", b->name);
	}
	fb_meta_set(&res.meta, "backends", ran, 0);
	fb_meta_set(&res.meta, "backends_skipped", skipped, 0);

	for (size_t wi = 0; fb_workloads[wi]; wi++) {
		const struct fb_workload *w = fb_workloads[wi];
		uint64_t t0 = fb_now_ns();

		if (!selected(o.workloads, w->name))
			continue;
		fb_progress("workload %s: %s", w->name, w->desc);
		nrun = 0;
		for (size_t i = 0; fb_backends[i]; i++) {
			const struct fb_backend *b = fb_backends[i];

			if (!selected(ran, b->name))
				continue;
			if (!fb_workload_supports(w, b)) {
				fb_progress("  %s: not applicable to %s (ops)",
					    w->name, b->name);
				continue;
			}
			if (nrun == sizeof(run) / sizeof(run[0])) {
				fb_fail(&c, -E2BIG, "more backends than one run holds");
				break;
			}
			run[nrun++] = b;
		}
		/*
		 * icount: one block of repetitions per backend (its figures
		 * are deterministic and gated as they are); tcg and kvm:
		 * interleaved rounds and in-round control ratios (rounds.h).
		 */
		if (!strcmp(c.mode, "icount")) {
			for (size_t i = 0; i < nrun; i++)
				w->run(&c, run[i]);
		} else {
			int e = fb_run_interleaved(&c, w, run, nrun);

			if (e)
				fb_fail(&c, e, "pooling the rounds");
		}
		write_out(&res, o.out);
		fb_progress("workload %s done in %.1f s guest time", w->name,
			    (double)(fb_now_ns() - t0) / 1e9);
	}
	write_out(&res, o.out);
	fb_progress("done: %zu figures, %d errors, results in %s/results.json",
		    res.nm, c.failures, o.out);
	fb_results_free(&res);
	return c.failures ? 1 : 0;
}
