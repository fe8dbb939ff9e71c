# chapters/04-stuck/rate.gp -- dirty_ratelimit after the seed: formula (1)
# left, formula (2) right. The kernel's dirty_ratelimit (red) and balanced
# rate (green), the model's dirty_ratelimit (red, dashed) and the goal
# write_bw / N (blue: the kernel's avg_write_bw / N). The dotted vertical
# line is the seed (dirty_ratelimit := 2 write_bw / N, the rate estimation
# off), the solid grey one the resume (the estimation back on). MB/s.
# Runs: run1 = ch04-pure, run2 = ch04-pos (kernel); run3, run4 = the model
# on the same specs (optional).
N = real(run1_tasks)
have_model = (nruns >= 4)
ptitle(i) = (i == 1) ? "formula (1): rate_feedback=pure" : "formula (2): rate_feedback=pos"
# the seed's moment and the resume's (the rate estimation back on): the
# kernel's "ch04 seed" and "ch04 resume" trace markers (print.tsv)
do for [i = 1:2] {
	stats value("run".i)."/print.tsv" using (strcol("buf") eq "ch04 seed" ? column("time") : NaN) nooutput
	eval sprintf("seed%d = STATS_min", i)
	stats value("run".i)."/print.tsv" using (strcol("buf") eq "ch04 resume" ? column("time") : NaN) nooutput
	eval sprintf("res%d = STATS_min", i)
}
set xlabel "time (s)"
set ylabel "MiB/s"
set key top right font ",9" samplen 2
set yrange [0:7]
set xrange [5:*]
set multiplot layout 1,2
do for [i = 1:2] {
	r = value("run".i)
	bdr = r."/bdi_dirty_ratelimit.tsv"
	set arrow 1 from value("seed".i), graph 0 to value("seed".i), graph 1 nohead lc rgb "#555555" dt 3
	set arrow 2 from value("res".i), graph 0 to value("res".i), graph 1 nohead lc rgb "#555555" dt 1
	set title ptitle(i) font ",10"
	if (have_model) {
		m = value("run".(i + 2))
		plot bdr using "time":(MBps(column("balanced_dirty_ratelimit"))) with lines ls 4 lw 1 title "balanced (kernel)", \
		     bdr using "time":(MBps(column("dirty_ratelimit"))) with lines ls 3 title "dirty_ratelimit (kernel)", \
		     m."/bdi_dirty_ratelimit.tsv" using "time":(MBps(column("dirty_ratelimit"))) with lines ls 3 dt 2 title "dirty_ratelimit (model)", \
		     bdr using "time":(MBps(column("avg_write_bw")) / N) with lines ls 1 title "write_bw / N (kernel)"
	} else {
		plot bdr using "time":(MBps(column("balanced_dirty_ratelimit"))) with lines ls 4 lw 1 title "balanced (kernel)", \
		     bdr using "time":(MBps(column("dirty_ratelimit"))) with lines ls 3 title "dirty_ratelimit (kernel)", \
		     bdr using "time":(MBps(column("avg_write_bw")) / N) with lines ls 1 title "write_bw / N (kernel)"
	}
}
unset multiplot
