#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# 55-lava-job.sh - the LAVA job of ci/lava/ validates with LAVA's own job
# schema (lava_common.schemas.validate, strict, Debian's lava-common),
# for every mode, flavour and vCPU count the template takes, quick or
# not; the test definition with LAVA's test definition schema; and the
# validator is shown to refuse a job that is wrong (so that a pass means
# something). Needs no lava-run and no guest: the job is rendered with
# URLs that are never fetched. Bad parameters are refused by render-job
# with a message. Skips, saying why, without Debian's lava-common,
# python3-jinja2 and python3-yaml (make deps installs them).
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
. tests/host/stage.lib
stage_begin lava-job
stage_python jinja2 yaml lava_common.schemas
PY=/usr/bin/python3
echo "# lava-common $(dpkg-query -W -f='${Version}' lava-common 2>/dev/null || echo '?')"

k=file:///nonexistent/vmlinux r=file:///nonexistent/initramfs.cpio.gz
for mode in icount tcg; do
	for flavour in perf debug; do
		for cpus in 1 2 4; do
			for quick in "" --quick; do
				name="job-$mode-$flavour-${cpus}cpu${quick:+-quick}"
				if "$PY" ci/lava/render-job --mode "$mode" --cpus "$cpus" --flavour "$flavour" \
					--kernel "$k" --ramdisk "$r" $quick --meta git_sha=0123abc \
					> "$tmp/$name.yaml" 2> "$tmp/$name.err"; then
					ok "$name"
				else
					bad "$name: $(tail -n 1 "$tmp/$name.err")"
				fi
			done
		done
	done
done

# What the job asks QEMU for, as LAVA's device would run it: mode, vCPUs.
j=$tmp/job-icount-perf-2cpu-quick.yaml
grep -q -- '- -accel tcg -icount shift=0,sleep=off' "$j" && grep -q -- '- -smp 2' "$j" &&
	grep -q 'FB_ARGS: --quick --rounds 100 --samples 2000' "$j" &&
	grep -q 'fb.lava' "$j" && ok "job-icount-options" || bad "job-icount-options: $(grep -E 'accel|smp|FB_ARGS' "$j")"
j=$tmp/job-tcg-debug-4cpu.yaml
grep -q -- '- -accel tcg,thread=multi' "$j" && grep -q -- '- -smp 4' "$j" &&
	! grep -q -- '-icount' "$j" && grep -q "FB_ARGS: ''" "$j" &&
	ok "job-tcg-options" || bad "job-tcg-options: $(grep -E 'accel|smp|FB_ARGS' "$j")"

# The validator run on its own, as a lab would, on a rendered job; and
# on the same job broken three ways, each of which it must refuse.
"$PY" - "$tmp/job-icount-perf-1cpu-quick.yaml" > "$tmp/neg.out" 2>&1 <<'PY'
import copy, sys, yaml
from lava_common.schemas import validate
from voluptuous import Invalid
job = yaml.safe_load(open(sys.argv[1]))
validate(job, strict=True)
print("valid: rendered job")
def broken(what, change):
    j = copy.deepcopy(job)
    change(j)
    try:
        validate(j, strict=True)
        print("ACCEPTED: %s" % what)
    except Invalid as exc:
        print("refused: %s (%s)" % (what, exc))
broken("no job timeout", lambda j: j["timeouts"].pop("job"))
broken("context key LAVA does not know", lambda j: j["context"].update(fb_mode="icount"))
broken("test definition name with a space",
       lambda j: j["actions"][2]["test"]["definitions"][0].update(name="fence bench"))
PY
if grep -q '^valid: rendered job' "$tmp/neg.out" && [ "$(grep -c '^refused: ' "$tmp/neg.out")" = 3 ] &&
	! grep -q '^ACCEPTED' "$tmp/neg.out"; then
	ok "validator-refuses-broken-jobs"
else
	bad "validator-refuses-broken-jobs: $(cat "$tmp/neg.out")"
fi

# The test definition alone, with LAVA's schema for it.
if "$PY" -c 'import sys, yaml
from lava_common.schemas.test.testdef import validate
validate(yaml.safe_load(open(sys.argv[1])))' ci/lava/fencebench.yaml > "$tmp/testdef.out" 2>&1; then
	ok "testdef ci/lava/fencebench.yaml"
else
	bad "testdef ci/lava/fencebench.yaml: $(tail -n 1 "$tmp/testdef.out")"
fi

# Bad parameters: a clear refusal, nothing printed on stdout.
refuse() { # NAME EXPECTED-TEXT ARGS...
	local n=$1 want=$2
	shift 2
	if "$PY" ci/lava/render-job "$@" > "$tmp/refuse.out" 2> "$tmp/refuse.err"; then
		bad "refuses-$n: accepted"
	elif [ -s "$tmp/refuse.out" ] || ! grep -q -- "$want" "$tmp/refuse.err"; then
		bad "refuses-$n: $(tail -n 1 "$tmp/refuse.err")"
	else
		ok "refuses-$n"
	fi
}
refuse mode-kvm "invalid choice: 'kvm'" --mode kvm --cpus 1 --kernel "$k" --ramdisk "$r"
refuse cpus-0 "wants a positive number" --mode icount --cpus 0 --kernel "$k" --ramdisk "$r"
refuse kernel-path "wants a file:///" --mode icount --cpus 1 --kernel /boot/vmlinuz --ramdisk "$r"
refuse meta "wants KEY=VALUE" --mode icount --cpus 1 --kernel "$k" --ramdisk "$r" --meta nokey
stage_end
