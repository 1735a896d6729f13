package urlpattern

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/webstd/url"
	"github.com/webstd/url/internal/wptfiles"
)

// This file runs the Web Platform Tests fixtures of the URL Pattern
// Standard (testdata/wpt at the root of the module; its README.md names the
// snapshot and how to refresh it) as urlpattern/resources/urlpatterntests.js
// and urlpattern-compare-tests.tentative.js of web-platform-tests drive them
// in a browser: every field they check is checked, and nothing is skipped.

// wptFixtures are the fixtures and their number of cases in the snapshot:
// a runner that drops cases fails TestWPT.
var wptFixtures = []struct {
	name  string
	run   func(t *testing.T, data []byte) int
	cases int
}{
	{"urlpatterntestdata.json", runPatternTestData, 369},
	{"urlpattern-compare-test-data.json", runCompareTestData, 25},
	{"urlpattern-generate-test-data.json", runGenerateTestData, 19},
}

// TestWPT runs every fixture, one subtest per fixture and one per case.
func TestWPT(t *testing.T) {
	for _, f := range wptFixtures {
		t.Run(f.name, func(t *testing.T) {
			if ran := f.run(t, wptFile(t, f.name)); ran != f.cases {
				t.Errorf("ran %d cases, want %d (the snapshot in testdata/wpt)", ran, f.cases)
			}
		})
	}
}

// wptFile returns the contents of the Web Platform Tests fixture name (for
// example "urltestdata.json"), found as internal/wptfiles finds it: in
// $WPT_DIR, the module's testdata/wpt or ../shared/wpt.
func wptFile(t testing.TB, name string) []byte {
	t.Helper()
	return wptfiles.Read(t, "..", name)
}

// A jsValue is a JSON value as JavaScript has it: a string, an object
// (map[string]any), an array, a number, a boolean or null (nil).
type jsValue = any

// decodeCases decodes a fixture: an array of objects, among which strings
// are comments.
func decodeCases(t testing.TB, data []byte) []map[string]jsValue {
	t.Helper()
	var raw []jsValue
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	var out []map[string]jsValue
	for _, r := range raw {
		if m, ok := r.(map[string]jsValue); ok {
			out = append(out, m)
		}
	}
	return out
}

// toInit converts a JavaScript object to a URLPatternInit as WebIDL does:
// the members it has are present, others are not, and properties that are
// not members ({ignoreCase: true} given as the input) are ignored.
func toInit(t *testing.T, v map[string]jsValue) Init {
	t.Helper()
	var init Init
	for k, x := range v {
		var member **string
		if k == "baseURL" {
			member = &init.BaseURL
		} else if c, ok := ParseComponent(k); ok {
			member = init.field(c)
		} else {
			continue
		}
		s, ok := x.(string)
		if !ok {
			t.Fatalf("member %s of %v is not a string", k, v)
		}
		*member = &s
	}
	return init
}

// toOptions converts a JavaScript value to URLPatternOptions as WebIDL
// does: undefined or an object; anything else is a TypeError of the
// bindings, before URLPattern's steps run.
func toOptions(t *testing.T, v jsValue) (Options, error) {
	t.Helper()
	m, ok := v.(map[string]jsValue)
	if !ok {
		return Options{}, errors.New("TypeError: the options are not a dictionary")
	}
	var o Options
	for k, x := range m {
		if k != "ignoreCase" {
			t.Fatalf("unknown option %s", k)
		}
		o.IgnoreCase = x.(bool)
	}
	return o, nil
}

// construct runs new URLPattern(...args) as WebIDL's overload resolution
// picks the constructor: (input, baseURL, options) when the second
// argument is a string or there are three, (input, options) otherwise; a
// missing input is an empty URLPatternInit. It calls the function of the
// package that the JavaScript call corresponds to; an Init with a base URL,
// for which the package has no function (Go's types rule it out), goes to
// the standard's create, which throws.
func construct(t *testing.T, args []jsValue) (*Pattern, error) {
	t.Helper()
	var in patternInput
	if len(args) == 0 {
		in.init = &Init{}
	} else {
		switch a := args[0].(type) {
		case string:
			in.str = a
		case map[string]jsValue:
			init := toInit(t, a)
			in.init = &init
		default:
			t.Fatalf("pattern argument %v", args[0])
		}
	}
	var base *string
	var opts Options
	switch {
	case len(args) == 3:
		// baseURL is ToString(args[1]).
		s, ok := args[1].(string)
		if !ok {
			s = "[object Object]"
		}
		base = &s
		o, err := toOptions(t, args[2])
		if err != nil {
			return nil, err
		}
		opts = o
	case len(args) == 2:
		if s, ok := args[1].(string); ok {
			base = &s
		} else {
			o, err := toOptions(t, args[1])
			if err != nil {
				return nil, err
			}
			opts = o
		}
	}
	switch {
	case in.init == nil && base == nil:
		return opts.Parse(in.str)
	case in.init == nil:
		return opts.ParseWithBase(in.str, *base)
	case base == nil:
		return opts.New(*in.init)
	}
	return create(in, base, opts)
}

// matchArgs runs test(...inputs) and exec(...inputs) through the method of
// the package that the JavaScript call corresponds to: no input is an empty
// URLPatternInit. An Init with a base URL goes to the standard's match,
// which throws.
func matchArgs(t *testing.T, p *Pattern, inputs []jsValue) (test bool, exec *Result, err error) {
	t.Helper()
	if len(inputs) == 0 {
		return p.TestInit(Init{}), p.ExecInit(Init{}), nil
	}
	var base *string
	if len(inputs) == 2 {
		s := inputs[1].(string)
		base = &s
	}
	switch a := inputs[0].(type) {
	case string:
		if base == nil {
			return p.Test(a), p.Exec(a), nil
		}
		return p.TestWithBase(a, *base), p.ExecWithBase(a, *base), nil
	case map[string]jsValue:
		init := toInit(t, a)
		if base == nil {
			return p.TestInit(init), p.ExecInit(init), nil
		}
		_, err := p.match(matchInput{init: &init}, base, true)
		return false, nil, err
	}
	t.Fatalf("input argument %v", inputs[0])
	return
}

// earlierComponents are those of urlpatterntests.js: a pattern given any
// of them takes "*" for the component rather than the base URL's.
var earlierComponents = map[Component][]string{
	Protocol: {},
	Hostname: {"protocol"},
	Port:     {"protocol", "hostname"},
	Username: {},
	Password: {},
	Pathname: {"protocol", "hostname", "port"},
	Search:   {"protocol", "hostname", "port", "pathname"},
	Hash:     {"protocol", "hostname", "port", "pathname", "search"},
}

// runPatternTestData runs urlpatterntestdata.json.
func runPatternTestData(t *testing.T, data []byte) int {
	cases := decodeCases(t, data)
	for i, c := range cases {
		name := fmt.Sprintf("%d/%s", i, compact(c["pattern"]))
		if in, ok := c["inputs"]; ok {
			name += " " + compact(in)
		}
		t.Run(name, func(t *testing.T) { runPatternCase(t, c) })
	}
	return len(cases)
}

func compact(v jsValue) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func runPatternCase(t *testing.T, c map[string]jsValue) {
	args, _ := c["pattern"].([]jsValue)
	p, err := construct(t, args)
	if c["expected_obj"] == "error" {
		if err == nil {
			t.Fatalf("new URLPattern(%s) succeeded, want a TypeError", compact(args))
		}
		return
	}
	if err != nil {
		t.Fatalf("new URLPattern(%s): %v", compact(args), err)
	}
	var exactlyEmpty []string
	if e, ok := c["exactly_empty_components"].([]jsValue); ok {
		for _, x := range e {
			exactlyEmpty = append(exactlyEmpty, x.(string))
		}
	}
	expectedObj, _ := c["expected_obj"].(map[string]jsValue)

	// The pattern string of each component.
	first, _ := jsValueAt(args, 0).(map[string]jsValue)
	var baseURL *url.URL
	if first != nil && first["baseURL"] != nil {
		u := url.MustParse(first["baseURL"].(string))
		baseURL = &u
	} else if s, ok := jsValueAt(args, 1).(string); ok {
		u := url.MustParse(s)
		baseURL = &u
	}
	getters := map[Component]func() string{
		Protocol: p.Protocol, Username: p.Username, Password: p.Password, Hostname: p.Hostname,
		Port: p.Port, Pathname: p.Pathname, Search: p.Search, Hash: p.Hash,
	}
	for comp := Protocol; comp <= Hash; comp++ {
		name := comp.String()
		expected, ok := expectedObj[name].(string)
		if !ok {
			switch {
			case slices.Contains(exactlyEmpty, name):
				expected = ""
			case first != nil && first[name] != nil && first[name] != "":
				expected = first[name].(string)
			case first != nil && slices.ContainsFunc(earlierComponents[comp], func(e string) bool { _, ok := first[e]; return ok }):
				expected = "*"
			case baseURL != nil && comp != Username && comp != Password:
				expected = baseComponent(*baseURL, comp)
			default:
				expected = "*"
			}
		}
		if got := getters[comp](); got != expected {
			t.Errorf("compiled pattern property %s = %q, want %q", name, got, expected)
		}
	}

	inputs, _ := c["inputs"].([]jsValue)
	expectedMatch := c["expected_match"]
	test, exec, err := matchArgs(t, p, inputs)
	if expectedMatch == "error" {
		if err == nil {
			t.Fatalf("test(%s) and exec did not throw a TypeError", compact(inputs))
		}
		return
	}
	if err != nil {
		t.Fatalf("test(%s): %v", compact(inputs), err)
	}
	wantObj, isObj := expectedMatch.(map[string]jsValue)
	if test != isObj {
		t.Errorf("test(%s) = %v, want %v", compact(inputs), test, isObj)
	}
	if !isObj {
		if exec != nil {
			t.Errorf("exec(%s) = %+v, want null", compact(inputs), exec)
		}
		return
	}
	if exec == nil {
		t.Fatalf("exec(%s) = null, want a result", compact(inputs))
	}
	// result.inputs: by default the arguments; an init is compared member
	// by member.
	wantInputs, ok := wantObj["inputs"].([]jsValue)
	if !ok {
		wantInputs = inputs
		if len(inputs) == 0 {
			wantInputs = []jsValue{map[string]jsValue{}}
		}
	}
	var gotInputs []jsValue
	if exec.Init != nil {
		gotInputs = append(gotInputs, exec.Init)
	}
	for _, s := range exec.Inputs {
		gotInputs = append(gotInputs, s)
	}
	if len(gotInputs) != len(wantInputs) {
		t.Errorf("exec() result.inputs.length = %d, want %d", len(gotInputs), len(wantInputs))
	} else {
		for i, want := range wantInputs {
			switch w := want.(type) {
			case string:
				if gotInputs[i] != w {
					t.Errorf("exec() result.inputs[%d] = %v, want %q", i, gotInputs[i], w)
				}
			case map[string]jsValue:
				got, ok := gotInputs[i].(*Init)
				if !ok {
					t.Errorf("exec() result.inputs[%d] = %v, want an init", i, gotInputs[i])
					continue
				}
				for comp := Protocol; comp <= Hash; comp++ {
					g := *got.field(comp)
					wv, has := w[comp.String()]
					if has != (g != nil) || (g != nil && *g != wv.(string)) {
						t.Errorf("exec() result.inputs[%d][%s] = %v, want %v", i, comp, deref(g), wv)
					}
				}
			}
		}
	}
	// Each component's result: by default the input "" and, unless the
	// component is exactly empty, the group "0" with the empty string.
	for comp := Protocol; comp <= Hash; comp++ {
		name := comp.String()
		want, ok := wantObj[name].(map[string]jsValue)
		if !ok {
			want = map[string]jsValue{"input": "", "groups": map[string]jsValue{}}
			if !slices.Contains(exactlyEmpty, name) {
				want["groups"].(map[string]jsValue)["0"] = ""
			}
		}
		got := exec.Component(comp)
		if got.Input != want["input"] {
			t.Errorf("exec() result for %s: input %q, want %q", name, got.Input, want["input"])
		}
		wantGroups, _ := want["groups"].(map[string]jsValue)
		if len(got.Groups) != len(wantGroups) {
			t.Errorf("exec() result for %s: groups %v, want %v", name, showGroups(got.Groups), wantGroups)
			continue
		}
		for k, wv := range wantGroups {
			g, ok := got.Groups[k]
			switch {
			case !ok:
				t.Errorf("exec() result for %s: no group %q, want %v", name, k, wv)
			case wv == nil && g.Defined:
				t.Errorf("exec() result for %s: group %q = %q, want undefined", name, k, g.Value)
			case wv != nil && (!g.Defined || g.Value != wv.(string)):
				t.Errorf("exec() result for %s: group %q = %s, want %q", name, k, showGroup(g), wv)
			}
		}
	}
}

func jsValueAt(a []jsValue, i int) jsValue {
	if i < len(a) {
		return a[i]
	}
	return nil
}

func deref(s *string) any {
	if s == nil {
		return "undefined"
	}
	return *s
}

func showGroup(g Group) string {
	if !g.Defined {
		return "undefined"
	}
	return fmt.Sprintf("%q", g.Value)
}

func showGroups(gs map[string]Group) string {
	var parts []string
	for k, g := range gs {
		parts = append(parts, fmt.Sprintf("%q: %s", k, showGroup(g)))
	}
	slices.Sort(parts)
	return "{" + strings.Join(parts, ", ") + "}"
}

// baseComponent returns what urlpatterntests.js takes from the base URL for
// a component's expected pattern string: the URL getter, without the ":"
// of the protocol or the "?" and "#" of the search and hash.
func baseComponent(u url.URL, c Component) string {
	switch c {
	case Protocol:
		return strings.TrimSuffix(u.Protocol(), ":")
	case Hostname:
		return u.Hostname()
	case Port:
		return u.Port()
	case Pathname:
		return u.Pathname()
	case Search:
		return strings.TrimPrefix(u.Search(), "?")
	case Hash:
		return strings.TrimPrefix(u.Hash(), "#")
	}
	return ""
}

// runCompareTestData runs urlpattern-compare-test-data.json as
// urlpattern-compare-tests.tentative.js does: the comparison both ways
// round, and each pattern with itself.
func runCompareTestData(t *testing.T, data []byte) int {
	cases := decodeCases(t, data)
	for i, c := range cases {
		t.Run(fmt.Sprintf("%d/%s/%s/%s", i, c["component"], compact(c["left"]), compact(c["right"])), func(t *testing.T) {
			left, err := construct(t, []jsValue{c["left"]})
			if err != nil {
				t.Fatal(err)
			}
			right, err := construct(t, []jsValue{c["right"]})
			if err != nil {
				t.Fatal(err)
			}
			comp, ok := ParseComponent(c["component"].(string))
			if !ok {
				t.Fatalf("component %v", c["component"])
			}
			want := int(c["expected"].(float64))
			if got := CompareComponent(comp, left, right); got != want {
				t.Errorf("compareComponent = %d, want %d", got, want)
			}
			if got := CompareComponent(comp, right, left); got != -want {
				t.Errorf("reverse order: compareComponent = %d, want %d", got, -want)
			}
			if got := CompareComponent(comp, left, left); got != 0 {
				t.Errorf("left equality: compareComponent = %d, want 0", got)
			}
			if got := CompareComponent(comp, right, right); got != 0 {
				t.Errorf("right equality: compareComponent = %d, want 0", got)
			}
		})
	}
	return len(cases)
}

// runGenerateTestData runs urlpattern-generate-test-data.json as
// urlpattern-generate-tests.tentative.js does: generate either returns the
// expected string or, when it is null, throws. A component name that is
// not one of the eight ("invalid") is a Component out of range.
func runGenerateTestData(t *testing.T, data []byte) int {
	cases := decodeCases(t, data)
	for i, c := range cases {
		t.Run(fmt.Sprintf("%d/%s/%s/%s", i, compact(c["pattern"]), c["component"], compact(c["groups"])), func(t *testing.T) {
			p, err := construct(t, []jsValue{c["pattern"]})
			if err != nil {
				t.Fatal(err)
			}
			comp, ok := ParseComponent(c["component"].(string))
			if !ok {
				comp = numComponents
			}
			groups := map[string]string{}
			for k, v := range c["groups"].(map[string]jsValue) {
				groups[k] = v.(string)
			}
			got, err := p.Generate(comp, groups)
			if c["expected"] == nil {
				if err == nil {
					t.Fatalf("generate = %q, want a TypeError", got)
				}
				var e *Error
				if !errors.As(err, &e) {
					t.Fatalf("generate: %v is not an *Error", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("generate: %v", err)
			}
			if want := c["expected"].(string); got != want {
				t.Errorf("generate = %q, want %q", got, want)
			}
		})
	}
	return len(cases)
}
