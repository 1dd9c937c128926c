// SPDX-License-Identifier: GPL-2.0
/* traceline.c - parse a raw-format ftrace line (traceline.h). */
#include "traceline.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* A decimal number at *@p, then spaces; 0 or -EINVAL. */
static int number(const char **p, unsigned long long max,
		  unsigned long long *v)
{
	const char *s = *p;
	char *e;

	if (!isdigit((unsigned char)*s))
		return -EINVAL;
	errno = 0;
	*v = strtoull(s, &e, 10);
	if (errno || *v > max)
		return -EINVAL;
	while (*e == ' ')
		e++;
	*p = e;
	return 0;
}

static int at_end(const char *p)
{
	while (*p == ' ' || *p == '\t' || *p == '\r')
		p++;
	return *p == '\n' || *p == '\0';
}

int fb_traceline_parse(const char *line, struct fb_trace_event *ev,
		       unsigned long *lost)
{
	const char *p = line;
	unsigned long long pid, cpu, ts, type;

	while (*p == ' ' || *p == '\t')
		p++;
	if (*p == '#' || at_end(p))
		return FB_TRACELINE_NONE;
	if (!strncmp(p, "CPU:", 4)) {
		const char *l = strstr(p, "[LOST ");
		unsigned long long k;

		if (!l)
			return -EINVAL;
		l += 6;
		if (number(&l, ~0ull, &k) || strncmp(l, "EVENTS]", 7))
			return -EINVAL;
		*lost = (unsigned long)k;
		return FB_TRACELINE_LOST;
	}
	if (number(&p, 0x7fffffff, &pid) || number(&p, 4095, &cpu) ||
	    number(&p, ~0ull, &ts) || strncmp(p, "type:", 5))
		return -EINVAL;
	p += 5;
	while (*p == ' ')
		p++;
	if (number(&p, 65535, &type) || !at_end(p))
		return -EINVAL;
	ev->pid = (int)pid;
	ev->cpu = (int)cpu;
	ev->ts = ts;
	ev->type = (int)type;
	return FB_TRACELINE_EVENT;
}
