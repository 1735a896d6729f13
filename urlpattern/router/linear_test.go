package router

import (
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/webstd/url"
	"github.com/webstd/url/internal/threadtime"
	"github.com/webstd/url/urlpattern"
)

// linearRouter returns a router of GitHub's API and of routes built to
// make the index work: segment wildcards that every piece takes, tails at
// the root, wildcards between fixed text, repeated groups, a trie that
// ignores case, hostnames with wildcards.
func linearRouter(t testing.TB) *Router[int] {
	var r Router[int]
	patterns, _ := githubPatterns()
	for i, p := range patterns {
		r.Add(p, i)
	}
	add := func(opts urlpattern.Options, init urlpattern.Init) {
		p, err := opts.New(init)
		if err != nil {
			t.Fatal(err)
		}
		r.Add(p, r.Len())
	}
	for _, path := range []string{
		"/:a/:b/:c/*", "/:a/:b/:c/:d/:e/:f", "/*a*b*", "/:a+/x", "/x(.*)", "/{:a}-{:b}",
		"/a/:b/*", "/a{/:b}*/z", "/:a(a+)+", "/v:x/*", "*", "/a/*.json",
	} {
		add(urlpattern.Options{}, urlpattern.Init{Pathname: new(path)})
		add(urlpattern.Options{IgnoreCase: true}, urlpattern.Init{Pathname: new(strings.ToUpper(path))})
	}
	add(urlpattern.Options{}, urlpattern.Init{Hostname: new("*.example.com"), Pathname: new("/a/*")})
	add(urlpattern.Options{}, urlpattern.Init{Protocol: new("http{s}?"), Hostname: new("{www.}?example.com")})
	return &r
}

// routerCase times First and a full Match of r on prefix, unit repeated to
// the size, suffix.
func routerCase(name, prefix, unit, suffix string) linearCase {
	return linearCase{name, func(r *Router[int], size int) func() {
		u, err := url.Parse(threadtime.Repeat(prefix, unit, suffix, size))
		if err != nil {
			panic(err)
		}
		return func() {
			_, sinkBool = r.First(u)
			for m := range r.Match(u) {
				sinkInt = m.Value
			}
		}
	}}
}

type linearCase struct {
	name  string
	setup func(r *Router[int], size int) func()
}

var (
	sinkBool bool
	sinkInt  int
)

var linearCases = []linearCase{
	routerCase("pieces", "https://example.com/", "a/", "x"),
	routerCase("upper-pieces", "https://example.com/", "A/", "X"),
	routerCase("long-piece", "https://example.com/", "a", ""),
	routerCase("slashes", "https://example.com/", "/", ""),
	routerCase("repos", "https://example.com/repos/o/r/git/refs/", "x/", ""),
	routerCase("wildcards", "https://example.com/", "ab", "/x"),
	routerCase("dashes", "https://example.com/", "a-", "b"),
	routerCase("long-host", "https://", "a.", "example.com/a/b"),
	routerCase("long-query", "https://example.com/a/b?", "q=1&", ""),
}

// TestLinearTime checks that matching through a router of about 200 routes
// takes time linear in the length of the URL, on URLs built to make the
// index and the patterns work: the 100 KB URL may take at most 1,000 times
// as long as the 1 KB one (100 times for exactly linear time), measured
// again up to three times on a busy machine.
func TestLinearTime(t *testing.T) {
	if raceEnabled {
		t.Skip("times are not meaningful under the race detector, which slows code down unevenly")
	}
	if testing.Short() {
		t.Skip("-short: timing the 100 KB inputs takes a few seconds")
	}
	const (
		kb       = 1 << 10
		maxRatio = 1000
	)
	r := linearRouter(t)
	for _, c := range linearCases {
		t.Run(c.name, func(t *testing.T) {
			small, large := c.setup(r, kb), c.setup(r, 100*kb)
			threadtime.Linear(t, func() float64 { return threadtime.Ratio(small, large, 3) }, maxRatio, 100)
		})
	}
}

// TestFasterThanLoop holds the router to its purpose: on GitHub's API
// (about 150 routes, one URL made for each), finding the first matching
// route takes less time through the router than by testing the patterns
// in turn, with the result (at least 1.5 times as fast; Exec of the one
// match costs both the same) and without (at least 4 times as fast). Times
// are the thread's CPU time, the shortest of 5 rounds. It is a speed
// target, not a property, so it runs only when asked (URL_SPEED_TESTS=1);
// BenchmarkRouter's First/router and First/loop show the same.
func TestFasterThanLoop(t *testing.T) {
	if os.Getenv("URL_SPEED_TESTS") == "" {
		t.Skip("a speed target, run only when asked: URL_SPEED_TESTS=1")
	}
	if raceEnabled {
		t.Skip("times are not meaningful under the race detector, which slows code down unevenly")
	}
	r, patterns, urls, _ := githubRouter()
	loopFirst := func(exec bool) func() {
		return func() {
			for _, u := range urls {
				for _, p := range patterns {
					if p.TestURL(u) {
						if exec {
							sinkResult = p.ExecURL(u)
						}
						break
					}
				}
			}
		}
	}
	routerFirst := func() {
		for _, u := range urls {
			m, _ := r.First(u)
			sinkResult = m.Result
		}
	}
	routerTest := func() {
		for _, u := range urls {
			r.matching(u, func(rt *route[int]) bool {
				sinkInt = rt.value
				return false
			})
		}
	}
	for _, c := range []struct {
		name         string
		router, loop func()
		want         float64
	}{
		{"First", routerFirst, loopFirst(true), 1.5},
		{"lookup", routerTest, loopFirst(false), 4},
	} {
		x := faster(c.router, c.loop, 5)
		t.Logf("%s: the loop takes %.1f times as long as the router", c.name, x)
		if x < c.want {
			t.Errorf("%s: the loop takes %.1f times as long as the router, want at least %.1f", c.name, x, c.want)
		}
	}
}

// faster returns how many times as long b takes as a, each timed in turns,
// the shortest time of rounds counting.
func faster(a, b func(), rounds int) float64 {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	bestA, bestB := time.Duration(1<<63-1), time.Duration(1<<63-1)
	for range rounds {
		runtime.GC()
		bestA = min(bestA, threadtime.Per(a, 5))
		runtime.GC()
		bestB = min(bestB, threadtime.Per(b, 5))
	}
	return float64(bestB) / float64(max(bestA, 1))
}
