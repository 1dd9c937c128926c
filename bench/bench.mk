# SPDX-License-Identifier: GPL-2.0
# bench.mk - the benchmark suite (issue 5): the guest binary fencebench, the
# host tool fbtool, the statistics unit tests, and the bench-run, plots,
# compare and baseline targets (docs/bench.md).
# bench/lib is the benchmark's own library; lib/ (the fence devices, the
# registries, the option front end) is shared with tests/ and reached
# through -Ilib of the common flags.
BENCH_CFLAGS := -Ibench/lib
BENCH_LIB_SRCS := $(wildcard bench/lib/*.c)
BENCH_GUEST_SRCS := bench/main.c bench/rounds.c bench/declare.c $(BENCH_LIB_SRCS) $(FB_LIB_SRCS) \
	$(wildcard bench/backends/*.c) $(wildcard bench/workloads/*.c)
BENCH_HDRS := bench/rounds.h bench/declare.h bench/tests/check.h $(wildcard bench/lib/*.h bench/backends/*.h bench/workloads/*.h \
	bench/host/*.h) $(FB_LIB_HDRS) module/include/uapi/fencebench_sync.h
# Host side: the statistics and result-file parts of bench/lib plus bench/host.
BENCH_HOST_LIB := bench/lib/results.c bench/lib/stats.c bench/lib/hist.c \
	bench/host/load.c bench/host/verdict.c bench/host/ab.c
# results.json is written and read with libjansson (libjansson-dev): its
# static libjansson.a in the static guest program, the shared one on the host.
BENCH_JSON_LIBS := -ljansson
FBTOOL := $(BUILD)/host/fbtool

GUEST_PROGS += $(GUEST_BIN)/fencebench
$(GUEST_BIN)/fencebench: $(BENCH_GUEST_SRCS) $(BENCH_HDRS) | $(GUEST_BIN)
	$(GUEST_CC) $(GUEST_CFLAGS) $(BENCH_CFLAGS) -o $@ $(BENCH_GUEST_SRCS) $(GUEST_LDFLAGS) -lnuma $(BENCH_JSON_LIBS) -lm

FBTOOL_SRCS := bench/host/fbtool.c bench/host/history.c bench/host/jsonobj.c bench/host/declared.c
$(FBTOOL): $(FBTOOL_SRCS) $(BENCH_HOST_LIB) $(BENCH_HDRS)
	@mkdir -p $(dir $@)
	$(HOST_CC) $(HOST_CFLAGS) $(BENCH_CFLAGS) -Ibench/host -o $@ $(FBTOOL_SRCS) $(BENCH_HOST_LIB) $(BENCH_JSON_LIBS) $(HOST_LDFLAGS)

HOST_TESTS += $(HOST_TEST_BIN)/bench-stats $(HOST_TEST_BIN)/bench-verdict $(HOST_TEST_BIN)/bench-trace \
	$(HOST_TEST_BIN)/bench-ab
$(HOST_TEST_BIN)/bench-stats: bench/tests/stats_test.c $(BENCH_HOST_LIB) $(BENCH_HDRS) | $(HOST_TEST_BIN)
	$(HOST_CC) $(HOST_CFLAGS) $(BENCH_CFLAGS) -Ibench/host -o $@ bench/tests/stats_test.c $(BENCH_HOST_LIB) $(BENCH_JSON_LIBS) $(HOST_LDFLAGS)
$(HOST_TEST_BIN)/bench-verdict: bench/tests/verdict_test.c $(BENCH_HOST_LIB) $(BENCH_HDRS) | $(HOST_TEST_BIN)
	$(HOST_CC) $(HOST_CFLAGS) $(BENCH_CFLAGS) -Ibench/host -o $@ bench/tests/verdict_test.c $(BENCH_HOST_LIB) $(BENCH_JSON_LIBS) $(HOST_LDFLAGS)
# The A/B verdicts of fbtool ab, on synthetic boots built in memory.
$(HOST_TEST_BIN)/bench-ab: bench/tests/ab_test.c $(BENCH_HOST_LIB) $(BENCH_HDRS) | $(HOST_TEST_BIN)
	$(HOST_CC) $(HOST_CFLAGS) $(BENCH_CFLAGS) -Ibench/host -o $@ bench/tests/ab_test.c $(BENCH_HOST_LIB) $(BENCH_JSON_LIBS) $(HOST_LDFLAGS)
# The interleaved rounds (guest-side code, tested on the host with fake
# backends and a fake workload).
HOST_TESTS += $(HOST_TEST_BIN)/bench-rounds
BENCH_ROUNDS_SRCS := bench/rounds.c bench/workloads/context.c \
	bench/workloads/registry.c bench/backends/registry.c lib/registry.c lib/syncdev.c lib/param.c bench/lib/results.c \
	bench/lib/stats.c bench/lib/hist.c bench/lib/clock.c
$(HOST_TEST_BIN)/bench-rounds: bench/tests/rounds_test.c $(BENCH_ROUNDS_SRCS) $(BENCH_HDRS) | $(HOST_TEST_BIN)
	$(HOST_CC) $(HOST_CFLAGS) $(BENCH_CFLAGS) -o $@ bench/tests/rounds_test.c $(BENCH_ROUNDS_SRCS) $(BENCH_JSON_LIBS) $(HOST_LDFLAGS) -lm
# What backends and workloads declare, and the metadata written of it
# (guest-side code, tested on the host with fake backends and a workload).
HOST_TESTS += $(HOST_TEST_BIN)/bench-declare
BENCH_DECLARE_SRCS := bench/declare.c bench/workloads/waitmethod.c \
	bench/workloads/context.c bench/workloads/registry.c bench/backends/registry.c \
	lib/registry.c lib/syncdev.c lib/param.c bench/lib/results.c bench/lib/stats.c \
	bench/lib/hist.c bench/lib/clock.c
$(HOST_TEST_BIN)/bench-declare: bench/tests/declare_test.c $(BENCH_DECLARE_SRCS) $(BENCH_HDRS) | $(HOST_TEST_BIN)
	$(HOST_CC) $(HOST_CFLAGS) $(BENCH_CFLAGS) -o $@ bench/tests/declare_test.c $(BENCH_DECLARE_SRCS) $(BENCH_JSON_LIBS) $(HOST_LDFLAGS) -lm
# The trace parsing of the breakdown workload (guest-side code, tested on the host).
BENCH_TRACE_SRCS := bench/lib/traceline.c bench/lib/wakesplit.c
$(HOST_TEST_BIN)/bench-trace: bench/tests/trace_test.c $(BENCH_TRACE_SRCS) $(BENCH_HDRS) | $(HOST_TEST_BIN)
	$(HOST_CC) $(HOST_CFLAGS) $(BENCH_CFLAGS) -o $@ bench/tests/trace_test.c $(BENCH_TRACE_SRCS) $(HOST_LDFLAGS)
# The CI gate (tests/host/50-bench-gate.sh) needs the tool too.
host-tests: $(FBTOOL)

# MODE: icount, tcg, kvm or auto (default: auto = KVM if it works, else TCG).
# QUICK=1: the small sweep of the CI gate. OUT: run folder (default
# results/<UTC stamp>-<mode>-<sha>). RUN: results folder for plots/compare
# (default results/latest; make baseline takes several, to pool them).
# BASE: baseline file for compare. BOOTS: guest
# boots per configuration (default: icount 1, tcg and kvm 3).
MODE ?= auto
QUICK ?=
BOOTS ?=
RUN ?= results/latest
.PHONY: bench-run plots compare baseline planted-bench history plot-kernels ab bisect \
	repro-textpoke
bench-run: $(FBTOOL)
	@MODE="$(MODE)" QUICK="$(QUICK)" BOOTS="$(BOOTS)" bench/run-bench

plots: $(FBTOOL)
	@bench/plot "$(RUN)"

# ACROSS_KERNELS=1: runs of two kernel series, compared per backend.
ACROSS_KERNELS ?=
compare: $(FBTOOL)
	@ACROSS_KERNELS="$(ACROSS_KERNELS)" bench/compare "$(RUN)" $(BASE)

baseline: $(FBTOOL)
	@bench/make-baseline $(RUN)

# A planted slowdown (bench/planted/BUG.patch) must fail the gate on its
# backend and on no other: make planted-bench BUG=... MODE=icount|tcg
planted-bench: $(FBTOOL)
	@bench/run-planted "$(BUG)" "$(MODE)"

# Trend plots of every gated figure over all runs under results/ (and
# HISTORY=DIR...: other run folders, e.g. CI artifacts), with an index.
HISTORY ?=
history: $(FBTOOL)
	@bench/history $(HISTORY)

# One backend's headline figures on two kernels: make plot-kernels A=RUN B=RUN
plot-kernels: $(FBTOOL)
	@bench/plot-kernels "$(A)" "$(B)"

# A against B, booted alternately, one verdict per figure (bench/ab,
# docs/bench-method.md "make ab"). Each side builds in a tree of its own under
# build/ab/; the variables are read by bench/ab from the environment.
A ?=
B ?=
# It runs from a copy of bench/ab: bash reads a script as it goes, and an
# edit of it during a long run would break that run.
ab: deps $(FBTOOL)
	@snap=$$(mktemp /tmp/fencebench-ab.XXXXXX) && cp bench/ab "$$snap" && \
		A="$(A)" B="$(B)" MODE="$(MODE)" AB_ROOT="$(CURDIR)" bash "$$snap"; \
		rc=$$?; rm -f "$$snap"; exit $$rc

# The first commit between GOOD and BAD that moved FIGURE by more than
# THRESHOLD (icount A/B against GOOD; bench/bisect).
GOOD ?=
BAD ?= HEAD
FIGURE ?=
THRESHOLD ?= 0.02
bisect: deps $(FBTOOL)
	@GOOD="$(GOOD)" BAD="$(BAD)" FIGURE="$(FIGURE)" THRESHOLD="$(THRESHOLD)" bench/bisect

# How often turning trace events on and off panics a guest (issue 27):
# make repro-textpoke ARGS='--boots 20 --cpus 2 --load 2'
repro-textpoke:
	@bench/repro-textpoke $(ARGS)
