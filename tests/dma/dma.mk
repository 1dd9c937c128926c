# SPDX-License-Identifier: GPL-2.0
# dma.mk - fb-dma-interop (sync_file interop of the dma backend) and
# fb-dma-hold (fd-holding helper of tests/guest/21-dma.sh).
DMA_TEST_DEPS := lib/syncdev.c lib/syncdev.h \
	module/include/uapi/fencebench_sync.h tests/common/pollerr.h tests/common/errname.h

GUEST_PROGS += $(GUEST_BIN)/fb-dma-interop $(GUEST_BIN)/fb-dma-hold
$(GUEST_BIN)/fb-dma-interop: tests/dma/interop.c $(DMA_TEST_DEPS) | $(GUEST_BIN)
	$(GUEST_CC) $(GUEST_CFLAGS) -Itests/common -o $@ tests/dma/interop.c lib/syncdev.c $(GUEST_LDFLAGS)
$(GUEST_BIN)/fb-dma-hold: tests/dma/hold.c $(DMA_TEST_DEPS) | $(GUEST_BIN)
	$(GUEST_CC) $(GUEST_CFLAGS) -Itests/common -o $@ tests/dma/hold.c lib/syncdev.c $(GUEST_LDFLAGS)
