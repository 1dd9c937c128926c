// SPDX-License-Identifier: GPL-2.0
/* clock.c - busy and idle waits on the benchmark clock. */
#include "clock.h"

#include <errno.h>

#include "relax.h"

void fb_spin_ns(uint64_t ns)
{
	uint64_t end = fb_now_ns() + ns;

	while (fb_now_ns() < end)
		fb_cpu_relax();
}

void fb_sleep_ns(uint64_t ns)
{
	struct timespec ts = { .tv_sec = ns / 1000000000ull,
			       .tv_nsec = ns % 1000000000ull };

	while (clock_nanosleep(FB_CLOCK_ID, 0, &ts, &ts) == EINTR)
		;
}
