// SPDX-License-Identifier: GPL-2.0
/*
 * Debugfs dump (sync_legacy) and kernel-log dump of every
 * timeline and fence of the legacy sync framework (port of the debug part
 * of the 2013 Android staging sync.c, Linux 3.10).
 *
 * Copyright (C) 2012 Google, Inc.
 *
 * Locking: each list of sync_debug_lists[] has its own lock. The timeline
 * list's nests outside each timeline's child_list_lock, the fence list's
 * outside each fence's waiter_list_lock. An object on a list is alive: it
 * is removed from the list before it is freed.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/debugfs.h>
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/ratelimit.h>
#include <linux/seq_file.h>
#include <linux/spinlock.h>
#include <linux/string.h>

#include "fencebench_debugfs_fmt.h"
#include "sync.h"
#include "sync_priv.h"

static struct sync_debug_list {
	struct list_head head;
	spinlock_t lock;	/* protects head */
} sync_debug_lists[] = {
	[SYNC_DEBUG_TIMELINES] = {
		.head = LIST_HEAD_INIT(sync_debug_lists[SYNC_DEBUG_TIMELINES].head),
		.lock = __SPIN_LOCK_UNLOCKED(sync_debug_lists[SYNC_DEBUG_TIMELINES].lock),
	},
	[SYNC_DEBUG_FENCES] = {
		.head = LIST_HEAD_INIT(sync_debug_lists[SYNC_DEBUG_FENCES].head),
		.lock = __SPIN_LOCK_UNLOCKED(sync_debug_lists[SYNC_DEBUG_FENCES].lock),
	},
};

static struct dentry *sync_debugfs_file;

/**
 * sync_debug_add() - put an object on a debug list
 * @list:	SYNC_DEBUG_TIMELINES or SYNC_DEBUG_FENCES
 * @entry:	the object's entry for that list
 *
 * Context: any; takes the list's lock with irqs saved.
 */
void sync_debug_add(enum sync_debug_list_id list, struct list_head *entry)
{
	struct sync_debug_list *l = &sync_debug_lists[list];
	unsigned long flags;

	spin_lock_irqsave(&l->lock, flags);
	list_add_tail(entry, &l->head);
	spin_unlock_irqrestore(&l->lock, flags);
}

/**
 * sync_debug_remove() - take an object off a debug list
 * @list:	the list given to sync_debug_add()
 * @entry:	the object's entry; may be one that was never added but
 *		initialised empty (a fence of a failed merge)
 *
 * Context: any; takes the list's lock with irqs saved.
 */
void sync_debug_remove(enum sync_debug_list_id list, struct list_head *entry)
{
	struct sync_debug_list *l = &sync_debug_lists[list];
	unsigned long flags;

	spin_lock_irqsave(&l->lock, flags);
	list_del(entry);
	spin_unlock_irqrestore(&l->lock, flags);
}

static void sync_print_pt(struct seq_file *s, struct sync_pt *pt, bool fence)
{
	struct sync_timeline *obj = pt->parent;
	int status = sync_pt_get_status(pt);
	bool has_value = obj->ops->timeline_value_str && obj->ops->pt_value_str;
	char value[64], tl_value[64];

	if (has_value) {
		obj->ops->pt_value_str(pt, value, sizeof(value));
		if (fence)
			obj->ops->timeline_value_str(obj, tl_value,
						     sizeof(tl_value));
	}

	fb_dump_pt(s, fence ? obj->name : NULL, status, pt->timestamp,
		   has_value ? value : NULL,
		   has_value && fence ? tl_value : NULL);
}

static void sync_print_obj(struct seq_file *s, struct list_head *node)
{
	struct sync_timeline *obj = list_entry(node, struct sync_timeline,
					       sync_timeline_list);
	struct sync_pt *pt;
	unsigned long flags;
	char value[64];

	if (obj->ops->timeline_value_str)
		obj->ops->timeline_value_str(obj, value, sizeof(value));
	fb_dump_timeline(s, obj->name, obj->ops->driver_name,
			 obj->ops->timeline_value_str ? value : NULL);

	spin_lock_irqsave(&obj->child_list_lock, flags);
	list_for_each_entry(pt, &obj->child_list_head, child_list)
		sync_print_pt(s, pt, false);
	spin_unlock_irqrestore(&obj->child_list_lock, flags);
}

static void sync_print_fence(struct seq_file *s, struct list_head *node)
{
	struct sync_fence *fence = list_entry(node, struct sync_fence,
					      sync_fence_list);
	struct sync_fence_waiter *waiter;
	struct sync_pt *pt;
	unsigned long flags;

	fb_dump_fence(s, fence->name, sync_fence_get_status(fence));

	list_for_each_entry(pt, &fence->pt_list_head, pt_list)
		sync_print_pt(s, pt, true);

	spin_lock_irqsave(&fence->waiter_list_lock, flags);
	list_for_each_entry(waiter, &fence->waiter_list_head, waiter_list)
		fb_dump_waiter(s, waiter->callback);
	spin_unlock_irqrestore(&fence->waiter_list_lock, flags);
}

static int sync_debugfs_show(struct seq_file *s, void *unused)
{
	struct sync_debug_list *tl = &sync_debug_lists[SYNC_DEBUG_TIMELINES];
	struct sync_debug_list *fe = &sync_debug_lists[SYNC_DEBUG_FENCES];
	const struct fb_dump_list timelines = {
		.head = &tl->head, .lock = &tl->lock, .print = sync_print_obj,
	};
	const struct fb_dump_list fences = {
		.head = &fe->head, .lock = &fe->lock, .print = sync_print_fence,
	};

	return fb_dump_show(s, &timelines, &fences);
}
DEFINE_SHOW_ATTRIBUTE(sync_debugfs);

/* the dump buffer is static (as in 2013) and serialised by the mutex */
static DEFINE_MUTEX(sync_dump_lock);
static char sync_dump_buf[64 * 1024];

/*
 * Fix: 2013 dumped everything on every timeout, which floods the log (and
 * loses records) when a program times out in a loop. At most
 * SYNC_DUMP_BURST dumps per SYNC_DUMP_INTERVAL, of at most SYNC_DUMP_LINES
 * lines each.
 */
#define SYNC_DUMP_INTERVAL	(5 * HZ)
#define SYNC_DUMP_BURST		4
#define SYNC_DUMP_LINES		200
static DEFINE_RATELIMIT_STATE(sync_dump_rs, SYNC_DUMP_INTERVAL,
			      SYNC_DUMP_BURST);

/**
 * sync_dump() - print the state of every timeline and fence to the log
 *
 * Context: process context (takes a mutex). Called on a wait timeout and
 * on a fence error; rate limited.
 */
void sync_dump(void)
{
	struct seq_file s = {
		.buf = sync_dump_buf,
		.size = sizeof(sync_dump_buf) - 1,
	};
	unsigned int lines = 0, skipped = 0;
	char *p, *line;

	if (!__ratelimit(&sync_dump_rs)) {
		pr_info("sync state dump skipped (rate limit)\n");
		return;
	}

	mutex_lock(&sync_dump_lock);

	sync_debugfs_show(&s, NULL);
	sync_dump_buf[min(s.count, s.size)] = '\0';

	pr_info("dump of the sync state:\n");
	p = sync_dump_buf;
	while ((line = strsep(&p, "\n"))) {
		if (!*line)
			continue;
		if (lines++ < SYNC_DUMP_LINES)
			pr_info("%s\n", line);
		else
			skipped++;
	}
	if (skipped || seq_has_overflowed(&s))
		pr_info("(dump truncated: %u more lines%s)\n", skipped,
			seq_has_overflowed(&s) ? " and more" : "");

	mutex_unlock(&sync_dump_lock);
}

int sync_debug_init(void)
{
	/* mainline owns debugfs sync/, hence the name */
	sync_debugfs_file = debugfs_create_file("sync_legacy", 0444, NULL, NULL,
						&sync_debugfs_fops);
	return 0;
}

void sync_debug_exit(void)
{
	debugfs_remove(sync_debugfs_file);
}
