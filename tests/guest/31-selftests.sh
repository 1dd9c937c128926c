#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# 31-selftests.sh - the kernel's own sync selftests (sync_selftest, built
# unchanged from tools/testing/selftests/sync) against every backend.
#
# The suite only knows mainline's /sys/kernel/debug/sync/sw_sync; for legacy
# and dma their device is bind-mounted over that path for the run. Each of
# its test results becomes a line "ok|FAIL BACKEND selftest_NAME"; a run
# that does not report all its planned tests, or exits non-zero, fails.
# A backend is required (absence fails) if it is mainline or if its module
# is in /fb/modules; otherwise its absence is one skip.
DEBUGFS_SW_SYNC=/sys/kernel/debug/sync/sw_sync
p=0 f=0 s=0
pass() { echo "ok $1"; p=$((p + 1)); }
fail() { echo "FAIL $1"; f=$((f + 1)); }
skip() { echo "skip $1"; s=$((s + 1)); }

# run_backend NAME DEVICE: run the suite with DEVICE at the debugfs path.
run_backend() {
	name=$1 dev=$2 log=/tmp/selftest-$1.log bound=
	if [ "$dev" != "$DEBUGFS_SW_SYNC" ]; then
		if ! mount --bind "$dev" "$DEBUGFS_SW_SYNC"; then
			fail "$name selftest: cannot bind-mount $dev over $DEBUGFS_SW_SYNC"
			return
		fi
		bound=1
		# debugfs' own file is a regular file: the suite must see the device.
		if [ ! -c "$DEBUGFS_SW_SYNC" ]; then
			fail "$name selftest: bind mount did not put $dev in place"
			umount "$DEBUGFS_SW_SYNC"
			return
		fi
	fi
	t0=$(date +%s)
	sync_selftest > "$log" 2>&1
	rc=$?
	t1=$(date +%s)
	if [ -n "$bound" ] && ! umount "$DEBUGFS_SW_SYNC"; then
		fail "$name selftest: cannot unmount $DEBUGFS_SW_SYNC"
	fi
	sed 's/^/  | /' "$log"
	plan=$(sed -n -E 's/^1\.\.([0-9]+)$/\1/p' "$log" | head -n 1)
	ran=0
	# "ok N [RUN]<tab>test_name" / "not ok N [RUN]<tab>test_name"
	while IFS= read -r line; do
		case "$line" in
		"ok "[0-9]*|"not ok "[0-9]*)
			t=$(echo "$line" | sed -E 's/.*\[RUN\][[:space:]]*//; s/[[:space:]]+$//')
			ran=$((ran + 1))
			case "$line" in
			ok*) pass "$name selftest_$t" ;;
			*) fail "$name selftest_$t" ;;
			esac
			;;
		esac
	done < "$log"
	totals=$(grep -E '^# Totals: ' "$log" | tail -n 1)
	if [ -z "$plan" ] || [ "$ran" != "$plan" ]; then
		fail "$name selftest: $ran results for a plan of ${plan:-?} tests"
	elif [ -z "$totals" ]; then
		fail "$name selftest: no kselftest totals line"
	elif [ "$rc" != 0 ]; then
		fail "$name selftest: exit status $rc ($totals)"
	else
		echo "# $name: ${totals#\# } in $((t1 - t0)) s"
	fi
}

if [ -e "$DEBUGFS_SW_SYNC" ]; then
	run_backend mainline "$DEBUGFS_SW_SYNC"
else
	fail "mainline selftest: $DEBUGFS_SW_SYNC not present"
fi

for b in legacy:/dev/sw_sync dma:/dev/sw_sync_dma; do
	name=${b%%:*} dev=${b#*:}
	if [ -c "$dev" ]; then
		if [ -e "$DEBUGFS_SW_SYNC" ]; then
			run_backend "$name" "$dev"
		else
			fail "$name selftest: no $DEBUGFS_SW_SYNC to bind-mount $dev over"
		fi
	elif ls /fb/modules/*"$name"*.ko >/dev/null 2>&1; then
		fail "$name selftest: $dev not present, but its module is in /fb/modules"
	else
		skip "$name selftest: device not present ($dev)"
	fi
done

echo "$p passed, $f failed, $s skipped"
[ "$f" = 0 ]
