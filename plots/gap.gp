# SPDX-License-Identifier: GPL-2.0
# gap.gp - hot against idle wake-ups: a cross-vCPU wake-up's p50 (solid)
# and p90 (dashed) against the idle gap before the signal, one colour per
# backend (the raw floors eventfd, futex, pipe among them). Variables:
# dat (rows: backend gap_us p50 p90, one block per backend, in the order
# of `backends`), gaps (the gaps, ascending), backends, ttl (+ common.gp).
load "plots/common.gp"
set datafile separator whitespace
set title ttl noenhanced
set xlabel "idle gap before the signal (0 = hot: the waiter has only just blocked)"
set ylabel "signal-to-wake-up latency (ns)"
# The gaps are categories (0 has no place on a log axis): one slot each.
slot(g) = sum [k=1:words(gaps)] (int(word(gaps,k)) == int(g) ? k - 1 : 0)
gaplabel(g) = g == 0 ? "0 (hot)" : g >= 1000 ? sprintf("%g ms", g / 1000.0) : sprintf("%g us", g)
set xtics () 
do for [k=1:words(gaps)] { set xtics add (gaplabel(real(word(gaps,k))) k - 1) }
set xrange [-0.3:words(gaps) - 0.7]
set yrange [0:*]
plot for [i=1:words(backends)] dat index (i - 1) using (slot($2)):3 \
	with linespoints lt colour(word(backends,i)) pt 7 ps 0.8 title word(backends,i)." p50", \
     for [i=1:words(backends)] dat index (i - 1) using (slot($2)):4 \
	with linespoints lt colour(word(backends,i)) dt 2 pt 6 ps 0.8 title word(backends,i)." p90"
