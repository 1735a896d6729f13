package url

import (
	"math"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/bidi"
)

// This file keeps the domain parser linear in time on long labels.
//
// x/net/idna's Punycode encoder (RFC 3492, section 6.3) scans the whole
// label once for every distinct code point in it, so a label of n code
// points with d distinct ones costs n·d: a 100 KB label of varied CJK takes
// seconds. No real domain label is that long (DNS allows 63 bytes), but the
// standard sets no limit, so for a domain with a long label the domain
// parser lets x/net map and validate it (ToUnicode, which runs the same
// UTS #46 processing and checks as ToASCII, and is linear) and encodes the
// labels itself in O(n log n). Shorter labels, all real ones, go through
// x/net's ToASCII as they are.

// longLabel is the length in bytes of a label of the input past which the
// domain parser encodes labels itself. Below it, x/net's encoder costs at
// most a constant times the input's length.
const longLabel = 256

// hasLongLabel reports whether a label of domain, split on ".", is longer
// than longLabel bytes. (UTS #46 mapping may split labels further, at
// U+3002 and its kin, or expand a code point to a few, but that changes the
// bound only by a constant factor.)
func hasLongLabel(domain string) bool {
	for len(domain) > longLabel {
		i := strings.IndexByte(domain, '.')
		if i < 0 {
			return true
		}
		if i > longLabel {
			return true
		}
		domain = domain[i+1:]
	}
	return false
}

// toASCIILongLabels is profile.ToASCII(domain) for a domain with a long
// label: profile.ToUnicode maps and validates, then each label with a code
// point that is not ASCII is written as "xn--" and its Punycode encoding.
// With verifyDNSLength (beStrict), the lengths are checked as UTS #46's
// VerifyDnsLength says: each label 1 to 63 bytes, the whole domain 1 to 253
// bytes without a trailing dot. It also returns the result of ToUnicode, for
// the checks x/net does not make (checkBidi).
func toASCIILongLabels(profile *idna.Profile, domain string, verifyDNSLength bool) (result, unicode string, ok bool) {
	unicode, err := profile.ToUnicode(domain)
	if err != nil {
		return "", "", false
	}
	var b strings.Builder
	b.Grow(len(unicode))
	for i, label := range strings.Split(unicode, ".") {
		if i > 0 {
			b.WriteByte('.')
		}
		if isASCII(label) {
			b.WriteString(label)
			continue
		}
		encoded, ok := appendPunycode([]byte("xn--"), label)
		if !ok {
			return "", "", false
		}
		b.Write(encoded)
	}
	result = b.String()
	if verifyDNSLength {
		name := strings.TrimSuffix(result, ".")
		if len(name) < 1 || len(name) > 253 {
			return "", "", false
		}
		for _, label := range strings.Split(name, ".") {
			if len(label) < 1 || len(label) > 63 {
				return "", "", false
			}
		}
	}
	return result, unicode, true
}

// The parameters of Punycode: RFC 3492, section 5.
const (
	punyBase        = 36
	punyTMin        = 1
	punyTMax        = 26
	punySkew        = 38
	punyDamp        = 700
	punyInitialBias = 72
	punyInitialN    = 128
)

// appendPunycode appends the Punycode encoding of label (RFC 3492, section
// 6.3) to dst, and reports false where the encoding overflows a 32-bit
// signed delta, as x/net/idna's encoder does. Where the RFC's loop scans the
// label once for each code point value, this takes the non-basic code points
// in order of value and position, and counts the smaller code points
// between two of them with a Fenwick tree over positions: O(n log n).
func appendPunycode(dst []byte, label string) ([]byte, bool) {
	runes := []rune(label)
	type occurrence struct {
		r   rune
		pos int32
	}
	var rest []occurrence
	tree := make([]int32, len(runes)+1) // Fenwick tree: 1 at each position whose code point is below n
	add := func(pos int) {
		for i := pos + 1; i < len(tree); i += i & -i {
			tree[i]++
		}
	}
	prefix := func(pos int) int64 { // how many positions < pos are marked
		s := int64(0)
		for i := pos; i > 0; i -= i & -i {
			s += int64(tree[i])
		}
		return s
	}
	// Copy the basic code points, in order, followed by a delimiter if
	// there are any.
	b := int32(0)
	for pos, r := range runes {
		if r < 0x80 {
			dst = append(dst, byte(r))
			b++
			add(pos)
		} else {
			rest = append(rest, occurrence{r, int32(pos)})
		}
	}
	if b > 0 {
		dst = append(dst, '-')
	}
	slices.SortFunc(rest, func(x, y occurrence) int {
		if x.r != y.r {
			return int(x.r - y.r)
		}
		return int(x.pos - y.pos)
	})
	n, delta, bias, h := int32(punyInitialN), int32(0), int32(punyInitialBias), b
	for i := 0; i < len(rest); {
		// Let m be the minimum code point >= n in the input; increase delta
		// enough to advance the decoder's <n,i> state to <m,0>.
		m := rest[i].r
		step := int64(m-n) * int64(h+1)
		if step > math.MaxInt32-int64(delta) {
			return dst, false
		}
		delta += int32(step)
		n = m
		j := i
		for j < len(rest) && rest[j].r == m {
			j++
		}
		// For each code point c in the input, in order: if c < n, increment
		// delta; if c == n, write delta as a generalized variable-length
		// integer, adapt the bias, reset delta, increment h.
		from := 0
		for _, o := range rest[i:j] {
			smaller := prefix(int(o.pos)) - prefix(from)
			if smaller > math.MaxInt32-int64(delta) {
				return dst, false
			}
			delta += int32(smaller)
			dst = appendPunycodeInteger(dst, delta, bias)
			bias = punyAdapt(delta, h+1, h == b)
			delta = 0
			h++
			from = int(o.pos) + 1
		}
		smaller := prefix(len(runes)) - prefix(from)
		if smaller > math.MaxInt32-int64(delta) {
			return dst, false
		}
		delta += int32(smaller)
		for _, o := range rest[i:j] {
			add(int(o.pos))
		}
		// Increment delta and n.
		delta++
		n++
		i = j
	}
	return dst, true
}

// punyThreshold returns the threshold t of the digit at position k of a
// generalized variable-length integer: k - bias, clamped to [tmin, tmax]
// (RFC 3492, section 3.3).
func punyThreshold(k, bias int32) int32 {
	return min(max(k-bias, punyTMin), punyTMax)
}

// appendPunycodeInteger appends q as a generalized variable-length integer
// with the thresholds of bias (RFC 3492, section 3.3).
func appendPunycodeInteger(dst []byte, q, bias int32) []byte {
	for k := int32(punyBase); ; k += punyBase {
		t := punyThreshold(k, bias)
		if q < t {
			break
		}
		dst = append(dst, punyDigit(t+(q-t)%(punyBase-t)))
		q = (q - t) / (punyBase - t)
	}
	return append(dst, punyDigit(q))
}

// punyDigit returns the basic code point of a digit 0 to 35: a-z, then 0-9.
func punyDigit(d int32) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}

// punyAdapt is the bias adaptation function of RFC 3492, section 6.1.
func punyAdapt(delta, numPoints int32, firstTime bool) int32 {
	if firstTime {
		delta /= punyDamp
	} else {
		delta /= 2
	}
	delta += delta / numPoints
	k := int32(0)
	for delta > ((punyBase-punyTMin)*punyTMax)/2 {
		delta /= punyBase - punyTMin
		k += punyBase
	}
	return k + (punyBase-punyTMin+1)*delta/(delta+punySkew)
}

// punycodeDecodesRTL reports whether the Punycode string encoded (a label
// that starts with "xn--", without its prefix) decodes (RFC 3492, section
// 6.2) to a string with a code point of Bidi_Class R, AL or AN, or is not
// valid Punycode. It follows the decoder's state <n,i> to learn each code
// point it inserts, but not where, so it allocates nothing, in linear time.
func punycodeDecodesRTL(encoded string) bool {
	// "Consume all code points before the last delimiter (if there is one)
	// and copy them to output", "then consume one more".
	out := int32(0)
	if d := strings.LastIndexByte(encoded, '-'); d >= 0 {
		for i := 0; i < d; i++ {
			if encoded[i] >= utf8.RuneSelf {
				return true
			}
		}
		out, encoded = int32(d), encoded[d+1:]
	}
	n, i, bias := int32(punyInitialN), int32(0), int32(punyInitialBias)
	for pos := 0; pos < len(encoded); {
		oldi, w := i, int32(1)
		for k := int32(punyBase); ; k += punyBase {
			// "Consume a code point, or fail if there was none to consume."
			if pos == len(encoded) {
				return true
			}
			digit := punyDigitValue(encoded[pos])
			pos++
			if digit < 0 || digit > (math.MaxInt32-i)/w {
				return true
			}
			i += digit * w
			t := punyThreshold(k, bias)
			if digit < t {
				break
			}
			if w > math.MaxInt32/(punyBase-t) {
				return true
			}
			w *= punyBase - t
		}
		out++
		bias = punyAdapt(i-oldi, out, oldi == 0)
		if i/out > math.MaxInt32-n {
			return true
		}
		n += i / out
		i %= out
		// "Insert n into output at position i": only n matters here.
		if n > utf8.MaxRune {
			return true
		}
		switch p, _ := bidi.LookupRune(n); p.Class() {
		case bidi.R, bidi.AL, bidi.AN:
			return true
		}
		i++
	}
	return false
}

// punyDigitValue returns the digit value of a basic code point (RFC 3492,
// section 5): 0 to 25 for A-Z and a-z, 26 to 35 for 0-9, -1 for any other.
func punyDigitValue(c byte) int32 {
	switch {
	case 'a' <= c && c <= 'z':
		return int32(c - 'a')
	case 'A' <= c && c <= 'Z':
		return int32(c - 'A')
	case '0' <= c && c <= '9':
		return int32(c-'0') + 26
	}
	return -1
}
