package canonical_test

import (
	"testing"

	"github.com/webstd/url"
	"github.com/webstd/url/canonical"
	"github.com/webstd/url/internal/errcheck"
)

// canonicalErrors returns the errors of every function of package
// canonical that takes a URL string, a URL, a SURT key or a profile name, on
// input: each profile's CanonicalString, and Canonical of the URL input
// parses to; the SURT parsers; Safe Browsing's; Lookup.
func canonicalErrors(input string) []error {
	var errs []error
	u, perr := url.Parse(input)
	for _, p := range canonical.Profiles() {
		_, err := p.CanonicalString(input)
		errs = append(errs, err)
		if perr == nil {
			_, err := p.Canonical(u)
			errs = append(errs, err)
		}
	}
	if perr == nil {
		_, err1 := canonical.SafeBrowsingCanonical(u)
		_, err2 := canonical.SafeBrowsingExpressions(u)
		errs = append(errs, err1, err2)
	}
	for _, o := range []canonical.SURTOptions{{WithScheme: true}, {WithScheme: true, TrailingComma: true}, {}} {
		_, err := o.Parse(input)
		errs = append(errs, err)
	}
	_, err := canonical.Lookup(input)
	return append(errs, err)
}

// checkCanonical checks the redaction property on package canonical for c:
// no text of an error holds the password the URL parser reads in c's input
// with a good suffix (a SURT key such as "http://(com,example,)/" has a
// password where a URL has), nor a code point that a terminal acts on or a
// log viewer hides.
func checkCanonical(t *testing.T, c errcheck.Case) {
	t.Helper()
	var passwords []string
	if u, err := url.Parse(c.Input()); err == nil && u.Password() != "" {
		passwords = c.Passwords(u.Password())
	} else if u, err := url.Parse(c.Good().Input()); err == nil && u.Password() != "" {
		passwords = c.Passwords(u.Password())
	}
	errcheck.Check(t, "canonical", c, errcheck.Secrets(passwords...), canonicalErrors)
}

// TestRedaction checks the redaction property on package canonical for
// some spellings of a URL and a SURT key with a password.
func TestRedaction(t *testing.T) {
	for _, prefix := range []string{"https://", "http://(", "https:\\\\", "//", "ftp://", "sc://", "\u202e"} {
		for _, suffix := range []string{"[::1/", "h/", "h:99999/", "h/\u009b[2J", "com,example,/", "..../"} {
			for _, password := range []string{"S3CR3T", "se\u202ecret", "s%65cret"} {
				checkCanonical(t, errcheck.Case{Prefix: prefix, User: "user", Password: password, Suffix: suffix})
			}
		}
	}
}

// FuzzRedaction holds the redaction property on package canonical for any
// input of the shape prefix + user + ":" + password + "@" + suffix.
func FuzzRedaction(f *testing.F) {
	f.Add("http://(", "user", "S3CR3T", "com,example,/")
	f.Add("https://", "user", "se\u202ecret", "h/\u009b")
	f.Fuzz(func(t *testing.T, prefix, user, password, suffix string) {
		checkCanonical(t, errcheck.Case{Prefix: prefix, User: user, Password: password, Suffix: suffix})
	})
}
