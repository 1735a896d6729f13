package urlpattern

import "strconv"

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
	// fixed text an encoding callback rejected, or the base URL.
	Input string
	// Err is the error underneath, if any: why the regular expression is
	// not valid, why the base URL does not parse.
	Err error
}

func (e *Error) Error() string {
	s := "urlpattern: " + e.Kind.String()
	if e.Component != "" {
		s += " in " + e.Component
	}
	if e.Input != "" || e.Kind == ErrBaseURL {
		s += " " + strconv.Quote(e.Input)
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
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
