# chapters/10-bdilimits/strict.gp -- one writer on a 2 MiB/s disk capped
# at 4 MiB of a 40 MiB pool, with strict_limit (run1: ch10-strict) and
# without (run2: ch10-cap): the disk's dirty pages over time, MiB.
# The pages are nr_dirty + nr_writeback of global_dirty_state: the pool's,
# which are the disk's, since it is the only disk written. That event is
# written at every call of balance_dirty_pages(), free-running or not, and
# at the flusher's checks, so it follows a writer below its free-run
# ceiling too; a balance_dirty_pages row is written only by a throttled
# call (for the strict writer, only above the disk's own ceiling), so its
# bdi_dirty cannot show where a writer runs free.
# Top: both runs on the pool's scale, against the pool's free-run ceiling
# ((dirty_thresh + background_thresh) / 2) and its limit (dirty_thresh).
# Bottom: the strict run on the disk's scale, against the disk's threshold
# and its own free-run ceiling (run1's, read from the trace as the claims
# read them: wb_thresh = (bdi_setpoint + 1) x (dirty_thresh + 1) /
# setpoint, the ceiling (wb_thresh + wb_thresh x background_thresh /
# dirty_thresh) / 2).
if (!exists("nruns") || nruns < 2) { print "strict.gp needs two runs"; exit }
b1 = run1."/balance_dirty_pages.tsv"
g1 = run1."/global_dirty_state.tsv"
g2 = run2."/global_dirty_state.tsv"
stats b1 using "bdi_setpoint" name "BSP" nooutput
stats b1 using "setpoint" name "SP" nooutput
stats g1 using "dirty_thresh" name "TH" nooutput
stats g1 using "background_thresh" name "BG" nooutput
wthr = (BSP_median + 1) * (TH_median + 1) / SP_median
wfree = (wthr + wthr * BG_median / TH_median) / 2
pages(c1, c2) = MB(column(c1) + column(c2))
set multiplot layout 2,1
set ylabel "MiB"
set xrange [0:*]
set yrange [0:*]
set xlabel ""
# the shared style leaves room under the plot for the caption line: only
# the bottom panel needs it
bm = (exists("caption") && caption ne "") ? 4.5 : -1
set bmargin 2
set key at graph 0.99, graph 0.68 right top font ",8" samplen 2 spacing 1.15
set ytics 10
plot g2 using "time":(pages("nr_dirty", "nr_writeback")) with lines ls 1 lw 1.5 title "cap alone", \
     g1 using "time":(pages("nr_dirty", "nr_writeback")) with lines ls 3 lw 1.5 title "cap + strict_limit", \
     g1 using "time":(MB(column("dirty_thresh"))) with lines ls 6 lw 1 title "the pool's limit", \
     g1 using "time":(MB((column("dirty_thresh") + column("background_thresh")) / 2)) with lines ls 7 lw 1 title "the pool's free-run ceiling"
set xlabel "time (s)"
if (bm > 0) { set bmargin bm } else { unset bmargin }
set key inside bottom right font ",8" samplen 2 spacing 1.3
set ytics 1
plot g1 using "time":(pages("nr_dirty", "nr_writeback")) with lines ls 3 lw 1.5 title "cap + strict_limit", \
     MB(wthr) with lines ls 3 lw 1 dt 2 title "the disk's threshold (the cap)", \
     MB(wfree) with lines ls 3 lw 1 dt 3 title "the disk's own free-run ceiling"
unset multiplot
