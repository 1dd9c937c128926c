/* SPDX-License-Identifier: GPL-2.0 */
/*
 * declared.h - what a run's backends and workloads declared of themselves
 * (bench/declare.h lists the metadata keys): the host side reads these,
 * never a name of its own.
 *
 * A run written before fencebench recorded them has none: for it, the
 * declarations of this tree's fencebench (`fencebench --declare`; the
 * program next to fbtool, build/guest/bin/fencebench, or $FB_FENCEBENCH)
 * fill in the keys the run lacks, the run's own keys (backends_required)
 * kept, and meta declarations_from says so. docs/bench.md, "Declarations".
 */
#ifndef FB_DECLARED_H
#define FB_DECLARED_H

#include <stddef.h>

#include "results.h"

/*
 * Give @r (loaded from @path) the declarations it lacks, once. 0; -1 if
 * it has none and fencebench could not give them (said on stderr): the
 * readers below then find nothing.
 */
int fb_declared_fill(struct fb_results *r, const char *path);

/* The meta value of "PREFIXNAMESUFFIX", or NULL. */
const char *fb_declared_get(const struct fb_results *r, const char *prefix,
			    const char *name, const char *suffix);

/* The reference backend, or NULL. */
const char *fb_declared_reference(const struct fb_results *r);
/*
 * The floor of the figures of @series: floor_backend_PART of the first
 * part (between slashes) that has one; NULL if none does.
 */
const char *fb_declared_floor(const struct fb_results *r, const char *series);
/* The first declared backend (in order) that is a floor of some wait, or NULL. */
const char *fb_declared_first_floor(const struct fb_results *r);

/*
 * The "NAME COLOUR" pairs of the declared backends, in order, then of the
 * backends of @r's figures that declare none (in the colour @fallback),
 * spaces between, into @buf: plots/common.gp's `colours`.
 */
void fb_declared_colours(const struct fb_results *r, const char *fallback,
			 char *buf, size_t n);

#endif /* FB_DECLARED_H */
