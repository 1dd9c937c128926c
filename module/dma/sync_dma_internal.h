/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sync_dma_internal.h - declarations shared by the files of sync_dma.ko only.
 */
#ifndef _SYNC_DMA_INTERNAL_H
#define _SYNC_DMA_INTERNAL_H

#include <linux/fs.h>
#include <linux/list.h>
#include <linux/spinlock.h>

#include "fb_compat.h"
#include "sync_dma.h"

/**
 * struct sync_dma_pt - a sync point: a dma_fence on a sync_dma timeline
 * @base:	the dma_fence; base.seqno is the 32-bit value it signals at,
 *		base.lock is &tl->lock
 * @tl:		the timeline; the point holds a reference on it
 * @target:	the timeline count (struct sync_dma_timeline.value) at which
 *		the point signals; exact, never wraps (the count stops at
 *		SYNC_DMA_COUNT_MAX). Immutable.
 * @pending_node: in tl->pending while unsignaled, else RB_CLEAR_NODE'd.
 *		Protected by tl->lock.
 * @tl_node:	entry in tl->points, protected by tl->lock
 * @signalled_next: the next point on the list of points an increment or
 *		destroy just signaled and holds a reference to; used only by
 *		that signaller, which took the point off tl->pending
 * @deadline:	kernels with dma_fence deadlines (FB_HAVE_FENCE_DEADLINE):
 *		the earliest deadline set, valid once SYNC_DMA_PT_HAS_DEADLINE
 *		is set in base.flags; both under tl->lock
 */
struct sync_dma_pt {
	struct dma_fence base;
	struct sync_dma_timeline *tl;
	u64 target;
	struct rb_node pending_node;
	struct list_head tl_node;
	struct sync_dma_pt *signalled_next;
#ifdef FB_HAVE_FENCE_DEADLINE
	ktime_t deadline;
#endif
};

#define SYNC_DMA_PT_HAS_DEADLINE	DMA_FENCE_FLAG_USER_BITS

/* Global object lists for the debugfs dump (sync_dma_debugfs.c). */
extern struct list_head sync_dma_timeline_list;
extern spinlock_t sync_dma_timeline_list_lock;	/* irqsave: freed from irq */
extern struct list_head sync_dma_fence_list;
extern spinlock_t sync_dma_fence_list_lock;	/* process context only */

/* sync_dma_timeline.c */
struct sync_dma_pt *sync_dma_to_pt(struct dma_fence *f);
int sync_dma_pt_status_peek(struct dma_fence *f);
bool sync_dma_pt_is_later(struct dma_fence *a, struct dma_fence *b);
struct dma_fence *sync_dma_pt_keep(struct dma_fence *a, struct dma_fence *b);

/* sync_dma_fence.c */
struct sync_dma_fence *sync_dma_fence_build(const char *name,
					    struct dma_fence *f);
struct sync_dma_fence *sync_dma_fence_merge_two(const char *name,
						struct sync_dma_fence *a,
						struct sync_dma_fence *b);
struct sync_dma_fence *sync_dma_fence_merge_dma_nofile(const char *name,
						       struct sync_dma_fence *a,
						       struct dma_fence *f);
struct sync_dma_fence *sync_dma_fence_finish(struct sync_dma_fence *fence);
struct sync_dma_fence_waiter *
sync_dma_fence_waiter_of(struct wait_queue_entry *work);
void sync_dma_fence_free(struct sync_dma_fence *fence);
extern const struct file_operations sync_dma_fence_fops;

/* sync_dma_ioctl.c */
long sync_dma_fence_ioctl(struct file *file, unsigned int cmd,
			  unsigned long arg);

/* sync_dma_interop.c */
struct sync_dma_fence *sync_dma_fence_merge_fd(const char *name,
					       struct sync_dma_fence *a,
					       int fd2);
long sync_dma_ioctl_export(struct sync_dma_fence *fence, unsigned long arg);
long sync_dma_ioctl_wait_with(struct sync_dma_fence *fence, unsigned long arg);

/* sync_dma_debugfs.c */
void sync_dma_debugfs_init(void);
void sync_dma_debugfs_exit(void);

#endif /* _SYNC_DMA_INTERNAL_H */
