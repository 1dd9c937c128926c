# SPDX-License-Identifier: GPL-2.0
# sweep.gp - one figure against a swept parameter (a workload's sweep plot:
# merge against P, signal cost against K, ...), one line per backend, the
# baseline dashed. Variables: csv, base, series, metric, vcpus, numa,
# xlabel, ylabel, ttl, backends (+ common.gp ones). The CSV's columns are
# read by their header names.
load "plots/common.gp"
set datafile columnheaders
set logscale xy
set xlabel xlabel
set ylabel ylabel
set title ttl noenhanced
sel(b) = (strcol("backend") eq b && strcol("series") eq series && strcol("metric") eq metric && \
          int(column("vcpus")) == vcpus && int(column("numa")) == numa) ? column("x") : NaN
plot for [i=1:words(backends)] csv using (sel(word(backends,i))):"value" \
	with linespoints lt colour(word(backends,i)) pt 7 ps 0.6 title word(backends,i), \
     for [i=1:words(backends)] (base ne "" ? base : "/dev/null") using (sel(word(backends,i))):"value" \
	with lines lt colour(word(backends,i)) dt 2 lw 1 title (base ne "" ? word(backends,i)." (baseline)" : "")
