package urlpattern

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/webstd/url/internal/jsregexp"
)

// compiledRegexps caches the regular expressions of the components that
// are matched directly.
var compiledRegexps sync.Map // *component → *jsregexp.Regexp

// execRegexp returns what c's regular expression, compiled even when c is
// matched directly, gives for input: the groups, or false.
func execRegexp(t testing.TB, c *component, input string) ([]Group, bool) {
	t.Helper()
	re, ok := compiledRegexps.Load(c)
	if !ok {
		r, err := jsregexp.CompileOracle(c.regexpString, c.opts.ignoreCase)
		if err != nil {
			t.Fatalf("the regular expression %q of a component matched directly does not compile: %v", c.regexpString, err)
		}
		re, _ = compiledRegexps.LoadOrStore(c, r)
	}
	idx := re.(*jsregexp.Regexp).FindStringSubmatchIndex(input)
	if idx == nil {
		return nil, false
	}
	groups := make([]Group, len(c.names))
	for i := range groups {
		if lo := idx[2*(i+1)]; lo >= 0 {
			groups[i] = Group{Value: input[lo:idx[2*(i+1)+1]], Defined: true}
		}
	}
	return groups, true
}

// checkDirect checks that the direct match of c, when it has one, agrees
// with its regular expression on input.
func checkDirect(t testing.TB, c *component, input string) {
	t.Helper()
	if !c.direct {
		return
	}
	got, gotOK := c.exec(input)
	want, wantOK := execRegexp(t, c, input)
	if gotOK != wantOK || (gotOK && !slices.Equal(got, want)) {
		t.Errorf("pattern %q (regexp %q) on %q: direct match %v %v, regexp %v %v", c.patternString, c.regexpString, input, gotOK, got, wantOK, want)
	}
	if c.test(input) != wantOK {
		t.Errorf("pattern %q on %q: test %v, regexp %v", c.patternString, input, !wantOK, wantOK)
	}
}

// TestDirectMatch checks that the patterns matched without a regular
// expression match as their regular expressions do: which ones match
// directly, and that they agree on inputs built to find the places where a
// scan could go wrong (delimiters, empty segments, case, line terminators).
func TestDirectMatch(t *testing.T) {
	cases := []struct {
		pathname, hostname string
		ignoreCase         bool
		direct             bool
	}{
		{"/books/:id", "example.com", false, true},
		{"/books/:id/:page", ":sub.example.com", false, true},
		{"/:a/*", "*.example.com", false, true},
		{"/static/*", "*", false, true},
		{"/*/foo", "*.a.b", false, true},
		{"/:id.json", "x", false, false}, // the segment wildcard can end at "." or at the end
		{"/:a-:b", "x", false, false},
		{"/books/:id?", "x", false, false},
		{"/*/:x", "x", false, false},
		{"/Books/:id", "Example.com", true, true},
		{"/*/FOO", "x", true, false}, // folding could change the length of the tail
		{"", "", false, true},
	}
	inputs := []string{
		"", "/", "//", "/books", "/books/", "/books/1", "/books/1/", "/books/1/2", "/BOOKS/1",
		"/a/b", "/a/b/c", "/static/", "/static/x/y", "/x/foo", "/x/y/foo", "/x/FOO", "/foo",
		"/a\nb/foo", "/a\u2028/foo", "/1.json", "/a-b", "/ſ/k", "/K/foo", "x", "a.example.com",
		"Example.com", "example.com", ".example.com", "a.b.example.com",
	}
	for _, c := range cases {
		p, err := Options{IgnoreCase: c.ignoreCase}.New(Init{Protocol: new("https"), Pathname: new(c.pathname), Hostname: new(c.hostname)})
		if err != nil {
			t.Fatalf("%q: %v", c.pathname, err)
		}
		if got := p.components[Pathname].direct; got != c.direct {
			t.Errorf("pathname %q: matched directly %v, want %v", c.pathname, got, c.direct)
		}
		for _, comp := range []Component{Pathname, Hostname} {
			for _, in := range inputs {
				checkDirect(t, p.components[comp], in)
			}
		}
	}
}

// TestDirectMatchWPT checks the direct matches of every component of every
// pattern of urlpatterntestdata.json against their regular expressions, on
// every component of every input of the fixture.
func TestDirectMatchWPT(t *testing.T) {
	cases := decodeCases(t, wptFile(t, "urlpatterntestdata.json"))
	var patterns []*Pattern
	var inputs []string
	for _, c := range cases {
		args, _ := c["pattern"].([]jsValue)
		if p, err := construct(t, args); err == nil {
			patterns = append(patterns, p)
		}
		in, _ := c["inputs"].([]jsValue)
		for _, x := range in {
			switch x := x.(type) {
			case string:
				inputs = append(inputs, x)
			case map[string]jsValue:
				for _, v := range x {
					inputs = append(inputs, v.(string))
				}
			}
		}
	}
	slices.Sort(inputs)
	inputs = slices.Compact(inputs)
	// Each distinct component once: by its regular expression and options.
	type key struct {
		regexp string
		opts   options
	}
	seen := map[key]bool{}
	direct := 0
	for _, p := range patterns {
		for _, c := range p.components {
			if k := (key{c.regexpString, c.opts}); seen[k] {
				continue
			} else {
				seen[k] = true
			}
			if c.direct {
				direct++
			}
			for _, in := range inputs {
				checkDirect(t, c, in)
			}
		}
	}
	t.Logf("%d of %d distinct components matched directly, each checked on %d inputs", direct, len(seen), len(inputs))
}

// TestDuplicateNames checks is a duplicate name
// (https://urlpattern.spec.whatwg.org/#is-a-duplicate-name) on either side
// of maxScannedNames, where the parser stops looking through its parts and
// keeps a set of their names: a name used twice is refused wherever the
// two are, and fixed text between the groups has no name.
func TestDuplicateNames(t *testing.T) {
	for _, n := range []int{2, maxScannedNames - 1, maxScannedNames, maxScannedNames + 1, 3 * maxScannedNames} {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "/x:g%d", i)
		}
		if _, err := Parse("https://h" + b.String()); err != nil {
			t.Errorf("%d distinct names: %v", n, err)
		}
		for _, dup := range []string{"/:g0", "/:g" + strconv.Itoa(n-1)} {
			if _, err := Parse("https://h" + b.String() + dup); !errors.Is(err, ErrDuplicateName) {
				t.Errorf("%d names and %q again: %v, want ErrDuplicateName", n, dup, err)
			}
		}
	}
}

// TestComponentsShared checks that patterns share a component compiled
// from the same input where its encoding callback and options are the
// same ("*" and the others), and only there; that a component made
// different for one pattern (a hierarchical pathname's Generate callback)
// is its own.
func TestComponentsShared(t *testing.T) {
	emptyCompiled()
	a, b := MustParse("https://h/a"), MustParse("https://g/b")
	if a.components[Username] != b.components[Username] || a.components[Hash] != b.components[Hash] {
		t.Error(`two patterns compiled "*" twice`)
	}
	if a.components[Username] == a.components[Password] {
		t.Error("the username and password components share one: their encoding callbacks differ")
	}
	c, err := Options{IgnoreCase: true}.Parse("https://h/a")
	if err != nil {
		t.Fatal(err)
	}
	if c.components[Hash] == a.components[Hash] {
		t.Error("ignoreCase and case-sensitive patterns share a component")
	}
	special, opaque := MustParse("https://h"), MustParse("foo:*")
	if special.components[Pathname] == opaque.components[Pathname] {
		t.Error("a special and an opaque pathname share a component: their encoding callbacks differ")
	}
	d, e := MustParse("https://h/books/:id"), MustParse("http://h/books/:id")
	if d.components[Hostname] != e.components[Hostname] || d.components[Pathname] != e.components[Pathname] || d.components[Protocol] == e.components[Protocol] {
		t.Error("two patterns with the same hostname and pathname do not share them, or share their protocols")
	}
	// Two patterns of a non-special scheme with the same pathname: each
	// has a copy of its own, which Generate encodes as an opaque path.
	f, g := MustParse("foo://h/a/:x"), MustParse("bar://h/a/:x")
	if f.components[Pathname] == g.components[Pathname] || f.components[Pathname].generate == nil {
		t.Error("a hierarchical non-special pathname shares the component whose Generate callback it changed")
	}
}

// emptyCompiled empties the components kept for sharing, which the tests
// before may have filled.
func emptyCompiled() {
	compiled.Clear()
	numCompiled.Store(0)
}

// TestComponentsBounded checks that the components kept for sharing are
// bounded, whatever the number of patterns made: at most maxCompiled, none
// of an input over maxCompiledInput bytes.
func TestComponentsBounded(t *testing.T) {
	emptyCompiled()
	for i := range 2 * maxCompiled {
		p := MustParse(fmt.Sprintf("https://h%d.example.com/books/:id(\\d+)/%d", i, i))
		if !p.Test(fmt.Sprintf("https://h%d.example.com/books/7/%d", i, i)) {
			t.Fatalf("pattern %d does not match", i)
		}
	}
	n := 0
	compiled.Range(func(k, _ any) bool {
		n++
		if len(k.(compiledKey).input) > maxCompiledInput {
			t.Errorf("kept a component of %d bytes", len(k.(compiledKey).input))
		}
		return true
	})
	if n > maxCompiled || n < maxCompiled/2 {
		t.Errorf("%d components kept, want at most %d (and the first ones)", n, maxCompiled)
	}
	long := "https://h/" + strings.Repeat("a", maxCompiledInput)
	if MustParse(long).components[Pathname] == MustParse(long).components[Pathname] {
		t.Errorf("a pathname of more than %d bytes was kept", maxCompiledInput)
	}
	// A component kept holds a copy of its input, not the pattern it was
	// cut from: a short protocol of a long pattern keeps no more alive.
	emptyCompiled()
	big := "q0://h/" + strings.Repeat("b", 1<<20)
	MustParse(big)
	compiled.Range(func(k, v any) bool {
		for _, s := range []string{k.(compiledKey).input, v.(*component).patternString} {
			at, lo := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(unsafe.StringData(big)))
			if len(s) > 0 && lo <= at && at < lo+uintptr(len(big)) {
				t.Errorf("a component kept points into the pattern's string: %q", s[:min(len(s), 20)])
			}
		}
		return true
	})
}

// TestSegmentWildcardRegexp holds the constants of
// generateSegmentWildcardRegexp to the standard's steps.
func TestSegmentWildcardRegexp(t *testing.T) {
	for _, d := range []string{"", "/", ".", "-"} {
		if got, want := generateSegmentWildcardRegexp(options{delimiter: d}), "[^"+escapeRegexpString(d)+"]+?"; got != want {
			t.Errorf("delimiter %q: %q, want %q", d, got, want)
		}
	}
}
