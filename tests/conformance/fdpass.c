// SPDX-License-Identifier: GPL-2.0
/*
 * fdpass.c - conformance cases: fence and timeline fds used by another
 * process, inherited through fork() and received over SCM_RIGHTS. The
 * other process must see the same fence (it waits for a signal made here)
 * and the same timeline (its increment signals a fence here).
 */
#include "conformance.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#define CHILD_WAIT_MS 20000

/* Child exit codes. */
enum { CHILD_OK = 0, CHILD_NOT_ACTIVE = 10, CHILD_WAIT_FAILED, CHILD_INC_FAILED,
       CHILD_RECV_FAILED, CHILD_PIPE_FAILED };

static int wait_child(pid_t pid)
{
	int status;

	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static const char *child_error(int code)
{
	switch (code) {
	case CHILD_OK: return "ok";
	case CHILD_NOT_ACTIVE: return "the fence was not active in the child";
	case CHILD_WAIT_FAILED: return "the child's wait did not see the signal";
	case CHILD_INC_FAILED: return "the child's increment failed";
	case CHILD_RECV_FAILED: return "the child received no fds";
	case CHILD_PIPE_FAILED: return "the child's sync pipe failed";
	}
	return "the child died";
}

/* The child's part: check @fence active, tell the parent, wait, inc @tl. */
static int child_part(int fence, int tl, int tell, int hear)
{
	char c = 'x';

	if (fb_fence_poll(fence, 0) != 0)
		return CHILD_NOT_ACTIVE;
	if (write(tell, &c, 1) != 1)
		return CHILD_PIPE_FAILED;
	if (fb_fence_poll(fence, CHILD_WAIT_MS) != 1)
		return CHILD_WAIT_FAILED;
	/* The parent waits on a fence at 2 on the same timeline. */
	if (read(hear, &c, 1) != 1)
		return CHILD_PIPE_FAILED;
	if (fb_timeline_inc(tl, 1))
		return CHILD_INC_FAILED;
	return CHILD_OK;
}

/*
 * The parent's part: wait for the child to be ready, signal the fence at
 * 1, let the child increment to 2, wait for the fence at 2.
 */
static enum conf_result parent_part(struct conf_ctx *ctx, pid_t pid, int tl,
				    int f2, int hear, int tell)
{
	int code, p;
	char c;

	CHECK(ctx, read(hear, &c, 1) == 1, "child never became ready: %s",
	      child_error(wait_child(pid)));
	CHECK_OK(ctx, fb_timeline_inc(tl, 1));
	CHECK(ctx, write(tell, &c, 1) == 1, "write to child");
	p = fb_fence_poll(f2, CHILD_WAIT_MS);
	code = wait_child(pid);
	CHECK(ctx, code == CHILD_OK, "child: %s (exit %d)", child_error(code), code);
	CHECK(ctx, p == 1, "the child's increment did not signal our fence (%d)", p);
	return conf_expect_status(ctx, f2, 1, "fence at 2 after the child's inc");
}

static enum conf_result by_fork(struct conf_ctx *ctx)
{
	int tl, f1, f2, up[2], down[2];
	pid_t pid;

	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, f1 = fb_fence_create(tl, 1, "f1"));
	CHECK_OK(ctx, f2 = fb_fence_create(tl, 2, "f2"));
	CHECK(ctx, !pipe(up) && !pipe(down), "pipe");
	pid = fork();
	CHECK(ctx, pid >= 0, "fork: %s", conf_errname(errno));
	if (pid == 0)
		_exit(child_part(f1, tl, up[1], down[0]));
	return parent_part(ctx, pid, tl, f2, up[0], down[1]);
}

static int send_fds(int sock, const int *fds, int n)
{
	char byte = 'F';
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	union {
		struct cmsghdr hdr;
		char buf[CMSG_SPACE(2 * sizeof(int))];
	} u;
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = u.buf, .msg_controllen = CMSG_SPACE(n * sizeof(int)),
	};
	struct cmsghdr *cm = CMSG_FIRSTHDR(&msg);

	memset(u.buf, 0, sizeof(u.buf));
	cm->cmsg_level = SOL_SOCKET;
	cm->cmsg_type = SCM_RIGHTS;
	cm->cmsg_len = CMSG_LEN(n * sizeof(int));
	memcpy(CMSG_DATA(cm), fds, n * sizeof(int));
	return sendmsg(sock, &msg, 0) == 1 ? 0 : -errno;
}

static int recv_fds(int sock, int *fds, int n)
{
	char byte;
	struct iovec iov = { .iov_base = &byte, .iov_len = 1 };
	union {
		struct cmsghdr hdr;
		char buf[CMSG_SPACE(2 * sizeof(int))];
	} u;
	struct msghdr msg = {
		.msg_iov = &iov, .msg_iovlen = 1,
		.msg_control = u.buf, .msg_controllen = sizeof(u.buf),
	};
	struct cmsghdr *cm;

	if (recvmsg(sock, &msg, 0) != 1)
		return -1;
	cm = CMSG_FIRSTHDR(&msg);
	if (!cm || cm->cmsg_type != SCM_RIGHTS ||
	    cm->cmsg_len != CMSG_LEN(n * sizeof(int)))
		return -1;
	memcpy(fds, CMSG_DATA(cm), n * sizeof(int));
	return 0;
}

/*
 * The child is forked before the timeline exists, so the only way it gets
 * the fds is the socket.
 */
static enum conf_result by_scm_rights(struct conf_ctx *ctx)
{
	int sv[2], up[2], down[2], fds[2], tl, f1, f2;
	pid_t pid;

	CHECK(ctx, !socketpair(AF_UNIX, SOCK_STREAM, 0, sv), "socketpair");
	CHECK(ctx, !pipe(up) && !pipe(down), "pipe");
	pid = fork();
	CHECK(ctx, pid >= 0, "fork: %s", conf_errname(errno));
	if (pid == 0) {
		int got[2];

		close(sv[0]);
		if (recv_fds(sv[1], got, 2))
			_exit(CHILD_RECV_FAILED);
		_exit(child_part(got[0], got[1], up[1], down[0]));
	}
	close(sv[1]);
	CHECK_OK(ctx, tl = fb_timeline_open(ctx->dev));
	CHECK_OK(ctx, f1 = fb_fence_create(tl, 1, "f1"));
	CHECK_OK(ctx, f2 = fb_fence_create(tl, 2, "f2"));
	fds[0] = f1;
	fds[1] = tl;
	CHECK_OK(ctx, send_fds(sv[0], fds, 2));
	/* Our copy of f1 is not needed: the child's must keep it alive. */
	close(f1);
	return parent_part(ctx, pid, tl, f2, up[0], down[1]);
}

static const struct conf_case conf_cases_fdpass[] = {
	{ "fdpass_fork", by_fork, 0 },
	{ "fdpass_scm_rights", by_scm_rights, 0 },
	{ NULL, NULL, 0 },
};

CONF_CASES_REGISTER(conf_cases_fdpass, 80);
