# experiments/tests/knobs-guest.sh -- guest side of the knob tests (pre= script).
#
# Runs in the guest (busybox sh) before the workload of tests/knobs.spec.
# For every knob of /kit/knobs (a copy of patches/knobs): the file exists,
# reads its default, refuses bad values (the write fails, the value stays),
# accepts each good value (read back), and is left at its default. Also
# checks that the writeback:task_io event exists with its three fields.
# Prints one "ok NAME" or "FAIL NAME (detail)" line per check to pre.log
# (the host test counts them) and exits 1 if any failed.
D=/sys/kernel/debug/dirty_throttle
fails=0

ok() { echo "ok   $1"; }
bad() { echo "FAIL $1 ($2)"; fails=$((fails + 1)); }

# write NAME VALUE: 0 if the kernel accepted the write
write() { printf '%s\n' "$2" > "$D/$1" 2>/dev/null; }

[ -d "$D" ] && ok "dirty_throttle/ exists" || bad "dirty_throttle/ exists" "no $D"

n=0
while IFS='	' read -r name def values seed; do
	case "$name" in name | '' | '#'*) continue ;; esac
	n=$((n + 1))
	f=$D/$name
	if [ ! -e "$f" ]; then
		bad "$name exists" "no $f"
		continue
	fi
	ok "$name exists"
	cur=$(cat "$f")
	[ "$cur" = "$def" ] && ok "$name reads its default $def" ||
		bad "$name reads its default $def" "read '$cur'"

	if [ "$values" = "KB/s" ]; then
		# A rate: decimal KB/s, at least one page/s (4), at most 1 TB/s.
		goods="4096 102400"
		bads="bogus -5 0 3 1099511627777 12abc"
	else
		goods=$(echo "$values" | tr ',' ' ')
		bads="bogus ON 1 $(echo "$values" | cut -d, -f1)x"
	fi
	for v in $bads; do
		before=$(cat "$f")
		if write "$name" "$v"; then
			bad "$name refuses '$v'" "write succeeded"
		else
			after=$(cat "$f")
			[ "$after" = "$before" ] && ok "$name refuses '$v', keeps '$before'" ||
				bad "$name refuses '$v', keeps '$before'" "now '$after'"
		fi
	done
	for v in $goods; do
		if write "$name" "$v"; then
			got=$(cat "$f")
			[ "$got" = "$v" ] && ok "$name accepts '$v'" ||
				bad "$name accepts '$v'" "reads back '$got'"
		else
			bad "$name accepts '$v'" "write refused"
		fi
	done
	if [ "$values" = "KB/s" ]; then
		# A one-shot action: leave every wb at INIT_BW (100 MB/s), the
		# value a fresh wb starts from, which 102400 above just set.
		ok "$name left at 102400 KB/s = INIT_BW"
	else
		write "$name" "$def" && [ "$(cat "$f")" = "$def" ] &&
			ok "$name restored to $def" || bad "$name restored to $def" "read '$(cat "$f")'"
	fi
done < /kit/knobs
[ "$n" -ge 8 ] && ok "knobs listed: $n" || bad "knobs listed" "only $n in /kit/knobs"

E=/sys/kernel/tracing/events/writeback/task_io
if [ -r "$E/format" ]; then
	for fld in read_bytes write_bytes cancelled_write_bytes; do
		grep -q "field:u64 $fld;" "$E/format" && ok "task_io has field $fld" ||
			bad "task_io has field $fld" "not in $E/format"
	done
else
	bad "writeback:task_io event exists" "no $E/format"
fi
for ev in balance_dirty_pages bdi_dirty_ratelimit; do
	grep -q "field:unsigned long pos_ratio;" /sys/kernel/tracing/events/writeback/$ev/format &&
		ok "$ev has field pos_ratio" || bad "$ev has field pos_ratio" "not in its format"
done

echo "guest checks: $fails failed"
[ "$fails" -eq 0 ]
