package urlpattern

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/webstd/url"
)

// The benchmarks time the three operations a router repeats: compiling a
// pattern (once per route), testing a URL against it and executing it (per
// request and route). "direct" patterns are matched by a scan of their part
// list, "regexp" ones by internal/jsregexp.

var benchPatterns = []struct{ name, pattern, input string }{
	{"direct", "https://example.com/books/:id/*", "https://example.com/books/42/chapters/7?x=1"},
	{"hostname", "https://*.example.com/static/*", "https://cdn.example.com/static/app.js"},
	{"optional", "https://example.com/books/:id?/:page?", "https://example.com/books/42/7"},
	{"regexp", "https://example.com/books/:id(\\d+)/:slug([a-z\\-]+)", "https://example.com/books/42/go-in-action"},
}

func BenchmarkParse(b *testing.B) {
	for _, c := range benchPatterns {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Parse(c.pattern); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkNew(b *testing.B) {
	init := Init{Protocol: new("https"), Hostname: new("example.com"), Pathname: new("/books/:id")}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := New(init); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkTest(b *testing.B) {
	for _, c := range benchPatterns {
		p := MustParse(c.pattern)
		if !p.Test(c.input) {
			b.Fatalf("%s does not match %s", c.pattern, c.input)
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				p.Test(c.input)
			}
		})
		u := url.MustParse(c.input)
		b.Run(c.name+"/URL", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				p.TestURL(u)
			}
		})
	}
}

func BenchmarkExec(b *testing.B) {
	for _, c := range benchPatterns {
		p := MustParse(c.pattern)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if p.Exec(c.input) == nil {
					b.Fatal("no match")
				}
			}
		})
	}
}

// BenchmarkLongURL times the shapes of routeShapes, Exec of "/foo/:id"
// (matched by a scan, the baseline of TestCostPerByte) and a pattern made
// to be slow within the caps, on URLs of 1 KB and 1 MB, and reports the
// time per byte of the URL. The pattern made to be slow, a lazy wildcard
// then a counted repetition in a counted repetition (4,767 instructions),
// against a's with b's at random, keeps the lazy DFA changing state, so it
// goes to the engines that cost a constant times the program size per
// byte: it is timed on 1 KB and 16 KB, as 1 MB would take a minute.
func BenchmarkLongURL(b *testing.B) {
	const kb, mb = 1 << 10, 1 << 20
	rnd := rand.New(rand.NewPCG(1, 2))
	var random strings.Builder
	for range 997 {
		if rnd.IntN(34) == 0 {
			random.WriteByte('b')
		} else {
			random.WriteByte('a')
		}
	}
	type shape struct {
		linearCase
		sizes []int
	}
	shapes := []shape{{execCase("baseline/exec", "https://h/foo/:id", "https://h/foo/", "a", ""), []int{kb, mb}}}
	for _, c := range routeShapes {
		shapes = append(shapes, shape{c, []int{kb, mb}})
	}
	slow := "https://h/:p(.*?):q((?:a{0,10}){0,10})"
	shapes = append(shapes,
		shape{matchCase("crafted-within-caps", slow, "https://h/", random.String(), ""), []int{kb, 16 * kb}},
		shape{execCase("crafted-within-caps/exec", slow, "https://h/", random.String(), ""), []int{kb, 16 * kb}})
	for _, c := range shapes {
		for _, size := range c.sizes {
			work := c.setup(size)
			b.Run(fmt.Sprintf("%s/%dKB", c.name, size/kb), func(b *testing.B) {
				b.SetBytes(int64(size))
				for b.Loop() {
					work()
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(size), "ns/byte")
			})
		}
	}
}

// BenchmarkParseOverCap times the refusal of the crafted pattern of issue
// 20, which compiles to more instructions than the cap on program size:
// the size is worked out before anything is built.
func BenchmarkParseOverCap(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse("https://h/:p((?:a{0,100}){0,100})b"); err == nil {
			b.Fatal("no error")
		}
	}
}
