// SPDX-License-Identifier: GPL-2.0
/* placement.c - thread pinning and libnuma placement. */
#include "placement.h"

#include <errno.h>
#include <numa.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int fb_ncpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : (int)n;
}

int fb_pin_self(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu % fb_ncpus(), &set);
	return -pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
}

static int have_numa(void)
{
	return numa_available() >= 0;
}

int fb_numa_nodes(void)
{
	int n;

	if (!have_numa())
		return 1;
	n = numa_num_configured_nodes();
	return n < 1 ? 1 : n;
}

int fb_cpu_node(int cpu)
{
	int n;

	if (!have_numa())
		return 0;
	n = numa_node_of_cpu(cpu);
	return n < 0 ? 0 : n;
}

int fb_spread_cpu(int i)
{
	int ncpu = fb_ncpus(), nodes = fb_numa_nodes();
	int node, k, seen = 0;

	if (nodes <= 1)
		return i % ncpu;
	node = i % nodes;
	k = i / nodes;
	/* The k-th CPU (cyclically) of @node. */
	for (int pass = 0; pass < 2; pass++) {
		int count = 0;

		for (int c = 0; c < ncpu; c++)
			if (fb_cpu_node(c) == node) {
				if (pass && count == k % seen)
					return c;
				count++;
			}
		seen = count;
		if (!seen)
			return i % ncpu;
	}
	return i % ncpu;
}

void *fb_alloc_near(size_t size, int cpu)
{
	void *p;

	if (!have_numa())
		return calloc(1, size);
	p = numa_alloc_onnode(size, fb_cpu_node(cpu));
	if (p)
		memset(p, 0, size);
	return p;
}

void fb_free_near(void *p, size_t size)
{
	if (!p)
		return;
	if (!have_numa())
		free(p);
	else
		numa_free(p, size);
}
