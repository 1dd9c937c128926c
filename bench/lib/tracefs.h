/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tracefs.h - the guest's ftrace control files: find (or mount) tracefs,
 * enable trace events, set the trace clock and options, switch recording
 * on and off, clear and read the trace buffer.
 *
 * The suite reads the buffer through the "trace" file in raw format
 * (options/raw): one line per event with the task's pid, the CPU, the
 * timestamp in ns of the trace clock and the event's type id
 * (traceline.h parses it). The text format would give microseconds only.
 */
#ifndef FB_TRACEFS_H
#define FB_TRACEFS_H

#include <stddef.h>

struct fb_tracefs {
	char dir[64];		/* where tracefs is, e.g. /sys/kernel/tracing */
};

/*
 * Find tracefs (mounting it at /sys/kernel/tracing if it is not there).
 * 0, or -errno with the reason in @why.
 */
int fb_tracefs_open(struct fb_tracefs *t, char *why, size_t n);
/* Write @val to control file @file (relative to the tracefs dir). 0 or -errno. */
int fb_tracefs_write(const struct fb_tracefs *t, const char *file,
		     const char *val);
/*
 * The whole of @file into *@buf (NUL-terminated, malloc()ed; the caller
 * frees it), its length in *@len. 0 or -errno.
 */
int fb_tracefs_read(const struct fb_tracefs *t, const char *file, char **buf,
		    size_t *len);
/*
 * The type id of event @ev ("system:name", e.g. "sched:sched_switch"):
 * the number raw trace lines carry. >= 0, or -errno (-ENOENT: this
 * kernel or module has no such event).
 */
int fb_tracefs_event_id(const struct fb_tracefs *t, const char *ev);
/* Enable (@on) or disable event @ev ("system:name"). 0 or -errno. */
int fb_tracefs_event_enable(const struct fb_tracefs *t, const char *ev,
			    int on);
/*
 * The selected entry of a tracefs list file such as trace_clock
 * ("local [mono] global" -> "mono") into @buf. 0 or -errno.
 */
int fb_tracefs_selected(const struct fb_tracefs *t, const char *file,
			char *buf, size_t n);
/* Empty the trace buffer (of every CPU). 0 or -errno. */
int fb_tracefs_clear(const struct fb_tracefs *t);

#endif /* FB_TRACEFS_H */
