/* SPDX-License-Identifier: GPL-2.0 */
/*
 * clock.h - the benchmark's time source.
 *
 * Every figure is taken with clock_gettime(CLOCK_MONOTONIC): monotonic, not
 * slewed backwards, shared by all CPUs of the guest, and the clock the
 * kernel itself uses for fence timestamps. It is served by the vDSO (no
 * system call) when the guest's clocksource is the TSC or kvm-clock; vm/run
 * keeps TCG guests on the TSC (tsc=reliable), and the run's metadata
 * records the clocksource and the cost of one read.
 * Under QEMU icount the guest clock advances one ns per executed
 * instruction, so the same reading measures path length there.
 */
#ifndef FB_CLOCK_H
#define FB_CLOCK_H

#include <stdint.h>
#include <time.h>

#define FB_CLOCK_ID	CLOCK_MONOTONIC
#define FB_CLOCK_NAME	"CLOCK_MONOTONIC"
/* The ftrace clock (tracefs trace_clock) that reads the same clock. */
#define FB_TRACE_CLOCK	"mono"

static inline uint64_t fb_now_ns(void)
{
	struct timespec ts;

	clock_gettime(FB_CLOCK_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Busy-wait for @ns nanoseconds on this CPU (keeps the CPU out of idle). */
void fb_spin_ns(uint64_t ns);
/* Sleep @ns nanoseconds (lets the CPU go idle). */
void fb_sleep_ns(uint64_t ns);
/* The same without timer slack: wakes @ns after the call, not up to 50 us later. */
void fb_sleep_exact_ns(uint64_t ns);
/*
 * Sleep until the next instant t with t % @grid_ns == @offset_ns, with
 * no timer slack.
 */
void fb_sleep_to_grid(uint64_t grid_ns, uint64_t offset_ns);

#endif /* FB_CLOCK_H */
