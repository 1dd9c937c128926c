// SPDX-License-Identifier: GPL-2.0
/* tracefs.c - the guest's ftrace control files (tracefs.h). */
#include "tracefs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const tracefs_dirs[] = {
	"/sys/kernel/tracing",
	"/sys/kernel/debug/tracing",
};

static int has_trace_file(const char *dir)
{
	char p[96];

	snprintf(p, sizeof(p), "%s/trace", dir);
	return access(p, R_OK | W_OK) == 0;
}

int fb_tracefs_open(struct fb_tracefs *t, char *why, size_t n)
{
	const char *mnt = tracefs_dirs[0];

	for (size_t i = 0; i < sizeof(tracefs_dirs) / sizeof(tracefs_dirs[0]); i++) {
		if (has_trace_file(tracefs_dirs[i])) {
			snprintf(t->dir, sizeof(t->dir), "%s", tracefs_dirs[i]);
			return 0;
		}
	}
	if (mount("tracefs", mnt, "tracefs", 0, NULL) == 0 &&
	    has_trace_file(mnt)) {
		snprintf(t->dir, sizeof(t->dir), "%s", mnt);
		return 0;
	}
	snprintf(why, n, "no tracefs: %s/trace is not there and mounting tracefs at %s failed (%s); the kernel needs CONFIG_FTRACE and CONFIG_EVENT_TRACING",
		 mnt, mnt, strerror(errno));
	return -ENOENT;
}

static void path_of(const struct fb_tracefs *t, const char *file, char *p,
		    size_t n)
{
	snprintf(p, n, "%s/%s", t->dir, file);
}

static int write_path(const char *p, const char *val, int flags)
{
	size_t len = strlen(val);
	int fd = open(p, O_WRONLY | O_CLOEXEC | flags);
	ssize_t w;

	if (fd < 0)
		return -errno;
	w = len ? write(fd, val, len) : 0;
	if (w < 0 || (size_t)w != len) {
		int err = w < 0 ? -errno : -EIO;

		close(fd);
		return err;
	}
	return close(fd) ? -errno : 0;
}

int fb_tracefs_write(const struct fb_tracefs *t, const char *file,
		     const char *val)
{
	char p[256];

	path_of(t, file, p, sizeof(p));
	return write_path(p, val, 0);
}

int fb_tracefs_clear(const struct fb_tracefs *t)
{
	char p[256];

	path_of(t, "trace", p, sizeof(p));
	return write_path(p, "", O_TRUNC);
}

int fb_tracefs_read(const struct fb_tracefs *t, const char *file, char **buf,
		    size_t *len)
{
	char p[256];
	size_t cap = 65536, n = 0;
	char *b = malloc(cap);
	int fd, err = 0;

	path_of(t, file, p, sizeof(p));
	if (!b)
		return -ENOMEM;
	fd = open(p, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		free(b);
		return -errno;
	}
	for (;;) {
		ssize_t r;

		if (cap - n < 4096) {
			char *nb = realloc(b, cap * 2);

			if (!nb) {
				err = -ENOMEM;
				break;
			}
			b = nb;
			cap *= 2;
		}
		r = read(fd, b + n, cap - n - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			err = -errno;
			break;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	if (err) {
		free(b);
		return err;
	}
	b[n] = '\0';
	*buf = b;
	*len = n;
	return 0;
}

/* "system:name" -> "events/system/name/<leaf>". */
static int event_file(const char *ev, const char *leaf, char *p, size_t n)
{
	const char *colon = strchr(ev, ':');

	if (!colon || colon == ev || !colon[1])
		return -EINVAL;
	snprintf(p, n, "events/%.*s/%s/%s", (int)(colon - ev), ev, colon + 1,
		 leaf);
	return 0;
}

int fb_tracefs_event_id(const struct fb_tracefs *t, const char *ev)
{
	char f[192], *buf;
	size_t len;
	long id;
	int err = event_file(ev, "id", f, sizeof(f));

	if (err)
		return err;
	err = fb_tracefs_read(t, f, &buf, &len);
	if (err)
		return err;
	id = strtol(buf, NULL, 10);
	free(buf);
	return id > 0 && id < 65536 ? (int)id : -EINVAL;
}

int fb_tracefs_event_enable(const struct fb_tracefs *t, const char *ev,
			    int on)
{
	char f[192];
	int err = event_file(ev, "enable", f, sizeof(f));

	return err ? err : fb_tracefs_write(t, f, on ? "1" : "0");
}

int fb_tracefs_selected(const struct fb_tracefs *t, const char *file,
			char *buf, size_t n)
{
	char *b, *s, *e;
	size_t len;
	int err = fb_tracefs_read(t, file, &b, &len);

	if (err)
		return err;
	s = strchr(b, '[');
	e = s ? strchr(s, ']') : NULL;
	if (!e) {
		free(b);
		return -EINVAL;
	}
	snprintf(buf, n, "%.*s", (int)(e - s - 1), s + 1);
	free(b);
	return 0;
}
