package bench

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/julienschmidt/httprouter"
	"github.com/webstd/url/internal/benchdata"
	"github.com/webstd/url/urlpattern/router"
)

// BenchmarkRouters serves one request for each route of GitHub's API in
// turn (one op is one matched request) through four routers (five muxes) holding the
// same routes, each in its own syntax:
//
//   - servemux: our router.ServeMux, "GET /repos/:owner/:repo", "*" for
//     the rest of a path (path value "0"), handlers added with HandleFunc
//     that read r.PathValue; servemux-route: the same routes added with
//     HandleRouteFunc, whose handlers read the Route's PathValue;
//   - net-http: net/http's ServeMux, "GET /repos/{owner}/{repo}",
//     "{rest...}";
//   - chi: github.com/go-chi/chi/v5, r.Get("/repos/{owner}/{repo}"), "*";
//   - httprouter: github.com/julienschmidt/httprouter, its Handle form,
//     GET("/repos/:owner/:repo"), "*rest".
//
// A route is kept only when all four accept it next to the routes kept
// before it (httprouter refuses a static segment where a wildcard is, and
// the reverse; net/http refuses two patterns that overlap without one being
// more specific); the others are dropped from all four. The routes dropped
// are logged (b.Logf, shown with -v) and the number kept is reported on each
// line ("routes"). Before timing, every router must serve every request with
// 200, through the route's own handler, with the path values the URL was
// made with; the benchmark fails otherwise. httprouter's catch-all value
// starts with the "/" before it ("/heads/main"): its handler cuts that "/",
// as a handler that wants the same value would.
//
// Each op copies one prepared request into a request of its own
// (*req = *reqs[i]), so no router sees path values or a context that an
// earlier op left on it, and serves it with a handler that reads each path
// value of its route (r.PathValue, chi.URLParam, Params.ByName) and adds
// its length to a sink. Our ServeMux parses the request's URL and matches
// URL patterns (regular expressions allowed, the first route added wins);
// the three others match the path net/url decoded in a tree where a static
// segment wins over a wildcard: the numbers give scale, not a like-for-like
// race.
//
// allocs/op is the count of allocations divided by b.N, rounded down: a
// route without a path value costs httprouter no allocation, the others one
// (its Params), which shows as 0 allocs/op beside a nonzero B/op.

// githubRoutes are the paths of GitHub's REST API (v3) in URL pattern
// syntax, as the router package's benchmarks have them.
var githubRoutes = benchdata.GitHubRoutes

// A benchRoute is one route of githubRoutes, the URL made for it and the
// path values that URL must give, in the order of the route's groups.
type benchRoute struct {
	path   string
	url    string
	values []string
}

// githubBenchRoutes makes a URL for each route of githubRoutes, as the
// router package's githubPatterns does (benchdata.GitHubURL).
func githubBenchRoutes() []benchRoute {
	var routes []benchRoute
	for _, path := range githubRoutes {
		u, values := benchdata.GitHubURL(path)
		routes = append(routes, benchRoute{path: path, url: u, values: values})
	}
	return routes
}

// syntax rewrites a route of githubRoutes for a router: each ":name" by
// param(name) and "*" by rest; it returns the names to read the path values
// by, in order.
func syntax(path string, param func(string) string, rest, restName string) (string, []string) {
	segs := strings.Split(path, "/")
	var names []string
	for i, seg := range segs {
		switch {
		case seg == "*":
			segs[i] = rest
			names = append(names, restName)
		case strings.HasPrefix(seg, ":"):
			segs[i] = param(seg[1:])
			names = append(names, seg[1:])
		}
	}
	return strings.Join(segs, "/"), names
}

func colon(name string) string  { return ":" + name }
func braces(name string) string { return "{" + name + "}" }

// The handlers add the length of each path value to sinkRouters. While
// routersRecording, they also record which route served the request and
// the values read, for the check before timing.
var (
	sinkRouters      int
	routersRecording bool
	recordedRoute    int
	recordedValues   []string
)

func served(route int) {
	if routersRecording {
		recordedRoute = route
	}
}

func observe(v string) {
	sinkRouters += len(v)
	if routersRecording {
		recordedValues = append(recordedValues, v)
	}
}

// routerSet holds the four routers under measurement, with the same routes.
type routerSet struct {
	ours  *router.ServeMux
	route *router.ServeMux // ours, with RouteHandlers
	std   *http.ServeMux
	chi   *chi.Mux
	httpr *httprouter.Router
}

func newRouterSet() *routerSet {
	return &routerSet{
		ours:  router.NewServeMux(),
		route: router.NewServeMux(),
		std:   http.NewServeMux(),
		chi:   chi.NewRouter(),
		httpr: httprouter.New(),
	}
}

// add registers rt, the route numbered route, in each router in turn and
// returns the name of the first router that refuses it and why (all four
// refuse by panicking); the routers after it do not have the route, those
// before it do.
func (s *routerSet) add(route int, rt benchRoute) (refusedBy string, why any) {
	try := func(name string, register func()) (ok bool) {
		defer func() {
			if v := recover(); v != nil {
				refusedBy, why = name, v
			}
		}()
		register()
		return true
	}
	_ = try("httprouter", func() {
		pattern, names := syntax(rt.path, colon, "*rest", "rest")
		catchAll := strings.HasSuffix(rt.path, "/*")
		s.httpr.GET(pattern, func(w http.ResponseWriter, r *http.Request, ps httprouter.Params) {
			served(route)
			for i, name := range names {
				v := ps.ByName(name)
				if catchAll && i == len(names)-1 {
					v = strings.TrimPrefix(v, "/")
				}
				observe(v)
			}
		})
	}) && try("net-http", func() {
		pattern, names := syntax(rt.path, braces, "{rest...}", "rest")
		s.std.HandleFunc("GET "+pattern, func(w http.ResponseWriter, r *http.Request) {
			served(route)
			for _, name := range names {
				observe(r.PathValue(name))
			}
		})
	}) && try("chi", func() {
		pattern, names := syntax(rt.path, braces, "*", "*")
		s.chi.Get(pattern, func(w http.ResponseWriter, r *http.Request) {
			served(route)
			for _, name := range names {
				observe(chi.URLParam(r, name))
			}
		})
	}) && try("servemux", func() {
		// The routes have one unnamed group at most ("*"): its path
		// value is "0".
		pattern, names := syntax(rt.path, colon, "*", "0")
		s.ours.HandleFunc("GET "+pattern, func(w http.ResponseWriter, r *http.Request) {
			served(route)
			for _, name := range names {
				observe(r.PathValue(name))
			}
		})
		s.route.HandleRouteFunc("GET "+pattern, func(w http.ResponseWriter, r *http.Request, rt router.Route) {
			served(route)
			for _, name := range names {
				observe(rt.PathValue(name))
			}
		})
	})
	return refusedBy, why
}

// buildRouters registers routes in order in the four routers, drops each
// route that one of them refuses and rebuilds the four from the routes kept
// so far, so each holds exactly the routes kept, in the same order.
func buildRouters(routes []benchRoute) (s *routerSet, kept []benchRoute, dropped []string) {
	s = newRouterSet()
	for _, rt := range routes {
		who, why := s.add(len(kept), rt)
		if who == "" {
			kept = append(kept, rt)
			continue
		}
		dropped = append(dropped, fmt.Sprintf("%s (%s: %v)", rt.path, who, why))
		s = newRouterSet()
		for i, k := range kept {
			if who, why := s.add(i, k); who != "" {
				panic(fmt.Sprintf("%s refuses %s, which it accepted before: %v", who, k.path, why))
			}
		}
	}
	return s, kept, dropped
}

func BenchmarkRouters(b *testing.B) {
	s, kept, dropped := buildRouters(githubBenchRoutes())
	b.Logf("%d of %d GitHub API routes remain; dropped: %s", len(kept), len(githubRoutes), strings.Join(dropped, "; "))
	reqs := make([]*http.Request, len(kept))
	for i, rt := range kept {
		reqs[i] = httptest.NewRequest("GET", rt.url, nil)
	}
	for _, c := range []struct {
		name string
		h    http.Handler
	}{
		{"servemux", s.ours},
		{"servemux-route", s.route},
		{"net-http", s.std},
		{"chi", s.chi},
		{"httprouter", s.httpr},
	} {
		// Every request served with 200 by its route's handler, with the
		// values its URL was made with.
		routersRecording = true
		for i, rt := range kept {
			req := new(http.Request)
			*req = *reqs[i]
			w := httptest.NewRecorder()
			recordedRoute, recordedValues = -1, nil
			c.h.ServeHTTP(w, req)
			if w.Code != http.StatusOK || recordedRoute != i || !slices.Equal(recordedValues, rt.values) {
				b.Fatalf("%s: %s: status %d, route %d (%q), values %q; want 200, route %d (%s), values %q",
					c.name, rt.url, w.Code, recordedRoute, routeName(kept, recordedRoute), recordedValues, i, rt.path, rt.values)
			}
		}
		routersRecording = false
		b.Run(c.name, func(b *testing.B) {
			if w := benchdata.ServeEach(b, c.h, reqs); w.Code != http.StatusOK {
				b.Fatalf("status %d", w.Code)
			}
			// The count on each line too: the parent's Logf shows
			// only with -v.
			b.ReportMetric(float64(len(kept)), "routes")
		})
	}
}

func routeName(routes []benchRoute, i int) string {
	if i < 0 || i >= len(routes) {
		return "none"
	}
	return routes[i].path
}
