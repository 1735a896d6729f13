package canonical

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/webstd/url"
	"github.com/webstd/url/internal/threadtime"
)

// TestLinear checks that each canonicalization takes time linear in the
// length of the URL, on inputs built to be hard for it: repeated
// percent-decoding ("%252525…", which decoding round after round makes
// quadratic), dot segments that only decoding reveals, runs of dots in a
// host, many www labels, query parameters to sort or strip, session
// identifiers, ColdFusion pairs that sorting makes, path parameters whose
// segments keep them, ASP.NET session segments. An input 16 times as long
// must not take more than 48 times as long (a quadratic algorithm takes 256
// times).
func TestLinear(t *testing.T) {
	if raceEnabled || testing.Short() {
		t.Skip("timing test: skipped under -race and -short")
	}
	sid := "jsessionid=0123456789abcdefghijklemopqrstuv"
	asp := "(S(4hqa0555fwsecu455xqckv45))/"
	cases := []struct{ name, prefix, unit, suffix string }{
		{"repeated-escapes", "http://h/%", "25", "41?%2525"},
		{"query-escapes", "http://h/?%", "25", "41"},
		{"decoded-dot-segments", "http://h/", "a/%252E%252E/", "x"},
		{"decoded-slashes", "http://h/", "%252F", "x"},
		{"host-dots", "http://a", "..", "b/"},
		{"www-labels", "http://", "www.", "example.com/"},
		{"query-params", "http://h/?", "b=1&a=2&", "c"},
		{"query-empty-params", "http://h/?", "&", "a"},
		{"session-ids", "http://h/?", sid + "&", "x=1"},
		{"session-ids-one-param", "http://h/?x", sid, ""},
		{"cfid", "http://h/?", "cfid=1&cftoken=2&", "x"},
		{"cfid-one-param", "http://h/?", "cfid=", "1&cftoken=2"},
		{"asp-segments", "http://h/", asp, "x.aspx"},
		{"path-params", "http://h/a", ";jsessionid=1", "/b"},
		{"path-params-dot-segments", "http://h/", "..;jsessionid=1;a=2/", "b"},
		{"cfid-sorted", "http://h/?", "cfid=1&x&cftoken=2&", "y"},
		{"opaque-path", "sc:", "%2F%20", ""},
	}
	fs := canonicalFuncs()
	fs["surt-scheme"] = SURTOptions{WithScheme: true}.SURT
	var names []string
	for _, p := range Profiles() {
		names = append(names, p.Name())
	}
	names = append(names, "surt", "surt-scheme")
	for _, c := range cases {
		build := func(size int) url.URL {
			n := max((size-len(c.prefix)-len(c.suffix))/len(c.unit), 1)
			return url.MustParse(c.prefix + strings.Repeat(c.unit, n) + c.suffix)
		}
		small, large := build(1<<15), build(1<<19)
		for _, name := range names {
			f := fs[name]
			t.Run(c.name+"/"+name, func(t *testing.T) {
				ts, tl := timeCanonical(f, small, 16), timeCanonical(f, large, 1)
				if r := float64(tl) / float64(ts); r > 48 {
					// Once more, in case the machine was busy.
					ts, tl = timeCanonical(f, small, 16), timeCanonical(f, large, 1)
					if r = float64(tl) / float64(ts); r > 48 {
						t.Fatalf("16 times the input took %.0f times as long (%v, %v)", r, ts, tl)
					}
				}
			})
		}
	}
}

// timeCanonical returns the shortest time of three runs of reps
// canonicalizations of u by canonical, divided by reps, in CPU time of the
// thread.
func timeCanonical(canonical func(url.URL) string, u url.URL, reps int) time.Duration {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	best := time.Duration(-1)
	for range 3 {
		start := threadtime.Now()
		for range reps {
			sinkString = canonical(u)
		}
		if d := (threadtime.Now() - start) / time.Duration(reps); best < 0 || d < best {
			best = d
		}
	}
	return max(best, 1)
}
