package canonical

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/webstd/url"
)

// TestProfiles runs testdata/profiles.json.
func TestProfiles(t *testing.T) {
	var file struct {
		Cases []struct{ Profile, Input, Output, Why string }
	}
	readJSON(t, "profiles.json", &file)
	seen := map[string]bool{}
	for _, c := range file.Cases {
		t.Run(c.Profile+" "+c.Input, func(t *testing.T) {
			p, err := Lookup(c.Profile)
			if err != nil {
				t.Fatal(err)
			}
			seen[p.Name()] = true
			got, err := p.CanonicalString(c.Input)
			if err != nil || got != c.Output {
				t.Fatalf("%s: got %q, %v; want %q", c.Why, got, err, c.Output)
			}
			checkIdempotent(t, p, got)
		})
	}
	for _, p := range Profiles() {
		if !seen[p.Name()] {
			t.Errorf("profiles.json has no case for %s", p.Name())
		}
	}
}

func TestLookup(t *testing.T) {
	for _, name := range []string{"identity", "dedup", "dedup-strip", "safebrowsing", "ia", "DEDUP"} {
		p, err := Lookup(name)
		if err != nil || !strings.EqualFold(p.Name(), name) {
			t.Errorf("Lookup(%q) = %v, %v", name, p, err)
		}
	}
	_, err := Lookup("nope")
	if err == nil || !strings.Contains(err.Error(), "identity, dedup, dedup-strip, safebrowsing, ia") {
		t.Errorf("Lookup(nope): %v", err)
	}
	var zero Profile
	if zero.Name() != "identity" {
		t.Errorf("zero Profile is %q", zero.Name())
	}
	u := url.MustParse("https://example.com/?b#c")
	for _, p := range append(Profiles(), zero) {
		if s, err := p.Canonical(url.URL{}); s != "" || err != nil {
			t.Errorf("%s: the zero URL gives %q, %v", p, s, err)
		}
		if s, err := p.Canonical(u); err != nil || s == "" {
			t.Errorf("%s: %q gives %q, %v", p, u, s, err)
		}
	}
	for _, p := range []Profile{numProfiles, 255} {
		if s, err := p.Canonical(u); s != "" || !errors.Is(err, errNoProfile) {
			t.Errorf("%v: %q, %v; want an error", p, s, err)
		}
		if name := p.Name(); name != "Profile("+strconv.Itoa(int(p))+")" {
			t.Errorf("Profile(%d).Name() = %q", int(p), name)
		}
	}
	if _, err := Dedup.CanonicalString("not a URL"); err == nil {
		t.Error("CanonicalString of a string that does not parse: no error")
	}
}

// TestOptionsCompose checks that the steps compose: each alone, and all of
// them, leave a URL that they do not change again, and Apply returns u
// itself when it has nothing to change.
func TestOptionsCompose(t *testing.T) {
	steps := []Options{
		{DropFragment: true}, {DropUserinfo: true}, {DropTrailingDot: true},
		{NormalizePercentEncoding: true}, {StripParams: []string{"a", "utm_*"}},
		{SortQuery: true}, {DropEmptyQuery: true}, DedupStripOptions(),
		{DropUserinfo: true, SortQuery: true, StripParams: []string{"b"}},
	}
	inputs := []string{
		"https://u:p@Example.com.:8443/%7e/%2f;a=1?b=2&a=1&&utm_x=3#%7e",
		"https://example.com/?a=1",
		"sc://h./p?",
		"mailto:x@y?b&a",
	}
	for _, in := range inputs {
		u := url.MustParse(in)
		for _, o := range steps {
			v, err := o.Apply(u)
			if err != nil {
				t.Fatalf("%+v on %q: %v", o, in, err)
			}
			if w, err := o.Apply(v); err != nil || w != v {
				t.Errorf("%+v on %q: %q, then %q, %v", o, in, v.Href(), w.Href(), err)
			}
		}
		if v, _ := (Options{}).Apply(u); v != u {
			t.Errorf("zero Options changed %q to %q", in, v.Href())
		}
	}
	if raceEnabled {
		return // the race detector's instrumentation allocates
	}
	u := url.MustParse("https://example.com/a?a=1&b=2")
	if n := testing.AllocsPerRun(100, func() { dedupOptions.Apply(u) }); n != 0 {
		t.Errorf("Apply of a canonical URL allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { SafeBrowsing.Canonical(u) }); n != 0 {
		t.Errorf("SafeBrowsing.Canonical of a canonical URL allocates %v times", n)
	}
	if n := testing.AllocsPerRun(100, func() { SURT(u) }); n != 1 {
		t.Errorf("SURT allocates %v times; want 1, its result", n)
	}
}

// TestStripParamsASCIICase checks that parameter names match ignoring ASCII
// case only, as Options.StripParams says: "ſessionid" (with U+017F, which
// Unicode case folding takes to "s") and "K" (Kelvin) are other names.
func TestStripParamsASCIICase(t *testing.T) {
	for _, tc := range []struct {
		name  string
		names []string
		want  bool
	}{
		{"SessionID", []string{"sessionid"}, true},
		{"utm_SOURCE", []string{"utm_*"}, true},
		{"UTM_x", []string{"utm_*"}, true},
		{"ſessionid", []string{"sessionid"}, false},
		{"%C5%BFessionid", []string{"sessionid"}, false},
		{"\u212Aey", []string{"key"}, false},
		{"\u212Aey", []string{"k*"}, false},
	} {
		if got := matchParam(tc.name, tc.names); got != tc.want {
			t.Errorf("matchParam(%q, %q) = %v, want %v", tc.name, tc.names, got, tc.want)
		}
	}
}
