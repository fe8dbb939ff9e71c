# report/global.gp -- seed 003's global control line, with the bdi line it is
# multiplied by. x is the number of dirty pages; the model draws the global
# cubic (v10 and 6.1 agree between freerun and limit; 6.1 clamps it to 2.0
# below), and global x bdi for the one disk of the run (its bdi_dirty at its
# share of dirty). Points: the pos_ratio field the kit's patch 0001 traces.
# Reads run."/balance_dirty_pages.tsv", run2 (report/curves).
load run2."/params.gp"
bdp = run."/balance_dirty_pages.tsv"
set xlabel "dirty pages (MB)"
set ylabel "pos_ratio"
set xrange [MB(freerun - (limit - freerun) * 0.6):MB(limit) + MB(limit - freerun) * 0.2]
set yrange [0:2.9]
set key top right
set arrow 1 from MB(freerun), graph 0 to MB(freerun), graph 1 nohead ls 7
set arrow 2 from MB(setpoint), graph 0 to MB(setpoint), graph 1 nohead ls 3 lw 1 dt 2
set arrow 3 from MB(limit), graph 0 to MB(limit), graph 1 nohead ls 6
set label 1 "freerun" at MB(freerun), graph 1.03 center
set label 2 "setpoint" at MB(setpoint), graph 1.08 center
set label 3 "limit" at MB(limit), graph 1.03 center
set label 4 "2.0" at MB(freerun), first 2.0 offset -1.5, 0 right
set label 5 "1.0" at MB(setpoint), first 1.0 offset -1.5, 0 right
set tmargin 3
set object 1 circle at MB(freerun), first 2.0 size char 0.3 fc rgb "#000000" fs solid front
set object 2 circle at MB(setpoint), first 1.0 size char 0.3 fc rgb "#000000" fs solid front
set object 3 circle at MB(limit), first 0 size char 0.3 fc rgb "#000000" fs solid front
plot run2."/total-v10.tsv" using (MB(column("dirty"))):(column("global") / 1024.0) with lines ls 3 dt 2 title "global line (v10)", \
     run2."/total-6.1.tsv" using (MB(column("dirty"))):(column("global") / 1024.0) with lines ls 3 title "global line (6.1)", \
     run2."/total-6.1.tsv" using (column("dirty") < freerun ? NaN : MB(column("dirty"))):(column("pos_ratio") / 1024.0) \
	with lines ls 1 title "global x bdi (6.1, this disk)", \
     bdp using (MB(column("dirty"))):(column("time") < from ? column("pos_ratio") / 1024.0 : NaN) \
	with points lc rgb "#f5c27a" pt 7 ps 0.3 title sprintf("kernel pos_ratio, t < %g s", from), \
     bdp using (MB(column("dirty"))):(column("time") >= from ? column("pos_ratio") / 1024.0 : NaN) \
	with points ls 5 title sprintf("kernel pos_ratio, t >= %g s", from)
