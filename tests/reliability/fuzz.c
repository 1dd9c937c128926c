// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz.c - rel-fuzz: a seeded, reproducible random ioctl-sequence fuzzer over
 * the fence backends (create, inc, merge, wait with short timeouts, info,
 * close, dup, fork, export), checking every answer against fuzz_model.c.
 * Bounded by time (--seconds) or by a number of operations (--max-ops).
 * On failure it prints the seed, the operation number, the last operations
 * and the command that replays the same sequence.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <linux/sync_file.h>
#include "fencebench_sync.h"
#include "fuzz_model.h"
#include "kmsg.h"
#include "pollerr.h"
#include "prng.h"
#include "rel.h"

#define LOG_LINES 64
#define LOG_LEN 160

struct fuzz {
	struct fm_state m;
	struct rel_prng r;
	const struct fb_syncdev *devs[REL_MAX_BACKENDS];
	int ndevs;
	unsigned long long op;		/* number of the current operation */
	uint64_t seed;
	int verbose;		/* every operation printed */
	bool failed;
	char log[LOG_LINES][LOG_LEN];
	unsigned long long lines;	/* log lines written */
	char spec[128];			/* the backends fuzzed, for the replay line */
	unsigned long long by_kind[16];
};

/* The framework of a fence, or sync_file. */
static const char *kind_name(const struct fm_fence *f)
{
	return f->fw ? f->fw->name : "sync_file";
}

static void note(struct fuzz *z, const char *fmt, ...)
{
	char *l = z->log[z->lines++ % LOG_LINES];
	int n = snprintf(l, LOG_LEN, "#%llu ", z->op);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(l + n, LOG_LEN - n, fmt, ap);
	va_end(ap);
	if (z->verbose)
		printf("  %s\n", l);
}

static void fail(struct fuzz *z, const char *fmt, ...)
{
	char msg[256];
	va_list ap;

	if (z->failed)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	z->failed = true;
	printf("FUZZ FAILURE at operation #%llu, seed %llu: %s\n", z->op,
	       (unsigned long long)z->seed, msg);
	printf("last operations:\n");
	for (unsigned long long i = z->lines > LOG_LINES ? z->lines - LOG_LINES : 0; i < z->lines; i++)
		printf("  %s\n", z->log[i % LOG_LINES]);
	printf("replay: rel-fuzz --backend %s --seed %llu --max-ops %llu --verbose\n",
	       z->spec, (unsigned long long)z->seed, z->op + 1);
	REL_CHECK(0, "fuzzer: %s (seed %llu, op #%llu)", msg, (unsigned long long)z->seed, z->op);
}

static void count_op(struct fuzz *z, const struct fb_syncdev *backend)
{
	if (backend)
		rel_backend_switch(backend);
	rel_fig()->ops++;
	(void)z;
}

static int pick_tl(struct fuzz *z, bool open_only)
{
	int c[FM_MAX_TL], n = 0;

	for (int i = 0; i < FM_MAX_TL; i++)
		if (z->m.tl[i].used && (!open_only || z->m.tl[i].open))
			c[n++] = i;
	return n ? c[rel_prng_below(&z->r, n)] : -1;
}

static int pick_fence(struct fuzz *z)
{
	int c[FM_MAX_FENCES], n = 0;

	for (int i = 0; i < FM_MAX_FENCES; i++)
		if (z->m.f[i].used)
			c[n++] = i;
	return n ? c[rel_prng_below(&z->r, n)] : -1;
}

static int free_fence_slot(struct fuzz *z)
{
	for (int i = 0; i < FM_MAX_FENCES; i++)
		if (!z->m.f[i].used)
			return i;
	return -1;
}

/*
 * The backend an operation on a fence counts for: the one of its first
 * point's timeline; for a fence of signaled stubs only, its framework, or
 * for a sync_file the sync_file backend (NULL if none: counted for the
 * backend of the previous operation).
 */
static const struct fb_syncdev *fence_backend(struct fuzz *z, int s)
{
	const struct fm_fence *f = &z->m.f[s];

	for (unsigned int i = 0; i < f->npts; i++)
		if (f->pts[i] >= 0)
			return z->m.tl[z->m.pt[f->pts[i]].tl].dev;
	return f->fw ? f->fw : fb_syncdev_with(FB_CAP_SYNC_FILE);
}

/* ---- checks ---- */

/* The model's view of one fence, and the kernel's, for a failure report. */
static void dump_fence(struct fuzz *z, int s)
{
	const struct fm_fence *f = &z->m.f[s];
	struct sync_fence_info recs[FM_MAX_PTS];
	struct sync_file_info info = { .num_fences = FM_MAX_PTS,
				       .sync_fence_info = (uintptr_t)recs };

	printf("model of f%d (fd %d, %s):\n", s, f->fd, kind_name(f));
	for (unsigned int i = 0; i < f->npts; i++) {
		const struct fm_point *p = &z->m.pt[f->pts[i]];

		if (f->pts[i] < 0) {
			printf("  stub: signaled\n");
			continue;
		}
		printf("  point t%d (%s, %s, at %#x) value %#x state %d\n", p->tl,
		       z->m.tl[p->tl].dev->name, z->m.tl[p->tl].open ? "open" : "closed",
		       z->m.tl[p->tl].counter, p->value, p->state);
	}
	if (ioctl(f->fd, SYNC_IOC_FILE_INFO, &info) == 0) {
		printf("kernel: status %d, %u points\n", info.status, info.num_fences);
		for (unsigned int i = 0; i < info.num_fences && i < FM_MAX_PTS; i++)
			printf("  point %s/%s status %d\n", recs[i].driver_name,
			       recs[i].obj_name, recs[i].status);
	}
}

static void check_fence(struct fuzz *z, int s, const char *why)
{
	const struct fm_fence *f = &z->m.f[s];
	struct sync_file_info info = { 0 };
	int alt, want = fm_status(&z->m, s, &alt), got;
	bool approx = f->exported;

	for (unsigned int i = 0; i < f->npts; i++)
		approx |= f->pts[i] < 0 && f->fw;
	if (ioctl(f->fd, SYNC_IOC_FILE_INFO, &info)) {
		fail(z, "%s: FILE_INFO on f%d (fd %d): %s", why, s, f->fd, strerror(errno));
		return;
	}
	got = info.status;
	if (got != want && got != alt) {
		fail(z, "%s: f%d (%s, %u points) status %d, model says %d", why, s,
		     kind_name(f), f->npts, got, want);
		dump_fence(z, s);
	}
	if (approx ? info.num_fences > f->npts || !info.num_fences
		   : info.num_fences != fm_num_fences(&z->m, s))
		fail(z, "%s: f%d (%s) has %u points, model says %u", why, s,
		     kind_name(f), info.num_fences, fm_num_fences(&z->m, s));
	if (strnlen(info.name, sizeof(info.name)) == sizeof(info.name))
		fail(z, "%s: f%d name not terminated", why, s);
}

static void check_all(struct fuzz *z, const char *why)
{
	for (int i = 0; i < FM_MAX_FENCES && !z->failed; i++)
		if (z->m.f[i].used)
			check_fence(z, i, why);
}

/* ---- operations ---- */

static void retire_far_points(struct fuzz *z, int t);

static void op_tl_open(struct fuzz *z)
{
	const struct fb_syncdev *d = z->devs[rel_prng_below(&z->r, z->ndevs)];
	int slot = -1, fd;

	for (int i = 0; i < FM_MAX_TL; i++)
		if (!z->m.tl[i].used || (!z->m.tl[i].open && !rel_prng_below(&z->r, 2))) {
			bool referenced = false;

			for (int p = 0; p < FM_MAX_POINTS; p++)
				referenced |= z->m.pt[p].refs && z->m.pt[p].tl == i;
			if (!z->m.tl[i].used || !referenced) {
				slot = i;
				break;
			}
		}
	if (slot < 0)
		return;
	fd = fb_timeline_open(d);
	count_op(z, d);
	note(z, "open %s timeline -> t%d (fd %d)", d->name, slot, fd);
	if (fd < 0) {
		fail(z, "open %s: %s", d->path, strerror(-fd));
		return;
	}
	z->m.tl[slot] = (struct fm_timeline){
		.used = true, .open = true, .fd = fd, .dev = d,
	};
}

static void op_tl_close(struct fuzz *z)
{
	int t = pick_tl(z, true);

	if (t < 0)
		return;
	note(z, "close t%d (fd %d, %s, at %#x)", t, z->m.tl[t].fd, z->m.tl[t].dev->name,
	     z->m.tl[t].counter);
	count_op(z, z->m.tl[t].dev);
	close(z->m.tl[t].fd);
	fm_close_timeline(&z->m, t);
	check_all(z, "after timeline close");
}

static void op_create(struct fuzz *z)
{
	int t = pick_tl(z, true), s = free_fence_slot(z), p, fd;
	uint32_t v;

	if (t < 0 || s < 0)
		return;
	v = z->m.tl[t].counter + rel_prng_below(&z->r, 12) - 3;
	fd = fb_fence_create(z->m.tl[t].fd, v, "fz");
	count_op(z, z->m.tl[t].dev);
	note(z, "create on t%d at %#x -> f%d (fd %d)", t, v, s, fd);
	if (fd < 0) {
		fail(z, "create on %s timeline: %s", z->m.tl[t].dev->name, strerror(-fd));
		return;
	}
	p = fm_point_new(&z->m, t, v);
	if (p < 0) {
		close(fd);
		return;
	}
	fm_fence_set(&z->m, s, fd, fm_fw_of(z->m.tl[t].dev), &p, 1);
	check_fence(z, s, "after create");
}

static void op_inc(struct fuzz *z)
{
	int t = pick_tl(z, true), e;
	uint32_t n;

	if (t < 0)
		return;
	switch (rel_prng_below(&z->r, 16)) {
	case 0: n = 0; break;
	case 1: n = 0x7fffffffu; break;		/* drive toward the 2^32 wrap */
	default: n = 1 + rel_prng_below(&z->r, 4); break;
	}
	e = fb_timeline_inc(z->m.tl[t].fd, n);
	count_op(z, z->m.tl[t].dev);
	note(z, "inc t%d by %#x (to %#x)", t, n, z->m.tl[t].counter + n);
	if (e) {
		fail(z, "inc: %s", strerror(-e));
		return;
	}
	fm_inc(&z->m, t, n);
	check_all(z, "after inc");
	retire_far_points(z, t);
}

/*
 * 32-bit wrap-safe comparison only orders values less than 2^31 apart, so
 * the model stays in that window: fences with a point more than 2^30 behind
 * its timeline are closed (rel-stress u32-wrap checks the edge itself).
 */
static void retire_far_points(struct fuzz *z, int t)
{
	for (int s = 0; s < FM_MAX_FENCES; s++) {
		const struct fm_fence *f = &z->m.f[s];
		bool far = false;

		if (!f->used)
			continue;
		for (unsigned int i = 0; i < f->npts; i++) {
			const struct fm_point *p = &z->m.pt[f->pts[i]];

			far |= f->pts[i] >= 0 && p->tl == t &&
			       z->m.tl[t].counter - p->value > 0x40000000u;
		}
		if (far) {
			note(z, "retire f%d (fd %d): a point is 2^30 behind t%d", s, f->fd, t);
			close(f->fd);
			fm_fence_drop(&z->m, s);
		}
	}
}

static void op_merge(struct fuzz *z)
{
	int a = pick_fence(z), b = pick_fence(z), s = free_fence_slot(z), want, fd, pts[FM_MAX_PTS];
	const struct fb_syncdev *fw;
	bool legacy_abi;
	unsigned int n;

	if (a < 0 || s < 0)
		return;
	if (rel_prng_below(&z->r, 8) == 0) {	/* fd2 that is not a fence */
		int bad = rel_prng_below(&z->r, 2) ? -1 : 0;	/* -1 or stdin */
		struct sync_merge_data d = { .fd2 = bad };

		note(z, "merge f%d with fd %d (not a fence)", a, bad);
		count_op(z, fence_backend(z, a));
		rel_fig()->bad_inputs++;
		if (ioctl(z->m.f[a].fd, SYNC_IOC_MERGE, &d) == 0 || errno != ENOENT)
			fail(z, "merge with a non-fence fd: %s, want ENOENT",
			     d.fence >= 0 ? "success" : strerror(errno));
		return;
	}
	legacy_abi = z->m.f[a].fw && rel_prng_below(&z->r, 2);
	want = fm_merge_errno(&z->m, a, b);
	fd = legacy_abi ? fb_fence_merge_legacy(z->m.f[a].fd, z->m.f[b].fd, "fzm")
			: fb_fence_merge(z->m.f[a].fd, z->m.f[b].fd, "fzm");
	count_op(z, fence_backend(z, a));
	note(z, "%smerge f%d (%s) f%d (%s) -> f%d (fd %d)", legacy_abi ? "legacy-" : "", a,
	     kind_name(&z->m.f[a]), b, kind_name(&z->m.f[b]), s, fd);
	if (want) {
		rel_fig()->bad_inputs++;
		if (fd != -want)
			fail(z, "merge of %s with %s: %s, want %s", kind_name(&z->m.f[a]),
			     kind_name(&z->m.f[b]), fd >= 0 ? "success" : strerror(-fd),
			     strerror(want));
		if (fd >= 0)
			close(fd);
		return;
	}
	if (fd < 0) {
		fail(z, "merge: %s", strerror(-fd));
		return;
	}
	n = fm_merge_points(&z->m, a, b, pts, &fw);
	fm_fence_set(&z->m, s, fd, fw, pts, n);
	check_fence(z, s, "after merge");
}

static void op_wait(struct fuzz *z)
{
	int s = pick_fence(z), alt, want, r, t = rel_prng_below(&z->r, 2);
	const struct fm_fence *f;

	if (s < 0)
		return;
	f = &z->m.f[s];
	want = fm_status(&z->m, s, &alt);
	count_op(z, fence_backend(z, s));
	if (f->fw && rel_prng_below(&z->r, 2)) {
		r = fb_fence_wait_ioctl(f->fd, t);
		note(z, "wait ioctl f%d timeout %d ms -> %d", s, t, r);
		if (!(want == 1 ? r == 0 : want == 0 ? r == -ETIME : r == want))
			fail(z, "wait ioctl on f%d: %d, model status %d", s, r, want);
		return;
	}
	r = fb_fence_poll(f->fd, t);
	note(z, "poll f%d timeout %d ms -> %d", s, t, r);
	/* an error: POLLIN on a sync_file, as its framework's poll_err says else */
	if (want == 0 ? r != 0 : want == 1 ? r != 1 :
	    r != (f->fw ? fb_poll_err_result(f->fw) : 1))
		if (!(alt == 1 && r == 1))
			fail(z, "poll on f%d (%s): %d, model status %d", s, kind_name(f), r, want);
}

static void op_info(struct fuzz *z)
{
	int s = pick_fence(z);

	if (s < 0)
		return;
	count_op(z, fence_backend(z, s));
	note(z, "info f%d", s);
	check_fence(z, s, "info");
	if (z->m.f[s].fw && !z->failed) {
		static union {
			struct sync_fence_info_data d;
			uint8_t b[8192];
		} u;
		int alt, want = fm_status(&z->m, s, &alt);

		u.d.len = sizeof(u);
		if (ioctl(z->m.f[s].fd, SYNC_IOC_LEGACY_FENCE_INFO, &u))
			fail(z, "legacy info on f%d: %s", s, strerror(errno));
		else if (u.d.status != want)
			fail(z, "legacy info on f%d: status %d, model %d", s, u.d.status, want);
	}
}

static void op_close(struct fuzz *z)
{
	int s = pick_fence(z);

	if (s < 0)
		return;
	count_op(z, fence_backend(z, s));
	note(z, "close f%d (fd %d)", s, z->m.f[s].fd);
	close(z->m.f[s].fd);
	fm_fence_drop(&z->m, s);
}

static void op_dup(struct fuzz *z)
{
	int s = pick_fence(z), d = free_fence_slot(z), fd;

	if (s < 0 || d < 0)
		return;
	fd = fcntl(z->m.f[s].fd, F_DUPFD_CLOEXEC, 0);
	count_op(z, fence_backend(z, s));
	note(z, "dup f%d -> f%d (fd %d)", s, d, fd);
	if (fd < 0) {
		fail(z, "dup: %s", strerror(errno));
		return;
	}
	fm_fence_set(&z->m, d, fd, z->m.f[s].fw, z->m.f[s].pts, z->m.f[s].npts);
	z->m.f[d].exported = z->m.f[s].exported;
}

static void op_export(struct fuzz *z)
{
	int s = pick_fence(z), d = free_fence_slot(z), fd;

	if (s < 0 || d < 0 || !z->m.f[s].fw || !(z->m.f[s].fw->caps & FB_CAP_DMA_INTEROP))
		return;
	fd = fb_fence_export_sync_file(z->m.f[s].fd);
	count_op(z, z->m.f[s].fw);
	note(z, "export f%d -> f%d (fd %d)", s, d, fd);
	if (fd < 0) {
		fail(z, "export: %s", strerror(-fd));
		return;
	}
	fm_fence_set(&z->m, d, fd, NULL, z->m.f[s].pts, z->m.f[s].npts);
	z->m.f[d].exported = true;
	check_fence(z, d, "after export");
}

/* A child checks every inherited fence, advances one timeline, exits. */
static void op_fork(struct fuzz *z)
{
	int t = pick_tl(z, true), st = 0;
	uint32_t n = 1 + rel_prng_below(&z->r, 3);
	pid_t pid;

	if (t < 0)
		return;
	count_op(z, z->m.tl[t].dev);
	note(z, "fork: child checks all fences, incs t%d by %u", t, n);
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		z->verbose = 0;
		check_all(z, "in forked child");
		if (!z->failed && fb_timeline_inc(z->m.tl[t].fd, n))
			fail(z, "inc in child failed");
		fflush(stdout);
		_exit(z->failed ? 1 : 0);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st)) {
		fail(z, "forked child failed (status %#x)", st);
		return;
	}
	fm_inc(&z->m, t, n);
	check_all(z, "after the child's inc");
	retire_far_points(z, t);
}

static const struct {
	void (*fn)(struct fuzz *z);
	unsigned int weight;
	const char *name;
} ops[] = {
	{ op_tl_open, 3, "open" }, { op_tl_close, 1, "close-timeline" },
	{ op_create, 16, "create" }, { op_inc, 10, "inc" }, { op_merge, 12, "merge" },
	{ op_wait, 8, "wait" }, { op_info, 6, "info" }, { op_close, 12, "close" },
	{ op_dup, 3, "dup" }, { op_export, 3, "export" }, { op_fork, 1, "fork" },
};

static void step(struct fuzz *z)
{
	unsigned int total = 0, x;

	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		total += ops[i].weight;
	x = rel_prng_below(&z->r, total);
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
		if (x < ops[i].weight) {
			z->by_kind[i]++;
			ops[i].fn(z);
			return;
		}
		x -= ops[i].weight;
	}
}

static void cleanup(struct fuzz *z)
{
	for (int i = 0; i < FM_MAX_FENCES; i++)
		if (z->m.f[i].used)
			close(z->m.f[i].fd);
	for (int i = 0; i < FM_MAX_TL; i++)
		if (z->m.tl[i].open)
			close(z->m.tl[i].fd);
}

static struct fuzz z;
static unsigned int seconds;
static uint64_t max_ops;

static const struct fb_param params[] = {
	{ .name = "seed", .type = FB_PARAM_U64, .val = &z.seed, .def = "0",
	  .help = "seed of the operations; 0: a new one, printed",
	  .min = 0, .max = ULONG_MAX },
	{ .name = "seconds", .type = FB_PARAM_UINT, .val = &seconds,
	  .def = "10", .help = "seconds it runs, without --max-ops",
	  .min = 1, .max = 10000000 },
	{ .name = "max-ops", .type = FB_PARAM_U64, .val = &max_ops, .def = "0",
	  .help = "operations it runs; 0: as many as --seconds allow",
	  .min = 0, .max = ULONG_MAX },
	{ 0 },
};

static const struct fb_opt opts[] = {
	{ .name = "verbose", .type = FB_OPT_FLAG, .val = &z.verbose,
	  .help = "print every operation" },
	{ 0 },
};

int main(int argc, char **argv)
{
	const struct fb_syncdev *all[REL_MAX_BACKENDS];
	unsigned long long t0;
	int n, code, fds;

	n = rel_begin_backends(argc, argv, "rel-fuzz", params, opts, all, &code);
	if (n < 0)
		return code;
	if (!z.seed) {
		struct timespec ts;

		clock_gettime(CLOCK_REALTIME, &ts);
		z.seed = (uint64_t)ts.tv_sec * 1000003u ^ (uint64_t)ts.tv_nsec;
		z.seed += !z.seed;	/* 0 would not replay */
	}
	for (int i = 0; i < n; i++)
		if (rel_backend_use(all[i], "fuzz")) {
			size_t l = strlen(z.spec);

			z.devs[z.ndevs++] = all[i];
			snprintf(z.spec + l, sizeof(z.spec) - l, "%s%s", l ? "," : "",
				 all[i]->name);
		}
	if (!z.ndevs)
		return rel_finish();
	printf("rel-fuzz: seed %llu, backends %s, %s\n", (unsigned long long)z.seed, z.spec,
	       max_ops ? "bounded by --max-ops" : "bounded by time");
	rel_prng_seed(&z.r, z.seed);
	fm_init(&z.m);
	fds = rel_count_fds();
	rel_case_begin("fuzz/seed-%llu", (unsigned long long)z.seed);
	t0 = rel_now_ns();
	for (z.op = 0; !z.failed; z.op++) {
		if (max_ops ? z.op >= max_ops : rel_now_ns() - t0 > seconds * 1e9)
			break;
		step(&z);
		if ((z.op & 255) == 255) {
			int s = rel_kmsg_check("rel-fuzz");

			if (s > 0) {
				rel_fig()->splats += s;
				fail(&z, "%d kernel splat(s) logged (report above)", s);
			}
		}
	}
	if (!z.failed)
		check_all(&z, "final check");
	cleanup(&z);
	if (rel_count_fds() != fds) {
		REL_CHECK(0, "fd leak: %d before, %d after", fds, rel_count_fds());
		rel_fig()->leaks++;
	}
	printf("rel-fuzz: seed %llu: %llu operations in %.0f s", (unsigned long long)z.seed,
	       z.op, (rel_now_ns() - t0) / 1e9);
	for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++)
		printf(" %s=%llu", ops[i].name, z.by_kind[i]);
	printf("\n");
	rel_case_end();
	return rel_finish();
}
