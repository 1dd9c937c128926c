/* SPDX-License-Identifier: GPL-2.0 */
/*
 * wakesplit.h - split one signal-to-wake-up into stages from the trace
 * events (traceline.h) of the signaller's CPU, for a waiter on that CPU,
 * or of every CPU, for a waiter on another one.
 *
 * The sample runs from @t0 (the signaller's timestamp just before its
 * signal system call) to @t1 (the waiter's timestamp just after its wait
 * returned), on the trace clock that equals the suite's clock. Inside
 * that window, on the signaller's CPU (ids->cpu):
 *   signalled: the first event of type ids->signal fired by the
 *              signaller (its fence-signalled tracepoint; none for a raw
 *              wake-up object: ids->signal < 0);
 *   woken:     the first sched_wakeup fired by the signaller after that
 *              (the waker's context: the waiter's wake-up);
 *   switched:  the last sched_switch before @t1 (the waiter runs from
 *              there until it takes @t1, so it is the switch to it).
 * With ids->cpu < 0 the events of every CPU count, and the caller has
 * had the kernel record only the waiter's sched events (event filters:
 * sched_wakeup pid, sched_switch next_pid): woken is then the first
 * sched_wakeup after signalled whoever fired it (a wake-up through the
 * waiter CPU's wake list fires there, in the idle task), and switched the
 * last sched_switch to the waiter before @t1.
 * Stages: signal = signalled - t0, wakeup = woken - signalled (t0 if no
 * signal event), switch = switched - woken, return = t1 - switched; they
 * add up to t1 - t0 exactly.
 */
#ifndef FB_WAKESPLIT_H
#define FB_WAKESPLIT_H

#include <stddef.h>
#include <stdint.h>

#include "traceline.h"

struct fb_wake_ids {
	int signal;		/* fence-signalled event type, or -1 */
	int wakeup;		/* sched:sched_wakeup */
	int sw;			/* sched:sched_switch */
	int pid;		/* the signaller's thread id */
	int cpu;		/* the CPU both run on; < 0: any (filtered) */
};

enum { FB_STAGE_SIGNAL, FB_STAGE_WAKEUP, FB_STAGE_SWITCH, FB_STAGE_RETURN,
       FB_STAGES };

/* The stage names, as figures name them ("signal", ...). */
extern const char *const fb_stage_names[FB_STAGES];

/*
 * Split the sample [@t0, @t1] with the events @ev (@n, in time order)
 * into @stage (ns; stage[FB_STAGE_SIGNAL] is 0 without a signal event).
 * 0, or -ENOENT if an event the split needs is not in the window (lost,
 * or the wake-up took another path).
 */
int fb_wake_split(const struct fb_trace_event *ev, size_t n,
		  const struct fb_wake_ids *ids, uint64_t t0, uint64_t t1,
		  uint64_t stage[FB_STAGES]);

#endif /* FB_WAKESPLIT_H */
