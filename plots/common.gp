# SPDX-License-Identifier: GPL-2.0
# common.gp - shared plot setup: CSV input, terminal from `fmt` (png|svg), output `out`.
# Variables set by bench/plot: fmt, out, title_extra, backends, base (baseline CSV or ""),
# colours.
set datafile separator ","
if (fmt eq "svg") { set terminal svg size 900,600 dynamic enhanced font "sans,11" } else { set terminal pngcairo size 900,600 enhanced font "sans,10" }
set output out
set key outside right top
set grid
# One colour per backend, the same in every plot: `colours` holds "NAME
# #rrggbb" pairs, what each backend declares (fbtool colours RESULTS.json);
# a backend's linetype is the place of its pair, from 1.
if (!exists("colours")) colours = ""
ncolours = words(colours) / 2
do for [k=1:ncolours] { set linetype k lc rgb word(colours, 2 * k) lw 2 }
colour(b) = sum [k=1:ncolours] (word(colours, 2 * k - 1) eq b ? k : 0)
