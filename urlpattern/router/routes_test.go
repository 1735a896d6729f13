package router

import (
	"github.com/webstd/url/internal/benchdata"
	"github.com/webstd/url/urlpattern"
)

// githubRoutes are benchdata.GitHubRoutes, the paths of GitHub's REST API
// (v3) as URL patterns: a route set of the size and shape real services
// have, which the pruning test and the benchmarks share.
var githubRoutes = benchdata.GitHubRoutes

// githubPatterns returns the patterns of githubRoutes, each matching its
// path on any protocol, host and port, and for each a URL that it
// matches, its groups set to words ("/repos/o1/r2/git/refs/heads/main").
func githubPatterns() (patterns []*urlpattern.Pattern, urls []string) {
	for _, path := range githubRoutes {
		p, err := urlpattern.New(urlpattern.Init{Pathname: new(path)})
		if err != nil {
			panic(err)
		}
		patterns = append(patterns, p)
		u, _ := benchdata.GitHubURL(path)
		urls = append(urls, u)
	}
	return patterns, urls
}
