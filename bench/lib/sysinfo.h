/* SPDX-License-Identifier: GPL-2.0 */
/*
 * sysinfo.h - what the guest kernel tells about itself: /proc/meminfo
 * fields, kernel release, clocksource, whether a thread sleeps in a given system call,
 * and the fd limit.
 */
#ifndef FB_SYSINFO_H
#define FB_SYSINFO_H

#include <stddef.h>
#include <sys/types.h>

/* A /proc/meminfo field in kB (e.g. "Slab"), or -errno. */
long fb_meminfo_kb(const char *field);
/* Raise RLIMIT_NOFILE to at least @n (soft and hard). 0 or -errno. */
int fb_raise_nofile(unsigned long n);
/* uname release + version into @buf. */
void fb_kernel_release(char *buf, size_t n);
/* Thread id of the caller. */
pid_t fb_gettid(void);
/*
 * 1 if thread @tid of this process sleeps inside system call @nr or @alt
 * (from /proc/self/task/<tid>/syscall), else 0: proof that a
 * waiter is blocked before it is signalled.
 */
int fb_task_sleeps_in(pid_t tid, long nr, long alt);
/* The kernel's current clocksource (e.g. "tsc", "hpet") into @buf. */
void fb_clocksource(char *buf, size_t n);
/* Bytes of live slab objects (sum of active_objs * objsize in
 * /proc/slabinfo), or -errno. */
long long fb_slab_bytes(void);

#endif /* FB_SYSINFO_H */
