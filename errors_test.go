package url

import (
	"context"
	"errors"
	"go/ast"
	goparser "go/parser"
	"go/token"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"
	"weak"

	"github.com/webstd/url/internal/errcheck"
	"github.com/webstd/url/internal/errtext"
)

// TestParseErrorMessage checks the message of a *ParseError: the input,
// quoted with its password redacted and its control and invalid bytes
// escaped, then the kind of validation error at which parsing failed.
func TestParseErrorMessage(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://user:secret@[::1", `url: parse "https://user:xxxxx@[::1": IPv6-unclosed at 20: the IPv6 address has no closing "]"`},
		{"https://exa\x00mple\xff.com/", `url: parse "https://exa\x00mple\xFF.com/": domain-to-ASCII at 8: U+0000 is not allowed in a domain`},
		{"https://ex\"am ple€.org/\\", `url: parse "https://ex\"am ple€.org/\\": domain-to-ASCII at 8: U+0020 is not allowed in a domain`},
		{"https://a:b@c:d@:70000", `url: parse "https://a:xxxxx@:70000": host-missing at 16: the URL has no host`},
		// The example, and offsets in the input as it was given.
		{"https://exa mple.com/", `url: parse "https://exa mple.com/": domain-to-ASCII at 8: U+0020 is not allowed in a domain`},
		{" \thttps://exa%20mple.com/", `url: parse " \x09https://exa%20mple.com/": domain-to-ASCII at 10: U+0020 is not allowed in a domain`},
		{"https://ex\tample.com:7\t0000/", `url: parse "https://ex\x09ample.com:7\x090000/": port-out-of-range at 21: the port is more than 65535`},
		{"https://user:se\tcret@h:7a/", `url: parse "https://user:xxxxx@h:7a/": port-invalid at 24: the port has a code point that is not a digit: U+0061`},
		{"sc://exa<mple/", `url: parse "sc://exa<mple/": host-invalid-code-point at 5: U+003C is not allowed in a host`},
		{"https://[::1]:x", `url: parse "https://[::1]:x": port-invalid at 14: the port has a code point that is not a digit: U+0078`},
		{"//x", `url: parse "//x": missing-scheme-non-relative-URL at 0: no scheme, and no base URL to resolve against (or one with an opaque path)`},
		// A domain that fails for another reason than a forbidden code
		// point (here, the Bidi Rule: a label with a right-to-left code
		// point may not start with a digit) is not said to fail for a tab
		// or a space that the parser removed before it read the host.
		{"http:0%D7\t%80", `url: parse "http:0%D7\x09%80": domain-to-ASCII at 5: the domain is not valid: IDNA (UTS #46 ToASCII) rejects it`},
		{"http:0%D7%80  ", `url: parse "http:0%D7%80  ": domain-to-ASCII at 5: the domain is not valid: IDNA (UTS #46 ToASCII) rejects it`},
		{"sc://a\tb<c \n", `url: parse "sc://a\x09b<c \x0A": host-invalid-code-point at 5: U+003C is not allowed in a host`},
		{"http://a b /", `url: parse "http://a b /": domain-to-ASCII at 7: U+0020 is not allowed in a domain`},
		{"http://ab%09.com", `url: parse "http://ab%09.com": domain-to-ASCII at 7: U+0009 is not allowed in a domain`},
		// Code points that a terminal acts on or a log viewer hides are
		// escaped: a byte order mark that makes an input look valid, the
		// 8-bit CSI, the right-to-left override, a zero width space, a tag,
		// a line separator; and a backslash, so that an escape means one
		// thing.
		{"\ufeffhttps://a.example/", `url: parse "\uFEFFhttps://a.example/": missing-scheme-non-relative-URL at 0: no scheme, and no base URL to resolve against (or one with an opaque path)`},
		{"https://[::1\u009b[0m]/", `url: parse "https://[::1\u009B[0m]/": IPv6-invalid-code-point at 8: the IPv6 address has a code point that is neither a hex digit nor ":", or ends too soon`},
		{"https://[::1\x9b[0m]/", `url: parse "https://[::1\x9B[0m]/": IPv6-invalid-code-point at 8: the IPv6 address has a code point that is neither a hex digit nor ":", or ends too soon`},
		{"https://bank.example\u202e/moc.live:x", `url: parse "https://bank.example\u202E/moc.live:x": domain-to-ASCII at 8: the domain is not valid: IDNA (UTS #46 ToASCII) rejects it`},
		{"https://a\u200b\U000E0041\u2028b:x/", `url: parse "https://a\u200B\U000E0041\u2028b:x/": domain-to-ASCII at 8: the domain is not valid: IDNA (UTS #46 ToASCII) rejects it`},
		{"sc://a\\b:1x", `url: parse "sc://a\\b:1x": host-invalid-code-point at 5: the host has a forbidden host code point`},
		{"https://\\u202E:1x", `url: parse "https://\\u202E:1x": port-invalid at 16: the port has a code point that is not a digit: U+0078`},
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
// a long input, its start and end, and says how much it left out; and that
// the error's Input is that part, not the whole input.
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
		// The redacted input is 1 byte shorter ("xxxxx" for "secret"); its
		// first 160 and last 64 bytes are kept.
		cut := `\...(` + strconv.Itoa(len(in)-1-errtext.Head-errtext.Tail) + ` bytes cut)...`
		if !strings.HasPrefix(msg, `url: parse "https://user:xxxxx@[::1/é`) || !strings.HasSuffix(msg, `é/end": IPv6-unclosed at 20: the IPv6 address has no closing "]"`) || !strings.Contains(msg, cut) {
			t.Errorf("%d bytes: %s", len(in), msg)
		}
		var pe *ParseError
		if !errors.As(err, &pe) || len(pe.Input) > 300 || !strings.Contains(pe.Input, cut) || !strings.Contains(msg, errtext.Quote(pe.Input)) {
			t.Errorf("%d bytes: Input is not the start and end of the input, redacted: %.400q", len(in), pe.Input)
		}
	}
	// A short input is quoted whole.
	if _, err := Parse("https://[::1"); err.Error() != `url: parse "https://[::1": IPv6-unclosed at 8: the IPv6 address has no closing "]"` {
		t.Errorf("%v", err)
	}
}

// TestErrorsDoNotKeepInput checks that no error of this package keeps a
// long input alive: an error quotes the start and end of a long input, in
// a copy. It holds a weak pointer to a 32 MiB input, drops the input,
// keeps the error and collects garbage: the weak pointer must then be nil.
func TestErrorsDoNotKeepInput(t *testing.T) {
	long := func(prefix string, size int) string {
		b := make([]byte, size)
		copy(b, prefix)
		for i := len(prefix); i < size; i++ {
			b[i] = 'a'
		}
		return string(b)
	}
	ctx := context.Background()
	cases := []struct {
		name   string
		prefix string
		use    func(s string) error
	}{
		{"Parse, a password", "https://user:secret@[::1/", func(s string) error { _, err := Parse(s); return err }},
		{"Parse, in the host", "https://exa mple.com/", func(s string) error { _, err := Parse(s); return err }},
		{"Parse, no scheme", "/relative/", func(s string) error { _, err := Parse(s); return err }},
		{"ParseWithBase, the base", "https://user:secret@[::1/", func(s string) error { _, err := ParseWithBase("x", s); return err }},
		{"Parser.Strict", "https://example.com/a b", func(s string) error { _, err := (&Parser{Strict: true}).Parse(s); return err }},
		{"ParseHost", "exa mple", parseHostError},
		{"DomainToASCII", "exa mple", func(s string) error { _, err := DomainToASCII(s); return err }},
		{"ToStd", "http://user:secret@a{b/", func(s string) error { _, err := MustParse(s).ToStd(); return err }},
		{"RequestURL", "http://a{b/", func(s string) error { _, err := MustParse(s).RequestURL(); return err }},
		{"NewRequest", "ftp://a/", func(s string) error { _, err := MustParse(s).NewRequest(ctx, "", nil); return err }},
		{"HostPort", "sc://a/", func(s string) error { _, err := MustParse(s).HostPort(); return err }},
		{"SetPort", "https://example.com/", func(s string) error { u := MustParse(s); return u.SetPort("x") }},
		{"SetHost, the value", "exa mple", func(s string) error { u := MustParse("https://example.com/"); return u.SetHost(s) }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// 32 MiB for a parse, 4 MiB for the conversions, which copy the
			// URL several times; less in short mode (CI's race run).
			size := 32 << 20
			if !strings.HasPrefix(c.name, "Parse") {
				size = 4 << 20
			}
			if testing.Short() {
				size = 1 << 20
			}
			kept, alive := keepErrorDropInput(long(c.prefix, size), c.use)
			if kept == nil {
				t.Fatalf("no error")
			}
			runtime.GC()
			runtime.GC()
			if alive() {
				t.Errorf("the error (%.80s...) keeps the %d-byte input alive", kept.Error(), size)
			}
			if n := len(kept.Error()); n > 2000 {
				t.Errorf("the error's message is %d bytes", n)
			}
			runtime.KeepAlive(kept)
		})
	}
}

// parseHostError is ParseHost's error.
func parseHostError(s string) error { _, err := ParseHost(s); return err }

// keepErrorDropInput returns use(s) and a function that reports whether s
// is still in memory (weak.Pointer), when the caller holds nothing of s
// but what the error holds.
func keepErrorDropInput(s string, use func(string) error) (error, func() bool) {
	p := weak.Make(unsafe.StringData(s))
	err := use(s)
	return err, func() bool { return p.Value() != nil }
}

// redactionBases are the base URLs the redaction tests parse against: none,
// special, not special, file, and one with an opaque path.
var redactionBases = []string{"", "https://base.example/dir/", "sc://base/dir/", "file:///C:/dir/", "mailto:x"}

// redactionCase is one input of the redaction property: prefix, username,
// ":", password, "@" and suffix, which may make the parse fail.
type redactionCase struct {
	prefix, user, password, suffix string
	base                           string
	strict                         bool
}

func (c redactionCase) input() string {
	return c.prefix + c.user + ":" + c.password + "@" + c.suffix
}

func (c redactionCase) parse(input string) (URL, error) {
	p := Parser{Strict: c.strict}
	if c.strict {
		p.OnValidationError = func(ValidationError) {}
	}
	if c.base == "" {
		return p.Parse(input)
	}
	return p.ParseWithBase(input, c.base)
}

// removeTabs removes every ASCII tab or newline, as the parser does first.
func removeTabs(s string) string {
	return strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(s)
}

// checkRedacted checks the redaction property on c: when c's input fails to
// parse, its error is the one that parsing it again finds
// (checkNotRetraced), and neither the error's Input nor its message holds the password that
// the same input yields when its failing part (the suffix) is replaced by a
// host that parses, in any of its forms (as typed, without tabs, or
// percent-encoded as the URL has it). It reports whether the case said
// anything: the input failed and the input with a good suffix has a
// password.
func checkRedacted(t *testing.T, c redactionCase) bool {
	t.Helper()
	_, err := c.parse(c.input())
	if err == nil {
		return false
	}
	checkNotRetraced(t, c.input(), c.base, c.strict, err)
	good := c
	good.suffix = "h/"
	u, gerr := good.parse(good.input())
	if gerr != nil || u.Password() == "" {
		return false
	}
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("%q: error %T, want *ParseError", c.input(), err)
	}
	// The message quotes Input, and says nothing else of the input but the
	// name of a code point of Input ("U+0010", which may spell a short
	// password by chance): where it holds the input, it holds Input.
	if !strings.Contains(pe.Error(), errtext.Quote(pe.Input)) {
		t.Fatalf("%q: the message %q does not quote Input %q", c.input(), pe.Error(), pe.Input)
	}
	// What the error may hold: the input with the password as the test
	// placed it replaced. A secret found there is not the password's doing
	// (the username or suffix spells it too), so only a secret found in the
	// error but not there is a leak.
	placed := c.prefix + c.user + ":xxxxx@" + c.suffix
	allowed := removeTabs(placed) + "\x00" + quote(placed)
	for _, secret := range []string{u.Password(), removeTabs(c.password), c.password} {
		if len(secret) < 2 {
			continue
		}
		// (The count of a cut of a long input is no part of it.)
		for _, got := range []string{errcheck.Uncounted(removeTabs(pe.Input)), errcheck.Uncounted(quote(pe.Input))} {
			if strings.Contains(got, secret) && !strings.Contains(allowed, secret) {
				t.Fatalf("%q (base %q, strict %v): the error %q holds the password %q", c.input(), c.base, c.strict, got, secret)
			}
		}
	}
	return true
}

// TestRedactionSpellings checks that a failed parse redacts the password
// however the authority is spelled: every spelling the parser reads as an
// authority, with a failure after it.
func TestRedactionSpellings(t *testing.T) {
	prefixes := []string{
		"https://", "https:\\\\", "https:", "https:/", "https:///", "https:/\t/", "HTTPS:\\/",
		"https:\t//", " https://", "sc://", "ws:", "//", "\\\\", "/\\", "\t//", "https://a@",
	}
	suffixes := []string{"[::1/", "h:99999/", "exa mple.com/", "[::1]:x/", "", "/", "h:1x", "%00/", "xn--a/"}
	passwords := []string{"secret", "se\tcret", "sec ret", "se:cret", "s%65cret", "sécret", "se\xffcret"}
	n := 0
	for _, base := range redactionBases {
		for _, prefix := range prefixes {
			for _, suffix := range suffixes {
				for _, password := range passwords {
					c := redactionCase{prefix: prefix, user: "user", password: password, suffix: suffix, base: base}
					if checkRedacted(t, c) {
						n++
					}
					c.strict = true
					checkRedacted(t, c)
				}
			}
		}
	}
	if n < 500 {
		t.Errorf("only %d failing inputs with a password; the spellings do not exercise redaction", n)
	}
	// The examples of the security review.
	for _, c := range []struct{ input, base string }{
		{"https:\\\\user:secret@[::1/", ""},
		{"https:user:secret@h:99999/", ""},
		{"https:///user:secret@[::1/", ""},
		{"https:/\t/user:secret@[::1/", ""},
		{"\\\\user:secret@[::1/", "https://example.com/"},
		{"//user:secret@[::1/", ""},
	} {
		_, err := ParseWithBase(c.input, c.base)
		if c.base == "" {
			_, err = Parse(c.input)
		}
		if err == nil || strings.Contains(err.Error(), "secret") || !strings.Contains(err.Error(), "xxxxx") {
			t.Errorf("%q against %q: error %v, want the password redacted", c.input, c.base, err)
		}
	}
}

// FuzzRedaction holds the redaction property on any input of the shape
// prefix + user + ":" + password + "@" + suffix, against any of
// redactionBases, with and without strict mode: for the error of a failed
// parse (checkRedacted), and for every function of the package that takes
// or wraps a URL (redactionSurfaces): no text of an error holds the
// password the input yields, nor a code point that a terminal acts on or a
// log viewer hides.
func FuzzRedaction(f *testing.F) {
	f.Add("http://", "user", "S3CR3T", "a{b/", uint8(0))
	f.Add("https://", "user", "se\u202ecret", "h/\x9b[0m", uint8(1))
	f.Add("\ufeffhttps://", "user", "secret", "\u200b/", uint8(0))
	f.Add("https:\\\\", "user", "secret", "[::1/", uint8(0))
	f.Add("https:", "user", "secret", "h:99999/", uint8(0))
	f.Add("https:/\t/", "user", "se\tcret", "[::1/", uint8(5))
	f.Add("\\\\", "user", "secret", "[::1/", uint8(1))
	f.Add("//", "u", "p@ss", "x@[::1", uint8(2))
	// Passwords with an "@", escaped or not, and a net/url Host with a
	// userinfo (the surface "FromStd Host").
	f.Add("http://", "deploy", "p@S3CR3T", "example.com/", uint8(0))
	f.Add("https://", "deploy", `p\@S3CR3T`, "example.com/", uint8(1))
	f.Add("http://", "u", "S3CR3T", "a{b", uint8(0))
	f.Fuzz(func(t *testing.T, prefix, user, password, suffix string, b uint8) {
		c := redactionCase{prefix: prefix, user: user, password: password, suffix: suffix,
			base: redactionBases[int(b)%len(redactionBases)], strict: b >= 128}
		checkRedacted(t, c)
		checkSurfaces(t, errcheck.Case{Prefix: prefix, User: user, Password: password, Suffix: suffix}, c.base, c.strict)
	})
}

// TestValidationErrorComments checks that the line comment of each
// ValidationErrorKind constant in errors.go, which godoc shows, says what
// the table says of it: "name: description", and maybe more in
// parentheses. The constants are in iota
// order: the n-th of the block is kind n.
func TestValidationErrorComments(t *testing.T) {
	f, err := goparser.ParseFile(token.NewFileSet(), "errors.go", nil, goparser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	commented := 0
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST || g.Specs[0].(*ast.ValueSpec).Names[0].Name != "_" {
			continue
		}
		if len(g.Specs) != int(numValidationErrorKinds)+1 {
			t.Fatalf("%d constants in the block, want %d", len(g.Specs), numValidationErrorKinds+1)
		}
		for i, spec := range g.Specs[1:numValidationErrorKinds] {
			k, v := ValidationErrorKind(i+1), spec.(*ast.ValueSpec)
			if v.Comment == nil {
				continue // a doc comment above it instead
			}
			commented++
			want := k.String() + ": " + k.Description()
			if got := strings.TrimSpace(v.Comment.Text()); got != want && !strings.HasPrefix(got, want+" (") {
				t.Errorf("%s's comment is %q; the table says %q", v.Names[0].Name, got, want)
			}
		}
	}
	if commented < int(numValidationErrorKinds)-2 {
		t.Errorf("%d kinds with a line comment, want all but ErrDomainToUnicode", commented)
	}
}
