package bench

import (
	"reflect"
	"testing"

	dunglas "github.com/dunglas/go-urlpattern"
	"github.com/webstd/url/urlpattern"
)

// The URL Pattern benchmarks compare github.com/webstd/url/urlpattern with
// github.com/dunglas/go-urlpattern (v1.0.0: the URL Pattern Standard on
// nlnwa/whatwg-url's parser and Go's regexp package) on the patterns of the
// main module's urlpattern benchmarks: compiling a pattern, testing a URL
// string against it, executing it. Run them with
//
//	go test -run '^$' -bench URLPattern -count 5 .
var patternCases = []struct{ name, pattern, input string }{
	{"direct", "https://example.com/books/:id/*", "https://example.com/books/42/chapters/7?x=1"},
	{"hostname", "https://*.example.com/static/*", "https://cdn.example.com/static/app.js"},
	{"optional", "https://example.com/books/:id?/:page?", "https://example.com/books/42/7"},
	{"regexp", "https://example.com/books/:id(\\d+)/:slug([a-z\\-]+)", "https://example.com/books/42/go-in-action"},
}

var (
	sinkPattern        *urlpattern.Pattern
	sinkDunglas        *dunglas.URLPattern
	sinkPatternResult  *urlpattern.Result
	sinkDunglasResult  *dunglas.URLPatternResult
	sinkPatternMatches bool
)

func BenchmarkURLPattern(b *testing.B) {
	for _, c := range patternCases {
		ours := urlpattern.MustParse(c.pattern)
		theirs, err := dunglas.New(c.pattern, "", nil)
		if err != nil {
			b.Fatal(err)
		}
		b.Run("Parse/"+c.name+"/ours", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkPattern, _ = urlpattern.Parse(c.pattern)
			}
		})
		b.Run("Parse/"+c.name+"/dunglas", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkDunglas, _ = dunglas.New(c.pattern, "", nil)
			}
		})
		b.Run("Test/"+c.name+"/ours", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkPatternMatches = ours.Test(c.input)
			}
		})
		b.Run("Test/"+c.name+"/dunglas", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkPatternMatches = theirs.Test(c.input, "")
			}
		})
		b.Run("Exec/"+c.name+"/ours", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkPatternResult = ours.Exec(c.input)
			}
		})
		b.Run("Exec/"+c.name+"/dunglas", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkDunglasResult = theirs.Exec(c.input, "")
			}
		})
	}
}

// TestURLPatternAgreesWithDunglas checks that the two libraries do the same
// work in the benchmarks: each pattern matches its input in both, with the
// same groups in each component (but for one shortcut of dunglas's).
func TestURLPatternAgreesWithDunglas(t *testing.T) {
	for _, c := range patternCases {
		ours := urlpattern.MustParse(c.pattern).Exec(c.input)
		p, err := dunglas.New(c.pattern, "", nil)
		if err != nil {
			t.Fatalf("%s: %v", c.pattern, err)
		}
		theirs := p.Exec(c.input, "")
		if ours == nil || theirs == nil {
			t.Fatalf("%s on %s: ours %v, dunglas %v", c.pattern, c.input, ours, theirs)
		}
		pairs := []struct {
			name  string
			ours  urlpattern.ComponentResult
			their dunglas.URLPatternComponentResult
		}{
			{"protocol", ours.Protocol, theirs.Protocol},
			{"username", ours.Username, theirs.Username},
			{"password", ours.Password, theirs.Password},
			{"hostname", ours.Hostname, theirs.Hostname},
			{"port", ours.Port, theirs.Port},
			{"pathname", ours.Pathname, theirs.Pathname},
			{"search", ours.Search, theirs.Search},
			{"hash", ours.Hash, theirs.Hash},
		}
		for _, pr := range pairs {
			groups := map[string]string{}
			for k, g := range pr.ours.Groups {
				groups[k] = g.Value
			}
			if len(groups) == 0 {
				groups = nil
			}
			theirGroups := pr.their.Groups
			if len(theirGroups) == 0 {
				theirGroups = nil
			}
			// dunglas leaves out the groups of a component whose input is
			// empty ("*" on an empty username), where the standard (and
			// WPT) has {"0": ""}: less work for its Exec, which the
			// benchmarks' numbers include.
			if pr.ours.Input == "" && theirGroups == nil && reflect.DeepEqual(groups, map[string]string{"0": ""}) {
				continue
			}
			if pr.ours.Input != pr.their.Input || !reflect.DeepEqual(groups, theirGroups) {
				t.Errorf("%s on %s, %s: ours %q %v, dunglas %q %v", c.pattern, c.input, pr.name,
					pr.ours.Input, groups, pr.their.Input, theirGroups)
			}
		}
	}
}
