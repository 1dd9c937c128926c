/* SPDX-License-Identifier: GPL-2.0 */
/* kmsg.h - watch the kernel log for splats (BUG, WARNING, KASAN, lockdep, ...). */
#ifndef REL_KMSG_H
#define REL_KMSG_H

#include <stddef.h>

/*
 * Start watching: later calls only see records logged after this one.
 * Loads the report patterns first (vm/kernel-reports, in the guest
 * /fb/etc/kernel-reports, or the file FB_KERNEL_REPORTS names).
 * Returns 0, or -errno if they or /dev/kmsg cannot be read (then every
 * check reports -1: "cannot tell", which callers must count as a failure).
 */
int rel_kmsg_open(void);

/*
 * Read the records logged since the last call; print every line that looks
 * like a kernel splat (prefixed with @tag) and a few lines of context.
 * Returns the number of splats seen (0 if none), -1 if the log is unreadable.
 */
int rel_kmsg_check(const char *tag);

/*
 * Load the report patterns (rel_kmsg_open() does it too): 0, or -errno
 * with a message on stderr.
 */
int rel_kmsg_patterns(void);

/* 1 if @line (a kernel log message) matches a report pattern (after open). */
int rel_kmsg_is_splat(const char *line);

#endif /* REL_KMSG_H */
