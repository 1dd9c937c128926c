/* SPDX-License-Identifier: GPL-2.0 */
/*
 * json.h - a small streaming JSON writer (objects, arrays, strings,
 * numbers) with commas and indentation handled for the caller.
 */
#ifndef FB_JSON_H
#define FB_JSON_H

#include <stdint.h>
#include <stdio.h>

#define FB_JSON_DEPTH 16

struct fb_json {
	FILE *f;
	int depth;
	int count[FB_JSON_DEPTH];	/* members written at each level */
	int flat[FB_JSON_DEPTH];	/* level written on one line */
	char close[FB_JSON_DEPTH];	/* closing bracket of each level */
};

void fb_json_init(struct fb_json *j, FILE *f);
/* @key is NULL inside arrays and for the top-level value. */
void fb_json_obj(struct fb_json *j, const char *key);
void fb_json_arr(struct fb_json *j, const char *key);
/* Same, but the container is written on one line. */
void fb_json_obj_flat(struct fb_json *j, const char *key);
void fb_json_arr_flat(struct fb_json *j, const char *key);
void fb_json_end(struct fb_json *j);	/* closes the innermost container */
void fb_json_str(struct fb_json *j, const char *key, const char *v);
/* Non-finite numbers are written as null. */
void fb_json_num(struct fb_json *j, const char *key, double v);
void fb_json_u64(struct fb_json *j, const char *key, uint64_t v);
void fb_json_bool(struct fb_json *j, const char *key, int v);
void fb_json_null(struct fb_json *j, const char *key);

#endif /* FB_JSON_H */
