package bench

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	dny "code.dny.dev/ssrf"
	"github.com/doyensec/safeurl"

	"github.com/webstd/url/ssrf"
)

// TestSSRFCorpus sends the bypass payloads of ../ssrf/testdata/payloads.txt
// (each URL directly, through a redirect of the allowed server with each
// redirect status, and each Location of the list) through three guards,
// with the same policy: 127.0.0.2, the allowed server, is public; 127.0.0.1,
// the denied server, is not; both servers' ports are allowed. It counts,
// for each guard, the requests that reached the denied server (it must be
// 0 for package ssrf; the test fails otherwise), the refusals or errors,
// and the answers of the allowed server.
//
// The other guards resolve names with the system's resolver, which knows
// none of the test's names (evil.test): those payloads fail to resolve
// there, where package ssrf's test resolver answers 127.0.0.1.
//
//	go test -run TestSSRFCorpus -v .
func TestSSRFCorpus(t *testing.T) {
	// No DNS query leaves the machine: names resolve from /etc/hosts
	// (localhost) or not at all, for the guards that use net's resolver.
	saved := net.DefaultResolver
	net.DefaultResolver = &net.Resolver{PreferGo: true, Dial: func(ctx context.Context, network, address string) (net.Conn, error) {
		return nil, errors.New("no DNS server in this test")
	}}
	t.Cleanup(func() { net.DefaultResolver = saved })
	denied := listenCount(t, "127.0.0.1")
	public := listenCount(t, "127.0.0.2")
	payloads := ssrfPayloads(t, denied.port, public.port)
	dp, _ := strconv.Atoi(denied.port)
	pp, _ := strconv.Atoi(public.port)

	ours, err := ssrf.New(ssrf.Policy{
		AllowAddrs: []netip.Prefix{netip.MustParsePrefix("127.0.0.2/32")},
		Ports:      []uint16{uint16(dp), uint16(pp)},
		Resolver: resolverFunc(func(ctx context.Context, network, host string) ([]netip.Addr, error) {
			switch host {
			case "public.test":
				return []netip.Addr{netip.MustParseAddr("127.0.0.2")}, nil
			case "localhost", "localhost.", "evil.test", "both.test", "rebind.test":
				return []netip.Addr{netip.MustParseAddr("127.0.0.1")}, nil
			}
			return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
		}),
	})
	if err != nil {
		t.Fatal(err)
	}
	g := dny.New(dny.WithAllowedV4Prefixes(netip.MustParsePrefix("127.0.0.2/32")), dny.WithPorts(uint16(dp), uint16(pp)))
	dnyClient := &http.Client{Timeout: 5 * time.Second, Transport: &http.Transport{
		Proxy:       nil,
		DialContext: (&net.Dialer{Control: g.Safe, Resolver: net.DefaultResolver}).DialContext,
	}}
	safe := safeurl.Client(safeurl.GetConfigBuilder().
		SetAllowedIPs("127.0.0.2").
		SetAllowedPorts(dp, pp).
		SetTimeout(5 * time.Second).
		Build())

	// safeurl's Control function panics on an address with a zone
	// ("127.0.0.1%eth0", from "http://[::ffff:127.0.0.1%25eth0]/", which
	// net/url accepts), in the dialing goroutine, which ends the process:
	// those payloads are counted apart for it.
	zone := func(p string) bool {
		return strings.Contains(p, "%25eth0") || strings.Contains(p, "%25lo") || strings.Contains(p, "%2525")
	}
	clients := []struct {
		name string
		get  func(string) (*http.Response, error)
		skip func(string) bool
	}{
		{"github.com/webstd/url/ssrf (Guard.Get)", func(s string) (*http.Response, error) { return ours.Get(context.Background(), s) }, nil},
		{"github.com/webstd/url/ssrf (Client().Get)", ours.Client().Get, nil},
		{"code.dny.dev/ssrf v0.3.0 (Control hook)", dnyClient.Get, nil},
		{"github.com/doyensec/safeurl v0.2.2", safe.Get, zone},
	}
	fmt.Printf("%d payloads\n\n| guard | requests to the denied server | payloads refused or failed | answered by the allowed server | payloads that panic |\n|---|---:|---:|---:|---:|\n", len(payloads))
	for _, c := range clients {
		denied.n.Store(0)
		var failed, answered, panics int
		for _, p := range payloads {
			if c.skip != nil && c.skip(p) {
				panics++
				continue
			}
			resp, err := c.get(p)
			if err != nil {
				failed++
				continue
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			answered++
		}
		n := denied.n.Load()
		fmt.Printf("| %s | %d | %d | %d | %d |\n", c.name, n, failed, answered, panics)
		if strings.HasPrefix(c.name, "github.com/webstd") && n != 0 {
			t.Errorf("%s: %d requests reached the denied server", c.name, n)
		}
	}
}

type resolverFunc func(ctx context.Context, network, host string) ([]netip.Addr, error)

func (f resolverFunc) LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error) {
	return f(ctx, network, host)
}

type counted struct {
	n    atomic.Int64
	port string
}

// listenCount serves on addr: /redirect answers with a redirect to its
// query's "to" (status "code", 302 by default), anything else with 200.
func listenCount(t *testing.T, addr string) *counted {
	ln, err := net.Listen("tcp", addr+":0")
	if err != nil {
		t.Skipf("cannot listen on %s: %v", addr, err)
	}
	c := &counted{}
	_, c.port, _ = net.SplitHostPort(ln.Addr().String())
	var mu sync.Mutex
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c.n.Add(1)
		mu.Lock()
		defer mu.Unlock()
		if r.URL.Path == "/redirect" {
			code, err := strconv.Atoi(r.URL.Query().Get("code"))
			if err != nil {
				code = http.StatusFound
			}
			w.Header().Set("Location", r.URL.Query().Get("to"))
			w.WriteHeader(code)
			return
		}
		io.WriteString(w, "ok")
	})}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return c
}

// ssrfPayloads reads the payloads and builds the requests of TestSSRFCorpus.
func ssrfPayloads(t *testing.T, d, a string) []string {
	data, err := os.ReadFile("../ssrf/testdata/payloads.txt")
	if err != nil {
		t.Fatal(err)
	}
	enc := strings.NewReplacer("%", "%25", "&", "%26", "#", "%23", "+", "%2B", " ", "%20", "\t", "%09", "\r", "%0D", "\n", "%0A", "\\", "%5C")
	ports := strings.NewReplacer("{D}", d, "{A}", a)
	var out []string
	section := ""
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if line == "direct" || line == "redirect" {
			section = line
			continue
		}
		p, err := strconv.Unquote(line)
		if err != nil {
			t.Fatal(err)
		}
		p = ports.Replace(p)
		switch section {
		case "direct":
			out = append(out, p)
			for _, code := range []string{"301", "302", "303", "307", "308"} {
				out = append(out, "http://127.0.0.2:"+a+"/redirect?code="+code+"&to="+enc.Replace(p))
			}
		case "redirect":
			out = append(out, "http://127.0.0.2:"+a+"/redirect?to="+enc.Replace(p))
		}
	}
	if len(out) == 0 {
		t.Fatal("no payloads")
	}
	return out
}
