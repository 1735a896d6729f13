package url

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// Tests of the basic URL parser (https://url.spec.whatwg.org/#concept-basic-url-parser)
// beyond the fixtures that TestWPT and TestOwnCases run (wpt_test.go).

// seedInputs returns the inputs and bases of urltestdata.json, as seeds for
// the fuzz targets.
func seedInputs(f *testing.F) []string {
	var seeds []string
	for _, tc := range wptCases[urlTestCase](f, "urltestdata.json") {
		seeds = append(seeds, tc.Input)
		if tc.Base != nil {
			seeds = append(seeds, *tc.Base)
		}
	}
	return seeds
}

// FuzzParse checks, on any input: no panic; the href of a successful parse
// parses again to the same URL (the standard's idempotence goal); the
// getters concatenate back to the href; the href is valid UTF-8.
func FuzzParse(f *testing.F) {
	for _, s := range seedInputs(f) {
		f.Add(s)
	}
	f.Add("HTTP://EXAMPLE.com/a/../b?x y#z")
	f.Fuzz(func(t *testing.T, input string) {
		u, err := Parse(input)
		if err != nil {
			if u.IsValid() {
				t.Fatalf("failed parse returned a valid URL %q", u.Href())
			}
			return
		}
		if !utf8.ValidString(u.Href()) {
			t.Fatalf("href %q is not valid UTF-8", u.Href())
		}
		checkInvariants(t, u)
		// The URL resolves against itself as a base, and relative references
		// against it are idempotent too.
		if v, err := u.Parse(input); err == nil {
			checkInvariants(t, v)
		}
		if v, err := u.Parse(strings.TrimLeft(input, "abcdefghijklmnopqrstuvwxyz")); err == nil {
			checkInvariants(t, v)
		}
	})
}
