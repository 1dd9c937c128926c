# SPDX-License-Identifier: GPL-2.0
# cdf.gp - the distribution of one series per backend (a workload's cdf
# plot: the wake-up latency of a wait method and placement), from the
# histogram CSV; the baseline dashed. Variables: csv, base, series, vcpus,
# xlabel, ylabel, ttl, backends (+ common.gp ones). The CSV's columns are
# read by their header names.
load "plots/common.gp"
set datafile columnheaders
set logscale x
set xlabel xlabel
set ylabel ylabel
set yrange [0:1.02]
set key bottom right inside
set title ttl noenhanced
sel(b) = (strcol("backend") eq b && strcol("series") eq series && int(column("vcpus")) == vcpus && \
          int(column("numa")) == 1) ? column("mid_ns") : NaN
plot for [i=1:words(backends)] csv using (sel(word(backends,i))):"cum_fraction" \
	with steps lt colour(word(backends,i)) title word(backends,i), \
     for [i=1:words(backends)] (base ne "" ? base : "/dev/null") using (sel(word(backends,i))):"cum_fraction" \
	with steps lt colour(word(backends,i)) dt 2 lw 1 title (base ne "" ? word(backends,i)." (baseline)" : "")
