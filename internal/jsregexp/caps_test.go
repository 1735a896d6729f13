package jsregexp

import (
	"fmt"
	"strings"
	"testing"
)

// TestCaps compiles, for each cap, a pattern just under it, which compiles,
// and one just over it, which is refused with an *UnsupportedError that
// names the cap and its value.
func TestCaps(t *testing.T) {
	groups := func(n int) string { return strings.Repeat("(?:", n) + "a" + strings.Repeat(")", n) }
	classes := func(n int) string { return strings.Repeat("[", n) + "a" + strings.Repeat("]", n) }
	counts := fmt.Sprintf("above %d, the cap on counts", MaxRepeat)
	nesting := fmt.Sprintf("more than %d deep, the cap on nesting", MaxDepth)
	size := fmt.Sprintf("over %d, the cap on program size", MaxProgram)
	for _, c := range []struct {
		name         string
		under, over  string
		msg          string
		instructions int // of under, when the test knows it
	}{
		{"MaxRepeat/n", "a{1000}", "a{1001}", counts, 1003},
		{"MaxRepeat/n,", "a{1000,}", "a{1001,}", counts, 1006},
		{"MaxRepeat/n,m", "a{0,1000}", "a{0,1001}", counts, 2003},
		{"MaxRepeat/digits", "a{0001000}", "a{99999999999999999999}", counts, 1003},
		{"MaxDepth/groups", groups(MaxDepth), groups(MaxDepth + 1), nesting, 4},
		{"MaxDepth/classes", classes(MaxDepth), classes(MaxDepth + 1), nesting, 4},
		// Save, the code points, save, match.
		{"MaxProgram/text", strings.Repeat("a", MaxProgram-3), strings.Repeat("a", MaxProgram-2), size, MaxProgram},
		// 19 times a split, 130 optional a's (a split and an a each) and
		// the empty check: 19*263 = 4997, and 3.
		{"MaxProgram/nested", "(?:a{0,130}){0,19}", "(?:a{0,131}){0,19}", size, MaxProgram},
		// 6 optional a's: 12; then 6*(12+3) = 90, 6*(90+3) = 558, 6*(558+3)
		// = 3366, and one more level: 20,214.
		{"MaxProgram/nested-deep", "(?:(?:(?:a{0,6}){0,6}){0,6}){0,6}", "(?:(?:(?:(?:a{0,6}){0,6}){0,6}){0,6}){0,6}", size, 3369},
		// The crafted patterns of issue 20: 30*(60+3)+4 and 100*(200+3)+4.
		{"MaxProgram/issue20", "(?:a{0,30}){0,30}b", "(?:a{0,100}){0,100}b", size, 1894},
	} {
		t.Run(c.name, func(t *testing.T) {
			re, err := Compile(c.under, false)
			if err != nil {
				t.Fatalf("Compile(%.40q): %.200v", c.under, err)
			}
			if len(re.prog) != c.instructions {
				t.Errorf("Compile(%.40q): %d instructions, want %d", c.under, len(re.prog), c.instructions)
			}
			_, err = Compile(c.over, false)
			if u, ok := err.(*UnsupportedError); !ok || !strings.Contains(u.Msg, c.msg) {
				t.Errorf("Compile(%.40q) = %.200v, want an *UnsupportedError that says %q", c.over, err, c.msg)
			}
		})
	}
}

// TestCapRefusedEarly checks that a pattern over the program-size cap is
// refused at the quantifier that takes it over, whatever is nested around
// it, and that the error says where.
func TestCapRefusedEarly(t *testing.T) {
	pattern := "x(?:(?:(?:a{0,1000}){0,1000}){0,1000}){0,1000}"
	_, err := Compile(pattern, false)
	u, ok := err.(*UnsupportedError)
	if !ok {
		t.Fatalf("Compile(%q) = %v, want an *UnsupportedError", pattern, err)
	}
	// (?:a{0,1000}){0,1000} is the innermost quantifier over the cap.
	if want := strings.Index(pattern, "(?:a{"); u.Pos != want {
		t.Errorf("error at offset %d, want %d: %v", u.Pos, want, err)
	}
}
