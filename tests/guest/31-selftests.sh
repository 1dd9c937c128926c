#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# 31-selftests.sh - the kernel's own sync selftests (sync_selftest, built
# unchanged from tools/testing/selftests/sync) against every backend.
#
# The suite only knows mainline's /sys/kernel/debug/sync/sw_sync; for legacy
# and dma their device is bind-mounted over that path for the run, each in
# a mount namespace of its own (unshare -m), so that the backends run side
# by side: the suite's stress tests are bound by wake-up latency, not CPU,
# and take minutes per backend under TCG. FB_SELFTEST_SERIAL=1 runs them one
# after the other instead (also the fallback without unshare).
#
# Each of the suite's test results becomes a line "ok|FAIL BACKEND
# selftest_NAME"; a run that does not report all its planned tests, or
# exits non-zero, fails. A backend is required (absence fails) if it is
# mainline or if its module is in /fb/modules; else its absence is a skip.
# The devices come from the one table of them (lib/syncdev.c).
DEBUGFS_SW_SYNC=$(fb-conformance --device mainline)
p=0 f=0 s=0
pass() { echo "ok $1"; p=$((p + 1)); }
fail() { echo "FAIL $1"; f=$((f + 1)); }
skip() { echo "skip $1"; s=$((s + 1)); }

# run_one NAME DEVICE: (in its own mount namespace) put DEVICE at the
# debugfs path and run the suite; output in /tmp/selftest-NAME.log, exit
# status in .rc, seconds in .time, a setup error in .err.
run_one() {
	name=$1 dev=$2 log=/tmp/selftest-$1
	if [ "$dev" != "$DEBUGFS_SW_SYNC" ]; then
		if ! mount --bind "$dev" "$DEBUGFS_SW_SYNC"; then
			echo "cannot bind-mount $dev over $DEBUGFS_SW_SYNC" > "$log.err"
			return
		fi
		# debugfs' own file is a regular file: the suite must see the device.
		if [ ! -c "$DEBUGFS_SW_SYNC" ]; then
			echo "bind mount did not put $dev in place" > "$log.err"
			umount "$DEBUGFS_SW_SYNC"
			return
		fi
	fi
	t0=$(date +%s)
	sync_selftest > "$log.log" 2>&1
	echo $? > "$log.rc"
	echo $(($(date +%s) - t0)) > "$log.time"
	if [ "$dev" != "$DEBUGFS_SW_SYNC" ] && ! umount "$DEBUGFS_SW_SYNC"; then
		echo "cannot unmount $DEBUGFS_SW_SYNC" > "$log.err"
	fi
}

# report NAME: turn the results of run_one into ok/FAIL lines.
report() {
	name=$1 log=/tmp/selftest-$1
	if [ -s "$log.err" ]; then
		fail "$name selftest: $(cat "$log.err")"
		[ -f "$log.log" ] || return
	fi
	[ -f "$log.log" ] || { fail "$name selftest: no output"; return; }
	sed 's/^/  | /' "$log.log"
	plan=$(sed -n -E 's/^1\.\.([0-9]+)$/\1/p' "$log.log" | head -n 1)
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
	done < "$log.log"
	totals=$(grep -E '^# Totals: ' "$log.log" | tail -n 1)
	rc=$(cat "$log.rc" 2>/dev/null)
	if [ -z "$plan" ] || [ "$ran" != "$plan" ]; then
		fail "$name selftest: $ran results for a plan of ${plan:-?} tests"
	elif [ -z "$totals" ]; then
		fail "$name selftest: no kselftest totals line"
	elif [ "$rc" != 0 ]; then
		fail "$name selftest: exit status ${rc:-?} ($totals)"
	else
		echo "# $name: ${totals#\# } in $(cat "$log.time") s"
	fi
}

# Re-entry of this script inside a new mount namespace (see below).
if [ "$1" = --run-one ]; then
	run_one "$2" "$3"
	exit 0
fi

parallel=1
[ -n "$FB_SELFTEST_SERIAL" ] && parallel=
command -v unshare >/dev/null 2>&1 || parallel=
rm -f /tmp/selftest-*
ran=
if [ -e "$DEBUGFS_SW_SYNC" ]; then
	if [ -n "$parallel" ]; then
		run_one mainline "$DEBUGFS_SW_SYNC" &
	else
		run_one mainline "$DEBUGFS_SW_SYNC"
	fi
	ran=mainline
else
	fail "mainline selftest: $DEBUGFS_SW_SYNC not present"
fi
for name in legacy dma; do
	dev=$(fb-conformance --device "$name")
	if [ -c "$dev" ]; then
		if [ ! -e "$DEBUGFS_SW_SYNC" ]; then
			fail "$name selftest: no $DEBUGFS_SW_SYNC to bind-mount $dev over"
			continue
		fi
		if [ -n "$parallel" ]; then
			# A private mount namespace: the bind mount stays in it.
			unshare -m --propagation private sh "$0" --run-one "$name" "$dev" &
		else
			run_one "$name" "$dev"
		fi
		ran="$ran $name"
	elif ls /fb/modules/*"$name"*.ko >/dev/null 2>&1; then
		fail "$name selftest: $dev not present, but its module is in /fb/modules"
	else
		skip "$name selftest: device not present ($dev)"
	fi
done
wait
for name in $ran; do
	report "$name"
done

echo "$p passed, $f failed, $s skipped"
[ "$f" = 0 ]
