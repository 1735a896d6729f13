package url

import (
	"net/netip"
	"strings"

	"github.com/webstd/url/internal/infra"
)

// A HostKind is the kind of a URL's host: https://url.spec.whatwg.org/#concept-host.
type HostKind uint8

const (
	NullHost   HostKind = iota // the URL has no host (the standard's null)
	DomainHost                 // a domain, such as "example.com"
	IPv4Host                   // an IPv4 address, such as "127.0.0.1"
	IPv6Host                   // an IPv6 address, serialized in brackets: "[::1]"
	OpaqueHost                 // an opaque host of a URL that is not special, such as "x%20y" in "sc://x y/"
	EmptyHost                  // the empty host, as in "file:///etc/hosts"
)

var hostKindNames = [...]string{
	NullHost:   "null",
	DomainHost: "domain",
	IPv4Host:   "IPv4",
	IPv6Host:   "IPv6",
	OpaqueHost: "opaque",
	EmptyHost:  "empty",
}

// String returns the kind's name: "null", "domain", "IPv4", "IPv6",
// "opaque" or "empty".
func (k HostKind) String() string {
	if int(k) < len(hostKindNames) {
		return hostKindNames[k]
	}
	return "HostKind(" + infra.Itoa(int(k)) + ")"
}

// appendHost runs the host parser on input and appends the host, serialized
// by the host serializer, to dst: https://url.spec.whatwg.org/#concept-host-parser
// and https://url.spec.whatwg.org/#concept-host-serializer. On failure it
// returns the validation error at which the host parser failed.
func appendHost(dst []byte, input string, isOpaque bool, errs hostErrors) ([]byte, HostKind, ValidationErrorKind) {
	return appendHostClasses(dst, input, infra.ClassesOf(input), isOpaque, errs)
}

// appendHostClasses is appendHost for an input whose code points are of
// classes (infra.ClassesOf(input), or only those of hostNotes, the only ones
// it reads), which the host state knows from reading them.
func appendHostClasses(dst []byte, input string, classes infra.Class, isOpaque bool, errs hostErrors) ([]byte, HostKind, ValidationErrorKind) {
	// 1. If input starts with U+005B ([), then:
	if strings.HasPrefix(input, "[") {
		// 1.1. If input does not end with U+005D (]), IPv6-unclosed
		//      validation error, return failure.
		if len(input) < 2 || input[len(input)-1] != ']' {
			return dst, NullHost, errs.fail(ErrIPv6Unclosed)
		}
		// 1.2. Return the result of IPv6 parsing input with its leading
		//      U+005B ([) and trailing U+005D (]) removed.
		addr, fail := parseIPv6(input[1:len(input)-1], errs)
		if fail != 0 {
			return dst, NullHost, fail
		}
		dst = append(dst, '[')
		dst = appendIPv6(dst, addr)
		return append(dst, ']'), IPv6Host, 0
	}
	// 2. If isOpaque is true, then return the result of opaque-host parsing
	//    input.
	if isOpaque {
		return appendOpaqueHost(dst, input, errs)
	}
	// 3. Assert: input is not the empty string.
	//
	// A fast path, the same as steps 4 to 7 (FuzzHostFastPath holds it): an
	// ASCII input with no U+0025 (%) and no other forbidden domain code
	// point is its own percent-decoding, and the domain parser only
	// lowercases it. The IPv4 parser and the ends in a number checker read
	// hex digits and "0X" in either case, so input goes to them as it is,
	// and a domain is lowercased straight into dst, with no string between.
	asciiDomain, domain, lower := input, input, false
	if !errs.enabled() && input != "" && classes&(infra.ClassNonASCII|infra.ClassForbiddenDomain) == 0 {
		lower = classes&infra.ClassUpper != 0
	} else {
		// 4. If input contains a percent-encoded byte, domain-percent-encoded
		//    validation error.
		// 5. Let domain be the result of running UTF-8 decode without BOM on
		//    the percent-decoding of input.
		//    (input is a scalar value string: an invalid UTF-8 sequence in it
		//    is U+FFFD before it is percent-decoded, so that its bytes cannot
		//    join decoded ones into a code point.)
		domain = infra.ToWellFormed(input)
		if strings.IndexByte(domain, '%') >= 0 {
			decoded := percentDecodeString(domain)
			if len(decoded) != len(domain) {
				errs.report(ErrDomainPercentEncoded)
			}
			domain = infra.ToWellFormed(decoded)
		}
		// 6. Let asciiDomain be the result of running domain parser with
		//    domain and false.
		// 7. If asciiDomain is failure, then return failure.
		var fail ValidationErrorKind
		if asciiDomain, fail = domainToASCII(domain, false, errs); fail != 0 {
			return dst, NullHost, fail
		}
	}
	// 8. If asciiDomain ends in a number:
	if endsInANumber(asciiDomain) {
		// 8.1. If domain is not an ASCII string, IPv4-non-ASCII-input
		//      validation error. (asciiDomain is domain when the fast path
		//      took it, and then ASCII.)
		if errs.enabled() && !infra.IsASCII(domain) {
			errs.report(ErrIPv4NonASCIIInput)
		}
		// 8.2. Return the result of IPv4 parsing asciiDomain.
		addr, fail := parseIPv4(asciiDomain, errs)
		if fail != 0 {
			return dst, NullHost, fail
		}
		return appendIPv4(dst, addr), IPv4Host, 0
	}
	// 9. Return asciiDomain.
	if lower {
		return infra.AppendLower(dst, asciiDomain), DomainHost, 0
	}
	return append(dst, asciiDomain...), DomainHost, 0
}

// appendOpaqueHost runs the opaque-host parser on input and appends the
// result to dst: https://url.spec.whatwg.org/#concept-opaque-host-parser.
// The empty string is the empty host.
func appendOpaqueHost(dst []byte, input string, errs hostErrors) ([]byte, HostKind, ValidationErrorKind) {
	// 1. If input contains a forbidden host code point,
	//    host-invalid-code-point validation error, return failure.
	for i := 0; i < len(input); i++ {
		if infra.IsForbiddenHostCodePoint(input[i]) {
			return dst, NullHost, errs.fail(ErrHostInvalidCodePoint)
		}
	}
	// 2. If input contains a code point that is not a URL code point and not
	//    U+0025 (%), invalid-URL-unit validation error.
	// 3. If input contains a U+0025 (%) and the two code points following it
	//    are not ASCII hex digits, invalid-URL-unit validation error.
	if errs.enabled() {
		opaqueHostURLUnitErrors(errs, input)
	}
	if input == "" {
		return dst, EmptyHost, 0
	}
	// 4. Return the result of running UTF-8 percent-encode on input using the
	//    C0 control percent-encode set.
	return appendPercentEncoded(dst, input, infra.C0ControlSet), OpaqueHost, 0
}

// opaqueHostURLUnitErrors runs steps 2 and 3 of the opaque-host parser on
// input. Each step signals at most one invalid-URL-unit ("if input contains
// ..."), unlike the path, query and fragment states, which signal one per
// code point; its offset is that of the first code point the step is about.
func opaqueHostURLUnitErrors(errs hostErrors, input string) {
	for i := 0; i < len(input); {
		r, n := infra.DecodeRune(input[i:])
		if r != '%' && !infra.IsURLCodePoint(r) {
			errs.reportAt(ErrInvalidURLUnit, i)
			break
		}
		i += n
	}
	for i := 0; i < len(input); i++ {
		if input[i] == '%' && !infra.IsPercentEncodedByteAt(input, i) {
			errs.reportAt(ErrInvalidURLUnit, i)
			break
		}
	}
}

// A Host is a host as the host parser returns it:
// https://url.spec.whatwg.org/#concept-host. It is a comparable value; two
// Hosts are equal when they are the same host.
//
// The zero Host is the null host: its Kind is [NullHost] and its String is "".
type Host struct {
	s    string // serialized
	kind HostKind
}

// ParseHost runs the host parser (https://url.spec.whatwg.org/#concept-host-parser)
// on input as for a special URL (such as an http: URL): a domain goes
// through IDNA and is lowercased, a domain that ends in a number is an IPv4
// address in any of its spellings ("127.1", "0x7f.1", "2130706433"), and an
// IPv6 address is written in brackets. The empty string is a failure, as it
// is in the host of a special URL. A failure is a *[ParseError].
func ParseHost(input string) (Host, error) {
	if input == "" {
		return Host{}, hostError(input, ErrHostMissing)
	}
	buf, kind, fail := appendHost(nil, input, false, hostErrors{})
	if fail != 0 {
		return Host{}, hostError(input, fail)
	}
	if string(buf) == input {
		return Host{s: input, kind: kind}, nil
	}
	return Host{s: string(buf), kind: kind}, nil
}

// Kind returns the kind of host h is.
func (h Host) Kind() HostKind { return h.kind }

// String returns the host serialized by the host serializer
// (https://url.spec.whatwg.org/#concept-host-serializer): an IPv4 address
// in dotted decimal, an IPv6 address compressed and in brackets, a domain or
// opaque host as it is.
func (h Host) String() string { return h.s }

// TrimTrailingDots returns the domain h without the dots that end it: the
// name a resolver looks up for it, as DNS reads "example.com." (a name
// written from the root) as "example.com". It returns h as it is when h is
// no domain or ends in no dot, and when without its dots h would be empty
// or no domain: the URL Standard reads "0x7f.1.." as a domain (its last
// label is empty, and not a number), but "0x7f.1" ends in a number
// (https://url.spec.whatwg.org/#ends-in-a-number-checker): it is the IPv4
// address 127.0.0.1, another host. Package canonical's DropTrailingDot and package
// ssrf's host rules read a domain with it.
func (h Host) TrimTrailingDots() Host {
	trimmed := strings.TrimRight(h.s, ".")
	// The rest of a domain the host parser wrote is its own serialization,
	// but for the ends in a number checker, which hands a host that ends in
	// a number to the IPv4 parser.
	if h.kind != DomainHost || len(trimmed) == len(h.s) || trimmed == "" || endsInANumber(trimmed) {
		return h
	}
	return Host{s: trimmed, kind: DomainHost}
}

// Addr returns the IP address of an IPv4 or IPv6 host
// (https://url.spec.whatwg.org/#concept-ipv4,
// https://url.spec.whatwg.org/#concept-ipv6), and the zero [netip.Addr]
// for any other kind, so that h.Addr().IsLoopback() and its friends answer
// for IP hosts. It equals netip.MustParseAddr of the host's serialization
// (without the brackets): an IPv4 host gives a 4-byte address, an IPv6 host
// a 16-byte one, an IPv4-mapped host such as [::ffff:7f00:1] among them
// (Unmap gives 127.0.0.1).
func (h Host) Addr() netip.Addr {
	switch h.kind {
	case IPv4Host:
		a, _ := parseIPv4(h.s, hostErrors{})
		return netip.AddrFrom4([4]byte{byte(a >> 24), byte(a >> 16), byte(a >> 8), byte(a)})
	case IPv6Host:
		pieces, _ := parseIPv6(h.s[1:len(h.s)-1], hostErrors{})
		var b [16]byte
		for i, piece := range pieces {
			b[2*i], b[2*i+1] = byte(piece>>8), byte(piece)
		}
		return netip.AddrFrom16(b)
	}
	return netip.Addr{}
}
