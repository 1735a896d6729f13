// Command benchtable reads the output of the bench module's BenchmarkParse
// (go test -bench, any number of rounds) on standard input and prints one
// markdown table per corpus: each library's median ns per URL over the
// rounds, with the fastest and slowest round, MB/s, allocations and bytes
// per URL, the URLs it rejects, and how many times slower than ours it is.
// After the tables it checks the targets of BENCHMARKS.md.
//
//	go test -run '^$' -bench . -count 5 | go run ./cmd/benchtable
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// The libraries in table order, with the names the tables show.
var libraries = []struct{ key, display string }{
	{"ours", "ours (github.com/webstd/url)"},
	{"net-url", "net/url"},
	{"goada-free", "goada, Free at once"},
	{"goada-readme", "goada as its README (finalizer)"},
	{"nlnwa", "nlnwa/whatwg-url"},
}

const ref = "ours"

// A cell gathers one benchmark's metrics over the rounds: unit → values.
type cell map[string][]float64

// results holds corpus → library → metrics, and the order corpora came in.
type results struct {
	corpora []string
	cells   map[string]map[string]cell
	skipped map[string]string // library → why it was skipped
}

// benchLine matches a result line: name, iterations, then value-unit pairs.
var benchLine = regexp.MustCompile(`^(Benchmark\S+?)(?:-\d+)?\s+(\d+)\s+(.*)$`)

// logLine matches a benchmark's log output: "    file_test.go:12: message".
var logLine = regexp.MustCompile(`^\s+\S+\.go:\d+: (.*)$`)

// skipLine matches "--- SKIP: BenchmarkParse/corpus/lib" (then the reason).
var skipLine = regexp.MustCompile(`^\s*--- SKIP: (Benchmark\S+?)(?:-\d+)?\s*(?:\(.*\))?$`)

func read(r io.Reader) (*results, error) {
	res := &results{cells: map[string]map[string]cell{}, skipped: map[string]string{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<16), 1<<22)
	// A skipped benchmark's reason is an indented "file_test.go:12: why"
	// line: before its "--- SKIP" line under -v, after it otherwise.
	lastMsg, pendingSkip := "", ""
	for sc.Scan() {
		line := sc.Text()
		if m := logLine.FindStringSubmatch(line); m != nil {
			lastMsg = m[1]
			if pendingSkip != "" {
				res.skipped[pendingSkip] = lastMsg
				pendingSkip = ""
			}
			continue
		}
		if m := skipLine.FindStringSubmatch(line); m != nil {
			if _, lib, ok := split(m[1]); ok {
				pendingSkip = lib
				if lastMsg != "" {
					res.skipped[lib] = lastMsg
					pendingSkip = ""
				}
			}
			lastMsg = ""
			continue
		}
		lastMsg, pendingSkip = "", ""
		m := benchLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		corpus, lib, ok := split(m[1])
		if !ok {
			continue
		}
		fields := strings.Fields(m[3])
		if len(fields)%2 != 0 {
			return nil, fmt.Errorf("cannot read %q: odd number of value-unit fields", line)
		}
		if res.cells[corpus] == nil {
			res.cells[corpus] = map[string]cell{}
			res.corpora = append(res.corpora, corpus)
		}
		c := res.cells[corpus][lib]
		if c == nil {
			c = cell{}
			res.cells[corpus][lib] = c
		}
		for i := 0; i < len(fields); i += 2 {
			v, err := strconv.ParseFloat(fields[i], 64)
			if err != nil {
				return nil, fmt.Errorf("cannot read %q: %v", line, err)
			}
			c[fields[i+1]] = append(c[fields[i+1]], v)
		}
	}
	return res, sc.Err()
}

// split takes "BenchmarkParse/corpus/library" apart.
func split(name string) (corpus, lib string, ok bool) {
	parts := strings.Split(name, "/")
	if len(parts) != 3 || parts[0] != "BenchmarkParse" {
		return "", "", false
	}
	return parts[1], parts[2], true
}

func median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// num formats x with about three significant digits and thousands
// separators for the integer part.
func num(x float64) string {
	switch {
	case x == 0:
		return "0"
	case x >= 100:
		return group(strconv.FormatFloat(x, 'f', 0, 64))
	case x >= 10:
		return strconv.FormatFloat(x, 'f', 1, 64)
	case x >= 0.1:
		return strconv.FormatFloat(x, 'f', 2, 64)
	default: // two significant digits: 0.0038, 0.000032
		return strconv.FormatFloat(x, 'f', 1-int(math.Floor(math.Log10(x))), 64)
	}
}

func group(s string) string {
	if len(s) <= 3 {
		return s
	}
	return group(s[:len(s)-3]) + "," + s[len(s)-3:]
}

func display(lib string) string {
	for _, l := range libraries {
		if l.key == lib {
			return l.display
		}
	}
	return lib
}

// order lists the libraries of one corpus: the known ones first, in table
// order, then any other in the order seen.
func order(cells map[string]cell) []string {
	var libs []string
	for _, l := range libraries {
		if cells[l.key] != nil {
			libs = append(libs, l.key)
		}
	}
	var rest []string
	for lib := range cells {
		if !slices.ContainsFunc(libraries, func(l struct{ key, display string }) bool { return l.key == lib }) {
			rest = append(rest, lib)
		}
	}
	slices.Sort(rest)
	return append(libs, rest...)
}

func (res *results) print(w io.Writer) (missed int) {
	for _, corpus := range res.corpora {
		cells := res.cells[corpus]
		c0 := cells[order(cells)[0]]
		urls := median(c0["URLs/op"])
		fmt.Fprintf(w, "### %s.txt (%s URLs)\n\n", corpus, group(strconv.Itoa(int(urls))))
		fmt.Fprintln(w, "| library | ns/URL (median) | fastest–slowest round | MB/s | allocs/URL | B/URL | rejected URLs | library ÷ ours |")
		fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|")
		ours := median(cells[ref]["ns/URL"])
		for _, lib := range order(cells) {
			c := cells[lib]
			ns := c["ns/URL"]
			ratio := "–"
			if ours > 0 && len(ns) > 0 {
				ratio = fmt.Sprintf("%.2fx", median(ns)/ours)
			}
			fmt.Fprintf(w, "| %s | %s | %s–%s | %s | %s | %s | %d | %s |\n",
				display(lib), num(median(ns)), num(slices.Min(ns)), num(slices.Max(ns)),
				num(median(c["MB/s"])), num(median(c["allocs/URL"])), num(median(c["B/URL"])),
				int(median(c["failed/op"])), ratio)
		}
		fmt.Fprintf(w, "\nRounds: %d.\n\n", len(cells[ref]["ns/URL"]))
	}
	if len(res.skipped) > 0 {
		for _, l := range slices.Sorted(maps.Keys(res.skipped)) {
			fmt.Fprintf(w, "Skipped %s: %s\n", display(l), res.skipped[l])
		}
		fmt.Fprintln(w)
	}

	// The targets: on each corpus, ours at most half of net/url's time and
	// at most a third of goada's (freed at once); on kasztp, at most 0.5
	// allocations per URL on average.
	fmt.Fprintln(w, "Targets:")
	fmt.Fprintln(w)
	check := func(ok bool, format string, args ...any) {
		mark := "met"
		if !ok {
			mark = "MISSED"
			missed++
		}
		fmt.Fprintf(w, "- %s: %s\n", fmt.Sprintf(format, args...), mark)
	}
	for _, corpus := range res.corpora {
		cells := res.cells[corpus]
		ours := median(cells[ref]["ns/URL"])
		if ours == 0 {
			continue
		}
		for _, t := range []struct {
			lib    string
			factor float64
		}{{"net-url", 2}, {"goada-free", 3}} {
			if c := cells[t.lib]; c != nil {
				r := median(c["ns/URL"]) / ours
				check(r >= t.factor, "%s.txt: %s ÷ ours = %.2fx (target ≥ %gx)", corpus, display(t.lib), r, t.factor)
			}
		}
		if corpus == "kasztp" {
			a := median(cells[ref]["allocs/URL"])
			check(a <= 0.5, "%s.txt: ours allocates %s times a URL on average (target ≤ 0.5)", corpus, num(a))
		}
	}
	return missed
}

func main() {
	strict := flag.Bool("strict", false, "exit with status 1 when a target is missed")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: go test -bench . -count 5 | benchtable [-strict]")
		flag.PrintDefaults()
	}
	flag.Parse()
	res, err := read(os.Stdin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchtable:", err)
		os.Exit(2)
	}
	if len(res.corpora) == 0 {
		fmt.Fprintln(os.Stderr, "benchtable: no BenchmarkParse/<corpus>/<library> results on standard input")
		os.Exit(2)
	}
	if missed := res.print(os.Stdout); missed > 0 && *strict {
		os.Exit(1)
	}
}
