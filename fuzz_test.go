package url

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// seedInputs returns the inputs and bases of urltestdata.json, when the WPT
// fixtures are found, as seeds for the fuzz targets.
func seedInputs() []string {
	dir := wptDir()
	if dir == "" {
		return nil
	}
	data, err := os.ReadFile(filepath.Join(dir, "urltestdata.json"))
	if err != nil {
		return nil
	}
	var raw []json.RawMessage
	if json.Unmarshal(data, &raw) != nil {
		return nil
	}
	var seeds []string
	for _, r := range raw {
		var tc urlTestCase
		if r[0] == '"' || json.Unmarshal(r, &tc) != nil {
			continue
		}
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
	for _, s := range seedInputs() {
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

// FuzzFastPath holds the fast path for serialized input (fastpath.go) to the
// state machine: whenever the fast path accepts an input, the state machine
// parses it to the same URL.
func FuzzFastPath(f *testing.F) {
	for _, s := range seedInputs() {
		f.Add(s)
	}
	for _, s := range []string{"https://example.com/", "http://a:80/", "http://a:0/", "http://a:08/", "file:///C|/x", "file://localhost/",
		"https://1.2.3.4/", "https://a/./b", "https://a/%2e%2E/b", "sc:x y?z", "sc:/x", "ftp://x:21/", "ws://x/?'", "https://x/?'", "sc:?'#`"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		fast, ok := parseSerialized(input)
		if !ok {
			return
		}
		slow, fail := runParser(input, nil, nil, nil)
		if fail != 0 {
			t.Fatalf("fast path accepts %q, the state machine fails with %v", input, fail)
		}
		if fast != slow {
			t.Fatalf("%q: fast path gives\n%+v\nthe state machine\n%+v", input, fast, slow)
		}
	})
}
