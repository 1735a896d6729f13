package urlpattern

import "strings"

// CompareComponent compares component c of the patterns left and right by
// how specific they are, as the tentative URLPattern.compareComponent of
// web-platform-tests (urlpattern-compare-test-data.json) and Chromium
// define it, and returns -1 when left's is less specific, 0 when they are
// as specific, and +1 when left's is more specific. The URL Pattern
// Standard does not have it yet (https://github.com/whatwg/urlpattern/issues/61).
// Sorting patterns by it, most specific first, lets a router try
// "/books/new" before "/books/:id" before "/books/*".
//
// The part lists of the two components are compared part by part, and
// the first pair of parts that differs decides; a list that ends first is
// compared as if it went on with an empty fixed text part, so "/foo/" is
// more specific than "/foo/*". Two parts compare by their type (fixed text
// over a regexp group over a segment wildcard over a full wildcard), then
// by their modifier (none over "+" over "?" over "*"), then by their
// prefix, value and suffix as strings of bytes (they are canonicalized,
// and so ASCII). Names do not count: "/:a" and "/:b" are as specific.
// For a c that is not one of the eight components, CompareComponent
// returns 0; a zero or nil Pattern compares as one with empty part lists.
func CompareComponent(c Component, left, right *Pattern) int {
	if c >= numComponents {
		return 0
	}
	var l, r partList
	if left.valid() {
		l = left.components[c].parts
	}
	if right.valid() {
		r = right.components[c].parts
	}
	i := 0
	for ; i < len(l) && i < len(r); i++ {
		if n := comparePart(&l[i], &r[i]); n != 0 {
			return n
		}
	}
	empty := part{Type: partFixedText, Modifier: modifierNone}
	switch {
	case i < len(r):
		return comparePart(&empty, &r[i])
	case i < len(l):
		return comparePart(&l[i], &empty)
	}
	return 0
}

// comparePart compares two parts: by type, modifier, prefix, value and
// suffix, in that order.
func comparePart(a, b *part) int {
	if a.Type != b.Type {
		return sign(int(a.Type) - int(b.Type))
	}
	if a.Modifier != b.Modifier {
		return sign(int(a.Modifier) - int(b.Modifier))
	}
	if n := strings.Compare(a.Prefix, b.Prefix); n != 0 {
		return n
	}
	if n := strings.Compare(a.Value, b.Value); n != 0 {
		return n
	}
	return strings.Compare(a.Suffix, b.Suffix)
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}
