#!/bin/sh
# Lab smoke test: the guest booted with its file systems and modules, and
# mainline's sw_sync works through create / poll / increment (fb-smoke).
p=0 f=0
t() {
	if "$@" >/dev/null 2>&1; then
		echo "ok lab $name"; p=$((p + 1))
	else
		echo "FAIL lab $name"; f=$((f + 1))
	fi
}
name=debugfs; t test -d /sys/kernel/debug/sync
name=tracefs; t test -f /sys/kernel/tracing/trace
name=mainline-sw_sync; t test -e "$(fb-conformance --device mainline)"
name=modules-loaded; t sh -c 'for m in $(cat /fb/modules/load.list); do
	grep -q "^$(echo ${m%.ko} | tr - _) " /proc/modules || exit 1; done'

fb-smoke mainline > /tmp/smoke.log 2>&1
cat /tmp/smoke.log
sp=$(sed -n -E 's/^([0-9]+) passed, [0-9]+ failed$/\1/p' /tmp/smoke.log)
sf=$(sed -n -E 's/^[0-9]+ passed, ([0-9]+) failed$/\1/p' /tmp/smoke.log)
[ -n "$sp" ] || { echo "FAIL lab fb-smoke gave no tally"; sp=0 sf=1; }
echo "$((p + sp)) passed, $((f + sf)) failed"
[ $((f + sf)) = 0 ]
