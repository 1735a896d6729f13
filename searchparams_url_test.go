package url

import (
	"testing"
)

// TestURLSearchParams checks the link between a URL and its query as
// SearchParams: URL.SearchParams initializes a list from the query, and
// URL.SetSearchParams runs the standard's update steps
// (https://url.spec.whatwg.org/#concept-urlsearchparams-update). Each case
// reads the params of href, runs do on them (nil: nothing) and writes them
// back, as url.searchParams.method(...) does in JavaScript.
func TestURLSearchParams(t *testing.T) {
	for _, tc := range []struct {
		name       string
		href       string
		pairs      [][2]string // what SearchParams() reads
		do         func(p *SearchParams)
		wantHref   string
		wantSearch string
	}{
		// The round trip: an empty, non-null query has no pairs;
		// writing back an empty list makes the query null (update step 3).
		{
			name: "sort empty query", href: "https://example.com/?",
			pairs: nil, do: (*SearchParams).Sort,
			wantHref: "https://example.com/", wantSearch: "",
		},
		{
			name: "null query stays null", href: "https://example.com/",
			pairs: nil, do: (*SearchParams).Sort,
			wantHref: "https://example.com/",
		},
		{
			name: "only ampersands", href: "https://example.com/?&&&#f",
			pairs: nil, do: nil,
			wantHref: "https://example.com/#f",
		},
		// The standard's note on URLSearchParams: the href changes from the
		// query percent-encoding to the urlencoded serializer's ("+" for a
		// space, "~" percent-encoded).
		{
			name: "standard note: a=b ~", href: "https://example.com/?a=b ~",
			pairs: [][2]string{{"a", "b ~"}}, do: (*SearchParams).Sort,
			wantHref: "https://example.com/?a=b+%7E", wantSearch: "?a=b+%7E",
		},
		{
			name: "standard note: ~ and %7E", href: "https://example.com/?a=~&b=%7E",
			pairs: [][2]string{{"a", "~"}, {"b", "~"}}, do: nil,
			wantHref: "https://example.com/?a=%7E&b=%7E", wantSearch: "?a=%7E&b=%7E",
		},
		// The standard's sort example.
		{
			name: "standard sort example", href: "https://example.org/?q=🏳️‍🌈&key=e1f7bc78",
			pairs: [][2]string{{"q", "🏳️‍🌈"}, {"key", "e1f7bc78"}}, do: (*SearchParams).Sort,
			wantHref:   "https://example.org/?key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88",
			wantSearch: "?key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88",
		},
		// Sort is stable and compares code units.
		{
			name: "sort stable", href: "https://h/?b=1&a=2&b=0&a=1&%EF%BF%BD=3&%F0%9F%8C%88=4",
			pairs:    [][2]string{{"b", "1"}, {"a", "2"}, {"b", "0"}, {"a", "1"}, {"\uFFFD", "3"}, {"\U0001F308", "4"}},
			do:       (*SearchParams).Sort,
			wantHref: "https://h/?a=2&a=1&b=1&b=0&%F0%9F%8C%88=4&%EF%BF%BD=3",
		},
		// Each method, written back.
		{
			name: "append", href: "https://example.com/path?a=1#frag",
			pairs:    [][2]string{{"a", "1"}},
			do:       func(p *SearchParams) { p.Append("a", "2"); p.Append("b c", "d&e=f") },
			wantHref: "https://example.com/path?a=1&a=2&b+c=d%26e%3Df#frag",
		},
		{
			name: "append to null query", href: "https://example.com/path#frag",
			pairs: nil, do: func(p *SearchParams) { p.Append("q", "x y") },
			wantHref: "https://example.com/path?q=x+y#frag",
		},
		{
			name: "delete", href: "https://example.com/?a=1&b=2&a=3",
			pairs: [][2]string{{"a", "1"}, {"b", "2"}, {"a", "3"}}, do: func(p *SearchParams) { p.Delete("a") },
			wantHref: "https://example.com/?b=2",
		},
		{
			name: "delete the last pair keeps the fragment", href: "https://example.com/?a=1#frag",
			pairs: [][2]string{{"a", "1"}}, do: func(p *SearchParams) { p.Delete("a") },
			wantHref: "https://example.com/#frag",
		},
		{
			name: "delete name and value", href: "https://example.com/?a=1&b=2&a=3&a=1",
			pairs: [][2]string{{"a", "1"}, {"b", "2"}, {"a", "3"}, {"a", "1"}}, do: func(p *SearchParams) { p.DeleteValue("a", "1") },
			wantHref: "https://example.com/?b=2&a=3",
		},
		{
			name: "set", href: "https://example.com/?a=1&b=2&a=3",
			pairs: [][2]string{{"a", "1"}, {"b", "2"}, {"a", "3"}}, do: func(p *SearchParams) { p.Set("a", "4"); p.Set("c", "5") },
			wantHref: "https://example.com/?a=4&b=2&c=5",
		},
		// Duplicate names, empty names and values survive the round trip.
		{
			name: "empty names and values", href: "https://example.com/?=&=x&a=&b&a",
			pairs: [][2]string{{"", ""}, {"", "x"}, {"a", ""}, {"b", ""}, {"a", ""}}, do: nil,
			wantHref: "https://example.com/?=&=x&a=&b=&a=",
		},
		{
			name: "empty pair alone", href: "https://example.com/?=",
			pairs: [][2]string{{"", ""}}, do: nil,
			wantHref: "https://example.com/?=", wantSearch: "?=",
		},
		// The serializer: "+" for a space, and everything but ASCII
		// alphanumerics and *-._ percent-encoded; "+" itself becomes %2B.
		{
			name: "urlencoded percent-encode set", href: "https://example.com/",
			pairs: nil, do: func(p *SearchParams) { p.Append("k", "a b+c*-._~!'()/?:@,;$[]{}|\\^`\"<>%é€") },
			wantHref: "https://example.com/?k=a+b%2Bc*-._%7E%21%27%28%29%2F%3F%3A%40%2C%3B%24%5B%5D%7B%7D%7C%5C%5E%60%22%3C%3E%25%C3%A9%E2%82%AC",
		},
		{
			name: "plus and %20 both read as space", href: "https://example.com/?a+b=c%20d",
			pairs: [][2]string{{"a b", "c d"}}, do: nil,
			wantHref: "https://example.com/?a+b=c+d",
		},
		{
			name: "percent-decoded bytes that are not UTF-8", href: "https://example.com/?a=%FF%C3",
			pairs: [][2]string{{"a", "\uFFFD\uFFFD"}}, do: nil,
			wantHref: "https://example.com/?a=%EF%BF%BD%EF%BF%BD",
		},
		// Other kinds of URL: non-special, with credentials and port, file,
		// opaque paths.
		{
			name: "non-special", href: "sc://user:pw@h:8/p?x=1#f",
			pairs: [][2]string{{"x", "1"}}, do: func(p *SearchParams) { p.Set("x", "2 3") },
			wantHref: "sc://user:pw@h:8/p?x=2+3#f",
		},
		{
			name: "file", href: "file:///C:/dir/?a",
			pairs: [][2]string{{"a", ""}}, do: func(p *SearchParams) { p.Delete("a") },
			wantHref: "file:///C:/dir/",
		},
		{
			name: "null host path starting with //", href: "web+demo:/.//not-a-host/?a=1",
			pairs: [][2]string{{"a", "1"}}, do: func(p *SearchParams) { p.Delete("a") },
			wantHref: "web+demo:/.//not-a-host/",
		},
		{
			name: "opaque path gets a query", href: "mailto:someone@example.com",
			pairs: nil, do: func(p *SearchParams) { p.Append("subject", "Hi there") },
			wantHref: "mailto:someone@example.com?subject=Hi+there",
		},
		// The opaque path state wrote the space before "?" as %20, so the
		// path keeps it when the query goes (no trailing-space stripping in
		// the July 2026 update steps).
		{
			name: "opaque path with space before query", href: "sc:a ?q=1",
			pairs: [][2]string{{"q", "1"}}, do: func(p *SearchParams) { p.Delete("q") },
			wantHref: "sc:a%20",
		},
		{
			name: "opaque path with space, query and fragment", href: "sc:a b ?q=1#f",
			pairs: [][2]string{{"q", "1"}}, do: func(p *SearchParams) { p.Delete("q") },
			wantHref: "sc:a b%20#f",
		},
		{
			name: "opaque path and empty query", href: "sc:a ?",
			pairs: nil, do: nil,
			wantHref: "sc:a%20",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := MustParse(tc.href)
			orig := u
			p := u.SearchParams()
			if !equalPairs(p.list, tc.pairs) {
				t.Errorf("SearchParams() = %q, want %q", p.list, tc.pairs)
			}
			if tc.do != nil {
				tc.do(p)
			}
			if u != orig {
				t.Fatalf("changing the params changed the URL to %q before SetSearchParams", u.Href())
			}
			u.SetSearchParams(p)
			if got := u.Href(); got != tc.wantHref {
				t.Errorf("href = %q, want %q", got, tc.wantHref)
			}
			if tc.wantSearch != "" || p.Size() == 0 {
				if got := u.Search(); got != tc.wantSearch {
					t.Errorf("Search() = %q, want %q", got, tc.wantSearch)
				}
			}
			// An empty list makes the query null, not empty (update step 3).
			if _, ok := u.Query(); ok != (p.Size() > 0) {
				t.Errorf("query non-null = %v with %d pairs", ok, p.Size())
			}
			// Everything but the query is as it was.
			if u.Protocol() != orig.Protocol() || u.Host() != orig.Host() || u.Username() != orig.Username() ||
				u.Password() != orig.Password() || u.Pathname() != orig.Pathname() || u.Hash() != orig.Hash() {
				t.Errorf("SetSearchParams changed more than the query: %q to %q", orig.Href(), u.Href())
			}
			// Reading the params back gives the same list, and the URL is
			// exactly what its href parses to.
			if back := u.SearchParams(); !equalPairs(back.list, p.list) {
				t.Errorf("SearchParams() after writing back = %q, want %q", back.list, p.list)
			}
			if back := NewSearchParams(u.Search()); !equalPairs(back.list, p.list) {
				t.Errorf("NewSearchParams(Search()) = %q, want %q", back.list, p.list)
			}
			checkInvariants(t, u)
		})
	}
}

// TestURLSearchParamsEdges covers the zero URL, a nil list, and that the two
// sides are not linked.
func TestURLSearchParamsEdges(t *testing.T) {
	var zero URL
	if p := zero.SearchParams(); p == nil || p.Size() != 0 {
		t.Errorf("zero URL: SearchParams() = %v", p)
	}
	zero.SetSearchParams(NewSearchParams("a=1"))
	if zero != (URL{}) {
		t.Errorf("SetSearchParams on the zero URL made %q", zero.Href())
	}

	u := MustParse("https://example.com/?a=1#f")
	u.SetSearchParams(nil)
	if got, want := u.Href(), "https://example.com/#f"; got != want {
		t.Errorf("SetSearchParams(nil): href = %q, want %q", got, want)
	}
	u.SetSearchParams(&SearchParams{})
	if got, want := u.Href(), "https://example.com/#f"; got != want {
		t.Errorf("SetSearchParams(zero): href = %q, want %q", got, want)
	}

	// The params are a copy: later changes reach neither u nor a second
	// SearchParams() result.
	u = MustParse("https://example.com/?a=1")
	p := u.SearchParams()
	p.Append("b", "2")
	if u.Href() != "https://example.com/?a=1" || u.SearchParams().Size() != 1 {
		t.Errorf("SearchParams() is linked to u: %q", u.Href())
	}
	u.SetSearchParams(p)
	p.Append("c", "3")
	if got, want := u.Href(), "https://example.com/?a=1&b=2"; got != want {
		t.Errorf("SetSearchParams kept a link: href = %q, want %q", got, want)
	}

	// The search setter and SearchParams agree, as the standard's search
	// setter sets the query object's list to the parse of its input.
	u.SetSearch("?x=%20y&z")
	if got, want := u.SearchParams().String(), "x=+y&z="; got != want {
		t.Errorf("after SetSearch: SearchParams() = %q, want %q", got, want)
	}
	u.SetSearch("")
	if u.SearchParams().Size() != 0 {
		t.Errorf("after SetSearch(\"\"): %d pairs", u.SearchParams().Size())
	}

	// A URL parsed with a legacy query encoding: SearchParams decodes the
	// query as UTF-8, as the standard's urlencoded parser does; bytes that
	// are not UTF-8 read as U+FFFD.
	v := MustParse("http://h/?q=%E9")
	if got, _ := v.SearchParams().Get("q"); got != "\uFFFD" {
		t.Errorf("Get(q) = %q, want U+FFFD", got)
	}
}

// TestURLSearchParamsAllocs holds SetSearchParams to one allocation: the
// new href (the parser's buffer is reused, and the reparse of a serialized
// href keeps that string).
func TestURLSearchParamsAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	if testing.Short() {
		t.Skip("allocation counts are checked without -short")
	}
	u := MustParse("https://example.com/path?b=2&a=1#frag")
	p := u.SearchParams()
	p.Sort()
	n := testing.AllocsPerRun(100, func() {
		v := u
		v.SetSearchParams(p)
	})
	if n > 1 {
		t.Errorf("SetSearchParams: %v allocations, want at most 1", n)
	}
}
