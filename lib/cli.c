// SPDX-License-Identifier: GPL-2.0
/* cli.c - the option front end of cli.h, on getopt_long(). */
#include "cli.h"

#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

/* getopt_long()'s value for option @i of the parser: OPT_BASE + i. */
#define OPT_BASE 256

static const struct fb_opt help_opt = {
	.name = "help", .type = FB_OPT_FLAG, .help = "this text",
};

/* What fb_cli_parse() builds from a struct fb_cli. */
struct parser {
	const struct fb_opt **opt;	/* @opts, then @more */
	size_t nopt;
	const struct fb_param **par;	/* every table's parameters, in order */
	size_t npar;
	struct option *longopts;	/* options, then parameters, --help */
	char *keys;			/* getopt's string of the short options */
};

static const char *prog(void)
{
	return program_invocation_short_name;
}

/* Two options of one name: a bug of the program. */
static int check_unique(const struct parser *p)
{
	for (size_t i = 0; p->longopts[i].name; i++)
		for (size_t j = 0; j < i; j++)
			if (!strcmp(p->longopts[i].name, p->longopts[j].name)) {
				fprintf(stderr, "%s: option --%s is declared twice\n",
					prog(), p->longopts[i].name);
				return -EINVAL;
			}
	return 0;
}

static int build(struct parser *p, const struct fb_cli *cli)
{
	const struct fb_opt *const tabs[] = { cli->opts, cli->more };
	const struct fb_param *const *t;
	size_t n = 0, m = 0, k = 0;

	for (size_t i = 0; i < 2; i++)
		for (const struct fb_opt *o = tabs[i]; o && o->name; o++)
			n++;
	for (t = cli->params; t && *t; t++)
		for (const struct fb_param *q = *t; q->name; q++)
			m++;
	p->opt = calloc(n + 1, sizeof(*p->opt));
	p->par = calloc(m + 1, sizeof(*p->par));
	p->longopts = calloc(n + m + 2, sizeof(*p->longopts));
	p->keys = calloc(2 * n + 2, 1);
	if (!p->opt || !p->par || !p->longopts || !p->keys) {
		fprintf(stderr, "%s: out of memory\n", prog());
		return -ENOMEM;
	}
	for (size_t i = 0; i < 2; i++)
		for (const struct fb_opt *o = tabs[i]; o && o->name; o++) {
			p->longopts[p->nopt] = (struct option){
				o->name, o->arg ? required_argument : no_argument,
				NULL, OPT_BASE + (int)p->nopt };
			p->opt[p->nopt++] = o;
			if (o->key) {
				p->keys[k++] = o->key;
				if (o->arg)
					p->keys[k++] = ':';
			}
		}
	for (t = cli->params; t && *t; t++)
		for (const struct fb_param *q = *t; q->name; q++) {
			p->longopts[n + p->npar] = (struct option){
				q->name, required_argument, NULL,
				OPT_BASE + (int)(n + p->npar) };
			p->par[p->npar++] = q;
		}
	p->longopts[n + m] = (struct option){ help_opt.name, no_argument, NULL, 'h' };
	p->keys[k] = 'h';
	return check_unique(p);
}

static void parser_free(struct parser *p)
{
	free(p->opt);
	free(p->par);
	free(p->longopts);
	free(p->keys);
}

/* The option whose short form is -@key. */
static const struct fb_opt *by_key(const struct parser *p, int key)
{
	for (size_t i = 0; i < p->nopt; i++)
		if (p->opt[i]->key == key)
			return p->opt[i];
	return NULL;
}

/* Take the argument @arg of option @o; 0 or -EINVAL (said). */
static int take(const struct fb_opt *o, const char *arg)
{
	switch (o->type) {
	case FB_OPT_FLAG:
		*(int *)o->val = 1;
		return 0;
	case FB_OPT_CALL:
		return o->call(arg);
	default:
		*(const char **)o->val = arg;
		return 0;
	}
}

/* Is the @len bytes at @name a name that @o knows? */
static bool known(const struct fb_opt *o, const char *name, size_t len)
{
	const char *k;

	for (size_t i = 0; (k = o->names(i)); i++)
		if (strlen(k) == len && !strncmp(k, name, len))
			return true;
	return false;
}

/* 0 if the value of @o (NAME, NAMES) names only what it knows, else -EINVAL (said). */
static int check_names(const struct fb_opt *o)
{
	const char *p = *(const char **)o->val, *k;
	int err = 0;

	if (!p || (o->type == FB_OPT_NAMES && !strcmp(p, "all")))
		return 0;
	for (;;) {
		size_t len = o->type == FB_OPT_NAMES ? strcspn(p, ",") : strlen(p);

		if (!known(o, p, len)) {
			fprintf(stderr, "%s: --%s: unknown '%.*s'; want %s", prog(),
				o->name, (int)len, p, o->type == FB_OPT_NAMES ?
				"all or a comma list of" : "one of");
			for (size_t i = 0; (k = o->names(i)); i++)
				fprintf(stderr, "%s %s", i ? "," : "", k);
			fprintf(stderr, "\n");
			err = -EINVAL;
		}
		if (!p[len])
			return err;
		p += len + 1;
	}
}

static void opt_usage(FILE *f, const struct fb_opt *o)
{
	char s[64];
	int n = 0;

	if (o->key)
		n = snprintf(s, sizeof(s), "-%c, ", o->key);
	snprintf(s + n, sizeof(s) - n, "--%s%s%s", o->name, o->arg ? " " : "",
		 o->arg ? o->arg : "");
	fprintf(f, "  %-18s %s\n", s, o->help);
}

void fb_cli_usage(const struct fb_cli *cli, FILE *f)
{
	fprintf(f, "usage: %s [options]\n", prog());
	for (const struct fb_opt *o = cli->opts; o && o->name; o++)
		opt_usage(f, o);
	for (const struct fb_param *const *t = cli->params; t && *t; t++)
		fb_params_usage(f, *t);
	for (const struct fb_opt *o = cli->more; o && o->name; o++)
		opt_usage(f, o);
	opt_usage(f, &help_opt);
	if (cli->footer)
		cli->footer(f);
}

int fb_cli_bad_usage(void)
{
	fprintf(stderr, "%s: bad arguments (%s --help)\n", prog(), prog());
	return 2;
}

int fb_cli_parse(const struct fb_cli *cli, int argc, char **argv)
{
	/* Parameters are taken once the quick flag is known: (parameter, argument). */
	struct given {
		const struct fb_param *par;
		const char *arg;
	} *given = calloc((size_t)argc, sizeof(*given));
	struct parser p = { 0 };
	size_t ngiven = 0;
	bool bad = false;
	int c, code = 2;

	if (!given)
		fprintf(stderr, "%s: out of memory\n", prog());
	if (!given || build(&p, cli))
		goto out;
	while ((c = getopt_long(argc, argv, p.keys, p.longopts, NULL)) != -1) {
		size_t i = (size_t)(c - OPT_BASE);

		if (c == 'h') {
			fb_cli_usage(cli, stdout);
			code = 0;
			goto out;
		}
		if (c == '?') {		/* getopt_long() said what */
			fb_cli_usage(cli, stderr);
			goto out;
		}
		if (c >= OPT_BASE && i >= p.nopt)
			given[ngiven++] = (struct given){ p.par[i - p.nopt], optarg };
		else if (take(c >= OPT_BASE ? p.opt[i] : by_key(&p, c), optarg))
			bad = true;
	}
	for (int i = optind; i < argc; i++) {
		fprintf(stderr, "%s: unexpected argument '%s'\n", prog(), argv[i]);
		bad = true;
	}
	for (const struct fb_param *const *t = cli->params; t && *t; t++)
		fb_params_defaults(*t, cli->quick && *cli->quick);
	for (size_t i = 0; i < ngiven; i++)
		if (fb_param_parse(given[i].par, given[i].arg))
			bad = true;
	for (size_t i = 0; i < p.nopt; i++)
		if ((p.opt[i]->type == FB_OPT_NAME ||
		     p.opt[i]->type == FB_OPT_NAMES) && check_names(p.opt[i]))
			bad = true;
	code = bad ? fb_cli_bad_usage() : FB_CLI_RUN;
out:
	parser_free(&p);
	free(given);
	return code;
}

bool fb_cli_selected(const char *list, const char *name)
{
	size_t n = strlen(name);
	const char *p = list;

	if (!strcmp(list, "all"))
		return true;
	while ((p = strstr(p, name))) {
		if ((p == list || p[-1] == ',') && (p[n] == ',' || !p[n]))
			return true;
		p += n;
	}
	return false;
}
