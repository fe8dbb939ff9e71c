# chapters/02-position/pages.gp -- dirty pages over time around the
# setpoint (run1: ch02-steady). dirty and setpoint from every
# balance_dirty_pages call; the band setpoint +- write_bw/2 of seed 003
# (write_bw: the kernel's avg_write_bw, KB/s -> pages per second, so
# write_bw/2 is half a second of writeout) from the 200 ms
# bdi_dirty_ratelimit updates; freerun (the midpoint of the background and
# dirty thresholds) and the limit as thin lines. MB. run2 (optional):
# the model on the same spec, its dirty dashed.
bdp = run1."/balance_dirty_pages.tsv"
bdr = run1."/bdi_dirty_ratelimit.tsv"
gds = run1."/global_dirty_state.tsv"
stats bdp using "setpoint" nooutput
sp = STATS_max
stats gds using "dirty_thresh" nooutput
th = STATS_max
stats gds using "background_thresh" nooutput
bg = STATS_max
freerun = (th + bg) / 2
set xlabel "time (s)"
set ylabel "MiB"
set yrange [MB(freerun) - 10:MB(th) + 4]
set key bottom right
mdl = (nruns >= 2) ? run2."/balance_dirty_pages.tsv" : bdp
plot bdp using "time":(MB(column("dirty"))) with lines ls 1 lw 1 title "dirty", \
     mdl using "time":(nruns >= 2 ? MB(column("dirty")) : NaN) with lines ls 2 lw 1 dt 2 title (nruns >= 2 ? "dirty (model)" : ""), \
     bdp using "time":(MB(column("setpoint"))) with lines ls 3 title "setpoint", \
     bdr using "time":(MB(sp + column("avg_write_bw") / 4.0 / 2)) with lines ls 4 dt 2 title "setpoint +- write_bw/2", \
     bdr using "time":(MB(sp - column("avg_write_bw") / 4.0 / 2)) with lines ls 4 dt 2 notitle, \
     bdp using "time":(MB(column("limit"))) with lines ls 6 title "limit", \
     (MB(freerun)) with lines ls 7 title "freerun"
