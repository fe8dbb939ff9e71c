# chapters/09-tracing/share.gp -- each writer's dirty rate (MiB/s, the
# slope of its task_io write_bytes from the run's steady key on (20 s), computed by dt rates;
# figures/plot gives dt's path) against the fair share write_bw / N (dashed; write_bw is the
# mean of bdi_dirty_ratelimit's write_bw over the same window). One
# column of points per run: run1 (N = 4), run2 (N = 16).
# the analysis window: each run's steady key (its meta, from the spec)
S(j) = real(value(sprintf("run%d_steady", j)))
rates(j) = "< ".dt." rates ".value("run".j)."/task_io.tsv write_bytes from=".value(sprintf("run%d_steady", j))." where=comm=dtwork list"
set xlabel "writer (in order of pid)"
set ylabel "MiB/s"
set key top right
set yrange [0:*]
set xrange [0:17]
ntasks(r) = words(system(dt." distinct ".r."/task_io.tsv pid where=comm=dtwork"))
n1 = ntasks(run1)
stats run1."/bdi_dirty_ratelimit.tsv" using (column("time") >= S(1) ? column("write_bw") : NaN) nooutput
bw1 = STATS_mean / 1024.0
if (nruns >= 2) {
	n2 = ntasks(run2)
	stats run2."/bdi_dirty_ratelimit.tsv" using (column("time") >= S(2) ? column("write_bw") : NaN) nooutput
	bw2 = STATS_mean / 1024.0
	plot rates(1) using ($0 + 1):(column("rate") / 1048576.0) with points pt 7 ps 1.2 lc rgb "#1b6ac9" title sprintf("N = %d", n1), \
	     bw1 / n1 with lines ls 6 lc rgb "#1b6ac9" title sprintf("write_bw / %d", n1), \
	     rates(2) using ($0 + 1):(column("rate") / 1048576.0) with points pt 5 ps 1.2 lc rgb "#d62728" title sprintf("N = %d", n2), \
	     bw2 / n2 with lines ls 6 lc rgb "#d62728" title sprintf("write_bw / %d", n2)
} else {
	plot rates(1) using ($0 + 1):(column("rate") / 1048576.0) with points pt 7 ps 1.2 lc rgb "#1b6ac9" title sprintf("N = %d", n1), \
	     bw1 / n1 with lines ls 6 lc rgb "#1b6ac9" title sprintf("write_bw / %d", n1)
}
