/* SPDX-License-Identifier: GPL-2.0 */
/*
 * registry.h - plug-ins that register themselves: the one mechanism behind
 * the benchmark's backends and workloads and the conformance case tables.
 *
 * A plug-in is one file: it defines its item (a struct fb_backend, a
 * struct fb_workload, a table of cases) and registers it with a macro of
 * its kind (FB_BACKEND_REGISTER() ...), which wraps FB_REGISTER(): a
 * constructor adds the item to its kind's registry before main() runs.
 * The registry keeps its items in @order, lower first, then by name; a
 * second item of a name, or more than FB_REGISTRY_MAX items, stops the
 * program before main() with a message (a build that cannot work).
 */
#ifndef FB_REGISTRY_H
#define FB_REGISTRY_H

#include <stddef.h>

#define FB_REGISTRY_MAX 32

struct fb_registry_entry {
	const char *name;
	int order;
	const void *item;
};

/* Define one per kind: struct fb_registry fb_backend_registry = { "backend" }; */
struct fb_registry {
	const char *kind;	/* what its items are, for the messages */
	size_t n;
	struct fb_registry_entry e[FB_REGISTRY_MAX];
};

/* Add @item, named @name, at @order (FB_REGISTER() calls it). */
void fb_registry_add(struct fb_registry *r, const void *item, const char *name,
		     int order);
/* The @i-th item in order; NULL past the last. */
const void *fb_registry_at(const struct fb_registry *r, size_t i);
/* The @i-th name in order; NULL past the last. */
const char *fb_registry_name(const struct fb_registry *r, size_t i);
/* The item named @name; NULL if none. */
const void *fb_registry_find(const struct fb_registry *r, const char *name);

/* Add the object @var to @reg, as @name at @order, before main() runs. */
#define FB_REGISTER(reg, var, name, order)				\
	static void __attribute__((constructor)) fb_register_##var(void) \
	{								\
		fb_registry_add(&(reg), &(var), (name), (order));	\
	}

#endif /* FB_REGISTRY_H */
