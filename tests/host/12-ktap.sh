#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Host stage: tests/ktap turns a step's log into KTAP that the kernel's own
# parser (tools/testing/kunit/kunit.py parse) reads with the same counts:
# passes, failures (which fail their suite and the step) and skips with
# their reasons, guest suites as subtests, "#" in a case name made safe.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
. vm/lib.sh
. tests/host/stage.lib
stage_begin ktap

cat > "$tmp/guest.log" <<'LOG'
[fencebench] booting debug guest
=== suite 10-smoke (12:00:00)
ok lab debugfs
skip lab tracefs: not mounted
=== suite 10-smoke: 1 passed, 0 failed, 1 skipped
=== suite 20-legacy (12:00:01)
ok legacy create
FAIL legacy merge #2: got 3, want 4
     a diagnostic line
ok legacy wait
=== suite 20-legacy: 2 passed, 1 failed, 0 skipped
guest: 3 passed, 1 failed, 1 skipped
LOG
tests/ktap "$tmp/guest.log" guest/debug > "$tmp/guest.ktap"
grep -qx '    not ok 2 legacy merge _2: got 3, want 4' "$tmp/guest.ktap" &&
	grep -qx '  not ok 2 20-legacy' "$tmp/guest.ktap" &&
	grep -qx '    ok 2 lab tracefs # SKIP not mounted' "$tmp/guest.ktap" &&
	grep -qx 'not ok 1 guest/debug' "$tmp/guest.ktap" &&
	ok "suites-fail-skip-lines" || { bad "suites-fail-skip-lines"; cat "$tmp/guest.ktap"; }

kunit=$(fb_ksrc)/tools/testing/kunit/kunit.py
if [ -f "$kunit" ]; then
	got=$(python3 -B "$kunit" parse "$tmp/guest.ktap" 2>&1 | sed -n 's/.*Testing complete. //p')
	[ "$got" = "Ran 5 tests: passed: 3, failed: 1, skipped: 1" ] &&
		ok "kunit-parse-counts ($got)" || bad "kunit-parse-counts (got '$got')"
else
	bad "kunit-parse-counts ($kunit missing: make kernel)"
fi

# A host step: one flat list.
printf 'ok a\nok b\n2 passed, 0 failed\n' > "$tmp/host.log"
tests/ktap "$tmp/host.log" host/x > "$tmp/host.ktap"
[ "$(grep -c '^  ok ' "$tmp/host.ktap")" = 2 ] && grep -qx 'ok 1 host/x' "$tmp/host.ktap" &&
	ok "flat-host-step" || { bad "flat-host-step"; cat "$tmp/host.ktap"; }
stage_end
