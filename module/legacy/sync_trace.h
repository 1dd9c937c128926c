/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Tracepoints of the legacy sync framework (port of the 2013
 * Android staging drivers/staging/android/trace/sync.h, Linux 3.10).
 *
 * The trace system is sync_legacy: mainline's sync_file owns sync_trace.
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM sync_legacy

#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE sync_trace

#if !defined(_FB_LEGACY_SYNC_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _FB_LEGACY_SYNC_TRACE_H

#include <linux/tracepoint.h>

#include "fb_compat.h"
#include "sync.h"

#ifndef _FB_LEGACY_SYNC_TRACE_HELPERS
#define _FB_LEGACY_SYNC_TRACE_HELPERS

#define SYNC_TRACE_VALUE_LEN	32

/* The value strings come from the optional value_str ops. */
static inline void sync_trace_timeline_value(struct sync_timeline *obj,
					     char *str)
{
	str[0] = '\0';
	if (obj->ops->timeline_value_str)
		obj->ops->timeline_value_str(obj, str, SYNC_TRACE_VALUE_LEN);
}

static inline void sync_trace_pt_value(struct sync_pt *pt, char *str)
{
	str[0] = '\0';
	if (pt->parent->ops->pt_value_str)
		pt->parent->ops->pt_value_str(pt, str, SYNC_TRACE_VALUE_LEN);
}
#endif /* _FB_LEGACY_SYNC_TRACE_HELPERS */

TRACE_EVENT(sync_timeline,
	    TP_PROTO(struct sync_timeline *timeline),
	    TP_ARGS(timeline),
	    TP_STRUCT__entry(__string(name, timeline->name)
			     __array(char, value, SYNC_TRACE_VALUE_LEN)),
	    TP_fast_assign(fb_assign_str(name, timeline->name);
			   sync_trace_timeline_value(timeline,
						     __entry->value);),
	    TP_printk("name=%s value=%s", __get_str(name), __entry->value)
);

TRACE_EVENT(sync_wait,
	    TP_PROTO(struct sync_fence *fence, int begin),
	    TP_ARGS(fence, begin),
	    TP_STRUCT__entry(__string(name, fence->name)
			     __field(s32, status)
			     __field(u32, begin)),
	    TP_fast_assign(fb_assign_str(name, fence->name);
			   __entry->status = READ_ONCE(fence->status);
			   __entry->begin = begin;),
	    TP_printk("%s name=%s state=%d", __entry->begin ? "begin" : "end",
		      __get_str(name), __entry->status)
);

TRACE_EVENT(sync_pt,
	    TP_PROTO(struct sync_pt *pt),
	    TP_ARGS(pt),
	    TP_STRUCT__entry(__string(timeline, pt->parent->name)
			     __array(char, value, SYNC_TRACE_VALUE_LEN)),
	    TP_fast_assign(fb_assign_str(timeline, pt->parent->name);
			   sync_trace_pt_value(pt, __entry->value);),
	    TP_printk("name=%s value=%s", __get_str(timeline), __entry->value)
);

#endif /* _FB_LEGACY_SYNC_TRACE_H */

/* This part must be outside protection */
#include <trace/define_trace.h>
