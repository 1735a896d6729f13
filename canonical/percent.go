package canonical

import (
	"strings"

	"github.com/webstd/url/internal/infra"
)

// The percent-encoding helpers the profiles share. Each returns its input
// unchanged, without allocating, when it has nothing to change.

// isUnreserved reports whether c is one of RFC 3986's unreserved characters
// (https://www.rfc-editor.org/rfc/rfc3986#section-2.3): the characters that
// mean the same percent-encoded or not, and that RFC 3986 section 6.2.2.2
// decodes when it normalizes percent-encoding.
func isUnreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}

// normalizePercent returns s with its percent-encoding normalized as RFC 3986
// section 6.2.2 says: each percent-encoded byte that is an unreserved character
// is decoded ("%7E" becomes "~", "%41" "A"), and the hex digits of every other
// one are upper-cased ("%3a" becomes "%3A"). A "%" that does not start a
// percent-encoded byte is left as it is. Decoding is done once, so "%2541"
// stays "%2541": it means "%41", not "A". A hex digit is not decoded right
// after a "%", or a "%" and a hex digit, where it would make a new
// percent-encoded byte of bytes that were not one: "%7%30" stays so, since
// "%70" would be "p" the next time.
func normalizePercent(s string) string {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return s
	}
	for ; i < len(s); i++ {
		if infra.IsPercentEncodedByteAt(s, i) {
			c := infra.PercentDecodedByte(s[i+1], s[i+2])
			if isUnreserved(c) || s[i+1] >= 'a' || s[i+2] >= 'a' {
				break
			}
			i += 2
		}
	}
	if i == len(s) {
		return s
	}
	b := make([]byte, 0, len(s))
	b = append(b, s[:i]...)
	for ; i < len(s); i++ {
		if !infra.IsPercentEncodedByteAt(s, i) {
			b = append(b, s[i])
			continue
		}
		c := infra.PercentDecodedByte(s[i+1], s[i+2])
		if isUnreserved(c) && !(infra.IsASCIIHexDigit(int(c)) && endsInPercentPrefix(b)) {
			b = append(b, c)
		} else {
			b = append(b, '%', infra.UpperHexDigits[c>>4], infra.UpperHexDigits[c&15])
		}
		i += 2
	}
	if string(b) == s {
		return s
	}
	return string(b)
}

// endsInPercentPrefix reports whether b ends in "%" or in "%" and a hex
// digit: the start of a percent-encoded byte that a hex digit appended to b
// would continue.
func endsInPercentPrefix(b []byte) bool {
	n := len(b)
	return n >= 1 && b[n-1] == '%' || n >= 2 && b[n-2] == '%' && infra.IsASCIIHexDigit(int(b[n-1]))
}

// appendUnescapedRepeatedly appends s to b percent-decoded repeatedly until
// no percent-encoded byte is left, as Safe Browsing's canonicalization
// ("repeatedly percent-unescape the URL until it has no more
// percent-escapes") and the Internet Archive's unescapeRepeatedly do:
// "%25%32%35" becomes "%25" after one round and "%" after two.
//
// Decoding round after round takes time quadratic in the length of input such
// as "%252525…25". This does it in one pass with the output as a stack:
// each byte is appended, and while the output ends in "%" and two hex digits,
// those three bytes are replaced by the byte they encode, which may complete
// another escape before it. Replacing one escape never creates or destroys an
// escape anywhere but at the end of the output, and escapes never overlap (a
// hex digit is not "%"), so the result is the same fixed point the rounds
// reach, and it has no percent-encoded byte in it.
//
// A run of s without "%" that does not start within two bytes of a "%" of
// the output cannot complete an escape, and is appended at once.
func appendUnescapedRepeatedly(b []byte, s string) []byte {
	start := len(b)
	for i := 0; i < len(s); i++ {
		if n := len(b); s[i] != '%' && (n-start < 1 || b[n-1] != '%') && (n-start < 2 || b[n-2] != '%') {
			j := strings.IndexByte(s[i:], '%')
			if j < 0 {
				return append(b, s[i:]...)
			}
			b = append(b, s[i:i+j]...)
			i += j
		}
		b = append(b, s[i])
		for n := len(b); n-start >= 3 && b[n-3] == '%' && infra.IsASCIIHexDigit(int(b[n-2])) && infra.IsASCIIHexDigit(int(b[n-1])); n = len(b) {
			b[n-3] = infra.PercentDecodedByte(b[n-2], b[n-1])
			b = b[:n-2]
		}
	}
	return b
}

// hasPercent reports whether s holds a "%".
func hasPercent(s string) bool { return strings.IndexByte(s, '%') >= 0 }

// unescapeRepeatedly is appendUnescapedRepeatedly returning a string; it
// returns s itself when s has no "%".
func unescapeRepeatedly(s string) string {
	if !hasPercent(s) {
		return s
	}
	return string(appendUnescapedRepeatedly(nil, s))
}

// needsSafeBrowsingEscape reports whether Safe Browsing's canonicalization
// percent-escapes the byte c: "percent-escape all characters that are
// <= ASCII 32, >= 127, "#", or "%"".
func needsSafeBrowsingEscape(c byte) bool {
	return c <= ' ' || c >= 0x7f || c == '#' || c == '%'
}

// A byteSet is a set of bytes, as a table: the bytes that a
// canonicalization escapes.
type byteSet [256]bool

// newByteSet returns the set of the bytes for which in reports true.
func newByteSet(in func(byte) bool) *byteSet {
	var set byteSet
	for c := range len(set) {
		set[c] = in(byte(c))
	}
	return &set
}

// The sets of bytes that Safe Browsing escapes, in the query and in the
// path.
var (
	safeBrowsingEscapes     = newByteSet(needsSafeBrowsingEscape)
	safeBrowsingPathEscapes = newByteSet(escapeSafeBrowsingPath)
)

// appendEscaped appends s to b with every byte of escape percent-encoded
// with upper-case hex digits.
func appendEscaped[S ~string | ~[]byte](b []byte, s S, escape *byteSet) []byte {
	done := 0 // s[:done] is in b
	for i := 0; i < len(s); i++ {
		if c := s[i]; escape[c] {
			b = append(b, s[done:i]...)
			b = append(b, '%', infra.UpperHexDigits[c>>4], infra.UpperHexDigits[c&15])
			done = i + 1
		}
	}
	return append(b, s[done:]...)
}
