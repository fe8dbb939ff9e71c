# chapters/07-ioless/cdf.gp -- the distribution (CDF) of the pauses
# balance_dirty_pages() sleeps (pause > 0, ms, from the run's steady key on: 10 s) for each run
# given: run1..runN, e.g. 1, 10, 100 and 1000 writers with one max_pause
# variant. The CDF is computed by `dt cdf` (dt: figures/plot gives its path).
cdf(i) = "< ".dt." cdf ".value("run".i)."/balance_dirty_pages.tsv pause from=".value(sprintf("run%d_steady", i))." above=0 points=500"
nm(i) = value(sprintf("run%d_tasks", i))." writer(s)"
set xlabel "pause (ms)"
set ylabel "fraction of pauses <= x"
set key top left
set logscale x 10
set xrange [0.8:400]
set yrange [0:1.02]
set arrow 1 from 200, graph 0 to 200, graph 1 nohead ls 6
set label 1 "200 ms" at 200, graph 0.5 offset 0.5, 0 font ",9"
plot for [i=1:nruns] cdf(i) using "value":"frac" with steps lw 2 lc i title nm(i)
