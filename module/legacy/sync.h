/* SPDX-License-Identifier: GPL-2.0 */
/*
 * In-kernel API of the legacy sync framework (port of the header of the
 * 2013 Android staging sync framework, drivers/staging/android/, Linux 3.10).
 *
 * Copyright (C) 2012 Google, Inc.
 *
 * Objects
 * -------
 * A sync_timeline is a monotonic counter owned by a driver. A sync_pt is a
 * value on a timeline; it signals once the timeline reaches it. A
 * sync_fence is a set of sync_pts (at most one per timeline) exposed to user
 * space as an anon-inode file; it signals once all of its points have.
 *
 * Lifetime
 * --------
 * - sync_timeline: kref. The creator holds one reference (dropped by
 *   sync_timeline_destroy()), every sync_pt holds one. The timeline also
 *   holds a reference on ops->owner, so a driver module cannot be unloaded
 *   while any of its timelines (or their points) exist.
 * - sync_pt: owned by the creator until it is handed to sync_fence_create()
 *   (or until sync_pt_free()); afterwards by its fence, which frees it.
 * - sync_fence: the file holds the initial kref; sync_timeline_signal()
 *   takes a temporary one for each fence it signals, so a fence released
 *   by user space concurrently is freed only after the signal has finished
 *   with it. The timelines' active lists hold no fence reference. Invariant:
 *   a point on an active list belongs to a fence whose file reference is
 *   live, because sync_fence_release_file() unlinks every point of the
 *   fence (under active_list_lock) before it drops the file's reference;
 *   so the count seen under that lock is never zero, and
 *   sync_timeline_signal() WARNs if it is. The file pins this module
 *   through its file_operations owner.
 *
 * Errors: the creation functions return an ERR_PTR (never NULL) that says
 * what failed (-EINVAL, -ENODEV, -ENOMEM, the file's error); the 2013 code
 * returned NULL and its callers reported -ENOMEM for everything.
 *
 * Locking (all spinlocks are taken with interrupts disabled)
 * -------
 * - sync_timeline.child_list_lock: child_list_head and sync_pt.child_list.
 * - sync_timeline.active_list_lock: active_list_head, sync_pt.active_list,
 *   sync_timeline.destroyed, and the writes of sync_pt.status/timestamp.
 *   ops->has_signaled() is called with it held.
 * - sync_fence.waiter_list_lock: waiter_list_head and sync_fence.status.
 *   The fence status is computed from its points' status under this lock.
 * - The global debug lists (sync_debug.c) have their own locks; they nest
 *   outside child_list_lock and waiter_list_lock.
 * No two of the per-object locks are ever nested.
 * sync_pt.status and sync_fence.status are read without locks with
 * READ_ONCE()/smp_load_acquire(); they only ever change once, from 0.
 */
#ifndef _FB_LEGACY_SYNC_H
#define _FB_LEGACY_SYNC_H

#include <linux/kref.h>
#include <linux/ktime.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/spinlock.h>
#include <linux/types.h>
#include <linux/wait.h>

#define SYNC_NAME_LEN	32

struct file;
struct sync_timeline;
struct sync_pt;
struct sync_fence;

/**
 * struct sync_timeline_ops - sync object implementation ops
 * @driver_name:	name of the implementation
 * @owner:		module implementing the ops; pinned while a timeline
 *			using them exists (added by the port)
 * @dup:		duplicate a sync_pt (required); returns the copy or an
 *			ERR_PTR (NULL, the 2013 contract, means -ENOMEM)
 * @has_signaled:	returns 1 if @pt has signaled, 0 if not, <0 on error
 *			(required; called with the timeline's active_list_lock
 *			held, so it must not sleep)
 * @compare:		returns 1 if @b will signal before @a, 0 if both
 *			signal at the same time, -1 if @a signals before @b
 *			(required)
 * @free_pt:		called before a sync_pt is freed (optional)
 * @release_obj:	called before a sync_timeline is freed (optional)
 * @fill_driver_data:	write implementation specific data for @syncpt into
 *			@data, at most @size bytes; returns the bytes written
 *			or -ENOMEM if @size is too small. Returned to user
 *			space by SYNC_IOC_LEGACY_FENCE_INFO (optional)
 * @timeline_value_str:	fill @str with the timeline's value (optional)
 * @pt_value_str:	fill @str with the value of @pt (optional)
 */
struct sync_timeline_ops {
	const char *driver_name;
	struct module *owner;

	struct sync_pt *(*dup)(struct sync_pt *pt);
	int (*has_signaled)(struct sync_pt *pt);
	int (*compare)(struct sync_pt *a, struct sync_pt *b);

	void (*free_pt)(struct sync_pt *sync_pt);
	void (*release_obj)(struct sync_timeline *sync_timeline);
	int (*fill_driver_data)(struct sync_pt *syncpt, void *data, int size);
	void (*timeline_value_str)(struct sync_timeline *timeline, char *str,
				   int size);
	void (*pt_value_str)(struct sync_pt *pt, char *str, int size);
};

/**
 * struct sync_timeline - sync object
 * @kref:		reference count (creator + one per sync_pt)
 * @ops:		ops that define the implementation of the timeline
 * @name:		name of the timeline, always NUL terminated
 * @destroyed:		set by sync_timeline_destroy(); under active_list_lock
 * @child_list_head:	list of all sync_pts of this timeline
 * @child_list_lock:	lock protecting @child_list_head
 * @active_list_head:	list of active (unsignaled) sync_pts in fences
 * @active_list_lock:	lock protecting @active_list_head, @destroyed and the
 *			status of the points
 * @sync_timeline_list:	membership in the global timeline list (debugfs)
 *
 * Drivers embed this as the first member of their own timeline struct and
 * pass the size of that struct to sync_timeline_create().
 */
struct sync_timeline {
	struct kref		kref;
	const struct sync_timeline_ops	*ops;
	char			name[SYNC_NAME_LEN];

	bool			destroyed;

	struct list_head	child_list_head;
	spinlock_t		child_list_lock;	/* see above */

	struct list_head	active_list_head;
	spinlock_t		active_list_lock;	/* see above */

	struct list_head	sync_timeline_list;
};

/**
 * struct sync_pt - sync point
 * @parent:		timeline to which this point belongs
 * @child_list:		membership in sync_timeline.child_list_head
 * @active_list:	membership in sync_timeline.active_list_head
 * @signaled_list:	membership in the on-stack list of
 *			sync_timeline_signal()
 * @fence:		fence to which the point belongs (NULL until added)
 * @pt_list:		membership in sync_fence.pt_list_head
 * @status:		1 signaled, 0 active, <0 error; see the locking rules
 * @timestamp:		CLOCK_MONOTONIC time of the status change; valid once
 *			@status is nonzero (read @status with acquire first)
 *
 * Drivers embed this as the first member of their own point struct.
 */
struct sync_pt {
	struct sync_timeline	*parent;
	struct list_head	child_list;

	struct list_head	active_list;
	struct list_head	signaled_list;

	struct sync_fence	*fence;
	struct list_head	pt_list;

	int			status;
	ktime_t			timestamp;
};

/**
 * struct sync_fence - sync fence
 * @file:		file representing this fence
 * @kref:		internal reference count (file + in-flight signals)
 * @name:		name of the fence, always NUL terminated
 * @pt_list_head:	list of the fence's sync_pts; immutable once the
 *			fence is returned by sync_fence_create/merge()
 * @waiter_list_head:	list of asynchronous waiters
 * @waiter_list_lock:	lock protecting @waiter_list_head and @status
 * @status:		1 signaled, 0 active, <0 error
 * @wq:			wait queue for fence signaling
 * @sync_fence_list:	membership in the global fence list (debugfs)
 */
struct sync_fence {
	struct file		*file;
	struct kref		kref;
	char			name[SYNC_NAME_LEN];

	struct list_head	pt_list_head;

	struct list_head	waiter_list_head;
	spinlock_t		waiter_list_lock;	/* see above */
	int			status;

	wait_queue_head_t	wq;

	struct list_head	sync_fence_list;
};

struct sync_fence_waiter;
typedef void (*sync_callback_t)(struct sync_fence *fence,
				struct sync_fence_waiter *waiter);

/**
 * struct sync_fence_waiter - metadata for an asynchronous waiter on a fence
 * @waiter_list:	membership in sync_fence.waiter_list_head
 * @callback:		function called once the fence signals; it runs in
 *			the context of sync_timeline_signal() (may be atomic)
 *
 * The waiter is owned by the caller of sync_fence_wait_async(); it may be
 * freed from the callback, or after sync_fence_cancel_async() returned 0.
 */
struct sync_fence_waiter {
	struct list_head	waiter_list;
	sync_callback_t		callback;
};

/**
 * sync_fence_waiter_init() - initialise an asynchronous waiter
 * @waiter:	waiter to initialise
 * @callback:	function to call when the fence signals
 */
static inline void sync_fence_waiter_init(struct sync_fence_waiter *waiter,
					  sync_callback_t callback)
{
	INIT_LIST_HEAD(&waiter->waiter_list);
	waiter->callback = callback;
}

/* API for sync_timeline implementers */
struct sync_timeline *sync_timeline_create(const struct sync_timeline_ops *ops,
					   int size, const char *name);
void sync_timeline_destroy(struct sync_timeline *obj);
void sync_timeline_signal(struct sync_timeline *obj);
struct sync_pt *sync_pt_create(struct sync_timeline *parent, int size);
void sync_pt_free(struct sync_pt *pt);
struct sync_fence *sync_fence_create(const char *name, struct sync_pt *pt);

/* API for sync_fence consumers */
struct sync_fence *sync_fence_merge(const char *name,
				    struct sync_fence *a, struct sync_fence *b);
struct sync_fence *sync_fence_fdget(int fd);
void sync_fence_put(struct sync_fence *fence);
void sync_fence_install(struct sync_fence *fence, int fd);
int sync_fence_wait_async(struct sync_fence *fence,
			  struct sync_fence_waiter *waiter);
int sync_fence_cancel_async(struct sync_fence *fence,
			    struct sync_fence_waiter *waiter);
int sync_fence_wait(struct sync_fence *fence, long timeout);

#endif /* _FB_LEGACY_SYNC_H */
