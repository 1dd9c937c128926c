// SPDX-License-Identifier: GPL-2.0
/* main.c - fencebench: the guest-side benchmark driver (options, sweep, output). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/personality.h>
#include <sys/stat.h>
#include <unistd.h>

#include "backends/backend.h"
#include "cli.h"
#include "clock.h"
#include "declare.h"
#include "hist.h"
#include "placement.h"
#include "results.h"
#include "rounds.h"
#include "stats.h"
#include "syncdev.h"
#include "sysinfo.h"
#include "workloads/workload.h"

#define MAX_TAGS 32	/* --tag given at most this often */

/* What fencebench's own options set; the parameters set what their tables say. */
static struct {
	const char *backends, *workloads, *out, *mode, *load_list;
	int list, defaults, declare;
	const char *tags[MAX_TAGS];
	int ntags;
} o = { .backends = "all", .workloads = "all", .out = ".", .mode = "unknown",
	.load_list = FB_LOAD_LIST };

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
	  .help = "operations per repetition (of the workloads that time single operations)",
	  .min = 1, .max = 10000000 },
	{ 0 },
};

/* Every parameter table: the harness's, then each workload's in order. */
static const struct fb_param *param_tables[FB_REGISTRY_MAX + 2];

static void collect_param_tables(void)
{
	const struct fb_workload *w;
	size_t n = 0;

	param_tables[n++] = harness_params;
	for (size_t i = 0; (w = fb_workload_at(i)); i++)
		if (w->params)
			param_tables[n++] = w->params;
}

static const char *backend_name(size_t i)
{
	return fb_registry_name(&fb_backend_registry, i);
}

static const char *workload_name(size_t i)
{
	return fb_registry_name(&fb_workload_registry, i);
}

static int add_tag(const char *arg)
{
	if (o.ntags == MAX_TAGS || !strchr(arg, '=')) {
		fprintf(stderr, "fencebench: --tag '%s': want KEY=VALUE (at most %d)\n",
			arg, MAX_TAGS);
		return -EINVAL;
	}
	o.tags[o.ntags++] = arg;
	return 0;
}

/* The options before the parameters in the usage, and those after. */
static const struct fb_opt opts[] = {
	{ .name = "backend", .type = FB_OPT_NAMES, .val = &o.backends,
	  .arg = "LIST", .help = "comma list of backends, or all (default)",
	  .names = backend_name },
	{ .name = "workload", .type = FB_OPT_NAMES, .val = &o.workloads,
	  .arg = "LIST", .help = "comma list of workloads, or all (default)",
	  .names = workload_name },
	{ .name = "quick", .type = FB_OPT_FLAG, .val = &ctx.quick,
	  .help = "small sweeps for the CI gate (the quick defaults)" },
	{ 0 },
};

static const struct fb_opt more_opts[] = {
	{ .name = "out", .type = FB_OPT_STR, .val = &o.out, .arg = "DIR",
	  .help = "write results.json and CSVs there (default .)" },
	{ .name = "mode", .type = FB_OPT_STR, .val = &o.mode, .arg = "LABEL",
	  .help = "timing mode recorded with every figure (icount, tcg, kvm)" },
	{ .name = "tag", .type = FB_OPT_CALL, .call = add_tag,
	  .arg = "KEY=VALUE", .help = "extra metadata (repeatable)" },
	{ .name = "list", .type = FB_OPT_FLAG, .val = &o.list,
	  .help = "list backends (with availability) and workloads" },
	{ .name = "defaults", .type = FB_OPT_FLAG, .val = &o.defaults,
	  .help = "print every parameter as this command line sets it, one \"NAME VALUE SPLIT_MIN\" a line (SPLIT_MIN > 0: a budget that rounds and boots share) and exit" },
	{ .name = "declare", .type = FB_OPT_FLAG, .val = &o.declare,
	  .help = "print what the backends and workloads declare, the metadata every run records (docs/bench.md, \"Declarations\"), one \"KEY=VALUE\" a line, and exit" },
	{ .name = "load-list", .type = FB_OPT_STR, .val = &o.load_list,
	  .arg = "FILE", .help = "the guest's module load list: which backends a run must have (default " FB_LOAD_LIST ")" },
	{ 0 },
};

static void usage_footer(FILE *f)
{
	fprintf(f, "Clock: " FB_CLOCK_NAME "; histogram relative error <= %.2f %%.\n",
		100.0 * FB_HIST_REL_ERR);
}

static const struct fb_cli cli = {
	.opts = opts,
	.params = param_tables,
	.more = more_opts,
	.quick = &ctx.quick,
	.footer = usage_footer,
};

/*
 * --defaults: what the parameters come to with the options given (--quick
 * and any parameter), so that scripts take them from here, not from a
 * copy of their own (bench/run-bench spreads the budgets over boots).
 */
static void print_defaults(void)
{
	char v[256];

	for (size_t t = 0; param_tables[t]; t++)
		for (const struct fb_param *p = param_tables[t]; p->name; p++) {
			fb_param_format(p, v, sizeof(v));
			printf("%s %s %u\n", p->name, v, p->split_min);
		}
}

/* --declare: the declarations, as meta_init() records them. */
static int print_declarations(void)
{
	struct fb_meta m = { 0 };
	int err = fb_declare(&m, o.load_list);

	for (size_t i = 0; i < m.n && !err; i++)
		printf("%s=%s\n", m.kv[i].key, m.kv[i].val);
	fb_meta_free(&m);
	if (err)
		fprintf(stderr, "fencebench: --declare: %s\n", strerror(-err));
	return err ? 1 : 0;
}

static void list(void)
{
	const struct fb_backend *b;
	const struct fb_workload *w;
	char why[256];

	printf("backends:\n");
	for (size_t i = 0; (b = fb_backend_at(i)); i++) {
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
	for (size_t i = 0; (w = fb_workload_at(i)); i++) {
		printf("  %-10s %s%s\n             params: ", w->name, w->desc,
		       w->explains ? " (explains)" : "");
		if (w->params)
			fb_params_line(stdout, w->params);
		else
			printf("none of its own");
		printf("\n");
	}
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
	for (size_t i = 0; param_tables[i]; i++)
		for (const struct fb_param *p = param_tables[i]; p->name; p++) {
			char key[64];

			snprintf(key, sizeof(key), "%s", p->name);
			for (char *k = key; *k; k++)
				*k = *k == '-' ? '_' : *k;
			fb_param_format(p, buf, sizeof(buf));
			fb_meta_set(&r->meta, key, buf,
				    p->type != FB_PARAM_LIST);
		}
	fb_declare(&r->meta, o.load_list);
	buf[0] = 0;
	for (int i = 0; i < argc && len < sizeof(buf) - 1; i++)
		len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%s%s",
					i ? " " : "", argv[i]);
	fb_meta_set(&r->meta, "command", buf, 0);
}

/* Cross-parameter checks of the selected workloads; 0 or -EINVAL. */
static int check_workloads(const struct fb_ctx *c)
{
	const struct fb_workload *w;
	int err = 0;

	for (size_t i = 0; (w = fb_workload_at(i)); i++) {
		const char *why;

		if (!w->check || !fb_cli_selected(o.workloads, w->name))
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
	const struct fb_backend *b, *run[64];
	const struct fb_workload *w;
	struct fb_results res;
	struct fb_ctx c;
	char skipped[1024] = "", ran[256] = "", why[256], running[4096];
	const char *bad;
	size_t nrun;
	int code;

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
	/* A declaration that cannot work stops the program (a build error). */
	bad = fb_declarations_check(why, sizeof(why));
	if (bad) {
		fprintf(stderr, "fencebench: %s\n", bad);
		return 2;
	}
	collect_param_tables();
	code = fb_cli_parse(&cli, argc, argv);
	if (code != FB_CLI_RUN)
		return code;
	c = ctx;
	if (check_workloads(&c))
		return fb_cli_bad_usage();
	if (o.list) {
		list();
		return 0;
	}
	if (o.defaults) {
		print_defaults();
		return 0;
	}
	if (o.declare)
		return print_declarations();
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
	for (int i = 0; i < o.ntags; i++) {
		const char *eq = strchr(o.tags[i], '=');
		char key[256];

		snprintf(key, sizeof(key), "%.*s", (int)(eq - o.tags[i]), o.tags[i]);
		fb_meta_set(&res.meta, key, eq + 1, 0);
	}
	fb_progress("start: mode %s, %d vCPUs, %d NUMA nodes, clock %s, %s run",
		    c.mode, c.vcpus, c.numa, FB_CLOCK_NAME,
		    c.quick ? "quick" : "full");

	/* Which backends are here: absence is reported, never an error. */
	for (size_t i = 0; (b = fb_backend_at(i)); i++) {
		size_t l;

		if (!fb_cli_selected(o.backends, b->name))
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

	for (size_t wi = 0; (w = fb_workload_at(wi)); wi++) {
		uint64_t t0 = fb_now_ns();

		if (!fb_cli_selected(o.workloads, w->name))
			continue;
		if (w->patches_text && !strcmp(c.mode, "tcg") && c.vcpus > 1) {
			fb_progress("SKIP workload %s: it turns trace events on and off (kernel text patching), which multi-threaded TCG can turn into a guest panic with %d vCPUs (docs/bench.md, \"Text patching under TCG\"); under tcg it runs in a 1-vCPU guest",
				    w->name, c.vcpus);
			continue;
		}
		fb_progress("workload %s: %s", w->name, w->desc);
		nrun = 0;
		for (size_t i = 0; (b = fb_backend_at(i)); i++) {
			if (!fb_cli_selected(ran, b->name))
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
