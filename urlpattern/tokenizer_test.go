package urlpattern

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestTokenize checks the tokens of patterns, with the "lenient" policy
// (where a tokenizing error is an "invalid-char" token) and the "strict"
// one (where it is an error), written as type:value at index.
func TestTokenize(t *testing.T) {
	names := map[tokenType]string{
		tokenInvalidChar: "invalid", tokenOpen: "open", tokenClose: "close", tokenRegexp: "regexp",
		tokenName: "name", tokenChar: "char", tokenEscapedChar: "escaped", tokenOtherModifier: "modifier",
		tokenAsterisk: "asterisk", tokenEnd: "end",
	}
	cases := []struct {
		in, want    string
		strictError bool
	}{
		{"/:id", "char:/@0 name:id@1 end:@4", false},
		{"{a}?*+", "open:{@0 char:a@1 close:}@2 modifier:?@3 asterisk:*@4 modifier:+@5 end:@6", false},
		{`\:a`, "escaped::@0 char:a@2 end:@3", false},
		{`a\`, `char:a@0 invalid:\@1 end:@2`, true},
		{":", "invalid::@0 end:@1", true},
		{":1", "invalid::@0 char:1@1 end:@2", true},
		{":a\u00e9$_\u200d", "name:a\u00e9$_\u200d@0 end:@9", false},
		{"(a(?:b))", "regexp:a(?:b)@0 end:@8", false},
		{`(a\)b)`, `regexp:a\)b@0 end:@6`, false},
		{"()", "invalid:(@0 char:)@1 end:@2", true},
		{"(?a)", "invalid:(@0 modifier:?@1 char:a@2 char:)@3 end:@4", true},
		{"(a(b))", "invalid:(@0 char:a@1 regexp:b@2 char:)@5 end:@6", true},
		{"(ab", "invalid:(@0 char:a@1 char:b@2 end:@3", true},
		{"(a\u00e9)", "invalid:(@0 char:a@1 char:\u00e9@2 char:)@4 end:@5", true},
		{`(a\`, `invalid:(@0 char:a@1 invalid:\@2 end:@3`, true},
	}
	for _, c := range cases {
		tokens, err := tokenize(c.in, policyLenient)
		if err != nil {
			t.Errorf("tokenize(%q, lenient): %v", c.in, err)
			continue
		}
		var got []string
		for _, tok := range tokens {
			got = append(got, fmt.Sprintf("%s:%s@%d", names[tok.typ], tok.value, tok.index))
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("tokenize(%q, lenient) = %s, want %s", c.in, g, c.want)
		}
		_, err = tokenize(c.in, policyStrict)
		if c.strictError != (err != nil) || (err != nil && !errors.Is(err, ErrTokenize)) {
			t.Errorf("tokenize(%q, strict): error %v, want one: %v", c.in, err, c.strictError)
		}
	}
}
