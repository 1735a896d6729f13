package router

import (
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/webstd/url"
	"github.com/webstd/url/internal/benchdata"
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
//
// Each request is a fresh copy of one that httptest.NewRequest made, as a
// server gives each handler a request of its own (a request served twice
// would keep the path values of the first time). The handler does
// nothing; in "groups", it reads the path value of each group of its
// route, as a handler does. In "route", the ServeMux's routes were added
// with HandleRoute, and the handler reads the path values of its Route.
func BenchmarkServeMux(b *testing.B) {
	mux, routeMux, std, reqs := githubMuxes(b)
	for _, c := range []struct {
		name string
		h    http.Handler
		read bool
	}{
		{"router", mux, false}, {"route", routeMux, false}, {"net-http", std, false},
		{"groups/router", mux, true}, {"groups/route", routeMux, true}, {"groups/net-http", std, true},
	} {
		b.Run(c.name, func(b *testing.B) {
			readValues = c.read
			sinkValues = 0
			if w := benchdata.ServeEach(b, c.h, reqs); w.Code != http.StatusOK || c.read != (sinkValues > 0) {
				b.Fatalf("status %d, %d bytes of path values", w.Code, sinkValues)
			}
		})
	}
}

// BenchmarkServeMuxFloor is what a ServeMux pays before it reads or routes
// anything, for what it hands the handler: in "copy", a request of the
// handler's own whose context holds the Result (one allocation, as
// ServeHTTP makes it: r.WithContext copied into a resultContext); in
// "copy+values", two path values set as well (SetPathValue keeps a name
// that net/http's mux did not match in a map of the request, which it
// allocates). net/http's ServeMux sets its path values in fields of the
// request that no other package can set, and gives the handler the request
// itself. The floor of "copy+values" against BenchmarkServeMux's
// net/http is the lowest ratio a route of Handle can reach (a route of
// HandleRoute pays neither: its handler gets the request and a Route
// value); the design that gave a Handle route's handler the request
// itself was measured and reverted (BENCHMARKS.md: the state it reads is
// shared by the shallow copies middleware makes).
func BenchmarkServeMuxFloor(b *testing.B) {
	_, _, _, reqs := githubMuxes(b)
	nothing := http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})
	floor := func(values bool) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			rc := new(resultContext)
			if values {
				r.SetPathValue("owner", "o")
				r.SetPathValue("repo", "r")
			}
			rc.Context = r.Context()
			rc.req = *r.WithContext(rc)
			nothing.ServeHTTP(w, &rc.req)
		})
	}
	b.Run("copy", func(b *testing.B) { benchdata.ServeEach(b, floor(false), reqs) })
	b.Run("copy+values", func(b *testing.B) { benchdata.ServeEach(b, floor(true), reqs) })
}

// readValues says whether the handlers of githubMuxes read the path
// values; sinkValues counts the bytes they read.
var (
	readValues bool
	sinkValues int
)

// githubMuxes returns a ServeMux of githubRoutes (for GET) added with
// Handle, one added with HandleRoute and a net/http ServeMux, each route's
// handler reading the path value of each of its groups, and a request for
// each route; it checks that the three give the same path values for each
// request (under the names of each syntax: "0" is "rest").
func githubMuxes(tb testing.TB) (mux, routeMux *ServeMux, std *http.ServeMux, reqs []*http.Request) {
	mux, routeMux, std = NewServeMux(), NewServeMux(), http.NewServeMux()
	var got []string
	read := func(v string) {
		sinkValues += len(v)
		if got != nil {
			got = append(got, v)
		}
	}
	reader := func(names []string) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if readValues {
				for _, name := range names {
					read(r.PathValue(name))
				}
			}
		})
	}
	routeReader := func(names []string) RouteHandler {
		return RouteHandlerFunc(func(w http.ResponseWriter, r *http.Request, rt Route) {
			if readValues {
				for _, name := range names {
					read(rt.PathValue(name))
				}
			}
		})
	}
	// A ServeMux serves the first route that matches, net/http's the most
	// specific: the routes are added to both most specific first
	// (urlpattern.CompareComponent of the pathname, which ranks fixed
	// text over a group, as net/http's does), so that both choose the
	// same route for each request ("/repos/o1/r2/issues/comments" is not
	// "/repos/:owner/:repo/issues/:number").
	patterns, strs := githubPatterns()
	order := make([]int, len(patterns))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int {
		return urlpattern.CompareComponent(urlpattern.Pathname, patterns[j], patterns[i])
	})
	for _, i := range order {
		path := githubRoutes[i]
		var segs, names, stdNames []string
		for _, seg := range strings.Split(path, "/") {
			switch {
			case seg == "*":
				seg = "{rest...}"
				names, stdNames = append(names, "0"), append(stdNames, "rest")
			case strings.HasPrefix(seg, ":"):
				names, stdNames = append(names, seg[1:]), append(stdNames, seg[1:])
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
			std.Handle("GET "+strings.Join(segs, "/"), reader(stdNames))
			mux.Handle("GET "+path, reader(names))
			routeMux.HandleRoute("GET "+path, routeReader(names))
			reqs = append(reqs, httptest.NewRequest("GET", strs[i], nil))
		}()
	}
	readValues = true
	defer func() { readValues = false }()
	for _, req := range reqs {
		var values [3][]string
		for i, h := range []http.Handler{mux, routeMux, std} {
			got = []string{}
			w := httptest.NewRecorder()
			r := *req
			h.ServeHTTP(w, &r)
			if w.Code != http.StatusOK {
				tb.Fatalf("%s: %d", req.URL, w.Code)
			}
			values[i] = got
		}
		if !slices.Equal(values[0], values[2]) || !slices.Equal(values[1], values[2]) {
			tb.Fatalf("%s: path values %q, of a Route %q, net/http's %q", req.URL, values[0], values[1], values[2])
		}
	}
	got = nil
	return mux, routeMux, std, reqs
}
