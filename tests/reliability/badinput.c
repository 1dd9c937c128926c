// SPDX-License-Identifier: GPL-2.0
/*
 * badinput.c - rel-badinput: every ioctl of every backend fed hostile input,
 * table-driven. Each row names the ioctl, the bad input, the capabilities a
 * backend needs for it and the errno documented for it (0: accepted), which
 * may differ for backends with a capability (struct fb_syncdev,
 * lib/syncdev.h: never by backend name); after every row the objects are
 * checked to be still usable and no fd may have leaked.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <linux/sync_file.h>
#include "fencebench_sync.h"
#include "rel.h"

#define PAGE 4096

/* The objects every row runs against, made fresh for each row. */
struct bi_ctx {
	const struct fb_syncdev *dev;
	int tl, tl2;		/* timelines of the backend */
	uint32_t counter;	/* value of tl as far as we know */
	int pend;		/* pending fence on tl at 1 */
	int sig;		/* signaled fence on tl at 0 */
	int two;		/* pending, one point on tl and one on tl2 */
	int closed;		/* an fd number that is not open */
	int pipe_fd;		/* an open fd that is not a fence */
	int ml_fence;		/* a mainline sync_file fence (-1 if n/a) */
	int fw_fence;		/* a fence of another framework backend (-1 if none) */
	uint8_t *rw;		/* PAGE bytes, read-write, followed by ... */
	uint8_t *hole;		/* ... a PAGE that is not mapped */
	uint8_t *ro;		/* PAGE bytes, read-only */
	uint32_t info_len;	/* length of a full legacy info answer for pend */
	bool pend_done;		/* pend was seen signaled: it stays so */
};

/*
 * Expected errno (0: accepted) on a backend with the row's caps; a backend
 * that also has every bit of @caps (if any) gives @with_caps instead.
 */
struct bi_want {
	int err;
	unsigned int caps;	/* FB_CAP_* */
	int with_caps;
};

enum bi_target { T_TL, T_PEND, T_TWO, T_CLOSED, T_PIPE };

struct bi_case {
	const char *name;
	enum bi_target target;
	/*
	 * FB_CAP_* the backend needs; one without them must answer ENOTTY (an
	 * ABI it lacks) to the row, unless it is a MERGE or FILE_INFO row (an
	 * ioctl it has): then the row does not apply to it.
	 */
	unsigned int caps;
	unsigned long req;
	void *(*arg)(struct bi_ctx *c);
	struct bi_want want;
	/* After an accepted call: check the answer, close what it made. */
	void (*post)(struct bi_ctx *c, void *arg);
	int needs;			/* 1: needs ml_fence, 2: needs fw_fence */
};

/* ---- argument builders ---- */

static void *a_null(struct bi_ctx *c) { (void)c; return NULL; }
static void *a_hole(struct bi_ctx *c) { return c->hole; }

/* Put @len bytes of @data where a call sees them: rw page, ro page, or straddling the hole. */
static void *place_rw(struct bi_ctx *c, const void *d, size_t len)
{
	memcpy(c->rw, d, len);
	return c->rw;
}

static void *place_ro(struct bi_ctx *c, const void *d, size_t len)
{
	mprotect(c->ro, PAGE, PROT_READ | PROT_WRITE);
	memcpy(c->ro, d, len);
	mprotect(c->ro, PAGE, PROT_READ);
	return c->ro;
}

static void *place_straddle(struct bi_ctx *c, const void *d, size_t len)
{
	uint8_t *p = c->hole - len / 2;

	memcpy(p, d, len / 2);
	return p;
}

static struct sw_sync_create_fence_data create_data(struct bi_ctx *c)
{
	struct sw_sync_create_fence_data d = { .value = c->counter + 1 };

	strcpy(d.name, "bi-create");
	return d;
}

/*
 * a_<kind>_ro and a_<kind>_straddle: the @type argument made by @make, on
 * the read-only page or straddling the hole.
 */
#define PLACED_ARGS(kind, type, make)					\
	static void *a_##kind##_ro(struct bi_ctx *c)			\
	{								\
		type d = make;						\
		return place_ro(c, &d, sizeof(d));			\
	}								\
	static void *a_##kind##_straddle(struct bi_ctx *c)		\
	{								\
		type d = make;						\
		return place_straddle(c, &d, sizeof(d));		\
	}

/* fn: the @type argument made by @make, changed by @expr, on the rw page. */
#define EDITED_ARG(fn, type, make, expr)				\
	static void *fn(struct bi_ctx *c)				\
	{								\
		type d = make;						\
		expr;							\
		return place_rw(c, &d, sizeof(d));			\
	}

PLACED_ARGS(create, struct sw_sync_create_fence_data, create_data(c))

EDITED_ARG(a_create_unterminated, struct sw_sync_create_fence_data, create_data(c),
	   memset(d.name, 'x', sizeof(d.name)))

static void *a_u32(struct bi_ctx *c, uint32_t v) { return place_rw(c, &v, sizeof(v)); }
static void *a_inc0(struct bi_ctx *c) { return a_u32(c, 0); }
static void *a_inc_big(struct bi_ctx *c) { return a_u32(c, (uint32_t)INT_MAX + 1); }
static void *a_inc_max(struct bi_ctx *c) { return a_u32(c, UINT32_MAX); }
static void *a_s32_0(struct bi_ctx *c) { return a_u32(c, 0); }
static void *a_s32_1(struct bi_ctx *c) { return a_u32(c, 1); }

static struct sync_merge_data merge_data(int fd2)
{
	struct sync_merge_data d = { .fd2 = fd2 };

	strcpy(d.name, "bi-merge");
	return d;
}

PLACED_ARGS(merge, struct sync_merge_data, merge_data(c->sig))
#define MERGE_ARG(fn, expr) EDITED_ARG(fn, struct sync_merge_data, merge_data(c->sig), expr)
MERGE_ARG(a_merge_closed, d.fd2 = c->closed)
MERGE_ARG(a_merge_neg, d.fd2 = -1)
MERGE_ARG(a_merge_pipe, d.fd2 = c->pipe_fd)
MERGE_ARG(a_merge_tl, d.fd2 = c->tl)
MERGE_ARG(a_merge_ml, d.fd2 = c->ml_fence)
MERGE_ARG(a_merge_fw, d.fd2 = c->fw_fence)
MERGE_ARG(a_merge_flags, d.flags = 1)
MERGE_ARG(a_merge_pad, d.pad = 1)
MERGE_ARG(a_merge_unterminated, memset(d.name, 'm', sizeof(d.name)))
MERGE_ARG(a_merge_self, d.fd2 = c->pend)

static struct sync_legacy_merge_data lmerge_data(int fd2)
{
	struct sync_legacy_merge_data d = { .fd2 = fd2 };

	strcpy(d.name, "bi-lmerge");
	return d;
}

PLACED_ARGS(lmerge, struct sync_legacy_merge_data, lmerge_data(c->sig))
#define LMERGE_ARG(fn, expr)						\
	EDITED_ARG(fn, struct sync_legacy_merge_data, lmerge_data(c->sig), expr)
LMERGE_ARG(a_lmerge_closed, d.fd2 = c->closed)
LMERGE_ARG(a_lmerge_neg, d.fd2 = -1)
LMERGE_ARG(a_lmerge_pipe, d.fd2 = c->pipe_fd)
LMERGE_ARG(a_lmerge_tl, d.fd2 = c->tl)
LMERGE_ARG(a_lmerge_ml, d.fd2 = c->ml_fence)
LMERGE_ARG(a_lmerge_fw, d.fd2 = c->fw_fence)
LMERGE_ARG(a_lmerge_unterminated, memset(d.name, 'l', sizeof(d.name)))

/* FILE_INFO: the records go right after the struct in the rw page. */
static void *file_info(struct bi_ctx *c, uint32_t num, uint64_t where, uint32_t flags,
		       uint32_t pad)
{
	struct sync_file_info i = { .num_fences = num, .flags = flags, .pad = pad,
				    .sync_fence_info = where };

	return place_rw(c, &i, sizeof(i));
}

static uint64_t recs(struct bi_ctx *c) { return (uintptr_t)(c->rw + 256); }
static void *a_fi_ro(struct bi_ctx *c)
{
	struct sync_file_info i = { .num_fences = 0 };

	return place_ro(c, &i, sizeof(i));
}
static void *a_fi_flags(struct bi_ctx *c) { return file_info(c, 0, 0, 1, 0); }
static void *a_fi_pad(struct bi_ctx *c) { return file_info(c, 0, 0, 0, 1); }
static void *a_fi_zero(struct bi_ctx *c) { return file_info(c, 0, 0, 0, 0); }
static void *a_fi_small(struct bi_ctx *c) { return file_info(c, 1, recs(c), 0, 0); }
static void *a_fi_huge(struct bi_ctx *c) { return file_info(c, 1u << 30, recs(c), 0, 0); }
static void *a_fi_nullrecs(struct bi_ctx *c) { return file_info(c, 2, 0, 0, 0); }
static void *a_fi_holerecs(struct bi_ctx *c) { return file_info(c, 2, (uintptr_t)c->hole, 0, 0); }
static void *a_fi_unaligned(struct bi_ctx *c) { return file_info(c, 2, recs(c) + 1, 0, 0); }

/* Legacy FENCE_INFO: the buffer is the struct itself, its size in len. */
static void *legacy_info(struct bi_ctx *c, uint32_t len, size_t offset)
{
	uint8_t *p = c->rw + offset;

	memset(c->rw, 0, PAGE);
	memcpy(p, &len, sizeof(len));
	return p;
}
static void *a_li_zero(struct bi_ctx *c) { return legacy_info(c, 0, 0); }
static void *a_li_header_minus(struct bi_ctx *c)
{
	return legacy_info(c, sizeof(struct sync_fence_info_data) - 1, 0);
}
static void *a_li_header_only(struct bi_ctx *c)
{
	return legacy_info(c, sizeof(struct sync_fence_info_data), 0);
}
static void *a_li_short(struct bi_ctx *c) { return legacy_info(c, c->info_len - 1, 0); }
static void *a_li_odd(struct bi_ctx *c) { return legacy_info(c, c->info_len + 1, 0); }
static void *a_li_unaligned_ptr(struct bi_ctx *c) { return legacy_info(c, c->info_len, 1); }
/* Huge claimed size, real buffer only the last bytes before the hole. */
static void *a_li_huge(struct bi_ctx *c)
{
	uint8_t *p = c->hole - c->info_len;
	uint32_t len = 1u << 30;

	memcpy(p, &len, sizeof(len));
	return p;
}
static void *a_li_ro(struct bi_ctx *c)
{
	uint32_t len = 4096;

	return place_ro(c, &len, sizeof(len));
}

static struct sync_dma_export_data export_data(void)
{
	struct sync_dma_export_data d = { .fd = -1 };

	return d;
}
static void *a_export_ok(struct bi_ctx *c)
{
	struct sync_dma_export_data d = export_data();

	return place_rw(c, &d, sizeof(d));
}
static void *a_export_flags(struct bi_ctx *c)
{
	struct sync_dma_export_data d = export_data();

	d.flags = 1;
	return place_rw(c, &d, sizeof(d));
}
static void *a_export_ro(struct bi_ctx *c)
{
	struct sync_dma_export_data d = export_data();

	return place_ro(c, &d, sizeof(d));
}

/* ---- checks after an accepted call ---- */

/* The fence an accepted call made answers FILE_INFO with a terminated name. */
static void close_made(int fence, const char *what)
{
	struct sync_file_info i = { 0 };

	if (REL_CHECK(fence >= 0, "no fence fd returned")) {
		REL_CHECK(ioctl(fence, SYNC_IOC_FILE_INFO, &i) == 0, "FILE_INFO on %s fence", what);
		REL_CHECK(strnlen(i.name, sizeof(i.name)) < sizeof(i.name), "name not terminated");
		close(fence);
	}
}

static void close_created(struct bi_ctx *c, void *arg)
{
	(void)c;
	close_made(((struct sw_sync_create_fence_data *)arg)->fence, "new");
}

static void close_merged(struct bi_ctx *c, void *arg)
{
	(void)c;
	close_made(((struct sync_merge_data *)arg)->fence, "merged");
}

static void close_lmerged(struct bi_ctx *c, void *arg)
{
	struct sync_legacy_merge_data *d = arg;

	(void)c;
	if (REL_CHECK(d->fence >= 0, "no fence fd returned"))
		close(d->fence);
}

/* The export is a real mainline sync_file with the fence's state. */
static void close_exported(struct bi_ctx *c, void *arg)
{
	struct sync_dma_export_data *d = arg;
	uint32_t n = 0;

	(void)c;
	if (REL_CHECK(d->fd >= 0, "no sync_file fd returned")) {
		REL_CHECK(fb_fence_status(d->fd, &n) == 0 && n == 1,
			  "exported sync_file: status %d, %u fences", fb_fence_status(d->fd, NULL), n);
		REL_CHECK(ioctl(d->fd, SYNC_IOC_LEGACY_FENCE_INFO, c->rw) < 0 && errno == ENOTTY,
			  "exported fd answers the 2013 ABI: not a mainline sync_file");
		close(d->fd);
	}
}

static void after_inc0(struct bi_ctx *c, void *arg)
{
	(void)arg;
	REL_CHECK(fb_fence_status(c->pend, NULL) == 0, "inc 0 signaled a pending fence");
}

/* An accepted increment moved the counter: every point it passed signals. */
static void after_inc(struct bi_ctx *c, void *arg)
{
	uint32_t v;

	memcpy(&v, arg, sizeof(v));
	c->counter += v;
	c->pend_done = true;
	REL_CHECK(fb_fence_status(c->pend, NULL) == 1,
		  "inc by %#x passed the fence at 1 but left it %d", v,
		  fb_fence_status(c->pend, NULL));
}

static void after_fi_zero(struct bi_ctx *c, void *arg)
{
	struct sync_file_info *i = arg;

	(void)c;
	REL_CHECK(i->num_fences == 2 && i->status == 0, "count query: %u points, status %d",
		  i->num_fences, i->status);
}

static void after_fi_recs(struct bi_ctx *c, void *arg)
{
	struct sync_file_info *i = arg;

	(void)c;
	REL_CHECK(i->num_fences == 2, "answer has %u points, want 2", i->num_fences);
}

static void after_li(struct bi_ctx *c, void *arg)
{
	struct sync_fence_info_data d;

	memcpy(&d, arg, sizeof(d));
	REL_CHECK(d.len == c->info_len && d.status == 0, "answer len %u (want %u), status %d",
		  d.len, c->info_len, d.status);
}

/* ---- the table ---- */

/* Every backend with the row's caps: e. */
#define ALL(e) { e, 0, 0 }
/* e, but ei on a backend that imports sync_files (FB_CAP_DMA_INTEROP). */
#define INTEROP(e, ei) { e, FB_CAP_DMA_INTEROP, ei }
#define UNK_FENCE_NR	_IO(SYNC_IOC_LEGACY_MAGIC, 5)
#define WRONG_SIZE_INFO	_IOWR(SYNC_IOC_LEGACY_MAGIC, 4, char[3])
#define WRONG_SIZE_CREATE _IOWR(SW_SYNC_IOC_MAGIC, 0, char[3])

static const struct bi_case cases[] = {
	/* timeline device: SW_SYNC_IOC_CREATE_FENCE */
	{ "create/NULL", T_TL, 0, SW_SYNC_IOC_CREATE_FENCE, a_null, ALL(EFAULT), NULL, 0 },
	{ "create/unmapped", T_TL, 0, SW_SYNC_IOC_CREATE_FENCE, a_hole, ALL(EFAULT), NULL, 0 },
	{ "create/straddling-unmapped", T_TL, 0, SW_SYNC_IOC_CREATE_FENCE, a_create_straddle, ALL(EFAULT), NULL, 0 },
	{ "create/read-only-answer", T_TL, 0, SW_SYNC_IOC_CREATE_FENCE, a_create_ro, ALL(EFAULT), NULL, 0 },
	{ "create/unterminated-name", T_TL, 0, SW_SYNC_IOC_CREATE_FENCE, a_create_unterminated, ALL(0), close_created, 0 },
	{ "create/on-fence-fd", T_PEND, 0, SW_SYNC_IOC_CREATE_FENCE, a_create_unterminated, ALL(ENOTTY), NULL, 0 },
	{ "create/wrong-size-nr", T_TL, 0, WRONG_SIZE_CREATE, a_create_unterminated, ALL(ENOTTY), NULL, 0 },
	/* timeline device: SW_SYNC_IOC_INC */
	{ "inc/NULL", T_TL, 0, SW_SYNC_IOC_INC, a_null, ALL(EFAULT), NULL, 0 },
	{ "inc/unmapped", T_TL, 0, SW_SYNC_IOC_INC, a_hole, ALL(EFAULT), NULL, 0 },
	{ "inc/zero", T_TL, 0, SW_SYNC_IOC_INC, a_inc0, ALL(0), after_inc0, 0 },
	{ "inc/INT_MAX+1", T_TL, 0, SW_SYNC_IOC_INC, a_inc_big, ALL(0), after_inc, 0 },
	{ "inc/UINT32_MAX", T_TL, 0, SW_SYNC_IOC_INC, a_inc_max, ALL(0), after_inc, 0 },
	{ "inc/on-fence-fd", T_PEND, 0, SW_SYNC_IOC_INC, a_inc0, ALL(ENOTTY), NULL, 0 },
	{ "inc/on-closed-fd", T_CLOSED, 0, SW_SYNC_IOC_INC, a_inc0, ALL(EBADF), NULL, 0 },
	{ "inc/on-pipe", T_PIPE, 0, SW_SYNC_IOC_INC, a_inc0, ALL(ENOTTY), NULL, 0 },
	{ "timeline/unknown-nr", T_TL, 0, _IO(SW_SYNC_IOC_MAGIC, 2), a_null, ALL(ENOTTY), NULL, 0 },
	{ "timeline/nr-0", T_TL, 0, 0, a_null, ALL(ENOTTY), NULL, 0 },
	{ "timeline/fence-ioctl", T_TL, 0, SYNC_IOC_FILE_INFO, a_fi_zero, ALL(ENOTTY), NULL, 0 },
	/* fence fd: SYNC_IOC_MERGE (mainline ABI, all backends) */
	{ "merge/NULL", T_PEND, 0, SYNC_IOC_MERGE, a_null, ALL(EFAULT), NULL, 0 },
	{ "merge/unmapped", T_PEND, 0, SYNC_IOC_MERGE, a_hole, ALL(EFAULT), NULL, 0 },
	{ "merge/straddling-unmapped", T_PEND, 0, SYNC_IOC_MERGE, a_merge_straddle, ALL(EFAULT), NULL, 0 },
	{ "merge/read-only-answer", T_PEND, 0, SYNC_IOC_MERGE, a_merge_ro, ALL(EFAULT), NULL, 0 },
	{ "merge/fd2-closed", T_PEND, 0, SYNC_IOC_MERGE, a_merge_closed, ALL(ENOENT), NULL, 0 },
	{ "merge/fd2-negative", T_PEND, 0, SYNC_IOC_MERGE, a_merge_neg, ALL(ENOENT), NULL, 0 },
	{ "merge/fd2-pipe", T_PEND, 0, SYNC_IOC_MERGE, a_merge_pipe, ALL(ENOENT), NULL, 0 },
	{ "merge/fd2-timeline", T_PEND, 0, SYNC_IOC_MERGE, a_merge_tl, ALL(ENOENT), NULL, 0 },
	{ "merge/fd2-mainline-fence", T_PEND, FB_CAP_LEGACY_ABI, SYNC_IOC_MERGE, a_merge_ml,
	  INTEROP(ENOENT, 0), close_merged, 1 },
	{ "merge/fd2-other-framework-fence", T_PEND, 0, SYNC_IOC_MERGE, a_merge_fw,
	  ALL(ENOENT), NULL, 2 },
	{ "merge/flags", T_PEND, 0, SYNC_IOC_MERGE, a_merge_flags, ALL(EINVAL), NULL, 0 },
	{ "merge/pad", T_PEND, 0, SYNC_IOC_MERGE, a_merge_pad, ALL(EINVAL), NULL, 0 },
	{ "merge/unterminated-name", T_PEND, 0, SYNC_IOC_MERGE, a_merge_unterminated, ALL(0), close_merged, 0 },
	{ "merge/self", T_PEND, 0, SYNC_IOC_MERGE, a_merge_self, ALL(0), close_merged, 0 },
	{ "merge/on-pipe", T_PIPE, 0, SYNC_IOC_MERGE, a_merge_self, ALL(ENOTTY), NULL, 0 },
	{ "merge/on-closed-fd", T_CLOSED, 0, SYNC_IOC_MERGE, a_merge_self, ALL(EBADF), NULL, 0 },
	/* fence fd: SYNC_IOC_FILE_INFO */
	{ "file-info/NULL", T_TWO, 0, SYNC_IOC_FILE_INFO, a_null, ALL(EFAULT), NULL, 0 },
	{ "file-info/unmapped", T_TWO, 0, SYNC_IOC_FILE_INFO, a_hole, ALL(EFAULT), NULL, 0 },
	{ "file-info/read-only-answer", T_TWO, 0, SYNC_IOC_FILE_INFO, a_fi_ro, ALL(EFAULT), NULL, 0 },
	{ "file-info/flags", T_TWO, 0, SYNC_IOC_FILE_INFO, a_fi_flags, ALL(EINVAL), NULL, 0 },
	{ "file-info/pad", T_TWO, 0, SYNC_IOC_FILE_INFO, a_fi_pad, ALL(EINVAL), NULL, 0 },
	{ "file-info/size-0-count-only", T_TWO, 0, SYNC_IOC_FILE_INFO, a_fi_zero, ALL(0), after_fi_zero, 0 },
	{ "file-info/size-too-small", T_TWO, 0, SYNC_IOC_FILE_INFO, a_fi_small, ALL(EINVAL), NULL, 0 },
	{ "file-info/size-huge", T_TWO, 0, SYNC_IOC_FILE_INFO, a_fi_huge, ALL(0), after_fi_recs, 0 },
	{ "file-info/records-NULL", T_TWO, 0, SYNC_IOC_FILE_INFO, a_fi_nullrecs, ALL(EFAULT), NULL, 0 },
	{ "file-info/records-unmapped", T_TWO, 0, SYNC_IOC_FILE_INFO, a_fi_holerecs, ALL(EFAULT), NULL, 0 },
	{ "file-info/records-unaligned", T_TWO, 0, SYNC_IOC_FILE_INFO, a_fi_unaligned, ALL(0), after_fi_recs, 0 },
	{ "file-info/on-pipe", T_PIPE, 0, SYNC_IOC_FILE_INFO, a_fi_zero, ALL(ENOTTY), NULL, 0 },
	{ "file-info/on-closed-fd", T_CLOSED, 0, SYNC_IOC_FILE_INFO, a_fi_zero, ALL(EBADF), NULL, 0 },
	{ "file-info/wrong-size-nr", T_TWO, 0, WRONG_SIZE_INFO, a_fi_zero, ALL(ENOTTY), NULL, 0 },
	/* fence fd: unknown numbers */
	{ "fence/unknown-nr-5", T_PEND, 0, UNK_FENCE_NR, a_null, ALL(ENOTTY), NULL, 0 },
	{ "fence/unknown-nr-31", T_PEND, 0, _IO(SYNC_IOC_LEGACY_MAGIC, 31), a_null, ALL(ENOTTY), NULL, 0 },
	{ "fence/nr-0", T_PEND, 0, 0, a_null, ALL(ENOTTY), NULL, 0 },
	{ "fence/timeline-ioctl", T_PEND, 0, SW_SYNC_IOC_CREATE_FENCE, a_create_unterminated, ALL(ENOTTY), NULL, 0 },
	/* fence fd: the 2013 ABI (legacy, dma) */
	{ "legacy-wait/NULL", T_PEND, FB_CAP_LEGACY_ABI, SYNC_IOC_LEGACY_WAIT, a_null, ALL(EFAULT), NULL, 0 },
	{ "legacy-wait/unmapped", T_PEND, FB_CAP_LEGACY_ABI, SYNC_IOC_LEGACY_WAIT, a_hole, ALL(EFAULT), NULL, 0 },
	{ "legacy-wait/timeout-0-pending", T_PEND, FB_CAP_LEGACY_ABI, SYNC_IOC_LEGACY_WAIT, a_s32_0, ALL(ETIME), NULL, 0 },
	{ "legacy-wait/timeout-1ms-pending", T_PEND, FB_CAP_LEGACY_ABI, SYNC_IOC_LEGACY_WAIT, a_s32_1, ALL(ETIME), NULL, 0 },
	{ "legacy-wait/on-pipe", T_PIPE, FB_CAP_LEGACY_ABI, SYNC_IOC_LEGACY_WAIT, a_s32_0, ALL(ENOTTY), NULL, 0 },
	{ "legacy-merge/NULL", T_PEND, FB_CAP_LEGACY_ABI, SYNC_IOC_LEGACY_MERGE, a_null, ALL(EFAULT), NULL, 0 },
	{ "legacy-merge/unmapped", T_PEND, FB_CAP_LEGACY_ABI, SYNC_IOC_LEGACY_MERGE, a_hole, ALL(EFAULT), NULL, 0 },
	{ "legacy-merge/straddling-unmapped", T_PEND, FB_CAP_LEGACY_ABI, SYNC_IOC_LEGACY_MERGE, a_lmerge_straddle, ALL(EFAULT), NULL, 0 },
	{ "legacy-merge/read-only-answer", T_PEND, FB_CAP_LEGACY_ABI, SYNC_IOC_LEGACY_MERGE, a_lmerge_ro, ALL(EFAULT), NULL, 0 },
	{ "legacy-merge/fd2-closed", T_PEND, FB_CAP_LEGACY_ABI, SYNC_IOC_LEGACY_MERGE, a_lmerge_closed, ALL(ENOENT), NULL, 0 },
	{ "legacy-merge/fd2-negative", T_PEND, FB_CAP_LEGACY_ABI, SYNC_IOC_LEGACY_MERGE, a_lmerge_neg, ALL(ENOENT), NULL, 0 },
	{ "legacy-merge/fd2-pipe", T_PEND, FB_CAP_LEGACY_ABI, SYNC_IOC_LEGACY_MERGE, a_lmerge_pipe, ALL(ENOENT), NULL, 0 },
	{ "legacy-merge/fd2-timeline", T_PEND, FB_CAP_LEGACY_ABI, SYNC_IOC_LEGACY_MERGE, a_lmerge_tl, ALL(ENOENT), NULL, 0 },
	{ "legacy-merge/fd2-mainline-fence", T_PEND, FB_CAP_LEGACY_ABI, SYNC_IOC_LEGACY_MERGE, a_lmerge_ml,
	  INTEROP(ENOENT, 0), close_lmerged, 1 },
	{ "legacy-merge/fd2-other-framework-fence", T_PEND, FB_CAP_LEGACY_ABI, SYNC_IOC_LEGACY_MERGE, a_lmerge_fw,
	  ALL(ENOENT), NULL, 2 },
	{ "legacy-merge/unterminated-name", T_PEND, FB_CAP_LEGACY_ABI, SYNC_IOC_LEGACY_MERGE, a_lmerge_unterminated,
	  ALL(0), close_lmerged, 0 },
	{ "legacy-info/NULL", T_PEND, FB_CAP_LEGACY_ABI, SYNC_IOC_LEGACY_FENCE_INFO, a_null, ALL(EFAULT), NULL, 0 },
	{ "legacy-info/unmapped", T_PEND, FB_CAP_LEGACY_ABI, SYNC_IOC_LEGACY_FENCE_INFO, a_hole, ALL(EFAULT), NULL, 0 },
	{ "legacy-info/read-only-answer", T_PEND, FB_CAP_LEGACY_ABI, SYNC_IOC_LEGACY_FENCE_INFO, a_li_ro, ALL(EFAULT), NULL, 0 },
	{ "legacy-info/size-0", T_PEND, FB_CAP_LEGACY_ABI, SYNC_IOC_LEGACY_FENCE_INFO, a_li_zero, ALL(ENOMEM), NULL, 0 },
	{ "legacy-info/size-below-header", T_PEND, FB_CAP_LEGACY_ABI, SYNC_IOC_LEGACY_FENCE_INFO, a_li_header_minus, ALL(ENOMEM), NULL, 0 },
	{ "legacy-info/size-header-only", T_PEND, FB_CAP_LEGACY_ABI, SYNC_IOC_LEGACY_FENCE_INFO, a_li_header_only, ALL(ENOMEM), NULL, 0 },
	{ "legacy-info/size-one-short", T_PEND, FB_CAP_LEGACY_ABI, SYNC_IOC_LEGACY_FENCE_INFO, a_li_short, ALL(ENOMEM), NULL, 0 },
	{ "legacy-info/size-odd", T_PEND, FB_CAP_LEGACY_ABI, SYNC_IOC_LEGACY_FENCE_INFO, a_li_odd, ALL(0), after_li, 0 },
	{ "legacy-info/size-huge", T_PEND, FB_CAP_LEGACY_ABI, SYNC_IOC_LEGACY_FENCE_INFO, a_li_huge, ALL(0), after_li, 0 },
	{ "legacy-info/unaligned-buffer", T_PEND, FB_CAP_LEGACY_ABI, SYNC_IOC_LEGACY_FENCE_INFO, a_li_unaligned_ptr, ALL(0), after_li, 0 },
	/* fence fd: the dma interop export (nr 16; unknown elsewhere) */
	{ "export/NULL", T_PEND, FB_CAP_DMA_INTEROP, SYNC_IOC_DMA_EXPORT_SYNC_FILE, a_null, ALL(EFAULT), NULL, 0 },
	{ "export/unmapped", T_PEND, FB_CAP_DMA_INTEROP, SYNC_IOC_DMA_EXPORT_SYNC_FILE, a_hole, ALL(EFAULT), NULL, 0 },
	{ "export/read-only-answer", T_PEND, FB_CAP_DMA_INTEROP, SYNC_IOC_DMA_EXPORT_SYNC_FILE, a_export_ro, ALL(EFAULT), NULL, 0 },
	{ "export/flags", T_PEND, FB_CAP_DMA_INTEROP, SYNC_IOC_DMA_EXPORT_SYNC_FILE, a_export_flags, ALL(EINVAL), NULL, 0 },
	{ "export/valid-or-unknown", T_PEND, 0, SYNC_IOC_DMA_EXPORT_SYNC_FILE, a_export_ok, INTEROP(ENOTTY, 0), close_exported, 0 },
	{ "export/on-pipe", T_PIPE, 0, SYNC_IOC_DMA_EXPORT_SYNC_FILE, a_export_ok, ALL(ENOTTY), NULL, 0 },
	{ "legacy-info/wrong-size-nr", T_PEND, FB_CAP_LEGACY_ABI, _IOWR(SYNC_IOC_LEGACY_MAGIC, 2, char[5]), a_li_odd, ALL(ENOTTY), NULL, 0 },
};

/* ---- per-row setup, run and usability check ---- */

static int other_fw_fence(const struct fb_syncdev *self, int *tl_out)
{
	for (const struct fb_syncdev *d = fb_syncdevs; d->name; d++) {
		int tl, f;

		if (d == self || !(d->caps & FB_CAP_LEGACY_ABI))
			continue;
		tl = fb_timeline_open(d);
		if (tl < 0)
			continue;
		f = fb_fence_create(tl, 1, "foreign");
		if (f < 0) {
			close(tl);
			continue;
		}
		*tl_out = tl;
		return f;
	}
	return -1;
}

static int setup(struct bi_ctx *c, const struct fb_syncdev *dev, int *extra_tl)
{
	const struct fb_syncdev *ml = fb_syncdev_with(FB_CAP_SYNC_FILE);
	int p[2];

	memset(c, 0, sizeof(*c));
	c->dev = dev;
	c->tl = fb_timeline_open(dev);
	c->tl2 = fb_timeline_open(dev);
	if (c->tl < 0 || c->tl2 < 0)
		return -1;
	c->pend = fb_fence_create(c->tl, 1, "pend");
	c->sig = fb_fence_create(c->tl, 0, "sig");
	{
		int other = fb_fence_create(c->tl2, 1, "pend2");

		c->two = other >= 0 ? fb_fence_merge(c->pend, other, "two") : -1;
		if (other >= 0)
			close(other);
	}
	if (pipe2(p, O_CLOEXEC))
		return -1;
	c->pipe_fd = p[0];
	close(p[1]);
	/* A number that was valid a moment ago and that nothing reuses. */
	c->closed = fcntl(p[0], F_DUPFD_CLOEXEC, 900);
	close(c->closed);
	extra_tl[0] = extra_tl[1] = -1;
	c->ml_fence = -1;
	if (!(dev->caps & FB_CAP_SYNC_FILE) && ml) {
		extra_tl[0] = fb_timeline_open(ml);
		if (extra_tl[0] >= 0)
			c->ml_fence = fb_fence_create(extra_tl[0], 1, "ml");
	}
	c->fw_fence = other_fw_fence(dev, &extra_tl[1]);
	c->rw = mmap(NULL, 3 * PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (c->rw == MAP_FAILED)
		return -1;
	c->hole = c->rw + PAGE;
	c->ro = c->rw + 2 * PAGE;
	munmap(c->hole, PAGE);
	mprotect(c->ro, PAGE, PROT_READ);
	c->info_len = 256;	/* for rows aimed at a backend without that ABI */
	if (dev->caps & FB_CAP_LEGACY_ABI) {
		struct sync_fence_info_data *d = (void *)c->rw;

		d->len = PAGE;
		if (ioctl(c->pend, SYNC_IOC_LEGACY_FENCE_INFO, d))
			return -1;
		c->info_len = d->len;
	}
	return c->pend >= 0 && c->sig >= 0 && c->two >= 0 ? 0 : -1;
}

static void teardown(struct bi_ctx *c, int *extra_tl)
{
	int fds[] = { c->pend, c->sig, c->two, c->pipe_fd, c->ml_fence, c->fw_fence,
		      c->tl, c->tl2, extra_tl[0], extra_tl[1] };

	for (size_t i = 0; i < sizeof(fds) / sizeof(fds[0]); i++)
		if (fds[i] >= 0)
			close(fds[i]);
	if (c->rw && c->rw != MAP_FAILED) {
		munmap(c->rw, PAGE);
		munmap(c->ro, PAGE);
	}
}

/* The objects the bad input was aimed at still work. */
static void check_usable(struct bi_ctx *c)
{
	int f = fb_fence_create(c->tl, c->counter + 1, "usable"), m;
	int pend_want;

	if (REL_CHECK(f >= 0, "timeline cannot create a fence any more: %d", f)) {
		REL_CHECK(fb_fence_status(f, NULL) == 0, "fresh fence not pending");
		REL_CHECK(fb_timeline_inc(c->tl, 1) == 0, "timeline cannot inc any more");
		c->counter++;
		REL_CHECK(fb_fence_status(f, NULL) == 1, "fresh fence not signaled by inc");
		close(f);
	}
	pend_want = c->pend_done || (int32_t)(c->counter - 1) >= 0;
	REL_CHECK(fb_fence_status(c->pend, NULL) == pend_want,
		  "pending fence status %d, want %d", fb_fence_status(c->pend, NULL), pend_want);
	m = fb_fence_merge(c->pend, c->sig, "usable");
	if (REL_CHECK(m >= 0, "fence cannot be merged any more: %d", m))
		close(m);
	REL_CHECK(fb_fence_poll(c->two, 0) >= 0, "poll on the merged fence failed");
}

/* The errno documented for row @k on @dev, which has the row's caps. */
static int want_for(const struct bi_case *k, const struct fb_syncdev *dev)
{
	if (k->want.caps && (dev->caps & k->want.caps) == k->want.caps)
		return k->want.with_caps;
	return k->want.err;
}

static void run_case(const struct fb_syncdev *dev, const struct bi_case *k)
{
	struct bi_ctx c;
	bool foreign = (k->caps & dev->caps) != k->caps;
	int extra[2] = { -1, -1 }, fds, target, ret, want;
	void *arg;

	rel_case_begin("badinput/%s", k->name);
	/*
	 * A row of an ABI this backend lacks is still a bad input: the
	 * backend must answer ENOTTY. Rows of ioctls it has (a merge that is
	 * only bad for other backends) do not apply.
	 */
	if (foreign && (k->req == SYNC_IOC_MERGE || k->req == SYNC_IOC_FILE_INFO)) {
		rel_case_skip("not a bad input for %s", dev->name);
		return;
	}
	fds = rel_count_fds();
	if (!REL_CHECK(setup(&c, dev, extra) == 0, "cannot set the objects up")) {
		teardown(&c, extra);
		rel_case_end();
		return;
	}
	if ((k->needs == 1 && c.ml_fence < 0) || (k->needs == 2 && c.fw_fence < 0)) {
		teardown(&c, extra);
		rel_case_skip("no %s fence available", k->needs == 1 ? "mainline" : "other framework");
		return;
	}
	switch (k->target) {
	case T_TL: target = c.tl; break;
	case T_PEND: target = c.pend; break;
	case T_TWO: target = c.two; break;
	case T_CLOSED: target = c.closed; break;
	default: target = c.pipe_fd; break;
	}
	arg = k->arg(&c);
	want = foreign ? ENOTTY : want_for(k, dev);
	ret = ioctl(target, k->req, arg) < 0 ? errno : 0;
	rel_fig()->bad_inputs++;
	rel_fig()->ops++;
	if (REL_CHECK(ret == want, "got %s, documented %s", ret ? strerror(ret) : "success",
		      want ? strerror(want) : "success") && !ret && k->post)
		k->post(&c, arg);
	else if (!ret && want && k->post && !foreign)
		k->post(&c, arg);	/* accepted although it should not: still clean up */
	check_usable(&c);
	teardown(&c, extra);
	if (!REL_CHECK(rel_count_fds() == fds, "fd leak: %d fds before, %d after", fds,
		       rel_count_fds()))
		rel_fig()->leaks++;
	rel_case_end();
}

int main(int argc, char **argv)
{
	const struct fb_syncdev *devs[REL_MAX_BACKENDS];
	int n, code;

	n = rel_begin_backends(argc, argv, "rel-badinput", NULL, NULL, devs, &code);
	if (n < 0)
		return code;
	for (int b = 0; b < n; b++) {
		if (!rel_backend_use(devs[b], "badinput"))
			continue;
		for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
			run_case(devs[b], &cases[i]);
	}
	return rel_finish();
}
