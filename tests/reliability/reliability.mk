# tests/reliability: the reliability campaign (issue 6) - stress, bad input,
# fault injection, fuzzing, unload/kmemleak and access checks on the debug guest.
REL_DIR := tests/reliability
REL_LIB := $(REL_DIR)/rel.c $(REL_DIR)/kmsg.c $(FB_LIB_SRCS)
REL_HDR := $(wildcard $(REL_DIR)/*.h) $(FB_LIB_HDRS) module/include/uapi/fencebench_sync.h \
	tests/common/pollerr.h
REL_CFLAGS := -I$(REL_DIR) -Itests/common

REL_STRESS_SRC := $(REL_DIR)/stress.c $(wildcard $(REL_DIR)/stress_*.c)

REL_PROGS := rel-stress
GUEST_PROGS += $(addprefix $(GUEST_BIN)/,$(REL_PROGS))

$(GUEST_BIN)/rel-stress: $(REL_STRESS_SRC) $(REL_LIB) $(REL_HDR) | $(GUEST_BIN)
	$(GUEST_CC) $(GUEST_CFLAGS) $(REL_CFLAGS) -o $@ $(REL_STRESS_SRC) $(REL_LIB) $(GUEST_LDFLAGS)

REL_PROGS += rel-badinput
GUEST_PROGS += $(GUEST_BIN)/rel-badinput
$(GUEST_BIN)/rel-badinput: $(REL_DIR)/badinput.c $(REL_LIB) $(REL_HDR) | $(GUEST_BIN)
	$(GUEST_CC) $(GUEST_CFLAGS) $(REL_CFLAGS) -o $@ $(REL_DIR)/badinput.c $(REL_LIB) $(GUEST_LDFLAGS)

REL_PROGS += rel-failslab
GUEST_PROGS += $(GUEST_BIN)/rel-failslab
$(GUEST_BIN)/rel-failslab: $(REL_DIR)/failslab.c $(REL_DIR)/faultinj.c $(REL_LIB) $(REL_HDR) | $(GUEST_BIN)
	$(GUEST_CC) $(GUEST_CFLAGS) $(REL_CFLAGS) -o $@ $(REL_DIR)/failslab.c $(REL_DIR)/faultinj.c $(REL_LIB) $(GUEST_LDFLAGS)

REL_PROGS += rel-fuzz
GUEST_PROGS += $(GUEST_BIN)/rel-fuzz
$(GUEST_BIN)/rel-fuzz: $(REL_DIR)/fuzz.c $(REL_DIR)/fuzz_model.c $(REL_LIB) $(REL_HDR) | $(GUEST_BIN)
	$(GUEST_CC) $(GUEST_CFLAGS) $(REL_CFLAGS) -o $@ $(REL_DIR)/fuzz.c $(REL_DIR)/fuzz_model.c $(REL_LIB) $(GUEST_LDFLAGS)

REL_PROGS += rel-access rel-unload
GUEST_PROGS += $(GUEST_BIN)/rel-access $(GUEST_BIN)/rel-unload
$(GUEST_BIN)/rel-access: $(REL_DIR)/access.c $(REL_LIB) $(REL_HDR) | $(GUEST_BIN)
	$(GUEST_CC) $(GUEST_CFLAGS) $(REL_CFLAGS) -o $@ $(REL_DIR)/access.c $(REL_LIB) $(GUEST_LDFLAGS)
$(GUEST_BIN)/rel-unload: $(REL_DIR)/unload.c $(REL_LIB) $(REL_HDR) | $(GUEST_BIN)
	$(GUEST_CC) $(GUEST_CFLAGS) $(REL_CFLAGS) -o $@ $(REL_DIR)/unload.c $(REL_LIB) $(GUEST_LDFLAGS)

# make fuzz SECONDS=N [BACKEND=all|name,...] [SEED=S]: the fuzzer alone in
# the debug guest (4 vCPUs) for N seconds, then unload + kmemleak.
SECONDS ?= 300
BACKEND ?= all
SEED ?=
.PHONY: fuzz
fuzz: deps
	@$(MAKE) --no-print-directory FLAVOUR=debug initramfs
	vm/run --flavour debug --cpus 4 --timeout $$(( $(SECONDS) + 900 )) -- \
		env REL_MODE=fuzz REL_BACKENDS=$(BACKEND) REL_FUZZ_SECONDS=$(SECONDS) \
		$(if $(SEED),REL_FUZZ_SEED=$(SEED)) sh /fb/tests/40-reliability.sh

# make planted BUG=dma-put|legacy-unlock: the campaign against modules with
# a bug planted from tests/reliability/planted/; it must fail (exit 0 then).
.PHONY: planted
planted: deps
	@$(MAKE) --no-print-directory FLAVOUR=debug initramfs
	@tests/reliability/run-planted $(BUG)

# make reproduce-mainline-race [ROUNDS=N CPUS=N TIMEOUT=S CASE=NAME]: the
# use-after-free of the kernel's own sw_sync (docs/mainline-sw_sync-race.md)
# in the debug guest. Expected to fail the guest on the unpatched kernel:
# exits 0 when the report fired, 1 when it did not.
.PHONY: reproduce-mainline-race
reproduce-mainline-race: deps
	@$(MAKE) --no-print-directory FLAVOUR=debug initramfs
	@$(if $(ROUNDS),ROUNDS=$(ROUNDS)) $(if $(CPUS),CPUS=$(CPUS)) $(if $(TIMEOUT),TIMEOUT=$(TIMEOUT)) \
		$(if $(CASE),CASE=$(CASE)) tests/reliability/reproduce-mainline-race
