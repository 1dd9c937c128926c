# SPDX-License-Identifier: GPL-2.0
# legacy.mk - fb-legacy-ctl, the fd-holding helper of tests/guest/20-legacy.sh.
GUEST_PROGS += $(GUEST_BIN)/fb-legacy-ctl
$(GUEST_BIN)/fb-legacy-ctl: tests/legacy/ctl.c lib/syncdev.c lib/syncdev.h tests/common/errname.h | $(GUEST_BIN)
	$(GUEST_CC) $(GUEST_CFLAGS) -Itests/common -o $@ tests/legacy/ctl.c lib/syncdev.c $(GUEST_LDFLAGS)
