package url

import (
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/webstd/url/internal/infra"
)

// checkSearchParams checks the invariants of p: its names and values are
// valid UTF-8, its serialization is ASCII, and parsing the serialization gives
// back the same list.
func checkSearchParams(t *testing.T, p *SearchParams) {
	t.Helper()
	for _, pair := range p.list {
		if !utf8.ValidString(pair[0]) || !utf8.ValidString(pair[1]) {
			t.Errorf("pair %q is not valid UTF-8", pair)
		}
	}
	s := p.String()
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			t.Errorf("String() = %q is not ASCII", s)
			break
		}
	}
	if back := NewSearchParams(s); !equalPairs(back.list, p.list) {
		t.Errorf("NewSearchParams(%q) = %q, want %q", s, back.list, p.list)
	}
	if p.Size() != len(p.list) {
		t.Errorf("Size() = %d, want %d", p.Size(), len(p.list))
	}
}

func TestSearchParamsConstructors(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    *SearchParams
		want string
	}{
		{"zero", &SearchParams{}, ""},
		{"empty", NewSearchParams(""), ""},
		{"question mark", NewSearchParams("?"), ""},
		// The standard's constructing example: new URLSearchParams({key: "730d67"}).
		{"map", NewSearchParamsFromMap(map[string]string{"key": "730d67"}), "key=730d67"},
		{"leading ?", NewSearchParams("?a=b&c=d"), "a=b&c=d"},
		{"only one ? removed", NewSearchParams("??a=b"), "%3Fa=b"},
		{"+ and %20", NewSearchParams("a=b+c%20d"), "a=b+c+d"},
		{"pairs", NewSearchParamsFromPairs([][2]string{{"a", "1"}, {"a", "2"}, {"", ""}}), "a=1&a=2&="},
		{"map sorted", NewSearchParamsFromMap(map[string]string{"b": "2", "a": "1", "é": "3", "Z": "0"}), "Z=0&a=1&b=2&%C3%A9=3"},
		{"invalid UTF-8 in pairs", NewSearchParamsFromPairs([][2]string{{"\xFF", "\xC3"}}), "%EF%BF%BD=%EF%BF%BD"},
		// init is a USVString: "\xE2" is read as U+FFFD before parsing, so
		// the percent-encoded bytes after it do not complete it.
		{"invalid UTF-8 in init", NewSearchParams("\xE2%82%AC=1"), "%EF%BF%BD%EF%BF%BD%EF%BF%BD=1"},
		{"BOM kept", NewSearchParams("\uFEFFa=1"), "%EF%BB%BFa=1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.p.String(); got != tc.want {
				t.Errorf("String() = %q, want %q", got, tc.want)
			}
			checkSearchParams(t, tc.p)
		})
	}

	// NewSearchParamsFromPairs copies.
	pairs := [][2]string{{"a", "1"}}
	p := NewSearchParamsFromPairs(pairs)
	pairs[0][1] = "changed"
	if v, _ := p.Get("a"); v != "1" {
		t.Errorf("NewSearchParamsFromPairs shares its argument: Get = %q", v)
	}
}

func TestSearchParamsMethods(t *testing.T) {
	// Each step runs one method on the list and checks the serialization.
	p := &SearchParams{}
	steps := []struct {
		do   func()
		want string
	}{
		{func() { p.Append("a", "1") }, "a=1"},
		{func() { p.Append("b", "2") }, "a=1&b=2"},
		{func() { p.Append("a", "3") }, "a=1&b=2&a=3"},
		{func() { p.Append("", "") }, "a=1&b=2&a=3&="},
		{func() { p.Append("a b", "c&d") }, "a=1&b=2&a=3&=&a+b=c%26d"},
		// set: the first "a" takes the value, the others go.
		{func() { p.Set("a", "x") }, "a=x&b=2&=&a+b=c%26d"},
		{func() { p.Set("new", "y") }, "a=x&b=2&=&a+b=c%26d&new=y"},
		{func() { p.Delete("") }, "a=x&b=2&a+b=c%26d&new=y"},
		{func() { p.Delete("missing") }, "a=x&b=2&a+b=c%26d&new=y"},
		{func() { p.Append("b", "3"); p.Append("b", "2") }, "a=x&b=2&a+b=c%26d&new=y&b=3&b=2"},
		// delete(name, value) removes only the matching pairs.
		{func() { p.DeleteValue("b", "2") }, "a=x&a+b=c%26d&new=y&b=3"},
		{func() { p.DeleteValue("b", "4") }, "a=x&a+b=c%26d&new=y&b=3"},
		{func() { p.Delete("a b") }, "a=x&new=y&b=3"},
		{func() { p.Set("b", "") }, "a=x&new=y&b="},
		{func() { p.Delete("a"); p.Delete("new"); p.Delete("b") }, ""},
	}
	for i, step := range steps {
		step.do()
		if got := p.String(); got != step.want {
			t.Fatalf("step %d: String() = %q, want %q", i, got, step.want)
		}
		checkSearchParams(t, p)
	}

	q := NewSearchParams("a=1&b=2&a=3&c&=empty&d=")
	for _, tc := range []struct {
		name      string
		value     string
		ok        bool
		all       []string
		hasValue1 bool // HasValue(name, "1")
	}{
		{"a", "1", true, []string{"1", "3"}, true},
		{"b", "2", true, []string{"2"}, false},
		{"c", "", true, []string{""}, false},
		{"", "empty", true, []string{"empty"}, false},
		{"d", "", true, []string{""}, false},
		{"z", "", false, nil, false},
		{"A", "", false, nil, false},
	} {
		if v, ok := q.Get(tc.name); v != tc.value || ok != tc.ok {
			t.Errorf("Get(%q) = %q, %v; want %q, %v", tc.name, v, ok, tc.value, tc.ok)
		}
		if all := q.GetAll(tc.name); !slices.Equal(all, tc.all) {
			t.Errorf("GetAll(%q) = %q, want %q", tc.name, all, tc.all)
		}
		if has := q.Has(tc.name); has != tc.ok {
			t.Errorf("Has(%q) = %v, want %v", tc.name, has, tc.ok)
		}
		if has := q.HasValue(tc.name, "1"); has != tc.hasValue1 {
			t.Errorf("HasValue(%q, %q) = %v, want %v", tc.name, "1", has, tc.hasValue1)
		}
	}
	if !q.HasValue("a", "3") || q.HasValue("a", "2") || !q.HasValue("", "empty") {
		t.Error("HasValue is wrong")
	}
	if q.Size() != 6 {
		t.Errorf("Size() = %d, want 6", q.Size())
	}

	// Names and values with invalid UTF-8 are read as U+FFFD everywhere.
	r := &SearchParams{}
	r.Append("\xFF", "\xFE")
	if v, ok := r.Get("\uFFFD"); v != "\uFFFD" || !ok {
		t.Errorf("Get(U+FFFD) = %q, %v", v, ok)
	}
	if v, ok := r.Get("\xC0"); v != "\uFFFD" || !ok {
		t.Errorf("Get(\\xC0) = %q, %v", v, ok)
	}
	if !r.HasValue("\xFF", "\xFF") {
		t.Error("HasValue(\\xFF, \\xFF) = false")
	}
	r.Set("\xFE", "\xF0\x90\x80")
	if got, want := r.String(), "%EF%BF%BD=%EF%BF%BD"; got != want {
		t.Errorf("after Set: %q, want %q", got, want)
	}
	r.DeleteValue("\xFF", "\xFF")
	if r.Size() != 0 {
		t.Errorf("DeleteValue with invalid UTF-8 left %q", r.list)
	}
}

func TestSearchParamsNil(t *testing.T) {
	var p *SearchParams
	if p.Size() != 0 || p.String() != "" || p.Has("a") || p.HasValue("a", "b") || p.GetAll("a") != nil {
		t.Error("nil *SearchParams does not read as empty")
	}
	if v, ok := p.Get("a"); v != "" || ok {
		t.Error("nil Get")
	}
	for range p.All() {
		t.Error("nil All yields")
	}
}

func TestSearchParamsAll(t *testing.T) {
	p := NewSearchParams("a=1&b=2&a=3")
	var got [][2]string
	for name, value := range p.All() {
		got = append(got, [2]string{name, value})
	}
	if want := [][2]string{{"a", "1"}, {"b", "2"}, {"a", "3"}}; !equalPairs(got, want) {
		t.Errorf("All() = %q, want %q", got, want)
	}
	// Stopping early.
	n := 0
	for range p.All() {
		n++
		break
	}
	if n != 1 {
		t.Errorf("break: %d iterations", n)
	}
}

// TestSearchParamsAllWhileChanging holds All, Keys and Values to their
// promise: a range sees the list as it was when the range began, every pair
// once, whatever the loop does to p. (Before, All walked the live list by
// index, as the JavaScript iterator does: deleting the current pair skipped
// the next one, and appending in the loop never ended it.)
func TestSearchParamsAllWhileChanging(t *testing.T) {
	const init = "a=1&b=2&a=3&c=4"
	want := [][2]string{{"a", "1"}, {"b", "2"}, {"a", "3"}, {"c", "4"}}
	for _, tc := range []struct {
		name   string
		change func(p *SearchParams, name, value string)
		after  string
	}{
		{"Delete", func(p *SearchParams, name, _ string) {
			if name == "a" {
				p.Delete(name)
			}
		}, "b=2&c=4"},
		{"DeleteValue", func(p *SearchParams, name, value string) {
			if value != "2" {
				p.DeleteValue(name, value)
			}
		}, "b=2"},
		{"DeleteFunc", func(p *SearchParams, name, value string) {
			p.DeleteFunc(func(n, v string) bool { return n == name && v == value })
		}, ""},
		{"Append", func(p *SearchParams, name, value string) {
			p.Append(name, value+value)
		}, init + "&a=11&b=22&a=33&c=44"},
		{"Set", func(p *SearchParams, name, value string) {
			p.Set(name, "x")
		}, "a=x&b=x&c=x"},
		{"Sort", func(p *SearchParams, name, value string) {
			p.Sort()
			p.Set("z", value)
		}, "a=1&a=3&b=2&c=4&z=4"},
		{"replace", func(p *SearchParams, name, value string) {
			*p = *NewSearchParams("z=" + value)
		}, "z=4"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, iterate := range []string{"All", "Keys", "Values"} {
				p := NewSearchParams(init)
				var got [][2]string
				// A bound on the loop, so that a range that does not
				// end fails rather than hangs.
				step := func(name, value string) bool {
					got = append(got, [2]string{name, value})
					tc.change(p, name, value)
					return len(got) < 2*len(want)
				}
				switch iterate {
				case "All":
					for name, value := range p.All() {
						if !step(name, value) {
							break
						}
					}
				case "Keys":
					i := 0
					for name := range p.Keys() {
						if i >= len(want) || !step(name, want[i][1]) {
							break
						}
						i++
					}
				case "Values":
					i := 0
					for value := range p.Values() {
						if i >= len(want) || !step(want[i][0], value) {
							break
						}
						i++
					}
				}
				if !equalPairs(got, want) {
					t.Errorf("%s while changing p saw %q, want %q", iterate, got, want)
				}
				if p.String() != tc.after {
					t.Errorf("%s: p is %q after the loop, want %q", iterate, p, tc.after)
				}
				checkSearchParams(t, p)
			}
		})
	}
	// Each range over one iterator sees the list as it is when that range
	// begins.
	p := NewSearchParams("a=1")
	all := p.All()
	p.Append("b", "2")
	n := 0
	for range all {
		n++
	}
	if n != 2 {
		t.Errorf("a range over All() made before an Append saw %d pairs, want 2", n)
	}
}

// TestSearchParamsDeleteFunc checks DeleteFunc against slices.DeleteFunc on
// the pairs: the pairs kept keep their order, del sees each pair once, in
// order, and a del that changes p does not change what DeleteFunc leaves.
func TestSearchParamsDeleteFunc(t *testing.T) {
	const init = "a=1&b=&a=3&c=4&=5&b=6"
	for _, tc := range []struct {
		name string
		del  func(name, value string) bool
		want string
	}{
		{"none", func(string, string) bool { return false }, init},
		{"all", func(string, string) bool { return true }, ""},
		{"empty values", func(_, v string) bool { return v == "" }, "a=1&a=3&c=4&=5&b=6"},
		{"a name", func(n, _ string) bool { return n == "b" }, "a=1&a=3&c=4&=5"},
		{"the first", func(n, v string) bool { return n == "a" && v == "1" }, "b=&a=3&c=4&=5&b=6"},
		{"the last", func(_, v string) bool { return v == "6" }, "a=1&b=&a=3&c=4&=5"},
		{"odd values", func(_, v string) bool { return v != "" && (v[0]-'0')%2 == 1 }, "b=&c=4&b=6"},
	} {
		p := NewSearchParams(init)
		var seen [][2]string
		p.DeleteFunc(func(name, value string) bool {
			seen = append(seen, [2]string{name, value})
			return tc.del(name, value)
		})
		if got := p.String(); got != tc.want {
			t.Errorf("%s: DeleteFunc left %q, want %q", tc.name, got, tc.want)
		}
		if all := ParseURLEncoded(init); !equalPairs(seen, all) {
			t.Errorf("%s: del saw %q, want each pair once, in order: %q", tc.name, seen, all)
		}
		checkSearchParams(t, p)
	}
	// Names and values reach del as the list holds them: valid UTF-8.
	p := NewSearchParamsFromPairs([][2]string{{"\xFF", "x"}, {"y", "\xC0"}})
	p.DeleteFunc(func(name, value string) bool { return name == "\uFFFD" || value == "\uFFFD" })
	if p.Size() != 0 {
		t.Errorf("DeleteFunc of U+FFFD left %q", p.list)
	}
	// A del that changes p: DeleteFunc works on the list it was called
	// with, and neither panics nor keeps what del did.
	for _, change := range []func(p *SearchParams){
		func(p *SearchParams) { p.Append("z", "9") },
		func(p *SearchParams) { p.Delete("a") },
		func(p *SearchParams) { *p = SearchParams{} },
		func(p *SearchParams) { p.Sort() },
	} {
		for _, delB := range []bool{false, true} {
			p := NewSearchParams(init)
			p.DeleteFunc(func(name, _ string) bool {
				change(p)
				return delB && name == "b"
			})
			want := init
			if delB {
				want = "a=1&a=3&c=4&=5"
			}
			if p.String() != want {
				t.Errorf("DeleteFunc whose del changes p left %q, want %q", p, want)
			}
			checkSearchParams(t, p)
		}
	}
}

func TestSearchParamsSort(t *testing.T) {
	for _, tc := range []struct {
		in, want string
	}{
		{"", ""},
		{"b=1&a=2", "a=2&b=1"},
		// Stable: pairs of the same name keep their order.
		{"z=5&a=3&z=1&a=2&a=1", "a=3&a=2&a=1&z=5&z=1"},
		// Code units, not bytes: a code point above U+FFFF (surrogates from
		// 0xD800) sorts before U+E000 to U+FFFF, and after U+D7FF.
		{"%EF%BF%BD=1&%F0%9F%8C%88=2&%ED%9F%BF=3", "%ED%9F%BF=3&%F0%9F%8C%88=2&%EF%BF%BD=1"},
		{"%EE%80%80=1&%F0%90%80%80=2", "%F0%90%80%80=2&%EE%80%80=1"},
		// Between two code points above U+FFFF, code point order.
		{"%F4%8F%BF%BF=1&%F0%90%80%80=2&%F0%9F%8C%88=3", "%F0%90%80%80=2&%F0%9F%8C%88=3&%F4%8F%BF%BF=1"},
		// A prefix sorts first; the empty name first of all.
		{"ab=1&a=2&=3", "=3&a=2&ab=1"},
		// Uppercase (0x41..) before lowercase (0x61..).
		{"a=1&B=2&%C3%A9=3&e=4", "B=2&a=1&e=4&%C3%A9=3"},
		// The standard's example: "?q=🏳️‍🌈&key=e1f7bc78".
		{"?q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88&key=e1f7bc78", "key=e1f7bc78&q=%F0%9F%8F%B3%EF%B8%8F%E2%80%8D%F0%9F%8C%88"},
	} {
		p := NewSearchParams(tc.in)
		p.Sort()
		if got := p.String(); got != tc.want {
			t.Errorf("Sort of %q = %q, want %q", tc.in, got, tc.want)
		}
		checkSearchParams(t, p)
	}
}

// TestCompareUTF16 checks compareUTF16 against comparing UTF-16 encodings.
func TestCompareUTF16(t *testing.T) {
	words := []string{
		"", "a", "ab", "b", "B", "é", "\uD7FF", "\uE000", "\uFFFD", "\uFFFF", "\U00010000",
		"\U0001F308", "\U0010FFFF", "a\U00010000", "a\uFFFD", "a\uE000b", "\U00010000a",
		"\U00010400", "\U000103FF", "\u0800", "\u07FF",
	}
	sign := func(x int) int {
		switch {
		case x < 0:
			return -1
		case x > 0:
			return 1
		}
		return 0
	}
	for _, a := range words {
		for _, b := range words {
			want := slices.Compare(utf16.Encode([]rune(a)), utf16.Encode([]rune(b)))
			if got := sign(compareUTF16(a, b)); got != want {
				t.Errorf("compareUTF16(%+q, %+q) = %d, want %d", a, b, got, want)
			}
		}
	}
}

// FuzzSearchParams checks that the serialization of any parsed input parses
// back to the same pairs, and the invariants after each method.
func FuzzSearchParams(f *testing.F) {
	for _, s := range []string{
		"", "a=b", "?a=b&c", "a+b=c%20d", "%", "%zz=%41", "\xFF=\xED\xA0\x80", "==&&=",
		"%EF%BF%BD=1&%F0%9F%8C%88=2", "a=1&a=2&b=3", "\uFEFF?x", "%2B+%26%3D",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p := NewSearchParams(s)
		checkSearchParams(t, p)
		if got := ParseURLEncoded(p.String()); !equalPairs(got, p.list) {
			t.Fatalf("ParseURLEncoded(String()) = %q, want %q", got, p.list)
		}
		// The methods keep the invariants; sorting keeps the pairs.
		before := slices.Clone(p.list)
		p.Sort()
		if len(p.list) != len(before) {
			t.Fatalf("Sort changed the size")
		}
		for i := 1; i < len(p.list); i++ {
			if compareUTF16(p.list[i-1][0], p.list[i][0]) > 0 {
				t.Fatalf("Sort: %q before %q", p.list[i-1][0], p.list[i][0])
			}
		}
		checkSearchParams(t, p)
		if p.Size() > 0 {
			name := p.list[0][0]
			p.Set(name, s)
			if all := p.GetAll(name); len(all) != 1 || all[0] != infra.ToWellFormed(s) {
				t.Fatalf("after Set(%q, %q), GetAll = %q", name, s, all)
			}
			p.Delete(name)
			if p.Has(name) {
				t.Fatalf("after Delete(%q), Has is true", name)
			}
		}
		p.Append(s, s)
		checkSearchParams(t, p)
		if !strings.Contains(p.String(), "=") {
			t.Fatalf("String() = %q after Append", p.String())
		}
	})
}

func BenchmarkSearchParams(b *testing.B) {
	const query = "?q=url+parser&lang=en&page=2&sort=relevance&filter=%E2%9C%93&utm_source=newsletter"
	b.Run("NewSearchParams", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = NewSearchParams(query)
		}
	})
	p := NewSearchParams(query)
	b.Run("String", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_ = p.String()
		}
	})
	b.Run("Sort", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			q := *p // a copy: Sort makes the sorted list its own
			q.Sort()
		}
	})
}

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

// TestSearchParamsCopy is the report of issue 9: a copy of a SearchParams,
// changed, changed the original's pairs.
func TestSearchParamsCopy(t *testing.T) {
	p := NewSearchParams("a=1&b=2")
	q := *p
	q.Delete("b")
	if p.String() != "a=1&b=2" || q.String() != "a=1" {
		t.Errorf("after q := *p; q.Delete(\"b\"): p is %q, q is %q; want \"a=1&b=2\" and \"a=1\"", p, &q)
	}
	// And the other way: the original, changed, does not change the copy.
	p = NewSearchParams("b=1&a=2&b=3")
	q = *p
	p.Sort()
	p.Set("a", "x")
	if p.String() != "a=x&b=1&b=3" || q.String() != "b=1&a=2&b=3" {
		t.Errorf("after q := *p; p.Sort(); p.Set(\"a\", \"x\"): p is %q, q is %q", p, &q)
	}
	// Two copies that append: a list with room to grow must not take both
	// pairs in the same place.
	var r SearchParams
	for _, name := range []string{"a", "b", "c"} {
		r.Append(name, "1")
	}
	s := r
	s.Append("s", "2")
	r.Append("r", "2")
	if r.String() != "a=1&b=1&c=1&r=2" || s.String() != "a=1&b=1&c=1&s=2" {
		t.Errorf("after s := r; s.Append(\"s\", \"2\"); r.Append(\"r\", \"2\"): r is %q, s is %q", &r, &s)
	}
	// Clone, also of nil.
	c := r.Clone()
	c.Delete("a")
	if r.String() != "a=1&b=1&c=1&r=2" || c.String() != "b=1&c=1&r=2" {
		t.Errorf("after c := r.Clone(); c.Delete(\"a\"): r is %q, c is %q", &r, c)
	}
	var nilParams *SearchParams
	if c := nilParams.Clone(); c == nil || c.Size() != 0 {
		t.Errorf("Clone of nil = %v", c)
	} else {
		c.Append("a", "1") // usable
	}
}

// copyOpsNames and copyOpsValues are the names and values the copy
// property test uses: few, so that operations meet the same names.
var (
	copyOpsNames  = []string{"a", "b", "c", ""}
	copyOpsValues = []string{"1", "2", "x y", ""}
)

// runCopyOps runs the operations ops describes on a set of SearchParams
// values, each made as a copy of another (q := *p, passing by value, Clone,
// *p = *q), and checks after every operation that each value holds the pairs
// a model gives it in which every copy is a list of its own: what is done to
// a copy never shows in the original, nor the reverse, whatever the
// sequence.
func runCopyOps(t *testing.T, ops []byte) {
	t.Helper()
	next := func() int {
		if len(ops) == 0 {
			return 0
		}
		b := ops[0]
		ops = ops[1:]
		return int(b)
	}
	const maxValues = 6
	vals := []*SearchParams{NewSearchParams("a=1&b=2&c=3&a=4")}
	models := [][][2]string{{{"a", "1"}, {"b", "2"}, {"c", "3"}, {"a", "4"}}}
	var log []string
	for len(ops) > 0 {
		op, i := next()%11, next()%len(vals)
		name, value := copyOpsNames[next()%len(copyOpsNames)], copyOpsValues[next()%len(copyOpsValues)]
		p, m := vals[i], models[i]
		var desc string
		switch op {
		case 0, 1: // a copy, made three ways
			if len(vals) == maxValues {
				continue
			}
			var c *SearchParams
			switch next() % 3 {
			case 0:
				q := *p
				c, desc = &q, "copy"
			case 1:
				q := passSearchParams(*p)
				c, desc = &q, "pass by value"
			case 2:
				c, desc = p.Clone(), "Clone"
			}
			vals, models = append(vals, c), append(models, slices.Clone(m))
		case 2: // assignment of one value to another
			j := next() % len(vals)
			*p = *vals[j]
			models[i] = slices.Clone(models[j])
			desc = "assign from " + infra.Itoa(j)
		case 3:
			p.Append(name, value)
			models[i] = append(slices.Clone(m), [2]string{name, value})
			desc = "Append(" + name + ", " + value + ")"
		case 4:
			p.Delete(name)
			models[i] = slices.DeleteFunc(slices.Clone(m), func(pair [2]string) bool { return pair[0] == name })
			desc = "Delete(" + name + ")"
		case 5:
			p.DeleteValue(name, value)
			models[i] = slices.DeleteFunc(slices.Clone(m), func(pair [2]string) bool { return pair == [2]string{name, value} })
			desc = "DeleteValue(" + name + ", " + value + ")"
		case 6:
			p.Set(name, value)
			models[i] = modelSet(m, name, value)
			desc = "Set(" + name + ", " + value + ")"
		case 7:
			p.Sort()
			models[i] = slices.Clone(m)
			slices.SortStableFunc(models[i], func(a, b [2]string) int { return compareUTF16(a[0], b[0]) })
			desc = "Sort()"
		case 8: // a fresh list in place of the value
			*p = *NewSearchParams(name + "=" + value + "&" + value)
			models[i] = [][2]string{{name, value}}
			if value != "" {
				models[i] = append(models[i], [2]string{value, ""})
			}
			desc = "= NewSearchParams"
		case 9: // a read that must change nothing
			_ = p.String()
			_, _ = p.Get(name)
			desc = "read"
		case 10:
			del := func(n, v string) bool { return n == name || v == value }
			p.DeleteFunc(del)
			models[i] = slices.DeleteFunc(slices.Clone(m), func(pair [2]string) bool { return del(pair[0], pair[1]) })
			desc = "DeleteFunc(" + name + " or " + value + ")"
		}
		log = append(log, infra.Itoa(i)+": "+desc)
		for k, v := range vals {
			var got [][2]string
			for name, value := range v.All() {
				got = append(got, [2]string{name, value})
			}
			if !equalPairs(got, models[k]) || v.Size() != len(models[k]) || v.String() != SerializeURLEncoded(models[k], nil) {
				t.Fatalf("after %q, value %d holds %q (%q), want %q", log, k, got, v.String(), models[k])
			}
		}
	}
}

// passSearchParams returns its argument, a copy of the caller's value.
func passSearchParams(p SearchParams) SearchParams { return p }

// modelSet is SearchParams.Set on a list of its own.
func modelSet(list [][2]string, name, value string) [][2]string {
	var out [][2]string
	set := false
	for _, pair := range list {
		switch {
		case pair[0] != name:
			out = append(out, pair)
		case !set:
			out = append(out, [2]string{name, value})
			set = true
		}
	}
	if !set {
		out = append(out, [2]string{name, value})
	}
	return out
}

// TestSearchParamsCopies runs random sequences of operations on copies of
// SearchParams values (see runCopyOps).
func TestSearchParamsCopies(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for range n {
		ops := make([]byte, 4*(1+r.IntN(40)))
		for i := range ops {
			ops[i] = byte(r.Uint32())
		}
		runCopyOps(t, ops)
	}
}

// FuzzSearchParamsCopies runs the fuzzer's sequences of operations on copies
// of SearchParams values (see runCopyOps).
func FuzzSearchParamsCopies(f *testing.F) {
	// Each operation is four bytes (operation, value, name, value given),
	// and a copy takes a fifth (how it is made).
	f.Add([]byte{0, 0, 0, 0, 0, 4, 1, 1, 0})                         // q := *p; q.Delete("b")
	f.Add([]byte{0, 0, 0, 0, 0, 7, 0, 0, 0, 6, 0, 0, 3})             // q := *p; p.Sort(); p.Set("a", "")
	f.Add([]byte{3, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 2, 0, 3, 1, 3, 1}) // p.Append; q := *p; both append
	f.Fuzz(func(t *testing.T, ops []byte) {
		runCopyOps(t, ops)
	})
}

// sinkSearchParams keeps the SearchParams of an allocation test on the heap.
var sinkSearchParams *SearchParams

// TestSearchParamsCopyAllocs holds what copies cost: nothing to make, and
// one new list for a change that could reach a copy.
func TestSearchParamsCopyAllocs(t *testing.T) {
	p := NewSearchParams("a=1&b=2&c=3")
	for _, c := range []struct {
		name string
		want float64
		f    func()
	}{
		{"copy and read", 0, func() { q := *p; _, _ = q.Get("b"); _ = q.Size() }},
		{"Clone", 3, func() { sinkSearchParams = p.Clone() }}, // the strings, the list, the SearchParams and its count
		{"Delete of no pair", 0, func() { q := *p; q.Delete("z") }},
		{"Set to the same value", 0, func() { q := *p; q.Set("b", "2") }},
		{"Sort of a sorted list", 0, func() { q := *p; q.Sort() }},
		{"DeleteFunc of no pair", 0, func() { q := *p; q.DeleteFunc(func(n, _ string) bool { return n == "z" }) }},
		{"range over All, Keys and Values", 0, func() {
			for range p.All() {
			}
			for range p.Keys() {
			}
			for range p.Values() {
			}
		}},
		{"Delete", 1, func() { q := *p; q.Delete("b") }},
		{"DeleteFunc", 1, func() { q := *p; q.DeleteFunc(func(n, _ string) bool { return n == "b" }) }},
		{"Set", 1, func() { q := *p; q.Set("b", "x") }},
		{"NewSearchParams", 2, func() { sinkSearchParams = NewSearchParams("a=1&b=2") }}, // the SearchParams and its count, the list
		// Appending stays amortized: a list grows as a slice does, plus
		// one count of filled elements.
		{"1000 Appends", 12, func() {
			var q SearchParams
			for range 1000 {
				q.Append("a", "1")
			}
		}},
		{"1000 Appends to a copy", 12, func() {
			q := *p
			for range 1000 {
				q.Append("a", "1")
			}
		}},
	} {
		if got := testing.AllocsPerRun(100, c.f); got > c.want {
			t.Errorf("%s: %v allocations, want %v", c.name, got, c.want)
		}
	}
}

// TestSearchParamsCopiesConcurrent gives copies of one SearchParams to
// goroutines that change them at the same time: each must end with its own
// pairs. Run it with -race.
func TestSearchParamsCopiesConcurrent(t *testing.T) {
	var template SearchParams
	for range 5 {
		template.Append("t", "0") // room for 3 more in place
	}
	want := template.String()
	const goroutines, appends = 4, 100
	results := make([]string, goroutines)
	done := make(chan int)
	for g := range goroutines {
		q := template.Clone()
		go func() {
			name := string(rune('a' + g))
			for i := range appends {
				q.Append(name, infra.Itoa(i))
			}
			q.Delete("t")
			results[g] = q.String()
			done <- g
		}()
	}
	for range goroutines {
		<-done
	}
	for g, got := range results {
		name := string(rune('a' + g))
		var b strings.Builder
		for i := range appends {
			if i > 0 {
				b.WriteByte('&')
			}
			b.WriteString(name + "=" + infra.Itoa(i))
		}
		if got != b.String() {
			t.Errorf("goroutine %d: %q, want %q", g, got, b.String())
		}
	}
	if template.String() != want {
		t.Errorf("template changed to %q", &template)
	}
}

// TestSearchParamsCloneReleasesSource checks the trap Clone exists for, as
// TestCloneReleasesInput does URL's: the pairs of a SearchParams read from a
// substring of a 32 MiB page keep the page alive, and its Clone does not.
// The page is a []byte of the test's own, read through unsafe.String, with a
// cleanup that reports when the collector frees it.
func TestSearchParamsCloneReleasesSource(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector keeps memory alive longer")
	}
	const text = "https://example.com/?q=a+b&lang=en&x&long=1"
	// released returns what keep keeps of the page, and whether the page
	// was freed after rounds of GC (fewer where it should stay: a page
	// freed is seen at the first).
	released := func(keep func(page string) *SearchParams, rounds int) (*SearchParams, bool) {
		page := make([]byte, 32<<20)
		copy(page[1000:], text)
		var freed atomic.Bool
		runtime.AddCleanup(&page[0], func(f *atomic.Bool) { f.Store(true) }, &freed)
		p := keep(unsafe.String(&page[0], len(page))[1000 : 1000+len(text)])
		page = nil
		for i := 0; i < rounds && !freed.Load(); i++ {
			runtime.GC()
			time.Sleep(2 * time.Millisecond)
		}
		return p, freed.Load()
	}
	query := func(s string) string { return s[strings.IndexByte(s, '?'):] }
	for _, c := range []struct {
		name string
		keep func(page string) *SearchParams
		want string
	}{
		{"NewSearchParams", func(s string) *SearchParams { return NewSearchParams(query(s)) }, "q=a+b&lang=en&x=&long=1"},
		{"URL.SearchParams", func(s string) *SearchParams { return MustParse(s).SearchParams() }, "q=a+b&lang=en&x=&long=1"},
		{"NewSearchParamsFromPairs", func(s string) *SearchParams {
			return NewSearchParamsFromPairs(ParseURLEncoded(query(s)[1:]))
		}, "q=a+b&lang=en&x=&long=1"},
		{"Append", func(s string) *SearchParams {
			var p SearchParams
			p.Append(s[len("https://"):len("https://example")], s[len(s)-1:])
			return &p
		}, "example=1"},
		{"Delete of a pair", func(s string) *SearchParams {
			p := NewSearchParams(query(s))
			p.Delete("long")
			return p
		}, "q=a+b&lang=en&x="},
	} {
		p, freed := released(c.keep, 5)
		if freed || p.String() != c.want {
			t.Errorf("%s: page freed %v (the pairs share it), %q, want %q", c.name, freed, p, c.want)
		}
		runtime.KeepAlive(p)
		q, freed := released(func(page string) *SearchParams { return c.keep(page).Clone() }, 100)
		if !freed || q.String() != c.want {
			t.Errorf("%s, then Clone: page freed %v, %q, want %q", c.name, freed, q, c.want)
		}
		checkSearchParams(t, q)
	}
}
