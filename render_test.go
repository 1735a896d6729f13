package url

import (
	"fmt"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/webstd/url/internal/infra"
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
		{"https://user:secret@xn--bcher-kva.example:8080/caf%C3%A9?q=%C3%A9#%F0%9F%94%92", "https://bücher.example:8080/café?q=é#%F0%9F%94%92"},
		// The section's other examples render as they are: Render does not
		// elide or simplify the host.
		{"https://examplecorp.attacker.com/", "https://examplecorp.attacker.com/"},
		{"https://not-really-examplecorp.com/", "https://not-really-examplecorp.com/"},
		{"https://www.example.com/", "https://www.example.com/"},
		// "If URL's host is a domain, browsers should render it by running
		// domain to Unicode with the URL's host."
		{"https://xn--bcher-kva.example/", "https://bücher.example/"},
		{"https://BÜCHER.example/", "https://bücher.example/"},
		{"https://example.xn--kgbechtv/", "https://example.إختبار/"},
		{"https://xn--80ak6aa92e.com/", "https://аррӏе.com/"}, // Cyrillic letters, all allowed in identifiers
		{"https://xn--a.example/", "https://xn--a.example/"},  // not Punycode: left as it is
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
		{"https://\u30CE\u30FC\u30C8.example/", "https://\u30CE\u30FC\u30C8.example/"},          // U+30CE KATAKANA LETTER NO, a "/", among Japanese
		{"https://b\u30CE\u30FC\u30C8.example/", "https://xn--b-lgura8p.example/"},              // and beside a Latin letter
		// Only that label: the others are still rendered in Unicode.
		{"https://b\u00FCcher.example\u2044evil.example/", "https://b\u00FCcher.xn--exampleevil-lx3f.example/"},
		// So does a label with a code point that UTS #39 does not allow in
		// identifiers (Identifier_Status Restricted), as in Chromium: the
		// symbols and punctuation of every script, which the confusables
		// data covers only in part, and letters of historic and limited-use
		// scripts.
		{"https://bank.com\U0001F67Cevil.example/", "https://bank.xn--comevil-mi35f.example/"}, // U+1F67C VERY HEAVY SOLIDUS
		{"https://bank.com\u2AF6evil.example/", "https://bank.xn--comevil-x84e.example/"},      // U+2AF6 TRIPLE COLON OPERATOR
		{"https://bank.com\u2753evil.example/", "https://bank.xn--comevil-458d.example/"},      // U+2753 BLACK QUESTION MARK ORNAMENT
		{"https://\U0001F512bank.example/", "https://xn--bank-ub73c.example/"},                 // U+1F512 LOCK
		{"http://xn--53h.example:8080/", "http://xn--53h.example:8080/"},                       // U+2615 HOT BEVERAGE
		{"https://b\u00FCcher.\u13A0\u13A1.example/", "https://b\u00FCcher.xn--58dc.example/"}, // Cherokee
		// A middle dot is a "." at mid-height.
		{"https://bank\u00B7com.example/", "https://xn--bankcom-yma.example/"},
		{"https://bank\u30FBcom.example/", "https://xn--bankcom-6b5f.example/"}, // U+30FB KATAKANA MIDDLE DOT
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
		{"https://example.com/caf%C3%A9?q=caf%C3%A9#caf%C3%A9", "https://example.com/café?q=café#café"},
		{"https://example.com/é?é#é", "https://example.com/é?é#é"},
		{"https://ar.example/%D8%A7%D8%AE%D8%AA%D8%A8%D8%A7%D8%B1", "https://ar.example/اختبار"},
		{"https://example.com/%41%62%2D%2E%5F%7E", "https://example.com/Ab-._~"},
		{"https://example.com/%E6%97%A5%E6%9C%AC", "https://example.com/日本"},
		{"https://example.com/%F0%A0%80%80", "https://example.com/𠀀"},        // U+20000, a letter that identifiers do not allow
		{"https://example.com/%E1%8E%A0%E1%8E%A1", "https://example.com/ᎠᎡ"}, // Cherokee, a script of limited use
		{"https://example.com/e%CC%81", "https://example.com/e\u0301"},       // a mark after a letter
		// The punctuation that identifiers allow.
		{"https://example.com/it%E2%80%99s%D6%8A", "https://example.com/it’s֊"}, // U+2019, U+058A ARMENIAN HYPHEN
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
		{"https://example.com/%C3%A9%FF%C3%A9", "https://example.com/é%FFé"},
		// "Browsers may choose to not decode certain sequences that present
		// spoofing risks (e.g., U+1F512 (🔒))."
		{"https://example.com/%F0%9F%94%92", "https://example.com/%F0%9F%94%92"},
		{"https://example.com/%F0%9F%94%90secure", "https://example.com/%F0%9F%94%90secure"},
		// Symbols and punctuation that identifiers do not allow stay
		// encoded: look-alikes that the confusables data misses among them,
		// and with them those that look like nothing else.
		{"https://example.com/a%F0%9F%99%BCb", "https://example.com/a%F0%9F%99%BCb"}, // U+1F67C VERY HEAVY SOLIDUS
		{"https://example.com/a%E3%87%92b", "https://example.com/a%E3%87%92b"},       // U+31D2 CJK STROKE P
		{"https://example.com/a%E2%81%9Db", "https://example.com/a%E2%81%9Db"},       // U+205D TRICOLON
		{"https://example.com/a%E1%8D%A5b", "https://example.com/a%E1%8D%A5b"},       // U+1365 ETHIOPIC COLON
		{"https://example.com/a%EA%9E%8Ab", "https://example.com/a%EA%9E%8Ab"},       // U+A78A MODIFIER LETTER SHORT EQUALS SIGN
		{"https://example.com/a%F0%9F%9F%B0b", "https://example.com/a%F0%9F%9F%B0b"}, // U+1F7F0 HEAVY EQUALS SIGN
		{"https://example.com/%E2%82%AC?%E2%82%AC#%E2%82%AC", "https://example.com/%E2%82%AC?%E2%82%AC#%E2%82%AC"},
		{"https://example.com/€?€#€", "https://example.com/%E2%82%AC?%E2%82%AC#%E2%82%AC"},
		{"https://example.com/%F0%9F%98%80", "https://example.com/%F0%9F%98%80"},
		// The middle dots.
		{"https://example.com/a%C2%B7b", "https://example.com/a%C2%B7b"},
		{"https://example.com/a%E3%83%BBb", "https://example.com/a%E3%83%BBb"},
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
		{"data:text/plain,a%20b%C3%A9", "data:text/plain,a%20bé"},
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
		for _, r := range []string{"é", "日", "𠀀"} {
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
// it shows no look-alike of a delimiter, blank or overlay, no symbol or
// punctuation that UTS #39 restricts, no code point that UTS #39 restricts
// in the host, and the host a person reads in it is the URL's host
// (checkRenderReadsBack); it never shows the userinfo; it only decodes, so
// re-encoding the non-ASCII it decoded and the few ASCII bytes gives the
// href without its userinfo back.
func FuzzRender(f *testing.F) {
	for _, s := range []string{"https://a:b@example.com/%E2%82%AC", "https://example.com/%F0%9F%94%92", "sc:%CC%81%C3", "http://xn--53h/%2F%41",
		"https://example.com\u2044evil.example/", "https://b\u00FCcher.example:8080/%E2%81%84?%E3%80%82#%E2%A0%80", "http://[::1]:81/", "file:///%E2%88%95",
		"https://bank.com\U0001F67Cevil.example/", "https://col\u00B7legi.cat/%F0%9F%99%BC%C2%B7%E2%80%99%E1%8E%A0"} {
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
			if got := string(appendPercentEncoded(nil, r, infra.C0ControlSet)); percentDecodeString(got) != percentDecodeString(u.Href()) {
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
// of a delimiter, a blank, an overlay), but for a Japanese letter that
// looks like "/" between Japanese code points (japaneseSlashes), which a
// reader takes for a letter.
func readHost(rendered, scheme string) (string, bool) {
	rest, ok := strings.CutPrefix(rendered, scheme+"//")
	if !ok {
		return "", false
	}
	if strings.HasPrefix(rest, "[") {
		end := strings.IndexByte(rest, ']')
		return rest[:end+1], end >= 0
	}
	end, prev := len(rest), rune(-1)
	for i, r := range rest {
		if strings.ContainsRune(`/\?#:@`, r) || r <= ' ' || r == 0x7F {
			end = i
			break
		}
		if unicode.Is(lookalikes, r) {
			next, _ := utf8.DecodeRuneInString(rest[i+len(string(r)):])
			if !japaneseSlashes[r] || !besideJapaneseSlash(prev) || !besideJapaneseSlash(next) {
				end = i
				break
			}
		}
		prev = r
	}
	return rest[:end], true
}

// japaneseSlashes are the Japanese letters that look like "/" and that a
// reader takes for letters among Japanese: Chromium's IDN dangerous
// patterns flag them only next to other scripts. Written out here, not
// taken from render.go.
var japaneseSlashes = map[rune]bool{0x30CE: true, 0x30BD: true, 0x30BE: true, 0x30F3: true, 0x4E3F: true}

// besideJapaneseSlash reports whether a reader takes a code point of
// japaneseSlashes next to r (utf8.RuneError or -1 at an end) for a
// letter: r is Han, Hiragana, Katakana, U+30FC, an ASCII digit or "-", or
// ends the label or the host.
func besideJapaneseSlash(r rune) bool {
	return r == -1 || r == utf8.RuneError || strings.ContainsRune("./:?#", r) || '0' <= r && r <= '9' || r == '-' || r == 0x30FC ||
		unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana)
}

// checkRenderReadsBack checks what Render's doc comment promises a reader
// of Render(u): no code point of it is in lookalikes, none is a symbol or
// punctuation character (general category S or P) that is not ASCII and
// not in identifierAllowed, the host a person reads in it (readHost) holds
// no code point that is not ASCII and not in identifierAllowed, and that
// host is u's host: parsed after u's scheme and "//", it gives u's host
// back.
func checkRenderReadsBack(u URL) error {
	r := u.Render()
	// The host as a reader reads it may hold a Japanese slash-like letter
	// among Japanese (readHost).
	hostEnd := 0
	if u.HasHost() {
		if h, ok := readHost(r, u.Protocol()); ok {
			hostEnd = len(u.Protocol()) + len("//") + len(h)
		}
	}
	for i, c := range r {
		if unicode.Is(lookalikes, c) && !(i < hostEnd && japaneseSlashes[c]) {
			return fmt.Errorf("Render(%q) = %q shows U+%04X, a look-alike", u.Href(), r, c)
		}
		if c >= 0x80 && unicode.In(c, unicode.S, unicode.P) && !unicode.Is(identifierAllowed, c) {
			return fmt.Errorf("Render(%q) = %q shows U+%04X, a symbol or punctuation that UTS #39 restricts", u.Href(), r, c)
		}
	}
	if !u.HasHost() {
		return nil
	}
	h, ok := readHost(r, u.Protocol())
	if !ok {
		return fmt.Errorf("Render(%q) = %q: no host after %q", u.Href(), r, u.Protocol()+"//")
	}
	for _, c := range h {
		if c >= 0x80 && !unicode.Is(identifierAllowed, c) {
			return fmt.Errorf("Render(%q) = %q shows U+%04X in the host, which UTS #39 restricts", u.Href(), r, c)
		}
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
// lookalikes and every symbol and punctuation character that is not ASCII,
// in a domain label, first, last and between letters, beside a label in
// Unicode, and in the path, query and fragment; and for a sample of all
// other code points in the same places.
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
	for c := rune(0x80); c <= unicode.MaxRune; c++ {
		if unicode.In(c, unicode.S, unicode.P) && !unicode.Is(lookalikes, c) {
			rs = append(rs, c)
		}
	}
	nSymbols := len(rs) - nLookalikes
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
	t.Logf("%d look-alikes, %d other symbols and punctuation, %d other code points, %d URLs with such a host", nLookalikes, nSymbols, len(rs)-nLookalikes-nSymbols, hosts)
}

func percentEncodeAll(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		fmt.Fprintf(&b, "%%%02X", s[i])
	}
	return b.String()
}

// checkRangeTable checks that rt is a well-formed unicode.RangeTable of
// stride 1 that holds no ASCII.
func checkRangeTable(t *testing.T, name string, rt *unicode.RangeTable) {
	t.Helper()
	prev, latin := rune(-1), 0
	check := func(lo, hi, stride rune) {
		if lo <= prev || hi < lo || stride != 1 {
			t.Errorf("%s: bad range %#x..%#x stride %d after %#x", name, lo, hi, stride, prev)
		}
		prev = hi
		if hi <= unicode.MaxLatin1 {
			latin++
		}
	}
	for _, r := range rt.R16 {
		check(rune(r.Lo), rune(r.Hi), rune(r.Stride))
	}
	for _, r := range rt.R32 {
		check(rune(r.Lo), rune(r.Hi), rune(r.Stride))
	}
	if latin != rt.LatinOffset {
		t.Errorf("%s: LatinOffset = %d, want %d", name, rt.LatinOffset, latin)
	}
	for c := rune(0); c < 0x80; c++ {
		if unicode.Is(rt, c) {
			t.Errorf("ASCII %q in %s", c, name)
		}
	}
}

// TestLookalikes checks the generated tables: they are well-formed
// unicode.RangeTables, made from the Unicode version of the IDNA tables
// (idna_tables.go), and hold no ASCII; lookalikes holds the look-alikes,
// blanks and overlays named in Render's doc comment, and no letters of
// common words. (Go's unicode package, which Render asks for categories and
// scripts, may be older, Unicode 15 in Go 1.26 and 17 in Go 1.27: a code
// point it does not know is in no category, and Render keeps it encoded.)
func TestLookalikes(t *testing.T) {
	if lookalikesUnicodeVersion != idnaUnicodeVersion {
		t.Errorf("lookalikes is from Unicode %s, the IDNA tables from %s: run go generate with the %s data", lookalikesUnicodeVersion, idnaUnicodeVersion, idnaUnicodeVersion)
	}
	checkRangeTable(t, "lookalikes", lookalikes)
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
		0x00B7, 0x2027, 0x30FB, 0xFF65, 0x2219, 0xA78F, 0x1427, // middle dots
		0x00BC, 0x00BD, 0x00BE, // vulgar fractions: prototypes "l/4", "l/2", "3/4" since confusables.txt 18.0.0
	} {
		if !unicode.Is(lookalikes, c) {
			t.Errorf("U+%04X %q not in lookalikes", c, c)
		}
	}
	for _, c := range "éüßçøæœłıİ€£¥©™°±×÷日本語中文한국어ابتकखगАБВαβγ😀☕" {
		if unicode.Is(lookalikes, c) {
			t.Errorf("U+%04X %q in lookalikes", c, c)
		}
	}
}

// handMadeLookalikes lists, by what they look like, code points that a
// reader could take for a delimiter, a space or nothing, or for a browser's
// security indicator. The list is made by hand, from the code charts and
// from glyphs drawn in DejaVu Sans and GNU Unifont, not from the data that
// internal/gen/lookalikes reads: it checks that data and the rules on it.
// The comments name the code points.
var handMadeLookalikes = map[string][]rune{
	"/": {
		0x2044, 0x2215, 0x29F8, 0x2571, 0x27CB, // FRACTION SLASH, DIVISION SLASH, BIG SOLIDUS, BOX DRAWINGS LIGHT DIAGONAL UPPER RIGHT TO LOWER LEFT, MATHEMATICAL RISING DIAGONAL
		0xFF0F, 0x1F67C, 0x2E4A, 0x2AFB, 0x2AFD, // FULLWIDTH SOLIDUS, VERY HEAVY SOLIDUS, DOTTED SOLIDUS, TRIPLE SOLIDUS BINARY RELATION, DOUBLE SOLIDUS OPERATOR
		0x31D2, 0x30CE, 0x4E3F, 0x2F03, 0x2CC6, // CJK STROKE P, KATAKANA LETTER NO, CJK ideograph 丿, KANGXI RADICAL SLASH, COPTIC CAPITAL LETTER OLD COPTIC ESH
		0x30BD, 0x30BE, 0x30F3, // KATAKANA LETTER SO, ZO, N (letters among Japanese: TestRenderJapaneseSlashes)
	},
	`\`: {
		0x2216, 0x29F5, 0x29F9, 0x2572, 0x27CD, // SET MINUS, REVERSE SOLIDUS OPERATOR, BIG REVERSE SOLIDUS, BOX DRAWINGS LIGHT DIAGONAL UPPER LEFT TO LOWER RIGHT, MATHEMATICAL FALLING DIAGONAL
		0xFF3C, 0xFE68, 0x1F67D, 0x31CF, // FULLWIDTH REVERSE SOLIDUS, SMALL REVERSE SOLIDUS, VERY HEAVY REVERSE SOLIDUS, CJK STROKE N
		0x4E40, 0x4E41, 0x30FD, 0x30FE, // CJK ideographs 乀 and 乁, KATAKANA ITERATION MARK, KATAKANA VOICED ITERATION MARK
	},
	"a mark drawn through or around the character before it": {
		0x0338, 0x20E5, 0x20EB, // COMBINING LONG SOLIDUS OVERLAY, COMBINING REVERSE SOLIDUS OVERLAY, COMBINING LONG DOUBLE SOLIDUS OVERLAY
		0x20E0, 0x20DD, 0x20DE, 0x20E3, 0x0489, 0xA670, // COMBINING ENCLOSING CIRCLE BACKSLASH, COMBINING ENCLOSING CIRCLE, COMBINING ENCLOSING SQUARE, COMBINING ENCLOSING KEYCAP, COMBINING CYRILLIC MILLIONS SIGN, COMBINING CYRILLIC TEN MILLIONS SIGN
		0x10EFC, // ARABIC COMBINING ALEF OVERLAY
	},
	":": {
		0x2236, 0xA789, 0x02D0, 0x02F8, 0xFE55, 0xFF1A, 0xFE13, // RATIO, MODIFIER LETTER COLON, MODIFIER LETTER TRIANGULAR COLON, MODIFIER LETTER RAISED COLON, SMALL COLON, FULLWIDTH COLON, PRESENTATION FORM FOR VERTICAL COLON
		0x0589, 0x05C3, 0x0703, 0x1361, 0x1365, 0x1804, 0x16EC, // ARMENIAN FULL STOP, HEBREW PUNCTUATION SOF PASUQ, SYRIAC SUPRALINEAR COLON, ETHIOPIC WORDSPACE, ETHIOPIC COLON, MONGOLIAN COLON, RUNIC MULTIPLE PUNCTUATION
		0x0903, 0xA4FD, 0x205A, 0x205D, 0x22EE, 0x2AF6, 0x2982, 0x2237, // DEVANAGARI SIGN VISARGA, LISU LETTER TONE MYA JEU, TWO DOT PUNCTUATION, TRICOLON, VERTICAL ELLIPSIS, TRIPLE COLON OPERATOR, Z NOTATION TYPE COLON, PROPORTION
		0x2254, 0x2255, 0x2A74, // COLON EQUALS, EQUALS COLON, DOUBLE COLON EQUAL
	},
	".": {
		0xFF0E, 0xFE52, 0x3002, 0xFF61, 0x2024, 0x2025, // FULLWIDTH FULL STOP, SMALL FULL STOP, IDEOGRAPHIC FULL STOP, HALFWIDTH IDEOGRAPHIC FULL STOP, ONE DOT LEADER, TWO DOT LEADER
		0xA4F8, 0x0702, 0x1D16D, 0x0660, 0x06F0, // LISU LETTER TONE MYA TI, SYRIAC SUBLINEAR FULL STOP, MUSICAL SYMBOL COMBINING AUGMENTATION DOT, ARABIC-INDIC DIGIT ZERO, EXTENDED ARABIC-INDIC DIGIT ZERO
		// The middle dots.
		0x00B7, 0x0387, 0x2027, 0x30FB, 0xFF65, 0x2E31, 0x2E33, // MIDDLE DOT, GREEK ANO TELEIA, HYPHENATION POINT, KATAKANA MIDDLE DOT, HALFWIDTH KATAKANA MIDDLE DOT, WORD SEPARATOR MIDDLE DOT, RAISED DOT
		0x2022, 0x2219, 0x22C5, 0x16EB, 0xA78F, 0x1427, 0x10101, // BULLET, BULLET OPERATOR, DOT OPERATOR, RUNIC SINGLE PUNCTUATION, LATIN LETTER SINOLOGICAL DOT, CANADIAN SYLLABICS FINAL MIDDLE DOT, AEGEAN WORD SEPARATOR DOT
	},
	"?": {
		0xFF1F, 0xFE56, 0xFE16, 0x0294, 0x0241, 0x097D, // FULLWIDTH QUESTION MARK, SMALL QUESTION MARK, PRESENTATION FORM FOR VERTICAL QUESTION MARK, LATIN LETTER GLOTTAL STOP, LATIN CAPITAL LETTER GLOTTAL STOP, DEVANAGARI LETTER GLOTTAL STOP
		0x2753, 0x2754, 0x2047, 0x2048, 0x2049, // BLACK QUESTION MARK ORNAMENT, WHITE QUESTION MARK ORNAMENT, DOUBLE QUESTION MARK, QUESTION EXCLAMATION MARK, EXCLAMATION QUESTION MARK
		0x203D, 0x1F679, 0x2E2E, 0x061F, // INTERROBANG, HEAVY INTERROBANG ORNAMENT, REVERSED QUESTION MARK, ARABIC QUESTION MARK
	},
	"#": {
		0xFF03, 0xFE5F, 0x266F, 0x22D5, 0x2317, 0x2A69, // FULLWIDTH NUMBER SIGN, SMALL NUMBER SIGN, MUSIC SHARP SIGN, EQUAL AND PARALLEL TO, VIEWDATA SQUARE, TRIPLE HORIZONTAL BAR WITH TRIPLE VERTICAL STROKE
	},
	"@": {
		0xFF20, 0xFE6B, // FULLWIDTH COMMERCIAL AT, SMALL COMMERCIAL AT
	},
	"%": {
		0xFF05, 0xFE6A, 0x066A, 0x2030, 0x2031, 0x0609, // FULLWIDTH PERCENT SIGN, SMALL PERCENT SIGN, ARABIC PERCENT SIGN, PER MILLE SIGN, PER TEN THOUSAND SIGN, ARABIC-INDIC PER MILLE SIGN
	},
	"&": {
		0xFF06, 0xFE60, // FULLWIDTH AMPERSAND, SMALL AMPERSAND
	},
	"=": {
		0xFF1D, 0xFE66, 0xA78A, 0x1F7F0, 0x2E40, 0x2E17, 0x30A0, 0x1400, // FULLWIDTH EQUALS SIGN, SMALL EQUALS SIGN, MODIFIER LETTER SHORT EQUALS SIGN, HEAVY EQUALS SIGN, DOUBLE HYPHEN, DOUBLE OBLIQUE HYPHEN, KATAKANA-HIRAGANA DOUBLE HYPHEN, CANADIAN SYLLABICS HYPHEN
	},
	"space or nothing": {
		0x00A0, 0x2000, 0x2001, 0x2002, 0x2003, 0x2009, 0x200A, 0x202F, 0x205F, 0x3000, // NO-BREAK SPACE, EN QUAD, EM QUAD, EN SPACE, EM SPACE, THIN SPACE, HAIR SPACE, NARROW NO-BREAK SPACE, MEDIUM MATHEMATICAL SPACE, IDEOGRAPHIC SPACE
		0x2800, 0x3164, 0x115F, 0x1160, 0xFFA0, 0x13441, // BRAILLE PATTERN BLANK, HANGUL FILLER, HANGUL CHOSEONG FILLER, HANGUL JUNGSEONG FILLER, HALFWIDTH HANGUL FILLER, EGYPTIAN HIEROGLYPH FULL BLANK
		0x200B, 0x2060, 0x2063, 0x180E, 0xE0020, // ZERO WIDTH SPACE, WORD JOINER, INVISIBLE SEPARATOR, MONGOLIAN VOWEL SEPARATOR, TAG SPACE
	},
	"a security indicator": {
		0x1F512, 0x1F513, 0x1F510, 0x1F50F, 0x1F511, 0x1F5DD, // LOCK, OPEN LOCK, CLOSED LOCK WITH KEY, LOCK WITH INK PEN, KEY, OLD KEY
	},
}

// TestRenderHandMadeLookalikes holds, for every code point of
// handMadeLookalikes, in a domain label and in a path, query and fragment
// (written as it is and percent-encoded, after a letter and after a
// delimiter), that Render's result holds no code point of
// handMadeLookalikes (so none is shown as itself, nor as another look-alike
// that UTS #46 maps it to) and that checkRenderReadsBack holds.
func TestRenderHandMadeLookalikes(t *testing.T) {
	looksLike := map[rune]string{}
	for what, rs := range handMadeLookalikes {
		for _, c := range rs {
			if c < 0x80 || !utf8.ValidRune(c) {
				t.Fatalf("U+%04X in handMadeLookalikes is ASCII or not a code point", c)
			}
			if w, dup := looksLike[c]; dup {
				t.Fatalf("U+%04X in handMadeLookalikes twice, for %q and %q", c, w, what)
			}
			looksLike[c] = what
		}
	}
	hosts, paths := 0, 0
	for c, what := range looksLike {
		s, e := string(c), percentEncodeAll(string(c))
		for i, in := range []string{
			// In a domain label. Some do not parse (UTS #46 disallows them,
			// or maps them to an ASCII delimiter that a host may not hold).
			"https://bank.com" + s + "evil.example/",
			"https://" + s + "bank.example/",
			"https://bank" + s + ".example/",
			"https://b\u00FCcher" + s + "com.example/",
			"https://xn--bcher-kva.example" + s + "com/",
			// In a path, query and fragment: these all parse.
			"https://example.com/bank" + e + "com",
			"https://example.com/" + e + "?" + e + "#" + e,
			"https://example.com/a/" + e + "b",
			"https://example.com/bank" + s + "com?q=" + s + "#" + s,
			"https://example.com/caf\u00E9" + e + "?\u00E9" + e + "#\u00E9" + e,
			"sc://h/a" + e,
			"sc:a" + e,
		} {
			u, err := Parse(in)
			if err != nil {
				if i >= 5 {
					t.Errorf("U+%04X (looks like %s): Parse(%q): %v", c, what, in, err)
				}
				continue
			}
			if i < 5 {
				hosts++
			} else {
				paths++
			}
			r := u.Render()
			for _, x := range r {
				if w, ok := looksLike[x]; ok {
					t.Errorf("U+%04X (looks like %s): Render(%q) = %q shows U+%04X %q, which looks like %s", c, what, u.Href(), r, x, x, w)
					break
				}
			}
			if err := checkRenderReadsBack(u); err != nil {
				t.Errorf("U+%04X (looks like %s): %v", c, what, err)
			}
		}
	}
	t.Logf("%d look-alikes: %d URLs with one in the host, %d with one in the path, query or fragment", len(looksLike), hosts, paths)
}

// TestIdentifierAllowed checks the generated table of the code points whose
// Identifier_Status is Allowed: it is well-formed, and holds letters, marks
// and digits of the scripts in common use and the punctuation UTS #39 names
// in its Table 3a, Optional Characters for Inclusion, but no symbols, no
// other punctuation, no letters of historic or limited-use scripts, no
// compatibility forms, nothing unassigned.
func TestIdentifierAllowed(t *testing.T) {
	checkRangeTable(t, "identifierAllowed", identifierAllowed)
	for _, c := range "éüßçøæœłıàñ日本語中文한국어ابتکखगकাঅதఅกАБВабвαβγאבგაհ\u0301\u0903\u0660" + "\u00B7\u058A\u05F3\u05F4\u0F0B\u2010\u2019\u2027\u30A0\u30FB" {
		if !unicode.Is(identifierAllowed, c) {
			t.Errorf("U+%04X %q not in identifierAllowed", c, c)
		}
	}
	for _, c := range []rune{
		0x20AC, 0x00A9, 0x2122, 0x00B0, 0x00B1, 0x00D7, 0x00F7, 0x00BD, 0x2615, 0x1F600, 0x1F512, // symbols and emoji
		0x1F67C, 0x2AF6, 0x2753, 0x205D, 0x1365, 0xA78A, 0x1F7F0, 0x2E4A, 0x31D2, // look-alikes of delimiters
		0x2013, 0x2014, 0x201C, 0x00AB, 0x00A1, 0x3001, 0x3002, 0x0589, // punctuation
		0x13A0, 0x1401, 0x2D30, 0x10330, 0x16A0, 0x2C80, // Cherokee, Canadian syllabics, Tifinagh, Gothic, Runic, Coptic
		0x017F, 0xFB01, 0xFF21, 0x1D400, 0x2460, // compatibility forms: ſ, ﬁ, Ａ, 𝐀, ①
		0x00A0, 0x200B, 0x200D, 0xFEFF, 0x0378, 0xE000, 0x10FFFF, // spaces, format characters, unassigned, private use
	} {
		if unicode.Is(identifierAllowed, c) {
			t.Errorf("U+%04X %q in identifierAllowed", c, c)
		}
	}
}

// TestRenderJapaneseSlashes checks the exception for the Japanese letters
// that look like "/" (japaneseSlashes): Render shows them in a domain
// label of Japanese only, keeps a label that mixes them with anything else
// in Punycode, and keeps them percent-encoded in a path, query and
// fragment.
func TestRenderJapaneseSlashes(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"https://ソニー.example/", "https://ソニー.example/"},
		{"https://ドメイン.example/", "https://ドメイン.example/"},
		{"https://ノート.example/", "https://ノート.example/"},
		{"https://ゾーン-2.example/", "https://ゾーン-2.example/"},
		{"https://日本ノ丿.jp/", "https://日本ノ丿.jp/"},
		{"https://ソ.b\u00FCcher.example/", "https://ソ.bücher.example/"},
		{"https://a.example/ドメイン", "https://a.example/ドメイ%E3%83%B3"},
	} {
		u, err := Parse(tt.in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.in, err)
		}
		if got := u.Render(); got != tt.want {
			t.Errorf("Render(%q) = %q, want %q", u.Href(), got, tt.want)
		}
		if err := checkRenderReadsBack(u); err != nil {
			t.Error(err)
		}
	}
	// Beside any code point that is not Japanese, the label stays in
	// Punycode, as it is in the URL's host.
	for _, in := range []string{
		"https://bankソevil.example/", "https://aンb.example/", "https://ビタミンb6.example/",
		"https://ソa.example/", "https://aゾ.example/", "https://ノé.example/", "https://丿а.example/",
		"https://ンα.example/", "https://ソ가.example/",
	} {
		u, err := Parse(in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", in, err)
		}
		if got := u.Render(); got != u.Href() {
			t.Errorf("Render(%q) = %q, want it in Punycode", u.Href(), got)
		}
		if err := checkRenderReadsBack(u); err != nil {
			t.Error(err)
		}
	}
}
