# chapters/06-pertask/overshoot.gp -- 996 writers joining 4 at the limit:
# the dirty pool (nr_dirty + nr_writeback, global_dirty_state) as a
# fraction of dirty_thresh over the run, with the per-CPU
# safeguard on (run1) and off (run2). Dashed: the limit; dotted: the
# seed's 3 % margin (thresh / 32) and the honest bound thresh / 32 + 8 N.
g1 = run1."/global_dirty_state.tsv"
stats g1 using "dirty_thresh" nooutput
thr = STATS_max
n = run1_tasks + 0
set xlabel "time (s)"
set ylabel "(nr_dirty + nr_writeback) / dirty_thresh"
set key bottom right
set xrange [0:*]
set yrange [0:*]
set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead ls 6
set arrow 2 from graph 0, first 1 + 1.0 / 32 to graph 1, first 1 + 1.0 / 32 nohead ls 7
set arrow 3 from graph 0, first 1 + 1.0 / 32 + 8.0 * n / thr to graph 1, first 1 + 1.0 / 32 + 8.0 * n / thr nohead ls 7 lc rgb "#555555"
set label 1 "limit + thresh/32" at graph 0.75, first 1 + 1.0 / 32 offset 0, -0.7 font ",9"
set label 2 sprintf("+ 8 pages x %d tasks", n) at graph 0.01, first 1 + 1.0 / 32 + 8.0 * n / thr offset 0, 0.6 font ",9"
if (nruns >= 2) {
	plot g1 using "time":((column("nr_dirty") + column("nr_writeback")) / column("dirty_thresh")) with lines ls 1 title "percpu_safeguard on", \
	     run2."/global_dirty_state.tsv" using "time":((column("nr_dirty") + column("nr_writeback")) / column("dirty_thresh")) with lines ls 3 title "percpu_safeguard off"
} else {
	plot g1 using "time":((column("nr_dirty") + column("nr_writeback")) / column("dirty_thresh")) with lines ls 1 title "percpu_safeguard on"
}
