package urlpattern_test

import (
	"errors"
	"fmt"
	"net/http"
	stdurl "net/url"
	"strings"
	"testing"

	"github.com/webstd/url"
	"github.com/webstd/url/internal/errcheck"
	"github.com/webstd/url/urlpattern"
	"github.com/webstd/url/urlpattern/router"
)

// The redaction property (internal/errcheck) for packages urlpattern and
// urlpattern/router: no text of an error that a function of theirs returns
// (or a panic of ServeMux.Handle) holds the password its input yields, nor
// a code point that a terminal acts on or a log viewer hides. A surface is
// a group of functions that read the input the same way.
type patternSurface struct {
	name      string
	passwords func(c errcheck.Case) []string
	run       func(input string) []error
}

// patternBases are base URLs for ParseWithBase.
var patternBases = []string{"https://example.com/a/", "sc://example/a/"}

// urlPassword returns the password of c's good input read as a URL against
// base ("" for none).
func urlPassword(c errcheck.Case, base string) []string {
	var u url.URL
	var err error
	if base == "" {
		u, err = url.Parse(c.Good().Input())
	} else {
		u, err = url.ParseWithBase(c.Good().Input(), base)
	}
	if err != nil || u.Password() == "" {
		return nil
	}
	return c.Passwords(u.Password())
}

// patternPassword returns the password component of the pattern that c's
// good input is as a constructor string (against base, or none), when it
// is one, and the password a URL parser reads in it.
func patternPassword(c errcheck.Case, base string) []string {
	out := urlPassword(c, base)
	var p *urlpattern.Pattern
	var err error
	if base == "" {
		p, err = urlpattern.Parse(c.Good().Input())
	} else {
		p, err = urlpattern.ParseWithBase(c.Good().Input(), base)
	}
	if err == nil && p.Password() != "*" && p.Password() != "" {
		out = append(out, p.Password(), c.Password)
	}
	// A password right after "//" and a user name, before any "/", "?" or
	// "#", is one to a person, whatever the parsers make of the rest:
	// "https://deploy:p\@S3CR3T@example.com/" ends the URL's authority at
	// the "\", and the pattern's hostname "S3CR3T@h" does not parse.
	if strings.HasSuffix(c.Prefix, "//") && c.User != "" && !strings.ContainsAny(c.User, ":@/?#\\") && !strings.ContainsAny(c.Password, "/?#") {
		out = append(out, c.Password)
	}
	return out
}

// authorityPassword returns the password of c's good input read as the
// authority of a URL ("user:pass@host"), as a host setter and a Host header
// read it.
func authorityPassword(c errcheck.Case) []string {
	u, err := url.Parse("sc://" + c.Good().Input())
	if err != nil || u.Password() == "" {
		return nil
	}
	if !c.InAuthority() {
		return []string{u.Password()}
	}
	return c.Passwords(u.Password())
}

// handlePanic returns the panic of m.Handle(pattern), as an error.
func handlePanic(pattern string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = errors.New(fmt.Sprint(r))
		}
	}()
	router.NewServeMux().Handle(pattern, http.NotFoundHandler())
	return nil
}

var patternSurfaces = []patternSurface{
	{
		// The input as a constructor string.
		name:      "pattern",
		passwords: func(c errcheck.Case) []string { return patternPassword(c, "") },
		run: func(input string) []error {
			_, err1 := urlpattern.Parse(input)
			_, err2 := urlpattern.Options{IgnoreCase: true}.Parse(input)
			return []error{err1, err2, handlePanic(input), handlePanic("GET " + input)}
		},
	},
	{
		// Generate on the pattern the input is: its errors quote the
		// pattern's own strings, which its getters return, and which the
		// program wrote. The password it yields is the pattern's: its
		// password component. (Read as a URL, "https:/0:pass@h" has the
		// password "pass"; as a pattern, the pathname "/0:pass@h", with
		// the named group "pass".)
		name: "Generate",
		passwords: func(c errcheck.Case) []string {
			p, err := urlpattern.Parse(c.Good().Input())
			if err != nil || p.Password() == "*" || p.Password() == "" {
				return nil
			}
			return []string{p.Password(), c.Password}
		},
		run: func(input string) []error {
			p, err := urlpattern.Parse(input)
			if err != nil {
				return nil
			}
			var errs []error
			for c := urlpattern.Protocol; c <= urlpattern.Hash; c++ {
				_, err := p.Generate(c, map[string]string{})
				errs = append(errs, err)
			}
			return errs
		},
	},
	{
		// The input as a constructor string against a base URL.
		name: "pattern with base",
		passwords: func(c errcheck.Case) []string {
			var out []string
			for _, b := range patternBases {
				out = append(out, patternPassword(c, b)...)
			}
			return out
		},
		run: func(input string) []error {
			var errs []error
			for _, b := range patternBases {
				_, err := urlpattern.ParseWithBase(input, b)
				errs = append(errs, err)
			}
			return errs
		},
	},
	{
		// The input as a base URL.
		name:      "base URL",
		passwords: func(c errcheck.Case) []string { return urlPassword(c, "") },
		run: func(input string) []error {
			path := "/x"
			_, err1 := urlpattern.ParseWithBase("/x", input)
			_, err2 := urlpattern.New(urlpattern.Init{BaseURL: &input})
			_, err3 := urlpattern.New(urlpattern.Init{Pathname: &path, BaseURL: &input})
			// Matching returns no error: it must not panic.
			p := urlpattern.MustParse("https://*/*")
			p.Exec(input)
			p.Test(input)
			p.ExecWithBase("/x", input)
			p.TestWithBase(input, input)
			p.ExecInit(urlpattern.Init{BaseURL: &input})
			return []error{err1, err2, err3}
		},
	},
	{
		// The input as the pattern of the password component: all of it
		// is a password.
		name:      "password pattern",
		passwords: func(c errcheck.Case) []string { return []string{c.Input(), c.Password} },
		run: func(input string) []error {
			host := "example.com"
			_, err1 := urlpattern.New(urlpattern.Init{Password: &input})
			_, err2 := urlpattern.New(urlpattern.Init{Password: &input, Hostname: &host})
			errs := []error{err1, err2}
			if p, err := urlpattern.New(urlpattern.Init{Password: &input}); err == nil {
				_, err := p.Generate(urlpattern.Password, map[string]string{"x": "\u202e"})
				errs = append(errs, err)
			}
			return errs
		},
	},
	{
		// The input as the hostname or the port of an Init, which a URL
		// setter reads as an authority ("user:pass@host"), as the host of
		// a URL. The review's example: New(Init{Hostname: "u:S3CR3T@x{"})
		// held it whole in Error.Input.
		name:      "Init hostname",
		passwords: authorityPassword,
		run: func(input string) []error {
			port := "99999"
			_, err1 := urlpattern.New(urlpattern.Init{Hostname: &input})
			_, err2 := urlpattern.New(urlpattern.Init{Port: &input})
			_, err3 := urlpattern.New(urlpattern.Init{Hostname: &input, Port: &port})
			_, err4 := urlpattern.Options{IgnoreCase: true}.New(urlpattern.Init{Hostname: &input})
			return []error{err1, err2, err3, err4}
		},
	},
	{
		// The input as the Host header of a request, which reads as an
		// authority: "user:pass@host".
		name:      "router Host",
		passwords: authorityPassword,
		run: func(input string) []error {
			_, err := router.RequestURL(&http.Request{Host: input, URL: &stdurl.URL{Path: "/"}})
			return []error{err}
		},
	},
	{
		// The input as the path of a request.
		name:      "router path",
		passwords: func(c errcheck.Case) []string { return urlPassword(c, "") },
		run: func(input string) []error {
			_, err := router.RequestURL(&http.Request{Host: "example.com", URL: &stdurl.URL{Path: input}})
			return []error{err}
		},
	},
}

// checkPatterns checks the redaction property on every surface for c.
func checkPatterns(t *testing.T, c errcheck.Case) {
	t.Helper()
	for _, s := range patternSurfaces {
		errcheck.Check(t, s.name, c, errcheck.Secrets(s.passwords(c)...), s.run)
	}
}

// TestRedaction checks the redaction property on urlpattern and the router
// for some spellings of a URL with a password, among them the review's
// examples: ParseWithBase("/x", "https://user:S3CR3T@[::1/") and New with
// that base URL put the base URL whole in Error.Input and Error();
// Parse("https://deploy:p@S3CR3T@example.com/") put "S3CR3T@example.com"
// in the hostname's error (and router.Handle's panic), and so did a "\@".
func TestRedaction(t *testing.T) {
	for _, prefix := range []string{"https://", "https:\\\\", "//", "sc://", "\u202e", ""} {
		for _, suffix := range []string{"[::1/", "h/", "h:99999/", "h/\u009b[2J", "h/(", "h/:a:a", "{"} {
			// A password with an "@" (escaped or not): the URL parser ends
			// the userinfo at the last "@", the constructor string parser
			// at the first, and reads "S3CR3T@..." as the hostname.
			for _, password := range []string{"S3CR3T", "se\u202ecret", "s%65cret", "S3(CR3T", "p@S3CR3T", `p\@S3CR3T`, "p@S3:CR3T", "p@S3{:CR3T", "p@S3@CR3T"} {
				checkPatterns(t, errcheck.Case{Prefix: prefix, User: "user", Password: password, Suffix: suffix})
			}
		}
	}
}

// FuzzRedaction holds the redaction property on urlpattern and the router
// for any input of the shape prefix + user + ":" + password + "@" + suffix.
func FuzzRedaction(f *testing.F) {
	f.Add("https://", "user", "S3CR3T", "[::1/")
	f.Add("https://", "user", "S3(CR3T", "h/")
	f.Add("\u202e", "user", "se\u202ecret", "h/\u009b")
	// A request path with a "\r" that net/url sends as "%0D" and the URL
	// parser removes: "/\r/u:S3CR3T@h" reads as "//u:S3CR3T@h".
	f.Add("A:/\r/", "user", "S3CR3T", "h")
	f.Add("/\r/", "user", "S3CR3T", "h/%2F")
	f.Add("/\r/", "user", "S3CR3T", "h/?")
	// The constructor string parser reads ":A" as a named group, and what
	// a URL has as its password as the username.
	f.Add("http", "A", "00(", "0")
	f.Add("http", "A", "\xc1(", "0")
	f.Add("https:/0", "", "A0000", "0") // the pathname "/0:A0000@0"
	// A password with an "@", which the constructor string parser reads as
	// the end of the userinfo, escaped or not.
	f.Add("https://", "deploy", "p@S3CR3T", "example.com/")
	f.Add("https://", "deploy", `p\@S3CR3T`, "example.com/")
	f.Add("https://", "deploy", "p@S3{:CR3T", "example.com/")
	f.Add("https://", "deploy", "p@S3:CR3T", "h:1/")
	// An Init hostname with a userinfo.
	f.Add("", "u", "S3CR3T", "x{")
	f.Fuzz(func(t *testing.T, prefix, user, password, suffix string) {
		checkPatterns(t, errcheck.Case{Prefix: prefix, User: user, Password: password, Suffix: suffix})
	})
}
