# chapters/08-thinktime/timeline.gp -- seed 007's period / think / pause
# diagram (lines 29-48), rebuilt from a real trace: for one thinking
# writer (task 2, 120 ms of think per 512 KiB chunk, i.e. per four
# balance_dirty_pages calls; its pid from work.log, or 1002 in a model
# run), each balance_dirty_pages row at time t draws
#   think  [t - think, t]          (time outside since the last pause)
#   pause  [t, t + pause]          (the sleep; pause <= 0: none, carried)
#   period [t - think, t - think + period]  (what the pages dirtied cost)
# over a 2 s window from T0 = 30 s (four to five chunks: ~0.4 s each
# with compensation, ~0.45 s without). think is the kernel's: from
# dirty_paused_when, which with compensation is a virtual time, so the
# periods tile the time axis end to end and a carried-over negative
# pause shows as a think bar reaching back over the last period.
T0 = 30.0
T1 = T0 + 2.0
TASK = 2
# the task's pid: from a kernel run's work.log; a model run's is 1000 + task
pid = system(sprintf("[ -r %s/work.log ] && %s distinct %s/work.log pid where=task=%d || echo %d", run, dt, run, TASK, 1000 + TASK))
b = sprintf("< %s select %s/balance_dirty_pages.tsv where=pid=%s from=%g to=%g", dt, run, pid, T0 - 0.3, T1)
set xlabel "time (s)"
set xrange [T0:T1]
set yrange [0.3:3.9]
set ytics ("pause" 1, "think" 2, "period" 3)
set key off
set grid xtics
plot b using (column("time") - column("think") / 1000.0):(3 + 0.12 * (int(column(0)) % 2)):(column("period") / 1000.0):(0) with vectors nohead lw 6 lc rgb "#2ca02c", \
     b using (column("time") - column("think") / 1000.0):(3):(0):(0.25) with vectors nohead lw 1 lc rgb "#555555", \
     b using (column("time") - column("think") / 1000.0):(2):(column("think") / 1000.0):(0) with vectors nohead lw 6 lc rgb "#ff9f1c", \
     b using "time":(1):(column("pause") > 0 ? column("pause") / 1000.0 : 0):(0) with vectors nohead lw 6 lc rgb "#1b6ac9", \
     b using "time":(1.5):(0):(1.5) with vectors nohead lw 1 dt 2 lc rgb "#999999"
