# SPDX-License-Identifier: GPL-2.0
# common.gp - shared plot setup: CSV input, terminal from `fmt` (png|svg), output `out`.
# Variables set by bench/plot: fmt, out, title_extra, backends, base (baseline CSV or "").
set datafile separator ","
if (fmt eq "svg") { set terminal svg size 900,600 dynamic enhanced font "sans,11" } else { set terminal pngcairo size 900,600 enhanced font "sans,10" }
set output out
set key outside right top
set grid
# One colour per backend, the same in every plot.
colour(b) = b eq "legacy" ? 1 : b eq "dma" ? 2 : b eq "mainline" ? 3 : b eq "eventfd" ? 4 : b eq "futex" ? 5 : 6
set linetype 1 lc rgb "#d62728" lw 2
set linetype 2 lc rgb "#1f77b4" lw 2
set linetype 3 lc rgb "#2ca02c" lw 2
set linetype 4 lc rgb "#7f7f7f" lw 2
set linetype 5 lc rgb "#9467bd" lw 2
set linetype 6 lc rgb "#8c564b" lw 2
