# chapters/03-rate/rates.gp -- N = 1, 2, 4, 8 writers (run1..run4:
# ch03-n1, -n2, -n4, -n8; run5..run8 optional: the model on the same
# specs): dirty_ratelimit, balanced_dirty_ratelimit and write_bw/N (the
# kernel's avg_write_bw divided by N) at every 200 ms update, MB/s, log
# scale (the rates start at 100 MiB/s). The model's dirty_ratelimit dashed.
set multiplot layout 2,2
set logscale y
set yrange [0.5:150]
set ytics (1, 2, 5, 10, 20, 50, 100)
set xrange [0:60]
set key top right font ",7" samplen 2
set ylabel "MiB/s"
do for [i = 1:4] {
	n = 2 ** (i - 1)
	bdr = value("run".i)."/bdi_dirty_ratelimit.tsv"
	set title sprintf("N = %d", n) offset 0,-0.8
	set xlabel (i > 2 ? "time (s)" : "")
	if (nruns >= i + 4) {
		mdl = value("run".(i + 4))."/bdi_dirty_ratelimit.tsv"
		plot bdr using "time":(MBps(column("balanced_dirty_ratelimit"))) with lines ls 4 lw 1 title "balanced_dirty_ratelimit", \
		     bdr using "time":(MBps(column("dirty_ratelimit"))) with lines ls 3 title "dirty_ratelimit", \
		     bdr using "time":(MBps(column("avg_write_bw")) / n) with lines ls 1 lw 1.5 title "write_bw / N", \
		     mdl using "time":(MBps(column("dirty_ratelimit"))) with lines ls 3 lw 1 dt 2 title "dirty_ratelimit (model)"
	} else {
		plot bdr using "time":(MBps(column("balanced_dirty_ratelimit"))) with lines ls 4 lw 1 title "balanced_dirty_ratelimit", \
		     bdr using "time":(MBps(column("dirty_ratelimit"))) with lines ls 3 title "dirty_ratelimit", \
		     bdr using "time":(MBps(column("avg_write_bw")) / n) with lines ls 1 lw 1.5 title "write_bw / N"
	}
}
unset multiplot
