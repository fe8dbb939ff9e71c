# report/pauses.gp -- seed 007's timeline, measured: for each throttling
# decision of one task in a short window, its think time (spent outside
# balance_dirty_pages since the last pause ended), the period its dirtied
# pages are worth at task_ratelimit, and the pause = period - think it then
# sleeps (none when think >= period). The kernel traces the decision when
# it is taken, at t: think spans [t - think, t], the pause [t, t + pause],
# the period [t - think, t - think + period]. Successive bars alternate in
# height so that each can be told from the next.
# Window: 0.15 s from the first decision after mid-run taken near the
# setpoint (pos_ratio within 5 % of 1.0), i.e. in the balanced state.
# Reads run."/balance_dirty_pages.tsv".
bdp = run."/balance_dirty_pages.tsv"
stats bdp using (column("time")) nooutput
mid = STATS_max / 2
stats bdp using ((column("time") >= mid && abs(column("pos_ratio") - 1024) < 51) ? column("time") : NaN) nooutput
t0 = STATS_min
stats bdp using (column("time") >= t0 ? column("pid") : NaN) nooutput
pid0 = STATS_min
w = 0.15
in(t) = (column("pid") == pid0 && t >= t0 - 0.05 && t <= t0 + w + 0.05)
ms(t) = (t - t0) * 1000.0
alt(y) = y + ((int(column(0)) % 2) ? 0.12 : -0.12)
set xlabel sprintf("time since t = %.3f s (ms)", t0)
set xrange [0:w * 1000]
set yrange [0.4:3.6]
set ytics ("pause" 1, "think" 2, "period" 3)
set grid noytics
set key off
set style arrow 1 heads size screen 0.004,90 lw 3 lc rgb "#d62728"
set style arrow 2 heads size screen 0.004,90 lw 3 lc rgb "#1b6ac9"
set style arrow 3 heads size screen 0.004,90 lw 3 lc rgb "#2ca02c"
set style arrow 4 nohead lw 0.5 lc rgb "#aaaaaa" dt 3
plot bdp using (in(column("time")) ? ms(column("time") - column("think") / 1000.0) : NaN):(alt(3)): \
		(column("period")):(0) with vectors arrowstyle 1, \
     bdp using (in(column("time")) && column("think") > 0 ? ms(column("time") - column("think") / 1000.0) : NaN):(alt(2)): \
		(column("think")):(0) with vectors arrowstyle 2, \
     bdp using (in(column("time")) && column("pause") > 0 ? ms(column("time")) : NaN):(alt(1)): \
		(column("pause")):(0) with vectors arrowstyle 3, \
     bdp using (in(column("time")) ? ms(column("time")) : NaN):(0.6):(0):(2.9) with vectors arrowstyle 4
