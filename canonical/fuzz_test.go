package canonical

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/webstd/url"
)

// addSeeds adds to f the inputs of seedInputs.
func addSeeds(f *testing.F) {
	for _, s := range seedInputs(f) {
		f.Add(s)
	}
}

// seedInputs returns the inputs of this package's testdata, of the WPT file
// urltestdata.json that package url commits in ../testdata/wpt, and a few
// more.
func seedInputs(tb testing.TB) []string {
	var inputs []string
	for _, name := range []string{"safebrowsing.json", "surt.json", "profiles.json"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			tb.Fatal(err)
		}
		// Every "input" of the file, whatever its section.
		var walk func(v any)
		walk = func(v any) {
			switch v := v.(type) {
			case map[string]any:
				if s, ok := v["input"].(string); ok {
					inputs = append(inputs, s)
				}
				for _, e := range v {
					walk(e)
				}
			case []any:
				for _, e := range v {
					walk(e)
				}
			}
		}
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			tb.Fatal(err)
		}
		walk(v)
	}
	if data, err := os.ReadFile(filepath.Join("..", "testdata", "wpt", "urltestdata.json")); err == nil {
		var entries []json.RawMessage
		if json.Unmarshal(data, &entries) == nil {
			for _, e := range entries {
				var c struct{ Input string }
				if json.Unmarshal(e, &c) == nil && c.Input != "" {
					inputs = append(inputs, c.Input)
				}
			}
		}
	}
	inputs = append(inputs,
		"http://h/%252525252525", "http://h/a%3Fb?c&a=%26#x", "http://h/a%5Cb/%2e%2E/%252e%252e/c",
		"sc:%2F%2Fx?b&a", "file://h/%63:/x", "http://www.www.a.b../(S(0123456789abcdefghijklmn))/x.aspx",
		"http://a.com/?cfid=1&cftoken=2&jsessionid=0123456789abcdefghijklemopqrstuv&b",
		// For the fast paths: labels and paths around eight bytes, "//"
		// across eight bytes, bytes a SURT label escapes, upper case.
		"http://WWW2.Exa,mple.COM:8080/A/B//C?Z=1&a=2#F", "http://a.b.c.d.e.f.g.h.i/12345678/abcdefg//",
		"http://www.example.com/1234567//89", "http://x/1234567/", "http://a)b.c/", "http://a&b.com/x",
		"http://192.0.2.1/A?b&a", "http://[2001:db8::1]:81/?Sid=x", "file:///C:/A/b/", "sc://H/A%41", "sc:A B?x",
		"http://www.www/", "http://www.com./", "file://localhost/x", "file://www.localhost/x",
		"file://localhost./x", "file://LOCALHOST../x", "file://server/c:/x", "file://server/c%7C/x",
		"http://h/%22%3C%3E%60%7B%7D%5E?q=%27%22%3C", "sc://h/%22%3C?%27", "file:///etc/passwd?%3C",
	)
	return append(inputs, stripSeeds...)
}

// FuzzCanonicalProfiles checks every named profile on every URL that
// parses: the canonical string parses, and is its own canonical string; only
// Safe Browsing may refuse a URL, and only with its two errors. Safe
// Browsing's expressions are made without error when its canonical form is.
// The canonical string of every profile but Safe Browsing (whose bytes are
// the ones Safe Browsing hashes) is the href of the URL it parses to, and
// ia's is the href of SURTOptions{}.Canonical: one reading.
func FuzzCanonicalProfiles(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		u, err := url.Parse(s)
		if err != nil {
			return
		}
		for _, p := range Profiles() {
			c, err := p.Canonical(u)
			if err != nil {
				if p.Name() == SafeBrowsing.Name() && (errors.Is(err, ErrNotWeb) || errors.Is(err, ErrHost)) {
					if _, err2 := SafeBrowsingExpressions(u); !errors.Is(err2, err) {
						t.Fatalf("SafeBrowsingExpressions(%q): %v, but the canonical form fails with %v", u.Href(), err2, err)
					}
					continue
				}
				t.Fatalf("%s: Canonical(%q): %v", p.Name(), u.Href(), err)
			}
			v, err := url.Parse(c)
			if err != nil {
				t.Fatalf("%s: the canonical string %q of %q does not parse: %v", p.Name(), c, u.Href(), err)
			}
			if p != SafeBrowsing && v.Href() != c {
				t.Fatalf("%s: the canonical string %q of %q parses to %q", p.Name(), c, u.Href(), v.Href())
			}
			if p == IA {
				if w, err := (SURTOptions{}).Canonical(u); err != nil || w.Href() != c {
					t.Fatalf("ia: %q → %q; SURTOptions{}.Canonical gives %q, %v", u.Href(), c, w.Href(), err)
				}
			}
			if p == IA {
				if ia, _ := (SURTOptions{}).Canonical(u); leavesArchiveWork(SURTOptions{}, u, ia) {
					// The archives' one-pass steps: see SURTOptions.SURT.
					checkArchiveFixedPoint(t, SURTOptions{}, u, ia)
					continue
				}
			}
			if c2, err := p.Canonical(v); err != nil || c2 != c {
				t.Fatalf("%s: %q → %q → %q, %v: not idempotent", p.Name(), u.Href(), c, c2, err)
			}
			if p.Name() == SafeBrowsing.Name() {
				exprs, err := SafeBrowsingExpressions(u)
				if err != nil || len(exprs) == 0 || len(exprs) > 30 {
					t.Fatalf("SafeBrowsingExpressions(%q) = %q, %v", u.Href(), exprs, err)
				}
				// The first is the canonical form without its scheme,
				// and without a "?" that no query follows.
				want := strings.TrimPrefix(c, u.Scheme()+"://")
				if strings.IndexByte(want, '?') == len(want)-1 {
					want = want[:len(want)-1]
				}
				if exprs[0] != want {
					t.Fatalf("SafeBrowsingExpressions(%q)[0] = %q; want the canonical form without its scheme, %q", u.Href(), exprs[0], want)
				}
			}
		}
	})
}

// FuzzCanonicalOptions checks that every combination of the dedup steps
// gives a URL of the same host that the same steps leave as it is.
func FuzzCanonicalOptions(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		u, err := url.Parse(s)
		if err != nil {
			return
		}
		for bits := range 1 << 7 {
			o := Options{
				DropFragment:             bits&1 != 0,
				DropUserinfo:             bits&2 != 0,
				DropTrailingDot:          bits&4 != 0,
				NormalizePercentEncoding: bits&8 != 0,
				SortQuery:                bits&16 != 0,
				DropEmptyQuery:           bits&32 != 0,
			}
			if bits&64 != 0 {
				o.StripParams = []string{"a", "b*", "utm_*"}
			}
			v, err := o.Apply(u)
			if err != nil {
				t.Fatalf("%+v: Apply(%q): %v", o, u.Href(), err)
			}
			checkOptionsFast(t, o, u)
			// The steps name the same host, of the same kind, on the same
			// scheme and port: only a domain's final dots and an opaque
			// host's percent-encoding may change.
			if v.Scheme() != u.Scheme() || v.Port() != u.Port() || v.HostKind() != u.HostKind() ||
				u.HostKind() != url.OpaqueHost && strings.TrimRight(v.Hostname(), ".") != strings.TrimRight(u.Hostname(), ".") {
				t.Fatalf("%+v: %q → %q: another host", o, u.Href(), v.Href())
			}
			if w, err := o.Apply(v); err != nil || w != v {
				t.Fatalf("%+v: %q → %q → %q, %v: not idempotent", o, u.Href(), v.Href(), w.Href(), err)
			}
		}
	})
}

// FuzzCanonicalSURT checks, for several sets of options, that the SURT of
// the canonical URL is the SURT of the URL, that the canonical URL is its own
// canonical URL, and that a key with its scheme turns back into the
// canonical URL.
func FuzzCanonicalSURT(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, s string) {
		u, err := url.Parse(s)
		if err != nil {
			return
		}
		for bits := range 1 << 8 {
			// The scheme, and every third combination of the rest.
			if bits&1 == 0 || bits%3 != 0 && bits != 255 {
				continue
			}
			checkSURTRoundTrip(t, surtOptions(bits), u)
		}
		checkSURTRoundTrip(t, SURTOptions{}, u)
		for bits := range 1 << 8 {
			checkIAFast(t, surtOptions(bits), u)
		}
		checkScans(t, s)
		checkArchiveRules(t, s, u)
	})
}

// FuzzCanonicalUnescape checks the one-pass repeated percent-decoding
// against decoding round after round until nothing changes.
func FuzzCanonicalUnescape(f *testing.F) {
	for _, s := range []string{"%25%32%35", "%%%25%32%35asd%%", "%2525252525", "%2%35", "%%41", "%4%31%31"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		want := s
		for {
			d := url.PercentDecodeString(want)
			if d == want {
				break
			}
			want = d
		}
		if got := unescapeRepeatedly(s); got != want {
			t.Fatalf("unescapeRepeatedly(%q) = %q; decoding until nothing changes gives %q", s, got, want)
		}
	})
}

// surtOptions returns the SURTOptions whose fields are the bits of bits, the
// first field the lowest bit.
func surtOptions(bits int) SURTOptions {
	return SURTOptions{
		WithScheme:        bits&1 != 0,
		TrailingComma:     bits&2 != 0,
		KeepWWW:           bits&4 != 0,
		KeepCase:          bits&8 != 0,
		KeepQueryOrder:    bits&16 != 0,
		KeepSessionIDs:    bits&32 != 0,
		KeepTrailingSlash: bits&64 != 0,
		KeepIPOrder:       bits&128 != 0,
	}
}

// FuzzSURTParse checks SURTOptions.Parse on any key: what it accepts names
// the host it spells. A key with "://(" and a special scheme gives a URL
// whose host is the host parser's reading of the labels between the
// parentheses, percent-decoded, in reverse order and joined by dots (or of
// the IPv6 address there), and whose port is the one the key spells; any
// other key gives a URL without a host.
func FuzzSURTParse(f *testing.F) {
	for _, key := range append([]string{
		"http://(com,example)/a?a=1&b=2", "https://(org,archive:8443)/goo", "http://(1,2,0,192)/",
		"http://([2001:db8::1]:8080)/", "http://(com,c%29d,a%2cb)/", "mailto:foo@example.com",
		"file:/c:/x", "sc://(a%25b)/", "http://(com,example,)/", "filedesc://a.arc",
		"HTTP://(com,Example:80)/", "http://(de,b%C3%BCcher)/", "http://(2001:db8::1)/",
		"file://(server)/c:/x", "FILEDESC://(com,example)/",
	}, notSURTs...) {
		f.Add(key, false)
		f.Add(key, true)
	}
	f.Fuzz(func(t *testing.T, key string, trailingComma bool) {
		o := SURTOptions{WithScheme: true, TrailingComma: trailingComma}
		u, err := o.Parse(key)
		if err != nil {
			return
		}
		i := strings.Index(key, "://(")
		if strings.HasPrefix(strings.ToLower(key), "filedesc:") || i <= 0 || !isScheme(key[:i]) {
			if u.Hostname() != "" && u.Scheme() != "filedesc" {
				t.Fatalf("Parse(%q) = %q: a host, from a key without one", key, u.Href())
			}
			return
		}
		if !u.IsSpecial() {
			return // an opaque host, as written
		}
		hostport := key[i+len("://("):]
		hostport = hostport[:strings.IndexByte(hostport, ')')]
		if trailingComma {
			hostport = strings.TrimSuffix(hostport, ",")
		}
		var host, port string
		switch {
		case strings.HasPrefix(hostport, "["):
			host, port, _ = strings.Cut(hostport, "]")
			host, port = host+"]", strings.TrimPrefix(port, ":")
		case strings.Count(hostport, ":") >= 2:
			host = "[" + hostport + "]"
		default:
			var labels []string
			host, port, _ = strings.Cut(hostport, ":")
			for _, l := range strings.Split(host, ",") {
				labels = append(labels, url.PercentDecodeString(l))
			}
			slices.Reverse(labels)
			host = strings.Join(labels, ".")
		}
		h, err := url.ParseHost(host)
		if err != nil || h.String() != u.Hostname() {
			t.Fatalf("Parse(%q) = %q, whose host is not %q: %v", key, u.Href(), host, err)
		}
		if port != "" {
			n, err := strconv.Atoi(port)
			want := strconv.Itoa(n)
			if v := url.MustParse(u.Scheme() + "://h:" + want); v.Port() == "" {
				want = "" // the scheme's default port
			}
			if err != nil || u.Port() != want {
				t.Fatalf("Parse(%q) = %q, whose port is not %q", key, u.Href(), port)
			}
		}
	})
}
