package router

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/webstd/url"
	"github.com/webstd/url/urlpattern"
)

// The benchmarks match the routes of GitHub's API (githubRoutes, about 150
// patterns) against one URL made for each route, in turn: one op is one
// URL. Each pair compares the Router with the loop it replaces, over the
// same patterns in the same order:
//
//   - First: the first match and its result; the loop tests each pattern
//     until one matches (TestURL, which allocates nothing) and executes it.
//   - Test: the first route that matches, without its result (the lookup
//     alone, which the index speeds up; an unexported method, as the
//     Router's API always gives the result); the loop tests each pattern
//     until one matches.
//   - All: every match with its result; the loop executes every pattern
//     (ExecURL), as a program without a router would.
//   - String: every match of a URL string; the loop calls Exec with the
//     string, which parses it once for each pattern, as JavaScript's
//     pattern.exec(url) does.

// githubRouter returns a Router of githubPatterns (each pattern's value its
// index), the patterns, and their URLs, parsed and as strings.
func githubRouter() (*Router[int], []*urlpattern.Pattern, []url.URL, []string) {
	patterns, strs := githubPatterns()
	var r Router[int]
	for i, p := range patterns {
		r.Add(p, i)
	}
	urls := make([]url.URL, len(strs))
	for i, s := range strs {
		urls[i] = url.MustParse(s)
	}
	return &r, patterns, urls, strs
}

var sinkResult *urlpattern.Result

func BenchmarkRouter(b *testing.B) {
	r, patterns, urls, strs := githubRouter()
	b.Run("First/router", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			m, ok := r.First(urls[i%len(urls)])
			if !ok {
				b.Fatal("no match")
			}
			sinkResult = m.Result
			i++
		}
	})
	b.Run("First/loop", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			u := urls[i%len(urls)]
			found := false
			for _, p := range patterns {
				if p.TestURL(u) {
					sinkResult, found = p.ExecURL(u), true
					break
				}
			}
			if !found {
				b.Fatal("no match")
			}
			i++
		}
	})
	b.Run("Test/router", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			found := false
			r.matching(urls[i%len(urls)], func(*route[int]) bool {
				found = true
				return false
			})
			if !found {
				b.Fatal("no match")
			}
			i++
		}
	})
	b.Run("Test/loop", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			u := urls[i%len(urls)]
			found := false
			for _, p := range patterns {
				if p.TestURL(u) {
					found = true
					break
				}
			}
			if !found {
				b.Fatal("no match")
			}
			i++
		}
	})
	b.Run("All/router", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			for m := range r.Match(urls[i%len(urls)]) {
				sinkResult = m.Result
			}
			i++
		}
	})
	b.Run("All/loop", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			u := urls[i%len(urls)]
			for _, p := range patterns {
				if res := p.ExecURL(u); res != nil {
					sinkResult = res
				}
			}
			i++
		}
	})
	b.Run("String/router", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			for m := range r.MatchString(strs[i%len(strs)]) {
				sinkResult = m.Result
			}
			i++
		}
	})
	b.Run("String/loop", func(b *testing.B) {
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			s := strs[i%len(strs)]
			for _, p := range patterns {
				if res := p.Exec(s); res != nil {
					sinkResult = res
				}
			}
			i++
		}
	})
}

// BenchmarkServeMux serves a request for each route of GitHub's API in
// turn through a ServeMux, and through net/http's ServeMux with the same
// routes in its syntax ("/repos/{owner}/{repo}", "{rest...}" for "*"), for
// scale: net/http's patterns are simpler (no regular expressions, no
// hostname groups), its tree finds the most specific one, and it matches
// the path net/url decoded where a ServeMux parses the request's URL.
func BenchmarkServeMux(b *testing.B) {
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {})
	mux := NewServeMux()
	std := http.NewServeMux()
	registered := make([]bool, len(githubRoutes))
	for i, path := range githubRoutes {
		var segs []string
		for _, seg := range strings.Split(path, "/") {
			switch {
			case seg == "*":
				seg = "{rest...}"
			case strings.HasPrefix(seg, ":"):
				seg = "{" + seg[1:] + "}"
			}
			segs = append(segs, seg)
		}
		// net/http's ServeMux refuses a pattern that conflicts with one
		// it has (neither more specific than the other:
		// "/repos/{owner}/{repo}/issues/comments/{id}" and
		// "/repos/{owner}/{repo}/issues/{number}/comments"); both muxes
		// leave such a route out.
		func() {
			defer func() { _ = recover() }()
			std.Handle("GET "+strings.Join(segs, "/"), ok)
			mux.Handle("GET "+path, ok)
			registered[i] = true
		}()
	}
	_, strs := githubPatterns()
	var reqs []*http.Request
	for i, s := range strs {
		if registered[i] {
			reqs = append(reqs, httptest.NewRequest("GET", s, nil))
		}
	}
	for _, c := range []struct {
		name string
		h    http.Handler
	}{{"router", mux}, {"net-http", std}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			w := httptest.NewRecorder()
			i := 0
			for b.Loop() {
				c.h.ServeHTTP(w, reqs[i%len(reqs)])
				i++
			}
			if w.Code != http.StatusOK {
				b.Fatalf("status %d", w.Code)
			}
		})
	}
}
