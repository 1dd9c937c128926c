// SPDX-License-Identifier: GPL-2.0
/* declared.c - a run's declarations of its backends and workloads (declared.h). */
#include "declared.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* fencebench: $FB_FENCEBENCH, else the one next to this program, else build/'s. */
static void fencebench_path(char *buf, size_t n)
{
	const char *env = getenv("FB_FENCEBENCH");
	char exe[2048];
	ssize_t len;

	if (env && *env) {
		snprintf(buf, n, "%s", env);
		return;
	}
	len = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (len > 0) {
		char *slash;

		exe[len] = 0;
		slash = strrchr(exe, '/');
		if (slash)
			*slash = 0;
		snprintf(buf, n, "%s/../guest/bin/fencebench", exe);
		if (!access(buf, X_OK))
			return;
	}
	snprintf(buf, n, "build/guest/bin/fencebench");
}

int fb_declared_fill(struct fb_results *r, const char *path)
{
	char bin[4096], cmd[4200], line[4096], from[4200];
	int got = 0, rc;
	FILE *p;

	if (fb_meta_get(&r->meta, "backends_declared"))
		return 0;
	fencebench_path(bin, sizeof(bin));
	snprintf(cmd, sizeof(cmd), "'%s' --declare", bin);
	p = strchr(bin, '\'') ? NULL : popen(cmd, "r");
	while (p && fgets(line, sizeof(line), p)) {
		char *eq = strchr(line, '=');

		line[strcspn(line, "\n")] = 0;
		if (!eq)
			continue;
		*eq = 0;
		if (!fb_meta_get(&r->meta, line))
			fb_meta_set(&r->meta, line, eq + 1, 0);
		got++;
	}
	rc = p ? pclose(p) : -1;
	if (rc || !got) {
		fprintf(stderr, "fbtool: %s records no declarations of its backends and workloads, "
				"and '%s --declare' gave none (make guest, or set FB_FENCEBENCH)\n",
			path, bin);
		return -1;
	}
	snprintf(from, sizeof(from), "%s --declare (the run predates recorded declarations)", bin);
	fb_meta_set(&r->meta, "declarations_from", from, 0);
	return 0;
}

const char *fb_declared_get(const struct fb_results *r, const char *prefix,
			    const char *name, const char *suffix)
{
	char key[256];

	snprintf(key, sizeof(key), "%s%s%s", prefix, name, suffix);
	return fb_meta_get(&r->meta, key);
}

const char *fb_declared_reference(const struct fb_results *r)
{
	const char *v = fb_meta_get(&r->meta, "reference_backend");

	return v && *v ? v : NULL;
}

const char *fb_declared_floor(const struct fb_results *r, const char *series)
{
	for (const char *p = series; *p; p += strcspn(p, "/"), p += *p == '/') {
		char part[128];
		const char *v;

		snprintf(part, sizeof(part), "%.*s", (int)strcspn(p, "/"), p);
		v = fb_declared_get(r, "floor_backend_", part, "");
		if (v && *v)
			return v;
	}
	return NULL;
}

/* The @i-th name (0-based) of the comma list @list into @buf; 0 past the last. */
static int list_item(const char *list, size_t i, char *buf, size_t n)
{
	const char *p = list;

	while (p && i--) {
		p = strchr(p, ',');
		p = p ? p + 1 : NULL;
	}
	if (!p || !*p)
		return 0;
	snprintf(buf, n, "%.*s", (int)strcspn(p, ","), p);
	return 1;
}

const char *fb_declared_first_floor(const struct fb_results *r)
{
	const char *all = fb_meta_get(&r->meta, "backends_declared");
	static const char prefix[] = "floor_backend_";
	char name[128];

	for (size_t i = 0; list_item(all, i, name, sizeof(name)); i++)
		for (size_t k = 0; k < r->meta.n; k++) {
			const struct fb_kv *kv = &r->meta.kv[k];

			if (!strncmp(kv->key, prefix, sizeof(prefix) - 1) &&
			    !strcmp(kv->val, name))
				return kv->val;
		}
	return NULL;
}

/* Append "NAME COLOUR" to @buf unless NAME is there already. */
static void add_pair(char *buf, size_t n, const char *name, const char *colour)
{
	size_t l = strlen(buf), len = strlen(name);

	for (const char *p = buf; *p;) {
		size_t w = strcspn(p, " ");

		if (w == len && !strncmp(p, name, len))
			return;
		p += w;				/* the name */
		p += strspn(p, " ");
		p += strcspn(p, " ");		/* its colour */
		p += strspn(p, " ");
	}
	snprintf(buf + l, n - l, "%s%s %s", l ? " " : "", name, colour);
}

void fb_declared_colours(const struct fb_results *r, const char *fallback,
			 char *buf, size_t n)
{
	const char *all = fb_meta_get(&r->meta, "backends_declared");
	char name[128];

	buf[0] = 0;
	for (size_t i = 0; list_item(all, i, name, sizeof(name)); i++) {
		const char *c = fb_declared_get(r, "backend_", name, "_colour");

		add_pair(buf, n, name, c && *c ? c : fallback);
	}
	for (size_t i = 0; i < r->nm; i++)
		add_pair(buf, n, r->m[i].backend, fallback);
	for (size_t i = 0; i < r->nh; i++)
		add_pair(buf, n, r->h[i].backend, fallback);
}
