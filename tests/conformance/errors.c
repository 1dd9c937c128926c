// SPDX-License-Identifier: GPL-2.0
/*
 * errors.c - conformance cases: every bad input gets its documented errno,
 * leaves the fd table as it was (no reserved fd leaks, no fd installed on
 * failure), and leaves the timeline and fence usable.
 *
 * The errnos, per the 6.1 sources (drivers/dma-buf/sync_file.c, sw_sync.c)
 * and the 2013 framework they descend from:
 *   bad fd as the ioctl target         EBADF (VFS)
 *   bad or non-fence fd as merge fd2   ENOENT (sync_file_fdget/sync_fence_fdget)
 *   non-fence fd as the ioctl target   ENOTTY (its own ioctl rejects '>' ioctls)
 *   unknown ioctl, wrong size or nr    ENOTTY
 *   NULL or unmapped argument          EFAULT
 *   FILE_INFO num_fences too small     EINVAL; flags or pad set: EINVAL
 *   MERGE flags or pad set             EINVAL
 *   LEGACY_FENCE_INFO too short a len  ENOMEM, header included: the ABI
 *                                      header (fencebench_sync.h) says so
 *                                      (2013 gave EINVAL below the header's
 *                                      size); a huge len is clamped, never
 *                                      used to size an allocation
 * The dma backend (FB_CAP_DMA_INTEROP) accepts a mainline sync_file as
 * merge fd2; every other foreign fence fd is ENOENT.
 *   the fence's file cannot be made    the backend's nofile_errno: legacy,
 *   (err_file_table_full)              dma: anon_inode_getfile()'s error,
 *                                      ENFILE; mainline: ENOMEM (sw_sync and
 *                                      sync_file_merge() turn
 *                                      sync_file_create()'s NULL into it)
 *   no fd number left (RLIMIT_NOFILE)  EMFILE (get_unused_fd_flags()), in
 *   (err_fd_table_full)                every backend
 */
#include "conformance.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

/* The fence is still a working fence: active, then signaled by an inc. */
static enum conf_result usable(struct conf_ctx *ctx, int tl, int fence,
			       uint32_t inc)
{
	enum conf_result r;

	if ((r = conf_expect_status(ctx, fence, 0, "after the bad inputs")))
		return r;
	CHECK_OK(ctx, fb_timeline_inc(tl, inc));
	return conf_expect_status(ctx, fence, 1, "signaled after the bad inputs");
}

#define FD_TABLE_SAME(ctx, before)					\
	CHECK(ctx, conf_lowest_free_fd() == (before),			\
	      "fd table changed: lowest free fd %d, was %d",		\
	      conf_lowest_free_fd(), (before))

static int dead_fd(void)
{
	int fd = conf_lowest_free_fd();

	return fd >= 0 ? fd : 1000;	/* free, so EBADF */
}

static enum conf_result bad_fd(struct conf_ctx *ctx)
{
	struct sync_file_info info;
	int tl, f, lowest, bad;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, f = fb_fence_create(tl, 1, "f"));
	lowest = conf_lowest_free_fd();
	bad = dead_fd();
	memset(&info, 0, sizeof(info));
	CHECK_ERR(ctx, conf_ioctl(bad, SYNC_IOC_FILE_INFO, &info), EBADF);
	CHECK_ERR(ctx, conf_ioctl(-1, SYNC_IOC_FILE_INFO, &info), EBADF);
	CHECK_ERR(ctx, fb_timeline_inc(bad, 1), EBADF);
	CHECK_ERR(ctx, fb_fence_create(bad, 1, "x"), EBADF);
	CHECK_ERR(ctx, fb_fence_merge(f, bad, "x"), ENOENT);
	CHECK_ERR(ctx, fb_fence_merge(f, -1, "x"), ENOENT);
	CHECK_ERR(ctx, fb_fence_merge(bad, f, "x"), EBADF);
	if (conf_is_2013(ctx)) {
		CHECK_ERR(ctx, fb_fence_wait_ioctl(bad, 0), EBADF);
		CHECK_ERR(ctx, fb_fence_merge_legacy(f, bad, "x"), ENOENT);
		CHECK_ERR(ctx, fb_fence_merge_legacy(f, -1, "x"), ENOENT);
	}
	FD_TABLE_SAME(ctx, lowest);
	return usable(ctx, tl, f, 1);
}

static enum conf_result not_fence(struct conf_ctx *ctx)
{
	struct sync_file_info info;
	uint32_t one = 1;
	int tl, f, p[2], lowest;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, f = fb_fence_create(tl, 1, "f"));
	CHECK(ctx, !pipe(p), "pipe");
	lowest = conf_lowest_free_fd();
	memset(&info, 0, sizeof(info));
	/* A pipe is no fence, as target or as operand. */
	CHECK_ERR(ctx, conf_ioctl(p[0], SYNC_IOC_FILE_INFO, &info), ENOTTY);
	CHECK_ERR(ctx, fb_fence_merge(p[0], f, "x"), ENOTTY);
	CHECK_ERR(ctx, fb_fence_merge(f, p[0], "x"), ENOENT);
	/* Neither is a timeline. */
	CHECK_ERR(ctx, conf_ioctl(tl, SYNC_IOC_FILE_INFO, &info), ENOTTY);
	CHECK_ERR(ctx, fb_fence_merge(tl, f, "x"), ENOTTY);
	CHECK_ERR(ctx, fb_fence_merge(f, tl, "x"), ENOENT);
	/* And a fence is no timeline. */
	CHECK_ERR(ctx, fb_fence_create(f, 2, "x"), ENOTTY);
	CHECK_ERR(ctx, conf_ioctl(f, SW_SYNC_IOC_INC, &one), ENOTTY);
	if (conf_is_2013(ctx)) {
		CHECK_ERR(ctx, fb_fence_wait_ioctl(p[0], 0), ENOTTY);
		CHECK_ERR(ctx, fb_fence_wait_ioctl(tl, 0), ENOTTY);
		CHECK_ERR(ctx, fb_fence_merge_legacy(f, p[0], "x"), ENOENT);
		CHECK_ERR(ctx, fb_fence_merge_legacy(f, tl, "x"), ENOENT);
	}
	FD_TABLE_SAME(ctx, lowest);
	return usable(ctx, tl, f, 1);
}

/* The fence of another backend as the second merge operand. */
static enum conf_result foreign(struct conf_ctx *ctx)
{
	int tl, f, tested = 0;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, f = fb_fence_create(tl, 1, "f"));
	for (const struct fb_syncdev *o = fb_syncdevs; o->name; o++) {
		int interop, otl, of, lowest, m;

		if (o == ctx->dev || !fb_syncdev_present(o))
			continue;
		tested++;
		CHECK_OK(ctx, otl = fb_timeline_open(o));
		CHECK_OK(ctx, of = fb_fence_create(otl, 1, "other"));
		/* Only an interop backend imports sync_files. */
		interop = (ctx->dev->caps & FB_CAP_DMA_INTEROP) &&
			  (o->caps & FB_CAP_SYNC_FILE);
		if (!interop) {
			lowest = conf_lowest_free_fd();
			m = fb_fence_merge(f, of, "x");
			CHECK(ctx, m == -ENOENT, "merge with a %s fence: %s, want ENOENT",
			      o->name, m < 0 ? conf_errname(-m) : "success");
			if (conf_is_2013(ctx)) {
				m = fb_fence_merge_legacy(f, of, "x");
				CHECK(ctx, m == -ENOENT,
				      "legacy merge with a %s fence: %s, want ENOENT",
				      o->name, m < 0 ? conf_errname(-m) : "success");
			}
			FD_TABLE_SAME(ctx, lowest);
			continue;
		}
		/* Our own timeline, so that f stays active for usable(). */
		{
			int itl, ifence;

			CHECK_OK(ctx, itl = fb_timeline_open(ctx->dev));
			CHECK_OK(ctx, ifence = fb_fence_create(itl, 1, "interop"));
			CHECK_OK(ctx, m = fb_fence_merge(ifence, of, "x"));
			CHECK_OK(ctx, fb_timeline_inc(otl, 1));
			CHECK(ctx, fb_fence_poll(m, 0) == 0,
			      "merge signaled with only the mainline operand signaled");
			CHECK_OK(ctx, fb_timeline_inc(itl, 1));
			CHECK(ctx, fb_fence_poll(m, 0) == 1,
			      "merge with a mainline sync_file not signaled with both");
		}
	}
	if (!tested)
		return conf_skip(ctx, "no other backend present");
	return usable(ctx, tl, f, 1);
}

#define CANARY 0xa5

static int untouched(const void *p, size_t len)
{
	const unsigned char *c = p;

	for (size_t i = 0; i < len; i++)
		if (c[i] != CANARY)
			return 0;
	return 1;
}

static enum conf_result file_info_size(struct conf_ctx *ctx)
{
	static struct sync_fence_info rec[1000];
	struct sync_file_info info;
	int a, b, fa, fb, m, lowest;

	CHECK_OK(ctx, a = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, b = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, fa = fb_fence_create(a, 1, "fa"));
	CHECK_OK(ctx, fb = fb_fence_create(b, 1, "fb"));
	CHECK_OK(ctx, m = fb_fence_merge(fa, fb, "m"));
	lowest = conf_lowest_free_fd();
	/* Too small: EINVAL, nothing written. */
	memset(rec, CANARY, sizeof(rec));
	memset(&info, 0, sizeof(info));
	info.num_fences = 1;
	info.sync_fence_info = (uintptr_t)rec;
	CHECK_ERR(ctx, conf_ioctl(m, SYNC_IOC_FILE_INFO, &info), EINVAL);
	CHECK(ctx, untouched(rec, sizeof(rec)), "short buffer written to");
	/* Bigger than needed: the real count, nothing past it written. */
	memset(&info, 0, sizeof(info));
	info.num_fences = 1000;
	info.sync_fence_info = (uintptr_t)rec;
	CHECK_OK(ctx, conf_ioctl(m, SYNC_IOC_FILE_INFO, &info));
	CHECK(ctx, info.num_fences == 2, "num_fences %u, want 2", info.num_fences);
	CHECK(ctx, untouched(&rec[2], sizeof(rec) - 2 * sizeof(rec[0])),
	      "records past num_fences written to");
	/* Absurdly big (the kernel must not size anything by it). */
	memset(&info, 0, sizeof(info));
	info.num_fences = UINT32_MAX;
	info.sync_fence_info = (uintptr_t)rec;
	CHECK_OK(ctx, conf_ioctl(m, SYNC_IOC_FILE_INFO, &info));
	CHECK(ctx, info.num_fences == 2, "num_fences %u, want 2", info.num_fences);
	FD_TABLE_SAME(ctx, lowest);
	CHECK_OK(ctx, fb_timeline_inc(a, 1));
	return usable(ctx, b, m, 1);
}

static enum conf_result legacy_info_size(struct conf_ctx *ctx)
{
	static union {
		struct sync_fence_info_data hdr;
		unsigned char bytes[8192];
	} buf;
	const uint32_t hdr = sizeof(struct sync_fence_info_data);
	const uint32_t rec = sizeof(struct sync_pt_info) + sizeof(uint32_t);
	static const struct { uint32_t len; int err; } bad[] = {
		{ 0, ENOMEM }, { 1, ENOMEM },
		{ sizeof(struct sync_fence_info_data) - 1, ENOMEM },
		{ sizeof(struct sync_fence_info_data), ENOMEM },
		{ sizeof(struct sync_fence_info_data) + sizeof(struct sync_pt_info) - 1,
		  ENOMEM },
		{ sizeof(struct sync_fence_info_data) + sizeof(struct sync_pt_info) +
		  sizeof(uint32_t) - 1, ENOMEM },
	};
	static const uint32_t good[] = {
		sizeof(struct sync_fence_info_data) + sizeof(struct sync_pt_info) +
		sizeof(uint32_t),
		4096, 4097, 1u << 20, UINT32_MAX,
	};
	int tl, f;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, f = fb_fence_create(tl, 3, "f"));
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int err;

		memset(&buf, CANARY, sizeof(buf));
		buf.hdr.len = bad[i].len;
		err = conf_ioctl(f, SYNC_IOC_LEGACY_FENCE_INFO, &buf);
		CHECK(ctx, err == -bad[i].err, "len %u: %s, want %s", bad[i].len,
		      err ? conf_errname(-err) : "success",
		      conf_errname(bad[i].err));
		CHECK(ctx, buf.hdr.len == bad[i].len &&
		      untouched(buf.bytes + sizeof(buf.hdr.len),
				sizeof(buf) - sizeof(buf.hdr.len)),
		      "len %u: buffer written to on error", bad[i].len);
	}
	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		int err;

		memset(&buf, CANARY, sizeof(buf));
		buf.hdr.len = good[i];
		err = conf_ioctl(f, SYNC_IOC_LEGACY_FENCE_INFO, &buf);
		CHECK(ctx, !err, "len %u: %s", good[i], conf_errname(-err));
		CHECK(ctx, buf.hdr.len == hdr + rec, "len %u: answer len %u, want %u",
		      good[i], buf.hdr.len, hdr + rec);
		CHECK(ctx, untouched(buf.bytes + hdr + rec, sizeof(buf) - hdr - rec),
		      "len %u: bytes past the answer written to", good[i]);
	}
	return usable(ctx, tl, f, 3);
}

/* An address that is certainly not mapped. */
static void *unmapped(void)
{
	void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		return (void *)16;
	munmap(p, 4096);
	return p;
}

static enum conf_result efault(struct conf_ctx *ctx)
{
	struct sync_file_info info;
	void *hole = unmapped();
	int tl, f, lowest;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, f = fb_fence_create(tl, 1, "f"));
	lowest = conf_lowest_free_fd();
	CHECK_ERR(ctx, conf_ioctl(tl, SW_SYNC_IOC_CREATE_FENCE, NULL), EFAULT);
	CHECK_ERR(ctx, conf_ioctl(tl, SW_SYNC_IOC_CREATE_FENCE, hole), EFAULT);
	CHECK_ERR(ctx, conf_ioctl(tl, SW_SYNC_IOC_INC, NULL), EFAULT);
	CHECK_ERR(ctx, conf_ioctl(tl, SW_SYNC_IOC_INC, hole), EFAULT);
	CHECK_ERR(ctx, conf_ioctl(f, SYNC_IOC_MERGE, NULL), EFAULT);
	CHECK_ERR(ctx, conf_ioctl(f, SYNC_IOC_MERGE, hole), EFAULT);
	CHECK_ERR(ctx, conf_ioctl(f, SYNC_IOC_FILE_INFO, NULL), EFAULT);
	CHECK_ERR(ctx, conf_ioctl(f, SYNC_IOC_FILE_INFO, hole), EFAULT);
	memset(&info, 0, sizeof(info));
	info.num_fences = 1;
	info.sync_fence_info = 0;
	CHECK_ERR(ctx, conf_ioctl(f, SYNC_IOC_FILE_INFO, &info), EFAULT);
	info.num_fences = 1;
	info.sync_fence_info = (uintptr_t)hole;
	CHECK_ERR(ctx, conf_ioctl(f, SYNC_IOC_FILE_INFO, &info), EFAULT);
	if (conf_is_2013(ctx)) {
		CHECK_ERR(ctx, conf_ioctl(f, SYNC_IOC_LEGACY_WAIT, NULL), EFAULT);
		CHECK_ERR(ctx, conf_ioctl(f, SYNC_IOC_LEGACY_WAIT, hole), EFAULT);
		CHECK_ERR(ctx, conf_ioctl(f, SYNC_IOC_LEGACY_MERGE, NULL), EFAULT);
		CHECK_ERR(ctx, conf_ioctl(f, SYNC_IOC_LEGACY_MERGE, hole), EFAULT);
		CHECK_ERR(ctx, conf_ioctl(f, SYNC_IOC_LEGACY_FENCE_INFO, NULL), EFAULT);
		CHECK_ERR(ctx, conf_ioctl(f, SYNC_IOC_LEGACY_FENCE_INFO, hole), EFAULT);
	}
	FD_TABLE_SAME(ctx, lowest);
	return usable(ctx, tl, f, 1);
}

/*
 * The argument is readable but not writable: the new fence (or merge) is
 * made, then its fd cannot be returned. The call must fail with EFAULT and
 * neither install nor leak an fd.
 */
static enum conf_result efault_on_return(struct conf_ctx *ctx)
{
	struct sw_sync_create_fence_data *cd;
	struct sync_legacy_merge_data *lmd;
	struct sync_merge_data *md;
	unsigned char *page;
	int tl, f, lowest;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, f = fb_fence_create(tl, 2, "f"));
	page = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	CHECK(ctx, page != MAP_FAILED, "mmap");
	memset(page, 0, 4096);
	cd = (void *)page;
	cd->value = 1;
	strcpy(cd->name, "ro");
	md = (void *)(page + 256);
	md->fd2 = f;
	strcpy(md->name, "ro");
	lmd = (void *)(page + 512);
	lmd->fd2 = f;
	strcpy(lmd->name, "ro");
	CHECK(ctx, !mprotect(page, 4096, PROT_READ), "mprotect");
	lowest = conf_lowest_free_fd();
	CHECK_ERR(ctx, conf_ioctl(tl, SW_SYNC_IOC_CREATE_FENCE, cd), EFAULT);
	FD_TABLE_SAME(ctx, lowest);
	CHECK_ERR(ctx, conf_ioctl(f, SYNC_IOC_MERGE, md), EFAULT);
	FD_TABLE_SAME(ctx, lowest);
	if (conf_is_2013(ctx)) {
		CHECK_ERR(ctx, conf_ioctl(f, SYNC_IOC_LEGACY_MERGE, lmd), EFAULT);
		FD_TABLE_SAME(ctx, lowest);
	}
	/* The timeline still signals (the dropped point must not be in its way). */
	CHECK_OK(ctx, fb_timeline_inc(tl, 1));
	return usable(ctx, tl, f, 1);
}

static enum conf_result unterminated(struct conf_ctx *ctx)
{
	struct sw_sync_create_fence_data cd;
	struct sync_legacy_merge_data lmd;
	struct sync_merge_data md;
	struct sync_file_info info;
	char want[SYNC_LEGACY_NAME_LEN];
	int tl, f, g, m;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	memset(&cd, 0, sizeof(cd));
	cd.value = 1;
	memset(cd.name, 'A', sizeof(cd.name));
	CHECK_OK(ctx, conf_ioctl(tl, SW_SYNC_IOC_CREATE_FENCE, &cd));
	f = cd.fence;
	CHECK_OK(ctx, conf_file_info(f, &info, NULL, 0));
	CHECK(ctx, memchr(info.name, 0, sizeof(info.name)),
	      "FILE_INFO name of a fence created with an unterminated name is unterminated");
	memset(want, 'A', sizeof(want) - 1);
	want[sizeof(want) - 1] = '\0';
	if (conf_is_2013(ctx)) {
		struct conf_legacy_info li;
		char why[128] = "";

		CHECK(ctx, !strcmp(info.name, want), "FILE_INFO name '%.32s', want 31 A",
		      info.name);
		CHECK(ctx, !conf_legacy_info(f, &li, why, sizeof(why)),
		      "LEGACY_FENCE_INFO failed %s", why);
		CHECK(ctx, !strcmp(li.name, want), "LEGACY name '%.32s', want 31 A",
		      li.name);
	}
	CHECK_OK(ctx, g = fb_fence_create(tl, 2, "g"));
	memset(&md, 0, sizeof(md));
	md.fd2 = g;
	memset(md.name, 'B', sizeof(md.name));
	CHECK_OK(ctx, conf_ioctl(f, SYNC_IOC_MERGE, &md));
	m = md.fence;
	memset(want, 'B', sizeof(want) - 1);
	CHECK_OK(ctx, conf_file_info(m, &info, NULL, 0));
	CHECK(ctx, !strcmp(info.name, want), "merge: FILE_INFO name '%.32s', want 31 B",
	      info.name);
	if (conf_is_2013(ctx)) {
		memset(&lmd, 0, sizeof(lmd));
		lmd.fd2 = g;
		memset(lmd.name, 'C', sizeof(lmd.name));
		CHECK_OK(ctx, conf_ioctl(f, SYNC_IOC_LEGACY_MERGE, &lmd));
		memset(want, 'C', sizeof(want) - 1);
		CHECK_OK(ctx, conf_file_info(lmd.fence, &info, NULL, 0));
		CHECK(ctx, !strcmp(info.name, want),
		      "legacy merge: FILE_INFO name '%.32s', want 31 C", info.name);
	}
	return usable(ctx, tl, m, 2);
}

static enum conf_result flags_pad(struct conf_ctx *ctx)
{
	struct sync_file_info info;
	struct sync_merge_data md;
	int tl, f, g, lowest;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, f = fb_fence_create(tl, 1, "f"));
	CHECK_OK(ctx, g = fb_fence_create(tl, 2, "g"));
	lowest = conf_lowest_free_fd();
	for (int i = 0; i < 3; i++) {
		memset(&md, 0, sizeof(md));
		md.fd2 = g;
		strcpy(md.name, "m");
		if (i == 0)
			md.flags = 1;
		else if (i == 1)
			md.flags = 0x80000000u;
		else
			md.pad = 1;
		CHECK_ERR(ctx, conf_ioctl(f, SYNC_IOC_MERGE, &md), EINVAL);
		memset(&info, 0, sizeof(info));
		if (i == 0)
			info.flags = 1;
		else if (i == 1)
			info.flags = 0x80000000u;
		else
			info.pad = 1;
		CHECK_ERR(ctx, conf_ioctl(f, SYNC_IOC_FILE_INFO, &info), EINVAL);
	}
	FD_TABLE_SAME(ctx, lowest);
	return usable(ctx, tl, f, 1);
}

static enum conf_result unknown_ioctl(struct conf_ctx *ctx)
{
	static const struct { unsigned long cmd; const char *what; } on_fence[] = {
		{ _IO('>', 15), "_IO('>', 15)" },
		{ _IOWR('>', 5, struct sync_file_info), "_IOWR('>', 5)" },
		{ _IOWR('>', 3, int), "SYNC_IOC_MERGE with a wrong size" },
		{ _IOR('>', 4, struct sync_file_info), "SYNC_IOC_FILE_INFO as _IOR" },
		{ _IO('W', 0), "_IO('W', 0)" },
		{ _IOW('X', 1, int), "_IOW('X', 1)" },
	}, on_timeline[] = {
		{ _IO('W', 2), "_IO('W', 2)" },
		{ _IOWR('W', 0, int), "CREATE_FENCE with a wrong size" },
		{ _IOR('W', 1, uint32_t), "INC as _IOR" },
		{ SYNC_IOC_FILE_INFO, "SYNC_IOC_FILE_INFO" },
		{ _IO('>', 15), "_IO('>', 15)" },
	}, legacy_on_mainline[] = {
		{ SYNC_IOC_LEGACY_WAIT, "SYNC_IOC_LEGACY_WAIT" },
		{ SYNC_IOC_LEGACY_MERGE, "SYNC_IOC_LEGACY_MERGE" },
		{ SYNC_IOC_LEGACY_FENCE_INFO, "SYNC_IOC_LEGACY_FENCE_INFO" },
	};
	static union {
		struct sync_fence_info_data hdr;
		unsigned char bytes[4096];
	} arg;
	int tl, f, lowest, err;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, f = fb_fence_create(tl, 1, "f"));
	lowest = conf_lowest_free_fd();
	for (size_t i = 0; i < sizeof(on_fence) / sizeof(on_fence[0]); i++) {
		memset(&arg, 0, sizeof(arg));
		err = conf_ioctl(f, on_fence[i].cmd, &arg);
		CHECK(ctx, err == -ENOTTY, "fence fd, %s: %s, want ENOTTY",
		      on_fence[i].what, err ? conf_errname(-err) : "success");
	}
	for (size_t i = 0; i < sizeof(on_timeline) / sizeof(on_timeline[0]); i++) {
		memset(&arg, 0, sizeof(arg));
		err = conf_ioctl(tl, on_timeline[i].cmd, &arg);
		CHECK(ctx, err == -ENOTTY, "timeline fd, %s: %s, want ENOTTY",
		      on_timeline[i].what, err ? conf_errname(-err) : "success");
	}
	/* Without the 2013 ABI its ioctls are unknown ones. */
	for (size_t i = 0; !conf_is_2013(ctx) &&
	     i < sizeof(legacy_on_mainline) / sizeof(legacy_on_mainline[0]); i++) {
		memset(&arg, 0, sizeof(arg));
		arg.hdr.len = sizeof(arg);
		err = conf_ioctl(f, legacy_on_mainline[i].cmd, &arg);
		CHECK(ctx, err == -ENOTTY, "fence fd, %s: %s, want ENOTTY",
		      legacy_on_mainline[i].what,
		      err ? conf_errname(-err) : "success");
	}
	FD_TABLE_SAME(ctx, lowest);
	return usable(ctx, tl, f, 1);
}

static int cap_sys_admin(int on)
{
	struct __user_cap_header_struct hdr = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[2];

	if (syscall(SYS_capget, &hdr, data))
		return -errno;
	if (on)
		data[0].effective |= 1u << CAP_SYS_ADMIN;
	else
		data[0].effective &= ~(1u << CAP_SYS_ADMIN);
	return syscall(SYS_capset, &hdr, data) ? -errno : 0;
}

static int write_str(int fd, const char *s)
{
	ssize_t n = pwrite(fd, s, strlen(s), 0);

	return n == (ssize_t)strlen(s) ? 0 : n < 0 ? -errno : -EIO;
}

/*
 * No new file can be made: fs.file-max set to 0 and CAP_SYS_ADMIN dropped
 * from the effective set (alloc_empty_file() lets only that capability
 * past the limit; 0, as the fast count of files in use may read 0 in a
 * quiet guest), so anon_inode_getfile() fails with ENFILE. The reserved
 * fd is not limited by file-max: the failure is the fence file's. legacy
 * and dma report what happened (the 2013 code said ENOMEM whatever
 * failed); mainline says ENOMEM. Restores file-max before checking.
 */
static enum conf_result file_table_full(struct conf_ctx *ctx)
{
	char old[32] = "";
	int tl, f, g, fm, lowest, want, rc, rm, rl = 0, back, up;
	ssize_t n;

	if (geteuid() != 0)
		return conf_skip(ctx, "needs root (fs.file-max, capabilities)");
	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, f = fb_fence_create(tl, 1, "f"));
	CHECK_OK(ctx, g = fb_fence_create(tl, 2, "g"));
	lowest = conf_lowest_free_fd();		/* fm is closed before the check */
	fm = open("/proc/sys/fs/file-max", O_RDWR | O_CLOEXEC);
	if (fm < 0)
		return conf_skip(ctx, "no /proc/sys/fs/file-max: %s",
				 conf_errname(errno));
	n = pread(fm, old, sizeof(old) - 1, 0);
	CHECK(ctx, n > 0, "cannot read fs.file-max");
	old[n] = '\0';

	CHECK_OK(ctx, write_str(fm, "0\n"));
	up = cap_sys_admin(0);
	if (!up) {
		rc = fb_fence_create(tl, 3, "x");
		rm = fb_fence_merge(f, g, "x");
		if (conf_is_2013(ctx))
			rl = fb_fence_merge_legacy(f, g, "x");
		up = cap_sys_admin(1);
	}
	back = write_str(fm, old);
	close(fm);
	CHECK(ctx, !back, "cannot restore fs.file-max to %s: %s", old,
	      conf_errname(-back));
	CHECK(ctx, !up, "cannot drop or raise CAP_SYS_ADMIN: %s", conf_errname(-up));

	want = ctx->dev->nofile_errno;
	CHECK(ctx, rc == -want, "create fence with no file left: %s, want %s",
	      rc < 0 ? conf_errname(-rc) : "success", conf_errname(want));
	CHECK(ctx, rm == -want, "merge with no file left: %s, want %s",
	      rm < 0 ? conf_errname(-rm) : "success", conf_errname(want));
	CHECK(ctx, rl == -want || !conf_is_2013(ctx),
	      "legacy merge with no file left: %s, want %s",
	      rl < 0 ? conf_errname(-rl) : "success", conf_errname(want));
	FD_TABLE_SAME(ctx, lowest);
	return usable(ctx, tl, g, 2);
}

/*
 * No fd number is left: RLIMIT_NOFILE at the lowest free fd, so
 * get_unused_fd_flags() fails with EMFILE in every backend, after the
 * fence was made (legacy, dma: their error path puts it) or before it
 * (mainline). Nothing is left behind: the fd table is as it was and the
 * timeline's fences still work. Restores the limit before checking.
 */
static enum conf_result fd_table_full(struct conf_ctx *ctx)
{
	struct rlimit old, lim;
	int tl, f, g, lowest, rc, rm, rl = 0, back;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, f = fb_fence_create(tl, 1, "f"));
	CHECK_OK(ctx, g = fb_fence_create(tl, 2, "g"));
	lowest = conf_lowest_free_fd();
	CHECK(ctx, !getrlimit(RLIMIT_NOFILE, &old), "getrlimit: %s",
	      conf_errname(errno));
	lim = old;
	lim.rlim_cur = (rlim_t)lowest;
	CHECK(ctx, !setrlimit(RLIMIT_NOFILE, &lim), "setrlimit(%d): %s",
	      lowest, conf_errname(errno));
	rc = fb_fence_create(tl, 3, "x");
	rm = fb_fence_merge(f, g, "x");
	if (conf_is_2013(ctx))
		rl = fb_fence_merge_legacy(f, g, "x");
	back = setrlimit(RLIMIT_NOFILE, &old) ? -errno : 0;
	CHECK(ctx, !back, "cannot restore RLIMIT_NOFILE: %s",
	      conf_errname(-back));

	CHECK(ctx, rc == -EMFILE, "create fence with no fd left: %s, want EMFILE",
	      rc < 0 ? conf_errname(-rc) : "success");
	CHECK(ctx, rm == -EMFILE, "merge with no fd left: %s, want EMFILE",
	      rm < 0 ? conf_errname(-rm) : "success");
	CHECK(ctx, rl == -EMFILE || !conf_is_2013(ctx),
	      "legacy merge with no fd left: %s, want EMFILE",
	      rl < 0 ? conf_errname(-rl) : "success");
	FD_TABLE_SAME(ctx, lowest);
	return usable(ctx, tl, g, 2);
}

static const struct conf_case conf_cases_errors[] = {
	{ "err_bad_fd", bad_fd, 0 },
	{ "err_not_a_fence", not_fence, 0 },
	{ "err_foreign_fence_merge", foreign, 0 },
	{ "err_file_info_size", file_info_size, 0 },
	{ "err_legacy_info_size", legacy_info_size, FB_CAP_LEGACY_ABI },
	{ "err_efault", efault, 0 },
	{ "err_efault_on_return", efault_on_return, 0 },
	{ "err_name_unterminated", unterminated, 0 },
	{ "err_flags_pad", flags_pad, 0 },
	{ "err_unknown_ioctl", unknown_ioctl, 0 },
	{ "err_file_table_full", file_table_full, 0 },
	{ "err_fd_table_full", fd_table_full, 0 },
	{ NULL, NULL, 0 },
};

CONF_CASES_REGISTER(conf_cases_errors, 90);
