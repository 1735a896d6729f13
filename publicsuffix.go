package url

import (
	"strings"

	"golang.org/x/net/publicsuffix"
)

// A PublicSuffixList runs the Public Suffix List algorithm
// (https://github.com/publicsuffix/list/wiki/Format#formal-algorithm) over a
// list of rules, for [Host.PublicSuffixWith] and [Host.RegistrableDomainWith].
//
// PublicSuffix receives a domain as the host parser writes it: ASCII,
// lowercase, with its internationalized labels in Punycode ("xn--..."), and
// with no trailing dot (the standard's steps take the trailing dot off
// before they ask the list, and put it back after). It returns the public
// suffix of domain: the labels at the end of domain that the list's
// prevailing rule matches. When no rule matches, the prevailing rule is "*",
// and the public suffix is domain's last label.
//
// The Public Suffix List changes every week or so, and two copies of it
// disagree as often (the standard warns of this at
// https://url.spec.whatwg.org/#warning-avoid-psl). The package's default is
// the copy that golang.org/x/net/publicsuffix compiles in, as old as the
// golang.org/x/net in the go.mod of the program. A program that keeps its own
// copy supplies it through this interface. Every
// net/http/cookiejar.PublicSuffixList is a PublicSuffixList, as is
// golang.org/x/net/publicsuffix.List.
//
// An answer that is not a suffix of domain made of whole labels (a broken
// list implementation) is replaced with the answer of the rule "*", so that
// the public suffix and registrable domain are always parts of the host.
type PublicSuffixList interface {
	PublicSuffix(domain string) string
}

// defaultPublicSuffixList is the list that golang.org/x/net/publicsuffix
// compiles in. Its PublicSuffix applies the rule "*" itself.
var defaultPublicSuffixList PublicSuffixList = publicsuffix.List

// PublicSuffix returns the public suffix of h as the standard defines it
// (https://url.spec.whatwg.org/#host-public-suffix), by the Public Suffix
// List that golang.org/x/net/publicsuffix ships. It returns "" for the
// standard's null: when h is not a domain (an IPv4, IPv6, opaque, empty or
// null host, the zero Host among them).
//
//	example.com       → "com"
//	whatwg.github.io  → "github.io" (the list's private section counts too)
//	example.com.      → "com." (a trailing dot stays on the suffix)
//	github.io         → "github.io" (a host can be its own public suffix)
//	[::1]             → ""
//
// The public suffix is not a security boundary: prefer the origin for
// security decisions (https://url.spec.whatwg.org/#warning-avoid-psl).
func (h Host) PublicSuffix() string { return h.PublicSuffixWith(nil) }

// PublicSuffixWith is like [Host.PublicSuffix] but asks list for the public
// suffix instead of the package's copy of the Public Suffix List. A nil list
// is the package's copy.
func (h Host) PublicSuffixWith(list PublicSuffixList) string {
	return h.publicSuffix(list)
}

// publicSuffix implements https://url.spec.whatwg.org/#host-public-suffix.
// It returns "" for null. The result is always a substring of h.s.
func (h Host) publicSuffix(list PublicSuffixList) string {
	// 1. If host is not a domain, then return null.
	if h.kind != DomainHost {
		return ""
	}
	// 2. Let trailingDot be "." if host ends with "."; otherwise the empty
	//    string.
	domain := strings.TrimSuffix(h.s, ".")
	// 3. Let publicSuffix be the public suffix determined by running the
	//    Public Suffix List algorithm with host as domain.
	//
	// The list is asked about host without its trailing dot: a list holds
	// no rule that ends in an empty label, so with the dot the algorithm
	// would only ever find the rule "*" and answer the empty last label.
	// The dot is put back after, which is what step 4 asserts.
	if list == nil {
		list = defaultPublicSuffixList
	}
	ps := list.PublicSuffix(domain)
	if !isLabelSuffix(domain, ps) {
		// The prevailing rule "*": the last label.
		ps = domain[strings.LastIndexByte(domain, '.')+1:]
	}
	// 4. Assert: publicSuffix is an ASCII string that ends with trailingDot.
	// 5. Return publicSuffix.
	//
	// ps is a suffix of domain, so it and the trailing dot after it are
	// the end of h.s: a substring, and no allocation.
	return h.s[len(domain)-len(ps):]
}

// isLabelSuffix reports whether suffix is made of whole labels at the end of
// domain: domain itself, or the part after one of its dots.
func isLabelSuffix(domain, suffix string) bool {
	if len(suffix) == len(domain) {
		return suffix == domain
	}
	return len(suffix) < len(domain) && strings.HasSuffix(domain, suffix) &&
		domain[len(domain)-len(suffix)-1] == '.'
}

// RegistrableDomain returns the registrable domain of h as the standard
// defines it (https://url.spec.whatwg.org/#host-registrable-domain): its
// public suffix and the domain label before it, by the Public Suffix List
// that golang.org/x/net/publicsuffix ships. It returns "" for the standard's
// null: when h is not a domain, and when h is its own public suffix.
//
//	sub.www.example.com  → "example.com"
//	example.com.         → "example.com." (a trailing dot stays)
//	whatwg.github.io     → "whatwg.github.io"
//	github.io            → "" (a public suffix has no registrable domain)
//	127.0.0.1            → ""
//
// A host such as "a..com" has an empty label before its public suffix
// "com"; the standard's steps would give ".com", which is not a domain
// anyone can register, and would make "a..com" and "b..com" share it.
// RegistrableDomain returns "" (null) for it instead.
//
// The registrable domain is what the standard's "same site"
// (https://html.spec.whatwg.org/multipage/browsers.html#same-site) compares,
// and what a display should never elide
// (https://url.spec.whatwg.org/#url-rendering-elision). It is not a security
// boundary: prefer the origin (https://url.spec.whatwg.org/#warning-avoid-psl).
func (h Host) RegistrableDomain() string { return h.RegistrableDomainWith(nil) }

// RegistrableDomainWith is like [Host.RegistrableDomain] but asks list for
// the public suffix instead of the package's copy of the Public Suffix
// List. A nil list is the package's copy.
func (h Host) RegistrableDomainWith(list PublicSuffixList) string {
	// 1. If host's public suffix is null or host's public suffix equals
	//    host, then return null.
	suffix := h.publicSuffix(list)
	if suffix == "" || suffix == h.s {
		return ""
	}
	// 2. Let trailingDot be "." if host ends with "."; otherwise the empty
	//    string. (suffix ends with it, and so does every string that ends
	//    with suffix.)
	// 3. Let registrableDomain be the registrable domain determined by
	//    running the Public Suffix List algorithm with host as domain: the
	//    public suffix and the label before it.
	//
	// Here suffix is a proper suffix of h.s after a dot, so before is
	// non-empty and ends with that dot.
	before := h.s[:len(h.s)-len(suffix)-1]
	label := before[strings.LastIndexByte(before, '.')+1:]
	if label == "" {
		return "" // an empty label: see the doc comment
	}
	// 4. Assert: registrableDomain is an ASCII string that ends with
	//    trailingDot. 5. Return registrableDomain.
	return h.s[len(before)-len(label):]
}
