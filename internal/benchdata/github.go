package benchdata

import (
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

// GitHubRoutes are the paths of GitHub's REST API (v3), written as URL
// patterns: a route set of the size and shape real services have, which the
// router package's tests and benchmarks and bench/'s comparison of routers
// share.
var GitHubRoutes = []string{
	// OAuth and authorizations
	"/authorizations",
	"/authorizations/:id",
	"/applications/:client_id/tokens/:access_token",
	"/applications/:client_id/tokens",
	// Activity
	"/events",
	"/repos/:owner/:repo/events",
	"/networks/:owner/:repo/events",
	"/orgs/:org/events",
	"/users/:user/received_events",
	"/users/:user/received_events/public",
	"/users/:user/events",
	"/users/:user/events/public",
	"/users/:user/events/orgs/:org",
	"/feeds",
	"/notifications",
	"/repos/:owner/:repo/notifications",
	"/notifications/threads/:id",
	"/notifications/threads/:id/subscription",
	"/repos/:owner/:repo/stargazers",
	"/users/:user/starred",
	"/user/starred",
	"/user/starred/:owner/:repo",
	"/repos/:owner/:repo/subscribers",
	"/users/:user/subscriptions",
	"/user/subscriptions",
	"/repos/:owner/:repo/subscription",
	"/user/subscriptions/:owner/:repo",
	// Gists
	"/users/:user/gists",
	"/gists",
	"/gists/public",
	"/gists/starred",
	"/gists/:id",
	"/gists/:id/star",
	"/gists/:id/forks",
	"/gists/:id/comments",
	"/gists/:id/comments/:comment_id",
	// Git data
	"/repos/:owner/:repo/git/blobs/:sha",
	"/repos/:owner/:repo/git/blobs",
	"/repos/:owner/:repo/git/commits/:sha",
	"/repos/:owner/:repo/git/commits",
	"/repos/:owner/:repo/git/refs/*",
	"/repos/:owner/:repo/git/refs",
	"/repos/:owner/:repo/git/tags/:sha",
	"/repos/:owner/:repo/git/tags",
	"/repos/:owner/:repo/git/trees/:sha",
	"/repos/:owner/:repo/git/trees",
	// Issues
	"/issues",
	"/user/issues",
	"/orgs/:org/issues",
	"/repos/:owner/:repo/issues",
	"/repos/:owner/:repo/issues/:number",
	"/repos/:owner/:repo/assignees",
	"/repos/:owner/:repo/assignees/:assignee",
	"/repos/:owner/:repo/issues/:number/comments",
	"/repos/:owner/:repo/issues/comments",
	"/repos/:owner/:repo/issues/comments/:id",
	"/repos/:owner/:repo/issues/:number/events",
	"/repos/:owner/:repo/issues/events",
	"/repos/:owner/:repo/issues/events/:id",
	"/repos/:owner/:repo/labels",
	"/repos/:owner/:repo/labels/:name",
	"/repos/:owner/:repo/issues/:number/labels",
	"/repos/:owner/:repo/issues/:number/labels/:name",
	"/repos/:owner/:repo/milestones/:number/labels",
	"/repos/:owner/:repo/milestones",
	"/repos/:owner/:repo/milestones/:number",
	// Miscellaneous
	"/emojis",
	"/gitignore/templates",
	"/gitignore/templates/:name",
	"/markdown",
	"/markdown/raw",
	"/meta",
	"/rate_limit",
	// Organizations
	"/users/:user/orgs",
	"/user/orgs",
	"/orgs/:org",
	"/orgs/:org/members",
	"/orgs/:org/members/:user",
	"/orgs/:org/public_members",
	"/orgs/:org/public_members/:user",
	"/orgs/:org/teams",
	"/teams/:id",
	"/teams/:id/members",
	"/teams/:id/members/:user",
	"/teams/:id/repos",
	"/teams/:id/repos/:owner/:repo",
	"/user/teams",
	// Pull requests
	"/repos/:owner/:repo/pulls",
	"/repos/:owner/:repo/pulls/:number",
	"/repos/:owner/:repo/pulls/:number/commits",
	"/repos/:owner/:repo/pulls/:number/files",
	"/repos/:owner/:repo/pulls/:number/merge",
	"/repos/:owner/:repo/pulls/:number/comments",
	"/repos/:owner/:repo/pulls/comments",
	"/repos/:owner/:repo/pulls/comments/:number",
	// Repositories
	"/user/repos",
	"/users/:user/repos",
	"/orgs/:org/repos",
	"/repositories",
	"/repos/:owner/:repo",
	"/repos/:owner/:repo/contributors",
	"/repos/:owner/:repo/languages",
	"/repos/:owner/:repo/teams",
	"/repos/:owner/:repo/tags",
	"/repos/:owner/:repo/branches",
	"/repos/:owner/:repo/branches/:branch",
	"/repos/:owner/:repo/collaborators",
	"/repos/:owner/:repo/collaborators/:user",
	"/repos/:owner/:repo/comments",
	"/repos/:owner/:repo/commits/:sha/comments",
	"/repos/:owner/:repo/comments/:id",
	"/repos/:owner/:repo/commits",
	"/repos/:owner/:repo/commits/:sha",
	"/repos/:owner/:repo/readme",
	"/repos/:owner/:repo/contents/*",
	"/repos/:owner/:repo/:archive_format/:ref",
	"/repos/:owner/:repo/keys",
	"/repos/:owner/:repo/keys/:id",
	"/repos/:owner/:repo/downloads",
	"/repos/:owner/:repo/downloads/:id",
	"/repos/:owner/:repo/forks",
	"/repos/:owner/:repo/hooks",
	"/repos/:owner/:repo/hooks/:id",
	"/repos/:owner/:repo/hooks/:id/tests",
	"/repos/:owner/:repo/merges",
	"/repos/:owner/:repo/releases",
	"/repos/:owner/:repo/releases/:id",
	"/repos/:owner/:repo/releases/:id/assets",
	"/repos/:owner/:repo/stats/contributors",
	"/repos/:owner/:repo/stats/commit_activity",
	"/repos/:owner/:repo/stats/code_frequency",
	"/repos/:owner/:repo/stats/participation",
	"/repos/:owner/:repo/stats/punch_card",
	"/repos/:owner/:repo/statuses/:ref",
	// Search
	"/search/repositories",
	"/search/code",
	"/search/issues",
	"/search/users",
	"/legacy/issues/search/:owner/:repository/:state/:keyword",
	"/legacy/repos/search/:keyword",
	"/legacy/user/search/:keyword",
	"/legacy/user/email/:email",
	// Users
	"/users/:user",
	"/user",
	"/users",
	"/user/emails",
	"/users/:user/followers",
	"/user/followers",
	"/users/:user/following",
	"/user/following",
	"/user/following/:user",
	"/users/:user/following/:target_user",
	"/users/:user/keys",
	"/user/keys",
	"/user/keys/:id",
}

// GitHubURL returns the URL made for route, one of GitHubRoutes, on the
// host api.github.com, and the values of its groups in order: the group
// ":name" is its first letter and its position among the named groups
// ("/repos/o1/r2"), "*" is "heads/main".
func GitHubURL(route string) (url string, values []string) {
	var b strings.Builder
	b.WriteString("https://api.github.com")
	n := 0
	for i, seg := range strings.Split(route, "/") {
		if i > 0 {
			b.WriteByte('/')
		}
		v := seg
		switch {
		case seg == "*":
			v = "heads/main"
			values = append(values, v)
		case strings.HasPrefix(seg, ":"):
			n++
			v = seg[1:2] + strconv.Itoa(n)
			values = append(values, v)
		}
		b.WriteString(v)
	}
	return b.String(), values
}

// ServeEach serves h one request of reqs an operation, in turn, for the
// benchmark b, each a fresh shallow copy (as a server gives each handler a
// request of its own: a request served twice would keep the path values
// and context of the first time), and returns the recorder of the last
// response.
func ServeEach(b *testing.B, h http.Handler, reqs []*http.Request) *httptest.ResponseRecorder {
	b.ReportAllocs()
	w := httptest.NewRecorder()
	req := new(http.Request)
	i := 0
	for b.Loop() {
		*req = *reqs[i%len(reqs)]
		h.ServeHTTP(w, req)
		i++
	}
	return w
}
