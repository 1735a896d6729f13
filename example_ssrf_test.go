package url_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync"
	"testing"

	"github.com/webstd/url/ssrf"
)

// Example_ssrfGuard fetches URLs for a server that must not be turned
// against its own network (server-side request forgery), with package
// ssrf: it parses each URL once with this package and sends that value
// (URL.NewRequest), reads every redirect's Location with this package, and
// checks the address of every connection after DNS. A test server on
// loopback plays a public web server: its address alone is allowed; the
// rest of loopback is not.
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
	guard, err := ssrf.New(ssrf.Policy{
		AllowAddrPorts: []netip.AddrPort{server},
		Ports:          []uint16{80, 443, server.Port()},
	})
	if err != nil {
		panic(err)
	}
	for _, in := range []string{
		"SERVER/public",
		"SERVER/to-public",
		"SERVER/to-metadata",
		"SERVER/to-loopback",
		"SERVER/to-file",
		"http://0x7f.1/",
		"http://2130706433/",
		"http://[::ffff:127.0.0.1]/",
		"http://[64:ff9b::a9fe:a9fe]/", // NAT64 of 169.254.169.254
		"http://localhost/",            // a domain: DNS answers 127.0.0.1
		"gopher://127.0.0.1:6379/_FLUSHALL",
	} {
		resp, err := guard.Get(context.Background(), strings.Replace(in, "SERVER", srv.URL, 1))
		var refusal *ssrf.Error
		switch {
		case errors.As(err, &refusal):
			fmt.Printf("%-35s refused by the %s rule\n", in, refusal.Rule)
		case err != nil:
			fmt.Printf("%-35s error: %v\n", in, err)
		default:
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			fmt.Printf("%-35s fetched: %s %s\n", in, resp.Status, body)
		}
	}
	// Output:
	// SERVER/public                       fetched: 200 OK a public page
	// SERVER/to-public                    fetched: 200 OK a public page
	// SERVER/to-metadata                  refused by the address rule
	// SERVER/to-loopback                  refused by the address rule
	// SERVER/to-file                      refused by the scheme rule
	// http://0x7f.1/                      refused by the address rule
	// http://2130706433/                  refused by the address rule
	// http://[::ffff:127.0.0.1]/          refused by the address rule
	// http://[64:ff9b::a9fe:a9fe]/        refused by the address rule
	// http://localhost/                   refused by the dial rule
	// gopher://127.0.0.1:6379/_FLUSHALL   refused by the scheme rule
}

// TestGuardRedirectSendsParsedURL checks that the guard follows a redirect
// to the URL this package parses from the Location, sent as it is: the
// server sees the path "/a|b" of "Location: /a|b" (in the absolute-form
// of RFC 9112), where net/http alone sends "/a%7Cb".
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
	guard, err := ssrf.New(ssrf.Policy{
		AllowAddrPorts: []netip.AddrPort{server},
		Ports:          []uint16{server.Port()},
	})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := guard.Get(context.Background(), srv.URL+"/start")
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
	resp, err = (&http.Client{Transport: &http.Transport{Proxy: nil}}).Get(srv.URL + "/start")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if got := seen(); len(got) != 2 || got[1] != "/a%7Cb" {
		t.Errorf("without the guard the server saw %q; the test expects net/http to send \"/a%%7Cb\"", got)
	}
}
