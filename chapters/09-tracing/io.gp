# chapters/09-tracing/io.gp -- every writer's write_bytes (MB) over time,
# from the task_io event (seed 010; kit patch 0002), one line per task.
# Equal slopes are a fair share. Reads run."/task_io.tsv" and
# keeps the rows of comm dtwork (the writers; the flusher kworkers emit
# task_io too).
io = run."/task_io.tsv"
pids = system(dt." distinct ".io." pid where=comm=dtwork")	# dt: from figures/plot
set xlabel "time (s)"
set ylabel "write_bytes (MiB)"
set key top left
set yrange [0:*]
set style line 10 lc rgb "#999999" lw 1
plot for [i=1:words(pids)] "< ".dt." select ".io." where=pid=".word(pids, i) \
	using "time":(column("write_bytes") / 1048576.0) with lines lw 1.5 lc i \
	title (i <= 4 ? "task pid ".word(pids, i) : (i == 5 ? "..." : ""))
