package jsregexp

import (
	"errors"
	"testing"
	"unicode"
)

// TestScriptValues checks \p{Script=...} and \p{sc=...} with every name and
// alias of a script (generated from PropertyValueAliases.txt): each names
// the set of package unicode's table for the script, or, for a script Go's
// Unicode version lacks, is refused as unsupported (never as invalid, and
// never as an empty set).
func TestScriptValues(t *testing.T) {
	n := 0
	for alias, long := range scriptValues {
		for _, prop := range []string{"Script", "sc"} {
			src := `^\p{` + prop + "=" + alias + `}$`
			re, err := Compile(src, false)
			table, ok := unicode.Scripts[long]
			if !ok {
				var u *UnsupportedError
				if !errors.As(err, &u) {
					t.Errorf("%s: %v, want unsupported (unicode %s has no %s)", src, err, unicode.Version, long)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s: %v", src, err)
				continue
			}
			// The first and last code point of each range of the table
			// match; a code point just outside a range does only when
			// another range of the script holds it.
			for _, r16 := range table.R16 {
				for _, r := range []rune{rune(r16.Lo), rune(r16.Hi)} {
					if !re.MatchString(string(r)) {
						t.Errorf("%s does not match U+%04X", src, r)
					}
				}
				if r := rune(r16.Hi) + 1; r < 0xD800 && !unicode.Is(table, r) && re.MatchString(string(r)) {
					t.Errorf("%s matches U+%04X, which is not %s", src, r, long)
				}
			}
			n++
		}
	}
	if n < 300 {
		t.Errorf("only %d script names compiled", n)
	}
	for _, c := range []struct {
		src, in string
		want    bool
	}{
		{`^\p{sc=Latn}+$`, "abcé", true},
		{`^\p{sc=Latn}+$`, "aα", false},
		{`^\p{Script=Greek}$`, "α", true},
		{`^\p{sc=Grek}$`, "a", false},
		{`^\P{sc=Grek}$`, "a", true},
		{`^\p{sc=Zyyy}$`, "1", true},      // Common
		{`^\p{sc=Qaai}$`, "\u0300", true}, // Inherited, by its other alias
		{`^[\p{sc=Latn}--[a-z]]$`, "é", true},
		{`^[\p{sc=Latn}--[a-z]]$`, "e", false},
		{`^\p{gc=Lu}$`, "A", true},
		{`^\p{General_Category=Uppercase_Letter}$`, "a", false},
		{`^\p{gc=digit}$`, "7", true},
		{`^\p{LC}$`, "a", true},
	} {
		re, err := Compile(c.src, false)
		if err != nil {
			t.Errorf("%s: %v", c.src, err)
			continue
		}
		if got := re.MatchString(c.in); got != c.want {
			t.Errorf("%s on %q: %v, want %v", c.src, c.in, got, c.want)
		}
	}
	// Not values of the property: syntax errors, as in ECMAScript. And
	// what ECMAScript accepts but no table serves: unsupported.
	for _, src := range []string{`\p{sc=Foo}`, `\p{sc=latn}`, `\p{Script=Latin_}`, `\p{Latin}`, `\p{gc=Latn}`, `\p{sc=Lu}`, `\p{scx=Foo}`} {
		var u *UnsupportedError
		if _, err := Compile(src, false); err == nil || errors.As(err, &u) {
			t.Errorf("%s: %v, want a syntax error", src, err)
		}
	}
	for _, src := range []string{`\p{scx=Latn}`, `\p{Script_Extensions=Greek}`, `\p{sc=Zzzz}`, `\p{Script=Unknown}`} {
		var u *UnsupportedError
		if _, err := Compile(src, false); !errors.As(err, &u) {
			t.Errorf("%s: %v, want unsupported", src, err)
		}
	}
}

// TestGeneralCategoryValues checks every name and alias of a
// General_Category value (generated) in \p{gc=...} and alone.
func TestGeneralCategoryValues(t *testing.T) {
	for alias, short := range generalCategoryValues {
		for _, src := range []string{`\p{gc=` + alias + `}`, `\p{General_Category=` + alias + `}`, `\p{` + alias + `}`} {
			if _, err := Compile(src, false); err != nil {
				t.Errorf("%s (%s): %v", src, short, err)
			}
		}
	}
}
