#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# 56-lava-results.sh - the host side of make lava, on LAVA logs made here
# (no lava-run, no guest): ci/lava/lava-results reads lava-run's log
# records back (results.yaml, the run's results.json from the console,
# the verdict) and ci/lava/check-figures holds LAVA's figures against
# results.json figure by figure. The run is the committed icount quick
# baseline; its headline figures are reported as fb-lava-bench reports
# them (fbtool summary --tsv, named by fb_lava_name). A log that is right
# passes both; each way a log can be wrong must fail, naming what is
# wrong: a figure one unit off, a figure missing, one with another unit,
# a figure results.json lacks, a failed conformance case, a step that
# did not finish, no results.json on the console, a required backend
# skipped, a job LAVA failed.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
. tests/host/stage.lib
stage_begin lava-results
stage_python yaml
PY=/usr/bin/python3
stage_fbtool || { bad "build/host/fbtool (cannot build it)"; stage_end; exit; }
base=baselines/icount-quick.json
build/host/fbtool summary --tsv "$base" > "$tmp/rows.tsv" || { bad "fbtool summary $base"; stage_end; exit; }
# The guest's names of the figures, by the guest's own function.
(
	. ci/lava/guest/fb-lava-lib
	while IFS=$'\t' read -r wl be fig _; do fb_lava_name "$wl $be $fig"; done < "$tmp/rows.tsv"
) > "$tmp/names"

# mklog VARIANT: a lava-run log of the run (the baseline), broken as VARIANT says.
mklog() {
	"$PY" - "$1" "$base" "$tmp/rows.tsv" "$tmp/names" > "$tmp/$1.log" <<'PY'
import base64, gzip, json, sys, yaml
variant, base, rows, names = sys.argv[1:]
doc = json.load(open(base))
rows = [l.rstrip("\n").split("\t") for l in open(rows)]
names = [l.strip() for l in open(names)]
if variant == "backend-skipped":
    doc["meta"]["backends_skipped"] = "dma (no /dev/sw_sync_dma)"
def rec(lvl, msg):
    print(yaml.dump({"dt": "2026-01-01T00:00:00", "lvl": lvl, "msg": msg},
                    default_flow_style=True, default_style='"', width=10**6).rstrip("\n"))
def case(name, result, set_=None, **kw):
    m = {"definition": "0_fencebench", "case": name, "result": result}
    if set_:
        m["set"] = set_
    m.update(kw)
    rec("results", m)
rec("target", "fencebench-lava# ")
for c in ("legacy.create", "dma.create", "mainline.create"):
    case(c, "fail" if variant == "case-failed" and c == "dma.create" else "pass", "30-conformance")
case("mainline.wait_ioctl_zero", "skip", "30-conformance")
case("30-conformance.tally", "pass", "30-conformance")
case("guest-suites", "pass")
case("fencebench", "pass")
for i, ((wl, be, fig, value, unit), name) in enumerate(zip(rows, names)):
    v = float(value)
    if variant == "figure-off" and i == 3:
        v += 1
    if variant == "figure-missing" and i == 5:
        continue
    if variant == "unit-wrong" and i == 7:
        unit = "us"
    case(name, "pass", "figures", measurement=v, units=unit)
if variant == "figure-extra":
    case("create.legacy.single.create_close_ns.K9", "pass", "figures", measurement=1.0, units="ns")
case("headline-figures", "pass")
if variant != "results-json-missing":
    rec("target", "FB-LAVA-RESULTS-JSON BEGIN")
    b64 = base64.b64encode(gzip.compress(json.dumps(doc).encode())).decode()
    for i in range(0, len(b64), 76):
        rec("target", b64[i:i + 76])
    rec("target", "FB-LAVA-RESULTS-JSON END")
if variant != "step-died":
    case("kernel-reports", "pass")
rec("results", {"definition": "lava", "case": "job",
                "result": "fail" if variant == "job-failed" else "pass"})
PY
}

# check VARIANT WANT-RESULTS WANT-FIGURES PATTERN: run both on the log;
# each exit status must be as wanted and PATTERN must be in their output.
check() {
	local v=$1 want_r=$2 want_f=$3 pat=$4 rr rf=none
	mklog "$v" || { bad "$v: cannot make the log"; return; }
	mkdir -p "$tmp/$v"
	"$PY" ci/lava/lava-results "$tmp/$v.log" "$tmp/$v" > "$tmp/$v.out" 2>&1
	rr=$?
	if [ -f "$tmp/$v/results.json" ]; then
		"$PY" ci/lava/check-figures "$tmp/$v/results.yaml" "$tmp/$v/results.json" \
			build/host/fbtool "$base" >> "$tmp/$v.out" 2>&1
		rf=$?
	fi
	if [ "$rr" = "$want_r" ] && [ "$rf" = "$want_f" ] && grep -q -E -- "$pat" "$tmp/$v.out"; then
		ok "$v"
	else
		bad "$v: lava-results $rr (want $want_r), check-figures $rf (want $want_f), '$pat' $(grep -c -E -- "$pat" "$tmp/$v.out") times"
		grep -E '^(FAIL|LAVA job)' "$tmp/$v.out" | head -n 5
	fi
}
n=$(wc -l < "$tmp/rows.tsv")
check good 0 0 "^[0-9]+ passed, 0 failed, 0 skipped"
# The run's results.json comes back byte for byte what the console carried.
if [ -f "$tmp/good/results.json" ] &&
	"$PY" -c 'import json, sys; sys.exit(json.load(open(sys.argv[1])) != json.load(open(sys.argv[2])))' \
		"$tmp/good/results.json" "$base"; then
	ok "results-json-round-trip"
else
	bad "results-json-round-trip"
fi
name3=$(sed -n 4p "$tmp/names") name5=$(sed -n 6p "$tmp/names") name7=$(sed -n 8p "$tmp/names")
check figure-off 0 1 "^FAIL figure $name3: LAVA [0-9.]+, results.json"
check figure-missing 0 1 "^FAIL figure $name5: LAVA reported it 0 times"
check unit-wrong 0 1 "^FAIL figure $name7: LAVA's unit 'us'"
check figure-extra 0 1 "^FAIL figure create.legacy.single.create_close_ns.K9: LAVA reports it, results.json has no"
check backend-skipped 0 1 "^FAIL figure dma: a required backend, skipped by the run"
check case-failed 1 0 "^FAIL 0_fencebench 30-conformance dma.create: fail"
check step-died 1 0 "^FAIL case kernel-reports: not reported"
check results-json-missing 1 none "^FAIL results.json: not on the console"
check job-failed 1 0 "^FAIL job: LAVA's job result is fail"
stage_end
