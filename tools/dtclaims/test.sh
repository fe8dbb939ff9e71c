#!/bin/bash
# tools/dtclaims/test.sh -- unit tests of dtclaims, the claims runner, on
# synthetic runs (a meta and one TSV each) with known answers: the
# expression language, the verdict logic (control, lab gate, missing
# samples), the columns' order, and the one-line errors of a bad claims
# file. Usage: test.sh DTCLAIMS DT. Ends "N passed, N failed".
set -uo pipefail
KIT=$(cd "$(dirname "$0")/../.." && pwd)
. "$KIT/tools/assert.sh"
C=${1:?usage: test.sh DTCLAIMS DT}
D=${2:?usage: test.sh DTCLAIMS DT}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT

# Three runs: x rises 0..9 over t = 0..9 (mean 4.5) in "up"; x is flat
# at 1 in "flat"; "slow"'s guest dirtied at 2 x its disks (the capacity
# gate needs 3). "up" and "flat" could (10 x).
mkrun() { # NAME X_OF_T CAPACITY_X
	mkdir -p "$T/runs/$1"
	printf 'name = %s\ncpus = 2\ncapacity_x_disk = %s\ncapacity_mbps = %s\n' "$1" "$3" "$(($3 * 5))" > "$T/runs/$1/meta"
	{ printf 'time\tx\n'; for t in 0 1 2 3 4 5 6 7 8 9; do printf '%d\t%s\n' "$t" "$(($2))"; done; } > "$T/runs/$1/s.tsv"
}
mkrun up 't' 10
mkrun flat '1' 10
mkrun slow 't' 2
cp -r "$T/runs/up" "$T/runs/up2"

run() { # CONF -> stdout of dtclaims; stderr in $T/err
	"$C" --dt "$D" --cols "$KIT/tools/claims.cols" --seeds "$KIT/tools/seeds.tsv" "$1" "$T/runs" 2> "$T/err"
}
col() { # ID NAME(S) < rows
	awk -F'\t' -v id="$1" '$1 == id' | t_col "$2"
}
# a claims file: the chapter's part, then rows given as arguments
conf() { # FILE ROW_TEXT...
	local f=$1
	shift
	{ echo "chapter 7"; printf '%s\n' "$@"; } > "$f"
}
row() { # KIND ID KERNEL CONTROL PASS [MORE...]: a row with every directive
	local kind=$1 id=$2 k=$3 ctl=$4 pass=$5
	shift 5
	echo "$kind $id a test row"
	echo 'cite 004 39-42 "we match the dirty rate to the writeout bandwidth"'
	echo "kernel $k"
	[ "$kind" = claim ] && echo "control kernel $ctl the same, mechanism off"
	printf '%s\n' "$@"
	echo "let mean = dt summary s.tsv x from=0 :mean"
	echo "pass $pass"
	echo "value mean {mean}"
	echo "why a test"
}

# --- the expression language (tsvexpr.h's calc) ----------------------------
conf "$T/calc.conf" "$(row sanity c up - '1' 'gates none a test' \
	'let a = 1 + 2 * 3' 'let b = 10 - 3 - 2' 'let c = -(2 - 5) * 2' 'let d = 7 / 2' \
	'let e:%.2f = 2 / 3' 'let f = 1 < 2 && 3 >= 3 && !(2 == 3) && (0 || 1)' \
	'let g = within(5, 1, 5) + within(6, 1, 5) * 10' 'let h = abs(-4) + min(2, 3) * max(2, 3) + sqrt(16)' \
	'let big = 123456789')"
sed -i 's/^value mean {mean}$/value {a} {b} {c} {d} {e} {f} {g} {h} {big} {e:%.3f}/' "$T/calc.conf"
out=$(run "$T/calc.conf")
t_ok "calc: precedence, left-to-right -, unary minus, /, logic, functions; text %.4g or the let's FMT" \
	test "$(col c kernel_value <<< "$out")" = "7 5 6 3.5 0.67 1 1 14 1.235e+08 0.670"

# --- verdicts --------------------------------------------------------------
# the mean of x is 4.5 in "up", 1 in "flat"
conf "$T/v.conf" \
	"$(row claim pass-fail up flat 'mean > 2' 'gates capacity kernel control')" \
	"$(row claim pass-pass up up2 'mean > 0.5' 'gates capacity kernel control')" \
	"$(row claim fail up flat 'mean > 5' 'gates capacity kernel control')" \
	"$(row claim lab slow flat 'mean > 2' 'gates capacity kernel control')" \
	"$(row claim nosamples up flat 'mean > 2' 'gates none a test' 'let w = dt summary s.tsv x from=100 :mean' 'let ww = w + 1')" \
	"$(row sanity san up - 'mean > 2' 'gates none a test')"
sed -i '/^claim nosamples/,/^pass/ s/^pass mean > 2$/pass ww > 2/' "$T/v.conf"
out=$(run "$T/v.conf")
t_ok "kernel PASS, control FAIL -> PASS" test "$(col pass-fail kernel,control_verdict,verdict <<< "$out")" = $'PASS\tFAIL\tPASS'
t_ok "kernel PASS, control PASS -> INCONCLUSIVE, and the reason says so" \
	sh -c "test \"\$(printf '%s\n' \"\$1\" | awk -F'\t' '\$1 == \"pass-pass\"' | cut -f13)\" = INCONCLUSIVE &&
		printf '%s\n' \"\$1\" | grep -q 'the control passes too, so this is not evidence; a test'" _ "$out"
t_ok "kernel FAIL -> FAIL" test "$(col fail kernel,verdict <<< "$out")" = $'FAIL\tFAIL'
t_ok "capacity gate: a guest at 2 x its disks is NOT REPRODUCED, the control too, with the lab's reason" \
	test "$(col lab kernel,control_verdict,verdict <<< "$out")" = $'NOT REPRODUCED\tNOT REPRODUCED\tNOT REPRODUCED'
t_ok "capacity gate: the value names the run, the capacity and what the code said" \
	sh -c "printf '%s\n' \"\$1\" | grep -q \"lab: slow's guest dirtied at 10 MiB/s, 2 x its disks (needs >= 3 x to show throttling) (the verdict code said PASS: mean 4.5)\"" _ "$out"
t_ok "a window without samples: empty value, NOT REPRODUCED (not an error)" \
	test "$(col nosamples kernel <<< "$out")" = "NOT REPRODUCED"
t_ok "a sanity row has no control columns" test "$(col san control,control_verdict,control_value,verdict <<< "$out")" = $'-\t-\t-\tPASS'
t_ok "the source: seed, lines, quote, upstream commit (tools/seeds.tsv)" \
	test "$(col san source <<< "$out")" = 'seed 004 lines 39-42 "we match the dirty rate to the writeout bandwidth" (be3ffa276446)'
# the columns come in tools/claims.cols's order: a reversed list reverses them
tac "$KIT/tools/claims.cols" > "$T/cols.rev"
rev=$("$C" --dt "$D" --cols "$T/cols.rev" --seeds "$KIT/tools/seeds.tsv" "$T/v.conf" "$T/runs" 2> /dev/null | awk -F'\t' '$NF == "san"')
t_ok "columns in the order tools/claims.cols gives" test "$(cut -f1,14 <<< "$rev")" = $'a test\tsan'
LAB_MIN_X=1.5 run "$T/v.conf" > "$T/lab.tsv"
t_ok "LAB_MIN_X moves the capacity gate (1.5: the 2 x guest passes)" test "$(col lab kernel < "$T/lab.tsv")" = PASS

# --- a bad claims file: one line naming the file, the line and the directive
bad() { # NAME EXPECTED_STDERR_PATTERN CONF_LINES...
	local name=$1 pat=$2 f=$T/bad.conf out rc n
	shift 2
	conf "$f" "$@"
	out=$(run "$f")
	rc=$?
	n=$(wc -l < "$T/err")
	if [ "$rc" = 2 ] && [ -z "$out" ] && [ "$n" = 1 ] && grep -qE "^$f:[0-9]+: $pat" "$T/err"; then
		t_result ok "bad claims file: $name" "$(cat "$T/err")"
	else
		t_result FAIL "bad claims file: $name" "exit $rc, $n lines on stderr: $(head -c 300 "$T/err"), stdout: ${out:0:80}"
	fi
}
good=$(row claim ok up flat 'mean > 2' 'gates capacity kernel control')
bad "a claim without gates" "claim: row nogates declares no gates" "$(row claim nogates up flat 'mean > 2')"
bad "an unknown dt key" "let: dt summary .* printed no 'meen'" \
	"$(row sanity k up - 'm > 2' 'gates none t' 'let m = dt summary s.tsv x :meen')"
bad "a misspelt column" "let: dt summary s.tsv xx .* failed: .*xx: no such column" \
	"$(row sanity k up - 'm > 2' 'gates none t' 'let m = dt summary s.tsv xx :mean')"
bad "an unknown name in a rule" "pass: no value named 'mea'" "$(row sanity k up - 'mea > 2' 'gates none t')"
bad "an unknown name in a text" "value: no value named 'nope'" "$good" "$(row sanity k up - 'mean > 2' 'gates none t' | sed 's/^value .*/value {nope}/')"
bad "a claim without a control" "claim: claim c has no control" "$(row claim c up flat 'mean > 2' 'gates none t' | grep -v '^control')"
bad "a claim without a cite" "sanity: row c has no cite" "$(row sanity c up - 'mean > 2' 'gates none t' | grep -v '^cite')"
bad "an unknown seed" "cite: unknown seed '099'" "$(row sanity c up - 'mean > 2' 'gates none t' | sed 's/^cite 004/cite 099/')"
bad "lines that are not A-B" "cite: cite 004: lines '39-' are not A-B" "$(row sanity c up - 'mean > 2' 'gates none t' | sed 's/39-42/39-/')"
bad "a missing run" "kernel: .*/nosuch: no such run" "$(row sanity c nosuch - 'mean > 2' 'gates none t')"
bad "gates none without a reason" "gates: gates none takes a reason" "$(row sanity c up - 'mean > 2' 'gates none')"
bad "an unknown gate" "gates: unknown gate 'speed'" "$(row sanity c up - 'mean > 2' 'gates speed kernel')"
bad "a syntax error in a rule" "pass: missing \) in" "$(row sanity c up - '(mean > 2' 'gates none t')"
bad "a directive given twice" "pass: given twice in row c" "$(row sanity c up - 'mean > 2' 'gates none t' 'pass 1')"
bad "an unknown directive" "mesure: not a directive of a row" "$(row sanity c up - 'mean > 2' 'gates none t' 'mesure cv')"
printf 'need up\n' > "$T/nochapter.conf"
out=$(run "$T/nochapter.conf")
t_ok "a file that does not start with chapter N" sh -c "[ -z '$out' ] && grep -q '^$T/nochapter.conf:1: chapter: ' '$T/err'"
t_end
