package urlpattern

import (
	"strings"
	"testing"

	"github.com/webstd/url/internal/threadtime"
)

// A linearCase is work built to be hard for a URL pattern implementation,
// on an input of a given size: compiling a pattern string, or matching a
// pattern against a URL or an Init. Backtracking regular expression engines
// take exponential time on several of these ("(a*)*b" against "aaa…"); the
// scan of direct matches and the VM of internal/jsregexp take linear time.
type linearCase struct {
	name string
	// setup returns the work to time on an input of about size bytes.
	setup func(size int) func()
}

// matchCase times p.Test on prefix, unit repeated to the size, suffix.
func matchCase(name, pattern, prefix, unit, suffix string) linearCase {
	return linearCase{name, func(size int) func() {
		p := MustParse(pattern)
		input := threadtime.Repeat(prefix, unit, suffix, size)
		return func() { sinkBool = p.Test(input) }
	}}
}

// execCase times p.Exec on the same kind of input.
func execCase(name, pattern, prefix, unit, suffix string) linearCase {
	return linearCase{name, func(size int) func() {
		p := MustParse(pattern)
		input := threadtime.Repeat(prefix, unit, suffix, size)
		return func() { sinkResult = p.Exec(input) }
	}}
}

// compileCase times Parse of prefix, unit repeated, suffix.
func compileCase(name, prefix, unit, suffix string) linearCase {
	return linearCase{name, func(size int) func() {
		input := threadtime.Repeat(prefix, unit, suffix, size)
		return func() { sinkPattern, _ = Parse(input) }
	}}
}

var (
	sinkBool    bool
	sinkResult  *Result
	sinkPattern *Pattern
)

var linearCases = []linearCase{
	// Regular expressions that make backtracking engines exponential.
	matchCase("nested-star", "https://h/((?:a*)*)b", "https://h/", "a", ""),
	matchCase("alternation-star", "https://h/((?:a|a)*)b", "https://h/", "a", ""),
	matchCase("plus-plus", "https://h/((?:\\w+\\w+)+)!", "https://h/", "ab", ""),
	matchCase("optional-empty", "https://h/((?:a?b?)*(?:a|b)*)c", "https://h/", "ab", ""),
	matchCase("counted", "https://h/((?:a|ab){0,15}(?:b|ab){0,15})*c", "https://h/", "ab", ""),
	execCase("captures-in-loop", "https://h/((?:(?<x>a)|(?<y>b)|(?<z>ab))*)c", "https://h/", "ab", ""),
	// Part lists: lazy segment wildcards, repeated groups, wildcards.
	matchCase("segments-dash", "https://h/:a-:b-:c-:d", "https://h/", "-", "x"),
	matchCase("segments-repeated", "https://h/:a+/x", "https://h/", "a/", "y"),
	matchCase("wildcards", "https://h/*a*b*c*d", "https://h/", "a", ""),
	execCase("optional-groups", "https://h/{:a}?{:b}?{:c}?/z", "https://h/", "b", ""),
	execCase("direct-segments", "https://h/:a/:b/*", "https://h/", "x/", ""),
	execCase("hostname-wildcard", "https://*.example.com/", "https://", "a.", "example.com/"),
	{"ignore-case", func(size int) func() {
		p, err := Options{IgnoreCase: true}.Parse("https://h/((?:A+)*)B")
		if err != nil {
			panic(err)
		}
		input := "https://h/" + strings.Repeat("a", size)
		return func() { sinkBool = p.Test(input) }
	}},
	// Compiling long pattern strings.
	compileCase("compile-fixed", "https://h/", "ab", ""),
	compileCase("compile-escapes", "https://h/", "\\:", ""),
	compileCase("compile-groups", "https://h/", "{a}?", ""),
	compileCase("compile-names", "https://h/:", "a", ""),
	compileCase("compile-regexp", "https://h/(", "a", ")"),
	compileCase("compile-lenient", "https://h/", "(", ""),
	compileCase("compile-authority", "https://", "a@", "h/"),
	compileCase("compile-relative", "", "/a", ""),
	// Matching an Init, which canonicalizes each component.
	{"init-components", func(size int) func() {
		p := MustParse("https://h/*?*#*")
		s := strings.Repeat("a%b/", size/4)
		init := Init{Protocol: new("https"), Hostname: new("h"), Pathname: &s, Search: &s, Hash: &s}
		return func() { sinkBool = p.TestInit(init) }
	}},
}

// TestLinearTime checks that compiling and matching take time linear in
// the size of the pattern or the input, on work built to be hard: the
// 100 KB case may take at most 1,000 times as long as the 1 KB one (100
// times for exactly linear time), measured again up to three times on a
// busy machine.
func TestLinearTime(t *testing.T) {
	if raceEnabled {
		t.Skip("times are not meaningful under the race detector, which slows code down unevenly")
	}
	if testing.Short() {
		t.Skip("-short: timing the 100 KB inputs takes a few seconds")
	}
	const (
		kb       = 1 << 10
		maxRatio = 1000
	)
	for _, c := range linearCases {
		t.Run(c.name, func(t *testing.T) {
			small, large := c.setup(kb), c.setup(100*kb)
			threadtime.Linear(t, func() float64 { return threadtime.Ratio(small, large, 5) }, maxRatio, 100)
		})
	}
}

// routeShapes are routes of the kinds a server has, matched against URLs
// as long as net/http's 1 MB header limit lets through, and the crafted
// pattern of issue 20 that the caps let through. Each component of a route
// here compiles to a regular expression but for "segments", which a scan
// matches. Test and Exec both: Exec also finds the groups.
var routeShapes = []linearCase{
	matchCase("dashes", "https://h/:a-:b-:c", "https://h/", "-", "x"),
	execCase("dashes/exec", "https://h/:a-:b-:c", "https://h/", "-", "x"),
	matchCase("wildcards", "https://h/*/*/*/*", "https://h/", "a/", "b"),
	execCase("wildcards/exec", "https://h/*/*/*/*", "https://h/", "a/", "b"),
	execCase("segments/exec", "https://h/:a/:b/:c", "https://h/a/b/", "c", ""),
	execCase("optional/exec", "https://h/books/:id?/:page?", "https://h/books/", "7", ""),
	execCase("repeated/exec", "https://h/:path+", "https://h/", "a/", "a"),
	execCase("extension/exec", "https://h/*.:ext", "https://h/", "a.", "js"),
	execCase("digits/exec", "https://h/:id(\\d+)", "https://h/", "7", ""),
	execCase("crafted-counts/exec", "https://h/:p((?:a{0,10}){0,10})b", "https://h/", "a", "b"),
}

// TestLinearTimeLong checks that matching the shapes of routeShapes takes
// time linear in the length of the URL up to 1 MB: the 1 MB URL may take
// at most 10,000 times as long as the 1 KB one (1,024 for exactly linear
// time, measured 900 to 1,200; a million for quadratic time), a margin
// that a loaded machine's caches do not reach.
func TestLinearTimeLong(t *testing.T) {
	if raceEnabled {
		t.Skip("times are not meaningful under the race detector, which slows code down unevenly")
	}
	if testing.Short() {
		t.Skip("-short: timing the 1 MB inputs takes a few seconds")
	}
	const (
		kb       = 1 << 10
		maxRatio = 10000
	)
	for _, c := range routeShapes {
		t.Run(c.name, func(t *testing.T) {
			small, large := c.setup(kb), c.setup(kb*kb)
			ratio := func() float64 { return threadtime.Ratio(small, large, 3) }
			if strings.HasPrefix(c.name, "crafted") {
				// 10 ms for 1 KB: too slow to run 100 times a round.
				ratio = func() float64 { return threadtime.RatioN(small, 5, large, 1, 3) }
			}
			threadtime.Linear(t, ratio, maxRatio, 1024)
		})
	}
}

// TestCostPerByte checks that an ordinary route costs a small constant per
// byte of a long URL, whatever its groups: Test or Exec of each route of
// routeShapes (but the crafted one) on a 1 MB URL may take at most 200
// times as long as Exec of "/foo/:id", which a scan matches, on a URL as
// long, measured in the same run. They take 5 to 40 times as long; before
// the lazy DFA, 600 to 1,100 times.
func TestCostPerByte(t *testing.T) {
	if raceEnabled {
		t.Skip("times are not meaningful under the race detector, which slows code down unevenly")
	}
	if testing.Short() {
		t.Skip("-short: timing the 1 MB inputs takes a few seconds")
	}
	const (
		mb       = 1 << 20
		maxRatio = 200
	)
	baseline := execCase("baseline", "https://h/foo/:id", "https://h/foo/", "a", "").setup(mb)
	for _, c := range routeShapes {
		if strings.HasPrefix(c.name, "crafted") {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			shape := c.setup(mb)
			r := threadtime.Lowest(func() float64 { return threadtime.Ratio(baseline, shape, 3) }, maxRatio, 3)
			t.Logf("%.0f times the cost of /foo/:id per byte", r)
			if r > maxRatio {
				t.Errorf("costs %.0f times as much as /foo/:id per byte, want at most %d", r, maxRatio)
			}
		})
	}
}
