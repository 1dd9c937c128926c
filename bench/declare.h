/* SPDX-License-Identifier: GPL-2.0 */
/*
 * declare.h - what the backends and workloads declare of themselves
 * (backend.h, workload.h), written as metadata of a run, so that the host
 * side (fbtool, bench/plot, bench/run-bench) reads it instead of naming
 * backends and workloads. docs/bench.md, "Declarations", lists the keys:
 *
 *   backends_declared        every backend, in order (comma list)
 *   backend_NAME_kind        fence | raw
 *   backend_NAME_colour      #rrggbb (declared, or from the palette)
 *   reference_backend        the reference backend
 *   floor_backend_METHOD     the floor of waits by METHOD (poll, wait, epoll)
 *   backends_required        the backends this guest must have (comma list)
 *   workloads_declared       every workload, in order (comma list)
 *   headline_WORKLOAD        its headline figures (workload.h)
 *   plot_WORKLOAD_N          its N-th plot (1, 2, ...): "FIELD=VALUE|..."
 *                            with the fields of struct fb_plot
 *   workloads_cross_vcpu, workloads_vcpu_sweep, workloads_patches_text
 *                            the workloads with that flag (comma lists)
 */
#ifndef FB_DECLARE_H
#define FB_DECLARE_H

#include "results.h"

/*
 * Write the declarations into @m; @load_list: the guest's module load
 * list (backends_required; see fb_syncdev_required()). 0 or -errno.
 */
int fb_declare(struct fb_meta *m, const char *load_list);

/*
 * NULL if every registered backend's and workload's declaration holds
 * together (fb_backends_check(), known plot kinds, no '|' in a plot's
 * fields), else what is wrong, in @buf.
 */
const char *fb_declarations_check(char *buf, size_t n);

#endif /* FB_DECLARE_H */
