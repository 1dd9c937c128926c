# SPDX-License-Identifier: GPL-2.0
# vcpus.gp - poll scaling against guest vCPUs: the last-wake time for W
# waiters (one W) per backend, 1 NUMA node solid, 2 nodes as points; the
# baseline dashed. Variables: csv, base, series, w, ttl, backends.
load "plots/common.gp"
set logscale y
set xlabel "guest vCPUs"
set ylabel "time until the last waiter wakes (ns)"
set xtics (1, 2, 4, 8)
set title ttl noenhanced
sel(b, n) = (strcol(2) eq b && strcol(3) eq series && strcol(6) eq "last_wake_ns" && \
             column(5) == w && int(column(10)) == n) ? column(9) : NaN
plot for [i=1:words(backends)] csv using (sel(word(backends,i), 1)):12 \
	with linespoints lt colour(word(backends,i)) pt 7 title word(backends,i), \
     for [i=1:words(backends)] csv using (sel(word(backends,i), 2)):12 \
	with points lt colour(word(backends,i)) pt 5 ps 1.5 title word(backends,i)." (2 NUMA nodes)", \
     for [i=1:words(backends)] (base ne "" ? base : "/dev/null") using (sel(word(backends,i), 1)):12 \
	with lines lt colour(word(backends,i)) dt 2 lw 1 title (base ne "" ? word(backends,i)." (baseline)" : "")
