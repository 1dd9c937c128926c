#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# 45-gate-required.sh - the regression gate cannot pass without a required
# backend: a run whose meta lists a backend in backends_required (run-bench
# records vm/fb-required-backends plus the raw floor) but which has none of
# its gated figures, or skipped it, fails `fbtool compare`, naming it.
# Made from the committed icount quick baseline with python3, no guest.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
. tests/host/stage.lib
stage_begin gate-required
base=baselines/icount-quick.json
[ -x build/host/fbtool ] || make -s build/host/fbtool >/dev/null

# The rule itself: mainline always, a module's backend when it is built.
printf 'sync_legacy.ko\nsw_sync_legacy.ko\n' > "$tmp/load.list"
[ "$(vm/fb-required-backends "$tmp/load.list")" = mainline,legacy ] &&
	ok rule-modules || bad "rule-modules ($(vm/fb-required-backends "$tmp/load.list"))"
[ "$(vm/fb-required-backends "$tmp/none")" = mainline ] && ok rule-mainline || bad rule-mainline

python3 - "$base" "$tmp" <<'PY'
import json, sys
base, tmp = sys.argv[1], sys.argv[2]
d = json.load(open(base))
d["meta"]["backends_required"] = "mainline,legacy,dma,eventfd,futex,pipe"
json.dump(d, open(tmp + "/all.json", "w"))
d["metrics"] = [m for m in d["metrics"] if m["backend"] != "dma"]
d["histograms"] = [h for h in d.get("histograms", []) if h["backend"] != "dma"]
json.dump(d, open(tmp + "/nodma.json", "w"))
d["meta"]["backends_skipped"] = "dma (no /dev/sw_sync_dma: No such file or directory)"
json.dump(d, open(tmp + "/skipped.json", "w"))
d["meta"]["backends_required"] = "mainline,legacy,eventfd,futex,pipe"
d["meta"]["backends_skipped"] = ""
json.dump(d, open(tmp + "/notreq.json", "w"))
PY

build/host/fbtool compare "$base" "$tmp/all.json" > "$tmp/all.out" 2>&1 &&
	ok all-present || bad "all-present: $(tail -n 1 "$tmp/all.out")"
build/host/fbtool compare "$base" "$tmp/nodma.json" > "$tmp/nodma.out" 2>&1
rc=$?
[ "$rc" = 1 ] && grep -q '^FAIL .*backend dma is required' "$tmp/nodma.out" &&
	ok missing-figures-fail || bad "missing-figures-fail (status $rc)"
build/host/fbtool compare "$base" "$tmp/skipped.json" > "$tmp/skipped.out" 2>&1
rc=$?
[ "$rc" = 1 ] && grep -q '^FAIL backend dma: required' "$tmp/skipped.out" &&
	ok skipped-backend-fails || bad "skipped-backend-fails (status $rc)"
build/host/fbtool compare "$base" "$tmp/notreq.json" > "$tmp/notreq.out" 2>&1
rc=$?
[ "$rc" = 0 ] && grep -q '^skip .* dma ' "$tmp/notreq.out" &&
	ok not-required-skips || bad "not-required-skips (status $rc)"
stage_end
