# chapters/06-pertask/sweep.gp -- the overshoot against the crowd: for
# each run (4 writers at the limit, then N, safeguard on), the largest
# excess of nr_dirty + nr_writeback over dirty_thresh (global_dirty_state),
# in pages, against N. Lines: the seed's 3 % margin (thresh / 32) and the
# bound its own code gives, thresh / 32 + 8 N.
g1 = run1."/global_dirty_state.tsv"
stats g1 using "dirty_thresh" nooutput
thr = STATS_max
# the datablock is read like the TSVs (the style: tab-separated, a
# header line)
set print $pts
print "tasks\tovershoot"
do for [i = 1:nruns] {
	f = value("run".i)."/global_dirty_state.tsv"
	stats f using (column("nr_dirty") + column("nr_writeback") - column("dirty_thresh")) nooutput
	print sprintf("%d\t%g", value("run".i."_tasks") + 0, STATS_max)
}
unset print
set xlabel "writers N (4 at the limit, then N - 4 more at once)"
set ylabel "max overshoot (pages)"
set key top left
set xrange [0:*]
set yrange [0:*]
plot thr / 32.0 with lines ls 7 title "thresh/32 (the seed's bound)", \
     thr / 32.0 + 8 * x with lines ls 6 title "thresh/32 + 8 N (the seed's code)", \
     $pts using "tasks":"overshoot" with linespoints ls 1 pt 7 title "measured, percpu_safeguard on"
