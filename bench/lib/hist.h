/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hist.h - log-linear latency histogram of nanosecond values.
 *
 * Values below 2^FB_HIST_SUB_BITS get one bucket each (exact). Above, every
 * power-of-two range [2^e, 2^(e+1)) is split into 2^FB_HIST_SUB_BITS equal
 * buckets of width 2^(e - FB_HIST_SUB_BITS). A bucket is reported by its
 * midpoint, so the reported value of any sample differs from the sample by
 * at most half a bucket width: relative error <= 2^-(FB_HIST_SUB_BITS + 1)
 * = 1/128 = 0.78 % with 6 sub-bucket bits (FB_HIST_REL_ERR). The range is
 * the whole of uint64_t; 3776 buckets of 8 bytes.
 */
#ifndef FB_HIST_H
#define FB_HIST_H

#include <stddef.h>
#include <stdint.h>

#define FB_HIST_SUB_BITS	6
#define FB_HIST_SUB		(1u << FB_HIST_SUB_BITS)
#define FB_HIST_BUCKETS		(FB_HIST_SUB + (64 - FB_HIST_SUB_BITS) * FB_HIST_SUB)
#define FB_HIST_REL_ERR		(1.0 / (2.0 * FB_HIST_SUB))

struct fb_hist {
	uint64_t count;
	uint64_t min, max;
	uint64_t bucket[FB_HIST_BUCKETS];
};

void fb_hist_init(struct fb_hist *h);
void fb_hist_add(struct fb_hist *h, uint64_t v);
/* Bucket index of @v, and the inclusive value range of bucket @i. */
size_t fb_hist_index(uint64_t v);
uint64_t fb_hist_lo(size_t i);
uint64_t fb_hist_hi(size_t i);
/* Midpoint of bucket @i: what the histogram reports for its samples. */
uint64_t fb_hist_mid(size_t i);
/*
 * Nearest-rank percentile @p (0 < p <= 100) as a bucket midpoint (clamped
 * to the exact min/max); 0 if the histogram is empty.
 */
uint64_t fb_hist_percentile(const struct fb_hist *h, double p);

#endif /* FB_HIST_H */
