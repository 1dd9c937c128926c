// SPDX-License-Identifier: GPL-2.0
/* sysinfo.c - /proc and uname readers, blocked-thread detection. */
#include "sysinfo.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <unistd.h>


long fb_meminfo_kb(const char *field)
{
	char line[256];
	size_t len = strlen(field);
	FILE *f = fopen("/proc/meminfo", "r");
	long v = -ENOENT;

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, field, len) && line[len] == ':') {
			v = strtol(line + len + 1, NULL, 10);
			break;
		}
	fclose(f);
	return v;
}

int fb_raise_nofile(unsigned long n)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl))
		return -errno;
	if (rl.rlim_cur >= n)
		return 0;
	rl.rlim_cur = n;
	if (rl.rlim_max < n)
		rl.rlim_max = n;
	return setrlimit(RLIMIT_NOFILE, &rl) ? -errno : 0;
}

void fb_kernel_release(char *buf, size_t n)
{
	struct utsname u;

	if (uname(&u))
		snprintf(buf, n, "unknown");
	else
		snprintf(buf, n, "%s %s", u.release, u.version);
}

pid_t fb_gettid(void)
{
	return (pid_t)syscall(SYS_gettid);
}

static int read_small(const char *path, char *buf, size_t n)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t len;

	if (fd < 0)
		return -errno;
	len = read(fd, buf, n - 1);
	close(fd);
	if (len < 0)
		return -errno;
	buf[len] = 0;
	return 0;
}

int fb_task_sleeps_in(pid_t tid, long nr, long alt)
{
	char path[96], buf[512];
	long got;

	/*
	 * The kernel prints "running" unless the task is off the CPU in a
	 * sleeping state (task_current_syscall() waits for it to be
	 * inactive), so a syscall number alone proves it sleeps there.
	 */
	snprintf(path, sizeof(path), "/proc/self/task/%d/syscall", (int)tid);
	if (read_small(path, buf, sizeof(buf)) || buf[0] < '0' || buf[0] > '9')
		return 0;	/* "running" or unreadable */
	got = strtol(buf, NULL, 10);
	return got == nr || got == alt;
}

void fb_clocksource(char *buf, size_t n)
{
	static const char path[] =
		"/sys/devices/system/clocksource/clocksource0/current_clocksource";

	if (n < 2 || read_small(path, buf, n)) {
		snprintf(buf, n, "unknown");
		return;
	}
	buf[strcspn(buf, "\n")] = 0;
}

long long fb_slab_bytes(void)
{
	char line[512], name[128];
	unsigned long active, total, objsize;
	long long sum = 0;
	FILE *f = fopen("/proc/slabinfo", "r");

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%127s %lu %lu %lu", name, &active, &total,
			   &objsize) == 4)
			sum += (long long)active * (long long)objsize;
	fclose(f);
	return sum;
}
