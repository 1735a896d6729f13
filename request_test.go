package url

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
)

// pathAndQuery returns the path and query of u as its href holds them, with
// the "?" when the query is non-null: what a request for u must send.
func pathAndQuery(u URL) string {
	if q, ok := u.Query(); ok {
		return u.Pathname() + "?" + q
	}
	return u.Pathname()
}

// stdHoldsPath reports whether net/url holds u's path as it is, so that
// NewRequest can send it in the origin-form.
func stdHoldsPath(u URL) bool {
	s, err := u.ToStd()
	return err == nil && s.EscapedPath() == u.Pathname()
}

// wantTarget returns the request-target NewRequest must have net/http send
// for u directly to a server: the origin-form when net/url holds u's path,
// the absolute-form otherwise.
func wantTarget(u URL) string {
	if stdHoldsPath(u) {
		return pathAndQuery(u)
	}
	return u.Scheme() + "://" + u.Host() + pathAndQuery(u)
}

// wireRequest is what a server received: the request line's parts and the
// headers the tests look at.
type wireRequest struct {
	method, target, version string
	host                    []string // every Host header
	authorization           string
}

// wireServer is an HTTP/1.1 server on loopback that reads requests as bytes,
// without a URL parser that could refuse or rewrite the request-target (Go's
// server answers "400 Bad Request" to "/%zz"). It answers each request with
// an empty 200, or a 302 to the Location that locations holds for its
// request-target, and closes the connection.
type wireServer struct {
	ln        net.Listener
	mu        sync.Mutex
	reqs      []wireRequest
	locations map[string]string // under mu
}

func newWireServer(t *testing.T) *wireServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skipf("no loopback: %v", err)
	}
	s := &wireServer{ln: ln}
	t.Cleanup(func() { ln.Close() })
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go s.serve(c)
		}
	}()
	return s
}

func (s *wireServer) serve(c net.Conn) {
	defer c.Close()
	r := bufio.NewReader(c)
	line, err := r.ReadString('\n')
	if err != nil {
		return
	}
	var req wireRequest
	parts := strings.Split(strings.TrimSuffix(line, "\r\n"), " ")
	if len(parts) == 3 {
		req.method, req.target, req.version = parts[0], parts[1], parts[2]
	} else {
		req.target = line // the test fails on it
	}
	for {
		h, err := r.ReadString('\n')
		if err != nil {
			return
		}
		h = strings.TrimSuffix(h, "\r\n")
		if h == "" {
			break
		}
		name, value, _ := strings.Cut(h, ":")
		switch strings.ToLower(name) {
		case "host":
			req.host = append(req.host, strings.TrimSpace(value))
		case "authorization":
			req.authorization = strings.TrimSpace(value)
		}
	}
	s.mu.Lock()
	s.reqs = append(s.reqs, req)
	loc, ok := s.locations[req.target]
	s.mu.Unlock()
	if ok {
		io.WriteString(c, "HTTP/1.1 302 Found\r\nLocation: "+loc+"\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
		return
	}
	io.WriteString(c, "HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
}

// last returns the last request received.
func (s *wireServer) last() wireRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.reqs) == 0 {
		return wireRequest{}
	}
	return s.reqs[len(s.reqs)-1]
}

// directClient is a client that sends to the server it is given, through
// no proxy whatever the environment says.
func directClient(tr *http.Transport) *http.Client {
	if tr == nil {
		tr = &http.Transport{}
	}
	tr.Proxy = nil
	return &http.Client{Transport: tr}
}

// TestNewRequestOnTheWire sends requests built by NewRequest to a server that
// records the bytes of the request line and the Host header: it receives
// exactly the path and query of u.Href(), never the fragment, and the Host
// u.Host().
func TestNewRequestOnTheWire(t *testing.T) {
	srv := newWireServer(t)
	client := directClient(nil)
	base := "http://" + srv.ln.Addr().String()
	tests := []struct {
		in     string
		target string // the path and query sent
		origin bool   // in the origin-form; the absolute-form otherwise
	}{
		{"/a|b?c d#f", "/a|b?c%20d", false},
		{"/%zz", "/%zz", false},
		{"/ü", "/%C3%BC", true},
		{"/a/../b", "/b", true},
		{"/a/%2e%2E/b", "/b", true},
		{"/a\\b", "/a/b", true},
		{"/a%2Fb?x=%zz&y=|", "/a%2Fb?x=%zz&y=|", true},
		{"/{}^`", "/%7B%7D%5E%60", true},
		{"/a|b?", "/a|b?", false},
		{"/?", "/?", true},
		{"?q=1#", "/?q=1", true},
		{"/p?ü'\"<>", "/p?%C3%BC%27%22%3C%3E", true},
		{"/[]:@!$&'()*+,;=", "/[]:@!$&'()*+,;=", true},
		{"/%7c%41", "/%7c%41", true},
		{"/a%7Cb%zz|", "/a%7Cb%zz|", false},
	}
	for _, tt := range tests {
		u := MustParse(base + tt.in)
		if got := pathAndQuery(u); got != tt.target {
			t.Fatalf("the parser changed: %q has the path and query %q, the test wants %q", u.Href(), got, tt.target)
		}
		req, err := u.NewRequest(context.Background(), "GET", nil)
		if err != nil {
			t.Errorf("NewRequest(%q): %v", u.Href(), err)
			continue
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Errorf("GET %q: %v", u.Href(), err)
			continue
		}
		resp.Body.Close()
		got := srv.last()
		want := tt.target
		if !tt.origin {
			want = base + tt.target
		}
		if got.target != want || got.method != "GET" || got.version != "HTTP/1.1" {
			t.Errorf("NewRequest(%q): the server received %q %q %q, want GET %q HTTP/1.1", u.Href(), got.method, got.target, got.version, want)
		}
		if len(got.host) != 1 || got.host[0] != u.Host() {
			t.Errorf("NewRequest(%q): the server received the Host %q, want %q", u.Href(), got.host, u.Host())
		}
		if tt.origin != stdHoldsPath(u) || want != wantTarget(u) {
			t.Errorf("%q: the test's form disagrees with wantTarget", u.Href())
		}
	}

	// Credentials: net/http's Transport sends them as Basic credentials, as
	// it does for http.NewRequest; the request line never holds them.
	u := MustParse("http://us%20er:p%40ss@" + srv.ln.Addr().String() + "/a|b")
	req, err := u.NewRequest(context.Background(), "", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	got := srv.last()
	want := http.Request{Header: http.Header{}}
	want.SetBasicAuth("us er", "p@ss")
	if got.target != base+"/a|b" || got.authorization != want.Header.Get("Authorization") {
		t.Errorf("NewRequest(%q): the server received %q with Authorization %q, want %q", u.Redacted(), got.target, got.authorization, want.Header.Get("Authorization"))
	}
}

// TestNewRequestHTTPServer sends requests built by NewRequest to net/http's
// own server over HTTP/1.1 and HTTP/2: its handler sees the path and query
// of u.Href() in r.RequestURI (after the scheme and host of the
// absolute-form over HTTP/1.1; HTTP/2's :path has only the path and query),
// and the Host u.Host().
func TestNewRequestHTTPServer(t *testing.T) {
	type seen struct{ requestURI, host, proto string }
	var mu sync.Mutex
	var last seen
	handler := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		last = seen{r.RequestURI, r.Host, r.Proto}
		mu.Unlock()
	})
	h1 := httptest.NewServer(handler)
	defer h1.Close()
	h2 := httptest.NewUnstartedServer(handler)
	h2.EnableHTTP2 = true
	h2.StartTLS()
	defer h2.Close()
	h2Transport := h2.Client().Transport.(*http.Transport).Clone()
	h2Transport.ForceAttemptHTTP2 = true

	for _, srv := range []struct {
		base   string
		client *http.Client
		proto  string
	}{
		{h1.URL, directClient(nil), "HTTP/1.1"},
		{h2.URL, directClient(h2Transport), "HTTP/2.0"},
	} {
		for _, path := range []string{"/a|b?c d#f", "/ü", "/a/../b", "/a%2Fb?x=%zz&y=|", "/x?"} {
			u := MustParse(srv.base + path)
			req, err := u.NewRequest(context.Background(), "GET", nil)
			if err != nil {
				t.Errorf("NewRequest(%q): %v", u.Href(), err)
				continue
			}
			resp, err := srv.client.Do(req)
			if err != nil {
				t.Errorf("GET %q: %v", u.Href(), err)
				continue
			}
			resp.Body.Close()
			mu.Lock()
			got := last
			mu.Unlock()
			want := wantTarget(u)
			if srv.proto == "HTTP/2.0" {
				want = pathAndQuery(u)
			}
			if resp.StatusCode != 200 || got.proto != srv.proto || got.requestURI != want || got.host != u.Host() {
				t.Errorf("NewRequest(%q): %s, the handler saw %+v, want RequestURI %q and Host %q over %s", u.Href(), resp.Status, got, want, u.Host(), srv.proto)
			}
		}
	}
}

// TestNewRequestWrite builds a request for every http and https URL of
// urltestdata.json that parses, and writes it with net/http's Request.Write
// (to a server) and Request.WriteProxy (to a proxy): either the request
// line holds exactly u's path and query (in the absolute-form, after u's
// scheme and host, to a proxy and where net/url cannot hold the path), with
// the Host header u.Host(), or NewRequest returns a *ConversionError. Never
// another request.
func TestNewRequestWrite(t *testing.T) {
	var built, refused, absolute int
	for _, name := range []string{"urltestdata.json", "urltestdata-javascript-only.json"} {
		for _, tc := range wptCases[urlTestCase](t, name) {
			if tc.Failure {
				continue
			}
			u, err := tc.parse()
			if err != nil || (u.Scheme() != "http" && u.Scheme() != "https") {
				continue
			}
			req, err := u.NewRequest(context.Background(), "GET", nil)
			if err != nil {
				var ce *ConversionError
				if !errors.As(err, &ce) || ce.Op != "NewRequest" {
					t.Errorf("NewRequest(%q): %v is not a *ConversionError of NewRequest", u.Href(), err)
				} else if testing.Verbose() {
					t.Log(err)
				}
				refused++
				continue
			}
			built++
			if !stdHoldsPath(u) {
				absolute++
			}
			for _, proxy := range []bool{false, true} {
				var b bytes.Buffer
				write := req.Write
				want := wantTarget(u)
				if proxy {
					write = req.WriteProxy
					want = u.Scheme() + "://" + u.Host() + pathAndQuery(u)
				}
				if err := write(&b); err != nil {
					t.Errorf("NewRequest(%q): Write(proxy %v): %v", u.Href(), proxy, err)
					continue
				}
				line, rest, _ := strings.Cut(b.String(), "\r\n")
				host, _, _ := strings.Cut(strings.TrimPrefix(rest, "Host: "), "\r\n")
				if line != "GET "+want+" HTTP/1.1" || host != u.Host() {
					t.Errorf("NewRequest(%q) is written (proxy %v) as %q, Host %q; want %q, Host %q", u.Href(), proxy, line, host, "GET "+want+" HTTP/1.1", u.Host())
				}
			}
		}
	}
	t.Logf("NewRequest built %d requests (%d in the absolute-form) and refused %d", built, absolute, refused)
	if built == 0 || absolute == 0 {
		t.Error("no request built, or none needed the absolute-form")
	}
}

// TestNewRequestRefuses checks the URLs NewRequest refuses: those whose host
// net/http does not write in a Host header, whose scheme net/http does not
// send, and what http.NewRequestWithContext refuses.
func TestNewRequestRefuses(t *testing.T) {
	ctx := context.Background()
	// Hosts the standard allows in a domain and net/http does not in a
	// Host header: it would send the request with an empty Host.
	for _, in := range []string{"http://a{b/", "https://a}b/", "http://a\"b/", "http://a`b:8080/x|y"} {
		u := MustParse(in)
		_, err := u.NewRequest(ctx, "GET", nil)
		var ce *ConversionError
		if !errors.As(err, &ce) || ce.Op != "NewRequest" || ce.Component != "host" {
			t.Errorf("NewRequest(%q) = %v, want a *ConversionError on the host", in, err)
		}
		if _, err := u.RequestURL(); !errors.As(err, &ce) || ce.Op != "RequestURL" {
			t.Errorf("RequestURL(%q) = %v, want a *ConversionError of RequestURL", in, err)
		}
	}
	for _, in := range []string{"ftp://example.com/", "ws://example.com/", "file:///etc/hosts", "mailto:a@example.com", "sc://h/"} {
		if _, err := MustParse(in).NewRequest(ctx, "GET", nil); !errors.Is(err, ErrNotHTTP) {
			t.Errorf("NewRequest(%q) = %v, want ErrNotHTTP", in, err)
		}
	}
	if _, err := (URL{}).NewRequest(ctx, "GET", nil); !errors.Is(err, ErrNotHTTP) {
		t.Errorf("NewRequest of the zero URL = %v, want ErrNotHTTP", err)
	}
	u := MustParse("https://example.com/")
	if _, err := u.NewRequest(ctx, "BAD METHOD", nil); err == nil {
		t.Error("NewRequest with the method \"BAD METHOD\" did not fail")
	}
	var nilCtx context.Context
	if _, err := u.NewRequest(nilCtx, "GET", nil); err == nil {
		t.Error("NewRequest with a nil context did not fail")
	}
	_, err := MustParse("ftp://user:secret@example.com/").NewRequest(ctx, "GET", nil)
	if want := `url: NewRequest("ftp://user:xxxxx@example.com/"): the scheme is not http or https`; err == nil || err.Error() != want {
		t.Errorf("NewRequest error = %v, want %s", err, want)
	}
}

// TestNewRequestFields checks what NewRequest sets as
// http.NewRequestWithContext does: the method, the context, the body and its
// length; and the net/url form of the URL.
func TestNewRequestFields(t *testing.T) {
	type key struct{}
	ctx := context.WithValue(context.Background(), key{}, "v")
	u := MustParse("https://example.com:8443/a|b?q#frag")
	req, err := u.NewRequest(ctx, "POST", strings.NewReader("body"))
	if err != nil {
		t.Fatal(err)
	}
	if req.Method != "POST" || req.Context().Value(key{}) != "v" || req.ContentLength != 4 || req.GetBody == nil {
		t.Errorf("NewRequest: method %q, context value %v, ContentLength %d, GetBody %v", req.Method, req.Context().Value(key{}), req.ContentLength, req.GetBody != nil)
	}
	if req.Host != "example.com:8443" || req.URL.Host != "example.com:8443" || req.URL.Scheme != "https" {
		t.Errorf("NewRequest: Host %q, URL.Host %q, URL.Scheme %q", req.Host, req.URL.Host, req.URL.Scheme)
	}
	if got, want := req.URL.RequestURI(), "https://example.com:8443/a|b?q"; got != want {
		t.Errorf("NewRequest: URL.RequestURI() = %q, want %q", got, want)
	}
	if req.URL.Path != "/a|b" || req.URL.Fragment != "" {
		t.Errorf("NewRequest: URL.Path %q, URL.Fragment %q", req.URL.Path, req.URL.Fragment)
	}
	// The origin-form: the URL ToStd returns but for the fragment.
	u = MustParse("https://example.com/a%2Fb/%C3%BC?x=1#frag")
	s, err := u.RequestURL()
	if err != nil {
		t.Fatal(err)
	}
	std, err := u.ToStd()
	if err != nil {
		t.Fatal(err)
	}
	std.Fragment, std.RawFragment = "", ""
	if *s != *std {
		t.Errorf("RequestURL(%q) = %#v, want ToStd's %#v without the fragment", u.Href(), s, std)
	}
}

// TestRequestURLRedirect shows why a redirect should be followed with this
// package: net/http resolves a Location of "?q" against a request URL in the
// Opaque form with net/url, which drops the host; the Location parsed with
// this package against the URL requested, and RequestURL, send the request
// a browser sends.
func TestRequestURLRedirect(t *testing.T) {
	srv := newWireServer(t)
	base := "http://" + srv.ln.Addr().String()
	u := MustParse(base + "/a|b")
	s, err := u.RequestURL()
	if err != nil {
		t.Fatal(err)
	}
	if std, err := s.Parse("?q"); err != nil || std.Host != "" {
		t.Fatalf("net/url resolves \"?q\" against %#v as %#v, %v: the test wants the host lost", s, std, err)
	}
	next, err := u.Parse("?q")
	if err != nil {
		t.Fatal(err)
	}
	req, err := http.NewRequest("GET", base+"/", nil)
	if err != nil {
		t.Fatal(err)
	}
	if req.URL, err = next.RequestURL(); err != nil {
		t.Fatal(err)
	}
	req.Host = ""
	resp, err := directClient(nil).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := srv.last(); got.target != base+"/a|b?q" || len(got.host) != 1 || got.host[0] != next.Host() {
		t.Errorf("the server received %q, Host %q; want %q, Host %q", got.target, got.host, base+"/a|b?q", next.Host())
	}
}

// TestCheckRedirectReadsRequestURL follows redirects as a client that checks
// where it goes does: its CheckRedirect reads the URL last requested with
// FromStd, resolves the Location against it with this package, refuses
// another host, and points the request at the result with RequestURL. The
// second redirect starts from a request URL that RequestURL put in the
// Opaque form ("/a|b", which net/url would send as "/a%7Cb"): FromStd must
// read it back as the URL it came from.
func TestCheckRedirectReadsRequestURL(t *testing.T) {
	srv := newWireServer(t)
	base := "http://" + srv.ln.Addr().String()
	srv.mu.Lock()
	srv.locations = map[string]string{
		"/start":        "/a|b",
		base + "/a|b":   "?q",
		base + "/a|b?q": "/c%7C#f", // (net/http refuses a Location it cannot parse, such as "/%zz")
		"/c%7C":         "http://other.example/",
	}
	srv.mu.Unlock()
	var read []string
	client := directClient(nil)
	client.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		prev, err := FromStd(via[len(via)-1].URL)
		if err != nil {
			return err
		}
		read = append(read, prev.Href())
		next, err := prev.Parse(req.Response.Header.Get("Location"))
		if err != nil {
			return err
		}
		if next.Host() != prev.Host() {
			return errors.New("a redirect to another host: " + next.Host())
		}
		if req.URL, err = next.RequestURL(); err != nil {
			return err
		}
		req.Host = ""
		return nil
	}
	_, err := client.Get(base + "/start")
	if err == nil || !strings.Contains(err.Error(), "a redirect to another host: other.example") {
		t.Errorf("Get: %v, want the CheckRedirect's refusal of other.example", err)
	}
	want := []string{base + "/start", base + "/a|b", base + "/a|b?q", base + "/c%7C"}
	if !slices.Equal(read, want) {
		t.Errorf("CheckRedirect read the URLs requested as %q, want %q", read, want)
	}
	var targets []string
	srv.mu.Lock()
	for _, r := range srv.reqs {
		targets = append(targets, r.target)
	}
	srv.mu.Unlock()
	if want := []string{"/start", base + "/a|b", base + "/a|b?q", "/c%7C"}; !slices.Equal(targets, want) {
		t.Errorf("the server received %q, want %q", targets, want)
	}
}
