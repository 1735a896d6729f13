package url

import (
	"strings"
	"testing"
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
		{"https://example.com/a%E2%80%A4com", "https://example.com/a%E2%80%A4com"}, // ONE DOT LEADER
		{"https://example.com/a%EF%BC%9Fb", "https://example.com/a%EF%BC%9Fb"},     // FULLWIDTH ?
		{"https://example.com/a%EF%BC%83b", "https://example.com/a%EF%BC%83b"},     // FULLWIDTH #
		{"https://example.com/a%EF%BC%A0b", "https://example.com/a%EF%BC%A0b"},     // FULLWIDTH @
		{"https://example.com/a%E2%80%A6", "https://example.com/a%E2%80%A6"},       // HORIZONTAL ELLIPSIS
		{"https://example.com/a%E2%84%80", "https://example.com/a%E2%84%80"},       // ℀ is "a/c"
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

// FuzzRender holds the properties of Render on any URL: it keeps the host
// and does not panic; it never shows the userinfo; it only decodes, so
// re-encoding the non-ASCII it decoded and the few ASCII bytes gives the
// href without its userinfo back.
func FuzzRender(f *testing.F) {
	for _, s := range []string{"https://a:b@example.com/%E2%82%AC", "https://example.com/%F0%9F%94%92", "sc:%CC%81%C3", "http://xn--53h/%2F%41"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		u, err := Parse(input)
		if err != nil {
			return
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
