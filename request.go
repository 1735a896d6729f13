package url

import (
	"context"
	"io"
	"net/http"
	stdurl "net/url"
)

// NewRequest returns a net/http request of u, as http.NewRequestWithContext
// does of a URL string, but that puts on the wire exactly u's path and query
// as this package serialized them, and u's host. A program that checked u
// (its host, say) then sends the URL it checked: http.NewRequest(u.String())
// would have net/url parse u's href again, and [URL.ToStd] refuses the URLs
// net/url would rewrite ("http://example.com/a|b", whose path net/url sends
// as "/a%7Cb"; "http://example.com/%zz", sent as "/%25zz") although a
// browser requests them as they are. method and body are as for
// http.NewRequestWithContext: "" means GET, and a *bytes.Buffer,
// *bytes.Reader or *strings.Reader body sets ContentLength and GetBody.
//
// The request's URL is [URL.RequestURL] of u, and its Host u.Host(): the
// Host header is u's host and port, the port omitted when it is the
// scheme's default ("Host: example.com"), as a browser sends it. The
// fragment is never sent. A username or password becomes, as with
// http.NewRequest, an Authorization header with Basic credentials, which
// net/http's Transport adds when it sends the request.
//
// It returns an error that wraps [ErrNotHTTP] when u's scheme is not http
// or https, a *[ConversionError] (with Op "NewRequest") when net/http would
// send a request that names something else than u, and the error of
// http.NewRequestWithContext (an invalid method, a nil ctx).
func (u URL) NewRequest(ctx context.Context, method string, body io.Reader) (*http.Request, error) {
	s, err := u.requestURL("NewRequest")
	if err != nil {
		return nil, err
	}
	// The empty URL string parses to an empty *net/url.URL, replaced below:
	// NewRequestWithContext still checks the method and context and sets up
	// the body.
	req, err := http.NewRequestWithContext(ctx, method, "", body)
	if err != nil {
		return nil, err
	}
	req.URL, req.Host = s, s.Host
	return req, nil
}

// RequestURL returns u as the URL of a net/http request (http.Request.URL)
// that sends exactly u's path and query, and u's host, the way
// [URL.NewRequest] sets it up. Use it to point an existing request at u, as
// in an http.Client's CheckRedirect:
//
//	req.URL, err = next.RequestURL()
//	req.Host = ""
//
// The request-target net/http's Request.Write sends for it is
//
//   - u's path and query, "/b?c%20d" (the origin-form of RFC 9112, section
//     3.2.1), when net/url can hold u's path. The result is then the one
//     [URL.ToStd] returns but for the fragment: its EscapedPath() is u's
//     path and its RawQuery u's query, byte for byte.
//   - otherwise (a path net/url would escape again, "/a|b" or "/%zz"), the
//     whole URL without its fragment and credentials:
//     "http://example.com/a|b?c%20d", the absolute-form of RFC 9112,
//     section 3.2.2, which every HTTP/1.1 server must accept and a proxy
//     needs. The result then has Opaque set to "//" + u.Host() + the path,
//     net/url's way of sending a path as it is, and Host set for the
//     Transport to dial; its Path is the path percent-decoded, for code
//     that reads it, such as a cookie jar. Over HTTP/2, net/http sends
//     the :path "/a|b?c%20d".
//
// Either way a proxy gets the absolute-form.
//
// RequestURL then checks, with the check [URL.ToStd] and [FromStd] make of
// the request net/http writes, that this package reads that request-target
// and Host header as u's path, query, host and port. It returns an error
// that wraps [ErrNotHTTP] when u's scheme is not http or https, and a
// *[ConversionError] with Op "RequestURL" when net/http would send another
// request: for "http://a{b/", whose host net/http does not write in a Host
// header (it sends an empty one), and for any URL that does not parse back
// the same from what is sent.
//
// [FromStd] reads the result back as u without its fragment (see FromStd
// for the userinfo), whichever form it takes: a CheckRedirect can read
// req.URL of a request RequestURL made with FromStd, as a check of where
// it goes reads any request's.
//
// net/http resolves a redirect's Location against the request's URL with
// net/url, which reads some references differently (a Location of "?q"
// against a URL with Opaque set loses the host). To follow redirects as a
// browser does, parse Location with this package against the URL that was
// requested, and point the redirected request at the result with
// RequestURL in CheckRedirect.
func (u URL) RequestURL() (*stdurl.URL, error) {
	return u.requestURL("RequestURL")
}

// requestURL is RequestURL, with op the name of the method errors report.
func (u URL) requestURL(op string) (*stdurl.URL, error) {
	if scheme := u.Scheme(); scheme != "http" && scheme != "https" {
		return nil, newOpError(op, u, ErrNotHTTP)
	}
	s := &stdurl.URL{Scheme: u.Scheme(), Host: u.Host()}
	s.User = u.stdUserinfo()
	// net/url's RequestURI is EscapedPath() and "?" RawQuery, unless Opaque
	// is set. EscapedPath() is RawPath when RawPath is a valid encoding of
	// Path, and Path encoded by net/url otherwise: either may be u's path.
	path := u.Pathname()
	s.Path = percentDecodeString(path)
	if s.EscapedPath() != path {
		s.RawPath = path
		if s.EscapedPath() != path {
			// net/url would send another path. RequestURI() is then
			// Scheme + ":" + Opaque when Opaque starts with "//".
			s.RawPath = ""
			s.Opaque = "//" + u.Host() + path
		}
	}
	if q, ok := u.Query(); ok {
		s.RawQuery = q
		s.ForceQuery = q == ""
	}
	if e := u.requestAgrees(s); e != nil {
		return nil, e.finish(op, u.Redacted())
	}
	return s, nil
}
