#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Host stage: kernel style of every backend's module code. checkpatch.pl
# --strict (from the guest kernel tree) on every .c/.h under module/ must
# report no error, and a sparse build (C=2, W=1) of every module/*/Kbuild
# dir against the perf guest kernel must print no warning or error.
# One ok/FAIL line per file and per module dir, then the tally.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
. vm/lib.sh

. tests/host/stage.lib
stage_begin style

ksrc=$(fb_ksrc)
checkpatch=$ksrc/scripts/checkpatch.pl

# checkpatch: errors fail; warnings and checks are counted in the ok line.
# Files are checked in parallel (one per CPU) and reported in name order.
jobs=$(nproc 2>/dev/null || echo 2)
if [ -x "$checkpatch" ]; then
	mapfile -t files < <(find module -name '*.[ch]' | sort)
	mkdir -p "$tmp/cp"
	printf '%s\n' "${files[@]}" | xargs -P "$jobs" -I{} sh -c \
		'"$1" --strict --no-tree --no-summary --terse --show-types -f "$2" \
			> "$3/$(echo "$2" | tr / _)" 2>&1' sh "$checkpatch" {} "$tmp/cp"
	for file in "${files[@]}"; do
		out=$(cat "$tmp/cp/$(echo "$file" | tr / _)")
		nerr=$(grep -c ': ERROR:' <<<"$out")
		nwarn=$(grep -c ': WARNING:' <<<"$out")
		nchk=$(grep -c ': CHECK:' <<<"$out")
		if [ "$nerr" = 0 ]; then
			ok "checkpatch $file ($nwarn warnings, $nchk checks)"
		else
			bad "checkpatch $file ($nerr errors)"
			grep ': ERROR:' <<<"$out"
		fi
	done
else
	bad "checkpatch ($checkpatch missing: make kernel)"
fi

# sparse: each module dir is built in a private copy (with module/include
# beside it, as `make modules` lays it out), so nothing is left in the tree.
# The dirs build in parallel; their results are reported in name order.
kdir=$(fb_kdir perf)
if ! command -v sparse >/dev/null; then
	bad "sparse (not installed: make deps)"
elif [ ! -f "$kdir/.fencebench-done" ]; then
	bad "sparse (no perf guest kernel at $kdir: make kernel)"
else
	mkdir -p "$tmp/module"
	[ -d module/include ] && cp -r module/include "$tmp/module/"
	dirs=()
	for kb in module/*/Kbuild; do
		[ -f "$kb" ] || continue
		d=$(dirname "$kb")
		dirs+=("$d")
		cp -r "$d" "$tmp/module/"
		(
			make -s -C "$kdir" M="$tmp/$d" W=1 C=2 modules \
				> "$tmp/$(basename "$d").log" 2>&1
			echo $? > "$tmp/$(basename "$d").rc"
		) &
	done
	wait
	for d in "${dirs[@]}"; do
		log=$tmp/$(basename "$d").log
		rc=$(cat "$tmp/$(basename "$d").rc")
		if [ "$rc" = 0 ] && ! grep -qE '(warning|error):' "$log"; then
			ok "sparse $d"
		else
			bad "sparse $d (make status $rc)"
			grep -E '(warning|error):' "$log" | head -n 40
		fi
	done
fi

stage_end
