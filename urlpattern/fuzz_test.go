package urlpattern

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/webstd/url/internal/wptfiles"
)

// checkPattern checks the invariants of a compiled pattern, on inputs:
//
//   - each component's pattern string compiles, with the component's
//     encoding callback and options, to an equivalent component (the same
//     regular expression and group names) with the same pattern string,
//     when no fixed-text part is empty (see below);
//   - Test agrees with Exec, for a URL string and for an Init;
//   - each result's JSON is valid and reads back to a result with the
//     same JSON and groups, and All gives the groups in the order of
//     GroupNames (checkResultJSON);
//   - a component matched directly agrees with its regular expression.
func checkPattern(t *testing.T, p *Pattern, inputs ...string) {
	t.Helper()
	for n, c := range p.components {
		again, err := compileComponent(c.patternString, c.callback, c.opts)
		if err != nil {
			t.Errorf("%s pattern string %q does not compile again: %v", Component(n), c.patternString, err)
			continue
		}
		// Equivalent: the same regular expression and group names, and
		// the same pattern string. But fixed text that the encoding
		// callback canonicalizes to the empty string ("#" in a pathname)
		// leaves a part with an empty value: the standard keeps it (parse
		// a pattern string tests the text before it is encoded), and
		// generate a pattern string writes nothing of it, so that the
		// pattern string reads otherwise ("{#}*" is written "{}*", which
		// is no part; "*#*" is written "**", one wildcard with a
		// modifier). The round trip holds only without such parts.
		emptyText := slices.ContainsFunc(c.parts, func(q part) bool { return q.Type == partFixedText && q.Value == "" })
		if !emptyText && (again.regexpString != c.regexpString || !slices.Equal(again.names, c.names)) {
			t.Errorf("%s pattern string %q compiles to %q %q, not %q %q", Component(n), c.patternString,
				again.regexpString, again.names, c.regexpString, c.names)
		}
		if !emptyText && again.patternString != c.patternString {
			t.Errorf("%s pattern string %q compiles to pattern string %q", Component(n), c.patternString, again.patternString)
		}
		for _, in := range inputs {
			checkDirect(t, c, in)
		}
	}
	for _, in := range inputs {
		if test, exec := p.Test(in), p.Exec(in); test != (exec != nil) {
			t.Errorf("Test(%q) = %v, Exec = %+v", in, test, exec)
		} else if exec != nil {
			checkResultJSON(t, p, exec)
		}
		init := Init{Pathname: &in, Search: &in, Hash: &in}
		if test, exec := p.TestInit(init), p.ExecInit(init); test != (exec != nil) {
			t.Errorf("TestInit(%q) = %v, ExecInit = %+v", in, test, exec)
		} else if exec != nil {
			checkResultJSON(t, p, exec)
		}
	}
}

// checkResultJSON checks the JSON of r, a result of p: it is valid, it
// reads back (UnmarshalJSON) to a result that writes the same JSON and has
// the same groups, and All gives r's groups in the order of GroupNames.
func checkResultJSON(t *testing.T, p *Pattern, r *Result) {
	t.Helper()
	b, err := r.MarshalJSON()
	if err != nil || !json.Valid(b) {
		t.Errorf("MarshalJSON = %s, %v: not valid JSON", b, err)
		return
	}
	var back Result
	if err := back.UnmarshalJSON(b); err != nil {
		t.Errorf("UnmarshalJSON(%s): %v", b, err)
		return
	}
	if again, err := back.MarshalJSON(); err != nil || !bytes.Equal(again, b) {
		t.Errorf("JSON read back and written again:\n got %s (%v)\nwant %s", again, err, b)
	}
	for c := Protocol; c <= Hash; c++ {
		var names []string
		for name, g := range r.Component(c).All() {
			names = append(names, name)
			if got := back.Component(c).Groups[name]; got != g {
				t.Errorf("%v group %q reads back from %s as %+v, want %+v", c, name, b, got, g)
			}
		}
		if want := p.GroupNames(c); !slices.Equal(names, want) {
			t.Errorf("%v: All gives the groups %q, GroupNames %q", c, names, want)
		}
	}
}

// checkError checks that err, the error of a pattern that does not
// compile, is an *Error of a known kind.
func checkError(t *testing.T, err error) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || e.Kind < ErrTokenize || e.Kind > ErrGenerate {
		t.Errorf("error %v (%T) is not an *Error of a known kind", err, err)
	}
}

// TestInvariantsWPT checks the invariants of every pattern of
// urlpatterntestdata.json on the inputs of its case.
func TestInvariantsWPT(t *testing.T) {
	for _, c := range decodeCases(t, wptFile(t, "urlpatterntestdata.json")) {
		args, _ := c["pattern"].([]jsValue)
		p, err := construct(t, args)
		if err != nil {
			continue
		}
		var inputs []string
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
		checkPattern(t, p, inputs...)
	}
}

// fuzzSeeds adds the constructor strings and pathnames of
// urlpatterntestdata.json to f's corpus.
func fuzzSeeds(f *testing.F, add func(pattern, input string)) {
	for _, c := range decodeCases(f, wptFileOrNil("urlpatterntestdata.json")) {
		args, _ := c["pattern"].([]jsValue)
		var input string
		if in, _ := c["inputs"].([]jsValue); len(in) > 0 {
			input, _ = in[0].(string)
		}
		if len(args) == 0 {
			continue
		}
		switch a := args[0].(type) {
		case string:
			add(a, input)
		case map[string]jsValue:
			if s, ok := a["pathname"].(string); ok {
				add(s, input)
			}
		}
	}
}

// wptFileOrNil is wptFile for fuzz seeds: "[]" when the fixture is missing.
func wptFileOrNil(name string) []byte {
	for _, dir := range wptfiles.Dirs("..") {
		if b, err := os.ReadFile(filepath.Join(dir, name)); err == nil {
			return b
		}
	}
	return []byte("[]")
}

// FuzzPattern compiles constructor strings and pathname patterns and
// checks that nothing panics, that errors are *Error, and the invariants
// of checkPattern on an input.
func FuzzPattern(f *testing.F) {
	fuzzSeeds(f, func(pattern, input string) { f.Add(pattern, input, false) })
	f.Add("https://example.com/:a(a*)?/:b(x|)*/*", "https://example.com/aa/x", true)
	f.Add("/{:a(\\d+)}?{-:b(\\w+)}*", "/12-ab-c", false)
	f.Fuzz(func(t *testing.T, pattern, input string, ignoreCase bool) {
		opts := Options{IgnoreCase: ignoreCase}
		if p, err := opts.Parse(pattern); err != nil {
			checkError(t, err)
		} else {
			checkPattern(t, p, input)
		}
		if p, err := opts.ParseWithBase(pattern, "https://example.com/a/"); err != nil {
			checkError(t, err)
		} else {
			checkPattern(t, p, input)
		}
		for _, init := range []Init{
			{Pathname: &pattern},
			{Protocol: new("foo"), Pathname: &pattern},
			{Hostname: &pattern, Search: &pattern, Hash: &pattern},
			{Protocol: &pattern, Username: &pattern, Password: &pattern, Port: &pattern},
		} {
			if p, err := opts.New(init); err != nil {
				checkError(t, err)
			} else {
				checkPattern(t, p, input)
			}
		}
	})
}
