package url

import (
	"errors"
	"strings"

	"github.com/webstd/url/internal/errtext"

	"github.com/webstd/url/internal/infra"
)

// The setters of the standard's URL class: https://url.spec.whatwg.org/#urlutils-members.
//
// Each setter writes the new serialization: the part of the old one before
// the component, the component as the basic URL parser with a state
// override writes it (the state machine runs on the value alone), and the
// part after, whose offsets move by the change in length (splice). Nothing
// is parsed again: the new serialization is the new href, which allocates
// it and nothing else. The one exception is the protocol setter's change to
// "file", which reads the new href as a file URL (see URL.SetProtocol).
// After any setter, u is exactly the URL its href parses to, which
// FuzzSetters checks, and FuzzSetterSplice checks that a setter gives the
// same URL as parsing the whole new serialization again.
//
// Where the standard's steps leave the URL unchanged because they reject the
// value (they return, or the basic URL parser returns failure), the setter
// returns a *SetterError saying why; the URL is as the standard leaves it.

// A SetterError reports a value that a setter rejected: the standard's steps
// left the URL unchanged (but see [URL.SetHost] for a port that fails after
// the host was set). Err says why: the [ValidationErrorKind] at which the
// basic URL parser failed (for example [ErrHostInvalidCodePoint] or
// [ErrPortOutOfRange]), one of the errors below for the steps that reject a
// value with no validation error, or [ErrTooLong]. [errors.Is] finds it:
//
//	err := u.SetPort("99999")
//	errors.Is(err, url.ErrPortOutOfRange) // true
//
// A setter that returns nil took the value; the URL may be as it was, when
// the value was already there (SetPort("80") on "http://example.com/"):
// compare the URLs to tell.
//
// URL and Value are written as [ParseError.Input] is: every password in them
// replaced by "xxxxx" (of Value, a password that the URL parser would read
// in it as a URL or an authority: "user:pass@host" given to the host
// setter), only the start and end of a long one kept, and escaped.
type SetterError struct {
	Setter string // the attribute of the standard's URL class: "protocol", "host", "port", ...
	URL    string // the URL's href before the setter, its password redacted
	Value  string // the value given; for the password setter, "xxxxx"
	Err    error  // why the value was rejected
}

// Error returns a message such as
// `url: set port of "https://example.com/" to "99999": port-out-of-range`.
func (e *SetterError) Error() string {
	return "url: set " + e.Setter + " of " + errtext.Quote(e.URL) + " to " + errtext.Quote(e.Value) + ": " + e.Err.Error()
}

// Unwrap returns Err.
func (e *SetterError) Unwrap() error { return e.Err }

// The reasons a setter rejects a value where the standard's steps give no
// validation error.
var (
	// ErrNoURL: the setter was called on the zero URL, which is not a URL.
	ErrNoURL = errors.New("the zero URL has no components to set")
	// ErrOpaquePath: the host, hostname and pathname setters do nothing on a
	// URL with an opaque path, such as "mailto:x@example.com".
	ErrOpaquePath = errors.New("the URL has an opaque path")
	// ErrCannotHaveUsernamePasswordPort: the username, password and port
	// setters do nothing on a URL that has no host, an empty host, or the
	// scheme "file" (https://url.spec.whatwg.org/#cannot-have-a-username-password-port).
	ErrCannotHaveUsernamePasswordPort = errors.New("the URL cannot have a username, password or port")
	// ErrNotAScheme: the protocol setter's value does not start with a
	// scheme (an ASCII letter, then letters, digits, "+", "-" or ".") that
	// ends at ":" or at the end of the value.
	ErrNotAScheme = errors.New("not a scheme")
	// ErrSchemeChange: the scheme state does not change a special scheme
	// (such as "https") to one that is not special (such as "mailto") or the
	// reverse, nor to "file" a URL with credentials or a port, nor from
	// "file" a URL whose host is empty.
	ErrSchemeChange = errors.New("the scheme cannot change to that one")
	// ErrHostnameHasPort: the hostname setter's value has a ":" (outside
	// brackets); the host setter takes a port, the hostname setter does not.
	ErrHostnameHasPort = errors.New("the value has a port, which the hostname setter does not set")
)

// Two setters fail where the standard's state machine returns without a
// change, for a reason that is a validation error of the parser: the
// error wraps that kind. The host and hostname setters with an empty host
// for a URL with credentials or a port, which a URL without a host cannot
// keep: [ErrHostMissing]. The port setter with a value that does not start
// with an ASCII digit: [ErrPortInvalid].

// setterError returns the *SetterError of the setter of attribute setter on
// u, which rejected value because of fail.
func (u *URL) setterError(setter, value string, fail failure) error {
	var err error
	switch fail {
	case failTooLong:
		err = ErrTooLong
	case failNotAScheme:
		err = ErrNotAScheme
	case failSchemeChange:
		err = ErrSchemeChange
	case failHostnameHasPort:
		err = ErrHostnameHasPort
	case failEmptyHost:
		err = ErrHostMissing
	case failNoPort:
		err = ErrPortInvalid
	default:
		err = fail.kind()
	}
	return u.rejected(setter, value, err)
}

// rejected returns the *SetterError of the setter of attribute setter on u,
// which rejected value for err.
func (u *URL) rejected(setter, value string, err error) error {
	text := errtext.Of
	switch setter {
	case "password":
		value = "xxxxx"
	case "host", "hostname":
		text = errtext.OfAuthority // "user:pass@host"
	}
	return &SetterError{Setter: setter, URL: errtext.Of(u.Redacted()), Value: text(value), Err: err}
}

// SetHref parses s and makes u the result: https://url.spec.whatwg.org/#dom-url-href.
// When s does not parse, SetHref returns the *[ParseError] and leaves u
// unchanged.
func (u *URL) SetHref(s string) error {
	v, err := Parse(s)
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// SetProtocol sets the scheme from s, which may end in ":" and anything
// after it: https://url.spec.whatwg.org/#dom-url-protocol. The scheme does
// not change between special and not special, nor to "file" when u has
// credentials or a port, nor from "file" when u's host is empty. A port that
// is the new scheme's default port becomes null.
//
// Changing the scheme to "file" can leave a record that the standard
// serializes to a href that parses to another URL, because the file states
// treat two things differently from the host and path states: a host
// "localhost" (the file host state makes it the empty host) and a first path
// segment that is a drive letter with "|" (the path state writes it with
// ":" when the scheme is "file"). So "http://localhost/x" would become
// "file://localhost/x", which parses to "file:///x", and "http://h/C|/x"
// would become "file://h/C|/x", which parses to "file://h/C:/x". SetProtocol
// makes u the URL that the new href parses to ("file:///x", "file://h/C:/x"),
// so that u, like every URL, parses back to itself; a browser keeps the
// record as it is. No other setter departs from the standard this way.
//
// SetProtocol returns a *[SetterError] when it leaves u unchanged: s does not
// start with a scheme ([ErrNotAScheme]), or the scheme cannot change to it
// ([ErrSchemeChange]).
func (u *URL) SetProtocol(s string) error {
	if !u.IsValid() {
		return u.rejected("protocol", s, ErrNoURL)
	}
	value := s
	// Basic URL parse the given value, followed by U+003A (:), with this's
	// URL as url and scheme start state as state override. (A value that
	// has a ":" already is read only up to it.)
	if !strings.Contains(s, ":") {
		s += ":"
	}
	var p parser
	defer p.release()
	p.initOverride(u, s, schemeStartState, "")
	if fail := p.run(); fail != 0 {
		return u.setterError("protocol", value, fail)
	}
	// The scheme state wrote the new scheme and ":", and cleared the port
	// if it is the new scheme's default port; the rest of url is as it was
	// (with the "/." before a path of a URL with a null host).
	if p.file && !u.isFile() {
		// A URL made "file" (which has no port: the scheme state made sure)
		// is the URL its new href parses to.
		p.buf = append(p.buf, u.href[u.schemeEnd+1:]...)
		return u.reparse("protocol", value, string(p.buf))
	}
	var fail failure
	if p.u.hasPort() || !u.hasPort() {
		fail = u.splice(&p, u.schemeEnd+1, usernameOn)
	} else {
		// The port became null: the userinfo and host move with the
		// scheme (splice moves the path and what follows it), and ":" and
		// the port go.
		p.buf = append(p.buf, u.href[u.schemeEnd+1:u.hostEnd]...)
		p.u.move(u, usernameOn, uint32(len(p.buf))-u.hostEnd)
		fail = u.splice(&p, u.pathStart, pathOn)
	}
	if fail != 0 {
		return u.setterError("protocol", value, fail)
	}
	return nil
}

// cannotHaveUsernamePasswordPort implements
// https://url.spec.whatwg.org/#cannot-have-a-username-password-port.
func (u *URL) cannotHaveUsernamePasswordPort() bool {
	return u.hostKind == NullHost || u.hostKind == EmptyHost || u.isFile()
}

// isFile reports whether u's scheme is "file".
func (u *URL) isFile() bool { return u.Scheme() == "file" }

// SetUsername sets the username to s, percent-encoded with the userinfo
// percent-encode set: https://url.spec.whatwg.org/#dom-url-username. When u
// cannot have a username (no host, an empty host, or file:) it returns a
// *[SetterError] with [ErrCannotHaveUsernamePasswordPort] and leaves u
// unchanged.
func (u *URL) SetUsername(s string) error {
	if err := u.checkUserinfo("username", s); err != nil {
		return err
	}
	return u.setUserinfo("username", s, s, u.Password())
}

// SetPassword sets the password to s, percent-encoded with the userinfo
// percent-encode set: https://url.spec.whatwg.org/#dom-url-password. When u
// cannot have a password it returns a *[SetterError] with
// [ErrCannotHaveUsernamePasswordPort] and leaves u unchanged; the error does
// not hold s.
func (u *URL) SetPassword(s string) error {
	if err := u.checkUserinfo("password", s); err != nil {
		return err
	}
	return u.setUserinfo("password", s, u.Username(), s)
}

// checkUserinfo runs the first step of the username and password setters:
// "If this's URL cannot have a username/password/port, then return."
func (u *URL) checkUserinfo(setter, value string) error {
	if !u.IsValid() {
		return u.rejected(setter, value, ErrNoURL)
	}
	if u.cannotHaveUsernamePasswordPort() {
		return u.rejected(setter, value, ErrCannotHaveUsernamePasswordPort)
	}
	return nil
}

// setUserinfo writes the username and password (the new one encoded, the
// other as it is, since encoding is idempotent for stored values) and the
// "@" when either is non-empty.
func (u *URL) setUserinfo(setter, value, username, password string) error {
	var p parser
	p.init()
	defer p.release()
	p.u = *u
	b := append(p.buf, u.href[:u.schemeEnd+3]...)
	b = appendPercentEncoded(b, username, infra.UserinfoSet)
	p.u.usernameEnd = uint32(len(b))
	if password != "" {
		b = append(b, ':')
		b = appendPercentEncoded(b, password, infra.UserinfoSet)
	}
	if len(b) > int(u.schemeEnd)+3 {
		b = append(b, '@')
	}
	p.buf = b
	if fail := u.splice(&p, u.hostStart, hostOn); fail != 0 {
		return u.setterError(setter, value, fail)
	}
	return nil
}

// SetHost sets the host, and the port when s has one, from s:
// https://url.spec.whatwg.org/#dom-url-host. When s has no port, the port
// does not change.
//
// It returns a *[SetterError] when u has an opaque path ([ErrOpaquePath]),
// when s is not a host for u (the host parser's validation error, such as
// [ErrHostInvalidCodePoint] or [ErrDomainToASCII]; [ErrHostMissing] for an
// empty host where u has credentials or a port), or when its port is not
// one ([ErrPortOutOfRange], [ErrPortInvalid]). In that last case the
// standard has set the new host before the port state fails, and so does
// SetHost: "https://a.example/" with "b.example:99999" becomes
// "https://b.example/", and the error is port-out-of-range.
func (u *URL) SetHost(s string) error { return u.setHost("host", s, hostState) }

// SetHostname sets the host from s, which must not have a port:
// https://url.spec.whatwg.org/#dom-url-hostname. It returns a *[SetterError]
// and leaves u unchanged when u has an opaque path ([ErrOpaquePath]), s has a
// port ([ErrHostnameHasPort]), or s is not a host for u (the host parser's
// validation error; [ErrHostMissing] for an empty host where u has
// credentials or a port).
func (u *URL) SetHostname(s string) error { return u.setHost("hostname", s, hostnameState) }

func (u *URL) setHost(setter, s string, override state) error {
	if !u.IsValid() {
		return u.rejected(setter, s, ErrNoURL)
	}
	// If this's URL has an opaque path, then return.
	if u.HasOpaquePath() {
		return u.rejected(setter, s, ErrOpaquePath)
	}
	// The host state writes the host after "//" and the userinfo; the file
	// host state writes "//" itself.
	var p parser
	defer p.release()
	p.initOverride(u, s, override, u.href[:u.schemeEnd+1])
	if !p.file {
		p.buf = append(p.buf, "//"...)
		if u.hasCredentials() {
			p.buf = append(p.buf, u.href[u.schemeEnd+3:u.hostStart]...)
		} else {
			p.u.usernameEnd = uint32(len(p.buf)) // (where a URL whose host was null has it)
		}
	}
	fail := p.run()
	if fail != 0 && p.state != portState {
		return u.setterError(setter, s, fail)
	}
	// A port that fails after the host was set leaves the new host in place:
	// the standard changes url's host before it runs the port state. A port
	// the port state did not set stays as it was.
	rest := u.pathStart
	if !p.portChanged && u.hasPort() {
		rest = u.hostEnd
	}
	old := *u
	if fail := u.splice(&p, rest, pathOn); fail != 0 {
		return u.setterError(setter, s, fail)
	}
	if fail != 0 {
		return old.setterError(setter, s, fail)
	}
	return nil
}

// SetPort sets the port from the digits at the start of s, or makes it null
// when s is empty: https://url.spec.whatwg.org/#dom-url-port. A port that is
// the scheme's default port becomes null. It returns a *[SetterError] and
// leaves u unchanged when u cannot have a port
// ([ErrCannotHaveUsernamePasswordPort]), s does not start with a digit
// ([ErrPortInvalid]), or its digits are more than 65535 ([ErrPortOutOfRange]).
func (u *URL) SetPort(s string) error {
	// If this's URL cannot have a username/password/port, then return.
	if !u.IsValid() {
		return u.rejected("port", s, ErrNoURL)
	}
	if u.cannotHaveUsernamePasswordPort() {
		return u.rejected("port", s, ErrCannotHaveUsernamePasswordPort)
	}
	// If the given value is the empty string, then set this's URL's port to
	// null.
	if s == "" {
		v := u.without(u.hostEnd, u.pathStart, pathOn)
		v.setPort(0, false)
		*u = v
		return nil
	}
	// Otherwise, basic URL parse the given value with this's URL as url and
	// port state as state override.
	return u.setWithOverride("port", s, s, portState, u.hostEnd, u.pathStart, pathOn)
}

// SetPathname replaces the path with s, parsed as a path:
// https://url.spec.whatwg.org/#dom-url-pathname. It returns a *[SetterError]
// with [ErrOpaquePath] and leaves u unchanged when u has an opaque path.
func (u *URL) SetPathname(s string) error {
	// If this's URL has an opaque path, then return.
	if !u.IsValid() {
		return u.rejected("pathname", s, ErrNoURL)
	}
	if u.HasOpaquePath() {
		return u.rejected("pathname", s, ErrOpaquePath)
	}
	// Empty this's URL's path. Basic URL parse the given value with this's
	// URL as url and path start state as state override.
	return u.setWithOverride("pathname", s, s, pathStartState, u.authorityEnd(), u.pathEnd(), queryOn)
}

// SetSearch replaces the query with s, without a leading "?" if it has one,
// percent-encoded as the parser does; an empty s makes the query null:
// https://url.spec.whatwg.org/#dom-url-search. It rejects no value (but for
// one that would make the URL too long, [ErrTooLong]).
func (u *URL) SetSearch(s string) error {
	if !u.IsValid() {
		return u.rejected("search", s, ErrNoURL)
	}
	// If the given value is the empty string, then set url's query to null.
	if s == "" {
		v := u.without(u.pathEnd(), u.queryEnd(), fragmentOn)
		v.queryStart = omitted
		*u = v
		return nil
	}
	// Let input be the given value with a single leading U+003F (?) removed,
	// if any. Set url's query to the empty string.
	input := strings.TrimPrefix(s, "?")
	// Basic URL parse input with url as url and query state as state
	// override.
	err := u.setWithOverride("search", s, input, queryState, u.pathEnd(), u.queryEnd(), fragmentOn)
	// Set this's query object's list to the result of parsing url's query.
	// (A URL has no query object to keep in step: SearchParams parses the
	// query each time, so it reads the query the setter wrote, tabs and
	// newlines removed and percent-encoded as the query state wrote it.)
	return err
}

// SetHash replaces the fragment with s, without a leading "#" if it has one,
// percent-encoded as the parser does; an empty s makes the fragment null:
// https://url.spec.whatwg.org/#dom-url-hash. It rejects no value (but for
// one that would make the URL too long, [ErrTooLong]).
func (u *URL) SetHash(s string) error {
	if !u.IsValid() {
		return u.rejected("hash", s, ErrNoURL)
	}
	// If the given value is the empty string, then set this's URL's fragment
	// to null and return.
	if s == "" {
		v := u.without(u.queryEnd(), uint32(len(u.href)), noneOn)
		v.fragmentStart = omitted
		*u = v
		return nil
	}
	// Let input be the given value with a single leading U+0023 (#)
	// removed, if any. Set this's URL's fragment to the empty string. Basic
	// URL parse input with this's URL as url and fragment state as state
	// override.
	input := strings.TrimPrefix(s, "#")
	return u.setWithOverride("hash", s, input, fragmentState, u.queryEnd(), uint32(len(u.href)), noneOn)
}

// setWithOverride runs the basic URL parser on input, the setter's value or
// a part of it, with u as url and the state override, and splices what the
// state machine writes into u's serialization in place of the part from
// start to end, whose offsets the components from tail on are after (see
// splice). The query and fragment states start with url's query or fragment
// set to the empty string, as the search and hash setters do before they
// run the parser. When the state machine returns failure, u stays as it is,
// and the error of the setter of attribute setter says why.
func (u *URL) setWithOverride(setter, value, input string, override state, start, end uint32, tail offsetsFrom) error {
	var p parser
	defer p.release()
	p.initOverride(u, input, override, u.href[:start])
	switch override {
	case queryState:
		p.startQuery()
	case fragmentState:
		p.startFragment()
	case pathStartState:
		// The path ends buf until splice appends the query and fragment
		// (which is what finish reads).
		p.u.queryStart, p.u.fragmentStart = omitted, omitted
		p.beginPath()
	}
	if fail := p.run(); fail != 0 {
		return u.setterError(setter, value, fail)
	}
	if override == pathStartState {
		p.finish() // a path that would read as a host gets "/." in front
	}
	if fail := u.splice(&p, end, tail); fail != 0 {
		return u.setterError(setter, value, fail)
	}
	return nil
}

// initOverride readies p, a new parser (see init), to run the basic URL
// parser on value with url u and a state override: leading and trailing C0
// control or space stay (the standard removes them only when no url is
// given), tab and newline go. The states read what they need to know about
// url from p.url, and change url's record in p.u, which starts as u's (but
// for its href: kept, what the serialization keeps of u's before the
// component, starts p.buf). (It sets p up in place: a parser is large
// enough that returning one by value costs more than a setter's own work.)
// The caller releases p.
func (p *parser) initOverride(u *URL, value string, override state, kept string) {
	p.init()
	if kept != "" {
		p.buf = append(p.buf, kept...)
	}
	if hasTabOrNewline(value) {
		value = removeTabAndNewline(value)
	}
	p.input, p.state, p.override = value, override, override
	p.url = *u
	p.u = *u
	p.u.href = ""
	p.hostWritten = true
	p.setScheme(u.Scheme())
}

// offsetsFrom names the first of the offsets of a URL that a setter finds
// after the part of the serialization it changes (see splice): those offsets
// and the ones after it in the serialization.
type offsetsFrom uint8

const (
	usernameOn offsetsFrom = iota // usernameEnd, hostStart, hostEnd, pathStart, queryStart, fragmentStart
	hostOn                        // hostStart, hostEnd, pathStart, queryStart, fragmentStart
	pathOn                        // pathStart, queryStart, fragmentStart
	queryOn                       // queryStart, fragmentStart
	fragmentOn                    // fragmentStart
	noneOn                        // none
)

// move sets u's offsets from first on to those of from, each moved by delta
// (which wraps around, so that it can move them back); a null query or
// fragment stays null.
func (u *URL) move(from *URL, first offsetsFrom, delta uint32) {
	switch first {
	case usernameOn:
		u.usernameEnd = from.usernameEnd + delta
		fallthrough
	case hostOn:
		u.hostStart, u.hostEnd = from.hostStart+delta, from.hostEnd+delta
		fallthrough
	case pathOn:
		u.pathStart = from.pathStart + delta
		fallthrough
	case queryOn:
		u.queryStart = from.queryStart
		if u.queryStart != omitted {
			u.queryStart += delta
		}
		fallthrough
	case fragmentOn:
		u.fragmentStart = from.fragmentStart
		if u.fragmentStart != omitted {
			u.fragmentStart += delta
		}
	}
}

// splice finishes a setter that changed u's serialization before the offset
// rest, and left the part from rest on as it was: p.buf holds the new
// serialization up to there, and p.u its offsets (those of the part p.buf
// took from u as they were) with the rest of the URL record (host kind,
// port, opaque path) as the setter left it. splice appends the part of u's
// serialization from rest on, whose offsets are u's from tail on, moved as
// much as that part moved, and makes u the URL of that serialization. That
// is the URL the new serialization parses to (FuzzSetterSplice checks it),
// without parsing it again. When the serialization would be too long for a
// URL, u stays as it is and splice returns failTooLong.
func (u *URL) splice(p *parser, rest uint32, tail offsetsFrom) failure {
	if len(p.buf)+len(u.href)-int(rest) > maxHrefLength {
		return failTooLong
	}
	delta := uint32(len(p.buf)) - rest
	p.buf = append(p.buf, u.href[rest:]...)
	v := p.u
	v.move(u, tail, delta)
	v.href = string(p.buf)
	*u = v
	return 0
}

// without returns u without the part of its serialization from start to
// end, a component the setter makes null; the offsets from tail on, which
// are after it, move back. (The serialization is shorter, so never too
// long.)
func (u *URL) without(start, end uint32, tail offsetsFrom) URL {
	v := *u
	v.href = u.href[:start] + u.href[end:]
	v.move(u, tail, start-end)
	return v
}

// reparse makes u the URL that href, a serialization the setter of
// attribute setter wrote from value, parses to; a href too long for a URL
// leaves u unchanged and returns the setter's error. Only the protocol
// setter needs it, for a URL it makes "file".
func (u *URL) reparse(setter, value, href string) error {
	v, fail := parse(href, nil, nil, nil)
	if fail != 0 {
		return u.setterError(setter, value, fail)
	}
	*u = v
	return nil
}
