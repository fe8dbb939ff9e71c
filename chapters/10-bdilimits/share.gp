# chapters/10-bdilimits/share.gp -- a fast (8 MiB/s, bdi 254:0) and a slow
# (2 MiB/s, bdi 254:1) disk written together: each disk's bdi_dirty
# against its bdi_setpoint, MiB, from balance_dirty_pages, at the default
# (run1: ch10-share, top) and with the slow disk capped at 2 MiB (run2:
# ch10-share-cap, bottom).
if (!exists("nruns") || nruns < 2) { print "share.gp needs two runs"; exit }
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
	bdp = value("run".i)."/balance_dirty_pages.tsv"
	if (i == 2) { set xlabel "time (s)" }
	set title (i == 1 ? "default: the slow disk's share follows its completions" : "the slow disk capped at 2 MiB (max_bytes)") offset 0,-0.8
	plot bdp using "time":(slow("bdi_dirty")) with lines ls 3 lw 1.5 title "slow disk: bdi_dirty", \
	     bdp using "time":(slow("bdi_setpoint")) with lines ls 3 lw 1 dt 3 title "slow disk: bdi_setpoint", \
	     bdp using "time":(fast("bdi_dirty")) with lines ls 1 lw 1.5 title "fast disk: bdi_dirty", \
	     bdp using "time":(fast("bdi_setpoint")) with lines ls 1 lw 1 dt 3 title "fast disk: bdi_setpoint"
}
unset multiplot
