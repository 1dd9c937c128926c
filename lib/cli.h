/* SPDX-License-Identifier: GPL-2.0 */
/*
 * cli.h - the option front end of the guest programs.
 *
 * A program declares its options in tables (struct fb_opt) and its numeric
 * parameters in tables of param.h; fb_cli_parse() builds the parser from
 * them, sets every parameter to its default, reads the command line,
 * checks names against what the program knows (backends, workloads,
 * cases), and answers --help (which every program has) with the usage
 * text made from the same tables. The program keeps only what its options
 * mean. Errors go to stderr, prefixed with the program's name; bad usage
 * is exit status 2 in every program.
 */
#ifndef FB_CLI_H
#define FB_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "param.h"

enum fb_opt_type {
	FB_OPT_FLAG,	/* int: set to 1 */
	FB_OPT_STR,	/* const char *: the argument */
	FB_OPT_NAME,	/* const char *: one name of @names */
	FB_OPT_NAMES,	/* const char *: "all" or a comma list of names of @names */
	FB_OPT_CALL,	/* @call(the argument): an option that may repeat */
};

struct fb_opt {
	const char *name;	/* the option is --name */
	char key;		/* and -key; 0: none */
	enum fb_opt_type type;
	void *val;		/* what it sets (see the type); not FB_OPT_CALL */
	const char *arg;	/* the argument in the usage; NULL: a flag */
	const char *help;	/* its line of the usage */
	/* FB_OPT_NAME, FB_OPT_NAMES: the @i-th name known, NULL past the last. */
	const char *(*names)(size_t i);
	/* FB_OPT_CALL: take @arg; 0, or -EINVAL after printing what is wrong. */
	int (*call)(const char *arg);
};

struct fb_cli {
	const struct fb_opt *opts;	/* ended by name == NULL */
	/* Parameter tables (param.h), NULL ended: after @opts in the usage. */
	const struct fb_param *const *params;
	const struct fb_opt *more;	/* after the parameters; NULL: none */
	/* The FB_OPT_FLAG that selects the parameters' quick defaults, or NULL. */
	const int *quick;
	/* Usage text after the options (--help comes last); NULL: none. */
	void (*footer)(FILE *f);
};

/* fb_cli_parse(): the program runs. */
#define FB_CLI_RUN (-1)

/*
 * Parse @argv by @cli: the parameters get their defaults, then every
 * option given is taken and checked. FB_CLI_RUN, or the exit status the
 * program returns now: 0 after --help (the usage on stdout), 2 on bad
 * usage (each error on stderr, then fb_cli_bad_usage()'s line; the usage
 * itself after an unknown option).
 */
int fb_cli_parse(const struct fb_cli *cli, int argc, char **argv);

/* The usage text of @cli. */
void fb_cli_usage(const struct fb_cli *cli, FILE *f);

/*
 * For a check of the program's own after fb_cli_parse() (its message
 * printed): say "bad arguments (PROG --help)" on stderr; returns 2.
 */
int fb_cli_bad_usage(void);

/* Does @list (of an FB_OPT_NAMES option) select @name? */
bool fb_cli_selected(const char *list, const char *name);

#endif /* FB_CLI_H */
