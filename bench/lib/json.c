// SPDX-License-Identifier: GPL-2.0
/* json.c - streaming JSON writer. */
#include "json.h"

#include <inttypes.h>
#include <math.h>

void fb_json_init(struct fb_json *j, FILE *f)
{
	j->f = f;
	j->depth = 0;
	j->count[0] = 0;
	j->flat[0] = 0;
}

static void put_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

/* Separator, indentation and key before a new member. */
static void member(struct fb_json *j, const char *key)
{
	int d = j->depth;

	if (j->count[d]++)
		fputc(',', j->f);
	if (d && !j->flat[d]) {
		fputc('\n', j->f);
		for (int i = 0; i < d; i++)
			fputs("  ", j->f);
	} else if (d && j->count[d] > 1) {
		fputc(' ', j->f);
	}
	if (key) {
		put_string(j->f, key);
		fputs(": ", j->f);
	}
}

static void open_container(struct fb_json *j, const char *key, char c, int flat)
{
	int parent_flat = j->flat[j->depth];

	member(j, key);
	fputc(c, j->f);
	if (j->depth + 1 < FB_JSON_DEPTH) {
		j->depth++;
		j->count[j->depth] = 0;
		j->flat[j->depth] = flat || parent_flat;
		j->close[j->depth] = c == '{' ? '}' : ']';
	}
}

void fb_json_obj(struct fb_json *j, const char *key) { open_container(j, key, '{', 0); }
void fb_json_arr(struct fb_json *j, const char *key) { open_container(j, key, '[', 0); }
void fb_json_obj_flat(struct fb_json *j, const char *key) { open_container(j, key, '{', 1); }
void fb_json_arr_flat(struct fb_json *j, const char *key) { open_container(j, key, '[', 1); }

void fb_json_end(struct fb_json *j)
{
	int d = j->depth;

	if (!d)
		return;
	j->depth--;
	if (j->count[d] && !j->flat[d]) {
		fputc('\n', j->f);
		for (int i = 0; i < j->depth; i++)
			fputs("  ", j->f);
	}
	fputc(j->close[d], j->f);
	if (!j->depth)
		fputc('\n', j->f);
}

void fb_json_str(struct fb_json *j, const char *key, const char *v)
{
	member(j, key);
	put_string(j->f, v);
}

void fb_json_num(struct fb_json *j, const char *key, double v)
{
	member(j, key);
	if (isfinite(v))
		fprintf(j->f, "%.10g", v);
	else
		fputs("null", j->f);
}

void fb_json_u64(struct fb_json *j, const char *key, uint64_t v)
{
	member(j, key);
	fprintf(j->f, "%" PRIu64, v);
}

void fb_json_bool(struct fb_json *j, const char *key, int v)
{
	member(j, key);
	fputs(v ? "true" : "false", j->f);
}

void fb_json_null(struct fb_json *j, const char *key)
{
	member(j, key);
	fputs("null", j->f);
}
