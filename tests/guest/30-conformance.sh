#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# 30-conformance.sh - the shared fence conformance suite on every backend.
#
# mainline is always required (CONFIG_SW_SYNC is in every guest kernel);
# legacy and dma are required when their modules are in /fb/modules, so a
# module that fails to bring up its device is a failure, not a skip.
req=mainline
ls /fb/modules/*legacy*.ko >/dev/null 2>&1 && req="$req legacy"
ls /fb/modules/*dma*.ko >/dev/null 2>&1 && req="$req dma"
echo "# FB_REQUIRE_BACKENDS=\"$req\""
FB_REQUIRE_BACKENDS="$req" exec fb-conformance --backend all
