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

// goadaParallel is goada, freed at once, for BenchmarkParallel.
func goadaParallel() parallelLibrary {
	return parallelLibrary{name: "goada-free", parse: func(s string) (string, bool) {
		u, err := goada.New(s)
		if err != nil {
			return "", false
		}
		href := u.Href()
		u.Free()
		return href, true
	}}
}

// goadaSetter runs the setter of sc on a goada URL.
func goadaSetter(sc setterCase) func(u *goada.Url, s string) {
	switch sc.name {
	case "protocol":
		return func(u *goada.Url, s string) { u.SetProtocol(s) }
	case "username":
		return func(u *goada.Url, s string) { u.SetUsername(s) }
	case "password":
		return func(u *goada.Url, s string) { u.SetPassword(s) }
	case "host":
		return func(u *goada.Url, s string) { u.SetHost(s) }
	case "hostname":
		return func(u *goada.Url, s string) { u.SetHostname(s) }
	case "port":
		return func(u *goada.Url, s string) { u.SetPort(s) }
	case "pathname":
		return func(u *goada.Url, s string) { u.SetPathname(s) }
	case "search":
		return func(u *goada.Url, s string) { u.SetSearch(s) }
	case "hash":
		return func(u *goada.Url, s string) { u.SetHash(s) }
	}
	panic("no goada setter for " + sc.name)
}

// goadaSetterPass returns one pass of BenchmarkSetters' goada-parse: for
// each URL, New, the setter, Href, Free.
func goadaSetterPass(sc setterCase, urls []string) (pass func(), skip string) {
	set := goadaSetter(sc)
	return func() {
		for _, s := range urls {
			u, err := goada.New(s)
			if err != nil {
				continue
			}
			set(u, sc.value)
			sinkHref = u.Href()
			u.Free()
		}
	}, ""
}

// TestSettersAgreeWithAda checks that each setter of BenchmarkSetters, with
// its value, gives the same href in ours and in ada on every URL of the
// setter corpus, so that the setter table compares the same work.
func TestSettersAgreeWithAda(t *testing.T) {
	texts, parsed, _ := acceptedURLs(setterCorpus(t))
	for _, sc := range setterCases {
		set := goadaSetter(sc)
		differ := 0
		for i, s := range texts {
			v := parsed[i]
			sc.ours(&v, sc.value)
			a, err := goada.New(s)
			if err != nil {
				t.Fatalf("ada rejects %q, which we accept", s)
			}
			set(a, sc.value)
			if href := a.Href(); href != v.Href() {
				if differ++; differ <= 5 {
					t.Errorf("set %s to %q on %q: ours %q, ada %q", sc.name, sc.value, s, v.Href(), href)
				}
			}
			a.Free()
		}
		if differ > 5 {
			t.Errorf("set %s: %d URLs differ in all", sc.name, differ)
		}
	}
}

// adaIDNALibrary is ada's domain to ASCII and ada::idna::to_unicode for
// BenchmarkIDNA, through adaidna.cpp: one cgo call a pass.
func adaIDNALibrary() idnaLibrary {
	return idnaLibrary{
		name: "ada",
		pass: func(toUnicode bool, hosts []string) func() {
			l := newAdaHostList(hosts)
			return func() { sinkIDNAInt = adaIDNAPass(toUnicode, l) }
		},
		results: adaIDNA,
		// ada 3.4.1's IDNA tables: TestIDNAUnicodeVersions finds that it
		// accepts the code points of Unicode 16.0 and refuses those of 17.0.
		unicode: 1600,
	}
}

// sinkIDNAInt keeps the sink of ada's last pass.
var sinkIDNAInt int64
