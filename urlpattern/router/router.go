// Package router matches a URL against many URL patterns at once: a
// [Router] of patterns of the URL Pattern Standard
// (https://urlpattern.spec.whatwg.org/, package
// github.com/webstd/url/urlpattern), each with a value, that finds the
// patterns a URL matches without trying each one in turn; and a
// [ServeMux], a net/http handler that routes requests by URL pattern and
// gives handlers the groups of the pathname through Request.PathValue, or,
// for the handlers of [ServeMux.HandleRoute], in a [Route] value: a
// request then costs less than half as much (one allocation, in a
// ServeMux of such routes alone).
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
//
// # ServeMux and net/http's ServeMux
//
// A [ServeMux] reads a request as the URL Standard reads the URL that a
// browser would have sent for it, and routes only a request already in
// that URL's serialized form, so that the route, the handler and every
// middleware read the same path and host; net/http's ServeMux (Go 1.22
// patterns) reads the path as net/url and path.Clean do. They answer the
// same request differently where:
//
//   - the path has "." or ".." segments: both redirect to the path without
//     them, a ServeMux with 301 Moved Permanently (308 Permanent Redirect
//     for methods other than GET and HEAD), net/http's with 307 Temporary
//     Redirect; the two clean some paths differently ("/x/." is "/x/" to
//     the URL Standard, "/x" to path.Clean);
//   - a dot segment is percent-encoded ("%2e%2E") or a "" separates
//     segments: a ServeMux redirects, as the URL Standard reads them as
//     "." and ".." and "/"; net/http's routes the path as it is, with ".."
//     in r.URL.Path and in the path values;
//   - the path has empty segments ("/a//b"): net/http's redirects to
//     "/a/b"; a ServeMux routes the path as it is, as the URL Standard
//     keeps them (and names the host in a Location whose path starts with
//     "//": "/.//evil.example/" is redirected to
//     "//example.com//evil.example/");
//   - a byte is percent-encoded that need not be, an ASCII character the
//     URL Standard writes bare in a path ("/%61dmin", "/%40scope"), or the
//     hex digits are in lower case ("/caf%c3%a9"): net/http's matches the
//     decoded segment against a pattern's text; a ServeMux redirects to
//     the normal form ("/admin", "/@scope", "/caf%C3%A9"), in which the
//     pattern's text, percent-encoded as a URL's path is, compares with
//     the path as net/http's decoding reads it. In the query, a ServeMux
//     decodes only RFC 3986's unreserved characters ("-", ".", "_", "~",
//     letters and digits) and writes hex digits in upper case, since "&",
//     "=" and "+" delimit what a handler decodes. Both give path values
//     decoded ("a b.txt" for "a%20b.txt");
//   - a byte the URL Standard percent-encodes is sent bare in the path or
//     the query (a non-ASCII character, a space, `"`, "<", ">", "`", "{",
//     "}", and "'" in the query): a ServeMux redirects to the encoded form,
//     net/http's routes it;
//   - the Host is not in its serialized form (upper case, percent-encoded,
//     Unicode, an IPv4 or IPv6 address in another notation, the scheme's
//     default port): a ServeMux redirects to "//" and the serialized host;
//     net/http's routes it, and matches its host patterns with the Host as
//     sent ("ADMIN.example.com" is not "admin.example.com");
//   - the Host has a port: net/http's host patterns ignore it; a URL
//     pattern matches it ("http://admin.example.com/*" only the default
//     port, and "/admin", which is "*://*:*/admin", any port);
//   - the path names a subtree without its last "/" ("/docs" for the
//     pattern "/docs/"): net/http's redirects to "/docs/", a ServeMux does
//     not ("/docs{/*}?" matches both);
//   - the path has a percent-encoded "/" or "\" ("/files/a%2Fb",
//     "/files/..%2Fadmin"): a ServeMux answers 400 Bad Request, as Apache
//     httpd does by default (AllowEncodedSlashes Off), since the pattern
//     reads one segment where r.URL.Path, path.Clean and http.FileServer
//     read a separator; net/http's routes it, with the path value "a/b" or
//     "../admin";
//   - the request cannot be read as one URL: a "#", a control character
//     or bytes that are not UTF-8 in the request-target, no Host (HTTP/1.0),
//     a Host the host parser refuses (an IPv6 zone), a CONNECT to a host
//     and port, or to a path not in its serialized form: a ServeMux answers
//     400, net/http's routes it (404 for the CONNECT to a host and port).
//     Both answer 400 to "OPTIONS *", which Go's server answers itself.
//
// Besides: a URL pattern can match the scheme (from r.TLS) and any
// component of the URL, and groups in the hostname or the query; the
// ServeMux serves the first route added that matches, where net/http's
// serves the most specific pattern and refuses patterns that conflict;
// both give the request r.Pattern and the path values, on the request
// given to ServeHTTP.
//
// With the routes
//
//	this ServeMux                net/http's ServeMux
//	http://admin.example.com/*   admin.example.com/
//	/admin                       /admin
//	/admin/*                     /admin/
//	GET /books/:id               GET /books/{id}
//	/files/:name                 /files/{name}
//	/docs/*                      /docs/
//	/*                           /
//
// (added in this order, each route's handler named admin-host, admin,
// admin-tree, book, file, docs and any), the two answer (the Host is
// example.com unless given; "Host:" alone is an HTTP/1.0 request without
// one; a test runs each line):
//
//	request                             this ServeMux                     net/http's ServeMux
//	GET /admin                          200 admin                         200 admin
//	GET /public/../admin                301 /admin                        307 /admin
//	POST /public/../admin               308 /admin                        307 /admin
//	GET /x/.                            301 /x/                           307 /x
//	GET /public/%2e%2e/admin            301 /admin                        200 any
//	GET /files\..\admin/x               301 /admin/x                      200 any
//	GET /admin//x                       200 admin-tree                    307 /admin/x
//	GET /.//evil.example/               301 //example.com//evil.example/  307 /evil.example/
//	GET /%61dmin                        301 /admin                        200 admin
//	GET /adm%69n/x                      301 /admin/x                      200 admin-tree
//	GET /books/%37                      301 /books/7                      200 book id=7
//	GET /files/a%2Fb                    400                               200 file name=a/b
//	GET /search?q=it's                  301 /search?q=it%27s              200 any
//	GET /café                           301 /caf%C3%A9                    200 any
//	GET /x Host:ADMIN.example.com       301 //admin.example.com/x         200 any
//	GET /x Host:%61dmin.example.com     301 //admin.example.com/x         200 any
//	GET /x Host:0x7f.1                  301 //127.0.0.1/x                 200 any
//	GET /x Host:admin.example.com:80    301 //admin.example.com/x         200 admin-host
//	GET /x Host:admin.example.com:8080  200 any                           200 admin-host
//	GET /docs                           200 any                           307 /docs/
//	GET /files/..%2Fadmin               400                               200 file name=../admin
//	GET /x#y                            400                               200 any
//	GET /x Host:                        400                               200 any
//	GET /x Host:[fe80::1%25en0]         400                               200 any
//	CONNECT example.com:443             400                               404
//	CONNECT /a/../b                     400                               200 any
//	OPTIONS *                           400                               400
package router

import (
	"iter"
	"sync"
	"unicode/utf8"

	"github.com/webstd/url"
	"github.com/webstd/url/internal/infra"
	"github.com/webstd/url/internal/patternparts"
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
	// tests has bit c set for each component c of the pattern that is
	// not a lone "*", which matches every URL's (testComponents).
	tests uint8
}

// testComponents returns the bits of the components of comps to test on
// a URL: all but those whose part list is a lone full wildcard ("*"), the
// regular expression "^(.*)$", which matches every string without a line
// terminator, as every component of a URL is (the URL parser removes
// newlines and percent-encodes every code point beyond ASCII).
func testComponents(comps *[numComponents]patternparts.Component) uint8 {
	var tests uint8
	for c, comp := range comps {
		if len(comp.Parts) == 1 {
			p := comp.Parts[0]
			if p.Type == patternparts.FullWildcard && p.Modifier == patternparts.None && p.Prefix == "" && p.Suffix == "" {
				continue
			}
		}
		tests |= 1 << c
	}
	return tests
}

// testExcept reports whether rt's pattern matches u in every component
// but skip (-1 for none), as its TestURL does in them; u is valid, and rt
// indexed (its pattern valid).
func (rt *route[V]) testExcept(u url.URL, skip int) bool {
	for c, tests := 0, rt.tests; tests != 0; c, tests = c+1, tests>>1 {
		if tests&1 != 0 && c != skip && !patternparts.TestComponent(rt.pattern, c, patternparts.URLValue(u, c)) {
			return false
		}
	}
	return true
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
	r.routes = append(r.routes, route[V]{pattern: p, value: v})
	var comps [numComponents]patternparts.Component
	for c := range comps {
		var ok bool
		if comps[c], ok = patternparts.Of(p, c); !ok {
			return // a nil or zero Pattern matches no URL: not indexed
		}
	}
	r.routes[id].tests = testComponents(&comps)
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
			input = infra.ToWellFormed(input)
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
	// groups are the groups of the pathname of a ServeMux's route.
	groups []patternparts.Group
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
	s := scratchPool.Get().(*scratch)
	defer scratchPool.Put(s)
	r.confirmed(u, -1, s, yield)
}

// confirmed yields the routes whose pattern matches u in every component
// but skip (-1 for none), in order, with s for buffers: the candidates the
// index leaves, each confirmed, as its TestURL would, in the components
// that are not "*". That allocates nothing, so the routes the index could
// not rule out cost no Result.
func (r *Router[V]) confirmed(u url.URL, skip int, s *scratch, yield func(*route[V]) bool) {
	if !u.IsValid() || len(r.routes) == 0 {
		return
	}
	s.ids = candidates(&r.index, u, s.ids[:0], s)
	for _, id := range s.ids {
		if rt := &r.routes[id]; rt.testExcept(u, skip) && !yield(rt) {
			return
		}
	}
}

// candidates returns ids with the routes the index leaves for u appended,
// in the order they were added. It is for the tests.
func (r *Router[V]) candidates(u url.URL, ids []int32) []int32 {
	return candidates(&r.index, u, ids, new(scratch))
}
