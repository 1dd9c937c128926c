# SPDX-License-Identifier: GPL-2.0
# kernels.gp - each backend's headline figures on kernel B as a ratio to
# kernel A (bench/plot-kernels): one group of bars per figure, one bar per
# backend, 1 = unchanged, lower = faster on B. Variables: dat (rows:
# label, then one ratio per backend, "-" where missing), backends, ttl
# (+ common.gp ones).
load "plots/common.gp"
set datafile separator "\t"
set datafile missing "-"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set xtics rotate by -30 noenhanced font ",9"
set bmargin 8
set ylabel "kernel B / kernel A (lower: faster on B)" noenhanced
set title ttl noenhanced
set yrange [0:*]
set arrow from graph 0, first 1 to graph 1, first 1 nohead dt 2 lc rgb "#444444"
plot for [i=1:words(backends)] dat using (column(i + 1)):xtic(1) \
	lt colour(word(backends, i)) title word(backends, i)
