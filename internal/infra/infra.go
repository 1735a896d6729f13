// Package infra is the bottom layer of the module's URL code: what the URL
// Standard takes from the Infra Standard (https://infra.spec.whatwg.org/:
// ASCII code point classes, ASCII lowercase, hex digits, serializing an
// integer) and the Encoding Standard (reading bytes as UTF-8), and the
// classes of code points that the URL Standard's own sections define (URL
// code points, forbidden host and domain code points, the percent-encode
// sets), all in one table of byte classes, with the scanners that read runs
// of bytes by it. Package url builds its parser on it, and packages
// canonical and urlpattern read URLs with the same helpers; it uses nothing
// of theirs.
package infra

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"strings"
	"unicode/utf8"
)

// A Class is a set of byte classes: bits of ByteClass.
type Class uint32

// An EncodeSet is a set of the standard's percent-encode sets, one bit per set
// (https://url.spec.whatwg.org/#percent-encode-set). The zero EncodeSet is the
// empty set: no byte is in it.
type EncodeSet uint8

// Contains reports whether byte b is in one of the sets of s. For a byte of
// 0x80 or more it is true for every non-empty s.
func (s EncodeSet) Contains(b byte) bool { return ByteClass[b]&Class(s) != 0 }

// Run returns the run of the bytes that s, one of the sets, leaves as they
// are: the scanner that the parser's states and its fast path both use to
// find the bytes to encode.
func (s EncodeSet) Run() *Run { return encodeRuns[bits.TrailingZeros8(uint8(s))] }

// encodeRuns are the runs of the eight sets, by the bit of each.
var encodeRuns = func() (runs [8]*Run) {
	for i := range runs {
		runs[i] = NewRun(Class(1 << i))
	}
	return runs
}()

// The percent-encode sets of the standard, one bit each, from the smallest to
// the largest (https://url.spec.whatwg.org/#percent-encode-set). Each set
// but the first three contains the one before it. A byte of 0x80 or more is
// part of a non-ASCII code point, which every set contains, so such a byte
// is in every set. Package url's percent.go encodes and decodes with them.
const (
	C0ControlSet      EncodeSet = 1 << iota // https://url.spec.whatwg.org/#c0-control-percent-encode-set
	FragmentSet                             // https://url.spec.whatwg.org/#fragment-percent-encode-set
	QuerySet                                // https://url.spec.whatwg.org/#query-percent-encode-set
	SpecialQuerySet                         // https://url.spec.whatwg.org/#special-query-percent-encode-set
	PathSet                                 // https://url.spec.whatwg.org/#path-percent-encode-set
	UserinfoSet                             // https://url.spec.whatwg.org/#userinfo-percent-encode-set
	ComponentSet                            // https://url.spec.whatwg.org/#component-percent-encode-set
	FormURLEncodedSet                       // https://url.spec.whatwg.org/#application-x-www-form-urlencoded-percent-encode-set
)

// The other classes of ByteClass, after the eight bits of the percent-encode
// sets.
const (
	// What the basic URL parser's states look for in their loops.
	EndsComponent   Class = 1 << (8 + iota) // "/", "?" or "#": ends an authority, host, port or path segment
	ReverseSolidus                          // "\": ends them too when the URL is special
	SchemeCodePoint                         // an ASCII alphanumeric, "+", "-" or "."
	AtSign                                  // "@"
	HostDelimiter                           // ":", "[" or "]", which the host state watches for
	PathSpecial                             // a byte the path state cannot copy as it is: "/", "\", or in the path percent-encode set
	Solidus                                 // "/", which ends a path segment even under a state override
	PathRunEnd                              // a pathSpecial byte but "/": what ends a run of plain path segments
	DotSegmentStart                         // "." or "%": what a single-dot or double-dot URL path segment starts with

	// What the host parser asks of a byte.
	ClassForbiddenHost   // a forbidden host code point
	ClassForbiddenDomain // a forbidden domain code point
	ClassUpper           // an ASCII upper alpha
	ClassNonASCII        // a byte of a non-ASCII code point
	ClassLDH             // a-z, A-Z, 0-9 or U+002D (-): what UseSTD3ASCIIRules allows
	ClassURLCodePoint    // an ASCII URL code point
	ClassNumberEnd       // an ASCII hex digit, "x", "X" or ".": what a host that ends in a number ends with
)

// ByteClass[b] has the bit of every class byte b is in, so that a loop makes
// one table lookup a byte whatever it asks.
var ByteClass = buildByteClass()

// buildByteClass builds ByteClass from the standard's definitions.
func buildByteClass() (t [256]Class) {
	// derive makes set the set base plus the bytes of extra.
	derive := func(set, base EncodeSet, extra string) {
		for b, classes := range t {
			if classes&Class(base) != 0 {
				t[b] |= Class(set)
			}
		}
		for i := 0; i < len(extra); i++ {
			t[extra[i]] |= Class(set)
		}
	}
	// The C0 control percent-encode set is a percent-encode set consisting of
	// C0 controls and all code points greater than U+007E (~).
	for b := range t {
		if b <= 0x1F || b > 0x7E {
			t[b] |= Class(C0ControlSet)
		}
	}
	// The fragment percent-encode set is a percent-encode set consisting of the
	// C0 control percent-encode set and U+0020 SPACE, U+0022 ("), U+003C (<),
	// U+003E (>), and U+0060 (`).
	derive(FragmentSet, C0ControlSet, " \"<>`")
	// The query percent-encode set is a percent-encode set consisting of the C0
	// control percent-encode set and U+0020 SPACE, U+0022 ("), U+0023 (#),
	// U+003C (<), and U+003E (>).
	derive(QuerySet, C0ControlSet, " \"#<>")
	// The special-query percent-encode set is a percent-encode set consisting
	// of the query percent-encode set and U+0027 (').
	derive(SpecialQuerySet, QuerySet, "'")
	// The path percent-encode set is a percent-encode set consisting of the
	// query percent-encode set and U+003F (?), U+005E (^), U+0060 (`),
	// U+007B ({), and U+007D (}).
	derive(PathSet, QuerySet, "?^`{}")
	// The userinfo percent-encode set is a percent-encode set consisting of the
	// path percent-encode set and U+002F (/), U+003A (:), U+003B (;),
	// U+003D (=), U+0040 (@), U+005B ([) to U+005D (]), inclusive, and
	// U+007C (|).
	derive(UserinfoSet, PathSet, "/:;=@[\\]|")
	// The component percent-encode set is a percent-encode set consisting of
	// the userinfo percent-encode set and U+0024 ($) to U+0026 (&), inclusive,
	// U+002B (+), and U+002C (,).
	derive(ComponentSet, UserinfoSet, "$%&+,")
	// The application/x-www-form-urlencoded percent-encode set is a
	// percent-encode set consisting of the component percent-encode set and
	// U+0021 (!), U+0027 (') to U+0029 RIGHT PARENTHESIS, inclusive, and
	// U+007E (~).
	derive(FormURLEncodedSet, ComponentSet, "!'()~")

	// https://url.spec.whatwg.org/#forbidden-host-code-point: U+0000 NULL,
	// U+0009 TAB, U+000A LF, U+000D CR, U+0020 SPACE, U+0023 (#), U+002F (/),
	// U+003A (:), U+003C (<), U+003E (>), U+003F (?), U+0040 (@), U+005B ([),
	// U+005C (\), U+005D (]), U+005E (^), or U+007C (|).
	for _, c := range []byte("\x00\t\n\r #/:<>?@[\\]^|") {
		t[c] |= ClassForbiddenHost
	}
	for c := range t {
		b := byte(c)
		// https://url.spec.whatwg.org/#forbidden-domain-code-point: a
		// forbidden host code point, a C0 control, U+0025 (%), or U+007F
		// DELETE.
		if t[c]&ClassForbiddenHost != 0 || c <= 0x1f || b == '%' || c == 0x7f {
			t[c] |= ClassForbiddenDomain
		}
		switch {
		case 'A' <= b && b <= 'Z':
			t[c] |= ClassUpper | ClassLDH
		case 'a' <= b && b <= 'z', '0' <= b && b <= '9', b == '-':
			t[c] |= ClassLDH
		case b >= utf8.RuneSelf:
			t[c] |= ClassNonASCII
		}
		if b < utf8.RuneSelf && IsURLCodePoint(rune(b)) {
			t[c] |= ClassURLCodePoint
		}
		switch b {
		case '/', '?', '#':
			t[c] |= EndsComponent
		case '\\':
			t[c] |= ReverseSolidus
		case '@':
			t[c] |= AtSign
		case ':', '[', ']':
			t[c] |= HostDelimiter
		}
		if IsASCIIAlpha(c) || IsASCIIDigit(c) || b == '+' || b == '-' || b == '.' {
			t[c] |= SchemeCodePoint
		}
		if b == '/' || b == '\\' || t[c]&Class(PathSet) != 0 {
			t[c] |= PathSpecial
			if b != '/' {
				t[c] |= PathRunEnd
			}
		}
		if b == '/' {
			t[c] |= Solidus
		}
		if b == '.' || b == '%' {
			t[c] |= DotSegmentStart
		}
		if IsASCIIHexDigit(c) || b|0x20 == 'x' || b == '.' {
			t[c] |= ClassNumberEnd
		}
	}
	return t
}

// A Run is a loop's view of ByteClass: the classes of the bytes that end
// the loop's run of bytes, and the same as a table whose entry for a byte
// has its high bit (0x80) set when the byte ends the run, so that the
// entries of eight bytes pack into one word whose lowest high bit tells where
// the run ends. The seven low bits of an entry are which of the classes the
// run notes the byte has (see NewNotingRun), so that the same word tells
// which of them the bytes before the end have.
type Run struct {
	Stop Class
	Note Class // the classes Scan reports
	ends [256]uint8
	// noted is the union of Note's classes that each seven-bit summary of
	// the entries stands for.
	noted [128]Class
}

// NewRun returns the run that the bytes whose classes meet stop end.
func NewRun(stop Class) *Run { return NewNotingRun(stop, 0) }

// NewNotingRun returns the run that the bytes whose classes meet stop end,
// whose Scan reports which of the classes of note the run has. A run notes
// at most seven classes, one bit of a table entry each: NewNotingRun panics
// when note has more (the parser's runs are package variables, so a program
// that makes such a run fails as it starts).
func NewNotingRun(stop, note Class) *Run {
	if bits.OnesCount32(uint32(note)) > 7 {
		panic("infra: a run notes at most seven classes")
	}
	r := &Run{Stop: stop, Note: note}
	var noteBits []Class // the class that bit k of an entry stands for
	for c := note; c != 0; c &= c - 1 {
		noteBits = append(noteBits, c&-c)
	}
	for b, classes := range ByteClass {
		if classes&stop != 0 {
			r.ends[b] = 0x80
		}
		for k, c := range noteBits {
			if classes&c != 0 {
				r.ends[b] |= 1 << k
			}
		}
	}
	for summary := range r.noted {
		for k, c := range noteBits {
			if summary&(1<<k) != 0 {
				r.noted[summary] |= c
			}
		}
	}
	return r
}

// Span returns the index of the first byte of s at or after i that ends
// the run r, or len(s) when there is none. It tests eight bytes a step,
// with the union of their classes; in the step that holds the end, and in
// the last eight bytes of s when fewer than eight are left, it finds the
// end with no branch a byte (a loop that stops at a byte that depends on
// the input is a branch the processor mispredicts).
func (r *Run) Span(s string, i int) int {
	for ; i+8 <= len(s); i += 8 {
		if b := s[i : i+8]; (ByteClass[b[0]]|ByteClass[b[1]]|ByteClass[b[2]]|ByteClass[b[3]]|
			ByteClass[b[4]]|ByteClass[b[5]]|ByteClass[b[6]]|ByteClass[b[7]])&r.Stop != 0 {
			return i + bits.TrailingZeros64(r.ends8(b)&highBits)/8
		}
	}
	if i == len(s) {
		return i
	}
	if len(s) >= 8 {
		// The last eight bytes, less the bytes before i.
		if m := r.ends8(s[len(s)-8:]) >> (8 * (i - (len(s) - 8))) & highBits; m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
		return len(s)
	}
	// Fewer than eight bytes in all: four at once, then one at a time.
	if i+4 <= len(s) {
		if b := s[i : i+4]; (r.ends[b[0]]|r.ends[b[1]]|r.ends[b[2]]|r.ends[b[3]])&0x80 == 0 {
			i += 4
		}
	}
	for i < len(s) && r.ends[s[i]] < 0x80 {
		i++
	}
	return i
}

// highBits is the high bit of each byte of a word.
const highBits = 0x8080808080808080

// Scan is Span that also returns which of the classes that r notes (Note)
// the bytes from i to the end of the run have, for a loop that needs to know
// what the run holds: the host state's, whose host parser takes a host of
// plain bytes as it is. It reads the table entries of eight bytes a step, as
// one word, and in the step that holds the end keeps the entries of the
// bytes before it: no branch a byte either.
func (r *Run) Scan(s string, i int) (end int, seen Class) {
	var summary uint64 // the union of the entries read, bytewise
	for ; i+8 <= len(s); i += 8 {
		x := r.ends8(s[i : i+8])
		if m := x & highBits; m != 0 {
			return i + bits.TrailingZeros64(m)/8, r.summarize(summary | x&before(m))
		}
		summary |= x
	}
	if i == len(s) {
		return i, r.summarize(summary)
	}
	if len(s) >= 8 {
		// The last eight bytes, less the bytes before i, with an end
		// marked after them.
		from := i - (len(s) - 8)
		x := r.ends8(s[len(s)-8:]) >> (8 * from)
		m := x&highBits | 0x80<<(8*(8-from))
		return i + bits.TrailingZeros64(m)/8, r.summarize(summary | x&before(m))
	}
	// Fewer than eight bytes in all: four at once, then one at a time.
	if i+4 <= len(s) {
		b := s[i : i+4]
		if e := r.ends[b[0]] | r.ends[b[1]] | r.ends[b[2]] | r.ends[b[3]]; e&0x80 == 0 {
			summary, i = summary|uint64(e), i+4
		}
	}
	for ; i < len(s) && r.ends[s[i]] < 0x80; i++ {
		summary |= uint64(r.ends[s[i]])
	}
	return i, r.summarize(summary)
}

// before returns the bits of the bytes of a word before the first byte
// whose high bit m has set (m has high bits only, and one at least): the
// lowest of them, moved to the byte's lowest bit, less one.
func before(m uint64) uint64 { return (m&-m)>>7 - 1 }

// summarize returns the classes that the table entries whose bytewise union
// is summary stand for.
func (r *Run) summarize(summary uint64) Class {
	summary |= summary >> 32
	summary |= summary >> 16
	summary |= summary >> 8
	return r.noted[summary&0x7f]
}

// ends8 packs r's table entries for the eight bytes of b into a word, the
// first byte's lowest.
func (r *Run) ends8(b string) uint64 {
	return uint64(r.ends[b[0]]) | uint64(r.ends[b[1]])<<8 | uint64(r.ends[b[2]])<<16 | uint64(r.ends[b[3]])<<24 |
		uint64(r.ends[b[4]])<<32 | uint64(r.ends[b[5]])<<40 | uint64(r.ends[b[6]])<<48 | uint64(r.ends[b[7]])<<56
}

// IndexClass returns the index of the first byte of s that is in one of the
// classes of mask, or len(s) when there is none: for a loop whose mask is
// not one of a Run's. It looks at eight bytes a step, one table lookup
// each, then four, then one.
func IndexClass(s string, mask Class) int {
	n := len(s)
	for len(s) >= 8 {
		if (ByteClass[s[0]]|ByteClass[s[1]]|ByteClass[s[2]]|ByteClass[s[3]]|
			ByteClass[s[4]]|ByteClass[s[5]]|ByteClass[s[6]]|ByteClass[s[7]])&mask != 0 {
			break
		}
		s = s[8:]
	}
	if len(s) >= 4 && (ByteClass[s[0]]|ByteClass[s[1]]|ByteClass[s[2]]|ByteClass[s[3]])&mask == 0 {
		s = s[4:]
	}
	for len(s) > 0 && ByteClass[s[0]]&mask == 0 {
		s = s[1:]
	}
	return n - len(s)
}

// Load64 returns the first eight bytes of s as a little-endian number, in
// one load.
func Load64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// ClassesOf returns the union of the ByteClass bits of the bytes of s.
func ClassesOf(s string) Class {
	var acc Class
	for ; len(s) >= 4; s = s[4:] {
		acc |= ByteClass[s[0]] | ByteClass[s[1]] | ByteClass[s[2]] | ByteClass[s[3]]
	}
	for i := 0; i < len(s); i++ {
		acc |= ByteClass[s[i]]
	}
	return acc
}

// IsASCIIAlpha reports whether c is an ASCII alpha: https://infra.spec.whatwg.org/#ascii-alpha.
func IsASCIIAlpha(c int) bool { return uint(c|0x20-'a') < 26 }

// IsASCIIDigit reports whether c is an ASCII digit: https://infra.spec.whatwg.org/#ascii-digit.
func IsASCIIDigit(c int) bool { return uint(c-'0') < 10 }

// IsASCIIHexDigit reports whether c is an ASCII hex digit: https://infra.spec.whatwg.org/#ascii-hex-digit.
func IsASCIIHexDigit(c int) bool { return IsASCIIDigit(c) || uint(c|0x20-'a') < 6 }

// HexDigitValue returns the value of the ASCII hex digit c, and false when c
// is not one.
func HexDigitValue(c byte) (v byte, ok bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// IsPercentEncodedByteAt reports whether s[i:] starts with a percent-encoded
// byte (https://url.spec.whatwg.org/#percent-encoded-byte): U+0025 (%)
// followed by two ASCII hex digits.
func IsPercentEncodedByteAt[T string | []byte](s T, i int) bool {
	return i+2 < len(s) && s[i] == '%' && IsASCIIHexDigit(int(s[i+1])) && IsASCIIHexDigit(int(s[i+2]))
}

// PercentDecodedByte returns the byte that the percent-encoded byte "%",
// hi, lo stands for (IsPercentEncodedByteAt): the two ASCII hex digits read
// as a hexadecimal number, as step 2.3 of percent-decode reads them
// (https://url.spec.whatwg.org/#percent-decode).
func PercentDecodedByte(hi, lo byte) byte { return hexValue[hi]<<4 | hexValue[lo] }

// hexValue is HexDigitValue as a table, for PercentDecodedByte to inline.
var hexValue = func() (t [256]byte) {
	for c := range t {
		t[c], _ = HexDigitValue(byte(c))
	}
	return t
}()

// IsSingleDotSegment reports whether s is "." or "%2e", ASCII
// case-insensitively: https://url.spec.whatwg.org/#single-dot-path-segment.
func IsSingleDotSegment[T string | []byte](s T) bool {
	switch len(s) {
	case 1:
		return s[0] == '.'
	case 3:
		return s[0] == '%' && s[1] == '2' && s[2]|0x20 == 'e'
	}
	return false
}

// IsDoubleDotSegment reports whether s is "..", ".%2e", "%2e." or "%2e%2e",
// ASCII case-insensitively: https://url.spec.whatwg.org/#double-dot-path-segment.
func IsDoubleDotSegment[T string | []byte](s T) bool {
	switch len(s) {
	case 2:
		return s[0] == '.' && s[1] == '.'
	case 4:
		return (s[0] == '.' && IsSingleDotSegment(s[1:])) || (IsSingleDotSegment(s[:3]) && s[3] == '.')
	case 6:
		return IsSingleDotSegment(s[:3]) && IsSingleDotSegment(s[3:])
	}
	return false
}

// IsWindowsDriveLetter reports whether s is two code points, an ASCII alpha
// and ":" or "|": https://url.spec.whatwg.org/#windows-drive-letter.
func IsWindowsDriveLetter[T string | []byte](s T) bool {
	return len(s) == 2 && IsASCIIAlpha(int(s[0])) && (s[1] == ':' || s[1] == '|')
}

// IsScheme reports whether s is a URL-scheme string
// (https://url.spec.whatwg.org/#url-scheme-string): an ASCII alpha, then
// ASCII alphanumerics, U+002B (+), U+002D (-) and U+002E (.).
func IsScheme(s string) bool {
	if s == "" || !IsASCIIAlpha(int(s[0])) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if ByteClass[s[i]]&SchemeCodePoint == 0 {
			return false
		}
	}
	return true
}

// UpperHexDigits are the ASCII upper hex digits
// (https://infra.spec.whatwg.org/#ascii-upper-hex-digit), by value: those
// that percent-encode writes.
const UpperHexDigits = "0123456789ABCDEF"

// IsASCII reports whether s is an ASCII string: https://infra.spec.whatwg.org/#ascii-string.
func IsASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// LowerByte returns c, ASCII lowercased: https://infra.spec.whatwg.org/#ascii-lowercase.
func LowerByte(c byte) byte {
	if ByteClass[c]&ClassUpper != 0 {
		c += 'a' - 'A'
	}
	return c
}

// AppendLower appends s, ASCII lowercased, to dst.
func AppendLower(dst []byte, s string) []byte {
	n := len(dst)
	dst = slices.Grow(dst, len(s))[:n+len(s)]
	out := dst[n:]
	// Eight bytes at a time, and the last eight (again, in part) for the
	// rest: lowercasing twice is lowercasing once.
	if len(s) >= 8 {
		for i := 0; i+8 <= len(s); i += 8 {
			binary.LittleEndian.PutUint64(out[i:], Lower64(Load64(s[i:])))
		}
		last := len(s) - 8
		binary.LittleEndian.PutUint64(out[last:], Lower64(Load64(s[last:])))
		return dst
	}
	for i := 0; i < len(s); i++ {
		out[i] = LowerByte(s[i])
	}
	return dst
}

// LowerBytes ASCII lowercases b in place, eight bytes at a time (the last
// eight again, in part: lowercasing twice is lowercasing once).
func LowerBytes(b []byte) {
	if len(b) < 8 {
		for i, c := range b {
			b[i] = LowerByte(c)
		}
		return
	}
	for i := 0; i+8 <= len(b); i += 8 {
		binary.LittleEndian.PutUint64(b[i:], Lower64(binary.LittleEndian.Uint64(b[i:])))
	}
	last := len(b) - 8
	binary.LittleEndian.PutUint64(b[last:], Lower64(binary.LittleEndian.Uint64(b[last:])))
}

// Lower64 returns the eight bytes of x with each ASCII upper alpha
// lowercased: a byte of 7 bits (its top bit clear) is from "A" to "Z" when
// adding 0x80-'A' to it sets its top bit and adding 0x80-'Z'-1 does not; no
// sum carries into the next byte. Such a byte gets 0x20 (the top bit,
// shifted) added.
func Lower64(x uint64) uint64 {
	const ones, tops = 0x0101010101010101, 0x8080808080808080
	low := x &^ tops
	upper := (low + (0x80-'A')*ones) &^ (low + (0x80-'Z'-1)*ones) &^ x & tops
	return x | upper>>2
}

// ASCIILowercase returns s, ASCII lowercased: https://infra.spec.whatwg.org/#ascii-lowercase.
// It returns s itself when s has no ASCII upper alpha.
func ASCIILowercase(s string) string {
	if ClassesOf(s)&ClassUpper == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		b.WriteByte(LowerByte(s[i]))
	}
	return b.String()
}

// AppendDecimal appends n in decimal, the shortest representation:
// https://url.spec.whatwg.org/#serialize-an-integer.
func AppendDecimal(dst []byte, n uint32) []byte {
	var tmp [10]byte
	i := len(tmp)
	for {
		i--
		tmp[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			break
		}
	}
	return append(dst, tmp[i:]...)
}

// Itoa formats a non-negative integer in decimal.
func Itoa(n int) string { return string(AppendDecimal(nil, uint32(n))) }

// IsURLCodePoint reports whether r is a URL code point:
// https://url.spec.whatwg.org/#url-code-points.
func IsURLCodePoint(r rune) bool {
	if r < 0x80 {
		return IsASCIIAlpha(int(r)) || IsASCIIDigit(int(r)) || strings.ContainsRune("!$&'()*+,-./:;=?@_~", r)
	}
	if r < 0xA0 || r > 0x10FFFD || (r >= 0xD800 && r <= 0xDFFF) {
		return false
	}
	// Noncharacters: U+FDD0 to U+FDEF, and the last two code points of each plane.
	if (r >= 0xFDD0 && r <= 0xFDEF) || r&0xFFFE == 0xFFFE {
		return false
	}
	return true
}

// NextNonURLUnit returns the offset in s, at or after i, of the first code
// point that is not part of a URL unit (https://url.spec.whatwg.org/#url-units:
// a URL code point, or a percent-encoded byte), and its length: a code
// point that is not a URL code point, or a U+0025 (%) not followed by two
// ASCII hex digits. It returns len(s), 0 when there is none. It reads s as
// DecodeRune does, so an invalid sequence is U+FFFD, a URL code point.
func NextNonURLUnit(s string, i int) (at, n int) {
	for i < len(s) {
		c := s[i]
		if c == '%' {
			if !IsPercentEncodedByteAt(s, i) {
				return i, 1
			}
			i += 3
			continue
		}
		if c < utf8.RuneSelf {
			// An ASCII code point other than "%": one table lookup.
			if ByteClass[c]&ClassURLCodePoint == 0 {
				return i, 1
			}
			i++
			continue
		}
		r, size := DecodeRune(s[i:])
		if !IsURLCodePoint(r) {
			return i, size
		}
		i += size
	}
	return len(s), 0
}

// IsForbiddenHostCodePoint reports whether the ASCII byte c is a forbidden
// host code point (https://url.spec.whatwg.org/#forbidden-host-code-point).
// It is false for every byte that is not ASCII.
func IsForbiddenHostCodePoint(c byte) bool { return ByteClass[c]&ClassForbiddenHost != 0 }

// IsForbiddenDomainCodePoint reports whether the ASCII byte c is a forbidden
// domain code point (https://url.spec.whatwg.org/#forbidden-domain-code-point).
// It is false for every byte that is not ASCII.
func IsForbiddenDomainCodePoint(c byte) bool { return ByteClass[c]&ClassForbiddenDomain != 0 }

// DecodeRune decodes the first code point of s as the Encoding Standard's UTF-8
// decoder does (https://encoding.spec.whatwg.org/#utf-8-decoder). On valid
// UTF-8 it is utf8.DecodeRuneInString. An invalid sequence yields U+FFFD and
// the length of its maximal subpart, the longest prefix that could start a
// valid sequence (at least 1), where Go's decoder always consumes one byte:
// "\xF0\x90\x80" is one U+FFFD of size 3, "\xC0\x80" two U+FFFD of size 1,
// and the surrogate "\xED\xA0\x80" three U+FFFD of size 1. An empty s yields
// (utf8.RuneError, 0).
func DecodeRune(s string) (r rune, size int) {
	r, size = utf8.DecodeRuneInString(s)
	if r != utf8.RuneError || size != 1 {
		return r, size
	}
	// s starts with an invalid sequence.
	need, lower, upper := UTF8Lead(s[0])
	if need == 0 {
		return utf8.RuneError, 1
	}
	// The sequence is invalid, so one of its bytes is missing or out of
	// bounds: that byte ends the maximal subpart.
	for i := 1; i <= need; i++ {
		if i == len(s) || s[i] < lower || s[i] > upper {
			return utf8.RuneError, i
		}
		lower, upper = 0x80, 0xBF
	}
	return utf8.RuneError, 1 // not reached: s did not decode
}

// UTF8Lead returns what the Encoding Standard's UTF-8 decoder
// (https://encoding.spec.whatwg.org/#utf-8-decoder) sets in its steps 3 and
// 4 when it reads b, a byte of 0x80 or more, first: how many bytes are
// needed after b, and the bounds of the next one (the bytes after that are
// each 0x80 to 0xBF). need is 0 when b cannot start a sequence.
func UTF8Lead(b byte) (need int, lower, upper byte) {
	lower, upper = 0x80, 0xBF
	switch {
	case 0xC2 <= b && b <= 0xDF:
		need = 1
	case 0xE0 <= b && b <= 0xEF:
		need = 2
		if b == 0xE0 {
			lower = 0xA0
		} else if b == 0xED {
			upper = 0x9F
		}
	case 0xF0 <= b && b <= 0xF4:
		need = 3
		if b == 0xF0 {
			lower = 0x90
		} else if b == 0xF4 {
			upper = 0x8F
		}
	}
	return need, lower, upper
}

// ToWellFormed returns s with each invalid UTF-8 sequence replaced by U+FFFD,
// as DecodeRune reads it: the conversion of a Go string to the standard's
// scalar value string. It returns s itself, without allocating, when s is
// valid UTF-8.
func ToWellFormed(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	start := 0 // start of the run of valid bytes not yet written
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := DecodeRune(s[i:])
		if r == utf8.RuneError && s[i:i+n] != "\uFFFD" {
			b.WriteString(s[start:i])
			b.WriteString("\uFFFD")
			start = i + n
		}
		i += n
	}
	b.WriteString(s[start:])
	return b.String()
}
