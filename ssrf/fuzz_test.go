package ssrf_test

import (
	"context"
	"io"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/webstd/url/ssrf"
)

// FuzzGuard holds the guard to its promise: for any URL, and any chain of
// redirects the public server answers with, no request reaches the denied
// server on 127.0.0.1, and CheckURL allows no URL whose host is an address
// the policy denies. The chain is the second argument, one Location a
// line (at most 8); "{D}" and "{A}" stand for the two servers' ports.
func FuzzGuard(f *testing.F) {
	denied := listen(f, "127.0.0.1", nil)
	var mu sync.Mutex
	var chain []string
	public := listen(f, "127.0.0.2", func(r *recorder, w http.ResponseWriter, req *http.Request) {
		if rest, ok := strings.CutPrefix(req.URL.Path, "/hop/"); ok {
			i, _ := strconv.Atoi(rest)
			mu.Lock()
			loc := ""
			if i >= 0 && i < len(chain) {
				loc = chain[i]
			}
			mu.Unlock()
			w.Header()["Location"] = []string{loc}
			w.WriteHeader(http.StatusFound)
			return
		}
		io.WriteString(w, "public")
	})
	g := guardFor(f, denied, public, newResolver())
	for _, p := range direct {
		f.Add(p, "")
		f.Add("http://127.0.0.2:{A}/hop/0", p)
	}
	for _, p := range redirects {
		f.Add("http://public.test:{A}/hop/0", "/hop/1\n"+p)
	}
	f.Add("http://127.0.0.2:{A}/hop/0", "/hop/1\n//0x7f.1:{D}/\n")
	f.Fuzz(func(t *testing.T, rawURL, locs string) {
		in := expand(rawURL, denied, public)
		hops := strings.SplitN(expand(locs, denied, public), "\n", 9)
		if len(hops) > 8 {
			hops = hops[:8]
		}
		mu.Lock()
		chain = hops
		mu.Unlock()
		ctx := context.Background()
		if resp, err := g.Get(ctx, in); err == nil {
			io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
			resp.Body.Close()
		}
		if resp, err := g.Client().Get(in); err == nil {
			io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<16))
			resp.Body.Close()
		}
		if n := denied.n.Load(); n != 0 {
			t.Fatalf("%d requests reached the denied server, for %q then %q: %q", n, in, hops, denied.seen)
		}
		u, err := ssrf.ParseForTest(in)
		if err != nil || g.CheckURL(u) != nil {
			return
		}
		if ap, ok := u.AddrPort(); ok && ap.Addr().Unmap() != loopback2 && ssrf.IsSpecial(ap.Addr()) {
			t.Fatalf("CheckURL allows %q, whose address %s is special", in, ap.Addr())
		}
		if ap, ok := u.AddrPort(); ok && netip.MustParsePrefix("127.0.0.0/8").Contains(ap.Addr().Unmap()) && ap.Addr().Unmap() != loopback2 {
			t.Fatalf("CheckURL allows %q", in)
		}
	})
}
