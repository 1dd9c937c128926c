#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# 48-host-baseline.sh - a tcg or kvm baseline belongs to the host that took
# it (bench/compare, bench/make-baseline, bench/host-id; docs/bench-method.md,
# "Baselines belong to a host"): a run from another kind of host is not
# gated against the committed one and says which host took it; `make
# baseline` on a host writes a host baseline (baselines/host/<host>/) that
# later runs of that host are held against, regression verdicts included;
# icount baselines stay portable.
# Runs made from the committed quick baselines with python3, no guest; the
# host baseline of the made-up host is removed at the end.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
. tests/host/stage.lib
stage_begin host-baseline
stage_fbtool || { bad "build/host/fbtool (cannot build it)"; stage_end; exit; }
fake=baselines/host/fencebench-test-cpu-99c
rm -rf "$fake"
trap 'rm -rf "$tmp" "$fake"' EXIT

python3 - "$tmp" <<'PY'
import copy, json, sys
tmp = sys.argv[1]
tcg = json.load(open("baselines/tcg-quick.json"))
icount = json.load(open("baselines/icount-quick.json"))
def run(d, name, meta, scale=1.0, backend=None):
    r = copy.deepcopy(d)
    r["meta"].update(meta)
    for m in r["metrics"]:
        if backend and m["backend"] != backend:
            continue
        m["value"] *= scale
        m["reps"] = [v * scale for v in m.get("reps", [])]
        m["boot_values"] = [v * scale for v in m.get("boot_values", [])]
    json.dump(r, open(f"{tmp}/{name}.json", "w"))
fake = {"host_cpu": "Fencebench Test CPU (R)", "host_cores": "99"}
run(tcg, "other", fake)
run(tcg, "same", {})
run(tcg, "slow", fake, 1.5, "legacy")
run(icount, "icount-other", fake)
PY

out=$(bench/compare "$tmp/other.json" 2>&1)
rc=$?
[ "$rc" = 0 ] && grep -q "no tcg baseline fits this host: baselines/tcg-quick.json was taken on 'Intel" <<<"$out" &&
	grep -q 'make ab' <<<"$out" && ! grep -q '^FAIL' <<<"$out" &&
	ok "other-host-not-gated-says-whose" || bad "other-host-not-gated-says-whose (status $rc): $out"

out=$(bench/compare "$tmp/same.json" 2>&1)
rc=$?
[ "$rc" = 0 ] && grep -q '^46 passed, 0 failed' <<<"$out" &&
	ok "same-host-gated" || bad "same-host-gated (status $rc): $(tail -n 2 <<<"$out")"

out=$(bench/make-baseline "$tmp/other.json" 2>&1)
[ -f "$fake/tcg-quick.json" ] && grep -q "this host's own tcg baseline" <<<"$out" &&
	ok "make-baseline-writes-host-baseline" || bad "make-baseline-writes-host-baseline: $out"
git check-ignore -q "$fake/tcg-quick.json" &&
	ok "host-baseline-ignored-by-git" || bad "host-baseline-ignored-by-git"

out=$(bench/compare "$tmp/other.json" 2>&1)
rc=$?
[ "$rc" = 0 ] && grep -q "this host's own baseline: $fake/tcg-quick.json" <<<"$out" &&
	grep -q '^46 passed, 0 failed' <<<"$out" &&
	ok "host-baseline-used" || bad "host-baseline-used (status $rc): $(tail -n 2 <<<"$out")"

out=$(bench/compare "$tmp/slow.json" 2>&1)
rc=$?
[ "$rc" = 1 ] && grep -q '^FAIL .* legacy ' <<<"$out" && ! grep -q '^FAIL .* \(dma\|mainline\|eventfd\|futex\|pipe\) ' <<<"$out" &&
	ok "host-baseline-flags-regression" || bad "host-baseline-flags-regression (status $rc): $(grep -c '^FAIL' <<<"$out") FAIL lines"

out=$(bench/compare "$tmp/icount-other.json" 2>&1)
rc=$?
[ "$rc" = 0 ] && grep -q 'passed, 0 failed' <<<"$out" && ! grep -q 'fits this host' <<<"$out" &&
	ok "icount-baseline-portable" || bad "icount-baseline-portable (status $rc): $(tail -n 2 <<<"$out")"

stage_end
