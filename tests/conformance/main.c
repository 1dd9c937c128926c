// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - fb-conformance: run the conformance cases against each fence
 * backend, one child process per case, and print the tally.
 *
 * usage: fb-conformance [--backend LIST] [--case LIST] [--verbose] [--list]
 *        fb-conformance --device NAME (the backend's device, for shell suites)
 *        fb-conformance --required LOAD.LIST (the backends a guest with
 *          that module load list must have, for shell suites)
 *
 * Output: one line per case and backend, "ok BACKEND CASE",
 * "FAIL BACKEND CASE: reason" or "skip BACKEND CASE: reason", then the
 * closing line "N passed, N failed, N skipped". Exit status 1 on any
 * failure. A backend whose device is absent has all its cases skipped
 * ("device not present"), unless FB_REQUIRE_BACKENDS (a space separated
 * list of backend names) names it: then each case fails.
 */
#include "conformance.h"
#include "cli.h"

#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/* A case that takes longer than this (TCG, debug kernel) is a failure. */
#define CASE_TIMEOUT_MS 30000

struct tally {
	unsigned int passed, failed, skipped;
};

struct case_msg {
	int result;
	char reason[CONF_REASON_LEN];
};

static int backend_required(const char *name)
{
	const char *list = getenv("FB_REQUIRE_BACKENDS");
	size_t len = strlen(name);

	while (list && *list) {
		size_t n;

		list += strspn(list, " ,\t");
		n = strcspn(list, " ,\t");
		if (n == len && !strncmp(list, name, len))
			return 1;
		list += n;
	}
	return 0;
}

static int write_all(int fd, const void *buf, size_t len)
{
	const char *p = buf;

	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= n;
	}
	return 0;
}

/* Read the child's message, waiting at most until @deadline_ms. */
static int read_msg(int fd, struct case_msg *msg, int64_t deadline_ms)
{
	char *p = (char *)msg;
	size_t got = 0;

	while (got < sizeof(*msg)) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		int64_t left = deadline_ms - conf_now_ms();
		ssize_t n;

		if (left <= 0)
			return -ETIMEDOUT;
		n = poll(&pfd, 1, (int)left);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -ETIMEDOUT;
		n = read(fd, p + got, sizeof(*msg) - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -EPIPE;
		got += n;
	}
	return 0;
}

static enum conf_result run_case(struct conf_ctx *ctx, const struct conf_case *c)
{
	struct case_msg msg;
	int pfd[2], status, err;
	pid_t pid;

	fflush(stdout);
	if (pipe(pfd) < 0)
		return conf_fail(ctx, "pipe: %s", conf_errname(errno));
	pid = fork();
	if (pid < 0)
		return conf_fail(ctx, "fork: %s", conf_errname(errno));
	if (pid == 0) {
		close(pfd[0]);
		memset(&msg, 0, sizeof(msg));
		ctx->reason[0] = '\0';
		msg.result = c->run(ctx);
		memcpy(msg.reason, ctx->reason, sizeof(msg.reason));
		msg.reason[sizeof(msg.reason) - 1] = '\0';
		fflush(stdout);
		_exit(write_all(pfd[1], &msg, sizeof(msg)) ? 3 : 0);
	}
	close(pfd[1]);
	err = read_msg(pfd[0], &msg, conf_now_ms() + CASE_TIMEOUT_MS);
	close(pfd[0]);
	if (err == -ETIMEDOUT)
		kill(pid, SIGKILL);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (err == -ETIMEDOUT)
		return conf_fail(ctx, "no result within %d ms (hung?)",
				 CASE_TIMEOUT_MS);
	if (err) {
		if (WIFSIGNALED(status))
			return conf_fail(ctx, "case killed by signal %d",
					 WTERMSIG(status));
		return conf_fail(ctx, "case exited with status %d, no result",
				 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	}
	memcpy(ctx->reason, msg.reason, sizeof(ctx->reason));
	return (enum conf_result)msg.result;
}

static void report(const char *backend, const char *name,
		   enum conf_result r, const char *reason, struct tally *t)
{
	switch (r) {
	case CONF_PASS:
		printf("ok %s %s\n", backend, name);
		t->passed++;
		break;
	case CONF_SKIP:
		printf("skip %s %s: %s\n", backend, name, reason);
		t->skipped++;
		break;
	default:
		printf("FAIL %s %s: %s\n", backend, name,
		       reason[0] ? reason : "(no reason)");
		t->failed++;
		break;
	}
	fflush(stdout);
}

static void run_backend(const struct fb_syncdev *dev, const char *cases,
			int verbose, struct tally *t)
{
	int present = fb_syncdev_present(dev);
	int required = backend_required(dev->name);
	struct conf_ctx ctx = { .dev = dev, .verbose = verbose };
	const struct conf_case *tab;

	for (size_t i = 0; (tab = conf_case_table(i)); i++) {
		for (const struct conf_case *c = tab; c->name; c++) {
			enum conf_result r;

			if (!fb_cli_selected(cases, c->name))
				continue;
			ctx.reason[0] = '\0';
			if (!present) {
				snprintf(ctx.reason, sizeof(ctx.reason),
					 "device not present (%s)%s", dev->path,
					 required ? ", but FB_REQUIRE_BACKENDS requires it" : "");
				r = required ? CONF_FAIL : CONF_SKIP;
			} else if ((c->caps & dev->caps) != c->caps) {
				snprintf(ctx.reason, sizeof(ctx.reason),
					 "backend lacks %s",
					 c->caps & FB_CAP_LEGACY_ABI &&
					 !(dev->caps & FB_CAP_LEGACY_ABI) ?
					 "the 2013 fence ABI (FB_CAP_LEGACY_ABI)" :
					 "a needed capability");
				r = CONF_SKIP;
			} else {
				r = run_case(&ctx, c);
			}
			report(dev->name, c->name, r, ctx.reason, t);
		}
	}
}

static void list_cases(void)
{
	const struct conf_case *tab;

	for (size_t i = 0; (tab = conf_case_table(i)); i++)
		for (const struct conf_case *c = tab; c->name; c++)
			printf("%s%s%s\n", c->name,
			       c->caps & FB_CAP_LEGACY_ABI ? " legacy-abi" : "",
			       c->caps & FB_CAP_DMA_INTEROP ? " dma-interop" : "");
}

/* The @i-th case name in run order; NULL past the last. */
static const char *case_name(size_t i)
{
	const struct conf_case *tab;

	for (size_t t = 0; (tab = conf_case_table(t)); t++)
		for (const struct conf_case *c = tab; c->name; c++)
			if (!i--)
				return c->name;
	return NULL;
}

static struct {
	const char *backends, *cases, *device, *required;
	int verbose, list;
} o = { .backends = "all", .cases = "all" };

static const struct fb_opt opts[] = {
	{ .name = "backend", .key = 'b', .type = FB_OPT_NAMES,
	  .val = &o.backends, .arg = "LIST",
	  .help = "comma list of backends, or all (default)",
	  .names = fb_syncdev_name },
	{ .name = "case", .key = 'c', .type = FB_OPT_NAMES, .val = &o.cases,
	  .arg = "LIST", .help = "comma list of cases, or all (default)",
	  .names = case_name },
	{ .name = "verbose", .key = 'v', .type = FB_OPT_FLAG, .val = &o.verbose,
	  .help = "the cases' notes too (lines \"  # ...\")" },
	{ .name = "list", .key = 'l', .type = FB_OPT_FLAG, .val = &o.list,
	  .help = "list the cases, with the capabilities they need" },
	{ .name = "device", .type = FB_OPT_NAME, .val = &o.device,
	  .arg = "NAME", .names = fb_syncdev_name,
	  .help = "print the backend's timeline device (lib/syncdev.c)" },
	{ .name = "required", .type = FB_OPT_STR, .val = &o.required,
	  .arg = "LOAD.LIST",
	  .help = "print the backends (comma list) that a guest whose module load list is this file must have: built in, or their module listed (lib/syncdev.c)" },
	{ 0 },
};

static void usage_footer(FILE *f)
{
	const char *name;

	fprintf(f, "backends:");
	for (size_t i = 0; (name = fb_syncdev_name(i)); i++)
		fprintf(f, " %s", name);
	fprintf(f, "\nFB_REQUIRE_BACKENDS=\"a b\": absence of those backends is a failure\n");
}

static const struct fb_cli cli = { .opts = opts, .footer = usage_footer };

int main(int argc, char **argv)
{
	struct tally t = { 0, 0, 0 };
	int code = fb_cli_parse(&cli, argc, argv);

	if (code != FB_CLI_RUN)
		return code;
	/* The one table of devices, for the guest's shell suites. */
	if (o.device) {
		printf("%s\n", fb_syncdev_find(o.device)->path);
		return 0;
	}
	if (o.required) {
		const char *sep = "";

		for (const struct fb_syncdev *d = fb_syncdevs; d->name; d++)
			if (fb_syncdev_required(d, o.required)) {
				printf("%s%s", sep, d->name);
				sep = ",";
			}
		printf("\n");
		return 0;
	}
	if (o.list) {
		list_cases();
		return 0;
	}
	for (const struct fb_syncdev *d = fb_syncdevs; d->name; d++) {
		const char *bad = fb_syncdev_check(d);

		if (bad) {
			fprintf(stderr, "fb-conformance: backend '%s' (lib/syncdev.c) declares %s\n",
				d->name, bad);
			return 2;
		}
	}
	/* A child's write to a reader that gave up must not kill us. */
	signal(SIGPIPE, SIG_IGN);

	for (const struct fb_syncdev *d = fb_syncdevs; d->name; d++)
		if (fb_cli_selected(o.backends, d->name))
			run_backend(d, o.cases, o.verbose, &t);

	printf("%u passed, %u failed, %u skipped\n", t.passed, t.failed,
	       t.skipped);
	return t.failed ? 1 : 0;
}
