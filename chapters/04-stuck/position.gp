# chapters/04-stuck/position.gp -- the position side after the seed: top,
# pos_ratio (1.0 = dirty at the setpoint) of every rate update; bottom,
# dirty pages, the setpoint and the limit at every throttled call (MiB). Formula (1)
# left, formula (2) right; the kernel solid, the model dashed (when given).
# The dotted vertical line is the seed, the solid grey one the resume.
# Runs as in rate.gp.
have_model = (nruns >= 4)
ptitle(i) = (i == 1) ? "formula (1): rate_feedback=pure" : "formula (2): rate_feedback=pos"
# the seed's moment and the resume's (the rate estimation back on): the
# kernel's "ch04 seed" and "ch04 resume" trace markers (print.tsv)
do for [i = 1:2] {
	stats value("run".i)."/print.tsv" using (strcol("buf") eq "ch04 seed" ? column("time") : NaN) nooutput
	eval sprintf("seed%d = STATS_min", i)
	stats value("run".i)."/print.tsv" using (strcol("buf") eq "ch04 resume" ? column("time") : NaN) nooutput
	eval sprintf("res%d = STATS_min", i)
}
set xlabel "time (s)"
set key font ",8" samplen 2
set xrange [5:*]
set multiplot layout 2,2
do for [row = 1:2] {
	do for [i = 1:2] {
		r = value("run".i)
		set arrow 1 from value("seed".i), graph 0 to value("seed".i), graph 1 nohead lc rgb "#555555" dt 3
		set arrow 2 from value("res".i), graph 0 to value("res".i), graph 1 nohead lc rgb "#555555" dt 1
		m = have_model ? value("run".(i + 2)) : ""
		if (row == 1) {
			set title ptitle(i) font ",10"
			set ylabel "pos_ratio"
			set yrange [0:1.5]
			set key top left
			bdr = r."/bdi_dirty_ratelimit.tsv"
			if (have_model) {
				plot bdr using "time":(column("pos_ratio") / 1024.0) with lines ls 7 dt 1 lw 1.5 title "pos_ratio (kernel)", \
				     m."/bdi_dirty_ratelimit.tsv" using "time":(column("pos_ratio") / 1024.0) with lines ls 7 dt 2 lw 1.5 title "pos_ratio (model)", \
				     0.5 with lines lc rgb "#999999" dt 4 lw 1 title "0.5"
			} else {
				plot bdr using "time":(column("pos_ratio") / 1024.0) with lines ls 7 dt 1 lw 1.5 title "pos_ratio (kernel)", \
				     0.5 with lines lc rgb "#999999" dt 4 lw 1 title "0.5"
			}
		} else {
			unset title
			set ylabel "MiB"
			# from a little below the setpoint to just past the limit, from
			# the run itself (the pool's size is the spec's, not this script's)
			# (stats filters by the current ranges: the top panel's is set)
			set autoscale y
			stats r."/balance_dirty_pages.tsv" using (MB(column("setpoint"))) nooutput
			spm = STATS_min
			stats r."/balance_dirty_pages.tsv" using (MB(column("limit"))) nooutput
			lim = STATS_max
			set yrange [spm - 1.2 * (lim - spm):lim + 0.2 * (lim - spm)]
			set key bottom left
			bdp = r."/balance_dirty_pages.tsv"
			if (have_model) {
				plot bdp using "time":(MB(column("dirty"))) with lines ls 1 lw 1 title "dirty (kernel)", \
				     m."/balance_dirty_pages.tsv" using "time":(MB(column("dirty"))) with lines ls 1 lw 1 dt 2 title "dirty (model)", \
				     bdp using "time":(MB(column("setpoint"))) with lines ls 3 title "setpoint", \
				     bdp using "time":(MB(column("limit"))) with lines ls 6 title "limit"
			} else {
				plot bdp using "time":(MB(column("dirty"))) with lines ls 1 lw 1 title "dirty (kernel)", \
				     bdp using "time":(MB(column("setpoint"))) with lines ls 3 title "setpoint", \
				     bdp using "time":(MB(column("limit"))) with lines ls 6 title "limit"
			}
		}
	}
}
unset multiplot
