package router

import (
	"bufio"
	"fmt"
	"go/parser"
	"go/token"
	"net/http"
	"net/http/httptest"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The routes of the package documentation's comparison with net/http's
// ServeMux: this ServeMux's pattern, net/http's, the handler's name, and
// the path value it writes.
var netHTTPRoutes = []struct{ ours, std, name, key string }{
	{"http://admin.example.com/*", "admin.example.com/", "admin-host", ""},
	{"/admin", "/admin", "admin", ""},
	{"/admin/*", "/admin/", "admin-tree", ""},
	{"GET /books/:id", "GET /books/{id}", "book", "id"},
	{"/files/:name", "/files/{name}", "file", "name"},
	{"/docs/*", "/docs/", "docs", ""},
	{"/*", "/", "any", ""},
}

// netHTTPMuxes returns a ServeMux and a net/http ServeMux of netHTTPRoutes.
func netHTTPMuxes() (ours *ServeMux, std *http.ServeMux) {
	ours, std = NewServeMux(), http.NewServeMux()
	for _, rt := range netHTTPRoutes {
		h := func(w http.ResponseWriter, r *http.Request) {
			s := rt.name
			if rt.key != "" {
				s += " " + rt.key + "=" + r.PathValue(rt.key)
			}
			fmt.Fprint(w, s)
		}
		ours.HandleFunc(rt.ours, h)
		std.HandleFunc(rt.std, h)
	}
	return ours, std
}

// outcome serves r with h and writes the answer as the package
// documentation's table does: "200" and what the handler wrote, a
// redirect's status and Location, or the status alone.
func outcome(h http.Handler, r *http.Request) string {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	switch {
	case rec.Code == http.StatusOK:
		return "200 " + rec.Body.String()
	case rec.Code/100 == 3:
		return fmt.Sprintf("%d %s", rec.Code, rec.Header().Get("Location"))
	}
	return fmt.Sprint(rec.Code)
}

// packageDoc returns the lines of the package documentation in router.go.
func packageDoc(t *testing.T) []string {
	f, err := parser.ParseFile(token.NewFileSet(), "router.go", nil, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil || f.Doc == nil {
		t.Fatalf("router.go: no package documentation (%v)", err)
	}
	return strings.Split(f.Doc.Text(), "\n")
}

// docBlock returns the rows of the indented block of doc whose first line
// starts with header, each split into its columns (separated by two
// spaces or more).
func docBlock(t *testing.T, doc []string, header string) [][]string {
	columns := regexp.MustCompile(`\s{2,}`)
	var rows [][]string
	for i, line := range doc {
		if !strings.HasPrefix(line, "\t"+header) {
			continue
		}
		for _, l := range doc[i+1:] {
			if !strings.HasPrefix(l, "\t") {
				break
			}
			rows = append(rows, columns.Split(strings.TrimSpace(l), -1))
		}
		return rows
	}
	t.Fatalf("the package documentation has no block %q", header)
	return nil
}

// TestNetHTTPDifferencesDoc runs the package documentation's comparison of
// a ServeMux with net/http's: its routes are netHTTPRoutes, and each line
// of its table is what each answers to the request, so that the
// documentation cannot drift from either.
func TestNetHTTPDifferencesDoc(t *testing.T) {
	doc := packageDoc(t)
	routes := docBlock(t, doc, "this ServeMux")
	if len(routes) != len(netHTTPRoutes) {
		t.Fatalf("the documentation has %d routes, the test %d", len(routes), len(netHTTPRoutes))
	}
	for i, r := range routes {
		if len(r) != 2 || r[0] != netHTTPRoutes[i].ours || r[1] != netHTTPRoutes[i].std {
			t.Errorf("the documentation's route %q, the test's %q %q", r, netHTTPRoutes[i].ours, netHTTPRoutes[i].std)
		}
	}
	rows := docBlock(t, doc, "request")
	if len(rows) < 20 {
		t.Fatalf("the documentation's table has %d lines", len(rows))
	}
	for _, row := range rows {
		if len(row) != 3 {
			t.Errorf("the documentation's line %q has not three columns", row)
			continue
		}
		method, target, _ := strings.Cut(row[0], " ")
		host := "example.com"
		if t, h, ok := strings.Cut(target, " Host:"); ok {
			target, host = t, h
		}
		ours, std := netHTTPMuxes()
		r1, r2 := rawRequest(method, target, host), rawRequest(method, target, host)
		if r1 == nil {
			t.Errorf("%s: net/http does not read the request", row[0])
			continue
		}
		if got := outcome(ours, r1); got != row[1] {
			t.Errorf("%s: this ServeMux answers %q, the documentation says %q", row[0], got, row[1])
		}
		if got := outcome(std, r2); got != row[2] {
			t.Errorf("%s: net/http's ServeMux answers %q, the documentation says %q", row[0], got, row[2])
		}
	}
}

// A difference is one of the reasons the package documentation gives for
// a ServeMux and net/http's answering a request differently.
type difference string

const (
	notSerialized difference = "not serialized (redirected or refused)" // every item that this ServeMux redirects or refuses
	unclean       difference = "not clean to path.Clean (net/http redirects)"
	percent       difference = "a percent-encoded byte in the path"
	hostPort      difference = "a port in the Host"
	queryPercent  difference = "percent-encoding of the query not in its normal form (redirected)"
	subtree       difference = "a subtree without its last /"
)

// differences returns the documented reasons that a ServeMux and
// net/http's may answer r differently, from the request alone.
func differences(r *http.Request) []difference {
	var d []difference
	if _, err := RequestURL(r); err != nil {
		d = append(d, notSerialized)
	} else if _, ok := readAs(r); !ok {
		d = append(d, notSerialized)
	}
	// net/http's ServeMux cleans the escaped path with path.Clean, and
	// keeps a final "/" (but for the root).
	p := r.URL.EscapedPath()
	c := path.Clean(p)
	if strings.HasSuffix(p, "/") && c != "/" {
		c += "/"
	}
	if c != p {
		d = append(d, unclean)
	}
	if strings.Contains(sentPath(r), "%") {
		d = append(d, percent)
	}
	if q := r.URL.RawQuery; lowerHex.MatchString(q) || encodedUnreserved.MatchString(q) {
		d = append(d, queryPercent)
	}
	if strings.Contains(strings.TrimPrefix(r.Host, "["), ":") && !strings.HasSuffix(r.Host, "]") {
		d = append(d, hostPort)
	}
	if p == "/docs" {
		d = append(d, subtree)
	}
	return d
}

// lowerHex and encodedUnreserved find percent-encoding not in its normal
// form: hex digits in lower case, and RFC 3986's unreserved characters
// encoded.
var (
	lowerHex          = regexp.MustCompile(`%([a-f][0-9a-fA-F]|[0-9a-fA-F][a-f])`)
	encodedUnreserved = regexp.MustCompile(`%(2[dDeE]|3[0-9]|[46][1-9a-fA-F]|[57][0-9aA]|5[fF]|7[eE])`)
)

// TestNetHTTPDifferencesCorpus serves the paths and queries of the URLs of
// the shared corpus, and the seeds of the one-reading property, through a
// ServeMux and net/http's with the documentation's routes: where the
// answers differ, the request must have one of the differences the
// documentation lists, and a request not in its serialized form must be
// redirected or refused by the ServeMux. Requests net/http's server does
// not read are left out, as they never reach a handler. With -short, one
// line of the corpus in 16.
func TestNetHTTPDifferencesCorpus(t *testing.T) {
	type request struct{ method, target, host string }
	var reqs []request
	for _, s := range oneReadingSeeds {
		reqs = append(reqs, request{s[0], s[1], s[2]})
	}
	files, _ := filepath.Glob(filepath.Join(corpusDir(), "*.txt"))
	if len(files) == 0 {
		t.Logf("no corpus in %s (set URL_CORPUS_DIR): the seeds alone", corpusDir())
	}
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for i := 0; sc.Scan(); i++ {
			if testing.Short() && i%16 != 0 {
				continue // (one line in 16 under -short)
			}
			if target, host, ok := requestOf(sc.Text()); ok {
				reqs = append(reqs, request{"GET", target, host})
			}
		}
		f.Close()
	}
	ours, std := netHTTPMuxes()
	counts := map[difference]int{}
	refused, same := 0, 0
	for _, c := range reqs {
		r1 := rawRequest(c.method, c.target, c.host)
		if r1 == nil {
			refused++
			continue
		}
		diffs := differences(r1)
		a, b := outcome(ours, r1), outcome(std, rawRequest(c.method, c.target, c.host))
		if len(diffs) > 0 && diffs[0] == notSerialized && !(a == "400" || a[0] == '3') {
			t.Errorf("%s %q Host %q: not serialized, but this ServeMux answers %q", c.method, c.target, c.host, a)
		}
		if a == b {
			same++
			continue
		}
		if len(diffs) == 0 {
			t.Errorf("%s %q Host %q: this ServeMux answers %q, net/http's %q, for no documented reason",
				c.method, c.target, c.host, a, b)
			continue
		}
		counts[diffs[0]]++
	}
	t.Logf("%d requests: %d answered the same, %d not read by net/http; the others differ by %v", len(reqs), same, refused, counts)
}

// corpusDir is where the shared corpus of URL lists is: $URL_CORPUS_DIR,
// else ../shared/corpus beside the repository.
func corpusDir() string {
	if d := os.Getenv("URL_CORPUS_DIR"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "..", "shared", "corpus")
}

// requestOf returns the request-target and Host of a line of the corpus,
// as written (not normalized): for "scheme://authority/path?query#frag",
// "/path?query" and, for http and https without credentials, the
// authority (else example.com); for "scheme:/path", the path.
func requestOf(line string) (target, host string, ok bool) {
	line = strings.TrimPrefix(line, "\ufeff")
	scheme, rest, ok := strings.Cut(line, ":")
	if !ok || scheme == "" {
		return "", "", false
	}
	rest, _, _ = strings.Cut(rest, "#")
	host = "example.com"
	if auth, ok := strings.CutPrefix(rest, "//"); ok {
		i := strings.IndexAny(auth, "/?")
		if i < 0 {
			return "", "", false
		}
		a := auth[:i]
		if s := strings.ToLower(scheme); (s == "http" || s == "https") && a != "" && !strings.Contains(a, "@") {
			host = a
		}
		rest = auth[i:]
	}
	if !strings.HasPrefix(rest, "/") {
		return "", "", false
	}
	return rest, host, true
}
