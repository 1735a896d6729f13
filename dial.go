package url

import (
	"errors"
	"net/netip"

	"github.com/webstd/url/internal/errtext"

	"github.com/webstd/url/internal/infra"
)

// Errors of [URL.HostPort] and [URL.NewRequest], for [errors.Is]. The errors
// these methods return wrap them with the method's name and the URL, its
// password redacted.
var (
	// ErrDialNoHost: the URL has no host to connect to. Its host is null
	// ("mailto:a@example.com", "sc:/path", the zero URL) or empty
	// ("file:///etc/hosts", "sc:///path").
	ErrDialNoHost = errors.New("the URL has no host to connect to")
	// ErrDialNoPort: the URL has no port, and its scheme no default port
	// (https://url.spec.whatwg.org/#default-port): "sc://host/path",
	// "file://server/share".
	ErrDialNoPort = errors.New("the URL has no port, and its scheme has no default port")
	// ErrNotHTTP: the URL's scheme is not http or https, the two that
	// net/http's Transport sends.
	ErrNotHTTP = errors.New("the scheme is not http or https")
)

// opError is an error of a method on a URL that is not a parse: "url:
// HostPort("sc://host/"): the URL has no port, ...".
type opError struct {
	op  string // the method
	url string // the URL, as an error holds an input (errtext.Of)
	err error  // a sentinel
}

// newOpError returns the error of method op on u, for err.
func newOpError(op string, u URL, err error) *opError {
	return &opError{op, errtext.Of(u.Redacted()), err}
}

func (e *opError) Error() string {
	return "url: " + e.op + "(" + errtext.Quote(e.url) + "): " + e.err.Error()
}

// Unwrap returns the sentinel, so that errors.Is(err, ErrDialNoHost) and its
// siblings work.
func (e *opError) Unwrap() error { return e.err }

// PortOrDefault returns the port to connect to for u: its port when it is
// non-null, otherwise its scheme's default port
// (https://url.spec.whatwg.org/#default-port): 80 for http and ws, 443 for
// https and wss, 21 for ftp. The parser makes a port that is the scheme's
// default null ("https://example.com:443/" has the port ""), so
// [URL.PortNumber] alone, like net/url's Port, gives nothing to dial for
// most URLs; PortOrDefault gives 443 for both.
//
// It returns 0, false when the port is null and the scheme has no default
// port: file (whose URLs cannot have a port), every scheme that is not
// special ("sc://host/", "mailto:a@example.com"), and the zero URL.
func (u URL) PortOrDefault() (uint16, bool) {
	if u.hasPort() {
		return u.port, true
	}
	if !u.IsValid() {
		return 0, false
	}
	if p, _ := defaultPort(u.Scheme()); p >= 0 {
		return uint16(p), true
	}
	return 0, false
}

// HostPort returns the address to connect to for u, in the form net.Dial
// takes: the host, serialized, ":" and [URL.PortOrDefault] in decimal. For
// "https://example.com/" it is "example.com:443"; for "http://[::1]:8080/"
// "[::1]:8080", the IPv6 address in brackets once (net.JoinHostPort of
// u.Hostname() would bracket it twice); for "http://0x7f.1/"
// "127.0.0.1:80", the address a browser connects to rather than the name
// net/url reads.
//
// It returns an error that wraps [ErrDialNoHost] when u has no host to
// connect to, a null or an empty host, and one that wraps
// [ErrDialNoPort] when u has no port and its scheme no default port.
//
// A domain is returned as the parser leaves it: lowercased and in ASCII
// (Punycode). An opaque host, the host of a URL that is not special, as in
// "redis://cache.internal:6379", is returned as the URL holds it: not
// lowercased, not read as an IPv4 address ("sc://127.1:80" gives
// "127.1:80", which a system resolver may well connect to 127.0.0.1 with),
// percent-encoded bytes left encoded (a resolver finds no such name). A
// program that decides where it connects must check the address it dials,
// not this string, as package [github.com/webstd/url/ssrf] does.
func (u URL) HostPort() (string, error) {
	if !u.IsValid() || u.hostKind == NullHost || u.hostKind == EmptyHost {
		return "", newOpError("HostPort", u, ErrDialNoHost)
	}
	if u.hasPort() {
		return u.Host(), nil
	}
	port, ok := u.PortOrDefault()
	if !ok {
		return "", newOpError("HostPort", u, ErrDialNoPort)
	}
	return u.Hostname() + ":" + infra.Itoa(int(port)), nil
}

// AddrPort returns the IP address and port to connect to for a URL whose
// host is an IPv4 or IPv6 address: [Host.Addr] of [URL.HostValue] and
// [URL.PortOrDefault]. It returns the zero netip.AddrPort and false for
// any other host (a domain, which only a resolver can turn into
// addresses, an opaque, empty or null host) and when there is no port to
// connect to.
//
// The address is the one the standard reads in every spelling it accepts:
// "http://0x7f.1/", "http://2130706433/" and "http://0177.0.0.1/" all give
// 127.0.0.1:80. An IPv4-mapped IPv6 host stays a 16-byte address:
// "http://[::ffff:127.0.0.1]/" gives [::ffff:127.0.0.1]:80. netip's
// IsLoopback, IsPrivate and most of its predicates see through the mapping;
// IsUnspecified and Prefix.Contains do not ("http://[::ffff:0.0.0.0]/" is
// not IsUnspecified, and connects to this host as 0.0.0.0 does), so call
// Addr().Unmap() before checking an address.
func (u URL) AddrPort() (netip.AddrPort, bool) {
	if u.hostKind != IPv4Host && u.hostKind != IPv6Host {
		return netip.AddrPort{}, false
	}
	port, ok := u.PortOrDefault()
	if !ok {
		return netip.AddrPort{}, false
	}
	return netip.AddrPortFrom(u.HostValue().Addr(), port), true
}
