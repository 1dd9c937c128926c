// SPDX-License-Identifier: GPL-2.0
/* faultinj.c - drive failslab through debugfs and the per-task proc files. */
#include "faultinj.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define FAILSLAB "/sys/kernel/debug/failslab/"

static int write_str(const char *path, const char *val)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), ok;

	if (fd < 0)
		return -errno;
	ok = write(fd, val, strlen(val)) == (ssize_t)strlen(val);
	ok = ok ? 0 : -errno;
	close(fd);
	return ok;
}

static int write_long(const char *path, long v)
{
	char b[32];

	snprintf(b, sizeof(b), "%ld", v);
	return write_str(path, b);
}

int fi_setup(int pct, long times)
{
	int e;

	if (access(FAILSLAB "probability", W_OK))
		return -errno;
	if ((e = write_str(FAILSLAB "task-filter", "Y")) ||
	    (e = write_str(FAILSLAB "ignore-gfp-wait", "N")) ||
	    (e = write_long(FAILSLAB "verbose", 0)) ||
	    (e = write_long(FAILSLAB "interval", 1)) ||
	    (e = write_long(FAILSLAB "space", 0)) ||
	    (e = write_long(FAILSLAB "times", times)) ||
	    (e = write_long(FAILSLAB "probability", pct)))
		return e;
	return 0;
}

void fi_reset(void)
{
	write_long(FAILSLAB "probability", 0);
	write_long(FAILSLAB "times", 1);
}

long fi_times_left(void)
{
	char b[32] = "";
	int fd = open(FAILSLAB "times", O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, b, sizeof(b) - 1);
	close(fd);
	return n > 0 ? strtol(b, NULL, 10) : -1;
}

/*
 * The per-thread fault files are opened once, before the thread is set to
 * fail, and kept: opening one later allocates a struct file, which failslab
 * may then fail, and the thread would stay set to fail (with debugfs
 * unreadable and failslab left armed for the next test). Writing them
 * allocates nothing.
 */
static int thread_file(int *fd, const char *name)
{
	char path[64];

	if (*fd < 0) {
		snprintf(path, sizeof(path), "/proc/thread-self/%s", name);
		*fd = open(path, O_RDWR | O_CLOEXEC);
	}
	return *fd;
}

static int mif_fd = -1;

int fi_make_it_fail(bool on)
{
	if (thread_file(&mif_fd, "make-it-fail") < 0)
		return -1;
	return pwrite(mif_fd, on ? "1" : "0", 1, 0) == 1 ? 0 : -1;
}

static int nth_fd = -1;

int fi_nth_arm(unsigned int n)
{
	char b[16];
	int len;

	if (thread_file(&nth_fd, "fail-nth") < 0)
		return -errno;
	len = snprintf(b, sizeof(b), "%u", n);
	return pwrite(nth_fd, b, len, 0) == len ? 0 : -errno;
}

bool fi_nth_disarm(void)
{
	char b[16] = "";
	ssize_t n = pread(nth_fd, b, sizeof(b) - 1, 0);
	bool injected = n > 0 && strtoul(b, NULL, 10) == 0;

	pwrite(nth_fd, "0", 1, 0);
	return injected;
}
