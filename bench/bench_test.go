// Package bench compares github.com/webstd/url with other URL parsers over the
// real-world URL lists in ../../shared/corpus. It is a module of its own so
// that users of github.com/webstd/url never download the peers it measures.
//
// Run ./run.sh for the table that BENCHMARKS.md shows; BENCHMARKS.md gives
// the method. urlpattern_test.go compares package urlpattern with
// github.com/dunglas/go-urlpattern in the same way; idna_test.go compares
// url.DomainToASCII and url.DomainToUnicode with golang.org/x/net/idna and
// ada's IDNA (BenchmarkIDNA, ada through adaidna.cpp).
package bench

import (
	"bufio"
	"bytes"
	stdurl "net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	nlnwa "github.com/nlnwa/whatwg-url/url"
	"github.com/webstd/url"
)

// A library is one URL parser under measurement.
type library struct {
	name string
	// parseAll parses each URL of urls, reads its href and keeps the
	// result in a package-level sink, so the compiler can drop none of the
	// work. It returns how many URLs failed to parse.
	parseAll func(urls []string) (failed int)
	// skip, when not empty, says why the library cannot run in this build.
	skip string
}

// libraries lists the parsers in the order of the tables: ours first, then
// the peers. goadaLibraries is in goada_test.go (cgo) or nocgo_test.go.
func libraries() []library {
	libs := []library{
		{name: "ours", parseAll: parseOurs},
		{name: "net-url", parseAll: parseNetURL},
	}
	libs = append(libs, goadaLibraries()...)
	return append(libs, library{name: "nlnwa", parseAll: parseNlnwa})
}

// The sinks keep the last result of each library alive.
var (
	sinkHref  string
	sinkOurs  url.URL
	sinkStd   *stdurl.URL
	sinkNlnwa *nlnwa.Url
	sinkErr   error
)

// parseOurs tests err and counts a failure, as ada's driver does (its
// failure is an enumerated value): Parse is inlined, and the ParseError of
// an error that is only tested is not allocated. BenchmarkParseFailure in
// the main module measures a failure whose error is kept.
func parseOurs(urls []string) (failed int) {
	for _, s := range urls {
		u, err := url.Parse(s)
		if err != nil {
			failed++
			continue
		}
		sinkHref = u.Href()
		sinkOurs = u
	}
	return failed
}

func parseNetURL(urls []string) (failed int) {
	for _, s := range urls {
		u, err := stdurl.Parse(s)
		if err != nil {
			sinkErr = err
			failed++
			continue
		}
		sinkHref = u.String()
		sinkStd = u
	}
	return failed
}

func parseNlnwa(urls []string) (failed int) {
	for _, s := range urls {
		u, err := nlnwa.Parse(s)
		if err != nil {
			sinkErr = err
			failed++
			continue
		}
		sinkHref = u.Href(false)
		sinkNlnwa = u
	}
	return failed
}

// corpusDir is where the URL lists are: $URL_CORPUS_DIR, else
// ../../shared/corpus (the shared folder beside the repository).
func corpusDir() string {
	if d := os.Getenv("URL_CORPUS_DIR"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "shared", "corpus")
}

// A corpus is one URL list: one URL a line, each line kept exactly as it is
// (kasztp.txt starts with a UTF-8 byte order mark, which stays on its first
// URL: every library gets the same bytes).
type corpus struct {
	name  string // the file name without ".txt"
	urls  []string
	bytes int64 // the URLs' total length
}

// loadCorpora reads every *.txt file of corpusDir.
func loadCorpora(tb testing.TB) []corpus {
	files, _ := filepath.Glob(filepath.Join(corpusDir(), "*.txt"))
	if len(files) == 0 {
		tb.Skipf("no corpus (*.txt) in %s: set URL_CORPUS_DIR", corpusDir())
	}
	return readCorpora(tb, files)
}

// loadDeclined reads every *.txt file of $DECLINED_DIR, where run.sh puts
// the URLs of each corpus that our fast path declines (written by the main
// module's TestFastPathCorpus as <corpus>-declined.txt), or nothing when
// DECLINED_DIR is not set.
func loadDeclined(tb testing.TB) []corpus {
	dir := os.Getenv("DECLINED_DIR")
	if dir == "" {
		return nil
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	return readCorpora(tb, files)
}

// readCorpora reads the URL lists files, leaving out empty ones.
func readCorpora(tb testing.TB, files []string) []corpus {
	var cs []corpus
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			tb.Fatal(err)
		}
		c := corpus{name: strings.TrimSuffix(filepath.Base(file), ".txt")}
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Buffer(make([]byte, 1<<20), 1<<26)
		for sc.Scan() {
			c.urls = append(c.urls, sc.Text())
			c.bytes += int64(len(sc.Text()))
		}
		if err := sc.Err(); err != nil {
			tb.Fatalf("%s: %v", file, err)
		}
		if len(c.urls) == 0 {
			continue
		}
		cs = append(cs, c)
	}
	return cs
}

// BenchmarkParse runs, for each corpus and library, the same loop: parse
// every URL of the corpus, read its href, keep the result. One iteration
// (op) is one pass over the whole corpus; the per-URL metrics divide by the
// number of URLs parsed:
//
//	ns/URL      wall time per URL
//	allocs/URL  heap allocations per URL (runtime.MemStats.Mallocs)
//	B/URL       heap bytes allocated per URL
//	URLs/op     the corpus's size
//	failed/op   URLs of the corpus the library rejects
//
// MB/s counts the input bytes (b.SetBytes is the corpus's size).
//
// With DECLINED_DIR set (run.sh sets it), the subsets of the corpora that our
// fast path declines are timed too, as corpora of their own.
func BenchmarkParse(b *testing.B) {
	corpora := append(loadCorpora(b), loadDeclined(b)...)
	for _, c := range corpora {
		b.Run(c.name, func(b *testing.B) {
			for _, lib := range libraries() {
				b.Run(lib.name, func(b *testing.B) {
					if lib.skip != "" {
						b.Skip(lib.skip)
					}
					benchmarkCorpus(b, lib, c)
				})
			}
		})
	}
}

func benchmarkCorpus(b *testing.B, lib library, c corpus) {
	b.SetBytes(c.bytes)
	failed := lib.parseAll(c.urls) // warm up: caches, lazily built tables
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	cpu0 := processCPU()
	for b.Loop() {
		lib.parseAll(c.urls)
	}
	elapsed, cpu := b.Elapsed(), processCPU()-cpu0
	runtime.ReadMemStats(&after)
	n := float64(b.N) * float64(len(c.urls))
	b.ReportMetric(float64(elapsed.Nanoseconds())/n, "ns/URL")
	if cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/n, "cpu-ns/URL")
	}
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/n, "allocs/URL")
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/n, "B/URL")
	b.ReportMetric(float64(len(c.urls)), "URLs/op")
	b.ReportMetric(float64(failed), "failed/op")
}
