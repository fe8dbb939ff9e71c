# tools/suites.sh -- the suite runner of tools/check-all (sourced; lab-unit
# tests it on small fake suites). Needs KIT, LOGS and tools/kit.sh.
#
#   suite NAME SECONDS CMD...  runs one suite; adds to PASS, FAIL, SKIP,
#                              SUITES (a summary line each) and RAN
PASS=0
FAIL=0
SKIP=0
SUITES=()
RAN=()
# Each suite runs under a timeout (GNU timeout: the suite's whole process
# group gets TERM, then KILL 30 s later), so that a hung suite fails and
# the others still run. The limits are safety nets, not goals: each is
# about 3 x the suite's time on CI's 2 cores, a busy host (the times of
# every run are in $LOGS/times.tsv and in the closing summary), with a
# floor of 10 minutes. CHECK_TIMEOUT_SCALE multiplies them all (a slower
# machine).
T_HOST=600	# host-only suites: seconds on CI, 10 min floor
T_GUEST=2400	# suites that boot guests: up to ~12 min on CI
SCALE=${CHECK_TIMEOUT_SCALE:-1}
[[ "$SCALE" =~ ^[1-9][0-9]*$ ]] || kit_die CHECK_TIMEOUT_SCALE CHECK_TIMEOUT_SCALE "want a whole number >= 1, not '$SCALE'"

# suite NAME SECONDS CMD...: run CMD (a file of the kit, or a function
# exported with export -f) as the suite NAME, its output in $LOGS/NAME.log.
# The suite's result is kselftest's: its exit code (0 pass, 4 skip: every
# test skipped, else fail) and its KTAP lines, which give the counts
# ("ok N", "not ok N", "ok N ... # SKIP"). One more failure is counted
# when the suite's file is missing, it ran past SECONDS, it exited non-zero
# without a "not ok" line, it printed no result line, or its closing
# "N passed, N failed" disagrees with its KTAP lines.
suite() {
	local name=$1 secs=$(($2 * SCALE)) log=$LOGS/$1.log rc t0 p f s why= line
	shift 2
	kit_step TEST "$name (timeout $(kit_elapsed "$secs"))"
	RAN+=("$name")
	if [ "$(type -t "$1")" != function ] && [ ! -x "$1" ]; then
		echo "not ok 1 $name # MISSING: $1 is not an executable file of the kit" > "$log"
		echo "          $name: missing: $1"
		FAIL=$((FAIL + 1))
		SUITES+=("$name: missing ($1)")
		return
	fi
	t0=$SECONDS
	# progress lines of long steps (RUN, KERNEL, ...) are shown as they come
	if [ "$(type -t "$1")" = function ]; then
		timeout -k 30 "$secs" bash -c '"$@"' _ "$@"
	else
		timeout -k 30 "$secs" "$@"
	fi 2>&1 | tee "$log" | grep --line-buffered -E '^  [A-Z]+ +[^ ]'
	rc=${PIPESTATUS[0]}
	printf '%s\t%d\t%d\n' "$name" $((SECONDS - t0)) "$rc" >> "$LOGS/times.tsv"
	f=$(grep -cE '^not ok [0-9]+ ' "$log")
	s=$(grep -cE '^ok [0-9]+ .* # SKIP' "$log")
	p=$(($(grep -cE '^ok [0-9]+ ' "$log") - s))
	grep -E '^(not ok|ok [0-9]+ .* # SKIP)' "$log" | sed 's/^/          /'
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -1)
	if ((rc == 124 || rc == 137)); then
		why="ran past its timeout, $(kit_elapsed "$secs") (exit $rc)"
	elif [ -z "$line" ]; then
		why="no closing line (exit $rc)"
	elif [ "$line" != "$p passed, $f failed" ] && [ "$line" != "$p passed, $f failed, $s skipped" ]; then
		why="its closing line '$line' disagrees with its KTAP lines ($p ok, $f not ok, $s skipped)"
	elif ((rc == 4)); then
		((p == 0 && f == 0)) || why="exit 4 (skip) with $p passed and $f failed"
	elif ((rc != 0 && f == 0)); then
		why="exit $rc without a failed test"
	elif ((rc == 0 && f > 0)); then
		why="exit 0 with $f failed tests"
	fi
	PASS=$((PASS + p))
	FAIL=$((FAIL + f))
	SKIP=$((SKIP + s))
	if [ -n "$why" ]; then
		echo "          $name: $why; last lines of $log:"
		tail -n 15 "$log" | sed 's/^/          /'
		FAIL=$((FAIL + 1))
		SUITES+=("$name: $p passed, $f failed, $s skipped; and: $why ($((SECONDS - t0)) s)")
		return
	fi
	SUITES+=("$name: ${line:-}$( ((rc == 4)) && echo " (skipped)") ($((SECONDS - t0)) s)")
}

