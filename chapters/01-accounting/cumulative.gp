# chapters/01-accounting/cumulative.gp -- pages dirtied and pages written
# since the workload started, and the dirty pool between them (MB).
# Reads run."/global_dirty_state.tsv" (nr_dirtied, nr_written are the
# kernel's cumulative NR_DIRTIED / NR_WRITTEN counters; nr_dirty and
# nr_writeback the pool). Loaded after figures/style.gp by figures/plot.
gds = run."/global_dirty_state.tsv"
stats gds using "nr_dirtied" nooutput
d0 = STATS_min
stats gds using "nr_written" nooutput
w0 = STATS_min
set xlabel "time (s)"
set ylabel "MiB"
set key top left
plot gds using "time":(MB(column("nr_dirtied") - d0)) with lines ls 1 title "dirtied since start", \
     gds using "time":(MB(column("nr_written") - w0)) with lines ls 3 title "written since start", \
     gds using "time":(MB(column("nr_dirty") + column("nr_writeback"))) with lines ls 4 title "nr_dirty + nr_writeback (the pool)"
