# SPDX-License-Identifier: GPL-2.0
# conformance.mk - builds fb-conformance, the fence conformance suite shared
# by every sw_sync style backend (run in the guest by tests/guest/30-conformance.sh).
CONFORMANCE_SRCS := $(wildcard tests/conformance/*.c) $(FB_LIB_SRCS)
CONFORMANCE_HDRS := tests/conformance/conformance.h $(FB_LIB_HDRS) \
	module/include/uapi/fencebench_sync.h tests/common/pollerr.h

GUEST_PROGS += $(GUEST_BIN)/fb-conformance
$(GUEST_BIN)/fb-conformance: $(CONFORMANCE_SRCS) $(CONFORMANCE_HDRS) | $(GUEST_BIN)
	$(GUEST_CC) $(GUEST_CFLAGS) -Itests/conformance -Itests/common -o $@ $(CONFORMANCE_SRCS) $(GUEST_LDFLAGS)
