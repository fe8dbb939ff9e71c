# report/taskrate.gp -- the article's figure, measured: the task's rate limit
# against the number of dirty pages. y is task_ratelimit / dirty_ratelimit
# (= pos_ratio: 1.0 is the bdi's dirty_ratelimit), one point per throttling
# decision of the kernel run, over the model's line at the run's operating
# point. Reads run."/balance_dirty_pages.tsv" and the report/curves folder
# run2 (params.gp, total-6.1.tsv).
load run2."/params.gp"
bdp = run."/balance_dirty_pages.tsv"
set xlabel "dirty pages (MB)"
set ylabel "task_ratelimit / dirty_ratelimit"
set xrange [0:MB(limit) * 1.1]
set yrange [0:2.6]
set key top left
set arrow 1 from MB(freerun), graph 0 to MB(freerun), graph 1 nohead ls 7
set arrow 2 from MB(setpoint), graph 0 to MB(setpoint), graph 1 nohead ls 3 lw 1 dt 2
set arrow 3 from MB(limit), graph 0 to MB(limit), graph 1 nohead ls 6
set arrow 4 from graph 0, first 1 to graph 1, first 1 nohead lc rgb "#888888" dt 3
set label 1 "freerun" at MB(freerun), graph 1.03 center
set label 2 "setpoint" at MB(setpoint), graph 1.08 center
set label 3 "limit" at MB(limit), graph 1.03 center
set label 4 "dirty_ratelimit" at graph 0.02, first 1.08 left tc rgb "#555555"
set label 5 "free run (not throttled)" at MB(freerun) / 2, graph 0.4 center tc rgb "#555555"
set label 6 "smooth throttled" at MB(freerun), graph 0.12 left tc rgb "#555555"
set tmargin 3
ok(t, x) = (column("dirty_ratelimit") > 0 && t) ? x : NaN
plot bdp using (MB(column("dirty"))):(ok(column("time") < from, column("task_ratelimit") / column("dirty_ratelimit"))) \
	with points lc rgb "#f5c27a" pt 7 ps 0.3 title sprintf("kernel, t < %d s", from), \
     bdp using (MB(column("dirty"))):(ok(column("time") >= from, column("task_ratelimit") / column("dirty_ratelimit"))) \
	with points ls 5 title sprintf("kernel, t >= %d s", from), \
     run2."/total-6.1.tsv" using (column("dirty") < freerun ? NaN : MB(column("dirty"))):(column("pos_ratio") / 1024.0) \
	with lines ls 1 title "model pos_ratio (6.1)", \
     run2."/total-6.1.tsv" using (column("dirty") >= freerun ? NaN : MB(column("dirty"))):(column("pos_ratio") / 1024.0) \
	with lines ls 1 dt 3 notitle
