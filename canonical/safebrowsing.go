package canonical

import (
	"errors"
	"strings"

	"github.com/webstd/url"
)

// ErrNotWeb is the error of SafeBrowsingCanonical and SafeBrowsingExpressions
// for a URL that Safe Browsing does not look up: one whose scheme is not
// http, https, ftp, ws or wss (the URL Standard's special schemes but file,
// https://url.spec.whatwg.org/#special-scheme), so that it has no host to
// look up.
var ErrNotWeb = errors.New("canonical: Safe Browsing looks up only http, https, ftp, ws and wss URLs")

// ErrHost is the error of SafeBrowsingCanonical and SafeBrowsingExpressions
// for a URL whose host is no host once Safe Browsing's rules have removed its
// leading, trailing and repeated dots: "http://.../" (nothing is left) or
// "http://0x.09../" ("0x.09" ends in a number but is no IPv4 address, so the
// URL parser rejects it).
var ErrHost = errors.New("canonical: no valid host is left after Safe Browsing's host rules")

// sbURL is a URL in Safe Browsing's canonical form, in pieces.
type sbURL struct {
	scheme   string // "http"
	host     string // "www.example.com", "192.0.2.1", "[2001:db8::1]"
	ip       bool   // host is an IPv4 or IPv6 address
	path     string // escaped: "/a/b%20c"
	query    string // escaped, without the "?"
	hasQuery bool   // the URL has a query, perhaps empty ("http://a/b?")
	// fromHref is set when the canonical form is the URL's href without
	// its fragment.
	fromHref bool
}

// safeBrowsingParts runs Safe Browsing's canonicalization on u.
func safeBrowsingParts(u url.URL) (sbURL, error) {
	var r sbURL
	if !u.IsSpecial() || u.Scheme() == "file" {
		return r, ErrNotWeb
	}
	r.scheme = u.Scheme()

	// To canonicalize the hostname: "1. Remove all leading and trailing
	// dots. 2. Replace consecutive dots with a single dot. 3. If the
	// hostname can be parsed as an IP address, normalize it to 4
	// dot-separated decimal values. [...] 4. Lowercase the whole string."
	// The URL parser has done 3 and 4, and has percent-decoded the host
	// (https://url.spec.whatwg.org/#concept-host-parser).
	switch u.HostKind() {
	case url.IPv4Host, url.IPv6Host:
		r.host, r.ip = u.Hostname(), true
	default:
		h := u.Hostname()
		if c := collapseDots(h); c != h {
			// Without its dots the host may read as an IPv4 address
			// ("1.2.3.4.." is a domain, "1.2.3.4" is not) or fail to
			// parse.
			hv, err := url.ParseHost(c)
			if err != nil || c == "" {
				return r, ErrHost
			}
			h, r.ip = hv.String(), hv.Kind() == url.IPv4Host
		}
		r.host = h
	}

	// "Third, repeatedly percent-unescape the URL until it has no more
	// percent-escapes." The parser has removed the fragment ("Second")
	// and the tabs and newlines ("First") from what we are given: u's
	// fragment is left out below. Unescaping may turn "%3F" into a "?",
	// which then starts the query, as it does when the whole URL is
	// unescaped before it is split.
	path := u.Pathname()
	query, hasQuery := u.Query()
	if !hasPercent(path) && !hasPercent(query) && !strings.Contains(path, "//") {
		// Nothing to decode or collapse: the parser has resolved the
		// dot segments, and percent-encoded in the path and query
		// every byte Safe Browsing escapes but "%" (and "\" is "/").
		r.path, r.query, r.hasQuery = path, query, hasQuery
		r.fromHref = r.host == u.Hostname() && u.Username() == "" && u.Password() == "" && u.Port() == ""
		return r, nil
	}
	dec := appendUnescapedRepeatedly(make([]byte, 0, len(path)+len(query)+1), path)
	if q := strings.IndexByte(string(dec), '?'); q >= 0 {
		if hasQuery {
			dec = append(dec, '?')
			dec = appendUnescapedRepeatedly(dec, query)
		}
		r.query, r.hasQuery = string(dec[q+1:]), true
		dec = dec[:q]
	} else if hasQuery {
		r.query, r.hasQuery = unescapeRepeatedly(query), true
	}

	// To canonicalize the path: resolve "/./" and "/../", and collapse
	// runs of slashes. "Do not apply these path canonicalizations to the
	// query parameters."
	b := appendCleanPath(make([]byte, 0, len(dec)+1), dec)

	// "In the URL, percent-escape all characters that are <= ASCII 32,
	// >= 127, "#", or "%". The escapes should use uppercase hex
	// characters." And "\" in the path, which the published rules leave
	// as it is: the URL parser reads "\" as "/" in an http(s) URL's path
	// (https://url.spec.whatwg.org/#path-state), so a "\" would make the
	// canonical string parse to another path, and its canonical form
	// differ.
	r.path = string(appendEscaped(make([]byte, 0, len(b)+8), b, safeBrowsingPathEscapes))
	if r.hasQuery {
		r.query = string(appendEscaped(nil, r.query, safeBrowsingEscapes))
	}
	return r, nil
}

func escapeSafeBrowsingPath(c byte) bool { return needsSafeBrowsingEscape(c) || c == '\\' }

// collapseDots returns the domain h without leading and trailing dots and
// with each run of dots replaced by one, or h itself when it has none to
// remove.
func collapseDots(h string) string {
	if !strings.HasPrefix(h, ".") && !strings.HasSuffix(h, ".") && !strings.Contains(h, "..") {
		return h
	}
	b := make([]byte, 0, len(h))
	for i := 0; i < len(h); i++ {
		if h[i] == '.' && (len(b) == 0 || b[len(b)-1] == '.') {
			continue
		}
		b = append(b, h[i])
	}
	if n := len(b); n > 0 && b[n-1] == '.' {
		b = b[:n-1]
	}
	return string(b)
}

// SafeBrowsingCanonical returns u in the canonical form of Google Safe
// Browsing (Safe Browsing API v4, "URLs and Hashing",
// https://developers.google.com/safe-browsing/v4/urls-hashing#canonicalization),
// the form whose host suffixes and path prefixes Safe Browsing hashes:
//
//	http://www.GOOgle.com.../a/./b/../c%2525%32%35?q#frag  →  http://www.google.com/a/c%25?q
//
// The rules were written for URLs "parsed and made valid according to RFC
// 2396"; here the URL Standard's parser has done that, so u is the URL a
// browser fetches. The steps, on u:
//
//  1. "remove tab (0x09), CR (0x0d), and LF (0x0a) characters": the URL
//     parser has removed them.
//  2. "if the URL ends in a fragment, remove the fragment".
//  3. "repeatedly percent-unescape the URL until it has no more
//     percent-escapes": the path and the query, in one linear pass; a
//     "%3F" that decodes to "?" in the path starts the query. (The parser
//     has percent-decoded the host.)
//  4. The hostname: "remove all leading and trailing dots", "replace
//     consecutive dots with a single dot", "if the hostname can be parsed
//     as an IP address, normalize it to 4 dot-separated decimal values"
//     ("http://3279880203/" is 195.127.0.11; the parser does that for every
//     IPv4 spelling), "lowercase the whole string" (the parser has, and has
//     written an internationalized domain in Punycode).
//  5. The path: resolve "/./" and "/../", replace runs of slashes by one
//     ("http://host.com//a/../b" is "http://host.com/b"); not in the query.
//  6. "percent-escape all characters that are <= ASCII 32, >= 127, "#", or
//     "%"", with upper-case hex digits, in the path and the query; also
//     "\" in the path (see below).
//  7. The result is scheme "://" host path, and "?" query when the URL has a
//     query, even an empty one ("http://www.google.com/q?" stays so). The
//     username, password and port are left out: Safe Browsing's own examples
//     drop the port ("http://www.gotaport.com:1234/" is
//     "http://www.gotaport.com/").
//
// Where the rules predate the URL Standard: input the URL parser rejects
// (a space or "#" in a host, no scheme: "www.google.com/") never reaches
// SafeBrowsingCanonical, and the parser's reading wins where the two differ
// ("\" is "/" in an http path). One addition keeps the result canonical:
// a "\" that percent-decoding leaves in the path is written "%5C", since
// the parser would read a bare one as "/". testdata/safebrowsing.json has the
// published examples and what SafeBrowsingCanonical makes of each.
//
// SafeBrowsingCanonical returns ErrNotWeb when u's scheme is not http, https,
// ftp, ws or wss, and ErrHost when removing dots leaves no valid host. The
// result parses (url.Parse accepts it) and is its own canonical form.
func SafeBrowsingCanonical(u url.URL) (string, error) {
	r, err := safeBrowsingParts(u)
	if err != nil {
		return "", err
	}
	if r.fromHref {
		// The href without its fragment is the result: no userinfo or
		// port to drop, and nothing changed.
		return u.HrefExcludingFragment(), nil
	}
	n := len(r.scheme) + 3 + len(r.host) + len(r.path)
	if r.hasQuery {
		n += 1 + len(r.query)
	}
	b := make([]byte, 0, n)
	b = append(b, r.scheme...)
	b = append(b, "://"...)
	b = append(b, r.host...)
	b = append(b, r.path...)
	if r.hasQuery {
		b = append(b, '?')
		b = append(b, r.query...)
	}
	return string(b), nil
}

// SafeBrowsingExpressions returns the host-suffix/path-prefix expressions
// that Safe Browsing looks up for u (Safe Browsing API v4, "URLs and
// Hashing",
// https://developers.google.com/safe-browsing/v4/urls-hashing#suffixprefix-expressions),
// made from u's canonical form (SafeBrowsingCanonical). The expressions are
// what a client hashes with SHA-256 and compares with the lists' hash
// prefixes. For "http://a.b.c/1/2.html?param=1" they are
//
//	a.b.c/1/2.html?param=1
//	a.b.c/1/2.html
//	a.b.c/
//	a.b.c/1/
//	b.c/1/2.html?param=1
//	b.c/1/2.html
//	b.c/
//	b.c/1/
//
// Each is a host and a path, in this order:
//
//   - The hosts: "the exact hostname in the URL", then "up to four hostnames
//     formed by starting with the last five components and successively
//     removing the leading component. The top-level domain can be skipped.
//     These additional hostnames should not be checked if the host is an IP
//     address."
//   - The paths: "the exact path of the URL, including query parameters"
//     (when the query is not empty, as in Google's reference client), "the
//     exact path of the URL, without query parameters", and "the four paths
//     formed by starting at the root (/) and successively appending path
//     components, including a trailing slash" (only the components that a
//     "/" follows: "/1/2.html" gives "/" and "/1/").
//
// There are at most 30 expressions, and none appears twice. The errors are
// those of SafeBrowsingCanonical.
func SafeBrowsingExpressions(u url.URL) ([]string, error) {
	r, err := safeBrowsingParts(u)
	if err != nil {
		return nil, err
	}

	hosts := make([]string, 1, 5)
	hosts[0] = r.host
	if !r.ip {
		// dots[k] is the dot before the last k+1 labels. The suffixes
		// of 5 labels down to 2, longest first; dots[0] would give the
		// top-level domain alone.
		dots := make([]int, 0, 5)
		for i := len(r.host) - 1; i >= 0 && len(dots) < 5; i-- {
			if r.host[i] == '.' {
				dots = append(dots, i)
			}
		}
		for k := min(len(dots)-1, 4); k >= 1; k-- {
			hosts = append(hosts, r.host[dots[k]+1:])
		}
	}

	paths := make([]string, 0, 6)
	if r.hasQuery && r.query != "" {
		paths = append(paths, r.path+"?"+r.query)
	}
	paths = append(paths, r.path)
	// The root and up to three more directories, each ending in "/".
	for i, n := 0, 0; i < len(r.path) && n < 4; i++ {
		if r.path[i] == '/' {
			if p := r.path[:i+1]; p != r.path {
				paths = append(paths, p)
			}
			n++
		}
	}

	out := make([]string, 0, len(hosts)*len(paths))
	for _, h := range hosts {
		for _, p := range paths {
			out = append(out, h+p)
		}
	}
	return out, nil
}
