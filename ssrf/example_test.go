package ssrf_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"

	"github.com/webstd/url/ssrf"
	"github.com/webstd/url/urlpattern"
)

// A guard with the default policy refuses every spelling of an address
// that is not public before it connects, and says which rule refused
// what: the URL as the parser reads it, the one that would have been
// requested, its password redacted.
func ExampleGuard_Check() {
	g, err := ssrf.New(ssrf.Policy{})
	if err != nil {
		panic(err)
	}
	for _, in := range []string{
		"http://0x7f.1/",
		"http://user:hunter2@[::ffff:a9fe:a9fe]/latest/meta-data/",
		"http://①⓪.0.0.1/",
		"https://example.com:8443/",
		"gopher://example.com/",
	} {
		_, err := g.Check(context.Background(), in)
		fmt.Println(err)
	}
	// Output:
	// ssrf: the address rule refuses "http://127.0.0.1/": 127.0.0.1 is in 127.0.0.0/8 (Loopback, RFC 1122, Section 3.2.1.3)
	// ssrf: the address rule refuses "http://user:xxxxx@[::ffff:a9fe:a9fe]/latest/meta-data/": ::ffff:169.254.169.254: it is the IPv4-mapped form of 169.254.169.254, in 169.254.0.0/16 (Link Local, RFC 3927)
	// ssrf: the address rule refuses "http://10.0.0.1/": 10.0.0.1 is in 10.0.0.0/8 (Private-Use, RFC 1918)
	// ssrf: the port rule refuses "https://example.com:8443/": the port 8443 is not allowed
	// ssrf: the scheme rule refuses "gopher://example.com/": the scheme "gopher" is not allowed
}

// A webhook sender: only https URLs under /hooks/ of the partners'
// domains, and the guard's client, which checks every redirect and every
// address it connects to. Here a test server on loopback plays a partner,
// allowed by its address alone.
func ExampleGuard_Client() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/hooks/1":
			io.WriteString(w, "delivered")
		case "/hooks/2":
			http.Redirect(w, r, "http://[::ffff:7f00:1]/admin", http.StatusFound)
		}
	}))
	defer srv.Close()
	server := netip.MustParseAddrPort(srv.Listener.Addr().String())
	g, err := ssrf.New(ssrf.Policy{
		AllowPatterns:  []*urlpattern.Pattern{urlpattern.MustParse("http{s}?://*:*/hooks/*")},
		AllowAddrPorts: []netip.AddrPort{server},
		Ports:          []uint16{80, 443, server.Port()},
	})
	if err != nil {
		panic(err)
	}
	for _, path := range []string{"/hooks/1", "/hooks/2", "/admin"} {
		resp, err := g.Get(context.Background(), srv.URL+path)
		var refusal *ssrf.Error
		switch {
		case errors.As(err, &refusal):
			fmt.Println(path, "refused by the", refusal.Rule, "rule:", refusal.Reason)
		case err != nil:
			fmt.Println(path, err)
		default:
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			fmt.Println(path, resp.Status, strings.TrimSpace(string(body)))
		}
	}
	// Output:
	// /hooks/1 200 OK delivered
	// /hooks/2 refused by the host rule: the host [::ffff:7f00:1] (127.0.0.1) is not among the allowed hosts, domains and patterns
	// /admin refused by the host rule: the host 127.0.0.1 is not among the allowed hosts, domains and patterns
}
