# shellcheck shell=bash
# Common settings for the vm/ scripts: cache location, kernel version and
# the cache key of a flavour. Sourced, never run.

FB_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
FB_CACHE=${FENCEBENCH_CACHE:-${HOME}/.cache/fencebench}

fb_log() { printf '[fencebench] %s\n' "$*" >&2; }

# The guest kernel's source, one of (docs/bench.md, "Kernels"):
# - FENCEBENCH_KERNEL=SERIES (make KERNEL=): Debian's linux-source-SERIES
#   tarball, extracted into the cache; 6.1 when unset. FB_KERNELS lists
#   the series supported (FENCEBENCH_KSRC_TAR: another tarball of it).
# - FENCEBENCH_KSRC=DIR (make KSRC=): a kernel tree of the user's, used
#   read-only: configured and built out of tree (O=) in the cache, its
#   cache key naming its version and commit (fb_ksrc_tree_key).
FB_KERNELS="6.1 6.12"
# FENCEBENCH_KERNEL_PATCHES (make KERNEL_PATCHES=DIR): a patch series,
# DIR/*.patch in name order (git format-patch, -p1), applied to Debian's
# source on top of vm/patches/. A patched kernel has its own source tree,
# kernel builds and build folder (fb_patches_key); the default stays
# Debian's unpatched kernel.
FB_KERNEL_PATCHES=${FENCEBENCH_KERNEL_PATCHES:-}
FB_KSRC_TREE=${FENCEBENCH_KSRC:-}
if [ -n "$FB_KSRC_TREE" ]; then
	FB_KSRC_TREE=$(cd "$FB_KSRC_TREE" 2>/dev/null && pwd || printf '%s' "$FB_KSRC_TREE")
	FB_KSRC_TAR=
else
	FB_KSRC_TAR=${FENCEBENCH_KSRC_TAR:-/usr/src/linux-source-${FENCEBENCH_KERNEL:-6.1}.tar.xz}
fi

# Status 0 if the QEMU whose `--version` line is $1 is 8.1 or later. Older
# QEMU runs icount vCPUs round-robin without fairness and hangs an SMP
# icount guest at CPU bring-up (docs/bench-method.md, "SMP icount").
fb_qemu_smp_icount_ok() {
	local v maj min
	v=$(sed -n '1s/^QEMU emulator version \([0-9]*\)\.\([0-9]*\).*/\1 \2/p' <<<"$1")
	read -r maj min <<<"${v:-0 0}"
	[ "$maj" -gt 8 ] || { [ "$maj" = 8 ] && [ "$min" -ge 1 ]; }
}
fb_die() { printf '[fencebench] error: %s\n' "$*" >&2; exit 1; }

# Status 0 if the kernel asked for is one fencebench can build, else a
# message on stderr saying what is wrong and what would do.
fb_kernel_check() {
	local s t=$FB_KSRC_TREE
	if [ -n "$FB_KERNEL_PATCHES" ]; then
		if [ -n "$t" ]; then
			fb_log "error: KERNEL_PATCHES patches Debian's source; with KSRC=$t apply them to your tree yourself (fencebench never writes into KSRC)"
			return 1
		fi
		if [ -z "$(fb_kernel_patch_files)" ]; then
			fb_log "error: KERNEL_PATCHES=$FB_KERNEL_PATCHES: no *.patch in that folder"
			return 1
		fi
	fi
	if [ -z "$t" ]; then
		for s in $FB_KERNELS; do
			[ "${FENCEBENCH_KERNEL:-6.1}" = "$s" ] && return 0
		done
		fb_log "error: KERNEL=${FENCEBENCH_KERNEL} is not supported: KERNEL=$(echo "$FB_KERNELS" |
			sed 's/ /|/g') (Debian's linux-source-SERIES; default 6.1), or KSRC=/path/to/linux for a kernel tree of your own"
		return 1
	fi
	if [ ! -d "$t" ]; then
		fb_log "error: KSRC=$t: no such folder"
		return 1
	fi
	if [ ! -f "$t/Makefile" ] || [ ! -f "$t/Kconfig" ] || [ ! -d "$t/arch/x86" ] ||
		! grep -q '^PATCHLEVEL = ' "$t/Makefile"; then
		fb_log "error: KSRC=$t is not a Linux kernel source tree (no top Makefile with VERSION/PATCHLEVEL, Kconfig and arch/x86)"
		return 1
	fi
	# Kbuild refuses an O= build from a tree that has been configured or
	# built in place, and fencebench never cleans (writes into) the tree.
	if [ -e "$t/.config" ] || [ -d "$t/include/config" ]; then
		fb_log "error: KSRC=$t has been configured or built in place (.config or include/config/ in it): an out-of-tree build needs a clean tree; fencebench never writes into KSRC, so run 'make mrproper' there yourself or point KSRC at a clean copy"
		return 1
	fi
	s=$(fb_tree_kernelversion "$t" | cut -d. -f1-2)
	if [ -n "${FENCEBENCH_KERNEL:-}" ] && [ "$FENCEBENCH_KERNEL" != "$s" ]; then
		fb_log "error: KSRC=$t is a $s tree, and KERNEL=$FENCEBENCH_KERNEL was asked for: give one of them"
		return 1
	fi
	# vm/patches/ are applied to the extracted Debian trees; a tree of the
	# user's is never patched: refuse unless each is applied already.
	for s in "$FB_ROOT"/vm/patches/*.patch; do
		[ -f "$s" ] || continue
		if ! patch -s -R -p1 --dry-run -d "$t" < "$s" >/dev/null 2>&1; then
			fb_log "error: the guest needs vm/patches/$(basename "$s"), which KSRC=$t lacks; fencebench never writes into KSRC: apply it there yourself or use a patched copy"
			return 1
		fi
	done
	return 0
}

# The kernel version a tree's top Makefile names, e.g. 6.12.118 or 6.13.0-rc1.
fb_tree_kernelversion() {
	[ -f "$1/Makefile" ] || { echo unknown; return 0; }
	awk -F' = ' '$1 == "VERSION" { v = $2 } $1 == "PATCHLEVEL" { p = $2 }
		$1 == "SUBLEVEL" { s = $2 } $1 == "EXTRAVERSION" { e = $2 }
		/^NAME = / { exit } END { printf "%s.%s.%s%s\n", v, p, s, e }' "$1/Makefile"
}

# The series (VERSION.PATCHLEVEL) of the guest kernel: 6.1, 6.12, ...
fb_kernel_series() {
	if [ -n "$FB_KSRC_TREE" ]; then
		fb_tree_kernelversion "$FB_KSRC_TREE" | cut -d. -f1-2
	else
		printf '%s\n' "${FENCEBENCH_KERNEL:-6.1}"
	fi
}

# What a KSRC tree is, as a key: g<commit> for a git tree without local
# changes; g<commit>-dirty<hash> with them (hash of `git diff HEAD` and of
# the untracked files' names and contents); s<hash> for a tree outside git:
# a hash of every file's path, size and modification time, the facts make
# itself trusts (a changed file gets a new mtime; an unchanged copy of a
# tree gets a new key and is rebuilt, never the other way round). Git runs
# with --no-optional-locks so that it does not refresh the tree's index.
# Computed once per make run (FENCEBENCH_KSRC_KEY, exported by the Makefile
# with FENCEBENCH_KSRC_KEY_TREE, the tree it is of).
fb_ksrc_tree_key() {
	local t=$FB_KSRC_TREE g="git --no-optional-locks -C $FB_KSRC_TREE" c d
	if [ -n "${FENCEBENCH_KSRC_KEY:-}" ] && [ "${FENCEBENCH_KSRC_KEY_TREE:-}" = "$t" ]; then
		printf '%s\n' "$FENCEBENCH_KSRC_KEY"
		return 0
	fi
	if [ "$($g rev-parse --show-toplevel 2>/dev/null)" = "$t" ] &&
		c=$($g rev-parse --short=12 HEAD 2>/dev/null); then
		if [ -z "$($g status --porcelain --untracked-files=normal | head -n 1)" ]; then
			printf 'g%s\n' "$c"
		else
			d=$({ $g diff HEAD; $g ls-files -o --exclude-standard -z |
				(cd "$t" && xargs -0 -r sha256sum); } | sha256sum | cut -c1-8)
			printf 'g%s-dirty%s\n' "$c" "$d"
		fi
	else
		(cd "$t" && find . -path ./.git -prune -o -type f -printf '%P %s %T@\n' 2>/dev/null |
			LC_ALL=C sort | sha256sum | cut -c1-12 | sed 's/^/s/')
	fi
}

# The kernel's source, as results record it (meta kernel_source): the Debian
# package and version, or the KSRC tree's path and commit (tree key).
fb_kernel_source() {
	if [ -n "$FB_KSRC_TREE" ]; then
		printf 'KSRC %s %s\n' "$FB_KSRC_TREE" "$(fb_ksrc_tree_key)"
	else
		printf '%s %s\n' "$(basename "$FB_KSRC_TAR" .tar.xz)" "$(fb_ksrc_version)"
	fi
}

# Which source a cache build is of, for vm/prune-cache: "debian SERIES"
# or "ksrc PATH" (vm/build-kernel keeps it in the build's .fencebench-source).
fb_source_id() {
	if [ -n "$FB_KSRC_TREE" ]; then
		printf 'ksrc %s\n' "$FB_KSRC_TREE"
	elif [ -n "$FB_KERNEL_PATCHES" ]; then
		printf 'debian %s patches %s\n' "$(fb_kernel_series)" "$FB_KERNEL_PATCHES"
	else
		printf 'debian %s\n' "$(fb_kernel_series)"
	fi
}

# Debian package version of the source tarball, e.g. 6.1.192-3; for a
# KSRC tree, ksrc-<its version>-<its tree key>.
fb_ksrc_version() {
	local pkg
	# A script that asks often takes it once: FB_KSRC_VERSION=$(fb_ksrc_version).
	if [ -n "${FB_KSRC_VERSION:-}" ]; then
		printf '%s\n' "$FB_KSRC_VERSION"
		return 0
	fi
	if [ -n "$FB_KSRC_TREE" ]; then
		printf 'ksrc-%s-%s\n' "$(fb_tree_kernelversion "$FB_KSRC_TREE")" "$(fb_ksrc_tree_key)"
		return 0
	fi
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
		[ -z "$FB_KERNEL_PATCHES" ] || echo "kernel-patches $(fb_patches_key)"
	} | sha256sum | cut -c1-12
}

# The KERNEL_PATCHES series (FB_KERNEL_PATCHES), in the order they apply.
fb_kernel_patch_files() {
	[ -z "$FB_KERNEL_PATCHES" ] || compgen -G "$FB_KERNEL_PATCHES/*.patch" | LC_ALL=C sort
}

# What a KERNEL_PATCHES series is, as a key: p + a hash of what its
# patches change: each one's diff, from its first "diff --git" line to the
# "-- " line of git format-patch's signature. Not their commit messages
# (reworded, a series builds nothing new), nor their folder.
fb_patches_key() {
	local p
	for p in $(fb_kernel_patch_files); do
		sed -n '/^diff --git /,$p' "$p" | sed '/^-- $/,$d'
	done | sha256sum | cut -c1-8 | sed 's/^/p/'
}

# The config fragments of a flavour, in the order they are merged: the
# common ones (vm/config/base.config, vm/config/FLAVOUR.config), then those
# of every vm/config/X.Y/ folder with X.Y at or below the kernel's series,
# oldest first: such a folder holds what kernels from X.Y on need on top
# (base.config and/or FLAVOUR.config), so versions differ only there.
fb_config_fragments() {
	local flavour=$1 series d v f
	series=$(fb_kernel_series)
	printf '%s\n' "$FB_ROOT/vm/config/base.config"
	for f in $(fb_flavour_layers "$flavour"); do
		printf '%s\n' "$FB_ROOT/vm/config/$f.config"
	done
	for d in "$FB_ROOT"/vm/config/*/; do
		v=$(basename "$d")
		case "$v" in *[!0-9.]* | '') continue ;; esac
		printf '%s\n%s\n' "$v" "$series" | sort -V -C || continue
		printf '%s\n' "$v"
	done | sort -V | while read -r v; do
		for f in base $(fb_flavour_layers "$flavour"); do
			[ -f "$FB_ROOT/vm/config/$v/$f.config" ] && printf '%s\n' "$FB_ROOT/vm/config/$v/$f.config"
		done
	done
	return 0
}

# The config layers of a flavour on top of base: coverage is the debug
# kernel plus gcov and full preemption (vm/config/coverage.config).
fb_flavour_layers() {
	case "$1" in
	coverage) echo debug coverage ;;
	*) echo "$1" ;;
	esac
}

# Cache key of a flavour: source version + hash of the recipe, the patches
# and the config fragments.
fb_flavour_key() {
	local flavour=$1 hash
	# shellcheck disable=SC2046
	hash=$({ fb_patches_hash; cat $(fb_config_fragments "$flavour"); } | sha256sum | cut -c1-12)
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
	debug|coverage) printf '%s/arch/x86/boot/bzImage\n' "$(fb_kdir "$1")" ;;
	*) printf '%s/vmlinux\n' "$(fb_kdir "$1")" ;;
	esac
}

fb_check_flavour() {
	case "$1" in
	perf|debug|coverage) ;;
	*) fb_die "unknown flavour '$1' (perf, debug or coverage)" ;;
	esac
}

# The extracted (and patched) source tree of the version; its stamp file
# .fencebench-extracted holds the patch set hash (vm/build-kernel). For
# KSRC, the user's tree itself (read only).
fb_ksrc() {
	if [ -n "$FB_KSRC_TREE" ]; then
		printf '%s\n' "$FB_KSRC_TREE"
	elif [ -n "$FB_KERNEL_PATCHES" ]; then
		printf '%s/src/%s+%s\n' "$FB_CACHE" "$(fb_ksrc_version)" "$(fb_patches_key)"
	else
		printf '%s/src/%s\n' "$FB_CACHE" "$(fb_ksrc_version)"
	fi
}

# The build folder of what depends on the kernel (guest programs, modules,
# initramfs, test logs): build/ for the default kernel, 6.1, as always;
# build/kernel-SERIES/ for another Debian series; build/ksrc-VERSION-KEY/
# for a KSRC tree; build/kernel-SERIES+KEY/ for Debian's patched with
# KERNEL_PATCHES (fb_patches_key). Host tools (build/host/fbtool, host unit tests) do not
# depend on the kernel and stay in build/host/.
fb_build_dir() {
	if [ -n "$FB_KSRC_TREE" ] && [ ! -f "$FB_KSRC_TREE/Makefile" ]; then
		printf '%s/build/ksrc-none\n' "$FB_ROOT"	# fb_kernel_check says why
	elif [ -n "$FB_KSRC_TREE" ]; then
		printf '%s/build/%s\n' "$FB_ROOT" "$(fb_ksrc_version)"
	elif [ -n "$FB_KERNEL_PATCHES" ]; then
		printf '%s/build/kernel-%s+%s\n' "$FB_ROOT" "${FENCEBENCH_KERNEL:-6.1}" "$(fb_patches_key)"
	elif [ "${FENCEBENCH_KERNEL:-6.1}" = 6.1 ]; then
		printf '%s/build\n' "$FB_ROOT"
	else
		printf '%s/build/kernel-%s\n' "$FB_ROOT" "$FENCEBENCH_KERNEL"
	fi
}
FB_BUILD=${FENCEBENCH_BUILD:-$(fb_build_dir)}

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

# The host tool that writes and reads the JSON files (bench/host/fbtool.c),
# built if it is missing or older than its sources: its path.
# FENCEBENCH_FBTOOL: the one to use (bench/run-bench runs a snapshot of vm/
# outside the tree, and passes its own).
fb_fbtool() {
	local bin=$FB_ROOT/build/host/fbtool
	if [ -n "${FENCEBENCH_FBTOOL:-}" ]; then
		[ -x "$FENCEBENCH_FBTOOL" ] || fb_die "FENCEBENCH_FBTOOL=$FENCEBENCH_FBTOOL is not a program"
		printf '%s\n' "$FENCEBENCH_FBTOOL"
		return
	fi
	if [ ! -x "$bin" ] || [ -n "$(find "$FB_ROOT/bench/host" "$FB_ROOT/bench/lib" -newer "$bin" -name '*.[ch]' 2>/dev/null | head -n 1)" ]; then
		make -s -C "$FB_ROOT" build/host/fbtool >&2 || fb_die "cannot build $bin (make build/host/fbtool)"
	fi
	printf '%s\n' "$bin"
}

# The workload names a fencebench binary lists (`fencebench --list`), one
# a line, in its order (bench/ab, bench/bisect); with "gated", only those
# with gated figures (not marked "(explains)").
fb_workload_names() {
	"$1" --list 2>/dev/null |
		awk -v gated="${2:-}" '/^workloads/ { w = 1; next } /^[a-z]/ { w = 0 }
			w && /^  [a-z]/ && !(gated && / \(explains\)$/) { print $1 }'
}
