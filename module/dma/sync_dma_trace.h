/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sync_dma_trace.h - tracepoints of sync_dma, a port of the 2013 sync
 * framework tracepoints (drivers/staging/android/trace/sync.h) to dma_fence.
 *
 * Trace system sync_dma (mainline's is sync_trace, legacy has its own):
 *   sync_timeline  a timeline's value changed (name, value)
 *   sync_wait      a wait on a fence begins / ends (name, status)
 *   sync_pt        a point of a fence being waited on (timeline, value)
 */
#undef TRACE_SYSTEM
#define TRACE_SYSTEM sync_dma
#undef TRACE_INCLUDE_PATH
#define TRACE_INCLUDE_PATH .
#undef TRACE_INCLUDE_FILE
#define TRACE_INCLUDE_FILE sync_dma_trace

#if !defined(_SYNC_DMA_TRACE_H) || defined(TRACE_HEADER_MULTI_READ)
#define _SYNC_DMA_TRACE_H

#include <linux/tracepoint.h>

#include "fb_compat.h"
#include "sync_dma.h"

TRACE_EVENT(sync_timeline,
	TP_PROTO(struct sync_dma_timeline *tl),

	TP_ARGS(tl),

	TP_STRUCT__entry(
		__string(name, tl->name)
		__field(u32, value)
	),

	TP_fast_assign(
		fb_assign_str(name, tl->name);
		__entry->value = sync_dma_timeline_value(tl);
	),

	TP_printk("name=%s value=%u", __get_str(name), __entry->value)
);

TRACE_EVENT(sync_wait,
	TP_PROTO(struct sync_dma_fence *fence, int begin),

	TP_ARGS(fence, begin),

	TP_STRUCT__entry(
		__string(name, fence->name)
		__field(s32, status)
		__field(u32, begin)
	),

	TP_fast_assign(
		fb_assign_str(name, fence->name);
		__entry->status = sync_dma_fence_read_status(fence);
		__entry->begin = begin;
	),

	TP_printk("%s name=%s state=%d", __entry->begin ? "begin" : "end",
		  __get_str(name), __entry->status)
);

TRACE_EVENT(sync_pt,
	TP_PROTO(struct dma_fence *pt),

	TP_ARGS(pt),

	TP_STRUCT__entry(
		__string(timeline, pt->ops->get_timeline_name(pt))
		__array(char, value, 32)
	),

	TP_fast_assign(
		fb_assign_str(timeline, pt->ops->get_timeline_name(pt));
		if (pt->ops->fence_value_str)
			pt->ops->fence_value_str(pt, __entry->value,
						 sizeof(__entry->value));
		else
			snprintf(__entry->value, sizeof(__entry->value),
				 "%llu", pt->seqno);
	),

	TP_printk("name=%s value=%s", __get_str(timeline), __entry->value)
);

#endif /* _SYNC_DMA_TRACE_H */

/* This part must be outside protection */
#include <trace/define_trace.h>
