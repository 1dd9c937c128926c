/* SPDX-License-Identifier: GPL-2.0 */
/*
 * placement.h - CPU pinning and NUMA placement (libnuma) of benchmark
 * threads and their memory.
 */
#ifndef FB_PLACEMENT_H
#define FB_PLACEMENT_H

#include <stddef.h>

/* Online CPUs (>= 1). */
int fb_ncpus(void);
/* Pin the calling thread to @cpu (modulo the online CPUs). 0 or -errno. */
int fb_pin_self(int cpu);
/* Configured NUMA nodes as libnuma sees them; 1 without NUMA. */
int fb_numa_nodes(void);
/* Node of @cpu; 0 without NUMA. */
int fb_cpu_node(int cpu);
/*
 * CPU of the @i-th of several threads spread round-robin over the nodes
 * first and the CPUs of each node second, so that consecutive threads
 * land on different nodes when there are several.
 */
int fb_spread_cpu(int i);
/* Zeroed memory on the node of @cpu (plain calloc without NUMA). */
void *fb_alloc_near(size_t size, int cpu);
void fb_free_near(void *p, size_t size);

#endif /* FB_PLACEMENT_H */
