#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# 25-extending.sh - docs/extending.md's worked examples are complete files
# that build and register: every code block marked `<!-- extract: PATH -->`
# goes into a scratch copy of the tree as the new file PATH (nothing else
# is edited), the guest programs fencebench and fb-conformance are built
# there with and without them, and their --list (static x86-64 programs:
# they run on the host) must show what the examples add: a backend and a
# workload (with its parameters in fencebench --help), a conformance case.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
. tests/host/stage.lib
stage_begin extending
doc=docs/extending.md
tree=$tmp/tree
# The build folder of the scratch tree, apart from any kernel's.
gb=build/extending
bin=$tree/$gb/guest/bin

# extract DOC DIR: the Nth marked block of DOC into the file DIR/N; prints
# "N PATH" for each. A marker must stand right above its block (a blank
# line between is allowed), name a relative path inside the tree, and its
# block must close.
extract() {
	awk -v dir="$2" '
	function fail(msg) { printf "%s:%d: %s\n", FILENAME, FNR, msg > "/dev/stderr"; bad = 1 }
	inblock && /^```/ { inblock = 0; close(out); next }
	inblock { print > out; next }
	/^<!-- extract: / {
		if (path != "") fail("marker of " path " without its code block")
		path = $3
		if ($0 !~ /^<!-- extract: [^ ]+ -->$/ || path ~ /^\// || path ~ /(^|\/)\.\.(\/|$)/)
			fail("want <!-- extract: PATH --> with a relative PATH in the tree")
		next
	}
	path != "" && /^```/ {
		out = dir "/" ++n
		printf "" > out
		print n, path
		cur = path; inblock = 1; path = ""; next
	}
	path != "" && !/^[ \t]*$/ { fail("marker of " path " without its code block") }
	END {
		if (inblock) fail("the block of " cur " does not close")
		if (path != "") fail("marker of " path " without its code block")
		exit bad
	}' "$1"
}

# names LIST-OUTPUT SECTION: the names of one section of fencebench --list.
names() {
	awk -v s="$2" '/^[a-z]/ { in_s = $0 == s ":"; next } in_s && /^  [^ ]/ { print $1 }' "$1"
}

# added KIND BEFORE AFTER: report the names AFTER has and BEFORE had not;
# at least one is wanted, and none may be gone.
added() {
	local kind=$1 new gone
	new=$(comm -13 <(sort "$2") <(sort "$3") | tr '\n' ' ')
	gone=$(comm -23 <(sort "$2") <(sort "$3") | tr '\n' ' ')
	if [ -n "$gone" ]; then
		bad "$kind: the examples made ${gone% } disappear"
	elif [ -n "$new" ]; then
		ok "$kind: ${new% }"
	else
		bad "$kind: nothing new listed"
	fi
}

build() { # LOG
	make -C "$tree" -s GUEST_BUILD=$gb "$gb/guest/bin/fencebench" \
		"$gb/guest/bin/fb-conformance" > "$1" 2>&1
}

mkdir -p "$tmp/blocks"
if ! extract "$doc" "$tmp/blocks" > "$tmp/blocks/list" 2> "$tmp/extract.err"; then
	bad "extract: $(head -n 1 "$tmp/extract.err")"
fi
# One example of each kind at least: a marker lost is a failure here.
for d in bench/backends bench/workloads tests/conformance; do
	if grep -q " $d/[^/]*\.c$" "$tmp/blocks/list"; then
		ok "example-in-$d"
	else
		bad "example-in-$d: $doc marks no block as a new $d/*.c"
	fi
done

rsync -a --exclude=/build --exclude=/results --exclude=/.git ./ "$tree/"
if build "$tmp/build-before.log"; then
	ok "build-without-examples"
else
	bad "build-without-examples: $(grep -m 1 -E 'error|Error' "$tmp/build-before.log")"
	stage_end
	exit
fi
"$bin/fencebench" --list > "$tmp/list-before" 2>&1
"$bin/fb-conformance" --list > "$tmp/cases-before" 2>&1

# (Not $p: stage.lib counts the passes in it.)
while read -r n path; do
	if [ -e "$tree/$path" ]; then
		bad "new-file $path: it is in the tree already (an example adds a new file)"
	else
		mkdir -p "$(dirname "$tree/$path")"
		cp "$tmp/blocks/$n" "$tree/$path"
		ok "new-file $path"
	fi
done < "$tmp/blocks/list"
if build "$tmp/build-after.log"; then
	ok "build-with-examples"
else
	bad "build-with-examples: $(grep -m 1 -E 'error|Error' "$tmp/build-after.log")"
	stage_end
	exit
fi

if "$bin/fencebench" --list > "$tmp/list-after" 2>&1; then
	names "$tmp/list-before" backends > "$tmp/b0"
	names "$tmp/list-after" backends > "$tmp/b1"
	added "fencebench --list: new backend" "$tmp/b0" "$tmp/b1"
	names "$tmp/list-before" workloads > "$tmp/w0"
	names "$tmp/list-after" workloads > "$tmp/w1"
	added "fencebench --list: new workload" "$tmp/w0" "$tmp/w1"
	# Each new workload's parameters are options with a --help line.
	"$bin/fencebench" --help > "$tmp/help" 2>&1
	# (No pipe into the loop: ok and bad count in this shell.)
	while read -r w; do
		awk -v w="$w" '$1 == w { getline; print }' "$tmp/list-after" |
			grep -o -- '--[a-z0-9-]*' > "$tmp/params"
		while read -r o; do
			if grep -q -- "^  $o " "$tmp/help"; then
				ok "fencebench --help: $o of $w"
			else
				bad "fencebench --help: no $o of $w"
			fi
		done < "$tmp/params"
	done < <(comm -13 <(sort "$tmp/w0") <(sort "$tmp/w1"))
else
	bad "fencebench --list: $(tail -n 1 "$tmp/list-after")"
fi
# What the new ones declare reaches a run's metadata (fencebench --declare):
# a backend's kind and a colour of its own (from the palette if it declares
# none), a workload's plots.
if "$bin/fencebench" --declare > "$tmp/declare" 2>&1; then
	declared() { sed -n "s/^$1=//p" "$tmp/declare"; }
	while read -r b; do
		kind=$(declared "backend_${b}_kind")
		colour=$(declared "backend_${b}_colour")
		others=$(grep -c "^backend_[a-z0-9_]*_colour=$colour\$" "$tmp/declare")
		if [ -n "$kind" ] && [ -n "$colour" ] && [ "$others" = 1 ]; then
			ok "fencebench --declare: backend $b, $kind, colour $colour"
		else
			bad "fencebench --declare: backend $b: kind '$kind', colour '$colour' (of $others backends)"
		fi
	done < <(comm -13 <(sort "$tmp/b0") <(sort "$tmp/b1"))
	while read -r w; do
		np=$(grep -c "^plot_${w}_[0-9]*=" "$tmp/declare")
		if [ "$np" -gt 0 ]; then
			ok "fencebench --declare: workload $w, $np plot(s)"
		else
			bad "fencebench --declare: workload $w declares no plot"
		fi
	done < <(comm -13 <(sort "$tmp/w0") <(sort "$tmp/w1"))
else
	bad "fencebench --declare: $(tail -n 1 "$tmp/declare")"
fi
if "$bin/fb-conformance" --list > "$tmp/cases-after" 2>&1; then
	cut -d' ' -f1 "$tmp/cases-before" > "$tmp/c0"
	cut -d' ' -f1 "$tmp/cases-after" > "$tmp/c1"
	added "fb-conformance --list: new case" "$tmp/c0" "$tmp/c1"
else
	bad "fb-conformance --list: $(tail -n 1 "$tmp/cases-after")"
fi
stage_end
