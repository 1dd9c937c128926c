#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest suite of the dma modules (sync_dma, sw_sync_dma): sync_file interop
# (fb-dma-interop), the debugfs dump and the three tracepoints show a
# running test's objects, rmmod is refused while a timeline fd, a fence fd
# or only an exported sync_file is open and works once all are closed; the
# modules are loaded again at the end for later suites.
p=0 f=0 s=0
ok() { echo "ok dma $1"; p=$((p + 1)); }
bad() { echo "FAIL dma $1"; f=$((f + 1)); }
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

dbg=/sys/kernel/debug/sync_dma
tr=/sys/kernel/tracing
tmp=/tmp/fb-dma.$$
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
rmmod_refused() { ! rmmod "$1" 2>/dev/null && loaded "$1"; }
# rmmod_soon MOD: rmmod works within 2 s (a dma_fence_array may drop its
# last point reference from irq_work just after the fds were closed)
rmmod_soon() {
	_i=0
	until rmmod "$1" 2>/dev/null; do
		_i=$((_i + 1))
		[ "$_i" -gt 20 ] && return 1
		sleep 0.1
	done
}

# The suite is about these modules: their absence is a failure.
if loaded sync_dma && loaded sw_sync_dma && [ -c /dev/sw_sync_dma ]; then
	ok modules-loaded
else
	bad modules-loaded
	finish
fi
check dev-mode-0600 sh -c 'ls -l /dev/sw_sync_dma | grep -q "^crw------- "'

# 1. Interop with mainline sync_file.
fb-dma-interop > "$tmp/interop.log" 2>&1
sed "s/^\([0-9]* passed, [0-9]* failed\)$/# fb-dma-interop: \1/" "$tmp/interop.log"
ip=$(sed -n -E 's/^([0-9]+) passed, [0-9]+ failed$/\1/p' "$tmp/interop.log")
if_=$(sed -n -E 's/^[0-9]+ passed, ([0-9]+) failed$/\1/p' "$tmp/interop.log")
if [ -n "$ip" ] && [ -n "$if_" ]; then
	p=$((p + ip)) f=$((f + if_))
else
	bad "fb-dma-interop gave no tally"
fi

# 2. A helper holds a timeline fd, then also a fence fd, then only the
#    exported sync_file of that fence (timeline and fence fds closed).
fb-dma-hold open mark "$tmp/a1" waitfile "$tmp/g1" \
	fence 5 "fbd_dbg$tag" mark "$tmp/a2" waitfile "$tmp/g2" \
	export close-timeline close-fence mark "$tmp/a3" waitfile "$tmp/g3" \
	> "$tmp/hold1.log" 2>&1 &
hold=$!

if wait_mark "$tmp/a1"; then
	check rmmod-refused-timeline-fd rmmod_refused sw_sync_dma
	check rmmod-framework-refused-timeline-fd rmmod_refused sync_dma
else
	bad "helper-start ($(cat "$tmp/hold1.log"))"
fi
touch "$tmp/g1"

if wait_mark "$tmp/a2"; then
	cat "$dbg" > "$tmp/dump2" 2>&1
	check debugfs-timeline grep -qx "fb-dma-hold sw_sync_dma: 0" "$tmp/dump2"
	check debugfs-timeline-pt grep -qx "  pt active: 5" "$tmp/dump2"
	check debugfs-fence grep -qx "fbd_dbg$tag: active" "$tmp/dump2"
	check debugfs-fence-pt grep -qx "  fb-dma-hold_pt active: 5 / 0" "$tmp/dump2"
	grep -q "fbd_dbg$tag" "$tmp/dump2" || cat "$tmp/dump2"
else
	bad "helper-fence ($(cat "$tmp/hold1.log"))"
fi
touch "$tmp/g2"

# 2b. A waiter blocked on a merged fence is listed under it.
fb-dma-hold open fence 1 "fbd_w1$tag" merge 2 "fbd_wm$tag" waitbg \
	mark "$tmp/w1" waitfile "$tmp/gw1" > "$tmp/holdw.log" 2>&1 &
hold2=$!
if wait_mark "$tmp/w1"; then
	cat "$dbg" > "$tmp/dumpw" 2>&1
	check debugfs-waiter sh -c "grep -A3 -x 'fbd_wm$tag: active' $tmp/dumpw |
		grep -q '^waiter sync_dma_sleeper_wake'"
	grep -q "^waiter " "$tmp/dumpw" || cat "$tmp/dumpw"
else
	bad "helper-waiter ($(cat "$tmp/holdw.log"))"
fi
touch "$tmp/gw1"
check helper-waiter-exit wait "$hold2"

if wait_mark "$tmp/a3"; then
	cat "$dbg" > "$tmp/dump3" 2>&1
	check debugfs-fence-closed sh -c "! grep -q fbd_dbg$tag $tmp/dump3"
	check debugfs-timeline-kept grep -qx "fb-dma-hold sw_sync_dma: 0" "$tmp/dump3"
	check debugfs-pt-error grep -qE "^  pt error@[0-9]+\.[0-9]{6}: 5$" "$tmp/dump3"
	check rmmod-refused-sync_file rmmod_refused sw_sync_dma
	check rmmod-framework-refused-sync_file rmmod_refused sync_dma
else
	bad "helper-export ($(cat "$tmp/hold1.log"))"
fi
touch "$tmp/g3"
check helper-exit wait "$hold"

# 3. Only a fence fd (its timeline closed) holds both modules.
fb-dma-hold open fence 1 "fbd_f$tag" close-timeline mark "$tmp/b1" \
	waitfile "$tmp/gb1" > "$tmp/hold2.log" 2>&1 &
hold=$!
if wait_mark "$tmp/b1"; then
	check rmmod-refused-fence-fd rmmod_refused sw_sync_dma
	check rmmod-framework-refused-fence-fd rmmod_refused sync_dma
else
	bad "helper-fence-only ($(cat "$tmp/hold2.log"))"
fi
touch "$tmp/gb1"
check helper2-exit wait "$hold"

# 4. Tracepoints during a create / inc / wait.
ev=$tr/events/sync_dma
if [ -d "$ev" ]; then
	echo > "$tr/trace"
	for e in sync_timeline sync_wait sync_pt; do echo 1 > "$ev/$e/enable"; done
	check trace-run fb-dma-hold open fence 2 "fbd_tr$tag" inc 1 \
		wait 0 ETIME inc 1 wait 1000 ok
	for e in sync_timeline sync_wait sync_pt; do echo 0 > "$ev/$e/enable"; done
	cat "$tr/trace" > "$tmp/trace"
	check trace-sync_timeline grep -q "sync_timeline: name=fb-dma-hold value=2$" "$tmp/trace"
	check trace-sync_wait-begin grep -q "sync_wait: begin name=fbd_tr$tag state=0$" "$tmp/trace"
	check trace-sync_wait-end grep -q "sync_wait: end name=fbd_tr$tag state=1$" "$tmp/trace"
	check trace-sync_pt grep -q "sync_pt: name=fb-dma-hold value=2$" "$tmp/trace"
	grep -q "fbd_tr$tag" "$tmp/trace" || tail -n 20 "$tmp/trace"
else
	bad "trace-events-present ($ev)"
fi

# 5. All fds closed: both modules unload, then load again for later suites.
users=$(awk '$1 == "sync_dma" { print $4 }' /proc/modules)
case "$users" in
-|sw_sync_dma,)
	check rmmod-sw_sync_dma rmmod_soon sw_sync_dma
	check rmmod-sync_dma rmmod_soon sync_dma
	check unloaded sh -c "! grep -q '^sw_sync_dma \|^sync_dma ' /proc/modules"
	check debugfs-removed test ! -e "$dbg"
	;;
*)
	echo "skip dma rmmod: sync_dma is also used by $users"
	s=$((s + 4))
	;;
esac
loaded sync_dma || insmod /fb/modules/sync_dma.ko
loaded sw_sync_dma || insmod /fb/modules/sw_sync_dma.ko
check reloaded sh -c "grep -q '^sync_dma ' /proc/modules &&
	grep -q '^sw_sync_dma ' /proc/modules && test -c /dev/sw_sync_dma"
check works-after-reload fb-dma-hold open fence 1 "fbd_re$tag" inc 1 wait 1000 ok

finish
