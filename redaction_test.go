package url

import (
	"context"
	"errors"
	stdurl "net/url"
	"strings"
	"testing"

	"github.com/webstd/url/internal/errcheck"
)

// The redaction property holds for every function of this package that
// takes a URL, or a string it reads as one, and can return an error: no
// text of the error (its message, its %v, %+v and %#v, those of the errors
// it wraps, their exported string fields) holds the password that the
// input yields, nor a code point that a terminal acts on or a log viewer
// hides (see internal/errcheck). A surface is a group of such functions
// that read the input the same way, and so yield the same password.
type redactionSurface struct {
	name string
	// passwords returns the passwords that c's input yields for the
	// surface, against base ("" for none): "" or none when it yields none.
	passwords func(c errcheck.Case, base string) []string
	// run returns the errors of the surface's functions on input.
	run func(input, base string, strict bool) []error
	// base and strict say whether run reads base and strict.
	base, strict bool
}

// parseAgainst parses input against base, or with no base when base is "".
func parseAgainst(p *Parser, input, base string) (URL, error) {
	if base == "" {
		return p.Parse(input)
	}
	return p.ParseWithBase(input, base)
}

// goodPassword returns the password of the URL that c's input with a good
// suffix (c.Good) parses to against base, read by the URL parser: the
// password of a failing input is the one the same input yields where its
// failing part is replaced by a host.
func goodPassword(c errcheck.Case, base string) []string {
	u, err := parseAgainst(&Parser{}, c.Good().Input(), base)
	if err != nil || u.Password() == "" || spelledElsewhere(u) {
		return nil
	}
	return c.Passwords(u.Password())
}

// ownPassword returns the password of the URL that c's input parses to,
// or, when it does not parse, goodPassword's.
func ownPassword(c errcheck.Case, base string) []string {
	u, err := parseAgainst(&Parser{}, c.Input(), base)
	if err != nil {
		return goodPassword(c, base)
	}
	if u.Password() == "" || spelledElsewhere(u) {
		return nil
	}
	return c.Passwords(u.Password())
}

// spelledElsewhere reports whether the password of u is spelled by the
// rest of u too (as its username, host, path, query or fragment), which an
// error rightly shows: "http:\xf2:\xf4@0\\" has the username and the
// password "%EF%BF%BD", each an invalid byte read as U+FFFD. Such a
// password is no secret that an error can give away.
func spelledElsewhere(u URL) bool {
	rest := u
	if rest.SetPassword("") != nil {
		return false
	}
	return strings.Contains(rest.Href(), u.Password())
}

// authorityPassword returns the password of c's good input read as the
// authority of a URL: what a person reads as a password in a host such as
// "user:pass@host".
func authorityPassword(c errcheck.Case, _ string) []string {
	u, err := Parse("sc://" + c.Good().Input())
	if err != nil || u.Password() == "" {
		return nil
	}
	if !c.InAuthority() {
		return []string{u.Password()}
	}
	return c.Passwords(u.Password())
}

// failingSetters are values that make setters fail (on some URL): each
// setter's error quotes the URL and the value.
func failingSetters(u URL) []error {
	var errs []error
	for _, set := range []func(*URL) error{
		func(u *URL) error { return u.SetProtocol("1") },
		func(u *URL) error { return u.SetProtocol("file") },
		func(u *URL) error { return u.SetHost("a b") },
		func(u *URL) error { return u.SetHost("") },
		func(u *URL) error { return u.SetHostname("a:1") },
		func(u *URL) error { return u.SetPort("x") },
		func(u *URL) error { return u.SetPort("99999") },
		func(u *URL) error { return u.SetPathname("/p") },
		func(u *URL) error { return u.SetUsername("u") },
		func(u *URL) error { return u.SetPassword("p") },
	} {
		v := u
		errs = append(errs, set(&v))
	}
	return errs
}

var redactionSurfaces = []redactionSurface{
	{
		// The parse of the input, against the base.
		name:      "Parse",
		base:      true,
		strict:    true,
		passwords: goodPassword,
		run: func(input, base string, strict bool) []error {
			p := Parser{Strict: strict}
			_, err := parseAgainst(&p, input, base)
			errs := []error{err}
			if b, berr := Parse(base); base != "" && berr == nil {
				_, err := b.Parse(input)
				errs = append(errs, err)
			}
			return errs
		},
	},
	{
		// The input read with no base: as a base URL, as an href.
		name:      "base",
		strict:    true,
		passwords: func(c errcheck.Case, _ string) []string { return goodPassword(c, "") },
		run: func(input, _ string, strict bool) []error {
			_, err1 := ParseWithBase("x", input)
			_, err2 := (&Parser{Strict: strict}).ParseWithBase("x", input)
			u := MustParse("https://example.com/")
			err3 := u.SetHref(input)
			err4 := u.UnmarshalText([]byte(input))
			return []error{err1, err2, err3, err4}
		},
	},
	{
		// What the URL the input parses to converts to, and its setters.
		name:      "URL",
		base:      true,
		passwords: ownPassword,
		run: func(input, base string, _ bool) []error {
			u, err := parseAgainst(&Parser{}, input, base)
			if err != nil {
				return nil
			}
			_, err1 := u.ToStd()
			_, err2 := u.RequestURL()
			_, err3 := u.NewRequest(context.Background(), "", nil)
			_, err4 := u.HostPort()
			return append(failingSetters(u), err1, err2, err3, err4)
		},
	},
	{
		// FromStd of what net/url parses the input to.
		name: "FromStd",
		passwords: func(c errcheck.Case, _ string) []string {
			s, err := stdurl.Parse(c.Good().Input())
			if err != nil {
				return nil
			}
			p, _ := s.User.Password()
			ours, _ := Parse(s.String())
			if p == "" && ours.Password() == "" {
				return nil
			}
			return append([]string{p}, c.Passwords(ours.Password())...)
		},
		run: func(input, _ string, _ bool) []error {
			s, err := stdurl.Parse(input)
			if err != nil {
				return nil
			}
			_, err = FromStd(s)
			return []error{err}
		},
	},
	fromStdFieldSurface("FromStd Host", func(s string) *stdurl.URL {
		return &stdurl.URL{Scheme: "http", Host: s, Path: "/"}
	}),
	fromStdFieldSurface("FromStd Opaque", func(s string) *stdurl.URL {
		return &stdurl.URL{Scheme: "http", Host: "example.com", Opaque: "//" + s}
	}),
	{
		// The input as a host.
		name:      "host",
		passwords: authorityPassword,
		run: func(input, _ string, _ bool) []error {
			_, err1 := ParseHost(input)
			_, err2 := DomainToASCII(input)
			errs := []error{err1, err2}
			for _, href := range []string{"https://example.com/", "sc://example/"} {
				// Each setter on a URL of its own: SetHost may succeed
				// with a port ("00:100@0" sets host 0.0.0.0, port 100),
				// which the URL then rightly shows in SetHostname's error.
				u, v := MustParse(href), MustParse(href)
				errs = append(errs, u.SetHost(input), v.SetHostname(input))
			}
			return errs
		},
	},
}

// fromStdFieldSurface is the surface of FromStd of the net/url URL that
// hold puts the input in, after its "//" if it has one: in a field where
// net/url does not look for a password, such as Host, or an Opaque that
// starts with "//", which net/http sends as the request-target. The
// password it yields is the one this package reads in what net/url writes
// of it, and the one it reads in the field as an authority: net/url writes
// the "@" of a Host "user:pass@host" as "%40", where no reading of the
// string finds the password, which FromStd's error held.
func fromStdFieldSurface(name string, hold func(string) *stdurl.URL) redactionSurface {
	after := func(s string) string {
		if i := strings.Index(s, "//"); i >= 0 {
			return s[i+2:]
		}
		return s
	}
	return redactionSurface{
		name: name,
		passwords: func(c errcheck.Case, _ string) []string {
			var out []string
			for _, s := range []string{hold(after(c.Good().Input())).String(), "sc://" + after(c.Good().Input())} {
				if u, err := Parse(s); err == nil && u.Password() != "" {
					// The case's own password where the reading found it
					// (":0@0#0:000@0" has the password "0": "#" ends the
					// authority, and "0:000@0" is a fragment).
					out = append(out, c.Passwords(u.Password())...)
				}
			}
			return out
		},
		run: func(input, _ string, _ bool) []error {
			_, err := FromStd(hold(after(input)))
			return []error{err}
		},
	}
}

// checkSurfaces checks the redaction property on every surface for c
// against base, strict or not; but only on the surfaces that read them when
// base is not the first of redactionBases or strict is true, so that a
// test that runs through them checks each surface once for each input.
func checkSurfaces(t *testing.T, c errcheck.Case, base string, strict bool) {
	t.Helper()
	for _, s := range redactionSurfaces {
		if base != redactionBases[0] && !s.base || strict && !s.strict {
			continue
		}
		secrets := errcheck.Secrets(s.passwords(c, base)...)
		errcheck.Check(t, s.name, c, secrets, func(input string) []error { return s.run(input, base, strict) })
	}
}

// TestRedactionSurfaces checks the redaction property on every surface,
// for the spellings of TestRedactionSpellings and the examples of the
// security review: ToStd of "http://user:S3CR3T@a{b/" wrapped net/url's
// error, which quotes the URL whole.
func TestRedactionSurfaces(t *testing.T) {
	prefixes := []string{"https://", "http://", "https:\\\\", "https:", "sc://", "//", "ws://", "http:\t//", ""}
	suffixes := []string{"a{b/", "a{b/x|y", "[::1/", "h:99999/", "exa mple.com/", "h:1x", "%zz/", "h/a|b", "h/%zz", "h/?a b", "h/\u202e", "\u202e/", "h/\x9b[0m"}
	passwords := []string{"S3CR3T", "se\tcret", "s%65cret", "sécret", "se\u202ecret", "se\xffcret", "p@S3CR3T"}
	bases := redactionBases
	if testing.Short() {
		// (CI's run under the race detector, ten times as slow.)
		passwords, bases = []string{"S3CR3T", "se\u202ecret"}, redactionBases[:2]
	}
	for _, base := range bases {
		for _, prefix := range prefixes {
			for _, suffix := range suffixes {
				for _, password := range passwords {
					c := errcheck.Case{Prefix: prefix, User: "user", Password: password, Suffix: suffix}
					checkSurfaces(t, c, base, false)
					checkSurfaces(t, c, base, true)
				}
			}
		}
	}
}

// TestToStdRedacts is the example of the review: ToStd's error held the
// password of the URL, in net/url's error that it wrapped.
func TestToStdRedacts(t *testing.T) {
	_, err := MustParse("http://user:S3CR3T@a{b/").ToStd()
	if err == nil {
		t.Fatal("ToStd succeeded")
	}
	for _, text := range errcheck.Texts(err) {
		if strings.Contains(text, "S3CR3T") {
			t.Errorf("ToStd's error holds the password: %s", text)
		}
	}
	var ue *stdurl.Error
	if !strings.Contains(err.Error(), "xxxxx") {
		t.Errorf("ToStd's error does not show where the password was: %v", err)
	}
	if ce := (*ConversionError)(nil); !errors.As(err, &ce) || !errors.As(err, &ue) {
		t.Errorf("ToStd's error %#v: want a *ConversionError wrapping a *net/url.Error", err)
	}
}
