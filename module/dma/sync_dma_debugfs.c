// SPDX-License-Identifier: GPL-2.0
/*
 * sync_dma_debugfs.c - the debugfs dump <debugfs>/sync_dma of every timeline
 * and fence; port of the 2013 sync framework's debugfs "sync" file (staging
 * sync.c, Linux 3.10). Mainline owns debugfs sync/, hence the name.
 *
 * Format, as the original:
 *   objs:                              fences:
 *   --------------                     --------------
 *   <timeline> <driver>: <value>       <fence>: <status>
 *     pt <status>[@s.us]: <value>        <timeline>_pt <status>[@s.us]: <value> / <timeline value>
 *                                      waiter <callback>
 * Only side-effect free reads are made (no dma_fence ops->signaled calls).
 */
#include <linux/debugfs.h>
#include <linux/ktime.h>
#include <linux/seq_file.h>

#include "sync_dma_internal.h"

static struct dentry *sync_dma_debugfs_file;

static const char *sync_dma_status_str(int status)
{
	if (status > 0)
		return "signaled";
	return status ? "error" : "active";
}

/* One point; with @tl_prefix the timeline name is printed too (fences). */
static void sync_dma_print_pt(struct seq_file *s, struct dma_fence *pt,
			      bool tl_prefix)
{
	int status = sync_dma_pt_status_peek(pt);
	char value[32];

	seq_printf(s, "  %s%spt %s",
		   tl_prefix ? pt->ops->get_timeline_name(pt) : "",
		   tl_prefix ? "_" : "", sync_dma_status_str(status));
	if (status) {
		struct timespec64 ts =
			ktime_to_timespec64(dma_fence_timestamp(pt));

		seq_printf(s, "@%lld.%06ld", (long long)ts.tv_sec,
			   ts.tv_nsec / NSEC_PER_USEC);
	}
	if (pt->ops->fence_value_str) {
		pt->ops->fence_value_str(pt, value, sizeof(value));
		seq_printf(s, ": %s", value);
		if (tl_prefix && pt->ops->timeline_value_str) {
			pt->ops->timeline_value_str(pt, value, sizeof(value));
			seq_printf(s, " / %s", value);
		}
	}
	seq_putc(s, '\n');
}

static void sync_dma_print_timeline(struct seq_file *s,
				    struct sync_dma_timeline *tl)
{
	struct sync_dma_pt *pt;

	seq_printf(s, "%s %s: %u\n", tl->name, tl->ops->driver_name,
		   sync_dma_timeline_value(tl));
	/* nests in the irqsave timeline list lock */
	spin_lock(&tl->lock);
	list_for_each_entry(pt, &tl->points, tl_node)
		sync_dma_print_pt(s, &pt->base, false);
	spin_unlock(&tl->lock);
}

static void sync_dma_print_fence(struct seq_file *s,
				 struct sync_dma_fence *fence)
{
	struct sync_dma_fence_waiter *w;
	unsigned long flags;
	unsigned int i;

	seq_printf(s, "%s: %s\n", fence->name,
		   sync_dma_status_str(READ_ONCE(fence->status)));
	for (i = 0; i < fence->num_pts; i++)
		sync_dma_print_pt(s, fence->cbs[i].pt, true);
	spin_lock_irqsave(&fence->lock, flags);
	list_for_each_entry(w, &fence->waiters, node)
		seq_printf(s, "waiter %ps\n", w->callback);
	spin_unlock_irqrestore(&fence->lock, flags);
}

static int sync_dma_debugfs_show(struct seq_file *s, void *unused)
{
	struct sync_dma_timeline *tl;
	struct sync_dma_fence *fence;
	unsigned long flags;

	seq_puts(s, "objs:\n--------------\n");
	spin_lock_irqsave(&sync_dma_timeline_list_lock, flags);
	list_for_each_entry(tl, &sync_dma_timeline_list, node) {
		sync_dma_print_timeline(s, tl);
		seq_putc(s, '\n');
	}
	spin_unlock_irqrestore(&sync_dma_timeline_list_lock, flags);

	seq_puts(s, "fences:\n--------------\n");
	spin_lock(&sync_dma_fence_list_lock);
	list_for_each_entry(fence, &sync_dma_fence_list, node) {
		sync_dma_print_fence(s, fence);
		seq_putc(s, '\n');
	}
	spin_unlock(&sync_dma_fence_list_lock);
	return 0;
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
