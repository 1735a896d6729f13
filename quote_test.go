package url

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

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

// TestParseErrorMessageBounded checks that an error quotes a bounded part of
// a long input, its start and end, and says how much it left out.
func TestParseErrorMessageBounded(t *testing.T) {
	for _, n := range []int{300, 1 << 20} {
		in := "https://user:secret@[::1/" + strings.Repeat("é", n) + "/end"
		_, err := Parse(in)
		if err == nil {
			t.Fatalf("Parse succeeded")
		}
		msg := err.Error()
		if len(msg) > 400 || !utf8.ValidString(msg) {
			t.Errorf("%d bytes: message of %d bytes (valid UTF-8: %v): %.100s", len(in), len(msg), utf8.ValidString(msg), msg)
		}
		if !strings.HasPrefix(msg, `url: parse "https://user:xxxxx@[::1/é`) || !strings.HasSuffix(msg, `é/end": IPv6-unclosed`) || !strings.Contains(msg, " bytes cut)...") {
			t.Errorf("%d bytes: %s", len(in), msg)
		}
		var pe *ParseError
		if errors.As(err, &pe); pe.Input != strings.Replace(in, "secret", "xxxxx", 1) {
			t.Errorf("%d bytes: Input is not the whole input, redacted", len(in))
		}
	}
	// A short input is quoted whole.
	if _, err := Parse("https://[::1"); err.Error() != `url: parse "https://[::1": IPv6-unclosed` {
		t.Errorf("%v", err)
	}
}
