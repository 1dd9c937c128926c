# shellcheck shell=bash
# Common settings for the vm/ scripts: cache location, kernel version and
# the cache key of a flavour. Sourced, never run.

FB_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
FB_CACHE=${FENCEBENCH_CACHE:-${HOME}/.cache/fencebench}
FB_BUILD=${FENCEBENCH_BUILD:-${FB_ROOT}/build}
# The guest kernel's source: Debian's linux-source-6.1, whatever other
# linux-source packages are installed (FENCEBENCH_KSRC_TAR: another tarball).
FB_KSRC_TAR=${FENCEBENCH_KSRC_TAR:-/usr/src/linux-source-6.1.tar.xz}

fb_log() { printf '[fencebench] %s\n' "$*" >&2; }

# Status 0 if the QEMU whose `--version` line is $1 is 8.1 or later. Older
# QEMU runs icount vCPUs round-robin without fairness and hangs an SMP
# icount guest at CPU bring-up (docs/bench.md, "SMP icount").
fb_qemu_smp_icount_ok() {
	local v maj min
	v=$(sed -n '1s/^QEMU emulator version \([0-9]*\)\.\([0-9]*\).*/\1 \2/p' <<<"$1")
	read -r maj min <<<"${v:-0 0}"
	[ "$maj" -gt 8 ] || { [ "$maj" = 8 ] && [ "$min" -ge 1 ]; }
}
fb_die() { printf '[fencebench] error: %s\n' "$*" >&2; exit 1; }

# Debian package version of the source tarball, e.g. 6.1.192-3.
fb_ksrc_version() {
	local pkg
	pkg=$(dpkg -S "$FB_KSRC_TAR" 2>/dev/null | cut -d: -f1)
	if [ -n "$pkg" ]; then
		dpkg-query -W -f='${Version}' "$pkg"
	else
		basename "$FB_KSRC_TAR" .tar.xz
	fi
}

# Bump when vm/build-kernel changes how a tree is configured or built, so
# that caches made the old way are not reused.
FB_KERNEL_RECIPE=3

# Hash of the patches applied to the source tree (vm/patches/*.patch).
# With no patches the glob stays unexpanded: skip it, and keep the
# function's status 0 (build-kernel runs under set -e and pipefail).
fb_patches_hash() {
	{
		echo "recipe $FB_KERNEL_RECIPE"
		for p in "$FB_ROOT"/vm/patches/*.patch; do
			if [ -f "$p" ]; then cat "$p"; fi
		done
	} | sha256sum | cut -c1-12
}

# Cache key of a flavour: source version + hash of the recipe, the patches
# and the config fragments.
fb_flavour_key() {
	local flavour=$1 hash
	hash=$({ fb_patches_hash; cat "$FB_ROOT/vm/config/base.config" \
		"$FB_ROOT/vm/config/$flavour.config"; } | sha256sum | cut -c1-12)
	printf '%s-%s-%s\n' "$flavour" "$(fb_ksrc_version)" "$hash"
}

fb_kdir() { printf '%s/kernel/%s\n' "$FB_CACHE" "$(fb_flavour_key "$1")"; }

# The image QEMU boots. perf: the uncompressed vmlinux through its PVH entry
# (fastest under emulation). debug: the bzImage through the 16-bit boot
# protocol, because a KASAN kernel cannot start through PVH: the PVH entry
# runs instrumented C (xen_prepare_pvh, memcmp) before kasan_early_init()
# has mapped the shadow, and triple-faults.
fb_boot_image() {
	case "$1" in
	debug) printf '%s/arch/x86/boot/bzImage\n' "$(fb_kdir "$1")" ;;
	*) printf '%s/vmlinux\n' "$(fb_kdir "$1")" ;;
	esac
}

fb_check_flavour() {
	case "$1" in
	perf|debug) ;;
	*) fb_die "unknown flavour '$1' (perf or debug)" ;;
	esac
}

# The extracted (and patched) source tree of the version; its stamp file
# .fencebench-extracted holds the patch set hash (vm/build-kernel).
fb_ksrc() { printf '%s/src/%s\n' "$FB_CACHE" "$(fb_ksrc_version)"; }

# gen_init_cpio from the kernel tree, built for the host: it writes cpio
# archives with root-owned entries and device nodes without needing root.
fb_gen_init_cpio() {
	local bin=$FB_BUILD/host/gen_init_cpio src
	src=$(fb_ksrc)/usr/gen_init_cpio.c
	if [ ! -x "$bin" ] || [ "$src" -nt "$bin" ]; then
		[ -f "$src" ] || fb_die "kernel source not extracted yet: run 'make kernel'"
		mkdir -p "$(dirname "$bin")"
		cc -O2 -o "$bin" "$src" || fb_die "cannot build gen_init_cpio"
	fi
	printf '%s\n' "$bin"
}
