# report/bdi.gp -- seed 003's bdi control lines at dirty = setpoint (global
# factor 1.0): pos_ratio against the bdi's dirty pages. Model lines for the
# run's disk (it holds all of the threshold) and for a disk holding a
# quarter of it, where v10 switches to its auxiliary line (half the rate
# scale, aimed at the limit) and 6.1 to its 1/4 floor. Points: the kernel's
# traced pos_ratio divided by the global cubic at the traced dirty, setpoint
# and limit, i.e. the bdi factor the kernel applied.
# Reads run."/balance_dirty_pages.tsv", run2 (report/curves).
load run2."/params.gp"
bdp = run."/balance_dirty_pages.tsv"
set xlabel "bdi_dirty (MB)"
set ylabel "pos_ratio at the global setpoint"
set xrange [0:MB(limit) * 1.05]
set yrange [0:1.6]
set key bottom left
cubic(d, s, l) = (x = (s - d) / (l - s + 1.0), g = 1.0 + x * x * x, g < 0 ? 0 : (g > 2 ? 2 : g))
bfac(d, s, l, p) = (g = cubic(d, s, l), g < 0.25 ? NaN : p / 1024.0 / g)
set arrow 1 from MB(bdi_setpoint), graph 0 to MB(bdi_setpoint), graph 1 nohead ls 4 lw 1 dt 2
set arrow 2 from MB(quarter_thresh * setpoint / (thresh + 1.0)), graph 0 \
	to MB(quarter_thresh * setpoint / (thresh + 1.0)), graph 1 nohead ls 2 lw 1 dt 2
set arrow 3 from MB(limit), graph 0 to MB(limit), graph 1 nohead ls 6
set label 1 "bdi_setpoint" at MB(bdi_setpoint), graph 1.03 center
set label 2 "bdi_setpoint (1/4 disk)" at MB(quarter_thresh * setpoint / (thresh + 1.0)), graph 1.03 center
set label 3 "limit" at MB(limit), graph 1.08 center
set tmargin 3
plot run2."/bdi-6.1.tsv" using (MB(column("bdi_dirty"))):(column("pos_ratio") / 1024.0) with lines ls 1 title "this disk (6.1)", \
     run2."/bdi-v10.tsv" using (MB(column("bdi_dirty"))):(column("pos_ratio") / 1024.0) with lines ls 1 dt 2 title "this disk (v10)", \
     run2."/bdiq-v10.tsv" using (MB(column("bdi_dirty"))):(column("pos_ratio") / 1024.0) with lines ls 3 title "1/4 disk (v10: main + auxiliary)", \
     run2."/bdiq-6.1.tsv" using (MB(column("bdi_dirty"))):(column("pos_ratio") / 1024.0) with lines ls 4 title "1/4 disk (6.1)", \
     bdp using (MB(column("bdi_dirty"))):(column("time") < from ? bfac(column("dirty"), column("setpoint"), column("limit"), column("pos_ratio")) : NaN) \
	with points lc rgb "#f5c27a" pt 7 ps 0.3 title sprintf("kernel, t < %g s", from), \
     bdp using (MB(column("bdi_dirty"))):(column("time") >= from ? bfac(column("dirty"), column("setpoint"), column("limit"), column("pos_ratio")) : NaN) \
	with points ls 5 title sprintf("kernel, t >= %g s", from)
