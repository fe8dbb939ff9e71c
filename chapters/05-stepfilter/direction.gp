# chapters/05-stepfilter/direction.gp -- every rate update of the steady
# part (from the run's steady key, 50 s): its step (new dirty_ratelimit minus the one of the
# previous update, KB/s) against the position error pos_ratio - 1 that the
# update saw (the event's pos_ratio). The shaded quadrants are the steps
# against the position error: up while dirty is above the setpoint
# (pos_ratio < 1) or down while below. Step filter off (left), on (right).
# Runs: run1 = ch05-off, run2 = ch05-on (kernel); the model is not drawn.
# the analysis window: each run's steady key (its meta, from the spec)
S(j) = real(value(sprintf("run%d_steady", j)))
ptitle(i) = (i == 1) ? "step filter off" : "step filter on"
set xlabel "pos_ratio - 1 at the update"
set ylabel "step of dirty_ratelimit (KB/s)"
set key top right font ",8"
set xrange [-1:0.6]
set yrange [-2500:2500]
set object 1 rect from -1, 0 to 0, 2500 fc rgb "#fde0dd" fs solid 1.0 noborder behind
set object 2 rect from 0, -2500 to 0.6, 0 fc rgb "#fde0dd" fs solid 1.0 noborder behind
set label 1 "against" at -0.95, 2200 font ",8" tc rgb "#a50f15"
set label 2 "against" at 0.3, -2200 font ",8" tc rgb "#a50f15"
set multiplot layout 1,2
do for [i = 1:2] {
	r = value("run".i)
	set title ptitle(i) font ",10"
	prev = NaN
	plot r."/bdi_dirty_ratelimit.tsv" \
		using (column("pos_ratio") / 1024.0 - 1):(d = column("dirty_ratelimit") - prev, prev = column("dirty_ratelimit"), column("time") >= S(i) ? d : NaN) \
		with points ls 5 ps 0.5 title "updates (kernel)"
}
unset multiplot
