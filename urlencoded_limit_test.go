package url

import (
	"errors"
	"runtime"
	"strings"
	"testing"
	"unsafe"
)

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
