package url

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/webstd/url/internal/infra"
)

// TestSetterAllocs holds the setters' allocation budget: a setter that
// changes a URL allocates its new href and nothing else.
func TestSetterAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	for _, start := range []string{typicalURL, "https://example.com/"} {
		u := MustParse(start)
		for _, c := range setterCases {
			t.Run(c.name+"/"+start, func(t *testing.T) {
				var v URL
				n := testing.AllocsPerRun(100, func() {
					v = u
					c.set(&v, c.value)
				})
				if v == u {
					t.Fatalf("%s(%q) left %q unchanged", c.name, c.value, start)
				}
				if n > 1 {
					t.Errorf("%s(%q) on %q: %v allocations, want at most 1 (the new href %q)", c.name, c.value, start, n, v.Href())
				}
			})
		}
	}
}

// readCorpusLines reads one of the real-world URL lists (see corpusDir), one
// URL a line, each line kept exactly as it is; it skips t when the list is
// not there.
func readCorpusLines(t *testing.T, name string) []string {
	t.Helper()
	f, err := os.Open(filepath.Join(corpusDir(), name))
	if err != nil {
		t.Skipf("corpus %s not found (set URL_CORPUS_DIR): %v", name, err)
	}
	defer f.Close()
	var urls []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		urls = append(urls, sc.Text())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return urls
}

// TestCorpusAllocs holds the parser's allocation budget on real URLs: on
// average at most 0.5 allocations a URL over kasztp.txt (48k URLs from the
// web); for each URL of every corpus, none when the URL is already in
// serialized form, and at most one (its href) otherwise (URLs that fail to
// parse are left out of this one: their error is allocated).
func TestCorpusAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	t.Run("kasztp-average", func(t *testing.T) {
		urls := readCorpusLines(t, "kasztp.txt")
		for _, s := range urls { // warm up lazily built tables
			_, _ = Parse(s)
		}
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		failed := 0
		for _, s := range urls {
			if _, err := Parse(s); err != nil {
				failed++
			}
		}
		runtime.ReadMemStats(&after)
		// The failures' errors are counted in: real use pays for them too.
		n := after.Mallocs - before.Mallocs
		avg := float64(n) / float64(len(urls))
		t.Logf("kasztp.txt: %d URLs, %d allocations (%.4f a URL), %d failed to parse", len(urls), n, avg, failed)
		if avg > 0.5 {
			t.Errorf("kasztp.txt: %.4f allocations a URL on average, want at most 0.5", avg)
		}
	})

	files, _ := filepath.Glob(filepath.Join(corpusDir(), "*.txt"))
	if len(files) == 0 {
		t.Skipf("no corpus in %s (set URL_CORPUS_DIR)", corpusDir())
	}
	for _, file := range files {
		name := filepath.Base(file)
		t.Run(name, func(t *testing.T) {
			var over []string
			for _, s := range readCorpusLines(t, name) {
				u, err := Parse(s)
				if err != nil {
					continue
				}
				budget := 1.0
				if u.Href() == s {
					budget = 0
				}
				// One run each, for time; one over the budget is counted
				// again over ten, for a stray allocation of the runtime
				// (AllocsPerRun counts the whole program's) falls in a run.
				parse := func() { _, _ = Parse(s) }
				if n := testing.AllocsPerRun(1, parse); n > budget && testing.AllocsPerRun(10, parse) > budget {
					over = append(over, s)
					if len(over) <= 10 {
						t.Errorf("Parse(%q): %v allocations, want at most %v", s, n, budget)
					}
				}
			}
			if len(over) > 10 {
				t.Errorf("%d URLs of %s over budget in all", len(over), name)
			}
		})
	}
}

// TestParseAllocsByKind holds the parse budget (none for a URL in serialized
// form, its href otherwise) on inputs that each take one path through the
// parser (the cases of BenchmarkParse), and on relative references resolved
// against a base URL.
func TestParseAllocsByKind(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	check := func(t *testing.T, input string, parse func() (URL, error)) {
		u, err := parse()
		if err != nil {
			t.Fatalf("%q: %v", input, err)
		}
		budget := 1.0
		if u.Href() == input {
			budget = 0
		}
		if u.HostKind() == DomainHost && !infra.IsASCII(input) {
			// UTS #46 ToASCII, in golang.org/x/net/idna, allocates its
			// own strings; an internationalized domain costs those too.
			budget = 4
		}
		if n := testing.AllocsPerRun(100, func() { _, _ = parse() }); n > budget {
			t.Errorf("%q: %v allocations, want at most %v (href %q)", input, n, budget, u.Href())
		}
	}
	for _, c := range parseCases {
		t.Run(c.name, func(t *testing.T) {
			check(t, c.input, func() (URL, error) { return Parse(c.input) })
		})
	}
	base := MustParse("https://user@example.com/a/b/c/d?q#f")
	for _, ref := range []string{"page.html", "../../x/./y/../z", "?q=2", "#other", "//other.example/p", "https://other.example/p"} {
		t.Run("base/"+ref, func(t *testing.T) {
			check(t, ref, func() (URL, error) { return base.Parse(ref) })
		})
	}
}
