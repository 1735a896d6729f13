// Package patternparts holds the part lists of the URL Pattern Standard
// (https://urlpattern.spec.whatwg.org/#parts), which package urlpattern
// compiles its patterns from, so that other packages of this module (a
// router, say) can read the part lists of a compiled pattern without
// package urlpattern exporting them.
package patternparts

import "github.com/webstd/url"

// A Type is https://urlpattern.spec.whatwg.org/#part-type. The constants
// are in the order in which URLPattern.compareComponent ranks them, from
// the least to the most specific.
type Type uint8

const (
	// FullWildcard is "full-wildcard": a group that greedily matches all
	// code points ("*").
	FullWildcard Type = iota
	// SegmentWildcard is "segment-wildcard": a group that matches code
	// points up to the next delimiter (":name").
	SegmentWildcard
	// Regexp is "regexp": a group with a regular expression of its own
	// ("(\d+)", ":id(\d+)").
	Regexp
	// FixedText is "fixed-text": text to match as it is.
	FixedText
)

// A Modifier is https://urlpattern.spec.whatwg.org/#part-modifier. The
// constants are in the order in which URLPattern.compareComponent ranks
// them, from the least to the most specific.
type Modifier uint8

const (
	ZeroOrMore Modifier = iota // "*"
	Optional                   // "?"
	OneOrMore                  // "+"
	None                       // no modifier
)

// A Part is https://urlpattern.spec.whatwg.org/#part. Value, Prefix and
// Suffix are canonicalized (encoded) text; Value is the regular expression
// of a Regexp part and empty for the wildcards.
type Part struct {
	Type     Type
	Value    string
	Modifier Modifier
	Name     string
	Prefix   string
	Suffix   string
}

// A Component is what a compiled component of a pattern offers to read:
// https://urlpattern.spec.whatwg.org/#component and its options.
type Component struct {
	// PatternString is the component's pattern string.
	PatternString string
	// Parts is the component's part list. It must not be modified.
	Parts []Part
	// Delimiter and Prefix are the options' delimiter code point and prefix
	// code point ("/" and "/" for a pathname with a special scheme, "."
	// and "" for a hostname, empty otherwise).
	Delimiter, Prefix string
	// IgnoreCase is the options' ignore case.
	IgnoreCase bool
}

// Of returns component c (0 for the protocol to 7 for the hash, in the
// standard's order) of p, a *urlpattern.Pattern. Package urlpattern sets it
// when it is initialized.
var Of func(p any, c int) (Component, bool)

// Redact returns a URL pattern constructor string with the passwords that
// a reader finds in it redacted, as package urlpattern's errors quote one,
// for the errors of other packages that quote a pattern. Package
// urlpattern sets it when it is initialized.
var Redact func(pattern string) string

// A Group is a group of a component that took part in a match: its name
// in the component's group name list, and the text it matched.
type Group struct {
	Name, Value string
}

// TestComponent reports whether component c of p, a *urlpattern.Pattern,
// matches input, as the component's part of Test does; false when p is not
// a valid pattern. It allocates nothing for a component matched without a
// regular expression. Package urlpattern sets it when it is initialized.
var TestComponent func(p any, c int, input string) bool

// AppendGroups matches component c of p, a *urlpattern.Pattern, against
// input, as the component's part of Exec does, and returns dst with each
// of the component's groups that took part in the match appended, in the
// order of its group name list, and true; or dst and false when input
// does not match (or p is not a valid pattern). For a component matched
// without a regular expression it allocates nothing but to grow dst, so a
// router can give a request's path values from a buffer it reuses.
// Package urlpattern sets it when it is initialized.
var AppendGroups func(p any, c int, input string, dst []Group) ([]Group, bool)

// URLValue returns component c of u (0 for the protocol to 7 for the
// hash, in the standard's order) as a pattern matches it: steps 13.3 to
// 13.10 of https://urlpattern.spec.whatwg.org/#url-pattern-match, the
// scheme, username, password, host and port serialized, the path
// serialized, the query and the fragment, each the empty string when null.
// Package urlpattern reads a URL with it, and a router each component it
// tests.
func URLValue(u url.URL, c int) string {
	switch c {
	case 0:
		return u.Scheme()
	case 1:
		return u.Username()
	case 2:
		return u.Password()
	case 3:
		return u.Hostname()
	case 4:
		return u.Port()
	case 5:
		return u.Pathname()
	case 6:
		q, _ := u.Query()
		return q
	default:
		f, _ := u.Fragment()
		return f
	}
}
