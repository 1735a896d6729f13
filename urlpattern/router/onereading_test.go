package router

import (
	"bufio"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path"
	"reflect"
	"strings"
	"testing"

	"github.com/webstd/url"
	"github.com/webstd/url/internal/infra"
	"github.com/webstd/url/urlpattern"
)

// oneReadingRoutes are the routes the one-reading property is checked
// with: fixed text, segment and full wildcards, a regexp group, a group in
// the query, a host, text the pattern percent-encodes, and, last, one that
// every serialized request matches.
var oneReadingRoutes = []string{
	"http://admin.example.com/*",
	"/admin",
	"/admin/*",
	"GET /books/:id(\\d+)",
	"/files/:name",
	"/files/:dir/*",
	"/search?q=:q",
	"/caf\u00e9/:x",
	"POST /:a/:b",
	"/*",
}

// A oneReadingMux is a ServeMux of oneReadingRoutes behind a middleware
// that notes what it reads of each request, and, when there is a prefix,
// http.StripPrefix, with handlers that note the request they get.
type oneReadingMux struct {
	mux      *ServeMux
	routes   http.Handler                   // the routes added with HandleRoute, behind the same middleware
	route    *Route                         // the Route a RouteHandler got, or nil
	routeReq *http.Request                  // the request it got
	patterns map[string]*urlpattern.Pattern // by the pattern given to Handle
	methods  map[string]string              // the method of each pattern
	front    *http.Request                  // a copy of the request the middleware saw, in front
	atMux    *http.Request                  // the request the ServeMux got, or nil
	got      *http.Request                  // the request the handler got, or nil
	h        http.Handler
}

func newOneReadingMux(prefix string) *oneReadingMux {
	m := &oneReadingMux{mux: NewServeMux(), patterns: map[string]*urlpattern.Pattern{}, methods: map[string]string{}}
	routes := NewServeMux()
	for _, rt := range oneReadingRoutes {
		m.mux.HandleFunc(rt, func(w http.ResponseWriter, r *http.Request) { m.got = r })
		routes.HandleRouteFunc(rt, func(w http.ResponseWriter, r *http.Request, route Route) { m.routeReq, m.route = r, &route })
		method, rest := splitMethod(rt)
		if strings.HasPrefix(rest, "/") {
			rest = "*://*:*" + rest
		}
		m.patterns[rt], m.methods[rt] = urlpattern.MustParse(rest), method
	}
	var h http.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		m.atMux = r
		m.mux.ServeHTTP(w, r)
	})
	m.routes = routes
	if prefix != "" {
		h = http.StripPrefix(prefix, h)
		m.routes = http.StripPrefix(prefix, routes)
	}
	m.h = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f := *r
		u := *r.URL
		f.URL = &u
		m.front = &f
		h.ServeHTTP(w, r)
	})
	return m
}

// readRequest parses the request of method, target and host as net/http's
// server reads it from the connection (http.ReadRequest): HTTP/1.1 with a
// Host header, or HTTP/1.0 without one when host is empty. It returns nil
// for a request that net/http does not read.
func rawRequest(method, target, host string) *http.Request {
	if strings.ContainsAny(method+target+host, "\r\n") {
		return nil // another request line or header, not these
	}
	raw := method + " " + target + " HTTP/1.1\r\nHost: " + host + "\r\n\r\n"
	if host == "" {
		raw = method + " " + target + " HTTP/1.0\r\n\r\n"
	}
	r, err := http.ReadRequest(bufio.NewReaderSize(strings.NewReader(raw), len(raw)))
	if err != nil {
		return nil
	}
	return r
}

// sentPath returns the path of u as net/url keeps it from the
// request-target: RawPath when set (it differs from net/url's encoding of
// Path), else that encoding, which is then the path sent.
func sentPath(u *http.Request) string {
	if u.URL.RawPath != "" {
		return u.URL.RawPath
	}
	return u.URL.EscapedPath()
}

// readAs returns the URL this package parses from what r holds, read as
// a handler or middleware reads it (r.Host, the path sent, r.URL.RawQuery),
// and whether the URL is exactly those strings, in its serialized form.
func readAs(r *http.Request) (url.URL, bool) {
	sent := sentPath(r)
	s := "http://" + r.Host + sent
	hasQuery := r.URL.RawQuery != "" || r.URL.ForceQuery
	if hasQuery {
		s += "?" + r.URL.RawQuery
	}
	u, err := url.Parse(s)
	if err != nil {
		return url.URL{}, false
	}
	q, ok := u.Query()
	return u, u.Host() == r.Host && u.Pathname() == sent && q == r.URL.RawQuery && ok == hasQuery
}

// hasDotSegment reports whether p has a "." or ".." segment, with "/" and
// "\" as separators.
func hasDotSegment(p string) bool {
	for _, seg := range strings.FieldsFunc(p, func(r rune) bool { return r == '/' || r == '\\' }) {
		if seg == "." || seg == ".." {
			return true
		}
	}
	return false
}

// checkOneReading serves the request of method, target and host (read as
// rawRequest reads it) and checks the property of a ServeMux: the request
// is either
//
//   - redirected, to the serialization of the URL read from it, of the
//     request's own origin, and that serialization, requested, is not
//     redirected again;
//   - answered with an error, the handler not called;
//   - or routed, and then the pattern of the route, which is the first
//     that matches, matches the URL made of r.Host, r.URL's path and
//     r.URL.RawQuery as the handler sees them, that URL is those strings
//     byte for byte, the Result's inputs are they, r.URL.Path is their
//     percent-decoding with no dot segment, the middleware in front read
//     the same request, and the path values are the groups, decoded.
//
// With a prefix, the ServeMux is behind http.StripPrefix(prefix), and
// the property holds for the request the ServeMux got; the middleware in
// front read that request with the prefix, and a redirect names the
// request's origin, in its serialized form, without a loop. depth counts
// the redirects followed.
func checkOneReading(t *testing.T, method, target, host, prefix string, depth int) {
	t.Helper()
	req := rawRequest(method, target, host)
	if req == nil {
		return
	}
	m := newOneReadingMux(prefix)
	rec := httptest.NewRecorder()
	m.h.ServeHTTP(rec, req)
	where := fmt.Sprintf("%s %q Host %q behind StripPrefix(%q)", method, target, host, prefix)
	checkRouteHandler(t, where, m, rawRequest(method, target, host), rec)
	if rec.Code/100 == 3 {
		if m.got != nil || m.atMux == nil {
			t.Fatalf("%s: redirected (%d) after the handler ran, or not by the ServeMux", where, rec.Code)
		}
		checkRedirect(t, where, req, m.atMux, rec, prefix, depth)
		return
	}
	if m.got == nil {
		switch {
		case m.atMux == nil && prefix != "" && rec.Code == http.StatusNotFound:
			// StripPrefix's answer to a path without the prefix
		case rec.Code == http.StatusBadRequest:
		case rec.Code == http.StatusNotFound || rec.Code == http.StatusMethodNotAllowed:
			u, ok := readAs(m.atMux)
			if !ok {
				t.Fatalf("%s: %d for a request not in its serialized form %q", where, rec.Code, u.Href())
			}
			for _, rt := range oneReadingRoutes {
				if m.patterns[rt].TestURL(u) && (rec.Code == 404 || methodAllows(m.methods[rt], method)) {
					t.Fatalf("%s: %d, but the route %q matches %q", where, rec.Code, rt, u.Href())
				}
			}
		default:
			t.Fatalf("%s: %d without a handler", where, rec.Code)
		}
		return
	}
	hr := m.got
	sent := sentPath(hr)
	if strings.HasPrefix(target, "/") && prefix == "" {
		// (The test's own reading of net/url: the path and query are the
		// request-target's bytes.)
		want := sent
		if hr.URL.RawQuery != "" || hr.URL.ForceQuery {
			want += "?" + hr.URL.RawQuery
		}
		if want != target {
			t.Fatalf("%s: net/url keeps the target as %q", where, want)
		}
	}
	u, ok := readAs(hr)
	if !ok {
		t.Fatalf("%s: routed to %q, but r.Host %q, path %q, query %q are not the URL %q the router read",
			where, hr.Pattern, hr.Host, sent, hr.URL.RawQuery, u.Href())
	}
	p := m.patterns[hr.Pattern]
	if p == nil || !p.TestURL(u) || !methodAllows(m.methods[hr.Pattern], method) {
		t.Fatalf("%s: routed to %q, which does not match %q as the handler reads it", where, hr.Pattern, u.Href())
	}
	for _, rt := range oneReadingRoutes {
		if rt == hr.Pattern {
			break
		}
		if m.patterns[rt].TestURL(u) && methodAllows(m.methods[rt], method) {
			t.Fatalf("%s: routed to %q, but the route %q before it matches %q", where, hr.Pattern, rt, u.Href())
		}
	}
	res := Result(hr)
	if res == nil || res.Pathname.Input != sent || res.Hostname.Input != u.Hostname() || res.Port.Input != u.Port() ||
		res.Search.Input != hr.URL.RawQuery {
		t.Fatalf("%s: the pattern matched %+v, the handler reads %q %q %q", where, res, hr.Host, sent, hr.URL.RawQuery)
	}
	if hr.URL.Path != url.PercentDecodeString(sent) || hasDotSegment(hr.URL.Path) {
		t.Fatalf("%s: r.URL.Path %q, the pattern matched %q", where, hr.URL.Path, sent)
	}
	// The path the pattern matched is the one r.URL.Path spells, so the
	// route chosen is the first that matches the path as a handler, or
	// http.FileServer, reads it ("/adm%69n/x" is not routed past
	// "/admin/*").
	if p := reencodedPath(hr.URL.Path); p != sent {
		t.Fatalf("%s: routed as %q, but r.URL.Path %q spells %q", where, sent, hr.URL.Path, p)
	}
	if f := m.front; f.Host != hr.Host || f.URL.Path != prefix+hr.URL.Path || sentPath(f) != prefix+sent ||
		f.URL.RawQuery != hr.URL.RawQuery || f.RequestURI != hr.RequestURI {
		t.Fatalf("%s: the middleware in front read %q %q %q, the handler %q %q %q",
			where, f.Host, f.URL.Path, f.URL.RawQuery, hr.Host, hr.URL.Path, hr.URL.RawQuery)
	}
	if prefix == "" && req.Pattern != hr.Pattern {
		t.Fatalf("%s: the request given has the Pattern %q, the handler's %q", where, req.Pattern, hr.Pattern)
	}
	for name, g := range res.Pathname.Groups {
		if !g.Defined {
			continue
		}
		if hr.PathValue(name) != url.PercentDecodeString(g.Value) || EscapedPathValue(hr, name) != g.Value ||
			prefix == "" && req.PathValue(name) != hr.PathValue(name) {
			t.Fatalf("%s: path value %q is %q (escaped %q), the group %q", where, name, hr.PathValue(name), EscapedPathValue(hr, name), g.Value)
		}
	}
}

// checkRouteHandler serves req, a request as checkOneReading served it
// to m's routes added with Handle (answered with rec), to m's same routes
// added with HandleRoute, and checks that the request has the same answer
// (status, Location, Allow, body) and, routed, that the RouteHandler got
// the request the ServeMux got, not a copy, and a Route of the same
// pattern, URL, Result and path values as the Handle's handler read, and
// that the request holds no path values nor Result.
func checkRouteHandler(t *testing.T, where string, m *oneReadingMux, req *http.Request, rec *httptest.ResponseRecorder) {
	t.Helper()
	got := httptest.NewRecorder()
	m.routes.ServeHTTP(got, req)
	for _, h := range []string{"Location", "Allow"} {
		if got.Header().Get(h) != rec.Header().Get(h) {
			t.Fatalf("%s: with HandleRoute, %s %q; with Handle, %q", where, h, got.Header().Get(h), rec.Header().Get(h))
		}
	}
	if got.Code != rec.Code || got.Body.String() != rec.Body.String() || (m.route == nil) != (m.got == nil) {
		t.Fatalf("%s: with HandleRoute, %d %q (routed: %v); with Handle, %d %q (routed: %v)",
			where, got.Code, got.Body, m.route != nil, rec.Code, rec.Body, m.got != nil)
	}
	if m.route == nil {
		return
	}
	rt, hr := m.route, m.got
	res := Result(hr)
	if rt.Pattern() != hr.Pattern || m.routeReq.Pattern != hr.Pattern || len(res.Inputs) != 1 || rt.URL().Href() != res.Inputs[0] ||
		!reflect.DeepEqual(rt.Result(), res) || (Route{}).Result() != nil {
		t.Fatalf("%s: the Route has %q, %q, %+v; Handle's handler %q, %+v", where, rt.Pattern(), rt.URL().Href(), rt.Result(), hr.Pattern, res)
	}
	if Result(m.routeReq) != nil || m.routeReq.Context() != req.Context() {
		t.Fatalf("%s: a RouteHandler's request has a Result or another context", where)
	}
	names := []string{"0", "1", "nothing"}
	for name := range res.Pathname.Groups {
		names = append(names, name)
	}
	for _, name := range names {
		if rt.PathValue(name) != hr.PathValue(name) || rt.EscapedPathValue(name) != EscapedPathValue(hr, name) || m.routeReq.PathValue(name) != "" {
			t.Fatalf("%s: the Route's value %q is %q (escaped %q), Handle's %q (escaped %q); the request's %q",
				where, name, rt.PathValue(name), rt.EscapedPathValue(name), hr.PathValue(name), EscapedPathValue(hr, name), m.routeReq.PathValue(name))
		}
	}
}

// checkRedirect checks the redirect rec of the request req, which the
// ServeMux got as atMux: 301 for GET and HEAD, 308 otherwise, never for
// CONNECT; a Location of req's own origin, in the serialized form a
// ServeMux routes, that names the URL read from req (without a prefix),
// or that URL's path with the prefix before it; and, requested, not
// redirected again.
func checkRedirect(t *testing.T, where string, req, atMux *http.Request, rec *httptest.ResponseRecorder, prefix string, depth int) {
	t.Helper()
	want := http.StatusPermanentRedirect
	if req.Method == "GET" || req.Method == "HEAD" {
		want = http.StatusMovedPermanently
	}
	if rec.Code != want || req.Method == "CONNECT" {
		t.Fatalf("%s: %d, want %d", where, rec.Code, want)
	}
	loc := rec.Header().Get("Location")
	base, err := url.Parse("http://" + req.Host + "/")
	if err != nil {
		t.Fatalf("%s: redirected to %q with a Host that is no URL's host: %v", where, loc, err)
	}
	next, err := base.Parse(loc)
	if err != nil || !next.Origin().IsSameOrigin(base.Origin()) {
		t.Fatalf("%s: redirected to %q, %q, not of the request's origin %s (%v)", where, loc, next.Href(), base.Origin(), err)
	}
	sent := sentPath(atMux)
	if atMux.URL.RawQuery != "" || atMux.URL.ForceQuery {
		sent += "?" + atMux.URL.RawQuery
	}
	read, err := url.Parse("http://" + req.Host + sent)
	// The URL read, with its percent-encoding in the normal form: the same
	// bytes decoded, in hex digits of upper case, and bare in the path
	// where they may be.
	read = sameDecoded(t, where, read, next, prefix)
	withPrefix := read.Origin().String() + prefix + pathQuery(read)
	if err != nil || next.Href() != read.Href() && (prefix == "" || next.Href() != withPrefix) {
		t.Fatalf("%s: redirected to %q, %q, not the URL %q read from the request (%v)", where, loc, next.Href(), read.Href(), err)
	}
	target := pathQuery(next)
	if strings.HasPrefix(loc, "//") {
		if loc != "//"+next.Host()+target {
			t.Fatalf("%s: redirected to %q, not the serialization %q", where, loc, next.Href())
		}
	} else if loc != target || next.Host() != req.Host || strings.HasPrefix(loc, "//") {
		t.Fatalf("%s: redirected to %q, not the serialization %q", where, loc, next.Href())
	}
	if depth > 0 {
		t.Fatalf("%s: redirected again, to %q", where, loc)
	}
	if rawRequest(req.Method, target, next.Host()) == nil {
		t.Fatalf("%s: redirected to %q, which net/http does not read", where, loc)
	}
	checkOneReading(t, req.Method, target, next.Host(), prefix, depth+1)
}

// sameDecoded returns read, the URL of a request, as next, the URL it
// was redirected to, when they differ only in their percent-encoding: the
// path and query of next are those of read (after prefix, for the path)
// with the same bytes decoded, and next's hex digits are in upper case.
// Otherwise it returns read.
func sameDecoded(t *testing.T, where string, read, next url.URL, prefix string) url.URL {
	t.Helper()
	if read.Host() != next.Host() || read.Protocol() != next.Protocol() {
		return read
	}
	q1, ok1 := read.Query()
	q2, ok2 := next.Query()
	p2, ok := strings.CutPrefix(next.Pathname(), prefix)
	if !ok || ok1 != ok2 || url.PercentDecodeString(read.Pathname()) != url.PercentDecodeString(p2) ||
		url.PercentDecodeString(q1) != url.PercentDecodeString(q2) {
		return read
	}
	for i := strings.IndexByte(pathQuery(next), '%'); i >= 0 && i+2 < len(pathQuery(next)); i++ {
		// (Only an escape: "%Xa" is a "%" the parser leaves as it is.)
		if s := pathQuery(next); infra.IsPercentEncodedByteAt(s, i) && strings.ContainsAny(s[i+1:i+3], "abcdef") {
			t.Fatalf("%s: redirected to %q, with hex digits in lower case", where, next.Href())
		}
	}
	if prefix != "" {
		v, err := url.Parse(next.Origin().String() + p2 + strings.TrimPrefix(pathQuery(next), next.Pathname()))
		if err != nil {
			return read
		}
		return v
	}
	return next
}

// reencodedPath returns the path that the URL parser reads from the
// decoded path p, r.URL.Path, when "%", "?", "#", "\", the controls,
// space and non-ASCII bytes are percent-encoded again.
func reencodedPath(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		if c := p[i]; c <= ' ' || c >= 0x7f || strings.IndexByte(`%?#\`, c) >= 0 {
			fmt.Fprintf(&b, "%%%02X", c)
		} else {
			b.WriteByte(c)
		}
	}
	u, err := url.Parse("http://h" + b.String())
	if err != nil {
		return ""
	}
	return u.Pathname()
}

// pathQuery returns the path and query of u, as a request-target.
func pathQuery(u url.URL) string {
	if q, ok := u.Query(); ok {
		return u.Pathname() + "?" + q
	}
	return u.Pathname()
}

// methodAllows reports whether a route for method (empty for any) serves
// a request with the method m.
func methodAllows(method, m string) bool {
	return method == "" || method == m || method == "GET" && m == "HEAD"
}

// oneReadingSeeds are requests that read differently to net/url and to the
// URL Standard: dot segments in every spelling, backslashes, hosts that
// are not serialized, references to other hosts, queries the standard
// encodes, fragments, and the request-targets that are not paths.
var oneReadingSeeds = [][3]string{
	{"GET", "/public/../admin", "example.com"},
	{"GET", "/public/%2e%2e/admin", "example.com"},
	{"GET", "/public/.%2E/admin", "example.com"},
	{"GET", "/public/%2E./admin/x", "example.com"},
	{"GET", `/files\..\admin/x`, "example.com"},
	{"POST", "/public/./../admin", "example.com"},
	{"GET", "/x", "%61dmin.example.com"},
	{"GET", "/x", "admin%2Eexample.com"},
	{"GET", "/x", "ADMIN.example.com"},
	{"GET", "/x", "admin.example.com:80"},
	{"GET", "/x", "admin.example.com."},
	{"GET", "/x", "0x7f.1"},
	{"GET", "/x", "[0:0::1]:8080"},
	{"GET", "/x", "[fe80::1%25en0]"},
	{"GET", "/x", "a@admin.example.com"},
	{"GET", "/x", "\uff41dmin.example.com"},
	{"GET", "/x", ""},
	{"GET", "//evil.example/x", "example.com"},
	{"GET", "/.//evil.example/x", "example.com"},
	{"GET", `/\evil.example/x`, "example.com"},
	{"GET", `/\\evil.example/x?'`, "example.com"},
	{"GET", "/a/..//evil.example", "example.com"},
	{"GET", "/search?q=it's", "example.com"},
	{"GET", "/search?q=\"<>\"", "example.com"},
	{"GET", "/search?q=caf\u00e9", "example.com"},
	{"GET", "/caf\u00e9/x", "example.com"},
	{"GET", "/caf%C3%A9/x", "example.com"},
	{"GET", "/caf%c3%a9/x", "example.com"},
	{"GET", "/files/a%20b.txt", "example.com"},
	{"GET", "/files/a%2Fb", "example.com"},
	{"GET", "/files/..%2Fadmin", "example.com"},
	{"GET", "/files/%2e%2e%2fadmin", "example.com"},
	{"GET", "/files/x/..%5C..%5Cadmin", "example.com"},
	{"GET", "/x#y", "example.com"},
	{"GET", "/x?y#z", "example.com"},
	{"GET", "/books/7", "example.com"},
	{"HEAD", "/books/7/../8", "example.com"},
	{"PUT", "/books/7", "example.com"},
	{"GET", "/a?", "example.com"},
	{"GET", "http://admin.example.com/public/../admin", "example.com"},
	{"GET", "https://admin.example.com/x", "example.com"},
	{"GET", "http://ADMIN.example.com/x", "example.com"},
	{"CONNECT", "example.com:443", "example.com:443"},
	{"CONNECT", "/public/../admin", "example.com"},
	{"OPTIONS", "*", "example.com"},
	{"GET", "/caf\xe9", "example.com"},
	{"GET", "/%zz", "example.com"},
	{"GET", "/adm%69n/secret", "example.com"},
	{"GET", "/%61dmin", "example.com"},
	{"GET", "/admin%2Fsecret", "example.com"},
	{"GET", "/%40scope/x?%61=%2f", "example.com"},
	{"GET", "/a%3b%3D%2C%7e%7C", "example.com"},
	{"POST", "/books/%37", "example.com"},
}

// TestServeMuxOneReading checks the property of checkOneReading on the
// requests of oneReadingSeeds, to the ServeMux and, with "/api" before
// the target, to the ServeMux behind http.StripPrefix("/api").
func TestServeMuxOneReading(t *testing.T) {
	for _, c := range oneReadingSeeds {
		checkOneReading(t, c[0], c[1], c[2], "", 0)
		checkOneReading(t, c[0], "/api"+c[1], c[2], "/api", 0)
	}
	checkOneReading(t, "GET", "http://example.com/api/public/../admin", "example.com", "/api", 0)
	checkOneReading(t, "GET", "http://Example.com/api/a?'", "", "/api", 0)
}

// FuzzServeMuxOneReading checks the property of checkOneReading on any
// request line and Host header, with the ServeMux alone or behind
// http.StripPrefix("/api"): what the router matched is what the handler
// and the middleware read, or the request is redirected to its
// serialization, of its own origin, without a loop, or refused.
func FuzzServeMuxOneReading(f *testing.F) {
	for _, c := range oneReadingSeeds {
		f.Add(c[0], c[1], c[2], false)
		f.Add(c[0], "/api"+c[1], c[2], true)
	}
	f.Add("GET", "http://example.com/api/public/../admin", "example.com", true)
	f.Add("GET", "http://Example.com/api/a?'", "", true)
	f.Fuzz(func(t *testing.T, method, target, host string, strip bool) {
		prefix := ""
		if strip {
			prefix = "/api"
		}
		checkOneReading(t, method, target, host, prefix, 0)
	})
}

// TestServeMuxAttacks checks the requests of issue 20 against a
// middleware in front of a ServeMux that guards /admin by r.URL.Path (or
// path.Clean of it) and admin.example.com by r.Host: none reaches an admin
// handler. Each is refused by the middleware, answered 400, or redirected
// to its serialization, which the middleware then refuses.
func TestServeMuxAttacks(t *testing.T) {
	mux := NewServeMux()
	mux.HandleFunc("http://admin.example.com/*", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "admin host") })
	mux.HandleFunc("/admin{/*}?", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "admin") })
	mux.HandleFunc("/*", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "public") })
	guard := func(clean func(string) string) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			p := clean(r.URL.Path)
			if p == "/admin" || strings.HasPrefix(p, "/admin/") || r.Host == "admin.example.com" {
				http.Error(w, "forbidden", http.StatusForbidden)
				return
			}
			mux.ServeHTTP(w, r)
		})
	}
	guards := map[string]http.Handler{
		"r.URL.Path":             guard(func(p string) string { return p }),
		"path.Clean(r.URL.Path)": guard(path.Clean),
	}
	for _, c := range []struct{ target, host, location string }{
		{"/public/../admin", "example.com", "/admin"},
		{"/public/%2e%2e/admin", "example.com", "/admin"},
		{"/public/.%2E/admin", "example.com", "/admin"},
		{`/files\..\admin/x`, "example.com", "/admin/x"},
		{"/x", "%61dmin.example.com", "//admin.example.com/x"},
		{"/x", "admin%2Eexample.com", "//admin.example.com/x"},
		{"/x", "ADMIN.example.com", "//admin.example.com/x"},
		{"/x", "admin.example.com:80", "//admin.example.com/x"},
		{"/x", "\uff41dmin.example.com", "//admin.example.com/x"},
		{"/admin/..%2F..%2Fpublic", "example.com", ""},
		{"/public/..%2F..%2Fadmin", "example.com", ""},
	} {
		for name, g := range guards {
			rec := httptest.NewRecorder()
			g.ServeHTTP(rec, rawRequest("GET", c.target, c.host))
			loc := rec.Header().Get("Location")
			switch {
			case strings.HasPrefix(rec.Body.String(), "admin"):
				t.Errorf("guard by %s: %q Host %q reached the %s handler", name, c.target, c.host, rec.Body)
			case rec.Code == http.StatusForbidden:
			case c.location == "" && rec.Code != http.StatusBadRequest:
				t.Errorf("guard by %s: %q Host %q: %d, want 403 or 400", name, c.target, c.host, rec.Code)
			case c.location != "" && (rec.Code != http.StatusMovedPermanently || loc != c.location):
				t.Errorf("guard by %s: %q Host %q: %d %q, want 403 or 301 to %q", name, c.target, c.host, rec.Code, loc, c.location)
			case c.location != "":
				next, _ := url.MustParse("http://" + c.host + "/").Parse(loc)
				target, _ := strings.CutPrefix(next.Href(), next.Origin().String())
				rec = httptest.NewRecorder()
				g.ServeHTTP(rec, rawRequest("GET", target, next.Host()))
				if rec.Code != http.StatusForbidden {
					t.Errorf("guard by %s: %q Host %q, redirected to %q: %d %q, want 403", name, c.target, c.host, loc, rec.Code, rec.Body)
				}
			}
		}
	}
}

// A nestedSeen is what a handler of nestedMux read of its request, and the
// answer the request got.
type nestedSeen struct {
	reached               bool
	code                  int
	redirected, allow     string
	pattern, a, b, zero   string
	escapedA, resultInput string
	// disagree names a group whose path value is not the Result's.
	disagree string
}

// nestedMux returns a ServeMux whose handlers note in seen what they read:
// r.Pattern, the path values of their route's group names, EscapedPathValue
// and the Result's pathname, or a Route's.
func nestedMux(seen *nestedSeen) *ServeMux {
	note := func(r *http.Request, names ...string) {
		seen.pattern, seen.escapedA = r.Pattern, EscapedPathValue(r, "a")
		res := Result(r)
		seen.resultInput = res.Pathname.Input
		for _, name := range names {
			value := r.PathValue(name)
			*map[string]*string{"a": &seen.a, "b": &seen.b, "0": &seen.zero}[name] = value
			if value != url.PercentDecodeString(res.Pathname.Groups[name].Value) {
				seen.disagree = name
			}
		}
	}
	mux := NewServeMux()
	mux.HandleFunc("POST /books/:a", func(w http.ResponseWriter, r *http.Request) { note(r, "a") })
	mux.HandleFunc("/books/:a{/:b}?", func(w http.ResponseWriter, r *http.Request) { note(r, "a", "b") })
	mux.HandleRouteFunc("/r/:a{/:b}?", func(w http.ResponseWriter, r *http.Request, route Route) {
		seen.pattern, seen.a, seen.b, seen.escapedA = route.Pattern(), route.PathValue("a"), route.PathValue("b"), route.EscapedPathValue("a")
		seen.resultInput = route.Result().Pathname.Input
	})
	mux.HandleFunc("/files{/*}?", func(w http.ResponseWriter, r *http.Request) { note(r, "0") })
	mux.HandleFunc("/o{/:a}?/:b", func(w http.ResponseWriter, r *http.Request) { note(r, "a", "b") })
	mux.HandleFunc("http://admin.example.com/*", func(w http.ResponseWriter, r *http.Request) { note(r, "0") })
	mux.HandleFunc("/:a/*", func(w http.ResponseWriter, r *http.Request) { note(r, "a", "0") })
	mux.HandleFunc("/*", func(w http.ResponseWriter, r *http.Request) { note(r, "0") })
	return mux
}

// FuzzServeMuxNested checks that a ServeMux behind another route, through
// http.StripPrefix("/api"), net/http's ServeMux's ("/api/{rest...}") or
// this package's ("/api/*", whose group name "0" inner routes have too),
// routes a request as it routes the request without the prefix
// alone: the same answer (a redirect or not, the Allow header), and its
// handler reads the same Pattern, path values of its route's names (also
// "" for a group that did not take part, where the outer route set a
// value of that name), EscapedPathValue, Result or Route; and that each
// path value of the route's names is the Result's.
func FuzzServeMuxNested(f *testing.F) {
	for _, c := range oneReadingSeeds {
		f.Add(c[0], c[1], c[2])
	}
	f.Add("GET", "/books/a%20b/c", "example.com")
	f.Add("GET", "/books/a", "example.com")
	f.Add("GET", "/r/x", "example.com")
	f.Add("DELETE", "/books/1", "example.com")
	f.Add("GET", "/x/y/z", "admin.example.com")
	f.Add("GET", "/files", "example.com")
	f.Add("GET", "/o/b", "example.com")
	f.Fuzz(func(t *testing.T, method, target, host string) {
		if !strings.HasPrefix(target, "/") {
			return
		}
		var seen nestedSeen
		inner := nestedMux(&seen)
		reach := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			seen.reached = true
			inner.ServeHTTP(w, r)
		})
		serve := func(h http.Handler, target string) (nestedSeen, bool) {
			r := rawRequest(method, target, host)
			if r == nil {
				return nestedSeen{}, false
			}
			seen = nestedSeen{}
			w := httptest.NewRecorder()
			h.ServeHTTP(w, r)
			got := seen
			got.code, got.allow = w.Code, w.Header().Get("Allow")
			if w.Header().Get("Location") != "" {
				got.redirected = "yes"
			}
			return got, true
		}
		alone, ok := serve(reach, target)
		if !ok {
			return
		}
		if alone.disagree != "" {
			t.Errorf("%s %q Host %q: the path value %q is not the Result's: %+v", method, target, host, alone.disagree, alone)
		}
		std := http.NewServeMux()
		std.Handle("/api/{rest...}", http.StripPrefix("/api", reach))
		ours := NewServeMux()
		ours.Handle("/api/*", http.StripPrefix("/api", reach))
		for name, outer := range map[string]http.Handler{"net/http's ServeMux": std, "a ServeMux": ours} {
			got, ok := serve(outer, "/api"+target)
			if !ok || !got.reached {
				continue // the outer route did not take it
			}
			if got != alone {
				t.Errorf("%s %q Host %q behind %s: %+v; alone: %+v", method, target, host, name, got, alone)
			}
		}
	})
}
