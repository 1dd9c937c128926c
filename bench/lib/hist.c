// SPDX-License-Identifier: GPL-2.0
/* hist.c - log-linear latency histogram (error bound in hist.h). */
#include "hist.h"

#include <math.h>
#include <string.h>

void fb_hist_init(struct fb_hist *h)
{
	memset(h, 0, sizeof(*h));
	h->min = UINT64_MAX;
}

size_t fb_hist_index(uint64_t v)
{
	unsigned int e;

	if (v < FB_HIST_SUB)
		return (size_t)v;
	e = 63u - (unsigned int)__builtin_clzll(v);	/* e >= SUB_BITS */
	return FB_HIST_SUB + (size_t)(e - FB_HIST_SUB_BITS) * FB_HIST_SUB +
	       (size_t)((v >> (e - FB_HIST_SUB_BITS)) - FB_HIST_SUB);
}

uint64_t fb_hist_lo(size_t i)
{
	size_t e, sub;

	if (i < FB_HIST_SUB)
		return i;
	e = (i - FB_HIST_SUB) / FB_HIST_SUB + FB_HIST_SUB_BITS;
	sub = (i - FB_HIST_SUB) % FB_HIST_SUB;
	return (uint64_t)(FB_HIST_SUB + sub) << (e - FB_HIST_SUB_BITS);
}

uint64_t fb_hist_hi(size_t i)
{
	size_t e;

	if (i < FB_HIST_SUB)
		return i;
	e = (i - FB_HIST_SUB) / FB_HIST_SUB + FB_HIST_SUB_BITS;
	return fb_hist_lo(i) + ((uint64_t)1 << (e - FB_HIST_SUB_BITS)) - 1;
}

uint64_t fb_hist_mid(size_t i)
{
	uint64_t lo = fb_hist_lo(i);

	return lo + (fb_hist_hi(i) - lo) / 2;
}

void fb_hist_add(struct fb_hist *h, uint64_t v)
{
	h->bucket[fb_hist_index(v)]++;
	h->count++;
	if (v < h->min)
		h->min = v;
	if (v > h->max)
		h->max = v;
}

uint64_t fb_hist_percentile(const struct fb_hist *h, double p)
{
	uint64_t rank, seen = 0, v;

	if (!h->count)
		return 0;
	rank = (uint64_t)ceil(p / 100.0 * (double)h->count - 1e-9);
	if (rank < 1)
		rank = 1;
	for (size_t i = 0; i < FB_HIST_BUCKETS; i++) {
		seen += h->bucket[i];
		if (seen >= rank) {
			v = fb_hist_mid(i);
			if (v < h->min)
				v = h->min;
			if (v > h->max)
				v = h->max;
			return v;
		}
	}
	return h->max;
}
