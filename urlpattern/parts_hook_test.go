package urlpattern

import (
	"strings"
	"testing"

	"github.com/webstd/url"
	"github.com/webstd/url/internal/patternparts"
)

// TestPartsHooks checks patternparts.TestComponent and AppendGroups, which
// a router matches one component with, against Exec: the same verdict and
// the groups of Exec's result that are defined, in the order of the group
// name list, for components matched directly (with more groups than fit on
// the stack too) and by a regular expression.
func TestPartsHooks(t *testing.T) {
	many := strings.Repeat("/:g", maxStackGroups+1)
	for i := 0; strings.Contains(many, ":g/") || strings.HasSuffix(many, ":g"); i++ {
		many = strings.Replace(many, ":g", ":n"+string(rune('a'+i/26))+string(rune('a'+i%26)), 1)
	}
	patterns := []string{
		"https://:sub.example.com/books/:id/*", "/books/:id?", "/:a(\\d+)/:b", "/:x.json", "/files/*",
		"http{s}?://example.com/", many,
	}
	inputs := []string{
		"https://a.example.com/books/7/x/y", "https://example.com/books", "https://example.com/books/7",
		"https://example.com/12/b", "https://example.com/a/b", "https://example.com/x.json",
		"https://example.com/files/", "http://example.com/", "https://example.com" + strings.Repeat("/v", maxStackGroups+1),
		"https://example.com" + strings.Repeat("/v", maxStackGroups),
	}
	for _, ps := range patterns {
		if strings.HasPrefix(ps, "/") {
			ps = "*://*:*" + ps
		}
		p := MustParse(ps)
		for _, in := range inputs {
			res := p.Exec(in)
			vals := urlValuesOf(t, in)
			for c := Protocol; c <= Hash; c++ {
				comp := res.component(c)
				matched := patternparts.TestComponent(p, int(c), vals[c])
				groups, ok := patternparts.AppendGroups(p, int(c), vals[c], []patternparts.Group{{Name: "before"}})
				if matched != ok || groups[0].Name != "before" {
					t.Fatalf("%s on %q, component %d: TestComponent %v, AppendGroups %v", ps, in, c, matched, ok)
				}
				if res == nil {
					continue
				}
				if !ok {
					t.Fatalf("%s on %q: component %d does not match, Exec does", ps, in, c)
				}
				var want []patternparts.Group
				for _, name := range p.components[c].names {
					if g := comp.Groups[name]; g.Defined {
						want = append(want, patternparts.Group{Name: name, Value: g.Value})
					}
				}
				if got := groups[1:]; len(got) != len(want) || len(want) > 0 && !equalGroups(got, want) {
					t.Fatalf("%s on %q, component %d: groups %q, Exec's %q", ps, in, c, got, want)
				}
			}
		}
	}
	if patternparts.TestComponent(&Pattern{}, int(Pathname), "/") {
		t.Error("a zero Pattern matches")
	}
}

func equalGroups(a, b []patternparts.Group) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// component returns the result of component c, or the zero one for nil.
func (r *Result) component(c Component) ComponentResult {
	if r == nil {
		return ComponentResult{}
	}
	return [...]ComponentResult{r.Protocol, r.Username, r.Password, r.Hostname, r.Port, r.Pathname, r.Search, r.Hash}[c]
}

// urlValuesOf returns the component values of the URL string in, as a
// match reads them.
func urlValuesOf(t *testing.T, in string) urlValues {
	t.Helper()
	u, err := url.Parse(in)
	if err != nil {
		t.Fatal(err)
	}
	var v urlValues
	v.fromURL(u)
	return v
}
