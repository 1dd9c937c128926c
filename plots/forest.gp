# SPDX-License-Identifier: GPL-2.0
# forest.gp - an A/B comparison (fbtool ab --out DIR: DIR/ab.csv) as a
# forest plot: one row per gated figure, top to bottom in workload order,
# its ratio B/A as a point with its 95 % interval as a bar on a log axis;
# a line at 1 (no change), dashed lines at 1/target and target (the
# interval target of fbtool ab --target); points coloured by verdict
# (slower red, faster green, same grey, untested light grey, a bar of no
# width); workloads on alternate bands, named at the right.
# Writes out.png and out.svg, the canvas as tall as the rows need.
# Variables: csv (ab.csv), out (path without extension), title (mode,
# test, pairs), target (default 1.03).
#   gnuplot -e "csv='DIR/ab.csv'; out='DIR/forest'; title='...'" plots/forest.gp
if (!exists("target")) target = 1.03
if (!exists("title")) title = ""
# The rows (header aside): a CSV with no gated figure still gets a picture.
n = int(system(sprintf("tail -n +2 '%s' 2>/dev/null | grep -c .", csv)))
# The x range: every interval, and the target lines, with a margin
# (stats before the log axis and the row range, which would clip it).
lo = 1 / target
hi = target
set datafile separator ","
if (n > 0) {
	stats csv using 5 skip 1 nooutput
	lo = STATS_min < lo ? STATS_min : lo
	stats csv using 6 skip 1 nooutput
	hi = STATS_max > hi ? STATS_max : hi
}
lo = lo / 1.02
hi = hi * 1.02
base = out
fmt = "png"
out = base . ".png"
load "plots/common.gp"
# Line widths as the plot was tuned: 2 for its first six elements (the
# bands to the key's markers of slower and faster), 1 for the others.
do for [k=1:6] { set linetype k lw 2 }
# common.gp's 900x600 holds some 25 rows; 16 pixels a row (a 9-point
# label each) keep 60 labels apart.
h = 150 + 16 * (n > 0 ? n : 1)
set terminal pngcairo size 1200, h enhanced font "sans,9"
set output out
unset grid
set grid xtics lc rgb "#dddddd"
set title title noenhanced
set xlabel "B / A (ratio of the figure, 95 % interval; log scale; right of 1: B slower)"
set logscale x
# Tics at round ratios for the span shown (gnuplot's own log tics would
# be decades: only 1).
if (hi / lo < 1.3) {
	set xtics (0.8, 0.85, 0.9, 0.95, 0.98, 0.99, 1, 1.01, 1.02, 1.05, 1.1, 1.15, 1.2, 1.25)
} else {
	if (hi / lo < 5) {
		set xtics (0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2)
	} else {
		set xtics (0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100)
	}
}
# The targets' own labels where they do not crowd the 1 (the key names them).
if (hi / lo < 1.6) {
	set xtics add (sprintf("%.3g", 1 / target) 1 / target, sprintf("%.3g", target) target)
}
set format x "%.3g"
set ytics noenhanced font ",8" nomirror scale 0
set yrange [n - 0.5:-0.5]
set key outside top center horizontal samplen 1
set border 3

if (n == 0) {
	set xrange [lo:hi]
	set yrange [0:1]
	unset ytics
	set label 1 "no gated figure in " . csv at 1, 0.5 center noenhanced
	plot NaN notitle
	set terminal svg size 1200, h dynamic enhanced font "sans,10"
	set output base . ".svg"
	replot
	exit
}

set xrange [lo:hi]
set arrow 1 from 1, graph 0 to 1, graph 1 nohead lc rgb "black" lw 1.5 front
set arrow 2 from target, graph 0 to target, graph 1 nohead lc rgb "#555555" dt 2 front
set arrow 3 from 1 / target, graph 0 to 1 / target, graph 1 nohead lc rgb "#555555" dt 2 front

colour(v) = v eq "slower" ? 0xd62728 : v eq "faster" ? 0x2ca02c : \
	    v eq "same" ? 0x7f7f7f : 0xc7c7c7
# The workload bands: a row starts a new one when its workload changes
# (the CSV is in workload order). Evaluated row by row: the state starts
# over at the first row of each plot element.
new_group(w) = (column(0) == 0 ? (prev = "", group = 0) : 0, \
		ng = (w ne prev), prev = w, group = group + ng, ng)
band(w) = (new_group(w), group % 2 ? 0xf2f2f2 : 0xffffff)
first(w) = (new_group(w) ? w : "")

plot csv skip 1 using (sqrt(lo * hi)):1:(lo):(hi):($1 - 0.5):($1 + 0.5):(band(strcol(2))) \
	with boxxyerror fs solid 1.0 noborder lc rgb variable notitle, \
     '' skip 1 using (hi):1:(first(strcol(2))) with labels right offset -0.5, 0 \
	font ",9" tc rgb "#555555" noenhanced notitle, \
     '' skip 1 using 4:1:5:6:(colour(strcol(7))) with xerrorbars pt 7 ps 0.9 lw 1.5 \
	lc rgb variable notitle, \
     '' skip 1 using (NaN):1:ytic(3) with points notitle, \
     NaN with points pt 7 lc rgb "#d62728" title "slower", \
     NaN with points pt 7 lc rgb "#2ca02c" title "faster", \
     NaN with points pt 7 lc rgb "#7f7f7f" title "same", \
     NaN with points pt 7 lc rgb "#c7c7c7" title "untested", \
     NaN with lines lc rgb "#555555" dt 2 title sprintf("target x/÷%.3g", target)

# The same picture as SVG.
set terminal svg size 1200, h dynamic enhanced font "sans,10"
set output base . ".svg"
replot
