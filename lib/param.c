// SPDX-License-Identifier: GPL-2.0
/* param.c - parse, default, describe the parameters of param.h. */
#include "param.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* One number of @p from @s (the whole of @s); 0 or -EINVAL. */
static int parse_one(const struct fb_param *p, const char *s, unsigned long *v)
{
	char *end;

	if (*s < '0' || *s > '9')	/* no sign, no blank: strtoul takes both */
		return -EINVAL;
	errno = 0;
	*v = strtoul(s, &end, 10);
	if (errno || *end || *v < p->min || *v > p->max)
		return -EINVAL;
	return 0;
}

static int parse_list(const struct fb_param *p, const char *s,
		      struct fb_list *l)
{
	char *copy = strdup(s), *tok, *save = NULL;
	int err = 0;

	if (!copy)
		return -ENOMEM;
	l->n = 0;
	for (tok = strtok_r(copy, ",", &save); tok && !err;
	     tok = strtok_r(NULL, ",", &save)) {
		if (l->n == FB_MAX_LIST)
			err = -EINVAL;
		else
			err = parse_one(p, tok, &l->v[l->n++]);
	}
	free(copy);
	return err ? err : l->n ? 0 : -EINVAL;
}

static int parse_into(const struct fb_param *p, const char *arg)
{
	unsigned long v;
	int err;

	switch (p->type) {
	case FB_PARAM_LIST:
		return parse_list(p, arg, p->val);
	case FB_PARAM_US:
		err = parse_one(p, arg, &v);
		if (!err)
			*(uint64_t *)p->val = (uint64_t)v * 1000u;
		return err;
	case FB_PARAM_U64:
		err = parse_one(p, arg, &v);
		if (!err)
			*(uint64_t *)p->val = v;
		return err;
	default:
		err = parse_one(p, arg, &v);
		if (!err)
			*(unsigned int *)p->val = (unsigned int)v;
		return err;
	}
}

int fb_param_parse(const struct fb_param *p, const char *arg)
{
	int err = parse_into(p, arg);

	if (err)
		fprintf(stderr,
			"%s: --%s '%s': want %s in %lu..%lu%s\n",
			program_invocation_short_name, p->name, arg,
			p->type == FB_PARAM_LIST ? "a comma list of numbers, each" :
						   "a number",
			p->min, p->max,
			p->type == FB_PARAM_LIST ? " (at most 32 values)" : "");
	return err;
}

void fb_params_defaults(const struct fb_param *t, int quick)
{
	for (; t && t->name; t++) {
		const char *d = quick && t->quick ? t->quick : t->def;

		/* A table whose default does not parse is a bug: say so loudly. */
		if (fb_param_parse(t, d))
			abort();
	}
}

static const char *metavar(const struct fb_param *p)
{
	return p->type == FB_PARAM_LIST ? "LIST" : "N";
}

void fb_params_usage(FILE *f, const struct fb_param *t)
{
	for (; t && t->name; t++) {
		char opt[40];

		snprintf(opt, sizeof(opt), "--%s %s", t->name, metavar(t));
		fprintf(f, "  %-18s %s (%s", opt, t->help, t->def);
		if (t->quick && strcmp(t->quick, t->def))
			fprintf(f, "; quick %s", t->quick);
		fprintf(f, ")\n");
	}
}

void fb_params_line(FILE *f, const struct fb_param *t)
{
	for (const struct fb_param *p = t; p && p->name; p++)
		fprintf(f, "%s--%s %s (%s)", p == t ? "" : ", ", p->name,
			metavar(p), p->def);
}

void fb_param_format(const struct fb_param *p, char *buf, size_t n)
{
	const struct fb_list *l = p->val;
	size_t len = 0;

	buf[0] = 0;
	switch (p->type) {
	case FB_PARAM_LIST:
		for (size_t i = 0; i < l->n && len < n; i++)
			len += (size_t)snprintf(buf + len, n - len, "%s%lu",
						i ? "," : "", l->v[i]);
		break;
	case FB_PARAM_US:
		snprintf(buf, n, "%llu",
			 (unsigned long long)(*(uint64_t *)p->val / 1000u));
		break;
	case FB_PARAM_U64:
		snprintf(buf, n, "%llu",
			 (unsigned long long)*(uint64_t *)p->val);
		break;
	default:
		snprintf(buf, n, "%u", *(unsigned int *)p->val);
	}
}

unsigned long fb_param_split(const struct fb_param *p, unsigned int rounds)
{
	unsigned int *v = p->val, old = *v;

	if (p->type == FB_PARAM_UINT && p->split_min && rounds) {
		*v = old / rounds;
		if (*v < p->split_min)
			*v = p->split_min;
	}
	return old;
}

void fb_param_restore(const struct fb_param *p, unsigned long v)
{
	if (p->type == FB_PARAM_UINT && p->split_min)
		*(unsigned int *)p->val = (unsigned int)v;
}
