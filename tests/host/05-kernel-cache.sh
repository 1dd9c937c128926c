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
# Kernel choice (make KERNEL=, KSRC=): the default keeps 6.1's keys and
# build folder; another series has keys of its own (its fragments of
# vm/config/X.Y/ included) and its own build folder; bad input is refused.
check default-is-6.1 \
	"[ \"\$(env -u FENCEBENCH_KERNEL -u FENCEBENCH_KSRC bash -c '. vm/lib.sh; fb_kernel_series; echo \$FB_BUILD')\" = \"6.1
\$PWD/build\" ]"
check default-fragments-common-only \
	"[ \"\$(env -u FENCEBENCH_KERNEL -u FENCEBENCH_KSRC bash -c '. vm/lib.sh; fb_config_fragments perf' | sed \"s#^\$PWD/##\" | paste -sd ' ')\" = 'vm/config/base.config vm/config/perf.config' ]"
check series-fragments \
	"env -u FENCEBENCH_KSRC FENCEBENCH_KERNEL=6.12 bash -c '. vm/lib.sh; fb_config_fragments debug' | grep -qx \"\$PWD/vm/config/6.2/base.config\""
check series-keys-differ \
	"[ \"\$(env -u FENCEBENCH_KSRC FENCEBENCH_KERNEL=6.12 bash -c '. vm/lib.sh; fb_flavour_key perf')\" != \"\$(env -u FENCEBENCH_KERNEL -u FENCEBENCH_KSRC bash -c '. vm/lib.sh; fb_flavour_key perf')\" ]"
check series-build-dir \
	"[ \"\$(env -u FENCEBENCH_KSRC FENCEBENCH_KERNEL=6.12 bash -c '. vm/lib.sh; echo \$FB_BUILD')\" = \"\$PWD/build/kernel-6.12\" ]"
check unknown-kernel-refused \
	"env -u FENCEBENCH_KSRC FENCEBENCH_KERNEL=5.10 bash -c '. vm/lib.sh; fb_kernel_check' 2>&1 | grep -q 'KERNEL=5.10 is not supported: KERNEL=6.1|6.12'"
check ksrc-not-a-tree-refused \
	"env -u FENCEBENCH_KERNEL FENCEBENCH_KSRC=\"$tmp\" bash -c '. vm/lib.sh; fb_kernel_check' 2>&1 | grep -q 'is not a Linux kernel source tree'"
# A fake tree: a KSRC key is its version and commit; configured in place
# (a .config in it) it is refused.
mkdir -p "$tmp/tree/arch/x86"
printf 'VERSION = 6\nPATCHLEVEL = 12\nSUBLEVEL = 3\nEXTRAVERSION = -rc1\nNAME = x\n' > "$tmp/tree/Makefile"
: > "$tmp/tree/Kconfig"
git -C "$tmp/tree" init -q && git -C "$tmp/tree" add -A &&
	git -C "$tmp/tree" -c user.name=t -c user.email=t@t commit -q -m t
commit=$(git -C "$tmp/tree" rev-parse --short=12 HEAD)
check ksrc-key-commit \
	"[ \"\$(env -u FENCEBENCH_KERNEL FENCEBENCH_KSRC=\"$tmp/tree\" bash -c '. vm/lib.sh; fb_kernel_check && fb_kernel_series && fb_ksrc_version')\" = \"6.12
ksrc-6.12.3-rc1-g$commit\" ]"
check ksrc-kernel-mismatch-refused \
	"FENCEBENCH_KSRC=\"$tmp/tree\" FENCEBENCH_KERNEL=6.1 bash -c '. vm/lib.sh; fb_kernel_check' 2>&1 | grep -q 'is a 6.12 tree, and KERNEL=6.1'"
echo x > "$tmp/tree/Kconfig"
check ksrc-key-dirty \
	"env -u FENCEBENCH_KERNEL FENCEBENCH_KSRC=\"$tmp/tree\" bash -c '. vm/lib.sh; fb_ksrc_version' | grep -qE '^ksrc-6.12.3-rc1-g$commit-dirty[0-9a-f]{8}\$'"
check ksrc-git-untouched "[ -z \"\$(git -C '$tmp/tree' status --porcelain | grep -v ' Kconfig\$')\" ]"
: > "$tmp/tree/.config"
check ksrc-configured-refused \
	"env -u FENCEBENCH_KERNEL FENCEBENCH_KSRC=\"$tmp/tree\" bash -c '. vm/lib.sh; fb_kernel_check' 2>&1 | grep -q 'configured or built in place'"

# KERNEL_PATCHES (a series applied to Debian's source): a source tree,
# kernel keys and a build folder of its own, keyed by the patches'
# contents; the default's keys do not move; bad input is refused.
mkdir -p "$tmp/series" "$tmp/series-copy" "$tmp/series-reworded" "$tmp/series-other" "$tmp/noseries"
printf 'Subject: x\n\nwhy\n---\ndiff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n-- \n2.39.5\n' \
	> "$tmp/series/0001-x.patch"
cp "$tmp/series/0001-x.patch" "$tmp/series-copy/"
sed 's/^why$/why, reworded/; s/^2.39.5$/2.47.0/' "$tmp/series/0001-x.patch" > "$tmp/series-reworded/0001-x.patch"
sed 's/^+b$/+c/' "$tmp/series/0001-x.patch" > "$tmp/series-other/0001-x.patch"
pkey() { env -u FENCEBENCH_KERNEL -u FENCEBENCH_KSRC FENCEBENCH_KERNEL_PATCHES="$1" bash -c '. vm/lib.sh; fb_patches_key'; }
nopatch='env -u FENCEBENCH_KERNEL -u FENCEBENCH_KSRC -u FENCEBENCH_KERNEL_PATCHES'
withpatch="env -u FENCEBENCH_KERNEL -u FENCEBENCH_KSRC FENCEBENCH_KERNEL_PATCHES=$tmp/series"
check patched-keys-differ \
	"[ \"\$($withpatch bash -c '. vm/lib.sh; fb_flavour_key perf')\" != \"\$($nopatch bash -c '. vm/lib.sh; fb_flavour_key perf')\" ]"
check patched-own-source-and-build \
	"$withpatch bash -c '. vm/lib.sh; fb_kernel_check && fb_ksrc; echo \$FB_BUILD' | paste -sd ' ' |
		grep -qE '/src/[^/]+\\+p[0-9a-f]{8} $PWD/build/kernel-6\\.1\\+p[0-9a-f]{8}\$'"
check patched-key-by-content \
	"[ \"\$($withpatch bash -c '. vm/lib.sh; fb_flavour_key debug')\" = \"\$(env -u FENCEBENCH_KERNEL -u FENCEBENCH_KSRC FENCEBENCH_KERNEL_PATCHES=$tmp/series-copy bash -c '. vm/lib.sh; fb_flavour_key debug')\" ]"
check patched-key-ignores-message "[ \"\$(pkey $tmp/series)\" = \"\$(pkey $tmp/series-reworded)\" ]"
check patched-key-follows-diff "[ \"\$(pkey $tmp/series)\" != \"\$(pkey $tmp/series-other)\" ]"
check patched-empty-refused \
	"env -u FENCEBENCH_KSRC FENCEBENCH_KERNEL_PATCHES=$tmp/noseries bash -c '. vm/lib.sh; fb_kernel_check' 2>&1 | grep -q 'no \\*.patch in that folder'"
check patched-with-ksrc-refused \
	"FENCEBENCH_KSRC=$tmp/tree FENCEBENCH_KERNEL_PATCHES=$tmp/series bash -c '. vm/lib.sh; fb_kernel_check' 2>&1 | grep -q 'KERNEL_PATCHES patches Debian'"

# vm/prune-cache removes what the current source replaced (an older 6.1
# build, a half-finished one) and keeps the builds of another series.
mkdir -p "$tmp/cache/kernel"
cur=$(env -u FENCEBENCH_KERNEL -u FENCEBENCH_KSRC bash -c '. vm/lib.sh; fb_flavour_key perf')
for d in "$cur" perf-6.1.190-1-0123456789ab debug-6.1.192-3-half perf-6.12.118-1~deb12u1-0123456789ab; do
	mkdir -p "$tmp/cache/kernel/$d"
	[ "$d" = debug-6.1.192-3-half ] || : > "$tmp/cache/kernel/$d/.fencebench-done"
	touch -d '-1 hour' "$tmp/cache/kernel/$d"
done
env -u FENCEBENCH_KERNEL -u FENCEBENCH_KSRC FENCEBENCH_CACHE="$tmp/cache" vm/prune-cache 2>/dev/null
check prune-per-series \
	"[ \"\$(ls '$tmp/cache/kernel' | paste -sd ' ')\" = '$cur perf-6.12.118-1~deb12u1-0123456789ab' ]"
echo "$p passed, $f failed"
[ "$f" = 0 ]
