package ssrf_test

import (
	"context"
	"errors"
	"io"
	"net/netip"
	"strconv"
	"strings"
	"testing"

	"github.com/webstd/url/ssrf"
	"github.com/webstd/url/urlpattern"
)

// TestNoProxyFromTheEnvironment sets HTTP_PROXY to the denied server: the
// guard's client does not use it.
func TestNoProxyFromTheEnvironment(t *testing.T) {
	denied, public := servers(t)
	for _, v := range []string{"HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy", "ALL_PROXY"} {
		t.Setenv(v, "http://127.0.0.1:"+denied.port)
	}
	t.Setenv("NO_PROXY", "")
	g := guardFor(t, denied, public, newResolver())
	resp, err := g.Client().Get(expand("http://public.test:{A}/", denied, public))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if denied.n.Load() != 0 {
		t.Fatal("the environment's proxy was used")
	}
}

// TestPolicyProxy sends requests through the proxy the policy names (the
// public server plays it): a domain goes to the proxy in absolute-form,
// an IP host the policy denies is still refused before any connection.
func TestPolicyProxy(t *testing.T) {
	denied, public := servers(t)
	dp, _ := strconv.Atoi(denied.port)
	g, err := ssrf.New(ssrf.Policy{
		Ports:    []uint16{80, uint16(dp)},
		Proxy:    "http://127.0.0.2:" + public.port,
		Resolver: &fakeResolver{},
	})
	if err != nil {
		t.Fatal(err)
	}
	resp, err := g.Get(context.Background(), "http://example.com/a|b")
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	public.mu.Lock()
	seen := append([]string(nil), public.seen...)
	public.mu.Unlock()
	if len(seen) != 1 || !strings.HasSuffix(seen[0], "http://example.com/a|b") {
		t.Errorf("the proxy saw %q", seen)
	}
	for _, in := range []string{"http://127.0.0.1:{D}/", "http://0x7f.1:{D}/", "http://[::ffff:7f00:1]:{D}/"} {
		in = expand(in, denied, public)
		if _, err := g.Get(context.Background(), in); !errors.Is(err, ssrf.ErrRefused) {
			t.Errorf("through the proxy, Get(%q): %v", in, err)
		}
	}
	if denied.n.Load() != 0 {
		t.Fatal("a request reached the denied server")
	}
	// A proxy URL that net/url would read otherwise ("%" alone in its
	// path) is refused by New: the Transport would go without it, and
	// directly, where Check leaves the domains to the proxy.
	if _, err := ssrf.New(ssrf.Policy{Proxy: "http://proxy.example:8080/%"}); err == nil {
		t.Error("New accepted a proxy URL that net/url reads otherwise")
	}
}

func TestPatterns(t *testing.T) {
	allow := urlpattern.MustParse("https://{*.}?example.com/hooks/*")
	deny := urlpattern.MustParse("*://*/hooks/admin{/*}?")
	g, err := ssrf.New(ssrf.Policy{AllowPatterns: []*urlpattern.Pattern{allow}, DenyPatterns: []*urlpattern.Pattern{deny}, AllowAddrs: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}})
	if err != nil {
		t.Fatal(err)
	}
	for in, want := range map[string]bool{
		"https://example.com/hooks/1":          true,
		"https://a.EXAMPLE.com/hooks/x/../2":   true,
		"https://example.com/hooks/admin":      false,
		"https://example.com/hooks/%2e%2e/x":   false, // "/hooks/%2e%2e/x" is "/x"
		"https://example.com/other":            false,
		"http://example.com/hooks/1":           false,
		"https://example.com.evil.net/hooks/1": false,
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
