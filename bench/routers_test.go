package bench

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/go-chi/chi/v5"
	"github.com/julienschmidt/httprouter"
	"github.com/webstd/url/urlpattern/router"
)

// BenchmarkRouters serves one request for each route of GitHub's API in
// turn (one op is one matched request) through four routers holding the
// same routes, each in its own syntax:
//
//   - servemux: our router.ServeMux, "GET /repos/:owner/:repo", "*" for
//     the rest of a path (path value "0");
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
// syntax, copied from githubRoutes in ../urlpattern/router/routes_test.go
// (which the router package's BenchmarkRouter and BenchmarkServeMux use; a
// _test.go file of another module cannot be imported). Keep the two alike.
var githubRoutes = []string{
	// OAuth and authorizations
	"/authorizations",
	"/authorizations/:id",
	"/applications/:client_id/tokens/:access_token",
	"/applications/:client_id/tokens",
	// Activity
	"/events",
	"/repos/:owner/:repo/events",
	"/networks/:owner/:repo/events",
	"/orgs/:org/events",
	"/users/:user/received_events",
	"/users/:user/received_events/public",
	"/users/:user/events",
	"/users/:user/events/public",
	"/users/:user/events/orgs/:org",
	"/feeds",
	"/notifications",
	"/repos/:owner/:repo/notifications",
	"/notifications/threads/:id",
	"/notifications/threads/:id/subscription",
	"/repos/:owner/:repo/stargazers",
	"/users/:user/starred",
	"/user/starred",
	"/user/starred/:owner/:repo",
	"/repos/:owner/:repo/subscribers",
	"/users/:user/subscriptions",
	"/user/subscriptions",
	"/repos/:owner/:repo/subscription",
	"/user/subscriptions/:owner/:repo",
	// Gists
	"/users/:user/gists",
	"/gists",
	"/gists/public",
	"/gists/starred",
	"/gists/:id",
	"/gists/:id/star",
	"/gists/:id/forks",
	"/gists/:id/comments",
	"/gists/:id/comments/:comment_id",
	// Git data
	"/repos/:owner/:repo/git/blobs/:sha",
	"/repos/:owner/:repo/git/blobs",
	"/repos/:owner/:repo/git/commits/:sha",
	"/repos/:owner/:repo/git/commits",
	"/repos/:owner/:repo/git/refs/*",
	"/repos/:owner/:repo/git/refs",
	"/repos/:owner/:repo/git/tags/:sha",
	"/repos/:owner/:repo/git/tags",
	"/repos/:owner/:repo/git/trees/:sha",
	"/repos/:owner/:repo/git/trees",
	// Issues
	"/issues",
	"/user/issues",
	"/orgs/:org/issues",
	"/repos/:owner/:repo/issues",
	"/repos/:owner/:repo/issues/:number",
	"/repos/:owner/:repo/assignees",
	"/repos/:owner/:repo/assignees/:assignee",
	"/repos/:owner/:repo/issues/:number/comments",
	"/repos/:owner/:repo/issues/comments",
	"/repos/:owner/:repo/issues/comments/:id",
	"/repos/:owner/:repo/issues/:number/events",
	"/repos/:owner/:repo/issues/events",
	"/repos/:owner/:repo/issues/events/:id",
	"/repos/:owner/:repo/labels",
	"/repos/:owner/:repo/labels/:name",
	"/repos/:owner/:repo/issues/:number/labels",
	"/repos/:owner/:repo/issues/:number/labels/:name",
	"/repos/:owner/:repo/milestones/:number/labels",
	"/repos/:owner/:repo/milestones",
	"/repos/:owner/:repo/milestones/:number",
	// Miscellaneous
	"/emojis",
	"/gitignore/templates",
	"/gitignore/templates/:name",
	"/markdown",
	"/markdown/raw",
	"/meta",
	"/rate_limit",
	// Organizations
	"/users/:user/orgs",
	"/user/orgs",
	"/orgs/:org",
	"/orgs/:org/members",
	"/orgs/:org/members/:user",
	"/orgs/:org/public_members",
	"/orgs/:org/public_members/:user",
	"/orgs/:org/teams",
	"/teams/:id",
	"/teams/:id/members",
	"/teams/:id/members/:user",
	"/teams/:id/repos",
	"/teams/:id/repos/:owner/:repo",
	"/user/teams",
	// Pull requests
	"/repos/:owner/:repo/pulls",
	"/repos/:owner/:repo/pulls/:number",
	"/repos/:owner/:repo/pulls/:number/commits",
	"/repos/:owner/:repo/pulls/:number/files",
	"/repos/:owner/:repo/pulls/:number/merge",
	"/repos/:owner/:repo/pulls/:number/comments",
	"/repos/:owner/:repo/pulls/comments",
	"/repos/:owner/:repo/pulls/comments/:number",
	// Repositories
	"/user/repos",
	"/users/:user/repos",
	"/orgs/:org/repos",
	"/repositories",
	"/repos/:owner/:repo",
	"/repos/:owner/:repo/contributors",
	"/repos/:owner/:repo/languages",
	"/repos/:owner/:repo/teams",
	"/repos/:owner/:repo/tags",
	"/repos/:owner/:repo/branches",
	"/repos/:owner/:repo/branches/:branch",
	"/repos/:owner/:repo/collaborators",
	"/repos/:owner/:repo/collaborators/:user",
	"/repos/:owner/:repo/comments",
	"/repos/:owner/:repo/commits/:sha/comments",
	"/repos/:owner/:repo/comments/:id",
	"/repos/:owner/:repo/commits",
	"/repos/:owner/:repo/commits/:sha",
	"/repos/:owner/:repo/readme",
	"/repos/:owner/:repo/contents/*",
	"/repos/:owner/:repo/:archive_format/:ref",
	"/repos/:owner/:repo/keys",
	"/repos/:owner/:repo/keys/:id",
	"/repos/:owner/:repo/downloads",
	"/repos/:owner/:repo/downloads/:id",
	"/repos/:owner/:repo/forks",
	"/repos/:owner/:repo/hooks",
	"/repos/:owner/:repo/hooks/:id",
	"/repos/:owner/:repo/hooks/:id/tests",
	"/repos/:owner/:repo/merges",
	"/repos/:owner/:repo/releases",
	"/repos/:owner/:repo/releases/:id",
	"/repos/:owner/:repo/releases/:id/assets",
	"/repos/:owner/:repo/stats/contributors",
	"/repos/:owner/:repo/stats/commit_activity",
	"/repos/:owner/:repo/stats/code_frequency",
	"/repos/:owner/:repo/stats/participation",
	"/repos/:owner/:repo/stats/punch_card",
	"/repos/:owner/:repo/statuses/:ref",
	// Search
	"/search/repositories",
	"/search/code",
	"/search/issues",
	"/search/users",
	"/legacy/issues/search/:owner/:repository/:state/:keyword",
	"/legacy/repos/search/:keyword",
	"/legacy/user/search/:keyword",
	"/legacy/user/email/:email",
	// Users
	"/users/:user",
	"/user",
	"/users",
	"/user/emails",
	"/users/:user/followers",
	"/user/followers",
	"/users/:user/following",
	"/user/following",
	"/user/following/:user",
	"/users/:user/following/:target_user",
	"/users/:user/keys",
	"/user/keys",
	"/user/keys/:id",
}

// A benchRoute is one route of githubRoutes, the URL made for it and the
// path values that URL must give, in the order of the route's groups.
type benchRoute struct {
	path   string
	url    string
	values []string
}

// githubBenchRoutes makes a URL for each route of githubRoutes as the
// router package's githubPatterns does: the group ":name" is its first
// letter and its position among the named groups ("/repos/o1/r2"), "*" is
// "heads/main".
func githubBenchRoutes() []benchRoute {
	var routes []benchRoute
	for _, path := range githubRoutes {
		rt := benchRoute{path: path}
		var b strings.Builder
		n := 0
		for i, seg := range strings.Split(path, "/") {
			if i > 0 {
				b.WriteByte('/')
			}
			v := seg
			switch {
			case seg == "*":
				v = "heads/main"
				rt.values = append(rt.values, v)
			case strings.HasPrefix(seg, ":"):
				n++
				v = seg[1:2] + strconv.Itoa(n)
				rt.values = append(rt.values, v)
			}
			b.WriteString(v)
		}
		rt.url = "https://api.github.com" + b.String()
		routes = append(routes, rt)
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
	std   *http.ServeMux
	chi   *chi.Mux
	httpr *httprouter.Router
}

func newRouterSet() *routerSet {
	return &routerSet{
		ours:  router.NewServeMux(),
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
			b.ReportAllocs()
			w := httptest.NewRecorder()
			req := new(http.Request)
			i := 0
			for b.Loop() {
				*req = *reqs[i%len(reqs)]
				c.h.ServeHTTP(w, req)
				i++
			}
			if w.Code != http.StatusOK {
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
