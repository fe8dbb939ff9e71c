# chapters/08-thinktime/ratio.gp -- each writer's achieved rate over its
# task_ratelimit (chapters/08-thinktime/pertask, from 15 s on) against
# its think time per 64 KiB chunk, think_time on (run1) and off (run2).
# 1 = it dirtied exactly as fast as it was allowed.
per = system("echo ${KIT:-".run."/../../..}")."/chapters/08-thinktime/pertask"
set xlabel "think time per 64 KiB chunk (ms)"
set ylabel "achieved rate / task_ratelimit"
set key bottom left
set xrange [-3:65]
set yrange [0:1.3]
set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead ls 6
if (nruns >= 2) {
	plot "< ".per." ".run1 using "think_ms":"ratio" with linespoints ls 1 pt 7 ps 1.5 title "think_time on", \
	     "< ".per." ".run2 using "think_ms":"ratio" with linespoints ls 3 pt 5 ps 1.5 title "think_time off", \
	     "< ".per." ".run2 using "think_ms":(column("period_ms") / (column("period_ms") + column("rowthink_ms"))) with points pt 6 ps 2 lc rgb "#555555" title "off: period / (period + think)"
} else {
	plot "< ".per." ".run1 using "think_ms":"ratio" with linespoints ls 1 pt 7 ps 1.5 title "think_time on"
}
