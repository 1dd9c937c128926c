# tests/reliability: the reliability campaign (issue 6) - stress, bad input,
# fault injection, fuzzing, unload/kmemleak and access checks on the debug guest.
REL_DIR := tests/reliability
REL_LIB := $(REL_DIR)/rel.c $(REL_DIR)/kmsg.c bench/lib/syncdev.c
REL_HDR := $(wildcard $(REL_DIR)/*.h) bench/lib/syncdev.h module/include/uapi/fencebench_sync.h
REL_CFLAGS := -I$(REL_DIR)

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
