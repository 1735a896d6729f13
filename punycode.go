package url

import (
	"math"
	"slices"
)

// This file is Punycode (RFC 3492), which UTS #46 ToASCII uses to encode
// the labels that are not ASCII; uts46.go decodes. Both are O(n log n) in
// the length of the label, which the standard does not bound.

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
