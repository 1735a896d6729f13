package router

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/webstd/url"
	"github.com/webstd/url/internal/patternparts"
	"github.com/webstd/url/urlpattern"
)

// matchesOf returns the values of r's matches of the URL string s, in order.
func matchesOf[V any](r *Router[V], s string) []V {
	var out []V
	for m := range r.MatchString(s) {
		out = append(out, m.Value)
	}
	return out
}

func mustNew(t testing.TB, init urlpattern.Init) *urlpattern.Pattern {
	t.Helper()
	p, err := urlpattern.New(init)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestRouterMatches checks the matches of a small route set, written out
// by hand: every route that matches, in the order they were added, with
// their groups.
func TestRouterMatches(t *testing.T) {
	var r Router[string]
	r.Add(urlpattern.MustParse("https://example.com/books/new"), "new")
	r.Add(urlpattern.MustParse("https://example.com/books/:id"), "book")
	r.Add(urlpattern.MustParse("https://example.com/books/:id/reviews/:n(\\d+)"), "review")
	r.Add(urlpattern.MustParse("https://*.example.com/*"), "subdomain")
	r.Add(urlpattern.MustParse("http{s}?://{www.}?example.com/books/*"), "books-any")
	r.Add(mustNew(t, urlpattern.Init{Pathname: new("/books/:id.json")}), "json")
	r.Add(urlpattern.MustParse("mailto:*@example.com"), "mail")
	ci, err := urlpattern.Options{IgnoreCase: true}.New(urlpattern.Init{Pathname: new("/BOOKS/:id")})
	if err != nil {
		t.Fatal(err)
	}
	r.Add(ci, "ignore-case")
	r.Add(mustNew(t, urlpattern.Init{Pathname: new("*")}), "everything")
	cases := []struct {
		url  string
		want []string
	}{
		{"https://example.com/books/new", []string{"new", "book", "books-any", "ignore-case", "everything"}},
		{"https://example.com/books/42", []string{"book", "books-any", "ignore-case", "everything"}},
		{"http://www.example.com/Books/42", []string{"ignore-case", "everything"}},
		{"http://www.example.com/books/42/x", []string{"books-any", "everything"}},
		{"https://example.com/books/42/reviews/7", []string{"review", "books-any", "everything"}},
		{"https://example.com/books/42/reviews/x", []string{"books-any", "everything"}},
		{"https://a.example.com/books/42.json", []string{"subdomain", "json", "ignore-case", "everything"}},
		{"ftp://other.org/books/42.json", []string{"json", "ignore-case", "everything"}},
		{"mailto:ann@example.com", []string{"mail", "everything"}},
		{"https://example.com/", []string{"everything"}},
		{"not a URL", nil},
	}
	for _, c := range cases {
		if got := matchesOf(&r, c.url); !slices.Equal(got, c.want) {
			t.Errorf("%s: matches %q, want %q", c.url, got, c.want)
		}
	}
	m, ok := r.First(url.MustParse("https://example.com/books/42/reviews/7"))
	if !ok || m.Value != "review" || m.Result.Pathname.Groups["id"].Value != "42" || m.Result.Pathname.Groups["n"].Value != "7" {
		t.Errorf("First: %v %+v", ok, m)
	}
	if _, ok := r.First(url.MustParse("https://example.org/")); !ok {
		t.Errorf("First: no match for the pattern *")
	}
}

// TestRouterZero checks the zero Router, nil and zero patterns (which match
// nothing, as for Exec) and URLs that are not valid.
func TestRouterZero(t *testing.T) {
	var r Router[int]
	if _, ok := r.First(url.MustParse("https://example.com/")); ok {
		t.Error("the zero Router matches")
	}
	for range r.Match(url.URL{}) {
		t.Error("a match of the zero URL")
	}
	r.Add(nil, 1)
	r.Add(&urlpattern.Pattern{}, 2)
	r.Add(urlpattern.MustParse("https://example.com/*"), 3)
	if r.Len() != 3 {
		t.Errorf("Len = %d, want 3", r.Len())
	}
	if got := matchesOf(&r, "https://example.com/x"); !slices.Equal(got, []int{3}) {
		t.Errorf("matches %v, want [3]", got)
	}
	for range r.Match(url.URL{}) {
		t.Error("a match of the zero URL")
	}
	if got := matchesOf(&r, "https://example.com:99999/"); got != nil {
		t.Errorf("an invalid URL matches %v", got)
	}
	r.Add(r.routes[2].pattern, 4) // the same pattern again: a second route
	if got := matchesOf(&r, "https://example.com/x"); !slices.Equal(got, []int{3, 4}) {
		t.Errorf("matches %v, want [3 4]", got)
	}
}

// loopMatches is the reference: every pattern's ExecURL (or Exec of the
// string, when u is not valid), in order.
type loopMatch struct {
	index  int
	result *urlpattern.Result
}

func loopExecURL(patterns []*urlpattern.Pattern, u url.URL) []loopMatch {
	var out []loopMatch
	for i, p := range patterns {
		if r := p.ExecURL(u); r != nil {
			out = append(out, loopMatch{i, r})
		}
	}
	return out
}

func loopExec(patterns []*urlpattern.Pattern, s string) []loopMatch {
	var out []loopMatch
	for i, p := range patterns {
		if r := p.Exec(s); r != nil {
			out = append(out, loopMatch{i, r})
		}
	}
	return out
}

func collect(seq func(func(Match[int]) bool), patterns []*urlpattern.Pattern) ([]loopMatch, error) {
	var out []loopMatch
	var err error
	for m := range seq {
		if m.Pattern != patterns[m.Value] {
			err = fmt.Errorf("match %d has the pattern of another route", m.Value)
		}
		out = append(out, loopMatch{m.Value, m.Result})
	}
	return out, err
}

// checkAgainstLoop checks that r, whose route i has patterns[i] and value
// i, finds for the URL string s what a loop over the patterns finds: by
// MatchString against Exec, by Match and First against ExecURL. It
// returns how many routes matched.
func checkAgainstLoop(t testing.TB, r *Router[int], patterns []*urlpattern.Pattern, s string, withExec bool) int {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		if got := matchesOf(r, s); got != nil {
			t.Errorf("%q does not parse but matches %v", s, got)
		}
		return 0
	}
	want := loopExecURL(patterns, u)
	got, err := collect(r.Match(u), patterns)
	if err != nil {
		t.Error(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s: Match finds %s, the loop %s\n%s", s, describe(got), describe(want), patternList(patterns, got, want))
	}
	first, ok := r.First(u)
	if ok != (len(want) > 0) || ok && (first.Value != want[0].index || !reflect.DeepEqual(first.Result, want[0].result)) {
		t.Errorf("%s: First = %v %d, the loop %s", s, ok, first.Value, describe(want))
	}
	if withExec {
		want := loopExec(patterns, s)
		got, err := collect(r.MatchString(s), patterns)
		if err != nil {
			t.Error(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: MatchString finds %s, the loop of Exec %s", s, describe(got), describe(want))
		}
	}
	return len(want)
}

func describe(ms []loopMatch) string {
	var idx []int
	for _, m := range ms {
		idx = append(idx, m.index)
	}
	return fmt.Sprint(idx)
}

// patternList names the patterns of got and want, for a failure message.
func patternList(patterns []*urlpattern.Pattern, lists ...[]loopMatch) string {
	var b strings.Builder
	seen := map[int]bool{}
	for _, l := range lists {
		for _, m := range l {
			if !seen[m.index] {
				seen[m.index] = true
				fmt.Fprintf(&b, "  %d: %s\n", m.index, patternString(patterns[m.index]))
			}
		}
	}
	return b.String()
}

func patternString(p *urlpattern.Pattern) string {
	return fmt.Sprintf("%s://%s:%s@%s:%s%s?%s#%s", p.Protocol(), p.Username(), p.Password(), p.Hostname(), p.Port(), p.Pathname(), p.Search(), p.Hash())
}

// randomRouter returns a router of n random patterns from g, route i
// holding patterns[i] and value i.
func randomRouter(t testing.TB, g *gen, n int) (*Router[int], []*urlpattern.Pattern) {
	r := &Router[int]{}
	var patterns []*urlpattern.Pattern
	failed := 0
	for len(patterns) < n {
		p, err := g.pattern()
		if err != nil {
			if failed++; failed > n {
				t.Fatalf("the generator made %d patterns that do not compile, the last: %v", failed, err)
			}
			continue
		}
		r.Add(p, len(patterns))
		patterns = append(patterns, p)
	}
	return r, patterns
}

// TestRouterAgreesWithLoop holds the router to its definition: on random
// route sets of 1 to 300 patterns and URLs made to hit them, the routes it
// finds are those a loop over every pattern finds with Exec, in the same
// order, with the same results. It also checks that the URLs hit: a test of
// a router that matches nothing would prove little.
func TestRouterAgreesWithLoop(t *testing.T) {
	seeds := 30
	if testing.Short() {
		seeds = 8
	}
	urls, hits, matches := 0, 0, 0
	for seed := range uint64(seeds) {
		g := newGen(seed)
		r, patterns := randomRouter(t, g, 1+g.r.IntN(300))
		for i := range 150 {
			s := g.url(patterns)
			n := checkAgainstLoop(t, r, patterns, s, i%10 == 0)
			urls++
			matches += n
			if n > 0 {
				hits++
			}
		}
		if t.Failed() {
			t.Fatalf("seed %d", seed)
		}
	}
	t.Logf("%d URLs, %d matched a route, %d matches", urls, hits, matches)
	if hits < urls/3 || matches < 2*hits {
		t.Errorf("the generator's URLs hit too few routes: %d of %d URLs, %d matches", hits, urls, matches)
	}
}

// TestRouterPrunes checks that the index does its work: on GitHub's API
// (about 170 routes), each URL leaves at most a handful of the routes to
// confirm, and the one it was made for among them.
func TestRouterPrunes(t *testing.T) {
	patterns, urls := githubPatterns()
	var r Router[int]
	for i, p := range patterns {
		r.Add(p, i)
	}
	total, most := 0, 0
	for i, s := range urls {
		u := url.MustParse(s)
		ids := r.candidates(u, nil)
		total += len(ids)
		most = max(most, len(ids))
		if !slices.Contains(ids, int32(i)) {
			t.Errorf("%s: candidates %v lack route %d (%s)", s, ids, i, githubRoutes[i])
		}
		checkAgainstLoop(t, &r, patterns, s, false)
	}
	avg := float64(total) / float64(len(urls))
	t.Logf("%d routes: %.2f candidates a URL on average, %d at most", len(patterns), avg, most)
	if avg > 2 || most > 4 {
		t.Errorf("the index leaves %.2f candidates a URL on average, %d at most; want at most 2 and 4", avg, most)
	}
}

// TestRouterPrunesByHost checks the index of protocols and hostnames: of
// routes on 100 hosts, some for two protocols and with an optional "www.",
// a URL's candidates are those of its host and those whose hostname has a
// wildcard.
func TestRouterPrunesByHost(t *testing.T) {
	var r Router[int]
	var patterns []*urlpattern.Pattern
	add := func(s string) {
		p := urlpattern.MustParse(s)
		r.Add(p, len(patterns))
		patterns = append(patterns, p)
	}
	for i := range 100 {
		if i%2 == 0 {
			add(fmt.Sprintf("https://h%d.example/*", i))
		} else {
			add(fmt.Sprintf("http{s}?://{www.}?h%d.example/*", i))
		}
	}
	add("https://*.example/x")
	add("*://*/y/*")
	for _, c := range []struct {
		url  string
		want []int32
	}{
		{"https://h2.example/", []int32{2}},
		{"http://h2.example/", nil},
		{"http://www.h3.example/a", []int32{3}},
		{"https://h3.example/x", []int32{3, 100}},
		{"ftp://h3.example/y/z", []int32{101}},
		{"https://a.example/x", []int32{100}},
	} {
		if got := r.candidates(url.MustParse(c.url), nil); !slices.Equal(got, c.want) {
			t.Errorf("%s: candidates %v, want %v", c.url, got, c.want)
		}
		checkAgainstLoop(t, &r, patterns, c.url, true)
	}
}

// TestRouterPrunesPathname checks the candidates the pathname tries leave,
// written out by hand: a pattern the trie follows to its end is a
// candidate for pathnames of as many pieces only, one it stops in for
// those whose next piece starts with the text before the stop.
func TestRouterPrunesPathname(t *testing.T) {
	var r Router[int]
	var patterns []*urlpattern.Pattern
	for _, path := range []string{
		"/books/:id",          // 0
		"/books/:id.json",     // 1
		"/static/v:version/*", // 2
		"/static/w*",          // 3
		"/static/:file(.*)",   // 4
		"/:lang/docs/:page",   // 5
		"/books{/:id/x}+",     // 6
		"/books/:id?",         // 7
		"",                    // 8
	} {
		p := mustNew(t, urlpattern.Init{Pathname: new(path)})
		r.Add(p, len(patterns))
		patterns = append(patterns, p)
	}
	ci, err := urlpattern.Options{IgnoreCase: true}.New(urlpattern.Init{Pathname: new("/Static/:x")})
	if err != nil {
		t.Fatal(err)
	}
	r.Add(ci, len(patterns)) // 9
	patterns = append(patterns, ci)
	for _, c := range []struct {
		url  string
		want []int32
	}{
		{"https://example.com/books/42", []int32{0, 1, 7}},
		{"https://example.com/books/42/x", []int32{6, 7}},
		{"https://example.com/books", []int32{7}},
		{"https://example.com/static/v2/app.js", []int32{2, 4}},
		{"https://example.com/static/w2/app.js", []int32{3, 4}},
		{"https://example.com/static/x", []int32{4, 9}},
		{"https://example.com/STATIC/x", []int32{9}},
		{"https://example.com/en/docs/intro", []int32{5}},
		{"https://example.com/en/docs", nil},
		{"foo:", []int32{8}},
	} {
		if got := r.candidates(url.MustParse(c.url), nil); !slices.Equal(got, c.want) {
			t.Errorf("%s: candidates %v, want %v", c.url, got, c.want)
		}
		checkAgainstLoop(t, &r, patterns, c.url, true)
	}
}

// TestRouterConcurrentMatch matches from many goroutines at once: Match,
// MatchString and First only read the router. Run it with -race.
func TestRouterConcurrentMatch(t *testing.T) {
	patterns, urls := githubPatterns()
	var r Router[int]
	for i, p := range patterns {
		r.Add(p, i)
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Go(func() {
			for i := range 300 {
				k := (g*31 + i) % len(urls)
				m, ok := r.First(url.MustParse(urls[k]))
				if !ok || patterns[m.Value].ExecURL(url.MustParse(urls[k])) == nil {
					t.Errorf("%s: First = %v, %d", urls[k], ok, m.Value)
				}
				if len(matchesOf(&r, urls[k])) == 0 {
					t.Errorf("%s: no match", urls[k])
				}
			}
		})
	}
	wg.Wait()
}

// FuzzRouter builds a router of the constructor strings in patterns (one a
// line; "i " before one ignores case; lines that do not compile are left
// out) and checks that it matches input as the loop over the patterns does.
func FuzzRouter(f *testing.F) {
	for seed := range uint64(40) {
		g := newGen(seed)
		var lines []string
		var patterns []*urlpattern.Pattern
		for range 1 + g.r.IntN(12) {
			opts := urlpattern.Options{IgnoreCase: g.r.IntN(5) == 0}
			s := g.fill(g.pick(genProtocols)) + "://" + g.fill(g.pick(genHosts)) + g.path() + g.fill(g.pick(genSearch))
			p, err := opts.Parse(s)
			if err != nil {
				continue
			}
			if opts.IgnoreCase {
				s = "i " + s
			}
			lines = append(lines, s)
			patterns = append(patterns, p)
		}
		f.Add(strings.Join(lines, "\n"), g.url(patterns))
	}
	f.Fuzz(func(t *testing.T, lines, input string) {
		var r Router[int]
		var patterns []*urlpattern.Pattern
		for _, line := range strings.Split(lines, "\n") {
			var opts urlpattern.Options
			if rest, ok := strings.CutPrefix(line, "i "); ok {
				line, opts.IgnoreCase = rest, true
			}
			p, err := opts.ParseWithBase(line, "https://example.com/")
			if err != nil {
				continue
			}
			r.Add(p, len(patterns))
			patterns = append(patterns, p)
		}
		checkAgainstLoop(t, &r, patterns, input, true)
	})
}

// componentsOf returns the eight components of u as package urlpattern
// matches them (https://urlpattern.spec.whatwg.org/#url-pattern-match,
// steps 13.3 to 13.10).
func componentsOf(u url.URL) [numComponents]string {
	query, _ := u.Query()
	fragment, _ := u.Fragment()
	return [numComponents]string{u.Scheme(), u.Username(), u.Password(), u.Hostname(), u.Port(), u.Pathname(), query, fragment}
}

// TestAppendGroups checks the hook through which a ServeMux gets the groups
// of the pathname alone: on random patterns and URLs, a pattern matches a
// URL when each of its components matches the URL's, and each component's
// groups are those of ExecURL's result that are defined.
func TestAppendGroups(t *testing.T) {
	g := newGen(7)
	matched := 0
	for range 3000 {
		p, err := g.pattern()
		if err != nil {
			continue
		}
		u, err := url.Parse(g.url([]*urlpattern.Pattern{p}))
		if err != nil {
			continue
		}
		res := p.ExecURL(u)
		values := componentsOf(u)
		all := true
		for c := range numComponents {
			list, ok := patternparts.AppendGroups(p, c, values[c], nil)
			groups := map[string]string{}
			for _, g := range list {
				groups[g.Name] = g.Value
			}
			all = all && ok
			if !ok || res == nil {
				continue
			}
			want := map[string]string{}
			for name, gr := range res.Component(urlpattern.Component(c)).Groups {
				if gr.Defined {
					want[name] = gr.Value
				}
			}
			if !reflect.DeepEqual(groups, want) {
				t.Errorf("%s on %s, component %d: AppendGroups gives %v, ExecURL %v", patternString(p), u, c, groups, want)
			}
		}
		if all != (res != nil) {
			t.Errorf("%s on %s: every component matches: %v, ExecURL: %v", patternString(p), u, all, res != nil)
		}
		if res != nil {
			matched++
		}
	}
	if matched < 500 {
		t.Errorf("only %d patterns matched their URL", matched)
	}
	for _, p := range []*urlpattern.Pattern{nil, {}} {
		if _, ok := patternparts.AppendGroups(p, pathname, "/", nil); ok {
			t.Errorf("AppendGroups matches for the pattern %#v", p)
		}
	}
	if _, ok := patternparts.AppendGroups(urlpattern.MustParse("https://h/*"), numComponents, "/", nil); ok {
		t.Error("AppendGroups matches for a component that is not one")
	}
}

// TestRouteTestsComponents checks the confirmation of a candidate, which
// leaves out the components that are a lone "*", against TestURL, on
// random patterns and URLs made to hit them; and that it does leave out
// components, and that both verdicts occur.
func TestRouteTestsComponents(t *testing.T) {
	skipped, verdicts := 0, map[bool]int{}
	for seed := range uint64(10) {
		g := newGen(100 + seed)
		r, patterns := randomRouter(t, g, 50)
		for i := range 500 {
			s := g.url(patterns)
			u, err := url.Parse(s)
			if err != nil {
				continue
			}
			rt := &r.routes[i%len(patterns)]
			got, want := rt.testExcept(u, -1), rt.pattern.TestURL(u)
			if got != want {
				t.Fatalf("%s on %q: the router's test %v, TestURL %v (tests %08b)", patternString(rt.pattern), s, got, want, rt.tests)
			}
			verdicts[got]++
			if rt.tests != 1<<numComponents-1 {
				skipped++
			}
		}
	}
	if skipped == 0 || verdicts[true] == 0 || verdicts[false] == 0 {
		t.Errorf("%d tests left out a component; verdicts %v", skipped, verdicts)
	}
}

// TestTrieManyChildren checks a trie node past maxListedChildren fixed
// children, which it finds in a map rather than by comparing: each of
// the routes is found for its own pathname, before and after the map is
// made, and no other.
func TestTrieManyChildren(t *testing.T) {
	var r Router[int]
	for i := range 3 * maxListedChildren {
		r.Add(urlpattern.MustParse(fmt.Sprintf("http://h/x/%d/:id", i)), i)
		for j := range i + 1 {
			m, ok := r.First(url.MustParse(fmt.Sprintf("http://h/x/%d/7", j)))
			if !ok || m.Value != j {
				t.Fatalf("with %d routes, /x/%d/7 matched %v %v", i+1, j, m.Value, ok)
			}
		}
		if _, ok := r.First(url.MustParse(fmt.Sprintf("http://h/x/%d/7", i+1))); ok {
			t.Fatalf("with %d routes, /x/%d/7 matched", i+1, i+1)
		}
	}
	if root := r.index.byValue["http"].byValue["h"].cased; root.fixed("").fixed("x").byText == nil {
		t.Error("no node indexes its children by a map")
	}

	// Pieces of the same length, first, middle and last bytes, and pieces
	// that differ from them in one of those bytes only: each route is
	// found for its own, and a piece of none is found for no route.
	var c Router[string]
	var texts []string
	for i := range 40 {
		texts = append(texts, fmt.Sprintf("a%cb%ca", 'A'+i%26, 'A'+i/26))
	}
	texts = append(texts, "aAbAb", "bAbAa", "aAcAa", "aAbA", "aAbAaa", "")
	for _, text := range texts {
		c.Add(urlpattern.MustParse("http://h/"+text+"/:id"), text)
	}
	for _, text := range texts {
		m, ok := c.First(url.MustParse("http://h/" + text + "/7"))
		if !ok || m.Value != text {
			t.Errorf("/%s/7 matched %q %v", text, m.Value, ok)
		}
	}
	for _, text := range []string{"aZbZa", "aAbAc", "aAdAa", "aA", "x"} {
		if m, ok := c.First(url.MustParse("http://h/" + text + "/7")); ok {
			t.Errorf("/%s/7 matched %q", text, m.Value)
		}
	}
}
