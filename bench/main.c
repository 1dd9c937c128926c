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

/* Options of fencebench itself; parameters come from the tables. */
#define OPT_PARAM 256
#define MAX_PARAMS 64

struct opts {
	const char *backends, *workloads, *out, *mode;
	int list;
};

static struct fb_ctx ctx;

/* The harness's own parameters: how long each figure is measured. */
static const struct fb_param harness_params[] = {
	{ .name = "reps", .type = FB_PARAM_UINT, .val = &ctx.reps,
	  .def = "5", .help = "measured repetitions per figure",
	  .min = 1, .max = 64 },
	{ .name = "warmup", .type = FB_PARAM_UINT, .val = &ctx.warmup,
	  .def = "1", .help = "unmeasured repetitions first",
	  .min = 0, .max = 1000 },
	{ .name = "iters", .type = FB_PARAM_UINT, .val = &ctx.iters,
	  .def = "1000", .quick = "200",
	  .help = "operations per repetition (create, merge, signalcost)",
	  .min = 1, .max = 10000000 },
	{ 0 },
};

/* Every parameter: the harness's, then each workload's in order. */
static const struct fb_param *all_params[MAX_PARAMS];
static size_t nparams;

static int collect_params(void)
{
	const struct fb_param *t;

	for (t = harness_params; t->name; t++)
		all_params[nparams++] = t;
	for (size_t i = 0; fb_workloads[i]; i++)
		for (t = fb_workloads[i]->params; t && t->name; t++) {
			for (size_t j = 0; j < nparams; j++)
				if (!strcmp(all_params[j]->name, t->name)) {
					fprintf(stderr, "fencebench: parameter --%s declared twice (workload %s)\n",
						t->name, fb_workloads[i]->name);
					return -EINVAL;
				}
			if (nparams == MAX_PARAMS) {
				fprintf(stderr, "fencebench: more than %d parameters\n",
					MAX_PARAMS);
				return -E2BIG;
			}
			all_params[nparams++] = t;
		}
	return 0;
}

static void defaults(int quick)
{
	fb_params_defaults(harness_params, quick);
	for (size_t i = 0; fb_workloads[i]; i++)
		fb_params_defaults(fb_workloads[i]->params, quick);
}

static void usage(FILE *f)
{
	fprintf(f,
"usage: fencebench [options]\n"
"  --backend LIST     comma list of backends, or all (default)\n"
"  --workload LIST    comma list of workloads, or all (default)\n"
"  --quick            small sweeps for the CI gate (the quick defaults)\n");
	fb_params_usage(f, harness_params);
	for (size_t i = 0; fb_workloads[i]; i++)
		fb_params_usage(f, fb_workloads[i]->params);
	fprintf(f,
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
	for (size_t i = 0; fb_workloads[i]; i++) {
		printf("  %-10s %s%s\n             params: ",
		       fb_workloads[i]->name, fb_workloads[i]->desc,
		       fb_workloads[i]->explains ? " (explains)" : "");
		if (fb_workloads[i]->params)
			fb_params_line(stdout, fb_workloads[i]->params);
		else
			printf("none of its own");
		printf("\n");
	}
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
	/* Every parameter as given: "k_create": "1024,4096", "reps": "5". */
	for (size_t i = 0; i < nparams; i++) {
		char key[64];

		snprintf(key, sizeof(key), "%s", all_params[i]->name);
		for (char *k = key; *k; k++)
			*k = *k == '-' ? '_' : *k;
		fb_param_format(all_params[i], buf, sizeof(buf));
		fb_meta_set(&r->meta, key, buf,
			    all_params[i]->type != FB_PARAM_LIST);
	}
	for (size_t i = 0; fb_workloads[i]; i++) {
		char key[64];

		snprintf(key, sizeof(key), "headline_%s", fb_workloads[i]->name);
		if (fb_workloads[i]->headline)
			fb_meta_set(&r->meta, key, fb_workloads[i]->headline, 0);
	}
	buf[0] = 0;
	for (int i = 0; i < argc && len < sizeof(buf) - 1; i++)
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%s",
					i ? " " : "", argv[i]);
	fb_meta_set(&r->meta, "command", buf, 0);
}

/* getopt_long's table: fencebench's options, then one per parameter. */
static struct option *make_longopts(void)
{
	static const struct option fixed[] = {
		{ "backend", required_argument, NULL, 'b' },
		{ "workload", required_argument, NULL, 'w' },
		{ "quick", no_argument, NULL, 'q' },
		{ "out", required_argument, NULL, 'o' },
		{ "mode", required_argument, NULL, 'm' },
		{ "tag", required_argument, NULL, 't' },
		{ "list", no_argument, NULL, 'l' },
		{ "help", no_argument, NULL, 'h' },
	};
	size_t nf = sizeof(fixed) / sizeof(fixed[0]);
	struct option *lo = calloc(nf + nparams + 1, sizeof(*lo));

	if (!lo)
		return NULL;
	memcpy(lo, fixed, sizeof(fixed));
	for (size_t i = 0; i < nparams; i++)
		lo[nf + i] = (struct option){ all_params[i]->name,
					      required_argument, NULL,
					      OPT_PARAM + (int)i };
	return lo;
}

/* Cross-parameter checks of the selected workloads; 0 or -EINVAL. */
static int check_workloads(const struct opts *o, const struct fb_ctx *c)
{
	int err = 0;

	for (size_t i = 0; fb_workloads[i]; i++) {
		const struct fb_workload *w = fb_workloads[i];
		const char *why;

		if (!w->check || !selected(o->workloads, w->name))
			continue;
		why = w->check(c);
		if (why) {
			fprintf(stderr, "fencebench: %s: %s\n", w->name, why);
			err = -EINVAL;
		}
	}
	return err;
}

int main(int argc, char **argv)
{
	struct opts o = { "all", "all", ".", "unknown", 0 };
	struct fb_results res;
	struct fb_ctx c;
	struct option *longopts;
	char skipped[1024] = "", ran[256] = "", why[256], running[4096];
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
	if (collect_params())
		return 2;
	longopts = make_longopts();
	if (!longopts) {
		fprintf(stderr, "fencebench: out of memory\n");
		return 2;
	}
	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--quick"))
			ctx.quick = 1;
	defaults(ctx.quick);
	while ((opt = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		if (opt >= OPT_PARAM && opt < OPT_PARAM + (int)nparams) {
			if (fb_param_parse(all_params[opt - OPT_PARAM], optarg))
				err = -EINVAL;
			continue;
		}
		switch (opt) {
		case 'b': o.backends = optarg; break;
		case 'w': o.workloads = optarg; break;
		case 'q': break;
		case 'o': o.out = optarg; break;
		case 'm': o.mode = optarg; break;
		case 't':
			if (ntags < 32 && strchr(optarg, '=')) {
				tags[ntags++] = optarg;
			} else {
				fprintf(stderr, "fencebench: --tag '%s': want KEY=VALUE (at most 32)\n",
					optarg);
				err = -EINVAL;
			}
			break;
		case 'l': o.list = 1; break;
		case 'h': usage(stdout); return 0;
		default: usage(stderr); return 2;
		}
	}
	free(longopts);
	c = ctx;
	if (optind != argc) {
		fprintf(stderr, "fencebench: unexpected argument '%s'\n",
			argv[optind]);
		err = -EINVAL;
	}
	if (err || check_names(o.backends, 1) || check_names(o.workloads, 0) ||
	    check_workloads(&o, &c)) {
		fprintf(stderr, "fencebench: bad arguments (fencebench --help)\n");
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
	snprintf(running, sizeof(running), "%s/running", o.out);
	c.running_path = running;
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
		if (w->patches_text && !strcmp(c.mode, "tcg") && c.vcpus > 1) {
			fb_progress("SKIP workload %s: it turns trace events on and off (kernel text patching), which multi-threaded TCG can turn into a guest panic with %d vCPUs (docs/bench.md, \"Text patching under TCG\"); under tcg it runs in a 1-vCPU guest",
				    w->name, c.vcpus);
			continue;
		}
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
				fb_workload_run(w, &c, run[i]);
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
	unlink(running);
	fb_progress("done: %zu figures, %d errors, results in %s/results.json",
		    res.nm, c.failures, o.out);
	fb_results_free(&res);
	return c.failures ? 1 : 0;
}
