# chapters/07-ioless/pattern.gp -- the I/O pattern as the disk sees it:
# every write request (block_rq_issue) of 100 writers on one 4 MB/s disk,
# its start sector (GiB into the disk) against time, under the throttling
# the series replaced (run1: knob.scheme=direct, the dirtiers write back
# themselves) and under IO-less throttling (run2: scheme=ioless, the
# flusher alone). Requests issued by a writer in red, by the flusher or
# the journal in blue. A sequential stream is a rising line; a writer
# that jumps between files scatters the points.
set multiplot layout 1,2
set xlabel "time (s)"
set ylabel "start sector (GiB)"
set key top left font ",7" samplen 1
gib(s) = s * 512.0 / 1073741824
isw(r) = (strstrt(strcol("rwbs"), "W") > 0 && column("nr_sector") > 0)
do for [i = 1:2] {
	f = value("run".i)."/block_rq_issue.tsv"
	set title (i == 1 ? "direct (3.1)" : "IO-less (6.1)") offset 0,-0.8
	plot f using "time":((isw(0) && strcol("comm") eq "dtwork") ? gib(column("sector")) : NaN) \
		with points ls 3 pt 7 ps 0.25 title "issued by a writer", \
	     f using "time":((isw(0) && strcol("comm") ne "dtwork") ? gib(column("sector")) : NaN) \
		with points ls 1 pt 7 ps 0.25 title "issued by the flusher, journal"
}
unset multiplot
