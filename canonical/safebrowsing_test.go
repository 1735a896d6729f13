package canonical

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/webstd/url"
)

// readJSON decodes the file testdata/name into v.
func readJSON(t *testing.T, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// publishedCase is a case of testdata/safebrowsing.json or surt.json.
type publishedCase struct {
	Input        string       `json:"input"`
	InputIsBytes bool         `json:"input_is_bytes"`
	Options      *SURTOptions `json:"options"`
	Output       string       `json:"output"`
	Source       string       `json:"source"`
	Note         string       `json:"note"`
	// Ours is what we produce where Note says why it is not Output;
	// null (nil) when the input does not parse.
	Ours *string `json:"ours"`
}

// input returns the case's input, with code points read as bytes when
// InputIsBytes is set.
func (c publishedCase) input() string {
	if !c.InputIsBytes {
		return c.Input
	}
	var b []byte
	for _, r := range c.Input {
		b = append(b, byte(r))
	}
	return string(b)
}

// check compares got and err, the result of running the case, with what the
// case says we produce.
func (c publishedCase) check(t *testing.T, got string, err error) {
	t.Helper()
	if c.Note == "" {
		if err != nil || got != c.Output {
			t.Fatalf("got %q, %v; the published output is %q", got, err, c.Output)
		}
		return
	}
	t.Logf("note: %s", c.Note)
	if c.Ours == nil {
		if err == nil {
			t.Fatalf("got %q; want a failure (published output %q)", got, c.Output)
		}
		return
	}
	if err != nil || got != *c.Ours {
		t.Fatalf("got %q, %v; want %q (published output %q)", got, err, *c.Ours, c.Output)
	}
}

// TestSafeBrowsingPublished runs the canonicalization examples of Safe
// Browsing's "URLs and Hashing" page, and checks that each result is its own
// canonical form.
func TestSafeBrowsingPublished(t *testing.T) {
	var file struct {
		Canonicalization []publishedCase
		Expressions      []struct {
			Input  string
			Output []string
		}
	}
	readJSON(t, "safebrowsing.json", &file)
	if len(file.Canonicalization) != 33 || len(file.Expressions) != 3 {
		t.Fatalf("safebrowsing.json has %d canonicalization and %d expression cases; the page has 33 and 3",
			len(file.Canonicalization), len(file.Expressions))
	}
	for _, c := range file.Canonicalization {
		t.Run(c.Input, func(t *testing.T) {
			got, err := SafeBrowsing.CanonicalString(c.input())
			c.check(t, got, err)
			if err == nil {
				checkIdempotent(t, SafeBrowsing, got)
			}
		})
	}
	for _, c := range file.Expressions {
		t.Run(c.Input, func(t *testing.T) {
			got, err := SafeBrowsingExpressions(url.MustParse(c.Input))
			if err != nil || !slices.Equal(got, c.Output) {
				t.Fatalf("got %q, %v; want %q", got, err, c.Output)
			}
		})
	}
}

// checkIdempotent checks that the canonical string s parses and is its own
// canonical string under p.
func checkIdempotent(t *testing.T, p Profile, s string) {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatalf("%s: the canonical string %q does not parse: %v", p.Name(), s, err)
	}
	again, err := p.Canonical(u)
	if err != nil || again != s {
		t.Fatalf("%s: canonical of %q is %q, %v: not itself", p.Name(), s, again, err)
	}
}

func TestSafeBrowsingCanonical(t *testing.T) {
	for _, c := range []struct {
		in, want string
		err      error
	}{
		// The rules, one at a time.
		{"http://www.GOOgle.com.../a/./b/../c%2525%32%35?q#frag", "http://www.google.com/a/c%25?q", nil},
		{"https://user:pw@example.com:8443/", "https://example.com/", nil},
		{"http://..a...b../", "http://a.b/", nil},
		{"http://a.com//x//y//", "http://a.com/x/y/", nil},
		{"http://a.com/x/%252E%252E/y", "http://a.com/y", nil},
		{"http://a.com/x/%252E", "http://a.com/x", nil},
		{"http://a.com/%252E%252E/%252E%252E/y", "http://a.com/y", nil},
		{"http://a.com/a%20b?c%20d e", "http://a.com/a%20b?c%20d%20e", nil},
		{"http://a.com/%E2%82%ac?%c3%a9", "http://a.com/%E2%82%AC?%C3%A9", nil},
		{"http://a.com/%7F%00%1F", "http://a.com/%7F%00%1F", nil},
		{"http://a.com/q?a=%26&b=%2523", "http://a.com/q?a=&&b=%23", nil},
		// A "%3F" in the path starts the query once decoded, as when the
		// whole URL is unescaped before it is split.
		{"http://a.com/x%3Fy?z", "http://a.com/x?y?z", nil},
		{"http://a.com/x%253Fy", "http://a.com/x?y", nil},
		// A "\" in the path stays "%5C": the parser reads a bare one as "/".
		{"http://a.com/a%5Cb", "http://a.com/a%5Cb", nil},
		{"http://a.com/a\\b", "http://a.com/a/b", nil},
		// Hosts: the parser's IPv4 spellings, IPv6, and an IPv4 address
		// that only removing the dots reveals.
		{"http://0x7f.1/", "http://127.0.0.1/", nil},
		{"http://[2001:DB8:0::1]/", "http://[2001:db8::1]/", nil},
		{"http://1.2.3.4../", "http://1.2.3.4/", nil},
		{"http://1.2.3..../", "http://1.2.0.3/", nil},
		{"wss://xn--bcher-kva.example/", "wss://xn--bcher-kva.example/", nil},
		{"http://bücher.example/", "http://xn--bcher-kva.example/", nil},
		// Errors.
		{"file:///etc/passwd", "", ErrNotWeb},
		{"mailto:a@example.com", "", ErrNotWeb},
		{"sc://host/", "", ErrNotWeb},
		{"http://.../", "", ErrHost},
		{"http://0x.09../", "", ErrHost},
	} {
		t.Run(c.in, func(t *testing.T) {
			got, err := SafeBrowsing.CanonicalString(c.in)
			if got != c.want || !errors.Is(err, c.err) {
				t.Fatalf("got %q, %v; want %q, %v", got, err, c.want, c.err)
			}
			if err == nil {
				checkIdempotent(t, SafeBrowsing, got)
			}
		})
	}
}

func TestSafeBrowsingExpressions(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		// Google's reference client's cases.
		{"http://a.b.c/1/2/3/4/5/", []string{"a.b.c/1/2/3/4/5/", "a.b.c/", "a.b.c/1/", "a.b.c/1/2/", "a.b.c/1/2/3/",
			"b.c/1/2/3/4/5/", "b.c/", "b.c/1/", "b.c/1/2/", "b.c/1/2/3/"}},
		{"http://a.b/?", []string{"a.b/"}},
		{"http://b/", []string{"b/"}},
		{"http://[2001:470:1:18::114]/a/b", []string{"[2001:470:1:18::114]/a/b", "[2001:470:1:18::114]/", "[2001:470:1:18::114]/a/"}},
		// Five labels: the host and its suffixes of four, three and two.
		{"http://a.b.c.d.e/", []string{"a.b.c.d.e/", "b.c.d.e/", "c.d.e/", "d.e/"}},
		// Six: the last five, then four, three, two.
		{"http://a.b.c.d.e.f/x", []string{"a.b.c.d.e.f/x", "a.b.c.d.e.f/", "b.c.d.e.f/x", "b.c.d.e.f/",
			"c.d.e.f/x", "c.d.e.f/", "d.e.f/x", "d.e.f/", "e.f/x", "e.f/"}},
		// The query stays on the exact path only.
		{"http://a.b/x/y?q=1", []string{"a.b/x/y?q=1", "a.b/x/y", "a.b/", "a.b/x/"}},
	} {
		t.Run(c.in, func(t *testing.T) {
			got, err := SafeBrowsingExpressions(url.MustParse(c.in))
			if err != nil || !slices.Equal(got, c.want) {
				t.Fatalf("got %q, %v; want %q", got, err, c.want)
			}
		})
	}
	// At most 5 hosts and 6 paths, none twice.
	u := url.MustParse("http://a.b.c.d.e.f.g.h/1/2/3/4/5/6.html?x=1")
	got, err := SafeBrowsingExpressions(u)
	if err != nil || len(got) != 30 {
		t.Fatalf("got %d expressions, %v; want 30: %q", len(got), err, got)
	}
	seen := map[string]bool{}
	for _, e := range got {
		if seen[e] || !strings.Contains(e, "/") {
			t.Fatalf("expression %q twice or without a path: %q", e, got)
		}
		seen[e] = true
	}
	if _, err := SafeBrowsingExpressions(url.MustParse("data:,x")); !errors.Is(err, ErrNotWeb) {
		t.Fatalf("data: URL: got %v, want ErrNotWeb", err)
	}
}
