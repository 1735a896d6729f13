package urlpattern

import (
	"strings"

	"github.com/webstd/url"
	"github.com/webstd/url/internal/infra"
	"github.com/webstd/url/internal/urlhook"
)

// Canonicalization: https://urlpattern.spec.whatwg.org/#canon. Each
// encoding callback runs the URL parser on a piece of fixed text, through
// package url's setters where those say all the standard's steps need, and
// through internal/urlhook where the standard needs to know that the parser
// returned failure.

// dummyURL is the result of https://urlpattern.spec.whatwg.org/#create-a-dummy-url:
// a URL is a value, so each use gets a fresh copy.
var dummyURL = url.MustParse("https://dummy.invalid/")

// canonError returns the error of an encoding callback that rejected value.
func canonError(value string) error {
	return &Error{Kind: ErrCanonicalize, Input: value}
}

// canonicalizeProtocol implements https://urlpattern.spec.whatwg.org/#canonicalize-a-protocol.
func canonicalizeProtocol(value string) (string, error) {
	// 1. If value is the empty string, return value.
	if value == "" {
		return value, nil
	}
	// 2. Let parseResult be the result of running the basic URL parser
	//    given value followed by "://dummy.invalid/".
	u, err := url.Parse(value + "://dummy.invalid/")
	// 3. If parseResult is failure, then throw a TypeError.
	if err != nil {
		return "", canonError(value)
	}
	// 4. Return parseResult's scheme.
	return u.Scheme(), nil
}

// canonicalizeUsername implements https://urlpattern.spec.whatwg.org/#canonicalize-a-username.
func canonicalizeUsername(value string) (string, error) {
	if value == "" {
		return value, nil
	}
	// Let dummyURL be the result of creating a dummy URL. Set the username
	// given dummyURL and value. Return dummyURL's username.
	u := dummyURL
	u.SetUsername(value)
	return u.Username(), nil
}

// canonicalizePassword implements https://urlpattern.spec.whatwg.org/#canonicalize-a-password.
func canonicalizePassword(value string) (string, error) {
	if value == "" {
		return value, nil
	}
	u := dummyURL
	u.SetPassword(value)
	return u.Password(), nil
}

// canonicalizeHostname implements https://urlpattern.spec.whatwg.org/#canonicalize-a-hostname.
func canonicalizeHostname(value string) (string, error) {
	if value == "" {
		return value, nil
	}
	// Let parseResult be the result of running the basic URL parser given
	// value with dummyURL as url and hostname state as state override. If
	// parseResult is failure, then throw a TypeError. Return dummyURL's
	// host, serialized, or empty string if it is null.
	host, ok := urlhook.Hostname(value)
	if !ok {
		return "", canonError(value)
	}
	return host, nil
}

// canonicalizeIPv6Hostname implements
// https://urlpattern.spec.whatwg.org/#canonicalize-an-ipv6-hostname.
func canonicalizeIPv6Hostname(value string) (string, error) {
	// 1. Let result be the empty string.
	var result strings.Builder
	// 2. For each code point in value interpreted as a list of code points:
	for _, c := range value {
		// 2.1. If code point is not an ASCII hex digit, "[", "]" or ":",
		//      then throw a TypeError.
		if !infra.IsASCIIHexDigit(int(c)) && c != '[' && c != ']' && c != ':' {
			return "", canonError(value)
		}
		// 2.2. Append the result of running ASCII lowercase given code point.
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		result.WriteRune(c)
	}
	// 3. Return result.
	return result.String(), nil
}

// canonicalizePort implements https://urlpattern.spec.whatwg.org/#canonicalize-a-port
// without a protocol value, as an encoding callback.
//
// The standard's dummy URL has the scheme "https", so a port of 443 would
// be its default port and become the empty string: the pattern {port:
// "443*"} would compile to "*". The scheme is set, says the standard's note,
// "in order for the basic URL parser to recognize and normalize default
// port values", which it does only when a protocol value is given; Web
// Platform Tests (and browsers) keep "443*". So without a protocol value
// the dummy URL's scheme is one without a default port.
func canonicalizePort(portValue string) (string, error) {
	return canonicalizePortFor(portValue, "", true)
}

// canonicalizePortFor implements https://urlpattern.spec.whatwg.org/#canonicalize-a-port,
// with the protocol value protocolValue when hasProtocol is true.
func canonicalizePortFor(portValue, protocolValue string, hasProtocol bool) (string, error) {
	// 1. If portValue is the empty string, return portValue.
	if portValue == "" {
		return portValue, nil
	}
	// 2. Let dummyURL be the result of creating a dummy URL. 3. If
	//    protocolValue was given, then set dummyURL's scheme to
	//    protocolValue. 4. Let parseResult be the result of running basic
	//    URL parser given portValue with dummyURL as url and port state as
	//    state override. 5. If parseResult is failure, then throw a
	//    TypeError. 6. Return dummyURL's port, serialized, or empty string
	//    if it is null.
	port, ok := urlhook.Port(portValue, protocolValue, hasProtocol)
	if !ok {
		return "", canonError(portValue)
	}
	return port, nil
}

// canonicalizePathname implements https://urlpattern.spec.whatwg.org/#canonicalize-a-pathname.
func canonicalizePathname(value string) (string, error) {
	return canonicalizePathnameOf(dummyURL, value), nil
}

// hierarchicalDummyURL is a dummy URL whose scheme is not special, with a
// host, so that its path is a list: see canonicalizeHierarchicalPathname.
var hierarchicalDummyURL = url.MustParse("dummy://dummy.invalid/")

// canonicalizeHierarchicalPathname is canonicalize a pathname for a
// scheme that is not special and a pathname that starts with "/": the path
// state of such a URL with a host, which resolves dot segments, encodes
// the path percent-encode set and leaves "\" as it is, as the URL parser
// reads the pathname of "foo://h/a<b" ("/a%3Cb").
//
// The standard canonicalizes every pathname of a scheme that is not special
// as an opaque path (https://urlpattern.spec.whatwg.org/#canonicalize-an-opaque-pathname),
// so that new URLPattern("foo://h/a<b") would keep "/a<b" and never match
// the URL "foo://h/a<b", whose pathname is "/a%3Cb". Its editors call that
// step broken (https://github.com/whatwg/urlpattern/issues/267: the opaque
// path state is no state override, and not every URL whose scheme is not
// special has an opaque path). The implementations agree on a pathname that
// starts with "/": ada (Node), WebKit, Deno and the urlpattern-polyfill
// read it with the path state, as this package does; one without a
// leading "/" stays opaque.
func canonicalizeHierarchicalPathname(value string) (string, error) {
	return canonicalizePathnameOf(hierarchicalDummyURL, value), nil
}

// canonicalizePathnameOf runs the steps of canonicalize a pathname on a
// copy of dummy, a URL with a list path.
func canonicalizePathnameOf(dummy url.URL, value string) string {
	// 1. If value is the empty string, then return value.
	if value == "" {
		return value
	}
	// 2. Let leading slash be true if the first code point in value is
	//    U+002F (/) and otherwise false.
	leadingSlash := value[0] == '/'
	// 3. Let modified value be "/-" if leading slash is false and otherwise
	//    the empty string. 4. Append value to the end of modified value.
	modified := value
	if !leadingSlash {
		modified = "/-" + value
	}
	// 5. Let dummyURL be the result of creating a dummy URL. 6. Empty
	//    dummyURL's path. 7. Run basic URL parser given modified value with
	//    dummyURL as url and path start state as state override. (The
	//    pathname setter runs these steps.)
	u := dummy
	u.SetPathname(modified)
	// 8. Let result be the result of URL path serializing dummyURL.
	result := u.Pathname()
	// 9. If leading slash is false, then set result to the code point
	//    substring from 2 to the end of the string within result.
	// (A value with more ".." segments than segments, "../..", can leave
	// less than the two code points inserted: nothing is left of it.)
	if !leadingSlash {
		if len(result) < 2 {
			result = ""
		} else {
			result = result[2:]
		}
	}
	// 10. Return result.
	return result
}

// canonicalizeOpaquePathname implements
// https://urlpattern.spec.whatwg.org/#canonicalize-an-opaque-pathname.
func canonicalizeOpaquePathname(value string) (string, error) {
	if value == "" {
		return value, nil
	}
	path, ok := urlhook.OpaquePathname(value)
	if !ok {
		return "", canonError(value)
	}
	return path, nil
}

// canonicalizeSearch implements https://urlpattern.spec.whatwg.org/#canonicalize-a-search.
func canonicalizeSearch(value string) (string, error) {
	if value == "" {
		return value, nil
	}
	// Set dummyURL's query to the empty string. Run basic URL parser given
	// value with dummyURL as url and query state as state override. Return
	// dummyURL's query. (The search setter runs these steps on what
	// follows a leading "?", which is put there so that one in value
	// stays.)
	u := dummyURL
	u.SetSearch("?" + value)
	q, _ := u.Query()
	return q, nil
}

// canonicalizeHash implements https://urlpattern.spec.whatwg.org/#canonicalize-a-hash.
func canonicalizeHash(value string) (string, error) {
	if value == "" {
		return value, nil
	}
	u := dummyURL
	u.SetHash("#" + value)
	f, _ := u.Fragment()
	return f, nil
}
