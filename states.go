package url

import (
	"strings"

	"github.com/webstd/url/internal/infra"
)

// The states of the basic URL parser, in the standard's order:
// https://url.spec.whatwg.org/#concept-basic-url-parser. Each method runs
// one state at the pointer. Where the standard appends code point after code
// point to a buffer, the method takes the whole run at once and leaves the
// pointer on its last code point, which is the same as running the state
// once per code point.

// schemeStart implements https://url.spec.whatwg.org/#scheme-start-state.
func (p *parser) schemeStart() failure {
	// 1. If c is an ASCII alpha, append c, lowercased, to buffer, and set
	//    state to scheme state. (The scheme state reads the whole scheme,
	//    this code point included.)
	if infra.IsASCIIAlpha(p.c()) {
		p.state = schemeState
		p.pointer--
		return 0
	}
	// 2. Otherwise, if state override is not given, set state to no scheme
	//    state and decrease pointer by 1.
	if p.override == noOverride {
		p.state = noSchemeState
		p.pointer--
		return 0
	}
	// 3. Otherwise, return failure.
	return failNotAScheme
}

// scheme implements https://url.spec.whatwg.org/#scheme-state.
func (p *parser) scheme() failure {
	// 1. If c is an ASCII alphanumeric, U+002B (+), U+002D (-), or U+002E (.),
	//    append c, lowercased, to buffer.
	scheme, _, ok := cutScheme(p.input[p.pointer:])
	if !ok {
		// 3. Otherwise, if state override is not given, set buffer to the
		//    empty string, state to no scheme state, and start over (from
		//    the first code point in input).
		if p.override == noOverride {
			p.state = noSchemeState
			p.pointer = -1
			return 0
		}
		// 4. Otherwise, return failure.
		return failNotAScheme
	}
	// 2. Otherwise, if c is U+003A (:), then:
	p.pointer += len(scheme)
	// 2.1. If state override is given, then: if url's scheme and buffer are
	//      not both special or both not special, or url includes credentials
	//      or has a non-null port and buffer is "file", or url's scheme is
	//      "file" and its host is an empty host, then return. (url stays as
	//      it is: for the setter, which reports why, as a failure.)
	if p.override != noOverride && !p.schemeChangeAllowed(infra.ASCIILowercase(scheme)) {
		return failSchemeChange
	}
	// 2.2. Set url's scheme to buffer.
	p.takeBuffer()
	if infra.ClassesOf(scheme)&infra.ClassUpper == 0 { // (most schemes are written in lowercase)
		p.buf = append(p.buf, scheme...)
	} else {
		p.buf = infra.AppendLower(p.buf, scheme)
		scheme = string(p.buf[len(p.buf)-len(scheme):])
	}
	p.u.schemeEnd = uint32(len(p.buf))
	p.buf = append(p.buf, ':')
	p.setScheme(scheme)
	// 2.3. If state override is given, then: if url's port is url's scheme's
	//      default port, then set url's port to null; return.
	if p.override != noOverride {
		if p.url.hasPort() && int32(p.url.port) == p.defaultPort {
			p.u.setPort(0, false)
		}
		p.done = true
		return 0
	}
	switch {
	// 2.5. If url's scheme is "file", then: if remaining does not start with
	//      "//", special-scheme-missing-following-solidus validation error;
	//      set state to file state.
	case p.file:
		if !strings.HasPrefix(p.remaining(), "//") {
			p.report(ErrSpecialSchemeMissingFollowingSolidus)
		}
		p.state = fileState
	// 2.6. Otherwise, if url is special, base is non-null, and base's scheme
	//      is url's scheme: set state to special relative or authority state.
	case p.special && p.base.IsValid() && p.base.Scheme() == string(p.buf[:p.u.schemeEnd]):
		p.state = specialRelativeOrAuthorityState
	// 2.7. Otherwise, if url is special, set state to special authority
	//      slashes state.
	case p.special:
		p.state = specialAuthoritySlashesState
	// 2.8. Otherwise, if remaining starts with an U+002F (/), set state to
	//      path or authority state and increase pointer by 1.
	case strings.HasPrefix(p.remaining(), "/"):
		p.state = pathOrAuthorityState
		p.pointer++
	// 2.9. Otherwise, set url's path to the empty string and set state to
	//      opaque path state.
	default:
		p.beginPath()
		p.u.flags |= opaquePathFlag
		p.state = opaquePathState
	}
	return 0
}

// schemeChangeAllowed implements the steps of the scheme state that run under
// a state override, before url's scheme is set to scheme (step 2.1):
// https://url.spec.whatwg.org/#scheme-state.
func (p *parser) schemeChangeAllowed(scheme string) bool {
	u := &p.url
	old := u.Scheme()
	// If url's scheme is a special scheme and buffer is not a special
	// scheme, then return. If url's scheme is not a special scheme and
	// buffer is a special scheme, then return.
	if specialScheme(old) != specialScheme(scheme) {
		return false
	}
	// If url includes credentials or has a non-null port, and buffer is
	// "file", then return.
	if scheme == "file" && (u.hasCredentials() || u.hasPort()) {
		return false
	}
	// If url's scheme is "file" and its host is an empty host, then return.
	return !(old == "file" && u.hostKind == EmptyHost)
}

// cutScheme splits s at the ":" that ends the scheme it starts with: an
// ASCII alpha, then ASCII alphanumerics, U+002B (+), U+002D (-) and U+002E
// (.), as the scheme start and scheme states read them (and as a
// URL-scheme string is written, https://url.spec.whatwg.org/#url-scheme-string).
// ok is false when s does not start with such a scheme and ":".
func cutScheme(s string) (scheme, rest string, ok bool) { return cutSchemeExcept(s, 0) }

// cutSchemeExcept is cutScheme for a scheme none of whose code points is in
// the classes of except: the fast path takes only a scheme already in
// lowercase (classUpper), in the same pass.
func cutSchemeExcept(s string, except infra.Class) (scheme, rest string, ok bool) {
	// Most URLs start with "https:" or "http:", and the rest of those in
	// the corpora (such as the paths of a tree) with "file:": a comparison
	// of six bytes or five each, rather than a lookup a byte.
	if strings.HasPrefix(s, "https:") {
		return s[:5], s[6:], true
	}
	if strings.HasPrefix(s, "http:") {
		return s[:4], s[5:], true
	}
	if strings.HasPrefix(s, "file:") {
		return s[:4], s[5:], true
	}
	if s == "" || !infra.IsASCIIAlpha(int(s[0])) || infra.ByteClass[s[0]]&except != 0 {
		return "", "", false
	}
	i := 1
	for i < len(s) && infra.ByteClass[s[i]]&(infra.SchemeCodePoint|except) == infra.SchemeCodePoint {
		i++
	}
	if i == len(s) || s[i] != ':' {
		return "", "", false
	}
	return s[:i], s[i+1:], true
}

// noScheme implements https://url.spec.whatwg.org/#no-scheme-state.
func (p *parser) noScheme() failure {
	c := p.c()
	// 1. If base is null, or base has an opaque path and c is not U+0023 (#),
	//    missing-scheme-non-relative-URL validation error, return failure.
	if !p.base.IsValid() || (p.base.HasOpaquePath() && c != '#') {
		return p.fail(ErrMissingSchemeNonRelativeURL)
	}
	p.takeBuffer()
	switch {
	// 2. Otherwise, if base has an opaque path and c is U+0023 (#), set url's
	//    scheme to base's scheme, url's path to base's path, url's query to
	//    base's query, url's fragment to the empty string, and set state to
	//    fragment state.
	case p.base.HasOpaquePath():
		p.copyBase(true, true)
		p.startFragment()
	// 3. Otherwise, if base's scheme is not "file", set state to relative
	//    state and decrease pointer by 1.
	case p.base.Scheme() != "file":
		p.state = relativeState
		p.pointer--
	// 4. Otherwise, set state to file state and decrease pointer by 1.
	default:
		p.state = fileState
		p.pointer--
	}
	return 0
}

// failsWithNoScheme reports whether the basic URL parser, given input and
// no base URL, fails at input's first code point: when that code point is
// neither a C0 control or space (step 1 of the parser would remove it) nor
// an ASCII alpha, the scheme start state goes to the no scheme state
// (step 2), which fails with no base (step 1), at offset 0, whatever
// follows. (Step 2 of the parser, which removes ASCII tab or newline, does
// not change a first code point above U+0020.) FuzzFastPath holds it to the
// state machine.
func failsWithNoScheme(input string) bool {
	return input != "" && input[0] > ' ' && !infra.IsASCIIAlpha(int(input[0]))
}

// specialRelativeOrAuthority implements
// https://url.spec.whatwg.org/#special-relative-or-authority-state.
func (p *parser) specialRelativeOrAuthority() {
	// 1. If c is U+002F (/) and remaining starts with U+002F (/), then set
	//    state to special authority ignore slashes state and increase pointer
	//    by 1.
	// 2. Otherwise, special-scheme-missing-following-solidus validation error,
	//    set state to relative state and decrease pointer by 1.
	p.twoSolidusesOr(relativeState)
}

// twoSolidusesOr runs the steps that the special relative or authority state
// and the special authority slashes state share, which differ only in the
// state they go to when the two solidi are missing.
func (p *parser) twoSolidusesOr(otherwise state) {
	if p.c() == '/' && strings.HasPrefix(p.remaining(), "/") {
		p.state = specialAuthorityIgnoreSlashesState
		p.pointer++
		return
	}
	p.report(ErrSpecialSchemeMissingFollowingSolidus)
	p.state = otherwise
	p.pointer--
}

// pathOrAuthority implements https://url.spec.whatwg.org/#path-or-authority-state.
func (p *parser) pathOrAuthority() {
	// 1. If c is U+002F (/), then set state to authority state.
	if p.c() == '/' {
		p.state = authorityState
		return
	}
	// 2. Otherwise, set state to path state, and decrease pointer by 1.
	p.beginPath()
	p.state = pathState
	p.pointer--
}

// relative implements https://url.spec.whatwg.org/#relative-state.
func (p *parser) relative() {
	// 1. Assert: base's scheme is not "file".
	// 2. Set url's scheme to base's scheme.
	c := p.c()
	// 3. If c is U+002F (/), then set state to relative slash state.
	// 4. Otherwise, if url is special and c is U+005C (\), invalid-reverse-solidus
	//    validation error, set state to relative slash state.
	p.special = specialScheme(p.base.Scheme())
	if c == '/' || (c == '\\' && p.special) {
		if c == '\\' {
			p.report(ErrInvalidReverseSolidus)
		}
		p.buf = append(p.buf[:0], p.base.href[:p.base.schemeEnd+1]...)
		p.u.schemeEnd = p.base.schemeEnd
		p.setScheme(p.base.Scheme())
		p.state = relativeSlashState
		return
	}
	// 5. Otherwise: set url's username, password, host, port, path and query
	//    to base's, then:
	p.copyFromFileOrRelativeBase(c, true)
}

// copyFromFileOrRelativeBase runs the steps that the relative state (step 5)
// and the file state (step 4.2) share, after url's host, path and query are
// set to base's: a query or fragment starts, or the path is shortened and
// parsing goes on in the path state. For a file URL, a path that starts
// with a Windows drive letter replaces base's path instead of being
// resolved against it.
func (p *parser) copyFromFileOrRelativeBase(c int, relative bool) {
	switch c {
	// If c is U+003F (?), then set url's query to the empty string, and
	// state to query state.
	case '?':
		p.copyBase(true, false)
		p.startQuery()
	// Otherwise, if c is U+0023 (#), set url's fragment to the empty string
	// and state to fragment state.
	case '#':
		p.copyBase(true, true)
		p.startFragment()
	// Otherwise (c is the EOF code point), url keeps base's query.
	case eof:
		p.copyBase(true, true)
	// Otherwise, if c is not the EOF code point: set url's query to null,
	// shorten url's path, set state to path state and decrease pointer by 1.
	default:
		p.copyBase(true, false)
		if relative || !startsWithWindowsDriveLetter(p.input[p.pointer:]) {
			p.shortenPath()
		} else {
			// This is a (platform-independent) Windows drive letter quirk:
			// file-invalid-Windows-drive-letter validation error, set url's
			// path to « ».
			p.report(ErrFileInvalidWindowsDriveLetter)
			p.buf = p.buf[:p.u.pathStart]
		}
		p.state = pathState
		p.pointer--
	}
}

// relativeSlash implements https://url.spec.whatwg.org/#relative-slash-state.
func (p *parser) relativeSlash() {
	c := p.c()
	// 1. If url is special and c is U+002F (/) or U+005C (\), then: if c is
	//    U+005C (\), invalid-reverse-solidus validation error; set state to
	//    special authority ignore slashes state.
	if p.special && (c == '/' || c == '\\') {
		if c == '\\' {
			p.report(ErrInvalidReverseSolidus)
		}
		p.state = specialAuthorityIgnoreSlashesState
		return
	}
	// 2. Otherwise, if c is U+002F (/), then set state to authority state.
	if c == '/' {
		p.state = authorityState
		return
	}
	// 3. Otherwise, set url's username, password, host and port to base's,
	//    state to path state, and then, decrease pointer by 1.
	p.copyBase(false, false)
	p.state = pathState
	p.pointer--
}

// specialAuthoritySlashes implements
// https://url.spec.whatwg.org/#special-authority-slashes-state.
func (p *parser) specialAuthoritySlashes() {
	// 1. If c is U+002F (/) and remaining starts with U+002F (/), then set
	//    state to special authority ignore slashes state and increase pointer
	//    by 1.
	// 2. Otherwise, special-scheme-missing-following-solidus validation error,
	//    set state to special authority ignore slashes state and decrease
	//    pointer by 1.
	p.twoSolidusesOr(specialAuthorityIgnoreSlashesState)
}

// specialAuthorityIgnoreSlashes implements
// https://url.spec.whatwg.org/#special-authority-ignore-slashes-state.
func (p *parser) specialAuthorityIgnoreSlashes() {
	// 1. If c is neither U+002F (/) nor U+005C (\), then set state to
	//    authority state and decrease pointer by 1.
	if c := p.c(); c != '/' && c != '\\' {
		p.state = authorityState
		p.pointer--
		return
	}
	// 2. Otherwise, special-scheme-missing-following-solidus validation error.
	p.report(ErrSpecialSchemeMissingFollowingSolidus)
}

// authority implements https://url.spec.whatwg.org/#authority-state.
//
// The standard appends code points to a buffer until the authority ends,
// moving the buffer into the username and password at each "@" (with "%40"
// in front of all but the first). That is the same as splitting the
// authority at its last "@": each earlier "@" is in the userinfo
// percent-encode set and so becomes "%40" anyway, and the first ":" of the
// whole userinfo separates the username from the password.
func (p *parser) authority() failure {
	start := p.pointer
	end, at := start, -1
	ends, input := p.endsComponentMask(), p.input
	var classes infra.Class // of the code points after the last "@"
	run := authorityRun(p.special)
	for {
		var seen infra.Class
		end, seen = run.Scan(input, end)
		classes |= seen
		if end == len(input) || infra.ByteClass[input[end]]&ends != 0 {
			break
		}
		// 1. If c is U+0040 (@), then: invalid-credentials validation error.
		if p.reporting {
			p.pointer = end
			p.report(ErrInvalidCredentials)
		}
		at, classes = end, 0
		end++
	}
	p.buf = append(p.buf, "//"...)
	p.u.usernameEnd = uint32(len(p.buf))
	if at >= 0 {
		// (Where the password is, for the error of a parse that fails,
		// here or later: see redact.)
		if colon := strings.IndexByte(p.input[start:at], ':'); colon >= 0 {
			p.site.password = [2]int{start + colon + 1, at}
		}
		// 2. Otherwise, if c is the EOF code point, U+002F (/), U+003F (?), or
		//    U+0023 (#), or url is special and c is U+005C (\), then: if
		//    atSignSeen is true and buffer is the empty string, host-missing
		//    validation error, return failure.
		if at == end-1 {
			p.pointer = end
			return p.fail(ErrHostMissing)
		}
		// For each codePoint in buffer: if codePoint is U+003A (:) and
		// passwordTokenSeen is false, then set passwordTokenSeen to true and
		// continue; UTF-8 percent-encode codePoint using the userinfo
		// percent-encode set and append it to url's password if
		// passwordTokenSeen is true, or else to url's username.
		userinfo := p.input[start:at]
		username, password, hasPassword := strings.Cut(userinfo, ":")
		p.buf = appendPercentEncoded(p.buf, username, infra.UserinfoSet)
		p.u.usernameEnd = uint32(len(p.buf))
		if hasPassword && password != "" {
			p.buf = append(p.buf, ':')
			p.buf = appendPercentEncoded(p.buf, password, infra.UserinfoSet)
		}
		if len(p.buf) > int(p.u.usernameEnd) || username != "" {
			p.buf = append(p.buf, '@')
		}
		start = at + 1
	}
	// Decrease pointer by buffer's code point length + 1, set buffer to the
	// empty string, and set state to host state.
	p.pointer = start - 1
	p.state = hostState
	p.hostAhead = hostAhead{start: start, end: end, classes: classes, read: true}
	return 0
}

// A hostAhead is what the authority state read of the host and port, for
// the host state: where they start and end, and which of the classes of
// hostNotes their code points have. When no ":", "[" or "]" is among them,
// the host is all of them, and the host state need not read them again.
type hostAhead struct {
	start, end int
	classes    infra.Class
	read       bool // the authority state read them
}

// The runs of the authority state, the host state and the file host state,
// each to the first byte that the state looks at: the end of the authority
// (endsComponentMask, and "\\" is no end in the file host state's URL, which
// is special), "@" in the authority state, ":", "[" and "]" in the host
// state. A run's Scan notes hostNotes, the classes of the bytes before the
// end that the host parser (appendHostClasses), the host state (":", "[" or
// "]" in what the authority state read) and the fast path (which reads a
// host with hostRun too) look at.
var (
	hostNotes = infra.ClassForbiddenDomain | infra.ClassNonASCII | infra.ClassUpper |
		infra.ClassForbiddenHost | infra.Class(infra.C0ControlSet) | infra.HostDelimiter
	authorityRuns = [2]*infra.Run{
		infra.NewNotingRun(infra.EndsComponent|infra.AtSign, hostNotes),
		infra.NewNotingRun(infra.EndsComponent|infra.ReverseSolidus|infra.AtSign, hostNotes),
	}
	hostRuns = [2]*infra.Run{
		infra.NewNotingRun(infra.EndsComponent|infra.HostDelimiter, hostNotes),
		infra.NewNotingRun(infra.EndsComponent|infra.ReverseSolidus|infra.HostDelimiter, hostNotes),
	}
	fileHostRun = infra.NewNotingRun(infra.EndsComponent|infra.ReverseSolidus, hostNotes)
)

// authorityRun returns the authority state's run in a URL that is special
// or not.
func authorityRun(special bool) *infra.Run { return authorityRuns[boolIndex(special)] }

// hostRun returns the host state's run in a URL that is special or not.
func hostRun(special bool) *infra.Run { return hostRuns[boolIndex(special)] }

// boolIndex is 1 for true and 0 for false.
func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

// host implements https://url.spec.whatwg.org/#host-state, which is also the
// hostname state.
func (p *parser) host() failure {
	// 1. If state override is given and url's scheme is "file", then decrease
	//    pointer by 1 and set state to file host state.
	if p.override != noOverride && p.file {
		p.pointer--
		p.state = fileHostState
		return 0
	}
	start := p.pointer
	i, insideBrackets := start, false
	ends, input := p.endsComponentMask(), p.input
	var classes infra.Class // of buffer's code points, for the host parser
	if h := p.hostAhead; h.read && h.start == start && h.classes&infra.HostDelimiter == 0 {
		// The authority state read buffer already: up to the end of the
		// authority, with no ":", "[" or "]" in it.
		i, classes = h.end, h.classes
	} else {
		run := hostRun(p.special)
		for {
			var seen infra.Class
			i, seen = run.Scan(input, i)
			classes |= seen
			if i == len(input) {
				break
			}
			c := input[i]
			if (c == ':' && !insideBrackets) || infra.ByteClass[c]&ends != 0 {
				break
			}
			// 4. Otherwise: if c is U+005B ([), then set insideBrackets to
			//    true; if c is U+005D (]), then set insideBrackets to false;
			//    append c to buffer.
			switch c {
			case '[':
				insideBrackets = true
			case ']':
				insideBrackets = false
			}
			classes |= infra.ByteClass[c]
			i++
		}
	}
	buffer := p.input[start:i]
	p.pointer = i
	// 2. Otherwise, if c is U+003A (:) and insideBrackets is false:
	if i < len(p.input) && p.input[i] == ':' {
		// 2.1. If buffer is the empty string, host-missing validation error,
		//      return failure.
		if buffer == "" {
			return p.fail(ErrHostMissing)
		}
		// 2.2. If state override is given and state override is hostname
		//      state, then return failure.
		if p.override == hostnameState {
			return failHostnameHasPort
		}
		// 2.3. Let host be the result of host parsing buffer with url is not
		//      special. 2.4. If host is failure, then return failure.
		// 2.5. Set url's host to host, buffer to the empty string, and state
		//      to port state.
		if fail := p.writeHost(buffer, classes, start); fail != 0 {
			return fail
		}
		p.state = portState
		return 0
	}
	// 3. Otherwise, if c is the EOF code point, U+002F (/), U+003F (?), or
	//    U+0023 (#), or url is special and c is U+005C (\), then decrease
	//    pointer by 1, and:
	// 3.1. If url is special and buffer is the empty string, host-missing
	//      validation error, return failure. (Signalled before the pointer
	//      is decreased, so that its offset is where the host is missing.)
	if p.special && buffer == "" {
		return p.fail(ErrHostMissing)
	}
	p.pointer--
	// 3.2. Otherwise, if state override is given, buffer is the empty string,
	//      and either url includes credentials or url's port is non-null,
	//      return failure.
	if p.override != noOverride && buffer == "" && (p.url.hasCredentials() || p.url.hasPort()) {
		return failEmptyHost
	}
	// 3.3. Let host be the result of host parsing buffer with url is not
	//      special. 3.4. If host is failure, then return failure.
	// 3.5. Set url's host to host, buffer to the empty string, and state to
	//      path start state.
	if fail := p.writeHost(buffer, classes, start); fail != 0 {
		return fail
	}
	p.state = pathStartState
	// 3.6. If state override is given, then return.
	p.done = p.override != noOverride
	return 0
}

// writeHost runs the host parser on buffer, which starts at offset start of
// the input and has code points of classes, and writes the host to buf as
// url's host.
func (p *parser) writeHost(buffer string, classes infra.Class, start int) failure {
	p.u.hostStart = uint32(len(p.buf))
	var fail ValidationErrorKind
	p.buf, p.u.hostKind, fail = appendHostClasses(p.buf, buffer, classes, !p.special, p.sink().at(start))
	p.u.hostEnd = uint32(len(p.buf))
	p.hostWritten = true
	if fail != 0 {
		// The host parser signals the errors it fails at at the host's
		// offset (see hostErrors).
		p.site.at = start
	}
	return failedAt(fail)
}

// port implements https://url.spec.whatwg.org/#port-state.
func (p *parser) port() failure {
	// 1. If c is an ASCII digit, append c to buffer.
	start := p.pointer
	n, port := scanPort(p.input[start:])
	i := start + n
	p.pointer = i
	// 2. Otherwise, if one of the following is true: c is the EOF code point,
	//    U+002F (/), U+003F (?), or U+0023 (#); url is special and c is
	//    U+005C (\); or state override is given; then:
	if !p.endsAuthority(p.c()) && p.override == noOverride {
		// 3. Otherwise, port-invalid validation error, return failure.
		return p.fail(ErrPortInvalid)
	}
	// 2.1. If buffer is not the empty string:
	if n > 0 {
		// 2.1.1. Let port be the mathematical integer value that is
		//        represented by buffer in radix-10. (scanPort read it.)
		// 2.1.2. If port is not a 16-bit unsigned integer, port-out-of-range
		//        validation error, return failure.
		if port > 0xffff {
			p.pointer = start // the offset of the error: where the port starts
			return p.fail(ErrPortOutOfRange)
		}
		// 2.1.3. Set url's port to null, if port is url's scheme's default
		//        port; otherwise to port.
		p.portChanged = true
		if int32(port) != p.defaultPort {
			p.buf = append(p.buf, ':')
			p.buf = infra.AppendDecimal(p.buf, uint32(port))
			p.u.setPort(uint16(port), true)
		} else {
			p.u.setPort(0, false) // (url's own port, under a state override)
		}
		// 2.1.5. If state override is given, then return.
		if p.override != noOverride {
			p.done = true
			return 0
		}
	}
	// 2.2. If state override is given, then return failure.
	if p.override != noOverride {
		return failNoPort
	}
	// 2.3. Set state to path start state and decrease pointer by 1.
	p.state = pathStartState
	p.pointer--
	return 0
}

// scanPort reads the ASCII digits at the start of s, which the port state
// appends to its buffer: it returns how many there are and the number they
// represent in radix-10, or, when that is not a 16-bit unsigned integer, a
// number above 0xffff (it stops adding digits once past it).
func scanPort(s string) (n, port int) {
	for n < len(s) && infra.IsASCIIDigit(int(s[n])) {
		if port <= 0xffff {
			port = port*10 + int(s[n]-'0')
		}
		n++
	}
	return n, port
}

// fileState implements https://url.spec.whatwg.org/#file-state.
func (p *parser) fileState() {
	// 1. Set url's scheme to "file".
	if len(p.buf) == 0 {
		p.buf = append(p.buf, "file:"...)
		p.u.schemeEnd = 4
		p.setScheme("file")
	}
	// 2. Set url's host to the empty string. (It is written once the states
	//    below have decided it.)
	c := p.c()
	// 3. If c is U+002F (/) or U+005C (\), then: if c is U+005C (\),
	//    invalid-reverse-solidus validation error; set state to file slash
	//    state.
	if c == '/' || c == '\\' {
		if c == '\\' {
			p.report(ErrInvalidReverseSolidus)
		}
		p.state = fileSlashState
		return
	}
	// 4. Otherwise, if base is non-null and base's scheme is "file": set
	//    url's host to base's host, url's path to a clone of base's path, and
	//    url's query to base's query, then:
	if p.base.IsValid() && p.base.Scheme() == "file" {
		p.copyFromFileOrRelativeBase(c, false)
		return
	}
	// 5. Otherwise, set state to path state, and decrease pointer by 1.
	p.emptyHost()
	p.beginPath()
	p.state = pathState
	p.pointer--
}

// fileSlash implements https://url.spec.whatwg.org/#file-slash-state.
func (p *parser) fileSlash() {
	// 1. If c is U+002F (/) or U+005C (\), then: if c is U+005C (\),
	//    invalid-reverse-solidus validation error; set state to file host
	//    state.
	if c := p.c(); c == '/' || c == '\\' {
		if c == '\\' {
			p.report(ErrInvalidReverseSolidus)
		}
		p.state = fileHostState
		return
	}
	// 2. Otherwise:
	// 2.1. If base is non-null and base's scheme is "file", then:
	if b := &p.base; b.IsValid() && b.Scheme() == "file" {
		// 2.1.1. Set url's host to base's host.
		p.copyBase(false, false)
		// 2.1.2. If the code point substring from pointer to the end of input
		//        does not start with a Windows drive letter and base's path[0]
		//        is a normalized Windows drive letter, then append base's
		//        path[0] to url's path.
		if first := firstSegment(b.Pathname()); !startsWithWindowsDriveLetter(p.input[p.pointer:]) && isNormalizedWindowsDriveLetter(first) {
			p.buf = append(p.buf, '/')
			p.buf = append(p.buf, first...)
		}
	} else {
		p.emptyHost()
		p.beginPath()
	}
	// 2.2. Set state to path state, and decrease pointer by 1.
	p.state = pathState
	p.pointer--
}

// firstSegment returns path[0] of a serialized list path.
func firstSegment(path string) string {
	if path == "" {
		return ""
	}
	path = path[1:]
	if i := strings.IndexByte(path, '/'); i >= 0 {
		return path[:i]
	}
	return path
}

// fileHost implements https://url.spec.whatwg.org/#file-host-state.
func (p *parser) fileHost() failure {
	// 1. If c is the EOF code point, U+002F (/), U+005C (\), U+003F (?), or
	//    U+0023 (#), then decrease pointer by 1 and then:
	start := p.pointer
	i, classes := fileHostRun.Scan(p.input, start)
	buffer := p.input[start:i]
	p.pointer = i - 1
	// 1.1. If state override is not given and buffer is a Windows drive
	//      letter, file-invalid-Windows-drive-letter-host validation error,
	//      set state to path state. (buffer is not reset here and instead
	//      used in the path state.)
	if p.override == noOverride && infra.IsWindowsDriveLetter(buffer) {
		p.sink().report(ErrFileInvalidWindowsDriveLetterHost, start)
		p.emptyHost()
		p.beginPath()
		p.segStart, p.segOpen = len(p.buf), true
		p.buf = append(p.buf, '/')
		p.buf = append(p.buf, buffer...)
		p.state = pathState
		return 0
	}
	// 1.2. Otherwise, if buffer is the empty string, then: set url's host to
	//      the empty string; if state override is given, then return; set
	//      state to path start state.
	if buffer == "" {
		p.emptyHost()
	} else {
		// 1.3. Otherwise: let host be the result of host parsing buffer with
		//      url is not special; if host is failure, then return failure.
		p.buf = append(p.buf, "//"...)
		p.u.usernameEnd = uint32(len(p.buf))
		if fail := p.writeHost(buffer, classes, start); fail != 0 {
			return fail
		}
		// 1.3.3. If host is "localhost", then set host to the empty string.
		if string(p.buf[p.u.hostStart:]) == "localhost" {
			p.buf = p.buf[:p.u.hostStart]
			p.u.hostEnd, p.u.hostKind = p.u.hostStart, EmptyHost
		}
	}
	// If state override is given, then return.
	p.done = p.override != noOverride
	// Set buffer to the empty string and state to path start state.
	p.state = pathStartState
	return 0
}

// pathStart implements https://url.spec.whatwg.org/#path-start-state.
func (p *parser) pathStart() {
	p.beginPath()
	c := p.c()
	switch {
	// 1. If url is special, then: if c is U+005C (\), invalid-reverse-solidus
	//    validation error; set state to path state; if c is neither U+002F (/)
	//    nor U+005C (\), then decrease pointer by 1.
	case p.special:
		if c == '\\' {
			p.report(ErrInvalidReverseSolidus)
		}
		p.state = pathState
		if c != '/' && c != '\\' {
			p.pointer--
		}
	// 2. Otherwise, if state override is not given and c is U+003F (?), set
	//    url's query to the empty string and state to query state.
	case p.override == noOverride && c == '?':
		p.startQuery()
	// 3. Otherwise, if state override is not given and c is U+0023 (#), set
	//    url's fragment to the empty string and state to fragment state.
	case p.override == noOverride && c == '#':
		p.startFragment()
	// 4. Otherwise, if c is not the EOF code point: set state to path state;
	//    if c is not U+002F (/), then decrease pointer by 1.
	case c != eof:
		p.state = pathState
		if c != '/' {
			p.pointer--
		}
	// 5. Otherwise, if state override is given and url's host is null, append
	//    the empty string to url's path.
	case p.override != noOverride && p.u.hostKind == NullHost:
		p.buf = append(p.buf, '/')
	}
}

// path implements https://url.spec.whatwg.org/#path-state. It reads segment
// after segment until the path ends, writing each segment to buf as "/"
// followed by the segment.
func (p *parser) path() {
	input, ends := p.input, p.pathSegmentEnds()
	for {
		if !p.segOpen {
			p.segStart, p.segOpen = len(p.buf), true
			p.buf = append(p.buf, '/')
		}
		plain := p.plainSegment()
		// 2. Otherwise, run these steps: UTF-8 percent-encode c using the path
		//    percent-encode set and append the result to buffer.
		//    Bytes that need no encoding are copied a run at a time. The run
		//    of a plain segment (see plainSegment) takes in "/" and the
		//    segments after it as long as they are plain too: steps 1.2 to
		//    1.5 do nothing with a plain segment but end it, and its "/"
		//    starts the next one as the loop would. A "." or "%" right after
		//    a "/" may start one that is not plain, and ends the run there.
		//    From the first byte that may need encoding, the rest of the
		//    segment is encoded in one call.
		//    A "\" of a special URL, which ends a segment as "/" does, is
		//    taken in as "/" too when validation errors are not wanted (its
		//    invalid-reverse-solidus would come before those of the run).
		start, i := p.pointer, p.pointer
		if plain {
			for {
				i = plainPathRun(input, i, ends)
				if i == len(input) || input[i] != '\\' || !p.special || p.reporting || startsDotSegment(input[i+1:], ends) {
					break
				}
				p.buf = append(p.buf, input[start:i]...)
				p.buf = append(p.buf, '/')
				start = i + 1
				i++
			}
		} else {
			i += infra.IndexClass(input[i:], infra.PathSpecial)
		}
		p.buf = append(p.buf, input[start:i]...)
		if i < len(input) && infra.ByteClass[input[i]]&ends == 0 {
			j := i + 1 + infra.IndexClass(input[i+1:], ends)
			p.buf = appendPercentEncoded(p.buf, input[i:j], infra.PathSet)
			i = j
		}
		if p.reporting {
			checkURLUnits(&p.errs, input[start:i], start)
		}
		p.pointer = i
		c := p.c()
		// 1. If one of the following is true: c is the EOF code point or
		//    U+002F (/); url is special and c is U+005C (\); state override is
		//    not given and c is U+003F (?) or U+0023 (#); then:
		// 1.1. If url is special and c is U+005C (\), invalid-reverse-solidus
		//      validation error.
		if c == '\\' && p.special {
			p.report(ErrInvalidReverseSolidus)
		}
		if !plain {
			p.endSegment(c == '/' || (c == '\\' && p.special))
		}
		// 1.5. Set buffer to the empty string.
		p.segOpen = false
		switch c {
		// 1.6. If c is U+003F (?), then set url's query to the empty string
		//      and state to query state.
		case '?':
			p.startQuery()
			return
		// 1.7. If c is U+0023 (#), then set url's fragment to the empty string
		//      and state to fragment state.
		case '#':
			p.startFragment()
			return
		case eof:
			return
		}
		p.pointer++
	}
}

// endSegment runs steps 1.2 to 1.4.1 of the path state on the segment that
// starts at segStart in buf, which c ends; slash is whether c is U+002F (/),
// or U+005C (\) and url is special.
func (p *parser) endSegment(slash bool) {
	segment := p.buf[p.segStart+1:]
	switch {
	// 1.2. If buffer is a double-dot URL path segment, then: shorten url's
	//      path; if neither c is U+002F (/), nor url is special and c is
	//      U+005C (\), append the empty string to url's path.
	case infra.IsDoubleDotSegment(segment):
		p.buf = p.buf[:p.segStart]
		p.shortenPath()
		if !slash {
			p.buf = append(p.buf, '/')
		}
	// 1.3. Otherwise, if buffer is a single-dot URL path segment and if
	//      neither c is U+002F (/), nor url is special and c is U+005C (\),
	//      append the empty string to url's path.
	// 1.4. Otherwise, if buffer is not a single-dot URL path segment, then:
	//      (the segment stays in buf).
	case infra.IsSingleDotSegment(segment):
		p.buf = p.buf[:p.segStart]
		if !slash {
			p.buf = append(p.buf, '/')
		}
	// 1.4.1. If url's scheme is "file", url's path is empty, and buffer is
	//        a Windows drive letter, then replace the second code point in
	//        buffer with U+003A (:).
	case p.file && p.segStart == int(p.u.pathStart) && infra.IsWindowsDriveLetter(segment):
		segment[1] = ':'
	}
}

// plainSegment reports whether the path segment the path state is reading
// at the pointer is plain: whether steps 1.2 to 1.4.1 of the path state can
// do nothing with it but keep it. It is, unless it may be a single-dot or
// double-dot URL path segment, or it is url's path[0] of a file URL, which
// can be a Windows drive letter that step 1.4.1 changes (and the file host
// state's buffer, which it leaves in buf, is that).
func (p *parser) plainSegment() bool {
	return !(p.file && p.segStart == int(p.u.pathStart)) && !startsDotSegment(p.input[p.pointer:], p.pathSegmentEnds())
}

// plainPathRun returns where the run of plain path segments at input[i]
// ends (see plainSegment): at the end of input, at the first byte the path
// state cannot copy as it is but "/" (a byte of the path percent-encode
// set, "\\", or the "?" or "#" that ends the path), or at the "/" before a
// segment that may be a single-dot or double-dot segment (one that a code
// point of the classes ends). The path state and the fast path both read
// a path's plain runs with it.
func plainPathRun(input string, i int, ends infra.Class) int {
	for {
		i = pathRun.Span(input, i)
		if i == len(input) || infra.ByteClass[input[i]]&infra.DotSegmentStart == 0 {
			return i
		}
		if i > 0 && input[i-1] == '/' && startsDotSegment(input[i:], ends) {
			return i - 1
		}
		i++
	}
}

// startsDotSegment reports whether s starts with a single-dot or double-dot
// URL path segment (https://url.spec.whatwg.org/#single-dot-path-segment)
// that a code point of the classes ends, or the end of s: ".", "..", "%2e",
// ".%2E" and so on, but not ".well-known" or "..b". It reads at most seven
// bytes.
func startsDotSegment(s string, ends infra.Class) bool {
	// (Inlined, it rules out at once a segment that starts with neither
	// "." nor "%", as nearly every one does.)
	return s != "" && infra.ByteClass[s[0]]&infra.DotSegmentStart != 0 && dotSegmentUpTo(s, ends)
}

// dotSegmentUpTo is startsDotSegment for an s that starts with "." or "%".
func dotSegmentUpTo(s string, ends infra.Class) bool {
	if s[0] == '%' && !(len(s) >= 3 && s[1] == '2' && s[2]|0x20 == 'e') {
		return false // "%20" and the like
	}
	n := 1
	for n < len(s) && n <= len("%2e%2e") && infra.ByteClass[s[n]]&ends == 0 {
		n++
	}
	return n <= len("%2e%2e") && (infra.IsSingleDotSegment(s[:n]) || infra.IsDoubleDotSegment(s[:n]))
}

// pathSegmentEnds returns the byteClass bits of the code points that end a
// path segment: "/", "\\" when the URL is special, and "?" or "#" when no
// state override is given.
func (p *parser) pathSegmentEnds() infra.Class {
	ends := infra.Solidus
	if p.special {
		ends |= infra.ReverseSolidus
	}
	if p.override == noOverride {
		ends |= infra.EndsComponent
	}
	return ends
}

// shortenPath implements https://url.spec.whatwg.org/#shorten-a-urls-path.
func (p *parser) shortenPath() {
	path := p.buf[p.u.pathStart:]
	// 2. If url's scheme is "file", path's size is 1, and path[0] is a
	//    normalized Windows drive letter, then return.
	if p.file && len(path) == 3 && isNormalizedWindowsDriveLetter(string(path[1:])) {
		return
	}
	// 3. Remove path's last item, if any.
	for i := len(path) - 1; i >= 0; i-- {
		if path[i] == '/' {
			p.buf = p.buf[:int(p.u.pathStart)+i]
			return
		}
	}
}

// opaquePath implements https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state.
func (p *parser) opaquePath() {
	i := opaquePathEnd(p.input, p.pointer)
	run := p.input[p.pointer:i]
	if p.reporting {
		checkURLUnits(&p.errs, run, p.pointer)
	}
	// 4. Otherwise, if c is not the EOF code point: UTF-8 percent-encode c
	//    using the C0 control percent-encode set and append the result to
	//    url's path.
	p.buf = appendPercentEncoded(p.buf, run, infra.C0ControlSet)
	p.pointer = i
	// 3. Otherwise, if c is U+0020 SPACE: if remaining starts with U+003F (?)
	//    or U+0023 (#), then append "%20" to url's path; otherwise append
	//    U+0020 SPACE to url's path.
	if i < len(p.input) && strings.HasSuffix(run, " ") {
		p.buf = append(p.buf[:len(p.buf)-1], "%20"...)
	}
	switch p.c() {
	// 1. If c is U+003F (?), then set url's query to the empty string and
	//    state to query state.
	case '?':
		p.startQuery()
	// 2. Otherwise, if c is U+0023 (#), then set url's fragment to the empty
	//    string and state to fragment state.
	case '#':
		p.startFragment()
	}
}

// opaquePathEnd returns where the opaque path at input[i] ends: at the "?"
// or "#" that starts a query or fragment, or at the end of input. The
// opaque path state and the fast path both find it so.
func opaquePathEnd(input string, i int) int {
	for i < len(input) && input[i] != '?' && input[i] != '#' {
		i++
	}
	return i
}

// query implements https://url.spec.whatwg.org/#query-state.
func (p *parser) query() {
	// 1. If encoding is not UTF-8 and one of the following is true: url is
	//    not special; url's scheme is "ws" or "wss"; then set encoding to
	//    UTF-8.
	enc := p.encoding
	if enc != nil {
		if s := p.buf[:p.u.schemeEnd]; !p.special || string(s) == "ws" || string(s) == "wss" {
			enc = nil
		}
	}
	i := len(p.input)
	if p.override == noOverride {
		if j := strings.IndexByte(p.input[p.pointer:], '#'); j >= 0 {
			i = p.pointer + j
		}
	}
	run := p.input[p.pointer:i]
	if p.reporting {
		checkURLUnits(&p.errs, run, p.pointer)
	}
	// 2. If one of the following is true: state override is not given and c
	//    is U+0023 (#); c is the EOF code point; then:
	// 2.1. Let queryPercentEncodeSet be the special-query percent-encode set
	//      if url is special; otherwise the query percent-encode set.
	set := infra.QuerySet
	if p.special {
		set = infra.SpecialQuerySet
	}
	// 2.2. Percent-encode after encoding, with encoding, buffer, and
	//      queryPercentEncodeSet, and append the result to url's query.
	if enc == nil {
		p.buf = appendPercentEncoded(p.buf, run, set)
	} else {
		p.buf = appendPercentEncodeAfterEncoding(p.buf, enc, run, set, false)
	}
	p.pointer = i
	// 2.4. If c is U+0023 (#), then set url's fragment to the empty string and
	//      state to fragment state.
	if p.c() == '#' {
		p.startFragment()
	}
}

// fragment implements https://url.spec.whatwg.org/#fragment-state.
func (p *parser) fragment() {
	// 1. If c is not the EOF code point, then: UTF-8 percent-encode c using
	//    the fragment percent-encode set and append the result to url's
	//    fragment.
	run := p.input[p.pointer:]
	if p.reporting {
		checkURLUnits(&p.errs, run, p.pointer)
	}
	p.buf = appendPercentEncoded(p.buf, run, infra.FragmentSet)
	p.pointer = len(p.input)
}

// checkURLUnits signals invalid-URL-unit for each code point of run, which
// starts at offset start of the input, that is neither a URL code point nor
// U+0025 (%), and for each U+0025 (%) not followed by two ASCII hex digits.
func checkURLUnits(errs *errorSink, run string, start int) {
	for at, n := infra.NextNonURLUnit(run, 0); at < len(run); at, n = infra.NextNonURLUnit(run, at+n) {
		errs.report(ErrInvalidURLUnit, start+at)
	}
}
