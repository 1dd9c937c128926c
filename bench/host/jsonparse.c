// SPDX-License-Identifier: GPL-2.0
/* jsonparse.c - recursive-descent JSON reader for the host tools. */
#include "jsonparse.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct parser {
	const char *p;
	char *err;
	size_t errlen;
	int depth;
};

static struct fb_jv *value(struct parser *ps);

static void *fail(struct parser *ps, const char *what)
{
	if (!ps->err[0])
		snprintf(ps->err, ps->errlen, "%s near '%.20s'", what, ps->p);
	return NULL;
}

static void skip_ws(struct parser *ps)
{
	while (isspace((unsigned char)*ps->p))
		ps->p++;
}

static struct fb_jv *new_jv(enum fb_jtype t)
{
	struct fb_jv *v = calloc(1, sizeof(*v));

	if (v)
		v->type = t;
	return v;
}

void fb_jv_free(struct fb_jv *v)
{
	if (!v)
		return;
	for (size_t i = 0; i < v->n; i++) {
		fb_jv_free(v->items[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->str);
	free(v);
}

static char *string(struct parser *ps)
{
	size_t cap = 16, len = 0;
	char *s = malloc(cap);

	if (!s || *ps->p != '"')
		return free(s), fail(ps, "expected string");
	ps->p++;
	while (*ps->p && *ps->p != '"') {
		char c = *ps->p++;

		if (c == '\\') {
			c = *ps->p++;
			switch (c) {
			case 'n': c = '\n'; break;
			case 't': c = '\t'; break;
			case 'r': c = '\r'; break;
			case 'b': c = '\b'; break;
			case 'f': c = '\f'; break;
			case 'u': {
				unsigned int u = 0;

				if (sscanf(ps->p, "%4x", &u) != 1)
					return free(s), fail(ps, "bad \\u");
				ps->p += 4;
				c = u < 0x80 ? (char)u : '?';
				break;
			}
			case '"': case '\\': case '/': break;
			default:
				return free(s), fail(ps, "bad escape");
			}
		}
		if (len + 2 > cap) {
			char *n = realloc(s, cap *= 2);

			if (!n)
				return free(s), fail(ps, "out of memory");
			s = n;
		}
		s[len++] = c;
	}
	if (*ps->p != '"')
		return free(s), fail(ps, "unterminated string");
	ps->p++;
	s[len] = 0;
	return s;
}

static int append(struct fb_jv *v, struct fb_jv *item, char *key)
{
	struct fb_jv **items = realloc(v->items, (v->n + 1) * sizeof(*items));

	if (!items)
		return -ENOMEM;
	v->items = items;
	if (v->type == FB_JOBJ) {
		char **keys = realloc(v->keys, (v->n + 1) * sizeof(*keys));

		if (!keys)
			return -ENOMEM;
		v->keys = keys;
		keys[v->n] = key;
	}
	items[v->n++] = item;
	return 0;
}

static struct fb_jv *container(struct parser *ps, int obj)
{
	struct fb_jv *v = new_jv(obj ? FB_JOBJ : FB_JARR);
	char close = obj ? '}' : ']';

	if (!v || ++ps->depth > 64)
		return fb_jv_free(v), fail(ps, "too deep");
	ps->p++;
	skip_ws(ps);
	if (*ps->p == close) {
		ps->p++;
		ps->depth--;
		return v;
	}
	for (;;) {
		char *key = NULL;
		struct fb_jv *item;

		skip_ws(ps);
		if (obj) {
			key = string(ps);
			if (!key)
				return fb_jv_free(v), NULL;
			skip_ws(ps);
			if (*ps->p != ':') {
				free(key);
				return fb_jv_free(v), fail(ps, "expected ':'");
			}
			ps->p++;
		}
		item = value(ps);
		if (!item || append(v, item, key)) {
			free(key);
			fb_jv_free(item);
			return fb_jv_free(v), fail(ps, "bad member");
		}
		skip_ws(ps);
		if (*ps->p == ',') {
			ps->p++;
			continue;
		}
		if (*ps->p == close) {
			ps->p++;
			ps->depth--;
			return v;
		}
		return fb_jv_free(v), fail(ps, "expected ',' or end");
	}
}

static struct fb_jv *value(struct parser *ps)
{
	struct fb_jv *v;
	char *end;

	skip_ws(ps);
	switch (*ps->p) {
	case '{':
		return container(ps, 1);
	case '[':
		return container(ps, 0);
	case '"':
		v = new_jv(FB_JSTR);
		if (v && !(v->str = string(ps)))
			return fb_jv_free(v), NULL;
		return v;
	}
	if (!strncmp(ps->p, "null", 4)) {
		ps->p += 4;
		return new_jv(FB_JNULL);
	}
	if (!strncmp(ps->p, "true", 4) || !strncmp(ps->p, "false", 5)) {
		v = new_jv(FB_JBOOL);
		if (v)
			v->num = *ps->p == 't';
		ps->p += *ps->p == 't' ? 4 : 5;
		return v;
	}
	v = new_jv(FB_JNUM);
	if (!v)
		return fail(ps, "out of memory");
	v->num = strtod(ps->p, &end);
	if (end == ps->p)
		return fb_jv_free(v), fail(ps, "unexpected character");
	ps->p = end;
	return v;
}

struct fb_jv *fb_json_parse(const char *text, char *err, size_t errlen)
{
	struct parser ps = { text, err, errlen, 0 };
	struct fb_jv *v;

	err[0] = 0;
	v = value(&ps);
	if (!v)
		return NULL;
	skip_ws(&ps);
	if (*ps.p) {
		fb_jv_free(v);
		return fail(&ps, "trailing data");
	}
	return v;
}

struct fb_jv *fb_json_load(const char *path, char *err, size_t errlen)
{
	FILE *f = fopen(path, "r");
	struct fb_jv *v;
	long len;
	char *buf;

	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	buf = malloc((size_t)len + 1);
	if (!buf || fread(buf, 1, (size_t)len, f) != (size_t)len) {
		snprintf(err, errlen, "%s: read error", path);
		fclose(f);
		free(buf);
		return NULL;
	}
	fclose(f);
	buf[len] = 0;
	v = fb_json_parse(buf, err, errlen);
	free(buf);
	return v;
}

const struct fb_jv *fb_jv_get(const struct fb_jv *obj, const char *key)
{
	if (!obj || obj->type != FB_JOBJ)
		return NULL;
	for (size_t i = 0; i < obj->n; i++)
		if (!strcmp(obj->keys[i], key))
			return obj->items[i];
	return NULL;
}

const char *fb_jv_str(const struct fb_jv *obj, const char *key,
		      const char *def)
{
	const struct fb_jv *v = fb_jv_get(obj, key);

	return v && v->type == FB_JSTR ? v->str : def;
}

double fb_jv_num(const struct fb_jv *obj, const char *key, double def)
{
	const struct fb_jv *v = fb_jv_get(obj, key);

	if (!v)
		return def;
	if (v->type == FB_JNULL)
		return NAN;
	return v->type == FB_JNUM || v->type == FB_JBOOL ? v->num : def;
}
