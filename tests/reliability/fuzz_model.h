/* SPDX-License-Identifier: GPL-2.0 */
/* fuzz_model.h - what rel-fuzz expects: a user-space model of timelines, points and fences. */
#ifndef REL_FUZZ_MODEL_H
#define REL_FUZZ_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "syncdev.h"

#define FM_MAX_TL	16
#define FM_MAX_FENCES	48
#define FM_MAX_PTS	(FM_MAX_TL + 1)	/* per fence: one per timeline, one stub */
#define FM_MAX_POINTS	4096	/* point table (recycled) */

/*
 * What a fence fd is decides its ABI, merge and status rules, and comes
 * from the capabilities its backend declares (lib/syncdev.h): a fence of a
 * 2013 framework (its fw: the FB_CAP_LEGACY_ABI backend that made it; it
 * imports sync_files and exports itself as one with FB_CAP_DMA_INTEROP),
 * or a mainline sync_file (fw NULL: made by an FB_CAP_SYNC_FILE backend,
 * merged from sync_files, or exported).
 */
static inline const struct fb_syncdev *fm_fw_of(const struct fb_syncdev *dev)
{
	return dev->caps & FB_CAP_LEGACY_ABI ? dev : NULL;
}

struct fm_timeline {
	bool used;		/* slot holds a timeline (maybe closed) */
	bool open;		/* its fd is still open */
	int fd;
	const struct fb_syncdev *dev;	/* its backend */
	uint32_t counter;
};

struct fm_point {
	int tl;			/* timeline slot */
	uint32_t value;
	int state;		/* 0 pending, 1 signaled, <0 error (sticky) */
	unsigned int refs;	/* fences holding it */
};

struct fm_fence {
	bool used;
	int fd;
	const struct fb_syncdev *fw;	/* 2013 framework, NULL: a sync_file */
	unsigned int npts;
	int pts[FM_MAX_PTS];	/* point table indices; -1: a signaled stub */
	bool exported;		/* sync_file exported by dma: point count may differ */
};

struct fm_state {
	struct fm_timeline tl[FM_MAX_TL];
	struct fm_fence f[FM_MAX_FENCES];
	struct fm_point pt[FM_MAX_POINTS];
};

void fm_init(struct fm_state *m);
/* New point on timeline slot @tl at @value (signaled if already reached); index or -1. */
int fm_point_new(struct fm_state *m, int tl, uint32_t value);
void fm_fence_set(struct fm_state *m, int slot, int fd, const struct fb_syncdev *fw,
		  const int *pts, unsigned int npts);
void fm_fence_drop(struct fm_state *m, int slot);
/* Advance a timeline: every pending point it reaches signals. */
void fm_inc(struct fm_state *m, int tl, uint32_t n);
/* Close a timeline: its pending points fail with -ENOENT. */
void fm_close_timeline(struct fm_state *m, int tl);

/* Expected merge of fence slots a and b through fd a: 0 or the errno. */
int fm_merge_errno(const struct fm_state *m, int a, int b);
/* Points of the merge result (into @out), its framework (*@fw). */
unsigned int fm_merge_points(const struct fm_state *m, int a, int b, int *out,
			     const struct fb_syncdev **fw);

/* Status the fence must report: 1, 0 or the error; *@alt another accepted value (or 2: none). */
int fm_status(const struct fm_state *m, int slot, int *alt);
/* Expected number of points through FILE_INFO. */
unsigned int fm_num_fences(const struct fm_state *m, int slot);

#endif /* REL_FUZZ_MODEL_H */
