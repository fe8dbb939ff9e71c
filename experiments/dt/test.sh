#!/bin/bash
# experiments/dt/test.sh -- unit tests of dt on synthetic tables
# with known answers. Usage: test.sh DT. Ends "N passed, N failed".
set -uo pipefail
KIT=$(cd "$(dirname "$0")/../.." && pwd)
. "$KIT/tools/assert.sh"
D=${1:?usage: test.sh DT}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# rates: pid 1 writes 10/s, pid 2 20/s (t 0..4), pid 3 one row only,
# pid 4 30/s but bumpy (0, 0, 60, 60, 120 at t 0..4: still 30/s overall)
{
	printf 'time\tpid\tcomm\twrite_bytes\n'
	for t in 0 1 2 3 4; do
		printf '%d\t1\tw\t%d\n' "$t" $((10 * t))
		printf '%d\t2\tw\t%d\n' "$t" $((20 * t))
	done
	printf '2\t3\tw\t5\n'
	printf '0\t4\tw\t0\n1\t4\tw\t0\n2\t4\tw\t60\n3\t4\tw\t60\n4\t4\tw\t120\n'
} > "$T/io.tsv"
s=$("$D" rates "$T/io.tsv" write_bytes where=pid=1)
t_range "rates: a straight line of slope 10" "$(t_get mean "$s")" 10 10
t_range "rates: a straight line has cv 0" "$(t_get cv "$s")" 0 0
s=$("$D" rates "$T/io.tsv" write_bytes)
t_ok "rates: the one-row task is skipped (3 groups)" test "$(t_get n "$s")" = 3
t_range "rates: mean of 10, 20, 30" "$(t_get mean "$s")" 20 20
t_range "rates: spread (30 - 10) / 20" "$(t_get spread "$s")" 1 1
# Jain: (10+20+30)^2 / (3 (100+400+900)) = 3600/4200
t_range "rates: Jain's index 6/7" "$(t_get jain "$s")" 0.85714 0.85715
s=$("$D" rates "$T/io.tsv" write_bytes from=1 to=3 where=pid=2)
t_range "rates: window [1,3) keeps slope 20" "$(t_get mean "$s")" 20 20
s=$("$D" rates "$T/io.tsv" write_bytes where=pid=4)
# increments 0 60 0 60 over rate 30: 0 2 0 2, sd = sqrt(4/3)
t_range "rates: bumpy line cv sqrt(4/3)" "$(t_get cv "$s")" 1.1546 1.1548
# every=2: pid 4's rows at t 0, 2, 4 (60, 60 over 2 s): a straight line
s=$("$D" rates "$T/io.tsv" write_bytes where=pid=4 every=2)
t_range "rates every=2: the bumpy line over 2 s windows has cv 0" "$(t_get cv "$s")" 0 0
t_range "rates every=2: the slope stays 30" "$(t_get mean "$s")" 30 30
s=$("$D" rates "$T/io.tsv" write_bytes where=pid=4 every=1.5)
t_range "rates every=1.5: rows 2 s apart, cv 0" "$(t_get cv "$s")" 0 0
t_ok "rates every=0 is refused" sh -c "! '$D' rates '$T/io.tsv' write_bytes every=0 2>/dev/null"
out=$("$D" rates "$T/io.tsv" write_bytes list)
t_ok "rates list: header and 3 rows" test "$(printf '%s\n' "$out" | wc -l)" = 4
t_ok "rates list: pid 2 at 20" sh -c "printf '%s\n' '$out' | awk -F'\t' '\$1 == 2 && \$2 == 20 { f = 1 } END { exit !f }'"
printf 'time\ttask\tpid\tbytes\tchunks\n0\t0\t9\t0\t0\n1\t0\t9\t100\t1\n0\t1\t8\t0\t0\n1\t1\t8\t50\t1\n' > "$T/work.log"
s=$("$D" rates "$T/work.log" bytes by=task)
t_range "rates by=task on a work.log: Jain of 100, 50 = 0.9" "$(t_get jain "$s")" 0.9 0.9

# cdf: values 1..10 -> frac i/10; points=3 keeps min, median-ish, max
{ printf 'time\tpause\n'; for i in 3 1 2 10 5 4 6 8 7 9; do printf '%d\t%d\n' "$i" "$i"; done; } > "$T/p.tsv"
out=$("$D" cdf "$T/p.tsv" pause)
t_ok "cdf: 10 rows plus header" test "$(printf '%s\n' "$out" | wc -l)" = 11
t_ok "cdf: sorted, frac of 4 is 0.4" sh -c "printf '%s\n' '$out' | sed -n 5p | grep -qx '4	0.400000'"
t_ok "cdf: last row is 10 at 1" sh -c "printf '%s\n' '$out' | tail -1 | grep -qx '10	1.000000'"
out=$("$D" cdf "$T/p.tsv" pause from=5)
t_ok "cdf: window from=5 keeps 6 values" test "$(printf '%s\n' "$out" | wc -l)" = 7
out=$("$D" cdf "$T/p.tsv" pause points=3)
t_ok "cdf points=3: min, middle, max" test "$(printf '%s\n' "$out" | cut -f1 | tr '\n' ' ')" = "value 1 6 10 "
out=$("$D" cdf "$T/p.tsv" pause above=7)
t_ok "cdf above=7: 8 9 10 at 1/3 2/3 1" test "$(printf '%s\n' "$out" | tail -n +2 | tr '\t\n' ': ')" = "8:0.333333 9:0.666667 10:1.000000 "
printf 'time\tx\n0\t2\n1\t2\n2\t2\n' > "$T/tie.tsv"
t_ok "cdf: ties give one row at frac 1" test "$("$D" cdf "$T/tie.tsv" x | tail -n +2)" = "2	1.000000"

# excess: dirty - limit over time; above 0 from t=1 to t=3 (held to t=4)
printf 'time\tdirty\tlimit\n0\t90\t100\n1\t110\t100\n2\t130\t100\n3\t101\t100\n4\t95\t100\n5\t99\t100\n' > "$T/d.tsv"
s=$("$D" excess "$T/d.tsv" dirty-limit)
t_range "excess: max 30" "$(t_get max "$s")" 30 30
t_range "excess: at t=2" "$(t_get t_max "$s")" 2 2
t_ok "excess: first 1, last 3" test "$(t_get first "$s") $(t_get last "$s")" = "1 3"
t_range "excess: above for 3 s (rows at 1, 2, 3 hold to the next)" "$(t_get above_s "$s")" 3 3
t_range "excess: span 5 s" "$(t_get span "$s")" 5 5
s=$("$D" excess "$T/d.tsv" dirty-limit-100)
t_ok "excess: never above says none" test "$(t_get first "$s")" = none

# pollmatch: limit 10240; pid 7 pauses at dirty 9000 (gap 1240, ilog2 10,
# law 32), next row carries 32 (match); then pauses at dirty 10000 (gap
# 240, law 16 -> 1 << 3 = 8... ilog2(240) = 7, 7 >> 1 = 3: law 8), next
# row carries 16 (within 2, no match); a row with pause 0 does not
# change what is expected; pid 8's first row has no predecessor.
{
	printf 'time\tpid\tlimit\tdirty\tdirtied_pause\tpause\n'
	printf '1\t7\t10240\t9000\t4\t10\n'
	printf '2\t7\t10240\t10000\t32\t10\n'
	printf '3\t7\t10240\t5000\t16\t0\n'
	printf '4\t7\t10240\t9000\t8\t10\n'
	printf '5\t8\t10240\t9000\t8\t10\n'
	printf '6\t8\t10240\t10300\t32\t200\n'
	printf '7\t8\t10240\t9000\t1\t10\n'
} > "$T/b.tsv"
s=$("$D" pollmatch "$T/b.tsv")
# predecessors: row2 (want 32, has 32: match), row3 (want 8, has 16:
# within), row4 (want 8, has 8: match), row6 (want 32, has 32: match),
# row7 (over the limit: want 1, has 1: match)
t_ok "pollmatch: 5 rows with a predecessor" test "$(t_get n "$s")" = 5
t_ok "pollmatch: 4 match" test "$(t_get match "$s")" = 4
t_range "pollmatch: all within a factor 2" "$(t_get within2 "$s")" 1 1
t_ok "pollmatch without a dirtied column: no reached keys" test "$(t_get reached "$s")" = ""
# the same with the pages each call had dirtied: rows 2 (32 of 32), 4 (8
# of 8) and 7 (1 of 1) reached their interval, row 3 (9 of 8) too, row 6
# (20 of 32) did not; of the 4 reached, 3 match (row 3 carries 16, not 8)
awk -F'\t' -v OFS='\t' 'NR == 1 { print $0, "dirtied"; next } { print $0, (NR == 4 ? 9 : NR == 7 ? 20 : NR == 2 ? 1 : $5) }' "$T/b.tsv" > "$T/b2.tsv"
s=$("$D" pollmatch "$T/b2.tsv")
t_ok "pollmatch reached: 4 of 5 rows reached their interval, 3 of them match" \
	test "$(t_get reached "$s") $(t_get rmatch "$s") $(t_get rfrac "$s")" = "4 3 0.7500"
s=$("$D" pollmatch "$T/b2.tsv" from=7)
t_ok "pollmatch reached from=7: 1 of 1" test "$(t_get reached "$s") $(t_get rfrac "$s")" = "1 1.0000"
s=$("$D" pollmatch "$T/b2.tsv" from=9)
t_ok "pollmatch reached of no rows: rfrac nan" test "$(t_get reached "$s") $(t_get rfrac "$s")" = "0 nan"
# summary's first and last: in row order, not sorted
s=$("$D" summary "$T/b.tsv" dirty)
t_ok "summary: first and last values in row order" test "$(t_get first "$s") $(t_get last "$s") $(t_get min "$s")" = "9000 9000 5000"
s=$("$D" summary "$T/b.tsv" dirty from=2 to=4)
t_ok "summary: first and last of the selection" test "$(t_get first "$s") $(t_get last "$s")" = "10000 5000"

# bad input: one line naming file and key, exit 2
for args in "nosuch $T/io.tsv write_bytes" "rates $T/io.tsv nocol" "rates $T/io.tsv write_bytes by=nokey" \
	"cdf $T/p.tsv pause points=1" "excess $T/d.tsv dirty-" "rates $T/none.tsv x" "pollmatch $T/p.tsv"; do
	# shellcheck disable=SC2086
	out=$("$D" $args 2>&1)
	rc=$?
	t_ok "refuses: $args" test $rc -eq 2 -a "$(printf '%s\n' "$out" | wc -l)" -eq 1
done
# io: two devs; writes of 8, 256, 256 sectors on dev 1 (the third not
# contiguous: a jump), a read and a data-less flush (both ignored), and
# 2 contiguous writes on dev 2 interleaved with dev 1 (no jump: per dev)
{
	printf 'time\tcpu\tpid\tcomm\tdev\tsector\tnr_sector\tbytes\trwbs\n'
	printf '0\t0\t1\tdtwork\t1\t100\t8\t4096\tW\n'
	printf '1\t0\t2\tkworker\t2\t0\t256\t0\tW\n'
	printf '2\t0\t2\tkworker\t1\t108\t256\t0\tW\n'
	printf '3\t0\t2\tkworker\t2\t256\t256\t0\tWS\n'
	printf '4\t0\t2\tkworker\t1\t5000\t256\t0\tW\n'
	printf '5\t0\t3\tdtwork\t1\t9\t8\t0\tR\n'
	printf '6\t0\t2\tkworker\t1\t5256\t0\t0\tFWS\n'
} > "$T/blk.tsv"
s=$("$D" io "$T/blk.tsv")
t_ok "io: 5 write requests with data" test "$(t_get n "$s")" = 5
t_range "io: MiB written (1032 sectors)" "$(t_get mib "$s")" 0.50390 0.50391
t_ok "io: median request 128 KiB (the lower median)" test "$(t_get kib_lowmedian "$s")" = 128
t_ok "io: one jump (per dev, the first request of a dev is none)" test "$(t_get jumps "$s")" = 1
t_range "io: 1 of 5 issued by the writer" "$(t_get writer "$s")" 0.2 0.2
s=$("$D" io "$T/blk.tsv" writer=kworker from=1)
t_ok "io: from=1 keeps 4 requests, none a jump but dev 1's last" test "$(t_get n "$s") $(t_get jumps "$s")" = "4 1"
t_range "io: writer=kworker" "$(t_get writer "$s")" 1 1
# quantiles: values 1..10; the smallest value whose share reaches p
{ printf 'time\tx\n'; for i in 1 2 3 4 5 6 7 8 9 10; do printf '%d\t%d\n' "$i" "$i"; done; } > "$T/q.tsv"
s=$("$D" quantiles "$T/q.tsv" x)
t_ok "quantiles 1..10: q50 5 (5 of 10 rows <= 5), q95 10, max 10" test "$(t_get q50 "$s") $(t_get q95 "$s") $(t_get max "$s")" = "5 10 10"
s=$("$D" quantiles "$T/q.tsv" x above=3 p=0.5,0.1)
t_ok "quantiles above=3 (4..10, n 7): q50 7, q10 4" test "$(t_get n "$s") $(t_get q50 "$s") $(t_get q10 "$s")" = "7 7 4"
s=$("$D" quantiles "$T/q.tsv" x from=20)
t_ok "quantiles of no rows: n=0 only" test "$s" = "n=0"
out=$("$D" quantiles "$T/q.tsv" x p=0 2>&1)
t_ok "quantiles refuses p=0 (exit 2, one line naming p)" sh -c "[ $? -eq 2 ] && [ \"\$(printf '%s\n' '$out' | wc -l)\" = 1 ] && printf '%s' '$out' | grep -q ': p: '"

# cover: rows at t 0.1 0.5 2.2 3.9 (and 7, outside to=6): seconds 0, 2, 3
# of [0, 6) -> 3/6; from=1: seconds 2, 3 of 5 -> 0.40
printf 'time\tx\n0.1\t1\n0.5\t1\n2.2\t1\n3.9\t1\n7\t1\n' > "$T/cov.tsv"
s=$("$D" cover "$T/cov.tsv" from=0 to=6)
t_ok "cover: 4 rows in 3 of the 6 seconds of [0, 6)" test "$(t_get n "$s") $(t_get seconds "$s") $(t_get share "$s")" = "4 3 0.50"
s=$("$D" cover "$T/cov.tsv" from=1 to=6)
t_ok "cover from=1: 2 of 5 seconds" test "$(t_get share "$s")" = 0.40
s=$("$D" cover "$T/cov.tsv" from=8 to=9)
t_ok "cover of a window without rows: share 0.00 (not no samples: the seconds are there)" test "$(t_get share "$s")" = 0.00
s=$("$D" cover "$T/cov.tsv" from=6 to=6)
t_ok "cover of an empty window: share nan" test "$(t_get share "$s")" = nan
out=$("$D" cover "$T/cov.tsv" from=0 2>&1)
t_ok "cover needs to= (exit 2)" sh -c "[ $? -eq 2 ] && printf '%s' '$out' | grep -q 'needs from= and to='"
# capped: a call is cut when pause > 0 and period - think > pause + 1
{
	printf 'time\tpause\tperiod\tthink\n'
	printf '1\t10\t10\t0\n'	# exact: not cut
	printf '2\t10\t11\t0\n'	# 1 ms of rounding: not cut
	printf '3\t10\t12\t0\n'	# cut
	printf '4\t200\t400\t50\n'	# cut at the cap
	printf '5\t-5\t100\t0\n'	# late: not a pause, not cut
} > "$T/cap.tsv"
s=$("$D" capped "$T/cap.tsv")
t_ok "capped: 2 of 5 calls cut at the cap" test "$(t_get n "$s") $(t_get capped "$s") $(t_get frac "$s")" = "5 2 0.400"
s=$("$D" capped "$T/cap.tsv" from=4)
t_ok "capped from=4: 1 of 2" test "$(t_get frac "$s")" = 0.500
t_ok "capped without calls: n=0 only" test "$("$D" capped "$T/cap.tsv" from=9)" = n=0
# share: writers 1 (10 B/s), 2 (30 B/s from t = 0; its last row at 8),
# 3 (one row in the window: not a writer), 4 (not dtwork). a = 2, b = 8
# (writer 2's last row), window 6 s. Writer 1 has rows every 2 s from 1:
# at 2 and 8 it is interpolated, 20 and 80; writer 2 rows every 4 s from
# 0, 60 and 240 at 2 and 8. Together (80 - 20 + 240 - 60) / 6 = 40 B/s.
# The pool (pages) rises from 10 at t 0 to 16 at t 12: at 2 and 8, 11 and
# 14 pages, 3 x 4096 / 6 = 2048 B/s. interp: the rows around each end:
# writer 1 (2 ends x 20 B), writer 2 (at 2: rows 0 and 4, 120 B; at 8: the
# row at 8 itself and the next, none: 0), the pool (rows 0 and 12, 6 pages
# at each end) = 40 + 120 + 2 x 6 x 4096 = 49312.
{
	printf 'time\tpid\tcomm\twrite_bytes\n'
	for t in 1 3 5 7 9 11; do printf '%d\t1\tdtwork\t%d\n' "$t" $((10 * t)); done
	for t in 0 4 8; do printf '%d\t2\tdtwork\t%d\n' "$t" $((30 * t)); done
	printf '5\t3\tdtwork\t7\n'
	for t in 2 6 10; do printf '%d\t4\tsh\t%d\n' "$t" $((1000 * t)); done
} > "$T/tio.tsv"
printf 'time\tnr_dirty\tnr_writeback\n0\t6\t4\n12\t10\t6\n' > "$T/gds.tsv"
s=$("$D" share "$T/tio.tsv" pool="$T/gds.tsv" from=2 where=comm=dtwork)
t_ok "share: 2 writers, 40 B/s together, pool 2048 B/s, window 6 s" \
	test "$(t_get n "$s") $(t_get writers "$s") $(t_get pool "$s") $(t_get window "$s")" = "2 40.0 2048.0 6.0000"
t_ok "share: interp, the bytes between the rows around each end (49312)" test "$(t_get interp "$s")" = 49312
t_ok "share without writers: n=0 only" test "$("$D" share "$T/tio.tsv" pool="$T/gds.tsv" from=50 where=comm=dtwork)" = n=0
out=$("$D" share "$T/tio.tsv" from=2 2>&1)
t_ok "share needs pool= (exit 2)" sh -c "[ $? -eq 2 ] && printf '%s' '$out' | grep -q 'needs pool='"

# marks: the KEY=VALUE words of the markers, each key's first value
printf 'time\tbuf\n1\tstart\n2\tch04 seed\n3\tch04 seed_dirty_ratelimit=5120 write_bw=5000 tasks=2\n4\tagain tasks=9 x=\n' > "$T/print.tsv"
s=$("$D" marks "$T/print.tsv")
t_ok "marks: four rows, the first value of each key, a key without a value skipped" \
	test "$s" = "n=4 seed_dirty_ratelimit=5120 write_bw=5000 tasks=2"
t_ok "marks of no rows: n=0" test "$("$D" marks "$T/print.tsv" from=9)" = n=0
s=$("$D" summary "$T/print.tsv" time "where=buf=ch04 seed")
t_ok "where= with a value holding a space (one argument)" test "$(t_get min "$s")" = 2

# select: the header and the rows; distinct: each value once, first seen first
out=$("$D" select "$T/io.tsv" where=pid=2 from=1 to=3)
t_ok "select: the header and pid 2's rows at t 1 and 2, as they are" \
	test "$out" = "$(printf 'time\tpid\tcomm\twrite_bytes\n1\t2\tw\t20\n2\t2\tw\t40')"
t_ok "distinct: the pids in the order first seen" test "$("$D" distinct "$T/io.tsv" pid | paste -sd' ')" = "1 2 3 4"
t_ok "distinct with where=: one value" test "$("$D" distinct "$T/io.tsv" comm where=pid=4)" = w
# calc: arithmetic on numbers given by name, printed as awk prints them
t_ok "calc: precedence and names" test "$("$D" calc '1000 * p / (bw / 4096 / n)' p=12 bw=5242880 n=2)" = 18.75
t_ok "calc: functions (pow, int, log, max, mod), whole numbers whole" \
	test "$("$D" calc 'pow(2, int(int(log(h) / log(2)) / 2)) + max(1, 2) + mod(7, 2)' h=6000)" = 67
t_ok "calc: 6 significant digits otherwise" test "$("$D" calc '2 / 3')" = 0.666667
out=$("$D" calc 'x + 1' x= 2>&1)
t_ok "calc: a value that is not a number is one line naming it (exit 2)" sh -c "[ $? -eq 2 ] && printf '%s' '$out' | grep -q 'x=: not a number'"
out=$("$D" calc 'y + 1' 2>&1)
t_ok "calc: a name without a value is an error" sh -c "[ $? -eq 2 ] && printf '%s' '$out' | grep -q 'no value given'"
# nth: the K-th selected row's text
t_ok "nth: the 3rd of pid 1's rows is at t 2" test "$(t_get value "$("$D" nth "$T/io.tsv" time n=3 where=pid=1)")" = 2
t_ok "nth past the last row: n=0" test "$("$D" nth "$T/io.tsv" time n=9 where=pid=1)" = n=0
# first: the text of a column in the first selected row
s=$("$D" first "$T/io.tsv" comm where=pid=2)
t_ok "first: the first row's text, and n" test "$(t_get first "$s") $(t_get n "$s")" = "w 5"
t_ok "first of no rows: n=0" test "$("$D" first "$T/io.tsv" comm where=pid=99)" = n=0

# pertask: two writers (task 0 pid 50, flat out; task 1 pid 51, think 100)
mkdir -p "$T/pt"
printf 'think = 0,100\ntasks = 2\n' > "$T/pt/meta"
printf 'time\ttask\tpid\tbytes\tchunks\n0\t0\t50\t0\t0\n0\t1\t51\t0\t0\n' > "$T/pt/work.log"
printf 'time\tpid\twrite_bytes\n20\t50\t0\n20\t51\t0\n30\t50\t1024000\n30\t51\t512000\n' > "$T/pt/task_io.tsv"
{
	printf 'time\tpid\ttask_ratelimit\tperiod\tthink\tpause\n'
	printf '19.0\t50\t100\t100\t0\t100\n20.0\t50\t100\t100\t0\t100\n20.5\t50\t100\t100\t0\t100\n'
	printf '20.0\t51\t40\t200\t100\t-5\n21.0\t51\t60\t200\t100\t50\n'
} > "$T/pt/balance_dirty_pages.tsv"
# pid 50: 100 KiB/s against 100; real think (1000 - 100 + 500 - 100) / 2 =
# 650 ms, x 6.5. pid 51: 50 against mean 50 (sd 10); real think 1000 ms
# (the previous call did not sleep), mean sleep (0 + 50) / 2, x 5.
out=$("$D" pertask "$T/pt/balance_dirty_pages.tsv" from=20)
t_ok "pertask: a row per writer, the files and think list beside the file" test "$out" = "$(printf '%s\n' \
	$'task\tthink_ms\tpid\trate_kBps\tratelimit_kBps\tratio\tperiod_ms\trowthink_ms\trows\tthink_ms_real\tpause_ms\tx\tratelimit_sd' \
	$'0\t0\t50\t100.0\t100.0\t1.0000\t100.0\t0.0\t2\t650.0\t100.0\t6.5000\t0.0' \
	$'1\t100\t51\t50.0\t50.0\t1.0000\t200.0\t100.0\t2\t1000.0\t25.0\t5.0000\t10.0')"
printf 'steady = 20\n' >> "$T/pt/meta"
t_ok "pertask: the window from the meta's steady when no from= is given" \
	test "$("$D" pertask "$T/pt/balance_dirty_pages.tsv")" = "$out"
sed -i '/^steady/d' "$T/pt/meta"
out=$("$D" pertask "$T/pt/balance_dirty_pages.tsv" 2>&1)
t_ok "pertask: no from= and no steady in the meta: an error (exit 2)" sh -c "[ $? -eq 2 ] && printf '%s' '$out' | grep -q 'from: not given'"
rm "$T/pt/work.log"
out=$("$D" pertask "$T/pt/balance_dirty_pages.tsv" from=20 think=7)
t_ok "pertask without work.log (the model): pids 1000 + task, no calls: zeros; think= given" \
	test "$(printf '%s\n' "$out" | cut -f1-5 | tail -1)" = $'1\t7\t1001\t0.0\t0.0'

# stretch: rows at t 0..6 with x 0 0 5 0 0 0 5: stretches of x <= 0 are
# 0-1 (1 s) and 3-5 (2 s); and=: y too; until= is inclusive, to= not
printf 'time\tx\ty\n0\t0\t1\n1\t0\t1\n2\t5\t1\n3\t0\t1\n4\t0\t0\n5\t0\t1\n6\t5\t1\n' > "$T/st.tsv"
t_ok "stretch: the longest run of rows in the range" test "$(t_get longest "$("$D" stretch "$T/st.tsv" x -1 0)")" = 2.00
t_ok "stretch and=: both ranges (y = 1 breaks 3-5 at 4)" test "$(t_get longest "$("$D" stretch "$T/st.tsv" x -1 0 and=y:1:1)")" = 1.00
t_ok "until=5 keeps the row at 5 (3..5: 2 s), to=5 does not (3..4: 1 s)" \
	test "$(t_get longest "$("$D" stretch "$T/st.tsv" x -1 0 until=5)") $(t_get longest "$("$D" stretch "$T/st.tsv" x -1 0 to=5)")" = "2.00 1.00"
# between=EXPR:LO:HI selects rows by a range of an expression
t_ok "between= selects by a range" test "$(t_get n "$("$D" summary "$T/st.tsv" x between=x-y:-1:-1)")" = 4
# EXPR: calc's rule (precedence, parentheses), one arithmetic for dt and
# the claims: with a=10 b=4 c=2, a-b/c = 8 and (a-b)/c = 3 (the old
# left-to-right rule gave 3 for both)
printf 'time\ta\tb\tc\n1\t10\t4\t2\n' > "$T/ex.tsv"
t_ok "EXPR: * and / before + and - (a-b/c = 8)" test "$(t_get mean "$("$D" summary "$T/ex.tsv" a-b/c)")" = 8
t_ok "EXPR: parentheses ((a-b)/c = 3, 2*(a-(b+c)) = 8)" \
	test "$(t_get mean "$("$D" summary "$T/ex.tsv" '(a-b)/c')") $(t_get mean "$("$D" summary "$T/ex.tsv" '2*(a-(b+c))')")" = "3 8"
t_ok "EXPR: the same rule as dt calc (a+b*c-a/c)" \
	test "$(t_get mean "$("$D" summary "$T/ex.tsv" a+b*c-a/c)")" = "$("$D" calc 'a+b*c-a/c' a=10 b=4 c=2)"
out=$("$D" summary "$T/ex.tsv" '(a-b/c' 2>&1)
t_ok "EXPR: an unclosed ( is one line naming the expression, exit 2" \
	sh -c '[ "$1" -eq 2 ] && [ "$2" = "$3: (a-b/c: a ( without its )" ]' _ $? "$out" "$T/ex.tsv"
# resid refbelow=/refabove=: only the reference's rows below / above
printf 'x\ty\n0\t0\n10\t10\n20\t0\n' > "$T/ref.tsv"
printf 'time\tx\ty\n0\t5\t5\n1\t15\t5\n' > "$T/pts.tsv"
t_ok "resid refbelow=11: the line 0..10 only (15 lies outside it: no residual)" \
	test "$(t_get n "$("$D" resid "$T/pts.tsv" x y "$T/ref.tsv" x y refbelow=11)")" = 1
t_ok "resid refabove=9: 10..20, at 15 the curve is 5" test "$(t_get max "$("$D" resid "$T/pts.tsv" x y "$T/ref.tsv" x y refabove=9)")" = 0
out=$("$D" --help)
t_ok "dt --help lists every command of the table" sh -c "for c in summary frac tfrac settle resid steps ordered rows rates cdf quantiles excess pollmatch pertask stretch select distinct nth first marks cover capped share io; do printf '%s\n' '$out' | grep -q \"^  \$c \" || exit 1; done"

# rows and ordered read the selection like every command (from=, to=,
# where=): pid 1's rows from t 1 are 4 then 6, in order, though the whole
# column is not; frac and tfrac of no row are nan, not 0 (a share of
# nothing: a gate on it must not pass)
printf 'time\tpid\tx\n0\t1\t5\n1\t2\t3\n2\t1\t4\n3\t1\t6\n' > "$T/sel.tsv"
t_ok "rows: 4 in all, 2 of pid 1 from t 1" test "$("$D" rows "$T/sel.tsv") $("$D" rows "$T/sel.tsv" from=1 where=pid=1)" = "4 2"
t_ok "ordered: the column is not, pid 1's rows from t 1 are" \
	sh -c '! "$1" ordered "$2" x > /dev/null && [ "$("$1" ordered "$2" x from=1 where=pid=1)" = "ordered=yes rows=2" ]' _ "$D" "$T/sel.tsv"
t_ok "frac and tfrac of no selected row: nan" \
	test "$(t_get frac "$("$D" frac "$T/sel.tsv" x 0 10 from=9)") $(t_get frac "$("$D" tfrac "$T/sel.tsv" x 0 10 from=9)")" = "nan nan"
t_end
