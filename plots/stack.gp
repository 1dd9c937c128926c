# SPDX-License-Identifier: GPL-2.0
# stack.gp - where a wake-up spends its time (the breakdown workload): one
# stacked bar per backend, one colour per stage, the raw floors beside the
# fence backends; the untraced end-to-end figure as a diamond (the traced
# bar is taller by the tracing overhead). Lower panel: each stage minus
# the reference backend's (mainline; the floor where mainline has no such
# wait). Variables: dat (rows: backend label, signal, wakeup, switch,
# return, traced total, untraced total; "-" where missing), diff (rows:
# label, the four stage differences, the traced difference), ref, ttl
# (+ common.gp ones).
load "plots/common.gp"
set datafile separator whitespace
set datafile missing "-"
set key noenhanced
set linetype 11 lc rgb "#ff7f0e"
set linetype 12 lc rgb "#1f77b4"
set linetype 13 lc rgb "#2ca02c"
set linetype 14 lc rgb "#9467bd"
set style fill solid 0.85 border -1
set boxwidth 0.7
set xtics noenhanced
set multiplot layout 2,1 title ttl noenhanced
set style data histograms
set style histogram rowstacked
set ylabel "ns (p50 of each stage, traced)"
set yrange [0:*]
set key outside right top
plot dat using 2:xtic(1) lt 11 title "signal: timestamp -> fence signalled", \
     '' using 3 lt 12 title "wakeup: -> sched_wakeup", \
     '' using 4 lt 13 title "switch: -> sched_switch to the waiter", \
     '' using 5 lt 14 title "return: -> waiter's timestamp", \
     '' using 0:6:(sprintf("%.0f", $6)) with labels offset 0,0.7 notitle, \
     '' using 0:7 with points pt 13 ps 1.6 lc rgb "black" title "untraced end to end (p50)"
set style histogram clustered gap 1
set ylabel sprintf("ns, minus %s", ref) noenhanced
set yrange [*:*]
set arrow 1 from graph 0, first 0 to graph 1, first 0 nohead lc rgb "#444444"
plot diff using 2:xtic(1) lt 11 title "signal", \
     '' using 3 lt 12 title "wakeup", \
     '' using 4 lt 13 title "switch", \
     '' using 5 lt 14 title "return", \
     '' using 6 lt 4 title "traced total"
unset multiplot
