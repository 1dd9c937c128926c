#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# 50-bench-gate.sh - the CI regression gate: a quick icount run of
# fencebench on the perf guest, compared figure by figure with the quick
# icount baseline of the guest kernel's series: baselines/icount-quick.json
# on 6.1, baselines/<series>/icount-quick.json on another (threshold 1 %,
# Mann-Whitney on the repetitions; docs/bench-method.md, "The CI gate").
# One ok/FAIL line per gated figure, then "N passed, N failed, N skipped";
# non-zero exit on any regression. A series other than 6.1 without a baseline yet is skipped,
# saying how to make one.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
series=$(. vm/lib.sh && fb_kernel_series)
default=baselines/icount-quick.json
[ "$series" = 6.1 ] || default=baselines/$series/icount-quick.json
base=${FB_GATE_BASELINE:-$default}
if [ ! -f "$base" ] && [ "$base" = "$default" ] && [ "$series" != 6.1 ]; then
	echo "skip bench-gate: no baseline for kernel $series yet ($base): make bench KERNEL=$series MODE=icount QUICK=1 && make baseline, then commit it"
	echo "0 passed, 0 failed, 1 skipped"
	exit 0
fi
if [ ! -f "$base" ]; then
	echo "FAIL bench-gate: no $base (make bench-run MODE=icount QUICK=1 && make baseline)"
	echo "0 passed, 1 failed"
	exit 1
fi
[ -x build/host/fbtool ] || make -s build/host/fbtool >/dev/null || {
	echo "FAIL bench-gate: cannot build build/host/fbtool"; echo "0 passed, 1 failed"; exit 1; }
tmp=$(mktemp -d /tmp/fencebench-gate.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
start=$(date +%s)
# Only the workloads with gated figures (not those that explain).
wl=$(. vm/lib.sh && fb_workload_names "$FB_BUILD/guest/bin/fencebench" gated | paste -sd, -)
[ -n "$wl" ] || { echo "FAIL bench-gate: fencebench --list names no workload"; echo "0 passed, 1 failed"; exit 1; }
if ! WORKLOADS=$wl MODE=icount QUICK=1 OUT=$tmp/run BOOT_RUNS=0 NO_PLOTS=1 NO_COMPARE=1 NO_LATEST=1 NO_SUMMARY=1 \
	bench/run-bench > "$tmp/run.log" 2>&1; then
	tail -n 30 "$tmp/run.log"
	echo "FAIL bench-gate: the quick icount run failed (log above)"
	echo "0 passed, 1 failed"
	exit 1
fi
echo "# bench-gate: quick icount run took $(( $(date +%s) - start )) s"
build/host/fbtool compare "$base" "$tmp/run/results.json"
