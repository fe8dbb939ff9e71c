# chapters/03-rate/phases.gp -- the number of writers changes 2 -> 6 -> 2
# at 30 s and 60 s (run1: ch03-phases, rate control on; run2:
# ch03-norate, knob.rate_estimation=off; both seeded at write_bw/2). Top:
# run1's dirty_ratelimit and balanced_dirty_ratelimit against write_bw/2
# and write_bw/6 (MB/s), and run2's frozen dirty_ratelimit. Bottom: dirty
# pages of both runs against the setpoint and the limit (MB).
if (!exists("nruns") || nruns < 2) { print "phases.gp needs two runs"; exit }
b1 = run1."/bdi_dirty_ratelimit.tsv"
b2 = run2."/bdi_dirty_ratelimit.tsv"
p1 = run1."/balance_dirty_pages.tsv"
p2 = run2."/balance_dirty_pages.tsv"
set multiplot layout 2,1
set xrange [0:90]
set key top right font ",8" samplen 2
set xlabel ""
set ylabel "MiB/s"
set yrange [0:*]
set arrow 1 from 30, graph 0 to 30, graph 1 nohead ls 7
set arrow 2 from 60, graph 0 to 60, graph 1 nohead ls 7
set label 1 "2 writers" at 10, graph 0.93 center
set label 2 "6 writers" at 30, graph 0.93 center
set label 3 "2 writers" at 50, graph 0.93 center
plot b1 using "time":(MBps(column("balanced_dirty_ratelimit"))) with lines ls 4 lw 1 title "balanced_dirty_ratelimit", \
     b1 using "time":(MBps(column("dirty_ratelimit"))) with lines ls 3 title "dirty_ratelimit", \
     b2 using "time":(MBps(column("dirty_ratelimit"))) with lines ls 3 lw 1 dt 2 title "dirty_ratelimit, rate_estimation=off", \
     b1 using "time":(MBps(column("avg_write_bw")) / 2) with lines ls 1 lw 1 dt 3 title "write_bw/2", \
     b1 using "time":(MBps(column("avg_write_bw")) / 6) with lines ls 1 lw 1 dt 4 title "write_bw/6"
unset label 1
unset label 2
unset label 3
set xlabel "time (s)"
set ylabel "MiB"
stats p1 using "setpoint" nooutput
sp = STATS_max
set yrange [MB(sp) - 12:*]
plot p1 using "time":(MB(column("dirty"))) with lines ls 1 lw 1 title "dirty, rate control on", \
     p2 using "time":(MB(column("dirty"))) with lines ls 3 lw 1 title "dirty, rate_estimation=off", \
     p1 using "time":(MB(column("setpoint"))) with lines ls 4 dt 2 title "setpoint", \
     p1 using "time":(MB(column("limit"))) with lines ls 6 title "limit"
unset multiplot
