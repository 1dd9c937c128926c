// SPDX-License-Identifier: GPL-2.0
/*
 * interop.c - fb-dma-interop: interop of the dma backend (/dev/sw_sync_dma)
 * with mainline sync_file (debugfs sync/sw_sync), both directions.
 *
 * Export: a dma fence becomes a mainline sync_file (SYNC_IOC_DMA_EXPORT_
 * SYNC_FILE) on which mainline's FILE_INFO, poll and MERGE work. Import: a
 * mainline sync_file is merged into a dma fence (MERGE and LEGACY_MERGE take
 * it as fd2) which is then waited on, or waited on together with a dma
 * fence (SYNC_IOC_DMA_WAIT_WITH). Every case checks signal order and
 * statuses on both sides. Needs the dma modules and mainline sw_sync: this
 * suite is about them, so their absence fails it.
 *
 * Output: "ok dma-interop <case>" or "FAIL dma-interop <case>: why" per
 * case, then "N passed, N failed".
 */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include <linux/sync_file.h>
#include "fencebench_sync.h"
#include "pollerr.h"
#include "syncdev.h"

#define DMA_DRIVER	"sw_sync_dma"
#define MAX_PTS		8

static const struct fb_syncdev *dma_dev, *ml_dev;
static char why[256];

/* Record why a case failed; returns -1 so that CHECK can bail out. */
static int fail(int line, const char *fmt, ...)
{
	va_list ap;
	int n = snprintf(why, sizeof(why), "line %d: ", line);

	va_start(ap, fmt);
	vsnprintf(why + n, sizeof(why) - n, fmt, ap);
	va_end(ap);
	return -1;
}

#define CHECK(cond, ...) do { if (!(cond)) return fail(__LINE__, __VA_ARGS__); } while (0)
/* A call returning >= 0 or -errno must succeed. */
#define OK(expr) do { int _r = (expr); \
	if (_r < 0) return fail(__LINE__, "%s: %s", #expr, strerror(-_r)); } while (0)
/* A helper that records its own failure (returns -1) must succeed. */
#define SUB(expr) do { if ((expr) < 0) return -1; } while (0)
#define ERR(expr, e) do { int _r = (expr); if (_r != -(e)) \
	return fail(__LINE__, "%s gave %d (%s), want %s", #expr, _r, \
		    _r < 0 ? strerror(-_r) : "success", strerror(e)); } while (0)

struct info {
	struct sync_file_info f;
	struct sync_fence_info pt[MAX_PTS];
};

/* Mainline FILE_INFO with the records; -errno on failure. */
static int file_info(int fd, struct info *in)
{
	memset(in, 0, sizeof(*in));
	in->f.num_fences = MAX_PTS;
	in->f.sync_fence_info = (uint64_t)(uintptr_t)in->pt;
	return ioctl(fd, SYNC_IOC_FILE_INFO, &in->f) < 0 ? -errno : 0;
}

/* FILE_INFO asking for the count only: the fence's own status. */
static int file_status(int fd, struct sync_file_info *fi)
{
	memset(fi, 0, sizeof(*fi));
	return ioctl(fd, SYNC_IOC_FILE_INFO, fi) < 0 ? -errno : 0;
}

/* Status and point count, failing the case if the ioctl fails. */
#define STATUS(fd, want, num) do { struct sync_file_info _i; \
	OK(file_status(fd, &_i)); \
	CHECK(_i.status == (want) && _i.num_fences == (num), \
	      "fd %d (%s): status %d num_fences %u, want %d, %u", fd, #fd, \
	      _i.status, _i.num_fences, want, num); } while (0)

static int export_fd(int fence, uint32_t flags)
{
	struct sync_dma_export_data d = { .fd = -1, .flags = flags };

	if (ioctl(fence, SYNC_IOC_DMA_EXPORT_SYNC_FILE, &d) < 0)
		return -errno;
	return d.fd;
}

/* Mainline's own MERGE on a sync_file fd. */
static int ml_merge(int a, int b, const char *name)
{
	return fb_fence_merge(a, b, name);
}

static int count_driver(const struct info *in, const char *driver)
{
	int n = 0;

	for (unsigned int i = 0; i < in->f.num_fences && i < MAX_PTS; i++)
		n += !strcmp(in->pt[i].driver_name, driver);
	return n;
}

/* The operands of most cases: a fence on a dma and on a mainline timeline. */
struct mixed {
	int d, ml;	/* the timelines; ml is -1 once a case closed it */
	int fd, fm;	/* a fence on each */
};

static int mixed_open(struct mixed *x, uint32_t vd, uint32_t vm)
{
	OK(x->d = fb_timeline_open(dma_dev));
	OK(x->ml = fb_timeline_open(ml_dev));
	OK(x->fd = fb_fence_create(x->d, vd, "fd"));
	OK(x->fm = fb_fence_create(x->ml, vm, "fm"));
	return 0;
}

/* Close the fences, then the timelines. */
static void mixed_close(struct mixed *x)
{
	close(x->fd);
	close(x->fm);
	close(x->d);
	if (x->ml >= 0)
		close(x->ml);
}

/* FILE_INFO of @fence: two active points, one dma and one mainline. */
static int mixed_info(int fence, struct info *in)
{
	OK(file_info(fence, in));
	CHECK(in->f.num_fences == 2 && in->f.status == 0,
	      "fd %d: num %u status %d", fence, in->f.num_fences, in->f.status);
	CHECK(count_driver(in, DMA_DRIVER) == 1 && count_driver(in, "sw_sync") == 1,
	      "drivers '%s' '%s'", in->pt[0].driver_name, in->pt[1].driver_name);
	return 0;
}

/* A thread blocked in a wait, to check that signalling wakes it. */
struct waiter {
	pthread_t t;
	int fd, use_poll, result, done;
};

static void *waiter_main(void *arg)
{
	struct waiter *w = arg;

	w->result = w->use_poll ? fb_fence_poll(w->fd, -1) :
				  fb_fence_wait_ioctl(w->fd, -1);
	__atomic_store_n(&w->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

static int waiter_start(struct waiter *w, int fd, int use_poll)
{
	memset(w, 0, sizeof(*w));
	w->fd = fd;
	w->use_poll = use_poll;
	return -pthread_create(&w->t, NULL, waiter_main, w);
}

static int waiter_done(struct waiter *w)
{
	return __atomic_load_n(&w->done, __ATOMIC_ACQUIRE);
}

/* Join within 10 s; -ETIMEDOUT (thread detached) if it never woke. */
static int waiter_join(struct waiter *w)
{
	for (int i = 0; i < 1000 && !waiter_done(w); i++)
		usleep(10000);
	if (!waiter_done(w)) {
		pthread_detach(w->t);
		return -ETIMEDOUT;
	}
	pthread_join(w->t, NULL);
	return 0;
}

/* Export of a one-point fence: mainline FILE_INFO and poll follow it. */
static int case_export_single(void)
{
	struct info in;
	int tl, f, sf;

	OK(tl = fb_timeline_open(dma_dev));
	OK(f = fb_fence_create(tl, 1, "exp1"));
	OK(sf = export_fd(f, 0));
	OK(file_info(sf, &in));
	CHECK(in.f.num_fences == 1 && in.f.status == 0,
	      "sync_file: num %u status %d", in.f.num_fences, in.f.status);
	CHECK(!strcmp(in.f.name, "exp1"), "sync_file name '%s'", in.f.name);
	CHECK(!strcmp(in.pt[0].driver_name, DMA_DRIVER),
	      "driver '%s'", in.pt[0].driver_name);
	CHECK(in.pt[0].status == 0 && in.pt[0].timestamp_ns == 0,
	      "record: status %d ts %llu", in.pt[0].status,
	      (unsigned long long)in.pt[0].timestamp_ns);
	CHECK(fb_fence_poll(sf, 0) == 0, "sync_file ready before signal");
	OK(fb_timeline_inc(tl, 1));
	CHECK(fb_fence_poll(sf, 0) == 1, "sync_file not ready after signal");
	OK(file_info(sf, &in));
	CHECK(in.f.status == 1 && in.pt[0].status == 1 && in.pt[0].timestamp_ns,
	      "after signal: status %d/%d ts %llu", in.f.status,
	      in.pt[0].status, (unsigned long long)in.pt[0].timestamp_ns);
	STATUS(f, 1, 1);
	close(sf);
	close(f);
	close(tl);
	return 0;
}

/*
 * Two timelines a and b, a fence at 1 on each, m their merge and sf the
 * sync_file exported from m; -1 if a step failed (recorded).
 */
static int merged_export(int *a, int *b, int *fa, int *fb, int *m, int *sf)
{
	OK(*a = fb_timeline_open(dma_dev));
	OK(*b = fb_timeline_open(dma_dev));
	OK(*fa = fb_fence_create(*a, 1, "fa"));
	OK(*fb = fb_fence_create(*b, 1, "fb"));
	OK(*m = fb_fence_merge(*fa, *fb, "m"));
	OK(*sf = export_fd(*m, 0));
	return 0;
}

/* Export of a merged fence: a dma_fence_array that mainline unwraps. */
static int case_export_array(void)
{
	struct waiter w;
	int a, b, fa, fb, m, sf;

	SUB(merged_export(&a, &b, &fa, &fb, &m, &sf));
	STATUS(sf, 0, 2);
	OK(waiter_start(&w, sf, 1));
	OK(fb_timeline_inc(a, 1));
	STATUS(fa, 1, 1);
	STATUS(m, 0, 2);
	STATUS(sf, 0, 2);
	usleep(20000);
	CHECK(!waiter_done(&w), "poll on sync_file woke with one point left");
	OK(fb_timeline_inc(b, 1));
	OK(waiter_join(&w));
	CHECK(w.result == 1, "poll on sync_file gave %d", w.result);
	STATUS(m, 1, 2);
	STATUS(sf, 1, 2);
	close(sf);
	close(m);
	close(fa);
	close(fb);
	close(a);
	close(b);
	return 0;
}

/* Mainline MERGE of an exported sync_file with a mainline fence. */
static int case_export_mainline_merge(void)
{
	struct mixed x;
	struct info in;
	int sf, mm;

	SUB(mixed_open(&x, 2, 3));
	OK(sf = export_fd(x.fd, 0));
	/* mainline knows only sync_files: the raw dma fd is refused */
	ERR(ml_merge(x.fm, x.fd, "raw"), ENOENT);
	OK(mm = ml_merge(sf, x.fm, "mm"));
	SUB(mixed_info(mm, &in));
	OK(fb_timeline_inc(x.d, 2));
	STATUS(sf, 1, 1);
	STATUS(mm, 0, 2);
	CHECK(fb_fence_poll(mm, 0) == 0, "mainline merge ready too early");
	OK(fb_timeline_inc(x.ml, 3));
	CHECK(fb_fence_poll(mm, 1000) == 1, "mainline merge not ready");
	STATUS(mm, 1, 2);
	close(mm);
	close(sf);
	mixed_close(&x);
	return 0;
}

/* Two exports of one timeline merged by mainline: the later point stays. */
static int case_export_same_timeline(void)
{
	struct info in;
	int d, f2, f4, s2, s4, mm;

	OK(d = fb_timeline_open(dma_dev));
	OK(f2 = fb_fence_create(d, 2, "f2"));
	OK(f4 = fb_fence_create(d, 4, "f4"));
	OK(s2 = export_fd(f2, 0));
	OK(s4 = export_fd(f4, 0));
	OK(mm = ml_merge(s2, s4, "mm"));
	OK(file_info(mm, &in));
	CHECK(in.f.num_fences == 1, "num %u, want 1 (one context)",
	      in.f.num_fences);
	OK(fb_timeline_inc(d, 2));
	STATUS(s2, 1, 1);
	STATUS(mm, 0, 1);
	OK(fb_timeline_inc(d, 2));
	STATUS(mm, 1, 1);
	close(mm);
	close(s2);
	close(s4);
	close(f2);
	close(f4);
	close(d);
	return 0;
}

/*
 * Import through @merge (MERGE or LEGACY_MERGE): a mainline fence merged
 * into a dma fence; a blocked waiter wakes only once both signaled.
 * @ml_first: signal the mainline timeline first.
 */
static int import_case(int (*merge)(int, int, const char *), int ml_first,
		       int use_poll)
{
	struct waiter w;
	struct mixed x;
	struct info in;
	int m;

	SUB(mixed_open(&x, 2, 3));
	OK(m = merge(x.fd, x.fm, "imp"));
	SUB(mixed_info(m, &in));
	CHECK(!strcmp(in.f.name, "imp"), "import: name '%s'", in.f.name);
	ERR(fb_fence_wait_ioctl(m, 0), ETIME);
	OK(waiter_start(&w, m, use_poll));
	OK(fb_timeline_inc(ml_first ? x.ml : x.d, ml_first ? 3 : 2));
	STATUS(ml_first ? x.fm : x.fd, 1, 1);
	STATUS(m, 0, 2);
	ERR(fb_fence_wait_ioctl(m, 10), ETIME);
	CHECK(!waiter_done(&w), "waiter woke with one point left");
	OK(fb_timeline_inc(ml_first ? x.d : x.ml, ml_first ? 2 : 3));
	OK(waiter_join(&w));
	CHECK(w.result == (use_poll ? 1 : 0), "waiter woke with %d", w.result);
	OK(fb_fence_wait_ioctl(m, 0));
	STATUS(m, 1, 2);
	close(m);
	mixed_close(&x);
	return 0;
}

static int case_import_merge(void)
{
	return import_case(fb_fence_merge, 0, 0);
}

static int case_import_legacy_merge(void)
{
	return import_case(fb_fence_merge_legacy, 1, 1);
}

/* Legacy FENCE_INFO of an import: both points, their values as driver data. */
static int case_import_legacy_info(void)
{
	struct {
		struct sync_fence_info_data d;
		unsigned char buf[4096];
	} li;
	struct mixed x;
	int m, seen = 0;
	size_t off;

	SUB(mixed_open(&x, 5, 6));
	OK(m = fb_fence_merge(x.fd, x.fm, "li"));
	memset(&li, 0, sizeof(li));
	li.d.len = sizeof(li);
	CHECK(!ioctl(m, SYNC_IOC_LEGACY_FENCE_INFO, &li), "FENCE_INFO: %s",
	      strerror(errno));
	CHECK(li.d.status == 0 && !strcmp(li.d.name, "li"), "status %d name '%s'",
	      li.d.status, li.d.name);
	for (off = sizeof(li.d); off < li.d.len;) {
		struct sync_pt_info pt;
		uint32_t v;

		memcpy(&pt, (char *)&li + off, sizeof(pt));
		CHECK(pt.len == sizeof(pt) + 4, "record len %u", pt.len);
		memcpy(&v, (char *)&li + off + sizeof(pt), sizeof(v));
		if (!strcmp(pt.driver_name, DMA_DRIVER))
			seen |= (v == 5) << 0;
		else if (!strcmp(pt.driver_name, "sw_sync"))
			seen |= (v == 6) << 1;
		off += pt.len;
	}
	CHECK(seen == 3, "records seen %#x, want dma value 5 and mainline 6", seen);
	close(m);
	mixed_close(&x);
	return 0;
}

/* Mainline timeline closed under an import: the dma fence fails at once. */
static int case_import_error(void)
{
	struct waiter w;
	struct mixed x;
	int m, sf, sf0;

	SUB(mixed_open(&x, 1, 1));
	OK(m = fb_fence_merge(x.fd, x.fm, "err"));
	OK(sf0 = export_fd(m, 0));
	OK(waiter_start(&w, m, 0));
	usleep(20000);
	close(x.ml);
	x.ml = -1;
	OK(waiter_join(&w));
	CHECK(w.result == -ENOENT, "waiter woke with %d, want ENOENT", w.result);
	STATUS(m, -ENOENT, 2);
	/* POLLIN by default (as mainline), POLLERR with poll_err=Y */
	CHECK(fb_fence_poll(m, 0) == fb_poll_err_result(dma_dev),
	      "poll: %d, want %d (poll_err %d)", fb_fence_poll(m, 0),
	      fb_poll_err_result(dma_dev), fb_poll_err(dma_dev));
	/* exported before and after: mainline sees the error once all signaled */
	OK(sf = export_fd(m, 0));
	STATUS(sf, 0, 2);
	STATUS(sf0, 0, 2);
	OK(fb_timeline_inc(x.d, 1));
	STATUS(sf, -ENOENT, 2);
	STATUS(sf0, -ENOENT, 2);
	close(sf0);
	close(sf);
	close(m);
	mixed_close(&x);
	return 0;
}

/* dma timeline closed under an export: mainline sees the error. */
static int case_export_error(void)
{
	int d, f, sf;

	OK(d = fb_timeline_open(dma_dev));
	OK(f = fb_fence_create(d, 1, "f"));
	OK(sf = export_fd(f, 0));
	close(d);
	STATUS(sf, -ENOENT, 1);
	CHECK(fb_fence_poll(sf, 0) == 1, "mainline poll: signaled with error is POLLIN");
	STATUS(f, -ENOENT, 1);
	close(sf);
	close(f);
	return 0;
}

/*
 * A merged dma fence fails at its first error (the 2013 rule,
 * docs/semantics.md row 8); the sync_file exported from it is a
 * dma_fence_array, which stays active until every point has signaled and
 * then carries the error (row 21).
 */
static int case_export_merged_error(void)
{
	int a, b, fa, fb, m, sf;

	SUB(merged_export(&a, &b, &fa, &fb, &m, &sf));
	close(a);
	STATUS(m, -ENOENT, 2);
	STATUS(sf, 0, 2);
	CHECK(fb_fence_poll(sf, 0) == 0, "exported array: pending while b is");
	OK(fb_timeline_inc(b, 1));
	STATUS(sf, -ENOENT, 2);
	STATUS(m, -ENOENT, 2);
	close(sf);
	close(m);
	close(fb);
	close(fa);
	close(b);
	return 0;
}

/* An export merged back into its own fence: nothing duplicated. */
static int case_roundtrip(void)
{
	int a, b, fa, fb, m, sf, r, f3, r2;
	struct info in;

	OK(a = fb_timeline_open(dma_dev));
	OK(b = fb_timeline_open(dma_dev));
	OK(fa = fb_fence_create(a, 1, "fa"));
	OK(fb = fb_fence_create(b, 3, "fb"));
	OK(m = fb_fence_merge(fa, fb, "m"));
	OK(sf = export_fd(m, 0));
	OK(r = fb_fence_merge(m, sf, "r"));
	STATUS(r, 0, 2);
	/* the later point of a context wins, from either side */
	OK(f3 = fb_fence_create(a, 2, "f3"));
	OK(r2 = fb_fence_merge(f3, sf, "r2"));
	OK(file_info(r2, &in));
	CHECK(in.f.num_fences == 2, "num %u", in.f.num_fences);
	OK(fb_timeline_inc(a, 1));
	STATUS(m, 0, 2);
	STATUS(r2, 0, 2);
	OK(fb_timeline_inc(a, 1));
	OK(fb_timeline_inc(b, 3));
	STATUS(r, 1, 2);
	STATUS(r2, 1, 2);
	STATUS(sf, 1, 2);
	close(r2);
	close(f3);
	close(r);
	close(sf);
	close(m);
	close(fa);
	close(fb);
	close(a);
	close(b);
	return 0;
}

/* Fences 1..N of one timeline, each exported: signal one step at a time. */
static int case_signal_order(void)
{
	enum { N = 5 };
	int d, f[N], sf[N];
	uint64_t last = 0;

	OK(d = fb_timeline_open(dma_dev));
	for (int i = 0; i < N; i++) {
		OK(f[i] = fb_fence_create(d, i + 1, "ord"));
		OK(sf[i] = export_fd(f[i], 0));
	}
	for (int step = 1; step <= N; step++) {
		struct info in;

		OK(fb_timeline_inc(d, 1));
		for (int i = 0; i < N; i++) {
			int want = i < step;

			STATUS(f[i], want, 1);
			STATUS(sf[i], want, 1);
			CHECK(fb_fence_poll(sf[i], 0) == want,
			      "step %d: poll of sync_file %d", step, i);
		}
		OK(file_info(sf[step - 1], &in));
		CHECK(in.pt[0].timestamp_ns >= last,
		      "step %d: timestamp went back", step);
		last = in.pt[0].timestamp_ns;
	}
	for (int i = 0; i < N; i++) {
		close(sf[i]);
		close(f[i]);
	}
	close(d);
	return 0;
}

static int wait_with(int fence, int fd2, int timeout, uint32_t flags)
{
	struct sync_dma_wait_with_data d = {
		.fd2 = fd2, .timeout = timeout, .flags = flags,
	};

	return ioctl(fence, SYNC_IOC_DMA_WAIT_WITH, &d) < 0 ? -errno : 0;
}

struct with_waiter {
	pthread_t t;
	int fence, fd2, result, done;
};

static void *with_main(void *arg)
{
	struct with_waiter *w = arg;

	w->result = wait_with(w->fence, w->fd2, -1, 0);
	__atomic_store_n(&w->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

/* Wait on a dma fence together with a mainline sync_file, no fd made. */
static int case_wait_with(void)
{
	struct with_waiter w = { .result = 12345 };
	struct mixed x;
	int fe, p[2];

	SUB(mixed_open(&x, 1, 1));
	ERR(wait_with(x.fd, x.fm, 0, 0), ETIME);
	ERR(wait_with(x.fd, x.fm, 0, 1), EINVAL);
	CHECK(!pipe(p), "pipe");
	ERR(wait_with(x.fd, p[0], 0, 0), ENOENT);
	close(p[0]);
	close(p[1]);
	w.fence = x.fd;
	w.fd2 = x.fm;
	CHECK(!pthread_create(&w.t, NULL, with_main, &w), "pthread_create");
	OK(fb_timeline_inc(x.d, 1));
	ERR(wait_with(x.fd, x.fm, 10, 0), ETIME);
	usleep(20000);
	CHECK(!__atomic_load_n(&w.done, __ATOMIC_ACQUIRE),
	      "wait-with woke with the mainline fence pending");
	OK(fb_timeline_inc(x.ml, 1));
	for (int i = 0; i < 1000 && !__atomic_load_n(&w.done, __ATOMIC_ACQUIRE); i++)
		usleep(10000);
	CHECK(__atomic_load_n(&w.done, __ATOMIC_ACQUIRE), "wait-with never woke");
	pthread_join(w.t, NULL);
	CHECK(w.result == 0, "wait-with woke with %d", w.result);
	OK(wait_with(x.fd, x.fm, 0, 0));
	/* an error on the mainline side fails the wait */
	OK(fe = fb_fence_create(x.ml, 5, "fe"));
	close(x.ml);
	x.ml = -1;
	ERR(wait_with(x.fd, fe, -1, 0), ENOENT);
	/* a dma fence fd works as fd2 too */
	OK(wait_with(x.fd, x.fd, 0, 0));
	close(fe);
	mixed_close(&x);
	return 0;
}

/*
 * Merge across 2^31 of a mainline timeline: a mainline point at 1, signaled
 * and imported into a dma fence; the mainline timeline then advances by
 * 2^31 + 16 and a pending point at 0x80000012 is merged in. On 32-bit
 * seqnos, dma_fence_is_later(1, 0x80000012) is true ((int)0x7fffffef > 0),
 * so keeping "the later" one kept the signaled point and the merge
 * signaled with an input pending. As mainline's __dma_fence_unwrap_merge(),
 * which drops signaled fences, the merge must stay pending. Through each
 * merge path: dma fence + sync_file (MERGE, LEGACY_MERGE, WAIT_WITH), and
 * dma fence + dma fence holding the pending point.
 */
static int case_import_merge_wrap(void)
{
	int d, ml, df, fm1, imp, pend, imp2, m, ml2, m3;

	OK(d = fb_timeline_open(dma_dev));
	OK(ml = fb_timeline_open(ml_dev));
	OK(df = fb_fence_create(d, 1, "df"));
	OK(fm1 = fb_fence_create(ml, 1, "fm1"));
	OK(fb_timeline_inc(d, 1));
	OK(fb_timeline_inc(ml, 1));
	OK(imp = fb_fence_merge(df, fm1, "imported"));
	STATUS(imp, 1, 2);
	OK(fb_timeline_inc(ml, 0x80000010u));		/* 0x80000011 */
	OK(pend = fb_fence_create(ml, 0x80000012u, "pend"));
	STATUS(pend, 0, 1);
	OK(m = fb_fence_merge(imp, pend, "m"));
	STATUS(m, 0, 2);
	CHECK(fb_fence_poll(m, 0) == 0, "merge ready for poll with an input pending");
	OK(ml2 = fb_fence_merge_legacy(imp, pend, "ml2"));
	STATUS(ml2, 0, 2);
	ERR(wait_with(imp, pend, 0, 0), ETIME);
	OK(imp2 = fb_fence_merge(df, pend, "imp2"));
	STATUS(imp2, 0, 2);
	OK(m3 = fb_fence_merge(imp, imp2, "m3"));
	STATUS(m3, 0, 2);
	OK(fb_timeline_inc(ml, 1));
	STATUS(m, 1, 2);
	STATUS(ml2, 1, 2);
	STATUS(m3, 1, 2);
	OK(wait_with(imp, pend, 0, 0));
	close(m3);
	close(imp2);
	close(ml2);
	close(m);
	close(pend);
	close(imp);
	close(fm1);
	close(df);
	close(ml);
	close(d);
	return 0;
}

static int case_errors(void)
{
	struct mixed x;
	int p[2];

	SUB(mixed_open(&x, 1, 1));
	ERR(export_fd(x.fd, 1), EINVAL);
	CHECK(!pipe(p), "pipe");
	ERR(fb_fence_merge(x.fd, p[0], "x"), ENOENT);
	ERR(fb_fence_merge_legacy(x.fd, p[0], "x"), ENOENT);
	ERR(fb_fence_merge(x.fd, -1, "x"), ENOENT);
	ERR(fb_fence_merge(x.fd, x.d, "x"), ENOENT);	/* a timeline fd */
	/* the export ioctl is ours: a mainline sync_file does not know it */
	ERR(export_fd(x.fm, 0), ENOTTY);
	close(p[0]);
	close(p[1]);
	mixed_close(&x);
	return 0;
}

static const struct {
	const char *name;
	int (*fn)(void);
} cases[] = {
	{ "export-single", case_export_single },
	{ "export-array", case_export_array },
	{ "export-mainline-merge", case_export_mainline_merge },
	{ "export-same-timeline", case_export_same_timeline },
	{ "import-merge", case_import_merge },
	{ "import-legacy-merge", case_import_legacy_merge },
	{ "import-legacy-info", case_import_legacy_info },
	{ "import-error", case_import_error },
	{ "export-error", case_export_error },
	{ "export-merged-error", case_export_merged_error },
	{ "roundtrip", case_roundtrip },
	{ "signal-order", case_signal_order },
	{ "wait-with", case_wait_with },
	{ "import-merge-wrap", case_import_merge_wrap },
	{ "errors", case_errors },
};

int main(int argc, char **argv)
{
	int passed = 0, failed = 0;
	size_t n = sizeof(cases) / sizeof(cases[0]);

	dma_dev = fb_syncdev_find("dma");
	ml_dev = fb_syncdev_find("mainline");
	if (!fb_syncdev_present(dma_dev) || !fb_syncdev_present(ml_dev)) {
		printf("FAIL dma-interop devices: need %s and %s\n",
		       dma_dev->path, ml_dev->path);
		printf("0 passed, 1 failed\n");
		return 1;
	}
	for (size_t i = 0; i < n; i++) {
		if (argc > 1 && strcmp(argv[1], cases[i].name))
			continue;
		why[0] = '\0';
		if (cases[i].fn() == 0) {
			printf("ok dma-interop %s\n", cases[i].name);
			passed++;
		} else {
			printf("FAIL dma-interop %s: %s\n", cases[i].name, why);
			failed++;
		}
		fflush(stdout);
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
