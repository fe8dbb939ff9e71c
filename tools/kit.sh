# tools/kit.sh -- the kit's shell library (sourced by its scripts).
#
# kit_step TAG TEXT         print a Kbuild-style step line: "  TAG     TEXT"
# kit_die FILE KEY MSG      one clear error line naming the file and key; exit 1
# kit_meta RUN KEY          the value of KEY in a run folder's meta ("" if none)
# kit_spec NAME [DIR...]    the spec file of run NAME (a family's run is
#                           expanded into $BUILD/specs/NAME.spec)
# kit_wait_pid PID TAG WHAT EXPECT LOG
#                           wait for a background job, printing elapsed time
#                           every 30 s; on failure print the tail of LOG.

kit_step() { printf '  %-7s %s\n' "$1" "$2"; }

kit_die() {
	printf '%s: %s: %s\n' "$1" "$2" "$3" >&2
	exit 1
}

kit_meta() { sed -n "s/^$2 = //p" "$1/meta" 2>/dev/null | head -1; }

# kit_spec NAME [DIR...]: the spec file of run NAME (experiments/ and the
# chapters, or the DIRs): NAME.spec, or the run NAME of a family, written
# to $BUILD/specs/NAME.spec (rewritten only when its expansion changed)
kit_spec() {
	local name=$1 kit f out
	shift
	kit=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	[ $# -gt 0 ] || set -- "$kit/experiments" "$kit"/chapters/*/
	f=$("$kit/experiments/spec" find "$name" "${@%/}") || return 1
	if ! grep -q '^name *=' "$f"; then
		echo "$f"
		return 0
	fi
	out=${BUILD:-$kit/build}/specs/$name.spec
	mkdir -p "$(dirname "$out")"
	"$kit/experiments/spec" expand "$f" "$name" > "$out.tmp" || return 1
	if cmp -s "$out.tmp" "$out"; then rm -f "$out.tmp"; else mv "$out.tmp" "$out"; fi
	echo "$out"
}

kit_elapsed() { # seconds -> "1m05s"
	printf '%dm%02ds' $(($1 / 60)) $(($1 % 60))
}

kit_wait_pid() {
	local pid=$1 tag=$2 what=$3 expect=$4 log=$5 start=$SECONDS n=0 rc
	while kill -0 "$pid" 2>/dev/null; do
		sleep 1
		n=$((n + 1))
		if [ $((n % 30)) -eq 0 ]; then
			kit_step "$tag" "$what: $(kit_elapsed $((SECONDS - start))) elapsed (expected $expect)"
		fi
	done
	wait "$pid"
	rc=$?
	if [ "$rc" -ne 0 ]; then
		echo "$what failed (exit $rc); last lines of $log:" >&2
		tail -n 25 "$log" >&2
		return "$rc"
	fi
	kit_step "$tag" "$what: done in $(kit_elapsed $((SECONDS - start)))"
}
