// SPDX-License-Identifier: GPL-2.0
/*
 * trace_test.c - host unit tests: raw ftrace lines (traceline.h) and the
 * split of a wake-up into stages from its trace events (wakesplit.h).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "traceline.h"
#include "wakesplit.h"

static void test_lines(void)
{
	struct fb_trace_event e = { 0 };
	unsigned long lost = 0;

	CHECK(fb_traceline_parse("123 0 4567890123 type: 317\n", &e, &lost) ==
	      FB_TRACELINE_EVENT, "event line");
	CHECK(e.pid == 123 && e.cpu == 0 && e.ts == 4567890123ull &&
	      e.type == 317, "fields %d %d %llu %d", e.pid, e.cpu,
	      (unsigned long long)e.ts, e.type);
	CHECK(fb_traceline_parse("0 3 18446744073709551615 type: 65535", &e,
				 &lost) == FB_TRACELINE_EVENT &&
	      e.cpu == 3 && e.ts == 18446744073709551615ull && e.type == 65535,
	      "largest values, no newline");
	CHECK(fb_traceline_parse("7 1 99 type: 5 \r\n", &e, &lost) ==
	      FB_TRACELINE_EVENT && e.type == 5, "trailing blanks");
	CHECK(fb_traceline_parse("# tracer: nop\n", &e, &lost) ==
	      FB_TRACELINE_NONE, "comment");
	CHECK(fb_traceline_parse("#\n", &e, &lost) == FB_TRACELINE_NONE,
	      "bare comment");
	CHECK(fb_traceline_parse("\n", &e, &lost) == FB_TRACELINE_NONE &&
	      fb_traceline_parse("", &e, &lost) == FB_TRACELINE_NONE,
	      "blank lines");
	CHECK(fb_traceline_parse("CPU:0 [LOST 1234 EVENTS]\n", &e, &lost) ==
	      FB_TRACELINE_LOST && lost == 1234, "lost events (%lu)", lost);
	/* The text format (microseconds, fields) is refused, not misread. */
	CHECK(fb_traceline_parse("  fencebench-85  [000] d..2.   12.345678: sched_switch: prev_comm=x\n",
				 &e, &lost) == -EINVAL, "text format refused");
	CHECK(fb_traceline_parse("123 0 456 type:\n", &e, &lost) == -EINVAL,
	      "missing type id");
	CHECK(fb_traceline_parse("123 0 456 type: 12x\n", &e, &lost) ==
	      -EINVAL, "junk after the type id");
	CHECK(fb_traceline_parse("123 0 type: 12\n", &e, &lost) == -EINVAL,
	      "missing timestamp");
	CHECK(fb_traceline_parse("123 0 99999999999999999999 type: 1\n", &e,
				 &lost) == -EINVAL, "timestamp overflow");
	CHECK(fb_traceline_parse("123 0 456 type: 70000\n", &e, &lost) ==
	      -EINVAL, "type id out of range");
	CHECK(fb_traceline_parse("-1 0 456 type: 7\n", &e, &lost) == -EINVAL,
	      "negative pid");
	CHECK(fb_traceline_parse("CPU:0 [LOST x EVENTS]\n", &e, &lost) ==
	      -EINVAL, "bad lost line");
}

enum { SIG = 40, WAKE = 41, SW = 42, OTHER = 43, ME = 100, WAITER = 101 };

static const struct fb_wake_ids ids = {
	.signal = SIG, .wakeup = WAKE, .sw = SW, .pid = ME, .cpu = 0,
};

static void test_split(void)
{
	/* Two samples: [1000, 2000] and [5000, 6000]; noise around them. */
	const struct fb_trace_event ev[] = {
		{ 900, ME, 0, SW },		/* before the window */
		{ 1100, ME, 0, SIG },
		{ 1150, ME, 1, WAKE },		/* another CPU */
		{ 1200, 7, 0, WAKE },		/* not the signaller */
		{ 1300, ME, 0, WAKE },
		{ 1400, ME, 0, WAKE },		/* a second wake-up: not it */
		{ 1500, ME, 0, SW },		/* to a kernel thread */
		{ 1700, 55, 0, SW },		/* back, to the waiter */
		{ 1800, WAITER, 0, OTHER },
		{ 2100, WAITER, 0, SW },	/* after the window */
		{ 5200, ME, 0, WAKE },		/* before the signal: ignored */
		{ 5300, ME, 0, SIG },
		{ 5600, ME, 0, WAKE },
		{ 5900, ME, 0, SW },
	};
	size_t n = sizeof(ev) / sizeof(ev[0]);
	uint64_t st[FB_STAGES];
	struct fb_wake_ids raw = ids;

	CHECK(fb_wake_split(ev, n, &ids, 1000, 2000, st) == 0, "split 1");
	CHECK(st[FB_STAGE_SIGNAL] == 100 && st[FB_STAGE_WAKEUP] == 200 &&
	      st[FB_STAGE_SWITCH] == 400 && st[FB_STAGE_RETURN] == 300,
	      "stages 1: %llu %llu %llu %llu",
	      (unsigned long long)st[0], (unsigned long long)st[1],
	      (unsigned long long)st[2], (unsigned long long)st[3]);
	CHECK(st[0] + st[1] + st[2] + st[3] == 1000, "stages add up");
	CHECK(fb_wake_split(ev, n, &ids, 5000, 6000, st) == 0 &&
	      st[FB_STAGE_SIGNAL] == 300 && st[FB_STAGE_WAKEUP] == 300 &&
	      st[FB_STAGE_SWITCH] == 300 && st[FB_STAGE_RETURN] == 100,
	      "split 2 (a wake-up before the signal does not count)");
	/* A raw object: no signal stage, the wake-up counts from t0. */
	raw.signal = -1;
	CHECK(fb_wake_split(ev, n, &raw, 5000, 6000, st) == 0 &&
	      st[FB_STAGE_SIGNAL] == 0 && st[FB_STAGE_WAKEUP] == 200 &&
	      st[FB_STAGE_SWITCH] == 700 && st[FB_STAGE_RETURN] == 100,
	      "raw object: %llu %llu %llu %llu",
	      (unsigned long long)st[0], (unsigned long long)st[1],
	      (unsigned long long)st[2], (unsigned long long)st[3]);
	/* Missing events: no split. */
	CHECK(fb_wake_split(ev, n, &ids, 1000, 1250, st) == -ENOENT,
	      "no wake-up in the window");
	CHECK(fb_wake_split(ev, n, &ids, 1000, 1450, st) == -ENOENT,
	      "no switch after the wake-up");
	CHECK(fb_wake_split(ev, n, &ids, 3000, 4000, st) == -ENOENT,
	      "empty window");
	CHECK(fb_wake_split(ev, n, &ids, 2000, 1000, st) == -ENOENT,
	      "end before start");
	CHECK(fb_wake_split(NULL, 0, &ids, 1000, 2000, st) == -ENOENT,
	      "no events");
}

/*
 * Cross vCPU (ids.cpu < 0): the kernel recorded only the waiter's sched
 * events; a wake-up through the waiter CPU's wake list fires there, in
 * the idle task (pid 0).
 */
static void test_split_cross(void)
{
	const struct fb_trace_event ev[] = {
		{ 1100, ME, 0, SIG },
		{ 1150, 0, 1, WAKE },		/* on the waiter's CPU, from idle */
		{ 1180, ME, 0, WAKE },		/* a second one: not it */
		{ 1600, 0, 1, SW },		/* idle -> the waiter */
		{ 1650, WAITER, 0, OTHER },
		{ 5300, ME, 0, SIG },
		{ 5400, ME, 0, WAKE },		/* a direct wake-up, signaller's */
		{ 5700, 0, 1, SW },
	};
	size_t n = sizeof(ev) / sizeof(ev[0]);
	uint64_t st[FB_STAGES];
	struct fb_wake_ids any = ids;

	any.cpu = -1;
	CHECK(fb_wake_split(ev, n, &any, 1000, 2000, st) == 0 &&
	      st[FB_STAGE_SIGNAL] == 100 && st[FB_STAGE_WAKEUP] == 50 &&
	      st[FB_STAGE_SWITCH] == 450 && st[FB_STAGE_RETURN] == 400,
	      "cross, wake list: %llu %llu %llu %llu",
	      (unsigned long long)st[0], (unsigned long long)st[1],
	      (unsigned long long)st[2], (unsigned long long)st[3]);
	CHECK(fb_wake_split(ev, n, &any, 5000, 6000, st) == 0 &&
	      st[FB_STAGE_WAKEUP] == 100 && st[FB_STAGE_SWITCH] == 300,
	      "cross, direct wake-up");
	/* On CPU 0 only, the first sample has no switch (it is CPU 1's). */
	CHECK(fb_wake_split(ev, n, &ids, 1000, 2000, st) == -ENOENT,
	      "same-CPU split ignores the other CPU");
}

int main(void)
{
	test_lines();
	test_split();
	test_split_cross();
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
