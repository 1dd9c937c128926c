#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# 57-lava-guest.sh - the LAVA test shell's guest helpers (ci/lava/guest)
# run on the host, with LAVA's lava-test-case and lava-test-set, the
# guest suites (fb-runtests) and fencebench replaced by stubs that log
# their calls or replay canned output; no guest, no LAVA:
#   - fb-lava-cases reports each case line of each suite in the suite's
#     test set, with LAVA-safe names and pass/fail/skip; SUITE.tally
#     passes when the cases match the suite's closing line and fails when
#     they do not; guest-suites carries fb-runtests' status; it exits 0
#     whatever failed (LAVA runs the steps under sh -e);
#   - fb-lava-bench reports each headline figure (of the committed icount
#     quick baseline, given as fencebench's output) as a measurement with
#     its unit, records the workloads fencebench left out by its own rule,
#     and prints a results.json on the console that decodes to the run's
#     figures; with no results.json, headline-figures fails.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
. tests/host/stage.lib
stage_begin lava-guest
stage_fbtool || { bad "build/host/fbtool (cannot build it)"; stage_end; exit; }
root=$PWD
stub=$tmp/bin
mkdir -p "$stub"
for c in lava-test-case lava-test-set; do
	printf '#!/bin/sh\necho "%s $*" >> "$FB_STUB_CALLS"\n' "$c" > "$stub/$c"
done
# The canned run is of a 1-vCPU main boot: the guest's nproc.
printf '#!/bin/sh\necho 1\n' > "$stub/nproc"
cat > "$stub/fb-runtests" <<'EOF'
#!/bin/sh
cat "$FB_STUB_SUITES"
exit "${FB_STUB_RC:-0}"
EOF
cat > "$stub/fencebench" <<'EOF'
#!/bin/sh
# --mode M --out DIR ...: the canned run's results.json into DIR.
while [ $# -gt 0 ]; do [ "$1" = --out ] && out=$2; shift; done
echo "[fencebench] SKIP workload breakdown: it turns trace events on and off (stub)"
[ -z "${FB_STUB_NO_JSON:-}" ] && cp "$FB_STUB_JSON" "$out/results.json"
exit 0
EOF
ln -s "$root/build/host/fbtool" "$stub/fbtool"
chmod +x "$stub"/*
export PATH=$stub:$PATH FB_STUB_CALLS=$tmp/calls FB_STUB_JSON=$root/baselines/icount-quick.json

cat > "$tmp/suites.log" <<'EOF'
=== suite 10-smoke (12:00:00)
ok lab debugfs
=== suite 10-smoke: 1 passed, 0 failed, 0 skipped
=== suite 30-conformance (12:00:01)
ok legacy create_inc_poll
FAIL dma[poll_err=Y] create_signaled: value 0 on a new timeline
skip mainline wait_ioctl_zero: backend lacks the 2013 fence ABI
# fb-conformance --backend all: 1 passed, 1 failed, 1 skipped
=== suite 30-conformance: 1 passed, 1 failed, 1 skipped
=== suite 40-reliability (12:00:02)
ok legacy access/open
=== suite 40-reliability: 2 passed, 0 failed, 0 skipped
guest: 4 passed, 1 failed, 1 skipped
EOF
: > "$tmp/calls"
FB_STUB_SUITES=$tmp/suites.log FB_STUB_RC=1 sh ci/lava/guest/fb-lava-cases > "$tmp/cases.out" 2>&1
rc=$?
cat > "$tmp/cases.want" <<'EOF'
lava-test-set start 10-smoke
lava-test-case lab.debugfs --result pass
lava-test-case 10-smoke.tally --result pass
lava-test-set stop
lava-test-set start 30-conformance
lava-test-case legacy.create_inc_poll --result pass
lava-test-case dma.poll_err-Y.create_signaled --result fail
lava-test-case mainline.wait_ioctl_zero --result skip
lava-test-case 30-conformance.tally --result pass
lava-test-set stop
lava-test-set start 40-reliability
lava-test-case legacy.access-open --result pass
lava-test-case 40-reliability.tally --result fail
lava-test-set stop
lava-test-case guest-suites --result fail
EOF
if [ "$rc" = 0 ] && diff -u "$tmp/cases.want" "$tmp/calls" > "$tmp/cases.diff" &&
	grep -q "suite 40-reliability says '2 passed, 0 failed, 0 skipped'; LAVA was given 1 passed" "$tmp/cases.out" &&
	grep -qx 'ok legacy create_inc_poll' "$tmp/cases.out"; then
	ok "cases-sets-names-tally-status"
else
	bad "cases-sets-names-tally-status (exit status $rc): $(head -c 600 "$tmp/cases.diff")"
fi

: > "$tmp/calls"
sh ci/lava/guest/fb-lava-bench icount --quick > "$tmp/bench.out" 2>&1
rc=$?
build/host/fbtool summary --tsv "$FB_STUB_JSON" > "$tmp/rows.tsv"
(
	. ci/lava/guest/fb-lava-lib
	while IFS=$'\t' read -r wl be fig value unit; do
		echo "lava-test-case $(fb_lava_name "$wl $be $fig") --result pass --measurement $value --units $unit"
	done < "$tmp/rows.tsv"
) > "$tmp/figures.want"
grep -- '--measurement' "$tmp/calls" > "$tmp/figures.got"
if [ "$rc" = 0 ] && [ -s "$tmp/figures.want" ] && diff -u "$tmp/figures.want" "$tmp/figures.got" > "$tmp/fig.diff" &&
	grep -qx 'lava-test-case fencebench --result pass' "$tmp/calls" &&
	grep -qx 'lava-test-case headline-figures --result pass' "$tmp/calls" &&
	grep -qx 'lava-test-set start figures' "$tmp/calls"; then
	ok "bench-figures-as-measurements ($(wc -l < "$tmp/figures.got"))"
else
	bad "bench-figures-as-measurements (exit status $rc): $(head -c 600 "$tmp/fig.diff")"
fi
sed -n '/^FB-LAVA-RESULTS-JSON BEGIN$/,/^FB-LAVA-RESULTS-JSON END$/p' "$tmp/bench.out" | sed '1d;$d' |
	base64 -d 2>/dev/null | gunzip > "$tmp/console.json" 2>/dev/null
if build/host/fbtool summary --tsv "$tmp/console.json" 2>/dev/null | cmp -s - "$tmp/rows.tsv" &&
	[ "$(build/host/fbtool meta "$tmp/console.json" workloads_skipped)" = breakdown ] &&
	[ "$(build/host/fbtool meta "$tmp/console.json" backends_required)" = \
		"$(build/host/fbtool meta "$FB_STUB_JSON" backends_required)" ] &&
	[ "$(build/host/fbtool meta "$tmp/console.json" runner)" = lava ]; then
	ok "bench-results-json-on-console"
else
	bad "bench-results-json-on-console: $(build/host/fbtool meta "$tmp/console.json" workloads_skipped 2>&1)"
fi

: > "$tmp/calls"
FB_STUB_NO_JSON=1 sh ci/lava/guest/fb-lava-bench icount > "$tmp/nojson.out" 2>&1
rc=$?
[ "$rc" = 0 ] && grep -qx 'lava-test-case headline-figures --result fail' "$tmp/calls" &&
	! grep -q -- '--measurement' "$tmp/calls" && ! grep -q 'RESULTS-JSON BEGIN' "$tmp/nojson.out" &&
	ok "bench-no-results-json-fails" || bad "bench-no-results-json-fails (exit status $rc)"
sh ci/lava/guest/fb-lava-bench kvm > "$tmp/badmode.out" 2>&1
[ $? = 2 ] && grep -q "unknown mode 'kvm'" "$tmp/badmode.out" && ok "bench-refuses-bad-mode" ||
	bad "bench-refuses-bad-mode"
stage_end
