// SPDX-License-Identifier: GPL-2.0
/*
 * cli_test.c - unit tests of the option front end (lib/cli.c, with
 * lib/param.c): defaults and quick defaults, every kind of option, the
 * checks of names and numbers with their messages, the exit statuses and
 * the usage text.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check.h"
#include "cli.h"

static int flag, quick, ncalls;
static const char *names_val, *one_val, *str_val;
static unsigned int n_val, q_val;
static uint64_t big;

static const char *name_at(size_t i)
{
	static const char *const n[] = { "alpha", "beta", "gamma" };

	return i < 3 ? n[i] : NULL;
}

static int call(const char *arg)
{
	if (!strcmp(arg, "bad")) {
		fprintf(stderr, "lib-cli: --call 'bad': refused\n");
		return -EINVAL;
	}
	ncalls++;
	return 0;
}

static const struct fb_opt opts[] = {
	{ .name = "names", .key = 'n', .type = FB_OPT_NAMES, .val = &names_val,
	  .arg = "LIST", .help = "some names", .names = name_at },
	{ .name = "one", .type = FB_OPT_NAME, .val = &one_val, .arg = "NAME",
	  .help = "one name", .names = name_at },
	{ .name = "quick", .type = FB_OPT_FLAG, .val = &quick,
	  .help = "the quick defaults" },
	{ 0 },
};

static const struct fb_param params[] = {
	{ .name = "n", .type = FB_PARAM_UINT, .val = &n_val, .def = "5",
	  .help = "a number", .min = 1, .max = 10 },
	{ .name = "q", .type = FB_PARAM_UINT, .val = &q_val, .def = "100",
	  .quick = "7", .help = "a number with a quick default", .min = 1,
	  .max = 1000 },
	{ .name = "big", .type = FB_PARAM_U64, .val = &big, .def = "1",
	  .help = "a big number", .min = 0, .max = ULONG_MAX },
	{ 0 },
};

static const struct fb_param *const tables[] = { params, NULL };

static const struct fb_opt more[] = {
	{ .name = "str", .type = FB_OPT_STR, .val = &str_val, .arg = "S",
	  .help = "a string" },
	{ .name = "call", .type = FB_OPT_CALL, .call = call, .arg = "X",
	  .help = "a repeatable option" },
	{ .name = "flag", .key = 'f', .type = FB_OPT_FLAG, .val = &flag,
	  .help = "a flag" },
	{ 0 },
};

static void footer(FILE *f)
{
	fprintf(f, "the footer\n");
}

static const struct fb_cli cli = {
	.opts = opts, .params = tables, .more = more, .quick = &quick,
	.footer = footer,
};

/* What the last parse() printed. */
static char out[8192], err[8192];

/* Read what went to @fd since @tmp took its place, into @buf; give @fd back. */
static void restore(int fd, int saved, FILE *tmp, char *buf, size_t n)
{
	size_t got;

	dup2(saved, fd);
	close(saved);
	rewind(tmp);
	got = fread(buf, 1, n - 1, tmp);
	buf[got] = 0;
	fclose(tmp);
}

/* fb_cli_parse() of "lib-cli ARGS..." (NULL ended) from the defaults. */
static int parse_with(const struct fb_cli *c, const char *const *args)
{
	char *argv[32] = { "lib-cli" };
	FILE *o = tmpfile(), *e = tmpfile();
	int argc = 1, so, se, code;

	for (; *args; args++)
		argv[argc++] = (char *)*args;
	names_val = "all";
	one_val = str_val = NULL;
	flag = quick = ncalls = 0;
	n_val = q_val = 0;
	big = 0;
	fflush(stdout);
	fflush(stderr);
	so = dup(1);
	se = dup(2);
	dup2(fileno(o), 1);
	dup2(fileno(e), 2);
	optind = 0;		/* getopt_long() from the start again */
	code = fb_cli_parse(c, argc, argv);
	fflush(stdout);
	fflush(stderr);
	restore(1, so, o, out, sizeof(out));
	restore(2, se, e, err, sizeof(err));
	return code;
}

#define parse(...) parse_with(&cli, (const char *const[]){ __VA_ARGS__, NULL })

static void good(void)
{
	CHECK(parse_with(&cli, (const char *const[]){ NULL }) == FB_CLI_RUN &&
	      n_val == 5 && q_val == 100 && big == 1 &&
	      !strcmp(names_val, "all") && !one_val && !*err,
	      "no option: the defaults, silently");
	CHECK(parse("--n", "7", "--quick") == FB_CLI_RUN && n_val == 7 &&
	      q_val == 7, "--quick after a parameter: its quick defaults all the same");
	CHECK(parse("--quick", "--q", "9") == FB_CLI_RUN && q_val == 9,
	      "a parameter given beats its quick default");
	CHECK(parse("--names", "alpha,gamma", "--one", "beta", "--str", "x",
		    "--call", "a", "--call", "b", "-f") == FB_CLI_RUN &&
	      !strcmp(names_val, "alpha,gamma") && !strcmp(one_val, "beta") &&
	      !strcmp(str_val, "x") && ncalls == 2 && flag,
	      "every kind of option taken");
	CHECK(parse("-n", "beta") == FB_CLI_RUN && !strcmp(names_val, "beta"),
	      "a short option");
	CHECK(parse("--big", "18446744073709551615") == FB_CLI_RUN &&
	      big == UINT64_MAX, "a 64-bit parameter to its maximum");
	CHECK(parse("--help") == 0 && strstr(out, "usage: lib-cli [options]") &&
	      !*err, "--help: the usage on stdout, status 0");
	CHECK(parse("-h") == 0 && strstr(out, "usage:"), "-h as --help");
	CHECK(parse("--n", "0", "--help") == 0, "--help before the values are checked");
}

/* @args is bad usage: status 2, and stderr says @what, then the hint. */
static void bad(const char *what, const char *const *args, const char *case_name)
{
	int code = parse_with(&cli, args);

	CHECK(code == 2 && strstr(err, what) &&
	      (strstr(err, "bad arguments (lib-cli --help)") ||
	       strstr(err, "usage: lib-cli")),
	      "%s: status 2 (got %d), says \"%s\"", case_name, code, what);
}

#define BAD(what, name, ...) bad(what, (const char *const[]){ __VA_ARGS__, NULL }, name)

static void errors(void)
{
	BAD("--names: unknown 'delta'; want all or a comma list of alpha, beta, gamma",
	    "an unknown name in a list", "--names", "alpha,delta");
	BAD("--names: unknown ''", "an empty list", "--names", "");
	BAD("--names: unknown ''", "an empty name in a list", "--names", "alpha,");
	BAD("--names: unknown 'all'", "all in a list", "--names", "all,alpha");
	BAD("--one: unknown 'all'; want one of alpha, beta, gamma",
	    "all where one name is wanted", "--one", "all");
	BAD("--n '0': want a number in 1..10", "a number below its bounds", "--n", "0");
	BAD("--n '11': want a number in 1..10", "a number above its bounds", "--n", "11");
	BAD("--n 'x'", "not a number", "--n", "x");
	BAD("--n ' 5'", "a blank before the number", "--n", " 5");
	BAD("--n '-1'", "a sign", "--n", "-1");
	BAD("--big '18446744073709551616'", "past 64 bits", "--big",
	    "18446744073709551616");
	BAD("--call 'bad': refused", "a refused repeatable option", "--call", "bad");
	BAD("unexpected argument 'extra'", "an argument that is no option", "extra");
	BAD("unrecognized option '--bogus'", "an unknown option", "--bogus");
	BAD("requires an argument", "an argument missing", "--n");
}

static void usage(void)
{
	char *u;
	size_t n;
	FILE *f = open_memstream(&u, &n);
	const char *order[] = {
		"  -n, --names LIST   some names\n", "  --one NAME", "  --quick  ",
		"  --n N              a number (5)\n",
		"  --q N              a number with a quick default (100; quick 7)\n",
		"  --big N", "  --str S", "  --call X", "  -f, --flag",
		"  --help             this text\n", "the footer\n",
	};
	const char *at = NULL;
	int in_order = 1;

	fb_cli_usage(&cli, f);
	fclose(f);
	for (size_t i = 0; i < sizeof(order) / sizeof(order[0]); i++) {
		const char *p = strstr(u, order[i]);

		in_order &= p && p > at;
		at = p;
	}
	CHECK(in_order, "usage: options, parameters (with defaults), more options, --help, footer");
	free(u);
}

static void declared_twice(void)
{
	static const struct fb_opt twice[] = {
		{ .name = "n", .type = FB_OPT_FLAG, .val = &flag, .help = "x" },
		{ 0 },
	};
	const struct fb_cli c = { .opts = twice, .params = tables };

	CHECK(parse_with(&c, (const char *const[]){ NULL }) == 2 &&
	      strstr(err, "option --n is declared twice"),
	      "an option declared twice: status 2, named");
}

int main(void)
{
	good();
	errors();
	usage();
	declared_twice();
	CHECK(fb_cli_selected("alpha,beta", "beta") &&
	      fb_cli_selected("all", "gamma") &&
	      !fb_cli_selected("alphabet", "alpha") &&
	      !fb_cli_selected("beta,alpha", "alp"),
	      "fb_cli_selected: whole names of the list, or all");
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
