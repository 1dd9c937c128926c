// SPDX-License-Identifier: GPL-2.0
/* kmsg.c - read new /dev/kmsg records and pick out kernel splat reports. */
#include "kmsg.h"

#include <errno.h>
#include <fcntl.h>
#include <regex.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* Lines printed after a splat header, so a report is readable on its own. */
#define REL_KMSG_CONTEXT 40

static int kmsg_fd = -1;

/*
 * The kernel report patterns: vm/kernel-reports, installed in the guest as
 * /fb/etc/kernel-reports (FB_KERNEL_REPORTS names another file), one
 * extended regular expression per line. vm/run matches the console
 * against the same file.
 */
#define REL_KMSG_MAX_PATTERNS 64
static regex_t patterns[REL_KMSG_MAX_PATTERNS];
static size_t npatterns;

int rel_kmsg_patterns(void)
{
	const char *path = getenv("FB_KERNEL_REPORTS");
	char line[256];
	FILE *f;
	int err = 0;

	if (npatterns)
		return 0;
	if (!path)
		path = "/fb/etc/kernel-reports";
	f = fopen(path, "re");
	if (!f) {
		err = -errno;
		fprintf(stderr, "kmsg: cannot read the kernel report patterns %s: %s\n",
			path, strerror(-err));
		return err;
	}
	while (!err && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!line[0] || line[0] == '#')
			continue;
		if (npatterns == REL_KMSG_MAX_PATTERNS ||
		    regcomp(&patterns[npatterns], line, REG_EXTENDED | REG_NOSUB)) {
			fprintf(stderr, "kmsg: %s: bad or too many patterns at '%s'\n",
				path, line);
			err = -EINVAL;
			break;
		}
		npatterns++;
	}
	fclose(f);
	if (!err && !npatterns) {
		fprintf(stderr, "kmsg: %s holds no patterns\n", path);
		err = -EINVAL;
	}
	return err;
}

int rel_kmsg_open(void)
{
	int err;

	if (kmsg_fd >= 0)
		return 0;
	err = rel_kmsg_patterns();
	if (err)
		return err;
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
	for (size_t i = 0; i < npatterns; i++)
		if (!regexec(&patterns[i], m, 0, NULL, 0))
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
