package router

import (
	"context"
	"crypto/tls"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/webstd/url"
	"github.com/webstd/url/urlpattern"
)

// echo is a handler that writes its name, the request's Pattern and the
// path values of keys; for the key "host", the first group of the
// hostname in the Result.
func echo(name string, keys ...string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		res := Result(r)
		if res == nil {
			io.WriteString(w, "no Result")
			return
		}
		fmt.Fprintf(w, "%s [%s]", name, r.Pattern)
		for _, k := range keys {
			if k == "host" {
				fmt.Fprintf(w, " host=%s", res.Hostname.Groups["0"].Value)
				continue
			}
			fmt.Fprintf(w, " %s=%s", k, r.PathValue(k))
		}
	})
}

func serve(h http.Handler, method, target string, tweak ...func(*http.Request)) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, target, nil)
	for _, f := range tweak {
		f(req)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func testMux() *ServeMux {
	mux := NewServeMux()
	mux.Handle("GET /books/new", echo("new"))
	mux.Handle("GET /books/:id", echo("book", "id"))
	mux.Handle("POST /books/:id", echo("post", "id"))
	mux.Handle("DELETE /books/:id(\\d+)", echo("delete", "id"))
	mux.Handle("/files/*", echo("files", "0"))
	mux.Handle("/search?q=:q", echo("search", "q"))
	mux.Handle("/docs/:page?", echo("docs", "page"))
	mux.Handle("https://*.example.com/admin/*", echo("admin", "host"))
	mux.Handle("http://example.com/plain", echo("plain"))
	mux.HandleFunc("/func", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "func") })
	return mux
}

// TestServeMux checks which handler serves each request, with what path
// values and results, the 404 and 405 responses, and the redirects of
// requests that are not in their serialized form.
func TestServeMux(t *testing.T) {
	mux := testMux()
	tls := func(r *http.Request) { r.TLS = &tls.ConnectionState{} }
	cases := []struct {
		method, target string
		tweak          []func(*http.Request)
		code           int
		body           string
		allow          string
		location       string
	}{
		{"GET", "http://example.com/books/new", nil, 200, "new [GET /books/new]", "", ""},
		{"GET", "http://example.com/books/42", nil, 200, "book [GET /books/:id] id=42", "", ""},
		{"HEAD", "http://example.com/books/42", nil, 200, "", "", ""}, // GET serves HEAD (the body is not compared)
		{"POST", "http://example.com/books/42", nil, 200, "post [POST /books/:id] id=42", "", ""},
		{"DELETE", "http://example.com/books/42", nil, 200, "delete [DELETE /books/:id(\\d+)] id=42", "", ""},
		{"DELETE", "http://example.com/books/x", nil, 405, "Method Not Allowed\n", "GET, HEAD, POST", ""},
		{"PUT", "http://example.com/books/new", nil, 405, "Method Not Allowed\n", "GET, HEAD, POST", ""},
		{"PUT", "http://example.com/files/a/b.txt", nil, 200, "files [/files/*] 0=a/b.txt", "", ""},
		{"GET", "http://example.com/search?q=go", nil, 200, "search [/search?q=:q] q=", "", ""},
		{"GET", "http://example.com/search?x=go", nil, 404, "404 page not found\n", "", ""},
		{"GET", "http://example.com/docs", nil, 200, "docs [/docs/:page?] page=", "", ""},
		{"GET", "http://example.com/docs/intro", nil, 200, "docs [/docs/:page?] page=intro", "", ""},
		// Dot segments are not routed: the request is redirected to the
		// path the URL parser resolves them to, 301 for GET, 308 for the
		// other methods, whether or not a route matches that path.
		{"GET", "http://example.com/files/../books/7", nil, 301, "<a href=\"/books/7\">Moved Permanently</a>.\n", "", "/books/7"},
		{"HEAD", "http://example.com/files/../books/7", nil, 301, "", "", "/books/7"},
		{"POST", "http://example.com/files/../books/7", nil, 308, "", "", "/books/7"},
		{"GET", "http://example.com/books/x/%2e%2E/new", nil, 301, "<a href=\"/books/new\">Moved Permanently</a>.\n", "", "/books/new"},
		{"GET", "http://example.com/books/%2e%2E/new", nil, 301, "<a href=\"/new\">Moved Permanently</a>.\n", "", "/new"},
		{"GET", "http://example.com/search?q=a'b", nil, 301, "<a href=\"/search?q=a%27b\">Moved Permanently</a>.\n", "", "/search?q=a%27b"},
		// The scheme comes from r.TLS, the host and port from r.Host.
		{"GET", "http://shop.example.com/admin/x", nil, 404, "404 page not found\n", "", ""},
		{"GET", "http://shop.example.com/admin/x", []func(*http.Request){tls}, 200, "admin [https://*.example.com/admin/*] host=shop", "", ""},
		{"GET", "http://shop.example.com:8443/admin/x", []func(*http.Request){tls}, 404, "404 page not found\n", "", ""},
		// The default port and upper case are not the host's
		// serialization: the Location names the serialized host, with the
		// scheme the client used.
		{"GET", "http://shop.example.com:443/admin/x", []func(*http.Request){tls}, 301, "<a href=\"//shop.example.com/admin/x\">Moved Permanently</a>.\n", "", "//shop.example.com/admin/x"},
		{"GET", "http://example.com/plain", nil, 200, "plain [http://example.com/plain]", "", ""},
		{"GET", "http://EXAMPLE.com:80/plain", nil, 301, "<a href=\"//example.com/plain\">Moved Permanently</a>.\n", "", "//example.com/plain"},
		{"GET", "http://example.org/plain", nil, 404, "404 page not found\n", "", ""},
		{"GET", "http://example.com/func", nil, 200, "func", "", ""},
		{"GET", "http://example.com/nothing", nil, 404, "404 page not found\n", "", ""},
		// A request without a host, or with one that is no URL's host.
		{"GET", "http://example.com/func", []func(*http.Request){func(r *http.Request) { r.Host = "" }}, 400, "400 Bad Request\n", "", ""},
		{"GET", "http://example.com/func", []func(*http.Request){func(r *http.Request) { r.Host = "a@example.com" }}, 400, "400 Bad Request\n", "", ""},
		{"GET", "http://example.com/func", []func(*http.Request){func(r *http.Request) { r.Host = "exa mple.com" }}, 400, "400 Bad Request\n", "", ""},
	}
	for _, c := range cases {
		rec := serve(mux, c.method, c.target, c.tweak...)
		body := rec.Body.String()
		if c.method == "HEAD" || c.method == "POST" && rec.Code == 308 {
			body = ""
		}
		if rec.Code != c.code || body != c.body || rec.Header().Get("Allow") != c.allow || rec.Header().Get("Location") != c.location {
			t.Errorf("%s %s: %d %q Allow %q Location %q, want %d %q Allow %q Location %q", c.method, c.target, rec.Code, body,
				rec.Header().Get("Allow"), rec.Header().Get("Location"), c.code, c.body, c.allow, c.location)
		}
	}
}

// TestServeMuxOrder checks that the route added first wins, whatever the
// method of the routes after it.
func TestServeMuxOrder(t *testing.T) {
	mux := NewServeMux()
	mux.Handle("/a/*", echo("wildcard"))
	mux.Handle("GET /a/b", echo("exact"))
	if body := serve(mux, "GET", "http://h/a/b").Body.String(); body != "wildcard [/a/*]" {
		t.Errorf("got %q, want the route added first", body)
	}
	mux = NewServeMux()
	mux.Handle("POST /a/b", echo("post"))
	mux.Handle("GET /a/b", echo("get"))
	mux.Handle("/a/*", echo("any"))
	for method, want := range map[string]string{"POST": "post [POST /a/b]", "GET": "get [GET /a/b]", "PUT": "any [/a/*]"} {
		if body := serve(mux, method, "http://h/a/b").Body.String(); body != want {
			t.Errorf("%s: got %q, want %q", method, body, want)
		}
	}
}

// TestServeMuxStripPrefix checks that the mux reads the request's URL, not
// its RequestURI, so that it routes requests that a handler in front of it
// rewrote.
func TestServeMuxStripPrefix(t *testing.T) {
	mux := NewServeMux()
	mux.Handle("/books/:id", echo("book", "id"))
	h := http.StripPrefix("/api", mux)
	if body := serve(h, "GET", "http://example.com/api/books/42").Body.String(); body != "book [/books/:id] id=42" {
		t.Errorf("got %q", body)
	}
	// A redirect names the request-target the client sent, serialized:
	// the prefix that StripPrefix removed is put back.
	for _, c := range []struct{ target, host, location string }{
		{"/api/public/../books/1", "example.com", "/api/books/1"},
		{"/api/public/%2e%2e/books/1", "example.com", "/api/books/1"},
		{"/api/books/1?q=it's", "example.com", "/api/books/1?q=it%27s"},
		{"/api/books/1", "EXAMPLE.com", "//example.com/api/books/1"},
		{"/api/./..//x", "example.com", "/api//x"},
		{"http://example.com/api/public/../books/1", "example.com", "/api/books/1"},
		{"http://EXAMPLE.com/api/public/../books/1", "example.com", "//example.com/api/books/1"},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, rawRequest("GET", c.target, c.host))
		if loc := rec.Header().Get("Location"); rec.Code != http.StatusMovedPermanently || loc != c.location {
			t.Errorf("StripPrefix, %s Host %s: %d %q, want 301 to %q", c.target, c.host, rec.Code, loc, c.location)
		}
	}
	// The prefix put back cannot make the path a reference to another
	// host.
	rec := httptest.NewRecorder()
	http.StripPrefix("/", mux).ServeHTTP(rec, rawRequest("GET", "//evil.example/x/..", "example.com"))
	if loc := rec.Header().Get("Location"); rec.Code != http.StatusMovedPermanently || loc != "//example.com//evil.example/" {
		t.Errorf("StripPrefix(\"/\"), //evil.example/x/..: %d %q, want 301 to //example.com//evil.example/", rec.Code, loc)
	}
	// A path rewritten otherwise: the Location is the serialization of the
	// path the ServeMux got, as net/http's ServeMux names it.
	rewrite := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.URL.Path, r.URL.RawPath = "/v2/../books/1", ""
		mux.ServeHTTP(w, r)
	})
	rec = httptest.NewRecorder()
	rewrite.ServeHTTP(rec, rawRequest("GET", "/old", "example.com"))
	if loc := rec.Header().Get("Location"); rec.Code != http.StatusMovedPermanently || loc != "/books/1" {
		t.Errorf("rewritten path: %d %q, want 301 to /books/1", rec.Code, loc)
	}
}

// TestPathValue checks that path values are percent-decoded, as
// net/http's ServeMux decodes them, that EscapedPathValue gives them as
// the pattern matched them, and that the ServeMux sets r.Pattern and the
// path values on the request it was given, as net/http's ServeMux does,
// for a middleware in front to read after the handler returned.
func TestPathValue(t *testing.T) {
	type values struct{ pattern, value, escaped string }
	var got values
	mux := NewServeMux()
	mux.HandleFunc("/files/:name", func(w http.ResponseWriter, r *http.Request) {
		got = values{r.Pattern, r.PathValue("name"), EscapedPathValue(r, "name")}
	})
	mux.HandleFunc("/docs/:page?", func(w http.ResponseWriter, r *http.Request) {
		got = values{r.Pattern, r.PathValue("page"), EscapedPathValue(r, "page")}
	})
	std := http.NewServeMux()
	var stdGot string
	std.HandleFunc("/files/{name}", func(w http.ResponseWriter, r *http.Request) { stdGot = r.PathValue("name") })
	for _, c := range []struct{ target, value, escaped string }{
		{"/files/a%20b.txt", "a b.txt", "a%20b.txt"},
		{"/files/why%3F", "why?", "why%3F"},
		{"/files/100%25", "100%", "100%25"},
		{"/files/%E2%82%AC", "\u20ac", "%E2%82%AC"},
		{"/files/%40x", "@x", "@x"}, // after the redirect to the normal form
		{"/files/caf%c3%a9", "caf\u00e9", "caf%C3%A9"},
		{"/files/a+b", "a+b", "a+b"},
	} {
		got, stdGot = values{}, ""
		req := rawRequest("GET", c.target, "example.com")
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, req)
		if loc := rec.Header().Get("Location"); rec.Code == http.StatusMovedPermanently {
			// Not in the normal form: the value of the request redirected to.
			req = rawRequest("GET", loc, "example.com")
			mux.ServeHTTP(httptest.NewRecorder(), req)
		}
		if got != (values{"/files/:name", c.value, c.escaped}) {
			t.Errorf("%s: Pattern %q, PathValue %q, EscapedPathValue %q, want %q %q", c.target, got.pattern, got.value, got.escaped, c.value, c.escaped)
		}
		if req.Pattern != "/files/:name" || req.PathValue("name") != c.value {
			t.Errorf("%s: the request given has Pattern %q and PathValue %q", c.target, req.Pattern, req.PathValue("name"))
		}
		std.ServeHTTP(httptest.NewRecorder(), rawRequest("GET", c.target, "example.com"))
		if stdGot != c.value {
			t.Errorf("%s: net/http's PathValue %q, this ServeMux's %q", c.target, stdGot, c.value)
		}
	}
	got = values{}
	mux.ServeHTTP(httptest.NewRecorder(), rawRequest("GET", "/docs", "example.com"))
	if got != (values{"/docs/:page?", "", ""}) {
		t.Errorf("/docs: %+v, want no page", got)
	}
	if v := EscapedPathValue(httptest.NewRequest("GET", "/files/x", nil), "name"); v != "" {
		t.Errorf("EscapedPathValue of a request no ServeMux routed = %q", v)
	}
}

// TestHasEncodedSeparator checks the test of the paths with a
// percent-encoded "/" or "\", which every path whose percent-decoding
// has a dot segment the URL Standard does not see has.
func TestHasEncodedSeparator(t *testing.T) {
	for p, want := range map[string]bool{
		"/a/b":              false,
		"/a/..%2Fb":         true,
		"/a/..%2fb":         true,
		"/a/%2E%2E%2Fb":     true,
		"/a/.%2Fb":          true,
		"/a%2F.":            true,
		"/a%5C..%5Cb":       true,
		"/a%5cb":            true,
		"/a/...%2Fb":        true,
		"/a/%2F%2F":         true,
		"/a/%252e%252e%2Fb": true,
		"/a/%252F":          false,
		"/a/%2G%2F":         true,
		"/a/%%2F":           true,
		"/%":                false,
		"/..%2":             false,
		"/..%2F":            true,
		"/%2":               false,
	} {
		if got := hasEncodedSeparator(p); got != want {
			t.Errorf("hasEncodedSeparator(%q) = %v, want %v", p, got, want)
		}
		if hasDotSegment(url.PercentDecodeString(p)) && !want {
			t.Errorf("the decoding of %q has a dot segment, but no encoded separator was found", p)
		}
	}
}

// TestPercentNormal checks the normal form of percent-encoding that a
// ServeMux routes, in a path and in a query.
func TestPercentNormal(t *testing.T) {
	for _, c := range []struct {
		s, path, query string
	}{
		{"/a/b", "/a/b", "/a/b"},
		{"/adm%69n/x", "/admin/x", "/admin/x"},
		{"/%61%7A%41%5A%30%39%2D%2E%5F%7E", "/azAZ09-._~", "/azAZ09-._~"},
		{"/a%3Bb%3D%26%2B%40%3A%21%24%27%28%29%2A%2C", "/a;b=&+@:!$'()*,", "/a%3Bb%3D%26%2B%40%3A%21%24%27%28%29%2A%2C"},
		{"/caf%c3%a9", "/caf%C3%A9", "/caf%C3%A9"},
		{"/a%2fb%5cc", "/a%2Fb%5Cc", "/a%2Fb%5Cc"},
		{"/a%20b%09%7f%3f%23%25", "/a%20b%09%7F%3F%23%25", "/a%20b%09%7F%3F%23%25"},
		{"/%22%3C%3E%60%7B%7D%5E", "/\"<>`{}^", "/%22%3C%3E%60%7B%7D%5E"},
		{"/%zz%2", "/%zz%2", "/%zz%2"},
		// A hex digit that would make an escape with what precedes it
		// stays encoded: "%0" and "a" would read as a line feed, "%" and
		// "A" then "B" as "%AB".
		{"/%%41", "/%%41", "/%%41"},
		{"/%0%61", "/%0%61", "/%0%61"},
		{"/%%41%42", "/%%41B", "/%%41B"},
		{"/%2%41%7e", "/%2%41~", "/%2%41~"},
		{"/%25%41", "/%25A", "/%25A"},
	} {
		for _, k := range []struct {
			name string
			kept func(byte) bool
			want string
		}{{"path", keptInPath, c.path}, {"query", keptInQuery, c.query}} {
			got := string(appendPercentNormal(nil, c.s, k.kept))
			if got != k.want {
				t.Errorf("%s %q: normal form %q, want %q", k.name, c.s, got, k.want)
			}
			if normal := percentNormal(c.s, k.kept); normal != (got == c.s) {
				t.Errorf("%s %q: percentNormal = %v, but the normal form is %q", k.name, c.s, normal, got)
			}
		}
	}
}

// TestServeMuxPanics checks that Handle refuses what http.ServeMux.Handle
// refuses: a pattern that does not compile and a nil handler.
func TestServeMuxPanics(t *testing.T) {
	for _, c := range []struct {
		pattern string
		h       http.Handler
		want    string
	}{
		{"/books/:id(", echo("x"), "urlpattern: tokenize"},
		{"GET", echo("x"), "protocol"},
		{"GET example.com/a", echo("x"), "protocol"},
		{"/a", nil, "nil handler"},
		{"ge\x00t /a", echo("x"), "protocol"},
	} {
		func() {
			defer func() {
				r := recover()
				if r == nil || !strings.Contains(fmt.Sprint(r), c.want) {
					t.Errorf("Handle(%q): panic %v, want one that says %q", c.pattern, r, c.want)
				}
				if !strings.HasPrefix(fmt.Sprint(r), "router: Handle(") {
					t.Errorf("Handle(%q): panic %q does not say where", c.pattern, r)
				}
			}()
			NewServeMux().Handle(c.pattern, c.h)
		}()
	}
	// HandleRoute and HandleRouteFunc refuse the same, saying which was
	// called (HandleRoute for a pattern of HandleRouteFunc, as Handle for
	// one of HandleFunc), with a password in the pattern redacted.
	for _, c := range []struct {
		name, pattern string
		add           func(m *ServeMux, pattern string)
		want          string
	}{
		{"HandleRoute", "/books/:id(", func(m *ServeMux, p string) {
			m.HandleRoute(p, RouteHandlerFunc(func(http.ResponseWriter, *http.Request, Route) {}))
		}, "urlpattern: tokenize"},
		{"HandleRoute", "/a", func(m *ServeMux, p string) { m.HandleRoute(p, nil) }, "nil handler"},
		{"HandleRouteFunc", "/a", func(m *ServeMux, p string) { m.HandleRouteFunc(p, nil) }, "nil handler"},
		{"HandleRoute", "https://u:secret@h/(", func(m *ServeMux, p string) {
			m.HandleRouteFunc(p, func(http.ResponseWriter, *http.Request, Route) {})
		}, "urlpattern"},
	} {
		func() {
			defer func() {
				r := fmt.Sprint(recover())
				if !strings.HasPrefix(r, "router: "+c.name+"(") || !strings.Contains(r, c.want) || strings.Contains(r, "secret") {
					t.Errorf("%s(%q): panic %q, want one that names %s, says %q and no password", c.name, c.pattern, r, c.name, c.want)
				}
			}()
			c.add(NewServeMux(), c.pattern)
		}()
	}
}

// TestServeMuxHandleRoute checks what a RouteHandler gets: the request
// itself, and a Route with the pattern, URL, path values (more than a
// Route holds in place, too) and Result of its route, in a ServeMux of
// RouteHandlers alone and in one with a Handle route too (whose URL string
// is in another allocation); a Route kept after its handler returned
// keeps its values while other requests are served, and its Result may be
// asked for from several goroutines at once (-race).
func TestServeMuxHandleRoute(t *testing.T) {
	const many = "/m/:a/:b/:c/:d/:e/:f"
	for _, mixed := range []bool{false, true} {
		mux := NewServeMux()
		var kept []Route
		var reqs []*http.Request
		keep := func(w http.ResponseWriter, r *http.Request, rt Route) {
			kept, reqs = append(kept, rt), append(reqs, r)
			fmt.Fprintf(w, "%s id=%s", rt.Pattern(), rt.PathValue("id"))
		}
		if mixed {
			mux.Handle("/plain/:id", echo("plain", "id"))
		}
		mux.HandleRouteFunc("GET /books/:id", keep)
		mux.HandleRoute(many, RouteHandlerFunc(keep))
		mux.HandleRouteFunc("https://:sub.example.com/*", keep)

		r := httptest.NewRequest("GET", "http://example.com/books/a%20b", nil)
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, r)
		if rec.Body.String() != "GET /books/:id id=a b" || len(reqs) != 1 || reqs[0] != r || r.Pattern != "GET /books/:id" {
			t.Fatalf("mixed %v: %q, request %p (want %p), r.Pattern %q", mixed, rec.Body, reqs, r, r.Pattern)
		}
		first := kept[0]
		if first.EscapedPathValue("id") != "a%20b" || first.URL().Href() != "http://example.com/books/a%20b" ||
			first.PathValue("no") != "" || r.PathValue("id") != "" || Result(r) != nil || EscapedPathValue(r, "id") != "" {
			t.Errorf("mixed %v: Route %q %q %q; request's %q", mixed, first.EscapedPathValue("id"), first.URL().Href(), first.PathValue("no"), r.PathValue("id"))
		}

		target := "http://example.com/m/1/2/3/4/5/6"
		serve(mux, "GET", target)
		if len(kept) != 2 {
			t.Fatalf("mixed %v: %s not routed", mixed, target)
		}
		rt := kept[1]
		want := urlpattern.MustParse("*://*:*" + many).ExecURL(url.MustParse(target))
		var wg sync.WaitGroup
		results := make([]*urlpattern.Result, 4)
		for i := range results {
			wg.Go(func() { results[i] = rt.Result() })
		}
		for i, name := range []string{"a", "b", "c", "d", "e", "f"} {
			if v := rt.PathValue(name); v != fmt.Sprint(i+1) {
				t.Errorf("mixed %v: %s: %s = %q", mixed, target, name, v)
			}
		}
		wg.Wait()
		for _, res := range results {
			if !reflect.DeepEqual(res, want) {
				t.Errorf("mixed %v: Result %+v, want %+v", mixed, res, want)
			}
		}

		serve(mux, "GET", "https://shop.example.com/x/y", func(r *http.Request) { r.TLS = &tls.ConnectionState{} })
		if len(kept) != 3 || kept[2].Result().Hostname.Groups["sub"].Value != "shop" || kept[2].PathValue("0") != "x/y" {
			t.Errorf("mixed %v: the host's group or the pathname's wildcard: %d routes", mixed, len(kept))
		}
		for range 50 {
			serve(mux, "GET", "http://example.com/books/other")
		}
		if first.PathValue("id") != "a b" || first.URL().Href() != "http://example.com/books/a%20b" {
			t.Errorf("mixed %v: a Route kept changed to %q %q", mixed, first.PathValue("id"), first.URL().Href())
		}
		if mixed {
			if body := serve(mux, "GET", "http://example.com/plain/7").Body.String(); body != "plain [/plain/:id] id=7" {
				t.Errorf("mixed: Handle's route: %q", body)
			}
		}
	}
}

// TestRequestURL checks the URL a request is read as, and the requests
// that cannot be read as one URL.
func TestRequestURL(t *testing.T) {
	for _, c := range []struct {
		target string
		tweak  func(*http.Request)
		want   string
	}{
		{"http://example.com/a/b?c=d", nil, "http://example.com/a/b?c=d"},
		{"http://example.com/a/../b/./c", nil, "http://example.com/b/c"},
		{"http://example.com:80/a%7Cb|c", nil, "http://example.com/a|b|c"},
		{"http://[::1]:8080/", nil, "http://[::1]:8080/"},
		{"http://[0:0::1]:8080/", nil, "http://[::1]:8080/"},
		{"http://example.com/x", func(r *http.Request) { r.TLS = &tls.ConnectionState{} }, "https://example.com/x"},
		{"http://example.com/x", func(r *http.Request) { r.Host = "other.example:99" }, "http://other.example:99/x"},
		{"http://example.com/x", func(r *http.Request) { r.Host = "%61dmin.example.com" }, "http://admin.example.com/x"},
		{"http://example.com/x", func(r *http.Request) { r.URL.Path = "*"; r.URL.RawPath = "" }, ""},
		{"http://example.com/x", func(r *http.Request) { r.Host = "" }, ""},
		{"http://example.com/x", func(r *http.Request) { r.Host = "[fe80::1%25en0]" }, ""},
		{"http://example.com/x", func(r *http.Request) { r.Host = "a.example\tb" }, ""},
		{"http://example.com/x", func(r *http.Request) { r.Host = "a.example/b" }, ""},
		{"http://example.com/x", func(r *http.Request) { r.Host = "a.example\xff" }, ""},
		// What the URL parser would not read as the path and query
		// net/http read.
		{"http://example.com/x", func(r *http.Request) { r.URL.Path, r.URL.RawPath = "/a#b", "/a#b" }, ""},
		{"http://example.com/x", func(r *http.Request) { r.URL.RawQuery = "a#b" }, ""},
		{"http://example.com/x", func(r *http.Request) { r.URL.Path, r.URL.RawPath = "/a?b", "/a?b" }, ""},
		{"http://example.com/x", func(r *http.Request) { r.URL.Path, r.URL.RawPath = "/a\tb", "/a\tb" }, ""},
		{"http://example.com/x", func(r *http.Request) { r.URL.Path = "/a\tb" }, "http://example.com/a%09b"}, // EscapedPath
		{"http://example.com/x", func(r *http.Request) { r.URL.RawQuery = "a\x00" }, ""},
		{"http://example.com/x", func(r *http.Request) { r.URL.RawQuery = "a " }, ""},
		{"http://example.com/x", func(r *http.Request) { r.URL.RawQuery = "a b" }, "http://example.com/x?a%20b"},
		{"http://example.com/x", func(r *http.Request) { r.URL.RawQuery = "caf\xe9" }, ""},
		{"http://example.com/x", func(r *http.Request) { r.URL.RawQuery = "caf\u00e9" }, "http://example.com/x?caf%C3%A9"},
		// A percent-encoded "/" that makes a dot segment of r.URL.Path.
		{"http://example.com/files/..%2Fsecret", nil, ""},
		{"http://example.com/files/a/..%5Csecret", nil, ""},
		{"http://example.com/files/.%2e%2fsecret", nil, ""},
		{"http://example.com/files/...%2Fsecret", nil, ""},
		{"http://example.com/files/a%2Fb", nil, ""},
		{"http://example.com/files/a%5cb", nil, ""},
		// Percent-encoding in its normal form (RFC 3986, section 6.2.2).
		{"http://example.com/adm%69n/%40x%3b%3F?%61=%2f%26", nil, "http://example.com/admin/@x;%3F?a=%2F%26"},
	} {
		req := httptest.NewRequest("GET", c.target, nil)
		if c.tweak != nil {
			c.tweak(req)
		}
		u, err := RequestURL(req)
		if got := u.Href(); got != c.want || (err == nil) != (c.want != "") {
			t.Errorf("%s: %q %v, want %q", c.target, got, err, c.want)
		}
	}
	// An error shows no password of a Host with credentials.
	req := httptest.NewRequest("GET", "http://example.com/x", nil)
	req.Host = "user:S3CR3T@a:b@example.com"
	if _, err := RequestURL(req); err == nil || strings.Contains(err.Error(), "S3CR3T") || !strings.Contains(err.Error(), "user:xxxxx@example.com") {
		t.Errorf("RequestURL with the Host %q: %v", req.Host, err)
	}
}

// TestServeMuxConcurrent serves requests while routes are added: the mux
// guards its router. Run it with -race.
func TestServeMuxConcurrent(t *testing.T) {
	mux := testMux()
	var wg sync.WaitGroup
	wg.Go(func() {
		for i := range 100 {
			mux.Handle(fmt.Sprintf("/extra/%d", i), echo("extra"))
		}
	})
	for range 3 {
		wg.Go(func() {
			for range 100 {
				if body := serve(mux, "GET", "http://example.com/books/42").Body.String(); body != "book [GET /books/:id] id=42" {
					t.Errorf("got %q", body)
				}
			}
		})
	}
	wg.Wait()
	if body := serve(mux, "GET", "http://example.com/extra/99").Body.String(); body != "extra [/extra/99]" {
		t.Errorf("got %q", body)
	}
}

// TestServeMuxHandleWhileServing adds a Handle route to a ServeMux of
// RouteHandlers alone while it serves requests that the new route matches
// (a review found that ServeHTTP, having read before the route was added
// that the mux had none of Handle, then gave the route's handler a
// context it had not made, and panicked): each request is answered, by
// the new route or, before it, with 404, with no panic.
func TestServeMuxHandleWhileServing(t *testing.T) {
	for i := 0; i < 300 && !t.Failed(); i++ {
		mux := NewServeMux()
		mux.HandleRouteFunc("/x", func(w http.ResponseWriter, r *http.Request, rt Route) { io.WriteString(w, "route") })
		var wg sync.WaitGroup
		start := make(chan struct{})
		for range 4 {
			wg.Go(func() {
				<-start
				for range 20 {
					func() {
						defer func() {
							if e := recover(); e != nil {
								t.Errorf("panic: %v", e)
							}
						}()
						if body := serve(mux, "GET", "http://h/y").Body.String(); body != "404 page not found\n" && body != "handle" {
							t.Errorf("answered %q", body)
						}
					}()
				}
			})
		}
		close(start)
		mux.HandleFunc("/y", func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "handle") })
		wg.Wait()
	}
}

// TestAllow checks the Allow header's list: sorted, each method once, HEAD
// with GET.
func TestAllow(t *testing.T) {
	got := allowed([]string{"POST", "GET", "POST", "DELETE"})
	if want := []string{"DELETE", "GET", "HEAD", "POST"}; !slices.Equal(got, want) {
		t.Errorf("allowed = %q, want %q", got, want)
	}
}

// TestServeMuxResult checks that Result gives the handler what its route's
// pattern matched in the request's URL, the result of its ExecURL, each
// time it is called.
func TestServeMuxResult(t *testing.T) {
	p := "https://:shop.example.com/cart/:item/*"
	mux := NewServeMux()
	var got []*urlpattern.Result
	var handlerCtx context.Context
	mux.HandleFunc(p, func(w http.ResponseWriter, r *http.Request) {
		got = append(got, Result(r), Result(r))
		handlerCtx = r.Context()
	})
	rec := serve(mux, "GET", "https://toys.example.com/cart/7/a/b?x=1")
	want := urlpattern.MustParse(p).ExecURL(url.MustParse("https://toys.example.com/cart/7/a/b?x=1"))
	if rec.Code != 200 || len(got) != 2 || !reflect.DeepEqual(got[0], want) || got[1] != got[0] {
		t.Errorf("Result = %+v, want %+v", got, want)
	}
	if Result(httptest.NewRequest("GET", "/", nil)) != nil {
		t.Error("Result of a request no ServeMux routed is not nil")
	}

	// A long URL gives its own Result too; a middleware in front reads
	// the path values on its request after the handler returned (as
	// net/http's ServeMux sets them), and its request keeps its own
	// context, whose values and cancellation the handler's has.
	long := strings.Repeat("7", 300)
	for _, item := range []string{"7", long} {
		target := "https://toys.example.com/cart/" + item + "/a/b?x=1"
		got = nil
		type key struct{}
		ctx, cancel := context.WithCancel(context.WithValue(context.Background(), key{}, "v"))
		req := httptest.NewRequestWithContext(ctx, "GET", target, nil)
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, req)
		want := urlpattern.MustParse(p).ExecURL(url.MustParse(target))
		if rec.Code != 200 || len(got) != 2 || !reflect.DeepEqual(got[0], want) {
			t.Errorf("%s: Result = %+v, want %+v", target, got, want)
		}
		if Result(req) != nil || req.PathValue("item") != item || req.Context() != ctx {
			t.Errorf("%s: in front: Result %p, item %q, context changed: %v", target, Result(req), req.PathValue("item"), req.Context() != ctx)
		}
		if handlerCtx.Value(key{}) != "v" {
			t.Errorf("%s: the handler's context lost the request's values", target)
		}
		cancel()
		if handlerCtx.Err() != context.Canceled {
			t.Errorf("%s: the handler's context is not canceled with the request's: %v", target, handlerCtx.Err())
		}
	}
}

// TestServeMuxNested checks that a ServeMux behind another, through
// http.StripPrefix (a shallow copy of the request, which shares its map of
// path values), changes nothing of what the outer route's handler reads:
// its Result and EscapedPathValue are of the URL and the pattern it was
// routed by, and the inner handler's of its own. (A design that finds the
// Result from state on the request, not in the handler's own copy, got
// the outer tenant from the inner URL here.)
func TestServeMuxNested(t *testing.T) {
	var innerPage string
	inner := NewServeMux()
	inner.HandleFunc("/:page", func(w http.ResponseWriter, r *http.Request) {
		innerPage = Result(r).Pathname.Groups["page"].Value
	})
	outer := NewServeMux()
	outer.HandleFunc("/:tenant/*", func(w http.ResponseWriter, r *http.Request) {
		http.StripPrefix("/"+r.PathValue("tenant"), inner).ServeHTTP(w, r)
		if got := Result(r).Pathname.Groups["tenant"].Value; got != "acme" || EscapedPathValue(r, "tenant") != "acme" {
			t.Errorf("after the inner ServeMux: Result's tenant %q, EscapedPathValue %q, want acme", got, EscapedPathValue(r, "tenant"))
		}
	})
	if rec := serve(outer, "GET", "http://example.com/acme/beta"); rec.Code != 200 || innerPage != "beta" {
		t.Errorf("%d, the inner route's page %q, want beta", rec.Code, innerPage)
	}
}

// TestServeMuxNestedPathValues checks what the handlers and middlewares
// read of a request served by a ServeMux behind another route's handler
// (of this package's ServeMux or net/http's), through http.StripPrefix,
// whose shallow copy of the request shares its path values with the
// request in front:
//
//   - the inner route's handler reads its own route's values, and "" for a
//     group of its route that did not take part, not the outer route's
//     value of the same name (which it read before setPathValues);
//   - a name that the inner route does not have reads what was set before;
//   - the request in front keeps the outer route's Pattern and its values
//     of the names the inner route does not have, and reads the inner
//     route's values of those it has, as ServeHTTP's doc says.
func TestServeMuxNestedPathValues(t *testing.T) {
	type seen struct{ pattern, name, rest, escapedName string }
	read := func(r *http.Request) seen {
		return seen{r.Pattern, r.PathValue("name"), r.PathValue("rest"), EscapedPathValue(r, "name")}
	}
	var inner seen
	innerMux := NewServeMux()
	innerMux.HandleFunc("/files{/:name}?", func(w http.ResponseWriter, r *http.Request) {
		inner = read(r)
	})
	outer := NewServeMux()
	outer.Handle("/:name/:rest(.*)", http.StripPrefix("/outer", innerMux))
	std := http.NewServeMux()
	std.Handle("/{name}/{rest...}", http.StripPrefix("/outer", innerMux))
	stdRoot := http.NewServeMux()
	stdRoot.Handle("/", innerMux)

	for _, c := range []struct {
		mux                      http.Handler
		target                   string
		inner                    seen
		frontPattern, name, rest string
	}{
		{outer, "/outer/files/a%20b", seen{"/files{/:name}?", "a b", "files/a b", "a%20b"}, "/:name/:rest(.*)", "a b", "files/a b"},
		{outer, "/outer/files", seen{"/files{/:name}?", "", "files", ""}, "/:name/:rest(.*)", "", "files"},
		// SetPathValue writes a name of net/http's pattern in the slot of
		// its matches, which http.StripPrefix's copy shares.
		{std, "/outer/files/a%20b", seen{"/files{/:name}?", "a b", "files/a b", "a%20b"}, "/{name}/{rest...}", "a b", "files/a b"},
		{std, "/outer/files", seen{"/files{/:name}?", "", "files", ""}, "/{name}/{rest...}", "", "files"},
		{stdRoot, "/files/a%20b", seen{"/files{/:name}?", "a b", "", "a%20b"}, "/files{/:name}?", "a b", ""},
	} {
		inner = seen{}
		req := httptest.NewRequest("GET", "http://example.com"+c.target, nil)
		rec := httptest.NewRecorder()
		c.mux.ServeHTTP(rec, req)
		if rec.Code != 200 {
			t.Errorf("%s: %d", c.target, rec.Code)
			continue
		}
		if inner != c.inner {
			t.Errorf("%s: the inner handler reads %+v, want %+v", c.target, inner, c.inner)
		}
		if req.Pattern != c.frontPattern || req.PathValue("name") != c.name || req.PathValue("rest") != c.rest {
			t.Errorf("%s: in front: Pattern %q name %q rest %q, want %q, %q and %q", c.target, req.Pattern, req.PathValue("name"), req.PathValue("rest"), c.frontPattern, c.name, c.rest)
		}
	}
}

// TestServeMuxPathValuesOfGroups checks that each group name of a route's
// pathname reads, in the handler and in front, the percent-decoded value
// that the Result has for it, or "" where the group did not take part,
// when every name had another value before (a ServeMux in front set it):
// optional groups before and after groups that take part, unnamed ones,
// repeated ones, regular expressions.
func TestServeMuxPathValuesOfGroups(t *testing.T) {
	for _, c := range []struct{ pattern, target string }{
		{"/o{/:a}?/:b", "/o/B"},
		{"/o{/:a}?/:b", "/o/A/B"},
		{"/:a?/:b?/:c?", "/x"},
		{"/x{/:a}?{/:b}?/(\\d+)?/*?", "/x/b/7"},
		{"/x{/:a}?{/:b}?/(\\d+)?/*?", "/x/a/b/y%20z"},
		{"/f/:a+/:b*", "/f/1/2"},
		{"/r/(a|b)?/:n(\\d+)?/(.*)", "/r/3/rest"},
		{"/c{/:a}*{/:b}?", "/c/1/2"},
	} {
		var handler map[string]string
		mux := NewServeMux()
		mux.HandleFunc(c.pattern, func(w http.ResponseWriter, r *http.Request) {
			handler = map[string]string{}
			for name, g := range Result(r).Pathname.All() {
				handler[name] = r.PathValue(name) + " | " + url.PercentDecodeString(g.Value)
			}
		})
		p := urlpattern.MustParse("http://example.com" + c.pattern)
		names := p.GroupNames(urlpattern.Pathname)
		req := httptest.NewRequest("GET", "http://example.com"+c.target, nil)
		for _, name := range names {
			req.SetPathValue(name, "OUTER")
		}
		handler = nil
		mux.ServeHTTP(httptest.NewRecorder(), req)
		if handler == nil {
			t.Errorf("%s on %s: not routed", c.pattern, c.target)
			continue
		}
		for _, name := range names {
			value, want, _ := strings.Cut(handler[name], " | ")
			if value != want || req.PathValue(name) != want {
				t.Errorf("%s on %s: %q reads %q in the handler and %q in front, want %q (the Result's)", c.pattern, c.target, name, value, req.PathValue(name), want)
			}
		}
	}
}

// TestServeMuxServedAgain checks that a request served a second time, by
// another ServeMux or the same one after a middleware rewrote its path (a
// fallback from static files to the application, a retry), reads in front
// the Pattern and path values of the route that served it last, as with
// net/http's ServeMux: its handler's, not the first route's.
func TestServeMuxServedAgain(t *testing.T) {
	static := NewServeMux()
	static.HandleFunc("/assets/:file", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(404) })
	app := NewServeMux()
	var handler string
	app.HandleFunc("/assets/:name", func(w http.ResponseWriter, r *http.Request) {
		handler = r.Pattern + " " + r.PathValue("name")
	})
	app.HandleFunc("/v1/:name", func(w http.ResponseWriter, r *http.Request) {
		handler = r.Pattern + " " + r.PathValue("name")
	})
	fallback := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec := httptest.NewRecorder()
		static.ServeHTTP(rec, r)
		if rec.Code == 404 {
			if strings.HasPrefix(r.URL.Path, "/v2/") {
				r.URL.Path = "/v1/" + strings.TrimPrefix(r.URL.Path, "/v2/")
				r.RequestURI = r.URL.Path
			}
			app.ServeHTTP(w, r)
		}
	})
	for _, target := range []string{"/assets/x.js", "/v2/x.js"} {
		handler = ""
		req := httptest.NewRequest("GET", "http://example.com"+target, nil)
		fallback.ServeHTTP(httptest.NewRecorder(), req)
		if front := req.Pattern + " " + req.PathValue("name"); front != handler {
			t.Errorf("%s: in front %q, the handler %q", target, front, handler)
		}
	}
}

// TestServeMuxRequestInFront checks that a ServeMux writes nothing of the
// request it routes but its Pattern and path values, as net/http's does:
// a goroutine in front may read it meanwhile (run with -race), and a
// request served again and again gets no deeper context each time.
func TestServeMuxRequestInFront(t *testing.T) {
	mux := NewServeMux()
	mux.HandleFunc("/a/:x", func(w http.ResponseWriter, r *http.Request) {})
	req := httptest.NewRequest("GET", "http://example.com/a/1", nil)
	req.Header.Set("X", "y")
	ctx := req.Context()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for range 1000 {
			if req.Header.Get("X") != "y" || req.URL.Path != "/a/1" {
				t.Error("the request changed in front")
				return
			}
		}
	}()
	for range 200 {
		mux.ServeHTTP(httptest.NewRecorder(), req)
	}
	<-done
	if req.Context() != ctx {
		t.Error("the request served has another context")
	}
}

// TestServeMuxAllocs holds the cost of routing a request: the URL, the
// request's copy with its context, the path values; not the Result of all
// eight components, which a handler that calls Result pays for, nor
// anything for the check that the request is in its serialized form.
func TestServeMuxAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates")
	}
	mux := NewServeMux()
	for _, path := range githubRoutes {
		mux.Handle("GET "+path, http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
	}
	// Each run serves a fresh copy, as a server gives each handler a
	// request of its own.
	serveCopy := func(w http.ResponseWriter, req *http.Request) func() {
		r := new(http.Request)
		return func() {
			*r = *req
			mux.ServeHTTP(w, r)
		}
	}
	req := httptest.NewRequest("GET", "http://api.github.com/repos/o/r/issues/7/comments", nil)
	w := httptest.NewRecorder()
	n := testing.AllocsPerRun(100, serveCopy(w, req))
	t.Logf("%.0f allocations a request", n)
	// The context, which holds the URL's string; net/http's map of path
	// values (Request.SetPathValue), which it makes in one allocation or
	// two.
	if w.Code != 200 || n > 3 {
		t.Errorf("%d, %.0f allocations a request, want 200 and at most 3", w.Code, n)
	}
	// A group that did not take part, whose name the request has no
	// value of, costs no path value, and net/http makes no map for it:
	// the route's match (a regular expression's, which allocates) and
	// the context, no more than the route above.
	mux.HandleFunc("GET /files{/*}?", func(http.ResponseWriter, *http.Request) {})
	if o := testing.AllocsPerRun(100, serveCopy(w, httptest.NewRequest("GET", "http://api.github.com/files", nil))); w.Code != 200 || o > n {
		t.Errorf("/files{/*}? on /files: %d, %.0f allocations a request, want 200 and at most %.0f", w.Code, o, n)
	}
	// The check that a request is serialized allocates nothing: a query
	// costs no allocation more (the URL is parsed from one string).
	req = httptest.NewRequest("GET", "http://api.github.com/repos/o/r/issues/7/comments?page=2&per_page=100", nil)
	if q := testing.AllocsPerRun(100, serveCopy(w, req)); w.Code != 200 || q != n {
		t.Errorf("with a query: %d, %.0f allocations a request, want 200 and %.0f", w.Code, q, n)
	}

	// A ServeMux of RouteHandlers makes one allocation, the URL's string:
	// the Route is a value, which holds up to four path values.
	mux = NewServeMux()
	for _, path := range githubRoutes {
		mux.HandleRouteFunc("GET "+path, func(http.ResponseWriter, *http.Request, Route) {})
	}
	for _, target := range []string{"http://api.github.com/repos/o/r/issues/7/comments", "http://api.github.com/repos/o/r/issues/7/comments?page=2&per_page=100"} {
		req = httptest.NewRequest("GET", target, nil)
		if n := testing.AllocsPerRun(100, serveCopy(w, req)); w.Code != 200 || n != 1 {
			t.Errorf("RouteHandler: %s: %d, %.0f allocations a request, want 200 and 1", target, w.Code, n)
		}
	}
}
