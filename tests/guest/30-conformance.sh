#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# 30-conformance.sh - the shared fence conformance suite on every backend,
# then once more on legacy and dma with their poll_err parameter flipped.
#
# The required backends (a module that fails to bring up its device is a
# failure, not a skip) come from fb-conformance --required, which reads
# the rule from the devices' declarations (lib/syncdev.c: built in, or
# their module in the load list).
#
# poll_err (issue 15, docs/semantics.md): what poll() reports for a fence
# signaled with an error, POLLERR (Y) or POLLIN (N). Defaults: legacy Y (the
# 2013 framework), dma N (mainline sync_file). The parameter is 0644: this
# suite checks the defaults, writes the other value, runs the module's
# backend again (the cases read the parameter, so they expect the new
# behaviour; result lines say "[poll_err=V]"), and writes the default back.
req=$(fb-conformance --required /fb/modules/load.list)
mods=
case ",$req," in *,legacy,*) mods="$mods legacy:sync_legacy:Y:N" ;; esac
case ",$req," in *,dma,*) mods="$mods dma:sync_dma:N:Y" ;; esac
echo "# FB_REQUIRE_BACKENDS=\"$req\""

P=0 F=0 S=0
ok() { echo "ok $1"; P=$((P + 1)); }
bad() { echo "FAIL $1"; F=$((F + 1)); }

# conformance TAG ARGS...: run fb-conformance, tag its case lines with TAG,
# add its tally; its own closing line is shown as a comment.
conformance() {
	_tag=$1
	shift
	FB_REQUIRE_BACKENDS="$req" fb-conformance "$@" > /tmp/conformance.log 2>&1
	_rc=$?
	sed -E -e "s/^(ok|FAIL|skip) ([a-z]+) /\1 \2$_tag /" \
		-e 's/^([0-9]+ passed, [0-9]+ failed.*)$/# fb-conformance '"$*: \1/" \
		/tmp/conformance.log
	_last=$(grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' /tmp/conformance.log | tail -n 1)
	if [ -z "$_last" ]; then
		bad "fb-conformance $*: no closing line (exit status $_rc)"
		return
	fi
	_p=$(echo "$_last" | sed -E 's/^([0-9]+) passed.*/\1/')
	_f=$(echo "$_last" | sed -E 's/.* ([0-9]+) failed.*/\1/')
	_s=$(echo "$_last" | sed -E 's/.* ([0-9]+) skipped$/\1/')
	P=$((P + _p)) F=$((F + _f)) S=$((S + _s))
	[ "$_rc" = 0 ] || [ "$_f" != 0 ] || bad "fb-conformance $*: exit status $_rc"
}

# param BACKEND:MODULE:DEFAULT:OTHER -> sets be, prm, def, oth
param() {
	be=${1%%:*}
	_r=${1#*:}
	prm=/sys/module/${_r%%:*}/parameters/poll_err
	_r=${_r#*:}
	def=${_r%%:*}
	oth=${_r#*:}
}

for m in $mods; do
	param "$m"
	if [ "$(cat "$prm" 2>/dev/null)" = "$def" ]; then
		ok "$be poll_err-default-$def"
	else
		bad "$be poll_err-default-$def ($prm: $(cat "$prm" 2>&1))"
	fi
done

conformance "" --backend all

for m in $mods; do
	param "$m"
	if echo "$oth" > "$prm" && [ "$(cat "$prm")" = "$oth" ]; then
		ok "$be poll_err-set-$oth"
		conformance "[poll_err=$oth]" --backend "$be"
	else
		bad "$be poll_err-set-$oth (cannot write $prm)"
	fi
	if echo "$def" > "$prm" && [ "$(cat "$prm")" = "$def" ]; then
		ok "$be poll_err-restored-$def"
	else
		bad "$be poll_err-restored-$def"
	fi
done

echo "$P passed, $F failed, $S skipped"
[ "$F" = 0 ]
