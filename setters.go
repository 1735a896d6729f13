package url

import "strings"

// The setters of the standard's URL class: https://url.spec.whatwg.org/#urlutils-members.
//
// Each setter writes the new serialization: the part of the old one before
// the component, the component as the basic URL parser with a state
// override writes it, and the part after. It then parses that serialization
// again, which allocates nothing more since it is already serialized, so
// that after any setter u is exactly the URL its href parses to.

// SetHref parses s and makes u the result: https://url.spec.whatwg.org/#dom-url-href.
// When s does not parse, SetHref returns the error and leaves u unchanged.
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
func (u *URL) SetProtocol(s string) {
	if !u.IsValid() {
		return
	}
	// Basic URL parse the given value, followed by U+003A (:), with this's
	// URL as url and scheme start state as state override. (A value that
	// has a ":" already is read only up to it.)
	if !strings.Contains(s, ":") {
		s += ":"
	}
	p := getParser()
	defer p.release()
	p.initSetter(u, s, schemeStartState)
	if p.run() != 0 || len(p.buf) == 0 {
		return // failure, or the scheme state returned without a change
	}
	// The scheme state wrote the new scheme and ":", and cleared the port
	// if it is the new scheme's default port; the rest of url is as it was.
	if p.u.hasPort {
		p.buf = append(p.buf, u.href[u.schemeEnd+1:]...)
	} else {
		p.buf = append(p.buf, u.href[u.schemeEnd+1:u.hostEnd]...)
		p.buf = append(p.buf, u.href[u.pathStart:]...)
	}
	u.reparse(string(p.buf))
}

// cannotHaveUsernamePasswordPort implements
// https://url.spec.whatwg.org/#cannot-have-a-username-password-port.
func (u *URL) cannotHaveUsernamePasswordPort() bool {
	return u.hostKind == NullHost || u.hostKind == EmptyHost || u.Scheme() == "file"
}

// SetUsername sets the username to s, percent-encoded with the userinfo
// percent-encode set: https://url.spec.whatwg.org/#dom-url-username. It does
// nothing when u cannot have a username (no host, an empty host, or file:).
func (u *URL) SetUsername(s string) {
	if !u.IsValid() || u.cannotHaveUsernamePasswordPort() {
		return
	}
	u.setUserinfo(s, u.Password())
}

// SetPassword sets the password to s, percent-encoded with the userinfo
// percent-encode set: https://url.spec.whatwg.org/#dom-url-password. It does
// nothing when u cannot have a password.
func (u *URL) SetPassword(s string) {
	if !u.IsValid() || u.cannotHaveUsernamePasswordPort() {
		return
	}
	u.setUserinfo(u.Username(), s)
}

// setUserinfo writes the username and password (the new one encoded, the
// other as it is, since encoding is idempotent for stored values) and the
// "@" when either is non-empty.
func (u *URL) setUserinfo(username, password string) {
	p := getParser()
	defer p.release()
	b := append(p.buf, u.href[:u.schemeEnd+3]...)
	b = appendPercentEncoded(b, username, userinfoSet)
	if password != "" {
		b = append(b, ':')
		b = appendPercentEncoded(b, password, userinfoSet)
	}
	if len(b) > int(u.schemeEnd)+3 {
		b = append(b, '@')
	}
	b = append(b, u.href[u.hostStart:]...)
	p.buf = b
	u.reparse(string(b))
}

// SetHost sets the host, and the port when s has one, from s:
// https://url.spec.whatwg.org/#dom-url-host. It does nothing when u has an
// opaque path or s is not a valid host for u. When s has no port, the port
// does not change.
func (u *URL) SetHost(s string) { u.setHost(s, hostState) }

// SetHostname sets the host from s, which must not have a port:
// https://url.spec.whatwg.org/#dom-url-hostname.
func (u *URL) SetHostname(s string) { u.setHost(s, hostnameState) }

func (u *URL) setHost(s string, override state) {
	// If this's URL has an opaque path, then return.
	if !u.IsValid() || u.opaquePath {
		return
	}
	p := getParser()
	defer p.release()
	p.initSetter(u, s, override)
	// The host state writes the host after "//" and the userinfo; the file
	// host state writes "//" itself.
	p.buf = append(p.buf, u.href[:u.schemeEnd+1]...)
	if !p.file {
		p.buf = append(p.buf, "//"...)
		if u.hasCredentials() {
			p.buf = append(p.buf, u.href[u.schemeEnd+3:u.hostStart]...)
		}
	}
	fail := p.run()
	// A port that fails after the host was set leaves the new host in place:
	// the standard changes url's host before it runs the port state.
	if fail != 0 && p.state != portState {
		return
	}
	if !p.portChanged && u.hasPort {
		p.buf = append(p.buf, u.href[u.hostEnd:u.pathStart]...)
	}
	p.buf = append(p.buf, u.href[u.pathStart:]...)
	u.reparse(string(p.buf))
}

// SetPort sets the port from the digits at the start of s, or makes it null
// when s is empty: https://url.spec.whatwg.org/#dom-url-port. It does
// nothing when u cannot have a port or s does not start with a digit. A port
// that is the scheme's default port becomes null.
func (u *URL) SetPort(s string) {
	if !u.IsValid() || u.cannotHaveUsernamePasswordPort() {
		return
	}
	// If the given value is the empty string, then set this's URL's port to
	// null.
	if s == "" {
		u.reparse(u.href[:u.hostEnd] + u.href[u.pathStart:])
		return
	}
	// Otherwise, basic URL parse the given value with this's URL as url and
	// port state as state override.
	u.setWithOverride(s, portState, u.href[:u.hostEnd], 0, u.href[u.pathStart:])
}

// SetPathname replaces the path with s, parsed as a path:
// https://url.spec.whatwg.org/#dom-url-pathname. It does nothing when u has
// an opaque path.
func (u *URL) SetPathname(s string) {
	if !u.IsValid() || u.opaquePath {
		return
	}
	// Empty this's URL's path. Basic URL parse the given value with this's
	// URL as url and path start state as state override.
	u.setWithOverride(s, pathStartState, u.href[:u.authorityEnd()], 0, u.href[u.pathEnd():])
}

// SetSearch replaces the query with s, without a leading "?" if it has one,
// percent-encoded as the parser does; an empty s makes the query null:
// https://url.spec.whatwg.org/#dom-url-search.
func (u *URL) SetSearch(s string) {
	if !u.IsValid() {
		return
	}
	// If the given value is the empty string, then set url's query to null.
	if s == "" {
		u.reparse(u.href[:u.pathEnd()] + u.href[u.queryEnd():])
		return
	}
	// Let input be the given value with a single leading U+003F (?) removed,
	// if any. Set url's query to the empty string.
	s = strings.TrimPrefix(s, "?")
	// Basic URL parse input with url as url and query state as state
	// override.
	u.setWithOverride(s, queryState, u.href[:u.pathEnd()], '?', u.href[u.queryEnd():])
	// Set this's query object's list to the result of parsing url's query.
	// (A URL has no query object to keep in step: SearchParams parses the
	// query each time, so it reads the query the setter wrote, tabs and
	// newlines removed and percent-encoded as the query state wrote it.)
}

// SetHash replaces the fragment with s, without a leading "#" if it has one,
// percent-encoded as the parser does; an empty s makes the fragment null:
// https://url.spec.whatwg.org/#dom-url-hash.
func (u *URL) SetHash(s string) {
	if !u.IsValid() {
		return
	}
	// If the given value is the empty string, then set this's URL's fragment
	// to null and return.
	if s == "" {
		u.reparse(u.href[:u.queryEnd()])
		return
	}
	s = strings.TrimPrefix(s, "#")
	// Set this's URL's fragment to the empty string. Basic URL parse input
	// with this's URL as url and fragment state as state override.
	u.setWithOverride(s, fragmentState, u.href[:u.queryEnd()], '#', "")
}

// setWithOverride runs the basic URL parser on value with u as url and the
// state override, and makes u the URL whose serialization is prefix, then
// mark (a "?" or "#" that starts an empty query or fragment) unless it is
// 0, then what the state machine writes, then suffix. When the state
// machine returns failure, u stays as it is.
func (u *URL) setWithOverride(value string, override state, prefix string, mark byte, suffix string) {
	p := getParser()
	defer p.release()
	p.initSetter(u, value, override)
	p.buf = append(p.buf, prefix...)
	if mark != 0 {
		p.buf = append(p.buf, mark)
	}
	if override == pathStartState {
		p.beginPath()
	}
	if p.run() != 0 {
		return
	}
	if override == pathStartState {
		p.finish() // a path that would read as a host gets "/." in front
	}
	p.buf = append(p.buf, suffix...)
	u.reparse(string(p.buf))
}

// initSetter prepares p to run the basic URL parser on value with url u and
// a state override: leading and trailing C0 control or space stay (the
// standard removes them only when no url is given), tab and newline go. The
// states read what they need to know about url from p.url.
func (p *parser) initSetter(u *URL, value string, override state) {
	if hasTabOrNewline(value) {
		value = removeTabAndNewline(value)
	}
	*p = parser{
		input:       value,
		state:       override,
		override:    override,
		buf:         p.buf[:0],
		urlValue:    *u,
		u:           *u,
		hostWritten: true,
	}
	p.url = &p.urlValue // a copy, so that u does not escape to the heap
	p.u.href = ""
	p.u.queryStart, p.u.fragmentStart = omitted, omitted
	p.setScheme(u.Scheme())
}

// reparse makes u the URL that href, a serialization a setter wrote, parses
// to. That is u's new value, since the serializations are idempotent; a
// href that would not parse again leaves u unchanged.
func (u *URL) reparse(href string) {
	if v, fail := parse(href, nil, nil, nil); fail == 0 {
		*u = v
	}
}
