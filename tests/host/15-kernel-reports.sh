#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# 15-kernel-reports.sh - vm/kernel-reports is the one list of kernel reports
# that fail a run: vm/run (grep -E on the console) and the guest checkers
# (tests/reliability/kmsg.c, regcomp on /dev/kmsg records) both read it and
# agree, line for line, on real report lines and on harmless boot lines.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
p=0 f=0
tmp=$(mktemp -d /tmp/fencebench-reports.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
re=$(grep -v -e '^#' -e '^$' vm/kernel-reports | paste -sd '|')
cat > "$tmp/main.c" <<'C'
#include <stdio.h>
#include <string.h>
#include "kmsg.h"
int main(void)
{
	char line[512];

	if (rel_kmsg_patterns())
		return 2;
	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\n")] = 0;
		printf("%d\n", rel_kmsg_is_splat(line));
	}
	return 0;
}
C
gcc -std=c11 -D_GNU_SOURCE -Wall -Werror -Itests/reliability -o "$tmp/match" "$tmp/main.c" \
	tests/reliability/kmsg.c || { echo "FAIL kernel-reports: cannot build the kmsg matcher"; echo "0 passed, 1 failed"; exit 1; }
check() { # expected(1 report, 0 not) line
	local want=$1 line=$2 sh c
	sh=$(grep -a -q -E "$re" <<<"$line" && echo 1 || echo 0)
	c=$(FB_KERNEL_REPORTS=vm/kernel-reports "$tmp/match" <<<"$line")
	if [ "$sh" = "$want" ] && [ "$c" = "$want" ]; then
		echo "ok kernel-reports [$want] $line"; p=$((p + 1))
	else
		echo "FAIL kernel-reports '$line': want $want, vm/run $sh, kmsg.c $c"; f=$((f + 1))
	fi
}
check 1 "WARNING: CPU: 1 PID: 93 at lib/refcount.c:25 refcount_warn_saturate+0x13e/0x150"
check 1 "refcount_t: addition on 0; use-after-free."
check 1 "BUG: KASAN: slab-use-after-free in sync_timeline_signal+0x4f7/0x780"
check 1 "BUG kmalloc-64 (Not tainted): Poison overwritten"
check 1 "UBSAN: array-index-out-of-bounds in drivers/dma-buf/sw_sync.c:120:2"
check 1 "kmemleak: 2 new suspected memory leaks (see /sys/kernel/debug/kmemleak)"
check 1 "WARNING: possible circular locking dependency detected"
check 1 "INFO: task rel-stress:211 blocked for more than 120 seconds."
check 1 "rcu: INFO: rcu_preempt detected stalls on CPUs/tasks:"
check 1 "watchdog: BUG: soft lockup - CPU#1 stuck for 22s! [rel-stress:93]"
check 1 "list_del corruption, ffff888003c1b2a8->next is LIST_POISON1 (dead000000000100)"
check 1 "ODEBUG: free active (active state 0) object type: timer_list"
check 1 "fencebench[93]: segfault at 0 ip 0000000000401a2b sp 00007ffd error 4 in fencebench[401000+9b000]"
check 0 "kasan: KernelAddressSanitizer initialized (generic)"
check 0 "clocksource: Switched to clocksource tsc"
check 0 "sync_legacy: loading out-of-tree module taints kernel."
check 0 "Run /init as init process"
check 0 "fencebench-init: loading modules"
printf 'no-such\n' | FB_KERNEL_REPORTS=$tmp/none "$tmp/match" >/dev/null 2>"$tmp/err"
rc=$?
if [ "$rc" = 2 ] && grep -q 'cannot read the kernel report patterns' "$tmp/err"; then
	echo "ok kernel-reports missing-file-is-an-error"; p=$((p + 1))
else
	echo "FAIL kernel-reports missing file: status $rc"; f=$((f + 1))
fi
echo "$p passed, $f failed"
[ "$f" = 0 ]
