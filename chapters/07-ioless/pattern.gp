# chapters/07-ioless/pattern.gp -- the I/O pattern as the disk sees it:
# every write request of 100 writers on one 4 MiB/s disk in the order the
# disk finished it (block_rq_complete), its start sector (GiB into the
# disk) against time, under the throttling the series replaced (run1:
# knob.scheme=direct, the dirtiers write back themselves) and under
# IO-less throttling (run2: scheme=ioless, the flusher alone). Over them,
# the bios a writer submitted itself (block_bio_queue in a dtwork
# context), in red. A sequential stream is a rising line; requests of
# several streams served in turn scatter the points.
set multiplot layout 1,2
set xlabel "time (s)"
set ylabel "start sector (GiB)"
set key top left font ",7" samplen 1
gib(s) = s * 512.0 / 1073741824
isw(r) = (strstrt(strcol("rwbs"), "W") > 0 && column("nr_sector") > 0)
do for [i = 1:2] {
	c = value("run".i)."/block_rq_complete.tsv"
	q = value("run".i)."/block_bio_queue.tsv"
	set title (i == 1 ? "direct (3.1)" : sprintf("IO-less (preset %s)", exists("run2_knob_preset") ? run2_knob_preset : "6.1")) offset 0,-0.8
	plot c using "time":(isw(0) ? gib(column("sector")) : NaN) \
		with points ls 1 pt 7 ps 0.25 title "request finished by the disk", \
	     q using "time":((isw(0) && strcol("comm") eq "dtwork") ? gib(column("sector")) : NaN) \
		with points ls 3 pt 6 ps 0.6 title "bio submitted by a writer"
}
unset multiplot
