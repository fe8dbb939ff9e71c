#!/bin/bash
# experiments/dtwork/test.sh -- unit tests of dtwork, run on the host.
#
# Reads:  the dtwork binary given as $1
# Writes: scratch files under $2 (emptied first), e.g. $(BUILD)/dtwork/test
# Usage:  bash test.sh BUILD/dtwork/dtwork BUILD/dtwork/test
#         (normally through `make -C experiments/dtwork check`)
#
# Small and quick (about 5 s: the timed runs go in parallel). Only upper
# bounds on speed are asserted -- the host is shared and noisy; the lower
# bounds are liveness ("wrote something while active"). Ends with the line
# "N passed, N failed" and exits non-zero if anything failed.
set -u
DTWORK=${1:?usage: test.sh DTWORK TESTDIR}
T=${2:?usage: test.sh DTWORK TESTDIR}
[ -x "$DTWORK" ] || { echo "test.sh: $DTWORK: not executable" >&2; exit 1; }
rm -rf "$T" && mkdir -p "$T" || exit 1
T=$(cd "$T" && pwd)

# Every run under a hard timeout, so a hanging dtwork fails the test instead
# of hanging it (its writers die with it: PR_SET_PDEATHSIG).
dtwork() { timeout -s KILL 15 "$DTWORK" "$@"; }

# KTAP-style lines and the closing "N passed, N failed" (tools/assert.sh)
. "$(dirname "$0")/../../tools/assert.sh"
ok()  { t_result ok "$1" ""; }
bad() { t_result FAIL "$1" "${2:-}"; }
# expect NAME MSG: MSG empty = pass
expect() { if [ -z "$2" ]; then ok "$1"; else bad "$1" "$2"; fi; }

# Final sample of the log (the last line of each task), as "task bytes chunks pid".
final() { awk -F'\t' 'NR > 1 { b[$2] = $4; c[$2] = $5; p[$2] = $3 }
	END { for (t in b) print t, b[t], c[t], p[t] }' "$1" | sort -n; }

# ---------------------------------------------------------------- bad input
mkdir -p "$T/bad" "$T/bad/d"
: > "$T/bad/file"
OKARGS=(dir=$T/bad/d tasks=2 chunk=4K think=0 duration=1)
# rejects KEY ARG...: exit 2 and exactly one stderr line "dtwork: KEY: ..."
# (LABEL, if set, names the case instead of the whole command line)
LABEL=
rejects() {
	local key=$1 rc n what
	shift
	what=${LABEL:-$*}
	LABEL=
	dtwork "$@" > "$T/bad/out" 2> "$T/bad/err"
	rc=$?
	n=$(wc -l < "$T/bad/err")
	if [ $rc -ne 2 ]; then
		bad "rejects $what" "exit $rc, expected 2"
	elif [ "$n" -ne 1 ] || ! grep -q "^dtwork: $key: " "$T/bad/err"; then
		bad "rejects $what" "stderr not one line naming '$key': $(head -c 200 "$T/bad/err")"
	elif [ -s "$T/bad/out" ]; then
		bad "rejects $what" "wrote to stdout"
	else
		ok "rejects ${what//$T/\$T} ($(sed "s|$T|\$T|g" "$T/bad/err"))"
	fi
}
# with KEY=VALUE: OKARGS with that key replaced (or added)
with() {
	local a out=()
	for a in "${OKARGS[@]}"; do [ "${a%%=*}" = "${1%%=*}" ] || out+=("$a"); done
	printf '%s\0' "${out[@]}" "$1"
}
rej() { local args; mapfile -d '' args < <(with "$2"); LABEL="'$2'"; rejects "$1" "${args[@]}"; }

echo "  bad input"
rej tasks tasks=0;        rej tasks tasks=10001;    rej tasks tasks=abc
rej tasks tasks=-1;       rej tasks tasks=+3;       rej tasks "tasks= 3"
rej tasks tasks=3x;       rej tasks tasks=;         rej tasks tasks=99999999999999999999999
rej duration duration=0;  rej duration duration=-1; rej duration duration=3601
rej duration duration=1.5
rej chunk chunk=0;        rej chunk chunk=65M;      rej chunk chunk=4X
rej chunk chunk=4KB;      rej chunk chunk=67108865; rej chunk chunk=K
rej think think=-5;       rej think think=1,,2;     rej think think=x
rej think think=3600001
rej stagger stagger=-1;   rej interval interval=0
rej phases phases=0:3;    rej phases phases=1:1;    rej phases phases=0:1,0:2
rej phases phases=0:1,5:1 # past duration=1
rej phases phases=0-1;    rej phases phases=0:1,
rej dir dir=$T/nonexistent; rej dir dir=$T/bad/file; rej dir "dir=$T/bad/d,"
rej marker marker=$T/nonexistent/m; rej marker marker=$T/bad/no-such-file
rej log log=$T/nonexistent/log
rej foo foo=1
LABEL="bare word 'tasks'";   rejects tasks "${OKARGS[@]}" tasks
LABEL="tasks= given twice"; rejects tasks "${OKARGS[@]}" tasks=3
LABEL="no dir=";            rejects dir tasks=2 chunk=4K think=0 duration=1
LABEL="no duration=";       rejects duration dir=$T/bad/d tasks=2 chunk=4K think=0
[ -z "$(ls -A "$T/bad/d")" ] && ok "bad input writes no files" ||
	bad "bad input writes no files" "$(ls "$T/bad/d" | head -3)"

# ----------------------------------------------------- timed runs, in parallel
# r1: 2 tasks, think 100 ms / 10 ms, log=FILE
mkdir -p "$T/r1"
( dtwork dir=$T/r1 tasks=2 chunk=4K think=100,10 duration=2 interval=200 \
	log=$T/r1/log > "$T/r1/out" 2> "$T/r1/err"; echo $? > "$T/r1/rc" ) &
# r2: stagger, two dirs, log to stdout
mkdir -p "$T/r2/a" "$T/r2/b"
( dtwork dir=$T/r2/a,$T/r2/b tasks=3 chunk=4K think=20 duration=2 stagger=500 \
	interval=100 > "$T/r2/log" 2> "$T/r2/err"; echo $? > "$T/r2/rc" ) &
# r3: phases 1 -> 3 -> 1 writers of 4, marker
mkdir -p "$T/r3"; : > "$T/r3/marker"
( dtwork dir=$T/r3 tasks=4 chunk=4K think=20 duration=3 phases=0:1,1:3,2:1 \
	interval=100 log=$T/r3/log marker=$T/r3/marker 2> "$T/r3/err"
	echo $? > "$T/r3/rc" ) &
# r4: a writer blocked for good (a FIFO nobody reads) is killed 2 s after the end
mkdir -p "$T/r4"; mkfifo "$T/r4/w0000"
( exec 3<> "$T/r4/w0000"    # a reader that never reads: the 2nd write blocks
  s=$(date +%s%N)
  dtwork dir=$T/r4 tasks=1 chunk=64K think=0 duration=1 log=$T/r4/log 2> "$T/r4/err"
  echo $? > "$T/r4/rc"; echo $((($(date +%s%N) - s) / 1000000)) > "$T/r4/ms" ) &
# r5: write errors (ENOSPC from /dev/full) are reported, exit 1
mkdir -p "$T/r5"; ln -s /dev/full "$T/r5/w0001"
( dtwork dir=$T/r5 tasks=2 chunk=4K think=10 duration=1 log=$T/r5/log 2> "$T/r5/err"
	echo $? > "$T/r5/rc" ) &
wait

echo "  2 tasks, 2 s, think=100,10 (r1)"
expect "r1 exit 0" "$( [ "$(cat "$T/r1/rc")" = 0 ] || echo "exit $(cat "$T/r1/rc"): $(cat "$T/r1/err")")"
expect "r1 nothing on stdout with log=" "$( [ -s "$T/r1/out" ] && echo "stdout not empty")"
expect "r1 header" "$(head -1 "$T/r1/log" | grep -qxP 'time\ttask\tpid\tbytes\tchunks' || echo "got: $(head -1 "$T/r1/log")")"
msg=""; n=0
while read -r task bytes chunks pid; do
	n=$((n + 1))
	f=$(printf '%s/r1/w%04d' "$T" "$task")
	size=$(stat -c %s "$f" 2>/dev/null || echo missing)
	[ "$size" = "$bytes" ] || msg+="task $task: file $size, log $bytes; "
	[ "$bytes" = $((chunks * 4096)) ] || msg+="task $task: bytes $bytes != chunks $chunks * 4K; "
	[ "$pid" -gt 0 ] || msg+="task $task: pid $pid; "
done < <(final "$T/r1/log")
[ $n = 2 ] || msg+="$n tasks in the log; "
[ "$(ls "$T/r1" | grep -c '^w')" = 2 ] || msg+="$(ls "$T/r1" | grep -c '^w') files; "
expect "r1 file sizes = last logged bytes" "$msg"
for r in r1 r2 r3; do
	expect "$r bytes and chunks non-decreasing per task" "$(awk -F'\t' 'NR > 1 {
		if (($2 in b) && ($4 < b[$2] || $5 < c[$2] || $1 < t[$2]))
			{ print "task " $2 " at " $1 ": " $4 " after " b[$2]; exit }
		b[$2] = $4; c[$2] = $5; t[$2] = $1 }' "$T/$r/log")"
done
# Task 0 thinks 100 ms after each 4K chunk: by time t it has written at most
# floor(t / 0.1) + 1 chunks; one more for a chunk finishing while sampling.
expect "r1 task 0 within chunk/think (upper bound)" "$(awk -F'\t' 'NR > 1 && $2 == 0 {
	max = (int($1 * 10 + 1e-9) + 2) * 4096
	if ($4 > max) { print "t=" $1 ": " $4 " bytes > " max; exit } }' "$T/r1/log")"
total=$(final "$T/r1/log" | awk '{ s += $2 } END { print s }')
expect "r1 summary line on stderr" "$( [ "$(wc -l < "$T/r1/err")" = 1 ] &&
	grep -qE "^dtwork: 2 tasks, $total bytes in [0-9.]+ s, [0-9.]+ MB/s" "$T/r1/err" ||
	echo "got: $(cat "$T/r1/err") (total $total)")"

echo "  stagger=500, two dirs, log on stdout (r2)"
expect "r2 exit 0" "$( [ "$(cat "$T/r2/rc")" = 0 ] || echo "exit $(cat "$T/r2/rc"): $(cat "$T/r2/err")")"
expect "r2 header on stdout" "$(head -1 "$T/r2/log" | grep -qxP 'time\ttask\tpid\tbytes\tchunks' || echo "got: $(head -1 "$T/r2/log")")"
expect "r2 files round-robin over dirs" "$(cd "$T/r2" && [ "$(echo a/* b/*)" = "a/w0000 a/w0002 b/w0001" ] || echo "got: $(echo a/* b/*)")"
# task i starts at i * 0.5 s: no more than one chunk before (for the sampling race)
expect "r2 no task writes before its start" "$(awk -F'\t' 'NR > 1 && $1 < $2 * 0.5 && $4 > 4096 {
	print "task " $2 " at " $1 ": " $4 " bytes"; exit }' "$T/r2/log")"
expect "r2 every task wrote after its start" "$(final "$T/r2/log" | awk '$2 == 0 { print "task " $1 " wrote nothing" }')"

echo "  phases=0:1,1:3,2:1 of 4 tasks, marker (r3)"
expect "r3 exit 0" "$( [ "$(cat "$T/r3/rc")" = 0 ] || echo "exit $(cat "$T/r3/rc"): $(cat "$T/r3/err")")"
# Per task: bytes at the last sample before 1 s (b1), before 2 s (b2), at the
# first sample from 2 s (c2), and final (f). One chunk of slack at each edge.
read -r msg < <(awk -F'\t' 'NR > 1 {
	t = $2; if ($1 < 1) b1[t] = $4; if ($1 < 2) b2[t] = $4
	if ($1 >= 2 && !(t in c2)) c2[t] = $4; f[t] = $4 }
	END {
	m = ""
	for (t = 1; t <= 2; t++) {
		if (b1[t] > 4096) m = m "task " t " wrote " b1[t] " before 1 s; "
		if (b2[t] == 0) m = m "task " t " wrote nothing in 1-2 s; "
		if (f[t] - c2[t] > 4096) m = m "task " t " grew " f[t] - c2[t] " after 2 s; "
	}
	if (f[3] != 0) m = m "task 3 (never active) wrote " f[3] "; "
	if (!(f[0] > c2[0] && b1[0] > 0)) m = m "task 0 not writing throughout; "
	print m "." }' "$T/r3/log")
expect "r3 phases activate the right tasks" "${msg%.}"
expect "r3 marker lines" "$(printf 'dtwork start\ndtwork phase 1\ndtwork phase 3\ndtwork phase 1\ndtwork end\n' |
	cmp -s - "$T/r3/marker" || echo "got: $(tr '\n' '|' < "$T/r3/marker")")"

echo "  a writer that never returns (r4), write errors (r5)"
expect "r4 straggler killed, exit 0, within 1 + 2 s (+3 s slack)" "$(
	[ "$(cat "$T/r4/rc")" = 0 ] || echo "exit $(cat "$T/r4/rc"); "
	grep -q ', 1 killed 2 s after the end' "$T/r4/err" || echo "stderr: $(cat "$T/r4/err"); "
	[ "$(cat "$T/r4/ms")" -lt 6000 ] || echo "took $(cat "$T/r4/ms") ms; "
	[ "$(final "$T/r4/log" | awk '{ print $2 }')" = 65536 ] || echo "final bytes $(final "$T/r4/log")")"
expect "r5 ENOSPC reported, exit 1" "$(
	[ "$(cat "$T/r5/rc")" = 1 ] || echo "exit $(cat "$T/r5/rc"); "
	grep -q ', 1 failed, first .*/w0001: No space left on device' "$T/r5/err" || echo "stderr: $(cat "$T/r5/err")")"

echo "  1000 tasks, duration=1 (r6)"
mkdir -p "$T/r6"
dtwork dir=$T/r6 tasks=1000 chunk=4K think=100 duration=1 log=$T/r6/log 2> "$T/r6/err"
rc=$?
expect "r6 exit 0" "$( [ $rc = 0 ] || echo "exit $rc: $(cat "$T/r6/err")")"
expect "r6 log has 1000 tasks, all wrote" "$(final "$T/r6/log" | awk '{ n++; if ($3 < 1) z++ }
	END { if (n != 1000 || z) print n " tasks, " z + 0 " without a chunk" }')"
expect "r6 1000 files" "$(n=$(ls "$T/r6" | grep -c '^w[0-9]\{4\}$'); [ "$n" = 1000 ] || echo "$n files")"
expect "r6 distinct pids" "$(final "$T/r6/log" | awk '{ print $4 }' | sort -u | awk 'END { if (NR != 1000) print NR " pids" }')"

t_end
