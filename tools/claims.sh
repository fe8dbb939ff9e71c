# tools/claims.sh -- helpers for the chapters' claims scripts (sourced).
#
# A chapter's `claims` script turns its runs' TSVs into rows, written as
# TSV to stdout (the report's tables are generated from these files, never
# typed by hand). One row per claim, with this header:
#   id chapter kind source claim model model_value kernel kernel_value
#   control control_verdict control_value verdict reason
# kind is "claim" (evidence for a mechanism: it has a negative control) or
# "sanity" (a conservation law, a property true by construction, a
# measured difference between two codes: no control can make it fail, so
# it is reported in its own table and not counted as a claim verified).
#
# A row is built in three steps, the first two before the row's call:
#   cite SEED LINES "QUOTE"     the seed (000..010), the lines of the file
#                               as kept in ../shared/seeds (A-B or A) and a
#                               short quote of the claim's own words that
#                               lies within those lines; may be repeated.
#                               One line, literal arguments: the citation
#                               test (tools/check-cites) reads it statically.
#   cite_code "WHAT"            a source other than a seed (6.1's code)
#   lab_check RUN...            the kernel runs the row judges (the
#                               experiment's and a kernel control's): a run
#                               whose guest dirtied at under LAB_MIN_X (3)
#                               times its disks' bandwidth (meta's
#                               capacity_x_disk, from guest/init's probe)
#                               could not show throttling, so its verdict
#                               becomes NOT REPRODUCED with the lab reason
#                               (and a kernel control's, so the row is not
#                               counted either way)
#   lab_state RUN FROM [MIN]    the same for the run's state: writers held
#                               by the throttle in at least MIN (0.8) of
#                               the seconds from FROM (throttled_share);
#                               lab_why prints the reason both use
#   control "DESC" VERDICT "VALUE"
#                               the claim's own verdict code on the control:
#                               the same experiment with the mechanism
#                               switched to its alternative (DESC says which
#                               run and which knob)
#   claim ID CLAIM MODEL MODEL_VALUE KERNEL KERNEL_VALUE REASON
#   sanity ID CLAIM MODEL MODEL_VALUE KERNEL KERNEL_VALUE WHY
# MODEL, KERNEL: PASS, FAIL, NOT REPRODUCED or n/a. The row's verdict:
#   kernel NOT REPRODUCED (or n/a)   -> NOT REPRODUCED
#   kernel FAIL                      -> FAIL
#   kernel PASS, control FAIL        -> PASS
#   kernel PASS, control not FAIL    -> INCONCLUSIVE (not evidence: the
#                                       verdict code passes without the
#                                       mechanism too, or no control ran)
# A claim row without a citation or without a control is an error (exit 1).
# CLAIMS_ID_SUFFIX and CLAIMS_TEXT_SUFFIX, when set, are appended to ID and
# CLAIM (one script judging the same claims on another code).
#
# Verdict helpers (each gives PASS, FAIL or NOT REPRODUCED; NOT REPRODUCED
# when a value the verdict needs is missing or not a number, e.g. a window
# of the run without samples -- only the values the verdict uses count):
#   in_range VALUE LO HI          -> LO <= VALUE <= HI (decimals ok)
#   all_of VERDICT...             -> PASS if all PASS; NOT REPRODUCED if any
#                                    is; else FAIL
#   test_of VALUE... -- AWK_COND  -> the awk condition on v1, v2, ...
# Others:
#   stat_get KEY "k=v ..."        -> the value of KEY in a dt line
#   calc EXPR                     -> awk arithmetic, printed with %.4g; nan
#                                    when awk cannot evaluate it
#   model_control RUN DIR KEY=VALUE...
#                                 -> runs the model (dtmodel sim) on RUN's
#                                    spec and overrides (from its meta) with
#                                    KEY=VALUE added, into DIR; prints DIR
#   seed_commit SEED              -> the upstream commit (or where it is)
#   traced RUN                    -> true when RUN has throttled rows (rate
#                                    updates and balance_dirty_pages calls);
#                                    a run never throttled (a guest that
#                                    dirtied no faster than the disk wrote)
#                                    has nothing for a claim to look at
#
# Every chapter's claims script is called the same way and finds its runs
# by spec name:
#   claims RUNS [MODEL_RUNS]      RUNS: a folder of kernel runs named by
#                                 spec (build/runs, build/check-runs, a
#                                 replicate of tools/spread); MODEL_RUNS:
#                                 the model on the same specs
#   claims_dirs "$@"              takes the two folders from the script's
#                                 arguments (a usage line otherwise)
#   run_of NAME                   -> RUNS/NAME when it holds a finished run
#                                    (its meta), else "-" (rows that need
#                                    it are left out)
#   model_of NAME                 -> MODEL_RUNS/NAME likewise, else ""
#   need_run NAME...              dies naming RUNS when one of them is not
#                                 there (the chapter has nothing to judge)
#   meta RUN KEY                  -> the value of KEY in RUN's meta
# claims.sh sets KIT, BUILD (unless set) and DT (the analysis tool, dt).
CLAIMS_CHAPTER=${CLAIMS_CHAPTER:-?}
# the kit, its build folder and the analysis tools the scripts call
KIT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${BUILD:-$KIT/build}
. "$KIT/tools/kit.sh"
DT=$BUILD/dt/dt
_cite="" _ctl_desc="" _ctl_v="" _ctl_val="" _lab=""
CLAIMS_RUNS="" CLAIMS_MODELS=""

claims_dirs() {
	[ $# -ge 1 ] && [ $# -le 2 ] && [ -d "$1" ] || {
		echo "usage: chapters/*/claims RUNS [MODEL_RUNS] (chapter $CLAIMS_CHAPTER; RUNS: a folder of runs named by spec)" >&2
		exit 2
	}
	CLAIMS_RUNS=$1 CLAIMS_MODELS=${2:-}
}
meta() { kit_meta "$@"; }	# RUN KEY -> the value in RUN's meta (tools/kit.sh)
run_of() { if [ -r "$CLAIMS_RUNS/$1/meta" ]; then echo "$CLAIMS_RUNS/$1"; else echo -; fi; }
model_of() {
	if [ -n "$CLAIMS_MODELS" ] && [ -r "$CLAIMS_MODELS/$1/meta" ]; then echo "$CLAIMS_MODELS/$1"; fi
}
need_run() {
	local n
	for n; do
		[ -r "$CLAIMS_RUNS/$n/meta" ] || _claims_die "$CLAIMS_RUNS/$n: no such run (its meta is missing)"
	done
}
LAB_MIN_X=${LAB_MIN_X:-3}

# The claims TSV's columns, by name and in order: tools/claims.cols, which
# every reader uses too (awk programs through tools/claims-cols.awk).
CLAIMS_COLS=$KIT/tools/claims.cols
claims_header() {
	paste -sd '\t' "$CLAIMS_COLS"
}

# The seeds' upstream commits: tools/seeds.tsv (tools/dtclaims reads it too)
seed_commit() {
	[[ "$1" =~ ^[0-9]{3}$ ]] || return 1
	awk -F'\t' -v s="$1" '$1 == s { print $2; f = 1; exit } END { exit !f }' "$KIT/tools/seeds.tsv"
}

traced() {
	local f n
	for f in balance_dirty_pages bdi_dirty_ratelimit; do
		n=$("${BUILD:?}/dt/dt" rows "$1/$f.tsv" 2> /dev/null) || return 1
		[ "${n:-0}" -gt 0 ] || return 1
	done
}

_claims_die() {
	echo "chapters/*/claims (chapter $CLAIMS_CHAPTER): $*" >&2
	exit 1
}

cite() {
	local seed=$1 lines=$2 quote=${3:-} commit
	commit=$(seed_commit "$seed") || _claims_die "cite: unknown seed '$seed'"
	[[ "$lines" =~ ^[0-9]+(-[0-9]+)?$ ]] || _claims_die "cite $seed: lines '$lines' are not A-B"
	[ -n "$quote" ] || _claims_die "cite $seed $lines: no quote"
	_cite="${_cite:+$_cite; }seed $seed lines $lines \"$quote\" ($commit)"
}

cite_code() {
	_cite="${_cite:+$_cite; }$1"
}

# lab_why RUN [FROM [MIN]] -> "" when RUN could show throttling, else the
# lab reason: its guest dirtied at under LAB_MIN_X x its disks (meta's
# capacity_x_disk, from guest/init's probe), or, with FROM, its writers
# were held by the throttle in under MIN (0.8) of the seconds from FROM.
# A folder without a capacity line (a model run, or a run made before the
# probe existed) is not judged on capacity. tools/assert.sh's t_run uses
# the same function.
# The capacity gate: a throttling experiment needs writers that could
# dirty well above the disk, and the guest's probe measures what they can
# (its own writer count, the disk writing back beside it). The kit keeps
# each experiment at or below a third of that (issue 23). On the virtual
# clock the probe is the same on every host; the emulated CPU pays for
# writeback too (about 263 - 3.3 x disk MiB/s for one writer), so the
# gate caps the disks, not the host. Under KVM the writers copy at native
# speed and the gate should always pass. The throttled-share gate stays
# meaningful under either: it also depends on the pool and the disk.
lab_why() {
	local x sh
	if [ -r "$1/meta" ] && x=$(sed -n 's/^capacity_x_disk = //p' "$1/meta") && [ -n "$x" ]; then
		if ! _isnum "$x" || awk -v x="$x" -v m="$LAB_MIN_X" 'BEGIN { exit !(x < m) }'; then
			echo "lab: $(basename "$1")'s guest dirtied at $(sed -n 's/^capacity_mbps = //p' "$1/meta") MiB/s, $x x its disks (needs >= $LAB_MIN_X x to show throttling)"
			return
		fi
	fi
	[ -n "${2:-}" ] || return 0
	sh=$(throttled_share "$1" "$2")
	if ! _isnum "$sh" || awk -v s="$sh" -v m="${3:-0.8}" 'BEGIN { exit !(s < m) }'; then
		echo "lab: in $(basename "$1") the writers were throttled in only $sh of the seconds from $2 s (dirty stayed under the freerun ceiling: the guest dirtied about as fast as the disk wrote)"
	fi
}
_lab_add() {
	[ -n "$1" ] && _lab="${_lab:+$_lab; }$1"
	return 0
}
lab_check() {
	local r
	for r in "$@"; do _lab_add "$(lab_why "$r")"; done
}
lab_state() { _lab_add "$(lab_why "$@")"; }
# lab_late RUN FROM [MAX]: the writers were held by the throttle, not by the
# CPU: at most MAX (0.5) of the balance_dirty_pages calls from FROM s came
# late (pause < 0: the writer had already spent its period elsewhere, in
# the file system or waiting for a vCPU). Past that the calls only record
# a rate the writers could not reach, and a rate claim says nothing.
# Under TCG the vCPU is the main cause (copying a chunk takes milliseconds,
# timers are serviced late on a busy host); under KVM that part shrinks by
# one to two orders of magnitude and mostly the file system's is left, so
# the gate should rarely trip. MAX is a definition (most calls held by the
# throttle), not a TCG allowance, and would stay.
lab_late() {
	local f
	f=$(stat_get frac "$("${BUILD:?}/dt/dt" frac "$1/balance_dirty_pages.tsv" pause -1e9 -1 from="$2" 2>/dev/null)")
	if ! _isnum "$f"; then
		_lab_add "lab: $(basename "$1") has no balance_dirty_pages calls from $2 s"
	elif awk -v f="$f" -v m="${3:-0.5}" 'BEGIN { exit !(f > m) }'; then
		_lab_add "lab: in $(basename "$1") $f of the calls from $2 s came late (pause < 0: the writers were CPU-bound, not throttled)"
	fi
}
# lab_capped RUN FROM [MAX]: the writers paced outside the max-pause area:
# at most MAX (0.1) of the balance_dirty_pages calls from FROM s were cut
# at the cap. A call is cut when it slept less than its period less its
# think time (period - think > pause + 1 ms of rounding): uncapped, 6.1
# and v10 sleep exactly that; capped, they sleep max_pause (wb_max_pause()
# in 6.1, at most 200 ms). Seed 007 promises an exact rate only "as long
# as the max pause area is not hitted": a capped call carries part of its
# period to the next call (6.1: now += min(pause - max_pause, max_pause))
# and forgives the rest, so a run that calls at the cap again and again
# accumulates an error that no per-call bound covers. 6.1 puts a task
# there by design when it dirties under 32 pages per max_pause (under
# 640 KB/s: wb_min_pause() then targets a period of max_pause). The
# limit: the kit's throttled runs either stay near 0 (4 writers at 1.25
# MB/s each: <= 1 % of calls) or sit at 27-89 % (8 and 16 writers at
# <= 640 KB/s), so 10 % divides them with room either side. Not an
# accelerator matter: the area follows from each writer's rate, disk_bw / N,
# so the same runs would land in it under KVM (without the late calls
# that TCG adds to chapter 9's sixteen writers).
# capped_share RUN FROM -> the share of cut calls from FROM s (dt capped),
# "nan" without a call
capped_share() {
	local f
	f=$("${BUILD:?}/dt/dt" capped "$1/balance_dirty_pages.tsv" from="$2" 2> /dev/null) || { echo nan; return; }
	f=$(stat_get frac "$f")
	echo "${f:-nan}"
}
# in_capped RUN FROM [MAX] -> 0 when RUN is in the max pause area
in_capped() {
	local f
	f=$(capped_share "$1" "$2")
	_isnum "$f" && awk -v f="$f" -v m="${3:-0.1}" 'BEGIN { exit !(f > m) }'
}
lab_capped() {
	local f
	f=$(capped_share "$1" "$2")
	if ! _isnum "$f"; then
		_lab_add "lab: $(basename "$1") has no balance_dirty_pages call from $2 s"
	elif in_capped "$1" "$2" "${3:-0.1}"; then
		_lab_add "lab: in $(basename "$1") $f of the calls from $2 s were cut at the max pause cap (the max pause area, where seed 007 promises no exact rate: under 640 KB/s per writer 6.1 aims the period at max_pause)"
	fi
}
# throttled_share RUN FROM -> the share of the seconds in [FROM, duration)
# with at least one balance_dirty_pages row (dt cover). 6.1 traces that event only
# past the freerun ceiling, and a throttled writer calls it at least every
# max_pause (200 ms), so a second without a row is a second in which no
# writer was held by the throttle (dirty below the freerun ceiling: the
# guest dirtied no faster than the disk wrote).
throttled_share() {
	local dur s
	dur=$(sed -n 's/^duration = //p' "$1/meta")
	s=$("${BUILD:?}/dt/dt" cover "$1/balance_dirty_pages.tsv" from="$2" to="${dur:-0}" 2> /dev/null) || { echo nan; return; }
	stat_get share "$s"
}

control() {
	_ctl_desc=$1 _ctl_v=$2 _ctl_val=${3:--}
}

_row() { # KIND ID CLAIM MV MVAL KV KVAL REASON
	local kind=$1 id=$2${CLAIMS_ID_SUFFIX:-} text=$3${CLAIMS_TEXT_SUFFIX:-} mv=$4 mval=$5 kv=$6 kval=$7 reason=$8 verdict
	[ -n "$_cite" ] || _claims_die "$id: no cite before the row"
	if [ -n "$_lab" ]; then
		kval="$_lab (the verdict code said $kv: $kval)"
		kv="NOT REPRODUCED"
		case "$_ctl_v" in PASS | FAIL) _ctl_v="NOT REPRODUCED" ;; esac
	fi
	case "$kv" in
	PASS) verdict=PASS ;;
	FAIL) verdict=FAIL ;;
	*) verdict="NOT REPRODUCED" ;;
	esac
	if [ "$kind" = claim ]; then
		[ -n "$_ctl_desc" ] || _claims_die "$id: a claim row needs a control (or is a sanity row)"
		if [ "$verdict" = PASS ] && [ "$_ctl_v" != FAIL ]; then
			verdict=INCONCLUSIVE
			if [ "$_ctl_v" = PASS ]; then
				reason="the control passes too, so this is not evidence; $reason"
			else
				reason="the control did not run ($_ctl_v); $reason"
			fi
		fi
	else
		_ctl_desc="-" _ctl_v="-" _ctl_val="-"
	fi
	local -A f=([id]=$id [chapter]=$CLAIMS_CHAPTER [kind]=$kind [source]=$_cite [claim]=$text
		[model]=$mv [model_value]=$mval [kernel]=$kv [kernel_value]=$kval [control]=$_ctl_desc
		[control_verdict]=$_ctl_v [control_value]=$_ctl_val [verdict]=$verdict [reason]=$reason)
	local name line="" i=0
	while IFS= read -r name; do
		[ -n "$name" ] || continue
		[ -n "${f[$name]+set}" ] || _claims_die "$CLAIMS_COLS: column '$name' is not one a row has"
		i=$((i + 1))
		((i == 1)) && line=${f[$name]} || line+=$'\t'${f[$name]}
	done < "$CLAIMS_COLS"
	((i == ${#f[@]})) || _claims_die "$CLAIMS_COLS: $i columns, a row has ${#f[@]}"
	printf '%s\n' "$line"
	_cite="" _ctl_desc="" _ctl_v="" _ctl_val="" _lab=""
}

claim() { _row claim "$@"; }
sanity() { _row sanity "$@"; }

_isnum() { [[ "$1" =~ ^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$ ]]; }

in_range() {
	_isnum "$1" && _isnum "$2" && _isnum "$3" || { echo "NOT REPRODUCED"; return; }
	if awk -v v="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(v + 0 >= lo + 0 && v + 0 <= hi + 0) }'; then
		echo PASS
	else
		echo FAIL
	fi
}

all_of() {
	local v out=PASS
	for v in "$@"; do
		case "$v" in
		PASS) ;;
		FAIL) [ "$out" = PASS ] && out=FAIL ;;
		*) out="NOT REPRODUCED" ;;
		esac
	done
	echo "$out"
}

test_of() {
	local vals=() v i=0 prog=""
	while [ $# -gt 0 ] && [ "$1" != -- ]; do vals+=("$1"); shift; done
	shift
	for v in "${vals[@]}"; do
		i=$((i + 1))
		_isnum "$v" || { echo "NOT REPRODUCED"; return; }
		prog="$prog -v v$i=$v"
	done
	# shellcheck disable=SC2086
	if awk $prog "BEGIN { exit !($1) }"; then echo PASS; else echo FAIL; fi
}

# stat_get KEY DT_OUTPUT -> the value dt printed for KEY. dt prints only
# "n=0" for a window without samples: then the value is empty, and the
# verdict helpers say NOT REPRODUCED. A key dt did not print otherwise (a
# misspelt or renamed key, or dt failed and printed nothing) is an error
# that ends the claims script: a row must not turn NOT REPRODUCED without
# a word. (stat_get runs in a command substitution, so it stops the
# script by signal, not by exit.)
stat_get() {
	local v
	v=$(printf '%s\n' "$2" | tr ' ' '\n' | sed -n "s/^$1=//p" | head -1)
	if [ -z "$v" ] && [[ " $2 " != *" n=0 "* ]]; then
		echo "chapters/*/claims (chapter ${CLAIMS_CHAPTER:-?}): dt printed no '$1' (its output: ${2:-nothing, dt failed})" >&2
		kill -s TERM $$
		exit 1
	fi
	[ -z "$v" ] || printf '%s\n' "$v"
}

# An expression awk cannot evaluate (an operand missing because a window
# of the run held no samples, a division by zero) gives "nan" rather than
# ending the script; the verdict helpers then say NOT REPRODUCED.
calc() {
	# a "nan" operand (a missing value passed on) is nan, not awk's unset 0;
	# so is an empty operand before * or /, which awk would read as the
	# start of a regular expression (" / 4 / 2" was 2)
	local empty='(^|[-+*/(])[[:space:]]*[*/]'
	if [[ " $* " =~ [^A-Za-z_]nan[^A-Za-z_] ]] || [[ "$*" =~ $empty ]]; then
		printf nan
		return
	fi
	awk "BEGIN { x = ($*); printf \"%.4g\", x }" 2>/dev/null || printf nan
}

model_control() {
	local run=$1 dir=$2 spec tok key val args=()
	shift 2
	[ -x "${BUILD:?}/model/dtmodel" ] ||
		make -s -C "$(dirname "${BASH_SOURCE[0]}")/../model" BUILD="$BUILD" all >&2
	spec=$(sed -n 's/^spec = //p' "$run/meta")
	# a run made before its spec joined a family (or moved): the spec of
	# the run's name as the kit has it now
	[ -r "$spec" ] || spec=$(kit_spec "$(sed -n 's/^name = //p' "$run/meta")") ||
		_claims_die "model control on $run: no spec $spec"
	# the run's command-line overrides: their keys from the overrides line
	# (key=value, or the folder-name form key-value of older runs), their
	# values from meta's "key = value" lines, which hold what the run used
	# (time_scale is the runner's: meta holds the times it scaled, which
	# are passed instead)
	for tok in $(sed -n 's/^overrides = //p' "$run/meta"); do
		key=${tok%%=*}
		[ "$key" = "$tok" ] && key=${tok%%-*}
		if [ "$key" = time_scale ]; then
			args+=(duration stagger phases)
			continue
		fi
		args+=("$key")
	done
	for key in "${!args[@]}"; do
		val=$(awk -v k="${args[$key]}" '$1 == k && $2 == "=" { sub(/^[^=]*= */, ""); print; exit }' "$run/meta")
		args[$key]="${args[$key]}=$val"
	done
	"$BUILD/model/dtmodel" sim spec="$spec" "${args[@]}" "$@" -o "$dir" > /dev/null ||
		_claims_die "model control on $run ($*) failed"
	echo "$dir"
}
