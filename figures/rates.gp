# figures/rates.gp -- rates over time: write_bw, avg_write_bw,
# dirty_ratelimit, balanced_dirty_ratelimit (bdi_dirty_ratelimit event) and
# task_ratelimit (balance_dirty_pages event), in MB/s.
# Reads run."/bdi_dirty_ratelimit.tsv", run."/balance_dirty_pages.tsv".
set xlabel "time (s)"
set ylabel "MiB/s"
set yrange [0:*]
bdr = run."/bdi_dirty_ratelimit.tsv"
bdp = run."/balance_dirty_pages.tsv"
plot bdp using "time":(MBps(column("task_ratelimit"))) with points ls 5 title "task_ratelimit", \
     bdr using "time":(MBps(column("write_bw"))) with lines ls 1 title "write_bw", \
     bdr using "time":(MBps(column("avg_write_bw"))) with lines ls 2 title "awrite_bw", \
     bdr using "time":(MBps(column("balanced_dirty_ratelimit"))) with steps ls 4 title "balanced_dirty_ratelimit", \
     bdr using "time":(MBps(column("dirty_ratelimit"))) with steps ls 3 title "dirty_ratelimit"
