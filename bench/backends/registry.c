// SPDX-License-Identifier: GPL-2.0
/*
 * registry.c - the registry of the benchmark backends (lib/registry.h):
 * each backend's file adds itself with FB_BACKEND_REGISTER(). And what
 * the suite asks of the backends' declarations (backend.h): the
 * reference, the floors, the colours, who is required, are they sound.
 */
#include "backend.h"

#include <stdio.h>
#include <string.h>

#include "syncdev.h"

struct fb_registry fb_backend_registry = { .kind = "backend" };

/*
 * The colours of the backends that declare none, in this order (the
 * category10 palette); a declared colour is skipped.
 */
static const char *const palette[] = {
	"#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd",
	"#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf",
};
#define NPALETTE (sizeof(palette) / sizeof(palette[0]))

const char *fb_backend_kind_name(const struct fb_backend *b)
{
	return b->kind == FB_KIND_FENCE ? "fence" : "raw";
}

const struct fb_backend *fb_backend_reference(void)
{
	const struct fb_backend *b;

	for (size_t i = 0; (b = fb_backend_at(i)); i++)
		if (b->reference)
			return b;
	return NULL;
}

const struct fb_backend *fb_backend_floor(unsigned int op)
{
	const struct fb_backend *b;

	for (size_t i = 0; op && (b = fb_backend_at(i)); i++)
		if ((b->floor & op) == op)
			return b;
	return NULL;
}

static int declared_by_any(const char *colour)
{
	const struct fb_backend *b;

	for (size_t i = 0; (b = fb_backend_at(i)); i++)
		if (b->colour && !strcasecmp(b->colour, colour))
			return 1;
	return 0;
}

const char *fb_backend_colour(const struct fb_backend *b)
{
	const struct fb_backend *o;
	size_t k = 0, nfree = 0;

	if (b->colour)
		return b->colour;
	/* @b is the k-th backend without a colour (in order). */
	for (size_t i = 0; (o = fb_backend_at(i)) && o != b; i++)
		k += !o->colour;
	for (size_t p = 0; p < NPALETTE; p++)
		nfree += !declared_by_any(palette[p]);
	if (!nfree)
		return palette[k % NPALETTE];
	k %= nfree;
	for (size_t p = 0; p < NPALETTE; p++)
		if (!declared_by_any(palette[p]) && !k--)
			return palette[p];
	return palette[0];	/* not reached */
}

int fb_backend_required(const struct fb_backend *b, const char *load_list)
{
	const struct fb_syncdev *dev = fb_syncdev_find(b->name);

	if (b->optional)
		return 0;
	return dev ? fb_syncdev_required(dev, load_list) : 1;
}

static int is_colour(const char *c)
{
	return strlen(c) == 7 && c[0] == '#' && strspn(c + 1, "0123456789abcdefABCDEF") == 6;
}

/* What is wrong with @b alone, or NULL. */
static const char *check_one(const struct fb_backend *b)
{
	if (b->kind != FB_KIND_FENCE && b->kind != FB_KIND_RAW)
		return "no kind (.kind = FB_KIND_FENCE or FB_KIND_RAW)";
	if ((b->kind == FB_KIND_FENCE) != fb_backend_has(b, FB_OP_CREATE))
		return b->kind == FB_KIND_FENCE ? "kind fence without FB_OP_CREATE" :
						  "kind raw with FB_OP_CREATE";
	if (b->floor & ~(FB_OP_POLL | FB_OP_WAIT))
		return "a floor of other ops than FB_OP_POLL and FB_OP_WAIT";
	if (!fb_backend_has(b, b->floor))
		return "a floor of a wait it does not have (its ops)";
	if (b->colour && !is_colour(b->colour))
		return "a colour that is not \"#rrggbb\"";
	if (b->signal_event && !strchr(b->signal_event, ':'))
		return "a signal_event that is not \"system:event\"";
	return NULL;
}

const char *fb_backends_check(char *buf, size_t n)
{
	const struct fb_backend *b, *o;

	for (size_t i = 0; (b = fb_backend_at(i)); i++) {
		const char *bad = check_one(b);

		for (size_t j = 0; !bad && j < i && (o = fb_backend_at(j)); j++) {
			if (b->reference && o->reference)
				bad = "a second reference backend";
			else if (b->floor & o->floor)
				bad = "a second floor of the same wait";
			else if (b->colour && o->colour &&
				 !strcasecmp(b->colour, o->colour))
				bad = "a colour another backend declares";
		}
		if (bad) {
			snprintf(buf, n, "backend %s declares %s", b->name, bad);
			return buf;
		}
	}
	return NULL;
}
