// SPDX-License-Identifier: GPL-2.0
/*
 * sync_dma_debugfs.c - the debugfs dump <debugfs>/sync_dma of every timeline
 * and fence; port of the 2013 sync framework's debugfs "sync" file (staging
 * sync.c, Linux 3.10). Mainline owns debugfs sync/, hence the name.
 *
 * Format, as the original: see fencebench_debugfs_fmt.h.
 * Only side-effect free reads are made (no dma_fence ops->signaled calls).
 */
#include <linux/debugfs.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/seq_file.h>

#include "fencebench_debugfs_fmt.h"
#include "sync_dma_internal.h"

static struct dentry *sync_dma_debugfs_file;

/* One point; with @tl_prefix the timeline name is printed too (fences). */
static void sync_dma_print_pt(struct seq_file *s, struct dma_fence *pt,
			      bool tl_prefix)
{
	const struct dma_fence_ops *ops = pt->ops;
	int status = sync_dma_pt_status_peek(pt);
	bool has_value = ops->fence_value_str;
	bool has_tl_value = tl_prefix && has_value && ops->timeline_value_str;
	char value[32], tl_value[32];

	if (has_value)
		ops->fence_value_str(pt, value, sizeof(value));
	if (has_tl_value)
		ops->timeline_value_str(pt, tl_value, sizeof(tl_value));
	fb_dump_pt(s, tl_prefix ? ops->get_timeline_name(pt) : NULL, status,
		   status ? dma_fence_timestamp(pt) : 0,
		   has_value ? value : NULL, has_tl_value ? tl_value : NULL);
}

static void sync_dma_print_timeline(struct seq_file *s, struct list_head *node)
{
	struct sync_dma_timeline *tl = list_entry(node, struct sync_dma_timeline,
						  node);
	struct sync_dma_pt *pt;
	char value[16];

	snprintf(value, sizeof(value), "%u", sync_dma_timeline_value(tl));
	fb_dump_timeline(s, tl->name, tl->ops->driver_name, value);
	/* nests in the irqsave timeline list lock */
	spin_lock(&tl->lock);
	list_for_each_entry(pt, &tl->points, tl_node)
		sync_dma_print_pt(s, &pt->base, false);
	spin_unlock(&tl->lock);
}

static void sync_dma_print_fence(struct seq_file *s, struct list_head *node)
{
	struct sync_dma_fence *fence = list_entry(node, struct sync_dma_fence,
						  node);
	struct sync_dma_fence_waiter *w;
	struct wait_queue_entry *work;
	unsigned long flags;
	unsigned int i;

	fb_dump_fence(s, fence->name, sync_dma_fence_read_status(fence));
	for (i = 0; i < fence->num_pts; i++)
		sync_dma_print_pt(s, fence->cbs[i].pt, true);
	/* Async waiters: the wait queue entries that are not poll()ers. */
	spin_lock_irqsave(&fence->wq.lock, flags);
	list_for_each_entry(work, &fence->wq.head, entry) {
		w = sync_dma_fence_waiter_of(work);
		if (w)
			fb_dump_waiter(s, w->callback);
	}
	spin_unlock_irqrestore(&fence->wq.lock, flags);
}

/* fb_dump_show() takes the fence list's lock with irqs saved: harmless. */
static int sync_dma_debugfs_show(struct seq_file *s, void *unused)
{
	static const struct fb_dump_list timelines = {
		.head = &sync_dma_timeline_list,
		.lock = &sync_dma_timeline_list_lock,
		.print = sync_dma_print_timeline,
	};
	static const struct fb_dump_list fences = {
		.head = &sync_dma_fence_list,
		.lock = &sync_dma_fence_list_lock,
		.print = sync_dma_print_fence,
	};

	return fb_dump_show(s, &timelines, &fences);
}
DEFINE_SHOW_ATTRIBUTE(sync_dma_debugfs);

void sync_dma_debugfs_init(void)
{
	sync_dma_debugfs_file = debugfs_create_file("sync_dma", 0444, NULL,
						    NULL, &sync_dma_debugfs_fops);
}

void sync_dma_debugfs_exit(void)
{
	debugfs_remove(sync_dma_debugfs_file);
}
