# SPDX-License-Identifier: GPL-2.0
# stack.gp - where a figure spends its time (a workload's stack plot: the
# stages of a wake-up): one stacked bar per backend, one colour per stage,
# the total labelled on the bar and a total measured apart as a diamond.
# Lower panel: each stage and the total minus the reference row's (ref).
# Variables: dat (rows: backend label, the nstages stages, the total, the
# total measured apart; "-" where missing), diff (rows: label, the stage
# differences, the total's difference), nstages, label1 ... label<nstages+2>
# (the legends: stages "name: what it spans", the total, the one measured
# apart; the lower panel shows a stage's name), ref, ylabel, ttl
# (+ common.gp ones).
load "plots/common.gp"
set datafile separator whitespace
set datafile missing "-"
set key noenhanced
# The stages' colours (up to eight), and the total's.
set linetype 11 lc rgb "#ff7f0e"
set linetype 12 lc rgb "#1f77b4"
set linetype 13 lc rgb "#2ca02c"
set linetype 14 lc rgb "#9467bd"
set linetype 15 lc rgb "#8c564b"
set linetype 16 lc rgb "#e377c2"
set linetype 17 lc rgb "#bcbd22"
set linetype 18 lc rgb "#17becf"
set linetype 19 lc rgb "#7f7f7f" lw 2
label(i) = value(sprintf("label%d", i))
stage(i) = strstrt(label(i), ":") ? label(i)[1:strstrt(label(i), ":") - 1] : label(i)
total = nstages + 2
apart = nstages + 3
set style fill solid 0.85 border -1
set boxwidth 0.7
set xtics noenhanced
set multiplot layout 2,1 title ttl noenhanced
set style data histograms
set style histogram rowstacked
set ylabel ylabel
set yrange [0:*]
set key outside right top
plot dat using 2:xtic(1) lt 11 title label(1), \
     for [j=3:nstages + 1] '' using j lt (9 + j) title label(j - 1), \
     '' using 0:total:(sprintf("%.0f", column(total))) with labels offset 0,0.7 notitle, \
     '' using 0:apart with points pt 13 ps 1.6 lc rgb "black" title label(nstages + 2)
set style histogram clustered gap 1
set ylabel sprintf("ns, minus %s", ref) noenhanced
set yrange [*:*]
set arrow 1 from graph 0, first 0 to graph 1, first 0 nohead lc rgb "#444444"
plot diff using 2:xtic(1) lt 11 title stage(1), \
     for [j=3:nstages + 1] '' using j lt (9 + j) title stage(j - 1), \
     '' using total lt 19 title label(nstages + 1)
unset multiplot
