//go:build cgo

package bench

import (
	"testing"

	"github.com/ada-url/goada"
	"github.com/webstd/url"
)

// goadaLibraries measures github.com/ada-url/goada, ada in C++ through cgo,
// in two ways: freeing each result as soon as its href is read, and as its
// README uses it, leaving each result to its finalizer.
func goadaLibraries() []library {
	return []library{
		{name: "goada-free", parseAll: parseGoadaFree},
		{name: "goada-readme", parseAll: parseGoadaReadme},
	}
}

var sinkGoada *goada.Url

// parseGoadaFree releases each result at once with Free, the fastest way to
// use goada: only the href (a Go copy) is kept.
func parseGoadaFree(urls []string) (failed int) {
	for _, s := range urls {
		u, err := goada.New(s)
		if err != nil {
			sinkErr = err
			failed++
			continue
		}
		sinkHref = u.Href()
		u.Free()
	}
	return failed
}

// parseGoadaReadme keeps each result as the README's examples do: no Free,
// the finalizer that New sets frees the C++ object after a garbage
// collection finds the *Url unreachable.
func parseGoadaReadme(urls []string) (failed int) {
	for _, s := range urls {
		u, err := goada.New(s)
		if err != nil {
			sinkErr = err
			failed++
			continue
		}
		sinkHref = u.Href()
		sinkGoada = u
	}
	return failed
}

// TestAgreesWithAda checks that our parser and ada, a conforming
// implementation, accept the same URLs of every corpus and serialize them
// alike, so that the benchmarks compare the same work.
func TestAgreesWithAda(t *testing.T) {
	for _, c := range loadCorpora(t) {
		differ := 0
		for _, s := range c.urls {
			ours, err := url.Parse(s)
			a, aerr := goada.New(s)
			href := ""
			if aerr == nil {
				href = a.Href()
				a.Free()
			}
			if (err == nil) != (aerr == nil) || ours.Href() != href {
				if differ++; differ <= 10 {
					t.Errorf("%s: %q: ours %q (error %v), ada %q (error %v)", c.name, s, ours.Href(), err, href, aerr)
				}
			}
		}
		if differ > 10 {
			t.Errorf("%s: %d URLs differ in all", c.name, differ)
		}
	}
}
