# chapters/02-position/jbod.gp -- a fast (4 MB/s, bdi 254:0) and a slow
# (1 MB/s, bdi 254:1) disk written together from t = 0: each disk's
# bdi_dirty against its bdi_setpoint, MB, from balance_dirty_pages, with
# 6.1's position control (run1: ch02-jbod-61, top) and v10's (run2:
# ch02-jbod-v10, bottom). run3, run4 (optional): the model on the same two
# specs, its slow-disk bdi_dirty dashed.
if (!exists("nruns") || nruns < 2) { print "jbod.gp needs two runs"; exit }
fast(c) = (strcol("bdi") eq "254:0") ? MB(column(c)) : NaN
slow(c) = (strcol("bdi") eq "254:1") ? MB(column(c)) : NaN
set datafile missing NaN
set multiplot layout 2,1
set xlabel ""
set ylabel "MiB"
set xrange [0:*]
set yrange [0:*]
set key top right font ",8" samplen 2
do for [i = 1:2] {
	r = value("run".i)
	bdp = r."/balance_dirty_pages.tsv"
	if (i == 2) { set xlabel "time (s)" }
	set title (i == 1 ? "6.1: wb line floored at 1/4 of the global pos_ratio" : "v10: auxiliary line down to 0 at the limit") offset 0,-0.8
	if (nruns >= i + 2) {
		m = value("run".(i + 2))."/balance_dirty_pages.tsv"
		plot bdp using "time":(slow("bdi_dirty")) with lines ls 3 lw 1.5 title "slow disk: bdi_dirty", \
		     bdp using "time":(slow("bdi_setpoint")) with lines ls 3 lw 1 dt 3 title "slow disk: bdi_setpoint", \
		     m using "time":(slow("bdi_dirty")) with lines ls 3 lw 1 dt 2 title "slow disk: bdi_dirty (model)", \
		     bdp using "time":(fast("bdi_dirty")) with lines ls 1 lw 1.5 title "fast disk: bdi_dirty", \
		     bdp using "time":(fast("bdi_setpoint")) with lines ls 1 lw 1 dt 3 title "fast disk: bdi_setpoint", \
		     bdp using "time":(MB(column("limit"))) with lines ls 6 title "limit"
	} else {
		plot bdp using "time":(slow("bdi_dirty")) with lines ls 3 lw 1.5 title "slow disk: bdi_dirty", \
		     bdp using "time":(slow("bdi_setpoint")) with lines ls 3 lw 1 dt 3 title "slow disk: bdi_setpoint", \
		     bdp using "time":(fast("bdi_dirty")) with lines ls 1 lw 1.5 title "fast disk: bdi_dirty", \
		     bdp using "time":(fast("bdi_setpoint")) with lines ls 1 lw 1 dt 3 title "fast disk: bdi_setpoint", \
		     bdp using "time":(MB(column("limit"))) with lines ls 6 title "limit"
	}
}
unset multiplot
