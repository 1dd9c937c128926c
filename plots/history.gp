# SPDX-License-Identifier: GPL-2.0
# history.gp - one figure over runs (bench/history): a line per backend,
# its baseline band (value within the gate's threshold) shaded, points the
# gate flags REGRESSED circled in black. Variables: dat (fbtool history's
# data file, a block per backend), runs (its x tics), backends, ttl, ylab
# (+ common.gp ones).
load "plots/common.gp"
set datafile separator whitespace
load runs
set ylabel ylab noenhanced
set title ttl noenhanced
set bmargin 6
set style fill transparent solid 0.12 noborder
plot for [i=1:words(backends)] dat index (i - 1) using 1:4:5 \
	with filledcurves lt colour(word(backends, i)) notitle, \
     for [i=1:words(backends)] dat index (i - 1) using 1:2 \
	with linespoints lt colour(word(backends, i)) pt 7 ps 0.8 title word(backends, i), \
     for [i=1:words(backends)] dat index (i - 1) using 1:($3 > 0 ? $2 : 1/0) \
	with points pt 6 ps 2.5 lw 2 lc rgb "black" title (i == 1 ? "REGRESSED" : "")
