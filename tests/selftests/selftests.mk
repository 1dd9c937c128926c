# SPDX-License-Identifier: GPL-2.0
# selftests.mk - builds the guest kernel's own sync selftests
# (tools/testing/selftests/sync of $(KTREE), unchanged) as the static guest
# program sync_selftest; tests/guest/31-selftests.sh runs it per backend.
#
# The flags mirror the suite's own Makefile: its runner and sync.c with
# -O2 -g -std=gnu89 -pthread -Wall -Wextra, its test files with none (they
# cast thread functions, which -Wextra flags). It is upstream code, built
# as it is, so no -Werror here.
SELFTEST_SYNC_DIR = $(KTREE)/tools/testing/selftests/sync
SELFTEST_OBJ := $(GUEST_BUILD)/guest/obj/selftests
SELFTEST_MAIN := sync_test sync
SELFTEST_CASES := sync_alloc sync_fence sync_merge sync_wait \
	sync_stress_parallelism sync_stress_consumer sync_stress_merge
SELFTEST_CFLAGS := -O2 -g -std=gnu89 -pthread -Wall -Wextra

GUEST_PROGS += $(GUEST_BIN)/sync_selftest

$(SELFTEST_OBJ):
	@mkdir -p $@

# The sources come with the guest kernel tree: on a fresh machine, the
# guest programs may be built before `make kernel` has extracted it. A
# KSRC tree is there already (and is only read).
ifeq ($(KSRC),)
SELFTEST_TREE_READY = $(KTREE)/.fencebench-extracted
$(KTREE)/.fencebench-extracted:
	vm/build-kernel perf >/dev/null
else
SELFTEST_TREE_READY = $(KTREE)/Makefile
endif

$(SELFTEST_SYNC_DIR)/%.c: | $(SELFTEST_TREE_READY)
	@test -f $@

$(SELFTEST_MAIN:%=$(SELFTEST_OBJ)/%.o): $(SELFTEST_OBJ)/%.o: \
		$(SELFTEST_SYNC_DIR)/%.c | $(SELFTEST_OBJ)
	$(GUEST_CC) $(SELFTEST_CFLAGS) -c $< -o $@

$(SELFTEST_CASES:%=$(SELFTEST_OBJ)/%.o): $(SELFTEST_OBJ)/%.o: \
		$(SELFTEST_SYNC_DIR)/%.c | $(SELFTEST_OBJ)
	$(GUEST_CC) -c $< -o $@

$(GUEST_BIN)/sync_selftest: $(SELFTEST_MAIN:%=$(SELFTEST_OBJ)/%.o) \
		$(SELFTEST_CASES:%=$(SELFTEST_OBJ)/%.o) | $(GUEST_BIN)
	$(GUEST_CC) -o $@ $^ $(SELFTEST_CFLAGS) $(GUEST_LDFLAGS)
