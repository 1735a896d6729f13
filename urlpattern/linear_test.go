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
		input := prefix + strings.Repeat(unit, max(size/len(unit), 1)) + suffix
		return func() { sinkBool = p.Test(input) }
	}}
}

// execCase times p.Exec on the same kind of input.
func execCase(name, pattern, prefix, unit, suffix string) linearCase {
	return linearCase{name, func(size int) func() {
		p := MustParse(pattern)
		input := prefix + strings.Repeat(unit, max(size/len(unit), 1)) + suffix
		return func() { sinkResult = p.Exec(input) }
	}}
}

// compileCase times Parse of prefix, unit repeated, suffix.
func compileCase(name, prefix, unit, suffix string) linearCase {
	return linearCase{name, func(size int) func() {
		input := prefix + strings.Repeat(unit, max(size/len(unit), 1)) + suffix
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
	matchCase("counted", "https://h/((?:a|ab){0,50}(?:b|ab){0,50})*c", "https://h/", "ab", ""),
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
			r := threadtime.Ratio(small, large, 5)
			for attempt := 1; attempt < 3 && r > maxRatio; attempt++ {
				r = min(r, threadtime.Ratio(small, large, 5))
			}
			t.Logf("100 KB / 1 KB = %.0f (linear: 100)", r)
			if r > maxRatio {
				t.Errorf("super-linear: 100 KB takes %.0f times as long as 1 KB, want at most %d", r, maxRatio)
			}
		})
	}
}
