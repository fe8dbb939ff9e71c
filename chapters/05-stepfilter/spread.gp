# chapters/05-stepfilter/spread.gp -- how widely three quantities spread in
# the steady part of the runs (from each run's steady key, 50 s), as cumulative distributions:
# dirty_ratelimit at every rate update and task_ratelimit at every throttled
# call, both relative to write_bw / N, and dirty - setpoint (MB) at every
# throttled call. Step filter off (orange) and on (red); the kernel solid,
# the model dashed. A steeper curve is a narrower spread.
# Runs: run1 = ch05-off, run2 = ch05-on (kernel); run3, run4 = the model.
# the analysis window: each run's steady key (its meta, from the spec)
S(j) = real(value(sprintf("run%d_steady", j)))
N = real(run1_tasks)
disk_kbps = real(run1_disk_bw_b) / 1024.0
have_model = (nruns >= 4)
colr(i) = (i == 1) ? "#ff7f0e" : "#d62728"
lab(i) = (i == 1) ? "off" : "on"
# the sample counts in the window, for the normalization
do for [j = 1:nruns] {
	r = value("run".j)
	stats r."/bdi_dirty_ratelimit.tsv" using (column("time") >= S(j) ? column("dirty_ratelimit") : NaN) nooutput
	eval sprintf("nr%d = STATS_records", j)
	stats r."/balance_dirty_pages.tsv" using (column("time") >= S(j) ? column("dirty") : NaN) nooutput
	eval sprintf("nb%d = STATS_records", j)
}
set ylabel "share of samples"
set yrange [0:1]
set key bottom right font ",8" samplen 2
# ratios to the disk's write_bw / N: the model and the kernel settle there
rel(x) = x / (disk_kbps / N)
set multiplot layout 1,3
set xlabel "dirty_ratelimit / (write_bw / N)"
set xrange [0:4]
set title "dirty_ratelimit" font ",10"
if (have_model) {
plot for [j = 1:2] value("run".j)."/bdi_dirty_ratelimit.tsv" \
	using (column("time") >= S(j) ? rel(column("dirty_ratelimit")) : NaN):(1.0 / value("nr".j)) \
	smooth cumulative lc rgb colr((j - 1) % 2 + 1) lw 2 \
	title lab(j), \
     for [j = 3:4] value("run".j)."/bdi_dirty_ratelimit.tsv" \
	using (column("time") >= S(j) ? rel(column("dirty_ratelimit")) : NaN):(1.0 / value("nr".j)) \
	smooth cumulative lc rgb colr((j - 1) % 2 + 1) lw 2 dt 2 \
	title (lab(j - 2)." (model)")
} else {
plot for [j = 1:2] value("run".j)."/bdi_dirty_ratelimit.tsv" \
	using (column("time") >= S(j) ? rel(column("dirty_ratelimit")) : NaN):(1.0 / value("nr".j)) \
	smooth cumulative lc rgb colr((j - 1) % 2 + 1) lw 2 \
	title lab(j)
}
set xlabel "task_ratelimit / (write_bw / N)"
set title "task_ratelimit" font ",10"
if (have_model) {
plot for [j = 1:2] value("run".j)."/balance_dirty_pages.tsv" \
	using (column("time") >= S(j) ? rel(column("task_ratelimit")) : NaN):(1.0 / value("nb".j)) \
	smooth cumulative lc rgb colr((j - 1) % 2 + 1) lw 2 \
	title lab(j), \
     for [j = 3:4] value("run".j)."/balance_dirty_pages.tsv" \
	using (column("time") >= S(j) ? rel(column("task_ratelimit")) : NaN):(1.0 / value("nb".j)) \
	smooth cumulative lc rgb colr((j - 1) % 2 + 1) lw 2 dt 2 \
	title (lab(j - 2)." (model)")
} else {
plot for [j = 1:2] value("run".j)."/balance_dirty_pages.tsv" \
	using (column("time") >= S(j) ? rel(column("task_ratelimit")) : NaN):(1.0 / value("nb".j)) \
	smooth cumulative lc rgb colr((j - 1) % 2 + 1) lw 2 \
	title lab(j)
}
set xlabel "dirty - setpoint (MiB)"
set xrange [-6:6]
set title "dirty pages" font ",10"
if (have_model) {
plot for [j = 1:2] value("run".j)."/balance_dirty_pages.tsv" \
	using (column("time") >= S(j) ? MB(column("dirty") - column("setpoint")) : NaN):(1.0 / value("nb".j)) \
	smooth cumulative lc rgb colr((j - 1) % 2 + 1) lw 2 \
	title lab(j), \
     for [j = 3:4] value("run".j)."/balance_dirty_pages.tsv" \
	using (column("time") >= S(j) ? MB(column("dirty") - column("setpoint")) : NaN):(1.0 / value("nb".j)) \
	smooth cumulative lc rgb colr((j - 1) % 2 + 1) lw 2 dt 2 \
	title (lab(j - 2)." (model)")
} else {
plot for [j = 1:2] value("run".j)."/balance_dirty_pages.tsv" \
	using (column("time") >= S(j) ? MB(column("dirty") - column("setpoint")) : NaN):(1.0 / value("nb".j)) \
	smooth cumulative lc rgb colr((j - 1) % 2 + 1) lw 2 \
	title lab(j)
}
unset multiplot
