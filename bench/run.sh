#!/usr/bin/env bash
# run.sh measures github.com/webstd/url against net/url, goada and
# nlnwa/whatwg-url over each corpus in ../../shared/corpus and prints one
# markdown table per corpus (median of the rounds), ready to paste into
# ../BENCHMARKS.md, then the targets met or missed.
#
#   ./run.sh                     5 rounds of every corpus (BenchmarkParse)
#   ROUNDS=9 ./run.sh            more rounds
#   BENCH=Parse/kasztp ./run.sh  one corpus (a -bench pattern)
#   BENCHTIME=2s ./run.sh        longer rounds (go test -benchtime)
#   CGO_ENABLED=0 ./run.sh       without goada (it needs cgo)
#   STRICT=1 ./run.sh            exit 1 when a target is missed
#
# Each round is one run of the compiled test binary over every corpus and
# library, so the rounds of all the libraries are interleaved in time and a
# slow spell of a shared machine falls on all of them alike. The raw
# go test output is kept in a file whose name is printed at the end; feed it
# to benchtable again with: go run ./cmd/benchtable < FILE
set -euo pipefail
cd "$(dirname "$0")"

export GOTOOLCHAIN="${GOTOOLCHAIN:-go1.27.4}"
rounds="${ROUNDS:-5}"
pattern="${BENCH:-^BenchmarkParse\$}"
benchtime="${BENCHTIME:-1s}"

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

echo "run.sh: building (the first build compiles ada's C++, about a minute)" >&2
if ! go test -c -o "$tmp/bench.test" . >"$tmp/build.log" 2>&1; then
	cat "$tmp/build.log" >&2
	echo "run.sh: the benchmarks do not build; CGO_ENABLED=0 ./run.sh measures without goada" >&2
	exit 1
fi
go build -o "$tmp/benchtable" ./cmd/benchtable

for i in $(seq 1 "$rounds"); do
	echo "run.sh: round $i of $rounds" >&2
	"$tmp/bench.test" -test.run '^$' -test.bench "$pattern" -test.benchtime "$benchtime" \
		-test.count 1 -test.v >>"$raw"
done

cpu="$(grep -m1 '^model name' /proc/cpuinfo 2>/dev/null | sed 's/^model name[[:space:]]*: //' || true)"
cgo="off (goada skipped)"
if [ "$(go env CGO_ENABLED)" = 1 ]; then
	cgo="on, $("$(go env CXX | cut -d' ' -f1)" --version | head -1)"
fi
echo "Measured $(date -u +%Y-%m-%d) with \`cd bench && ./run.sh\`: $rounds rounds, -benchtime $benchtime."
echo
echo "- Machine: $(nproc) cores (GOMAXPROCS $(nproc)), ${cpu:-unknown CPU}, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo 2>/dev/null) memory, $(uname -sr)"
echo "- Go: $(go version | cut -d' ' -f3-), cgo $cgo"
echo "- Peers: $(go list -m -f '{{.Path}} {{.Version}}' github.com/ada-url/goada github.com/nlnwa/whatwg-url | paste -sd, - | sed 's/,/, /g')"
echo
strict=""
if [ -n "${STRICT:-}" ]; then strict="-strict"; fi
status=0
"$tmp/benchtable" $strict <"$raw" || status=$?
echo "run.sh: raw go test output in $raw" >&2
exit "$status"
