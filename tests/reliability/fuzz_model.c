// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_model.c - the rules rel-fuzz checks the kernel against.
 *
 * Points: sticky state, signaled when their timeline reaches them (wrap-safe
 * 32-bit comparison), -ENOENT when the timeline is closed first.
 * Fences of a 2013 framework (FB_CAP_LEGACY_ABI: legacy, dma): all points of
 * both inputs are kept, one per timeline (the later); status is the error
 * of any failed point, else 1 once all signaled, else 0. A merge takes
 * fences of its own framework, and sync_files with FB_CAP_DMA_INTEROP.
 * Mainline sync_files (FB_CAP_SYNC_FILE, or exported): a merge keeps only the still pending points (one per
 * timeline, the later) and gives a signaled stub when none is pending; a
 * container is pending while any point is, then carries the first error or
 * (mainline's dma_fence_array when nobody enabled signaling) none.
 */
#include "fuzz_model.h"

#include <errno.h>
#include <string.h>

static bool later(uint32_t a, uint32_t b)
{
	return (int32_t)(a - b) > 0;
}

void fm_init(struct fm_state *m)
{
	memset(m, 0, sizeof(*m));
}

int fm_point_new(struct fm_state *m, int tl, uint32_t value)
{
	for (int i = 0; i < FM_MAX_POINTS; i++) {
		struct fm_point *p = &m->pt[i];

		if (p->refs)
			continue;
		p->tl = tl;
		p->value = value;
		p->state = (int32_t)(m->tl[tl].counter - value) >= 0 ? 1 : 0;
		return i;
	}
	return -1;
}

void fm_fence_set(struct fm_state *m, int slot, int fd, const struct fb_syncdev *fw,
		  const int *pts, unsigned int npts)
{
	struct fm_fence *f = &m->f[slot];

	f->used = true;
	f->fd = fd;
	f->fw = fw;
	f->exported = false;
	f->npts = npts;
	for (unsigned int i = 0; i < npts; i++) {
		f->pts[i] = pts[i];
		if (pts[i] >= 0)
			m->pt[pts[i]].refs++;
	}
}

void fm_fence_drop(struct fm_state *m, int slot)
{
	struct fm_fence *f = &m->f[slot];

	for (unsigned int i = 0; i < f->npts; i++)
		if (f->pts[i] >= 0)
			m->pt[f->pts[i]].refs--;
	memset(f, 0, sizeof(*f));
}

void fm_inc(struct fm_state *m, int tl, uint32_t n)
{
	m->tl[tl].counter += n;
	for (int i = 0; i < FM_MAX_POINTS; i++) {
		struct fm_point *p = &m->pt[i];

		if (p->refs && p->tl == tl && !p->state &&
		    (int32_t)(m->tl[tl].counter - p->value) >= 0)
			p->state = 1;
	}
}

void fm_close_timeline(struct fm_state *m, int tl)
{
	m->tl[tl].open = false;
	for (int i = 0; i < FM_MAX_POINTS; i++) {
		struct fm_point *p = &m->pt[i];

		if (p->refs && p->tl == tl && !p->state)
			p->state = -ENOENT;
	}
}

int fm_merge_errno(const struct fm_state *m, int a, int b)
{
	const struct fb_syncdev *fa = m->f[a].fw, *fb = m->f[b].fw;

	if (fa == fb)		/* one framework, or two sync_files */
		return 0;
	if (fa && (fa->caps & FB_CAP_DMA_INTEROP) && !fb)	/* import */
		return 0;
	return ENOENT;
}

/* Add point @p to @out, one per timeline, keeping the later. */
static void add_point(const struct fm_state *m, int *out, unsigned int *n, int p)
{
	for (unsigned int i = 0; i < *n; i++) {
		if (out[i] < 0 || p < 0 || m->pt[out[i]].tl != m->pt[p].tl)
			continue;
		if (later(m->pt[p].value, m->pt[out[i]].value))
			out[i] = p;
		return;
	}
	if (*n < FM_MAX_PTS)
		out[(*n)++] = p;
}

unsigned int fm_merge_points(const struct fm_state *m, int a, int b, int *out,
			     const struct fb_syncdev **fw)
{
	const struct fm_fence *fa = &m->f[a], *fb = &m->f[b];
	bool pending_only = !fa->fw;
	unsigned int n = 0;

	*fw = fa->fw;
	for (int k = 0; k < 2; k++) {
		const struct fm_fence *f = k ? fb : fa;

		for (unsigned int i = 0; i < f->npts; i++) {
			int p = f->pts[i];

			if (pending_only && (p < 0 || m->pt[p].state))
				continue;
			if (p < 0) {	/* imported stubs share context 0: one is kept */
				bool have = false;

				for (unsigned int j = 0; j < n; j++)
					have |= out[j] < 0;
				if (!have && n < FM_MAX_PTS)
					out[n++] = -1;
				continue;
			}
			add_point(m, out, &n, p);
		}
	}
	if (pending_only && n == 0)
		out[n++] = -1;		/* mainline's signaled stub */
	return n;
}

int fm_status(const struct fm_state *m, int slot, int *alt)
{
	const struct fm_fence *f = &m->f[slot];
	bool pending = false;
	int err = 0;

	*alt = 2;
	for (unsigned int i = 0; i < f->npts; i++) {
		int s = f->pts[i] < 0 ? 1 : m->pt[f->pts[i]].state;

		if (s == 0)
			pending = true;
		else if (s < 0 && !err)
			err = s;
	}
	if (f->fw)
		return err ? err : pending ? 0 : 1;
	if (pending)
		return 0;
	/*
	 * Mainline 6.1 dma_fence_array: a point's error reaches the array only
	 * through the callbacks installed when signaling is enabled (poll);
	 * found signaled without them, the array clears its pending error and
	 * reports 1. Both answers are what the kernel does.
	 */
	if (err && (f->npts > 1 || f->exported))
		*alt = 1;
	return err ? err : 1;
}

unsigned int fm_num_fences(const struct fm_state *m, int slot)
{
	return m->f[slot].npts;
}
