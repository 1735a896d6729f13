package url

import (
	"strings"
	"testing"
)

// TestRenderTibetanDots checks that Render shows U+0F0B and U+0F0C, the
// dots Tibetan writes between syllables, only in a domain label of Tibetan
// only: beside a Latin letter, "bank.com་evil.example" would read as a host
// under bank.com. In a path they stay percent-encoded.
func TestRenderTibetanDots(t *testing.T) {
	for _, c := range []struct {
		in   string
		show bool // whether Render shows the dot
	}{
		{"https://bank.com\u0F0Bevil.example/", false},
		{"https://bank\u0F0Bcom.example/", false},
		{"https://bank\u0F0Ccom.example/", false},
		{"https://\u0F56\u0F7C\u0F51\u0F0B\u0F63\u0F97\u0F7C\u0F44\u0F66.example/", true},
		{"https://\u0F56\u0F7C\u0F51\u0F0B12-3.example/", true},
		{"https://\u0F56\u0F7C\u0F51\u0F0B\u30CE.example/", false}, // a Japanese slash and a Tibetan dot
		{"https://example.com/a\u0F0Bb", false},
	} {
		u, err := Parse(c.in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", c.in, err)
		}
		r := u.Render()
		if shown := strings.ContainsAny(r, "\u0F0B\u0F0C"); shown != c.show {
			t.Errorf("Render(%q) = %q: shows a Tibetan dot %v, want %v", u.Href(), r, shown, c.show)
		}
	}
}
