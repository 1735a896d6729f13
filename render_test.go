package url

import (
	"fmt"
	"strings"
	"testing"
	"unicode"
)

func TestRender(t *testing.T) {
	tests := []struct{ in, want string }{
		// "Browsers should not render a URL's username and password, as they
		// can be mistaken for a URL's host (e.g.,
		// https://examplecorp.com@attacker.example/)."
		{"https://examplecorp.com@attacker.example/", "https://attacker.example/"},
		{"https://user:secret@example.com/", "https://example.com/"},
		{"https://:secret@example.com/", "https://example.com/"},
		// The example of Render's doc comment.
		{"https://user:secret@xn--bcher-kva.example:8080/%E2%82%AC?q=%C3%A9#%F0%9F%94%92", "https://bücher.example:8080/€?q=é#%F0%9F%94%92"},
		// The section's other examples render as they are: Render does not
		// elide or simplify the host.
		{"https://examplecorp.attacker.com/", "https://examplecorp.attacker.com/"},
		{"https://not-really-examplecorp.com/", "https://not-really-examplecorp.com/"},
		{"https://www.example.com/", "https://www.example.com/"},
		// "If URL's host is a domain, browsers should render it by running
		// domain to Unicode with the URL's host."
		{"https://xn--bcher-kva.example/", "https://bücher.example/"},
		{"https://BÜCHER.example/", "https://bücher.example/"},
		{"http://xn--53h.example:8080/", "http://☕.example:8080/"},
		{"https://example.xn--kgbechtv/", "https://example.إختبار/"},
		{"https://xn--a.example/", "https://xn--a.example/"}, // not Punycode: left as it is
		// A label that holds a look-alike of a delimiter, a blank or an
		// overlay stays in Punycode, so that no one reads
		// "example.com⁄evil.example" as the host example.com and a path.
		{"https://example.com\u2044evil.example/", "https://example.xn--comevil-3d7c.example/"}, // U+2044 FRACTION SLASH
		{"https://example.com\u2215evil.example/", "https://example.xn--comevil-ef0d.example/"}, // U+2215 DIVISION SLASH
		{"https://example.com\u266Fevil.example/", "https://example.xn--comevil-0o7d.example/"}, // U+266F MUSIC SHARP SIGN
		{"https://a\u2800b.example/", "https://xn--ab-10y.example/"},                            // U+2800 BRAILLE PATTERN BLANK
		{"https://a\u0338b.example/", "https://xn--ab-yyb.example/"},                            // U+0338 COMBINING LONG SOLIDUS OVERLAY
		{"https://a\U00010A39b.example/", "https://xn--ab-0u0o.example/"},                       // U+10A39 KHAROSHTHI SIGN CAUDA, an overlay
		{"https://a\u0903b.example/", "https://xn--ab-2lf.example/"},                            // U+0903 DEVANAGARI SIGN VISARGA, a ":"
		{"https://\u30CE\u30FC\u30C8.example/", "https://xn--fdkl2l.example/"},                  // U+30CE KATAKANA LETTER NO, a "/"
		// Only that label: the others are still rendered in Unicode.
		{"https://b\u00FCcher.example\u2044evil.example/", "https://b\u00FCcher.xn--exampleevil-lx3f.example/"},
		// Other hosts are rendered serialized.
		{"http://0x7f.1/", "http://127.0.0.1/"},
		{"http://[::1]:81/", "http://[::1]:81/"},
		{"sc://xn--bcher-kva.example/", "sc://xn--bcher-kva.example/"}, // opaque host
		{"sc://h%C3%A9/", "sc://h%C3%A9/"},
		{"file:///etc/hosts", "file:///etc/hosts"},
		// The scheme, port, query and fragment are kept.
		{"https://example.com:8443/a?b#c", "https://example.com:8443/a?b#c"},
		{"https://example.com:443/", "https://example.com/"}, // the default port is not in the URL
		// Percent-encoded sequences in the path, query and fragment are
		// decoded "for readability".
		{"https://example.com/%E2%82%AC", "https://example.com/€"},
		{"https://example.com/caf%C3%A9?q=caf%C3%A9#caf%C3%A9", "https://example.com/café?q=café#café"},
		{"https://example.com/€?€#€", "https://example.com/€?€#€"},
		{"https://ar.example/%D8%A7%D8%AE%D8%AA%D8%A8%D8%A7%D8%B1", "https://ar.example/اختبار"},
		{"https://example.com/%41%62%2D%2E%5F%7E", "https://example.com/Ab-._~"},
		{"https://example.com/%E6%97%A5%E6%9C%AC", "https://example.com/日本"},
		{"https://example.com/%F0%9F%98%80", "https://example.com/😀"},
		{"https://example.com/e%CC%81", "https://example.com/e\u0301"}, // a mark after a letter
		// "... unless that renders those sequences invisible": controls,
		// format characters, spaces and blanks stay encoded.
		{"https://example.com/a%20b", "https://example.com/a%20b"},
		{"https://example.com/a%C2%A0b", "https://example.com/a%C2%A0b"},             // U+00A0 NO-BREAK SPACE
		{"https://example.com/a%E3%80%80b", "https://example.com/a%E3%80%80b"},       // U+3000 IDEOGRAPHIC SPACE
		{"https://example.com/a%E2%80%8Bb", "https://example.com/a%E2%80%8Bb"},       // U+200B ZERO WIDTH SPACE
		{"https://example.com/a%C2%ADb", "https://example.com/a%C2%ADb"},             // U+00AD SOFT HYPHEN
		{"https://example.com/a%E2%80%AEb", "https://example.com/a%E2%80%AEb"},       // U+202E RIGHT-TO-LEFT OVERRIDE
		{"https://example.com/a%E2%81%A6b", "https://example.com/a%E2%81%A6b"},       // U+2066 LEFT-TO-RIGHT ISOLATE
		{"https://example.com/a%EF%BB%BFb", "https://example.com/a%EF%BB%BFb"},       // U+FEFF BOM
		{"https://example.com/a%E3%85%A4b", "https://example.com/a%E3%85%A4b"},       // U+3164 HANGUL FILLER
		{"https://example.com/a%E2%A0%80b", "https://example.com/a%E2%A0%80b"},       // U+2800 BRAILLE PATTERN BLANK
		{"https://example.com/a%EF%B8%8Fb", "https://example.com/a%EF%B8%8Fb"},       // U+FE0F VARIATION SELECTOR-16
		{"https://example.com/a%C2%85b", "https://example.com/a%C2%85b"},             // U+0085 NEXT LINE
		{"https://example.com/a%E2%80%A8b", "https://example.com/a%E2%80%A8b"},       // U+2028 LINE SEPARATOR
		{"https://example.com/a%EE%80%80b", "https://example.com/a%EE%80%80b"},       // U+E000 private use
		{"https://example.com/a%F3%A0%80%81b", "https://example.com/a%F3%A0%80%81b"}, // U+E0001 LANGUAGE TAG
		{"https://example.com/a%0Ab%00", "https://example.com/a%0Ab%00"},
		// Bytes that are not UTF-8 are "not rendered percent-decoded".
		{"https://example.com/%FF%C3", "https://example.com/%FF%C3"},
		{"https://example.com/%C3%28", "https://example.com/%C3%28"},
		{"https://example.com/%E2%82", "https://example.com/%E2%82"},
		{"https://example.com/%ED%A0%80", "https://example.com/%ED%A0%80"}, // a surrogate
		{"https://example.com/%C0%AF", "https://example.com/%C0%AF"},       // overlong "/"
		{"https://example.com/%E2%82%AC%FF%E2%82%AC", "https://example.com/€%FF€"},
		// "Browsers may choose to not decode certain sequences that present
		// spoofing risks (e.g., U+1F512 (🔒))."
		{"https://example.com/%F0%9F%94%92", "https://example.com/%F0%9F%94%92"},
		{"https://example.com/%F0%9F%94%90secure", "https://example.com/%F0%9F%94%90secure"},
		// Look-alikes of delimiters.
		{"https://example.com/a%EF%BC%8Fb", "https://example.com/a%EF%BC%8Fb"}, // U+FF0F FULLWIDTH SOLIDUS
		{"https://example.com/a%E2%88%95b", "https://example.com/a%E2%88%95b"}, // U+2215 DIVISION SLASH
		{"https://example.com/a%E2%81%84b", "https://example.com/a%E2%81%84b"}, // U+2044 FRACTION SLASH
		{"https://example.com/a%E3%80%82com", "https://example.com/a%E3%80%82com"},
		{"https://example.com/a%E2%80%A4com", "https://example.com/a%E2%80%A4com"},   // ONE DOT LEADER
		{"https://example.com/a%EF%BC%9Fb", "https://example.com/a%EF%BC%9Fb"},       // FULLWIDTH ?
		{"https://example.com/a%EF%BC%83b", "https://example.com/a%EF%BC%83b"},       // FULLWIDTH #
		{"https://example.com/a%EF%BC%A0b", "https://example.com/a%EF%BC%A0b"},       // FULLWIDTH @
		{"https://example.com/a%E2%80%A6", "https://example.com/a%E2%80%A6"},         // HORIZONTAL ELLIPSIS
		{"https://example.com/a%E2%84%80", "https://example.com/a%E2%84%80"},         // ℀ is "a/c"
		{"https://example.com/a%E2%99%AFb", "https://example.com/a%E2%99%AFb"},       // U+266F MUSIC SHARP SIGN
		{"https://example.com/a%E2%88%96b", "https://example.com/a%E2%88%96b"},       // U+2216 SET MINUS
		{"https://example.com/a%E3%83%8Eb", "https://example.com/a%E3%83%8Eb"},       // U+30CE KATAKANA LETTER NO
		{"https://example.com/a%CC%B8b", "https://example.com/a%CC%B8b"},             // U+0338, an overlay, even after a letter
		{"https://example.com/a%F0%90%A8%B9b", "https://example.com/a%F0%90%A8%B9b"}, // U+10A39, an overlay
		// A mark after a delimiter could disguise it.
		{"https://example.com/%CC%B8", "https://example.com/%CC%B8"},
		{"https://example.com/a/%CC%81", "https://example.com/a/%CC%81"},
		// ASCII: only the unreserved characters are decoded; delimiters,
		// "%" and everything whose decoding changes the URL's meaning stay.
		{"https://example.com/a%2Fb%3Fc%23d%25e%26f%3Dg%2Bh%3Bi%40j%3Ak", "https://example.com/a%2Fb%3Fc%23d%25e%26f%3Dg%2Bh%3Bi%40j%3Ak"},
		{"https://example.com/?a=%26b%3D1", "https://example.com/?a=%26b%3D1"},
		{"https://example.com/%22%3C%3E%60%7B%7D", "https://example.com/%22%3C%3E%60%7B%7D"},
		// A hex digit is not decoded where it would complete a "%XX".
		{"https://example.com/%%34%31", "https://example.com/%%341"},
		{"https://example.com/%4%31", "https://example.com/%4%31"},
		{"https://example.com/%25%34%31", "https://example.com/%2541"},
		{"https://example.com/%%47", "https://example.com/%G"},
		// The "/." before a path that would read as a host.
		{"web+demo:/.//not-a-host/%C3%A9", "web+demo:/.//not-a-host/é"},
		// Opaque paths.
		{"mailto:caf%C3%A9@example.com", "mailto:café@example.com"},
		{"data:text/plain,a%20b%E2%82%AC", "data:text/plain,a%20b€"},
		{"javascript:alert(1)", "javascript:alert(1)"},
		{"blob:https://example.com/uuid", "blob:https://example.com/uuid"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			u, err := Parse(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if got := u.Render(); got != tt.want {
				t.Errorf("Render() = %q, want %q", got, tt.want)
			}
		})
	}
	if got := (URL{}).Render(); got != "" {
		t.Errorf("zero URL renders as %q", got)
	}
}

// TestRenderLongSequence decodes long runs of percent-encoded bytes without
// splitting a code point, whatever their length.
func TestRenderLongSequence(t *testing.T) {
	for _, n := range []int{1, 15, 16, 17, 21, 22, 40, 100} {
		for _, r := range []string{"é", "€", "😀"} {
			path := strings.Repeat(r, n)
			u := MustParse("https://example.com/x" + path)
			if got, want := u.Render(), "https://example.com/x"+path; got != want {
				t.Errorf("%d × %s: Render() = %q", n, r, got)
			}
		}
		// Continuation bytes alone are not UTF-8 at any length.
		enc := strings.Repeat("%80", n)
		if got := MustParse("https://example.com/" + enc).Render(); got != "https://example.com/"+enc {
			t.Errorf("%d continuation bytes: Render() = %q", n, got)
		}
	}
}

// FuzzRender holds the properties of Render on any URL: it does not panic;
// it shows no look-alike of a delimiter, blank or overlay, and the host a
// person reads in it is the URL's host (checkRenderReadsBack); it never
// shows the userinfo; it only decodes, so
// re-encoding the non-ASCII it decoded and the few ASCII bytes gives the
// href without its userinfo back.
func FuzzRender(f *testing.F) {
	for _, s := range []string{"https://a:b@example.com/%E2%82%AC", "https://example.com/%F0%9F%94%92", "sc:%CC%81%C3", "http://xn--53h/%2F%41",
		"https://example.com\u2044evil.example/", "https://b\u00FCcher.example:8080/%E2%81%84?%E3%80%82#%E2%A0%80", "http://[::1]:81/", "file:///%E2%88%95"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		u, err := Parse(input)
		if err != nil {
			return
		}
		if err := checkRenderReadsBack(u); err != nil {
			t.Fatal(err)
		}
		r := u.Render()
		if u.hasCredentials() {
			v := u
			v.SetUsername("")
			v.SetPassword("")
			if v.hasCredentials() {
				return
			}
			u = v
		}
		if DomainToUnicode(u.Hostname()) == u.Hostname() {
			// With the host unchanged, encoding what Render decoded gives
			// the href back, up to the case of the hex digits and the ASCII
			// characters that were encoded by the author.
			if got := string(appendPercentEncoded(nil, r, c0ControlSet)); percentDecodeString(got) != percentDecodeString(u.Href()) {
				t.Fatalf("Render(%q) = %q, which does not decode to the same bytes", u.Href(), r)
			}
		}
	})
}

// readHost returns the host that a person reads in rendered, the result of
// Render for a URL whose scheme is scheme and that has a host: what follows
// "scheme://", up to the "]" of an IPv6 address, or else up to the first
// code point that ends a host (one of "/\?#:@", a space or a control) or
// that a reader could take for one (a code point of lookalikes: a look-alike
// of a delimiter, a blank, an overlay).
func readHost(rendered, scheme string) (string, bool) {
	rest, ok := strings.CutPrefix(rendered, scheme+"//")
	if !ok {
		return "", false
	}
	if strings.HasPrefix(rest, "[") {
		end := strings.IndexByte(rest, ']')
		return rest[:end+1], end >= 0
	}
	end := strings.IndexFunc(rest, func(r rune) bool {
		return strings.ContainsRune(`/\?#:@`, r) || r <= ' ' || r == 0x7F || unicode.Is(lookalikes, r)
	})
	if end < 0 {
		end = len(rest)
	}
	return rest[:end], true
}

// checkRenderReadsBack checks what Render's doc comment promises a reader
// of Render(u): no code point of it is in lookalikes, and the host a person
// reads in it (readHost) is u's host: parsed after u's scheme and "//", it
// gives u's host back.
func checkRenderReadsBack(u URL) error {
	r := u.Render()
	for _, c := range r {
		if unicode.Is(lookalikes, c) {
			return fmt.Errorf("Render(%q) = %q shows U+%04X, a look-alike", u.Href(), r, c)
		}
	}
	if !u.HasHost() {
		return nil
	}
	h, ok := readHost(r, u.Protocol())
	if !ok {
		return fmt.Errorf("Render(%q) = %q: no host after %q", u.Href(), r, u.Protocol()+"//")
	}
	v, err := Parse(u.Protocol() + "//" + h + "/")
	if err != nil {
		return fmt.Errorf("Render(%q) = %q: a reader reads the host %q, which does not parse: %v", u.Href(), r, h, err)
	}
	if v.Hostname() != u.Hostname() {
		return fmt.Errorf("Render(%q) = %q: a reader reads the host %q, which is %q, not %q", u.Href(), r, h, v.Hostname(), u.Hostname())
	}
	return nil
}

// TestRenderReadsBack holds checkRenderReadsBack for every code point of
// lookalikes in a domain label, first, last and between letters, beside a
// label in Unicode, and in the path, query and fragment; and for a sample
// of all other code points in the same places.
func TestRenderReadsBack(t *testing.T) {
	var rs []rune
	for _, rt := range lookalikes.R16 {
		for c := rune(rt.Lo); c <= rune(rt.Hi); c += rune(rt.Stride) {
			rs = append(rs, c)
		}
	}
	for _, rt := range lookalikes.R32 {
		for c := rune(rt.Lo); c <= rune(rt.Hi); c += rune(rt.Stride) {
			rs = append(rs, c)
		}
	}
	nLookalikes := len(rs)
	for c := rune(0x80); c <= unicode.MaxRune; c += 61 {
		rs = append(rs, c)
	}
	hosts, failures := 0, 0
	for _, c := range rs {
		s := string(c)
		for _, in := range []string{
			"https://example.com" + s + "evil.example/",
			"https://" + s + "a.example/",
			"https://a" + s + ".example:8080/",
			"https://b\u00FCcher.example" + s + "x/",
			"http://xn--53h.a" + s + "b/",
			"https://example.com/" + s + "?" + s + "#" + s,
			"https://example.com/" + percentEncodeAll(s) + "?" + percentEncodeAll(s) + "#" + percentEncodeAll(s),
			"https://example.com/a" + percentEncodeAll(s),
			"sc://h/" + percentEncodeAll(s),
			"sc:a" + percentEncodeAll(s),
		} {
			u, err := Parse(in)
			if err != nil {
				continue
			}
			if u.HasHost() && u.Hostname() != "example.com" {
				hosts++
			}
			if err := checkRenderReadsBack(u); err != nil {
				t.Error(err)
				if failures++; failures == 20 {
					t.Fatal("too many failures")
				}
			}
		}
	}
	t.Logf("%d look-alikes and %d other code points, %d URLs with such a host", nLookalikes, len(rs)-nLookalikes, hosts)
}

func percentEncodeAll(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		fmt.Fprintf(&b, "%%%02X", s[i])
	}
	return b.String()
}

// TestLookalikes checks the generated table: it is a well-formed
// unicode.RangeTable, made from the Unicode version of Go's unicode
// package, holds no ASCII, holds the look-alikes, blanks and overlays named
// in Render's doc comment, and holds no letters of common words.
func TestLookalikes(t *testing.T) {
	if lookalikesUnicodeVersion != unicode.Version {
		t.Errorf("lookalikes is from Unicode %s, Go's unicode package is %s: run go generate with the %s data", lookalikesUnicodeVersion, unicode.Version, unicode.Version)
	}
	prev, latin := rune(-1), 0
	check := func(lo, hi, stride rune) {
		if lo <= prev || hi < lo || stride != 1 {
			t.Errorf("bad range %#x..%#x stride %d after %#x", lo, hi, stride, prev)
		}
		prev = hi
		if hi <= unicode.MaxLatin1 {
			latin++
		}
	}
	for _, r := range lookalikes.R16 {
		check(rune(r.Lo), rune(r.Hi), rune(r.Stride))
	}
	for _, r := range lookalikes.R32 {
		check(rune(r.Lo), rune(r.Hi), rune(r.Stride))
	}
	if latin != lookalikes.LatinOffset {
		t.Errorf("LatinOffset = %d, want %d", lookalikes.LatinOffset, latin)
	}
	for c := rune(0); c < 0x80; c++ {
		if unicode.Is(lookalikes, c) {
			t.Errorf("ASCII %q in lookalikes", c)
		}
	}
	for _, c := range []rune{
		0x2044, 0x2215, 0x29F8, 0x2571, 0xFF0F, // "/"
		0x2216, 0x29F5, 0xFF3C, 0x2572, // "\"
		0x3002, 0xFF61, 0xFF0E, 0x2024, 0x0701, 0xA60E, 0x2026, // "."
		0xFF1A, 0x0589, 0x05C3, 0x0703, 0x2236, 0xA789, 0x02D0, 0xFE55, // ":"
		0xFF20, 0xFE6B, // "@"
		0xFF1F, 0xFE56, 0x0294, // "?"
		0xFF03, 0xFE5F, 0x266F, // "#"
		0xFF05, 0xFF06, 0xFF1D, 0x2100, // "%", "&", "=", "a/c"
		0x00A0, 0x1680, 0x2000, 0x200A, 0x2028, 0x3000, 0x0085, // White_Space
		0x00AD, 0x034F, 0x115F, 0x1160, 0x200B, 0x200D, 0x202E, 0x2066, 0x3164, 0xFE0F, 0xFEFF, 0xFFA0, 0xE0001, 0xE0100, // Default_Ignorable_Code_Point
		0x2800, 0x13441, // named BLANK
		0x0334, 0x0338, 0x20D2, 0x20D3, 0x20E5, 0x20E6, 0x10A39, // overlays
	} {
		if !unicode.Is(lookalikes, c) {
			t.Errorf("U+%04X %q not in lookalikes", c, c)
		}
	}
	for _, c := range "éüßçøæœłıİ€£¥©™°±×÷½日本語中文한국어ابتकखगАБВαβγ😀☕" {
		if unicode.Is(lookalikes, c) {
			t.Errorf("U+%04X %q in lookalikes", c, c)
		}
	}
}
