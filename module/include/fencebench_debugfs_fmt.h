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
 * Each backend prints its own objects, under their own locks, handing the
 * values of each line to these helpers; fb_dump_show() walks its two lists
 * of timelines and fences. Static inline: no module exports, so either
 * module loads alone.
 */
#ifndef _FENCEBENCH_DEBUGFS_FMT_H
#define _FENCEBENCH_DEBUGFS_FMT_H

#include <linux/ktime.h>
#include <linux/list.h>
#include <linux/seq_file.h>
#include <linux/spinlock.h>
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

/**
 * struct fb_dump_list - a list of objects of the dump
 * @head:	the list
 * @lock:	the lock of the list; held with irqs saved during the walk
 * @print:	prints the block of the object linked by @node (container_of())
 */
struct fb_dump_list {
	struct list_head *head;
	spinlock_t *lock;	/* protects @head */
	void (*print)(struct seq_file *s, struct list_head *node);
};

/* One block per object of @list, each ended by an empty line. */
static inline void fb_dump_each(struct seq_file *s,
				const struct fb_dump_list *list)
{
	struct list_head *node;
	unsigned long flags;

	spin_lock_irqsave(list->lock, flags);
	list_for_each(node, list->head) {
		list->print(s, node);
		seq_putc(s, '\n');
	}
	spin_unlock_irqrestore(list->lock, flags);
}

/**
 * fb_dump_show() - the whole dump, for a debugfs show function
 * @s:		the seq_file of the debugfs file
 * @timelines:	the backend's timelines
 * @fences:	the backend's fences
 *
 * Prints the "objs" section, one block per timeline, and the "fences"
 * section, one block per fence; each block ends with an empty line.
 *
 * Return: 0.
 */
static inline int fb_dump_show(struct seq_file *s,
			       const struct fb_dump_list *timelines,
			       const struct fb_dump_list *fences)
{
	fb_dump_section(s, "objs");
	fb_dump_each(s, timelines);
	fb_dump_section(s, "fences");
	fb_dump_each(s, fences);
	return 0;
}

#endif /* _FENCEBENCH_DEBUGFS_FMT_H */
