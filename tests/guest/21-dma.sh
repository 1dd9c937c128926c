#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest suite of the dma modules (sync_dma, sw_sync_dma): sync_file interop
# (fb-dma-interop), the debugfs dump and the three tracepoints show a
# running test's objects, rmmod is refused while a timeline fd, a fence fd
# or only an exported sync_file is open and works once all are closed; the
# modules are loaded again at the end for later suites.
be=dma fw=sync_dma drv=sw_sync_dma drvname=sw_sync_dma dev=$(fb-conformance --device dma)
helper=fb-dma-hold pfx=fbd mods=/fb/modules rmmod=rmmod_soon loop_use=export
. "$(dirname "$0")/backend.lib"

# rmmod_soon MOD: rmmod works within 2 s (a dma_fence_array may drop its
# last point reference from irq_work just after the fds were closed)
# shellcheck disable=SC2317 # called as $rmmod by be_unload_reload
rmmod_soon() {
	_i=0
	until rmmod "$1" 2>/dev/null; do
		_i=$((_i + 1))
		[ "$_i" -gt 20 ] && return 1
		sleep 0.1
	done
}

be_require_modules

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
# 1b. An error-signaled fence polls POLLERR once poll_err is set (default N:
#     POLLIN, as mainline); the case reads the parameter. Then the default.
prm=/sys/module/sync_dma/parameters/poll_err
if echo Y > "$prm"; then
	check interop-import-error-poll_err-Y fb-dma-interop import-error
	echo N > "$prm"
	check poll_err-restored-N sh -c "[ \"\$(cat $prm)\" = N ]"
else
	bad "poll_err-writable ($prm)"
fi

# 1c. In-kernel cases (module/dma/sync_dma_test.c, debug and coverage
#     flavours only): an RCU reader of a dead point finds its timeline
#     (freed earlier, KASAN reports it), a dma_fence callback that drops the
#     last reference to its point while an increment or a destroy signals
#     it (without the signaller's own reference: recursive locking, a
#     hang), the 64-bit count stops at its maximum with -EOVERFLOW, and the
#     drivers' merge API keeps the later of two points of one timeline in a
#     container. The module prints KTAP to the kernel log at load; each of
#     its lines becomes a case here.
if [ -f "$mods/sync_dma_test.ko" ]; then
	echo "fb-dma-test-start $tag" > /dev/kmsg
	insmod "$mods/sync_dma_test.ko" > "$tmp/ktest.log" 2>&1
	krc=$?
	dmesg | sed -n "/fb-dma-test-start $tag\$/,\$p" |
		sed -n -E 's/^.*sync_dma_test: (not ok|ok) [0-9]+ ([a-z_]+)$/\1 \2/p' > "$tmp/ktest"
	[ -s "$tmp/ktest" ] || bad "sync_dma_test printed no case ($(cat "$tmp/ktest.log"))"
	while read -r kres kname; do
		if [ "$kres" = ok ]; then ok "kernel-$kname"; else bad "kernel-$kname"; fi
	done < "$tmp/ktest"
	if [ "$krc" = 0 ]; then
		check kernel-test-module-unloads rmmod_soon sync_dma_test
	else
		bad "sync_dma_test load failed: $(cat "$tmp/ktest.log")"
	fi
else
	echo "skip $be kernel cases: no sync_dma_test.ko (built in the debug and coverage flavours only)"
	s=$((s + 1))
fi

# 2. A helper holds a timeline fd, then also a fence fd, then only the
#    exported sync_file of that fence (timeline and fence fds closed).
fb-dma-hold open mark "$tmp/a1" waitfile "$tmp/g1" \
	fence 5 "fbd_dbg$tag" mark "$tmp/a2" waitfile "$tmp/g2" \
	export close-timeline close-fence mark "$tmp/a3" waitfile "$tmp/g3" \
	> "$tmp/hold1.log" 2>&1 &
hold=$!
be_step a1 g1 start "$tmp/hold1.log" be_rmmod_refused timeline-fd
be_step a2 g2 fence "$tmp/hold1.log" be_debugfs_objects "fbd_dbg$tag"

# 2b. A waiter blocked on a merged fence is listed under it.
fb-dma-hold open fence 1 "fbd_w1$tag" merge 2 "fbd_wm$tag" waitbg \
	mark "$tmp/w1" waitfile "$tmp/gw1" > "$tmp/holdw.log" 2>&1 &
hold2=$!
# shellcheck disable=SC2317 # called by be_step
waiter_listed() {
	cat "$dbg" > "$tmp/dumpw" 2>&1
	check debugfs-waiter sh -c "grep -A3 -x 'fbd_wm$tag: active' $tmp/dumpw |
		grep -q '^waiter sync_dma_sleeper_wake'"
	grep -q "^waiter " "$tmp/dumpw" || cat "$tmp/dumpw"
}
be_step w1 gw1 waiter "$tmp/holdw.log" waiter_listed
check helper-waiter-exit wait "$hold2"

# shellcheck disable=SC2317 # called by be_step
only_sync_file() {
	cat "$dbg" > "$tmp/dump3" 2>&1
	check debugfs-fence-closed sh -c "! grep -q fbd_dbg$tag $tmp/dump3"
	check debugfs-timeline-kept grep -qx "fb-dma-hold sw_sync_dma: 0" "$tmp/dump3"
	check debugfs-pt-error grep -qE "^  pt error@[0-9]+\.[0-9]{6}: 5$" "$tmp/dump3"
	be_rmmod_refused sync_file
}
be_step a3 g3 export "$tmp/hold1.log" only_sync_file
check helper-exit wait "$hold"

# 2c. Two fences at one pending value share one point, as on mainline's
#     sw_sync (docs/semantics.md, row 20): the timeline lists one point at 7,
#     both fences list it.
fb-dma-hold open fence 7 "fbd_s1$tag" fence 7 "fbd_s2$tag" \
	mark "$tmp/s1" waitfile "$tmp/gs1" > "$tmp/holds.log" 2>&1 &
hold3=$!
# shellcheck disable=SC2317 # called by be_step
one_point_per_value() {
	cat "$dbg" > "$tmp/dumps" 2>&1
	check debugfs-shared-point sh -c "[ \$(grep -cx '  pt active: 7' $tmp/dumps) = 1 ]"
	check debugfs-shared-point-fences sh -c "[ \$(grep -cx '  ${helper}_pt active: 7 / 0' $tmp/dumps) = 2 ]"
	grep -q "fbd_s2$tag" "$tmp/dumps" || cat "$tmp/dumps"
}
be_step s1 gs1 shared "$tmp/holds.log" one_point_per_value
check helper-shared-exit wait "$hold3"

# 3. Only a fence fd (its timeline closed) holds both modules.
fb-dma-hold open fence 1 "fbd_f$tag" close-timeline mark "$tmp/b1" \
	waitfile "$tmp/gb1" > "$tmp/hold2.log" 2>&1 &
hold=$!
be_step b1 gb1 fence-only "$tmp/hold2.log" be_rmmod_refused fence-fd
check helper2-exit wait "$hold"

# 4. Tracepoints during a create / inc / wait.
be_tracepoints

# 4b. rmmod racing the task that frees a timeline (docs/coverage.md, "The
#     preemptible-RCU check"). A helper leaves only an exported sync_file
#     holding a point and exits; the task whose fput drops that last
#     reference then stays test_free_delay_ms in sync_dma's text after its
#     call_rcu() (a test hook of the debug and coverage builds; it waits
#     only where it may be preempted), while both modules are unloaded as
#     soon as their counts allow. The RCU callback drops the counts after
#     a grace period, which under preemptible RCU does not wait for that
#     task: sync_dma_exit() must (synchronize_rcu_tasks()), or the task
#     runs freed module text and the guest oopses. Loaded again after.
dprm=/sys/module/sync_dma/parameters/test_free_delay_ms
if [ ! -w "$dprm" ]; then
	echo "skip $be unload-while-releasing: no test_free_delay_ms (debug and coverage builds only)"
	s=$((s + 1))
elif ! uname -v | grep -qw PREEMPT; then
	echo "skip $be unload-while-releasing: the kernel is not preemptible: no task can be preempted in the window"
	s=$((s + 1))
elif ! be_framework_free; then
	echo "skip $be unload-while-releasing: $fw is also used by another module"
	s=$((s + 1))
else
	echo 2000 > "$dprm"
	fb-dma-hold open fence 1 "fbd_ur$tag" export close-fence close-timeline \
		mark "$tmp/ur1" waitfile "$tmp/gur1" > "$tmp/ur.log" 2>&1 &
	urh=$!
	wait_mark "$tmp/ur1" || bad "unload-while-releasing: the helper did not start ($(cat "$tmp/ur.log"))"
	t0=$(date +%s)
	: > "$tmp/gur1"		# the helper exits: its sync_file's release
	if rmmod_soon "$drv" && rmmod "$fw"; then
		ok "unload-while-releasing (rmmod returned after $(( $(date +%s) - t0 )) s)"
	else
		bad "unload-while-releasing: the modules did not unload"
	fi
	wait "$urh" && ok unload-while-releasing-helper ||
		bad "unload-while-releasing-helper: $(cat "$tmp/ur.log")"
	be_load_both
	check unload-while-releasing-reloaded sh -c "grep -q '^$fw ' /proc/modules && grep -q '^$drv ' /proc/modules"
fi

# 5. All fds closed: both modules unload, then load again for later suites.
be_unload_reload

# 6. Load, use and unload in a loop (be_unload_loop).
be_unload_loop

finish
