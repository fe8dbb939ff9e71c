# figures/pages.gp -- dirty pages over time against the control targets, MB:
# dirty, setpoint, limit, bdi_dirty, bdi_setpoint (balance_dirty_pages
# event) and nr_dirty, the freerun ceiling (global_dirty_state event).
# Reads run."/balance_dirty_pages.tsv", run."/global_dirty_state.tsv".
set xlabel "time (s)"
set ylabel "MiB"
set yrange [0:*]
bdp = run."/balance_dirty_pages.tsv"
gds = run."/global_dirty_state.tsv"
plot gds using "time":(MB(column("nr_dirty"))) with lines ls 1 lw 1 title "nr_dirty (global)", \
     gds using "time":(MB((column("dirty_thresh") + column("background_thresh")) / 2)) with lines ls 7 title "freerun", \
     bdp using "time":(MB(column("bdi_dirty"))) with points ls 2 pt 7 ps 0.3 title "bdi_dirty", \
     bdp using "time":(MB(column("setpoint"))) with lines ls 3 title "setpoint", \
     bdp using "time":(MB(column("bdi_setpoint"))) with lines ls 4 title "bdi_setpoint", \
     bdp using "time":(MB(column("limit"))) with lines ls 6 title "limit"
