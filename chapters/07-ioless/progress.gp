# chapters/07-ioless/progress.gp -- each writer's progress (MB written
# into the page cache, work.log sampled every 250 ms) over time: straight
# lines under the IO-less loop, steps under the old on/off scheme
# (pos_ratio=threshold). One run per figure.
wl = run."/work.log"
n = words(system(dt." distinct ".wl." task"))	# dt: from figures/plot
set xlabel "time (s)"
set ylabel "MiB written by each task"
set key top left
set yrange [0:*]
# 10..20 s, or the last 10 s of a shorter run (report/check's pipeline test)
stats wl using "time" nooutput
x1 = (STATS_max < 20) ? STATS_max : 20
x0 = (x1 > 10) ? x1 - 10 : 0
set xrange [x0:x1]
plot for [i=0:n-1] "< ".dt." select ".wl." where=task=".i using "time":(column("bytes") / 1048576.0) \
	with linespoints pt 7 ps 0.4 lw 1.5 lc i + 1 title (i < 3 ? sprintf("task %d", i) : (i == 3 ? "..." : ""))
