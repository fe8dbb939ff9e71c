# chapters/06-pertask/poll.gp -- the per-task poll interval: dirtied_pause
# (the task's nr_dirtied_pause, pages) against the headroom limit - dirty
# (pages) of each balance_dirty_pages row, over v10's law
# dirty_poll_interval = 1 << (ilog2(headroom) / 2)
# (seed 006 lines 95-102). run1, run2: preset v10 (10 and 100 writers); run3: 6.1's
# default, whose throttled tasks take nr_dirtied_pause from
# dirty_ratelimit and a target pause instead (wb_min_pause).
law(x) = x < 1 ? 1 : 2 ** floor(floor(log(x) / log(2) + 1e-9) / 2)
hr(r) = (column("limit") - column("dirty")) < 1 ? 1 : column("limit") - column("dirty")
set logscale xy 2
set xlabel "headroom limit - dirty (pages)"
set ylabel "dirtied_pause (pages)"
set key top left
set xrange [1:*]
set samples 2000
nm(i) = value(sprintf("run%d_tasks", i))." writers"
b1 = run1."/balance_dirty_pages.tsv"
if (nruns >= 3) {
	plot run3."/balance_dirty_pages.tsv" using (hr(0)):"dirtied_pause" with points pt 7 ps 0.3 lc rgb "#bbbbbb" title "6.1 default, ".nm(3), \
	     run2."/balance_dirty_pages.tsv" using (hr(0)):"dirtied_pause" with points pt 7 ps 0.4 lc rgb "#ff9f1c" title "preset v10, ".nm(2), \
	     b1 using (hr(0)):"dirtied_pause" with points pt 7 ps 0.4 lc rgb "#1b6ac9" title "preset v10, ".nm(1), \
	     law(x) with steps ls 3 title "1 << (ilog2(headroom) / 2)"
} else {
	plot b1 using (hr(0)):"dirtied_pause" with points pt 7 ps 0.4 lc rgb "#1b6ac9" title "preset v10, ".nm(1), \
	     law(x) with steps ls 3 title "1 << (ilog2(headroom) / 2)"
}
