#!/usr/bin/env bash
# instr.sh counts the instructions that ours and ada compiled natively
# execute per URL, on each corpus and on the URLs of each corpus that our
# fast path declines, with valgrind's callgrind: counts that do not depend
# on what else a shared machine is doing, where run.sh's times do.
#
#   ./instr.sh                   every corpus and declined subset
#   ./instr.sh FILE...           these URL lists (one URL a line)
#
# Ours is BenchmarkParse's loop in a program of its own (cmd/parseloop, its
# function pass), ada is parse_all of ada/driver.cpp: both parse each URL
# and read its href, and ada's frees its result. Only the instructions
# executed inside those loop functions are counted (callgrind's
# --toggle-collect): not the program's start, the reading of the list, or
# work on other threads. Ours runs with GOMAXPROCS=1, GOGC=off (parseloop
# collects the garbage of reading the list before its passes; a collection
# inside a pass, on this one thread, would be counted more or less from one
# run to the next: the collector's cost is not in these counts) and
# GODEBUG=asyncpreemptoff=1, so that no preemption signal runs inside the
# loop. Each program runs twice, with one pass and with eleven after the
# same warm-up, and the difference, ten passes, is divided by ten times the
# URLs. (Counting the whole program, as this script did first, moved by
# hundreds of instructions a URL between runs on a short list.)
# Instructions are not time (the instructions per cycle differ), but their
# ratio moves with the time's and shows where a change took instructions
# away.
set -euo pipefail
cd "$(dirname "$0")"
export GOTOOLCHAIN="${GOTOOLCHAIN:-go1.27.4}"

if ! command -v valgrind >/dev/null; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
		echo "instr.sh: installing valgrind" >&2
		apt-get update -qq && apt-get install -y -qq valgrind >&2
	else
		echo "instr.sh: needs valgrind" >&2
		exit 1
	fi
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
corpus="${URL_CORPUS_DIR:-../../shared/corpus}"
files=("$@")
if [ "${#files[@]}" = 0 ]; then
	corpus="$(cd "$corpus" && pwd)"
	mkdir -p "$tmp/declined"
	(cd .. && URL_CORPUS_DIR="$corpus" DECLINED_OUT="$tmp/declined" go test -count=1 -run '^TestFastPathCorpus$' . >/dev/null)
	files=("$corpus"/*.txt "$tmp/declined"/*.txt)
fi

echo "instr.sh: building" >&2
go build -o "$tmp/parseloop" ./cmd/parseloop
driver="$(ada/build.sh)"

# total FILE: the instructions of the whole program, from a callgrind output
# file.
total() {
	callgrind_annotate "$1" 2>/dev/null | awk '/PROGRAM TOTALS/ && !done { gsub(",", "", $1); print $1; done = 1 }'
}
# ours FILE PASSES: the instructions of ours over FILE with PASSES passes
# (cmd/parseloop, after its warm-up pass), on one P with the memory
# profiler's samples off, so that two runs differ by the passes alone.
ours() {
	GOMAXPROCS=1 GOGC=off GODEBUG=asyncpreemptoff=1,memprofilerate=0 \
		valgrind --tool=callgrind --toggle-collect=main.pass --callgrind-out-file="$tmp/cg.out" "$tmp/parseloop" -passes "$2" "$1" >/dev/null 2>&1
	total "$tmp/cg.out"
}
# ada FILE PASSES: the same for ada's driver (parse_all run once before the
# rounds to count failures, once to warm up, then once a round).
ada() {
	valgrind --tool=callgrind --toggle-collect='*parse_all*' --callgrind-out-file="$tmp/cg.out" "$driver" parse -rounds "$2" -time 0 "$1" >/dev/null 2>&1
	total "$tmp/cg.out"
}

echo "| URLs | count | ours instructions/URL | ada instructions/URL | ada ÷ ours |"
echo "|---|---:|---:|---:|---:|"
for f in "${files[@]}"; do
	n="$(awk 'END { print NR }' "$f")"
	[ "$n" -gt 0 ] || continue
	name="$(basename "$f" .txt)"
	case "$name" in
	*-declined) name="${name%-declined}.txt, declined by the fast path" ;;
	*) name="$name.txt" ;;
	esac
	echo "instr.sh: $name" >&2
	o=$(($(ours "$f" 11) - $(ours "$f" 1)))
	a=$(($(ada "$f" 11) - $(ada "$f" 1)))
	awk -v name="$name" -v n="$n" -v o="$o" -v a="$a" \
		'BEGIN { printf "| %s | %d | %.0f | %.0f | %.2fx |\n", name, n, o / n / 10, a / n / 10, a / o }'
done
