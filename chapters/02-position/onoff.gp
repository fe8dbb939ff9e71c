# chapters/02-position/onoff.gp -- the old on/off scheme beside position
# control: run1 = ch02-steady (preset v10), run2 = ch02-threshold
# (knob.pos_ratio=threshold). Top: dirty pages (MB: nr_dirty +
# nr_writeback from global_dirty_state, emitted at every limit computation,
# also while the old scheme runs free), with the setpoint and the limit. Bottom: the
# writer's progress over a 3 s window (task_io events of the dtwork
# writer: write_bytes, the bytes it has dirtied, MB since the window's
# start): a straight line under position control, steps of max_pause
# sleeps and free runs under the threshold scheme.
if (!exists("nruns") || nruns < 2) { print "onoff.gp needs two runs"; exit }
set datafile missing NaN
new = run1."/global_dirty_state.tsv"
old = run2."/global_dirty_state.tsv"
# the window: 30..33 s, or the last 3 s of the shorter run (a short run
# of report/check's pipeline test)
stats new using "time" nooutput
te = STATS_max
stats old using "time" nooutput
te = (STATS_max < te) ? STATS_max : te
t1 = (te < 33) ? floor(te) : 33
t0 = t1 - 3
stats run1."/balance_dirty_pages.tsv" using "setpoint" nooutput
sp = STATS_max
tio(r) = r."/task_io.tsv"
w(t) = (column("time") >= t0 && column("time") <= t1 && strcol("comm") eq "dtwork") ? column("write_bytes") : NaN
stats tio(run1) using (w(0)) nooutput
b1 = STATS_min
stats tio(run2) using (w(0)) nooutput
b2 = STATS_min
set multiplot layout 2,1
set xlabel "time (s)"
set ylabel "dirty (MiB)"
set key bottom right font ",8" samplen 2
set xrange [0:*]
set autoscale xfix
set yrange [MB(sp) - 12:MB(sp) + 12]
plot old using "time":(MB(column("nr_dirty") + column("nr_writeback"))) with lines ls 3 lw 1 title "on/off (pos_ratio=threshold)", \
     new using "time":(MB(column("nr_dirty") + column("nr_writeback"))) with lines ls 1 lw 1 title sprintf("position control (preset %s)", exists("run1_knob_preset") ? run1_knob_preset : "6.1"), \
     new using "time":(MB(sp)) with lines ls 4 dt 2 title "setpoint", \
     new using "time":(MB(column("dirty_limit"))) with lines ls 6 title "limit = threshold"
set yrange [*:*]
set xrange [t0:t1]
set ylabel "MiB dirtied since ".t0." s"
set key top left
plot tio(run2) using "time":(w(0) - b2) / 1048576.0 with linespoints ls 3 lw 1 pt 7 ps 0.3 title "on/off: the writer's write_bytes", \
     tio(run1) using "time":(w(0) - b1) / 1048576.0 with linespoints ls 1 lw 1 pt 7 ps 0.3 title "position control: the writer's write_bytes"
unset multiplot
