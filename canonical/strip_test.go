package canonical

import (
	"encoding/hex"
	"strings"
	"testing"

	"github.com/webstd/url"
	"github.com/webstd/url/internal/infra"
)

// stripSeeds are inputs for FuzzCanonicalStripOnly (and the other fuzz
// targets): parameters whose removal would leave a dot segment or a drive
// letter, session identifiers next to percent-encoded bytes, ColdFusion
// pairs that removing another identifier or sorting makes.
var stripSeeds = []string{
	"http://h/a/..;jsessionid=1/b",
	"http://h/a/%2e.;JSESSIONID=1;utm_x=2/b?c",
	"http://h/a/.;gclid=1/b",
	"http://h/a/..;x=1;jsessionid=2/b",
	"sc:/a/..;jsessionid=1//b",
	"file:///C:;jsessionid=1/x",
	"file://h/C|;jsessionid=1/x",
	"http://h/?%ACfid=1&cftoken=2",
	"http://h/?a=%8aspsessionidABCDEFGH=ABCDEFGHIJKLMNOPQRSTUVWX",
	"http://h/?x=1&cfid=1&jsessionid=0123456789abcdefghijklmnopqrstuv&cftoken=2",
	"http://h/?cftoken=2&x=1&cfid=1",
	"http://h/?CFTOKEN=2&x=1&CFID=1&cfid=3&cftoken=4&Cfid=5",
	"http://h/a/b.aspx?sid=0123456789abcdefghijklmnopqrstuv",
	"file:///(S(4hqa0555fwsecu455xqckv45))/c|/x.aspx",
	"file:///(S(4hqa0555fwsecu455xqckv45))/(S(4hqa0555fwsecu455xqckv45))/c:/x.aspx",
	"http://h/a%ACb/c.aspx?q=%E2%82%AC&r",
}

// FuzzCanonicalStripOnly checks that a strip step changes nothing but what
// it strips: two URLs that differ somewhere other than in the parameters a
// profile strips never get one key, and two that differ only in them get
// one. The strip steps are Options.StripParams (path and query
// parameters, with DedupStrip's names and "a" and "b*", alone and with the
// other steps of Dedup) and the session identifiers of the Internet
// Archive's canonicalization (IA and SURT: query parameters and ASP.NET
// path segments), where the archives' patterns, which IA follows, keep to
// it: where u has nothing they may match. For every URL u that parses:
//
//   - inserted: a strippable parameter inserted in u, as a ";name=value"
//     at the end of any path segment, or as a query parameter before or
//     after any of u's, gives u's key. The exceptions are the rules' own:
//     a segment that would be a dot segment or (first in a file: URL) a
//     Windows drive letter without its parameters keeps them all
//     (Options.StripParams); for IA, a session identifier that ends the
//     query leaves it ending in an empty parameter, as the archives write
//     it, so the key is that of u with "&" added; IA is checked only where
//     u's query, as IA reads it, holds nothing that starts a match of the
//     archives' patterns ("sid=", "aspsessionid", "cftoken=": they remove
//     the last match of each, wherever it starts); an ASP.NET segment is
//     removed only before ".aspx", and checked where u's path has nothing
//     to decode and no "(".
//   - different: u with one more path segment "x" before any of its
//     segments, or one byte of a path segment or query parameter that is
//     not stripped changed (a letter or digit to "q", ":" to "|" and back,
//     outside percent-encoded bytes; or a percent-encoded byte from 0x80
//     to another, for IA), is another resource under the profile's rules,
//     and gets another key. For IA, which lowercases and percent-decodes,
//     "Q" is not changed to "q" nor ":" to "|"; the segment is checked
//     where the path, percent-decoded repeatedly, has no dot segment (IA
//     resolves them, and a segment inserted before a ".." at the root is
//     removed with it); and no byte is changed in a path that has an
//     ASP.NET segment, nor in a query that holds, before or after the
//     change, what starts a match of the archives' patterns (whose letters
//     and digits IA removes whatever they are, with what follows).
//   - Options keep the number of path segments: the key's path has as
//     many as u's.
func FuzzCanonicalStripOnly(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		u, err := url.Parse(s)
		if err != nil {
			return
		}
		checkStripOptions(t, u)
		checkStripIA(t, u)
	})
}

// stripTestNames are the names FuzzCanonicalStripOnly strips with Options.
func stripTestNames() []string {
	return append(DedupStripOptions().StripParams, "a", "b*")
}

// stripTestOptions are the Options FuzzCanonicalStripOnly checks.
func stripTestOptions() []Options {
	names := stripTestNames()
	all := DedupStripOptions()
	all.StripParams = names
	return []Options{
		{StripParams: names},
		{StripParams: names, NormalizePercentEncoding: true},
		{StripParams: names, SortQuery: true, DropEmptyQuery: true},
		all,
	}
}

// hrefParts is a URL's href cut around its path and query.
type hrefParts struct {
	head     string // up to the path
	path     string
	query    string
	hasQuery bool
	tail     string // "#" and the fragment, or ""
}

func splitHref(u url.URL) hrefParts {
	p := hrefParts{path: u.Pathname()}
	p.query, p.hasQuery = u.Query()
	if f, ok := u.Fragment(); ok {
		p.tail = "#" + f
	}
	n := len(p.path) + len(p.tail)
	if p.hasQuery {
		n += 1 + len(p.query)
	}
	h := u.Href()
	p.head = h[:len(h)-n]
	return p
}

// with returns the URL that p is the href of with the path path and the
// query query, and whether it parses to that path and query (the parser may
// read them otherwise: a "C|" that starts a file: path is "C:").
func (p hrefParts) with(path, query string) (url.URL, bool) {
	s := p.head + path
	if p.hasQuery {
		s += "?" + query
	}
	v, err := url.Parse(s + p.tail)
	if err != nil {
		return v, false
	}
	q, _ := v.Query()
	return v, v.Pathname() == path && q == query
}

// segments returns the segments of the path p, which is not opaque.
func segments(p string) []string {
	if p == "" {
		return nil
	}
	return strings.Split(p[1:], "/")
}

// joinSegments is the inverse of segments.
func joinSegments(segs []string) string {
	if len(segs) == 0 {
		return ""
	}
	return "/" + strings.Join(segs, "/")
}

// testLower lowercases the ASCII letters of s.
func testLower(s string) string {
	return strings.Map(func(r rune) rune {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, s)
}

// strippable reports whether a parameter with the name raw (percent-encoded
// as in the URL) is one of names, as Options.StripParams says: written
// here on its own, not with the code under test.
func strippable(raw string, names []string) bool {
	if raw == "" {
		return false
	}
	name := testLower(url.PercentDecodeString(raw))
	for _, n := range names {
		n = testLower(n)
		if prefix, ok := strings.CutSuffix(n, "*"); ok {
			if strings.HasPrefix(name, prefix) {
				return true
			}
		} else if name == n {
			return true
		}
	}
	return false
}

// segmentKeepsParams reports whether the path segment seg (the first of a
// file: URL's path if firstFile) would be read otherwise without its
// strippable parameters: a dot segment or a drive letter.
func segmentKeepsParams(seg string, names []string, firstFile bool) bool {
	parts := strings.Split(seg, ";")
	rest := parts[0]
	for _, p := range parts[1:] {
		if name, _, _ := strings.Cut(p, "="); !strippable(name, names) {
			rest += ";" + p
		}
	}
	dots := strings.ReplaceAll(testLower(rest), "%2e", ".")
	if dots == "." || dots == ".." {
		return true
	}
	return firstFile && len(rest) == 2 && infra.IsASCIIAlpha(int(rest[0])) && (rest[1] == ':' || rest[1] == '|')
}

// inEscape reports whether the byte of s at i is part of a percent-encoded
// byte, its "%" included.
func inEscape(s string, i int) bool {
	for j := max(i-2, 0); j <= i; j++ {
		if j+2 < len(s) && s[j] == '%' && infra.IsASCIIHexDigit(int(s[j+1])) && infra.IsASCIIHexDigit(int(s[j+2])) {
			return true
		}
	}
	return false
}

// mutate returns s with its byte at i changed to another that names no
// other parameter and makes no escape, and whether the byte is one to change:
// a letter or digit becomes "q" (but "Q" if fold, for a reading that ignores
// case), ":" becomes "|" and "|" ":" (but not if fold).
func mutate(s string, i int, fold bool) (string, bool) {
	var c byte
	switch b := s[i]; {
	case b == ':' && !fold:
		c = '|'
	case b == '|' && !fold:
		c = ':'
	case isAlnum(b) && b != 'q' && !(fold && b == 'Q'):
		c = 'q'
	default:
		return s, false
	}
	if inEscape(s, i) {
		return s, false
	}
	return s[:i] + string(c) + s[i+1:], true
}

// maxPositions bounds the positions each check tries, so that a long input
// does not make a run slow.
const maxPositions = 24

func checkStripOptions(t *testing.T, u url.URL) {
	names := stripTestNames()
	parts := splitHref(u)
	opaque := u.HasOpaquePath()
	file := u.Scheme() == "file"
	segs := segments(parts.path)
	var pieces []string
	if parts.hasQuery {
		pieces = strings.Split(parts.query, "&")
	}
	for _, o := range stripTestOptions() {
		key, err := o.Canonical(u)
		if err != nil {
			t.Fatalf("%+v: Canonical(%q): %v", o, u.Href(), err)
		}
		check := func(v url.URL, same bool, what string) {
			t.Helper()
			k, err := o.Canonical(v)
			if err != nil {
				t.Fatalf("%+v: Canonical(%q): %v", o, v.Href(), err)
			}
			if same && k != key {
				t.Fatalf("%+v: %s: %q has the key %q, but %q, which differs only in a stripped parameter, has %q",
					o, what, u.Href(), key, v.Href(), k)
			}
			if !same && k == key {
				t.Fatalf("%+v: %s: %q and %q, different resources, have one key %q", o, what, u.Href(), v.Href(), key)
			}
		}
		if !opaque {
			kv, err := url.Parse(key)
			if err != nil {
				t.Fatalf("%+v: the key %q of %q does not parse", o, key, u.Href())
			}
			if n := len(segments(kv.Pathname())); n != len(segs) {
				t.Fatalf("%+v: %q has %d path segments, its key %q has %d", o, u.Href(), len(segs), key, n)
			}
			for i, seg := range segs[:min(len(segs), maxPositions)] {
				// inserted: a parameter at the end of the segment.
				if !segmentKeepsParams(seg, names, file && i == 0) {
					for _, param := range []string{";jsessionid=1", ";UTM_source=x%2F", ";b"} {
						s := append([]string(nil), segs...)
						s[i] += param
						if v, ok := parts.with(joinSegments(s), parts.query); ok {
							check(v, true, "path parameter inserted")
						}
					}
				}
				// different: a segment before it.
				s := append(append(append([]string(nil), segs[:i]...), "x"), segs[i:]...)
				if v, ok := parts.with(joinSegments(s), parts.query); ok {
					check(v, false, "segment inserted")
				}
			}
			// different: a byte of the path outside stripped parameters.
			tried := 0
			for i, seg := range segs {
				start := len(joinSegments(segs[:i])) + 1 // where seg starts in the path
				params := strings.Split(seg, ";")
				at := start
				for j, p := range params {
					name, _, _ := strings.Cut(p, "=")
					if j == 0 || !strippable(name, names) {
						for k := at; k < at+len(p) && tried < maxPositions; k++ {
							if path, ok := mutate(parts.path, k, false); ok {
								tried++
								if v, ok := parts.with(path, parts.query); ok {
									check(v, false, "path byte changed")
								}
							}
						}
					}
					at += len(p) + 1
				}
			}
		}
		if !parts.hasQuery {
			continue
		}
		for j := 0; j <= len(pieces) && j < maxPositions; j++ {
			// inserted: a parameter before the j-th, or after the last.
			for _, param := range []string{"utm_source=x", "jsessionid", "%46BCLID=1=2"} {
				q := strings.Join(append(append(append([]string(nil), pieces[:j]...), param), pieces[j:]...), "&")
				if v, ok := parts.with(parts.path, q); ok {
					check(v, true, "query parameter inserted")
				}
			}
		}
		// different: a byte of a parameter that is not stripped.
		tried, at := 0, 0
		for _, p := range pieces {
			if name, _, _ := strings.Cut(p, "="); !strippable(name, names) {
				for k := at; k < at+len(p) && tried < maxPositions; k++ {
					if q, ok := mutate(parts.query, k, false); ok {
						tried++
						if v, ok := parts.with(parts.path, q); ok {
							check(v, false, "query byte changed")
						}
					}
				}
			}
			at += len(p) + 1
		}
	}
}

// iaSessionID and aspSegment are a query parameter and a path segment that
// IA strips.
const (
	iaSessionID = "jsessionid=0123456789abcdefghijklmnopqrstuv"
	aspSegment  = "(S(4hqa0555fwsecu455xqckv45))"
)

// decodeRepeatedly percent-decodes s until nothing changes, as IA does.
func decodeRepeatedly(s string) string {
	for {
		d := url.PercentDecodeString(s)
		if d == s {
			return s
		}
		s = d
	}
}

func checkStripIA(t *testing.T, u url.URL) {
	if u.Scheme() == "filedesc" {
		return // the archives' key of a filedesc: URL is the URL: nothing is stripped
	}
	parts := splitHref(u)
	opaque := u.HasOpaquePath()
	keys := func(v url.URL) [2]string {
		t.Helper()
		c, err := IA.Canonical(v)
		if err != nil {
			t.Fatalf("ia: Canonical(%q): %v", v.Href(), err)
		}
		return [2]string{c, SURT(v)}
	}
	key := keys(u)
	check := func(v url.URL, want [2]string, same bool, what string) {
		t.Helper()
		k := keys(v)
		for i, name := range []string{"ia", "surt"} {
			if same && k[i] != want[i] {
				t.Fatalf("%s: %s: %q has the key %q; want %q, the key of %q without it",
					name, what, v.Href(), k[i], want[i], u.Href())
			}
			if !same && k[i] == want[i] {
				t.Fatalf("%s: %s: %q and %q, different resources, have one key %q", name, what, u.Href(), v.Href(), k[i])
			}
		}
	}

	if !opaque {
		segs := segments(parts.path)
		hasDots := false
		for _, seg := range strings.Split(decodeRepeatedly(parts.path), "/") {
			hasDots = hasDots || seg == "." || seg == ".."
		}
		aspx := -1
		if !strings.ContainsAny(parts.path, "%") && !strings.Contains(parts.path, "//") {
			aspx = strings.LastIndex(testLower(parts.path), ".aspx")
		}
		for i := range segs[:min(len(segs), maxPositions)] {
			start := len(joinSegments(segs[:i])) + 1
			// different: a segment before the i-th.
			if !hasDots {
				s := append(append(append([]string(nil), segs[:i]...), "x"), segs[i:]...)
				if v, ok := parts.with(joinSegments(s), parts.query); ok {
					check(v, key, false, "segment inserted")
				}
			}
			// inserted: an ASP.NET session segment before the i-th, where
			// ".aspx" follows it, but not where it would stay before a
			// drive letter.
			if start < aspx && strings.IndexByte(parts.path, '(') < 0 && !(u.Scheme() == "file" && i == 0 && infra.IsWindowsDriveLetter(segs[0])) {
				s := append(append(append([]string(nil), segs[:i]...), aspSegment), segs[i:]...)
				if v, ok := parts.with(joinSegments(s), parts.query); ok {
					check(v, key, true, "session segment inserted")
				}
			}
		}
	}
	// different: a byte of the path or query changed, as mutate does
	// ignoring case (IA lowercases, and decodes a first segment "c%7C" of a
	// file: URL to the drive letter "c:"), or a percent-encoded byte from
	// 0x80 changed to another, but not in an ASP.NET segment or a session
	// identifier (whose letters and digits IA removes, whatever they are).
	changes := func(s string, i int) []string {
		var out []string
		if m, ok := mutate(s, i, true); ok {
			out = append(out, m)
		}
		if s[i] == '%' && i+2 < len(s) && strings.IndexByte("89abcdefABCDEF", s[i+1]) >= 0 && infra.IsASCIIHexDigit(int(s[i+2])) {
			c := byte('0')
			if s[i+2] == '0' {
				c = '1'
			}
			out = append(out, s[:i+2]+string(c)+s[i+3:])
		}
		return out
	}
	if !opaque && strings.IndexByte(parts.path, '(') < 0 {
		tried := 0
		for i := 0; i < len(parts.path) && tried < maxPositions; i++ {
			for _, p := range changes(parts.path, i) {
				tried++
				if v, ok := parts.with(p, parts.query); ok {
					check(v, key, false, "path byte changed")
				}
			}
		}
	}
	if !parts.hasQuery {
		return
	}
	tried := 0
	for i := 0; i < len(parts.query) && tried < maxPositions; i++ {
		for _, q := range changes(parts.query, i) {
			if holdsArchiveKey(parts.query) || holdsArchiveKey(q) {
				continue
			}
			tried++
			if v, ok := parts.with(parts.path, q); ok {
				check(v, key, false, "query byte changed")
			}
		}
	}
	// inserted: a session identifier before each parameter; after the last,
	// it leaves an empty parameter. Only where the query has nothing the
	// archives' patterns may match: they remove the last match of each.
	if holdsArchiveKey(parts.query) {
		return
	}
	pieces := strings.Split(parts.query, "&")
	for j := 0; j <= len(pieces) && j < maxPositions; j++ {
		q := strings.Join(append(append(append([]string(nil), pieces[:j]...), iaSessionID), pieces[j:]...), "&")
		v, ok := parts.with(parts.path, q)
		if !ok {
			continue
		}
		want := key
		if j == len(pieces) {
			w, ok := parts.with(parts.path, parts.query+"&")
			if !ok {
				continue
			}
			want = keys(w)
		}
		check(v, want, true, "session identifier inserted")
	}
}

// archiveKeys are the strings that start a match of one of the archives'
// session-identifier patterns ("cftoken=" for the ColdFusion pair).
var archiveKeys = []string{"jsessionid=", "phpsessid=", "sid=", "aspsessionid", "cftoken="}

// holdsArchiveKey reports whether the query q, read as IA reads it
// (percent-decoded repeatedly, escaped once, lowercased), holds one of
// archiveKeys: where the archives' patterns, which match anywhere, may
// remove something.
func holdsArchiveKey(q string) bool {
	d := decodeRepeatedly(q)
	var b strings.Builder
	for i := 0; i < len(d); i++ {
		if c := d[i]; c <= ' ' || c >= 0x7f || c == '#' || c == '%' {
			b.WriteString("%" + strings.ToUpper(hex.EncodeToString([]byte{c})))
		} else {
			b.WriteByte(c)
		}
	}
	e := testLower(b.String())
	for _, k := range archiveKeys {
		if strings.Contains(e, k) {
			return true
		}
	}
	return false
}
