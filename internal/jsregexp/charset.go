package jsregexp

import (
	"slices"
	"sync"
	"unicode"
)

// maxRune is the largest code point.
const maxRune = unicode.MaxRune

// A charset is a set of code points: the ECMAScript specification's CharSet
// of single characters (https://tc39.es/ecma262/#sec-charset). It is a
// sorted list of inclusive ranges that neither overlap nor touch, with a
// bitmap of its ASCII members for the common case.
type charset struct {
	ranges []rng
	ascii  [2]uint64
}

// A rng is the inclusive range of code points lo to hi.
type rng struct{ lo, hi rune }

// newCharset returns the set of the code points in ranges, which may be in
// any order, overlap or touch.
func newCharset(ranges []rng) *charset {
	rs := slices.Clone(ranges)
	if !slices.IsSortedFunc(rs, cmpLo) {
		slices.SortFunc(rs, cmpLo)
	}
	out := rs[:0]
	for _, r := range rs {
		if r.lo > r.hi {
			continue
		}
		if n := len(out); n > 0 && r.lo <= out[n-1].hi+1 {
			out[n-1].hi = max(out[n-1].hi, r.hi)
			continue
		}
		out = append(out, r)
	}
	c := &charset{ranges: out}
	for _, r := range out {
		for x := r.lo; x <= r.hi && x < 128; x++ {
			c.ascii[x>>6] |= 1 << (x & 63)
		}
	}
	return c
}

// cmpLo orders ranges by their first code point.
func cmpLo(a, b rng) int { return int(a.lo) - int(b.lo) }

// single returns the set of the one code point r: for an ASCII r, one
// made once (a charset is never changed once made), as a pattern's
// literal text makes one for each of its characters.
func single(r rune) *charset {
	if 0 <= r && r < 128 {
		return asciiSingles[r]
	}
	return newCharset([]rng{{r, r}})
}

// asciiSingles are the sets of each ASCII code point.
var asciiSingles = func() (t [128]*charset) {
	for r := range t {
		t[r] = newCharset([]rng{{rune(r), rune(r)}})
	}
	return t
}()

// has reports whether r is in c.
func (c *charset) has(r rune) bool {
	if r < 128 {
		return r >= 0 && c.ascii[r>>6]&(1<<(r&63)) != 0
	}
	rs := c.ranges
	lo, hi := 0, len(rs)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		switch {
		case r < rs[m].lo:
			hi = m
		case r > rs[m].hi:
			lo = m + 1
		default:
			return true
		}
	}
	return false
}

// isEmpty reports whether c has no code point.
func (c *charset) isEmpty() bool { return len(c.ranges) == 0 }

// union returns the code points in c or d.
func (c *charset) union(d *charset) *charset {
	return newCharset(append(slices.Clone(c.ranges), d.ranges...))
}

// complement returns the code points not in c.
func (c *charset) complement() *charset {
	var out []rng
	next := rune(0)
	for _, r := range c.ranges {
		if r.lo > next {
			out = append(out, rng{next, r.lo - 1})
		}
		next = r.hi + 1
	}
	if next <= maxRune {
		out = append(out, rng{next, maxRune})
	}
	return newCharset(out)
}

// intersect returns the code points in both c and d.
func (c *charset) intersect(d *charset) *charset {
	var out []rng
	i, j := 0, 0
	for i < len(c.ranges) && j < len(d.ranges) {
		a, b := c.ranges[i], d.ranges[j]
		lo, hi := max(a.lo, b.lo), min(a.hi, b.hi)
		if lo <= hi {
			out = append(out, rng{lo, hi})
		}
		if a.hi < b.hi {
			i++
		} else {
			j++
		}
	}
	return newCharset(out)
}

// subtract returns the code points in c and not in d.
func (c *charset) subtract(d *charset) *charset { return c.intersect(d.complement()) }

// fromTable returns the code points of a Unicode range table.
func fromTable(t *unicode.RangeTable) *charset {
	var rs []rng
	// add adds the code points from lo to hi, stride apart.
	add := func(lo, hi, stride rune) {
		if stride == 1 {
			rs = append(rs, rng{lo, hi})
			return
		}
		for x := lo; x <= hi; x += stride {
			rs = append(rs, rng{x, x})
		}
	}
	for _, r := range t.R16 {
		add(rune(r.Lo), rune(r.Hi), rune(r.Stride))
	}
	for _, r := range t.R32 {
		add(rune(r.Lo), rune(r.Hi), rune(r.Stride))
	}
	return newCharset(rs)
}

// Case folding.
//
// With the flags "vi" ECMAScript compares characters by their simple case
// folding (Canonicalize, https://tc39.es/ecma262/#sec-runtime-semantics-canonicalize-ch,
// is scf when rer.[[UnicodeSets]] is true), so that a character matches a set
// when some member of the set folds to what the character folds to. Two code
// points have the same simple case folding exactly when they are in the same
// orbit of unicode.SimpleFold. The compiler closes every set it builds under
// the orbits (foldClose), so that matching is plain membership, and a
// complement of a closed set, as ECMAScript's CharacterComplement is taken
// among case-folded characters, is closed too.

// foldRunes holds, once computed, every code point whose orbit under
// unicode.SimpleFold has more than one member, in order.
var foldRunes = sync.OnceValue(func() []rune {
	var out []rune
	for _, cr := range unicode.CaseRanges {
		for r := rune(cr.Lo); r <= rune(cr.Hi); r++ {
			if unicode.SimpleFold(r) != r {
				out = append(out, r)
			}
		}
	}
	// Members of orbits that have no case mapping of their own (none in
	// Unicode 17, but the orbits are the definition).
	for _, r := range slices.Clone(out) {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			out = append(out, f)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
})

// foldClose returns c with every member of the orbit of each of its code
// points added.
func (c *charset) foldClose() *charset {
	var add []rng
	for _, r := range foldRunes() {
		if !c.has(r) {
			continue
		}
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			if !c.has(f) {
				add = append(add, rng{f, f})
			}
		}
	}
	if len(add) == 0 {
		return c
	}
	return newCharset(append(slices.Clone(c.ranges), add...))
}

// canonical returns the code point that stands for r's orbit under
// unicode.SimpleFold, its smallest member: two code points have the same
// simple case folding exactly when they have the same canonical code point.
func canonical(r rune) rune {
	m := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		m = min(m, f)
	}
	return m
}
