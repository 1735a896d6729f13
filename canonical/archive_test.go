package canonical

import (
	"regexp"
	"strings"
	"testing"

	"github.com/webstd/url"
)

// TestArchiveKeys checks keys and canonical URLs on inputs of our own where
// the archives' rules are easy to get wrong: the order in which their
// normalizePath resolves ".." and drops empty segments, and what their
// session-identifier patterns, which match anywhere in the query and join
// what precedes an identifier to the parameter after it, leave. Each
// expected value is what surt 0.3.1 (surt.surt, and surt.surt with
// surt=False and with_scheme=True) returns for the input; webarchive-commons'
// WaybackURLKeyMaker and IAURLCanonicalizer agree.
func TestArchiveKeys(t *testing.T) {
	const a = "0f1e2d3c4b5a69788796a5b4c3d2e1f0"
	const b = "ABCDEF0123456789abcdef0123456789"
	for _, c := range []struct{ in, surt, ia string }{
		// normalizePath: ".." removes the empty segment before it,
		// then empty segments are dropped.
		{"http://example.org/p/q//%252E%252E/r", "org,example)/p/q/r", "http://example.org/p/q/r"},
		{"http://example.org/x/y//%2e%2e", "org,example)/x/y", "http://example.org/x/y"},
		{"http://example.org/a//..%2F../b", "org,example)/b", "http://example.org/b"},
		{"http://example.org/m//%2e%2e//n/", "org,example)/m/n", "http://example.org/m/n"},
		// Session identifiers: the last match of each pattern, wherever
		// it starts, with the "&" after it.
		{"http://example.org/?usersid=" + a + "&page=2", "org,example)/?userpage=2", "http://example.org/?userpage=2"},
		{"http://example.org/?v=1&??jsessionid=" + a + "&z", "org,example)/???z&v=1", "http://example.org/???z&v=1"},
		{"http://example.org/?PHPSESSID=" + a + "&PHPSESSID=" + b, "org,example)/?phpses", "http://example.org/?phpses"},
		{"http://example.org/?xsid=" + a, "org,example)/?x", "http://example.org/?x"},
		{"http://example.org/?q=jsessionid=" + a + "&r=1", "org,example)/?q=r=1", "http://example.org/?q=r=1"},
		{"http://example.org/?jsessionid=" + a + "&jsessionid=" + b, "org,example)/?&jsessionid=" + a, "http://example.org/?&jsessionid=" + a},
		{"http://example.org/a?x=1&jsessionid=" + a, "org,example)/a?&x=1", "http://example.org/a?&x=1"},
		{"http://example.org/?aspsessionidABCDEFGH=abcdefghijklmnopqrstuvwx&b", "org,example)/?b", "http://example.org/?b"},
		// A ColdFusion pair only where cfid is right before cftoken in
		// the query as written: sorting makes no pair to remove.
		{"http://example.org/?cftoken=2&x=1&cfid=1", "org,example)/?cfid=1&cftoken=2&x=1", "http://example.org/?cfid=1&cftoken=2&x=1"},
		{"http://example.org/?a=1&cfid=9&cftoken=8&b=2", "org,example)/?a=1&b=2", "http://example.org/?a=1&b=2"},
		// The last ASP.NET session segment of each pattern.
		{"http://example.org/(S(aaaaaaaaaaaaaaaaaaaaaaaa))/(S(bbbbbbbbbbbbbbbbbbbbbbbb))/page.aspx",
			"org,example)/(s(aaaaaaaaaaaaaaaaaaaaaaaa))/page.aspx", "http://example.org/(s(aaaaaaaaaaaaaaaaaaaaaaaa))/page.aspx"},
		// Without a host, one "/" that ends the path is removed.
		{"sc:/a//", "sc:/a/", "sc:/a/"},
		{"mailto:x//", "mailto:x/", "mailto:x/"},
	} {
		u, err := url.Parse(c.in)
		if err != nil {
			t.Fatalf("%q: %v", c.in, err)
		}
		if got := SURT(u); got != c.surt {
			t.Errorf("SURT(%q) = %q; the archives' key is %q", c.in, got, c.surt)
		}
		if got, err := IA.Canonical(u); err != nil || got != c.ia {
			t.Errorf("IA.Canonical(%q) = %q, %v; the archives' canonical URL is %q", c.in, got, err, c.ia)
		}
	}
}

// TestArchiveDifferences pins the places where ia and SURT do not give the
// archives' key, each for a reason the package documentation gives.
func TestArchiveDifferences(t *testing.T) {
	for _, c := range []struct{ in, surt, archives string }{
		// A ".." at the root, which the archives keep and no URL can
		// hold: the URL parser resolves it.
		{"http://example.org/%252e%252e/x", "org,example)/x", "org,example)/../x"},
		// A "?" that decoding leaves in the path stays escaped, so that
		// the key reads back as the same path; the ASP.NET pattern,
		// which stops at a "?", still sees it as one.
		{"http://example.org/(abcdefghijklmnopqrstuvwx)/a%3Fb.aspx", "org,example)/(abcdefghijklmnopqrstuvwx)/a%3fb.aspx",
			"org,example)/(abcdefghijklmnopqrstuvwx)/a?b.aspx"},
		// Every www label goes, as webarchive-commons removes them; the
		// surt package removes one.
		{"http://www.www.example.org/", "org,example)/", "org,example,www)/"},
	} {
		if got := SURT(url.MustParse(c.in)); got != c.surt {
			t.Errorf("SURT(%q) = %q; want %q (the archives' key is %q)", c.in, got, c.surt, c.archives)
		}
	}
}

// The archives' session-identifier patterns, as URLRegexTransformer has
// them, for the oracles below: Go's regexp chooses the submatches a
// backtracking engine (Python's re, java.util.regex) chooses.
var (
	archiveQueryPatterns = []*regexp.Regexp{
		regexp.MustCompile(`(?i)^(.*)(?:jsessionid=[0-9a-zA-Z]{32})(?:&(.*))?$`),
		regexp.MustCompile(`(?i)^(.*)(?:phpsessid=[0-9a-zA-Z]{32})(?:&(.*))?$`),
		regexp.MustCompile(`(?i)^(.*)(?:sid=[0-9a-zA-Z]{32})(?:&(.*))?$`),
		regexp.MustCompile(`(?i)^(.*)(?:ASPSESSIONID[a-zA-Z]{8}=[a-zA-Z]{24})(?:&(.*))?$`),
		regexp.MustCompile(`(?i)^(.*)(?:cfid=[^&]+&cftoken=[^&]+)(?:&(.*))?$`),
	}
	archivePathPatterns = []*regexp.Regexp{
		regexp.MustCompile(`(?i)^(.*/)(\((?:[a-z]\([0-9a-z]{24}\))+\)/)([^\?]+\.aspx.*)$`),
		regexp.MustCompile(`(?i)^(.*/)(\([0-9a-z]{24}\)/)([^\?]+\.aspx.*)$`),
	}
)

// archiveStripQuery is the archives' stripQuerySessionID, by their
// patterns: group 1 and group 2 of each pattern's match, in turn.
func archiveStripQuery(q string) string {
	for _, re := range archiveQueryPatterns {
		if m := re.FindStringSubmatch(q); m != nil {
			q = m[1] + m[2]
		}
	}
	return q
}

// archiveStripPath is the archives' stripPathSessionID, on a path whose
// "?"s are bare.
func archiveStripPath(p string) string {
	for _, re := range archivePathPatterns {
		if m := re.FindStringSubmatch(p); m != nil {
			p = m[1] + m[3]
		}
	}
	return p
}

// archiveNormalizePath is the archives' normalizePath, written as they
// write it, but for a ".." with nothing before it, which is dropped (see
// appendArchivePath).
func archiveNormalizePath(p string) string {
	if p == "" {
		return "/"
	}
	var kept []string
	for _, seg := range strings.Split(p, "/")[1:] {
		switch seg {
		case ".":
		case "..":
			if len(kept) > 0 {
				kept = kept[:len(kept)-1]
			}
		default:
			kept = append(kept, seg)
		}
	}
	out := "/"
	for i, seg := range kept {
		if i == len(kept)-1 {
			out += seg
		} else if seg != "" {
			out += seg + "/"
		}
	}
	return out
}

// isTestASCII reports whether s is ASCII without a newline, where Go's
// regexp (which folds case by Unicode's rules, "ſ" as "s") and the archives'
// (which fold ASCII, and read "$" before a final newline) agree.
func isTestASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 || s[i] == '\n' {
			return false
		}
	}
	return true
}

// checkArchiveRules checks the session-identifier removal and the path
// normalization against the oracles above on s, on u's query and path,
// and on s as a path.
func checkArchiveRules(t *testing.T, s string, u url.URL) {
	t.Helper()
	q, _ := u.Query()
	for _, x := range []string{s, q, testLower(q)} {
		if !isTestASCII(x) {
			continue
		}
		if got, want := stripQuerySessionIDs(x), archiveStripQuery(x); got != want {
			t.Fatalf("stripQuerySessionIDs(%q) = %q; the archives' patterns give %q", x, got, want)
		}
	}
	for _, p := range []string{s, "/" + s, u.Pathname()} {
		// In the path, a "?" is escaped: "%3F" stands for it.
		if !isTestASCII(p) || strings.IndexByte(p, '?') >= 0 {
			continue
		}
		bare := strings.NewReplacer("%3F", "?", "%3f", "?").Replace(p)
		got := strings.NewReplacer("%3F", "?", "%3f", "?").Replace(stripPathSessionIDs(p, false))
		if want := archiveStripPath(bare); got != want {
			t.Fatalf("stripPathSessionIDs(%q) = %q (with %%3F as ?); the archives' patterns give %q", p, got, want)
		}
		if len(p) > 0 && p[0] == '/' {
			if got, want := string(appendArchivePath(nil, []byte(p))), archiveNormalizePath(p); got != want {
				t.Fatalf("appendArchivePath(%q) = %q; normalizePath gives %q", p, got, want)
			}
		}
	}
}

// TestArchiveRules runs checkArchiveRules on the seeds of the fuzz tests.
func TestArchiveRules(t *testing.T) {
	for _, s := range seedInputs(t) {
		u, err := url.Parse(s)
		if err != nil {
			continue
		}
		checkArchiveRules(t, s, u)
	}
}

// leavesArchiveWork reports whether the canonical URL c of u, with the
// options o, may hold what the archives' one-pass steps would change again:
// without KeepSessionIDs, where removing a session identifier changed the
// key (the archives remove one match of each pattern, which may leave
// another, or leave the "%" of a percent-encoded byte in which the match
// began), or where c's query or path has a match; without
// KeepTrailingSlash, where c has no host and its path ends in "/" (the
// archives remove one).
func leavesArchiveWork(o SURTOptions, u, c url.URL) bool {
	if !o.KeepSessionIDs {
		keep := o
		keep.KeepSessionIDs = true
		k, _ := keep.Canonical(u)
		q, _ := c.Query()
		p := strings.NewReplacer("%3F", "?", "%3f", "?").Replace(c.Pathname())
		if k != c || archiveStripQuery(q) != q || archiveStripPath(p) != p {
			return true
		}
	}
	if !o.KeepTrailingSlash && c.Hostname() == "" {
		p := c.Pathname()
		return len(p) > 1 && p[len(p)-1] == '/'
	}
	return false
}

// checkArchiveFixedPoint checks, for a URL whose canonical URL c the
// archives' steps would change again (leavesArchiveWork), that applying them
// again and again comes to a canonical URL that they leave as it is, as each
// pass removes what it finds.
func checkArchiveFixedPoint(t *testing.T, o SURTOptions, u, c url.URL) {
	t.Helper()
	for range len(c.Href()) + 2 {
		c2, err := o.Canonical(c)
		if err != nil {
			t.Fatalf("%+v: Canonical(%q): %v", o, c.Href(), err)
		}
		if c2 == c {
			return
		}
		c = c2
	}
	t.Fatalf("%+v: canonicalizing %q again and again comes to no fixed point", o, u.Href())
}

// TestTrailingComma pins TrailingComma to surt 0.3.1's trailing_comma:
// the comma goes after the port and after an IP address, where Heritrix's
// SURT prefixes put it before the port and leave it out after an IPv4
// address (as its documentation says).
func TestTrailingComma(t *testing.T) {
	o := SURTOptions{TrailingComma: true}
	for _, c := range [][2]string{
		{"http://www.example.org:8080/", "org,example:8080,)/"},
		{"http://192.0.2.1:8080/", "1,2,0,192:8080,)/"},
		{"http://192.0.2.1/", "1,2,0,192,)/"},
		{"http://example.org/", "org,example,)/"},
	} {
		if got := o.SURT(url.MustParse(c[0])); got != c[1] {
			t.Errorf("SURT(%q) with TrailingComma = %q; surt 0.3.1 writes %q", c[0], got, c[1])
		}
	}
}
