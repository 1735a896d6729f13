package ssrf_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/webstd/url/ssrf"
	"github.com/webstd/url/urlpattern"
)

// A fakeResolver answers from a table: each name has a list of answers,
// returned in turn (a name with two answers rebinds).
type fakeResolver struct {
	mu      sync.Mutex
	calls   map[string]int
	answers map[string][][]netip.Addr
}

func (r *fakeResolver) LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	as, ok := r.answers[host]
	if !ok {
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	if r.calls == nil {
		r.calls = map[string]int{}
	}
	n := r.calls[host]
	r.calls[host]++
	return as[n%len(as)], nil
}

var (
	loopback1 = netip.MustParseAddr("127.0.0.1")
	loopback2 = netip.MustParseAddr("127.0.0.2")
)

func newResolver() *fakeResolver {
	return &fakeResolver{answers: map[string][][]netip.Addr{
		"public.test":    {{loopback2}},
		"localhost":      {{loopback1}},
		"localhost.":     {{loopback1}},
		"evil.test":      {{loopback1}},
		"evil6.test":     {{netip.MustParseAddr("::1")}},
		"mapped.test":    {{netip.MustParseAddr("::ffff:127.0.0.1")}},
		"rebind.test":    {{loopback2}, {loopback1}},
		"both.test":      {{loopback1, loopback2}},
		"xn--evil.test":  {{loopback1}},
		"metadata.test":  {{netip.MustParseAddr("169.254.169.254")}},
		"metadata6.test": {{netip.MustParseAddr("fd00:ec2::254")}},
	}}
}

// A recorder is an HTTP server on a loopback address that counts the
// requests it receives.
type recorder struct {
	ln   net.Listener
	srv  *http.Server
	n    atomic.Int64
	mu   sync.Mutex
	seen []string
	port string
}

func listen(t testing.TB, addr string, h func(*recorder, http.ResponseWriter, *http.Request)) *recorder {
	t.Helper()
	ln, err := net.Listen("tcp", addr+":0")
	if err != nil {
		t.Skipf("cannot listen on %s: %v", addr, err)
	}
	r := &recorder{ln: ln}
	_, r.port, _ = net.SplitHostPort(ln.Addr().String())
	r.srv = &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		r.n.Add(1)
		r.mu.Lock()
		r.seen = append(r.seen, req.Host+" "+req.RequestURI)
		r.mu.Unlock()
		if h != nil {
			h(r, w, req)
		}
	})}
	go r.srv.Serve(ln)
	t.Cleanup(func() { r.srv.Close() })
	return r
}

// servers starts the denied server on 127.0.0.1 and the "public" one on
// 127.0.0.2, which redirects to its query's "to" on /redirect.
func servers(t testing.TB) (denied, public *recorder) {
	denied = listen(t, "127.0.0.1", nil)
	public = listen(t, "127.0.0.2", func(r *recorder, w http.ResponseWriter, req *http.Request) {
		switch req.URL.Path {
		case "/loop":
			http.Redirect(w, req, "/loop", http.StatusFound)
		case "/redirect":
			w.Header().Set("Location", req.URL.Query().Get("to"))
			code := http.StatusFound
			if c := req.URL.Query().Get("code"); c != "" {
				code, _ = strconv.Atoi(c)
			}
			w.WriteHeader(code)
		default:
			io.WriteString(w, "public")
		}
	})
	return denied, public
}

func guardFor(t testing.TB, denied, public *recorder, res ssrf.Resolver) *ssrf.Guard {
	t.Helper()
	dp, _ := strconv.Atoi(denied.port)
	pp, _ := strconv.Atoi(public.port)
	g, err := ssrf.New(ssrf.Policy{
		AllowAddrs: []netip.Prefix{netip.PrefixFrom(loopback2, 32)},
		Ports:      []uint16{uint16(dp), uint16(pp)},
		Resolver:   res,
	})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// expand writes the ports of the servers into a payload: D is the denied
// server's, A the allowed one's.
func expand(s string, denied, public *recorder) string {
	return strings.NewReplacer("{D}", denied.port, "{A}", public.port).Replace(s)
}

// direct are URLs that lead to the denied server, 127.0.0.1, in every
// spelling, or to other schemes and denied addresses; redirects are
// Locations the public server answers with. Both are in
// testdata/payloads.txt, which bench/ssrf_test.go sends through other
// guards.
var direct, redirects = loadPayloads("testdata/payloads.txt")

func loadPayloads(path string) (direct, redirects []string) {
	data, err := os.ReadFile(path)
	if err != nil {
		panic(err)
	}
	var list *[]string
	for _, line := range strings.Split(string(data), "\n") {
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case line == "direct":
			list = &direct
		case line == "redirect":
			list = &redirects
		default:
			p, err := strconv.Unquote(line)
			if err != nil || list == nil {
				panic(fmt.Sprintf("%s: %q: %v", path, line, err))
			}
			*list = append(*list, p)
		}
	}
	return direct, redirects
}

// publicReading are the payloads of direct that the standard reads as a
// URL of the public server, 127.0.0.2, although a reader may see
// 127.0.0.1 in them.
var publicReading = map[string]bool{
	"http://127.0.0.2:{A}\\@127.0.0.1:{D}/": true, // the backslash ends the authority: the path is "/@127.0.0.1:D/"
}

func TestNoRequestReachesTheDeniedServer(t *testing.T) {
	denied, public := servers(t)
	res := newResolver()
	g := guardFor(t, denied, public, res)
	ctx := context.Background()
	var refused, reachedPublic, notFollowed int
	// try sends a request. When strict, it must be refused or answered by
	// the public server's page (a payload such as
	// "http://127.0.0.2:A\\@127.0.0.1:D/" is, as the standard reads it, a
	// URL of 127.0.0.2), and nothing else.
	try := func(name string, get func() (*http.Response, error), strict bool) {
		resp, err := get()
		var body []byte
		if err == nil {
			body, _ = io.ReadAll(resp.Body)
			resp.Body.Close()
		}
		switch {
		case err != nil && errors.Is(err, ssrf.ErrRefused):
			refused++
		case err == nil && resp.StatusCode == 200 && string(body) == "public":
			reachedPublic++
		case err == nil && resp.StatusCode/100 == 3 && resp.Header.Get("Location") == "":
			notFollowed++ // a Location the standard does not parse: the redirect is returned
		case strict:
			t.Errorf("%s: neither refused nor answered by the public server: %v", name, err)
		}
	}
	payloads := append([]string(nil), direct...)
	for _, loc := range redirects {
		payloads = append(payloads, "http://127.0.0.2:{A}/redirect?to="+strings.ReplaceAll(loc, "&", "%26"))
	}
	for _, p := range direct {
		for _, code := range []string{"301", "302", "303", "307", "308"} {
			payloads = append(payloads, "http://public.test:{A}/redirect?code="+code+"&to="+encodeQuery(p))
		}
	}
	for _, p := range payloads {
		in := expand(p, denied, public)
		// rebind.test's first answer, 127.0.0.2, is allowed: nothing
		// listens there on the denied server's port.
		try("Get "+in, func() (*http.Response, error) { return g.Get(ctx, in) }, !strings.Contains(p, "rebind"))
		try("Client().Get "+in, func() (*http.Response, error) { return g.Client().Get(in) }, false)
		if _, err := g.Check(ctx, in); err == nil && !strings.Contains(p, "redirect") && !publicReading[p] {
			t.Errorf("Check(%q) allows it", in)
		}
	}
	// Rebinding: the check sees 127.0.0.2, the connection would go to
	// 127.0.0.1; every other resolution alternates.
	for i := range 4 {
		in := expand("http://rebind.test:{D}/", denied, public)
		_, cerr := g.Check(ctx, in)
		resp, err := g.Get(ctx, in)
		if err == nil {
			resp.Body.Close()
			t.Errorf("rebinding %d: Check %v, then Get went through", i, cerr)
		}
	}
	if n := denied.n.Load(); n != 0 {
		t.Fatalf("%d requests reached the denied server: %q", n, denied.seen)
	}
	t.Logf("%d payloads, each by Get and Client().Get: %d refused, %d answered by the public server (%d requests there), %d redirects not followed, 0 requests to the denied server", len(payloads), refused, reachedPublic, public.n.Load(), notFollowed)
}

func encodeQuery(s string) string {
	return strings.NewReplacer("%", "%25", "&", "%26", "#", "%23", "+", "%2B", " ", "%20", "\t", "%09", "\r", "%0D", "\n", "%0A", "\\", "%5C").Replace(s)
}

// TestAllowed checks that the public server is reached: directly, through
// a name, and through redirects, with the redirect's path sent as this
// module parsed it.
func TestAllowed(t *testing.T) {
	denied, public := servers(t)
	g := guardFor(t, denied, public, newResolver())
	ctx := context.Background()
	for _, in := range []string{
		"http://127.0.0.2:{A}/",
		"http://0x7f.0.0.2:{A}/",
		"http://public.test:{A}/",
		"http://[::ffff:127.0.0.2]:{A}/",
		"http://127.0.0.2:{A}/redirect?to=/a|b",
		"http://127.0.0.2:{A}/redirect?to=//public.test:{A}/c",
	} {
		in = expand(in, denied, public)
		resp, err := g.Get(ctx, in)
		if err != nil {
			t.Errorf("Get(%q): %v", in, err)
			continue
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if string(body) != "public" {
			t.Errorf("Get(%q): %q", in, body)
		}
	}
	public.mu.Lock()
	defer public.mu.Unlock()
	found := false
	for _, s := range public.seen {
		if strings.HasSuffix(s, "/a|b") {
			found = true
		}
	}
	if !found {
		t.Errorf("the redirect to /a|b was not sent as it is: %q", public.seen)
	}
	if denied.n.Load() != 0 {
		t.Fatal("a request reached the denied server")
	}
}

func TestMaxRedirects(t *testing.T) {
	denied, public := servers(t)
	g := guardFor(t, denied, public, newResolver())
	loop := expand("http://127.0.0.2:{A}/loop", denied, public)
	_, err := g.Get(context.Background(), loop)
	var e *ssrf.Error
	if !errors.As(err, &e) || e.Rule != ssrf.RuleRedirects {
		t.Fatalf("a redirect loop: %v", err)
	}
}

// TestLocationNetURLDoesNotParse checks a redirect whose Location this
// module reads but net/url does not ("%zz" in its path): the Transport
// removes the Location, as for one this module does not read, and the
// client returns the redirect as it is, where net/http would fail with an
// error that quotes the Location whole, password and all.
func TestLocationNetURLDoesNotParse(t *testing.T) {
	denied, public := servers(t)
	g := guardFor(t, denied, public, newResolver())
	for _, loc := range []string{"http://user:s3cret@public.test:{A}/%zz", "/a%zz?user:s3cret@h", "http://user:s3cret@public.test:{A}/%"} {
		loc = expand(loc, denied, public)
		in := expand("http://public.test:{A}/redirect?to=", denied, public) + encodeQuery(loc)
		for name, get := range map[string]func() (*http.Response, error){
			"Get":          func() (*http.Response, error) { return g.Get(context.Background(), in) },
			"Client().Get": func() (*http.Response, error) { return g.Client().Get(in) },
		} {
			resp, err := get()
			if err != nil {
				if strings.Contains(err.Error(), "s3cret") {
					t.Errorf("%s(%q): the error shows the password: %v", name, in, err)
				} else {
					t.Errorf("%s(%q): %v, want the redirect", name, in, err)
				}
				continue
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusFound || resp.Header.Get("Location") != "" {
				t.Errorf("%s(%q): %s with Location %q, want the redirect without its Location", name, in, resp.Status, resp.Header.Get("Location"))
			}
		}
	}
	if denied.n.Load() != 0 {
		t.Fatal("a request reached the denied server")
	}
}

// TestErrors checks that a refusal names its rule and what it refused,
// without the password, and with hidden code points escaped.
func TestErrors(t *testing.T) {
	g, err := ssrf.New(ssrf.Policy{DenyHosts: []string{"blocked.example"}, Resolver: newResolver()})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ in, rule, want string }{
		{"http://user:s3cret@127.0.0.1/", ssrf.RuleAddress, "127.0.0.0/8 (Loopback"},
		{"http://user:s3cret@0x7f.1/", ssrf.RuleAddress, "127.0.0.1 is in"},
		{"gopher://user:s3cret@example.com/", ssrf.RuleScheme, `"gopher"`},
		{"http://user:s3cret@example.com:8080/", ssrf.RulePort, "8080"},
		{"http://user:s3cret@BLOCKED.example/", ssrf.RuleHost, "blocked.example"},
		{"http://user:s3cret@[::ffff:a9fe:a9fe]/\u202E", ssrf.RuleAddress, "IPv4-mapped form of 169.254.169.254"},
		{"http://user:s3cret@evil.test/", ssrf.RuleAddress, "resolves to 127.0.0.1"},
		{"http://user:s3cret@[::1/\u202E", ssrf.RuleURL, "does not parse"},
	} {
		_, err := g.Check(context.Background(), c.in)
		var e *ssrf.Error
		if !errors.As(err, &e) || e.Rule != c.rule {
			t.Errorf("Check(%q): %v, want the %s rule", c.in, err, c.rule)
			continue
		}
		msg := err.Error()
		if strings.Contains(msg, "s3cret") || strings.ContainsRune(msg, '\u202E') || !strings.Contains(msg, c.want) {
			t.Errorf("Check(%q): %s", c.in, msg)
		}
	}
}

func TestHostRules(t *testing.T) {
	g, err := ssrf.New(ssrf.Policy{
		AllowDomains: []string{"example.com"},
		AllowHosts:   []string{"API.example.net"},
		DenyHosts:    []string{"admin.example.com"},
		Resolver:     &fakeResolver{answers: map[string][][]netip.Addr{}},
	})
	if err != nil {
		t.Fatal(err)
	}
	for in, want := range map[string]bool{
		"https://example.com/":          true,
		"https://a.b.EXAMPLE.com/":      true,
		"https://api.example.net/":      true,
		"https://ＡＰＩ.example.net/":      true,
		"https://example.net/":          false,
		"https://admin.example.com/":    false,
		"https://example.com.evil/":     false,
		"https://evil.com/example.com":  false,
		"https://example.com@evil.com/": false,
		"https://8.8.8.8/":              false,
	} {
		u, err := ssrf.ParseForTest(in)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.CheckURL(u) == nil; got != want {
			t.Errorf("CheckURL(%q) allows: %v, want %v", in, got, want)
		}
	}
}

// TestHostRulesReadAsResolved checks that the host rules read a host as
// the resolver and the dialer do, so that no spelling of a denied host
// gets through: a domain with the dots that end it (DNS reads
// "internal.example." as internal.example), an IPv4-mapped IPv6 address
// (a dialer connects to the IPv4 address); and that a domain rule names
// the domain and every host under it, whatever the Public Suffix List
// says of it. (An attack review found the first three getting through.)
func TestHostRulesReadAsResolved(t *testing.T) {
	deny, err := ssrf.New(ssrf.Policy{
		DenyHosts:    []string{"internal.example.com", "10.0.0.1", "dotted.example.", "[::ffff:10.0.0.3]"},
		DenyDomains:  []string{"evil.com", "www.bad.com", "blogspot.com"},
		DenyPatterns: []*urlpattern.Pattern{urlpattern.MustParse("https://pattern.example/*"), urlpattern.MustParse("http://10.0.0.4/*")},
		AllowAddrs:   []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")},
	})
	if err != nil {
		t.Fatal(err)
	}
	allow, err := ssrf.New(ssrf.Policy{
		AllowHosts:    []string{"api.example.net", "8.8.8.8.."},
		AllowDomains:  []string{"www.partner.com"},
		AllowPatterns: []*urlpattern.Pattern{urlpattern.MustParse("https://hooks.example/*")},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		g    *ssrf.Guard
		in   string
		want bool
	}{
		{deny, "http://internal.example.com/", false},
		{deny, "http://internal.example.com./", false},
		{deny, "http://INTERNAL.example.com../", false},
		{deny, "http://dotted.example/", false},
		{deny, "http://a.evil.com./", false},
		{deny, "http://evil.com../", false},
		{deny, "http://a.www.bad.com/", false},
		{deny, "http://www.bad.com./", false},
		{deny, "http://bad.com/", true},
		{deny, "http://a.blogspot.com/", false},
		{deny, "https://pattern.example./x", false},
		{deny, "https://pattern.example../x", false},
		{deny, "http://10.0.0.1/", false},
		{deny, "http://[::ffff:10.0.0.1]/", false},
		{deny, "http://[::ffff:a00:1]/", false},
		{deny, "http://10.0.0.2/", true},
		{deny, "http://10.0.0.3/", false},
		{deny, "http://[::ffff:10.0.0.3]/", false},
		{deny, "http://[::ffff:10.0.0.4]/x", false},
		{deny, "http://1.2.3.4../", true},
		{allow, "https://api.example.net./", true},
		{allow, "https://a.www.partner.com./", true},
		{allow, "https://partner.com/", false},
		{allow, "https://xwww.partner.com/", false},
		{allow, "https://8.8.8.8/", false},
		{allow, "https://8.8.8.8../", true},
		{allow, "https://hooks.example./x", true},
		{allow, "https://evil.example/", false},
	} {
		u, err := ssrf.ParseForTest(c.in)
		if err != nil {
			t.Fatal(err)
		}
		if got := c.g.CheckURL(u) == nil; got != c.want {
			t.Errorf("CheckURL(%q) allows: %v, want %v (%v)", c.in, got, c.want, c.g.CheckURL(u))
		}
	}
	for _, d := range []string{"...", ".evil.test", "a..evil.test"} {
		if _, err := ssrf.New(ssrf.Policy{DenyDomains: []string{d}}); err == nil {
			t.Errorf("New accepted the domain %q", d)
		}
	}
	if _, err := ssrf.New(ssrf.Policy{DenyDomains: []string{"evil.test.."}}); err != nil {
		t.Errorf("New refused the domain \"evil.test..\": %v", err)
	}
}

// dotResolver resolves "internal.test", with or without the dots that end
// it, as a DNS resolver does, to 127.0.0.1.
type dotResolver struct{}

func (dotResolver) LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error) {
	if strings.TrimRight(strings.ToLower(host), ".") == "internal.test" {
		return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, nil
	}
	return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
}

// TestDeniedHostEndToEnd checks, with requests sent, that a host denied by
// name is reached by no spelling of it that the resolver reads as it,
// where the policy allows its address (an internal network the guard may
// reach, but not that host).
func TestDeniedHostEndToEnd(t *testing.T) {
	var reached atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		reached.Add(1)
		io.WriteString(w, "internal")
	}))
	defer srv.Close()
	port := netip.MustParseAddrPort(srv.Listener.Addr().String()).Port()
	for _, p := range []ssrf.Policy{{DenyHosts: []string{"internal.test"}}, {DenyDomains: []string{"internal.test"}}} {
		p.Ports, p.Resolver = []uint16{port}, dotResolver{}
		p.AllowAddrs = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
		g, err := ssrf.New(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, host := range []string{"internal.test", "internal.test.", "INTERNAL.test.", "internal.test.."} {
			in := "http://" + host + ":" + strconv.Itoa(int(port)) + "/"
			if resp, err := g.Get(context.Background(), in); !errors.Is(err, ssrf.ErrRefused) {
				if err == nil {
					resp.Body.Close()
				}
				t.Errorf("Get(%q): %v, want a refusal", in, err)
			}
		}
	}
	if n := reached.Load(); n != 0 {
		t.Fatalf("%d requests reached the denied host", n)
	}
}

func TestIsSpecial(t *testing.T) {
	for _, s := range []string{
		"127.0.0.1", "10.0.0.1", "172.16.0.1", "192.168.1.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "0.1.2.3",
		"224.0.0.1", "239.255.255.250", "255.255.255.255", "240.0.0.1", "192.0.0.170", "192.0.2.1", "198.18.0.1",
		"::", "::1", "fe80::1", "fc00::1", "fd00:ec2::254", "fec0::1", "ff02::1", "::ffff:127.0.0.1", "::ffff:0.0.0.0",
		"::127.0.0.1", "::ffff:0:7f00:1", "64:ff9b::7f00:1", "64:ff9b::a9fe:a9fe", "64:ff9b:1::808:808", "2002:7f00:1::",
		"2002:a9fe:a9fe::1", "2001::1", "2001:db8::1", "100::1", "3fff::1", "5f00::1", "fe80::1%eth0",
	} {
		if !ssrf.IsSpecial(netip.MustParseAddr(s)) {
			t.Errorf("IsSpecial(%s) = false", s)
		}
	}
	for _, s := range []string{
		"8.8.8.8", "1.1.1.1", "93.184.215.14", "172.32.0.1", "100.128.0.1", "11.0.0.1", "2606:4700:4700::1111",
		"::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1",
	} {
		if ssrf.IsSpecial(netip.MustParseAddr(s)) {
			t.Errorf("IsSpecial(%s) = true", s)
		}
	}
	if !ssrf.IsSpecial(netip.Addr{}) {
		t.Error("the zero Addr is not special")
	}
}

// TestDialControl checks the dial-time check alone: a dialer given an
// address the resolver never saw.
func TestDialControl(t *testing.T) {
	denied, public := servers(t)
	g := guardFor(t, denied, public, newResolver())
	for _, addr := range []string{"127.0.0.1:{D}", "[::ffff:127.0.0.1]:{D}", "0x7f.1:{D}", "2130706433:{D}", "localhost:{D}", "[::1]:{D}"} {
		addr = expand(addr, denied, public)
		c, err := g.DialContext(context.Background(), "tcp", addr)
		if err == nil {
			c.Close()
			t.Errorf("DialContext(%q) connected", addr)
		} else if !errors.Is(err, ssrf.ErrRefused) {
			t.Errorf("DialContext(%q): %v, not a refusal", addr, err)
		}
	}
	c, err := g.DialContext(context.Background(), "tcp", expand("127.0.0.2:{A}", denied, public))
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	if denied.n.Load() != 0 {
		t.Fatal("a request reached the denied server")
	}
}

func ExampleIsSpecial() {
	for _, s := range []string{"169.254.169.254", "::ffff:7f00:1", "64:ff9b::a00:1", "8.8.8.8"} {
		fmt.Println(s, ssrf.IsSpecial(netip.MustParseAddr(s)))
	}
	// Output:
	// 169.254.169.254 true
	// ::ffff:7f00:1 true
	// 64:ff9b::a00:1 true
	// 8.8.8.8 false
}

// TestZeroGuard: the zero Guard refuses, and does not panic.
func TestZeroGuard(t *testing.T) {
	var g ssrf.Guard
	ctx := context.Background()
	if _, err := g.Check(ctx, "http://example.com/"); !errors.Is(err, ssrf.ErrRefused) {
		t.Errorf("Check: %v", err)
	}
	if _, err := g.Get(ctx, "http://example.com/"); !errors.Is(err, ssrf.ErrRefused) {
		t.Errorf("Get: %v", err)
	}
	if _, err := g.DialContext(ctx, "tcp", "127.0.0.1:80"); !errors.Is(err, ssrf.ErrRefused) {
		t.Errorf("DialContext: %v", err)
	}
	if _, err := g.Client().Get("http://127.0.0.1/"); !errors.Is(err, ssrf.ErrRefused) {
		t.Errorf("Client().Get: %v", err)
	}
}
