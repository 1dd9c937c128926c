// SPDX-License-Identifier: GPL-2.0
/* clock.c - busy and idle waits on the benchmark clock. */
#include "clock.h"

#include <errno.h>
#include <sys/prctl.h>

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

/* Sleep until @t on the benchmark clock, with no timer slack. */
static void sleep_until(uint64_t t)
{
	int slack = prctl(PR_GET_TIMERSLACK, 0, 0, 0, 0);
	struct timespec ts = { .tv_sec = (time_t)(t / 1000000000ull),
			       .tv_nsec = (long)(t % 1000000000ull) };

	/* Wake at @t itself, not anywhere in the default 50 us slack. */
	prctl(PR_SET_TIMERSLACK, 1, 0, 0, 0);
	while (clock_nanosleep(FB_CLOCK_ID, TIMER_ABSTIME, &ts, NULL) == EINTR)
		;
	if (slack > 0)
		prctl(PR_SET_TIMERSLACK, slack, 0, 0, 0);
}

void fb_sleep_exact_ns(uint64_t ns)
{
	sleep_until(fb_now_ns() + ns);
}

void fb_sleep_to_grid(uint64_t grid_ns, uint64_t offset_ns)
{
	uint64_t now = fb_now_ns(), t = now - now % grid_ns + offset_ns;

	if (t <= now)
		t += grid_ns;
	sleep_until(t);
}
