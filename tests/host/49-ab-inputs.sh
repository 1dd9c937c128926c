#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# 49-ab-inputs.sh - make ab (bench/ab) turns down a bad setting with one
# clear line and exit status 2, before it builds or boots anything; and
# fbtool ab's --boot-value takes median or lowest only. No guest.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
. tests/host/stage.lib
stage_begin ab-inputs
stage_fbtool || { bad "build/host/fbtool (cannot build it)"; stage_end; exit; }

# VAR=VALUE and the text its error line must hold.
check() {
	local name=$1 want=$2 out rc
	shift 2
	out=$(env "$@" timeout 60 bench/ab 2>&1)
	rc=$?
	if [ "$rc" = 2 ] && grep -q "^\[ab\] error: .*$want" <<<"$out" &&
		! grep -q 'building side' <<<"$out"; then
		ok "$name"
	else
		bad "$name (status $rc): $(tail -n 2 <<<"$out")"
	fi
}
check rounds-zero "AB_ROUNDS wants a positive number, not '0'" AB_ROUNDS=0
check rounds-word "AB_ROUNDS wants a positive number, not 'many'" AB_ROUNDS=many
check rounds-too-many "AB_ROUNDS is at most 64" AB_ROUNDS=65
check boot-value "AB_BOOT_VALUE is median or lowest, not 'mean'" AB_BOOT_VALUE=mean
check budget "AB_BUDGET is a time like 600s, 10m or 1h, not '10 min'" "AB_BUDGET=10 min"
check test-name "AB_TEST is auto, controls, paired or repetitions, not 'welch'" AB_TEST=welch
check mode "MODE is auto, tcg, kvm or icount, not 'qemu'" MODE=qemu
check target "AB_TARGET wants a factor above 1" AB_TARGET=0.9
check pairs "AB_MIN_PAIRS (9) is above AB_MAX_PAIRS (3)" AB_MIN_PAIRS=9 AB_MAX_PAIRS=3
check revision "A=no-such-rev: not a revision of this repository" A=no-such-rev

out=$(build/host/fbtool ab --boot-value mean --a x.json --b y.json 2>&1)
rc=$?
[ "$rc" = 2 ] && grep -q -- '--boot-value mean: median or lowest' <<<"$out" &&
	ok "fbtool-boot-value" || bad "fbtool-boot-value (status $rc): $out"
stage_end
