package ssrf_test

import (
	"context"
	"errors"
	"net/http"
	"net/netip"
	"strings"
	"testing"

	"github.com/webstd/url"
	"github.com/webstd/url/internal/errcheck"
	"github.com/webstd/url/ssrf"
)

// redactionGuard denies every address, so that the redaction tests
// connect nowhere whatever the fuzzer writes: an IP host is refused before
// a connection, a domain resolves to 127.0.0.1 or not at all.
var redactionGuard = func() *ssrf.Guard {
	g, err := ssrf.New(ssrf.Policy{
		DenyAddrs:    []netip.Prefix{netip.MustParsePrefix("0.0.0.0/0"), netip.MustParsePrefix("::/0")},
		Ports:        []uint16{80, 443, 8080, 65535},
		DenyHosts:    []string{"denied.example"},
		Resolver:     &fakeResolver{answers: map[string][][]netip.Addr{"h": {{loopback1}}}},
		MaxRedirects: 3,
	})
	if err != nil {
		panic(err)
	}
	return g
}()

// guardErrors returns the errors of the guard on input: Check, CheckURL of
// the URL it parses to, NewRequest, Get, and a redirect to it.
func guardErrors(input string) []error {
	g := redactionGuard
	ctx := context.Background()
	var errs []error
	_, err := g.Check(ctx, input)
	errs = append(errs, err)
	if u, err := url.Parse(input); err == nil {
		errs = append(errs, g.CheckURL(u))
	}
	_, err = g.NewRequest(ctx, "GET", input, nil)
	errs = append(errs, err)
	if resp, err := g.Get(ctx, input); err == nil {
		resp.Body.Close()
	} else {
		errs = append(errs, err)
	}
	// A redirect to input from a request for http://h/.
	prev, _ := http.NewRequest("GET", "http://h/", nil)
	next, _ := http.NewRequest("GET", "http://h/", nil)
	next.Response = &http.Response{Header: http.Header{"Location": {input}}, Request: prev}
	errs = append(errs, g.CheckRedirect(next, []*http.Request{prev}))
	return errs
}

func checkGuard(t *testing.T, c errcheck.Case) {
	t.Helper()
	var passwords []string
	if u, err := url.Parse(c.Input()); err == nil && u.Password() != "" {
		passwords = c.Passwords(u.Password())
	} else if u, err := url.Parse(c.Good().Input()); err == nil && u.Password() != "" {
		passwords = c.Passwords(u.Password())
	}
	errcheck.Check(t, "ssrf", c, errcheck.Secrets(passwords...), guardErrors)
}

// TestRedaction checks that no error of the guard holds the password of
// the URL it refused, nor a code point a terminal acts on or hides.
func TestRedaction(t *testing.T) {
	for _, prefix := range []string{"https://", "http://", "https:\\\\", "//", "gopher://", "sc://", "\u202e"} {
		for _, suffix := range []string{"[::1/", "h/", "127.1/", "h:99999/", "h:22/", "denied.example/", "h/\u009b[2J", "[::ffff:7f00:1]/\u202e"} {
			for _, password := range []string{"S3CR3T", "se\u202ecret", "s%65cret"} {
				checkGuard(t, errcheck.Case{Prefix: prefix, User: "user", Password: password, Suffix: suffix})
			}
		}
	}
}

// FuzzRedaction holds the redaction property on package ssrf for any input
// of the shape prefix + user + ":" + password + "@" + suffix.
func FuzzRedaction(f *testing.F) {
	f.Add("http://", "user", "S3CR3T", "127.1/")
	f.Add("https://", "user", "se\u202ecret", "h/\u009b")
	f.Fuzz(func(t *testing.T, prefix, user, password, suffix string) {
		checkGuard(t, errcheck.Case{Prefix: prefix, User: user, Password: password, Suffix: suffix})
	})
}

// TestStdHostPassword checks the refusals that quote a net/url URL whose
// Host field holds a password ("user:s3cret@127.0.0.1", which net/url
// writes "user:s3cret%40127.0.0.1", where no reading of the string finds
// the password): the Transport's, for the URL of a request and for its
// Host field, and CheckRedirect's, for the URL of the request redirected.
func TestStdHostPassword(t *testing.T) {
	g := redactionGuard
	var errs []error
	req, _ := http.NewRequest("GET", "http://h/", nil)
	req.URL.Host = "user:s3cret@127.0.0.1"
	_, err := g.Transport().RoundTrip(req)
	errs = append(errs, err)
	req, _ = http.NewRequest("GET", "http://h/", nil)
	req.Host = "user:s3cret@127.0.0.1"
	_, err = g.Transport().RoundTrip(req)
	errs = append(errs, err)
	for _, hops := range []int{1, 4} { // the URL does not read back; too many redirects
		var via []*http.Request
		for range hops {
			prev, _ := http.NewRequest("GET", "http://h/", nil)
			prev.URL.Host = "user:s3cret@h"
			via = append(via, prev)
		}
		next, _ := http.NewRequest("GET", "http://h/", nil)
		next.Response = &http.Response{Header: http.Header{"Location": {"/a"}}, Request: via[len(via)-1]}
		errs = append(errs, g.CheckRedirect(next, via))
	}
	for i, err := range errs {
		if !errors.Is(err, ssrf.ErrRefused) {
			t.Errorf("%d: %v, want a refusal", i, err)
		} else if strings.Contains(err.Error(), "s3cret") {
			t.Errorf("%d: the refusal shows the password: %v", i, err)
		}
	}
}
