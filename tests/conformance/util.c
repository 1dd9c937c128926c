// SPDX-License-Identifier: GPL-2.0
/* util.c - helpers of the conformance cases: results, clocks, info ABIs. */
#include "conformance.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

enum conf_result conf_fail_at(struct conf_ctx *ctx, const char *file, int line,
			      const char *fmt, ...)
{
	const char *base = strrchr(file, '/');
	va_list ap;
	int n;

	n = snprintf(ctx->reason, sizeof(ctx->reason), "%s:%d: ",
		     base ? base + 1 : file, line);
	if (n < 0 || (size_t)n >= sizeof(ctx->reason))
		n = 0;
	va_start(ap, fmt);
	vsnprintf(ctx->reason + n, sizeof(ctx->reason) - n, fmt, ap);
	va_end(ap);
	return CONF_FAIL;
}

enum conf_result conf_skip(struct conf_ctx *ctx, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ctx->reason, sizeof(ctx->reason), fmt, ap);
	va_end(ap);
	return CONF_SKIP;
}

void conf_note(struct conf_ctx *ctx, const char *fmt, ...)
{
	va_list ap;

	if (!ctx->verbose)
		return;
	fputs("  # ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fputc('\n', stdout);
	fflush(stdout);
}

const char *conf_errname(int err)
{
	static __thread char buf[16];

	switch (err) {
	case 0: return "0";
	case EPERM: return "EPERM";
	case ENOENT: return "ENOENT";
	case EINTR: return "EINTR";
	case EIO: return "EIO";
	case EBADF: return "EBADF";
	case EAGAIN: return "EAGAIN";
	case ENOMEM: return "ENOMEM";
	case EACCES: return "EACCES";
	case EFAULT: return "EFAULT";
	case EBUSY: return "EBUSY";
	case EEXIST: return "EEXIST";
	case ENODEV: return "ENODEV";
	case EINVAL: return "EINVAL";
	case ENFILE: return "ENFILE";
	case EMFILE: return "EMFILE";
	case ENOTTY: return "ENOTTY";
	case ENOSPC: return "ENOSPC";
	case ERANGE: return "ERANGE";
	case ENOSYS: return "ENOSYS";
	case ETIME: return "ETIME";
	case EPROTO: return "EPROTO";
	case EOVERFLOW: return "EOVERFLOW";
	case ETIMEDOUT: return "ETIMEDOUT";
	case ECANCELED: return "ECANCELED";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	}
	snprintf(buf, sizeof(buf), "errno %d", err);
	return buf;
}

int64_t conf_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int64_t conf_now_ms(void)
{
	return conf_now_ns() / 1000000;
}

int conf_ioctl(int fd, unsigned long cmd, void *arg)
{
	return ioctl(fd, cmd, arg) < 0 ? -errno : 0;
}

int conf_lowest_free_fd(void)
{
	int fd = open("/dev/null", O_RDONLY);

	if (fd >= 0)
		close(fd);
	return fd;
}

int conf_file_info(int fence, struct sync_file_info *info,
		   struct sync_fence_info *recs, uint32_t n)
{
	memset(info, 0, sizeof(*info));
	info->num_fences = n;
	info->sync_fence_info = (uint64_t)(uintptr_t)recs;
	if (n)
		memset(recs, 0, n * sizeof(*recs));
	return conf_ioctl(fence, SYNC_IOC_FILE_INFO, info);
}

int conf_file_status(int fence, int *status)
{
	struct sync_file_info info;
	int err = conf_file_info(fence, &info, NULL, 0);

	if (!err)
		*status = info.status;
	return err;
}

int conf_legacy_info(int fence, struct conf_legacy_info *li, char *why,
		     size_t why_len)
{
	static __thread union {
		struct sync_fence_info_data hdr;
		unsigned char bytes[4096];
	} buf;
	uint32_t off;
	int err;

	memset(li, 0, sizeof(*li));
	memset(&buf, 0, sizeof(buf));
	buf.hdr.len = sizeof(buf);
	err = conf_ioctl(fence, SYNC_IOC_LEGACY_FENCE_INFO, &buf);
	if (err)
		return err;
	memcpy(li->name, buf.hdr.name, sizeof(li->name));
	li->status = buf.hdr.status;
	li->len = buf.hdr.len;
	if (li->len < sizeof(buf.hdr) || li->len > sizeof(buf)) {
		snprintf(why, why_len, "answer len %u out of [%zu, %zu]",
			 li->len, sizeof(buf.hdr), sizeof(buf));
		return -EPROTO;
	}
	off = sizeof(buf.hdr);
	while (off < li->len) {
		struct sync_pt_info pt;
		unsigned int i = li->num_pts;

		if (li->len - off < sizeof(pt)) {
			snprintf(why, why_len, "record at %u: %u bytes left, need %zu",
				 off, li->len - off, sizeof(pt));
			return -EPROTO;
		}
		memcpy(&pt, buf.bytes + off, sizeof(pt));
		if (pt.len < sizeof(pt) || pt.len > li->len - off) {
			snprintf(why, why_len, "record at %u: len %u", off, pt.len);
			return -EPROTO;
		}
		if (i == CONF_MAX_PTS) {
			snprintf(why, why_len, "more than %d records", CONF_MAX_PTS);
			return -EPROTO;
		}
		li->pt[i].len = pt.len;
		memcpy(li->pt[i].obj_name, pt.obj_name, sizeof(pt.obj_name));
		memcpy(li->pt[i].driver_name, pt.driver_name,
		       sizeof(pt.driver_name));
		li->pt[i].status = pt.status;
		li->pt[i].timestamp_ns = pt.timestamp_ns;
		li->pt[i].data_len = pt.len - sizeof(pt);
		if (li->pt[i].data_len >= sizeof(uint32_t))
			memcpy(&li->pt[i].value, buf.bytes + off + sizeof(pt),
			       sizeof(uint32_t));
		li->num_pts++;
		off += pt.len;
	}
	return 0;
}

enum conf_result conf_expect_status(struct conf_ctx *ctx, int fence, int want,
				    const char *what)
{
	int status, p, want_poll;

	CONF_STATUS(ctx, fence, &status);
	CHECK(ctx, status == want, "%s: FILE_INFO status %d, want %d",
	      what, status, want);
	if (conf_is_2013(ctx)) {
		struct conf_legacy_info li;
		char why[128] = "";
		int err = conf_legacy_info(fence, &li, why, sizeof(why));

		CHECK(ctx, !err, "%s: LEGACY_FENCE_INFO: %s %s", what,
		      conf_errname(-err), why);
		CHECK(ctx, li.status == want,
		      "%s: LEGACY_FENCE_INFO status %d, want %d",
		      what, li.status, want);
	}
	/*
	 * poll(0): POLLIN once signaled. An error: the 2013 framework
	 * reports POLLERR (fb_fence_poll: -EIO); mainline's sync_file_poll
	 * reports EPOLLIN for any signaled fence, error or not. legacy and
	 * dma do what their poll_err parameter says now.
	 */
	if (want > 0) {
		want_poll = 1;
	} else if (want == 0) {
		want_poll = 0;
	} else {
		want_poll = conf_poll_err_result(ctx);
		CHECK(ctx, want_poll == 1 || want_poll == -EIO,
		      "%s: cannot read the poll_err parameter: %s", what,
		      conf_errname(-want_poll));
	}
	p = fb_fence_poll(fence, 0);
	CHECK(ctx, p == want_poll,
	      "%s: poll(0) gave %d, want %d (status %d, poll_err %d)",
	      what, p, want_poll, want, fb_poll_err(ctx->dev));
	return CONF_PASS;
}

const char *conf_comm(void)
{
	static char comm[17];

	if (!comm[0] && prctl(PR_GET_NAME, comm, 0, 0, 0) < 0)
		strcpy(comm, "?");
	return comm;
}

struct conf_later {
	pthread_t thread;
	int timeline;
	uint32_t n;
	int delay_ms;
	int result;
};

static void *later_main(void *arg)
{
	struct conf_later *l = arg;
	struct timespec ts = {
		.tv_sec = l->delay_ms / 1000,
		.tv_nsec = (long)(l->delay_ms % 1000) * 1000000,
	};

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
	l->result = fb_timeline_inc(l->timeline, l->n);
	return NULL;
}

struct conf_later *conf_later_inc(int timeline, uint32_t n, int delay_ms)
{
	struct conf_later *l = calloc(1, sizeof(*l));

	if (!l)
		return NULL;
	l->timeline = timeline;
	l->n = n;
	l->delay_ms = delay_ms;
	if (pthread_create(&l->thread, NULL, later_main, l)) {
		free(l);
		return NULL;
	}
	return l;
}

int conf_later_join(struct conf_later *l)
{
	int r;

	pthread_join(l->thread, NULL);
	r = l->result;
	free(l);
	return r;
}
