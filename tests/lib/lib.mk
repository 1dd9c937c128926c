# SPDX-License-Identifier: GPL-2.0
# lib.mk - host unit tests of lib/: the registries of the plug-ins and the
# option front end of the guest programs (the CHECK of bench/tests/check.h).
HOST_TESTS += $(HOST_TEST_BIN)/lib-registry $(HOST_TEST_BIN)/lib-cli
$(HOST_TEST_BIN)/lib-registry: tests/lib/registry_test.c lib/registry.c $(FB_LIB_HDRS) \
		bench/tests/check.h | $(HOST_TEST_BIN)
	$(HOST_CC) $(HOST_CFLAGS) -Ibench/tests -o $@ tests/lib/registry_test.c lib/registry.c $(HOST_LDFLAGS)
$(HOST_TEST_BIN)/lib-cli: tests/lib/cli_test.c lib/cli.c lib/param.c $(FB_LIB_HDRS) \
		bench/tests/check.h | $(HOST_TEST_BIN)
	$(HOST_CC) $(HOST_CFLAGS) -Ibench/tests -o $@ tests/lib/cli_test.c lib/cli.c lib/param.c $(HOST_LDFLAGS)
