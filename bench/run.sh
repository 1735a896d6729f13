#!/usr/bin/env bash
# run.sh measures github.com/webstd/url against net/url, ada (compiled
# natively, and through cgo with goada) and nlnwa/whatwg-url over each corpus
# in ../../shared/corpus and over the subset of each corpus that our fast path
# declines, then parallel throughput and the setters, and prints markdown
# tables (medians of the rounds), ready to paste into ../BENCHMARKS.md, then
# the targets met or missed.
#
#   ./run.sh                     5 rounds of every benchmark
#   ROUNDS=9 ./run.sh            more rounds
#   BENCH=Parse/kasztp ./run.sh  one corpus (a -bench pattern; it also
#                                selects the native driver's benchmarks)
#   BENCH=Setters ./run.sh       the setters only (Parse, Parallel, Setters)
#   BENCHTIME=2s ./run.sh        longer rounds (go test -benchtime)
#   NATIVE_TIME=1s ./run.sh      longer rounds of native ada (400ms)
#   NATIVE=0 ./run.sh            without native ada
#   DECLINED=0 ./run.sh          without the declined subsets
#   CGO_ENABLED=0 ./run.sh       without goada (it needs cgo)
#   STRICT=1 ./run.sh            exit 1 when a target is missed
#
# Each round is one run of the compiled test binary over every corpus and
# library, then one run of the native driver (ada/driver.cpp, built by
# ada/build.sh into a cache directory) over the same files, so the rounds of
# all the libraries are interleaved in time and a slow spell of a shared
# machine falls on all of them alike. The declined subsets are written by
# the main module's TestFastPathCorpus (DECLINED_OUT) into a directory
# beside the raw output. The raw output is kept in a file whose name is
# printed at the end; feed it to benchtable again with:
# go run ./cmd/benchtable < FILE
set -euo pipefail
cd "$(dirname "$0")"

export GOTOOLCHAIN="${GOTOOLCHAIN:-go1.27.4}"
rounds="${ROUNDS:-5}"
pattern="${BENCH:-.}"
benchtime="${BENCHTIME:-1s}"
native_time="${NATIVE_TIME:-400ms}"

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

for i in $(seq 1 "$rounds"); do
	echo "run.sh: round $i of $rounds (load average $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null))" >&2
	"$tmp/bench.test" -test.run '^$' -test.bench "$pattern" -test.benchtime "$benchtime" \
		-test.count 1 -test.v >>"$raw"
	if [ -n "$driver" ]; then
		"$driver" parse -rounds 1 -time "$native_time" -bench "$pattern" "$corpus"/*.txt "${declined[@]}" >>"$raw" 2>/dev/null
		if [ -f "$setter_corpus" ]; then
			"$driver" setters -rounds 1 -time "$native_time" -bench "$pattern" "$setter_corpus" >>"$raw" 2>/dev/null
		fi
	fi
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
