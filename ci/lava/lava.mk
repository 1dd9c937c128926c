# SPDX-License-Identifier: GPL-2.0
# lava.mk - the guest side of the LAVA job (ci/lava/, docs/ci.md): the
# test shell's helpers (ci/lava/guest/*) and a static fbtool, which turns
# the guest's results.json into the headline figures the job reports,
# with the very code `make bench` prints its summary with.
LAVA_GUEST_SCRIPTS := $(notdir $(wildcard ci/lava/guest/fb-lava-*))

GUEST_PROGS += $(addprefix $(GUEST_BIN)/,$(LAVA_GUEST_SCRIPTS)) $(GUEST_BIN)/fbtool
$(addprefix $(GUEST_BIN)/,$(LAVA_GUEST_SCRIPTS)): $(GUEST_BIN)/%: ci/lava/guest/% | $(GUEST_BIN)
	install -m 0755 $< $@
$(GUEST_BIN)/fbtool: $(FBTOOL_SRCS) $(BENCH_HOST_LIB) $(BENCH_HDRS) | $(GUEST_BIN)
	$(GUEST_CC) $(GUEST_CFLAGS) $(BENCH_CFLAGS) -Ibench/host -o $@ $(FBTOOL_SRCS) \
		$(BENCH_HOST_LIB) $(GUEST_LDFLAGS) $(BENCH_JSON_LIBS) -lm
