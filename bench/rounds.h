/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rounds.h - one workload over several backends in interleaved rounds,
 * with every figure also as a ratio to its in-round control.
 *
 * Under tcg and kvm the host's speed drifts by 2.5x over seconds to
 * minutes, and it drifts for every backend alike. So instead of one block
 * of repetitions per backend (A A A B B B), each of --reps rounds runs
 * the workload once on every backend (A B C A B C ...), one part of its
 * sweep at a time where the workload has parts (struct fb_workload
 * .run_part: part 1 on A B C, then part 2 on A B C, ...), so that a
 * figure and its control are measured milliseconds apart. Each figure is
 * divided, round by round, by the same figure of its control backend
 * (struct fb_workload.floor: eventfd for poll and epoll wake-ups, futex
 * for native waits, mainline for create, merge and signal cost) measured
 * in that round. The ratio figure is named "<metric>_vs_<control>", unit
 * "ratio", its repetitions are the per-round ratios and its value their
 * median. Under tcg and kvm the ratios are the gated figures and the
 * absolute figures are recorded ungated (shown, never gated); of the
 * ratios, those of figures that span two vCPUs (cross-vCPU wake-ups,
 * pollscale in an SMP guest) and batch figures are recorded but not
 * gated either: measured here, their round-to-round spread was a factor
 * of 2 to 10, the host's scheduling, not the guest's path. icount keeps
 * the blocks and its absolute, deterministic gate, SMP figures included.
 */
#ifndef FB_ROUNDS_H
#define FB_ROUNDS_H

#include <stddef.h>

#include "workloads/workload.h"

/*
 * Run @w on the @nb backends @b in @c->reps interleaved rounds, each with
 * one repetition (warm-up in the first round only), and record into
 * @c->res every figure (value: median over the rounds, repetitions: the
 * per-round figures) plus its ratio to its control. 0 or -errno.
 */
int fb_run_interleaved(struct fb_ctx *c, const struct fb_workload *w,
		       const struct fb_backend *const *b, size_t nb);

#endif /* FB_ROUNDS_H */
