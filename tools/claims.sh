# tools/claims.sh -- helpers for the chapters' claims scripts (sourced).
#
# A chapter's `claims` script turns its runs' TSVs into verdict rows, one
# per claim, written as TSV to stdout with this header (the report's claims
# table is generated from these files, never typed by hand):
#   id chapter source claim model model_value kernel kernel_value verdict reason
# source names the seed file and lines (or the cover letter, LWN).
# model/kernel: PASS, FAIL or n/a; verdict: PASS, FAIL or NOT REPRODUCED
# (the run could not show the situation the claim is about).
#
#   claims_header
#   claim ID SOURCE CLAIM MODEL MODEL_VALUE KERNEL KERNEL_VALUE REASON
#       (CLAIMS_ID_SUFFIX and CLAIMS_TEXT_SUFFIX, when set, are appended to
#       ID and CLAIM: one script judging the same claims on another code)
#   in_range VALUE LO HI          -> PASS or FAIL (decimals ok)
#   stat_get KEY "k=v ..."        -> the value of KEY in a dtstat line
#   calc EXPR                     -> awk arithmetic, printed with %.4g; nan
#                                    when awk cannot evaluate it
CLAIMS_CHAPTER=${CLAIMS_CHAPTER:-?}

claims_header() {
	printf 'id\tchapter\tsource\tclaim\tmodel\tmodel_value\tkernel\tkernel_value\tverdict\treason\n'
}

claim() {
	local id=$1${CLAIMS_ID_SUFFIX:-} src=$2 text=$3${CLAIMS_TEXT_SUFFIX:-} mv=$4 mval=$5 kv=$6 kval=$7 reason=$8 verdict
	case "$kv" in
	PASS) verdict=PASS ;;
	FAIL) verdict=FAIL ;;
	*) verdict="NOT REPRODUCED" ;;
	esac
	# a FAIL computed from a window without samples is no verdict at all
	if [ "$verdict" = FAIL ] && [[ "$kval" =~ (^|[^a-z])nan([^a-z]|$) ]]; then
		verdict="NOT REPRODUCED"
		reason="the run has no samples where this claim looks (too short?); $reason"
	fi
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "$CLAIMS_CHAPTER" "$src" "$text" \
		"$mv" "$mval" "$kv" "$kval" "$verdict" "$reason"
}

in_range() {
	if [ -n "$1" ] && awk -v v="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(v >= lo && v <= hi) }'; then
		echo PASS
	else
		echo FAIL
	fi
}

stat_get() {
	printf '%s\n' "$2" | tr ' ' '\n' | sed -n "s/^$1=//p" | head -1
}

# An expression awk cannot evaluate (an operand missing because a window
# of the run held no samples, a division by zero) gives "nan" rather than
# ending the script; claim() then reports NOT REPRODUCED.
calc() {
	awk "BEGIN { printf \"%.4g\", $* }" 2>/dev/null || printf nan
}
