# fencebench: the front door. `make help` lists the targets.
#
# Everything is built under build/ (host tools in build/host; guest
# programs, modules, initramfs and test logs in the kernel's build folder,
# GUEST_BUILD) and in the kernel cache ($(FENCEBENCH_CACHE), default
# ~/.cache/fencebench).

SHELL := /bin/bash
.DEFAULT_GOAL := help

# The guest kernel (docs/bench.md, "Kernels"): KERNEL=6.1|6.12, Debian's
# linux-source-KERNEL (default 6.1), or KSRC=/path/to/linux, a kernel tree
# of your own, used read only. The vm/ scripts read them from the
# environment (FENCEBENCH_KERNEL, FENCEBENCH_KSRC), so that every step of a
# run, guest boots included, uses the same kernel.
KERNEL ?= 6.1
KSRC ?=
# KERNEL_PATCHES=DIR: Debian's kernel with the series DIR/*.patch applied
# (e.g. patches/linux/sw_sync-race), with its own cache and build folder.
KERNEL_PATCHES ?=
ifneq ($(KERNEL_PATCHES),)
export FENCEBENCH_KERNEL_PATCHES := $(abspath $(KERNEL_PATCHES))
endif
ifneq ($(filter command line environment environment override,$(origin KERNEL)),)
export FENCEBENCH_KERNEL := $(KERNEL)
endif
ifneq ($(KSRC),)
export FENCEBENCH_KSRC := $(abspath $(KSRC))
endif
# $(shell) does not see exported variables (make before 4.4): FB_ENV passes them.
FB_ENV = FENCEBENCH_KERNEL='$(FENCEBENCH_KERNEL)' FENCEBENCH_KSRC='$(FENCEBENCH_KSRC)' \
	FENCEBENCH_KERNEL_PATCHES='$(FENCEBENCH_KERNEL_PATCHES)' \
	FENCEBENCH_KSRC_KEY='$(FENCEBENCH_KSRC_KEY)' FENCEBENCH_KSRC_KEY_TREE='$(FENCEBENCH_KSRC_KEY_TREE)'
KERNEL_CHECK := $(shell $(FB_ENV) && . vm/lib.sh && fb_kernel_check 2>&1 && echo ok)
ifneq ($(lastword $(KERNEL_CHECK)),ok)
$(error $(KERNEL_CHECK))
endif
# A KSRC tree's key (version and commit, vm/lib.sh) is taken once per run.
ifneq ($(KSRC),)
ifneq ($(FENCEBENCH_KSRC_KEY_TREE),$(FENCEBENCH_KSRC))
export FENCEBENCH_KSRC_KEY := $(shell $(FB_ENV) && . vm/lib.sh && fb_ksrc_tree_key)
export FENCEBENCH_KSRC_KEY_TREE := $(FENCEBENCH_KSRC)
endif
endif

FLAVOURS ?= perf debug
FLAVOUR ?= $(FLAVOURS)
BUILD := build
# What depends on the kernel: build/ for 6.1 (as always), build/kernel-6.12/,
# build/ksrc-VERSION-KEY/ (vm/lib.sh, fb_build_dir).
GUEST_BUILD := $(patsubst $(CURDIR)/%,%,$(shell $(FB_ENV) && . vm/lib.sh && echo "$$FB_BUILD"))
GUEST_BIN := $(GUEST_BUILD)/guest/bin
HOST_TEST_BIN := $(BUILD)/host/tests
# The guest kernel's source tree (the extracted Debian tree, or KSRC).
KTREE = $(shell $(FB_ENV) && . vm/lib.sh && fb_ksrc)
kdir = $(shell $(FB_ENV) && . vm/lib.sh && fb_kdir $(1))

GUEST_CC ?= gcc
GUEST_CFLAGS := -std=c11 -D_GNU_SOURCE -O2 -g -Wall -Wextra -Werror -pthread \
	-Imodule/include/uapi -Ilib
GUEST_LDFLAGS := -static -pthread
HOST_CC ?= gcc
HOST_CFLAGS := -std=c11 -D_GNU_SOURCE -O2 -g -Wall -Wextra -Werror -pthread \
	-Imodule/include/uapi -Ilib
HOST_LDFLAGS := -pthread -lm
# Parallel jobs for the user-space and module builds (one per CPU).
JOBS ?= $(shell nproc 2>/dev/null || echo 2)

# lib/: what the guest programs share: the fence devices (syncdev), the
# self-registering plug-ins (registry), the option front end (cli, param).
FB_LIB_SRCS := $(wildcard lib/*.c)
FB_LIB_HDRS := $(wildcard lib/*.h)

# Filled by the included fragments: static guest programs, host unit tests.
GUEST_PROGS :=
HOST_TESTS :=

# Debian packages the build and the tests need; KERNEL=6.12 adds its
# source, linux-source-6.12 (bookworm-security).
DEB_PACKAGES := linux-source qemu-system-x86 busybox-static flex bison bc \
	libelf-dev libssl-dev cpio gnuplot-nox hyperfine libnuma-dev sparse \
	gcc make libc6-dev file kmod xz-utils python3 rsync libjansson-dev lcov \
	lava-common python3-jinja2 python3-yaml
ifeq ($(KSRC),)
DEB_PACKAGES += $(if $(filter-out 6.1,$(KERNEL)),linux-source-$(KERNEL))
endif

.PHONY: help deps kernel modules guest initramfs test bench clean \
	host-tests check-deps coverage lava lava-deps
help:
	@echo "fencebench: Linux fence backends side by side in one QEMU guest"
	@echo
	@echo "  make test        install deps, build everything, run all tests (CI)"
	@echo "                   (every target: KERNEL=6.1|6.12 Debian's kernel, default 6.1;"
	@echo "                    KSRC=/path/to/linux a kernel tree of yours, used read only;"
	@echo "                    KERNEL_PATCHES=DIR Debian's kernel with DIR/*.patch applied)"
	@echo "  make bench       run every benchmark on every loaded backend (QUICK=1: short)"
	@echo "                   (MODE=auto|tcg|kvm|icount; BOOTS=N guest boots per configuration)"
	@echo "  make bench-run   only the bench boots (guest already built; MODE= QUICK= BOOTS=)"
	@echo "  make plots       render the plots of the latest run (RUN=folder)"
	@echo "  make compare     compare the latest run with its baseline (RUN=, BASE=;"
	@echo "                   ACROSS_KERNELS=1: runs of two kernels, per backend)"
	@echo "  make ab          did my change make fences faster or slower? A (default HEAD) against"
	@echo "                   B (default the working tree), booted alternately (A=REV B=REV,"
	@echo "                   A_KERNEL= A_KSRC= A_PATCHES= A_KERNEL_PATCHES=, the same with B_, MODE=, AB_BUDGET=10m)"
	@echo "  make bisect      GOOD=REV BAD=REV FIGURE=TEXT [THRESHOLD=0.02]: the first commit that moved"
	@echo "                   a figure (icount A/B against GOOD, through git bisect run)"
	@echo "  make plot-kernels A=RUN B=RUN   one backend's headline figures on two kernels"
	@echo "  make repro-textpoke ARGS='--boots N --cpus 2 --load 2 [--breakdown]'   guest panics from text patching (tcg)"
	@echo "  make baseline    make the latest run the baseline of its mode (tcg, kvm: of this host;"
	@echo "                   RUN=\"A B ...\" pools several runs; SHARED=1 the committed tcg/kvm one)"
	@echo "  make history     trend plots of every gated figure over the runs in results/ (HISTORY=DIR...)"
	@echo "  make fuzz        run the ioctl fuzzer in the debug guest (SECONDS=N BACKEND=all|LIST SEED=S)"
	@echo "  make planted     the reliability campaign with a planted bug (BUG=name): must fail"
	@echo "  make reproduce-mainline-race   the kernel's sw_sync race in the debug guest (fires on"
	@echo "                   Debian's kernel; KERNEL_PATCHES=patches/linux/sw_sync-race: must not;"
	@echo "                   ROUNDS= CPUS= TIMEOUT= CASE=)"
	@echo "  make planted-bench BUG=name MODE=icount|tcg   a planted slowdown: the gate must flag that backend only"
	@echo "  make test TEST_FLAVOUR=perf   every guest suite in one perf guest (quick, no KASAN)"
	@echo "  make coverage    line and branch coverage of the modules under the guest suites"
	@echo "                   (a debug kernel with gcov and PREEMPT; GOAL=90 percent of lines)"
	@echo "  make lava        the guest suites and fencebench as a LAVA job, run by Debian's lava-run"
	@echo "                   (MODE=icount|tcg, default icount; CPUS=N; QUICK=1; LAVA_FLAVOUR=perf|debug;"
	@echo "                    LAVA_SUITES='-x 31-selftests': fb-runtests arguments; docs/ci.md)"
	@echo
	@echo "  make deps        apt-get install the Debian packages needed"
	@echo "  make kernel      build the guest kernels (FLAVOUR=perf|debug; cached)"
	@echo "  make modules     build module/*/ against the guest kernels (W=1)"
	@echo "  make guest       build the static guest programs"
	@echo "  make initramfs   pack the guest initramfs of each flavour"
	@echo "  make host-tests  build the host unit tests and fbtool (make test runs them)"
	@echo "  make clean       remove build/ (the kernel cache stays)"
	@echo
	@echo "  vm/run --help    run one command in a fresh guest"

# $(call apt_install,PACKAGES): a recipe line that installs those of the
# Debian PACKAGES that are missing. Quick when everything is present: apt
# only runs for missing packages.
apt_install = @missing=$$(for p in $(1); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'install ok installed' || echo $$p; \
	done); \
	if [ -n "$$missing" ]; then \
		echo "[fencebench] installing Debian packages:" $$missing; \
		if [ "$$(id -u)" != 0 ]; then SUDO=sudo; fi; \
		$$SUDO apt-get update -q && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q --no-install-recommends $$missing; \
	else \
		echo "[fencebench] Debian packages: all present"; \
	fi

deps:
	$(call apt_install,$(DEB_PACKAGES))
	@vm/install-qemu || echo "[fencebench] WARNING: no QEMU 8.1+: SMP icount guests (the 2-vCPU figures of the icount gate) cannot run"

kernel:
	@for f in $(FLAVOUR); do vm/build-kernel $$f >/dev/null || exit 1; done
	@vm/prune-cache

# Each module/<dir>/ with a Kbuild file is built out of tree, in a copy
# under $(GUEST_BUILD)/<flavour>/module/ so that the flavours (and kernels)
# do not share objects.
# MODULE_SRC: the tree copied (default module; tests/reliability/run-planted
# builds a patched copy with MODULE_SRC=... GUEST_BUILD=...).
# Kbuild is not run again when neither the sources (a hash of the copied
# files) nor the guest kernel (its build stamp) changed since the last
# clean build in that folder: a no-op Kbuild run of the four takes 9 s.
MODULE_SRC ?= module
MODULE_DIRS := $(patsubst %/Kbuild,%,$(wildcard module/*/Kbuild))
modules: kernel
	@for f in $(FLAVOUR); do \
		kdir=$$(. vm/lib.sh && fb_kdir $$f); dst=$(abspath $(GUEST_BUILD))/$$f; \
		rm -rf $$dst/modules; mkdir -p $$dst/modules $$dst/module; : > $$dst/modules/load.list; \
		rsync -a --delete --include='*/' --include='*.[ch]' --include=Kbuild --include=Makefile \
			--exclude='*' $(MODULE_SRC)/ $$dst/module/ || exit 1; \
		key="$$kdir $$(stat -c %Y $$kdir/.fencebench-done) $$(cd $(MODULE_SRC) && \
			find . -type f \( -name '*.[ch]' -o -name Kbuild -o -name Makefile \) | LC_ALL=C sort | \
			xargs sha1sum | sha1sum)"; \
		for d in $(sort $(filter %/legacy,$(MODULE_DIRS))) $(sort $(filter-out %/legacy,$(MODULE_DIRS))); do \
			log=$$dst/$$(basename $$d).log; \
			if [ -f $$log.key ] && [ "$$(cat $$log.key)" = "$$key" ] && [ -f $$dst/$$d/modules.order ]; then \
				echo "[fencebench] modules: $$d ($$f): up to date"; \
			else \
				echo "[fencebench] modules: $$d ($$f)"; rm -f $$log.key; \
				$(MAKE) -s -C $$kdir M=$$dst/$$d W=1 FB_FLAVOUR=$$f modules > $$log 2>&1; rc=$$?; \
				cat $$log; \
				if [ $$rc != 0 ]; then echo "[fencebench] error: module build of $$d failed"; exit 1; fi; \
				if grep -q 'warning:' $$log; then \
					echo "[fencebench] error: $$d builds with warnings (W=1)"; exit 1; fi; \
				echo "$$key" > $$log.key; \
			fi; \
			for m in $$(cat $$dst/$$d/modules.order); do \
				m=$$(basename $$m); ko=$${m%.*}.ko; cp $$dst/$$d/$$ko $$dst/modules/ || exit 1; \
				case $$ko in *_test.ko) ;; *) echo $$ko >> $$dst/modules/load.list;; esac; \
			done; \
		done; \
	done

-include $(sort $(wildcard bench/*.mk tests/*/*.mk ci/*/*.mk))

guest: $(GUEST_PROGS)

$(GUEST_BIN) $(HOST_TEST_BIN):
	@mkdir -p $@

# The kernel comes first, in its own make: guest programs built from the
# kernel tree (the kernel's sync selftests) need the source extracted
# before their rules are read.
initramfs:
	@$(MAKE) --no-print-directory kernel
	@$(MAKE) --no-print-directory -j$(JOBS) guest modules
	@for f in $(FLAVOUR); do vm/build-initramfs $$f >/dev/null || exit 1; done

host-tests: $(HOST_TESTS)

# The whole test campaign: host unit tests, host stages, then the guest
# suites in a debug guest (the kernel's selftests in a perf guest).
# tests/run prints the closing tally. TEST_FLAVOUR=perf: every guest suite
# in one perf guest (quicker; for development, not what CI runs).
TEST_FLAVOUR ?= debug
test: deps
	@$(MAKE) --no-print-directory FLAVOUR="$(FLAVOURS)" initramfs
	@$(MAKE) --no-print-directory -j$(JOBS) host-tests
	@FB_TEST_FLAVOUR=$(TEST_FLAVOUR) tests/run

# Benchmarks: the work is defined in bench/bench.mk (bench-run). Every
# bench boot is a perf guest: the debug kernel is not built for it.
bench: deps
	@$(MAKE) --no-print-directory FLAVOUR=perf initramfs
	@$(MAKE) --no-print-directory bench-run

# Coverage: the coverage flavour (debug + gcov + PREEMPT, its own kernel
# build) runs the guest suites; lcov sums up (tests/coverage/run).
coverage: deps
	@$(MAKE) --no-print-directory FLAVOUR=coverage initramfs
	@tests/coverage/run

# LAVA (docs/ci.md, "LAVA"): the guest of this build as a LAVA job, run by
# Debian's lava-run (ci/lava/run). lava-dispatcher is installed here, not
# by make deps: it pulls in systemd, libguestfs and some 150 packages that
# nothing else needs. MODE defaults to icount (auto cannot be a job).
LAVA_DEB_PACKAGES := lava-dispatcher
LAVA_FLAVOUR ?= perf
LAVA_SUITES ?=
CPUS ?=
lava-deps:
	$(call apt_install,$(LAVA_DEB_PACKAGES))
lava: deps lava-deps
	@$(MAKE) --no-print-directory FLAVOUR=$(LAVA_FLAVOUR) initramfs
	@$(MAKE) --no-print-directory $(FBTOOL)
	@MODE="$(if $(filter file default undefined,$(origin MODE)),icount,$(MODE))" CPUS="$(CPUS)" \
		QUICK="$(QUICK)" LAVA_FLAVOUR="$(LAVA_FLAVOUR)" LAVA_SUITES="$(LAVA_SUITES)" \
		OUT="$(OUT)" ci/lava/run

clean:
	rm -rf $(BUILD)
