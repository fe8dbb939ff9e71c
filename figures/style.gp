# figures/style.gp -- the one shared style of every kit figure.
# Loaded by figures/plot before a figure script. Expects gnuplot variables:
#   out   output path without extension
#   fmt   "tex" (report: cairolatex, fonts from the LaTeX text),
#         "png" (docs/walkthrough.md) or "pdf" (stand-alone PDF)
#   run   the (first) run folder; run1..runN and nruns for multi-run figures
#   caption  a one-line data source, drawn under the plot
if (fmt eq "png") {
	set terminal pngcairo size 1000,560 font "DejaVu Sans,11" noenhanced
	set output out.".png"
} else { if (fmt eq "pdf") {
	set terminal pdfcairo size 16cm,9cm font "DejaVu Sans,9" noenhanced
	set output out.".pdf"
} else {
	set terminal cairolatex pdf size 15cm,8cm color colortext
	set output out.".tex"
} }
set datafile separator "\t"
set datafile columnheaders
set grid lc rgb "#dddddd"
set border 3
set tics nomirror out
set key top right box opaque
set style line 1 lc rgb "#1b6ac9" lw 2          # write_bw, dirty
set style line 2 lc rgb "#7fb0e8" lw 2          # avg_write_bw, bdi_dirty
set style line 3 lc rgb "#d62728" lw 2          # dirty_ratelimit, setpoint
set style line 4 lc rgb "#2ca02c" lw 1.5        # balanced rate, bdi_setpoint
set style line 5 lc rgb "#ff9f1c" pt 7 ps 0.3   # task_ratelimit (points)
set style line 6 lc rgb "#000000" lw 1.5 dt 2   # limit
set style line 7 lc rgb "#9467bd" lw 1.5 dt 3   # freerun, thresholds
# Unit helpers: the kernel traces rates in KB/s and pages of 4 KiB.
MBps(x) = x / 1024.0
MB(p) = p * 4.0 / 1024.0
if (exists("caption") && caption ne "") {
	set label 99 caption at screen 0.01, screen 0.015 font ",7" tc rgb "#555555"
	set bmargin 4.5
}
