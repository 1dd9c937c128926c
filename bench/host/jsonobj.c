// SPDX-License-Identifier: GPL-2.0
/*
 * jsonobj.c - fbtool object, fbtool get: small JSON objects for the shell
 * (vm/run's vm.json, read back by bench/run-bench and bench/ab), written
 * and read by a JSON library so that no value needs shell quoting.
 */
#include "jsonobj.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results.h"

static int dump(FILE *f, const void *arg)
{
	return json_dumpf((const json_t *)arg, f,
			  JSON_INDENT(2) | JSON_PRESERVE_ORDER) ||
	       fputc('\n', f) == EOF;
}

/* A whole decimal number, as the shell gives a count: "4", not "4x". */
static int whole(const char *s, json_int_t *v)
{
	char *end;
	long long n;

	if (!*s || strspn(s, "0123456789-") != strlen(s))
		return 0;
	errno = 0;
	n = strtoll(s, &end, 10);
	if (errno || *end)
		return 0;
	*v = (json_int_t)n;
	return 1;
}

int fb_cmd_object(int argc, char **argv)
{
	json_t *o;
	int err;

	if (argc < 1)
		return 2;
	o = json_object();
	if (!o)
		return 1;
	for (int i = 1; i < argc; i++) {
		/* KEY=STRING, or KEY:=NUMBER (a whole number) */
		char *eq = strchr(argv[i], '=');
		int num = eq && eq > argv[i] && eq[-1] == ':';
		size_t klen = eq ? (size_t)(eq - argv[i]) - (size_t)num : 0;
		char key[128];
		json_int_t n;
		json_t *v;

		if (!eq || !klen || klen >= sizeof(key)) {
			fprintf(stderr, "fbtool object: '%s' is not KEY=VALUE or KEY:=NUMBER\n",
				argv[i]);
			json_decref(o);
			return 2;
		}
		memcpy(key, argv[i], klen);
		key[klen] = '\0';
		if (num && !whole(eq + 1, &n)) {
			fprintf(stderr, "fbtool object: %s: '%s' is not a whole number\n",
				key, eq + 1);
			json_decref(o);
			return 2;
		}
		v = num ? json_integer(n) : json_string(eq + 1);
		if (!v || json_object_set_new(o, key, v)) {
			fprintf(stderr, "fbtool object: %s: not valid UTF-8, or out of memory\n",
				key);
			json_decref(o);
			return 1;
		}
	}
	err = fb_write_atomic(argv[0], dump, o);
	json_decref(o);
	if (err) {
		fprintf(stderr, "fbtool object: cannot write %s: %s\n", argv[0],
			strerror(-err));
		return 1;
	}
	return 0;
}

int fb_cmd_get(int argc, char **argv)
{
	json_error_t e;
	json_t *o, *v;
	int rc = 0;

	if (argc != 2)
		return 2;
	o = json_load_file(argv[0], 0, &e);
	if (!o) {
		fprintf(stderr, "fbtool get: %s: %s (line %d)\n", argv[0], e.text,
			e.line);
		return 1;
	}
	v = json_object_get(o, argv[1]);
	if (json_is_string(v)) {
		printf("%s\n", json_string_value(v));
	} else if (json_is_integer(v)) {
		printf("%" JSON_INTEGER_FORMAT "\n", json_integer_value(v));
	} else if (json_is_real(v)) {
		printf("%.17g\n", json_real_value(v));
	} else {
		fprintf(stderr, "fbtool get: %s has no %s%s\n", argv[0],
			v ? "scalar " : "", argv[1]);
		rc = 1;
	}
	json_decref(o);
	return rc;
}
