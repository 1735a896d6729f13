package url

import "testing"

// The micro-benchmarks below time the hot parts of the parser one at a time;
// BenchmarkCorpus (bench_test.go) and the bench module time whole corpora.
// Each reports allocations and, with b.SetBytes, input bytes per second.

var (
	sinkBool  bool
	sinkError error
)

// parseCases are inputs that stress one part of the parser each. The
// "normalized" ones are already in serialized form (no allocation); the
// others make the parser write a new serialization.
var parseCases = []struct{ name, input string }{
	{"normalized", "https://www.example.com/path/to/page.html?q=1&r=2#top"},
	{"scheme-only/about", "about:blank"},
	{"scheme-only/mailto", "mailto:someone@example.com"},
	{"scheme-only/uppercase", "JAVASCRIPT:void(0)"},
	{"authority/userinfo-port", "https://user:pa%20ss@example.com:8080/"},
	{"authority/userinfo-encode", "https://us er:p@ss@example.com:8080/"},
	{"authority/default-port", "https://example.com:443/"},
	{"host/ascii-domain", "https://www.example.com/"},
	{"host/uppercase-domain", "https://WWW.EXAMPLE.COM/"},
	{"host/idn", "https://www.bücher.example/"},
	{"host/punycode", "https://www.xn--bcher-kva.example/"},
	{"host/ipv4-decimal", "http://192.168.0.1/"},
	{"host/ipv4-hex", "http://0xC0.0xA8.0x0.0x1/"},
	{"host/ipv4-number", "http://3232235521/"},
	{"host/ipv6", "http://[2001:db8::1]/"},
	{"host/ipv6-long", "http://[2001:0DB8:0000:0000:0000:ff00:0042:8329]/"},
	{"host/ipv6-v4", "http://[::ffff:192.168.0.1]/"},
	{"host/opaque", "sc://opaque.host/"},
	{"path/dot-segments", "https://example.com/a/./b/../c/%2e%2E/d/%2e/e/.././f"},
	{"path/encoding", "https://example.com/a b/<c>/\"d\"/{e}/€"},
	{"path/file", "file:///C:/Users/me/../you/file.txt"},
	{"query/normalized", "https://example.com/?q=search+terms&lang=en&page=2"},
	{"query/encoding", "https://example.com/?q=a b\"<>'€&x={y}"},
	{"fragment", "https://example.com/#section 2 `x` €"},
	{"whitespace", "  \thttps://example.com/\n  "},
}

// BenchmarkParse parses inputs that each stress one part of the parser.
func BenchmarkParse(b *testing.B) {
	for _, c := range parseCases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.input)))
			for b.Loop() {
				u, err := Parse(c.input)
				if err != nil {
					b.Fatal(err)
				}
				sinkString = u.Href()
			}
		})
	}
}

// BenchmarkParseFailure parses inputs that fail: "first-byte" at the scheme
// start state (userbait's commonest failure, a quoted URL), "host" after the
// fast path read the scheme. "tested" only tests the error against nil, and
// its ParseError stays on the stack (Parse is inlined); "kept" keeps it, and
// allocates it.
func BenchmarkParseFailure(b *testing.B) {
	for _, c := range []struct{ name, input string }{
		{"first-byte", `"http://www.example.com/path/to/page.html`},
		{"host", "https://www.exa mple.com/path/to/page.html"},
	} {
		b.Run(c.name+"/tested", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.input)))
			failed := 0
			for b.Loop() {
				if _, err := Parse(c.input); err != nil {
					failed++
				}
			}
			sinkBool = failed > 0
		})
		b.Run(c.name+"/kept", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.input)))
			for b.Loop() {
				_, sinkError = Parse(c.input)
			}
		})
	}
}

// BenchmarkParseWithBase resolves relative references against a base URL.
func BenchmarkParseWithBase(b *testing.B) {
	base := MustParse("https://user@example.com/a/b/c/d?q#f")
	for _, c := range []struct{ name, ref string }{
		{"path", "page.html"},
		{"dot-segments", "../../x/./y/../z"},
		{"absolute-path", "/x/y?z"},
		{"query", "?q=2"},
		{"fragment", "#other"},
		{"scheme-relative", "//other.example/p"},
		{"absolute", "https://other.example/p"},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.ref)))
			for b.Loop() {
				u, err := base.Parse(c.ref)
				if err != nil {
					b.Fatal(err)
				}
				sinkString = u.Href()
			}
		})
	}
}

// BenchmarkCanParse checks validity only.
func BenchmarkCanParse(b *testing.B) {
	const input = "HTTPS://WWW.EXAMPLE.COM/a/../b?q=a b"
	b.ReportAllocs()
	b.SetBytes(int64(len(input)))
	for b.Loop() {
		sinkBool = CanParse(input)
	}
}

// BenchmarkGetters reads every getter of a URL that has every component,
// and the origin of a URL without credentials (a substring of its href) and
// with them (a new string).
func BenchmarkGetters(b *testing.B) {
	u := MustParse("https://user:pass@example.com:8080/a/b?q=1#f")
	b.Run("all", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sinkString = u.Protocol()
			sinkString = u.Username()
			sinkString = u.Password()
			sinkString = u.Host()
			sinkString = u.Hostname()
			sinkString = u.Port()
			sinkString = u.Pathname()
			sinkString = u.Search()
			sinkString = u.Hash()
		}
	})
	for _, c := range []struct{ name, input string }{
		{"origin", "https://example.com:8080/a/b?q=1#f"},
		{"origin-credentials", "https://user:pass@example.com:8080/a/b?q=1#f"},
	} {
		u := MustParse(c.input)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sinkString = u.Origin().String()
			}
		})
	}
}

// BenchmarkPercentEncodeComponent encodes with the component set.
func BenchmarkPercentEncodeComponent(b *testing.B) {
	for _, c := range []struct{ name, input string }{
		{"clean", "plain-ascii_text.with~safe*chars"},
		{"dirty", "Say what‽ 1+1=2 & <tags> \"quoted\" / path?"},
		{"non-ascii", "żółć gęślą jaźń"},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.input)))
			for b.Loop() {
				sinkString = PercentEncodeComponent(c.input)
			}
		})
	}
}

// setterCases are the setters, each with a value that changes the typical
// URL of BenchmarkSetters.
var setterCases = []struct {
	name  string
	value string
	set   func(u *URL, s string) error
}{
	{"SetHref", "https://other.example/x?y#z", func(u *URL, s string) error { return u.SetHref(s) }},
	{"SetProtocol", "http:", (*URL).SetProtocol},
	{"SetUsername", "alice", (*URL).SetUsername},
	{"SetPassword", "s3cret", (*URL).SetPassword},
	{"SetHost", "other.example:8443", (*URL).SetHost},
	{"SetHostname", "other.example", (*URL).SetHostname},
	{"SetPort", "8443", (*URL).SetPort},
	{"SetPathname", "/new/../path", (*URL).SetPathname},
	{"SetSearch", "?a=1&b=2 3", (*URL).SetSearch},
	{"SetHash", "#new fragment", (*URL).SetHash},
}

// typicalURL is the URL the setter benchmarks and tests start from.
const typicalURL = "https://user:pass@www.example.com:8080/path/to/page?q=1&r=2#frag"

// BenchmarkSetters runs each setter on a copy of a typical URL.
func BenchmarkSetters(b *testing.B) {
	u := MustParse(typicalURL)
	for _, c := range setterCases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.value)))
			var v URL // outside the loop: &v escapes through c.set
			for b.Loop() {
				v = u
				c.set(&v, c.value)
			}
			sinkURL = v
		})
	}
}

// BenchmarkURLSearchParams reads a URL's query as SearchParams, changes it
// and writes it back. BenchmarkSearchParams (searchparams_test.go) times
// NewSearchParams, Sort and String alone.
func BenchmarkURLSearchParams(b *testing.B) {
	u := MustParse("https://example.com/search?utm_source=news&q=go+url+parser&lang=en&page=2&z=%E2%82%AC")
	b.ReportAllocs()
	var v URL
	for b.Loop() {
		p := u.SearchParams()
		p.Set("page", "3")
		v = u
		v.SetSearchParams(p)
	}
	sinkURL = v
}
