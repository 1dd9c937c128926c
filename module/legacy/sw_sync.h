/* SPDX-License-Identifier: GPL-2.0 */
/*
 * In-kernel API of the sw_sync counter timeline (port of the header of the
 * 2013 Android staging sw_sync driver, drivers/staging/android/, Linux 3.10).
 *
 * Copyright (C) 2012 Google, Inc.
 */
#ifndef _FB_LEGACY_SW_SYNC_H
#define _FB_LEGACY_SW_SYNC_H

#include <linux/spinlock.h>
#include <linux/types.h>

#include "sync.h"

/**
 * struct sw_sync_timeline - a 32-bit counter timeline
 * @obj:	the framework timeline; must stay the first member
 * @value_lock:	serialises increments of @value (readers use READ_ONCE)
 * @value:	current value of the counter; wraps
 */
struct sw_sync_timeline {
	struct sync_timeline	obj;

	spinlock_t		value_lock;	/* see above */
	u32			value;
};

/**
 * struct sw_sync_pt - a point on a sw_sync timeline
 * @pt:		the framework point; must stay the first member
 * @value:	the counter value at which it signals
 */
struct sw_sync_pt {
	struct sync_pt		pt;

	u32			value;
};

struct sw_sync_timeline *sw_sync_timeline_create(const char *name);
void sw_sync_timeline_inc(struct sw_sync_timeline *obj, u32 inc);
struct sync_pt *sw_sync_pt_create(struct sw_sync_timeline *obj, u32 value);

#endif /* _FB_LEGACY_SW_SYNC_H */
