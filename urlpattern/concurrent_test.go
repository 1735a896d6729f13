package urlpattern

import (
	"sync"
	"testing"
)

// TestConcurrentUse matches patterns from many goroutines at once, each
// with its own expectations: a Pattern and its regular expressions (whose
// matching state is pooled) are safe for concurrent use. Run it with -race.
func TestConcurrentUse(t *testing.T) {
	patterns := []*Pattern{
		MustParse("https://example.com/books/:id(\\d+)/:page?"),
		MustParse("https://*.example.com/static/*"),
		MustParse("https://example.com/((?:a|b)*)c"),
	}
	cases := []struct {
		pattern int
		input   string
		want    string // the first group of the pathname, or "-" for no match
	}{
		{0, "https://example.com/books/42/7", "42"},
		{0, "https://example.com/books/x", "-"},
		{1, "https://a.example.com/static/app.js", "app.js"},
		{1, "https://example.com/static/app.js", "-"},
		{2, "https://example.com/ababc", "abab"},
		{2, "https://example.com/ababx", "-"},
	}
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				c := cases[(g+i)%len(cases)]
				r := patterns[c.pattern].Exec(c.input)
				got := "-"
				if r != nil {
					got = r.Pathname.Groups["0"].Value
					if c.pattern == 0 {
						got = r.Pathname.Groups["id"].Value
					}
				}
				if got != c.want {
					t.Errorf("Exec(%q) group = %q, want %q", c.input, got, c.want)
					return
				}
				if patterns[c.pattern].Test(c.input) != (c.want != "-") {
					t.Errorf("Test(%q) disagrees with Exec", c.input)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// TestConcurrentConstruction builds patterns that share components from
// many goroutines at once, and matches and generates with them: compiled
// components are shared and never changed. Run it with -race.
func TestConcurrentConstruction(t *testing.T) {
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 100 {
				scheme := []string{"https", "foo", "bar"}[(g+i)%3]
				p, err := Parse(scheme + "://example.com/books/:id/:page")
				if err != nil {
					t.Error(err)
					return
				}
				in := scheme + "://example.com/books/42/7"
				if r := p.Exec(in); r == nil || r.Pathname.Groups["id"].Value != "42" {
					t.Errorf("Exec(%q) = %v", in, r)
					return
				}
				if s, err := p.Generate(Pathname, map[string]string{"id": "a b", "page": "1"}); err != nil || s == "" {
					t.Errorf("Generate: %q, %v", s, err)
					return
				}
			}
		})
	}
	wg.Wait()
}

// TestZeroPattern checks that the zero Pattern and a nil one match
// nothing and have empty pattern strings, without panicking.
func TestZeroPattern(t *testing.T) {
	for _, p := range []*Pattern{{}, nil} {
		if p.Test("https://example.com/") || p.Exec("https://example.com/") != nil ||
			p.TestInit(Init{}) || p.ExecInit(Init{}) != nil || p.Pathname() != "" || p.HasRegExpGroups() {
			t.Errorf("%#v matches or has a pattern string", p)
		}
		if _, err := p.Generate(Pathname, nil); err == nil {
			t.Errorf("%#v generates", p)
		}
		if n := CompareComponent(Pathname, p, MustParse("https://example.com/a")); n != -1 {
			t.Errorf("CompareComponent(zero, /a) = %d, want -1", n)
		}
	}
}
