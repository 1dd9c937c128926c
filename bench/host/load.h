/* SPDX-License-Identifier: GPL-2.0 */
/* load.h - read a results.json (guest fragment, run or baseline) into a result set. */
#ifndef FB_LOAD_H
#define FB_LOAD_H

#include <stddef.h>

#include "results.h"

/* Append the metrics, histograms and boots of @path to @r; the meta of
 * the file becomes @r's meta if @r has none yet. 0 or -errno (message in
 * @err). */
int fb_results_load(struct fb_results *r, const char *path, char *err,
		    size_t errlen);

/*
 * The kernel series of a run (6.1, 6.12): meta kernel_series, or the first
 * two numbers of kernel_version; "" when the run names no kernel.
 */
void fb_kernel_series(const struct fb_results *r, char *buf, size_t n);

#endif /* FB_LOAD_H */
