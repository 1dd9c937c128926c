/* SPDX-License-Identifier: GPL-2.0 */
/*
 * jsonparse.h - a small JSON reader into a tree (host tools only): enough
 * for results.json files. Numbers are doubles; strings are UTF-8 with
 * escapes decoded (\uXXXX below 0x80 only, others become '?').
 */
#ifndef FB_JSONPARSE_H
#define FB_JSONPARSE_H

#include <stddef.h>

enum fb_jtype { FB_JNULL, FB_JBOOL, FB_JNUM, FB_JSTR, FB_JARR, FB_JOBJ };

struct fb_jv {
	enum fb_jtype type;
	double num;		/* number, or 0/1 for bool */
	char *str;		/* string */
	size_t n;		/* members of an array or object */
	struct fb_jv **items;
	char **keys;		/* object member names */
};

/* Parse @text; NULL on a syntax error (message in @err). */
struct fb_jv *fb_json_parse(const char *text, char *err, size_t errlen);
/* Read and parse a file; NULL on error (message in @err). */
struct fb_jv *fb_json_load(const char *path, char *err, size_t errlen);
void fb_jv_free(struct fb_jv *v);
/* Object member, NULL if absent or not an object. */
const struct fb_jv *fb_jv_get(const struct fb_jv *obj, const char *key);
/* Typed member accessors with a default. */
const char *fb_jv_str(const struct fb_jv *obj, const char *key,
		      const char *def);
double fb_jv_num(const struct fb_jv *obj, const char *key, double def);

#endif /* FB_JSONPARSE_H */
