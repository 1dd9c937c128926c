#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Guest suite of the legacy modules (sync_legacy, sw_sync_legacy): the
# debugfs dump and the tracepoints show a running test's objects, a wait
# timeout and a fence error dump the sync state to the kernel log (timeout
# 0 does not), rmmod is refused while a timeline or fence fd is open and
# works once all are closed; the modules are loaded again at the end
# (from $FB_LEGACY_MODULES, default /fb/modules).
be=legacy fw=sync_legacy drv=sw_sync_legacy drvname=sw_sync dev=$(fb-conformance --device legacy)
helper=fb-legacy-ctl pfx=fbl mods=${FB_LEGACY_MODULES:-/fb/modules} rmmod=rmmod loop_use=
. "$(dirname "$0")/backend.lib"

be_require_modules

# 1. A helper holds a timeline fd, then also a fence fd, then only the
#    fence fd (timeline closed, its point -ENOENT).
fb-legacy-ctl open mark "$tmp/a1" waitfile "$tmp/g1" \
	fence 5 "fbl_dbg$tag" mark "$tmp/a2" waitfile "$tmp/g2" \
	close-timeline mark "$tmp/a3" waitfile "$tmp/g3" > "$tmp/ctl1.log" 2>&1 &
ctl=$!
# shellcheck disable=SC2317 # called by be_step
fence_failed() {
	cat "$dbg" > "$tmp/dump3" 2>&1
	check debugfs-fence-error grep -qx "fbl_dbg$tag: error" "$tmp/dump3"
	be_rmmod_refused fence-fd
}
be_step a1 g1 start "$tmp/ctl1.log" be_rmmod_refused timeline-fd
be_step a2 g2 fence "$tmp/ctl1.log" be_debugfs_objects "fbl_dbg$tag"
be_step a3 g3 close "$tmp/ctl1.log" fence_failed
check helper-exit wait "$ctl"
check debugfs-fence-gone sh -c "! grep -q fbl_dbg$tag $dbg"

# 2. Tracepoints during a create / inc / wait.
be_tracepoints

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
be_unload_reload

# 5. Load, use and unload in a loop (be_unload_loop).
be_unload_loop

finish
