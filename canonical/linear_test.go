package canonical

import (
	"testing"

	"github.com/webstd/url"
	"github.com/webstd/url/internal/threadtime"
)

// TestLinear checks that each canonicalization takes time linear in the
// length of the URL, on inputs built to be hard for it: repeated
// percent-decoding ("%252525…", which decoding round after round makes
// quadratic), dot segments that only decoding reveals, runs of dots in a
// host, many www labels, query parameters to sort or strip, session
// identifiers, ColdFusion pairs that sorting makes, path parameters whose
// segments keep them, dot segments that would stay dot segments without
// them, ASP.NET session segments. An input 16 times as long
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
		{"path-params-kept-dot-segments", "http://h/", "..;jsessionid=1/", "b"},
		{"cfid-sorted", "http://h/?", "cfid=1&x&cftoken=2&", "y"},
		{"opaque-path", "sc:", "%2F%20", ""},
	}
	fs := canonicalFuncs()
	fs["surt-scheme"] = SURTOptions{WithScheme: true}.SURT
	var names []string
	for _, p := range Profiles() {
		names = append(names, p.Name())
	}
	names = append(names, "surt", "surt-append", "surt-scheme")
	for _, c := range cases {
		small := url.MustParse(threadtime.Repeat(c.prefix, c.unit, c.suffix, 1<<15))
		large := url.MustParse(threadtime.Repeat(c.prefix, c.unit, c.suffix, 1<<19))
		for _, name := range names {
			f := fs[name]
			t.Run(c.name+"/"+name, func(t *testing.T) {
				ratio := func() float64 {
					return threadtime.RatioN(func() { sinkString = f(small) }, 16, func() { sinkString = f(large) }, 1, 3)
				}
				threadtime.Linear(t, ratio, 48, 16)
			})
		}
	}
}
