package url

import (
	"maps"
	"math/rand/v2"
	stdurl "net/url"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestSearchParamsStdValues(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want stdurl.Values
	}{
		{"", stdurl.Values{}},
		{"b=2&a=1&b=3&c", stdurl.Values{"a": {"1"}, "b": {"2", "3"}, "c": {""}}},
		{"=&=x&a+b=c%26d&%E2%82%AC=%FF", stdurl.Values{"": {"", "x"}, "a b": {"c&d"}, "€": {"\uFFFD"}}},
		{"a=1;b=2&c=%zz", stdurl.Values{"a": {"1;b=2"}, "c": {"%zz"}}},
	} {
		p := NewSearchParams(tc.in)
		got := p.StdValues()
		if got == nil || !maps.EqualFunc(got, tc.want, slices.Equal) {
			t.Errorf("NewSearchParams(%q).StdValues() = %q, want %q", tc.in, got, tc.want)
		}
		// The map is the caller's: changing it leaves p as it was.
		got.Add("a", "new")
		got.Set("b", "new")
		if p.String() != NewSearchParams(tc.in).String() {
			t.Errorf("changing StdValues() of %q changed p to %q", tc.in, p)
		}
	}
	var nilParams *SearchParams
	if v := nilParams.StdValues(); v == nil || len(v) != 0 {
		t.Errorf("nil StdValues() = %#v, want an empty map", v)
	}
}

func TestNewSearchParamsFromValues(t *testing.T) {
	for _, tc := range []struct {
		name string
		in   stdurl.Values
		want string
	}{
		{"nil", nil, ""},
		{"empty", stdurl.Values{}, ""},
		// Names in byte order, each name's values in their order.
		{"order", stdurl.Values{"b": {"2", "1"}, "a": {"3"}, "B": {"4"}, "": {"5"}}, "=5&B=4&a=3&b=2&b=1"},
		// A name without values has no pair, as Encode writes none.
		{"no values", stdurl.Values{"a": nil, "b": {}, "c": {""}}, "c="},
		// Non-ASCII names in code point order, as UTF-8 byte order is.
		{"non-ASCII", stdurl.Values{"\uFF21": {"1"}, "\U0001F308": {"2"}, "z": {"3"}}, "z=3&%EF%BC%A1=1&%F0%9F%8C%88=2"},
		// Invalid UTF-8 reads as U+FFFD; the names that become one keep
		// the order of v's names.
		{"invalid UTF-8", stdurl.Values{"\xFF": {"a\xC0"}, "\uFFFD": {"b"}}, "%EF%BF%BD=b&%EF%BF%BD=a%EF%BF%BD"},
	} {
		p := NewSearchParamsFromValues(tc.in)
		if got := p.String(); got != tc.want {
			t.Errorf("%s: NewSearchParamsFromValues(%q) = %q, want %q", tc.name, tc.in, got, tc.want)
		}
		checkSearchParams(t, p)
		if tc.in != nil {
			if enc := NewSearchParams(tc.in.Encode()); !equalPairs(enc.list, p.list) {
				t.Errorf("%s: NewSearchParams(Encode()) = %q, NewSearchParamsFromValues = %q", tc.name, enc.list, p.list)
			}
		}
		p.Append("x", "y") // usable, and v unchanged
	}
	// The SearchParams does not share v's slices.
	v := stdurl.Values{"a": {"1", "2"}}
	p := NewSearchParamsFromValues(v)
	v["a"][0] = "changed"
	if p.String() != "a=1&a=2" {
		t.Errorf("changing v changed the SearchParams to %q", p)
	}
}

// randomPairs returns n pairs whose names and values come from a small set
// with the bytes the two serializations treat differently.
func randomPairs(r *rand.Rand, n int) [][2]string {
	pieces := []string{"a", "b", "B", "", " ", "+", "*", "~", ";", "=", "&", "%", "%41", "é", "€", "\U0001F308", "\uFF21", "\xFF", "\x00", "?"}
	word := func() string {
		var b strings.Builder
		for range r.IntN(3) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		return b.String()
	}
	pairs := make([][2]string, n)
	for i := range pairs {
		pairs[i] = [2]string{word(), word()}
	}
	return pairs
}

// checkStdValuesRoundTrip checks the promises of StdValues and
// NewSearchParamsFromValues on p.
func checkStdValuesRoundTrip(t *testing.T, p *SearchParams) {
	t.Helper()
	v := p.StdValues()
	// Every name's values, in order.
	n := 0
	for name, values := range v {
		if got := p.GetAll(name); !slices.Equal(got, values) {
			t.Fatalf("StdValues()[%q] = %q, GetAll = %q", name, values, got)
		}
		n += len(values)
	}
	if n != p.Size() {
		t.Fatalf("StdValues() of %q holds %d values, want %d", p.list, n, p.Size())
	}
	// Back: the pairs in the order of their names, each name's values in
	// their order.
	back := NewSearchParamsFromValues(v)
	want := slices.Clone(p.list)
	slices.SortStableFunc(want, func(a, b [2]string) int { return strings.Compare(a[0], b[0]) })
	if !equalPairs(back.list, want) {
		t.Fatalf("NewSearchParamsFromValues(StdValues()) of %q = %q, want %q", p.list, back.list, want)
	}
	// net/url reads p's serialization as StdValues gives it.
	parsed, err := stdurl.ParseQuery(p.String())
	if err != nil || !maps.EqualFunc(parsed, v, slices.Equal) {
		t.Fatalf("ParseQuery(%q) = %q, %v; StdValues() = %q", p.String(), parsed, err, v)
	}
	// And this package reads Encode's as NewSearchParamsFromValues does.
	if enc := NewSearchParams(v.Encode()); !equalPairs(enc.list, back.list) {
		t.Fatalf("NewSearchParams(%q) = %q, NewSearchParamsFromValues = %q", v.Encode(), enc.list, back.list)
	}
}

// TestSearchParamsStdValuesRoundTrip checks, on random lists, that
// SearchParams → url.Values → SearchParams keeps every name's values in
// order, and that net/url and this package read each other's
// serializations as the conversions say.
func TestSearchParamsStdValuesRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 11))
	n := 2000
	if testing.Short() {
		n = 200
	}
	for range n {
		checkStdValuesRoundTrip(t, NewSearchParamsFromPairs(randomPairs(r, r.IntN(12))))
	}
}

// FuzzSearchParamsStdValues checks the same on the lists the fuzzer's
// queries give, and that for the url.Values net/url parses from a query,
// NewSearchParamsFromValues agrees with NewSearchParams of its Encode.
func FuzzSearchParamsStdValues(f *testing.F) {
	for _, s := range []string{"", "b=2&a=1&b=3", "a=*~&~=*", "%FF=%C0%80&\xFF", "a;b=c&d=%zz&e=+%20", "=&==&a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkStdValuesRoundTrip(t, NewSearchParams(s))
		v, _ := stdurl.ParseQuery(s) // the pairs it could read
		if p, q := NewSearchParamsFromValues(v), NewSearchParams(v.Encode()); !equalPairs(p.list, q.list) {
			t.Fatalf("NewSearchParamsFromValues(%q) = %q, NewSearchParams(Encode()) = %q", v, p.list, q.list)
		}
	})
}

// TestEncodeAndString holds the difference between url.Values.Encode and
// SearchParams.String that StdValues documents: for one pair, with valid
// UTF-8, they differ only in "*" and "~"; a space is "+" in both. (Invalid
// UTF-8 differs too: Encode writes its bytes, String U+FFFD.)
func TestEncodeAndString(t *testing.T) {
	var differ []string
	check := func(s string) {
		enc := stdurl.Values{s: {s}}.Encode()
		str := NewSearchParamsFromPairs([][2]string{{s, s}}).String()
		if enc != str {
			differ = append(differ, s)
		}
	}
	for c := range utf8.RuneSelf {
		check(string(rune(c)))
	}
	for _, s := range []string{"é", "€", "\U0001F308", "\uFFFD", "a b+c", "\u0080", "\U0010FFFF"} {
		check(s)
	}
	if want := []string{"*", "~"}; !slices.Equal(differ, want) {
		t.Errorf("Encode and String differ on %q, want only on %q", differ, want)
	}
	if got := (stdurl.Values{"q": {"a b"}}).Encode(); got != "q=a+b" {
		t.Errorf("Encode of a space: %q", got)
	}
	if got := NewSearchParamsFromPairs([][2]string{{"q", "a b"}}).String(); got != "q=a+b" {
		t.Errorf("String of a space: %q", got)
	}
}

// TestStdValuesAllocs holds the conversions to their allocations: for
// NewSearchParamsFromValues the sorted names, the list, and the
// SearchParams with its count; for StdValues the map (its header and its
// table) and a slice per name, as net/url's ParseQuery makes them.
func TestStdValuesAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	v := stdurl.Values{"a": {"1", "2"}, "b": {"3"}, "c": {"4"}}
	if n := testing.AllocsPerRun(100, func() { sinkSearchParams = NewSearchParamsFromValues(v) }); n > 3 {
		t.Errorf("NewSearchParamsFromValues: %v allocations, want at most 3", n)
	}
	p := NewSearchParams("a=1&b=2&c=3")
	if n := testing.AllocsPerRun(100, func() { sinkValues = p.StdValues() }); n > 5 {
		t.Errorf("StdValues: %v allocations, want at most 5", n)
	}
}

// sinkValues keeps the url.Values of an allocation test on the heap.
var sinkValues stdurl.Values
