// SPDX-License-Identifier: GPL-2.0
/* stress_pass.c - fence fds shared with children by fork and passed over SCM_RIGHTS, both ways. */
#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "stress.h"

static int send_fd(int sock, int fd)
{
	char byte = 'f', cbuf[CMSG_SPACE(sizeof(int))];
	struct iovec io = { .iov_base = &byte, .iov_len = 1 };
	struct msghdr m = { .msg_iov = &io, .msg_iovlen = 1,
			    .msg_control = cbuf, .msg_controllen = sizeof(cbuf) };
	struct cmsghdr *c;

	memset(cbuf, 0, sizeof(cbuf));
	c = CMSG_FIRSTHDR(&m);
	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof(int));
	memcpy(CMSG_DATA(c), &fd, sizeof(int));
	return sendmsg(sock, &m, 0) == 1 ? 0 : -errno;
}

static int recv_fd(int sock)
{
	char byte, cbuf[CMSG_SPACE(sizeof(int))];
	struct iovec io = { .iov_base = &byte, .iov_len = 1 };
	struct msghdr m = { .msg_iov = &io, .msg_iovlen = 1,
			    .msg_control = cbuf, .msg_controllen = sizeof(cbuf) };
	struct cmsghdr *c;
	int fd;

	if (recvmsg(sock, &m, MSG_CMSG_CLOEXEC) != 1)
		return -errno;
	c = CMSG_FIRSTHDR(&m);
	if (!c || c->cmsg_type != SCM_RIGHTS)
		return -EPROTO;
	memcpy(&fd, CMSG_DATA(c), sizeof(int));
	return fd;
}

/*
 * Child: gets a pending fence over the socket (and @inherited by fork),
 * checks it is pending, waits for it, merges the two, then makes a fence on
 * the inherited timeline and sends it back for the parent to wait on.
 * Exit code = the first failed step (0 = all fine).
 */
static int child(int sock, int inherited, int tl)
{
	int got = recv_fd(sock), m, back;

	if (got < 0)
		return 10;
	if (fb_fence_status(got, NULL) != 0)
		return 11;
	if (send_fd(sock, got))		/* tell the parent we are waiting */
		return 12;
	if (fb_fence_poll(got, STRESS_WAIT_MS) != 1 || fb_fence_status(got, NULL) != 1)
		return 13;
	m = fb_fence_merge(got, inherited, "child");
	if (m < 0 || fb_fence_poll(m, STRESS_WAIT_MS) != 1)
		return 14;
	back = fb_fence_create(tl, 1000000, "from-child");
	if (back < 0 || send_fd(sock, back))
		return 15;
	close(back);
	close(m);
	close(got);
	return 0;
}

void stress_fd_passing(const struct stress_params *p)
{
	unsigned int rounds = p->iters / 4 + 1;

	for (unsigned int r = 0; r < rounds && !rel_case_failed(); r++) {
		int sv[2], tl = fb_timeline_open(p->dev), f, g, echo, back, st;
		pid_t pid;

		if (!REL_CHECK(tl >= 0, "timeline open: %d", tl))
			return;
		if (!REL_CHECK(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) == 0,
			       "socketpair")) {
			close(tl);
			return;
		}
		f = fb_fence_create(tl, 1, "inherited");
		g = fb_fence_create(tl, 2, "passed");
		REL_CHECK(f >= 0 && g >= 0, "create: %d %d", f, g);
		pid = fork();
		if (pid == 0) {
			close(sv[0]);
			_exit(child(sv[1], f, tl));
		}
		close(sv[1]);
		REL_CHECK(pid > 0, "fork failed");
		REL_CHECK(send_fd(sv[0], g) == 0, "send fence to child");
		close(g);
		echo = recv_fd(sv[0]);		/* the child's copy, echoed */
		REL_CHECK(echo >= 0, "no echo from child: %d", echo);
		if (echo >= 0) {
			REL_CHECK(fb_fence_status(echo, NULL) == 0, "echoed fence not pending");
			close(echo);
		}
		REL_CHECK(fb_timeline_inc(tl, 2) == 0, "inc");
		back = recv_fd(sv[0]);
		REL_CHECK(back >= 0, "no fence back from child: %d", back);
		if (back >= 0) {
			REL_CHECK(fb_fence_status(back, NULL) == 0, "child's fence not pending");
			REL_CHECK(fb_timeline_inc(tl, 1000000) == 0, "inc");
			REL_CHECK(fb_fence_poll(back, STRESS_WAIT_MS) == 1,
				  "child's fence did not signal");
			close(back);
		}
		st = -1;
		if (pid > 0)
			waitpid(pid, &st, 0);
		REL_CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0, "child failed: status 0x%x", st);
		rel_fig()->ops += 12;
		close(f);
		close(sv[0]);
		close(tl);
	}
}
