/* SPDX-License-Identifier: GPL-2.0 */
/*
 * param.h - numeric command-line parameters declared by the code that
 * reads them.
 *
 * Code lists its parameters in a table (struct fb_param, ended by an entry
 * with name == NULL) next to the variables they set: each benchmark
 * workload, fencebench's harness, each reliability program. The option
 * front end (cli.h) builds the options, the usage text and the defaults
 * from the tables; fencebench also the run metadata and --list. Nothing
 * else needs editing to add one.
 */
#ifndef FB_PARAM_H
#define FB_PARAM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define FB_MAX_LIST 32

/* A sweep list such as --k 1,16,256. */
struct fb_list {
	size_t n;
	unsigned long v[FB_MAX_LIST];
};

enum fb_param_type {
	FB_PARAM_UINT,	/* unsigned int */
	FB_PARAM_LIST,	/* struct fb_list: comma list, at least one value */
	FB_PARAM_US,	/* uint64_t in ns, given in microseconds */
	FB_PARAM_U64,	/* uint64_t */
};

struct fb_param {
	const char *name;	/* the option is --name */
	enum fb_param_type type;
	void *val;		/* what it sets (type above) */
	const char *def;	/* default, as on the command line */
	const char *quick;	/* default under --quick (NULL: @def) */
	const char *help;
	unsigned long min, max;	/* bounds of the value (of each list value) */
	/*
	 * Non-zero: a budget that interleaved rounds (rounds.h) split
	 * between them, each round getting value / rounds but at least
	 * @split_min.
	 */
	unsigned int split_min;
};

/* Set every parameter of @t to its default (its quick one if @quick). */
void fb_params_defaults(const struct fb_param *t, int quick);
/*
 * Parse @arg into parameter @p. 0, or -EINVAL after printing, on stderr,
 * which option was wrong and what it takes (prefixed with the program's
 * name).
 */
int fb_param_parse(const struct fb_param *p, const char *arg);
/* The usage lines of @t. */
void fb_params_usage(FILE *f, const struct fb_param *t);
/* "--name VALUE" pairs of @t (for --list), on one line. */
void fb_params_line(FILE *f, const struct fb_param *t);
/* The current value of @p as text, as it would be given on the command line. */
void fb_param_format(const struct fb_param *p, char *buf, size_t n);

/* Split a budget parameter for one of @rounds rounds; restore with the result. */
unsigned long fb_param_split(const struct fb_param *p, unsigned int rounds);
void fb_param_restore(const struct fb_param *p, unsigned long v);

#endif /* FB_PARAM_H */
