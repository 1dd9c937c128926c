/* SPDX-License-Identifier: GPL-2.0 */
/*
 * relax.h - how a thread spins while it waits for another thread.
 *
 * Every busy-wait of the suite goes through fb_spin_relax(): one PAUSE
 * (the kernel's cpu_relax()), then sched_yield(). The PAUSE matters under
 * emulation: QEMU's round-robin TCG (every icount guest) runs one vCPU at
 * a time and switches to the next when a vCPU executes PAUSE or its slice
 * ends. A spin loop without it keeps the vCPU that would end the wait from
 * running for a whole slice, and a cross-vCPU figure then measures the
 * emulator's scheduler slice (about 2 ms) instead of a code path. The
 * yield lets another thread of the same vCPU run.
 */
#ifndef FB_RELAX_H
#define FB_RELAX_H

#include <sched.h>

/* The CPU's spin-wait hint (PAUSE on x86, YIELD on arm64). */
static inline void fb_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__)
	__asm__ __volatile__("yield" ::: "memory");
#else
	__asm__ __volatile__("" ::: "memory");
#endif
}

/* One turn of a loop that waits for another thread. */
static inline void fb_spin_relax(void)
{
	fb_cpu_relax();
	sched_yield();
}

#endif /* FB_RELAX_H */
