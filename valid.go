package url

import (
	"strings"

	"github.com/webstd/url/internal/infra"
)

// The standard's writing sections (https://url.spec.whatwg.org/#url-writing
// and https://url.spec.whatwg.org/#host-writing) define which strings are
// valid: what a conformance checker accepts and what an author should write.
// The parsers accept much more, and signal validation errors where input
// departs from valid input.
//
// The two are meant to describe the same strings: "A valid URL string
// defines what input would not trigger a validation error or failure when
// given to the URL parser", says the standard's overview, and the same of
// valid host strings and the host parser. The definitions themselves are the
// grammar of the writing sections ("A valid URL string must be either a
// relative-URL-with-fragment string or an absolute-URL-with-fragment
// string", and so on), so that is what the functions below implement,
// production by production.
//
// The tests compare the grammar with the parser's validation errors on every
// WPT input and under fuzzing, and they agree. (Until whatwg/url fde3f74 they
// differed on a host that UTS #46 maps onto a valid IPv4-address string,
// such as "0.0。0.0" with U+3002 IDEOGRAPHIC FULL STOP or "１.２.３.４" in
// fullwidth digits: not valid by the grammar, yet the host parser signalled
// nothing. The host parser now signals IPv4-non-ASCII-input for it.)

// IsValidURLString reports whether input is a valid URL string
// (https://url.spec.whatwg.org/#valid-url-string) with no base URL: an
// absolute-URL-with-fragment string. Without a base URL a
// relative-URL-with-fragment string is not valid: the standard's example of
// URL parsing marks "example" with no base invalid, "due to lack of base".
//
//	IsValidURLString("https://example.com/././foo") // true
//	IsValidURLString("https://EXAMPLE.com/../x")    // true
//	IsValidURLString("https:example.org")           // false: no "//"
//	IsValidURLString("https://example.org/foo bar") // false: " " is not a URL unit
//	IsValidURLString("https://user@example.org/")   // false: credentials
//
// The standard says that a valid URL string "defines what input would not
// trigger a validation error or failure when given to the URL parser", and
// IsValidURLString, which implements the grammar, is true exactly when
// [Parser.Parse] with Strict set succeeds. Invalid UTF-8 in input is read as
// U+FFFD, as the parser reads it.
func IsValidURLString(input string) bool {
	return validURLString(infra.ToWellFormed(input), nil)
}

// IsValidURLStringWithBase reports whether input is a valid URL string
// (https://url.spec.whatwg.org/#valid-url-string) given the base URL base:
// an absolute-URL-with-fragment string, or a relative-URL-with-fragment
// string, whose form depends on base (only "#" and a fragment when base has
// an opaque path; a scheme-relative-special-URL string such as
// "//example.com/x" when base is special). base must parse, but need not be
// valid itself. When base does not parse, it reports false.
//
//	IsValidURLStringWithBase("example", "https://example.com/demo")    // true
//	IsValidURLStringWithBase("..", "file:///C:/demo")                  // true
//	IsValidURLStringWithBase("#x", "mailto:user@example.org")          // true
//	IsValidURLStringWithBase("x", "mailto:user@example.org")           // false
//	IsValidURLStringWithBase(`\example\..\demo/.\`, "https://ex.com/") // false: "\"
func IsValidURLStringWithBase(input, base string) bool {
	b, err := Parse(base)
	if err != nil {
		return false
	}
	return validURLString(infra.ToWellFormed(input), &b)
}

// IsValidHostString reports whether input is a valid host string
// (https://url.spec.whatwg.org/#valid-host-string): a valid domain string
// (see [IsValidDomain]), a valid IPv4-address string (four decimal numbers
// from 0 to 255, without leading zeros, separated by "."), or "[", a valid
// IPv6-address string (without leading zeros in its pieces, and with "::"
// standing for at least one piece), and "]".
//
//	IsValidHostString("example.com")   // true
//	IsValidHostString("EXAMPLE.com")   // true: the domain parser lowercases
//	IsValidHostString("192.0.2.1")     // true
//	IsValidHostString("[2001:db8::1]") // true
//	IsValidHostString("exam%70le.com") // false
//	IsValidHostString("0x7f.0.0.1")    // false
//	IsValidHostString("127.1")         // false
//	IsValidHostString("[::01]")        // false
//
// That is the same as the host parser (as for a special URL) signalling no
// validation error. Invalid UTF-8 in input is read as U+FFFD, which is not
// valid in a host.
func IsValidHostString(input string) bool {
	return validHostString(infra.ToWellFormed(input))
}

// IsValidDomain reports whether input is a valid domain
// (https://url.spec.whatwg.org/#valid-domain): these steps of the standard
// return true.
//
//  1. Let domain be the result of running the domain parser with input and
//     beStrict true: UTS #46 ToASCII with CheckHyphens, UseSTD3ASCIIRules and
//     VerifyDnsLength set.
//  2. If domain is failure, then return false.
//  3. If running the ends in a number checker on domain returns true, then
//     return false.
//  4. Return true.
//
// So a valid domain is made of labels of 1 to 63 letters, digits and hyphens
// (after IDNA mapping and Punycode encoding), no label starts or ends with a
// hyphen or has "--" in its third and fourth positions unless it is Punycode,
// and the last label is not a number:
//
//	IsValidDomain("example.com")  // true
//	IsValidDomain("EXAMPLE.com")  // true: mapped to lowercase
//	IsValidDomain("faß.example")  // true: xn--fa-hia.example
//	IsValidDomain("a_b.example")  // false: "_" is not allowed
//	IsValidDomain("-a.example")   // false: leading hyphen
//	IsValidDomain("example.com.") // false: the empty root label
//	IsValidDomain("example.123")  // false: ends in a number
//	IsValidDomain("127.0.0.1")    // false: an IPv4 address, not a domain
//
// Unlike the host parser, IsValidDomain does not percent-decode input.
// Invalid UTF-8 in input is read as U+FFFD, which is not valid in a domain.
func IsValidDomain(input string) bool {
	domain, fail := domainToASCII(infra.ToWellFormed(input), true, hostErrors{})
	return fail == 0 && !endsInANumber(domain)
}

// validURLString implements https://url.spec.whatwg.org/#valid-url-string
// on input, a valid UTF-8 string, with base nil when there is no base URL:
// "A valid URL string must be either a relative-URL-with-fragment string or
// an absolute-URL-with-fragment string."
func validURLString(input string, base *URL) bool {
	// Both end in "optionally followed by U+0023 (#) and a URL-fragment
	// string", and no production before the fragment holds a "#". A
	// URL-fragment string is zero or more URL units.
	before, fragment, hasFragment := strings.Cut(input, "#")
	if hasFragment && !isURLUnits(fragment, "") {
		return false
	}
	// An absolute-URL string starts with a URL-scheme string and ":", which
	// no relative-URL string does (a path-relative-scheme-less-URL string
	// is defined not to).
	if scheme, rest, ok := cutScheme(before); ok {
		return isAbsoluteURLRest(infra.ASCIILowercase(scheme), rest)
	}
	if base == nil {
		return false
	}
	// A relative-URL-with-fragment string must be "U+0023 (#) followed by a
	// URL-fragment string, if base URL has an opaque path; otherwise, a
	// relative-URL string, optionally followed by U+0023 (#) and a
	// URL-fragment string".
	if base.HasOpaquePath() {
		return before == "" && hasFragment
	}
	// A relative-URL string is "any optionally followed by U+003F (?) and a
	// URL-query string", a URL-query string being zero or more URL units.
	rel, query, hasQuery := strings.Cut(before, "?")
	if hasQuery && !isURLUnits(query, "") {
		return false
	}
	// A relative-URL string must be a path-absolute-non-authority-URL
	// string, a path-relative-scheme-less-URL string, or, switching on base
	// URL's scheme: a special scheme that is not "file", a
	// scheme-relative-special-URL string; "file", a scheme-relative-file-URL
	// string; otherwise, a scheme-relative-URL string.
	if isPathAbsoluteNonAuthorityURL(rel) || isPathRelativeSchemeLessURL(rel) {
		return true
	}
	switch scheme := base.Scheme(); {
	case scheme == "file":
		return isSchemeRelativeFileURL(rel)
	case specialScheme(scheme):
		return isSchemeRelativeSpecialURL(rel)
	default:
		return isSchemeRelativeURL(rel)
	}
}

// isAbsoluteURLRest checks rest, what follows "scheme:" in an absolute-URL
// string, with scheme lowercased. An absolute-URL string must be one of: a
// special scheme that is not "file", ":" and a scheme-relative-special-URL
// string; a scheme that is not special, ":" and a scheme-relative-URL
// string, a path-absolute-non-authority-URL string, or an opaque-path-URL
// string; "file", ":" and a scheme-relative-file-URL string; "any
// optionally followed by U+003F (?) and a URL-query string".
func isAbsoluteURLRest(scheme, rest string) bool {
	rest, query, hasQuery := strings.Cut(rest, "?")
	if hasQuery && !isURLUnits(query, "") {
		return false
	}
	switch {
	case scheme == "file":
		return isSchemeRelativeFileURL(rest)
	case specialScheme(scheme):
		return isSchemeRelativeSpecialURL(rest)
	}
	return isSchemeRelativeURL(rest) || isPathAbsoluteNonAuthorityURL(rest) || isOpaquePathURL(rest)
}

// isSchemeRelativeSpecialURL: a scheme-relative-special-URL string "must be
// "//", followed by a valid host string, optionally followed by U+003A (:)
// and a URL-port string, optionally followed by a path-absolute-URL string".
func isSchemeRelativeSpecialURL(s string) bool {
	rest, ok := strings.CutPrefix(s, "//")
	if !ok {
		return false
	}
	authority, path := cutAtSolidus(rest)
	host, port, hasPort := cutURLPort(authority)
	return validHostString(host) && (!hasPort || isURLPortString(port)) && (path == "" || isPathAbsoluteURL(path))
}

// isSchemeRelativeURL: a scheme-relative-URL string "must be "//", followed
// by an opaque-host-and-port string, optionally followed by a
// path-absolute-URL string"; an opaque-host-and-port string "must be either
// the empty string or: a valid opaque-host string, optionally followed by
// U+003A (:) and a URL-port string".
func isSchemeRelativeURL(s string) bool {
	rest, ok := strings.CutPrefix(s, "//")
	if !ok {
		return false
	}
	authority, path := cutAtSolidus(rest)
	if path != "" && !isPathAbsoluteURL(path) {
		return false
	}
	if authority == "" {
		return true
	}
	host, port, hasPort := cutURLPort(authority)
	return validOpaqueHostString(host) && (!hasPort || isURLPortString(port))
}

// isSchemeRelativeFileURL: a scheme-relative-file-URL string "must be "//",
// optionally followed by one of the following: a valid host string,
// optionally followed by a path-absolute-URL string; a path-absolute-URL
// string".
func isSchemeRelativeFileURL(s string) bool {
	rest, ok := strings.CutPrefix(s, "//")
	if !ok {
		return false
	}
	if rest == "" || isPathAbsoluteURL(rest) {
		return true
	}
	host, path := cutAtSolidus(rest)
	return validHostString(host) && (path == "" || isPathAbsoluteURL(path))
}

// cutAtSolidus splits s before its first "/", which no host or port
// production holds.
func cutAtSolidus(s string) (authority, path string) {
	if i := strings.IndexByte(s, '/'); i >= 0 {
		return s[:i], s[i:]
	}
	return s, ""
}

// cutURLPort splits a host and a port at the ":" between them: the last ":",
// unless it is inside the brackets of an IPv6 address.
func cutURLPort(s string) (host, port string, hasPort bool) {
	i := strings.LastIndexByte(s, ':')
	if i < 0 || strings.LastIndexByte(s, ']') > i {
		return s, "", false
	}
	return s[:i], s[i+1:], true
}

// isURLPortString: a URL-port string "must be one of the following: the
// empty string; one or more ASCII digits representing a decimal number that
// is a 16-bit unsigned integer".
func isURLPortString(s string) bool {
	n, port := scanPort(s)
	return n == len(s) && port <= 0xffff
}

// isPathAbsoluteURL: a path-absolute-URL string "must be U+002F (/),
// followed by zero or more URL-path-segment strings, separated from each
// other by U+002F (/)". A URL-path-segment string is zero or more URL units
// excluding U+002F (/) and U+003F (?) (single-dot and double-dot segments
// included), so the whole is "/" and URL units other than "?".
func isPathAbsoluteURL(s string) bool {
	return strings.HasPrefix(s, "/") && isURLUnits(s[1:], "?")
}

// isPathAbsoluteNonAuthorityURL: "a path-absolute-URL string that does not
// start with two U+002F (/) code points".
func isPathAbsoluteNonAuthorityURL(s string) bool {
	return isPathAbsoluteURL(s) && !strings.HasPrefix(s, "//")
}

// isPathRelativeSchemeLessURL: a path-relative-URL string ("zero or more
// URL-path-segment strings, separated from each other by U+002F (/), and not
// start with U+002F (/)") "that does not start with: a URL-scheme string,
// followed by U+003A (:)".
func isPathRelativeSchemeLessURL(s string) bool {
	if strings.HasPrefix(s, "/") {
		return false
	}
	if _, _, ok := cutScheme(s); ok {
		return false
	}
	return isURLUnits(s, "?")
}

// isOpaquePathURL: an opaque-path-URL string "must be zero or more URL units
// excluding U+003F (?), the first of which (if any) is not U+002F (/)".
func isOpaquePathURL(s string) bool {
	return !strings.HasPrefix(s, "/") && isURLUnits(s, "?")
}

// isURLUnits reports whether s is zero or more URL units
// (https://url.spec.whatwg.org/#url-units: URL code points and
// percent-encoded bytes), none of which is a code point of exclude.
func isURLUnits(s, exclude string) bool {
	at, _ := infra.NextNonURLUnit(s, 0)
	return at == len(s) && !strings.ContainsAny(s, exclude)
}

// validHostString implements https://url.spec.whatwg.org/#valid-host-string:
// "A valid host string must be a valid domain string, a valid IPv4-address
// string, or: U+005B ([), followed by a valid IPv6-address string, followed
// by U+005D (])." A valid domain string "must be a string that is a valid
// domain".
func validHostString(s string) bool {
	if inner, ok := strings.CutPrefix(s, "["); ok {
		inner, ok = strings.CutSuffix(inner, "]")
		return ok && validIPv6AddressString(inner)
	}
	return validIPv4AddressString(s) || IsValidDomain(s)
}

// validOpaqueHostString implements
// https://url.spec.whatwg.org/#valid-opaque-host-string: "one or more URL
// units excluding forbidden host code points", or "U+005B ([), followed by a
// valid IPv6-address string, followed by U+005D (])".
func validOpaqueHostString(s string) bool {
	if inner, ok := strings.CutPrefix(s, "["); ok {
		inner, ok = strings.CutSuffix(inner, "]")
		return ok && validIPv6AddressString(inner)
	}
	for i := 0; i < len(s); i++ {
		if infra.IsForbiddenHostCodePoint(s[i]) {
			return false
		}
	}
	return s != "" && isURLUnits(s, "")
}

// validIPv6AddressString implements
// https://url.spec.whatwg.org/#valid-ipv6-address-string, which must be one
// of: a valid IPv6-pieces string with effective piece length 8; a valid
// IPv6-pieces-and-IPv4 string with effective piece length 8; "::",
// optionally preceded by a valid IPv6-pieces string, and optionally followed
// by either a valid IPv6-pieces string or a valid IPv6-pieces-and-IPv4
// string, such that the sum of the effective piece lengths of the preceding
// and following strings is at most 7.
func validIPv6AddressString(s string) bool {
	before, after, compressed := strings.Cut(s, "::")
	if !compressed {
		return ipv6PiecesLength(s, false) == 8 || ipv6PiecesLength(s, true) == 8
	}
	n := 0
	if before != "" {
		m := ipv6PiecesLength(before, false)
		if m < 0 {
			return false
		}
		n += m
	}
	if after != "" {
		m := max(ipv6PiecesLength(after, false), ipv6PiecesLength(after, true))
		if m < 0 {
			return false
		}
		n += m
	}
	return n <= 7
}

// ipv6PiecesLength returns the effective piece length of s as a valid
// IPv6-pieces string (withIPv4 false) or as a valid IPv6-pieces-and-IPv4
// string (withIPv4 true), or -1 when s is not one.
//
// A valid IPv6-pieces string is one or more valid IPv6-piece strings (a
// shortest possible string of ASCII hex digits, representing a number from 0
// to 0xFFFF), separated by ":"; its effective piece length is their number.
// A valid IPv6-pieces-and-IPv4 string is a valid IPv6-pieces string, ":" and
// a valid IPv4-address string, or a valid IPv4-address string alone; its
// effective piece length is its number of pieces plus 2.
func ipv6PiecesLength(s string, withIPv4 bool) int {
	n := 0
	if withIPv4 {
		i := strings.LastIndexByte(s, ':')
		if !validIPv4AddressString(s[i+1:]) {
			return -1
		}
		if i < 0 {
			return 2
		}
		s, n = s[:i], 2
	}
	for rest := s; ; {
		piece, after, more := strings.Cut(rest, ":")
		if piece == "" || len(piece) > 4 || len(piece) > 1 && piece[0] == '0' {
			return -1
		}
		for i := 0; i < len(piece); i++ {
			if !infra.IsASCIIHexDigit(int(piece[i])) {
				return -1
			}
		}
		n++
		if !more {
			return n
		}
		rest = after
	}
}
