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
	// In that of the hostname or the port, what comes before the last "@"
	// is "xxxxx" when either holds one: the constructor string parser ends
	// the userinfo at the first "@", the URL parser at the last, so
	// "https://u:p@S3CR3T@h/" has the hostname pattern "S3CR3T@h" and the
	// URL password "p@S3CR3T"; and a URL setter reads the hostname
	// "u:pass@h" of an Init as an authority.
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
// error site inside them is covered. sec says what else is secret in the
// input the error is of (see secretsOf).
func sealed(err error, sec secrets) error {
	e, ok := err.(*Error)
	if !ok {
		return err
	}
	s := *e
	if msg := s.Err; msg != nil && containsAny(msg.Error(), sec.texts) {
		s.Err = &redactedError{}
	}
	// secret is whether Input has a password for a person: the pattern
	// of the password component, that of the username component with a
	// ":" in it, or the text of a hostname or port that an "@" makes
	// userinfo.
	secret := false
	switch {
	case s.Component == Password.String():
		secret = s.Input != "" || s.Err != nil
		if s.Input != "" {
			s.Input = "xxxxx"
		}
	case errtext.PasswordSpans == nil:
		// Package url is not initialized (it does not happen: see
		// errtext.PasswordSpans); Of redacts what comes before an "@".
		s.Input = errtext.Of(s.Input)
	case s.Component == Username.String() && strings.Contains(s.Input, ":"):
		// The pattern of the username is what comes before the "@" of a
		// constructor string, where a URL has its userinfo: what follows
		// its first ":" a person reads as a password, although in a
		// pattern ":name" is a named group ("https://user:pass@host/" has
		// the username pattern "user:pass").
		secret = true
		spans := appendTextSpans(errtext.PasswordSpans(s.Input, false), s.Input, sec.texts)
		spans = append(spans, [2]int{strings.IndexByte(s.Input, ':') + 1, len(s.Input)})
		s.Input = strings.Clone(errtext.Redacted(s.Input, spans))
	case s.Component == Hostname.String() && sec.hostname, s.Component == Port.String() && sec.port:
		// What comes before the last "@" of the text is userinfo to the
		// URL parser; all of it, when it has none (see secretsOf).
		secret = true
		at := strings.LastIndexByte(s.Input, '@')
		if at < 0 {
			at = len(s.Input)
		}
		spans := appendTextSpans(errtext.PasswordSpans(s.Input, true), s.Input, sec.texts)
		spans = append(spans, [2]int{0, at})
		s.Input = strings.Clone(errtext.Redacted(s.Input, spans))
	default:
		// A hostname or port is read as an authority, as a host setter
		// reads it ("user:pass@host"): errtext.OfAuthority.
		authority := s.Component == Hostname.String() || s.Component == Port.String()
		spans := appendTextSpans(errtext.PasswordSpans(s.Input, authority), s.Input, sec.texts)
		s.Input = strings.Clone(errtext.Redacted(s.Input, spans))
	}
	s.Err = redactedCause(s.Err, secret)
	return &s
}

// secrets is what sealed redacts in an error of create or Generate besides
// the passwords that the URL parser reads in its Input, the pattern of the
// password component, and what follows the first ":" of the pattern of the
// username component.
type secrets struct {
	// texts are redacted wherever they are in the error.
	texts []string
	// hostname and port are whether the text of an error in the hostname,
	// the port component is userinfo up to its last "@" (and all of it when
	// it has none).
	hostname, port bool
}

// secretsOf returns the secrets of the errors of create for the
// constructor string str (when init is the Init that the constructor
// string parser read in it, constructor true), or for the Init init
// (constructor false). A password is secret as each reader of str reads
// it, and where the readers disagree, the text they disagree on is too:
//
//   - the passwords that the URL parser reads in str, as it is and as
//     scalar values (passwordsIn), which splits the userinfo at the LAST
//     "@" of the authority: "https://u:p@S3@h/" has the password "p@S3";
//   - the pattern of the password component, which the constructor string
//     parser reads up to the FIRST "@" (an escaped "\@" too): "p", unless
//     it is "*", the wildcard, which no password is;
//   - when the hostname or port pattern holds an "@" (the authority has
//     more than one, or one in a group or regular expression), the text
//     from the start of the hostname to the last "@" of the port, or of the
//     hostname when the port holds none ("S3"): a password to the URL
//     parser, a host to the constructor string parser. In the errors of
//     those two components, every text before the last "@" is redacted,
//     and the whole text of a hostname followed by a port with an "@" (the
//     text an error of theirs quotes may be part of a pattern, such as a
//     group's name, which need not hold the "@" itself).
//
// An Init's hostname and port are read the same way ("u:pass@h" as the
// hostname of an Init gives an error "xxxxx@h"): a URL setter reads an "@"
// in them as the end of a userinfo.
func secretsOf(str string, init *Init, constructor bool) secrets {
	sec := secrets{texts: append(passwordsIn(str), passwordsIn(toUSVString(str))...)}
	if init == nil {
		return sec
	}
	if constructor && init.Password != nil && *init.Password != "*" {
		sec.texts = append(sec.texts, *init.Password)
	}
	var hostname, port string
	if init.Hostname != nil {
		hostname = *init.Hostname
	}
	if init.Port != nil {
		port = *init.Port
	}
	switch {
	case strings.Contains(port, "@"):
		sec.hostname, sec.port = true, true
		sec.texts = append(sec.texts, hostname+":"+port[:strings.LastIndexByte(port, '@')])
	case strings.Contains(hostname, "@"):
		sec.hostname = true
		sec.texts = append(sec.texts, hostname[:strings.LastIndexByte(hostname, '@')])
	}
	return sec
}

// appendTextSpans appends to spans, and returns, the spans of s where one
// of the non-empty strings of texts is.
func appendTextSpans(spans [][2]int, s string, texts []string) [][2]int {
	for _, t := range texts {
		for i := 0; t != ""; {
			j := strings.Index(s[i:], t)
			if j < 0 {
				break
			}
			spans = append(spans, [2]int{i + j, i + j + len(t)})
			i += j + len(t)
		}
	}
	return spans
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
	if errtext.PasswordSpans == nil || s == "" {
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
