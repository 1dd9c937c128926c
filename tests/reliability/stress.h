/* SPDX-License-Identifier: GPL-2.0 */
/* stress.h - the cases of rel-stress: one file each, one table in stress.c. */
#ifndef REL_STRESS_H
#define REL_STRESS_H

#include <stdint.h>

#include "rel.h"

struct stress_params {
	const struct fb_syncdev *dev;
	unsigned int threads;		/* worker threads per case */
	unsigned int iters;		/* iterations per worker (case-scaled) */
	uint64_t churn;			/* fence lifetimes of the churn case */
	uint64_t seed;
};

/* Wait bound of every blocking call in the stress cases: a hang fails. */
#define STRESS_WAIT_MS 20000

void stress_prodcons(const struct stress_params *p);
void stress_merge_storm(const struct stress_params *p);
void stress_close_signalling(const struct stress_params *p);
void stress_timeline_close(const struct stress_params *p);
void stress_fd_passing(const struct stress_params *p);
void stress_churn(const struct stress_params *p);
void stress_wrap(const struct stress_params *p);
void stress_close_signal_walk(const struct stress_params *p);
void stress_export_last_ref(const struct stress_params *p);

#endif /* REL_STRESS_H */
