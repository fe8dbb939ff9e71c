# chapters/01-accounting/rates.gp -- the bdi's dirty rate (pages dirtied
# per 200 ms update interval, KB/s in the trace) against its write
# bandwidth estimate, MB/s. Reads run."/bdi_dirty_ratelimit.tsv"; a second
# run (run2, e.g. the model on the same spec) is drawn dashed when given.
bdr = run."/bdi_dirty_ratelimit.tsv"
set xlabel "time (s)"
set ylabel "MiB/s"
set yrange [0:*]
if (nruns >= 2) {
	bdr2 = run2."/bdi_dirty_ratelimit.tsv"
	plot bdr using "time":(MBps(column("dirty_rate"))) with steps ls 5 lw 1 title "dirty_rate", \
	     bdr using "time":(MBps(column("write_bw"))) with lines ls 1 title "write_bw", \
	     bdr2 using "time":(MBps(column("dirty_rate"))) with steps ls 5 lw 1 dt 2 title "dirty_rate (model)", \
	     bdr2 using "time":(MBps(column("write_bw"))) with lines ls 1 dt 2 title "write_bw (model)"
} else {
	plot bdr using "time":(MBps(column("dirty_rate"))) with steps ls 5 lw 1 title "dirty_rate", \
	     bdr using "time":(MBps(column("write_bw"))) with lines ls 1 title "write_bw"
}
