package ssrf

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/netip"
	stdurl "net/url"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/webstd/url"
	"github.com/webstd/url/internal/errtext"
)

// maxAddrs bounds the addresses of one name the dialer tries.
const maxAddrs = 16

// A Transport is the http.RoundTripper of a [Guard]: before each request
// it reads the request's URL with this module's parser ([url.FromStd], the
// reading of what net/http sends) and checks it with [Guard.CheckURL];
// then it sends the request through an *http.Transport that dials with
// [Guard.DialContext] and uses no proxy but the policy's.
//
// A request whose Host field is set, and differs from its URL's Host, is
// sent with that host: net/http writes it as the Host header
// (https://www.rfc-editor.org/rfc/rfc9110#section-7.2) and, through the
// policy's proxy, in the request-target ("GET http://host/path HTTP/1.1",
// https://www.rfc-editor.org/rfc/rfc9112#section-3.2.2), where it is the
// host the proxy connects to. The Transport reads that URL too, the
// request's URL with the Host field for its host, and checks it the same
// way: the request is refused when this module does not read that URL as
// net/http sends it, or when the policy refuses it, and sent, Host and
// all, when the policy allows it (virtual hosting).
//
// The Location of a redirect it returns (301, 302, 303, 307, 308) is
// replaced by the absolute URL this module reads in it against the URL
// requested (https://fetch.spec.whatwg.org/#concept-response-location-url),
// so that net/http, which resolves Location with net/url before
// CheckRedirect, follows the URL a browser would ("\\host/", a tab or a
// percent-encoded byte in a host); it is removed when this module does not
// parse it, or when net/url does not parse the URL this module reads in it
// (net/http would fail with an error that quotes it whole, password and
// all): the client then returns the redirect as it is.
type Transport struct {
	g    *Guard
	base *http.Transport
}

func newTransport(g *Guard) *Transport {
	base := &http.Transport{
		Proxy:                 nil, // never the environment's: a proxy dials where the guard does not look
		DialContext:           g.DialContext,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          100,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ExpectContinueTimeout: 1 * time.Second,
	}
	if g.proxy != nil {
		if std, err := g.proxy.ToStd(); err == nil {
			base.Proxy = http.ProxyURL(std)
		}
	}
	return &Transport{g: g, base: base}
}

// RoundTrip checks req's URL, and the URL with req's Host field for its
// host when that is set and differs from the URL's Host (see [Transport]),
// and sends req. A refusal is a *[Error].
func (t *Transport) RoundTrip(req *http.Request) (*http.Response, error) {
	if t == nil || t.g == nil || t.base == nil {
		closeBody(req)
		return nil, refuse(RuleURL, "", "the Transport was not made by New", nil)
	}
	if req.URL == nil {
		closeBody(req)
		return nil, refuse(RuleURL, "", "the request has no URL", nil)
	}
	u, err := t.checkSent(req.URL, false)
	if err == nil && req.Host != "" && req.Host != req.URL.Host {
		// The Host field, which net/http sends as the Host header and,
		// through a proxy, as the host of the request-target (see
		// [Transport]): the URL with it for its host is checked too.
		sent := *req.URL
		sent.Host = req.Host
		_, err = t.checkSent(&sent, true)
	}
	if err != nil {
		closeBody(req)
		return nil, err
	}
	resp, err := t.base.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	rewriteLocation(resp, u)
	return resp, nil
}

// checkSent reads s, a URL that net/http sends, with url.FromStd, and
// checks it with the policy; hostField says that s is the request's URL
// with its Host field for its host, which a refusal then says. An error is
// a *[Error].
func (t *Transport) checkSent(s *stdurl.URL, hostField bool) (url.URL, error) {
	u, err := url.FromStd(s)
	if err != nil {
		reason := "this module does not read the URL net/http would send as net/http does"
		if hostField {
			reason = "this module does not read the URL with the request's Host field for its host as net/http would send it"
		}
		return url.URL{}, refuse(RuleURL, errtext.StdRedacted(s), reason, err)
	}
	if err := t.g.CheckURL(u); err != nil {
		if e, ok := err.(*Error); ok && hostField {
			e.Reason += " (the host of the request's Host field)"
		}
		return url.URL{}, err
	}
	return u, nil
}

// rewriteLocation replaces the Location of a redirect, resp, to a request
// for u with the URL this module reads in it against u, and removes it when
// this module or net/url does not parse that (see [Transport]).
func rewriteLocation(resp *http.Response, u url.URL) {
	switch resp.StatusCode {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
		http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
	default:
		return
	}
	loc := resp.Header.Values("Location")
	if len(loc) == 0 {
		return
	}
	next, err := u.Parse(loc[0])
	if err == nil {
		// net/http parses the Location with net/url (Request.URL.Parse)
		// before CheckRedirect reads it, and fails, quoting it, when that
		// does not parse: "%zz" in a path, which this module keeps.
		_, err = stdurl.Parse(next.Href())
	}
	if err != nil {
		resp.Header.Del("Location")
		return
	}
	resp.Header.Set("Location", next.Href())
}

// CloseIdleConnections closes the idle connections of the transport.
func (t *Transport) CloseIdleConnections() {
	if t != nil && t.base != nil {
		t.base.CloseIdleConnections()
	}
}

func closeBody(req *http.Request) {
	if req.Body != nil {
		req.Body.Close()
	}
}

// Transport returns the guard's http.RoundTripper, for a program that
// builds its own http.Client. Such a client must still follow redirects
// with [Guard.CheckRedirect], or not at all: the Transport checks every
// request it sends, but reads a redirect's target as net/http resolved it.
func (g *Guard) Transport() *Transport { return g.transport }

// Client returns an http.Client that sends requests with the guard's
// [Transport] and follows redirects with [Guard.CheckRedirect]. Its
// Timeout is 30 seconds; change it on the client returned, which is the
// caller's.
//
// A URL string given to the client's Get or Do is parsed by net/url first;
// the Transport then reads what net/http would send with this module and
// checks that. [Guard.NewRequest] and [Guard.Get] parse the string with
// this module only, and send exactly the URL checked. The errors of the
// client's Do are net/http's *net/url.Error, whose URL net/http writes with
// the user name decoded (a control character in it as it is) and, for a
// redirect that CheckRedirect refuses, as the Location gave it, password
// included; [Guard.Get] returns them with the URL escaped and its password
// redacted.
func (g *Guard) Client() *http.Client {
	return &http.Client{Transport: g.transport, CheckRedirect: g.CheckRedirect, Timeout: 30 * time.Second}
}

// NewRequest parses rawURL with this module's parser, checks it with
// [Guard.CheckURL], and returns the request of that URL ([url.URL.NewRequest]):
// what is sent is what was checked.
func (g *Guard) NewRequest(ctx context.Context, method, rawURL string, body io.Reader) (*http.Request, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, refuse(RuleURL, rawURL, "the URL does not parse", err)
	}
	if err := g.CheckURL(u); err != nil {
		return nil, err
	}
	req, err := u.NewRequest(ctx, method, body)
	if err != nil {
		return nil, refuse(RuleURL, u.Redacted(), "net/http cannot send the URL as it is", err)
	}
	return req, nil
}

// Get fetches rawURL with a GET request of [Guard.NewRequest] sent by
// [Guard.Client]. An error of the client is a *net/url.Error, as net/http
// returns it, but for its URL field, which is written as this module's
// errors write a URL: net/http writes the user name decoded, so that a
// control character in it would reach a log as it is.
func (g *Guard) Get(ctx context.Context, rawURL string) (*http.Response, error) {
	req, err := g.NewRequest(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return nil, err
	}
	resp, err := g.Client().Do(req)
	if err != nil {
		return nil, errtext.Err(err)
	}
	return resp, nil
}

// CheckRedirect is the http.Client CheckRedirect of the guard's client. It
// refuses more redirects than the policy's MaxRedirects; it reads the
// redirect's Location with this module's parser against the URL that was
// requested (https://url.spec.whatwg.org/#concept-basic-url-parser, as
// https://fetch.spec.whatwg.org/#http-redirect-fetch does), checks the
// result with [Guard.CheckURL], and points req at exactly that URL
// ([url.URL.RequestURL]), not at net/url's reading of the Location. When
// the redirect leads to another host than the first request's, it drops
// the headers that carry credentials (Authorization, Cookie,
// Proxy-Authorization), whatever net/http's own reading decided.
func (g *Guard) CheckRedirect(req *http.Request, via []*http.Request) error {
	if len(via) == 0 || req.Response == nil {
		return refuse(RuleRedirects, "", "a redirect without the request it answers", nil)
	}
	prev := via[len(via)-1]
	if g.maxRedirect < 0 || len(via) > g.maxRedirect {
		return refuse(RuleRedirects, errtext.StdRedacted(prev.URL), "more than "+strconv.Itoa(max(g.maxRedirect, 0))+" redirects", nil)
	}
	base, err := url.FromStd(prev.URL)
	if err != nil {
		return refuse(RuleURL, errtext.StdRedacted(prev.URL), "the URL requested does not read back", err)
	}
	loc := req.Response.Header.Get("Location")
	next, err := base.Parse(loc)
	if err != nil {
		return refuse(RuleURL, loc, "the Location does not parse against "+base.Redacted(), err)
	}
	if err := g.CheckURL(next); err != nil {
		return err
	}
	if req.URL, err = next.RequestURL(); err != nil {
		return refuse(RuleURL, next.Redacted(), "net/http cannot send the redirect's URL as it is", err)
	}
	req.Host = ""
	if first, err := url.FromStd(via[0].URL); err != nil || first.Host() != next.Host() {
		for _, h := range []string{"Authorization", "Www-Authenticate", "Cookie", "Cookie2", "Proxy-Authorization"} {
			req.Header.Del(h)
		}
	}
	return nil
}

// DialContext connects to address, "host:port", as net.Dialer.DialContext
// does, but only to the addresses the policy allows. The host is read
// with the host parser (https://url.spec.whatwg.org/#concept-host-parser),
// so "0x7f.1" is 127.0.0.1 here as in a URL; a domain is resolved with the
// policy's Resolver; each address is checked, and dialed by a net.Dialer
// whose Control function checks again the address the socket connects to,
// whatever the address family. The addresses are tried in turn, at most
// 16 of them. A refusal is a *[Error] (a dial's is in a *net.OpError).
func (g *Guard) DialContext(ctx context.Context, network, address string) (net.Conn, error) {
	if g.proxy != nil && address == g.proxyAddr {
		var d net.Dialer // the policy names the proxy: it may be anywhere
		return d.DialContext(ctx, network, address)
	}
	host, portStr, err := net.SplitHostPort(address)
	if err != nil {
		return nil, refuse(RuleDial, address, "not a host and port", err)
	}
	port, err := strconv.ParseUint(portStr, 10, 16)
	if err != nil {
		return nil, refuse(RuleDial, address, "not a port", err)
	}
	if !containsPort(g.ports, uint16(port)) {
		return nil, refuse(RulePort, address, "the port "+portStr+" is not allowed", nil)
	}
	in := host
	if strings.Contains(host, ":") {
		in = "[" + host + "]"
	}
	h, err := url.ParseHost(in)
	if err != nil {
		return nil, refuse(RuleDial, address, "the host does not parse", err)
	}
	var addrs []netip.Addr
	switch h.Kind() {
	case url.IPv4Host, url.IPv6Host:
		addrs = []netip.Addr{h.Addr()}
	case url.DomainHost:
		if addrs, err = g.resolver.LookupNetIP(ctx, "ip", h.String()); err != nil {
			return nil, errtext.Err(err)
		}
	default:
		return nil, refuse(RuleDial, address, "the host is not an address or a domain", nil)
	}
	if len(addrs) > maxAddrs {
		addrs = addrs[:maxAddrs]
	}
	var errs []error
	for _, a := range addrs {
		if reason, refused := g.addrRefused(netip.AddrPortFrom(a, uint16(port))); refused {
			errs = append(errs, refuse(RuleDial, address, reason, nil))
			continue
		}
		c, err := g.dialer.DialContext(ctx, network, netip.AddrPortFrom(a.WithZone(""), uint16(port)).String())
		if err == nil {
			return c, nil
		}
		errs = append(errs, err)
		if ctx.Err() != nil {
			break
		}
	}
	if len(errs) == 0 {
		return nil, refuse(RuleDial, address, "the host resolves to no address", nil)
	}
	return nil, errors.Join(errs...)
}

func containsPort(ports []uint16, p uint16) bool {
	for _, q := range ports {
		if q == p {
			return true
		}
	}
	return false
}

// control is the net.Dialer's Control function: address is the IP address
// and port the socket is about to connect to.
func (g *Guard) control(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return refuse(RuleDial, address, "not an IP address and port", err)
	}
	if !containsPort(g.ports, ap.Port()) {
		return refuse(RulePort, address, "the port "+strconv.Itoa(int(ap.Port()))+" is not allowed", nil)
	}
	if reason, refused := g.addrRefused(ap); refused {
		return refuse(RuleDial, address, reason, nil)
	}
	return nil
}
