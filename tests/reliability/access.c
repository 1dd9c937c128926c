// SPDX-License-Identifier: GPL-2.0
/* access.c - rel-access: the fence devices are root-only; an unprivileged uid gets EACCES. */
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rel.h"

#define NOBODY 65534

/* In a child: drop to @uid and try to open @path. Returns the errno (0: opened). */
static int open_as(uid_t uid, const char *path)
{
	int p[2], err = -1;
	pid_t pid;

	if (pipe(p))
		return -1;
	pid = fork();
	if (pid == 0) {
		int e = 0, fd;

		close(p[0]);
		if (setgroups(0, NULL) || setgid(uid) || setuid(uid)) {
			e = -1;
		} else if (getuid() != uid || geteuid() != uid) {
			e = -1;
		} else {
			fd = open(path, O_RDWR | O_CLOEXEC);
			e = fd < 0 ? errno : 0;
		}
		if (write(p[1], &e, sizeof(e)) != sizeof(e))
			_exit(2);
		_exit(0);
	}
	close(p[1]);
	if (pid > 0) {
		if (read(p[0], &err, sizeof(err)) != sizeof(err))
			err = -1;
		waitpid(pid, NULL, 0);
	}
	close(p[0]);
	return err;
}

int main(int argc, char **argv)
{
	const struct fb_syncdev *devs[REL_MAX_BACKENDS];
	int n, code;

	n = rel_begin_backends(argc, argv, "rel-access", NULL, NULL, devs, &code);
	if (n < 0)
		return code;
	if (getuid() != 0) {
		printf("rel-access: must run as root (it drops privileges itself)\n");
		return 1;
	}
	for (int b = 0; b < n; b++) {
		struct stat st;
		int e;

		if (!rel_backend_use(devs[b], "access"))
			continue;
		rel_case_begin("access/unprivileged-open");
		e = open_as(NOBODY, devs[b]->path);
		rel_fig()->bad_inputs++;
		REL_CHECK(e == EACCES, "uid %d opening %s: %s, want EACCES", NOBODY,
			  devs[b]->path, e > 0 ? strerror(e) : e == 0 ? "opened" : "setup failed");
		rel_case_end();

		rel_case_begin("access/device-mode");
		if (strncmp(devs[b]->path, "/dev/", 5)) {
			rel_case_skip("%s is not a device node", devs[b]->path);
			continue;
		}
		REL_CHECK(stat(devs[b]->path, &st) == 0, "stat %s", devs[b]->path);
		REL_CHECK(st.st_uid == 0 && (st.st_mode & 0077) == 0,
			  "%s is uid %u mode %o, want root 0600", devs[b]->path,
			  (unsigned int)st.st_uid, (unsigned int)(st.st_mode & 07777));
		rel_case_end();
	}
	return rel_finish();
}
