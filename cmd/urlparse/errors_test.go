package main

import (
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/webstd/url"
	"github.com/webstd/url/internal/errcheck"
)

// urlparseModes are the ways to run urlparse on one URL that the redaction
// property covers: each output mode, strict, and a base URL.
var urlparseModes = [][]string{
	nil, {"-json"}, {"-get", "password"}, {"-get", "href"}, {"-diagram"},
	{"-canonical", "dedup"}, {"-canonical", "safebrowsing"}, {"-surt"}, {"-strict", "-json"},
	{"-base", "https://example.com/a/"}, {"-base", "sc://example/a/", "-json"},
}

// urlparseFailure runs urlparse in this process on input, from standard
// input (fromStdin, its second line) or as an argument, with flags, and returns what it
// prints as the errors of a failure: each line of standard output and
// standard error, and, for a line of JSON, each string it decodes to (JSON
// escapes a control character, but not U+202E). It returns nothing when
// urlparse succeeds: a URL that parses is printed with its password
// (-get password).
func urlparseFailure(input string, fromStdin bool, flags []string) []error {
	var out, errOut bytes.Buffer
	args, stdin := append(append([]string{}, flags...), "--", input), io.Reader(nil)
	if fromStdin {
		// After a blank line, so that a byte order mark that starts input
		// stays in it.
		args, stdin = flags, strings.NewReader("\n"+input+"\n")
	}
	if run(args, stdin, &out, &errOut) == 0 {
		return nil
	}
	var texts []error
	for _, line := range strings.Split(out.String()+errOut.String(), "\n") {
		texts = append(texts, errcheck.Output(line))
		var f map[string]any
		if json.Unmarshal([]byte(line), &f) == nil {
			for _, v := range f {
				if s, ok := v.(string); ok {
					texts = append(texts, errcheck.Output(s))
				}
			}
		}
	}
	return texts
}

// checkURLParse checks the redaction property on urlparse's output for c:
// what urlparse prints for an input that fails holds no password that the
// input yields (read against the base of the mode, or none) and no code
// point that a terminal acts on or a log viewer hides, in any mode, from
// standard input or an argument.
func checkURLParse(t *testing.T, c errcheck.Case, modes [][]string) {
	t.Helper()
	if strings.ContainsAny(c.Input(), "\n\r") {
		return // more than one line of standard input
	}
	for _, mode := range modes {
		base := ""
		if i := indexOf(mode, "-base"); i >= 0 {
			base = mode[i+1]
		}
		var passwords []string
		if u, err := url.ParseWithBase(c.Good().Input(), base); base != "" && err == nil {
			passwords = c.Passwords(u.Password())
		} else if u, err := url.Parse(c.Good().Input()); base == "" && err == nil {
			passwords = c.Passwords(u.Password())
		}
		if len(passwords) > 0 && passwords[0] == "" {
			passwords = nil
		}
		for _, fromStdin := range []bool{false, true} {
			errcheck.Check(t, "urlparse "+strings.Join(mode, " "), c, errcheck.Secrets(passwords...),
				func(input string) []error { return urlparseFailure(input, fromStdin, mode) })
		}
	}
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// TestRunEscapes checks that what urlparse prints of an input that fails
// shows every code point a terminal acts on or a log viewer hides escaped,
// on standard error and in -json: an input that starts with a byte order
// mark looks like a valid URL.
func TestRunEscapes(t *testing.T) {
	for _, in := range []string{
		"\ufeffhttps://a.example/", "\u200bhttps://a.example/", "https://[::1\u009b[2J/",
		"https://bank.example\u202e/moc.live", "https://a.example:1\u2028x/", "https://a.example:\xff/",
		"https://a.example:\U000E0041/",
	} {
		for _, mode := range [][]string{nil, {"-json"}} {
			for _, fromStdin := range []bool{false, true} {
				texts := urlparseFailure(in, fromStdin, mode)
				if len(texts) == 0 {
					t.Fatalf("%q: urlparse succeeded", in)
				}
				for _, text := range errcheck.Errors(texts...) {
					if what := errcheck.Unescaped(text); what != "" {
						t.Errorf("%q (%q, stdin %v): urlparse prints %s as it is: %q", in, mode, fromStdin, what, text)
					}
				}
			}
		}
	}
	// The escaped input reads as what it is.
	var out, errOut bytes.Buffer
	run([]string{"-json", "--", "\ufeffhttps://a.example/"}, nil, &out, &errOut)
	var f failure
	if err := json.Unmarshal(out.Bytes(), &f); err != nil || f.Input != `\uFEFFhttps://a.example/` {
		t.Errorf("-json: %q (%v), want the input \\uFEFFhttps://a.example/", out.String(), err)
	}
	if want := `urlparse: argument 1: url: parse "\uFEFFhttps://a.example/": missing-scheme-non-relative-URL`; !strings.HasPrefix(errOut.String(), want) {
		t.Errorf("stderr %q, want it to start with %q", errOut.String(), want)
	}
}

// TestRunRedactsAll checks the redaction property on urlparse in every mode
// for the spellings of TestRunRedacts and the review's examples.
func TestRunRedactsAll(t *testing.T) {
	for _, prefix := range []string{"https://", "https:\\\\", "https:", "//", "sc://"} {
		for _, suffix := range []string{"[::1/", "h:99999/", "exa mple.com/", "h:1x", "h/\u202e"} {
			for _, password := range []string{"S3CR3T", "se\tcret", "sécret", "se\u202ecret"} {
				checkURLParse(t, errcheck.Case{Prefix: prefix, User: "user", Password: password, Suffix: suffix}, urlparseModes)
			}
		}
	}
}

// FuzzRedaction holds the redaction property on urlparse's output (run in
// this process) for inputs of the shape prefix + user + ":" + password +
// "@" + suffix, in one of urlparseModes: what it prints for an input that
// fails holds no password the input yields and no code point that a
// terminal acts on or a log viewer hides.
func FuzzRedaction(f *testing.F) {
	f.Add("https://", "user", "S3CR3T", "[::1/", uint8(0))
	f.Add("\ufeffhttps://", "user", "se\u202ecret", "a.example/", uint8(1))
	f.Add("//", "user", "secret", "h\u009b/", uint8(9))
	f.Fuzz(func(t *testing.T, prefix, user, password, suffix string, mode uint8) {
		c := errcheck.Case{Prefix: prefix, User: user, Password: password, Suffix: suffix}
		checkURLParse(t, c, urlparseModes[int(mode)%len(urlparseModes):][:1])
	})
}

// TestRunLongLine checks that urlparse reads a line of any length: a line
// longer than 16 MiB, which stopped it (exit 2) and dropped every line
// after, gets its result and the lines after it theirs.
func TestRunLongLine(t *testing.T) {
	long := "https://example.com/" + strings.Repeat("a", 17<<20)
	in := "https://a.example/x\n" + long + "\r\nhttps://[::1\n" + long + "\nhttps://b.example/y"
	var out, errOut bytes.Buffer
	status := run(nil, strings.NewReader(in), &out, &errOut)
	lines := strings.Split(out.String(), "\n")
	want := []string{"https://a.example/x", long, "", long, "https://b.example/y", ""}
	if status != 1 || len(lines) != len(want) {
		t.Fatalf("status %d, %d lines, stderr %.200q; want status 1 and %d lines", status, len(lines), errOut.String(), len(want))
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("line %d: %.60q..., want %.60q...", i+1, lines[i], want[i])
		}
	}
	if got := errOut.String(); !strings.HasPrefix(got, "urlparse: line 3: ") || strings.Count(got, "\n") != 1 {
		t.Errorf("stderr %q, want the error of line 3 alone", got)
	}
}
