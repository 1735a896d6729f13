package urlpattern

import (
	"strconv"
	"strings"

	"github.com/webstd/url/internal/errtext"
	"github.com/webstd/url/internal/jsregexp"
)

// An ErrorKind is the step of the standard at which creating or using a
// pattern failed, where JavaScript throws a TypeError. It is also a sentinel
// for [errors.Is]: errors.Is(err, urlpattern.ErrDuplicateName).
type ErrorKind uint8

const (
	// ErrTokenize: the tokenizer met code points that are not a valid
	// pattern string ("process a tokenizing error" with the "strict"
	// policy): a "\" at the end, a ":" not followed by a name, an
	// unbalanced or empty "(regexp)", a non-ASCII code point in one:
	// https://urlpattern.spec.whatwg.org/#process-a-tokenizing-error.
	ErrTokenize ErrorKind = iota + 1
	// ErrRequiredToken: the pattern parser did not find a token it requires
	// ("consume a required token"), such as the "}" that closes a "{" or
	// the end after the last part: https://urlpattern.spec.whatwg.org/#consume-a-required-token.
	ErrRequiredToken
	// ErrDuplicateName: two groups of one component have the same name:
	// https://urlpattern.spec.whatwg.org/#is-a-duplicate-name.
	ErrDuplicateName
	// ErrRegExp: the regular expression of a component is not valid
	// (RegExpCreate throws): https://urlpattern.spec.whatwg.org/#compile-a-component.
	// Err says why. It is also the error of a valid regular expression that
	// this package does not match: a backreference or lookaround, which no
	// algorithm matches in linear time, or one over a cap of the package
	// documentation (Caps), which Err names.
	ErrRegExp
	// ErrCanonicalize: an encoding callback rejected fixed text of a
	// component: a protocol, hostname or port that the URL parser rejects,
	// an IPv6 hostname with other code points than hex digits, "[", "]"
	// and ":": https://urlpattern.spec.whatwg.org/#canon-encoding-callbacks.
	ErrCanonicalize
	// ErrMissingProtocol: a constructor string without a protocol and no
	// base URL: https://urlpattern.spec.whatwg.org/#url-pattern-create,
	// step 2.2.
	ErrMissingProtocol
	// ErrBaseURL: the base URL does not parse:
	// https://urlpattern.spec.whatwg.org/#process-a-urlpatterninit, step 10.2.
	ErrBaseURL
	// ErrBaseURLWithInit: a base URL given beside an Init, which carries
	// its own (https://urlpattern.spec.whatwg.org/#url-pattern-create, step
	// 3.2). Go's types rule this out for the methods of this package.
	ErrBaseURLWithInit
	// ErrComponent: a Component that is not one of the eight.
	ErrComponent
	// ErrGenerate: Generate cannot build the component from the pattern and
	// the groups: the pattern has a part that is not fixed text or a named
	// group without modifier, a group has no value, or a value cannot fill
	// its group and nothing else (see [Pattern.Generate]). Err names the
	// group and says why; it never holds the value.
	ErrGenerate
)

var errorKindNames = [...]string{
	ErrTokenize:        "tokenize",
	ErrRequiredToken:   "required token",
	ErrDuplicateName:   "duplicate name",
	ErrRegExp:          "invalid regular expression",
	ErrCanonicalize:    "canonicalize",
	ErrMissingProtocol: "missing protocol",
	ErrBaseURL:         "invalid base URL",
	ErrBaseURLWithInit: "base URL with init",
	ErrComponent:       "invalid component",
	ErrGenerate:        "generate",
}

// String returns the name of the step k stands for.
func (k ErrorKind) String() string {
	if int(k) < len(errorKindNames) && errorKindNames[k] != "" {
		return errorKindNames[k]
	}
	return "ErrorKind(" + strconv.Itoa(int(k)) + ")"
}

// Error returns k's name, so that k is an error itself and a sentinel for
// errors.Is.
func (k ErrorKind) Error() string { return "urlpattern: " + k.String() }

// An Error is the failure to create a pattern or to generate a component
// with one: the TypeError of JavaScript's URLPattern.
type Error struct {
	// Kind is the step of the standard that failed.
	Kind ErrorKind
	// Component is the name of the component whose pattern failed, as the
	// standard names it ("pathname"), or the empty string when the failure
	// is not one component's (ErrMissingProtocol, ErrBaseURL).
	Component string
	// Input is the text that failed: the component's pattern string, the
	// fixed text an encoding callback rejected, the constructor string, or
	// the base URL. It is written as url.ParseError's Input is: every
	// password in it (one the URL parser reads in it, or in the
	// constructor string it is part of) replaced by "xxxxx", only the first 160 and last 64 bytes of
	// a long one kept, and what a terminal acts on or a log viewer hides
	// escaped as Go escapes it ("\u202E"), a backslash as "\\". The pattern of
	// the password component is "xxxxx" as a whole; in that of the
	// username component, what follows the first ":" is "xxxxx"
	// ("https://user:pass@host/" has the username pattern "user:pass").
	Input string
	// Err is the error underneath, if any: why the regular expression is
	// not valid (with its text escaped, and that of the password component
	// left out), why the base URL does not parse (a *url.ParseError).
	Err error
}

// Error returns a message such as
// `urlpattern: invalid base URL "https://user:xxxxx@[::1/": url: parse ...`,
// with Input quoted.
func (e *Error) Error() string {
	s := "urlpattern: " + e.Kind.String()
	if e.Component != "" {
		s += " in " + e.Component
	}
	if e.Input != "" || e.Kind == ErrBaseURL {
		s += " " + errtext.Quote(e.Input)
	}
	if e.Err != nil {
		s += ": " + errtext.Message(e.Err.Error())
	}
	return s
}

// Unwrap returns the error underneath.
func (e *Error) Unwrap() error { return e.Err }

// Is reports whether target is e's Kind.
func (e *Error) Is(target error) bool {
	k, ok := target.(ErrorKind)
	return ok && k == e.Kind
}

// sealed returns err as the functions of this package return it: when it
// is an *Error, a copy with its Input written as the Input field says and
// its Err as redactedCause says. create and Generate, which every function
// that returns an *Error calls, seal the error they return, so that every
// error site inside them is covered.
//
// passwords are the passwords that a URL parser reads in the constructor
// string the error is of (see passwordsIn), which are redacted wherever
// they are in the error: the constructor string parser reads ":name" as a
// named group, and may put what a URL has as its password in another
// component ("http:A:pass@host" has the username pattern "pass").
func sealed(err error, passwords ...string) error {
	e, ok := err.(*Error)
	if !ok {
		return err
	}
	s := *e
	if msg := s.Err; msg != nil && containsAny(msg.Error(), passwords) {
		s.Err = &redactedError{}
	}
	// secret is whether Input has a password for a person: the pattern
	// of the password component, or that of the username component with a
	// ":" in it.
	secret := false
	switch {
	case s.Component == Password.String():
		secret = s.Input != "" || s.Err != nil
		if s.Input != "" {
			s.Input = "xxxxx"
		}
	case s.Component == Username.String() && strings.Contains(s.Input, ":") && errtext.PasswordSpans != nil:
		// The pattern of the username is what comes before the "@" of a
		// constructor string, where a URL has its userinfo: what follows
		// its first ":" a person reads as a password, although in a
		// pattern ":name" is a named group ("https://user:pass@host/" has
		// the username pattern "user:pass").
		secret = true
		spans := errtext.PasswordSpans(s.Input, false)
		spans = append(spans, [2]int{strings.IndexByte(s.Input, ':') + 1, len(s.Input)})
		s.Input = strings.Clone(errtext.Redacted(s.Input, spans))
	case containsAny(s.Input, passwords) && errtext.PasswordSpans != nil:
		spans := errtext.PasswordSpans(s.Input, false)
		for _, p := range passwords {
			for i := 0; p != ""; {
				j := strings.Index(s.Input[i:], p)
				if j < 0 {
					break
				}
				spans = append(spans, [2]int{i + j, i + j + len(p)})
				i += j + len(p)
			}
		}
		s.Input = strings.Clone(errtext.Redacted(s.Input, spans))
	default:
		s.Input = errtext.Of(s.Input)
	}
	s.Err = redactedCause(s.Err, secret)
	return &s
}

// containsAny reports whether s holds one of the non-empty strings of list.
func containsAny(s string, list []string) bool {
	for _, x := range list {
		if x != "" && strings.Contains(s, x) {
			return true
		}
	}
	return false
}

// passwordsIn returns the passwords that a URL parser reads in s
// (errtext.PasswordSpans), as strings.
func passwordsIn(s string) []string {
	if errtext.PasswordSpans == nil {
		return nil
	}
	var out []string
	for _, sp := range errtext.PasswordSpans(s, false) {
		if sp[0] < sp[1] {
			out = append(out, s[sp[0]:sp[1]])
		}
	}
	return out
}

// redactedCause returns err, the error underneath an *Error, as the Error
// holds it: as errtext.Err writes it (its message escaped and cut); or,
// when the Error's Input has a password (secret), an error that says
// nothing of the text, since the reason may quote it (a regular expression,
// a group's name): where a regular expression failed, or that the reason
// is left out.
func redactedCause(err error, secret bool) error {
	if _, ok := err.(*redactedError); ok || !secret || err == nil {
		return errtext.Err(err)
	}
	switch e := err.(type) {
	case *jsregexp.SyntaxError:
		return &redactedError{pos: e.Pos, regexp: "invalid"}
	case *jsregexp.UnsupportedError:
		return &redactedError{pos: e.Pos, regexp: "unsupported"}
	}
	return &redactedError{}
}

// A redactedError is the error underneath an *Error whose Input has a
// password, which says nothing of the text.
type redactedError struct {
	regexp string // "invalid" or "unsupported" for an error of a regular expression
	pos    int    // where in the regular expression
}

func (e *redactedError) Error() string {
	if e.regexp != "" {
		return e.regexp + " regular expression at offset " + strconv.Itoa(e.pos) + " (the expression is left out, as it holds the password)"
	}
	return "the reason is left out, as it may quote the password"
}
