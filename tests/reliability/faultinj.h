/* SPDX-License-Identifier: GPL-2.0 */
/* faultinj.h - failslab control: debugfs attributes, per-task make-it-fail and fail-nth. */
#ifndef REL_FAULTINJ_H
#define REL_FAULTINJ_H

#include <stdbool.h>

/*
 * Configure /sys/kernel/debug/failslab for this campaign: task-filter=Y (only
 * tasks with make-it-fail set are hit), ignore-gfp-wait=N (sleeping
 * allocations too), verbose=0, probability @pct, times @times (-1: no limit).
 * Returns 0 or -errno (no failslab in this kernel: -ENOENT).
 */
int fi_setup(int pct, long times);
/* Probability 0 and times back to 1 (failslab's defaults). */
void fi_reset(void);
/* failslab's remaining `times` (to count injected faults), -1 on error. */
long fi_times_left(void);

/*
 * Set /proc/thread-self/make-it-fail to @on for the calling thread (always
 * the same thread: the file stays open). 0, or -1 with errno.
 */
int fi_make_it_fail(bool on);

/* Arm fail-nth: the @n-th fault-injectable call of this thread fails. */
int fi_nth_arm(unsigned int n);
/*
 * Disarm; returns true if the armed fault was injected (the counter had
 * reached zero), false if the work did fewer than n such calls.
 */
bool fi_nth_disarm(void);

#endif /* REL_FAULTINJ_H */
