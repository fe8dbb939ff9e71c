# experiments/tests/knobs-stuck.sh -- pre= script of the rate_feedback test.
#
# Runs in the guest (busybox sh) before the workload and leaves a background
# job that drives the run (times from now; the workload starts ~1 s later):
#   22 s  the 2 writers have run long enough for the kernel's write_bw
#         estimate to settle at the disk's rate; seed every wb's
#         dirty_ratelimit with 2 * write_bw / N (N = 2, so write_bw
#         itself), the state that formula (1) cannot leave; write_bw is the
#         last one traced (bdi_dirty_ratelimit, through /kit/lib.sh);
#   31 s  switch rate_feedback to pos (formula (2)).
# Each action writes a trace marker "knobs: NAME=VALUE" (print.tsv), so
# the test finds its time in the trace. The run must set
# knob.rate_feedback=pure and last >= 40 s.
D=/sys/kernel/debug/dirty_throttle
M=/sys/kernel/tracing/trace_marker
dev=$(cat /sys/block/d0/dev)
. /kit/lib.sh
kit_wbw_start || { echo "no tracefs instance for write_bw"; exit 1; }
[ "$(cat $D/rate_feedback)" = pure ] || { echo "run with knob.rate_feedback=pure"; exit 1; }
(
	sleep 22
	bw=$(kit_wbw "$dev")
	[ -n "$bw" ] || { echo "knobs: no write_bw traced for bdi $dev by 22 s" > $M; exit 0; }
	echo "$bw" > $D/seed_dirty_ratelimit && echo "knobs: seed_dirty_ratelimit=$bw" > $M
	sleep 9
	echo pos > $D/rate_feedback && echo "knobs: rate_feedback=pos" > $M
) &
echo "scheduled: seed at 22 s, rate_feedback=pos at 31 s (bdi $dev)"
