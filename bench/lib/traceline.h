/* SPDX-License-Identifier: GPL-2.0 */
/*
 * traceline.h - one line of the ftrace buffer in raw format (tracefs.h:
 * options/raw), as print_raw_fmt() writes it for a trace event:
 *
 *	"<pid> <cpu> <ts> type: <id>"
 *
 * pid: the task current when the event fired (for sched_switch the task
 * switched away from, for sched_wakeup the waker); ts: ns of the trace
 * clock; id: the event's type id (events/<system>/<name>/id). Comment
 * lines ("# tracer: nop") and blank lines carry no event; a CPU whose
 * events were overwritten shows "CPU:<n> [LOST <k> EVENTS]".
 */
#ifndef FB_TRACELINE_H
#define FB_TRACELINE_H

#include <stddef.h>
#include <stdint.h>

struct fb_trace_event {
	uint64_t ts;
	int pid, cpu, type;
};

enum {
	FB_TRACELINE_NONE = 0,	/* comment or blank: no event */
	FB_TRACELINE_EVENT = 1,	/* *@ev filled in */
	FB_TRACELINE_LOST = 2,	/* events lost: *@lost their number */
};

/*
 * Parse @line (up to its newline or NUL). FB_TRACELINE_*, or -EINVAL for
 * a line of neither form (the buffer was not in raw format, or not read
 * as a whole).
 */
int fb_traceline_parse(const char *line, struct fb_trace_event *ev,
		       unsigned long *lost);

#endif /* FB_TRACELINE_H */
