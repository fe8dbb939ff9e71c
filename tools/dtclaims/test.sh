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
trap '[ -n "${KEEP:-}" ] || rm -rf "$T"' EXIT

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
mkrun edge 't' 3
cp -r "$T/runs/up" "$T/runs/up2"
# balance_dirty_pages calls for the lab's gates: "up" is held in every
# second of its 10 (duration) with exact pauses; "gap" only in 0-4 s;
# "late" has 3 of 5 calls late (pause < 0); "cap" has every call cut at
# the cap (period - think > pause + 1)
bdp() { # NAME LAST_SECOND PAUSE PERIOD [LATE_EVERY]
	echo "duration = 10" >> "$T/runs/$1/meta"
	{
		printf 'time\tpause\tperiod\tthink\n'
		for ((i = 0; i <= $2 * 2; i++)); do
			if [ -n "${5:-}" ] && ((i % 5 < $5)); then p=-5; else p=$3; fi
			printf '%d.%d\t%s\t%s\t0\n' $((i / 2)) $((i % 2 * 5)) "$p" "$4"
		done
	} > "$T/runs/$1/balance_dirty_pages.tsv"
}
bdp up 9 10 10
bdp up2 9 10 10
bdp flat 9 10 10
bdp slow 9 10 10
mkrun gap 't' 10
bdp gap 4 10 10
mkrun late 't' 10
bdp late 9 10 10 3
mkrun cap 't' 10
bdp cap 9 200 400
# a stand-in for the model (dtmodel sim spec=S KEY=VALUE... -o DIR): its
# run's x is the value of knob.x, it has knob.rows rows (10), and
# model.log keeps the arguments
cat > "$T/dtmodel" <<'EOM'
#!/bin/bash
out=${@: -1}; mkdir -p "$out"; x=0 n=10
for a in "$@"; do case $a in knob.x=*) x=${a#knob.x=} ;; knob.rows=*) n=${a#knob.rows=} ;; esac; done
echo "args = $*" > "$out/meta"
echo "$*" >> "$(dirname "$0")/model.log"
{ printf 'time\tx\n'; for ((t = 0; t < n; t++)); do printf '%d\t%s\n' "$t" "$x"; done; } > "$out/s.tsv"
EOM
chmod +x "$T/dtmodel"
printf 'spec = %s\noverrides = disk_bw=5M time_scale=4\ndisk_bw = 5242880\nstagger = 1\nphases = 10,20\n' \
	"$T/runs/up/meta" >> "$T/runs/up/meta"

run() { # CONF -> stdout of dtclaims; stderr in $T/err
	"$C" --dt "$D" --model "$T/dtmodel" --cols "$KIT/tools/claims.cols" --seeds "$KIT/tools/seeds.tsv" "$1" "$T/runs" 2> "$T/err"
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

# --- the expression language (tsvexpr.h's calc) ----------------------------
conf "$T/calc.conf" "$(row sanity c up - '1' 'gates none a test' \
	'let a = 1 + 2 * 3' 'let b = 10 - 3 - 2' 'let c = -(2 - 5) * 2' 'let d = 7 / 2' \
	'let e:%.2f = 2 / 3' 'let f = 1 < 2 && 3 >= 3 && !(2 == 3) && (0 || 1)' \
	'let g = within(5, 1, 5) + within(6, 1, 5) * 10' 'let h = abs(-4) + min(2, 3) * max(2, 3) + sqrt(16)' \
	'let big = 123456789')"
sed -i 's/^value mean {mean}$/value {a} {b} {c} {d} {e} {f} {g} {h} {big} {e:%.3f}/' "$T/calc.conf"
out=$(run "$T/calc.conf")
[ -n "$out" ] || cat "$T/err"
t_ok "calc: precedence, left-to-right -, unary minus, /, logic, functions; text exact (%.17g) or the let's FMT" \
	test "$(col c kernel_value <<< "$out")" = "7 5 6 3.5 0.67 1 1 14 123456789 0.670"

# --- verdicts --------------------------------------------------------------
# the mean of x is 4.5 in "up", 1 in "flat"
conf "$T/v.conf" \
	"$(row claim pass-fail up flat 'mean > 2' 'gates capacity kernel control')" \
	"$(row claim pass-pass up up2 'mean > 0.5' 'gates capacity kernel control')" \
	"$(row claim fail up flat 'mean > 5' 'gates capacity kernel control')" \
	"$(row claim lab slow flat 'mean > 2' 'gates capacity kernel control')" \
	"$(row claim edge edge flat 'mean > 2' 'gates capacity kernel control')" \
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
t_ok "columns in the order tools/claims.cols gives" test "$(cut -f2,15 <<< "$rev")" = $'a test\tsan'
t_ok "the capacity gate is 3 x the disks: a 3 x guest passes it" test "$(col edge kernel <<< "$out")" = PASS
t_ok "the environment does not move the gate (LAB_MIN_X=1.5 is no setting)" \
	test "$(LAB_MIN_X=1.5 run "$T/v.conf" | col lab kernel)" = "NOT REPRODUCED"
# let A, B = dt ...: one dt command, a name per key (the run "up": x = t,
# 0..9): the same values as one let per key
conf "$T/multi.conf" "$(row sanity multi up - 'lo == 0 && hi == 9 && m == 4.5' 'gates none a test' \
	'let lo, hi, m = dt summary s.tsv x :min,max,mean')" \
	"$(row sanity multi1 up - 'lo == 0 && hi == 9 && m == 4.5' 'gates none a test' \
	'let lo = dt summary s.tsv x :min' 'let hi = dt summary s.tsv x :max' 'let m = dt summary s.tsv x :mean')"
out=$(run "$T/multi.conf")
t_ok "let A, B, C = dt ... :KA,KB,KC binds each name to its key" test "$(col multi kernel <<< "$out") $(col multi1 kernel <<< "$out")" = "PASS PASS"
t_ok "... and gives the same row as one let per key" test "$(col multi value <<< "$out")" = "$(col multi1 value <<< "$out")"
conf "$T/multi2.conf" "$(row sanity min up - 'min == 0 && max == 9' 'gates none a test' 'let min, max = dt summary s.tsv x')"
t_ok "let A, B = dt ... without keys: the names are the keys" test "$(run "$T/multi2.conf" | col min kernel)" = PASS
conf "$T/multi3.conf" "$(row sanity bad up - 'a > 0' 'gates none a test' 'let a, b = dt summary s.tsv x :min')"
out=$(run "$T/multi3.conf" 2>&1; cat "$T/err")
t_ok "let with 2 names and 1 key is one line naming the count, exit 2" \
	sh -c 'printf "%s" "$1" | grep -q "2 names but 1 keys"' _ "$out"


# --- the lab's gates ---------------------------------------------------------
conf "$T/g.conf" \
	"$(row sanity g-ok up - 'mean > 2' 'gates throttled kernel from=0' 'gates late kernel from=0' 'gates capped kernel from=0')" \
	"$(row sanity g-gap gap - 'mean > 2' 'gates throttled kernel from=0')" \
	"$(row sanity g-gap-min gap - 'mean > 2' 'gates throttled kernel from=0 min=0.5')" \
	"$(row sanity g-late late - 'mean > 2' 'gates late kernel from=0')" \
	"$(row sanity g-cap cap - 'mean > 2' 'gates capped kernel from=0')" \
	"$(row sanity g-cap-from cap - 'mean > 2' 'gates capped kernel from=20')" \
	"$(row sanity g-late-from late - 'mean > 2' 'gates late kernel from=20')" \
	"$(row sanity g-two slow - 'mean > 2' 'gates capacity kernel' 'gates throttled kernel from=0')"
out=$(run "$T/g.conf")
t_ok "gates throttled, late, capped hold on a run held in every second with exact pauses" test "$(col g-ok kernel <<< "$out")" = PASS
t_ok "gate throttled: held in 5 of 10 s -> NOT REPRODUCED, the share named" \
	sh -c "printf '%s\n' \"\$1\" | grep -q 'NOT REPRODUCED	lab: in gap the writers were throttled in only 0.50 of the seconds from 0 s'" _ "$out"
t_ok "gate throttled min=0.5: 0.50 is enough" test "$(col g-gap-min kernel <<< "$out")" = PASS
# 19 calls (t 0, 0.5, ..., 9), those with i % 5 < 3 late: 12 of 19
t_ok "gate late: 12 of 19 calls late" sh -c "printf '%s\n' \"\$1\" | grep -q 'lab: in late 0.6316 of the calls from 0 s came late'" _ "$out"
t_ok "gate capped: every call cut" sh -c "printf '%s\n' \"\$1\" | grep -q 'lab: in cap 1.000 of the calls from 0 s were cut at the max pause cap'" _ "$out"
t_ok "gate capped: no call in the window is the lab's reason too" sh -c "printf '%s\n' \"\$1\" | grep -q 'lab: cap has no balance_dirty_pages call from 20 s'" _ "$out"
# (until 2026-12-08 dt frac printed 0 for no rows, and this passed)
t_ok "gate late: no call in the window is the lab's reason, not a pass" sh -c "printf '%s\n' \"\$1\" | grep -q 'lab: late has no balance_dirty_pages calls from 20 s'" _ "$out"
t_ok "gates in the order declared, joined by ; (throttled checks capacity first)" \
	sh -c "printf '%s\n' \"\$1\" | grep -q \"lab: slow's guest dirtied at 10 MiB/s, 2 x its disks (needs >= 3 x to show throttling); lab: slow's guest\"" _ "$out"

# --- each, text, require, a model control ----------------------------------
cat > "$T/e.conf" <<'EOC'
chapter 7
let LIM = 2
each K 1 5
claim e-{K} mean above {K}: a row per value, {a,b} that are no name stay
cite 004 39-42 "we match the dirty rate to the writeout bandwidth"
kernel up
control model knob.x={K} the model with knob.x={K}
gates none a test
let rows = dt rows s.tsv
let chunk = meta chunk_b default 65536
require rows > 5: fewer than 6 rows in {RUN}
let mean = dt summary s.tsv x :mean
text word low
text word when mean > K: high
pass mean > K
value mean {mean} ({word}), {rows} rows, chunk {chunk}
why K = {K}
end
claim e-req a require that does not hold
cite 004 39-42 "we match the dirty rate to the writeout bandwidth"
kernel up
control model knob.x=9 knob.rows=2 the model with 2 rows
gates none a test
let rows = dt rows s.tsv
require rows > 5: fewer than 6 rows
let mean = dt summary s.tsv x :mean
pass mean > 1
value mean {mean}
why -
sanity e-short both sides of && and ||
cite 004 39-42 "we match the dirty rate to the writeout bandwidth"
kernel up
gates none a test
let none = dt summary s.tsv x from=100 :mean
pass (LIM < 1 && none > 0) || (LIM > 1 || none > 0)
value -
why -
EOC
out=$(run "$T/e.conf")
[ -n "$out" ] || cat "$T/err"
t_ok "each: one row per value, in order, {K} in ids and texts" test "$(cut -f1 <<< "$out" | paste -sd' ')" = "e-1 e-5 e-req e-short"
t_ok "each: braces that hold no name are text" sh -c "printf '%s\n' \"\$1\" | grep -q 'mean above 1: a row per value, {a,b} that are no name stay'" _ "$out"
t_ok "control model: the model's run (x = K) fails mean > K; the kernel's passes for K=1" \
	test "$(col e-1 kernel,control,control_verdict,verdict <<< "$out")" = $'PASS\tthe model with knob.x=1\tFAIL\tPASS'
t_ok "control model: the model gets the run's spec, its overrides' values from meta (time_scale as the times it scaled), then the knob" \
	grep -q "^sim spec=$T/runs/up/meta disk_bw=5242880 duration=10 stagger=1 phases=10,20 knob.x=1 -o " "$T/model.log"
t_ok "text when: the later text wins when its condition holds; meta default" \
	test "$(col e-1 kernel_value <<< "$out")" = "mean 4.5 (high), 10 rows, chunk 65536"
t_ok "text when: not when it does not hold" test "$(col e-5 kernel_value <<< "$out")" = "mean 4.5 (low), 10 rows, chunk 65536"
t_ok "require: the control's 2 rows -> its verdict NOT REPRODUCED, its value the require's text; the row INCONCLUSIVE" \
	test "$(col e-req control_verdict,control_value,verdict <<< "$out")" = $'NOT REPRODUCED\tfewer than 6 rows\tINCONCLUSIVE'
t_ok "&& and ||: a side that does not decide may read a missing value" test "$(col e-short kernel <<< "$out")" = PASS

# --- several runs per subject, shared lets, fallbacks ----------------------
cat > "$T/m.conf" <<'EOC'
chapter 7
# a shared let: computed on each run that reads it
let mean = dt summary s.tsv x :mean
let twice = 2 * mean
claim m-two two runs, a named one read as b:FILE and meta b:KEY
cite 004 39-42 "we match the dirty rate to the writeout bandwidth"
kernel a=up b=flat
control kernel a=nosuch the missing run: skipped
control kernel a=flat the second control
gates capacity kernel:b
let bmean = dt summary b:s.tsv x :mean
let bcpus = meta b:cpus
pass all(mean > 4, bmean == 1, bcpus == 2)
control-pass mean > kernel.mean
value {mean} {bmean} {bcpus} {twice}
control-value {mean} vs the kernel's {kernel.mean}
why -
claim m-opt a row left out without its runs
cite 004 39-42 "we match the dirty rate to the writeout bandwidth"
optional
kernel a=up b=nosuch
control kernel up -
gates none t
pass 1
value -
why -
EOC
out=$(run "$T/m.conf")
[ -n "$out" ] || cat "$T/err"
t_ok "runs by name: b:FILE and meta b:KEY read the run named b; all() of three" test "$(col m-two kernel,kernel_value <<< "$out")" = $'PASS\t4.5 1 2 9'
t_ok "several controls: the first whose runs are there; control-pass and kernel.NAME" \
	test "$(col m-two control,control_verdict,control_value <<< "$out")" = $'the second control\tFAIL\t1 vs the kernel\'s 4.5'
t_ok "optional: the row is left out when a kernel run is missing" test "$(wc -l <<< "$out")" = 1
bad "a let that reads itself" "let: 'x' depends on itself" "$(row sanity c up - 'mean > 2' 'gates none t' 'let x = x + 1' | sed 's/^value .*/value {x}/')"
bad "a let defined twice" "let: 'm2' is defined twice in row c" "$(row sanity c up - 'mean > 2' 'gates none t' 'let m2 = 1' 'let m2 = 2')"
bad "a kernel run missing, the row not optional" "kernel: .*/nosuch: no such run" "$(row sanity c a=up - 'mean > 2' 'gates none t' | sed 's/^kernel .*/kernel a=up b=nosuch/')"
bad "a run name the subject lacks" "let: c:s.tsv: the kernel has no run named 'c'" "$(row sanity c up - 'm > 2' 'gates none t' 'let m = dt summary c:s.tsv x :mean')"

# --- a let on another run (NAME@RUN), the model's own lets, quoted dt
# arguments, a chapter's require, when(), whole numbers written whole
for r in up flat; do printf 'time\tbuf\n1\tgo now\n' > "$T/runs/$r/print.tsv"; done
mkdir -p "$T/models/up" "$T/models/flat"
cp "$T/runs/up/s.tsv" "$T/models/up/"; cp "$T/runs/flat/s.tsv" "$T/models/flat/"
printf 'go_at = 7\n' > "$T/models/up/meta"; printf 'go_at = 8\n' > "$T/models/flat/meta"
cat > "$T/a.conf" <<'EOC'
chapter 7
require mean < 100: a chapter's require: mean {mean} too high
let mean = dt summary s.tsv x :mean
let go = dt summary print.tsv time "where=buf=go now" :min
model-let go = meta go_at
claim a-two the mean on the run named b, NAME@RUN
cite 004 39-42 "we match the dirty rate to the writeout bandwidth"
kernel a=up b=flat
model a=up b=flat
control kernel a=flat b=up the flat run
gates none t
let tenth = 0.1 * 3
let ten = 20 / 2
pass when(mean > mean@b, 1)
value {mean} vs {mean@b}, go at {go}; {tenth} {ten}
why -
EOC
out=$("$C" --dt "$D" --model "$T/dtmodel" --cols "$KIT/tools/claims.cols" --seeds "$KIT/tools/seeds.tsv" "$T/a.conf" "$T/runs" "$T/models" 2> "$T/err")
[ -n "$out" ] || cat "$T/err"
t_ok "NAME@RUN on the kernel and the model; a quoted where= with a space; exact text of 0.1 x 3 and 10" \
	test "$(col a-two kernel,kernel_value <<< "$out")" = $'PASS\t4.5 vs 1, go at 1; 0.30000000000000004 10'
t_ok "model-let: the model's runs read their meta instead" test "$(col a-two model_value <<< "$out")" = "4.5 vs 1, go at 7; 0.30000000000000004 10"
t_ok "when(c, x): missing when c does not hold (the control: 1 > 4.5 is false)" test "$(col a-two control_verdict <<< "$out")" = "NOT REPRODUCED"
sed -i 's/mean < 100/mean < 2/' "$T/a.conf"
out=$("$C" --dt "$D" --model "$T/dtmodel" --cols "$KIT/tools/claims.cols" --seeds "$KIT/tools/seeds.tsv" "$T/a.conf" "$T/runs" 2> "$T/err")
t_ok "a chapter's require, on every subject: unmet on the kernel (4.5), met on the control (1)" \
	test "$(col a-two kernel,kernel_value,control_verdict <<< "$out")" = $'NOT REPRODUCED\ta chapter\'s require: mean 4.5 too high\tNOT REPRODUCED'

# --- each with values lines, need any, division by zero ----------------------
cat > "$T/v2.conf" <<'EOC'
chapter 7
need any nosuch up
each run sfx note
values up "" ""
values flat -f " (flat)"
sanity v-{run}{sfx} a row per values line{note}
cite 004 39-42 "we match the dirty rate to the writeout bandwidth"
kernel {run}
gates none t
let mean = dt summary s.tsv x :mean
let inf = 1 / 0
let zero = exp(-1 / 0)
pass mean > 0
value {mean} {inf} {zero}
why -
end
EOC
out=$(run "$T/v2.conf")
[ -n "$out" ] || cat "$T/err"
t_ok "each with values lines: the names take one line's values per pass, \"\" is empty" \
	test "$(cut -f1,5 <<< "$out" | paste -sd'|')" = $'v-up\ta row per values line|v-flat-f\ta row per values line (flat)'
t_ok "division by zero as in awk: 1/0 is inf, exp(-1/0) is 0" test "$(col v-up kernel_value <<< "$out")" = "4.5 inf 0"
sed -i 's/^need any nosuch up$/need any nosuch nosuch2/' "$T/v2.conf"
out=$(run "$T/v2.conf")
t_ok "need any: none of the runs there is one line" sh -c "[ -z '$out' ] && grep -q ': need: .*none of the runs nosuch nosuch2 is there' '$T/err'"

# --- tables: a dt command's TSV, columns computed per row, count, sum,
# mean and list over the rows where a condition holds
cat > "$T/t.conf" <<'EOC'
chapter 7
table tb = dt cdf s.tsv x
let scale = 10
column tb.big = value * scale
column tb.half:%.2f = value / 2
sanity t-agg aggregates over a table's rows
cite 004 39-42 "we match the dirty rate to the writeout bandwidth"
kernel up
gates none t
let n = count tb
let nbig = count tb where big >= 50
let sbig = sum tb big where big >= 50
let mhalf = mean tb half
let mnone = mean tb half where value > 100
list keys tb where value < 3: " {value}/{half}"
let same1 = same {scale} 10
pass n == 10 && mnone != mnone
value {n} {nbig} {sbig} {mhalf} [{keys}] {same1} {mnone}
why -
EOC
out=$(run "$T/t.conf")
[ -n "$out" ] || cat "$T/err"
# up's s.tsv: x = 0..9; dt cdf lists them (value, frac), one row each
t_ok "table: count, count where, sum where, mean of a %.2f column, list with a quoted template, same" \
	test "$(col t-agg kernel_value <<< "$out")" = "10 5 350 2.25 [ 0/0.00 1/0.50 2/1.00] 1 nan"
t_ok "mean of no rows is missing: a rule that reads it is NOT REPRODUCED" test "$(col t-agg kernel <<< "$out")" = "NOT REPRODUCED"
bad "a table nobody declared" "let: no table named 'tc'" "$(row sanity c up - 'mean > 2' 'gates none t' 'let k = count tc' | sed 's/^value .*/value {k}/')"

# --- if() reads only the branch it takes, has(), {NAME|TEXT}, file,
# verdict, only, control none
cat > "$T/f.conf" <<'EOC'
chapter 7
claim f-one if, has, a file, a verdict word, a default text
cite 004 39-42 "we match the dirty rate to the writeout bandwidth"
kernel up
control none not run here
gates none t
let none = dt summary s.tsv x from=100 :mean
let safe = if(has(none), dt_would_fail, 7)
let dt_would_fail = dt summary s.tsv nosuchcolumn :mean
let f = file dt cdf s.tsv x
let fmax = dt summary {f} value :max
let v = verdict fmax > 8
pass safe == 7 && has(none) == 0
value {safe} {fmax} {v} [{none|no samples}]
control-value not run: the reason
why -
sanity f-gone only when a condition holds
cite 004 39-42 "we match the dirty rate to the writeout bandwidth"
kernel up
only 1 > 2
gates none t
pass 1
value -
why -
EOC
out=$(run "$T/f.conf")
[ -n "$out" ] || cat "$T/err"
t_ok "if(c, a, b): the branch not taken is not computed (a dt call that would fail); has(); a file of a dt table; verdict; {NAME|TEXT}" \
	test "$(col f-one kernel,kernel_value <<< "$out")" = $'PASS\t7 9 PASS [no samples]'
t_ok "control none: declared, NOT REPRODUCED, its value the control-value text; the row INCONCLUSIVE" \
	test "$(col f-one control,control_verdict,control_value,verdict <<< "$out")" = $'not run here\tNOT REPRODUCED\tnot run: the reason\tINCONCLUSIVE'
t_ok "only EXPR: a row whose condition does not hold is left out" test "$(wc -l <<< "$out")" = 1

# --- optional runs (RUN?), na, model-each, gates if=, {NAME%S}, field
cat > "$T/o.conf" <<'EOC'
chapter 7
let there = 1
let mean = dt summary s.tsv x :mean
claim o-opt a subject whose optional run is not there
cite 004 39-42 "we match the dirty rate to the writeout bandwidth"
kernel a=up b=nosuch?
control model-each knob.x=1 the model in place of each run
gates capacity kernel:a if=has(there@b)
gates capacity kernel:a if=has(there@a)
let parts = field "p;q;r" ; 2
let none = field "p;q" ; 5
text list {mean};{mean@b};
pass has(there@a) && !has(there@b) && has(mean@a)
control-pass has(there@a) && !has(there@b) && mean > 2
value {list%;} [{parts}] [{none}]
why -
sanity o-na a row whose kernel has no verdict
cite 004 39-42 "we match the dirty rate to the writeout bandwidth"
kernel up
gates none t
na mean > 1
pass 1
value -
why -
EOC
rm -f "$T/model.log"
out=$(run "$T/o.conf")
[ -n "$out" ] || cat "$T/err"
t_ok "optional run: NAME@RUN of a run that is not there is missing; {NAME%S} strips a trailing S; field" \
	test "$(col o-opt kernel,kernel_value <<< "$out")" = $'PASS\t4.5; [q] []'
t_ok "model-each: a model control for each run that is there (one here), under its name" \
	test "$(col o-opt control_verdict <<< "$out") $(wc -l < "$T/model.log")" = "FAIL 1"
t_ok "gates if=: a gate whose condition does not hold is not applied; one that holds is (slow's capacity is fine)" \
	test "$(col o-opt verdict <<< "$out")" = PASS
t_ok "na EXPR: the kernel's verdict n/a, the row NOT REPRODUCED" test "$(col o-na kernel,verdict <<< "$out")" = $'n/a\tNOT REPRODUCED'

# --- control same, no-model, a kernel whose runs are all optional and away
cat > "$T/s.conf" <<'EOC'
chapter 7
let there = 1
let mean = dt summary s.tsv x :mean
claim s-same a control on the row's own runs
cite 004 39-42 "we match the dirty rate to the writeout bandwidth"
kernel a=up b=flat
model a=nosuch
control same the flat run's mean against 2
gates none t
pass mean@a > 2
control-pass mean@b > 2
value {mean@a}
control-value {mean@b}
no-model none here
why -
sanity s-none every run optional, none there: the rule reads missing values
cite 004 39-42 "we match the dirty rate to the writeout bandwidth"
kernel a=nosuch? b=nosuch2?
gates none t
pass has(there@a)
value [{mean@a}]
why -
EOC
out=$(run "$T/s.conf")
[ -n "$out" ] || cat "$T/err"
t_ok "control same: the kernel's runs under control-pass (flat: 1 > 2 fails); no-model's text" \
	test "$(col s-same model,model_value,control_verdict,control_value,verdict <<< "$out")" = $'n/a\tnone here\tFAIL\t1\tPASS'
t_ok "a kernel of optional runs none of which is there: its values are missing" \
	test "$(col s-none kernel,kernel_value <<< "$out")" = $'FAIL\t[]'

# --- dtclaims --lab RUN [FROM]: the gate the chapters' checks apply to
# their runs (tools/assert.sh's t_run)
lab() { "$C" --dt "$D" --lab "$@"; }
mkdir -p "$T/nocap"
printf 'name = nocap\nduration = 10\n' > "$T/nocap/meta"
printf 'time\tpause\tperiod\tthink\n' > "$T/nocap/balance_dirty_pages.tsv"
t_ok "--lab: a run without a capacity line (the model's, an older run's) is not refused on capacity" test -z "$(lab "$T/nocap")"
t_ok "--lab: a guest at 2 x its disks is refused, naming the run" test "$(lab "$T/runs/slow")" = \
	"lab: slow's guest dirtied at 10 MiB/s, 2 x its disks (needs >= 3 x to show throttling)"
t_ok "--lab FROM: no throttled call at all is a lab reason" \
	sh -c "lab_out=\$(\"\$1\" --dt \"\$2\" --lab \"\$3\" 0); echo \"\$lab_out\" | grep -q 'throttled in only 0.00 of the seconds from 0 s'" _ "$C" "$D" "$T/nocap"
t_ok "--lab FROM: held in every second: nothing to say" test -z "$(lab "$T/runs/up" 0)"
t_ok "--lab FROM: held in 5 of 10 s is refused" sh -c "\"\$1\" --dt \"\$2\" --lab \"\$3\" 0 | grep -q 'only 0.50 of the seconds'" _ "$C" "$D" "$T/runs/gap"

# --- a bad claims file: one line naming the file, the line and the directive
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
bad "a gate without its window" "gates: gates late needs from=T" "$(row sanity c up - 'mean > 2' 'gates late kernel')"
bad "a gate on a run the row lacks" "gates: gates capacity: the row has no control run" "$(row sanity c up - 'mean > 2' 'gates capacity control')"
bad "each without end" "each: each without end" "each K 1 2" "$(row sanity c up - 'mean > 2' 'gates none t')"
bad "a dt command printing more than one number without :KEY" "let: dt summary s.tsv x printed more than one number" \
	"$(row sanity c up - 'm > 2' 'gates none t' 'let m = dt summary s.tsv x')"
bad "a syntax error in a rule" "pass: missing \) in" "$(row sanity c up - '(mean > 2' 'gates none t')"
bad "a directive given twice" "pass: given twice in row c" "$(row sanity c up - 'mean > 2' 'gates none t' 'pass 1')"
bad "an unknown directive" "mesure: not a directive of a row" "$(row sanity c up - 'mean > 2' 'gates none t' 'mesure cv')"
# limits are refused, never cut: a dt command of 62 words, 9 runs on a
# kernel line, a values line with one value too many
bad "a dt command over 61 words" "let: 'dt summary s.tsv x .*': at most 61 words" \
	"$(row sanity c up - 'm > 2' 'gates none t' "let m = dt summary s.tsv x $(printf 'from=0 %.0s' $(seq 1 59)) :mean")"
bad "nine runs on a kernel line" "kernel: at most 8 runs on a line" \
	"$(row sanity c up - 'mean > 2' 'gates none t' | sed 's/^kernel .*/kernel '"$(for i in 1 2 3 4 5 6 7 8 9; do printf 'r%s=up ' $i; done)"'/')"
bad "a values line with one value too many" "values: values takes 2 values" \
	"each A B" "values 1 2 3" "$(row sanity 'c{A}' up - 'mean > 2' 'gates none t')" "end"
# --- --audit: the rows and their runs, judged on nothing (no run needed)
conf "$T/audit.conf" "$(row claim a smoke ch03-n1-v10 'mean > 2' 'gates none t')" \
	"$(row claim b x=ch03-n1-v10 ch03-n4-v10 'mean > 2' 'gates none t' | sed 's/^kernel .*/kernel x=ch03-n1-v10 y=smoke?/')" \
	"$(row sanity c smoke - 'mean > 2' 'gates none t')" \
	"$(row claim d ch08-think-on ch08-think-off 'mean > 2' 'gates none t' | sed 's/^cite 004 .*/cite 007 14-15 "x"\ncite 004 39-42 "y"/')"
out=$("$C" --seeds "$KIT/tools/seeds.tsv" --audit "$T/audit.conf" 2> "$T/err")
t_ok "--audit: ID, kind, the seeds cited (in order), the kernel's runs (RUN of NAME=RUN, RUN? by its name), the control's" \
	test "$out" = "$(printf '%s\t%s\t%s\t%s\t%s\n' a claim 004 smoke ch03-n1-v10 b claim 004 'ch03-n1-v10 smoke' ch03-n4-v10 c sanity 004 smoke - d claim 007,004 ch08-think-on ch08-think-off)"
# --- --runs: every run the file names, for the make rules (a need any
# line, kernel and control kernel lines, RUN? by its name, an each loop
# expanded, model lines apart); each run once, in the order first named
{ echo "chapter 7"; echo "need any n0 n1"; echo "each v 1 2"
  row claim 'e{v}' 'x=k{v} y=n1?' c{v} 'mean > 2' 'gates none t' "model m{v}"; echo end; } > "$T/runs.conf"
out=$("$C" --seeds "$KIT/tools/seeds.tsv" --runs "$T/runs.conf" 2> "$T/err")
t_ok "--runs: the kernel runs (need, kernel, control kernel; each expanded; once each), the model's apart" \
	test "$out" = "$(printf 'kernel n0 n1 k1 c1 k2 c2\nmodel m1 m2')"
# tools/check-code on that file: a claim's first cite names the patch
# whose code it judges (patches/presets). a cites seed 004 (patch 03/10,
# v10-p03) and runs smoke, preset 6.1: FAIL, naming the run and its
# preset; b cites 004 and runs v10 (the whole series, later code): SKIP,
# said in the line; d cites 007 first (v10) and runs v10: ok; a sanity
# row is not its business
out=$(CODE_CONFS=$T/audit.conf "$KIT/tools/check-code" "$C" 2>&1)
t_ok "check-code: a seed-cited claim on a 6.1 run fails, naming the run and its preset" \
	sh -c 'printf "%s\n" "$1" | grep -q "^not ok .* a judges its patch.s code (v10-p03, seed 004) # cites seed 004, but: main run smoke runs preset 6.1"' _ "$out"
t_ok "check-code: a claim of patch 03/10 on v10's runs is SKIP (judged on later code), naming the runs" \
	sh -c 'printf "%s\n" "$1" | grep -q "^ok .* b judges its patch.s code (v10-p03, seed 004) # SKIP not yet: judged on the whole series: main run ch03-n1-v10 runs v10; control run ch03-n4-v10 runs v10"' _ "$out"
t_ok "check-code: a claim whose first cite is seed 007 on v10's runs passes (the first cite decides); sanity rows are not checked" \
	sh -c 'printf "%s\n" "$1" | grep -q "^ok .* d judges its patch.s code (v10, seed 007) # main ch08-think-on, control ch08-think-off" && printf "%s\n" "$1" | grep -q "^1 passed, 1 failed, 1 skipped"' _ "$out"
printf 'need up\n' > "$T/nochapter.conf"
out=$(run "$T/nochapter.conf")
t_ok "a file that does not start with chapter N" sh -c "[ -z '$out' ] && grep -q '^$T/nochapter.conf:1: chapter: ' '$T/err'"

# --- --help: the language in short, on stdout (docs/claims.md in full)
t_ok "--help and -h: exit 0, the same summary on stdout, naming docs/claims.md" \
	sh -c 'h=$("$1" --help 2> /dev/null) && [ "$h" = "$("$1" -h 2> /dev/null)" ] && printf "%s\n" "$h" | grep -q "docs/claims\.md"' _ "$C"
# the directives from the parser itself (its row_words table, and every
# word it compares a directive's word with): each starts a line of --help
help_lists() { # DIRECTIVE...
	local h d missing=
	h=$("$C" --help) || return 1
	for d; do grep -qE "^  $d( |\$)" <<< "$h" || missing="$missing $d"; done
	echo "$# directives from the parser; not in --help:${missing:- none}"
	[ $# -ge 30 ] && [ -z "$missing" ]
}
t_ok "--help: a line for every directive the parser accepts" help_lists $({
	sed -n '/^static const char \*const row_words\[\]/,/};/p' "$KIT/tools/dtclaims/dtclaims.c"
	grep -o '\(word, \|find(r, \)"[a-z-]*"' "$KIT/tools/dtclaims/dtclaims.c"
} | grep -o '"[a-z-]*"' | tr -d '"' | sort -u)
t_end
