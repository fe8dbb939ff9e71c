# experiments/guest/lib.sh -- helpers for the pre= scripts, in the guest
# (busybox sh). experiments/run puts it in every run as /kit/lib.sh; a
# pre= script sources it: . /kit/lib.sh
#
# kit_wbw_start   a tracefs instance "kit" that records the event
#                 writeback:bdi_dirty_ratelimit beside trace-cmd's buffer
#                 (which trace-cmd consumes as it records); call it before
#                 the workload
# kit_wbw DEV     the write_bw (KB/s) of the last bdi_dirty_ratelimit event
#                 of bdi DEV (MAJ:MIN): wb->write_bandwidth, the kernel's
#                 own estimate of the disk's rate, traced the same way on
#                 6.1 and 6.12 (debugfs's BdiWriteBandwidth is that number
#                 on 6.1, but on 6.12 the bdi's total of avg_write_bw, and 0
#                 while the bdi has no dirty inode); "" before the first
#                 event. The event comes with each rate update, every
#                 200 ms while a writer is throttled.
KIT_WBW=/sys/kernel/tracing/instances/kit
kit_wbw_start() {
	[ -d $KIT_WBW ] || mkdir $KIT_WBW || return 1
	echo 1 > $KIT_WBW/events/writeback/bdi_dirty_ratelimit/enable
}
kit_wbw() {
	grep " bdi $1: " $KIT_WBW/trace | tail -n 1 | sed -n 's/.* write_bw=\([0-9]*\) .*/\1/p'
}
