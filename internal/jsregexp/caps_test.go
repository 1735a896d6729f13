package jsregexp

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestCaps compiles, for each cap, a pattern just under it, which compiles,
// and one just over it, which is refused with an *UnsupportedError that
// names the cap and its value. The counts are checked on empty groups,
// which compile to nothing: a count of MaxRepeat copies of anything else
// is over MaxProgram.
func TestCaps(t *testing.T) {
	groups := func(n int) string { return strings.Repeat("(?:", n) + "a" + strings.Repeat(")", n) }
	classes := func(n int) string { return strings.Repeat("[", n) + "a" + strings.Repeat("]", n) }
	counts := fmt.Sprintf("above %d, the cap on counts", MaxRepeat)
	product := fmt.Sprintf("over %d, the cap on nested counts", MaxRepeatProduct)
	nesting := fmt.Sprintf("more than %d deep, the cap on nesting", MaxDepth)
	size := fmt.Sprintf("over %d, the cap on program size", MaxProgram)
	for _, c := range []struct {
		name         string
		under, over  string
		msg          string
		instructions int // of under
	}{
		{"MaxRepeat/n", "(?:){1000}", "(?:){1001}", counts, 3},
		{"MaxRepeat/n,", "(?:){1000,}", "(?:){1001,}", counts, 7},
		{"MaxRepeat/n,m", "(?:){1000,1000}", "(?:){1000,1001}", counts, 3},
		{"MaxRepeat/digits", "(?:){0001000}", "a{99999999999999999999}", counts, 3},
		// The counts of nested quantifiers multiply: 40*25 = 1000, 40*26
		// = 1040; {n,} counts n, and 500*2 = 1000.
		{"MaxRepeatProduct/n", "(?:(?:){40}){25}", "(?:(?:){40}){26}", product, 3},
		{"MaxRepeatProduct/n,", "(?:(?:){500,}){2}", "(?:(?:){501,}){2}", product, 11},
		{"MaxRepeatProduct/n,m", "(?:(?:){40,40}){25,25}", "(?:(?:){40,40}){25,26}", product, 3},
		// A product is along one path: two quantifiers side by side do not
		// multiply, nor does *, whose count is 1.
		{"MaxRepeatProduct/paths", "(?:(?:){30}(?:){33}){30}", "(?:(?:){30}(?:){34}){30}", product, 3},
		{"MaxRepeatProduct/star", "(?:(?:(?:){1000})*){1}", "(?:(?:(?:){1000})*){2}", product, 7},
		{"MaxDepth/groups", groups(MaxDepth), groups(MaxDepth + 1), nesting, 4},
		{"MaxDepth/classes", classes(MaxDepth), classes(MaxDepth + 1), nesting, 4},
		// Save, the code points, save, match.
		{"MaxProgram/text", strings.Repeat("a", MaxProgram-3), strings.Repeat("a", MaxProgram-2), size, MaxProgram},
		{"MaxProgram/count", "a{497}", "a{498}", size, MaxProgram},
		// 19 times a split, 11 optional a's (a split and an a each) and
		// the empty check: 19*25 = 475, and 3; with 12 a's, 19*27+3 = 516.
		{"MaxProgram/nested", "(?:a{0,11}){0,19}", "(?:a{0,12}){0,19}", size, 478},
		// 3 optional a's: 6; then 3*(6+3) = 27, 3*(27+3) = 90, 3*(90+3) =
		// 279, and one more level: 846.
		{"MaxProgram/nested-deep", "(?:(?:(?:a{0,3}){0,3}){0,3}){0,3}", "(?:(?:(?:(?:a{0,3}){0,3}){0,3}){0,3}){0,3}", size, 282},
		// The crafted patterns of issue 20, scaled to the cap: 10*(20+3)+4
		// and 30*(60+3)+4.
		{"MaxProgram/issue20", "(?:a{0,10}){0,10}b", "(?:a{0,30}){0,30}b", size, 234},
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

// TestCompileOracle checks that CompileOracle lifts MaxProgram and no
// other cap: a long text compiles and matches, nested counts and depth
// are still refused.
func TestCompileOracle(t *testing.T) {
	long := strings.Repeat("o", 4*MaxProgram)
	if _, err := Compile(long, false); err == nil {
		t.Fatalf("Compile of %d code points: no error, want the cap on program size", len(long))
	}
	re, err := CompileOracle("^"+long+"$", false)
	if err != nil {
		t.Fatalf("CompileOracle of %d code points: %.200v", len(long), err)
	}
	if !re.MatchString(long) || re.MatchString(long[1:]) {
		t.Errorf("CompileOracle of %d code points does not match exactly its text", len(long))
	}
	for _, p := range []string{"(?:(?:){40}){26}", "a{1001}", strings.Repeat("(?:", MaxDepth+1) + "a" + strings.Repeat(")", MaxDepth+1)} {
		if _, err := CompileOracle(p, false); err == nil {
			t.Errorf("CompileOracle(%.40q): no error, want a cap other than program size", p)
		}
	}
}

// slowPatterns are the patterns of finding F1 of issue 20, which a 100 KB
// input took 5 to 14 seconds to match when the caps let them through, as
// URLPattern compiles them for a pathname "/:p(...)".
var slowPatterns = []string{
	`^(?:\/([ab]*a(?:[ab]{800}){6}))$`,
	`^(?:\/((?:[ab]{700}){7}))$`,
	`^(?:\/((?:[ab]{600}){8}))$`,
	`^(?:\/(.*a(?:.{900}){5}))$`,
	`^(?:\/([ab]*a[ab]{900}))$`,
}

// TestSlowPatternsRefused checks that the patterns of finding F1 are
// refused, for their nested counts or their size.
func TestSlowPatternsRefused(t *testing.T) {
	for _, p := range slowPatterns {
		_, err := Compile(p, false)
		u, ok := err.(*UnsupportedError)
		if !ok || !strings.Contains(u.Msg, "the cap on nested counts") && !strings.Contains(u.Msg, "the cap on program size") {
			t.Errorf("Compile(%q) = %.200v, want an *UnsupportedError for a cap", p, err)
		}
	}
}

// TestMatchCost checks the cost of a match of the slowest patterns the
// caps let through, and of the patterns of finding F1 if they are let
// through, on 20 KB of random a's and b's, by counting the states the VM
// and the two passes visit: deterministic, unlike a time. The VM visits at
// most 2 states (instruction and bit) per instruction and code point, and
// FindStringSubmatchIndex, which runs the VM and then the two passes, 6;
// with programs of at most 500 instructions, 1000 and 3000 per byte. The
// package documentation gives the time those stand for.
func TestMatchCost(t *testing.T) {
	const (
		budget   = 500 // instructions
		maxTest  = 2 * budget
		maxExec  = 6 * budget
		inputLen = 20_000
	)
	rng := rand.New(rand.NewPCG(1, 2))
	b := make([]byte, inputLen)
	for i := range b {
		b[i] = "ab"[rng.IntN(2)]
	}
	input := "/" + string(b)
	var visits int
	visitsHook = func(n int) { visits = n }
	defer func() { visitsHook = nil }()
	patterns := append([]string{
		// The slowest shapes found at the cap: one thread per instruction
		// at every position (a DFA would need 2^490 states), with and
		// without nullable iterations.
		`^(?:\/([ab]*b[ab]{490}))$`,
		`^(?:\/([ab]*a[ab]{490}))$`,
		`^(?:\/(.*b.{490}))$`,
		`^(?:\/([ab]*b(?:[ab]{40}){12}))$`,
		`^(?:\/([ab]*a(?:a?b?){0,60}))$`,
		`^(?:\/([ab]*a(?:(?:a|b)?){0,60}))$`,
	}, slowPatterns...)
	for _, p := range patterns {
		re, err := Compile(p, false)
		if err != nil {
			continue // TestCaps and TestSlowPatternsRefused check the refusals
		}
		visits = 0
		re.MatchString(input)
		t.Logf("%q: MatchString visits %d states per byte", p, visits/len(input))
		if v := visits / len(input); v > maxTest {
			t.Errorf("MatchString: %q visits %d states per byte, want at most %d", p, v, maxTest)
		}
		visits = 0
		re.FindStringSubmatchIndex(input)
		t.Logf("%q: FindStringSubmatchIndex visits %d states per byte", p, visits/len(input))
		if v := visits / len(input); v > maxExec {
			t.Errorf("FindStringSubmatchIndex: %q visits %d states per byte, want at most %d", p, v, maxExec)
		}
	}
}

// TestCapRefusedEarly checks that a pattern over the program-size cap is
// refused at the quantifier that takes it over, whatever is nested around
// it, and that the error says where.
func TestCapRefusedEarly(t *testing.T) {
	pattern := "x(?:(?:(?:a{0,100}){0,100}){0,100}){0,100}"
	_, err := Compile(pattern, false)
	u, ok := err.(*UnsupportedError)
	if !ok {
		t.Fatalf("Compile(%q) = %v, want an *UnsupportedError", pattern, err)
	}
	// (?:a{0,100}){0,100} is the innermost quantifier over the caps.
	if want := strings.Index(pattern, "(?:a{"); u.Pos != want {
		t.Errorf("error at offset %d, want %d: %v", u.Pos, want, err)
	}
}
