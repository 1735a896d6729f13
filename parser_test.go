package url

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/webstd/url/internal/errtext"
)

// Tests of the basic URL parser (https://url.spec.whatwg.org/#concept-basic-url-parser)
// beyond the fixtures that TestWPT and TestOwnCases run (wpt_test.go).

// seedInputs returns the inputs and bases of urltestdata.json, as seeds for
// the fuzz targets.
func seedInputs(f testing.TB) []string {
	var seeds []string
	for _, tc := range wptCases[urlTestCase](f, "urltestdata.json") {
		seeds = append(seeds, tc.Input)
		if tc.Base != nil {
			seeds = append(seeds, *tc.Base)
		}
	}
	return seeds
}

// FuzzParse checks, on any input: no panic; the href of a successful parse
// parses again to the same URL (the standard's idempotence goal); the
// getters concatenate back to the href; the href is valid UTF-8.
func FuzzParse(f *testing.F) {
	for _, s := range seedInputs(f) {
		f.Add(s)
	}
	f.Add("HTTP://EXAMPLE.com/a/../b?x y#z")
	f.Fuzz(func(t *testing.T, input string) {
		u, err := Parse(input)
		if err != nil {
			if u.IsValid() {
				t.Fatalf("failed parse returned a valid URL %q", u.Href())
			}
			checkParseError(t, input, err)
			return
		}
		if !utf8.ValidString(u.Href()) {
			t.Fatalf("href %q is not valid UTF-8", u.Href())
		}
		checkInvariants(t, u)
		// The URL resolves against itself as a base, and relative references
		// against it are idempotent too.
		if v, err := u.Parse(input); err == nil {
			checkInvariants(t, v)
		}
		if v, err := u.Parse(strings.TrimLeft(input, "abcdefghijklmnopqrstuvwxyz")); err == nil {
			checkInvariants(t, v)
		}
	})
}

// checkParseError checks the error of input's failed parse: a *ParseError
// of the kind the parser fails at, with an offset in the input; where
// input is its own state machine input (nothing trimmed or removed), the
// offset is that of the validation error; and it is the error that parsing
// input again finds (checkNotRetraced).
func checkParseError(t *testing.T, input string, err error) {
	t.Helper()
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Offset < 0 || pe.Offset > len(input) || pe.Base {
		t.Fatalf("%q: error %#v", input, err)
	}
	var fail ValidationError
	p := Parser{OnValidationError: func(e ValidationError) {
		if e.Failure {
			fail = e
		}
	}}
	if _, err := p.Parse(input); err == nil || fail.Kind != pe.Kind {
		t.Fatalf("%q: fails at %v, the parser with errors fails at %v (%v)", input, pe.Kind, fail, err)
	}
	if trimC0ControlOrSpace(input) == input && !hasTabOrNewline(input) && pe.Offset != fail.Offset {
		t.Fatalf("%q: %v, but the validation error's offset is %d", input, err, fail.Offset)
	}
	if !strings.Contains(err.Error(), pe.Kind.String()+" at "+strconv.Itoa(pe.Offset)+": ") {
		t.Fatalf("%q: %v does not say where", input, err)
	}
	checkNotRetraced(t, input, "", false, err)
}

// withMaxHrefLength runs f with maxHrefLength lowered to n, so that the limit
// on a URL's length can be tested without gigabytes of input.
func withMaxHrefLength(t *testing.T, n int, f func()) {
	t.Helper()
	saved := maxHrefLength
	maxHrefLength = n
	defer func() { maxHrefLength = saved }()
	f()
}

// TestTooLong checks that a parse fails with ErrTooLong exactly when the
// serialization would be longer than a URL can hold, whatever the input's
// own length, and that such a failure is a *ParseError.
func TestTooLong(t *testing.T) {
	const limit = 64
	for _, tc := range []struct {
		input string
		ok    bool
	}{
		{"https://example.com/" + strings.Repeat("a", limit-20), true},          // exactly the limit, serialized
		{"https://example.com/" + strings.Repeat("a", limit-19), false},         // one byte over, serialized (the fast path)
		{"https://example.com/" + strings.Repeat(" ", 14), true},                // 14 spaces: 20 + 42 bytes
		{"https://example.com/" + strings.Repeat("\t", 200) + "a", true},        // a long input, a short serialization
		{"HTTPS://EXAMPLE.COM/" + strings.Repeat("a", limit-19), false},         // over, on the state machine
		{"https://example.com/" + strings.Repeat("é", 15), false},               // 20 + 15*6 bytes
		{"https://example.com/" + strings.Repeat("a/../", 100), true},           // shortened to "/"
		{"sc:" + strings.Repeat("x", limit-3), true},                            // an opaque path at the limit
		{"sc:" + strings.Repeat("x", limit-2), false},                           //
		{"web+demo:" + strings.Repeat("/", 2) + strings.Repeat("x", 55), false}, // the host of a non-special URL
	} {
		withMaxHrefLength(t, limit, func() {
			u, err := Parse(tc.input)
			var pe *ParseError
			switch {
			case err == nil:
				if len(u.Href()) > limit {
					t.Errorf("%q: href of %d bytes, over the limit of %d", tc.input, len(u.Href()), limit)
				}
			case !errors.Is(err, ErrTooLong):
				t.Errorf("%q: %v", tc.input, err)
			case !errors.As(err, &pe) || pe.Kind != 0 || !strings.Contains(err.Error(), "URL too long"):
				t.Errorf("%q: %#v %v", tc.input, err, err)
			}
		})
		u, err := Parse(tc.input)
		if err != nil {
			t.Fatalf("%q: %v without the lowered limit", tc.input, err)
		}
		if want := len(u.Href()) <= limit; want != tc.ok {
			t.Fatalf("%q: the case is wrong: href of %d bytes", tc.input, len(u.Href()))
		}
	}
}

// TestTooLongSetters checks that a setter that would make the serialization
// longer than a URL can hold leaves the URL unchanged, and that every URL
// the setters leave is within the limit.
func TestTooLongSetters(t *testing.T) {
	const limit = 80
	long := strings.Repeat("é", 20)
	setters := map[string]func(*URL, string) error{
		"href":     func(u *URL, s string) error { return u.SetHref("https://example.com/" + s) },
		"protocol": func(u *URL, s string) error { return u.SetProtocol(strings.Repeat("x", 75)) },
		"username": (*URL).SetUsername,
		"password": (*URL).SetPassword,
		"host":     func(u *URL, s string) error { return u.SetHost(strings.Repeat("a", 70) + ":8080") },
		"hostname": func(u *URL, s string) error { return u.SetHostname(strings.Repeat("a", 70)) },
		"pathname": (*URL).SetPathname,
		"search":   (*URL).SetSearch,
		"hash":     (*URL).SetHash,
		"searchParams": func(u *URL, s string) error {
			p := u.SearchParams()
			p.Append("k", s)
			return u.SetSearchParams(p)
		},
	}
	withMaxHrefLength(t, limit, func() {
		for name, set := range setters {
			for _, href := range []string{"https://example.com/a?b#c", "sc://h/p?q#f"} {
				u := MustParse(href)
				set(&u, long)
				if u.Href() != href {
					t.Errorf("%s on %q: %q, want it unchanged", name, href, u.Href())
				}
				set(&u, "x")
				if len(u.Href()) > limit {
					t.Errorf("%s on %q: href of %d bytes", name, href, len(u.Href()))
				}
			}
		}
	})
}

// FuzzTooLong holds the limit on any input: with the limit lowered, a parse
// either gives the same URL as without it, or fails with ErrTooLong exactly
// when that URL's href is over the limit.
func FuzzTooLong(f *testing.F) {
	f.Add("https://example.com/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", uint8(40))
	f.Add("HTTP://EXAMPLE.COM/\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t/x", uint8(24))
	f.Add("sc://h/é?é#é", uint8(20))
	f.Fuzz(func(t *testing.T, input string, limit uint8) {
		want, wantErr := Parse(input)
		var got URL
		var err error
		withMaxHrefLength(t, int(limit), func() { got, err = Parse(input) })
		switch {
		case wantErr != nil:
			if err == nil || errors.Is(err, ErrTooLong) != errors.Is(wantErr, ErrTooLong) {
				t.Fatalf("%q: %v with the limit %d, %v without", input, err, limit, wantErr)
			}
		case len(want.Href()) > int(limit):
			if !errors.Is(err, ErrTooLong) {
				t.Fatalf("%q: %v with the limit %d, href of %d bytes", input, err, limit, len(want.Href()))
			}
		case err != nil || got != want:
			t.Fatalf("%q: %v %q with the limit %d, %q without", input, err, got.Href(), limit, want.Href())
		}
	})
}

// retracedParseError returns the error of input's failed parse against
// base (nil for none), which failed at kind (0 for ErrTooLong), the way the
// package built it before a run recorded where it failed: by parsing input
// again with validation errors on, to find where the parser signalled kind
// (where it failed at it, or else where it first signalled it) and where
// it read a password, and, for an input that failed for want of a scheme,
// against a special and a non-special base for the password; and the
// passwords of the authorities after "//" (errtext.AuthoritySpans). The tests
// hold the errors that parseError builds from the first run to it.
func retracedParseError(input string, base *URL, kind ValidationErrorKind) *ParseError {
	retrace := func(base *URL, kind ValidationErrorKind) (at int, spans [][2]int) {
		found, failed := -1, false
		errs := errorSink{fn: func(e ValidationError) {
			if e.Kind == kind && !failed && (found < 0 || e.Failure) {
				found, failed = e.Offset, e.Failure
			}
		}}
		_, _, site := runParserWhere(input, base, nil, &errs)
		if found >= 0 {
			at = inputOffset(input, found)
		}
		return at, site.appendPassword(nil, input)
	}
	at, spans := retrace(base, kind)
	if kind == ErrMissingSchemeNonRelativeURL {
		for _, b := range schemeRelativeBases {
			_, more := retrace(&b, 0)
			spans = append(spans, more...)
		}
	}
	if strings.IndexByte(input, '@') >= 0 {
		spans = errtext.AuthoritySpans(spans, input)
	}
	e := newParseError(input, kind, at, spans)
	return &e
}

// checkNotRetraced checks err, the error of input's failed parse against
// base ("" for none), strict or not, against retracedParseError.
func checkNotRetraced(t *testing.T, input, base string, strict bool, err error) {
	t.Helper()
	var pe *ParseError
	if !errors.As(err, &pe) {
		t.Fatalf("%q: error %#v", input, err)
	}
	var b *URL
	if base != "" {
		u, err := Parse(base)
		if err != nil {
			if pe.Base {
				return
			}
			t.Fatalf("base %q: %v", base, err)
		}
		b = &u
	}
	want := retracedParseError(input, b, pe.Kind)
	if *pe != *want {
		t.Fatalf("%q against %q (strict %v): error %#v, the retraced error %#v", input, base, strict, *pe, *want)
	}
}

// TestParseErrorNotRetraced checks that the error of every failing input
// of validationInputs, also with leading and trailing spaces, a tab, and a
// password, with and without Strict, is the one that parsing input again
// with validation errors on finds (retracedParseError): the offset where
// the first run failed, in the input as it was given, and its password
// redacted.
func TestParseErrorNotRetraced(t *testing.T) {
	n := 0
	for _, c := range validationInputs(t) {
		for _, input := range []string{
			c.input, " \x01" + c.input + " ", "\t" + c.input, c.input + "\n",
			strings.Replace(c.input, "//", "//u:pass\two@", 1), strings.Replace(c.input, "/", "\t/", 2),
		} {
			for _, strict := range []bool{false, true} {
				_, _, err := recordParse(input, c.base, strict)
				if err != nil {
					checkNotRetraced(t, input, c.base, strict, err)
					n++
				}
			}
			// The API's parse with no options: Parse and URL.Parse.
			var err error
			if c.base == "" {
				_, err = Parse(input)
			} else if b, berr := Parse(c.base); berr == nil {
				_, err = b.Parse(input)
			}
			if err != nil {
				checkNotRetraced(t, input, c.base, false, err)
			}
		}
	}
	t.Logf("%d failing inputs", n)
	if n < 1000 {
		t.Errorf("only %d failing inputs", n)
	}
}

// TestHasTabOrNewline checks hasTabOrNewline, which reads eight bytes at a
// time, against strings.ContainsAny: for every length up to 40, a tab, LF,
// CR or another byte below 0x0E (which its word test cannot tell from them)
// at every position, over fillers of ASCII and non-ASCII bytes.
func TestHasTabOrNewline(t *testing.T) {
	for n := 0; n <= 40; n++ {
		for _, fill := range []byte{'a', 0x0E, 0x8D, 0xFF, ' '} {
			s := []byte(strings.Repeat(string([]byte{fill}), n))
			if got := hasTabOrNewline(string(s)); got {
				t.Fatalf("%q: true", s)
			}
			for at := range n {
				for _, c := range []byte{'\t', '\n', '\r', 0x00, 0x08, 0x0B, 0x0C} {
					old := s[at]
					s[at] = c
					if got, want := hasTabOrNewline(string(s)), strings.ContainsAny(string(s), "\t\n\r"); got != want {
						t.Fatalf("%q: %v, want %v", s, got, want)
					}
					s[at] = old
				}
			}
		}
	}
}

// TestWhereOthersDiffer holds the cases where the bench module's
// differential fuzz found ada (3.4.1) parting from the standard, with the
// step of the standard that decides each: the Web Platform Tests of July
// 2026 have none of these inputs.
func TestWhereOthersDiffer(t *testing.T) {
	for _, tc := range []struct {
		input, base string
		want        string // "" for failure
	}{
		// Domain to ASCII, step 6: UTS #46 ToASCII decodes "xn---00c" as
		// Punycode, and RFC 3492 reads no delimiter before a first digit.
		// (In an ASCII domain, step 5 keeps the label as it is.)
		{"http://μ.xn---00c/", "", ""},
		{"http://a.xn---00c/", "", "http://a.xn---00c/"},
		// CheckBidi: a label with a right-to-left code point starts with
		// one of Bidi_Class L, R or AL (RFC 5893, rule 1), not a digit.
		{"http://1\u05D0/", "", ""},
		{"http:0%D7\t%80", "", ""},
		// The no scheme state: against a base with an opaque path, only an
		// input that starts with "#" is read.
		{"//#", "a:", ""},
		{"#", "a:?", "a:?#"},
		// The relative state copies the base's query, empty or not.
		{" ", "a:/?", "a:/?"},
		// The file slash state copies only a normalized Windows drive
		// letter, two code points.
		{"/", "file:A:0", "file:///"},
		{"/", "file:A:", "file:///A:/"},
		// Shorten a URL's path keeps only a normalized Windows drive
		// letter of a file: URL.
		{"file:A:0/..", "", "file:///"},
		{"file:A:/..", "", "file:///A:/"},
	} {
		var u URL
		var err error
		if tc.base == "" {
			u, err = Parse(tc.input)
		} else {
			u, err = ParseWithBase(tc.input, tc.base)
		}
		if got := u.Href(); got != tc.want || (err == nil) != (tc.want != "") {
			t.Errorf("%q against %q: %q (error %v), want %q", tc.input, tc.base, got, err, tc.want)
		}
	}
	// The setters.
	for _, tc := range []struct {
		href, setter, value, want string
	}{
		// The host state: a host that fails to parse changes nothing; the
		// empty host is a host.
		{"a:/", "host", " ", "a:/"},
		{"a:/p", "hostname", "x y", "a:/p"},
		{"a:/", "host", "", "a:///"},
		// The scheme state drops the port only when it is the scheme's
		// default port, and "a" has none.
		{"a://h:0", "protocol", "a", "a://h:0"},
		{"a://h:0", "protocol", "b", "b://h:0"},
		// The pathname setter touches neither the query nor the fragment,
		// empty or not.
		{"a:/#", "pathname", "//", "a:/.//#"},
		{"a:/?#0", "pathname", "//", "a:/.//?#0"},
	} {
		u := MustParse(tc.href)
		switch tc.setter {
		case "host":
			u.SetHost(tc.value)
		case "hostname":
			u.SetHostname(tc.value)
		case "protocol":
			u.SetProtocol(tc.value)
		case "pathname":
			u.SetPathname(tc.value)
		}
		if got := u.Href(); got != tc.want {
			t.Errorf("set %s of %q to %q: %q, want %q", tc.setter, tc.href, tc.value, got, tc.want)
		}
	}
}
