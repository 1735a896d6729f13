package ssrf_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/webstd/url/ssrf"
)

// seenBy returns the requests r received, each as its Host and its
// request-target.
func seenBy(r *recorder) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.seen...)
}

// sendWithHost sends req with its Host field set to host through g's
// client, and returns the client's error; the response's body, if any, is
// read and closed.
func sendWithHost(g *ssrf.Guard, req *http.Request, host string) error {
	req.Host = host
	resp, err := g.Client().Do(req)
	if err == nil {
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	return err
}

// TestHostFieldThroughProxy checks that the Host field of a request is
// checked: through a proxy, net/http writes it in the request-target
// ("GET http://169.254.169.254/ HTTP/1.1", RFC 9112, section 3.2.2), and
// the proxy connects to it. (An attack review found the proxy fetching the
// metadata service for a request of http://example.com/.)
func TestHostFieldThroughProxy(t *testing.T) {
	_, proxy := servers(t) // 127.0.0.2 plays the proxy
	g, err := ssrf.New(ssrf.Policy{
		Proxy:     "http://127.0.0.2:" + proxy.port,
		Resolver:  &fakeResolver{},
		DenyHosts: []string{"internal.example"},
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ host, rule string }{
		{"169.254.169.254", ssrf.RuleAddress},
		{"0xA9FEA9FE", ssrf.RuleURL}, // net/url reads it otherwise
		{"[::ffff:169.254.169.254]", ssrf.RuleAddress},
		{"internal.example", ssrf.RuleHost},
		{"INTERNAL.example.", ssrf.RuleHost},
		{"example.com:22", ssrf.RulePort},
	} {
		req, err := g.NewRequest(context.Background(), "GET", "http://example.com/latest/meta-data/", nil)
		if err != nil {
			t.Fatal(err)
		}
		err = sendWithHost(g, req, c.host)
		var e *ssrf.Error
		if !errors.As(err, &e) || e.Rule != c.rule {
			t.Errorf("Host %q: %v, want a refusal of the %s rule", c.host, err, c.rule)
		}
	}
	if seen := seenBy(proxy); len(seen) > 0 {
		t.Fatalf("the proxy received requests whose Host the policy refuses: %q", seen)
	}
	// A Host the policy allows is sent: virtual hosting.
	req, err := g.NewRequest(context.Background(), "GET", "http://example.com/a", nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := sendWithHost(g, req, "www.example.org"); err != nil {
		t.Fatal(err)
	}
	if seen := seenBy(proxy); len(seen) != 1 || seen[0] != "www.example.org http://www.example.org/a" {
		t.Errorf("the proxy saw %q, want the request for www.example.org", seen)
	}
}

// TestHostFieldDirect checks the Host field of a request sent without a
// proxy, where it is the Host header (RFC 9110, section 7.2) that the
// server reads, and that a Host the policy allows is sent as it is.
func TestHostFieldDirect(t *testing.T) {
	denied, public := servers(t)
	g := guardFor(t, denied, public, newResolver())
	for _, host := range []string{"169.254.169.254:{A}", "127.0.0.1:{D}", "[::1]:{A}", "169.254.169.254"} {
		host = expand(host, denied, public)
		req, err := http.NewRequest("GET", expand("http://public.test:{A}/", denied, public), nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := sendWithHost(g, req, host); !errors.Is(err, ssrf.ErrRefused) {
			t.Errorf("Host %q: %v, want a refusal", host, err)
		}
	}
	if seen := seenBy(public); len(seen) > 0 {
		t.Fatalf("requests sent with a Host the policy refuses: %q", seen)
	}
	host := expand("public.test:{A}", denied, public)
	req, err := http.NewRequest("GET", expand("http://127.0.0.2:{A}/", denied, public), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := sendWithHost(g, req, host); err != nil {
		t.Fatalf("Host %q: %v", host, err)
	}
	if seen := seenBy(public); len(seen) != 1 || seen[0] != host+" /" {
		t.Errorf("the server saw %q, want the Host %q", seen, host)
	}
	if denied.n.Load() != 0 {
		t.Fatal("a request reached the denied server")
	}
}

// TestHostFieldUnreadable checks that a Host field that this module does
// not read as net/http sends it is refused by the url rule, with its
// password redacted.
func TestHostFieldUnreadable(t *testing.T) {
	denied, public := servers(t)
	g := guardFor(t, denied, public, newResolver())
	for _, host := range []string{
		"user:s3cret@127.0.0.2:{A}",
		"user:s3cret@127.0.0.1",
		"public.test:{A}/admin",
		"a b.test",
		"[::1",
	} {
		host = expand(host, denied, public)
		req, err := http.NewRequest("GET", expand("http://public.test:{A}/", denied, public), nil)
		if err != nil {
			t.Fatal(err)
		}
		err = sendWithHost(g, req, host)
		var e *ssrf.Error
		if !errors.As(err, &e) || e.Rule != ssrf.RuleURL {
			t.Errorf("Host %q: %v, want a refusal of the url rule", host, err)
			continue
		}
		if strings.Contains(err.Error(), "s3cret") {
			t.Errorf("Host %q: the refusal shows the password: %v", host, err)
		}
	}
	if seen := seenBy(public); len(seen) > 0 {
		t.Fatalf("requests sent with a Host this module does not read: %q", seen)
	}
}
