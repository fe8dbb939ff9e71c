# chapters/09-tracing/io.gp -- every writer's write_bytes (MB) over time,
# from the task_io event (seed 010; kit patch 0002), one line per task.
# Equal slopes are a fair share. Reads run."/task_io.tsv" and
# keeps the rows of comm dtwork (the writers; the flusher kworkers emit
# task_io too).
io = run."/task_io.tsv"
pids = system("awk -F'\t' 'NR > 1 && $4 == \"dtwork\" && !seen[$3]++ { printf \"%s \", $3 }' ".io)
set xlabel "time (s)"
set ylabel "write_bytes (MB)"
set key top left
set yrange [0:*]
set style line 10 lc rgb "#999999" lw 1
plot for [i=1:words(pids)] "< awk -F'\t' -v p=".word(pids, i)." 'NR == 1 || $3 == p' ".io \
	using "time":(column("write_bytes") / 1048576.0) with lines lw 1.5 lc i \
	title (i <= 4 ? "task pid ".word(pids, i) : (i == 5 ? "..." : ""))
