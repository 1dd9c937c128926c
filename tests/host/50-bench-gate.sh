#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# 50-bench-gate.sh - the CI regression gate: a quick icount run of
# fencebench on the perf guest, compared figure by figure with
# baselines/icount-quick.json (threshold 1 %, Mann-Whitney on the
# repetitions; docs/bench.md). One ok/FAIL line per gated figure, then
# "N passed, N failed, N skipped"; non-zero exit on any regression.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
base=${FB_GATE_BASELINE:-baselines/icount-quick.json}
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
if ! MODE=icount QUICK=1 OUT=$tmp/run BOOT_RUNS=0 NO_PLOTS=1 NO_COMPARE=1 NO_LATEST=1 NO_SUMMARY=1 \
	bench/run-bench > "$tmp/run.log" 2>&1; then
	tail -n 30 "$tmp/run.log"
	echo "FAIL bench-gate: the quick icount run failed (log above)"
	echo "0 passed, 1 failed"
	exit 1
fi
echo "# bench-gate: quick icount run took $(( $(date +%s) - start )) s"
build/host/fbtool compare "$base" "$tmp/run/results.json"
