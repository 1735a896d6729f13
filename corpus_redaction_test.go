package url_test

import (
	"bufio"
	"context"
	stdurl "net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/webstd/url"
	"github.com/webstd/url/canonical"
	"github.com/webstd/url/internal/errcheck"
	"github.com/webstd/url/urlpattern"
)

// corpusLines returns the lines of the real-world URL lists in
// $URL_CORPUS_DIR, else ../shared/corpus, or skips t when there are none.
func corpusLines(t *testing.T) []string {
	dir := os.Getenv("URL_CORPUS_DIR")
	if dir == "" {
		dir = filepath.Join("..", "shared", "corpus")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) == 0 {
		t.Skipf("no corpus in %s (set URL_CORPUS_DIR)", dir)
	}
	var lines []string
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			lines = append(lines, strings.TrimPrefix(sc.Text(), "\ufeff"))
		}
		f.Close()
	}
	return lines
}

// corpusErrors returns the errors of every function of the module that
// takes or wraps a URL, on href: its conversions to net/url and net/http,
// net/url's reading of it converted back, and its canonical forms; and,
// with patterns, href as a base URL and as a pattern of package urlpattern.
func corpusErrors(href string, patterns bool) []error {
	var errs []error
	add := func(err error) { errs = append(errs, err) }
	u, err := url.Parse(href)
	add(err)
	if err == nil {
		_, err = u.ToStd()
		add(err)
		_, err = u.RequestURL()
		add(err)
		_, err = u.NewRequest(context.Background(), "", nil)
		add(err)
		for _, p := range canonical.Profiles() {
			_, err = p.Canonical(u)
			add(err)
		}
	}
	if s, err := stdurl.Parse(href); err == nil {
		_, err = url.FromStd(s)
		add(err)
	}
	if !patterns {
		return errs
	}
	_, err = urlpattern.ParseWithBase("/x", href)
	add(err)
	_, err = urlpattern.New(urlpattern.Init{BaseURL: &href})
	add(err)
	_, err = urlpattern.Parse(href)
	add(err)
	return errs
}

// TestCorpusRedaction checks the redaction property on the corpus: every URL
// of it with a host is given the password "S3CR3T", and its href goes
// through corpusErrors, whole and with its host made to fail ("[" or "{"
// before it); no text of an error may hold the password, nor show a code point a
// terminal acts on or a log viewer hides. (ToStd's error held the password
// of thousands of them: it wrapped net/url's error, which quotes the URL.)
func TestCorpusRedaction(t *testing.T) {
	lines := corpusLines(t)
	// One URL in 4, or all with URL_CORPUS_FULL=1; one in 64 in short mode.
	every := 4
	if os.Getenv("URL_CORPUS_FULL") == "1" {
		every = 1
	} else if testing.Short() {
		every = 64
	}
	const secret = "S3CR3T"
	checked, leaked, unescaped := 0, 0, 0
	for i, line := range lines {
		if i%every != 0 {
			continue
		}
		u, err := url.Parse(line)
		if err != nil || u.SetUsername("user") != nil || u.SetPassword(secret) != nil {
			continue
		}
		href := u.Href()
		// The href with its host made to fail: for the URL parser
		// ("[": IPv6-unclosed), for net/url ("{", which the URL parser
		// takes in a host).
		broken := strings.Replace(href, "@", "@[", 1)
		refused := strings.Replace(href, "@", "@{", 1)
		checked++
		leaks, shows := false, false
		// The patterns of package urlpattern, which take longer to make
		// than a URL to convert, of one URL in 16 (or in as many as are
		// checked, when that is fewer).
		patterns := checked%(16/every+1) == 0
		for _, text := range errcheck.Errors(append(append(corpusErrors(href, patterns), corpusErrors(broken, patterns)...), corpusErrors(refused, patterns)...)...) {
			if strings.Contains(text, secret) {
				if !leaks {
					t.Logf("%s: %.300s", href, text)
				}
				leaks = true
			}
			if errcheck.Unescaped(text) != "" {
				shows = true
			}
		}
		if leaks {
			leaked++
		}
		if shows {
			unescaped++
		}
	}
	t.Logf("%d URLs with a password, %d whose errors hold it, %d whose errors show a code point as it is", checked, leaked, unescaped)
	if leaked > 0 || unescaped > 0 {
		t.Errorf("of %d URLs with a password, the errors of %d hold it, of %d show a code point a terminal acts on or a log viewer hides", checked, leaked, unescaped)
	}
}
