# chapters/05-stepfilter/rates.gp -- the balanced rate and dirty_ratelimit,
# step filter off (left) and on (right): the kernel's
# balanced_dirty_ratelimit (green) and dirty_ratelimit (red) at every 200 ms
# update, the model's dirty_ratelimit (red, dashed) and write_bw / N (blue:
# the kernel's avg_write_bw / N). MB/s.
# Runs: run1 = ch05-off, run2 = ch05-on (kernel); run3, run4 = the model on
# the same specs (optional).
N = real(run1_tasks)
disk = real(run1_disk_bw_b) / 1048576.0
have_model = (nruns >= 4)
ptitle(i) = (i == 1) ? "step filter off: dirty_ratelimit = balanced" : "step filter on"
set xlabel "time (s)"
set ylabel "MiB/s"
set key top right font ",9" samplen 2
set yrange [0:3 * disk / N]
set multiplot layout 1,2
do for [i = 1:2] {
	r = value("run".i)
	bdr = r."/bdi_dirty_ratelimit.tsv"
	set title ptitle(i) font ",10"
	if (have_model) {
		m = value("run".(i + 2))
		plot bdr using "time":(MBps(column("balanced_dirty_ratelimit"))) with lines ls 4 lw 1 title "balanced (kernel)", \
		     bdr using "time":(MBps(column("dirty_ratelimit"))) with lines ls 3 title "dirty_ratelimit (kernel)", \
		     m."/bdi_dirty_ratelimit.tsv" using "time":(MBps(column("dirty_ratelimit"))) with lines ls 3 lw 1.5 dt 2 title "dirty_ratelimit (model)", \
		     bdr using "time":(MBps(column("avg_write_bw")) / N) with lines ls 1 title "write_bw / N (kernel)"
	} else {
		plot bdr using "time":(MBps(column("balanced_dirty_ratelimit"))) with lines ls 4 lw 1 title "balanced (kernel)", \
		     bdr using "time":(MBps(column("dirty_ratelimit"))) with lines ls 3 title "dirty_ratelimit (kernel)", \
		     bdr using "time":(MBps(column("avg_write_bw")) / N) with lines ls 1 title "write_bw / N (kernel)"
	}
}
unset multiplot
