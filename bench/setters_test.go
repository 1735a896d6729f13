package bench

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/webstd/url"
)

// A setterCase is one setter of the URL API with the value it is timed
// with: the values of the main module's BenchmarkSetters
// (bench_micro_test.go), some of which need percent-encoding or path
// normalization. ada/driver.cpp uses the same names and values.
type setterCase struct {
	name  string
	value string
	ours  func(u *url.URL, s string) error
}

var setterCases = []setterCase{
	{"protocol", "http:", (*url.URL).SetProtocol},
	{"username", "alice", (*url.URL).SetUsername},
	{"password", "s3cret", (*url.URL).SetPassword},
	{"host", "other.example:8443", (*url.URL).SetHost},
	{"hostname", "other.example", (*url.URL).SetHostname},
	{"port", "8443", (*url.URL).SetPort},
	{"pathname", "/new/../path", (*url.URL).SetPathname},
	{"search", "?a=1&b=2 3", (*url.URL).SetSearch},
	{"hash", "#new fragment", (*url.URL).SetHash},
}

// setterCorpus is the corpus the setters are timed on: $SETTER_CORPUS
// (a file name in corpusDir, without ".txt"), else kasztp, URLs from the
// web.
func setterCorpus(tb testing.TB) corpus {
	name := os.Getenv("SETTER_CORPUS")
	if name == "" {
		name = "kasztp"
	}
	file := filepath.Join(corpusDir(), name+".txt")
	if _, err := os.Stat(file); err != nil {
		tb.Skipf("no setter corpus: %v (set URL_CORPUS_DIR or SETTER_CORPUS)", err)
	}
	return readCorpora(tb, []string{file})[0]
}

// acceptedURLs returns the URLs of c that we accept, as text and parsed.
// (ours and ada accept the same ones: TestAgreesWithAda.)
func acceptedURLs(c corpus) (texts []string, parsed []url.URL, bytes int64) {
	for _, s := range c.urls {
		u, err := url.Parse(s)
		if err != nil {
			continue
		}
		texts = append(texts, s)
		parsed = append(parsed, u)
		bytes += int64(len(s))
	}
	return texts, parsed, bytes
}

// BenchmarkSetters times each setter over the URLs of the setter corpus
// that parse, in three ways, one op being a pass over those URLs:
//
//	ours         copy the parsed URL, run the setter on the copy, read the
//	             href (the original stays as it was)
//	ours-parse   parse the URL, run the setter, read the href
//	goada-parse  the same through goada (New, setter, Href, Free)
//
// ada/driver.cpp adds ada-native (copy the url_aggregator, set, read the
// href) and ada-native-parse. ns/URL is per URL, allocs/URL and B/URL come
// from runtime.MemStats.
func BenchmarkSetters(b *testing.B) {
	c := setterCorpus(b)
	texts, parsed, bytes := acceptedURLs(c)
	for _, sc := range setterCases {
		b.Run(sc.name, func(b *testing.B) {
			b.Run("ours", func(b *testing.B) {
				timeSetter(b, len(parsed), bytes, func() {
					var v url.URL // outside the loop: &v escapes through sc.ours
					for _, u := range parsed {
						v = u
						sc.ours(&v, sc.value)
						sinkHref = v.Href()
					}
				})
			})
			b.Run("ours-parse", func(b *testing.B) {
				timeSetter(b, len(texts), bytes, func() {
					var v url.URL
					for _, s := range texts {
						v, _ = url.Parse(s)
						sc.ours(&v, sc.value)
						sinkHref = v.Href()
					}
				})
			})
			b.Run("goada-parse", func(b *testing.B) {
				pass, skip := goadaSetterPass(sc, texts)
				if skip != "" {
					b.Skip(skip)
				}
				timeSetter(b, len(texts), bytes, pass)
			})
		})
	}
}

// timeSetter times pass, one pass over n URLs of the given total length,
// as benchmarkCorpus does.
func timeSetter(b *testing.B, n int, bytes int64, pass func()) {
	b.SetBytes(bytes)
	pass() // warm up
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for b.Loop() {
		pass()
	}
	elapsed := b.Elapsed()
	runtime.ReadMemStats(&after)
	urls := float64(b.N) * float64(n)
	b.ReportMetric(float64(elapsed.Nanoseconds())/urls, "ns/URL")
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/urls, "allocs/URL")
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/urls, "B/URL")
	b.ReportMetric(float64(n), "URLs/op")
}
