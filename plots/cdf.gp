# SPDX-License-Identifier: GPL-2.0
# cdf.gp - wake-up latency CDF per backend for one series (wait method and
# placement), from the histogram CSV; the baseline dashed. Variables:
# csv, base, series, vcpus, ttl, backends (+ common.gp ones).
load "plots/common.gp"
set logscale x
set xlabel "signal-to-wake-up latency (ns, log)"
set ylabel "fraction of wake-ups"
set yrange [0:1.02]
set key bottom right inside
set title ttl noenhanced
sel(b) = (strcol(2) eq b && strcol(3) eq series && int(column(6)) == vcpus && \
          int(column(7)) == 1) ? column(10) : NaN
plot for [i=1:words(backends)] csv using (sel(word(backends,i))):12 \
	with steps lt colour(word(backends,i)) title word(backends,i), \
     for [i=1:words(backends)] (base ne "" ? base : "/dev/null") using (sel(word(backends,i))):12 \
	with steps lt colour(word(backends,i)) dt 2 lw 1 title (base ne "" ? word(backends,i)." (baseline)" : "")
