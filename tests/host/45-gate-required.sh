#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# 45-gate-required.sh - the regression gate cannot pass without a required
# backend: a run whose meta lists a backend in backends_required (fencebench
# records it from the backends' declarations and the guest's module load
# list) but which has none of its gated figures, or skipped it, fails
# `fbtool compare`, naming it, with a message that fits its kind. Made from
# the committed icount quick baseline with python3, no guest; the rule
# itself from the guest programs, which run on the host.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
. tests/host/stage.lib
stage_begin gate-required
base=baselines/icount-quick.json
[ -x build/host/fbtool ] || make -s build/host/fbtool >/dev/null
gbin=$(. vm/lib.sh && echo "$FB_BUILD")/guest/bin
[ -x "$gbin/fencebench" ] && [ -x "$gbin/fb-conformance" ] || make -s guest >/dev/null

# The rule itself: a backend built into the kernel (mainline) or with no
# device (the raw ones) always, a module's backend when it is built.
printf 'sync_legacy.ko\nsw_sync_legacy.ko\n' > "$tmp/load.list"
req=$("$gbin/fb-conformance" --required "$tmp/load.list")
[ "$req" = legacy,mainline ] && ok rule-modules || bad "rule-modules ($req)"
req=$("$gbin/fb-conformance" --required "$tmp/none")
[ "$req" = mainline ] && ok rule-mainline || bad "rule-mainline ($req)"
req=$("$gbin/fencebench" --declare --load-list "$tmp/load.list" | sed -n 's/^backends_required=//p')
[ "$req" = legacy,mainline,eventfd,futex,pipe ] && ok rule-fencebench || bad "rule-fencebench ($req)"

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
d = json.load(open(tmp + "/all.json"))
d["meta"]["backends_skipped"] = "pipe (pipe2: Too many open files)"
json.dump(d, open(tmp + "/skippedraw.json", "w"))
PY

build/host/fbtool compare "$base" "$tmp/all.json" > "$tmp/all.out" 2>&1 &&
	ok all-present || bad "all-present: $(tail -n 1 "$tmp/all.out")"
build/host/fbtool compare "$base" "$tmp/nodma.json" > "$tmp/nodma.out" 2>&1
rc=$?
[ "$rc" = 1 ] && grep -q '^FAIL .*backend dma is required' "$tmp/nodma.out" &&
	ok missing-figures-fail || bad "missing-figures-fail (status $rc)"
build/host/fbtool compare "$base" "$tmp/skipped.json" > "$tmp/skipped.out" 2>&1
rc=$?
[ "$rc" = 1 ] && grep -q '^FAIL backend dma: required (its module is built' "$tmp/skipped.out" &&
	ok skipped-backend-fails || bad "skipped-backend-fails (status $rc)"
build/host/fbtool compare "$base" "$tmp/skippedraw.json" > "$tmp/skippedraw.out" 2>&1
rc=$?
[ "$rc" = 1 ] && grep -q '^FAIL backend pipe: required (a raw wake-up object' "$tmp/skippedraw.out" &&
	ok skipped-raw-backend-fails || bad "skipped-raw-backend-fails (status $rc)"
build/host/fbtool compare "$base" "$tmp/notreq.json" > "$tmp/notreq.out" 2>&1
rc=$?
[ "$rc" = 0 ] && grep -q '^skip .* dma ' "$tmp/notreq.out" &&
	ok not-required-skips || bad "not-required-skips (status $rc)"
stage_end
