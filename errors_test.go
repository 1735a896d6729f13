package url

import (
	"testing"
	"unicode/utf8"
)

// TestParseErrorMessage checks the message of a *ParseError: the input,
// quoted with its password redacted and its control and invalid bytes
// escaped, then the kind of validation error at which parsing failed.
func TestParseErrorMessage(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://user:secret@[::1", `url: parse "https://user:xxxxx@[::1": IPv6-unclosed`},
		{"https://exa\x00mple\xff.com/", `url: parse "https://exa\x00mple\xFF.com/": domain-to-ASCII`},
		{"https://ex\"am ple€.org/\\", `url: parse "https://ex\"am ple€.org/\\": domain-to-ASCII`},
		{"https://a:b@c:d@:70000", `url: parse "https://a:xxxxx@:70000": host-missing`},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		if err == nil {
			t.Fatalf("Parse(%q) succeeded", tt.in)
		}
		if got := err.Error(); got != tt.want || !utf8.ValidString(got) {
			t.Errorf("Parse(%q): %s\nwant %s", tt.in, got, tt.want)
		}
	}
}
