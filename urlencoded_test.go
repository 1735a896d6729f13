package url

import (
	"errors"
	"runtime"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"

	"github.com/webstd/url/internal/infra"
)

// equalPairs reports whether a and b hold the same pairs; nil and empty are
// the same.
func equalPairs(a, b [][2]string) bool {
	return len(a) == len(b) && (len(a) == 0 || slices.Equal(a, b))
}

func TestParseURLEncoded(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want [][2]string
	}{
		{"", nil},
		{"&&", nil},
		{"a=1&b=x+y&a=%E2%80%BD&c", [][2]string{{"a", "1"}, {"b", "x y"}, {"a", "‽"}, {"c", ""}}},
		{"%2B=%2b+", [][2]string{{"+", "+ "}}},
		{"a=b=c", [][2]string{{"a", "b=c"}}},
		{"=", [][2]string{{"", ""}}},
		{"==", [][2]string{{"", "="}}},
		{"%+2A", [][2]string{{"% 2A", ""}}},
		{"%FF=%C3%A9", [][2]string{{"\uFFFD", "é"}}},
		{"\xFF=\xC3", [][2]string{{"\uFFFD", "\uFFFD"}}}, // input read as bytes
		{"%E2%82=%F0%9F%8C", [][2]string{{"\uFFFD", "\uFFFD"}}},
		{"%EF%BB%BFa", [][2]string{{"\uFEFFa", ""}}}, // no BOM removal
		{"?a=b", [][2]string{{"?a", "b"}}},
		{"a;b=c", [][2]string{{"a;b", "c"}}},
	} {
		if got := ParseURLEncoded(tc.in); !equalPairs(got, tc.want) {
			t.Errorf("ParseURLEncoded(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestSerializeURLEncoded(t *testing.T) {
	shiftJIS, _ := htmlindex.Get("shift_jis")
	windows1252, _ := htmlindex.Get("windows-1252")
	utf16, _ := htmlindex.Get("utf-16le")
	for _, tc := range []struct {
		pairs [][2]string
		enc   encoding.Encoding
		want  string
	}{
		{nil, nil, ""},
		{[][2]string{{"", ""}}, nil, "="},
		{[][2]string{{"", ""}, {"", ""}}, nil, "=&="},
		{[][2]string{{"a", "b"}, {"a", "c"}}, nil, "a=b&a=c"},
		{[][2]string{{"q", "1+1 = 2"}, {"lang", "français"}}, nil, "q=1%2B1+%3D+2&lang=fran%C3%A7ais"},
		// Everything but the ASCII alphanumerics and *-._ is encoded.
		{[][2]string{{"*-._", " !\"#$%&'()+,/:;<=>?@[\\]^`{|}~"}}, nil,
			"*-._=+%21%22%23%24%25%26%27%28%29%2B%2C%2F%3A%3B%3C%3D%3E%3F%40%5B%5C%5D%5E%60%7B%7C%7D%7E"},
		{[][2]string{{"\x00\x1F\x7F", "\U0001F308"}}, nil, "%00%1F%7F=%F0%9F%8C%88"},
		{[][2]string{{"a\xFFb", "\xF0\x90\x80"}}, nil, "a%EF%BF%BDb=%EF%BF%BD"},
		// Legacy encodings, with unencodable code points as "&#N;".
		{[][2]string{{"≡", "1+1 ≡ 2%20‽"}}, shiftJIS, "%81%DF=1%2B1+%81%DF+2%2520%26%238253%3B"},
		{[][2]string{{"café", "€ \U0001F308"}}, windows1252, "caf%E9=%80+%26%23127752%3B"},
		{[][2]string{{"\xFF", "x"}}, windows1252, "%26%2365533%3B=x"},
		// UTF-16 serializes as UTF-8 (get an output encoding).
		{[][2]string{{"é", "x"}}, utf16, "%C3%A9=x"},
	} {
		got := SerializeURLEncoded(tc.pairs, tc.enc)
		if got != tc.want {
			t.Errorf("SerializeURLEncoded(%q) = %q, want %q", tc.pairs, got, tc.want)
		}
		for i := 0; i < len(got); i++ {
			if got[i] >= utf8.RuneSelf {
				t.Errorf("SerializeURLEncoded(%q) = %q is not ASCII", tc.pairs, got)
				break
			}
		}
	}
}

// TestURLEncodedRoundTrip checks that parsing a serialization gives back the
// pairs (read as scalar value strings).
func TestURLEncodedRoundTrip(t *testing.T) {
	pairs := [][2]string{
		{"", ""}, {"a b", "c+d"}, {"=&", "%25%"}, {"?", "#"}, {"é", "\U0001F308"},
		{"\xFF", "\xED\xA0\x80"}, {strings.Repeat("x", 100), "\x00"},
	}
	got := ParseURLEncoded(SerializeURLEncoded(pairs, nil))
	want := make([][2]string, len(pairs))
	for i, p := range pairs {
		want[i] = [2]string{infra.ToWellFormed(p[0]), infra.ToWellFormed(p[1])}
	}
	if !equalPairs(got, want) {
		t.Errorf("round trip: got %q, want %q", got, want)
	}
}

func TestURLEncodedAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	dst := make([]byte, 0, 256)
	pairs := [][2]string{{"q", "a b"}, {"lang", "fr"}}
	for _, c := range []struct {
		name string
		max  float64
		f    func()
	}{
		// One allocation for the result; names and values are substrings.
		{"ParseURLEncoded", 1, func() { _ = ParseURLEncoded("a=1&b=2&c=3&d") }},
		{"ParseURLEncoded/empty", 0, func() { _ = ParseURLEncoded("") }},
		{"appendURLEncoded", 0, func() { dst = appendURLEncoded(dst[:0], pairs, nil) }},
	} {
		if n := testing.AllocsPerRun(100, c.f); n > c.max {
			t.Errorf("%s: %v allocations, want at most %v", c.name, n, c.max)
		}
	}
}

// bytesAllocated returns the fewest bytes f allocated in three runs, so that
// an allocation elsewhere in the process does not count.
func bytesAllocated(f func()) uint64 {
	least := ^uint64(0)
	for range 3 {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		f()
		runtime.ReadMemStats(&after)
		least = min(least, after.TotalAlloc-before.TotalAlloc)
	}
	return least
}

// TestURLEncodedMemory holds the memory that parsing a form takes to the
// pairs it finds: an input of "&" and other empty pieces, however long, must
// not make the parser reserve room for a pair per "&". The old parser
// reserved strings.Count(input, "&")+1 pairs up front, 32 bytes each: 32 MiB
// for 1 MiB of "&", 335 MB for 10 MB.
func TestURLEncodedMemory(t *testing.T) {
	const n = 1 << 20
	pairSize := uint64(unsafe.Sizeof([2]string{}))
	oldBound := func(in string) uint64 { return uint64(strings.Count(in, "&")+1) * pairSize }
	for _, tc := range []struct {
		name  string
		input string
	}{
		{"only &", strings.Repeat("&", n)},
		{"one pair per 64 bytes", strings.Repeat("a"+strings.Repeat("&", 63), n/64)},
		{"a pair after 1 MiB of &", strings.Repeat("&", n) + "a=1"},
		{"every other byte a pair", strings.Repeat("a&", n/8)},
	} {
		pairs := uint64(len(ParseURLEncoded(tc.input)))
		// Room for the pairs found, with slack for growing a slice, and
		// 4 KiB for the rest (a SearchParams, a URL).
		limit := 2*pairs*pairSize + 4096
		withQuestionMark := "?" + tc.input
		for _, c := range []struct {
			name string
			f    func()
		}{
			{"ParseURLEncoded", func() { _ = ParseURLEncoded(tc.input) }},
			{"NewSearchParams", func() { _ = NewSearchParams(tc.input) }},
			{"NewSearchParams with ?", func() { _ = NewSearchParams(withQuestionMark) }},
		} {
			got := bytesAllocated(c.f)
			if got > limit {
				t.Errorf("%s(%s): %d pairs, %d bytes allocated, want at most %d (the old bound: %d)",
					c.name, tc.name, pairs, got, limit, oldBound(tc.input))
			} else {
				t.Logf("%s(%s): %d pairs, %d bytes allocated (the old bound: %d)", c.name, tc.name, pairs, got, oldBound(tc.input))
			}
		}
		// A URL's query goes through the same parser.
		u := MustParse("https://example.com/?" + tc.input)
		if got := bytesAllocated(func() { _ = u.SearchParams() }); got > limit {
			t.Errorf("URL.SearchParams(%s): %d pairs, %d bytes allocated, want at most %d", tc.name, pairs, got, limit)
		}
	}
}

func TestParseURLEncodedLimit(t *testing.T) {
	for _, tc := range []struct {
		in       string
		maxPairs int
		tooMany  bool
	}{
		{"", 0, false},
		{"&&&", 0, false},
		{"a", 0, true},
		{"a", 1, false},
		{"=", 0, true}, // "=" is a pair: ("", "")
		{"a=1&&b=2&", 2, false},
		{"a=1&&b=2&c", 2, true},
		{"a&b&c", -1, false},
		{strings.Repeat("&", 1<<16), 0, false}, // empty pieces are not pairs
		{strings.Repeat("a=1&", 10000), 10000, false},
		{strings.Repeat("a=1&", 10001), 10000, true},
	} {
		name := tc.in
		if len(name) > 20 {
			name = name[:20] + "..."
		}
		got, err := ParseURLEncodedLimit(tc.in, tc.maxPairs)
		if tc.tooMany {
			if !errors.Is(err, ErrTooManyPairs) || got != nil {
				t.Errorf("ParseURLEncodedLimit(%q, %d) = %d pairs, %v; want nil, ErrTooManyPairs", name, tc.maxPairs, len(got), err)
			}
			continue
		}
		if want := ParseURLEncoded(tc.in); err != nil || !equalPairs(got, want) {
			t.Errorf("ParseURLEncodedLimit(%q, %d) = %q, %v; want %q", name, tc.maxPairs, got, err, want)
		}
	}

	// Refusing an input allocates nothing, however long it is.
	big := strings.Repeat("x=1&", 1<<16)
	if n := testing.AllocsPerRun(10, func() { _, _ = ParseURLEncodedLimit(big, 10000) }); n != 0 {
		t.Errorf("ParseURLEncodedLimit of %d pairs, limit 10000: %v allocations, want 0", 1<<16, n)
	}
}

// FuzzParseURLEncodedLimit holds ParseURLEncodedLimit to its promise on any
// input and limit: ParseURLEncoded's pairs when there are at most maxPairs
// of them (or maxPairs is negative), and ErrTooManyPairs with no pairs
// otherwise.
func FuzzParseURLEncodedLimit(f *testing.F) {
	for _, s := range []string{"", "&&", "a", "a=1&b=2", "&a&&b&", "==&=", "a=1&a=2&a=3&a=4"} {
		for _, m := range []int8{-1, 0, 1, 2, 3} {
			f.Add(s, m)
		}
	}
	f.Fuzz(func(t *testing.T, input string, maxPairs int8) {
		all := ParseURLEncoded(input)
		got, err := ParseURLEncodedLimit(input, int(maxPairs))
		if maxPairs >= 0 && len(all) > int(maxPairs) {
			if err != ErrTooManyPairs || got != nil {
				t.Fatalf("ParseURLEncodedLimit(%q, %d) = %q, %v; want nil, ErrTooManyPairs (%d pairs)", input, maxPairs, got, err, len(all))
			}
			return
		}
		if err != nil || !equalPairs(got, all) {
			t.Fatalf("ParseURLEncodedLimit(%q, %d) = %q, %v; want %q", input, maxPairs, got, err, all)
		}
	})
}
