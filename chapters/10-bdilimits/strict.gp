# chapters/10-bdilimits/strict.gp -- one writer on a 2 MiB/s disk capped
# at 4 MiB of a 40 MiB pool: the wb's dirty pages (bdi_dirty, MiB, from
# balance_dirty_pages) with strict_limit (run1: ch10-strict) and without
# (run2: ch10-cap), against the wb's threshold and its own free-run
# ceiling (run1's, read from the trace as the claims read them:
# wb_thresh = (bdi_setpoint + 1) x (dirty_thresh + 1) / setpoint, the
# ceiling (wb_thresh + wb_thresh x background_thresh / dirty_thresh) / 2)
# and the pool's free-run ceiling ((dirty_thresh + background_thresh) / 2,
# global_dirty_state).
if (!exists("nruns") || nruns < 2) { print "strict.gp needs two runs"; exit }
set xlabel "time (s)"
set ylabel "MiB"
set xrange [0:*]
set yrange [0:*]
set key top right font ",8" samplen 2
b1 = run1."/balance_dirty_pages.tsv"
b2 = run2."/balance_dirty_pages.tsv"
g1 = run1."/global_dirty_state.tsv"
stats b1 using "bdi_setpoint" name "BSP" nooutput
stats b1 using "setpoint" name "SP" nooutput
stats g1 using "dirty_thresh" name "TH" nooutput
stats g1 using "background_thresh" name "BG" nooutput
wthr = (BSP_median + 1) * (TH_median + 1) / SP_median
wfree = (wthr + wthr * BG_median / TH_median) / 2
plot b2 using "time":(MB(column("bdi_dirty"))) with lines ls 1 lw 1.5 title "cap alone: bdi_dirty", \
     b1 using "time":(MB(column("bdi_dirty"))) with lines ls 3 lw 1.5 title "cap + strict_limit: bdi_dirty", \
     MB(wthr) with lines ls 3 lw 1 dt 2 title "the disk's threshold (the cap)", \
     MB(wfree) with lines ls 3 lw 1 dt 3 title "the disk's own free-run ceiling", \
     g1 using "time":(MB((column("dirty_thresh") + column("background_thresh")) / 2)) with lines ls 6 title "the pool's free-run ceiling"
