package url

import (
	"strings"

	"github.com/webstd/url/internal/infra"
)

// This file holds the standard's IDNA section (https://url.spec.whatwg.org/#idna)
// and the code point classes of its host section. UTS #46 itself is our
// own, in uts46.go, on tables generated from one Unicode version's data
// (idna_tables.go).

// The UTS #46 flags of the standard's calls (the others are fixed: see
// uts46.go).
var (
	// uts46Lenient is "domain parser ToASCII" with beStrict false
	// (https://url.spec.whatwg.org/#domain-parser-toascii), and "domain to
	// Unicode" (https://url.spec.whatwg.org/#concept-domain-to-unicode):
	// CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength false.
	uts46Lenient = uts46Flags{}

	// uts46Strict is "domain parser ToASCII" with beStrict true:
	// CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength true.
	uts46Strict = uts46Flags{checkHyphens: true, useSTD3ASCIIRules: true, verifyDNSLength: true}
)

// domainToASCII implements the domain parser
// (https://url.spec.whatwg.org/#concept-domain-to-ascii) on domain, a
// well-formed UTF-8 string (the host parser's percent-decoded input). It
// returns the domain, an ASCII string, or ErrDomainToASCII when the domain
// parser returns failure. It signals the domain-to-ASCII validation error to
// errs.
//
// With beStrict false, an ASCII domain is only lowercased (the standard's web
// compatibility rule), and a domain that is already lowercase and holds no
// forbidden domain code point is returned as it is, without allocating.
//
// The standard computes UTS #46 ToASCII with strict flags on every domain
// only to signal domain-to-ASCII; that is skipped when errs is nil and
// beStrict is false, since nothing would record it.
func domainToASCII(domain string, beStrict bool, errs hostErrors) (string, ValidationErrorKind) {
	classes := infra.ClassesOf(domain)
	isASCII := classes&infra.ClassNonASCII == 0

	// The UTS #46 mapping of an ASCII string is its ASCII lowercase, so
	// lowercasing an ASCII domain first changes neither step 1 nor step 5,
	// and one copy serves both.
	if isASCII && classes&infra.ClassUpper != 0 {
		domain = infra.ASCIILowercase(domain)
		classes &^= infra.ClassUpper
	}

	if !errs.enabled() && !beStrict && isASCII {
		// The hot path: steps 5, 7 and 8 below, for an ASCII domain with
		// nobody to tell of step 2's validation error.
		if domain == "" || classes&infra.ClassForbiddenDomain != 0 {
			return "", ErrDomainToASCII
		}
		return domain, 0
	}

	// 1. Let strictResult be the result of running domain parser ToASCII
	// with domain and true.
	var strictResult string
	strictOK, strictDone := true, false
	if errs.enabled() || beStrict {
		strictResult, strictOK = domainParserToASCIIStrict(domain, classes)
		strictDone = true
	}

	// 2. If strictResult is a failure value, domain-to-ASCII validation
	// error. This step does not return. (The error is signalled once it is
	// known whether the domain parser fails with it: by errs.fail at the
	// failure, else by errs.report at the end.)

	// 3. If beStrict is true:
	if beStrict {
		// 3.1. If strictResult is a failure value, then return failure.
		if !strictOK {
			return "", errs.fail(ErrDomainToASCII)
		}
		// 3.2. Return strictResult.
		return strictResult, 0
	}

	// 4. Let result be null.
	var result string
	ok := true
	switch {
	case isASCII:
		// 5. If domain is an ASCII string, then set result to domain,
		// lowercased. (It was lowercased above.)
		result = domain
	case strictDone && strictOK:
		// 6.1. Set result to the result of running domain parser ToASCII
		// with domain and false. Relaxing CheckHyphens, UseSTD3ASCIIRules
		// and VerifyDnsLength only removes reasons to fail: when the strict
		// run succeeded, the relaxed one succeeds with the same string.
		result = strictResult
	default:
		// 6. Otherwise:
		// 6.1. Set result to the result of running domain parser ToASCII
		// with domain and false.
		// 6.2. If result is a failure value, then return failure.
		result, ok = domainParserToASCII(domain, false)
	}

	// 7. If result is the empty string, then return failure.
	//
	// 8. If result contains a forbidden domain code point, then return
	// failure. (url.bs folds the former domain-invalid-code-point error into
	// domain-to-ASCII: with UseSTD3ASCIIRules, as in step 1, every forbidden
	// domain code point is an error of ToASCII.)
	if !ok || result == "" || infra.ClassesOf(result)&infra.ClassForbiddenDomain != 0 {
		return "", errs.fail(ErrDomainToASCII)
	}

	// Step 2's validation error, when it did not make the parser fail.
	if !strictOK {
		errs.report(ErrDomainToASCII)
	}

	// 9. Return result.
	return result, 0
}

// domainParserToASCIIStrict is domainParserToASCII(domain, true), with a fast
// path for an ASCII domain; classes are domain's byteClass bits.
func domainParserToASCIIStrict(domain string, classes infra.Class) (string, bool) {
	if classes&infra.ClassNonASCII == 0 && !hasACELabel(domain) {
		switch {
		case !strictASCIIValid(domain):
			return "", false
		case classes&infra.ClassUpper != 0:
			return infra.ASCIILowercase(domain), true
		}
		return domain, true
	}
	return domainParserToASCII(domain, true)
}

// strictASCIIValid reports whether UTS #46 ToASCII with the strict flags
// (CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength true) accepts domain,
// an ASCII string none of whose labels starts with "xn--" in any case. For
// such a domain the mapping only lowercases, no label holds a joiner, a
// combining mark or a right-to-left code point, and what remains of UTS #46
// is this:
//
//   - UseSTD3ASCIIRules: only a-z, 0-9, U+002D (-) and the label separator;
//   - CheckHyphens: no label begins or ends with U+002D (-), or has it in
//     both its third and fourth positions;
//   - VerifyDnsLength: the domain is 1 to 253 long, with no empty label, the
//     root label included (Unicode 16 made a trailing dot an error), and
//     each label is 1 to 63 long.
func strictASCIIValid(domain string) bool {
	if len(domain) == 0 || len(domain) > 253 {
		return false
	}
	for rest := domain; ; {
		label := rest
		i := strings.IndexByte(rest, '.')
		if i >= 0 {
			label, rest = rest[:i], rest[i+1:]
		}
		if len(label) == 0 || len(label) > 63 ||
			label[0] == '-' || label[len(label)-1] == '-' ||
			len(label) >= 4 && label[2] == '-' && label[3] == '-' {
			return false
		}
		for j := 0; j < len(label); j++ {
			if infra.ByteClass[label[j]]&infra.ClassLDH == 0 {
				return false
			}
		}
		if i < 0 {
			return true
		}
	}
}

// hasACELabel reports whether the ASCII string domain has a label that
// starts with "xn--" in any case: one that UTS #46 decodes as Punycode.
func hasACELabel(domain string) bool {
	for i := 0; i+4 <= len(domain); i++ {
		if (i == 0 || domain[i-1] == '.') &&
			domain[i]|0x20 == 'x' && domain[i+1]|0x20 == 'n' &&
			domain[i+2] == '-' && domain[i+3] == '-' {
			return true
		}
	}
	return false
}

// domainParserToASCII implements domain parser ToASCII
// (https://url.spec.whatwg.org/#domain-parser-toascii): UTS #46 ToASCII of
// domain with CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength set to
// beStrict. ok is false when ToASCII records an error.
func domainParserToASCII(domain string, beStrict bool) (result string, ok bool) {
	flags := uts46Lenient
	if beStrict {
		flags = uts46Strict
	}
	return uts46ToASCII(domain, flags)
}

// DomainToASCII converts a domain name to the ASCII form a URL's host holds,
// as the host parser of the URL Standard does for a special URL: it runs the
// domain parser (https://url.spec.whatwg.org/#concept-domain-to-ascii) with
// beStrict false. An ASCII domain is lowercased; any other goes through
// Unicode IDNA Compatibility Processing (UTS #46) ToASCII, which maps it (for
// example to lowercase and NFC) and encodes each label that is not ASCII in
// Punycode.
//
//	DomainToASCII("EXAMPLE.com")   // "example.com", nil
//	DomainToASCII("☕.example")     // "xn--53h.example", nil
//	DomainToASCII("faß.example")   // "xn--fa-hia.example", nil
//	DomainToASCII("exa mple.com")  // "", error
//
// It fails when ToASCII fails for a domain that is not ASCII, when the result
// is empty, or when the result holds a forbidden domain code point
// (https://url.spec.whatwg.org/#forbidden-domain-code-point) such as a space
// or "%". The error is a *[ParseError] whose Kind is [ErrDomainToASCII].
//
// DomainToASCII does not percent-decode domain, and it does not interpret a
// domain that ends in a number as an IPv4 address: [ParseHost] does both.
func DomainToASCII(domain string) (string, error) {
	result, fail := domainToASCII(domain, false, hostErrors{})
	if fail != 0 {
		return "", hostError(domain, fail)
	}
	return result, nil
}

// DomainToUnicode converts a domain to Unicode for display, as the URL
// Standard's domain to Unicode does
// (https://url.spec.whatwg.org/#concept-domain-to-unicode): UTS #46 ToUnicode
// decodes each Punycode label ("xn--...").
//
//	DomainToUnicode("xn--53h.example")  // "☕.example"
//	DomainToUnicode("example.com")      // "example.com"
//	DomainToUnicode("xn--a.example")    // "xn--a.example" (invalid Punycode)
//
// When ToUnicode records an error, DomainToUnicode returns domain unchanged,
// so that it round-trips with [DomainToASCII] on domains such as
// "xn--8i7caa".
func DomainToUnicode(domain string) string {
	return domainToUnicode(domain, hostErrors{})
}

// domainToUnicode implements domain to Unicode
// (https://url.spec.whatwg.org/#concept-domain-to-unicode). When ToUnicode
// records an error it signals ErrDomainToUnicode to errs and returns domain.
// (url.bs has had no domain-to-Unicode row since July 2026, its note reasoning that a
// domain from the host parser has signalled its errors already; the package
// keeps the kind for callers that convert other domains.)
func domainToUnicode(domain string, errs hostErrors) string {
	classes := infra.ClassesOf(domain)
	if classes&infra.ClassNonASCII == 0 && !hasACELabel(domain) {
		// An ASCII domain with no Punycode label: ToUnicode only lowercases
		// it and records no error, as CheckHyphens, UseSTD3ASCIIRules and
		// VerifyDnsLength are false and every ASCII code point is valid.
		if classes&infra.ClassUpper == 0 {
			return domain
		}
		return infra.ASCIILowercase(domain)
	}

	// 1. Let result be the result of running Unicode ToUnicode with
	// domain_name set to domain, CheckHyphens set to false, CheckBidi set to
	// true, CheckJoiners set to true, UseSTD3ASCIIRules set to false,
	// Transitional_Processing set to false, and IgnoreInvalidPunycode set to
	// false.
	result, ok := uts46Process(domain, uts46Lenient)

	// 2. If an error was recorded, then return domain.
	if !ok {
		errs.report(ErrDomainToUnicode)
		return domain
	}

	// 3. Return result.
	return result
}
