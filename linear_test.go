package url

import (
	"testing"

	"github.com/webstd/url/internal/threadtime"
)

// A linearCase is an input built to be hard for a URL parser: prefix, then
// unit repeated to the size wanted, then suffix (threadtime.Repeat).
type linearCase struct {
	name, prefix, unit, suffix string
}

// linearCases are the inputs on which parsers have been quadratic: path
// shortening (net/url's CVE on ".."), string building per character (a
// pure-Go port took 74 s on a 1 MB data: URL), label-by-label IDNA and
// Punycode of long labels, and the standard's own "prepend %40" for each
// "@" of the userinfo.
var linearCases = []linearCase{
	{"dot-segments", "http://h/", "../%2e%2E/", ""},
	{"dot-segments-mixed", "http://h/", "a/b/../%2e%2E/./%2E/", "x"},
	{"host-dots", "http://", "a.", "/"},
	{"host-only-dots", "http://", ".", "/"},
	{"host-ipv4-parts", "http://", "1.", "/"},
	{"host-percent-encoded", "http://", "%41", "/"},
	{"ipv6-long", "http://[", "1:", "]/"},
	{"query-encoding", "http://h/?", "€ \"<>", ""},
	{"fragment-encoding", "http://h/#", "€ `<>", ""},
	{"idn-long-label", "http://", "ü", ".com/"},
	{"idn-many-labels", "http://", "ü.", "com/"},
	{"data-url", "data:text/plain,", "a", ""},
	{"userinfo-at-signs", "http://", "a@", "h/"},
	{"file-drive-letters", "file:///", "C:/../", ""},
	{"tabs-newlines", "http://h/", "a\t\n", ""},
	{"leading-spaces", "", " ", "http://h/"},
	{"opaque-path", "sc:", "ab c/", ""},
}

// parseRatio returns how many times as long a Parse of large takes as one of
// small, the shortest of rounds timings of each (threadtime.RatioN), small
// parsed as many times a round as make about 256 KB of input.
func parseRatio(small, large string, rounds int) float64 {
	parse := func(s string) func() { return func() { sinkURL, _ = Parse(s) } }
	return threadtime.RatioN(parse(small), max(1, (256<<10)/len(small)), parse(large), 1, rounds)
}

// TestLinearTime checks that Parse takes time linear in the input's length
// on inputs built to be hard: the 1 MB input of each case may take at most
// 10,000 times as long as the 1 KB one (1,024 times for exactly linear time,
// a million for quadratic time). The bound is far from both: a 1 MB input
// outgrows the caches the 1 KB one stays in, which costs up to 1.5 times
// linear on an idle machine, and more on a busy one.
// Only ratios of times measured in the same run are compared. A case whose
// 100 KB input already takes more than ten times as long as linear time
// would fails without timing the 1 MB one, which could take minutes.
func TestLinearTime(t *testing.T) {
	if raceEnabled {
		t.Skip("times are not meaningful under the race detector, which slows code down unevenly")
	}
	if testing.Short() {
		t.Skip("-short: timing the 1 MB inputs takes 1 to 4 s (more on a busy machine)")
	}
	const (
		kb       = 1 << 10
		maxRatio = 10000 // for 1 MB against 1 KB
		max100   = 1000  // for 100 KB against 1 KB, before trying 1 MB
	)
	for _, c := range linearCases {
		t.Run(c.name, func(t *testing.T) {
			build := func(size int) string { return threadtime.Repeat(c.prefix, c.unit, c.suffix, size) }
			small, medium, large := build(kb), build(100*kb), build(1024*kb)
			ratio100 := threadtime.Lowest(func() float64 { return parseRatio(small, medium, 5) }, max100, 3)
			if ratio100 > max100 {
				t.Fatalf("super-linear: 100 KB takes %.0f times as long as 1 KB (linear: 100); 1 MB not tried", ratio100)
			}
			threadtime.Linear(t, func() float64 { return parseRatio(small, large, 5) }, maxRatio, 1024)
		})
	}
}
