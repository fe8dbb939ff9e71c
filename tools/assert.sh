# tools/assert.sh -- assertions for the kit's shell test runners (sourced).
#
#   t_ok NAME CMD...          passes when CMD exits 0
#   t_range NAME VALUE LO HI  passes when LO <= VALUE <= HI (decimals ok)
#   t_le NAME VALUE MAX / t_ge NAME VALUE MIN
#   t_get KEY "k=v k=v ..."   the value of KEY in a dtstat line
#   t_claim ROWS ID           a claims row (tools/claims.sh) of the TSV text
#                             ROWS: two results, "ID on the experiment" (the
#                             kernel verdict is PASS) and "ID on its control"
#                             (the same verdict code FAILs without the
#                             mechanism); a sanity row gives the first only
#   t_end                     prints "N passed, N failed"; exit 1 on failures
# Each check prints "ok   NAME (detail)" or "FAIL NAME (detail)".
T_PASS=0
T_FAIL=0

t_result() { # ok|FAIL NAME DETAIL
	if [ "$1" = ok ]; then
		T_PASS=$((T_PASS + 1))
		printf 'ok   %s (%s)\n' "$2" "$3"
	else
		T_FAIL=$((T_FAIL + 1))
		printf 'FAIL %s (%s)\n' "$2" "$3"
	fi
}

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

t_claim() { # ROWS ID
	local line kind
	line=$(printf '%s\n' "$1" | awk -F'\t' -v id="$2" '$1 == id')
	if [ -z "$line" ]; then
		t_result FAIL "$2" "no row"
		return
	fi
	kind=$(cut -f3 <<< "$line")
	if [ "$(cut -f8 <<< "$line")" = PASS ]; then
		t_result ok "$2 on the experiment" "$(cut -f9 <<< "$line")"
	else
		t_result FAIL "$2 on the experiment" "$(cut -f8 <<< "$line"): $(cut -f9,14 <<< "$line")"
	fi
	[ "$kind" = claim ] || return 0
	if [ "$(cut -f11 <<< "$line")" = FAIL ]; then
		t_result ok "$2 on its control" "FAIL on $(cut -f10 <<< "$line"): $(cut -f12 <<< "$line")"
	else
		t_result FAIL "$2 on its control" "$(cut -f11 <<< "$line") on $(cut -f10 <<< "$line"): $(cut -f12 <<< "$line")"
	fi
}

t_end() {
	echo "$T_PASS passed, $T_FAIL failed"
	[ "$T_FAIL" -eq 0 ]
}
