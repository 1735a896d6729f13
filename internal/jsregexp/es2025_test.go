package jsregexp

import "testing"

// TestES2025 checks the two features of ECMAScript 2025 that Node.js 20,
// which wrote testdata/ecmascript.json, does not have: modifier groups
// (?ims-ims:...) and duplicate names of groups that cannot both
// participate. The expectations follow the steps of ECMA-262 2025.
func TestES2025(t *testing.T) {
	matches := []struct {
		pattern    string
		ignoreCase bool
		input      string
		want       bool
	}{
		{`^(?i:a)b$`, false, "Ab", true},
		{`^(?i:a)b$`, false, "AB", false},
		{`^(?-i:a)b$`, true, "aB", true},
		{`^(?-i:a)b$`, true, "AB", false},
		{`^(?i:[a-c]+)$`, false, "aBc", true},
		{`^(?i:\w)$`, false, "\u017F", true},
		{`^\w$`, false, "\u017F", false},
		{`^a(?m:$)\nb$`, false, "a\nb", true},
		{`^a$\nb$`, false, "a\nb", false},
		{`^a\n(?m:^)b$`, false, "a\nb", true},
		{`^(?s:.)$`, false, "\n", true},
		{`^(?s:(?-s:.))$`, false, "\n", false},
		{`^(?<x>a)|(?<x>b)$`, false, "b", true},
		{`^(?:(?<x>a)|(?<x>b))(?<y>c)$`, false, "bc", true},
	}
	for _, c := range matches {
		re, err := Compile(c.pattern, c.ignoreCase)
		if err != nil {
			t.Errorf("Compile(%q): %v", c.pattern, err)
			continue
		}
		if got := re.MatchString(c.input); got != c.want {
			t.Errorf("Compile(%q, %v).MatchString(%q) = %v, want %v", c.pattern, c.ignoreCase, c.input, got, c.want)
		}
	}
	for _, pattern := range []string{
		`(?ii:a)`, `(?i-i:a)`, `(?s-s:a)`, `(?-:a)`, `(?x:a)`, `(?i)a`, `(?i-m`, `(?-ii:a)`,
		`(?<x>a)(?<x>b)`, `(?:(?<x>a)|b)(?<x>c)`, `(?<x>a)|(?<y>b)(?<y>c)`,
	} {
		if _, err := Compile(pattern, false); err == nil {
			t.Errorf("Compile(%q) succeeded, want a syntax error", pattern)
		} else if _, ok := err.(*SyntaxError); !ok {
			t.Errorf("Compile(%q) = %v, want a *SyntaxError", pattern, err)
		}
	}
}
