package ssrf

import (
	"errors"

	"github.com/webstd/url/internal/errtext"
)

// ErrRefused is the error every refusal of a [Guard] wraps:
// errors.Is(err, ssrf.ErrRefused) tells a refusal from a failure of the
// network. errors.As(err, &e) with e a *[Error] gives the rule, also
// through the *net/url.Error of an http.Client and the *net.OpError of a
// dial.
var ErrRefused = errors.New("refused by the policy")

// The rules an [Error] names.
const (
	RuleURL       = "url"       // the URL does not parse, or net/http would send another one
	RuleScheme    = "scheme"    // Policy.Schemes
	RulePort      = "port"      // Policy.Ports
	RuleHost      = "host"      // Policy.AllowHosts, DenyHosts, AllowDomains, DenyDomains, AllowPatterns, DenyPatterns
	RuleAddress   = "address"   // the default deny list, Policy.AllowAddrs and DenyAddrs, before connecting
	RuleDial      = "dial"      // the same, on the address a connection is dialed to, after DNS
	RuleRedirects = "redirects" // Policy.MaxRedirects
)

// An Error is a refusal: which rule refused what, and why. Its text names
// the URL or the address refused as errtext writes an input: the password
// of a URL replaced by "xxxxx", the code points that a terminal hides or
// acts on escaped, a long URL cut.
type Error struct {
	Rule   string // one of the Rule constants
	Input  string // the URL, host or address refused: its password replaced by "xxxxx", a long one cut
	Reason string // why, in words: "127.0.0.1 is in 127.0.0.0/8 (Loopback, RFC 1122, Section 3.2.1.3)"
	Err    error  // the error behind the refusal, such as a parse error; may be nil
}

func (e *Error) Error() string {
	s := "ssrf: the " + e.Rule + " rule refuses " + errtext.Quote(e.Input) + ": " + errtext.Message(e.Reason)
	if e.Err != nil {
		s += ": " + errtext.Err(e.Err).Error()
	}
	return s
}

// Unwrap returns ErrRefused and the error behind the refusal.
func (e *Error) Unwrap() []error {
	if e.Err != nil {
		return []error{ErrRefused, e.Err}
	}
	return []error{ErrRefused}
}

// refuse returns the Error of rule refusing input (a URL or host as given:
// errtext redacts and escapes it).
func refuse(rule, input, reason string, err error) *Error {
	return &Error{Rule: rule, Input: errtext.Of(input), Reason: reason, Err: err}
}
