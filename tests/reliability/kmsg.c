// SPDX-License-Identifier: GPL-2.0
/* kmsg.c - read new /dev/kmsg records and pick out kernel splat reports. */
#include "kmsg.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Lines printed after a splat header, so a report is readable on its own. */
#define REL_KMSG_CONTEXT 40

static int kmsg_fd = -1;

int rel_kmsg_open(void)
{
	if (kmsg_fd >= 0)
		return 0;
	kmsg_fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (kmsg_fd < 0)
		return -errno;
	if (lseek(kmsg_fd, 0, SEEK_END) < 0) {
		int e = errno;

		close(kmsg_fd);
		kmsg_fd = -1;
		return -e;
	}
	return 0;
}

int rel_kmsg_is_splat(const char *m)
{
	static const char *const anywhere[] = {
		"BUG:", "WARNING:", "KASAN", "UBSAN", "ODEBUG", "kernel BUG",
		"Oops", "general protection fault", "list_add corruption",
		"list_del corruption", "DEBUG_LOCKS_WARN_ON", "invalid context",
		"soft lockup", "hard LOCKUP", "new suspected memory leak",
		"refcount_t:", "Kernel panic", "circular locking",
		"recursive locking", "inconsistent lock state",
		"suspicious RCU usage", "bad unlock balance",
		"held when returning to user space", "lock held when",
	};
	static const char *const at_start[] = { "INFO:", "BUG " };

	for (size_t i = 0; i < sizeof(anywhere) / sizeof(anywhere[0]); i++)
		if (strstr(m, anywhere[i]))
			return 1;
	for (size_t i = 0; i < sizeof(at_start) / sizeof(at_start[0]); i++)
		if (!strncmp(m, at_start[i], strlen(at_start[i])))
			return 1;
	return 0;
}

int rel_kmsg_check(const char *tag)
{
	char rec[8192];
	int splats = 0, context = 0;

	if (kmsg_fd < 0)
		return -1;
	for (;;) {
		ssize_t n = read(kmsg_fd, rec, sizeof(rec) - 1);
		char *msg, *end;

		if (n < 0) {
			if (errno == EINTR)
				continue;
			if (errno == EPIPE) {	/* overwritten: keep going */
				fprintf(stderr, "%s: kernel log records were lost\n", tag);
				continue;
			}
			break;			/* EAGAIN: nothing more */
		}
		if (n == 0)
			break;
		rec[n] = '\0';
		msg = strchr(rec, ';');
		if (!msg)
			continue;
		msg++;
		end = strchr(msg, '\n');
		if (end)
			*end = '\0';
		if (rel_kmsg_is_splat(msg)) {
			splats++;
			context = REL_KMSG_CONTEXT;
			printf("%s: KERNEL SPLAT: %s\n", tag, msg);
		} else if (context > 0) {
			context--;
			printf("%s:   | %s\n", tag, msg);
		}
	}
	fflush(stdout);
	return splats;
}
