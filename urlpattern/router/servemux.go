package router

import (
	"context"
	"errors"
	"net/http"
	stdurl "net/url"
	"slices"
	"strings"
	"sync"

	"golang.org/x/net/http/httpguts"

	"github.com/webstd/url"
	"github.com/webstd/url/internal/errtext"
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
// [Result].
//
// When no route matches the URL, ServeMux replies 404 Not Found; when
// routes match the URL but none is for the request's method, 405 Method
// Not Allowed with an Allow header that lists their methods; when the
// request has no URL to match (no Host, a request-target that is not a
// path), 400 Bad Request.
//
// Unlike net/http's ServeMux, which serves the most specific pattern and
// refuses patterns that conflict, a ServeMux tries its routes in order, as
// a [Router] does, so it accepts any set of patterns: add the specific
// routes ("/books/new") before the general ones ("/books/:id"). It does not
// clean paths or redirect: the URL parser resolves "." and ".." segments,
// as a browser does before it sends a request, so "/files/../admin" is
// matched as "/admin".
//
// A ServeMux is safe for concurrent use: routes may be added while it
// serves requests. The zero ServeMux is ready to use.
type ServeMux struct {
	mu     sync.RWMutex
	router Router[*muxRoute]
}

// A muxRoute is a route of a ServeMux.
type muxRoute struct {
	pattern string // as given to Handle
	method  string // empty for any method
	handler http.Handler
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
	method, rest := splitMethod(pattern)
	if strings.HasPrefix(rest, "/") {
		rest = "*://*:*" + rest
	}
	p, err := urlpattern.Parse(rest)
	if err != nil {
		panic("router: Handle(" + quotePattern(pattern) + "): " + err.Error())
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.router.Add(p, &muxRoute{pattern, method, handler})
}

// HandleFunc is [ServeMux.Handle] for a handler function.
func (m *ServeMux) HandleFunc(pattern string, handler func(http.ResponseWriter, *http.Request)) {
	if handler == nil {
		panic("router: HandleFunc(" + quotePattern(pattern) + "): nil handler")
	}
	m.Handle(pattern, http.HandlerFunc(handler))
}

// quotePattern returns a pattern of Handle as a panic quotes it: as an
// error quotes an input (errtext), the method and the URL pattern apart, so
// that a password in the URL pattern is found and redacted.
func quotePattern(pattern string) string {
	_, rest := splitMethod(pattern)
	return errtext.Quote(errtext.Of(pattern[:len(pattern)-len(rest)]) + errtext.Of(rest))
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

// resultKey is the key of a request's lazyResult in its context.
type resultKey struct{}

// A lazyResult is the Result of a route's pattern on a request's URL,
// made the first time a handler asks for it: routing a request executes
// only the pathname, for the path values.
type lazyResult struct {
	once    sync.Once
	pattern *urlpattern.Pattern
	url     url.URL
	result  *urlpattern.Result
}

// Result returns what the pattern of the route that a ServeMux chose for
// the request r matched: its ExecURL of the request's URL ([RequestURL]),
// with the inputs and, for each component, the input and the groups. The
// first call makes it; later ones return the same. It returns nil for a
// request that a ServeMux did not route.
func Result(r *http.Request) *urlpattern.Result {
	lr, _ := r.Context().Value(resultKey{}).(*lazyResult)
	if lr == nil {
		return nil
	}
	lr.once.Do(func() { lr.result = lr.pattern.ExecURL(lr.url) })
	return lr.result
}

// ServeHTTP serves r with the handler of the first route that matches it.
// The handler gets a shallow copy of r whose Pattern is the route's
// pattern as given to Handle, with a path value (Request.SetPathValue) for
// each group of the pathname that took part in the match:
// r.PathValue("id") for "/books/:id", "0" for the first unnamed group ("*"
// or a regular expression). A group that did not take part ("/books/:id?"
// on "/books") has no path value, and PathValue returns the empty string
// for it. The groups of the other components are in [Result], which
// executes the whole pattern when the handler first asks for it: routing
// a request tests the routes' patterns and executes only the winner's
// pathname.
func (m *ServeMux) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	u, err := RequestURL(r)
	if err != nil {
		http.Error(w, "400 Bad Request", http.StatusBadRequest)
		return
	}
	rt, p, methods := m.find(u, r.Method)
	if rt == nil {
		if len(methods) > 0 {
			w.Header().Set("Allow", strings.Join(allowed(methods), ", "))
			http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
			return
		}
		http.NotFound(w, r)
		return
	}
	r = r.WithContext(context.WithValue(r.Context(), resultKey{}, &lazyResult{pattern: p, url: u}))
	r.Pattern = rt.pattern
	patternparts.ExecGroups(p, pathname, u.Pathname(), r.SetPathValue)
	rt.handler.ServeHTTP(w, r)
}

// find returns the first route that matches u for method, and its
// pattern; or, when there is none, the methods of the routes that match u.
func (m *ServeMux) find(u url.URL, method string) (rt *muxRoute, p *urlpattern.Pattern, methods []string) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	m.router.matching(u, func(candidate *route[*muxRoute]) bool {
		c := candidate.value
		if c.method == "" || c.method == method || c.method == http.MethodGet && method == http.MethodHead {
			rt, p, methods = c, candidate.pattern, nil
			return false
		}
		methods = append(methods, c.method)
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

// RequestURL returns the URL of the request r that a ServeMux matches: the
// URL this module's parser makes of "http://" (or "https://" when r.TLS is
// set) followed by r.Host, the path of r.URL (its bytes as the client sent
// them, RawPath, when net/url kept them) and "?" and r.URL.RawQuery when
// there is a query. The parser normalizes it as a browser would have: the
// host in lowercase, the scheme's default port removed, "." and ".."
// segments resolved. It reads r.URL rather than r.RequestURI so that a
// handler in front of the mux can rewrite the path (http.StripPrefix).
//
// The scheme is the one of the connection the server accepted: behind a
// proxy that ends TLS it is "http". RequestURL returns an error when r
// has no Host or one with a character that would make it more than a host
// and port ("@", "/", "?", "#", "\"), when the path does not start with "/"
// (the "*" of "OPTIONS *"), and when the URL does not parse.
func RequestURL(r *http.Request) (url.URL, error) {
	if r.URL == nil {
		return url.URL{}, errors.New("router: request without a URL")
	}
	if r.Host == "" || strings.ContainsAny(r.Host, "@/?#\\") {
		return url.URL{}, errors.New("router: request with the Host " + errtext.Quote(errtext.OfAuthority(r.Host)))
	}
	path := requestPath(r.URL)
	if !strings.HasPrefix(path, "/") {
		return url.URL{}, errors.New("router: request for " + errtext.QuoteOf(path) + ", not a path")
	}
	scheme := "http://"
	if r.TLS != nil {
		scheme = "https://"
	}
	s := scheme + r.Host + path
	if r.URL.RawQuery != "" || r.URL.ForceQuery {
		s += "?" + r.URL.RawQuery
	}
	return url.Parse(s)
}

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
	if u.RawPath != "" {
		if p, err := stdurl.PathUnescape(u.RawPath); err == nil && p == u.Path {
			return u.RawPath
		}
	}
	return u.EscapedPath()
}
