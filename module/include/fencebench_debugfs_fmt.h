/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fencebench_debugfs_fmt.h - the lines of the debugfs dump of every
 * timeline and fence, shared by module/legacy (sync_legacy) and module/dma
 * (sync_dma). The layout is the 2013 sync framework's (staging sync.c,
 * Linux 3.10):
 *
 *   objs:
 *   --------------
 *   <timeline> <driver>[: <value>]
 *     pt <status>[@s.us][: <value>]
 *
 *   fences:
 *   --------------
 *   <fence>: <status>
 *     <timeline>_pt <status>[@s.us][: <value>[ / <timeline value>]]
 *   waiter <callback>
 *
 * Each backend walks its own objects, under its own locks, and hands the
 * values of each line to these helpers. Static inline: no module exports.
 */
#ifndef _FENCEBENCH_DEBUGFS_FMT_H
#define _FENCEBENCH_DEBUGFS_FMT_H

#include <linux/ktime.h>
#include <linux/seq_file.h>
#include <linux/time64.h>

/* "objs" or "fences", underlined */
static inline void fb_dump_section(struct seq_file *s, const char *title)
{
	seq_printf(s, "%s:\n--------------\n", title);
}

static inline const char *fb_dump_status_str(int status)
{
	if (status > 0)
		return "signaled";
	return status ? "error" : "active";
}

/* A timeline's line; @value NULL if the driver cannot print it. */
static inline void fb_dump_timeline(struct seq_file *s, const char *name,
				    const char *driver, const char *value)
{
	seq_printf(s, "%s %s", name, driver);
	if (value)
		seq_printf(s, ": %s", value);
	seq_putc(s, '\n');
}

/*
 * A point's line. @tl_name is NULL in its timeline's list, and names the
 * timeline in a fence's list; @timestamp is printed only if @status is not 0;
 * @value NULL if the driver cannot print it, @tl_value NULL if the line
 * has no timeline value.
 */
static inline void fb_dump_pt(struct seq_file *s, const char *tl_name,
			      int status, ktime_t timestamp,
			      const char *value, const char *tl_value)
{
	seq_printf(s, "  %s%spt %s", tl_name ? tl_name : "",
		   tl_name ? "_" : "", fb_dump_status_str(status));
	if (status) {
		struct timespec64 ts = ktime_to_timespec64(timestamp);

		seq_printf(s, "@%lld.%06ld", (long long)ts.tv_sec,
			   ts.tv_nsec / NSEC_PER_USEC);
	}
	if (value) {
		seq_printf(s, ": %s", value);
		if (tl_value)
			seq_printf(s, " / %s", tl_value);
	}
	seq_putc(s, '\n');
}

/* A fence's line. */
static inline void fb_dump_fence(struct seq_file *s, const char *name,
				 int status)
{
	seq_printf(s, "%s: %s\n", name, fb_dump_status_str(status));
}

/* A waiter's line: its callback, by symbol name. */
static inline void fb_dump_waiter(struct seq_file *s, const void *callback)
{
	seq_printf(s, "waiter %ps\n", callback);
}

#endif /* _FENCEBENCH_DEBUGFS_FMT_H */
