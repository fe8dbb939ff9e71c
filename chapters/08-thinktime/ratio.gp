# chapters/08-thinktime/ratio.gp -- each writer's achieved rate over its
# task_ratelimit against its think time per period (x: the real time
# outside balance_dirty_pages per call over the call's period; columns
# of dt pertask, from 20 s on), think_time on (run1)
# and off (run2), over seed 007's two laws: with compensation the rate
# is task_ratelimit while x < 1 (pause = period - think) and the task's
# own pace, 1/x of it, beyond (no pause); without, 1 / (1 + x) (pause =
# period after the think). Labels: the think time per chunk in the spec.
per(r) = dt." pertask ".r."/balance_dirty_pages.tsv"	# dt: from figures/plot
set xlabel "think / period (real time outside balance_dirty_pages per call, over its period)"
set ylabel "achieved rate / task_ratelimit"
set key top right
set xrange [0:4]
set yrange [0:1.3]
set samples 400
on(x) = x < 1 ? 1 : 1 / x
off(x) = 1 / (1 + x)
lab(t) = t > 0 ? sprintf("%d ms", t) : ""
if (nruns >= 2) {
	plot on(x) with lines ls 1 dt 2 lw 1.5 title "on: 1 while think < period, then own pace", \
	     off(x) with lines ls 3 dt 2 lw 1.5 title "off: period / (period + think)", \
	     "< ".per(run1) using "x":"ratio" with points ls 1 pt 7 ps 1.5 title "think_time on", \
	     "< ".per(run2) using "x":"ratio" with points ls 3 pt 5 ps 1.5 title "think_time off", \
	     "< ".per(run1) using "x":"ratio":(lab(column("think_ms"))) with labels offset 0,1.1 font ",8" notitle, \
	     "< ".per(run2) using "x":"ratio":(lab(column("think_ms"))) with labels offset 0,-1.1 font ",8" notitle
} else {
	plot on(x) with lines ls 1 dt 2 lw 1.5 title "on: 1 while think < period, then own pace", \
	     "< ".per(run1) using "x":"ratio" with points ls 1 pt 7 ps 1.5 title "think_time on", \
	     "< ".per(run1) using "x":"ratio":(lab(column("think_ms"))) with labels offset 0,1.1 font ",8" notitle
}
