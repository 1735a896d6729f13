package errtext_test

import (
	"errors"
	"fmt"
	stdurl "net/url"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	_ "github.com/webstd/url" // sets errtext.PasswordSpans
	"github.com/webstd/url/internal/errcheck"
	"github.com/webstd/url/internal/errtext"
	"github.com/webstd/url/internal/threadtime"
)

// TestHiddenCoversUnicode checks errtext's table of the code points it
// escapes against the unicode package's tables, through errcheck.Hidden:
// every control, format character, line or paragraph separator and default
// ignorable code point of the Unicode version Go has is escaped.
func TestHiddenCoversUnicode(t *testing.T) {
	n := 0
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if !errcheck.Hidden(r) {
			continue
		}
		n++
		s := string(r)
		if r >= 0xD800 && r <= 0xDFFF {
			continue // a surrogate is no scalar value: string(r) is U+FFFD
		}
		if got := errtext.Redacted(s, nil); got == s {
			t.Errorf("U+%04X is not escaped", r)
		}
	}
	if n < 4000 {
		t.Errorf("only %d code points are hidden: the unicode tables are not what this test expects", n)
	}
}

// TestTextExamples shows the escapes, the marker of a cut, and the quotes.
func TestTextExamples(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"https://example.com/", "https://example.com/"},
		{"\ufeffhttps://a.example/", `\uFEFFhttps://a.example/`},
		{"a\u009b[2Jb", `a\u009B[2Jb`},
		{"a\x9bb", `a\x9Bb`},
		{"bank\u202egpj.exe", `bank\u202Egpj.exe`},
		{"a\u200bb\u2028c\U000E0041d", `a\u200Bb\u2028c\U000E0041d`},
		{"a\tb\x00c\x7fd", `a\x09b\x00c\x7Fd`},
		{`a\u202eb`, `a\\u202eb`},
		{`"quoted"`, `"quoted"`},
		{"é€😀", "é€😀"},
		{"https://user:secret@[::1/", "https://user:xxxxx@[::1/"},
		{"mailto:someone@example.com", "mailto:someone@example.com"},
	} {
		if got := errtext.Of(tc.in); got != tc.want {
			t.Errorf("Of(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	// A URL after something that is not a scheme, which the URL parser
	// does not read as one, but a person does.
	for _, in := range []string{
		"\ufeffhttps://user:secret@a.example/", `"http://user:secret@a.example/"`, "url=http://user:secret@h",
		"https://a.example/?next=https://user:secret@b.example/", "<\\\\user:secret@h\\x>",
	} {
		if got := errtext.Of(in); strings.Contains(got, "secret") || !strings.Contains(got, "xxxxx") {
			t.Errorf("Of(%q) = %q", in, got)
		}
	}
	// A host or an authority: "user:secret@host" is the scheme "user" for a
	// URL parser, the password "secret" for a person.
	if got, want := errtext.OfAuthority("user:secret@host"), "user:xxxxx@host"; got != want {
		t.Errorf("OfAuthority = %q, want %q", got, want)
	}
	if got, want := errtext.Quote(errtext.Of("a\"b\\c\u202e")), `"a\"b\\c\u202E"`; got != want {
		t.Errorf("Quote = %s, want %s", got, want)
	}
	long := "https://user:secret@example.com/" + strings.Repeat("a", 1000) + "\u202e/end"
	got := errtext.Of(long)
	want := "https://user:xxxxx@example.com/" + strings.Repeat("a", errtext.Head-31) + `\...(` + strconv.Itoa(len(long)-1-errtext.Head-errtext.Tail) + ` bytes cut)...` + strings.Repeat("a", errtext.Tail-7) + `\u202E/end`
	if got != want {
		t.Errorf("Of(long) = %q\nwant %q", got, want)
	}
}

// checkText checks what errtext writes of s, redacted at spans: escaped
// (errcheck finds nothing), bounded, and, when nothing is cut or redacted,
// a Go string literal in quotes that reads back as s.
func checkText(t *testing.T, s string, spans [][2]int) {
	t.Helper()
	for _, text := range []string{errtext.Redacted(s, spans), errtext.Of(s), errtext.OfAuthority(s)} {
		quoted := errtext.Quote(text)
		for _, x := range []string{text, quoted, errtext.QuoteOf(s), errtext.Message(s)} {
			if what := errcheck.Unescaped(x); what != "" {
				t.Fatalf("%q: %s as it is in %q", s, what, x)
			}
			if len(x) > 4*errtext.MaxWhole+100 {
				t.Fatalf("%q: %d bytes written", s, len(x))
			}
		}
	}
	if len(s) <= errtext.MaxWhole && len(spans) == 0 {
		text := errtext.Redacted(s, nil)
		if got, err := strconv.Unquote(errtext.Quote(text)); err != nil || got != s {
			t.Fatalf("%q: Quote(Redacted) = %s reads back as %q, %v", s, errtext.Quote(text), got, err)
		}
	}
}

// TestText checks checkText on inputs of every kind of byte.
func TestText(t *testing.T) {
	for r := rune(0); r < 0x3000; r++ {
		checkText(t, "a"+string(r)+"b\\", nil)
	}
	for c := 0; c < 256; c++ {
		checkText(t, "a"+string([]byte{byte(c)})+"b", nil)
		checkText(t, strings.Repeat("é", 200)+string([]byte{byte(c)})+strings.Repeat("€", 100), [][2]int{{1, 5}, {3, 9}, {600, 700}})
	}
}

// FuzzText holds checkText on any string and any spans: what errtext writes
// is escaped and bounded, reads back when whole, and nothing panics.
func FuzzText(f *testing.F) {
	f.Add("https://user:secret@[::1/\u202e", 0, 0, 0, 0)
	f.Add(strings.Repeat("\u00e9\u202e\xff", 200), 3, 100, 90, 400)
	f.Add(strings.Repeat("\x80\xae\xff", 130), 3, 100, 90, 400) // a message of invalid bytes is cut too
	f.Fuzz(func(t *testing.T, s string, a, b, c, d int) {
		checkText(t, s, [][2]int{{a, b}, {c, d}})
	})
}

// TestLinear checks that what errtext writes of an input takes time linear
// in its length, on inputs built to be hard: many "@" and ":" (which the URL
// parser reads as userinfo), backslashes and code points to escape, invalid
// bytes, and many spans. Thread CPU time of 100 short runs against one run
// 100 times as long: linear is 100, the bound 1000, quadratic 10,000.
func TestLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("timing in short mode")
	}
	shapes := []string{"a@", "u:p@", ":@\\", "\u202e\\", "\xff\u009b", "%zz@:", "é€", "//u:p@", "\\\\:@", "/:@"}
	for _, unit := range shapes {
		small := strings.Repeat(unit, 2000/len(unit))
		large := strings.Repeat(unit, 200000/len(unit))
		spans := func(s string) [][2]int {
			var out [][2]int
			for i := 0; i+3 < len(s); i += 7 {
				out = append(out, [2]int{i, i + 3})
			}
			return out
		}
		smallSpans, largeSpans := spans(small), spans(large)
		run := func(s string, sp [][2]int) func() {
			return func() {
				sink = errtext.OfAuthority(s) + errtext.Redacted(s, sp) + errtext.Message(s) + errtext.QuoteOf(s)
			}
		}
		ratio := threadtime.Ratio(run(small, smallSpans), run(large, largeSpans), 3)
		if ratio > 1000 {
			// Once more, in case the machine was busy in every round.
			ratio = min(ratio, threadtime.Ratio(run(small, smallSpans), run(large, largeSpans), 3))
		}
		t.Logf("%q: 100 times the input takes %.0f times as long", unit, ratio)
		if ratio > 1000 {
			t.Errorf("%q: 100 times the input takes %.0f times as long (linear: 100)", unit, ratio)
		}
	}
	runtime.KeepAlive(sink)
}

var sink string

// TestErr checks that Err escapes the message of an error it did not
// write, keeps what it wraps reachable by errors.Is and errors.As (one
// error, several as errors.Join's, or a *net/url.Error's), but for an
// error whose own message needed escaping, and writes a *net/url.Error's
// URL as Of does.
func TestErr(t *testing.T) {
	clean := &os.PathError{Op: "dial", Path: "ab", Err: os.ErrNotExist}
	hidden := &os.PathError{Op: "dial", Path: "a\u202eb", Err: os.ErrPermission}
	joined := errors.Join(errors.New("refused\nagain"), clean, hidden)
	wrapped := fmt.Errorf("wrapped: %w", joined)
	ue := &stdurl.Error{Op: "Get", URL: "http://\x7fu:S3CR3T@h/", Err: wrapped}
	for _, err := range []error{joined, wrapped, ue} {
		got := errtext.Err(err)
		if msg := got.Error(); err != ue && msg != errtext.Message(err.Error()) {
			t.Errorf("Err(%q).Error() = %q, want %q", err, msg, errtext.Message(err.Error()))
		}
		if strings.ContainsAny(got.Error(), "\n\u202e\x7f") {
			t.Errorf("Err(%q).Error() = %q holds a control", err, got)
		}
		var pe *os.PathError
		if !errors.As(got, &pe) || pe != clean || !errors.Is(got, os.ErrNotExist) || !errors.Is(got, os.ErrPermission) {
			t.Errorf("Err(%q) does not wrap what %q wraps", err, err)
		}
	}
	var got *stdurl.Error
	if !errors.As(errtext.Err(ue), &got) || got.URL != errtext.Of(ue.URL) || strings.Contains(got.Error(), "S3CR3T") {
		t.Errorf("Err(%q) = %#v, want a *net/url.Error with the URL %q", ue, got, errtext.Of(ue.URL))
	}
}

// TestRedactedAllocs holds the cost of the text of a long input, which
// errors of failed parses build: one allocation, the text, however the
// input is cut (no slice of pieces, no string of the count).
func TestRedactedAllocs(t *testing.T) {
	long := "https://user:secret@example.com/" + strings.Repeat("ÃÂa", 150)
	spans := [][2]int{{13, 19}}
	if n := testing.AllocsPerRun(100, func() { sinkText = errtext.Redacted(long, spans) }); n != 1 {
		t.Errorf("Redacted of a long input: %.0f allocations, want 1", n)
	}
	if !strings.Contains(sinkText, "xxxxx") || !strings.Contains(sinkText, " bytes cut)") {
		t.Errorf("Redacted = %q", sinkText)
	}
}

var sinkText string

// TestStdRedacted checks the text of a net/url URL whose Host field holds a
// password, which net/url writes with its "@" as "%40", and of one whose
// User does.
func TestStdRedacted(t *testing.T) {
	for _, c := range []struct {
		user *stdurl.Userinfo
		host string
		want string
	}{
		{nil, "user:s3cret@127.0.0.1", "http://user:xxxxx%40127.0.0.1/a"},
		{nil, "user:s3cret@a@h:80", "http://user:xxxxx%40h:80/a"},
		{stdurl.UserPassword("u", "s3cret"), "user:s3cret@h", "http://u:xxxxx@user:xxxxx%40h/a"},
		{stdurl.UserPassword("u", "s3cret"), "h", "http://u:xxxxx@h/a"},
		{nil, "user@h", "http://user%40h/a"},
		{nil, "h", "http://h/a"},
	} {
		s := &stdurl.URL{Scheme: "http", User: c.user, Host: c.host, Path: "/a"}
		if got := errtext.StdRedacted(s); got != c.want {
			t.Errorf("StdRedacted(%q): %q, want %q", s, got, c.want)
		}
		if r := errtext.RedactStdHost(s); s.Host != c.host || (r == s) != !strings.Contains(c.host, "@") {
			t.Errorf("RedactStdHost(%q) changed s, or copied it for nothing", s)
		}
	}
	if errtext.RedactStdHost(nil) != nil || errtext.StdRedacted(nil) != "" {
		t.Error("RedactStdHost(nil) or StdRedacted(nil) is not nil or empty")
	}
}
