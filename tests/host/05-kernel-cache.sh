#!/usr/bin/env bash
# Host stage: the kernel cache helpers of vm/lib.sh work under the strict
# shell options vm/build-kernel runs with (a fresh machine once stopped
# right after extracting the source: with no vm/patches/, the patch hash
# returned non-zero and set -e ended the build without a word).
cd "$(dirname "$0")/../.." || exit 1
p=0 f=0
check() { if eval "$2"; then echo "ok kernel-cache $1"; p=$((p + 1)); else echo "FAIL kernel-cache $1"; f=$((f + 1)); fi; }
tmp=$(mktemp -d /tmp/fencebench-cache.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

check patches-hash-strict \
	"bash -c 'set -euo pipefail; . vm/lib.sh; fb_patches_hash > \"$tmp/stamp\"; echo done' | grep -qx done"
check patches-hash-shape "grep -qE '^[0-9a-f]{12}\$' '$tmp/stamp'"
check flavour-key-stable \
	"[ \"\$(bash -c '. vm/lib.sh; fb_flavour_key perf')\" = \"\$(bash -c '. vm/lib.sh; fb_flavour_key perf')\" ]"
check flavour-keys-differ \
	"[ \"\$(bash -c '. vm/lib.sh; fb_flavour_key perf')\" != \"\$(bash -c '. vm/lib.sh; fb_flavour_key debug')\" ]"
echo "$p passed, $f failed"
[ "$f" = 0 ]
