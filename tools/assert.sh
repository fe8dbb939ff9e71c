# tools/assert.sh -- assertions for the kit's shell test runners (sourced).
#
#   t_ok NAME CMD...          passes when CMD exits 0
#   t_range NAME VALUE LO HI  passes when LO <= VALUE <= HI (decimals ok)
#   t_le NAME VALUE MAX / t_ge NAME VALUE MIN
#   t_get KEY "k=v k=v ..."   the value of KEY in a dt line
#   t_claim ROWS ID           a claims row (tools/claims.cols) of the TSV text
#                             ROWS: two results, "ID on the experiment" (the
#                             kernel verdict is PASS) and "ID on its control"
#                             (the same verdict code FAILs without the
#                             mechanism); a sanity row gives the first only
#   t_run RUN SPEC [--throttled FROM] [KEY=VALUE...]
#                             makes the kernel run RUN (experiments/run) when
#                             it is missing or stale (t_run_stale: made from
#                             another image of its kernel or another
#                             initramfs, spec or its pre= script newer
#                             than its meta, other overrides); if
#                             the guest's dirtying capacity is under
#                             3 x its disks, or (with
#                             --throttled FROM as the first KEY) the writers
#                             were throttled in under 0.8 of the seconds
#                             from FROM (dtclaims --lab, the claims' gates):
#                             one FAIL naming the lab reason, return 1 (the
#                             lab, not the claim, failed). No second try: on
#                             the virtual clock a run repeats to the byte,
#                             so a run made again would fail again
#   t_need FILE...            every FILE is an executable the kit builds
#                             (make check builds them before its suites:
#                             no suite runs make); else one FAIL naming the
#                             first missing one, return 1
#   t_end                     prints the plan, KTAP's "# Totals: pass:N fail:N
#                             xfail:0 xpass:0 skip:N error:0" and "N passed,
#                             N failed"; returns 1 on failures, 4 (kselftest's
#                             skip) when every test was skipped, else 0
#   t_skip NAME WHY           a test that could not be made here (counted
#                             apart: "N passed, N failed, N skipped")
# Output is KTAP-style: "KTAP version 1", then "ok N NAME # DETAIL",
# "not ok N NAME # DETAIL" or "ok N NAME # SKIP WHY", the plan "1..N" and
# the closing "N passed, N failed" that tools/check-all and CI read.
# the kit's shell library (kit_die, kit_step, kit_meta, ...)
. "$(dirname "${BASH_SOURCE[0]}")/kit.sh"
T_PASS=0
T_FAIL=0
T_SKIP=0
T_N=0

# t_result ok|FAIL|SKIP NAME DETAIL: one KTAP result line (the version
# line comes before the first), "ok N NAME # DETAIL", "not ok N NAME #
# DETAIL" or "ok N NAME # SKIP DETAIL"; DETAIL is kept on the line
t_result() {
	local detail=${3//$'\n'/ | }
	[ "$T_N" = 0 ] && echo "KTAP version 1"
	T_N=$((T_N + 1))
	case $1 in
	ok)
		T_PASS=$((T_PASS + 1))
		printf 'ok %d %s # %s\n' "$T_N" "$2" "$detail" ;;
	SKIP)
		T_SKIP=$((T_SKIP + 1))
		printf 'ok %d %s # SKIP %s\n' "$T_N" "$2" "$detail" ;;
	*)
		T_FAIL=$((T_FAIL + 1))
		printf 'not ok %d %s # %s\n' "$T_N" "$2" "$detail" ;;
	esac
}
t_skip() { t_result SKIP "$1" "$2"; }

t_ok() {
	local name=$1 out
	shift
	if out=$("$@" 2>&1); then
		t_result ok "$name" "${out:0:160}"
	else
		t_result FAIL "$name" "${out:0:300}"
	fi
}

t_cmp() { # NAME VALUE OP BOUND
	if [ -n "$2" ] && awk -v v="$2" -v b="$4" "BEGIN { exit !(v $3 b) }"; then
		t_result ok "$1" "$2 $3 $4"
	else
		t_result FAIL "$1" "${2:-<none>} $3 $4 does not hold"
	fi
}
t_le() { t_cmp "$1" "$2" '<=' "$3"; }
t_ge() { t_cmp "$1" "$2" '>=' "$3"; }
t_range() {
	if [ -n "$2" ] && awk -v v="$2" -v lo="$3" -v hi="$4" 'BEGIN { exit !(v >= lo && v <= hi) }'; then
		t_result ok "$1" "$2 in [$3, $4]"
	else
		t_result FAIL "$1" "${2:-<none>} not in [$3, $4]"
	fi
}

t_get() { # KEY LINE
	printf '%s\n' "$2" | tr ' ' '\n' | sed -n "s/^$1=//p" | head -1
}

# t_col NAME[,NAME...] < ROW: those columns of a claims TSV row, by name
# (tools/claims.cols, the one list of the columns)
_T_COLS=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/claims.cols
t_col() {
	local n f=""
	for n in ${1//,/ }; do
		n=$(grep -nx "$n" "$_T_COLS" | cut -d: -f1)
		[ -n "$n" ] || { echo "t_col: no column $1 in $_T_COLS" >&2; return 2; }
		f=${f:+$f,}$n
	done
	cut -f"$f"
}

# t_claim_judged ROWS ID WHY: for a row whose verdict the spread study
# (tools/spread) saw change from run to run: the experiment must be judged
# (PASS or FAIL, printed, not NOT REPRODUCED or INCONCLUSIVE) and the
# control must FAIL; which of PASS or FAIL is not asserted (WHY says so).
t_claim_judged() {
	local line v
	line=$(printf '%s\n' "$1" | awk -F'\t' -v id="$2" '$1 == id')
	[ -n "$line" ] || { t_result FAIL "$2" "no row"; return; }
	v=$(t_col kernel <<< "$line")
	case "$v" in
	PASS | FAIL) t_result ok "$2 judged on the experiment ($v; $3)" "$(t_col kernel_value <<< "$line")" ;;
	*) t_result FAIL "$2 judged on the experiment" "$v: $(t_col kernel_value,reason <<< "$line")" ;;
	esac
	if [ "$(t_col control_verdict <<< "$line")" = FAIL ]; then
		t_result ok "$2 on its control" "FAIL on $(t_col control <<< "$line"): $(t_col control_value <<< "$line")"
	else
		t_result FAIL "$2 on its control" "$(t_col control_verdict <<< "$line") on $(t_col control <<< "$line"): $(t_col control_value <<< "$line")"
	fi
}
# t_claim_inconclusive ROWS ID WHY: PASS on the experiment and PASS on its
# control, so the row's verdict is INCONCLUSIVE: the measure does not tell
# the mechanism from its alternative on this experiment (WHY), a finding
# the check keeps until the row or the experiment changes.
t_claim_inconclusive() {
	local line
	line=$(printf '%s\n' "$1" | awk -F'\t' -v id="$2" '$1 == id')
	[ -n "$line" ] || { t_result FAIL "$2" "no row"; return; }
	if [ "$(t_col kernel <<< "$line")" = PASS ] && [ "$(t_col control_verdict <<< "$line")" = PASS ] &&
		[ "$(t_col verdict <<< "$line")" = INCONCLUSIVE ]; then
		t_result ok "$2 INCONCLUSIVE ($3)" "$(t_col kernel_value <<< "$line"); control $(t_col control <<< "$line"): $(t_col control_value <<< "$line")"
	else
		t_result FAIL "$2 INCONCLUSIVE ($3)" "kernel $(t_col kernel <<< "$line"), control $(t_col control_verdict <<< "$line"), verdict $(t_col verdict <<< "$line"): $(t_col kernel_value,control_value <<< "$line")"
	fi
}
# t_claim_experiment ROWS ID WHY: PASS on the experiment; the control is
# reported, not asserted, because replicates have given both verdicts
# (WHY): the row's own verdict then says PASS or INCONCLUSIVE.
t_claim_experiment() {
	local line
	line=$(printf '%s\n' "$1" | awk -F'\t' -v id="$2" '$1 == id')
	[ -n "$line" ] || { t_result FAIL "$2" "no row"; return; }
	if [ "$(t_col kernel <<< "$line")" = PASS ]; then
		t_result ok "$2 on the experiment (its control varies: $3)" "$(t_col kernel_value <<< "$line"); control $(t_col control_verdict <<< "$line"): $(t_col control_value <<< "$line")"
	else
		t_result FAIL "$2 on the experiment (its control varies: $3)" "$(t_col kernel <<< "$line"): $(t_col kernel_value,reason <<< "$line")"
	fi
}
# t_claim_refused ROWS ID PATTERN WHY: the row's kernel verdict is NOT
# REPRODUCED for the lab reason matching PATTERN (grep -E): the run did
# not reach the state the claim is about, for a reason the kit states.
t_claim_refused() {
	local line v val
	line=$(printf '%s\n' "$1" | awk -F'\t' -v id="$2" '$1 == id')
	[ -n "$line" ] || { t_result FAIL "$2" "no row"; return; }
	v=$(t_col kernel <<< "$line") val=$(t_col kernel_value <<< "$line")
	if [ "$v" = "NOT REPRODUCED" ] && grep -Eq -- "$3" <<< "$val"; then
		t_result ok "$2 refused on the experiment ($4)" "$val"
	else
		t_result FAIL "$2 refused on the experiment ($4)" "$v: $val"
	fi
}
t_claim() { # ROWS ID
	local line kind
	line=$(printf '%s\n' "$1" | awk -F'\t' -v id="$2" '$1 == id')
	if [ -z "$line" ]; then
		t_result FAIL "$2" "no row"
		return
	fi
	kind=$(t_col kind <<< "$line")
	if [ "$(t_col kernel <<< "$line")" = PASS ]; then
		t_result ok "$2 on the experiment" "$(t_col kernel_value <<< "$line")"
	elif [ "$(t_col kernel <<< "$line")" = "NOT REPRODUCED" ]; then
		# the run did not reach the claim's state (the lab, not the claim)
		t_skip "$2 on the experiment" "NOT REPRODUCED: $(t_col kernel_value <<< "$line")"
	else
		t_result FAIL "$2 on the experiment" "$(t_col kernel <<< "$line"): $(t_col kernel_value,reason <<< "$line")"
	fi
	[ "$kind" = claim ] || return 0
	if [ "$(t_col control_verdict <<< "$line")" = FAIL ]; then
		t_result ok "$2 on its control" "FAIL on $(t_col control <<< "$line"): $(t_col control_value <<< "$line")"
	else
		t_result FAIL "$2 on its control" "$(t_col control_verdict <<< "$line") on $(t_col control <<< "$line"): $(t_col control_value <<< "$line")"
	fi
}

_t_meta() { sed -n "s/^$2 = //p" "$1/meta" | head -1; }	# RUN KEY
# t_run_stale RUN SPEC [KEY=VALUE...]: 0 when RUN is missing, or was made
# from another lab than the one a run would boot now (by content: the
# sha256 of its own kernel's image, build/kernel + the suffix of the
# kernel its meta names, and of the initramfs, against those its meta
# records), or is older than its spec or pre= script, or had other
# overrides
t_run_stale() {
	local run=$1 spec=$2 kit pre k img
	shift 2
	kit=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	local build=${BUILD:-$kit/build}
	# the spec's pre= script (a path relative to the kit)
	pre=$("$kit/experiments/spec" get "$spec" pre 2> /dev/null)
	[ -r "$run/meta" ] || return 0
	k=$(_t_meta "$run" kernel)
	img=$(BUILD=$build "$kit/tools/kernels" path "${k:-none}" image 2> /dev/null || echo "$build/kernel.none/bzImage")
	[ -r "$img" ] && [ "$(_t_meta "$run" bzimage_sha256)" = "$(sha256sum < "$img" | cut -d' ' -f1)" ] || return 0
	[ -r "$build/initramfs.cpio.gz" ] &&
		[ "$(_t_meta "$run" initramfs_sha256)" = "$(sha256sum < "$build/initramfs.cpio.gz" | cut -d' ' -f1)" ] || return 0
	[ "$spec" -nt "$run/meta" ] ||
		{ [ -n "$pre" ] && [ "$kit/$pre" -nt "$run/meta" ]; } ||
		[ "$(_t_meta "$run" overrides)" != "$*" ] ||
		! grep -q '^capacity_x_disk = ' "$run/meta"
}
t_run() {
	local run=$1 spec=$2 kit from="" why
	shift 2
	if [ "${1:-}" = --throttled ]; then
		from=$2
		shift 2
	fi
	kit=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	local build=${BUILD:-$kit/build}
	if t_run_stale "$run" "$spec" "$@"; then
		"$kit/experiments/run" "$spec" "$@" -o "$run" || {
			t_result FAIL "run $(basename "$run")" "experiments/run failed"
			return 1
		}
	fi
	why=$("$build/dtclaims/dtclaims" --dt "$build/dt/dt" --lab "$run" ${from:+"$from"}) || {
		t_result FAIL "lab for run $(basename "$run")" "dtclaims --lab failed"
		return 1
	}
	[ -z "$why" ] && return 0
	t_result FAIL "lab for run $(basename "$run")" "$why (the lab, not the claim)"
	return 1
}

t_need() {
	local f
	for f; do
		[ -x "$f" ] && continue
		t_result FAIL "needs $(basename "$f")" "$f: not built (make check builds it first)"
		return 1
	done
}

t_end() {
	echo "1..$T_N"
	# KTAP's totals line, as kselftest prints it, for standard parsers
	echo "# Totals: pass:$T_PASS fail:$T_FAIL xfail:0 xpass:0 skip:$T_SKIP error:0"
	if [ "$T_SKIP" -gt 0 ]; then
		echo "$T_PASS passed, $T_FAIL failed, $T_SKIP skipped"
	else
		echo "$T_PASS passed, $T_FAIL failed"
	fi
	[ "$T_FAIL" -eq 0 ] || return 1
	# kselftest's KSFT_SKIP: the suite as a whole could not be made here
	[ "$T_PASS" -eq 0 ] && [ "$T_SKIP" -gt 0 ] && return 4
	return 0
}
