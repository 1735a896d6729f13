package urlpattern

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/webstd/url/internal/jsregexp"
)

// TestRegExpCaps checks the caps of the package documentation through
// Parse: a regular expression group just under each compiles, and one just
// over it fails with ErrRegExp and an error that names the cap and its
// value. The crafted patterns of issue 20 are on either side of the cap on
// program size.
func TestRegExpCaps(t *testing.T) {
	groups := func(n int) string { return strings.Repeat("(?:", n) + "a" + strings.Repeat(")", n) }
	// "/:p(x)" generates ^(?:\/(x))$: x in a group in a group, and 8
	// instructions around x's (save, ^, /, save, ..., save, $, save,
	// match).
	const around, groupsAround = 8, 2
	for _, c := range []struct{ name, under, over, msg string }{
		// Counts on empty groups, which compile to nothing.
		{"counts", "/:p((?:){1000})", "/:p((?:){1001})", fmt.Sprintf("above %d, the cap on counts", jsregexp.MaxRepeat)},
		{"nested counts", "/:p((?:(?:){40}){25})", "/:p((?:(?:){40}){26})", fmt.Sprintf("over %d, the cap on nested counts", jsregexp.MaxRepeatProduct)},
		{"nested counts/n,", "/:p((?:(?:){500,}){2})", "/:p((?:(?:){501,}){2})", fmt.Sprintf("over %d, the cap on nested counts", jsregexp.MaxRepeatProduct)},
		{"nesting", "/:p(" + groups(jsregexp.MaxDepth-groupsAround) + ")", "/:p(" + groups(jsregexp.MaxDepth-groupsAround+1) + ")",
			fmt.Sprintf("more than %d deep, the cap on nesting", jsregexp.MaxDepth)},
		{"program size", "/:p(" + strings.Repeat("a", jsregexp.MaxProgram-around) + ")", "/:p(" + strings.Repeat("a", jsregexp.MaxProgram-around+1) + ")",
			fmt.Sprintf("over %d, the cap on program size", jsregexp.MaxProgram)},
		{"issue 20", "/:p((?:a{0,10}){0,10})b", "/:p((?:a{0,30}){0,30})b", fmt.Sprintf("over %d, the cap on program size", jsregexp.MaxProgram)},
		// The slowest shape of finding F1 of issue 20, at the cap and
		// over it.
		{"slow", "/:p([ab]*a[ab]{488})", "/:p([ab]*a[ab]{489})", fmt.Sprintf("over %d, the cap on program size", jsregexp.MaxProgram)},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, opts := range []Options{{}, {IgnoreCase: true}} {
				if _, err := opts.Parse("https://h" + c.under); err != nil {
					t.Errorf("Parse(%.60q), %+v: %.300v", c.under, opts, err)
				}
				_, err := opts.Parse("https://h" + c.over)
				if !errors.Is(err, ErrRegExp) || !strings.Contains(err.Error(), c.msg) {
					t.Errorf("Parse(%.60q), %+v = %.300v, want ErrRegExp saying %q", c.over, opts, err, c.msg)
				}
			}
		})
	}
}

// TestSlowPatternsRefused checks that the patterns of finding F1 of issue
// 20, which took 5 to 14 seconds to match a 100 KB URL when the caps let
// them through, are refused with ErrRegExp for a cap.
func TestSlowPatternsRefused(t *testing.T) {
	for _, p := range []string{
		"http://h/:p([ab]*a(?:[ab]{800}){6})",
		"http://h/:p((?:[ab]{700}){7})",
		"http://h/:p((?:[ab]{600}){8})",
		"http://h/:p(.*a(?:.{900}){5})",
		"http://h/:p([ab]*a[ab]{900})",
	} {
		_, err := Parse(p)
		if !errors.Is(err, ErrRegExp) || !strings.Contains(err.Error(), "the cap on nested counts") && !strings.Contains(err.Error(), "the cap on program size") {
			t.Errorf("Parse(%q) = %.300v, want ErrRegExp for a cap", p, err)
		}
	}
}

// TestCapsDocumented checks that the package documentation gives the caps
// the values they have.
func TestCapsDocumented(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		fmt.Sprintf("%d, the cap on counts", jsregexp.MaxRepeat),
		fmt.Sprintf("%d, the cap on nested counts", jsregexp.MaxRepeatProduct),
		fmt.Sprintf("%d, the cap on nesting", jsregexp.MaxDepth),
		fmt.Sprintf("%d, the cap on program size", jsregexp.MaxProgram),
	} {
		if !strings.Contains(string(doc), want) {
			t.Errorf("doc.go does not say %q", want)
		}
	}
}
