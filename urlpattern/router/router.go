// Package router matches a URL against many URL patterns at once: a
// [Router] of patterns of the URL Pattern Standard
// (https://urlpattern.spec.whatwg.org/, package
// github.com/webstd/url/urlpattern), each with a value, that finds the
// patterns a URL matches without trying each one in turn; and a
// [ServeMux], a net/http handler that routes requests by URL pattern and
// gives handlers the groups of the pathname through Request.PathValue.
//
//	var r router.Router[string]
//	r.Add(urlpattern.MustParse("https://example.com/books/:id"), "book")
//	r.Add(urlpattern.MustParse("https://*.example.com/*"), "subdomain")
//	m, ok := r.First(u) // m.Value == "book", m.Result.Pathname.Groups["id"]
//
// # Which route wins
//
// The standard defines how one pattern matches a URL; JavaScript has no
// router, so which of several matching patterns wins is this package's
// choice: the one added first. A Router's matches come in the order the
// routes were added, and [Router.First] is the first of them, as a
// JavaScript program that tries an array of URLPatterns in turn finds it.
// Order is what such code does and what a reader of a route list expects,
// every route can be reached by adding it early enough, and the router
// gives exactly the results of the loop it replaces, which its tests
// check. Ranking the routes instead by the tentative
// URLPattern.compareComponent ([urlpattern.CompareComponent]) ranks one
// component at a time, and nothing says how to weigh the pathname against
// the hostname; a program that wants the most specific pathname first
// sorts its patterns with it before adding them.
//
// # The index
//
// A Router indexes each pattern by what its part lists make cheap to
// compare, and confirms every candidate the index leaves with the pattern's
// own match ([urlpattern.Pattern.TestURL] and ExecURL), so the index only
// ever leaves out patterns that cannot match:
//
//   - the protocol and the hostname: a component of fixed text, with at
//     most a few optional pieces ("https", "http{s}?",
//     "{www.}?example.com"), is a short list of the strings it matches,
//     and the pattern is found under each in a map; patterns whose
//     component has a wildcard or a group ("*", "*.example.com") are in
//     one other list;
//   - the pathname: a trie of its "/"-separated pieces, built from the
//     part list up to the first part it cannot follow (a full wildcard, a
//     regexp group, an optional or repeated part). A piece of fixed text
//     is an edge of the trie, a piece with a segment wildcard (":id",
//     ":id.json", "v:version") an edge that any piece takes that starts
//     with the text before the wildcard; a pattern whose part list
//     the trie follows to its end is found only for a pathname with as
//     many pieces, one whose part list it stops in is found for any
//     pathname that goes through its node and whose next piece starts
//     with the fixed text before the stop ("/books/:id/*", "/static/v*").
//     Patterns that ignore case are in a trie of their own, whose text is
//     compared in lowercase.
//
// A URL's candidates are then the patterns of the trie nodes its pathname
// reaches, in the trie under its protocol and hostname and under the other
// lists. Matching takes time linear in the length of the URL for a given
// set of routes: the trie walk reads each piece of the pathname once for
// each trie node it reaches at that depth, and each candidate's match is
// linear (package urlpattern's promise).
package router

import (
	"iter"
	"sync"
	"unicode/utf8"

	"github.com/webstd/url"
	"github.com/webstd/url/internal/patternparts"
	"github.com/webstd/url/internal/urlhook"
	"github.com/webstd/url/urlpattern"
)

// A Router is a set of routes, each a URL pattern with a value of type V,
// that finds the routes a URL matches. Routes are added with [Router.Add]
// and matched in the order they were added. The zero Router is an empty
// router ready to use.
//
// Matching (Match, MatchString, First) only reads the router, so it is
// safe from many goroutines at once; Add must not run at the same time as
// another method (a [ServeMux] guards its router with a lock).
type Router[V any] struct {
	routes []route[V]
	index  index
}

// A route is a pattern and its value.
type route[V any] struct {
	pattern *urlpattern.Pattern
	value   V
}

// A Match is a route that matched a URL: its pattern and value, and what
// the pattern matched (the result of its Exec, never nil).
type Match[V any] struct {
	Pattern *urlpattern.Pattern
	Value   V
	Result  *urlpattern.Result
}

// Add adds the route of pattern p with value v, after the routes already
// added. A nil or zero Pattern is added but, as for its Exec, matches
// nothing. Adding a pattern twice makes two routes.
func (r *Router[V]) Add(p *urlpattern.Pattern, v V) {
	id := int32(len(r.routes))
	r.routes = append(r.routes, route[V]{p, v})
	var comps [numComponents]patternparts.Component
	for c := range comps {
		var ok bool
		if comps[c], ok = patternparts.Of(p, c); !ok {
			return // a nil or zero Pattern matches no URL: not indexed
		}
	}
	addToIndex(&r.index, id, &comps)
}

// Len returns the number of routes of r.
func (r *Router[V]) Len() int { return len(r.routes) }

// Match returns the routes that match the URL u, in the order they were
// added, each with what its pattern matched: the routes whose pattern's
// ExecURL(u) is not nil, with that result. A u that is not valid matches
// no route. The routes are matched as the loop asks for them, so a loop
// that breaks early matches no more than it reads.
func (r *Router[V]) Match(u url.URL) iter.Seq[Match[V]] {
	return func(yield func(Match[V]) bool) {
		r.match(u, "", false, yield)
	}
}

// MatchString is like [Router.Match] for the URL string input: the routes
// whose pattern's Exec(input) is not nil, in order, with that result (its
// Inputs holding input, as Exec's). An input that does not parse as a URL
// matches no route. The URL is parsed once, not once for each route.
func (r *Router[V]) MatchString(input string) iter.Seq[Match[V]] {
	return func(yield func(Match[V]) bool) {
		if !utf8.ValidString(input) {
			input = urlhook.ToWellFormed(input)
		}
		u, err := url.Parse(input)
		if err != nil {
			return
		}
		r.match(u, input, true, yield)
	}
}

// First returns the first route, in the order they were added, that
// matches the URL u, and true; or false when none does.
func (r *Router[V]) First(u url.URL) (Match[V], bool) {
	var first Match[V]
	found := false
	r.match(u, "", false, func(m Match[V]) bool {
		first, found = m, true
		return false
	})
	return first, found
}

// scratch holds the buffers of a match: the candidates and the trie
// walk's sets of nodes.
type scratch struct {
	ids          []int32
	active, next []*node
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// match yields the routes that match u, in order; with setInput, each
// result's Inputs are [input], as Exec of the string has them.
func (r *Router[V]) match(u url.URL, input string, setInput bool, yield func(Match[V]) bool) {
	r.matching(u, func(rt *route[V]) bool {
		res := rt.pattern.ExecURL(u)
		if setInput {
			res.Inputs = []string{input}
		}
		return yield(Match[V]{rt.pattern, rt.value, res})
	})
}

// matching yields the routes whose pattern matches u, in order, without
// their results.
func (r *Router[V]) matching(u url.URL, yield func(*route[V]) bool) {
	if !u.IsValid() || len(r.routes) == 0 {
		return
	}
	s := scratchPool.Get().(*scratch)
	defer scratchPool.Put(s)
	s.ids = candidates(&r.index, u, s.ids[:0], s)
	for _, id := range s.ids {
		// Confirm the candidate: Test allocates nothing, so the routes
		// the index could not rule out cost no Result.
		if rt := &r.routes[id]; rt.pattern.TestURL(u) && !yield(rt) {
			return
		}
	}
}

// candidates returns ids with the routes the index leaves for u appended,
// in the order they were added. It is for the tests.
func (r *Router[V]) candidates(u url.URL, ids []int32) []int32 {
	return candidates(&r.index, u, ids, new(scratch))
}
