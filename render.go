package url

// The table of look-alikes, from the Unicode data files in the directory
// $UNICODE_DATA (see internal/gen/lookalikes for which files):
//go:generate go run ./internal/gen/lookalikes -dir ${UNICODE_DATA} -o lookalikes_table.go

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Render returns u as a person should see it when they are to make a
// security or trust decision about it, following the standard's URL
// rendering section (https://url.spec.whatwg.org/#url-rendering): "A URL
// should be rendered in its serialized form, with modifications described
// below". It returns "" for the zero URL.
//
//	https://user:secret@xn--bcher-kva.example:8080/%E2%82%AC?q=%C3%A9#%F0%9F%94%92
//	renders as
//	https://bücher.example:8080/€?q=é#%F0%9F%94%92
//
// The section lets a browser choose; Render chooses as follows, for a
// display of the whole URL.
//
// "Browsers should not render a URL's username and password, as they can be
// mistaken for a URL's host": Render leaves them out, and the "@" with them,
// so https://examplecorp.com@attacker.example/ renders as
// https://attacker.example/.
//
// "Browsers may render a URL without its scheme if the display surface only
// ever permits a single scheme": Render cannot know the display, so it keeps
// the scheme. It keeps the port too, which is part of the origin.
//
// "If URL's host is a domain, browsers should render it by running domain to
// Unicode with the URL's host": Render does, with [DomainToUnicode], which
// leaves the host in Punycode when ToUnicode records an error. IPv4, IPv6
// and opaque hosts are rendered serialized. "Various characters can be used
// in homograph spoofing attacks. Consider detecting confusable characters
// and warning when they are in use": Render does not; a caller that shows
// hosts from untrusted sources should check them against UTS #39
// (https://www.unicode.org/reports/tr39/), or show the Punycode host.
//
// "For readability, other parts of the URL, if rendered, should have their
// sequences of percent-encoded bytes replaced with code points resulting from
// running UTF-8 decode without BOM on the percent-decoding of those
// sequences, unless that renders those sequences invisible. Browsers may
// choose to not decode certain sequences that present spoofing risks (e.g.,
// U+1F512 (🔒))": in the path, query and fragment, Render decodes a
// percent-encoded code point when it is
//
//   - an ASCII letter or digit, "-", ".", "_" or "~" (the characters that
//     mean the same encoded or not), except a hex digit right after "%" or
//     "%" and a hex digit, which would read as a percent-encoded byte;
//   - or a code point that is not ASCII and is a letter, mark, number,
//     punctuation or symbol (general category L, M, N, P or S), and is not
//     default-ignorable or white space, and is not a mark that follows
//     anything but a letter, number or mark (a mark could dress up "/" or
//     "."), and does not look like a URL delimiter: neither its
//     compatibility decomposition nor its shape is "/", "\", "?", "#", ".",
//     ":", "@", "%", "&" or "=" (such as U+FF0F "／", U+2215 "∕" or U+3002
//     "。"), and is not one of the locks and keys that imitate a browser's
//     security indicator (U+1F50F to U+1F513, U+1F5DD).
//
// Every other percent-encoded byte stays encoded: bytes that are not valid
// UTF-8 (for URL rendering "the percent-encoded bytes would not be rendered
// percent-decoded", https://url.spec.whatwg.org/#percent-encoded-bytes),
// control and format characters (the bidirectional controls among them),
// spaces, unassigned and private-use code points, and the ASCII delimiters
// and other characters whose decoding could change what a reader takes the
// URL to be (%2F, %3F, %23, %25, %26, %3D, %20, ...).
//
// "Browsers should render bidirectional text as if it were in a
// left-to-right embedding": show the result in a left-to-right context, for
// instance in an HTML element with dir=ltr, or between U+2066 LEFT-TO-RIGHT
// ISOLATE and U+2069 POP DIRECTIONAL ISOLATE. Render does not add them, so
// that its result stays a plain string.
//
// Render does not elide and does not simplify the host; the section's advice
// for those is to keep at least the registrable domain
// ([Host.RegistrableDomain]) visible and to elide domain labels from the
// lowest-level one, and, where host and path can be confused, to render
// only the host: DomainToUnicode(u.Hostname()).
//
// The result is for people: it is not a URL string to parse or fetch, and it
// is not the same URL when parsed again.
func (u URL) Render() string {
	if !u.IsValid() {
		return ""
	}
	b := make([]byte, 0, len(u.href)+8)
	// The scheme and ":".
	b = append(b, u.href[:u.schemeEnd+1]...)
	if u.HasHost() {
		// "//", no username or password, the host, and the port.
		b = append(b, "//"...)
		if u.hostKind == DomainHost {
			b = append(b, DomainToUnicode(u.Hostname())...)
		} else {
			b = append(b, u.Hostname()...)
		}
		if u.hasPort {
			b = append(b, ':')
			b = append(b, u.Port()...)
		}
	}
	// The path (with the "/." the serializer writes before a path that
	// would read as a host), the query and the fragment.
	b = appendRendered(b, u.href[u.authorityEnd():])
	return string(b)
}

// appendRendered appends s to dst with the percent-encoded code points that
// Render decodes decoded.
func appendRendered(dst []byte, s string) []byte {
	prev := rune(0) // the last code point appended, for the rule on marks
	var run [64]byte
	for i := 0; i < len(s); {
		if !isPercentEncodedByteAt(s, i) {
			prev = rune(s[i]) // s is ASCII except in broken input; prev only matters for marks
			dst = append(dst, s[i])
			i++
			continue
		}
		// A sequence of percent-encoded bytes: decode up to len(run) of
		// them, cutting a long sequence before a byte that starts a code
		// point so that no valid code point is split.
		n := 0
		j := i
		for ; j < len(s) && isPercentEncodedByteAt(s, j); j += 3 {
			hi, _ := decodeHexDigit(s[j+1])
			lo, _ := decodeHexDigit(s[j+2])
			c := hi<<4 | lo
			if n == len(run) || n >= len(run)-utf8.UTFMax && utf8.RuneStart(c) {
				break
			}
			run[n] = c
			n++
		}
		// UTF-8 decode without BOM, one code point at a time. Each byte k of
		// run came from s[i+3k : i+3k+3].
		for k := 0; k < n; {
			r, size := decodeRune(string(run[k:n]))
			enc := s[i+3*k : i+3*(k+size)]
			switch {
			case r == utf8.RuneError && string(run[k:k+size]) != "\uFFFD":
				// Invalid UTF-8: keep the bytes encoded.
				dst = append(dst, enc...)
				prev = '%'
			case r < utf8.RuneSelf && renderableASCII(byte(r), dst):
				dst = append(dst, byte(r))
				prev = r
			case r >= utf8.RuneSelf && renderable(r, prev):
				dst = append(dst, run[k:k+size]...)
				prev = r
			default:
				dst = append(dst, enc...)
				prev = '%'
			}
			k += size
		}
		i += 3 * n
	}
	return dst
}

// isPercentEncodedByteAt reports whether s[i:] starts with a percent-encoded
// byte (https://url.spec.whatwg.org/#percent-encoded-byte).
func isPercentEncodedByteAt(s string, i int) bool {
	if s[i] != '%' || i+2 >= len(s) {
		return false
	}
	_, ok1 := decodeHexDigit(s[i+1])
	_, ok2 := decodeHexDigit(s[i+2])
	return ok1 && ok2
}

// renderableASCII reports whether Render decodes the ASCII c, given what it
// has written so far: an unreserved character, unless it is a hex digit that
// would complete something that reads as a percent-encoded byte.
func renderableASCII(c byte, written []byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		if _, hex := decodeHexDigit(c); hex {
			n := len(written)
			if n >= 1 && written[n-1] == '%' {
				return false
			}
			if _, h := decodeHexDigit(lastByte(written)); h && n >= 2 && written[n-2] == '%' {
				return false
			}
		}
		return true
	case c == '-', c == '.', c == '_', c == '~':
		return true
	}
	return false
}

func lastByte(b []byte) byte {
	if len(b) == 0 {
		return 0
	}
	return b[len(b)-1]
}

// renderable reports whether Render decodes the non-ASCII code point r,
// which follows the code point prev.
func renderable(r, prev rune) bool {
	// Visible: a letter, mark, number, punctuation or symbol. This leaves out
	// the controls (Cc), format characters (Cf: the bidirectional controls,
	// zero-width joiners and spaces, the BOM, the tags), private use (Co),
	// unassigned code points (Cn) and the separators (Z: spaces, line and
	// paragraph separators).
	if !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S) {
		return false
	}
	// Letters and marks that show nothing: the default-ignorable ones
	// (U+034F, U+115F, U+1160, U+3164, U+FFA0, ...) and variation
	// selectors; and U+2800 BRAILLE PATTERN BLANK.
	if unicode.In(r, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector, unicode.White_Space) || r == 0x2800 {
		return false
	}
	// A mark combines with what comes before it: only after a letter,
	// number or mark, so that it cannot change how a delimiter looks
	// (U+0338 COMBINING LONG SOLIDUS OVERLAY over "/", or over "=").
	if unicode.Is(unicode.M, r) && !unicode.In(prev, unicode.L, unicode.N, unicode.M) {
		return false
	}
	if looksLikeDelimiter(r) {
		return false
	}
	switch r {
	case 0x1F50F, 0x1F510, 0x1F511, 0x1F512, 0x1F513, 0x1F5DD: // 🔏 🔐 🔑 🔒 🔓 🗝
		return false
	}
	return true
}

// delimiters are the ASCII characters that a code point must not imitate
// to be rendered decoded.
const delimiters = `/\?#.:@%&=`

// looksLikeDelimiter reports whether r is, or is drawn like, one of the
// delimiters: its compatibility decomposition holds one (U+FF0F FULLWIDTH
// SOLIDUS, U+2024 ONE DOT LEADER, U+FE55 SMALL COLON, U+2026 HORIZONTAL
// ELLIPSIS, ...), or it is one of the look-alikes with no decomposition
// listed below.
func looksLikeDelimiter(r rune) bool {
	switch r {
	case 0x2044, 0x2215, 0x29F8, 0x2571, 0x1735, 0x0337, 0x0338, // "/": ⁄ ∕ ⧸ ╱ ᜵ and the solidus overlays
		0x2216, 0x29F5, 0x29F9, 0x2572, 0x20E5, // "\": ∖ ⧵ ⧹ ╲ and the reverse solidus overlay
		0x3002, 0xFF61, 0x0701, 0x0702, 0xA60E, 0x2E3C, 0x06D4, // ".": 。 ｡ ܁ ܂ ꘎ ⸼ ۔ (IDNA maps U+3002 and U+FF61 to ".")
		0x0589, 0x05C3, 0x0703, 0x0704, 0x16EC, 0x2236, 0xA789, 0x02D0, 0x02F8, // ":": ։ ׃ ܃ ܄ ᛬ ∶ ꞉ ː ˸
		0x266F: // "#": ♯
		return true
	}
	var buf [utf8.UTFMax]byte
	n := utf8.EncodeRune(buf[:], r)
	d := norm.NFKC.Properties(buf[:n]).Decomposition()
	return len(d) > 0 && strings.ContainsAny(string(d), delimiters)
}
