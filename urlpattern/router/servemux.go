package router

import (
	"context"
	"errors"
	"fmt"
	"html"
	"net/http"
	stdurl "net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/net/http/httpguts"

	"github.com/webstd/url"
	"github.com/webstd/url/internal/errtext"
	"github.com/webstd/url/internal/infra"
	"github.com/webstd/url/internal/patternparts"
	"github.com/webstd/url/urlpattern"
)

// A ServeMux is an HTTP request multiplexer, like net/http's ServeMux, whose
// patterns are URL patterns: it serves each request with the handler of the
// first route, in the order they were added, whose pattern matches the
// request's URL ([RequestURL]) and whose method, if it has one, is the
// request's. The handler finds the groups of the pathname as path values,
// r.PathValue("id") for "/books/:id", as with net/http's ServeMux, and
// what the whole pattern matched (the groups of the hostname, say) with
// [Result]. A handler added with [ServeMux.HandleRoute] gets the request
// itself and all of that in a [Route] value, at less than half the cost.
//
// A ServeMux routes a request only when its Host and request-target are
// already in the form the URL Standard serializes them to
// (https://url.spec.whatwg.org/#concept-url-serializer): when the URL that
// [RequestURL] reads from r.Host, r.URL's path (as the client sent it) and
// r.URL.RawQuery has exactly those strings as its host, pathname and query.
// What the pattern matched is then what the handler, and every middleware
// before or after the ServeMux, reads in r.Host and r.URL: r.URL.Path is
// the percent-decoding of the pathname matched, nothing else. A middleware
// in front that guards "/admin" by r.URL.Path (or path.Clean of it) or a
// host by r.Host sees the path and host the route was chosen by.
//
// A request in another spelling of a URL is not routed but redirected to
// the URL's serialization, as net/http's ServeMux redirects a path with
// "." or ".." segments to the clean path, and the client's next request,
// which every middleware sees, is routed:
//
//   - "." and ".." segments, also percent-encoded ("%2e%2E"), and a "\"
//     read as "/": "/public/../admin", "/public/.%2E/admin" and
//     "/files\..\admin/x" are redirected to "/admin" and "/admin/x";
//   - characters the standard percent-encodes in the path or the query
//     (space, non-ASCII, `"`, "<", ">", and "'" in the query, ...):
//     "/search?q=it's" is redirected to "/search?q=it%27s";
//   - percent-encoding not in its normal form (RFC 3986, section 6.2.2):
//     hex digits in lower case, or an ASCII character encoded that the
//     standard writes bare in a path ("/adm%69n/x", "/%40scope") or that
//     is one of RFC 3986's unreserved characters in the query
//     ("?%61=1"): they are redirected to "/admin/x", "/@scope", "?a=1".
//     So a pattern's text, which the URL Pattern Standard percent-encodes
//     as a URL's path is, compares with the path as r.URL.Path reads it:
//     "/adm%69n/x" reaches the route "/admin/*", not a catch-all after it
//     whose handler would read "/admin/x";
//   - a Host that is not its serialization: upper case ("Example.COM"),
//     percent-encoded ("%61dmin.example.com"), full-width letters or
//     Unicode (to Punycode), an IPv4 address in another notation
//     ("0x7f.1"), an IPv6 address not in its shortest form, the scheme's
//     default port ("example.com:80" over plain HTTP). The Location is then
//     "//" and the serialized host and target, a reference that keeps the
//     scheme the client used (behind a proxy that ends TLS, the ServeMux
//     cannot know it).
//
// The redirect is 301 Moved Permanently for GET and HEAD and 308 Permanent
// Redirect for the other methods. Permanent, because the serialization of
// a URL depends on the standard alone, not on the routes added, so a client
// or cache may remember it (net/http's ServeMux answers 307 Temporary
// Redirect, as its trailing-slash redirect depends on the routes); 308 for
// methods other than GET and HEAD because a client may turn the POST of a
// 301 into a GET without its body, and a request that changed its method
// would reach another route; 301 for GET and HEAD because every client
// follows it, some older ones not 308. The handler of a redirected request
// has not run. The Location is always of the request's own origin: a path
// that starts with "//" after its serialization ("/.//evil.example/") is
// sent as "//" + host + path, never as a reference that names another host.
// Behind [http.StripPrefix] the Location names the path the client sent
// (in r.RequestURI): the prefix stripped is put back when r.URL's path is
// what remains of that path and the whole is serialized, so
// "/api/public/../admin", which the ServeMux gets as "/public/../admin", is
// redirected to "/api/admin", where net/http's ServeMux would name
// "/admin"; a path rewritten otherwise is redirected to its own
// serialization, as net/http's ServeMux does.
//
// The ServeMux answers 400 Bad Request, routing nothing, for a request it
// cannot read as one URL:
//
//   - no Host (an HTTP/1.0 request without one), or a Host the host parser
//     refuses or with more than a host and port ("a@b", "a/b", a space, an
//     IPv6 zone "[fe80::1%25en0]"), as net/http's server refuses a bad Host;
//   - a request-target that is not a path: the "*" of "OPTIONS *" (as
//     net/http's ServeMux; Go's server answers OPTIONS * itself) and the
//     host and port of a CONNECT; and a CONNECT whose path is not serialized,
//     since clients do not follow a redirect of a CONNECT;
//   - a "#" in the request-target (a request has no fragment, and the URL
//     parser would cut the path there), a "?" in r.URL's path (possible
//     only in a Path set by a program, with its RawPath), a control
//     character (which net/http's server refuses), a space at the end
//     (which the URL parser would drop), or bytes that are not UTF-8
//     (which the URL parser would replace);
//   - a path with a percent-encoded "/" or "\" ("/files/a%2Fb",
//     "/files/..%2Fsecret"), as Apache httpd refuses it by default
//     (AllowEncodedSlashes Off). The URL Standard keeps "%2F" in a
//     segment, so the pattern sees the one segment "..%2Fsecret", but
//     r.URL.Path is "/files/../secret", which path.Clean reads as
//     "/secret", and a handler that joins PathValue("name") to a directory
//     reads "../secret".
//
// The scheme is the one of the connection the server accepted (https when
// r.TLS is set), not that of an absolute-form request-target: behind a
// proxy that ends TLS, it is http. An absolute-form request-target
// ("GET http://example.com/a HTTP/1.1") is read through r.URL's path and
// r.Host, which net/http's server takes from the request-target.
//
// When no route matches the URL, ServeMux replies 404 Not Found; when
// routes match the URL but none is for the request's method, 405 Method
// Not Allowed with an Allow header that lists their methods.
//
// Unlike net/http's ServeMux, which serves the most specific pattern and
// refuses patterns that conflict, a ServeMux tries its routes in order, as
// a [Router] does, so it accepts any set of patterns: add the specific
// routes ("/books/new") before the general ones ("/books/:id"). The
// package documentation lists every difference in behaviour from
// net/http's ServeMux.
//
// A ServeMux is safe for concurrent use: routes may be added while it
// serves requests. The zero ServeMux is ready to use.
type ServeMux struct {
	mu     sync.RWMutex
	router Router[*muxRoute]
	// handlers says whether a route was added with Handle: a request's
	// URL string is then built in a resultContext, which the handler of
	// such a route gets, and otherwise allocated alone (readRequest).
	handlers atomic.Bool
}

// A muxRoute is a route of a ServeMux: its handler is handler (Handle) or
// route (HandleRoute).
type muxRoute struct {
	pattern string // as given to Handle or HandleRoute
	method  string // empty for any method
	handler http.Handler
	route   RouteHandler
	// names are the names of the groups of the pattern's pathname, in
	// the pattern's order, for a route of Handle.
	names []string
}

// NewServeMux returns a new, empty ServeMux.
func NewServeMux() *ServeMux { return &ServeMux{} }

// Handle adds the route of pattern, served by handler, after the routes
// already added. The pattern is "[METHOD ]URLPATTERN":
//
//   - METHOD, when given, is the method of the requests the route serves
//     (a route for GET also serves HEAD); without it, every method;
//   - URLPATTERN is a URL pattern's constructor string, as
//     [urlpattern.Parse] reads it ("https://*.example.com/books/:id"), or,
//     when it starts with "/", one that matches on any protocol, host and
//     port: "/books/:id?page=:n" is read as "*://*:*/books/:id?page=:n".
//
// Handle panics when the pattern does not compile or handler is nil, as
// net/http's ServeMux.Handle does.
func (m *ServeMux) Handle(pattern string, handler http.Handler) {
	if handler == nil {
		panic("router: Handle(" + quotePattern(pattern) + "): nil handler")
	}
	m.add("Handle", &muxRoute{pattern: pattern, handler: handler})
	m.handlers.Store(true)
}

// HandleFunc is [ServeMux.Handle] for a handler function.
func (m *ServeMux) HandleFunc(pattern string, handler func(http.ResponseWriter, *http.Request)) {
	if handler == nil {
		panic("router: HandleFunc(" + quotePattern(pattern) + "): nil handler")
	}
	m.Handle(pattern, http.HandlerFunc(handler))
}

// HandleRoute adds the route of pattern, served by handler, after the
// routes already added, as [ServeMux.Handle] does; but the handler gets the
// request itself and the [Route] the ServeMux chose, with the route's path
// values, in place of a copy of the request with the path values set and
// the Result in its context.
//
// This is the form of a handler that costs least: the ServeMux sets no
// path values (Request.SetPathValue keeps the names net/http's own mux
// did not match in a map it allocates for each request) and makes no copy
// of the request for a context (Request.WithContext); the Route is a
// value, passed on the stack. In a ServeMux with no route of Handle, a
// request routed costs one allocation, the URL's string, when the route's
// pathname has at most four groups and no regular expression (a regular
// expression's match allocates; more groups are a copy of their own); in
// one with a route of Handle, the URL's string is built in the larger
// allocation that route's handlers get. In a handler added with
// HandleRoute, the ServeMux sets no r.PathValue, [Result] or
// [EscapedPathValue]: they find nothing, or what a ServeMux in front set
// for its own route (a ServeMux behind another's Handle route, through
// http.StripPrefix); the Route has this ServeMux's. The ServeMux reads,
// redirects and refuses requests the same way for both kinds of route,
// and sets r.Pattern for both.
//
// HandleRoute panics when the pattern does not compile or handler is nil.
func (m *ServeMux) HandleRoute(pattern string, handler RouteHandler) {
	if handler == nil {
		panic("router: HandleRoute(" + quotePattern(pattern) + "): nil handler")
	}
	m.add("HandleRoute", &muxRoute{pattern: pattern, route: handler})
}

// HandleRouteFunc is [ServeMux.HandleRoute] for a handler function.
func (m *ServeMux) HandleRouteFunc(pattern string, handler func(http.ResponseWriter, *http.Request, Route)) {
	if handler == nil {
		panic("router: HandleRouteFunc(" + quotePattern(pattern) + "): nil handler")
	}
	m.HandleRoute(pattern, RouteHandlerFunc(handler))
}

// add adds the route mr, whose pattern string is set, after the routes
// already added; it sets mr's method and panics, naming the function fn,
// when the URL pattern does not compile.
func (m *ServeMux) add(fn string, mr *muxRoute) {
	method, rest := splitMethod(mr.pattern)
	if strings.HasPrefix(rest, "/") {
		rest = "*://*:*" + rest
	}
	p, err := urlpattern.Parse(rest)
	if err != nil {
		panic("router: " + fn + "(" + quotePattern(mr.pattern) + "): " + err.Error())
	}
	mr.method = method
	if mr.handler != nil {
		mr.names = p.GroupNames(urlpattern.Pathname)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.router.Add(p, mr)
}

// A RouteHandler responds to a request that a [ServeMux] routed to it
// ([ServeMux.HandleRoute]), with the [Route] the ServeMux chose.
type RouteHandler interface {
	ServeRoute(w http.ResponseWriter, r *http.Request, route Route)
}

// A RouteHandlerFunc is a function that serves as a [RouteHandler].
type RouteHandlerFunc func(w http.ResponseWriter, r *http.Request, route Route)

// ServeRoute calls f(w, r, route).
func (f RouteHandlerFunc) ServeRoute(w http.ResponseWriter, r *http.Request, route Route) {
	f(w, r, route)
}

// A Route is what the route that a [ServeMux] chose for a request
// matched: the route's pattern, the request's URL ([RequestURL]) and the
// groups of the pathname. It is a value: a handler may keep or copy it,
// and its methods are safe for concurrent use. (It is not comparable with
// ==: compare its Pattern and URL.) The zero Route is of no route; its
// methods return zero values.
type Route struct {
	pattern string // as given to Handle or HandleRoute
	p       *urlpattern.Pattern
	url     url.URL
	// groups are the groups of the pathname that took part in the match,
	// as matched (percent-encoded), in the pattern's order: the first n of
	// inline, or more when there are more than inline holds (a Route is
	// a value: no slice of it may point into it).
	n      int
	inline [4]patternparts.Group
	more   []patternparts.Group
}

// setGroups makes a copy of groups the groups of rt.
func (rt *Route) setGroups(groups []patternparts.Group) {
	if len(groups) > len(rt.inline) {
		rt.more = slices.Clone(groups)
		return
	}
	rt.n = copy(rt.inline[:], groups)
}

// groups returns the groups of rt.
func (rt *Route) groups() []patternparts.Group {
	if rt.more != nil {
		return rt.more
	}
	return rt.inline[:rt.n]
}

// Pattern returns the route's pattern, as given to HandleRoute: what a
// ServeMux sets r.Pattern to.
func (rt Route) Pattern() string { return rt.pattern }

// URL returns the request's URL ([RequestURL]), which the route's pattern
// matched: in its serialized form, the host, pathname and query those of
// the request byte for byte.
func (rt Route) URL() url.URL { return rt.url }

// PathValue returns the value of the group name of the route's pathname,
// percent-decoded, as this ServeMux sets r.PathValue(name) for a handler
// added with [ServeMux.Handle] (see [ServeMux.ServeHTTP]): "a b.txt" for
// the segment "a%20b.txt" of "/files/:name"; "0" names the first unnamed
// group. It returns the empty string when the group did not take part in
// the match and when the pathname has no such group.
func (rt Route) PathValue(name string) string {
	return url.PercentDecodeString(rt.EscapedPathValue(name))
}

// EscapedPathValue returns the value of the group name of the route's
// pathname as the pattern matched it, percent-encoded as the URL Standard
// serializes a path, as the function [EscapedPathValue] does for a
// handler added with [ServeMux.Handle].
func (rt Route) EscapedPathValue(name string) string {
	return groupValue(rt.groups(), name)
}

// groupValue returns the value of the group name of groups, or the empty
// string when groups has no such group.
func groupValue(groups []patternparts.Group, name string) string {
	for _, g := range groups {
		if g.Name == name {
			return g.Value
		}
	}
	return ""
}

// Result returns what the route's pattern matched: its ExecURL of the
// request's URL, with the inputs and, for each component, the input and
// the groups, as the function [Result] does for a handler added with
// [ServeMux.Handle]. Routing a request matched only the pathname, for the
// path values: each call executes the whole pattern and makes a new
// Result (a Route is a value, with nowhere to keep one). It returns nil
// for the zero Route.
func (rt Route) Result() *urlpattern.Result {
	if rt.p == nil {
		return nil
	}
	return rt.p.ExecURL(rt.url)
}

// quotePattern returns a pattern of Handle as a panic quotes it: as an
// error quotes an input (errtext), the method and the URL pattern apart, so
// that a password in the URL pattern is found and redacted: as the URL
// parser reads it, and as the constructor string parser does (package
// urlpattern's redaction, through patternparts.Redact).
func quotePattern(pattern string) string {
	_, rest := splitMethod(pattern)
	return errtext.Quote(errtext.Of(pattern[:len(pattern)-len(rest)]) + errtext.Of(patternparts.Redact(rest)))
}

// splitMethod splits a pattern of Handle into its method, when it starts
// with a token (RFC 9110, section 5.6.2) and blanks, and the URL pattern.
func splitMethod(pattern string) (method, rest string) {
	i := strings.IndexAny(pattern, " \t")
	if i <= 0 || !httpguts.ValidHeaderFieldName(pattern[:i]) {
		return "", pattern
	}
	return pattern[:i], strings.TrimLeft(pattern[i:], " \t")
}

// resultKey is the key of a request's resultContext in its context.
type resultKey struct{}

// A resultContext is the context of the request a ServeMux gives a
// handler added with Handle: the request's own, and the Result of the
// route's pattern on the request's URL, made the first time a handler
// asks for it (routing a request matches only the pathname, for the path
// values). It holds the handler's request too, and the URL's string: one
// allocation.
type resultContext struct {
	context.Context
	pattern *urlpattern.Pattern
	url     url.URL
	once    sync.Once
	result  *urlpattern.Result
	// req is the request the handler gets: a shallow copy of the one
	// routed, with this context.
	req http.Request
	// href holds the string url was parsed from when it fits
	// (readRequest): most do, and the context, the handler's request and
	// the URL are then one allocation.
	href [maxInlineHref]byte
}

// maxInlineHref is the longest URL string a resultContext holds.
const maxInlineHref = 128

// Value returns c itself for resultKey, and the value of key in the
// request's own context otherwise.
func (c *resultContext) Value(key any) any {
	if _, ok := key.(resultKey); ok {
		return c
	}
	return c.Context.Value(key)
}

// String names c as the context package names its own.
func (c *resultContext) String() string {
	return fmt.Sprint(c.Context) + ".WithValue(router.Result)"
}

// Result returns what the pattern of the route that a ServeMux chose for
// the request r matched: its ExecURL of the request's URL ([RequestURL]),
// with the inputs and, for each component, the input and the groups. The
// first call makes it; later ones return the same. It returns nil for a
// request that a ServeMux did not route.
func Result(r *http.Request) *urlpattern.Result {
	rc, _ := r.Context().Value(resultKey{}).(*resultContext)
	if rc == nil {
		return nil
	}
	rc.once.Do(func() { rc.result = rc.pattern.ExecURL(rc.url) })
	return rc.result
}

// EscapedPathValue returns the value of the group name of the pathname of
// the route that a ServeMux chose for r, as the pattern matched it: the
// text of the request's path, percent-encoded as the URL Standard
// serializes a path ("a%20b.txt", "100%25"). It is what
// r.PathValue(name) holds before the ServeMux percent-decodes it, and
// what Result(r).Pathname.Groups[name].Value holds, without executing the
// other components. It returns the empty string when the group did not
// take part in the match, when the route has no such group, and for a
// request that a ServeMux did not route. Values set later with
// r.SetPathValue do not change it.
//
// The two differ where a percent-encoded byte means something in a path:
// "%25" is a "%" in PathValue, so decoding a PathValue again is wrong, and
// "%3F" a "?".
func EscapedPathValue(r *http.Request, name string) string {
	rc, _ := r.Context().Value(resultKey{}).(*resultContext)
	if rc == nil {
		return ""
	}
	groups, _ := patternparts.AppendGroups(rc.pattern, pathname, rc.url.Pathname(), nil)
	return groupValue(groups, name)
}

// ServeHTTP serves r with the handler of the first route that matches it,
// when r's Host and request-target are serialized, and otherwise answers
// with a redirect to their serialization or 400 Bad Request, as
// [ServeMux] says.
//
// As net/http's ServeMux does, it sets r.Pattern to the route's pattern as
// given to Handle and a path value (Request.SetPathValue) for each group
// of the pathname, r.PathValue("id") for "/books/:id", "0" for the first
// unnamed group ("*" or a regular expression), on r itself, so that a
// middleware in front reads them after the handler returned. A path value
// is percent-decoded (the URL Standard's percent-decode,
// https://url.spec.whatwg.org/#percent-decode), as net/http's are:
// "a b.txt" for the segment "a%20b.txt"; the value as matched is
// [EscapedPathValue]. A group that did not take part in the match
// ("/books/:id?" on "/books") has the empty string as its path value,
// which replaces a value that a ServeMux in front set for a group of its
// own route of the same name. The handler gets a shallow copy of r whose
// context holds the [Result], which executes the whole pattern when the
// handler first asks for it: routing a request tests the routes' patterns
// and executes only the winner's pathname. A route's [RouteHandler]
// ([ServeMux.HandleRoute]) gets r itself, with r.Pattern set, and a
// [Route] in place of the path values and the copy.
//
// Behind another ServeMux's route (this package's or net/http's), the
// request this ServeMux gets is a shallow copy of the one in front (made
// by http.StripPrefix, say, or Request.WithContext), which shares the
// path values the request in front has, but not its Pattern; and the
// ServeMux sets its own on the request it is given. The request in front
// then keeps the outer route's Pattern, while its values of the names the
// two routes have in common are the inner route's; a value of another
// name may or may not reach it. A middleware that reads r.Pattern and
// path values after the handler returned reads them of one route when it
// wraps the innermost ServeMux, or when nested routes have no group name
// in common. As with net/http's ServeMux, which writes them too, no other
// goroutine may read a request's Pattern or path values while it is
// served.
func (m *ServeMux) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	// A route of Handle gives its handler a copy of r with a context,
	// which holds the URL's string too (one allocation); a RouteHandler
	// gets a Route on the stack, and the URL's string is allocated alone.
	var rc *resultContext
	var store []byte
	if m.handlers.Load() {
		rc = new(resultContext)
		store = rc.href[:]
	}
	u, rd, err := readRequest(r, store)
	switch {
	case err != nil || rd == unserialized && r.Method == http.MethodConnect:
		http.Error(w, "400 Bad Request", http.StatusBadRequest)
		return
	case rd == unserialized:
		redirect(w, r, location(r, u))
		return
	}
	s := scratchPool.Get().(*scratch)
	rt, p, methods := m.find(u, r.Method, s)
	if rt == nil {
		releaseScratch(s)
		if len(methods) > 0 {
			w.Header().Set("Allow", strings.Join(allowed(methods), ", "))
			http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
			return
		}
		http.NotFound(w, r)
		return
	}
	r.Pattern = rt.pattern
	if rt.route != nil {
		route := Route{pattern: rt.pattern, p: p, url: u}
		route.setGroups(s.groups)
		releaseScratch(s)
		rt.route.ServeRoute(w, r, route)
		return
	}
	setPathValues(r, rt.names, s.groups)
	releaseScratch(s)
	if rc == nil {
		// The route was added with Handle after ServeHTTP read m.handlers,
		// as routes may be while the ServeMux serves: the URL's string
		// was allocated alone.
		rc = new(resultContext)
	}
	// (r itself is not given the context in place: a goroutine in front
	// may be reading r, and a request served again would pile up
	// contexts.)
	rc.Context, rc.pattern, rc.url = r.Context(), p, u
	rc.req = *r.WithContext(rc)
	rt.handler.ServeHTTP(w, &rc.req)
}

// setPathValues sets on r a path value for each name of names, the names
// of the groups of a route's pathname: the percent-decoded value of the
// group of groups (those that took part in the match, in the same order)
// of that name, or the empty string for a group that did not take part.
// The empty string replaces the value that a ServeMux in front may have
// set for a route of its own (r shares its path values with the request
// it was copied from): a name of the route reads the route's value. Where
// r has no value of that name, PathValue reads the empty string already,
// and setting it would only make net/http allocate its map.
func setPathValues(r *http.Request, names []string, groups []patternparts.Group) {
	for _, name := range names {
		value := ""
		if len(groups) > 0 && groups[0].Name == name {
			value = url.PercentDecodeString(groups[0].Value)
			groups = groups[1:]
		} else if r.PathValue(name) == "" {
			continue
		}
		r.SetPathValue(name, value)
	}
}

// releaseScratch puts s back in the pool, its groups cleared so that the
// pool keeps no request's strings.
func releaseScratch(s *scratch) {
	clear(s.groups)
	s.groups = s.groups[:0]
	scratchPool.Put(s)
}

// redirect answers r with a redirect to loc, an ASCII URL reference
// (serializations percent-encode the rest): 301 for GET and HEAD, 308 for
// the other methods, with a short HTML body for GET as http.Redirect
// writes. It does not call http.Redirect, which would clean the path of a
// relative loc with path.Clean and so name another path than the URL
// Standard's ("/a//b" as "/a/b").
func redirect(w http.ResponseWriter, r *http.Request, loc string) {
	code := http.StatusPermanentRedirect
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		code = http.StatusMovedPermanently
	}
	h := w.Header()
	h.Set("Location", loc)
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		h.Set("Content-Type", "text/html; charset=utf-8")
	}
	w.WriteHeader(code)
	if r.Method == http.MethodGet {
		fmt.Fprintf(w, "<a href=\"%s\">%s</a>.\n", html.EscapeString(loc), http.StatusText(code))
	}
}

// find returns the first route that matches u for method, and its
// pattern, with the groups of its pathname that took part in the match in
// s.groups; or, when there is none, the methods of the routes that match
// u. It confirms each candidate as Router.matching does but for the
// pathname, which it matches last: with its groups, for a route of the
// method.
func (m *ServeMux) find(u url.URL, method string, s *scratch) (rt *muxRoute, p *urlpattern.Pattern, methods []string) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	path := u.Pathname()
	s.groups = s.groups[:0]
	m.router.confirmed(u, pathname, s, func(candidate *route[*muxRoute]) bool {
		c := candidate.value
		if c.method == "" || c.method == method || c.method == http.MethodGet && method == http.MethodHead {
			var ok bool
			if s.groups, ok = patternparts.AppendGroups(candidate.pattern, pathname, path, s.groups[:0]); ok {
				rt, p, methods = c, candidate.pattern, nil
				return false
			}
		} else if candidate.tests&(1<<pathname) == 0 || patternparts.TestComponent(candidate.pattern, pathname, path) {
			methods = append(methods, c.method)
		}
		return true
	})
	return rt, p, methods
}

// allowed returns the methods of an Allow header for routes of methods:
// sorted, each once, and HEAD with GET.
func allowed(methods []string) []string {
	out := slices.Clone(methods)
	if slices.Contains(out, http.MethodGet) {
		out = append(out, http.MethodHead)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// RequestURL returns the URL of the request r as this package's parser
// reads it (https://url.spec.whatwg.org/#concept-basic-url-parser): the URL
// of "http://" (or "https://" when r.TLS is set) followed by r.Host, the
// path of r.URL (its bytes as the client sent them, RawPath, when net/url
// kept them) and "?" and r.URL.RawQuery when there is a query. It reads
// r.URL rather than r.RequestURI so that a handler in front of a ServeMux
// can rewrite the path (http.StripPrefix).
//
// The URL is in its serialized form: the host in lowercase and in
// Punycode, the scheme's default port removed, "." and ".." segments
// resolved, characters percent-encoded as the standard does. A [ServeMux]
// routes r only when the URL's host, pathname and query are r.Host, that
// path and r.URL.RawQuery byte for byte, and redirects r to the URL
// otherwise.
//
// RequestURL returns an error for the requests a ServeMux answers with 400
// Bad Request: when r has no Host or one that is no URL's host and port,
// when the path does not start with "/" (the "*" of "OPTIONS *"), when
// the path or query holds a "#", a control character, bytes that are not
// UTF-8, or ends in a space, when the path holds a "?", when the URL does
// not parse, and when the percent-decoding of its path has a "." or ".."
// segment.
func RequestURL(r *http.Request) (url.URL, error) {
	u, _, err := readRequest(r, nil)
	return u, err
}

// A reading says whether a request is in the serialized form of the URL
// readRequest reads from it.
type reading uint8

const (
	serialized   reading = iota // r.Host and the target are the URL's: route r
	unserialized                // r is another spelling of the URL: redirect r
)

// readRequest returns the URL of r ([RequestURL]) and whether r's Host
// and request-target are that URL's serialization, or an error.
//
// The request is parsed once, as one string. When the URL's host,
// pathname and query are r's strings byte for byte, they are each exactly
// the piece of the string they came from (the host cannot have taken a
// "/" of r.Host, nor the pathname a "?" of the path), so no piece was
// read as another: a request already serialized is checked with three
// string comparisons and allocates only the string parsed. Any other
// request is checked piece by piece before it is redirected.
//
// When the string fits in store, it is built there: the caller must keep
// store while it keeps the URL and never write to it again.
func readRequest(r *http.Request, store []byte) (url.URL, reading, error) {
	if r.URL == nil {
		return url.URL{}, 0, errors.New("router: request without a URL")
	}
	path := requestPath(r.URL)
	if !strings.HasPrefix(path, "/") {
		return url.URL{}, 0, errors.New("router: request for " + quotePath(path, r.URL.Path) + ", not a path")
	}
	query, hasQuery := r.URL.RawQuery, r.URL.RawQuery != "" || r.URL.ForceQuery
	scheme := "http://"
	if r.TLS != nil {
		scheme = "https://"
	}
	var s string
	if n := len(scheme) + len(r.Host) + len(path) + len("?") + len(query); n <= len(store) {
		// The string is built in store, which the caller keeps and never
		// writes again, so that the URL costs no allocation of its own.
		b := append(append(append(store[:0], scheme...), r.Host...), path...)
		if hasQuery {
			b = append(append(b, '?'), query...)
		}
		s = unsafe.String(unsafe.SliceData(b), len(b))
	} else if hasQuery {
		s = scheme + r.Host + path + "?" + query
	} else {
		s = scheme + r.Host + path
	}
	// (The error is tested, not kept: Parse then allocates none.)
	u, err := url.Parse(s)
	parsed := err == nil
	if parsed && u.Host() == r.Host && u.Pathname() == path {
		if q, ok := u.Query(); ok == hasQuery && q == query {
			if strings.IndexByte(path, '%') < 0 && strings.IndexByte(query, '%') < 0 {
				return u, serialized, nil // (most requests)
			}
			if hasEncodedSeparator(path) {
				return url.URL{}, 0, encodedSeparatorError(path, r.URL.Path)
			}
			if percentNormal(path, keptInPath) && percentNormal(query, keptInQuery) {
				return u, serialized, nil
			}
			return normalizePercent(u)
		}
	}
	if err := checkHost(r.Host); err != nil {
		return url.URL{}, 0, err
	}
	if err := checkTarget(path, r.URL.Path, query, hasQuery); err != nil {
		return url.URL{}, 0, err
	}
	if !parsed {
		_, perr := url.Parse(s)
		return url.URL{}, 0, fmt.Errorf("router: request for %s with the Host %s: %w", quotePath(path, r.URL.Path), errtext.Quote(errtext.OfAuthority(r.Host)), perr)
	}
	if hasEncodedSeparator(u.Pathname()) {
		return url.URL{}, 0, encodedSeparatorError(u.Pathname(), r.URL.Path)
	}
	return normalizePercent(u)
}

// checkHost returns an error when host, a request's Host, is empty or
// holds a byte that would make it more than a host and port in the string
// readRequest parses (the delimiters "@", "/", "?", "#" and "\"), a byte
// the URL parser removes or trims (a control character or space), or
// bytes that are not UTF-8. The error quotes the Host as errtext.OfAuthority
// does: the password of credentials before an "@" (as a URL's userinfo)
// redacted, hidden code points escaped.
func checkHost(host string) error {
	if host == "" {
		return errors.New("router: request without a Host")
	}
	if strings.IndexByte(host, '@') >= 0 {
		return errors.New("router: request with the Host " + errtext.Quote(errtext.OfAuthority(host)) + ", with credentials")
	}
	for i := 0; i < len(host); i++ {
		if b := host[i]; b <= ' ' || b == 0x7f || strings.IndexByte(`@/?#\`, b) >= 0 {
			return errors.New("router: request with the Host " + errtext.Quote(errtext.OfAuthority(host)))
		}
	}
	if !utf8.ValidString(host) {
		return errors.New("router: request with the Host " + errtext.Quote(errtext.OfAuthority(host)) + ", not UTF-8")
	}
	return nil
}

// quotePath quotes sent, the path of a request as sent, for an error, as
// errtext.QuoteOf does; but when decoded, the path as net/url decoded it,
// holds a password that sent does not show as one (a "%0D" that is a "\r",
// which the URL parser removes: "A:/\r/u:pass@h" reads as "A://u:pass@h"),
// it quotes decoded, with that password redacted.
func quotePath(sent, decoded string) string {
	if decoded != sent && len(errtext.PasswordSpans(decoded, false)) > 0 {
		return errtext.QuoteOf(decoded)
	}
	return errtext.QuoteOf(sent)
}

// checkTarget returns an error when the path and query of a request-target
// cannot be read as one URL's path and query: a "?" in the path, a "#"
// (a request-target has no fragment, and the URL parser would end the path
// or query there), a control character (the URL parser removes tabs and
// newlines, and net/http's server refuses them all), a space at the end
// (the parser trims it), or bytes that are not UTF-8 (the parser reads
// them as U+FFFD). decoded is the path as net/url decoded it, for the
// error (quotePath).
func checkTarget(path, decoded, query string, hasQuery bool) error {
	if strings.IndexByte(path, '?') >= 0 {
		return errors.New("router: request for the path " + quotePath(path, decoded) + `, with a "?"`)
	}
	last := path
	if hasQuery {
		last = query
	}
	if last != "" && last[len(last)-1] == ' ' {
		return errors.New("router: request-target that ends in a space")
	}
	for _, s := range [2]string{path, query} {
		for i := 0; i < len(s); i++ {
			if b := s[i]; b < ' ' || b == 0x7f || b == '#' {
				return fmt.Errorf("router: request-target with the byte %q", b)
			}
		}
		if !utf8.ValidString(s) {
			return errors.New("router: request-target that is not UTF-8")
		}
	}
	return nil
}

// hasEncodedSeparator reports whether the path p has a percent-encoded
// "/" or "\" ("%2F", "%5c"): a byte that net/url's Path, path.Clean,
// filepath.Clean on Windows and net/http's ServeFile read as a separator
// where the URL Standard and a pattern read one segment, so that
// "/files/..%2Fsecret" and "/admin%2Fsecret" are "/secret" and
// "/admin/secret" to a handler and one segment to the route.
func hasEncodedSeparator(p string) bool {
	for i := strings.IndexByte(p, '%'); i >= 0 && i+2 < len(p); i++ {
		if infra.IsPercentEncodedByteAt(p, i) {
			if b := infra.PercentDecodedByte(p[i+1], p[i+2]); b == '/' || b == '\\' {
				return true
			}
		}
	}
	return false
}

// encodedSeparatorError is the error of a request whose path p has a
// percent-encoded separator; decoded is p as net/url decoded it
// (quotePath).
func encodedSeparatorError(p, decoded string) error {
	return errors.New("router: request for " + quotePath(p, decoded) + `, with a percent-encoded "/" or "\\", which r.URL.Path reads as a separator`)
}

// The normal form of percent-encoding that a ServeMux routes
// (RFC 3986, section 6.2.2): the hex digits of every "%XX" in upper case,
// and a byte encoded only when it must be, so that a pattern's text
// compares with the path and query as net/http's decoding reads them:
// "/adm%69n/x" is "/admin/x" to r.URL.Path, and the ServeMux routes it
// as "/admin/x", after a redirect.
//
// keptInPath says which bytes stay encoded in a path: those the URL
// Standard's serializer would encode (it encodes `"`, "<", ">", "`", "{",
// "}" and "^" again after they are decoded), the delimiters "%", "?" and
// "#", the separators "/" and "\", which a ServeMux refuses encoded, the
// controls and space, which the URL parser removes or trims, and
// non-ASCII bytes. keptInQuery keeps every byte but RFC 3986's unreserved
// characters (letters, digits, "-", ".", "_", "~"), since "&", "=" and "+"
// delimit the names and values that a handler decodes.
func keptInPath(b byte) bool {
	return b <= ' ' || b >= 0x7f || strings.IndexByte(`%?#/\`, b) >= 0
}

func keptInQuery(b byte) bool {
	return !('a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || strings.IndexByte("-._~", b) >= 0)
}

// staysEncoded reports whether the byte b of a "%XX" that follows before
// stays encoded in the normal form: when kept says so, and when b is a hex
// digit that would make an escape with what comes before it, a "%" or a
// "%" and a hex digit (decoding the "%61" of "%0%61" would make "%0a",
// which reads as a line feed).
func staysEncoded[S ~string | ~[]byte](before S, b byte, kept func(byte) bool) bool {
	if kept(b) {
		return true
	}
	if !infra.IsASCIIHexDigit(int(b)) {
		return false
	}
	n := len(before)
	return n >= 1 && before[n-1] == '%' || n >= 2 && before[n-2] == '%' && infra.IsASCIIHexDigit(int(before[n-1]))
}

// percentNormal reports whether every "%XX" of s is in the normal form:
// upper-case hex digits, encoding a byte that stays encoded
// (staysEncoded).
func percentNormal(s string, kept func(byte) bool) bool {
	for i := strings.IndexByte(s, '%'); i >= 0 && i+2 < len(s); i++ {
		if infra.IsPercentEncodedByteAt(s, i) {
			if b := infra.PercentDecodedByte(s[i+1], s[i+2]); !staysEncoded(s[:i], b, kept) || s[i+1] >= 'a' || s[i+2] >= 'a' {
				return false
			}
		}
	}
	return true
}

// appendPercentNormal appends s to dst with every "%XX" in the normal
// form: decoded when the byte need not stay encoded (staysEncoded), with
// upper-case hex digits otherwise.
func appendPercentNormal(dst []byte, s string, kept func(byte) bool) []byte {
	for i := 0; i < len(s); i++ {
		if infra.IsPercentEncodedByteAt(s, i) {
			if b := infra.PercentDecodedByte(s[i+1], s[i+2]); staysEncoded(dst, b, kept) {
				dst = append(dst, '%', infra.UpperHexDigits[b>>4], infra.UpperHexDigits[b&15])
			} else {
				dst = append(dst, b)
			}
			i += 2
			continue
		}
		dst = append(dst, s[i])
	}
	return dst
}

// normalizePercent returns the URL u with the percent-encoding of its
// path and query in the normal form, to redirect a request to: the
// pathname's decoded bytes are encoded again by the URL parser where the
// standard encodes them.
func normalizePercent(u url.URL) (url.URL, reading, error) {
	b := make([]byte, 0, len(u.Href()))
	b = append(b, u.Protocol()...)
	b = append(b, "//"...)
	b = append(b, u.Host()...)
	b = appendPercentNormal(b, u.Pathname(), keptInPath)
	if q, ok := u.Query(); ok {
		b = append(b, '?')
		b = appendPercentNormal(b, q, keptInQuery)
	}
	v, err := url.Parse(string(b))
	if err != nil || !percentNormal(v.Pathname(), keptInPath) || hasEncodedSeparator(v.Pathname()) {
		// (Decoding bytes of a serialized path does not make a URL the
		// parser refuses, nor one whose path it would encode otherwise.)
		return url.URL{}, 0, fmt.Errorf("router: request for %s: its percent-encoding has no normal form", errtext.QuoteOf(u.Pathname()))
	}
	return v, unserialized, nil
}

// location returns the reference a request r, read as the URL u that is
// not r's serialization, is redirected to: u's path and query, with the
// prefix that a handler in front stripped from r.URL's path put back, and
// "//" and u's host before the path when the host is not r.Host, or when
// the path starts with "//" and would otherwise be read as a host. So the
// reference, resolved against the request's URL, always names u's origin.
func location(r *http.Request, u url.URL) string {
	loc := u.Pathname()
	if prefix := strippedPrefix(r); prefix != "" {
		v, err := url.Parse(u.Protocol() + "//" + u.Host() + prefix + loc)
		if err == nil && v.Host() == u.Host() && v.Pathname() == prefix+loc {
			loc = prefix + loc
		}
	}
	if u.Host() != r.Host || strings.HasPrefix(loc, "//") {
		loc = "//" + u.Host() + loc
	}
	if q, ok := u.Query(); ok {
		loc += "?" + q
	}
	return loc
}

// strippedPrefix returns the start of the path of r.RequestURI that a
// handler in front removed from r.URL's path (http.StripPrefix), when that
// path is what remains of it; and "" when r.URL has its path as received,
// or was rewritten otherwise.
func strippedPrefix(r *http.Request) string {
	sent, _, _ := strings.Cut(r.RequestURI, "?")
	if !strings.HasPrefix(sent, "/") {
		// The absolute-form, "http://example.com/path": the path starts
		// at the first "/" after the authority.
		_, rest, ok := strings.Cut(sent, "://")
		i := strings.IndexByte(rest, '/')
		if !ok || i < 0 {
			return ""
		}
		sent = rest[i:]
	}
	path := requestPath(r.URL)
	if len(sent) > len(path) && strings.HasSuffix(sent, path) {
		return sent[:len(sent)-len(path)]
	}
	return ""
}

// unescapedPath reports whether net/url's encoding of the path p is p
// itself because every byte of p is one that no version of net/url
// escapes in a path: an ASCII letter or digit or one of "-_.~$&+,/:;=@".
func unescapedPath(p string) bool {
	for i := 0; i < len(p); i++ {
		if !pathByte[p[i]] {
			return false
		}
	}
	return true
}

// pathByte says which bytes unescapedPath accepts.
var pathByte = func() (t [256]bool) {
	for _, c := range "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_.~$&+,/:;=@" {
		t[c] = true
	}
	return t
}()

// requestPath returns the path of u as sent: RawPath when it is an
// encoding of Path (net/url keeps it when it differs from its own
// encoding of Path, and EscapedPath drops it when it holds bytes net/url
// would escape, such as "|"), the encoding of Path otherwise; or the path
// in Opaque.
func requestPath(u *stdurl.URL) string {
	if o := u.Opaque; o != "" {
		// "//host/path": the form of a path net/url cannot hold
		// (url.URL.RequestURL), sent as it is.
		if rest, ok := strings.CutPrefix(o, "//"); ok {
			if i := strings.IndexByte(rest, '/'); i >= 0 {
				return rest[i:]
			}
			return ""
		}
		return o
	}
	if u.RawPath == "" && unescapedPath(u.Path) {
		return u.Path // what EscapedPath returns, without its byte-at-a-time check
	}
	if u.RawPath != "" {
		if p, err := stdurl.PathUnescape(u.RawPath); err == nil && p == u.Path {
			return u.RawPath
		}
	}
	return u.EscapedPath()
}
