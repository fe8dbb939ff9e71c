# chapters/04-stuck/seed.sh -- pre= script of chapter 4's runs (guest side).
#
# Runs in the guest (busybox sh) after the spec's knobs are set and before
# the workload; leaves a background job that, SEED_AT seconds after the
# workload's writers start, seeds every wb's dirty_ratelimit with
# 2 * write_bw / N: the state of seed 004's comment (formulas (3), (4)).
#   write_bw  the kernel's own estimate for the test disk (KB/s: the
#             write_bw of the last bdi_dirty_ratelimit event, read from a
#             tracefs instance of its own by /kit/lib.sh's kit_wbw, the same
#             on 6.1 and 6.12), averaged over five readings 0.5 s apart just
#             before the seed, because a single 200 ms estimate wanders by
#             about +-10 % under TCG;
#   N         tasks= of the workload (/kit/guest.conf).
# The rate_feedback knob (the spec's knob.rate_feedback) is in force from
# the start. Two trace markers record the moment and the value: "ch04 seed"
# and "ch04 seed_dirty_ratelimit=KBPS write_bw=KBPS tasks=N" (print.tsv).
# With RESUME_AT (the spec's resume_at) the rate estimation is off from
# the start, so the seeded rate stays frozen and position control alone
# parks the pool where pos_ratio = write_bw / (N x rate) = 1/2: the whole
# state of formulas (3) and (4), not the rate alone. RESUME_AT seconds
# after the writers start it is switched back on, marked "ch04 resume";
# the claims start there. (Without the hold, an update without the step
# filter answers a doubled rate at once, from wherever the pool is, and
# formula (1)'s state is never reached: the first run of preset v10-p03
# did that.)
D=/sys/kernel/debug/dirty_throttle
M=/sys/kernel/tracing/trace_marker
. /kit/guest.conf
n=$(echo "$WORK_ARGS" | sed -n 's/.*tasks=\([0-9]*\).*/\1/p')
dev=$(cat /sys/block/d0/dev)
. /kit/lib.sh
[ -n "$n" ] && [ "$n" -gt 0 ] || { echo "no tasks= in WORK_ARGS '$WORK_ARGS'"; exit 1; }
# the spec's seed_at (experiments/run puts it in guest.conf); the five
# readings before it take 2 s
[ -n "${SEED_AT:-}" ] && [ "$SEED_AT" -ge 3 ] || { echo "seed_at '${SEED_AT:-}' in the spec: want at least 3 s"; exit 1; }
kit_wbw_start || { echo "no tracefs instance for write_bw"; exit 1; }
[ -w "$D/seed_dirty_ratelimit" ] || { echo "no seed_dirty_ratelimit knob"; exit 1; }
if [ -n "${RESUME_AT:-}" ]; then
	[ "$RESUME_AT" -gt "$SEED_AT" ] || { echo "resume_at '$RESUME_AT' in the spec: want it after seed_at ($SEED_AT)"; exit 1; }
	echo off > $D/rate_estimation || { echo "rate_estimation refused off"; exit 1; }
fi
echo "rate_feedback $(cat $D/rate_feedback), rate_estimation $(cat $D/rate_estimation), tasks $n, bdi $dev; seed at ${SEED_AT} s of the workload${RESUME_AT:+, estimation back on at $RESUME_AT s}"
(
	i=0
	while ! pidof dtwork > /dev/null; do
		sleep 0.05
		i=$((i + 1))
		[ $i -lt 1200 ] || exit 0
	done
	sleep $((SEED_AT - 2))
	sum=0
	for k in 1 2 3 4 5; do
		bw=$(kit_wbw "$dev")
		[ -n "$bw" ] || { echo "ch04 no write_bw traced for bdi $dev" > $M; exit 0; }
		sum=$((sum + bw))
		[ $k -lt 5 ] && sleep 0.5
	done
	bw=$((sum / 5))
	seed=$((2 * bw / n))
	echo "$seed" > $D/seed_dirty_ratelimit &&
		echo "ch04 seed" > $M &&
		echo "ch04 seed_dirty_ratelimit=$seed write_bw=$bw tasks=$n" > $M || exit 0
	[ -n "${RESUME_AT:-}" ] || exit 0
	sleep $((RESUME_AT - SEED_AT))
	echo on > $D/rate_estimation &&
		echo "ch04 resume" > $M
) &
