#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# 47-history.sh - fbtool history (behind `make history`) orders runs by
# kernel then date, leaves out runs of another timing mode, flags exactly
# the figure a run slowed down, with the verdict of fbtool compare, and
# gives runs of another kernel series than the baseline's no verdict (the
# same slowdown in a 6.12 run is plotted, not flagged: compare refuses).
# Runs made from the committed icount quick baseline with python3, no guest.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
. tests/host/stage.lib
stage_begin history
base=baselines/icount-quick.json
[ -x build/host/fbtool ] || make -s build/host/fbtool >/dev/null

python3 - "$base" "$tmp" <<'PY'
import copy, json, sys
base, tmp = sys.argv[1], sys.argv[2]
d = json.load(open(base))
def run(name, kernel, date, sha, mode="icount", slow=None):
    r = copy.deepcopy(d)
    # kernel_series is what compare and history read first: set it with
    # the version, or every run keeps the baseline's series.
    r["meta"].update(kernel_version=kernel, date=date, git_sha=sha, mode=mode,
                     kernel_series=".".join(kernel.split(".")[:2]))
    for m in r["metrics"]:
        if slow and (m["workload"], m["backend"], m["series"], m["metric"], m["x"]) == slow:
            m["value"] *= 1.05
            m["reps"] = [v * 1.05 for v in m["reps"]]
            m["boot_values"] = [v * 1.05 for v in m.get("boot_values", [])]
    json.dump(r, open(f"{tmp}/{name}.json", "w"))
run("a", "6.1.192", "2026-01-01T10:00:00Z", "aaaaaaa1")
run("b", "6.1.192", "2026-01-02T10:00:00Z", "bbbbbbb2",
    slow=("signalcost", "legacy", "inc1", "inc_ns", 1))
run("c", "6.12.58", "2026-01-01T09:00:00Z", "aaaaaaa1")
run("d", "6.12.58", "2026-01-03T10:00:00Z", "ccccccc3",
    slow=("signalcost", "legacy", "inc1", "inc_ns", 1))
run("t", "6.1.192", "2026-01-04T10:00:00Z", "ddddddd4", mode="tcg")
PY

build/host/fbtool history "$tmp/out" "$base" "$tmp"/{d,t,b,c,a}.json > "$tmp/log" 2>&1
rc=$?
[ "$rc" = 0 ] && grep -q '^history: 4 runs, ' "$tmp/log" && grep -q "^skip $tmp/t.json: mode tcg" "$tmp/log" &&
	ok "four-runs-tcg-left-out" || { bad "four-runs-tcg-left-out (status $rc)"; cat "$tmp/log"; }
# Order: 6.1 a, b; then 6.12 c, d (kernel first, then date).
grep -q '("aaaaaaa\\n01-01 10:00" 0, "bbbbbbb\\n01-02 10:00" 1, "aaaaaaa\\n01-01 09:00" 2, "ccccccc\\n01-03 10:00" 3)' \
	"$tmp/out/runs.gp" && grep -q "set arrow from 1.5" "$tmp/out/runs.gp" &&
	ok "ordered-by-kernel-then-date" || { bad "ordered-by-kernel-then-date"; cat "$tmp/out/runs.gp"; }
[ "$(grep -c '^REGRESSED' "$tmp/log")" = 1 ] &&
	grep -q '^REGRESSED signalcost-inc1-inc_ns-K1-cpus1-numa1 legacy in run .*/b.json' "$tmp/log" &&
	ok "flags-the-slowed-figure-only" || { bad "flags-the-slowed-figure-only"; grep REGRESSED "$tmp/log" | head; }
dat=$tmp/out/data/signalcost-inc1-inc_ns-K1-cpus1-numa1.dat
awk '/^# backend legacy/ { on = 1; next } /^# backend/ { on = 0 } on && NF == 5 { print $1, $3 }' "$dat" |
	tr '\n' ' ' | grep -qx '0 0 1 1 2 0 3 0 ' &&
	ok "data-marks-the-point" || { bad "data-marks-the-point"; cat "$dat"; }
grep -q "^no verdict for $tmp/c.json: kernel 6.12, the baseline's is 6.1" "$tmp/log" &&
	grep -q "^no verdict for $tmp/d.json: kernel 6.12" "$tmp/log" &&
	awk '/^# backend legacy/ { on = 1; next } /^# backend/ { on = 0 } on && $1 == 3 { print $4, $5 }' "$dat" |
	grep -qx 'NaN NaN' &&
	ok "other-kernel-no-verdict" || { bad "other-kernel-no-verdict"; grep "no verdict" "$tmp/log"; }
[ "$(wc -l < "$tmp/out/groups.tsv")" -gt 10 ] && ok "groups-listed" || bad "groups-listed"
stage_end
