#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest suite of the legacy modules (sync_legacy, sw_sync_legacy): the
# debugfs dump and the tracepoints show a running test's objects, a wait
# timeout and a fence error dump the sync state to the kernel log (timeout
# 0 does not), rmmod is refused while a timeline or fence fd is open and
# works once all are closed; the modules are loaded again at the end
# (from $FB_LEGACY_MODULES, default /fb/modules).
p=0 f=0 s=0
ok() { echo "ok legacy $1"; p=$((p + 1)); }
bad() { echo "FAIL legacy $1"; f=$((f + 1)); }
check() {
	_n=$1
	shift
	if "$@" >/dev/null 2>&1; then ok "$_n"; else bad "$_n"; fi
}
finish() {
	rm -rf "$tmp"
	echo "$p passed, $f failed, $s skipped"
	[ "$f" = 0 ]
	exit
}

dbg=/sys/kernel/debug/sync_legacy
tr=/sys/kernel/tracing
tmp=/tmp/fb-legacy.$$
mods=${FB_LEGACY_MODULES:-/fb/modules}
tag=$$
mkdir -p "$tmp"

loaded() { grep -q "^$1 " /proc/modules; }
# wait_mark FILE: wait (at most 60 s) until the helper created FILE
wait_mark() {
	_i=0
	while [ ! -e "$1" ]; do
		_i=$((_i + 1))
		[ "$_i" -gt 1200 ] && return 1
		sleep 0.05
	done
}
# rmmod_refused MOD: rmmod fails and MOD stays loaded
rmmod_refused() { ! rmmod "$1" && loaded "$1"; }

# The suite is about these modules: their absence is a failure.
if loaded sync_legacy && loaded sw_sync_legacy && [ -c /dev/sw_sync ]; then
	ok modules-loaded
else
	bad modules-loaded
	finish
fi
check dev-mode-0600 sh -c 'ls -l /dev/sw_sync | grep -q "^crw------- "'

# 1. A helper holds a timeline fd, then also a fence fd, then only the
#    fence fd (timeline closed, its point -ENOENT).
fb-legacy-ctl open mark "$tmp/a1" waitfile "$tmp/g1" \
	fence 5 "fbl_dbg$tag" mark "$tmp/a2" waitfile "$tmp/g2" \
	close-timeline mark "$tmp/a3" waitfile "$tmp/g3" > "$tmp/ctl1.log" 2>&1 &
ctl=$!

if wait_mark "$tmp/a1"; then
	check rmmod-refused-timeline-fd rmmod_refused sw_sync_legacy
	check rmmod-framework-refused-timeline-fd rmmod_refused sync_legacy
else
	bad "helper-start ($(cat "$tmp/ctl1.log"))"
fi
touch "$tmp/g1"

if wait_mark "$tmp/a2"; then
	cat "$dbg" > "$tmp/dump2" 2>&1
	check debugfs-timeline grep -qx "fb-legacy-ctl sw_sync: 0" "$tmp/dump2"
	check debugfs-timeline-pt grep -qx "  pt active: 5" "$tmp/dump2"
	check debugfs-fence grep -qx "fbl_dbg$tag: active" "$tmp/dump2"
	check debugfs-fence-pt grep -qx "  fb-legacy-ctl_pt active: 5 / 0" "$tmp/dump2"
	grep -q "fbl_dbg$tag" "$tmp/dump2" || cat "$tmp/dump2"
else
	bad "helper-fence ($(cat "$tmp/ctl1.log"))"
fi
touch "$tmp/g2"

if wait_mark "$tmp/a3"; then
	cat "$dbg" > "$tmp/dump3" 2>&1
	check debugfs-fence-error grep -qx "fbl_dbg$tag: error" "$tmp/dump3"
	check rmmod-refused-fence-fd rmmod_refused sw_sync_legacy
	check rmmod-framework-refused-fence-fd rmmod_refused sync_legacy
else
	bad "helper-close ($(cat "$tmp/ctl1.log"))"
fi
touch "$tmp/g3"
check helper-exit wait "$ctl"
check debugfs-fence-gone sh -c "! grep -q fbl_dbg$tag $dbg"

# 2. Tracepoints during a create / inc / wait.
ev=$tr/events/sync_legacy
if [ -d "$ev" ]; then
	echo > "$tr/trace"
	for e in sync_timeline sync_wait sync_pt; do echo 1 > "$ev/$e/enable"; done
	check trace-run fb-legacy-ctl open fence 2 "fbl_tr$tag" inc 1 \
		wait 0 ETIME inc 1 wait 1000 ok
	for e in sync_timeline sync_wait sync_pt; do echo 0 > "$ev/$e/enable"; done
	cat "$tr/trace" > "$tmp/trace"
	check trace-sync_timeline grep -q "sync_timeline: name=fb-legacy-ctl value=2$" "$tmp/trace"
	check trace-sync_wait-begin grep -q "sync_wait: begin name=fbl_tr$tag state=0$" "$tmp/trace"
	check trace-sync_wait-end grep -q "sync_wait: end name=fbl_tr$tag state=1$" "$tmp/trace"
	check trace-sync_pt grep -q "sync_pt: name=fb-legacy-ctl value=2$" "$tmp/trace"
	grep -q "fbl_tr$tag" "$tmp/trace" || tail -n 20 "$tmp/trace"
else
	bad "trace-events-present ($ev)"
fi

# 3. Dumps in the kernel log: wait timeout (>0), not timeout 0, fence error.
check wait-timeout fb-legacy-ctl open fence 10 "fbl_tmo$tag" wait 50 ETIME \
	fence 10 "fbl_zero$tag" wait 0 ETIME
dmesg > "$tmp/dmesg"
check dump-on-timeout-message grep -q "fence timeout on \[fbl_tmo$tag\] after 50ms" "$tmp/dmesg"
check dump-on-timeout-state grep -q "sync_legacy: fbl_tmo$tag: active" "$tmp/dmesg"
check no-dump-on-timeout-0 sh -c "! grep -q 'fbl_zero$tag' $tmp/dmesg"
check wait-fence-error fb-legacy-ctl open fence 10 "fbl_err$tag" close-timeline \
	wait 100 ENOENT
dmesg > "$tmp/dmesg"
check dump-on-fence-error-message grep -q "fence error -2 on \[fbl_err$tag\]" "$tmp/dmesg"
check dump-on-fence-error-state grep -q "sync_legacy: fbl_err$tag: error" "$tmp/dmesg"

# 4. All fds closed: both modules unload, then load again for later suites.
users=$(awk '$1 == "sync_legacy" { print $4 }' /proc/modules)
case "$users" in
-|sw_sync_legacy,)
	check rmmod-sw_sync_legacy rmmod sw_sync_legacy
	check rmmod-sync_legacy rmmod sync_legacy
	check unloaded sh -c "! grep -q '^sw_sync_legacy \|^sync_legacy ' /proc/modules"
	check debugfs-removed test ! -e "$dbg"
	;;
*)
	echo "skip legacy rmmod: sync_legacy is also used by $users"
	s=$((s + 4))
	;;
esac
loaded sync_legacy || insmod "$mods/sync_legacy.ko"
loaded sw_sync_legacy || insmod "$mods/sw_sync_legacy.ko"
check reloaded sh -c "grep -q '^sync_legacy ' /proc/modules &&
	grep -q '^sw_sync_legacy ' /proc/modules && test -c /dev/sw_sync"
check works-after-reload fb-legacy-ctl open fence 1 "fbl_re$tag" inc 1 wait 1000 ok

finish
