package url

import (
	stdurl "net/url"
	"slices"

	"github.com/webstd/url/internal/infra"
)

// This file converts a SearchParams to and from net/url's url.Values, the
// map that net/http's Request.Form and net/url's URL.Query give. It is not
// the standard's.

// NewSearchParamsFromValues returns a SearchParams holding the pairs of v,
// as a query that v.Encode() wrote would give them to [NewSearchParams]. A
// url.Values is a map and has no order across names, so the pairs are in the
// order of their names as Go compares strings (byte order, which for valid
// UTF-8 is code point order), the order of url.Values.Encode, and each
// name's values are in their order in v. A name with no values gives no pair,
// as Encode writes none. Names and values are read as UTF-8 with each invalid
// sequence taken as U+FFFD (see [SearchParams]); names that are the same after
// that all appear, in the order of v's names.
//
// It takes the url.Values of net/http's Request.Form and
// Request.URL.Query(), which net/url parsed, for code written against this
// package's SearchParams:
//
//	p := url.NewSearchParamsFromValues(r.URL.Query())
//
// net/url's parser and the standard's do not read every query alike: a
// piece with ";" or a "%" not followed by two hex digits is dropped from the
// url.Values (ParseQuery returns an error for it) and kept here, as a browser
// keeps it. To read a query as a browser does, parse it with
// [NewSearchParams] (r.URL.RawQuery) instead.
func NewSearchParamsFromValues(v stdurl.Values) *SearchParams {
	names := make([]string, 0, len(v))
	n := 0
	for name, values := range v {
		names = append(names, name)
		n += len(values)
	}
	slices.Sort(names)
	list := make([][2]string, 0, n)
	for _, name := range names {
		wellFormed := infra.ToWellFormed(name)
		for _, value := range v[name] {
			list = append(list, [2]string{wellFormed, infra.ToWellFormed(value)})
		}
	}
	return newSearchParams(list)
}

// StdValues returns p's pairs as a net/url url.Values, for APIs that take
// one: each name maps to its values in list order, as [SearchParams.GetAll]
// gives them. What is lost is the order across names: "b=1&a=2&b=3" and
// "b=1&b=3&a=2" give the same url.Values, and [NewSearchParamsFromValues]
// gives back the pairs in the order of their names, each name's values in
// their order ("a=2&b=1&b=3"). The result is a new map, never nil (an empty
// one for an empty or nil p), which p does not share.
//
// p.StdValues() is what net/url's ParseQuery returns for p.String(), with no
// error. Their serializations differ: url.Values.Encode writes the names in
// byte order where [SearchParams.String] keeps the list's, and it writes "*"
// as "%2A" and leaves "~", where the standard's
// application/x-www-form-urlencoded serializer leaves "*" and writes "~" as
// "%7E". Both write a space as "+" and the other bytes alike, with uppercase
// hex digits.
func (p *SearchParams) StdValues() stdurl.Values {
	v := make(stdurl.Values)
	for _, pair := range p.pairs() {
		v[pair[0]] = append(v[pair[0]], pair[1])
	}
	return v
}
