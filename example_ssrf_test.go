package url_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/webstd/url"
)

// A guard fetches URLs for a server that must not be turned against its
// own network: the defence against server-side request forgery (SSRF),
// where a caller makes the server request http://169.254.169.254/ (a
// cloud's metadata service), http://127.0.0.1:6379/ or an internal host.
//
// What it does:
//
//   - It parses the URL once, with this package, as a browser would, and
//     sends that value (URL.NewRequest): no second parser reads another host
//     out of the same string ("http://0x7f.1/" is 127.0.0.1 here, a name for
//     net/url; "http://evil.example\@good.example/" is evil.example).
//   - It refuses a scheme other than http and https.
//   - It refuses an IP host whose address allow refuses, in every spelling
//     the standard accepts: "127.1", "0x7f.1", "2130706433", "0177.0.0.1",
//     "[::ffff:127.0.0.1]", "[64:ff9b::7f00:1]" (NAT64) are all 127.0.0.1.
//   - It checks every redirect the same way: the Location is parsed with
//     this package against the URL requested, and the redirected request is
//     pointed at exactly that URL (URL.RequestURL), not at net/url's
//     reading of the Location.
//   - It checks the address every connection is dialed to, after DNS, in
//     the net.Dialer's Control function, which sees the IP address and port
//     the socket connects to.
//
// What the URL check cannot promise, and the dial-time check is there for:
// a domain says nothing about where it leads. Its DNS answer can be
// 127.0.0.1 ("localhost", a name an attacker controls), and it can change
// between a check and the connection (DNS rebinding): a check that resolves
// the name, then lets net/http resolve it again, is bypassed. Only the
// address checked at dial time is the address connected to.
//
// What the guard does not cover:
//
//   - Proxies: through a proxy the dial goes to the proxy, which resolves
//     the name itself; the guard's Transport uses none (Proxy nil), and a
//     program that must use one has to apply the policy there.
//   - Other clients: the guard's checks hold for its Transport only. A
//     URL handed to another HTTP client, or a redirect followed by a browser
//     that gets the response, is outside it. Redirects to other schemes are
//     refused here; a client that follows them (to ftp:, file:) would need
//     its own check.
//   - The policy itself: which addresses are internal depends on the
//     network. A public address may be routed to an internal service (a
//     firewall's NAT, a load balancer), and allowed addresses are
//     reachable on every port: restrict ports if the servers behind them
//     should not be reached ("http://example.com:22/").
//   - Headers on redirects: net/http decides which headers it forwards to
//     a redirect's target (Authorization, Cookie) from its own reading of
//     the Location. The guard adds none; a caller that does should not
//     follow redirects to other hosts.
//   - What comes back: a guard limits where requests go, not the size or
//     content of responses, nor how long they take (Client.Timeout).
type guard struct {
	// allow reports whether the guard may connect to the address.
	allow     func(netip.AddrPort) bool
	transport *http.Transport
}

// Errors of the guard's decisions.
var (
	errScheme  = errors.New("guard: the scheme is not http or https")
	errAddress = errors.New("guard: the address is not public")
	errDial    = errors.New("guard: dialing an address that is not public")
)

// newGuard returns a guard that connects only to the addresses allow
// allows: isPublic of the address when allow is nil.
func newGuard(allow func(netip.AddrPort) bool) *guard {
	if allow == nil {
		allow = func(ap netip.AddrPort) bool { return isPublic(ap.Addr()) }
	}
	g := &guard{allow: allow}
	dialer := &net.Dialer{Timeout: 10 * time.Second, Control: g.control}
	g.transport = &http.Transport{
		Proxy:               nil, // a proxy would dial for us, where control does not look
		DialContext:         dialer.DialContext,
		ForceAttemptHTTP2:   true,
		TLSHandshakeTimeout: 10 * time.Second,
	}
	return g
}

// check decides on a parsed URL before any connection is made: its scheme,
// and its address when its host is an IP address. A domain is decided when
// it is dialed.
func (g *guard) check(u url.URL) error {
	if s := u.Scheme(); s != "http" && s != "https" {
		return errScheme
	}
	if ap, ok := u.AddrPort(); ok && !g.allow(ap) {
		return errAddress
	}
	return nil
}

// control is the net.Dialer's Control function: address is the IP address
// and port the socket is about to connect to, after DNS.
func (g *guard) control(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil || !g.allow(ap) {
		return errDial
	}
	return nil
}

// Get fetches rawURL: parse once, check, send the same value, and check
// every redirect and every connection.
func (g *guard) Get(ctx context.Context, rawURL string) (*http.Response, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, err
	}
	if err := g.check(u); err != nil {
		return nil, err
	}
	req, err := u.NewRequest(ctx, "GET", nil)
	if err != nil {
		return nil, err
	}
	requested := u // the URL of the request in flight, the base of its Location
	client := &http.Client{
		Transport: g.transport,
		Timeout:   30 * time.Second,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= 10 {
				return errors.New("guard: stopped after 10 redirects")
			}
			next, err := requested.Parse(req.Response.Header.Get("Location"))
			if err != nil {
				return err
			}
			if err := g.check(next); err != nil {
				return err
			}
			if req.URL, err = next.RequestURL(); err != nil {
				return err
			}
			req.Host = "" // the Host header is then next's host
			requested = next
			return nil
		},
	}
	return client.Do(req)
}

// isPublic reports whether a is an address on the public internet: not
// loopback, private, link-local, multicast, unspecified, nor any other
// special-purpose address of IANA's registries, and, for an IPv6 address
// that carries an IPv4 address (NAT64, 6to4), not carrying an address that
// is not public.
func isPublic(a netip.Addr) bool {
	// [::ffff:127.0.0.1] is 127.0.0.1. netip's IsLoopback and most
	// predicates see through the mapping; IsUnspecified and Prefix.Contains
	// do not.
	a = a.Unmap()
	if !a.IsValid() || a.Zone() != "" || !a.IsGlobalUnicast() || a.IsPrivate() {
		return false // IsGlobalUnicast is false for loopback, link-local, multicast, unspecified and broadcast
	}
	for _, p := range notPublic {
		if p.Contains(a) {
			return false
		}
	}
	if nat64.Contains(a) { // 64:ff9b::/96 carries an IPv4 address in its last 32 bits
		b := a.As16()
		return isPublic(netip.AddrFrom4([4]byte(b[12:])))
	}
	if sixToFour.Contains(a) { // 2002::/16 carries one in bits 16 to 47
		b := a.As16()
		return isPublic(netip.AddrFrom4([4]byte(b[2:6])))
	}
	return true
}

var (
	nat64     = netip.MustParsePrefix("64:ff9b::/96")
	sixToFour = netip.MustParsePrefix("2002::/16")
	// notPublic are the special-purpose ranges (RFC 6890 and IANA's
	// registries) that netip's predicates do not cover.
	notPublic = []netip.Prefix{
		netip.MustParsePrefix("0.0.0.0/8"),       // "this network": 0.1.2.3 reaches this host on some systems
		netip.MustParsePrefix("100.64.0.0/10"),   // shared address space (carrier-grade NAT)
		netip.MustParsePrefix("192.0.0.0/24"),    // IETF protocol assignments
		netip.MustParsePrefix("192.0.2.0/24"),    // documentation
		netip.MustParsePrefix("198.18.0.0/15"),   // benchmarking
		netip.MustParsePrefix("198.51.100.0/24"), // documentation
		netip.MustParsePrefix("203.0.113.0/24"),  // documentation
		netip.MustParsePrefix("240.0.0.0/4"),     // reserved
		netip.MustParsePrefix("::/96"),           // IPv4-compatible (deprecated): ::7f00:1
		netip.MustParsePrefix("::ffff:0:0:0/96"), // IPv4-translated (SIIT)
		netip.MustParsePrefix("64:ff9b:1::/48"),  // NAT64 for local use
		netip.MustParsePrefix("100::/64"),        // discard-only
		netip.MustParsePrefix("2001::/32"),       // Teredo, which carries IPv4 addresses obfuscated
		netip.MustParsePrefix("2001:db8::/32"),   // documentation
		netip.MustParsePrefix("fec0::/10"),       // site-local (deprecated)
	}
)

// decision describes the outcome of a guarded fetch for the example.
func decision(resp *http.Response, err error) string {
	switch {
	case errors.Is(err, errScheme):
		return "refused: scheme"
	case errors.Is(err, errAddress):
		return "refused: address"
	case errors.Is(err, errDial):
		return "refused at dial time"
	case err != nil:
		return "error: " + err.Error()
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return "fetched: " + resp.Status + " " + string(body)
}

// Example_ssrfGuard runs the guard above against a server on loopback that
// plays a public web server: its address alone is allowed although it is
// a loopback address; the rest of loopback is not.
func Example_ssrfGuard() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/public":
			io.WriteString(w, "a public page")
		case "/to-public":
			http.Redirect(w, r, "/public", http.StatusFound)
		case "/to-metadata":
			http.Redirect(w, r, "http://169.254.169.254/latest/meta-data/", http.StatusFound)
		case "/to-loopback":
			http.Redirect(w, r, "http://[::ffff:7f00:1]/admin", http.StatusFound)
		case "/to-file":
			http.Redirect(w, r, "file:///etc/passwd", http.StatusFound)
		}
	}))
	defer srv.Close()
	server := netip.MustParseAddrPort(srv.Listener.Addr().String())
	g := newGuard(func(ap netip.AddrPort) bool { return ap == server || isPublic(ap.Addr()) })

	for _, in := range []string{
		"SERVER/public",
		"SERVER/to-public",
		"SERVER/to-metadata",
		"SERVER/to-loopback",
		"SERVER/to-file",
		"http://127.1/",
		"http://0x7f.1/",
		"http://2130706433/",
		"http://0177.0.0.1/",
		"http://[::ffff:127.0.0.1]/",
		"http://[::ffff:0.0.0.0]/",
		"http://[64:ff9b::a9fe:a9fe]/", // NAT64 of 169.254.169.254
		"http://169.254.169.254./latest/meta-data/",
		"http://10.0.0.1/",
		"http://localhost/", // a domain: DNS answers 127.0.0.1
		"file:///etc/passwd",
		"gopher://127.0.0.1:6379/_FLUSHALL",
	} {
		resp, err := g.Get(context.Background(), strings.Replace(in, "SERVER", srv.URL, 1))
		fmt.Printf("%-42s %s\n", in, decision(resp, err))
	}
	// Output:
	// SERVER/public                              fetched: 200 OK a public page
	// SERVER/to-public                           fetched: 200 OK a public page
	// SERVER/to-metadata                         refused: address
	// SERVER/to-loopback                         refused: address
	// SERVER/to-file                             refused: scheme
	// http://127.1/                              refused: address
	// http://0x7f.1/                             refused: address
	// http://2130706433/                         refused: address
	// http://0177.0.0.1/                         refused: address
	// http://[::ffff:127.0.0.1]/                 refused: address
	// http://[::ffff:0.0.0.0]/                   refused: address
	// http://[64:ff9b::a9fe:a9fe]/               refused: address
	// http://169.254.169.254./latest/meta-data/  refused: address
	// http://10.0.0.1/                           refused: address
	// http://localhost/                          refused at dial time
	// file:///etc/passwd                         refused: scheme
	// gopher://127.0.0.1:6379/_FLUSHALL          refused: scheme
}

// TestGuardCheck holds the guard's URL check, with its default policy, to
// refusing every spelling of an address that is not public and allowing
// public ones.
func TestGuardCheck(t *testing.T) {
	g := newGuard(nil)
	refused := []string{
		"http://127.0.0.1/", "http://127.1/", "http://0x7f.1/", "http://0x7F000001/",
		"http://2130706433/", "http://0177.0.0.1/", "http://017700000001/", "http://127.0.0.1./",
		"http://%31%32%37.0.0.1/", "http://①②⑦.0.0.1/", "http://127.0.0.1:8080/",
		"http://0/", "http://0.0.0.0/", "http://0.1.2.3/", "http://[::]/", "http://[::1]/",
		"http://[::ffff:127.0.0.1]/", "http://[::ffff:7f00:1]/", "http://[::ffff:0.0.0.0]/",
		"http://[::ffff:10.0.0.1]/", "http://[::ffff:100.64.0.1]/", "http://[::ffff:169.254.169.254]/", "http://[::127.0.0.1]/",
		"http://[64:ff9b::127.0.0.1]/", "http://[64:ff9b::a9fe:a9fe]/", "http://[64:ff9b:1::1]/",
		"http://[2002:7f00:1::]/", "http://[2002:a00:1::1]/", "http://[2001::1]/",
		"http://10.0.0.1/", "http://172.16.0.1/", "http://172.31.255.255/", "http://192.168.1.1/",
		"http://169.254.169.254/", "http://[fe80::1]/", "http://[fd00::1]/", "http://[fc00::1]/",
		"http://[fec0::1]/", "http://[ff02::1]/", "http://224.0.0.1/", "http://255.255.255.255/",
		"http://100.64.0.1/", "http://192.0.0.170/", "http://198.18.0.1/", "http://240.0.0.1/",
		"http://192.0.2.1/", "http://[2001:db8::1]/", "http://[100::1]/",
		"https://[::ffff:127.0.0.1]:443/", "ws://127.0.0.1/",
	}
	for _, in := range refused {
		u, err := url.Parse(in)
		if err != nil {
			t.Errorf("Parse(%q): %v", in, err)
			continue
		}
		if err := g.check(u); err == nil {
			t.Errorf("the guard allows %q (%s)", in, u.Host())
		}
	}
	allowed := []string{
		"http://93.184.215.14/", "https://8.8.8.8/", "http://1.1.1.1:8080/", "http://[2606:4700:4700::1111]/",
		"http://[::ffff:8.8.8.8]/", "http://[64:ff9b::808:808]/", "http://[2002:808:808::1]/",
		"http://172.32.0.1/", "http://100.128.0.1/", "http://11.0.0.1/",
		"https://example.com/", "http://localhost/", // domains: decided at dial time
	}
	for _, in := range allowed {
		if err := g.check(url.MustParse(in)); err != nil {
			t.Errorf("the guard refuses %q: %v", in, err)
		}
	}
	// The dial-time check, with what a resolver may answer for a domain.
	for _, addr := range []string{"127.0.0.1:80", "[::1]:443", "[::ffff:127.0.0.1]:80", "[fe80::1%eth0]:80", "169.254.169.254:80", "[64:ff9b::a00:1]:80", "0.0.0.0:80"} {
		if err := g.control("tcp", addr, nil); !errors.Is(err, errDial) {
			t.Errorf("the guard dials %s: %v", addr, err)
		}
	}
	for _, addr := range []string{"93.184.215.14:80", "[2606:4700:4700::1111]:443"} {
		if err := g.control("tcp", addr, nil); err != nil {
			t.Errorf("the guard does not dial %s: %v", addr, err)
		}
	}
}

// TestGuardRedirectSendsParsedURL checks that the guard follows a redirect
// to the URL this package parses from the Location, sent as it is: the
// server sees the path "/a|b" of "Location: /a|b" (in the absolute-form
// request-target "http://127.0.0.1:port/a|b"), where net/http alone would
// send "/a%7Cb".
func TestGuardRedirectSendsParsedURL(t *testing.T) {
	var mu sync.Mutex
	var got []string
	seen := func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), got...)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		got = append(got, r.RequestURI)
		mu.Unlock()
		if r.URL.Path == "/start" {
			w.Header().Set("Location", "/a|b")
			w.WriteHeader(http.StatusFound)
		}
	}))
	defer srv.Close()
	server := netip.MustParseAddrPort(srv.Listener.Addr().String())
	g := newGuard(func(ap netip.AddrPort) bool { return ap == server })
	resp, err := g.Get(context.Background(), srv.URL+"/start")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got, want := seen(), srv.URL+"/a|b"; len(got) != 2 || got[1] != want {
		t.Errorf("the server saw the request-targets %q, want the redirect's path sent as it is: %q", got, want)
	}
	// Without the guard, net/http re-encodes it.
	mu.Lock()
	got = nil
	mu.Unlock()
	resp, err = directHTTPClient().Get(srv.URL + "/start")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := seen(); len(got) != 2 || got[1] != "/a%7Cb" {
		t.Errorf("without the guard the server saw %q; the test expects net/http to send \"/a%%7Cb\"", got)
	}
}

func directHTTPClient() *http.Client {
	return &http.Client{Transport: &http.Transport{Proxy: nil}}
}
