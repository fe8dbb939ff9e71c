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
# kit_cpio DIR PATH...      DIR's PATHs (and all below them) as a newc
#                           archive on stdout, the same bytes wherever and
#                           whenever it is made

kit_step() { printf '  %-7s %s\n' "$1" "$2"; }

kit_die() {
	printf '%s: %s: %s\n' "$1" "$2" "$3" >&2
	exit 1
}

# kit_cpio DIR PATH...: a reproducible newc archive (the practices of
# reproducible-builds.org): entries sorted by name in the C locale, every
# mtime at KIT_EPOCH, owner root, modes 0755 (folders, executables) or
# 0644, inode numbers renumbered and device numbers dropped (cpio
# --reproducible). The guest sees nothing of the host's clock, user or
# file system through it, and two builds in two folders or on two
# machines give the same archive from the same inputs. (It changes DIR's
# times and modes: DIR is a staging folder.)
# KIT_EPOCH: 2011-08-26 11:38:13 UTC, when v10 was posted; the guest's
# real-time clock starts there too (experiments/run).
KIT_EPOCH=1314358693
kit_cpio() {
	local d=$1
	shift
	(
		cd "$d" || exit 1
		find "$@" -type d -exec chmod 0755 {} + &&
			find "$@" -type f -perm /111 -exec chmod 0755 {} + &&
			find "$@" -type f ! -perm /111 -exec chmod 0644 {} + &&
			find "$@" -exec touch -h -d "@$KIT_EPOCH" {} + &&
			find "$@" -print0 | LC_ALL=C sort -z |
			cpio --null -o -H newc --quiet --reproducible --owner=0:0
	)
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
	if [ "$("$kit/experiments/spec" kind "$f")" != family ]; then
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

# --- guest slots: at most N guests at once on this machine -------------------
# kit_cores                 the host cores this process may use (one per line,
#                           from Cpus_allowed_list)
# kit_slot_count            N: KIT_SLOTS, else max(1, cores / KIT_SLOT_WIDTH)
# kit_slot_width            the host cores of a slot: KIT_SLOT_WIDTH, else
#                           1 under TCG (the virtual clock runs every vCPU
#                           in QEMU's one TCG thread, thread=single; the I/O
#                           thread mostly sleeps) and 3 otherwise (KVM: a
#                           guest's 2 vCPUs plus the I/O thread). The
#                           accelerator is KIT_ACCEL, else the one the lab
#                           found ($BUILD/accel); before any run, 3
# kit_slot_take WHAT        wait for a free slot (printing that it waits) and
#                           hold it on fd 8 until the process ends; sets
#                           KIT_SLOT (its number) and KIT_SLOT_CORES (the
#                           cores to pin the guest to, "" when the slots do
#                           not fit on separate cores: one slot, or KIT_SLOTS
#                           above what the machine holds)
# The slots are lock files in KIT_SLOT_DIR (default
# /tmp/dirty-throttle-kit.slots, mode 1777 like /tmp), made mode 0666 and
# opened read-only, so that every user of the machine can take any slot.
kit_cores() {
	local l r
	l=$(sed -n 's/^Cpus_allowed_list:[[:space:]]*//p' /proc/self/status)
	[ -n "$l" ] || l=0-$(($(nproc) - 1))
	for r in ${l//,/ }; do
		if [[ "$r" == *-* ]]; then seq "${r%-*}" "${r#*-}"; else echo "$r"; fi
	done
}
kit_slot_width() {
	local w=${KIT_SLOT_WIDTH:-} a=${KIT_ACCEL:-}
	if [ -z "$w" ]; then
		[ -n "$a" ] || { [ -n "${BUILD:-}" ] && [ -r "$BUILD/accel" ] && read -r a _ < "$BUILD/accel"; }
		case $a in tcg) w=1 ;; *) w=3 ;; esac
	fi
	[[ "$w" =~ ^[1-9][0-9]*$ ]] || kit_die environment KIT_SLOT_WIDTH "'$w' is not a positive whole number"
	echo "$w"
}
kit_slot_dir() { echo "${KIT_SLOT_DIR:-/tmp/dirty-throttle-kit.slots}"; }
# kit_slot_cores I: slot I's cores, comma-separated; "" when the slots do
# not fit apart on this machine's cores (then no guest is pinned)
kit_slot_cores() {
	local n w cores
	n=$(kit_slot_count) w=$(kit_slot_width)
	mapfile -t cores < <(kit_cores)
	((n > 1 && n * w <= ${#cores[@]})) || return 0
	(IFS=,; echo "${cores[*]:$1*w:w}")
}
kit_slot_count() {
	local n w
	if [ -n "${KIT_SLOTS:-}" ]; then
		[[ "$KIT_SLOTS" =~ ^[1-9][0-9]*$ ]] || kit_die environment KIT_SLOTS "'$KIT_SLOTS' is not a positive whole number"
		echo "$KIT_SLOTS"
		return
	fi
	w=$(kit_slot_width)
	n=$(($(kit_cores | wc -l) / w))
	echo $((n > 0 ? n : 1))
}
kit_slot_take() {
	local what=$1 n i d waited=0
	n=$(kit_slot_count)
	d=$(kit_slot_dir)
	[ -d "$d" ] || (umask 0 && mkdir -p -m 1777 "$d") 2>/dev/null || [ -d "$d" ] ||
		kit_die "$d" KIT_SLOT_DIR "cannot make the slot folder"
	while :; do
		for ((i = 0; i < n; i++)); do
			[ -e "$d/slot.$i" ] || (umask 0 && : >> "$d/slot.$i") 2>/dev/null
			# (in braces: a bare exec's 2>/dev/null would silence the
			# shell's stderr for good)
			{ exec 8< "$d/slot.$i"; } 2>/dev/null ||
				kit_die "$d/slot.$i" KIT_SLOT_DIR "cannot open the slot's lock file (made by another user in a folder you cannot write?)"
			if flock -n 8; then
				KIT_SLOT=$i
				KIT_SLOT_CORES=$(kit_slot_cores "$i")
				return 0
			fi
			exec 8<&-
		done
		((waited)) || kit_step RUN "$what: waiting for a free guest slot ($n on this machine: $d)"
		waited=1
		sleep 1
	done
}

# kit_mirror FROM TO TREE: a mirror of the run folders in FROM (links to
# their files) whose meta names TREE's own spec of each run
# (tools/golden: each side reads a mirror of the run folders (links to their files)
# whose meta names that side's own spec of the run: the run's spec file in
# that tree, or its family expanded by that tree's experiments/spec. So a
# key added to the specs after the base (steady, seed_at) reaches today's
# model controls and not the base's model, which would refuse it; and a
# run made before its spec moved name still finds it. A run no spec of the
# tree names (a test run) keeps its meta.
kit_mirror() { # FROM TO TREE
	local d f n sp
	mkdir -p "$2" "$2.specs"
	for d in "$1"/*/; do
		d=${d%/}
		n=${d##*/}
		[ -r "$d/meta" ] || continue
		mkdir -p "$2/$n"
		for f in "$d"/*; do
			[ "${f##*/}" = meta ] || ln -s "$f" "$2/$n/${f##*/}"
		done
		if sp=$("$3/experiments/spec" find "$n" "$3/experiments" "$3"/chapters/*/ 2> /dev/null); then
			if grep -q '^name *=' "$sp"; then	# (an old tree: no dtspec kind)
				"$3/experiments/spec" expand "$sp" "$n" > "$2.specs/$n.spec" ||
					{ echo "kit_mirror: $sp: cannot expand $n" >&2; exit 2; }
				sp=$2.specs/$n.spec
			fi
			sed "s|^spec = .*|spec = $sp|" "$d/meta" > "$2/$n/meta"
		else
			cp "$d/meta" "$2/$n/meta"
		fi
	done
}

