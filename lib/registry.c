// SPDX-License-Identifier: GPL-2.0
/* registry.c - the registries of registry.h, kept in order as items arrive. */
#include "registry.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void fb_registry_add(struct fb_registry *r, const void *item, const char *name,
		     int order)
{
	size_t i;

	if (r->n == FB_REGISTRY_MAX || fb_registry_find(r, name)) {
		/* Runs before main(): a build that cannot work stops here. */
		fprintf(stderr, "%s: cannot register %s '%s' (%s)\n",
			program_invocation_short_name, r->kind, name,
			r->n == FB_REGISTRY_MAX ? "too many" : "name taken");
		abort();
	}
	for (i = r->n; i > 0; i--) {
		const struct fb_registry_entry *o = &r->e[i - 1];

		if (o->order < order ||
		    (o->order == order && strcmp(o->name, name) < 0))
			break;
		r->e[i] = *o;
	}
	r->e[i] = (struct fb_registry_entry){ name, order, item };
	r->n++;
}

const void *fb_registry_at(const struct fb_registry *r, size_t i)
{
	return i < r->n ? r->e[i].item : NULL;
}

const char *fb_registry_name(const struct fb_registry *r, size_t i)
{
	return i < r->n ? r->e[i].name : NULL;
}

const void *fb_registry_find(const struct fb_registry *r, const char *name)
{
	for (size_t i = 0; i < r->n; i++)
		if (!strcmp(r->e[i].name, name))
			return r->e[i].item;
	return NULL;
}
