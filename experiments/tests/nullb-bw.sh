# experiments/tests/nullb-bw.sh -- guest side of the disks' bandwidth test
# (pre= script of experiments/tests/disks.spec; the host side is
# experiments/tests/disks).
#
# For bw_carry = 1 (the kit's rule, patch 0013) and 0 (null_blk's own rule,
# the control), at 1, 5 and 20 MiB/s, with requests of 4 KiB, 64 KiB,
# 128 KiB and 1 MiB: a fresh null_blk device (not memory-backed: the limit
# does not depend on it), and dtbw's rate over 10 s of guest time, one
# O_DIRECT request in flight. A request that does not complete within 3 s
# is reported as stalled.
# Without bw_carry, a request larger than one tick's budget (1 MiB / 50 x
# mbps) is never let through (6.1's null_handle_throttled: the budget is
# reset to B each tick and the request asks for more). So the control
# skips those sizes and says so. (Tried once, case carry=0 mbps=1
# size=64K kept QEMU's thread busy for minutes with no further case
# finishing; the first dtbw also held the shell's pipe open, fixed since,
# so whether the guest livelocks or only waits is not settled.)
# Prints one line per case:
#   case carry=C mbps=M size=S: dtbw size=S requests=N ... rate_Bps=R req_bytes=B
#   case carry=C mbps=M size=S: dtbw size=S stalled after N requests ... req_bytes=B
# (req_bytes: the mean size of the requests the device saw)
i=0
for carry in 1 0; do
	for mbps in 1 5 20; do
		for size in 4096 65536 131072 1048576; do
			if [ $carry = 0 ] && [ $size -gt $((1048576 / 50 * mbps)) ]; then
				echo "case carry=$carry mbps=$mbps size=$size: skipped (larger than one tick's budget: it would never complete)"
				continue
			fi
			d=/sys/kernel/config/nullb/bw$i
			mkdir $d || { echo "cannot make $d"; exit 1; }
			for kv in size=2048 mbps=$mbps bw_carry=$carry blocksize=4096 max_sectors=2048 power=1; do
				echo "${kv#*=}" > $d/${kv%%=*} || { echo "bw$i: null_blk refused ${kv%%=*} = ${kv#*=}"; exit 1; }
			done
			echo 1024 > /sys/block/bw$i/queue/max_sectors_kb
			out=$(dtbw dev=/dev/bw$i size=$size seconds=10 stall=3)
			rc=$?
			# the requests the device saw: the block layer may split a
			# write (max_segments), so their mean size is printed too
			read -r _ _ _ _ wios _ wsec _ < /sys/block/bw$i/stat
			echo "case carry=$carry mbps=$mbps size=$size: $out req_bytes=$((wsec * 512 / (wios > 0 ? wios : 1)))"
			echo "kit: nullb-bw case $i done at $(cut -d' ' -f1 /proc/uptime) s" > /dev/console
			[ $rc -eq 0 ] || [ $rc -eq 3 ] || { echo "dtbw failed with $rc"; exit 1; }
			i=$((i + 1))
		done
	done
done
echo "done $i cases"
