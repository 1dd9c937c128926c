#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# 46-compare-kernels.sh - `make compare` (bench/compare, fbtool compare)
# refuses to hold a run of one kernel series against one of another,
# naming both kernels, unless ACROSS_KERNELS=1; then it compares them per
# backend, says so, fails nothing, and its per-backend table gives each
# backend's change. A run of a series without a baseline of its own is not
# compared with another series' baseline. Runs made from the committed
# icount quick baseline with python3, no guest: a "6.12" run whose
# mainline figures are 5 % slower and eventfd's 20 %.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
. tests/host/stage.lib
stage_begin compare-kernels
stage_fbtool || { bad "build/host/fbtool (cannot build it)"; stage_end; exit; }
base=baselines/icount-quick.json

python3 - "$base" "$tmp" <<'PY'
import copy, json, sys
base, tmp = sys.argv[1], sys.argv[2]
d = json.load(open(base))
def run(name, meta, scale):
    r = copy.deepcopy(d)
    r["meta"].pop("kernel_series", None)   # each run names its own, or none
    r["meta"].update(meta)
    for m in r["metrics"]:
        f = scale.get(m["backend"], 1.0)
        m["value"] *= f
        m["reps"] = [v * f for v in m.get("reps", [])]
        m["boot_values"] = [v * f for v in m.get("boot_values", [])]
    json.dump(r, open(f"{tmp}/{name}.json", "w"))
k612 = dict(kernel_version="6.12.118", kernel_series="6.12",
            kernel_source="linux-source-6.12 6.12.118-1~deb12u1",
            kernel_config="perf-6.12.118-1~deb12u1-66e8c26ec384")
run("k612", k612, {"mainline": 1.05, "eventfd": 1.2})
# A run from before kernel_series was recorded: its kernel_version says 6.1.
run("k61old", {"kernel_version": "6.1.192"}, {})
# The same kernel series, another version: compared as before.
run("k61new", dict(kernel_version="6.1.200", kernel_series="6.1"), {})
PY

build/host/fbtool compare "$base" "$tmp/k612.json" > "$tmp/refused.out" 2>&1
rc=$?
if [ "$rc" = 1 ] && grep -q 'different kernels' "$tmp/refused.out" &&
	grep -q 'kernel 6.1 (6.1.192' "$tmp/refused.out" &&
	grep -q 'kernel 6.12 (6.12.118, linux-source-6.12' "$tmp/refused.out" &&
	grep -q 'ACROSS_KERNELS=1' "$tmp/refused.out" && ! grep -q '^ok ' "$tmp/refused.out"; then
	ok "refused-names-both-kernels"
else
	bad "refused-names-both-kernels (status $rc): $(head -c 300 "$tmp/refused.out")"
fi

ACROSS_KERNELS=1 bench/compare "$tmp/k612.json" "$base" > "$tmp/across.out" 2>&1
rc=$?
[ "$rc" = 0 ] && grep -q '^# ACROSS KERNELS: baseline kernel 6.1 .*now kernel 6.12 ' "$tmp/across.out" &&
	! grep -qE '^(FAIL|ok) ' "$tmp/across.out" &&
	ok "across-says-so-fails-nothing" ||
	bad "across-says-so-fails-nothing (status $rc): $(grep -m2 -E '^(#|FAIL)' "$tmp/across.out")"

# The per-backend table: mainline 1.05, eventfd 1.2, every other backend 1.
table() { awk -v b="$1" '$1 == b && $2 ~ /^[0-9]+$/ { print $3 }' "$tmp/across.out" | tail -n 1; }
want="legacy=1.0000 dma=1.0000 mainline=1.0500 eventfd=1.2000 futex=1.0000 pipe=1.0000"
got=$(for b in legacy dma mainline eventfd futex pipe; do printf '%s=%s ' "$b" "$(table "$b")"; done)
[ "${got% }" = "$want" ] && ok "per-backend-table" || bad "per-backend-table (got '${got% }', want '$want')"

# Rows come backend by backend: each backend's rows are one block.
blocks=$(awk '$1 == "info" { print $3 }' "$tmp/across.out" | uniq | sort | uniq -d)
[ -z "$blocks" ] && ok "rows-grouped-by-backend" || bad "rows-grouped-by-backend (split: $blocks)"

# Old runs name their kernel through kernel_version only; the same series
# compares as before (a gate verdict, no refusal).
build/host/fbtool compare "$tmp/k61old.json" "$tmp/k61new.json" > "$tmp/same.out" 2>&1 &&
	grep -qE '^[0-9]+ passed, 0 failed' "$tmp/same.out" && ! grep -q 'ACROSS' "$tmp/same.out" &&
	ok "same-series-compared" || bad "same-series-compared: $(tail -n 1 "$tmp/same.out")"
build/host/fbtool compare "$tmp/k612.json" "$tmp/k61old.json" > /dev/null 2>&1
[ $? = 1 ] && ok "old-run-series-from-version" || bad "old-run-series-from-version"

# Baselines per series: a 6.12 run's is baselines/6.12/..., a 6.1 run's
# stays baselines/...; with none for 6.12, bench/compare says so and
# compares with nothing (status 0), never with the 6.1 baseline.
[ "$(build/host/fbtool baseline "$tmp/k612.json")" = baselines/6.12/icount-quick.json ] &&
	[ "$(build/host/fbtool baseline "$tmp/k61old.json")" = baselines/icount-quick.json ] &&
	ok "baseline-path-per-series" || bad "baseline-path-per-series"
if [ ! -f baselines/6.12/icount-quick.json ]; then
	bench/compare "$tmp/k612.json" > "$tmp/nobase.out" 2>&1
	rc=$?
	[ "$rc" = 0 ] && grep -q 'no baseline baselines/6.12/icount-quick.json .*kernel 6.12' "$tmp/nobase.out" &&
		ok "no-baseline-for-series" || bad "no-baseline-for-series (status $rc): $(cat "$tmp/nobase.out")"
else
	skip "no-baseline-for-series: baselines/6.12/icount-quick.json exists"
fi

ACROSS_KERNELS=yes bench/compare "$tmp/k612.json" "$base" > "$tmp/badflag.out" 2>&1
[ $? = 2 ] && grep -q "ACROSS_KERNELS is 1 or unset" "$tmp/badflag.out" &&
	ok "bad-flag-value" || bad "bad-flag-value: $(cat "$tmp/badflag.out")"

stage_end
