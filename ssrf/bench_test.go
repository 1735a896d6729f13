package ssrf_test

import (
	"context"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/webstd/url/ssrf"
)

// BenchmarkOverhead measures a GET to the loopback server through a plain
// http.Client and through a Guard's, both keeping their connections
// alive: the difference is the guard's cost per request (parse, checks,
// FromStd of the request), the dial-time checks aside, which run once per
// connection.
func BenchmarkOverhead(b *testing.B) {
	denied, public := servers(b)
	g := guardFor(b, denied, public, newResolver())
	target := expand("http://127.0.0.2:{A}/page?q=1", denied, public)
	get := func(b *testing.B, do func() (*http.Response, error)) {
		b.ReportAllocs()
		for b.Loop() {
			resp, err := do()
			if err != nil {
				b.Fatal(err)
			}
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
	}
	b.Run("plain", func(b *testing.B) {
		c := &http.Client{Transport: &http.Transport{}}
		get(b, func() (*http.Response, error) { return c.Get(target) })
	})
	b.Run("plain+Timeout", func(b *testing.B) { // the guard's client has a Timeout
		c := &http.Client{Transport: &http.Transport{}, Timeout: 30 * time.Second}
		get(b, func() (*http.Response, error) { return c.Get(target) })
	})
	b.Run("guard.Client", func(b *testing.B) {
		c := g.Client()
		get(b, func() (*http.Response, error) { return c.Get(target) })
	})
	b.Run("guard.Get", func(b *testing.B) {
		get(b, func() (*http.Response, error) { return g.Get(context.Background(), target) })
	})
	b.Run("CheckURL", func(b *testing.B) {
		u, _ := ssrf.ParseForTest(target)
		b.ReportAllocs()
		for b.Loop() {
			if err := g.CheckURL(u); err != nil {
				b.Fatal(err)
			}
		}
	})
}
