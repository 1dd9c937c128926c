# SPDX-License-Identifier: GPL-2.0
# sweep.gp - one figure against a swept parameter (merge against P, signal
# cost against K, poll scaling against W), one line per backend, the
# baseline dashed. Variables: csv, base, series, metric, vcpus, numa,
# xlabel, ylabel, ttl, backends (+ common.gp ones).
load "plots/common.gp"
set logscale xy
set xlabel xlabel
set ylabel ylabel
set title ttl noenhanced
sel(b) = (strcol(2) eq b && strcol(3) eq series && strcol(6) eq metric && \
          int(column(9)) == vcpus && int(column(10)) == numa) ? column(5) : NaN
plot for [i=1:words(backends)] csv using (sel(word(backends,i))):12 \
	with linespoints lt colour(word(backends,i)) pt 7 ps 0.6 title word(backends,i), \
     for [i=1:words(backends)] (base ne "" ? base : "/dev/null") using (sel(word(backends,i))):12 \
	with lines lt colour(word(backends,i)) dt 2 lw 1 title (base ne "" ? word(backends,i)." (baseline)" : "")
