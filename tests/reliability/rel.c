// SPDX-License-Identifier: GPL-2.0
/* rel.c - case bookkeeping, backend selection and figures of the reliability programs. */
#include "rel.h"

#include <dirent.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kmsg.h"

#define REL_MAX_MSGS 20		/* failure messages printed per case */

static const char *prog_name = "rel";
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static unsigned int n_pass, n_fail, n_skip;
static char case_name[160];
static unsigned int case_fails;
static bool kmsg_ok;

static struct {
	const struct fb_syncdev *dev;
	struct rel_figures fig;
} used[REL_MAX_BACKENDS];
static int n_used, cur = -1;
static struct rel_figures no_backend;

void rel_begin(const char *prog)
{
	int err;

	prog_name = prog;
	setvbuf(stdout, NULL, _IOLBF, 0);
	err = rel_kmsg_open();
	kmsg_ok = err == 0;
	if (!kmsg_ok)
		printf("%s: cannot read /dev/kmsg (%s): splats cannot be detected\n",
		       prog, strerror(-err));
}

/*
 * The backends of @spec ("all" or a comma list of known names, checked by
 * the option front end) in @out: their number, or -1 (said) when one of
 * the registry declares inconsistent capabilities (fb_syncdev_check(): no
 * test guesses the rules of a backend).
 */
static int backends_of(const char *spec, const struct fb_syncdev **out)
{
	char buf[256], *save = NULL;
	int n = 0;

	for (const struct fb_syncdev *d = fb_syncdevs; d->name; d++) {
		const char *bad = fb_syncdev_check(d);

		if (bad) {
			fprintf(stderr, "%s: backend '%s' (lib/syncdev.c) declares %s\n",
				prog_name, d->name, bad);
			return -1;
		}
	}
	if (!strcmp(spec, "all")) {
		for (const struct fb_syncdev *d = fb_syncdevs; d->name; d++)
			if (n < REL_MAX_BACKENDS)
				out[n++] = d;
		return n;
	}
	snprintf(buf, sizeof(buf), "%s", spec);
	for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save))
		if (n < REL_MAX_BACKENDS)
			out[n++] = fb_syncdev_find(t);
	return n;
}

int rel_begin_backends(int argc, char **argv, const char *prog,
		       const struct fb_param *params, const struct fb_opt *opts,
		       const struct fb_syncdev **out, int *exit_code)
{
	static const char *spec = "all";
	static const struct fb_opt backend_opt[] = {
		{ .name = "backend", .type = FB_OPT_NAMES, .val = &spec,
		  .arg = "LIST", .help = "comma list of backends, or all (default)",
		  .names = fb_syncdev_name },
		{ 0 },
	};
	const struct fb_param *tables[] = { params, NULL };
	const struct fb_cli cli = {
		.opts = backend_opt, .params = tables, .more = opts,
	};
	int n;

	*exit_code = fb_cli_parse(&cli, argc, argv);
	if (*exit_code != FB_CLI_RUN)
		return -1;
	rel_begin(prog);
	n = backends_of(spec, out);
	if (n < 0)
		*exit_code = 2;
	return n;
}

bool rel_backend_required(const char *name)
{
	const char *req = getenv("FB_REQUIRE_BACKENDS");
	char buf[256], *save = NULL;

	if (!req)
		return false;
	snprintf(buf, sizeof(buf), "%s", req);
	for (char *t = strtok_r(buf, ", \t", &save); t; t = strtok_r(NULL, ", \t", &save))
		if (!strcmp(t, name))
			return true;
	return false;
}

static int slot_of(const struct fb_syncdev *dev)
{
	for (int i = 0; i < n_used; i++)
		if (used[i].dev == dev)
			return i;
	if (n_used == REL_MAX_BACKENDS)
		return -1;
	used[n_used].dev = dev;
	return n_used++;
}

bool rel_backend_use(const struct fb_syncdev *dev, const char *what)
{
	if (fb_syncdev_present(dev)) {
		cur = slot_of(dev);
		return true;
	}
	cur = -1;
	if (rel_backend_required(dev->name)) {
		printf("FAIL %s %s: backend required (FB_REQUIRE_BACKENDS) but %s cannot be opened\n",
		       dev->name, what, dev->path);
		n_fail++;
	} else {
		printf("skip %s %s: %s absent\n", dev->name, what, dev->path);
		n_skip++;
	}
	return false;
}

void rel_backend_switch(const struct fb_syncdev *dev)
{
	cur = slot_of(dev);
}

struct rel_figures *rel_fig(void)
{
	return cur >= 0 ? &used[cur].fig : &no_backend;
}

const struct fb_syncdev *rel_backend(void)
{
	return cur >= 0 ? used[cur].dev : NULL;
}

static const char *cur_name(void)
{
	return cur >= 0 ? used[cur].dev->name : "-";
}

void rel_case_begin(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(case_name, sizeof(case_name), fmt, ap);
	va_end(ap);
	case_fails = 0;
	/* Anything logged before the case is not its fault: drain it. */
	if (kmsg_ok) {
		int s = rel_kmsg_check("between cases");

		if (s > 0) {
			rel_fig()->splats += s;
			printf("FAIL %s kernel splat(s) logged between cases, before %s\n",
			       cur_name(), case_name);
			n_fail++;
		}
	}
}

bool rel_check_at(bool ok, const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	if (ok)
		return true;
	pthread_mutex_lock(&lock);
	if (case_fails++ < REL_MAX_MSGS) {
		char msg[512];

		va_start(ap, fmt);
		vsnprintf(msg, sizeof(msg), fmt, ap);
		va_end(ap);
		printf("  %s %s: %s:%d: %s\n", cur_name(), case_name, file, line, msg);
	}
	pthread_mutex_unlock(&lock);
	return false;
}

bool rel_case_failed(void)
{
	return case_fails != 0;
}

bool rel_case_end(void)
{
	char tag[200];
	int s;

	snprintf(tag, sizeof(tag), "%s %s", cur_name(), case_name);
	s = kmsg_ok ? rel_kmsg_check(tag) : -1;
	if (s > 0) {
		rel_fig()->splats += s;
		REL_CHECK(0, "%d kernel splat(s) logged during the case", s);
	} else if (s < 0) {
		REL_CHECK(0, "kernel log unreadable: cannot tell whether it splatted");
	}
	if (case_fails) {
		printf("FAIL %s %s (%u failed checks)\n", cur_name(), case_name, case_fails);
		n_fail++;
		return false;
	}
	printf("ok   %s %s\n", cur_name(), case_name);
	n_pass++;
	return true;
}

void rel_case_skip(const char *fmt, ...)
{
	char why[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	printf("skip %s %s: %s\n", cur_name(), case_name, why);
	n_skip++;
}

int rel_count_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		if (e->d_name[0] != '.')
			n++;
	closedir(d);
	return n - 1;	/* the directory's own fd */
}

int rel_finish(void)
{
	/* A report logged after the last case (deferred work, RCU) still counts. */
	if (kmsg_ok) {
		int s = rel_kmsg_check("after the last case");

		if (s > 0) {
			no_backend.splats += s;
			printf("FAIL %s: %d kernel splat(s) logged after the last case\n",
			       prog_name, s);
			n_fail++;
		}
	}
	for (int i = 0; i < n_used; i++) {
		struct rel_figures *f = &used[i].fig;

		printf("figures: %s backend=%s ops=%llu bad_inputs=%llu faults=%llu splats=%llu leaks=%llu\n",
		       prog_name, used[i].dev->name, (unsigned long long)f->ops,
		       (unsigned long long)f->bad_inputs, (unsigned long long)f->faults,
		       (unsigned long long)f->splats, (unsigned long long)f->leaks);
	}
	if (no_backend.splats)
		printf("figures: %s splats outside any case=%llu\n", prog_name,
		       (unsigned long long)no_backend.splats);
	printf("%u passed, %u failed, %u skipped\n", n_pass, n_fail, n_skip);
	return n_fail ? 1 : 0;
}

unsigned long long rel_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (unsigned long long)ts.tv_sec * 1000000000ull + ts.tv_nsec;
}
