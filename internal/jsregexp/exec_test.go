package jsregexp

import (
	"encoding/json"
	"os"
	"regexp"
	"slices"
	"testing"
)

// An ecmaCase is a pattern, an input and what ECMAScript's exec returns for
// them: null (no match), "error" (RegExp throws) or the array of the match
// and its captures, null for an undefined one.
type ecmaCase struct {
	Pattern    string          `json:"pattern"`
	IgnoreCase bool            `json:"ignoreCase"`
	Input      string          `json:"input"`
	Expected   json.RawMessage `json:"expected"`
}

// TestECMAScript runs testdata/ecmascript.json: cases whose expected results
// are what V8 (Node.js 20) returned for new RegExp(pattern, "v" or
// "vi").exec(input), written by testdata/gen.js. They hold the VM to
// ECMAScript's backtracking semantics where Go's regexp package differs:
// captures reset in each iteration, iterations that match the empty
// string, lazy quantifiers, v-flag classes and case folding.
func TestECMAScript(t *testing.T) {
	data, err := os.ReadFile("testdata/ecmascript.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []ecmaCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.Pattern+"/"+c.Input, func(t *testing.T) {
			re, err := Compile(c.Pattern, c.IgnoreCase)
			if string(c.Expected) == `"error"` {
				if _, ok := err.(*SyntaxError); !ok {
					t.Fatalf("Compile(%q) = %v, want a *SyntaxError", c.Pattern, err)
				}
				return
			}
			if u, ok := err.(*UnsupportedError); ok && unsupported.MatchString(c.Pattern) {
				t.Logf("unsupported, as documented: %v", u)
				return
			}
			if err != nil {
				t.Fatalf("Compile(%q): %v", c.Pattern, err)
			}
			var want []*string
			if err := json.Unmarshal(c.Expected, &want); err != nil {
				t.Fatal(err)
			}
			idx := re.FindStringSubmatchIndex(c.Input)
			var got []*string
			if idx != nil {
				for i := 0; i < len(idx); i += 2 {
					if idx[i] < 0 {
						got = append(got, nil)
						continue
					}
					s := c.Input[idx[i]:idx[i+1]]
					got = append(got, &s)
				}
			}
			if !slices.EqualFunc(got, want, func(a, b *string) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }) {
				t.Errorf("exec(%q) = %s, want %s", c.Input, show(got), show(want))
			}
			if m := re.MatchString(c.Input); m != (want != nil) {
				t.Errorf("MatchString(%q) = %v, want %v", c.Input, m, want != nil)
			}
		})
	}
}

// unsupported matches the patterns that ECMAScript accepts and this package
// refuses, as its documentation says: backreferences, lookaround and
// properties of strings.
var unsupported = regexp.MustCompile(`\\[1-9]|\\k<|\(\?<?[=!]|\\p\{RGI_`)

func show(v []*string) string {
	if v == nil {
		return "null"
	}
	out := "["
	for i, s := range v {
		if i > 0 {
			out += ", "
		}
		if s == nil {
			out += "undefined"
		} else {
			out += `"` + *s + `"`
		}
	}
	return out + "]"
}

// TestUnsupportedPropertyTwice compiles patterns with a property that has no
// table twice each: the second compile must fail as the first did, not take
// the property for a supported one (it did, and panicked, once the first
// compile had cached it).
func TestUnsupportedPropertyTwice(t *testing.T) {
	for _, p := range []string{`\P{Emoji}`, `[^\P{Emoji}]`, `\p{Emoji}`, `[\p{Emoji}--a]`, `\p{Script_Extensions=Latn}`} {
		for i := 0; i < 2; i++ {
			if _, err := Compile(p, false); err == nil {
				t.Errorf("Compile(%q), time %d: no error", p, i+1)
			}
		}
	}
}
