package url

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/text/secure/bidirule"
	"golang.org/x/text/unicode/bidi"
	"golang.org/x/text/unicode/norm"
)

// This file holds the standard's IDNA section (https://url.spec.whatwg.org/#idna)
// and the code point classes of its host section. UTS #46 itself is
// golang.org/x/net/idna, configured to the flags the standard passes, plus
// the checks of UTS #46 that x/net/idna leaves out or makes on the wrong
// string (see aceLabelsValid and checkBidi).

// The UTS #46 configurations of the standard, as x/net/idna profiles. The
// options apply in order, and two of them set several flags at once, so the
// order matters:
//
//   - MapForLookup selects the UTS #46 mapping table (the only option that
//     does) and also turns UseSTD3ASCIIRules and ValidateLabels on.
//   - ValidateLabels(true) turns on the validity criteria of UTS #46 §4.1,
//     including those of decoded Punycode labels, and also turns
//     CheckHyphens and CheckJoiners on; every later option overrides it.
//
// Transitional(false) is x/net/idna's default, set for the reader.
//
// The profiles leave out idna.BidiRule(), x/net/idna's CheckBidi: it decides
// whether a domain is a Bidi domain name from the code points before
// mapping, where UTS #46 decides it after. The domain parser and domain to
// Unicode apply CheckBidi themselves with checkBidi, on what x/net validated.
var (
	// uts46Lenient is "domain parser ToASCII" with beStrict false
	// (https://url.spec.whatwg.org/#domain-parser-toascii), and "domain to
	// Unicode" (https://url.spec.whatwg.org/#concept-domain-to-unicode):
	// CheckHyphens false, CheckBidi true (by checkBidi), CheckJoiners true,
	// UseSTD3ASCIIRules false, Transitional_Processing false,
	// VerifyDnsLength false.
	uts46Lenient = idna.New(
		idna.MapForLookup(),
		idna.ValidateLabels(true),
		idna.Transitional(false),
		idna.CheckHyphens(false),
		idna.CheckJoiners(true),
		idna.StrictDomainName(false),
		idna.VerifyDNSLength(false),
	)

	// uts46Strict is "domain parser ToASCII" with beStrict true: as
	// uts46Lenient, but CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength
	// true.
	uts46Strict = idna.New(
		idna.MapForLookup(),
		idna.ValidateLabels(true),
		idna.Transitional(false),
		idna.CheckHyphens(true),
		idna.CheckJoiners(true),
		idna.StrictDomainName(true),
		idna.VerifyDNSLength(true),
	)

	// uts46Map applies only the UTS #46 mapping (with UseSTD3ASCIIRules
	// false, as both profiles above map) and decodes Punycode labels; it
	// checks nothing. aceLabelsValid uses it to map one code point at a time.
	uts46Map = idna.New(
		idna.MapForLookup(),
		idna.StrictDomainName(false),
		idna.ValidateLabels(false),
	)
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
	classes := classesOf(domain)
	isASCII := classes&classNonASCII == 0

	// The UTS #46 mapping of an ASCII string is its ASCII lowercase, so
	// lowercasing an ASCII domain first changes neither step 1 nor step 5,
	// and one copy serves both.
	if isASCII && classes&classUpper != 0 {
		domain = asciiLowercase(domain)
		classes &^= classUpper
	}

	if !errs.enabled() && !beStrict && isASCII {
		// The hot path: steps 5, 7 and 8 below, for an ASCII domain with
		// nobody to tell of step 2's validation error.
		if domain == "" || classes&classForbiddenDomain != 0 {
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
	if !ok || result == "" || classesOf(result)&classForbiddenDomain != 0 {
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
func domainParserToASCIIStrict(domain string, classes class) (string, bool) {
	if classes&classNonASCII == 0 && !hasACELabel(domain) {
		switch {
		case !strictASCIIValid(domain):
			return "", false
		case classes&classUpper != 0:
			return asciiLowercase(domain), true
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
			if byteClass[label[j]]&classLDH == 0 {
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
	profile := uts46Lenient
	if beStrict {
		profile = uts46Strict
	}
	// unicode is the domain whose labels UTS #46 validates: mapped,
	// normalized, and with its Punycode labels decoded.
	var unicode string
	if hasLongLabel(domain) {
		// x/net's encoder is quadratic on long labels: see punycode.go.
		result, unicode, ok = toASCIILongLabels(profile, domain, beStrict)
	} else {
		var err error
		result, err = profile.ToASCII(domain)
		ok = err == nil
		// Each label of unicode that is not ASCII is "xn--" and its
		// Punycode encoding in result. Only a Bidi domain name needs
		// unicode, so only then are they decoded (quickly: no label of
		// domain is long).
		unicode = result
		if ok && hasRTLPunycodeLabel(result) {
			unicode, err = idna.Punycode.ToUnicode(result)
			ok = err == nil
		}
	}
	if !ok || !checkBidi(unicode) || !aceLabelsValid(domain, beStrict) {
		return "", false
	}
	return result, true
}

// hasRTLPunycodeLabel reports whether a label of result, a result of x/net's
// ToASCII, is "xn--" and a Punycode string that decodes to a code point of
// Bidi_Class R, AL or AN (or is not valid Punycode).
func hasRTLPunycodeLabel(result string) bool {
	for label := range strings.SplitSeq(result, ".") {
		if strings.HasPrefix(label, "xn--") && punycodeDecodesRTL(label[len("xn--"):]) {
			return true
		}
	}
	return false
}

// checkBidi reports whether domain, a domain as UTS #46 validates it (mapped,
// normalized to NFC, its Punycode labels decoded), meets the CheckBidi
// validity criterion of UTS #46
// (https://www.unicode.org/reports/tr46/#Validity_Criteria): if domain is a
// Bidi domain name, one with a code point of Bidi_Class R, AL or AN (RFC
// 5893, section 1.4), each of its labels satisfies the Bidi Rule (RFC 5893,
// section 2). An empty label has nothing to check.
//
// x/net/idna's BidiRule option checks the same rule on the same labels, but
// it applies it only when the domain before mapping, not after, has such a
// code point: it accepts "aℵ", which maps to "aא", an LTR label in a Bidi
// domain name, and rejects "aﹰ", which maps to "a", U+0020 and U+064B, a
// domain with no right-to-left code point. TestMappedDomains finds every
// code point whose mapping changes the answer: U+2135 to U+2138, which map
// to Hebrew letters, and the Arabic presentation forms U+FC5E to U+FC63 and
// the even ones of U+FE70 to U+FE7E, which map to U+0020 and Arabic marks
// (Bidi_Class NSM).
func checkBidi(domain string) bool {
	if classesOf(domain)&classNonASCII == 0 || bidirule.DirectionString(domain) != bidi.RightToLeft {
		return true
	}
	for label := range strings.SplitSeq(domain, ".") {
		if !bidirule.ValidString(label) {
			return false
		}
	}
	return true
}

// aceLabelsValid checks the labels that start with "xn--" after UTS #46
// mapping for the errors of UTS #46 (Unicode 17) that x/net/idna v0.62.0
// does not record. Per UTS #46 §4 (Processing) step 4, a label that starts
// with "xn--":
//
//  1. is an error if it contains a code point that is not ASCII (x/net/idna
//     copies non-ASCII code points before the last U+002D (-) into the
//     decoded label: "xn--ü-" passes as "ü");
//  2. is converted from Punycode, and
//  3. is an error if the result is empty (x/net/idna accepts "xn--", which
//     decodes to the empty string) ...
//  4. ... or fails a validity criterion of §4.1; with CheckHyphens false,
//     criterion 4 is that the label must not begin with "xn--", which
//     x/net/idna does not check ("xn--xn--a--gua" decodes to "xn--a-ä").
//
// checkHyphens is the CheckHyphens flag: when it is set, §4.1 criterion 2
// (no U+002D in both the third and fourth positions) covers criterion 4's
// case, and x/net/idna checks it.
//
// The mapping can produce U+002D (-) only from U+002D, U+FE63 SMALL
// HYPHEN-MINUS and U+FF0D FULLWIDTH HYPHEN-MINUS (a test checks this against
// the table), so a domain with fewer than two of them has no such label and
// is accepted at once; otherwise the mapped domain is computed, at the cost
// of a call to x/net/idna per non-ASCII code point.
func aceLabelsValid(domain string, checkHyphens bool) bool {
	hyphens := 0
	for i := 0; i < len(domain) && hyphens < 2; i++ {
		switch {
		case domain[i] == '-':
			hyphens++
		case strings.HasPrefix(domain[i:], "\uFE63"), strings.HasPrefix(domain[i:], "\uFF0D"):
			hyphens++
		}
	}
	if hyphens < 2 {
		return true
	}

	mapped := uts46Mapped(domain)
	for rest := mapped; ; {
		label := rest
		i := strings.IndexByte(rest, '.')
		if i >= 0 {
			label, rest = rest[:i], rest[i+1:]
		}
		if strings.HasPrefix(label, "xn--") {
			// 4.1: the label must be ASCII.
			if classesOf(label)&classNonASCII != 0 {
				return false
			}
			// 4.2: convert the rest of the label from Punycode.
			u, err := idna.Punycode.ToUnicode(label)
			// 4.3: the result must not be empty (nor ASCII: x/net/idna
			// checks that, and reports it as err).
			// 4.4: with CheckHyphens false, it must not begin with "xn--".
			if err != nil || u == "" || !checkHyphens && strings.HasPrefix(u, "xn--") {
				return false
			}
		}
		if i < 0 {
			return true
		}
	}
}

// uts46Mapped returns domain after steps 1 and 2 of UTS #46 §4 (Processing):
// each code point mapped by the IDNA mapping table (UseSTD3ASCIIRules false,
// Transitional_Processing false), then the whole normalized to NFC. This is
// the string x/net/idna splits into labels, which its API does not expose.
//
// The mapping of a code point does not depend on its neighbours, so each
// non-ASCII code point is mapped on its own by uts46Map, where it cannot form
// a label that starts with "xn--" and so is never decoded as Punycode (a test
// checks this for every code point). Every ASCII code point maps to its
// lowercase (a test checks this too).
func uts46Mapped(domain string) string {
	b := make([]byte, 0, len(domain))
	var lastRune, lastMapped string // one-entry cache for repeated code points
	for i := 0; i < len(domain); {
		c := domain[i]
		if c < utf8.RuneSelf {
			b = append(b, lowerByte(c))
			i++
			continue
		}
		_, size := utf8.DecodeRuneInString(domain[i:])
		r := domain[i : i+size]
		if r != lastRune {
			lastRune = r
			lastMapped, _ = uts46Map.ToUnicode(r)
		}
		b = append(b, lastMapped...)
		i += size
	}
	return norm.NFC.String(string(b))
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
	classes := classesOf(domain)
	if classes&classNonASCII == 0 && !hasACELabel(domain) {
		// An ASCII domain with no Punycode label: ToUnicode only lowercases
		// it and records no error, as CheckHyphens, UseSTD3ASCIIRules and
		// VerifyDnsLength are false and every ASCII code point is valid.
		if classes&classUpper == 0 {
			return domain
		}
		return asciiLowercase(domain)
	}

	// 1. Let result be the result of running Unicode ToUnicode with
	// domain_name set to domain, CheckHyphens set to false, CheckBidi set to
	// true, CheckJoiners set to true, UseSTD3ASCIIRules set to false,
	// Transitional_Processing set to false, and IgnoreInvalidPunycode set to
	// false.
	result, err := uts46Lenient.ToUnicode(domain)

	// 2. If an error was recorded, then return domain.
	if err != nil || !checkBidi(result) || !aceLabelsValid(domain, false) {
		errs.report(ErrDomainToUnicode)
		return domain
	}

	// 3. Return result.
	return result
}
