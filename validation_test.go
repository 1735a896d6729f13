package url

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Tests of the validation errors (https://url.spec.whatwg.org/#validation-error),
// Parser.Strict and the validity checks of valid.go.

// valCase is an input (with a base URL, or "" for none) and the validation
// errors it must signal, all of them, in order. Each is written as the
// standard's name, followed by "@N" when the test also checks the Offset,
// and by "!" when the parse fails at it.
type valCase struct {
	input, base string
	want        []string
}

// recordParse parses input against base ("" for none) with a Parser that
// records every validation error.
func recordParse(input, base string, strict bool) (URL, []ValidationError, error) {
	var got []ValidationError
	p := Parser{Strict: strict, OnValidationError: func(e ValidationError) { got = append(got, e) }}
	var u URL
	var err error
	if base == "" {
		u, err = p.Parse(input)
	} else {
		u, err = p.ParseWithBase(input, base)
	}
	return u, got, err
}

// formatErrors writes errors as valCase.want does, with every offset.
func formatErrors(errs []ValidationError) []string {
	s := make([]string, len(errs))
	for i, e := range errs {
		s[i] = e.Kind.String() + "@" + strconv.Itoa(e.Offset)
		if e.Failure {
			s[i] += "!"
		}
	}
	return s
}

// matchErrors reports whether got matches want, where the entries of want
// that give no offset match any offset.
func matchErrors(got []ValidationError, want []string) bool {
	if len(got) != len(want) {
		return false
	}
	for i, e := range got {
		w := want[i]
		failure := strings.HasSuffix(w, "!")
		w = strings.TrimSuffix(w, "!")
		name, off, hasOff := strings.Cut(w, "@")
		if e.Kind.String() != name || e.Failure != failure || hasOff && strconv.Itoa(e.Offset) != off {
			return false
		}
	}
	return true
}

// check parses the case, compares its errors with want and with the model
// of validation_model_test.go, and checks that the parse fails exactly when
// the last error says so, with that error.
func (c valCase) check(t *testing.T) {
	t.Helper()
	_, got, err := recordParse(c.input, c.base, false)
	if !matchErrors(got, c.want) {
		t.Errorf("errors %q, want %q", formatErrors(got), c.want)
	}
	var base *URL
	if c.base != "" {
		b := MustParse(c.base)
		base = &b
	}
	model, modelFail := modelValidationErrors(c.input, base)
	if !slices.Equal(formatErrors(got), formatErrors(model)) {
		t.Errorf("errors %q, the model of the standard's steps has %q", formatErrors(got), formatErrors(model))
	}
	failing := len(c.want) > 0 && strings.HasSuffix(c.want[len(c.want)-1], "!")
	switch {
	case failing && err == nil:
		t.Errorf("parsed, want failure")
	case !failing && err != nil:
		t.Errorf("failed: %v", err)
	case failing && !errors.Is(err, got[len(got)-1].Kind):
		t.Errorf("failed with %v, want %v", err, got[len(got)-1].Kind)
	}
	if modelFail != 0 != failing {
		t.Errorf("the model fails with %v", modelFail)
	}
}

func (c valCase) name() string {
	if c.base == "" {
		return c.input
	}
	return c.input + " against " + c.base
}

// validationErrorTable has, for every kind the basic URL parser can signal,
// the steps of the standard that signal it, inputs that signal it and inputs
// that do not, each with all the errors it signals. The inputs are the
// examples of the standard's table of validation errors, and inputs built
// from the steps (one per step that signals the kind, where there are
// several). ErrDomainToUnicode is not here: the URL parser cannot signal it
// (see TestDomainToUnicodeValidationError).
var validationErrorTable = []struct {
	kind   ValidationErrorKind
	steps  string
	signal []valCase
	none   []valCase
}{
	{
		ErrDomainToASCII,
		"domain parser 2 (strict ToASCII records an error); it fails at 6.2, 7 or 8",
		[]valCase{
			// "_" fails UseSTD3ASCIIRules; an ASCII domain is then only
			// lowercased (step 5), so parsing goes on.
			{"https://a_b.example/", "", []string{"domain-to-ASCII@8"}},
			// Invalid Punycode, in an ASCII domain.
			{"https://xn--a.example/", "", []string{"domain-to-ASCII@8"}},
			// CheckHyphens: "--" in the third and fourth positions, and a
			// label that starts with "-".
			{"https://ab--c.example/", "", []string{"domain-to-ASCII@8"}},
			{"https://-a.example/", "", []string{"domain-to-ASCII@8"}},
			// VerifyDnsLength: the empty root label.
			{"https://EXAMPLE.com./", "", []string{"domain-to-ASCII@8"}},
			// The table's example: percent-decoded to "exa#mple.org", which
			// fails at step 8 (a forbidden domain code point).
			{"https://exa%23mple.org", "", []string{"domain-percent-encoded@8", "domain-to-ASCII@8!"}},
			{"https://a b/", "", []string{"domain-to-ASCII@8!"}},
			{"https://exam%le.org", "", []string{"domain-to-ASCII@8!"}},
			// Not ASCII, and relaxed ToASCII fails too (CheckJoiners):
			// step 6.2.
			{"https://a\u200db.example/", "", []string{"domain-to-ASCII@8!"}},
			// The domain parser runs before the IPv4 parser.
			{"https://127.0.0.1./", "", []string{"domain-to-ASCII@8", "IPv4-empty-part@8"}},
		},
		[]valCase{
			{"https://example.com/", "", nil},
			{"https://EXAMPLE.com/", "", nil},
			{"https://faß.example/", "", nil},
			{"https://xn--fa-hia.example/", "", nil},
			// An opaque host does not go through the domain parser.
			{"sc://a_b/", "", nil},
			{"https://example.com/a_b", "", nil},
		},
	},
	{
		ErrDomainPercentEncoded,
		"host parser 4",
		[]valCase{
			{"https://exam%70le.org", "", []string{"domain-percent-encoded@8"}},
			{"file://loc%61lhost/", "", []string{"domain-percent-encoded@7"}},
		},
		[]valCase{
			{"sc://exam%70le.org", "", nil},
			{"https://example.org/%70", "", nil},
		},
	},
	{
		ErrHostInvalidCodePoint,
		"opaque-host parser 1",
		[]valCase{
			{"foo://exa[mple.org", "", []string{"host-invalid-code-point@6!"}},
			{"sc://a b/", "", []string{"host-invalid-code-point@5!"}},
			{"sc://a|b/", "", []string{"host-invalid-code-point!"}},
		},
		[]valCase{
			{"foo://example.org", "", nil},
			// A special URL's host goes to the domain parser instead.
			{"https://exa[mple.org", "", []string{"domain-to-ASCII@8!"}},
		},
	},
	{
		ErrIPv4EmptyPart,
		"IPv4 parser 2.1",
		[]valCase{
			{"https://127.0.0.1./", "", []string{"domain-to-ASCII@8", "IPv4-empty-part@8"}},
			{"https://1.2.3.4.5./", "", []string{"domain-to-ASCII", "IPv4-empty-part", "IPv4-too-many-parts!"}},
		},
		[]valCase{
			{"https://127.0.0.1/", "", nil},
			// Does not end in a number: not an IPv4 address.
			{"https://example.com./", "", []string{"domain-to-ASCII@8"}},
		},
	},
	{
		ErrIPv4TooFewParts,
		"IPv4 parser 3",
		[]valCase{
			{"https://1.2.3/", "", []string{"IPv4-too-few-parts@8"}},
			{"https://0x7f.1/", "", []string{"IPv4-too-few-parts@8", "IPv4-non-decimal-part@8"}},
			// One part: 0x7F000001, above 255 but within 32 bits.
			{"https://2130706433/", "", []string{"IPv4-too-few-parts@8", "IPv4-out-of-range-part@8"}},
		},
		[]valCase{
			{"https://1.2.3.4/", "", nil},
			{"sc://1.2.3/", "", nil},
		},
	},
	{
		ErrIPv4TooManyParts,
		"IPv4 parser 4",
		[]valCase{
			{"https://1.2.3.4.5/", "", []string{"IPv4-too-many-parts@8!"}},
		},
		[]valCase{
			{"https://1.2.3.4/", "", nil},
			{"https://1.2.3.4.5.example/", "", nil},
		},
	},
	{
		ErrIPv4NonNumericPart,
		"IPv4 parser 6.2",
		[]valCase{
			{"https://test.42", "", []string{"IPv4-too-few-parts@8", "IPv4-non-numeric-part@8!"}},
			// "09" is octal, and 9 is not an octal digit: failure, before
			// step 6.3 could signal IPv4-non-decimal-part.
			{"https://1.2.3.09", "", []string{"IPv4-non-numeric-part@8!"}},
		},
		[]valCase{
			{"https://test.example/", "", nil},
		},
	},
	{
		ErrIPv4NonDecimalPart,
		"IPv4 parser 6.3",
		[]valCase{
			{"https://127.0.0x0.1", "", []string{"IPv4-non-decimal-part@8"}},
			{"https://010.0.0.1/", "", []string{"IPv4-non-decimal-part@8"}},
			// Once per part.
			{"https://0x7f.0x0.0.1/", "", []string{"IPv4-non-decimal-part@8", "IPv4-non-decimal-part@8"}},
		},
		[]valCase{
			{"https://0.0.0.0/", "", nil},
			{"https://127.0.0.1/", "", nil},
		},
	},
	{
		ErrIPv4OutOfRangePart,
		"IPv4 parser 7 (it fails at 8 or 9)",
		[]valCase{
			{"https://255.255.4000.1", "", []string{"IPv4-out-of-range-part@8!"}},
			{"https://1.2.3.256/", "", []string{"IPv4-out-of-range-part@8!"}},
			// Only the last part exceeds 255, and it fits in the 24 bits
			// left to it: no failure.
			{"https://1.65535/", "", []string{"IPv4-too-few-parts@8", "IPv4-out-of-range-part@8"}},
		},
		[]valCase{
			{"https://1.2.3.255/", "", nil},
		},
	},
	{
		ErrIPv4NonASCIIInput,
		"host parser 8.1 (never a failure)",
		[]valCase{
			// The standard's example: IDNA maps each circled digit to an
			// ASCII digit, so the domain ends in a number.
			{"https://①.②.③.④", "", []string{"IPv4-non-ASCII-input@8"}},
			{"https://１２７.０.０.１/", "", []string{"IPv4-non-ASCII-input@8"}},
			{"https://0x7f。0。0。1/", "", []string{"IPv4-non-ASCII-input@8", "IPv4-non-decimal-part@8"}},
			// domain is the percent-decoding of input: its code points
			// count, not input's.
			{"https://%E2%91%A0.%E2%91%A1.%E2%91%A2.%E2%91%A3/", "", []string{"domain-percent-encoded@8", "IPv4-non-ASCII-input@8"}},
			// Signalled before the IPv4 parser fails.
			{"https://①.②.③.④.⑤.⑥/", "", []string{"IPv4-non-ASCII-input@8", "IPv4-too-many-parts@8!"}},
		},
		[]valCase{
			{"https://1.2.3.4/", "", nil},
			// Percent-decoded to ASCII digits.
			{"https://%31.2.3.4/", "", []string{"domain-percent-encoded@8"}},
			// Non-ASCII, but not ending in a number.
			{"https://①.example/", "", nil},
			{"https://bücher.example/", "", nil},
		},
	},
	{
		ErrIPv6Unclosed,
		"host parser 1.1",
		[]valCase{
			{"https://[::1", "", []string{"IPv6-unclosed@8!"}},
			{"sc://[::1/", "", []string{"IPv6-unclosed@5!"}},
		},
		[]valCase{
			{"https://[::1]/", "", nil},
		},
	},
	{
		ErrIPv6InvalidCompression,
		"IPv6 parser 5.1",
		[]valCase{
			{"https://[:1]", "", []string{"IPv6-invalid-compression@8!"}},
		},
		[]valCase{
			{"https://[::1]", "", nil},
		},
	},
	{
		ErrIPv6TooManyPieces,
		"IPv6 parser 6.1",
		[]valCase{
			{"https://[1:2:3:4:5:6:7:8:9]", "", []string{"IPv6-too-many-pieces@8!"}},
			{"https://[1:2:3:4:5:6:7:8::]", "", []string{"IPv6-too-many-pieces@8!"}},
		},
		[]valCase{
			{"https://[1:2:3:4:5:6:7:8]", "", nil},
			{"https://[1:2:3:4:5:6:7::]", "", nil}, // "::" stands for one piece: 8 in all
		},
	},
	{
		ErrIPv6MultipleCompression,
		"IPv6 parser 6.2.1",
		[]valCase{
			{"https://[1::1::1]", "", []string{"IPv6-multiple-compression@8!"}},
		},
		[]valCase{
			{"https://[1::1:1]", "", nil},
		},
	},
	{
		ErrIPv6InvalidCodePoint,
		"IPv6 parser 6.6.2 and 6.7",
		[]valCase{
			{"https://[1:2:3!:4]", "", []string{"IPv6-invalid-code-point@8!"}},
			{"https://[1:2:3:]", "", []string{"IPv6-invalid-code-point@8!"}},
		},
		[]valCase{
			{"https://[1:2:3::]", "", nil},
		},
	},
	{
		ErrIPv6TooFewPieces,
		"IPv6 parser 8",
		[]valCase{
			{"https://[1:2:3]", "", []string{"IPv6-too-few-pieces@8!"}},
		},
		[]valCase{
			{"https://[1:2:3::]", "", nil},
		},
	},
	{
		ErrIPv6PieceLeadingZero,
		"IPv6 parser 6.8",
		[]valCase{
			{"https://[::01]", "", []string{"IPv6-piece-leading-zero@8"}},
			{"https://[0001:02::]", "", []string{"IPv6-piece-leading-zero@8", "IPv6-piece-leading-zero@8"}},
		},
		[]valCase{
			{"https://[::1]", "", nil},
			{"https://[::0]", "", nil},
			{"https://[::abcd]", "", nil},
		},
	},
	{
		ErrIPv4InIPv6TooManyPieces,
		"IPv6 parser 6.5.3",
		[]valCase{
			{"https://[1:1:1:1:1:1:1:127.0.0.1]", "", []string{"IPv4-in-IPv6-too-many-pieces@8!"}},
		},
		[]valCase{
			{"https://[1:1:1:1:1:1:127.0.0.1]", "", nil},
		},
	},
	{
		ErrIPv4InIPv6InvalidCodePoint,
		"IPv6 parser 6.5.1, 6.5.5.2.2, 6.5.5.3 and 6.5.5.4.3",
		[]valCase{
			{"https://[ffff::.0.0.1]", "", []string{"IPv4-in-IPv6-invalid-code-point@8!"}},
			{"https://[ffff::127.0.xyz.1]", "", []string{"IPv4-in-IPv6-invalid-code-point@8!"}},
			{"https://[ffff::127.0xyz]", "", []string{"IPv4-in-IPv6-invalid-code-point@8!"}},
			{"https://[ffff::127.00.0.1]", "", []string{"IPv4-in-IPv6-invalid-code-point@8!"}},
			{"https://[ffff::127.0.0.1.2]", "", []string{"IPv4-in-IPv6-invalid-code-point@8!"}},
		},
		[]valCase{
			{"https://[ffff::127.0.0.1]", "", nil},
		},
	},
	{
		ErrIPv4InIPv6OutOfRangePart,
		"IPv6 parser 6.5.5.4.5",
		[]valCase{
			{"https://[ffff::127.0.0.4000]", "", []string{"IPv4-in-IPv6-out-of-range-part@8!"}},
		},
		[]valCase{
			{"https://[ffff::127.0.0.255]", "", nil},
		},
	},
	{
		ErrIPv4InIPv6TooFewParts,
		"IPv6 parser 6.5.6",
		[]valCase{
			{"https://[ffff::127.0.0]", "", []string{"IPv4-in-IPv6-too-few-parts@8!"}},
		},
		[]valCase{
			{"https://[ffff::127.0.0.1]", "", nil},
		},
	},
	{
		ErrInvalidURLUnit,
		"basic URL parser 1.2 and 2; path state 2.1 and 2.2; opaque path state 3.1, 4.1 and 4.2; " +
			"query state 3.1 and 3.2; fragment state 1.1 and 1.2; opaque-host parser 2 and 3",
		[]valCase{
			// The table's examples.
			{"https://example.org/>", "", []string{"invalid-URL-unit@20"}},
			{" https://example.org ", "", []string{"invalid-URL-unit@0"}},
			{"ht\ntps://example.org", "", []string{"invalid-URL-unit@2"}},
			{"https://example.org/%s", "", []string{"invalid-URL-unit@20"}},
			// Steps 1.2 and 2 signal once each, however many code points
			// they remove.
			{"https://example.org \t ", "", []string{"invalid-URL-unit@19"}},
			{"\th\tt\ttps://example.org", "", []string{"invalid-URL-unit@0", "invalid-URL-unit@1"}},
			// The path, query and fragment states signal once per code point.
			{"https://example.org/<>", "", []string{"invalid-URL-unit@20", "invalid-URL-unit@21"}},
			{"https://example.org/?a b#c d", "", []string{"invalid-URL-unit@22", "invalid-URL-unit@26"}},
			{"https://example.org/%%41%4", "", []string{"invalid-URL-unit@20", "invalid-URL-unit@24"}},
			{"https://example.org/\ufdd0", "", []string{"invalid-URL-unit@20"}},
			{"sc:/a\\b", "", []string{"invalid-URL-unit@5"}},
			{"sc:a b", "", []string{"invalid-URL-unit@4"}},
			{"sc:a%zb", "", []string{"invalid-URL-unit@4"}},
			// The opaque-host parser signals once per step: step 2 (the
			// `"` at 9), then step 3 (the "%" at 6).
			{"sc://a%zz\"b/", "", []string{"invalid-URL-unit@9", "invalid-URL-unit@6"}},
			{"sc://a\"b\"c/", "", []string{"invalid-URL-unit@6"}},
		},
		[]valCase{
			{"https://example.org/%41?%42#%43", "", nil},
			{"https://example.org/ü?ü#ü", "", nil},
			{"https://example.org/!$&'()*+,-.;=_~:@", "", nil},
			{"sc://a%41b/", "", nil},
			// The "|" is in the buffer of the file host state, which the
			// path state takes over without its checks.
			{"file://C|/x", "", []string{"file-invalid-Windows-drive-letter-host@7"}},
		},
	},
	{
		ErrSpecialSchemeMissingFollowingSolidus,
		"scheme state 2.5.1; special relative or authority state 2; special authority slashes state 2; " +
			"special authority ignore slashes state 2",
		[]valCase{
			{"file:c:/my-secret-folder", "", []string{"special-scheme-missing-following-solidus@4"}},
			{"https:example.org", "", []string{"special-scheme-missing-following-solidus@6"}},
			{"https:foo.html", "https://example.org/", []string{"special-scheme-missing-following-solidus@6"}},
			{"https:/example.org", "", []string{
				"special-scheme-missing-following-solidus@6", "special-scheme-missing-following-solidus@6",
			}},
			{"https:///example.org", "", []string{"special-scheme-missing-following-solidus@8"}},
			{"https:\\\\example.org", "", []string{
				"special-scheme-missing-following-solidus@6", "special-scheme-missing-following-solidus@6",
				"special-scheme-missing-following-solidus@7",
			}},
		},
		[]valCase{
			{"https://example.org/", "", nil},
			{"https://example.org//x", "", nil},
			{"file:///x", "", nil},
			{"sc:x", "", nil},
		},
	},
	{
		ErrMissingSchemeNonRelativeURL,
		"no scheme state 1",
		[]valCase{
			{"💩", "", []string{"missing-scheme-non-relative-URL@0!"}},
			{"💩", "mailto:user@example.org", []string{"missing-scheme-non-relative-URL@0!"}},
			{"", "", []string{"missing-scheme-non-relative-URL@0!"}},
		},
		[]valCase{
			{"#x", "mailto:user@example.org", nil},
			{"x", "https://example.org/", nil},
		},
	},
	{
		ErrInvalidReverseSolidus,
		"relative state 4; relative slash state 1.1; file state 3.1; file slash state 1.1; " +
			"path start state 1.1; path state 1.1",
		[]valCase{
			{"https://example.org\\path\\to\\file", "", []string{
				"invalid-reverse-solidus@19", "invalid-reverse-solidus@24", "invalid-reverse-solidus@27",
			}},
			{"\\x", "https://example.org/", []string{"invalid-reverse-solidus@0"}},
			{"/\\x", "https://example.org/", []string{"invalid-reverse-solidus@1"}},
			{"file:\\\\host\\x", "", []string{
				"special-scheme-missing-following-solidus@4",
				"invalid-reverse-solidus@5", "invalid-reverse-solidus@6", "invalid-reverse-solidus@11",
			}},
		},
		[]valCase{
			{"https://example.org/path/to/file", "", nil},
			{"sc:/a\\b", "", []string{"invalid-URL-unit@5"}},
		},
	},
	{
		ErrInvalidCredentials,
		"authority state 1.1",
		[]valCase{
			{"https://user@example.org", "", []string{"invalid-credentials@12"}},
			{"ssh://user@example.org", "", []string{"invalid-credentials@10"}},
			{"https://user:pass@example.org/", "", []string{"invalid-credentials@17"}},
			{"https://a@b@c/", "", []string{"invalid-credentials@9", "invalid-credentials@11"}},
		},
		[]valCase{
			{"https://example.org/@x", "", nil},
			{"https://example.org/?a=@", "", nil},
		},
	},
	{
		ErrHostMissing,
		"authority state 2.1; host state 2.1 and 3.1",
		[]valCase{
			{"https://#fragment", "", []string{"host-missing@8!"}},
			{"https://:443", "", []string{"host-missing@8!"}},
			{"https://user:pass@", "", []string{"invalid-credentials@17", "host-missing@18!"}},
			{"sc://:12/", "", []string{"host-missing@5!"}},
		},
		[]valCase{
			{"sc://#fragment", "", nil},
			{"sc:///x", "", nil},
		},
	},
	{
		ErrPortOutOfRange,
		"port state 2.1.2",
		[]valCase{
			{"https://example.org:70000", "", []string{"port-out-of-range@20!"}},
		},
		[]valCase{
			{"https://example.org:65535", "", nil},
		},
	},
	{
		ErrPortInvalid,
		"port state 3",
		[]valCase{
			{"https://example.org:7z", "", []string{"port-invalid@21!"}},
		},
		[]valCase{
			{"https://example.org:7/z", "", nil},
		},
	},
	{
		ErrFileInvalidWindowsDriveLetter,
		"file state 4.4.3.1",
		[]valCase{
			{"C|/foo", "file:///tmp/", []string{"file-invalid-Windows-drive-letter@0", "invalid-URL-unit@1"}},
			{"file:c:/x", "file:///tmp/", []string{
				"special-scheme-missing-following-solidus@4", "file-invalid-Windows-drive-letter@5",
			}},
		},
		[]valCase{
			// The standard's table gives this as its example, but its steps
			// do not signal the error here: the input starts with "/", so
			// the file state goes to the file slash state, which has no such
			// step.
			{"/c:/path/to/file", "file:///c:/", nil},
			// "c:" is a scheme.
			{"c:/x", "file:///tmp/", nil},
			{"file:c:/x", "", []string{"special-scheme-missing-following-solidus@4"}},
		},
	},
	{
		ErrFileInvalidWindowsDriveLetterHost,
		"file host state 1.1",
		[]valCase{
			{"file://c:", "", []string{"file-invalid-Windows-drive-letter-host@7"}},
			{"file://C|/x", "", []string{"file-invalid-Windows-drive-letter-host@7"}},
		},
		[]valCase{
			{"file:///c:/", "", nil},
			{"file://host/c:", "", nil},
		},
	},
}

func TestValidationErrorTable(t *testing.T) {
	covered := map[ValidationErrorKind]bool{}
	for _, row := range validationErrorTable {
		t.Run(row.kind.String(), func(t *testing.T) {
			if len(row.signal) == 0 || len(row.none) == 0 {
				t.Errorf("want inputs that signal %v and inputs that do not", row.kind)
			}
			for _, c := range row.signal {
				t.Run(c.name(), func(t *testing.T) {
					c.check(t)
					_, got, _ := recordParse(c.input, c.base, false)
					if !slices.ContainsFunc(got, func(e ValidationError) bool { return e.Kind == row.kind }) {
						t.Errorf("does not signal %v (%s)", row.kind, row.steps)
					}
				})
			}
			for _, c := range row.none {
				t.Run(c.name(), func(t *testing.T) {
					c.check(t)
					_, got, _ := recordParse(c.input, c.base, false)
					if slices.ContainsFunc(got, func(e ValidationError) bool { return e.Kind == row.kind }) {
						t.Errorf("signals %v", row.kind)
					}
				})
			}
		})
		covered[row.kind] = true
	}
	for k := ErrDomainToASCII; k < numValidationErrorKinds; k++ {
		// ErrDomainToUnicode: see TestDomainToUnicodeValidationError.
		if !covered[k] && k != ErrDomainToUnicode {
			t.Errorf("no row for %v", k)
		}
	}
}

// TestDomainToUnicodeValidationError checks the one kind the URL parser
// cannot signal: domain-to-Unicode belongs to "domain to Unicode"
// (https://url.spec.whatwg.org/#concept-domain-to-unicode), which renders a
// host, and the standard (as of whatwg/url fde3f74) has no row for it.
func TestDomainToUnicodeValidationError(t *testing.T) {
	for _, tc := range []struct {
		domain, want string
		signal       bool
	}{
		{"xn--a.example", "xn--a.example", true},       // invalid Punycode
		{"xn--8i7caa", "xn--8i7caa", true},             // decodes to code points that are mapped
		{"a\u200db.example", "a\u200db.example", true}, // CheckJoiners
		{"xn--53h.example", "☕.example", false},
		{"example.com", "example.com", false},
		{"xn--fa-hia.example", "faß.example", false},
	} {
		t.Run(tc.domain, func(t *testing.T) {
			var got []string
			out := domainToUnicode(tc.domain, recordErrors(&got))
			var want []string
			if tc.signal {
				want = []string{"domain-to-Unicode"}
			}
			if out != tc.want || !slices.Equal(got, want) {
				t.Errorf("domainToUnicode(%q) = %q with %q, want %q with %q", tc.domain, out, got, tc.want, want)
			}
			if DomainToUnicode(tc.domain) != tc.want {
				t.Errorf("DomainToUnicode(%q) = %q, want %q", tc.domain, DomainToUnicode(tc.domain), tc.want)
			}
		})
	}
	// The URL parser never signals it, not even for such a domain.
	_, got, _ := recordParse("https://xn--a.example/", "", false)
	if slices.ContainsFunc(got, func(e ValidationError) bool { return e.Kind == ErrDomainToUnicode }) {
		t.Errorf("the URL parser signals domain-to-Unicode: %q", formatErrors(got))
	}
}

// TestNoValidationErrors checks inputs that are valid URL strings: the
// parser signals nothing for them.
func TestNoValidationErrors(t *testing.T) {
	for _, c := range []valCase{
		{"https://example.com/", "", nil},
		{"https://example.com/././foo", "", nil},
		{"https://EXAMPLE.com/../x", "", nil},
		{"https://example.org//", "", nil},
		{"https://example/%25?%25#%25", "", nil},
		{"https://example.com:8080/a?b=c&d#e", "", nil},
		{"https://[2001:db8::1]:443/", "", nil},
		{"http://192.0.2.1/", "", nil},
		{"file:///C:/demo", "", nil},
		{"file://localhost/", "", nil},
		{"hello:world", "https://example.com/", nil},
		{"example", "https://example.com/demo", nil},
		{"..", "file:///C:/demo", nil},
		{"mailto:user@example.org", "", nil},
		{"sc://host/path", "", nil},
		{"data:text/plain,hello", "", nil},
	} {
		t.Run(c.name(), c.check)
	}
}

// specPath is where url.bs, the source of the standard, is: $URL_SPEC, else
// the project's newest copy beside the repository, else the copy in
// testdata/spec (see its README).
func specPath() string {
	if p := os.Getenv("URL_SPEC"); p != "" {
		return p
	}
	if p := filepath.Join("..", "shared", "spec", "url.bs"); fileExists(p) {
		return p
	}
	return filepath.Join("testdata", "spec", "url.bs")
}

func fileExists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}

// standardErrorTable reads the table of validation errors from url.bs: each
// row's name and whether its Failure column says "Yes".
func standardErrorTable(t *testing.T) (names []string, failure map[string]bool) {
	t.Helper()
	data, err := os.ReadFile(specPath())
	if err != nil {
		t.Fatalf("url.bs: %v", err)
	}
	s := string(data)
	start := strings.Index(s, `<h3 id=writing>`)
	end := strings.Index(s, `<h3 id=parsers>`)
	if start < 0 || end < start {
		t.Fatal("url.bs: no table of validation errors")
	}
	s = s[start:end]
	row := regexp.MustCompile(`(?s)<td><dfn[^>]*>([^<]+)</dfn>.*?<td class=(yes|no)>`)
	failure = map[string]bool{}
	for _, m := range row.FindAllStringSubmatch(s, -1) {
		names = append(names, m[1])
		failure[m[1]] = m[2] == "yes"
	}
	if len(names) < 30 {
		t.Fatalf("url.bs: found %d rows of validation errors", len(names))
	}
	return names, failure
}

// TestValidationErrorKindsMatchStandard checks the kinds against the rows of
// the standard's table: the same names, in the same order, and CanFail as
// its Failure column says.
func TestValidationErrorKindsMatchStandard(t *testing.T) {
	names, failure := standardErrorTable(t)
	var ours []string
	for k := ErrDomainToASCII; k < numValidationErrorKinds; k++ {
		if k == ErrDomainToUnicode {
			continue // not in the standard's table: see its doc comment
		}
		ours = append(ours, k.String())
		if k.CanFail() != failure[k.String()] {
			t.Errorf("%v: CanFail() = %v, the table's Failure column says %v", k, k.CanFail(), failure[k.String()])
		}
	}
	if !slices.Equal(ours, names) {
		t.Errorf("kinds %q\nthe standard's table %q", ours, names)
	}
	if ErrDomainToUnicode.CanFail() {
		t.Error("domain-to-Unicode: CanFail() = true")
	}
}

// TestWPTValidationErrorsMatchModel compares the validation errors of every
// input of urltestdata.json with those of the model of the standard's steps:
// kinds, order, failure flags and offsets.
func TestWPTValidationErrorsMatchModel(t *testing.T) {
	for _, file := range []string{"urltestdata.json", "urltestdata-javascript-only.json"} {
		t.Run(file, func(t *testing.T) {
			for _, tc := range wptCases[urlTestCase](t, file) {
				t.Run(tc.name(), func(t *testing.T) {
					_, got, _ := recordParse(tc.Input, tc.baseOrEmpty(), false)
					var base *URL
					if tc.Base != nil {
						b := MustParse(*tc.Base)
						base = &b
					}
					want, _ := modelValidationErrors(tc.Input, base)
					if !slices.Equal(formatErrors(got), formatErrors(want)) {
						t.Errorf("errors %q, the model has %q", formatErrors(got), formatErrors(want))
					}
				})
			}
		})
	}
}

// TestWPTFailureKinds checks that every failure case of urltestdata.json
// fails with a kind whose row in the standard's table says Failure "Yes",
// that the failure is the last validation error reported and the only one
// with Failure set.
func TestWPTFailureKinds(t *testing.T) {
	canFail := ValidationErrorKind.CanFail // checked against url.bs by TestValidationErrorKindsMatchStandard
	n := 0
	for _, tc := range wptCases[urlTestCase](t, "urltestdata.json") {
		if !tc.Failure {
			continue
		}
		n++
		t.Run(tc.name(), func(t *testing.T) {
			_, got, err := recordParse(tc.Input, tc.baseOrEmpty(), false)
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v, want a *ParseError", err)
			}
			if !canFail(pe.Kind) {
				t.Errorf("fails with %v, whose Failure column is not Yes", pe.Kind)
			}
			if !errors.Is(err, pe.Kind) {
				t.Errorf("errors.Is(err, %v) is false", pe.Kind)
			}
			failures := 0
			for _, e := range got {
				if e.Failure {
					failures++
				}
			}
			if len(got) == 0 || failures != 1 || !got[len(got)-1].Failure || got[len(got)-1].Kind != pe.Kind {
				t.Errorf("fails with %v; reported %q", pe.Kind, formatErrors(got))
			}
		})
	}
	if n == 0 {
		t.Fatal("no failure cases")
	}
}

// wptFailures maps each kind at which failure cases of urltestdata.json
// fail to some of those cases (input, and base when there is one), with the
// step that fails them. TestWPTFailureKindsByName checks that each fails
// with its kind and that no failure case fails with a kind not listed here.
var wptFailures = map[ValidationErrorKind][][2]string{
	// Domain parser: the relaxed result is empty or holds a forbidden domain
	// code point (steps 7 and 8), or relaxed ToASCII fails (step 6.2).
	ErrDomainToASCII: {
		{"http://a b/", ""},                           // " " (step 8)
		{"http://ho%3Ast/", ""},                       // ":" after percent-decoding
		{"http://a%b/", ""},                           // "%" itself
		{"file://example:1/", ""},                     // a file URL has no port: ":" stays in the host
		{"http://\ufdd0zyx.com", "http://other.com/"}, // a noncharacter: ToASCII fails (step 6.2)
		{"https://\u00ad/", ""},                       // maps to nothing: the result is empty (step 7)
		{"http://%3g%78%63%30%2e%30%32%35%30%2E.01", "http://other.com/"}, // "%" again
	},
	// Host parser 1.1.
	ErrIPv6Unclosed: {{"non-special://[:80/", ""}},
	// IPv6 parser 5.1.
	ErrIPv6InvalidCompression: {{"http://[:]", "http://other.com/"}, {"urn://[:1]", ""}},
	// IPv6 parser 6.1.
	ErrIPv6TooManyPieces: {{"http://[0:1:2:3:4:5:6:7:8]", "http://example.net/"}},
	// IPv6 parser 6.2.1.
	ErrIPv6MultipleCompression: {{"https://[0::0::0]", ""}},
	// IPv6 parser 6.7 ("w", "g", "%") and 6.6.2 (ends after ":").
	ErrIPv6InvalidCodePoint: {
		{"http://[www.google.com]/", ""}, {"http://[::%31]", "http://other.com/"}, {"https://[0:0:]", ""},
	},
	// IPv6 parser 8.
	ErrIPv6TooFewPieces: {{"http://[]", "http://other.com/"}},
	// IPv6 parser 6.5.3.
	ErrIPv4InIPv6TooManyPieces: {{"https://[0:1:2:3:4:5:6:7.0.0.0.1]", ""}},
	// IPv6 parser 6.5.5.2.2 (a fifth part, a trailing "."), 6.5.5.3 (not a
	// digit) and 6.5.5.4.3 (a leading 0).
	ErrIPv4InIPv6InvalidCodePoint: {
		{"http://[::127.0.0.0.1]", ""}, {"http://[::127.0.0.1.]", "http://example.org/foo/bar"},
		{"http://[::1.2.3.4x]", "http://other.com/"}, {"https://[0:1.00.0.0.0]", ""},
	},
	// IPv6 parser 6.5.5.4.5.
	ErrIPv4InIPv6OutOfRangePart: {{"https://[0:1.290.0.0.0]", ""}},
	// IPv6 parser 6.5.6.
	ErrIPv4InIPv6TooFewParts: {{"https://[0:1.23.23]", ""}},
	// IPv4 parser 4.
	ErrIPv4TooManyParts: {{"http://1.2.3.4.5", "http://other.com/"}, {"http://foo.1.2.3.4", ""}},
	// IPv4 parser 6.2: "foo", "09", "0x" followed by a non-hex digit.
	ErrIPv4NonNumericPart: {
		{"http://foo.2.3.4", ""}, {"http://1.2.3.09", ""}, {"http://foo.0x4", ""}, {"http://💩.123/", ""},
	},
	// IPv4 parser 8 (a part before the last above 255) and 9 (the last
	// part too large).
	ErrIPv4OutOfRangePart: {
		{"http://192.168.0.257", "http://other.com/"}, {"http://256.256.256.256", "http://other.com/"},
		{"http://4294967296", "http://other.com/"}, {"https://0x100000000/test", ""},
	},
	// Opaque-host parser 1.
	ErrHostInvalidCodePoint: {{"sc://a b/", ""}, {"sc://a^b", ""}, {"non-special://host\\a", ""}},
	// No scheme state 1: no base, or a base with an opaque path.
	ErrMissingSchemeNonRelativeURL: {{"", ""}, {"a", ""}, {"i", "sc:sd"}, {"test-a-colon.html", "a:"}},
	// Authority state 2.1 ("@" then nothing), host state 2.1 (":" first)
	// and 3.1 (a special URL with an empty host).
	ErrHostMissing: {
		{"http://user:pass@/", ""}, {"sc://@/", ""}, {"sc://:12/", ""}, {"http://#", ""},
		{"http:", "https://example.org/foo/bar"},
	},
	// Port state 2.1.2.
	ErrPortOutOfRange: {{"http://f:999999/c", "http://example.org/foo/bar"}, {"non-special://f:999999/c", "http://example.org/foo/bar"}},
	// Port state 3.
	ErrPortInvalid: {
		{"http://f:b/c", "http://example.org/foo/bar"}, {"http://2001::1", "http://example.org/foo/bar"},
		{"http://foo:-80/", ""},
	},
}

// TestWPTFailureKindsByName names, for each kind at which a failure case of
// urltestdata.json fails, cases that fail with it, and checks that the kinds
// that occur are exactly those.
func TestWPTFailureKindsByName(t *testing.T) {
	occur := map[ValidationErrorKind]int{}
	type key struct{ input, base string }
	kindOf := map[key]ValidationErrorKind{}
	for _, tc := range wptCases[urlTestCase](t, "urltestdata.json") {
		if !tc.Failure {
			continue
		}
		_, _, err := recordParse(tc.Input, tc.baseOrEmpty(), false)
		var pe *ParseError
		if errors.As(err, &pe) {
			occur[pe.Kind]++
			kindOf[key{tc.Input, tc.baseOrEmpty()}] = pe.Kind
		}
	}
	for k, n := range occur {
		if _, ok := wptFailures[k]; !ok {
			t.Errorf("%d failure cases fail with %v, which wptFailures does not list", n, k)
		}
	}
	for k, cases := range wptFailures {
		if occur[k] == 0 {
			t.Errorf("%v: listed, but no failure case fails with it", k)
		}
		for _, c := range cases {
			got, ok := kindOf[key{c[0], c[1]}]
			switch {
			case !ok:
				t.Errorf("%q against %q: not a failure case of urltestdata.json", c[0], c[1])
			case got != k:
				t.Errorf("%q against %q: fails with %v, want %v", c[0], c[1], got, k)
			}
		}
	}
	t.Logf("%d kinds of failure", len(occur))
}

// inputCase is an input with its base URL ("" for none).
type inputCase struct{ input, base string }

func (c inputCase) name() string { return valCase{input: c.input, base: c.base}.name() }

// validationInputs returns the inputs of urltestdata.json and
// urltestdata-javascript-only.json with their bases, the hosts of
// toascii.json as https://HOST/x, the tables of this file, and the hrefs of
// setters_tests.json.
func validationInputs(t *testing.T) []inputCase {
	var cases []inputCase
	for _, file := range []string{"urltestdata.json", "urltestdata-javascript-only.json"} {
		for _, tc := range wptCases[urlTestCase](t, file) {
			cases = append(cases, inputCase{tc.Input, tc.baseOrEmpty()})
		}
	}
	for _, tc := range wptCases[hostTestCase](t, "toascii.json") {
		cases = append(cases, inputCase{"https://" + tc.Input + "/x", ""}, inputCase{"sc://" + tc.Input + "/x", ""})
	}
	for _, tc := range decodeSetterTests(t, "setters_tests.json", wptFile(t, "setters_tests.json")) {
		cases = append(cases, inputCase{tc.Href, ""})
	}
	for _, row := range validationErrorTable {
		for _, c := range append(slices.Clone(row.signal), row.none...) {
			cases = append(cases, inputCase{c.input, c.base})
		}
	}
	return cases
}

// TestStrict checks Parser.Strict on every input of validationInputs: it
// rejects exactly the inputs that signal a validation error (or fail), with
// the first of them, which is the only error it reports and has Failure set;
// it accepts the others, to the same URL as without Strict; and
// IsValidURLString agrees with it.
func TestStrict(t *testing.T) {
	accepted, rejected := 0, 0
	for _, c := range validationInputs(t) {
		t.Run(c.name(), func(t *testing.T) {
			u, errs, err := recordParse(c.input, c.base, false)
			su, serrs, serr := recordParse(c.input, c.base, true)
			valid := IsValidURLString(c.input)
			if c.base != "" {
				valid = IsValidURLStringWithBase(c.input, c.base)
			}
			if len(errs) == 0 {
				accepted++
				if err != nil || serr != nil {
					t.Errorf("no validation error, but %v (strict: %v)", err, serr)
				} else if su != u {
					t.Errorf("strict parse %q, want %q", su.Href(), u.Href())
				}
				if len(serrs) != 0 {
					t.Errorf("strict reports %q", formatErrors(serrs))
				}
				if !valid {
					t.Errorf("no validation error, but IsValidURLString is false")
				}
				return
			}
			rejected++
			want := errs[0]
			want.Failure = true
			var pe *ParseError
			if !errors.As(serr, &pe) || pe.Kind != want.Kind || !errors.Is(serr, want.Kind) {
				t.Errorf("strict error %v, want the first validation error, %v", serr, want.Kind)
			}
			if len(serrs) != 1 || serrs[0] != want {
				t.Errorf("strict reports %q, want %q", formatErrors(serrs), formatErrors([]ValidationError{want}))
			}
			if su.IsValid() || valid {
				t.Errorf("strict parse %q, IsValidURLString %v", su.Href(), valid)
			}
		})
	}
	t.Logf("strict accepts %d inputs and rejects %d", accepted, rejected)
	if accepted == 0 || rejected == 0 {
		t.Error("want inputs of both kinds")
	}
}

func TestStrictFailsAtFirstError(t *testing.T) {
	// The standard fails at host-missing; strict mode fails earlier, at
	// invalid-credentials.
	_, errs, err := recordParse("https://user@:80/", "", true)
	if !errors.Is(err, ErrInvalidCredentials) || !slices.Equal(formatErrors(errs), []string{"invalid-credentials@12!"}) {
		t.Errorf("strict: %v, %q", err, formatErrors(errs))
	}
	_, errs, err = recordParse("https://user@:80/", "", false)
	if !errors.Is(err, ErrHostMissing) || !slices.Equal(formatErrors(errs), []string{"invalid-credentials@12", "host-missing@13!"}) {
		t.Errorf("not strict: %v, %q", err, formatErrors(errs))
	}
	// Strict without OnValidationError.
	p := Parser{Strict: true}
	if _, err := p.Parse("https://example.org/a\\b"); !errors.Is(err, ErrInvalidReverseSolidus) {
		t.Errorf("strict: %v, want invalid-reverse-solidus", err)
	}
	if u, err := p.Parse("https://example.org/a/b"); err != nil || u.Href() != "https://example.org/a/b" {
		t.Errorf("strict: %v, %v", u, err)
	}
	// Only input's errors count, not base's.
	if u, err := p.ParseWithBase("b", "https://user@example.org/a\\"); err != nil || u.Href() != "https://user@example.org/a/b" {
		t.Errorf("strict with a base that has errors: %v, %v", u, err)
	}
	if !IsValidURLStringWithBase("b", "https://user@example.org/a\\") || IsValidURLStringWithBase("b", "not a url") {
		t.Error("IsValidURLStringWithBase: base's errors counted, or a base that fails accepted")
	}
}

// urlParsingExamples are the rows of the standard's example of URL parsing
// (https://url.spec.whatwg.org/#example-url-parsing): input, base, whether
// it is a valid URL string, and the output ("" for failure).
var urlParsingExamples = []struct {
	input, base string
	valid       bool
	output      string
}{
	{"https:example.org", "", false, "https://example.org/"},
	{"https://////example.com///", "", false, "https://example.com///"},
	{"https://example.com/././foo", "", true, "https://example.com/foo"},
	{"hello:world", "https://example.com/", true, "hello:world"},
	{"https:example.org", "https://example.com/", false, "https://example.com/example.org"},
	{`\example\..\demo/.\`, "https://example.com/", false, "https://example.com/demo/"},
	{"example", "https://example.com/demo", true, "https://example.com/example"},
	{"file:///C|/demo", "", false, "file:///C:/demo"},
	{"..", "file:///C:/demo", true, "file:///C:/"},
	{"file://localhost/", "", true, "file:///"},
	{"file://loc%61lhost/", "", false, "file:///"},
	{"https://user:password@example.org/", "", false, "https://user:password@example.org/"},
	{"https://example.org/foo bar", "", false, "https://example.org/foo%20bar"},
	{"https://EXAMPLE.com/../x", "", true, "https://example.com/x"},
	{"https://ex ample.org/", "", false, ""},
	{"example", "", false, ""},
	{"https://example.com:demo", "", false, ""},
	{"http://[www.example.com]/", "", false, ""},
	{"https://example.org//", "", true, "https://example.org//"},
	{"https://example.com/[]?[]#[]", "", false, "https://example.com/[]?[]#[]"},
	{"https://example/%?%#%", "", false, "https://example/%?%#%"},
	{"https://example/%25?%25#%25", "", true, "https://example/%25?%25#%25"},
}

func TestIsValidURLStringExamples(t *testing.T) {
	for _, ex := range urlParsingExamples {
		t.Run(inputCase{ex.input, ex.base}.name(), func(t *testing.T) {
			valid := IsValidURLString(ex.input)
			var u URL
			var err error
			if ex.base != "" {
				valid = IsValidURLStringWithBase(ex.input, ex.base)
				u, err = ParseWithBase(ex.input, ex.base)
			} else {
				u, err = Parse(ex.input)
			}
			_, errs, _ := recordParse(ex.input, ex.base, true)
			if valid != ex.valid || (len(errs) == 0) != ex.valid {
				t.Errorf("IsValidURLString %v, strict errors %q, want valid %v", valid, formatErrors(errs), ex.valid)
			}
			if (err == nil) != (ex.output != "") || err == nil && u.Href() != ex.output {
				t.Errorf("%q, %v; want %q", u.Href(), err, ex.output)
			}
		})
	}
	// The rows above are the standard's: check them against url.bs.
	data, err := os.ReadFile(specPath())
	if err != nil {
		t.Fatalf("url.bs: %v", err)
	}
	s := string(data)
	i := strings.Index(s, "<div class=example id=example-url-parsing>")
	j := strings.Index(s[i:], "</table>")
	if i < 0 || j < 0 {
		t.Fatal("url.bs: no example-url-parsing table")
	}
	row := regexp.MustCompile(`<tr>\s*<td><code>([^<]*)</code>\s*<td>(?:<code>([^<]*)</code>)?\s*<td>(✅|❌)`)
	rows := row.FindAllStringSubmatch(s[i:i+j], -1)
	if len(rows) != len(urlParsingExamples) {
		t.Fatalf("url.bs has %d rows, the test %d", len(rows), len(urlParsingExamples))
	}
	for k, m := range rows {
		ex := urlParsingExamples[k]
		if m[1] != ex.input || m[2] != ex.base || (m[3] == "✅") != ex.valid {
			t.Errorf("url.bs row %d is %q, the test has %+v", k, m[1:], ex)
		}
	}
}

// TestValidURLStringMatchesParser compares IsValidURLString(WithBase), which
// implements the grammar of the writing section, with the parser's
// validation errors on every input of validationInputs: valid exactly when
// the parser signals nothing. It also checks IsValidHostString against the host parser on
// their hosts.
func TestValidURLStringMatchesParser(t *testing.T) {
	n := 0
	for _, c := range validationInputs(t) {
		t.Run(c.name(), func(t *testing.T) {
			valid := IsValidURLString(c.input)
			if c.base != "" {
				valid = IsValidURLStringWithBase(c.input, c.base)
			}
			_, errs, err := recordParse(c.input, c.base, false)
			if parserValid := len(errs) == 0 && err == nil; valid != parserValid {
				t.Errorf("IsValidURLString %v, validation errors %q", valid, formatErrors(errs))
			}
			if valid {
				n++
			}
			if u, err := Parse(c.input); err == nil && u.IsSpecial() && u.Hostname() != "" {
				for _, h := range []string{u.Hostname(), strings.ToUpper(u.Hostname())} {
					if got, want := IsValidHostString(h), hostParserValid(h); got != want {
						t.Errorf("IsValidHostString(%q) = %v, the host parser says %v", h, got, want)
					}
				}
			}
		})
	}
	t.Logf("%d valid URL strings", n)
	// A host that IDNA maps onto an IPv4 address is not a valid host
	// string; since whatwg/url fde3f74 the host parser says so too, with
	// IPv4-non-ASCII-input.
	for _, input := range []string{"https://0.0。0.0/", "https://１.２.３.４/"} {
		_, errs, err := recordParse(input, "", true)
		if err == nil || len(errs) != 1 || errs[0].Kind != ErrIPv4NonASCIIInput || IsValidURLString(input) {
			t.Errorf("%q: strict %v %q, IsValidURLString %v; want IPv4-non-ASCII-input, and not valid", input, err, formatErrors(errs), IsValidURLString(input))
		}
	}
}

// hostParserValid reports whether the host parser (as for a special URL)
// parses h without validation errors.
func hostParserValid(h string) bool {
	if h == "" {
		return false
	}
	var errs []string
	_, _, fail := appendHost(nil, h, false, recordErrors(&errs))
	return fail == 0 && len(errs) == 0
}

func TestIsValidHostString(t *testing.T) {
	for _, tc := range []struct {
		host  string
		valid bool
	}{
		{"example.com", true},
		{"EXAMPLE.com", true},
		{"faß.example", true},
		{"xn--fa-hia.example", true},
		{"localhost", true},
		{"192.0.2.1", true},
		{"0.0.0.0", true},
		{"255.255.255.255", true},
		{"[2001:db8::1]", true},
		{"[::]", true},
		{"[::ffff:192.0.2.1]", true},
		{"[1:2:3:4:5:6:7:8]", true},
		{"[1:2:3:4:5:6:7::]", true},
		{"[1:2:3:4:5:6:1.2.3.4]", true},
		{"", false},
		{"exam%70le.com", false},      // domain-percent-encoded
		{"a_b.example", false},        // domain-to-ASCII
		{"example.com.", false},       // domain-to-ASCII: the empty root label
		{"xn--a.example", false},      // domain-to-ASCII: bad Punycode
		{"example.123", false},        // IPv4-non-numeric-part
		{"0x7f.0.0.1", false},         // IPv4-non-decimal-part
		{"01.2.3.4", false},           // IPv4-non-decimal-part
		{"127.1", false},              // IPv4-too-few-parts
		{"127.0.0.1.", false},         // IPv4-empty-part
		{"256.0.0.1", false},          // IPv4-out-of-range-part
		{"[::01]", false},             // IPv6-piece-leading-zero
		{"[::1", false},               // IPv6-unclosed
		{"[1::2:3:4:5:6:7:8]", false}, // IPv6-too-many-pieces
		{"[::1.2.3]", false},          // IPv4-in-IPv6-too-few-parts
		{"a b", false},
		// No validation error, but not a valid host string: see valid.go.
		{"0.0。0.0", false},
	} {
		t.Run(tc.host, func(t *testing.T) {
			if got := IsValidHostString(tc.host); got != tc.valid {
				t.Errorf("IsValidHostString(%q) = %v, want %v", tc.host, got, tc.valid)
			}
			if got := hostParserValid(tc.host); got != tc.valid && tc.host != "0.0。0.0" {
				t.Errorf("host parser: %q valid %v, want %v", tc.host, got, tc.valid)
			}
		})
	}
	// Every IPv4 address written with parts from this list: valid exactly
	// when each part is a shortest decimal number up to 255.
	parts := []string{"0", "1", "9", "10", "99", "100", "255", "256", "00", "01", "0x1", "1000", ""}
	for _, a := range parts {
		for _, b := range parts {
			for _, d := range []string{"0", "255", "256", "01"} {
				h := a + "." + b + ".0." + d
				if got, want := IsValidHostString(h), hostParserValid(h); got != want {
					t.Errorf("IsValidHostString(%q) = %v, want %v", h, got, want)
				}
			}
		}
	}
	// IPv6 addresses from pieces: compressed or not, with and without an
	// IPv4 part and leading zeros.
	pieces := []string{"1", "ff", "0", "00", "0ab", "ffff", "1.2.3.4", "1.2.3.04", "g"}
	for n := 0; n <= 9; n++ {
		for _, p := range pieces {
			for compress := -1; compress <= n; compress++ {
				var list []string
				for i := 0; i < n; i++ {
					list = append(list, "1")
				}
				if n > 0 {
					list[n/2] = p
				}
				s := strings.Join(list, ":")
				if compress >= 0 {
					s = strings.Join(list[:compress], ":") + "::" + strings.Join(list[compress:], ":")
				}
				h := "[" + s + "]"
				if got, want := IsValidHostString(h), hostParserValid(h); got != want {
					t.Errorf("IsValidHostString(%q) = %v, want %v", h, got, want)
				}
			}
		}
	}
}

func TestIsValidDomain(t *testing.T) {
	for _, tc := range []struct {
		domain string
		valid  bool
	}{
		{"example.com", true},
		{"EXAMPLE.com", true},
		{"faß.example", true},
		{"☕.example", true},
		{"xn--53h.example", true},
		{"a-b.example", true},
		{"123.example", true},
		{"", false},
		{"a_b.example", false},
		{"-a.example", false},
		{"a-.example", false},
		{"ab--c.example", false},
		{"xn--a.example", false},
		{"example.com.", false},
		{"a..b", false},
		{strings.Repeat("a", 64) + ".example", false},
		{strings.Repeat("a", 63) + ".example", true},
		{"example.123", false},
		{"127.0.0.1", false},
		{"example.0x1f", false},
		{"exam%70le.com", false}, // not percent-decoded: "%" is not allowed
		{"a\u200db.example", false},
		{"a\xffb.example", false},
	} {
		t.Run(tc.domain, func(t *testing.T) {
			if got := IsValidDomain(tc.domain); got != tc.valid {
				t.Errorf("IsValidDomain(%q) = %v, want %v", tc.domain, got, tc.valid)
			}
		})
	}
}

// FuzzValidationErrors compares the validation errors of the parser with
// those of the model of the standard's steps, and IsValidURLString with the
// grammar, on any input, with no base and with a few bases.
func FuzzValidationErrors(f *testing.F) {
	for _, s := range seedInputs(f) {
		f.Add(s)
	}
	for _, row := range validationErrorTable {
		for _, c := range row.signal {
			f.Add(c.input)
		}
	}
	bases := []string{"", "https://example.org/a/b", "file:///C:/x/y", "sc://h/p", "mailto:x"}
	f.Fuzz(func(t *testing.T, input string) {
		for _, b := range bases {
			var base *URL
			if b != "" {
				u := MustParse(b)
				base = &u
			}
			_, got, err := recordParse(input, b, false)
			want, wantFail := modelValidationErrors(input, base)
			if !slices.Equal(formatErrors(got), formatErrors(want)) || (err == nil) != (wantFail == 0) {
				t.Fatalf("%q against %q: errors %q (%v), the model has %q (%v)",
					input, b, formatErrors(got), err, formatErrors(want), wantFail)
			}
			parserValid := len(got) == 0 && err == nil
			valid := IsValidURLString(input)
			if b != "" {
				valid = IsValidURLStringWithBase(input, b)
			}
			if valid != parserValid {
				t.Fatalf("%q against %q: IsValidURLString %v, validation errors %q", input, b, valid, formatErrors(got))
			}
		}
	})
}
