# SPDX-License-Identifier: GPL-2.0
# vcpus.gp - one figure at one sweep value x against the guest's vCPUs (a
# workload's vcpus plot: poll scaling for W waiters) per backend, 1 NUMA
# node solid, 2 nodes as points; the baseline dashed. Variables: csv,
# base, series, metric, xval, ylabel, ttl, backends (+ common.gp ones). The
# CSV's columns are read by their header names.
load "plots/common.gp"
set datafile columnheaders
set logscale y
set xlabel "guest vCPUs"
set ylabel ylabel
set xtics (1, 2, 4, 8)
set title ttl noenhanced
sel(b, n) = (strcol("backend") eq b && strcol("series") eq series && strcol("metric") eq metric && \
             column("x") == xval && int(column("numa")) == n) ? column("vcpus") : NaN
plot for [i=1:words(backends)] csv using (sel(word(backends,i), 1)):"value" \
	with linespoints lt colour(word(backends,i)) pt 7 title word(backends,i), \
     for [i=1:words(backends)] csv using (sel(word(backends,i), 2)):"value" \
	with points lt colour(word(backends,i)) pt 5 ps 1.5 title word(backends,i)." (2 NUMA nodes)", \
     for [i=1:words(backends)] (base ne "" ? base : "/dev/null") using (sel(word(backends,i), 1)):"value" \
	with lines lt colour(word(backends,i)) dt 2 lw 1 title (base ne "" ? word(backends,i)." (baseline)" : "")
