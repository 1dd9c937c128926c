# fb-smoke: the lab's first guest test (mainline sw_sync through vm/run).
GUEST_PROGS += $(GUEST_BIN)/fb-smoke
$(GUEST_BIN)/fb-smoke: tests/smoke/smoke.c lib/syncdev.c lib/syncdev.h | $(GUEST_BIN)
	$(GUEST_CC) $(GUEST_CFLAGS) -o $@ tests/smoke/smoke.c lib/syncdev.c $(GUEST_LDFLAGS)
