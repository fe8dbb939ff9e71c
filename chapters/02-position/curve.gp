# chapters/02-position/curve.gp -- the pos_ratio curve from a real run:
# every balance_dirty_pages call of run1 (ch02-sweep) after write_bw has
# settled (from the run's steady key, 20 s) as a point (dirty, pos_ratio), over the model's
# curves for 6.1 and v10 (run2: the folder made by figures/pos-curves
# for this run: 6.1.tsv, v10.tsv), with freerun, setpoint and limit
# marked. pos_ratio is traced in 1/1024; dirty in pages.
bdp = run1."/balance_dirty_pages.tsv"
c61 = run2."/6.1.tsv"
c10 = run2."/v10.tsv"
stats c61 using "freerun" nooutput
freerun = STATS_max
stats c61 using "setpoint" nooutput
setpoint = STATS_max
stats c61 using "limit" nooutput
limit = STATS_max
set xlabel "dirty (MiB)"
set ylabel "pos_ratio"
set xrange [MB(freerun) - 4:MB(limit) + 1]
set yrange [0:2.6]
set arrow 1 from MB(freerun), 0 to MB(freerun), 2.6 nohead ls 7
set arrow 2 from MB(setpoint), 0 to MB(setpoint), 2.6 nohead ls 3 lw 1 dt 2
set arrow 3 from MB(limit), 0 to MB(limit), 2.6 nohead ls 6
set label 1 "freerun" at MB(freerun), 2.5 left offset 0.5,0 tc rgb "#9467bd"
set label 2 "setpoint" at MB(setpoint), 2.5 left offset 0.5,0 tc rgb "#d62728"
set label 3 "limit" at MB(limit), 2.5 right offset -0.5,0
set key bottom left
S = real(run1_steady)
plot bdp using (column("time") >= S ? MB(column("dirty")) : NaN):(column("pos_ratio") / 1024.0) \
	with points ls 5 title sprintf("kernel: balance_dirty_pages, t >= %g s", S), \
     c61 using (MB(column("dirty"))):(column("pos_ratio") / 1024.0) with lines ls 1 title "model, 6.1", \
     c10 using (MB(column("dirty"))):(column("pos_ratio") / 1024.0) with lines ls 4 dt 2 title "model, v10"
