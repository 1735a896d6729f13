package errcheck

import "testing"

// TestLeak checks that Leak finds a password in a text as a person reads
// it, escaped once or quoted again, and not in what an escape spells.
func TestLeak(t *testing.T) {
	for _, tc := range []struct {
		text, secret string
		leak         bool
	}{
		{`host "S3CR3T@h"`, "S3CR3T", true},
		{`host "S3\tCR3T@h"`, "S3CR3T", true},
		{`host "se\u202Ecret@h"`, "se\u202ecret", true},
		{`Input:"se\\u202Ecret"`, "se\u202ecret", true},
		{`Input:"p\\\\@S3CR3T"`, `p\@S3CR3T`, true},
		{`host "xxxxx@\x000"`, "000", false},
		{`Input:"xxxxx@\\x000"`, "000", false},
		{`at (0xc000012345)`, "000", false},
		{`host "\u202E"`, "202E", false},
		// The name of a code point names one: "U+0009" spells no "000".
		{`invalid-URL-unit at 9: a code point that is not a URL unit: U+0009`, "000", false},
		{`host "U+0009S3CR3T"`, "S3CR3T", true},
		// An escape reads as one character: "%4000" is "@00".
		{`parse "http://00:xxxxx%4000%23%400/"`, "000", false},
		{`parse "http://h/%40S3CR3T"`, "S3CR3T", true},
		{`parse "http://h/S3CR3T%40"`, "S3CR3T", true},
		// The count of a cut is the error's number: "100" spells no "100".
		{`parse "http:0:xxxxx@0\...(100 bytes cut)...0"`, "100", false},
		{`parse "http:0:xxxxx@100\...(7 bytes cut)...0"`, "100", true},
		// A short password is short in every spelling: "0@" is "0%40".
		{`parse "http://:xxxxx%400%230:0%400/"`, "0@", false},
		{`parse "http://:xxxxx%400%230:0%400/"`, "0%40", false},
		{`parse "http://h/S3C%40"`, "S3C@", true},
		// Nor is a quote: every error quotes its input, and "0000" quoted
		// ends with the password `00"`.
		{`tokenize in hostname "xxxxx@0000"`, `00"`, false},
		{`tokenize in hostname "xxxxx@0000"`, `"00`, false},
		{`tokenize in hostname "S3"C@0000"`, `S3"C`, true},
	} {
		_, _, leak := Leak([]string{tc.text}, nil, Secrets(tc.secret))
		if leak != tc.leak {
			t.Errorf("Leak(%q, %q) = %v, want %v", tc.text, tc.secret, leak, tc.leak)
		}
	}
	// The quote that ends `000"` is the error's, and "000" is the host,
	// which the rest of the input spells: CI's urlpattern FuzzRedaction,
	// Init hostname `A :000"@000`. Without the host in the rest, or with
	// more of the password shown than the rest spells, it is a leak.
	for _, tc := range []struct {
		text, allowed, secret string
		leak                  bool
	}{
		{`tokenize in hostname "xxxxx@000"`, "000", `000"`, false},
		{`tokenize in hostname "xxxxx@000"`, "000", `"000`, false},
		{`tokenize in hostname "xxxxx@000"`, "111", `000"`, true},
		{`tokenize in hostname "000"@000"`, "000", `000"@`, true},
	} {
		_, _, leak := Leak([]string{tc.text}, []string{tc.allowed}, Secrets(tc.secret))
		if leak != tc.leak {
			t.Errorf("Leak(%q, allowed %q, %q) = %v, want %v", tc.text, tc.allowed, tc.secret, leak, tc.leak)
		}
	}
}

// TestPlaced checks where Placed and PlacedSpecial put the x's: the
// password as far as a "/", "?" or "#" (and, for PlacedSpecial, a "\")
// before which its last "@" ends it, the rest kept.
func TestPlaced(t *testing.T) {
	c := Case{Prefix: "http:", User: "0", Password: `@00@0\@00`, Suffix: "0"}
	if got, want := c.Placed(), `http:0:xxxxxxxxx@0`; got != want {
		t.Errorf("Placed() = %q, want %q", got, want)
	}
	if got, want := c.PlacedSpecial(), `http:0:xxx@0\@00@0`; got != want {
		t.Errorf("PlacedSpecial() = %q, want %q", got, want)
	}
	c = Case{Prefix: "http://", User: "u", Password: "S3CR3T", Suffix: "h/"}
	if c.Placed() != c.PlacedSpecial() {
		t.Errorf("a password without a cut: Placed() = %q, PlacedSpecial() = %q", c.Placed(), c.PlacedSpecial())
	}
}

// TestGoStrings checks that GoStrings keeps the string literals of a %#v,
// escapes and all, and nothing of the syntax around them.
func TestGoStrings(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`&urlpattern.Error{Kind:0x1, Component:"password", Input:"xxxxx", Err:error(nil)}`, `"password" "xxxxx"`},
		{`&url.ParseError{Input:"a\"b\\", Offset:3}`, `"a\"b\\"`},
		{`&errors.errorString{s:"\u202e"}`, `"\u202e"`},
		{`T{N:0x1}`, ``},
		{`T{S:"open`, `"open`},
	} {
		if got := GoStrings(tc.in); got != tc.want {
			t.Errorf("GoStrings(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	// The error CI's urlpattern FuzzRedaction found, pattern("@d:0@0"):
	// its %#v spells the password "d:0" in "Kind:0x1", its strings do not.
	text := GoStrings(`&urlpattern.Error{Kind:0x1, Component:"password", Input:"xxxxx", Err:error(nil)}`)
	if _, _, leak := Leak([]string{text}, nil, Secrets("d:0")); leak {
		t.Errorf("Leak(%q, d:0) = true", text)
	}
	// A password in an unexported field is still read there.
	text = GoStrings(`&pkg.err{kind:0x1, input:"http://u:S3CR3T@h/"}`)
	if _, _, leak := Leak([]string{text}, nil, Secrets("S3CR3T")); !leak {
		t.Errorf("Leak(%q, S3CR3T) = false", text)
	}
}
