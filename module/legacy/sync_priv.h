/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Declarations shared by the files of sync_legacy.ko only
 * (the 2013 sync.c was one file; the port splits it by concept).
 */
#ifndef _FB_LEGACY_SYNC_PRIV_H
#define _FB_LEGACY_SYNC_PRIV_H

#include <linux/fs.h>

#include "sync.h"

/* sync_ioctl.c: the file operations of a fence file */
extern const struct file_operations sync_fence_fops;

/* sync.c: called by the fence file's release */
void sync_fence_release_file(struct sync_fence *fence);

/*
 * Lock-free reads of a status (1 signaled, 0 active, <0 error). The
 * acquire pairs with the smp_store_release() that publishes the status: a
 * nonzero point status guarantees a valid timestamp, and a status read
 * after a wait queue registration is ordered after it.
 */
static inline int sync_pt_get_status(struct sync_pt *pt)
{
	/* pairs with smp_store_release() in _sync_pt_has_signaled() */
	return smp_load_acquire(&pt->status);
}

static inline int sync_fence_get_status(struct sync_fence *fence)
{
	/* pairs with smp_store_release() in sync_fence_signal_pt() */
	return smp_load_acquire(&fence->status);
}

/* sync.c: fence status computed from its points (1, 0 or <0) */
int sync_fence_pts_status(struct sync_fence *fence);

/*
 * sync_debug.c: the global lists behind debugfs and the dumps, of every
 * timeline (entry: sync_timeline_list) and of every fence (entry:
 * sync_fence_list)
 */
enum sync_debug_list_id { SYNC_DEBUG_TIMELINES, SYNC_DEBUG_FENCES };
void sync_debug_add(enum sync_debug_list_id list, struct list_head *entry);
void sync_debug_remove(enum sync_debug_list_id list, struct list_head *entry);
void sync_dump(void);
int sync_debug_init(void);
void sync_debug_exit(void);

#endif /* _FB_LEGACY_SYNC_PRIV_H */
