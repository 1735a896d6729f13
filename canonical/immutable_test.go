package canonical_test

import (
	"slices"
	"testing"

	"github.com/webstd/url"
	"github.com/webstd/url/canonical"
)

// keysOf returns the key of each input under every profile (as Profiles
// and Lookup give them), under the steps that DedupOptions and
// DedupStripOptions return, and under Options made of TrackingParams and
// SessionParams: the keys that an importer gets from what the package
// gives it.
func keysOf(t *testing.T, inputs []string) []string {
	t.Helper()
	var keys []string
	add := func(s string, err error) {
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, s)
	}
	for _, in := range inputs {
		u := url.MustParse(in)
		for _, p := range canonical.Profiles() {
			add(p.Canonical(u))
			q, err := canonical.Lookup(p.Name())
			if err != nil {
				t.Fatal(err)
			}
			add(q.Canonical(u))
		}
		add(canonical.Dedup.Canonical(u))
		add(canonical.DedupStrip.Canonical(u))
		add(canonical.DedupOptions().Canonical(u))
		add(canonical.DedupStripOptions().Canonical(u))
		add(canonical.Options{StripParams: canonical.TrackingParams()}.Canonical(u))
		add(canonical.Options{StripParams: canonical.SessionParams()}.Canonical(u))
	}
	return keys
}

// TestImporterCannotChangeKeys changes everything the package returns (the
// slice of profiles, the steps of the dedup profiles and their slice of
// names, the lists of tracking and session parameters, and Options after
// they have been used) and checks that the keys that every caller gets are
// those they were. (Assigning to a profile, canonical.Dedup =
// canonical.Identity, does not compile: the profiles are constants.)
func TestImporterCannotChangeKeys(t *testing.T) {
	inputs := []string{
		"https://Example.com./a;jsessionid=1/%7e?utm_source=x&b=2&a=1&fbclid=y#top",
		"http://www.example.com/A/?phpsessid=0123456789abcdefghijklmnopqrstuv&x=1",
	}
	before := keysOf(t, inputs)

	ps := canonical.Profiles()
	for i := range ps {
		ps[i] = canonical.Identity
	}
	p, _ := canonical.Lookup("dedup-strip")
	_ = p
	for _, o := range []canonical.Options{canonical.DedupOptions(), canonical.DedupStripOptions()} {
		used := o
		used.Canonical(url.MustParse(inputs[0]))
		for i := range o.StripParams {
			o.StripParams[i] = "b"
		}
		o.StripParams = append(o.StripParams[:0], "a")
		o.SortQuery, o.DropFragment = false, false
	}
	for _, names := range [][]string{canonical.TrackingParams(), canonical.SessionParams()} {
		for i := range names {
			names[i] = "a"
		}
	}

	if after := keysOf(t, inputs); !slices.Equal(before, after) {
		t.Errorf("changing what the package returned changed the keys:\nbefore %q\nafter  %q", before, after)
	}
	if got, want := canonical.DedupStripOptions().StripParams, slices.Concat(canonical.TrackingParams(), canonical.SessionParams()); !slices.Equal(got, want) || !slices.Contains(got, "utm_*") {
		t.Errorf("DedupStripOptions().StripParams = %q; want %q", got, want)
	}
	if a, b := canonical.DedupStripOptions(), canonical.DedupStripOptions(); &a.StripParams[0] == &b.StripParams[0] {
		t.Error("two calls of DedupStripOptions share their StripParams")
	}
}
