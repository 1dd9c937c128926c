# SPDX-License-Identifier: GPL-2.0
# gap.gp - a figure against an idle gap before it (a workload's gap plot:
# hot against idle wake-ups): two figures of one series (label1 solid,
# label2 dashed; e.g. p50 and p90) against the gap, one colour per
# backend. Variables: dat (rows: backend gap_us first second, one block
# per backend, in the order of `backends`), gaps (the gaps in us,
# ascending), backends, xlabel, ylabel, label1, label2, ttl (+ common.gp).
load "plots/common.gp"
set datafile separator whitespace
set title ttl noenhanced
set xlabel xlabel
set ylabel ylabel
# The gaps are categories (0 has no place on a log axis): one slot each.
slot(g) = sum [k=1:words(gaps)] (int(word(gaps,k)) == int(g) ? k - 1 : 0)
gaplabel(g) = g == 0 ? "0 (hot)" : g >= 1000 ? sprintf("%g ms", g / 1000.0) : sprintf("%g us", g)
set xtics () 
do for [k=1:words(gaps)] { set xtics add (gaplabel(real(word(gaps,k))) k - 1) }
set xrange [-0.3:words(gaps) - 0.7]
set yrange [0:*]
plot for [i=1:words(backends)] dat index (i - 1) using (slot($2)):3 \
	with linespoints lt colour(word(backends,i)) pt 7 ps 0.8 title word(backends,i)." ".label1, \
     for [i=1:words(backends)] dat index (i - 1) using (slot($2)):4 \
	with linespoints lt colour(word(backends,i)) dt 2 pt 6 ps 0.8 title word(backends,i)." ".label2
