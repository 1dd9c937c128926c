/* SPDX-License-Identifier: GPL-2.0 */
/*
 * conformance.h - the case table and helpers of fb-conformance, the fence
 * conformance suite shared by every sw_sync style backend.
 *
 * A case is a name, a function and the FB_CAP_* bits it needs. It runs in a
 * child process of its own (see main.c), so it may leak fds, threads and
 * memory: the process exit cleans up, and a hang or crash of one case does
 * not take the others with it. A case returns CONF_PASS, or the result of
 * conf_fail()/conf_skip() with a reason.
 *
 * Expectations that differ between backends are derived from what the
 * backend declares (struct fb_syncdev in lib/syncdev.h), never from its name:
 *   FB_CAP_LEGACY_ABI  the 2013 framework semantics (the create name is the
 *                      fence name, an error on any point fails the whole
 *                      fence at once);
 *   FB_CAP_SYNC_FILE   mainline sync_file semantics (drivers/dma-buf in 6.1:
 *                      the name is generated, a merged fence signals when
 *                      all its points have, errors included);
 *   poll_err_module    what poll() reports for a fence that signaled with an
 *                      error (POLLERR or POLLIN): the current value of that
 *                      module's parameter poll_err (conf_poll_err_result(),
 *                      tests/common/pollerr.h); none: always POLLIN;
 *   half_wrap_pending  a point exactly 2^31 ahead of its counter is pending
 *                      (wrap.c);
 *   nofile_errno       the errno when a fence's file cannot be made;
 *   deadline_abi       SYNC_IOC_SET_DEADLINE / SW_SYNC_GET_DEADLINE on a
 *                      kernel with dma_fence deadlines (deadline.c).
 * docs/semantics.md tabulates every such difference with the case that
 * checks it. Every split is commented where asserted.
 */
#ifndef FB_CONFORMANCE_H
#define FB_CONFORMANCE_H

#include <stdint.h>
#include <string.h>
#include <linux/sync_file.h>
#include "fencebench_sync.h"
#include "pollerr.h"
#include "registry.h"
#include "syncdev.h"

enum conf_result { CONF_PASS = 0, CONF_FAIL = 1, CONF_SKIP = 2 };

#define CONF_REASON_LEN 512

struct conf_ctx {
	const struct fb_syncdev *dev;	/* backend under test */
	int verbose;
	char reason[CONF_REASON_LEN];	/* why it failed or was skipped */
};

struct conf_case {
	const char *name;
	enum conf_result (*run)(struct conf_ctx *ctx);
	unsigned int caps;		/* FB_CAP_* the backend must have */
};

/*
 * The case tables (arrays ended by name == NULL), in order (registry.h;
 * defined in cases.c). A file of cases registers its array with
 * CONF_CASES_REGISTER(array, order); lower orders run first.
 */
extern struct fb_registry conf_case_registry;

#define CONF_CASES_REGISTER(cases, order)				\
	FB_REGISTER(conf_case_registry, cases, #cases, order)

/* The @i-th case table in order; NULL past the last. */
static inline const struct conf_case *conf_case_table(size_t i)
{
	return fb_registry_at(&conf_case_registry, i);
}

/* Record a failure / skip reason ("file:line: ..." for failures). */
enum conf_result conf_fail_at(struct conf_ctx *ctx, const char *file, int line,
			      const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
enum conf_result conf_skip(struct conf_ctx *ctx, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Verbose-only detail line ("  # ...") on stdout. */
void conf_note(struct conf_ctx *ctx, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#define conf_fail(ctx, ...) conf_fail_at(ctx, __FILE__, __LINE__, __VA_ARGS__)

/* Fail the case unless @cond holds. */
#define CHECK(ctx, cond, ...)						\
	do {								\
		if (!(cond))						\
			return conf_fail(ctx, __VA_ARGS__);		\
	} while (0)

/* Fail unless @expr (a -errno returning call) is >= 0. */
#define CHECK_OK(ctx, expr)						\
	do {								\
		long conf_r_ = (expr);					\
		if (conf_r_ < 0)					\
			return conf_fail(ctx, "%s: %s", #expr,		\
					 conf_errname((int)-conf_r_));	\
	} while (0)

/* Fail unless @expr (a -errno returning call) gives exactly -@err. */
#define CHECK_ERR(ctx, expr, err)					\
	do {								\
		long conf_r_ = (expr);					\
		if (conf_r_ != -(err))					\
			return conf_fail(ctx, "%s: want %s, got %s",	\
					 #expr, conf_errname(err),	\
					 conf_r_ < 0 ?			\
					 conf_errname((int)-conf_r_) :	\
					 "success");			\
	} while (0)

/* "ENOENT" etc. for an errno value (a number if unknown). */
const char *conf_errname(int err);

/* CLOCK_MONOTONIC in ns / ms. */
int64_t conf_now_ns(void);
int64_t conf_now_ms(void);

/* ioctl(@fd, @cmd, @arg) as 0 or -errno. */
int conf_ioctl(int fd, unsigned long cmd, void *arg);

/*
 * The lowest free fd: a failing call that leaves the fd table as it found
 * it keeps this value (every error path must release the reserved fd).
 */
int conf_lowest_free_fd(void);

/*
 * SYNC_IOC_FILE_INFO into @info and (if @n > 0) the @n records at @recs:
 * 0 or -errno.
 */
int conf_file_info(int fence, struct sync_file_info *info,
		   struct sync_fence_info *recs, uint32_t n);
/* SYNC_IOC_FILE_INFO with num_fences = 0: the fence status (1/0/<0). */
int conf_file_status(int fence, int *status);

/* A parsed SYNC_IOC_LEGACY_FENCE_INFO answer. */
#define CONF_MAX_PTS 16
struct conf_legacy_info {
	char name[SYNC_LEGACY_NAME_LEN];
	int32_t status;
	uint32_t len;			/* bytes the kernel wrote */
	unsigned int num_pts;
	struct {
		uint32_t len;
		char obj_name[SYNC_LEGACY_NAME_LEN];
		char driver_name[SYNC_LEGACY_NAME_LEN];
		int32_t status;
		uint64_t timestamp_ns;
		uint32_t data_len;	/* bytes of driver data */
		uint32_t value;		/* first 4 bytes of driver data */
	} pt[CONF_MAX_PTS];
};

/*
 * SYNC_IOC_LEGACY_FENCE_INFO with a 4096 byte buffer, parsed and checked
 * for consistency (record lengths add up to the answer's len): 0, -errno,
 * or -EPROTO for a malformed answer (@why then says what is wrong).
 */
int conf_legacy_info(int fence, struct conf_legacy_info *li, char *why,
		     size_t why_len);

/* Fence status, 1/0/<0, through FILE_INFO; fails the case if it fails. */
#define CONF_STATUS(ctx, fence, out)					\
	do {								\
		int conf_e_ = conf_file_status((fence), (out));		\
		if (conf_e_ < 0)					\
			return conf_fail(ctx, "FILE_INFO on fd %d: %s",	\
					 (fence), conf_errname(-conf_e_)); \
	} while (0)

/*
 * Check that @fence has status @want through every info ABI the backend
 * has (FILE_INFO; LEGACY_FENCE_INFO too with FB_CAP_LEGACY_ABI) and that
 * poll(0) agrees. Returns CONF_PASS or the failure.
 */
enum conf_result conf_expect_status(struct conf_ctx *ctx, int fence, int want,
				    const char *what);

/*
 * What fb_fence_poll() gives for a fence of the backend that signaled with
 * an error, per the module's poll_err now: -EIO (POLLERR) or 1 (POLLIN);
 * another -errno if the parameter cannot be read.
 */
static inline int conf_poll_err_result(const struct conf_ctx *ctx)
{
	return fb_poll_err_result(ctx->dev);
}

/* Has the backend the 2013 ABI and semantics (see the top comment)? */
static inline int conf_is_2013(const struct conf_ctx *ctx)
{
	return !!(ctx->dev->caps & FB_CAP_LEGACY_ABI);
}

/*
 * The timeline name of our timelines: the sw_sync drivers name a timeline
 * after the comm of the process that opened it.
 */
const char *conf_comm(void);

/* Run @fn(@arg) on a new thread after @delay_ms (a timeline increment...). */
struct conf_later;
struct conf_later *conf_later_inc(int timeline, uint32_t n, int delay_ms);
/* Join it; returns the inc's result (0 or -errno). */
int conf_later_join(struct conf_later *l);

#endif /* FB_CONFORMANCE_H */
