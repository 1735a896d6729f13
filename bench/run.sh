#!/usr/bin/env bash
# run.sh measures github.com/webstd/url against net/url, ada (compiled
# natively, and through cgo with goada) and nlnwa/whatwg-url over each corpus
# in ../../shared/corpus and over the subset of each corpus that our fast path
# declines, then parallel throughput and the setters, and prints markdown
# tables (medians of the rounds), ready to paste into ../BENCHMARKS.md, then
# the targets met or missed.
#
#   ./run.sh                     5 rounds of every corpus (BenchmarkParse)
#   ROUNDS=9 ./run.sh            more rounds
#   BENCH=Parse/kasztp ./run.sh  one corpus (a -bench pattern; it also
#                                selects the native driver's benchmarks)
#   BENCH=Setters ./run.sh       the setters only (Parse, Parallel, Setters;
#                                "|" only inside parentheses: (Parse|Setters))
#   BENCHTIME=2s ./run.sh        longer rounds (go test -benchtime)
#   NATIVE_TIME=400ms ./run.sh   other rounds for native ada (BENCHTIME)
#   NATIVE=0 ./run.sh            without native ada
#   DECLINED=0 ./run.sh          without the declined subsets
#   CGO_ENABLED=0 ./run.sh       without goada (it needs cgo)
#   STRICT=1 ./run.sh            exit 1 when a target is missed
#
# Each round times each corpus with the native driver (ada/driver.cpp,
# built by ada/build.sh into a cache directory), then at once with the
# compiled test binary (ours first, then the peers), so the rounds of all the
# libraries are interleaved in time, ours and native ada seconds apart, and
# a slow spell of a shared machine falls on all of them alike; benchtable
# also gives the median of the per-round ratios of ada to ours. The declined subsets are written by
# the main module's TestFastPathCorpus (DECLINED_OUT) into a directory
# beside the raw output. The raw output is kept in a file whose name is
# printed at the end; feed it to benchtable again with:
# go run ./cmd/benchtable < FILE
set -euo pipefail
cd "$(dirname "$0")"

export GOTOOLCHAIN="${GOTOOLCHAIN:-go1.27.4}"
rounds="${ROUNDS:-5}"
pattern="${BENCH:-^BenchmarkParse\$}"
benchtime="${BENCHTIME:-1s}"
native_time="${NATIVE_TIME:-$benchtime}"

# goada compiles ada's C++ (C++20) through cgo: it needs a C and a C++
# compiler. Debian's g++ package brings both; install it only when missing.
if [ "$(go env CGO_ENABLED)" = 1 ]; then
	cc="$(go env CC)"; cxx="$(go env CXX)"
	if ! command -v "${cc%% *}" >/dev/null || ! command -v "${cxx%% *}" >/dev/null; then
		if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
			echo "run.sh: no C/C++ compiler ($cc, $cxx) for goada: installing g++" >&2
			apt-get update -qq && apt-get install -y -qq g++ >&2
		fi
	fi
	if ! command -v "${cxx%% *}" >/dev/null; then
		echo "run.sh: no C++ compiler ($cxx): measuring without goada" >&2
		export CGO_ENABLED=0
	fi
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
raw="${RAW:-$(mktemp "${TMPDIR:-/tmp}/webstd-url-bench.XXXXXX")}"
: >"$raw"

# The corpora, as bench_test.go finds them.
corpus="${URL_CORPUS_DIR:-../../shared/corpus}"
if ! ls "$corpus"/*.txt >/dev/null 2>&1; then
	echo "run.sh: no corpus (*.txt) in $corpus: set URL_CORPUS_DIR" >&2
	exit 1
fi
corpus="$(cd "$corpus" && pwd)"
export URL_CORPUS_DIR="$corpus"
load_start="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"

echo "run.sh: building (the first build compiles ada's C++, about a minute)" >&2
if ! go test -c -o "$tmp/bench.test" . >"$tmp/build.log" 2>&1; then
	cat "$tmp/build.log" >&2
	echo "run.sh: the benchmarks do not build; CGO_ENABLED=0 ./run.sh measures without goada" >&2
	exit 1
fi
go build -o "$tmp/benchtable" ./cmd/benchtable

# ada compiled natively: the driver, built from the ada.cpp and ada.h that
# goada vendors.
driver=""
if [ "${NATIVE:-1}" != 0 ]; then
	if driver="$(ada/build.sh)"; then
		:
	else
		echo "run.sh: native ada does not build: measuring without it" >&2
		driver=""
	fi
fi

# The declined subsets: the URLs of each corpus that our fast path
# (parseSerialized) declines, written by a test of the main module.
declined=()
declined_dir="$raw.declined"
if [ "${DECLINED:-1}" != 0 ]; then
	mkdir -p "$declined_dir"
	if ! (cd .. && DECLINED_OUT="$declined_dir" go test -count=1 -run '^TestFastPathCorpus$' . >"$tmp/declined.log" 2>&1); then
		cat "$tmp/declined.log" >&2
		echo "run.sh: TestFastPathCorpus failed: no declined subsets" >&2
		exit 1
	fi
	for f in "$declined_dir"/*.txt; do
		if [ -s "$f" ]; then declined+=("$f"); else rm -f "$f"; fi
	done
	export DECLINED_DIR="$declined_dir"
fi
setter_corpus="$corpus/${SETTER_CORPUS:-kasztp}.txt"

# Each corpus and setter gets a pattern of its own, built from $pattern's
# levels: a "|" outside parentheses (go test's alternation of whole names)
# cannot be split so; Parse/(kasztp|userbait) can.
if [ "$(printf '%s' "$pattern" | awk '{ d = 0; for (i = 1; i <= length($0); i++) { c = substr($0, i, 1); if (c == "(" || c == "[") d++; else if (c == ")" || c == "]") d--; else if (c == "|" && d == 0) { print "bar"; exit } } }')" = bar ]; then
	echo "run.sh: BENCH=$pattern: put each \"|\" inside parentheses, as in Parse/(kasztp|userbait)" >&2
	exit 2
fi

# matches NAME PATTERN: whether go test -bench PATTERN selects the benchmark
# NAME (each level of the pattern, split at "/", matches the name's level).
matches() {
	local -a n p
	IFS=/ read -ra n <<<"$1"
	IFS=/ read -ra p <<<"$2"
	local k
	for k in "${!p[@]}"; do
		[ "$k" -lt "${#n[@]}" ] || break
		printf '%s' "${n[$k]}" | grep -Eq -- "${p[$k]}" || return 1
	done
}
# below LEVELS: the levels of $pattern below the first LEVELS, as a
# pattern suffix ("/..." or "").
below() {
	local -a p
	IFS=/ read -ra p <<<"$pattern"
	local rest="" k
	for ((k = $1; k < ${#p[@]}; k++)); do rest+="/${p[$k]}"; done
	printf '%s' "$rest"
}
gobench() { # PATTERN: one run of the Go benchmarks it selects
	"$tmp/bench.test" -test.run '^$' -test.bench "$1" -test.benchtime "$benchtime" -test.count 1 -test.v >>"$raw"
}
native() { # ARGS: one round of the native driver
	if [ -n "$driver" ]; then "$driver" "$@" -rounds 1 -time "$native_time" >>"$raw" 2>/dev/null; fi
}
# The setters of BenchmarkSetters (setters_test.go) and ada/driver.cpp.
setters=(protocol username password host hostname port pathname search hash)

# Each round times each corpus (then each declined subset) with native ada
# and right after it with the Go libraries, ours first, so that ours and
# ada are timed seconds apart; then the parallel benchmark, then each setter
# the same way.
for i in $(seq 1 "$rounds"); do
	echo "run.sh: round $i of $rounds (load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null))" >&2
	for f in "$corpus"/*.txt "${declined[@]}"; do
		c="$(basename "$f" .txt)"
		matches "BenchmarkParse/$c" "$pattern" || continue
		p="^BenchmarkParse\$/^$c\$$(below 2)"
		native parse -bench "$p" "$f"
		gobench "$p"
	done
	if matches BenchmarkParallel "$pattern"; then
		gobench "^BenchmarkParallel\$$(below 1)"
	fi
	for st in "${setters[@]}"; do
		matches "BenchmarkSetters/$st" "$pattern" || continue
		p="^BenchmarkSetters\$/^$st\$$(below 2)"
		if [ -f "$setter_corpus" ]; then native setters -bench "$p" "$setter_corpus"; fi
		gobench "$p"
	done
done
load_end="$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"

cpu="$(grep -m1 '^model name' /proc/cpuinfo 2>/dev/null | sed 's/^model name[[:space:]]*: //' || true)"
cgo="off (goada skipped)"
if [ "$(go env CGO_ENABLED)" = 1 ]; then
	cgo="on, $("$(go env CXX | cut -d' ' -f1)" --version | head -1)"
fi
echo "Measured $(date -u +%Y-%m-%d) with \`cd bench && ./run.sh\`: $rounds rounds, -benchtime $benchtime, native ada rounds of $native_time."
echo
echo "- Machine: $(nproc) cores (GOMAXPROCS $(nproc)), ${cpu:-unknown CPU}, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo 2>/dev/null) memory, $(uname -sr)"
echo "- Go: $(go version | cut -d' ' -f3-), cgo $cgo"
echo "- Ours: commit $(git -C .. rev-parse --short HEAD 2>/dev/null || echo unknown)$(git -C .. diff --quiet HEAD -- . ':!bench' 2>/dev/null || echo ', with changes not committed')"
if [ -n "$driver" ]; then
	echo "- Native ada: $(grep -m1 '#define ADA_VERSION' "$(go list -m -f '{{.Dir}}' github.com/ada-url/goada)/ada.h" | cut -d'"' -f2), from goada's ada.cpp, $(${CXX:-g++} --version | head -1) -O3 -std=c++20 -DNDEBUG, one thread"
fi
echo "- Load average (1, 5, 15 min): $load_start at the start, $load_end at the end"
echo "- Peers: $(go list -m -f '{{.Path}} {{.Version}}' github.com/ada-url/goada github.com/nlnwa/whatwg-url | paste -sd, - | sed 's/,/, /g')"
echo
strict=""
if [ -n "${STRICT:-}" ]; then strict="-strict"; fi
status=0
"$tmp/benchtable" $strict <"$raw" || status=$?
echo "run.sh: raw go test output in $raw" >&2
if [ "${#declined[@]}" -gt 0 ]; then
	echo "run.sh: the declined subsets in $declined_dir (DECLINED_DIR for go test in bench/, URL_CORPUS_DIR for the main module's BenchmarkCorpus)" >&2
fi
exit "$status"
