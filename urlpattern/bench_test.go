package urlpattern

import (
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
