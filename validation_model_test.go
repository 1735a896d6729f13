package url

import (
	"strings"
	"unicode/utf8"

	"github.com/webstd/url/internal/infra"
)

// This file holds modelValidationErrors, a second implementation of the
// validation errors of the basic URL parser written to be checked by eye
// against url.bs: one code point per step, each state exactly as the
// standard words it, keeping only what decides which validation errors are
// signalled (the URL's scheme and the base URL; nothing of the output), and
// a method per state, named after it as the parser's are (states.go). The
// tests in validation_test.go and FuzzValidationErrors compare the parser
// with it, kinds, order, failure flags and offsets.
//
// For the host parser it runs the standard's steps up to the domain parser,
// IPv4 parser and IPv6 parser, and calls the package's domainToASCII,
// parseIPv4 and parseIPv6 for those (ipv4_test.go, ipv6_test.go and
// idna_test.go check them against their own models).
//
// Offsets follow the convention documented on ValidationError.Offset.

// modelValidationErrors runs the model on input with base (nil for none) and returns
// the validation errors in order and the kind at which parsing failed (0 when
// it did not).
func modelValidationErrors(input string, base *URL) ([]ValidationError, ValidationErrorKind) {
	m := &model{base: base}
	m.run(input)
	return m.errs, m.failure
}

// model holds one run of the model: the input as code points, the
// variables of the basic URL parser's state machine that decide which
// validation errors are signalled, and the errors.
type model struct {
	base *URL

	in  []rune // the input after steps 1 to 3, as code points
	off []int  // off[i] is the byte offset of in[i]; off[len(in)] is the length

	state          int
	pointer        int
	buffer         []rune
	bufferStart    int // the pointer at which buffer's first code point was appended
	atSignSeen     bool
	insideBrackets bool
	urlScheme      string // url's scheme
	special        bool   // url is special

	errs    []ValidationError
	failure ValidationErrorKind
}

// The states of the state machine, named as the parser's (parser.go).
const (
	mSchemeStart = iota
	mScheme
	mNoScheme
	mSpecialRelativeOrAuthority
	mPathOrAuthority
	mRelative
	mRelativeSlash
	mSpecialAuthoritySlashes
	mSpecialAuthorityIgnoreSlashes
	mAuthority
	mHost
	mPort
	mFile
	mFileSlash
	mFileHost
	mPathStart
	mPath
	mOpaquePath
	mQuery
	mFragment
)

func (m *model) report(k ValidationErrorKind, at int) {
	m.errs = append(m.errs, ValidationError{Kind: k, Offset: at})
}

func (m *model) fail(k ValidationErrorKind, at int) {
	m.errs = append(m.errs, ValidationError{Kind: k, Failure: true, Offset: at})
	m.failure = k
}

// c is the code point at pointer i, or -1 for the EOF code point.
func (m *model) c(i int) rune {
	if i < len(m.in) {
		return m.in[i]
	}
	return -1
}

// remainingStartsWith reports whether remaining (the code points after i)
// starts with s.
func (m *model) remainingStartsWith(i int, s string) bool {
	if i >= len(m.in) {
		return false
	}
	return strings.HasPrefix(string(m.in[i+1:]), s)
}

// at is the byte offset of the code point at pointer p, clamped to the
// input.
func (m *model) at(p int) int { return m.off[min(max(p, 0), len(m.in))] }

// appendBuffer appends c, the code point at the pointer, to buffer.
func (m *model) appendBuffer(c rune) {
	if len(m.buffer) == 0 {
		m.bufferStart = m.pointer
	}
	m.buffer = append(m.buffer, c)
}

func (m *model) setScheme(s string) {
	m.urlScheme = s
	m.special = specialScheme(s)
}

func isC0ControlOrSpace(r byte) bool { return r <= 0x20 }

// run runs the basic URL parser
// (https://url.spec.whatwg.org/#concept-basic-url-parser) on input: steps 1
// to 3, then the state machine, one code point per step, with a method per
// state.
func (m *model) run(input string) {
	m.removeInvalidCodePoints(input)
	m.state = mSchemeStart
	for m.pointer = 0; ; m.pointer++ {
		c := m.c(m.pointer)
		ok := true
		switch m.state {
		case mSchemeStart:
			m.schemeStart(c)
		case mScheme:
			m.scheme(c)
		case mNoScheme:
			ok = m.noScheme(c)
		case mSpecialRelativeOrAuthority:
			m.specialRelativeOrAuthority(c)
		case mPathOrAuthority:
			m.pathOrAuthority(c)
		case mRelative:
			m.relative(c)
		case mRelativeSlash:
			m.relativeSlash(c)
		case mSpecialAuthoritySlashes:
			m.specialAuthoritySlashes(c)
		case mSpecialAuthorityIgnoreSlashes:
			m.specialAuthorityIgnoreSlashes(c)
		case mAuthority:
			ok = m.authority(c)
		case mHost:
			ok = m.host(c)
		case mPort:
			ok = m.port(c)
		case mFile:
			m.fileState(c)
		case mFileSlash:
			m.fileSlash(c)
		case mFileHost:
			ok = m.fileHost(c)
		case mPathStart:
			m.pathStart(c)
		case mPath:
			m.path(c)
		case mOpaquePath:
			m.opaquePath(c)
		case mQuery:
			m.query(c)
		case mFragment:
			m.fragment(c)
		}
		if !ok || m.pointer >= len(m.in) {
			return
		}
	}
}

// removeInvalidCodePoints runs steps 1 to 3 of the basic URL parser and
// sets m.in and m.off to what remains of input.
func (m *model) removeInvalidCodePoints(input string) {
	// 1.2. If input contains any leading or trailing C0 control or space,
	// invalid-URL-unit validation error. 1.3. Remove them.
	i, j := 0, len(input)
	for i < j && isC0ControlOrSpace(input[i]) {
		i++
	}
	for j > i && isC0ControlOrSpace(input[j-1]) {
		j--
	}
	trimmed := input[i:j]
	// 2. If input contains any ASCII tab or newline, invalid-URL-unit
	// validation error. 3. Remove all ASCII tab or newline from input.
	var cleaned strings.Builder
	firstTab := -1
	for k := 0; k < len(trimmed); k++ {
		switch trimmed[k] {
		case '\t', '\n', '\r':
			if firstTab < 0 {
				firstTab = cleaned.Len()
			}
		default:
			cleaned.WriteByte(trimmed[k])
		}
	}
	s := cleaned.String()
	if firstTab >= 0 {
		// Like the parser (see ValidationError.Offset), which reads a Go
		// string as a scalar value string: when it removes tabs and
		// newlines, it replaces invalid UTF-8 with U+FFFD first (so that
		// "\xD4\n\x84" is two U+FFFD, not U+0504).
		s = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(infra.ToWellFormed(trimmed))
	}
	if len(trimmed) != len(input) {
		if i > 0 {
			m.report(ErrInvalidURLUnit, 0)
		} else {
			m.report(ErrInvalidURLUnit, len(s))
		}
	}
	if firstTab >= 0 {
		m.report(ErrInvalidURLUnit, firstTab)
	}
	for k := 0; k < len(s); {
		r, n := infra.DecodeRune(s[k:])
		m.in = append(m.in, r)
		m.off = append(m.off, k)
		k += n
	}
	m.off = append(m.off, len(s))
}

// schemeStart is https://url.spec.whatwg.org/#scheme-start-state.
func (m *model) schemeStart(c rune) {
	if infra.IsASCIIAlpha(int(c)) {
		// 1. If c is an ASCII alpha, append c, lowercased, to buffer, and
		// set state to scheme state.
		m.buffer = append(m.buffer, c|0x20)
		m.state = mScheme
	} else {
		// 2. Otherwise, set state to no scheme state and decrease pointer
		// by 1.
		m.state = mNoScheme
		m.pointer--
	}
}

// scheme is https://url.spec.whatwg.org/#scheme-state.
func (m *model) scheme(c rune) {
	switch {
	// 1. If c is an ASCII alphanumeric, U+002B (+), U+002D (-), or U+002E
	// (.), append c, lowercased, to buffer.
	case infra.IsASCIIAlpha(int(c)) || infra.IsASCIIDigit(int(c)) || c == '+' || c == '-' || c == '.':
		if infra.IsASCIIAlpha(int(c)) {
			c |= 0x20
		}
		m.buffer = append(m.buffer, c)
	// 2. Otherwise, if c is U+003A (:), then:
	case c == ':':
		// 2.2. Set url's scheme to buffer. 2.4. Set buffer to the empty
		// string.
		m.setScheme(string(m.buffer))
		m.buffer = m.buffer[:0]
		switch {
		// 2.5. If url's scheme is "file": if remaining does not start with
		// "//", special-scheme-missing-following-solidus validation error;
		// set state to file state.
		case m.urlScheme == "file":
			if !m.remainingStartsWith(m.pointer, "//") {
				m.report(ErrSpecialSchemeMissingFollowingSolidus, m.at(m.pointer))
			}
			m.state = mFile
		// 2.6. Otherwise, if url is special, base is non-null, and base's
		// scheme is url's scheme: set state to special relative or
		// authority state.
		case m.special && m.base != nil && m.base.Scheme() == m.urlScheme:
			m.state = mSpecialRelativeOrAuthority
		// 2.7. Otherwise, if url is special, set state to special authority
		// slashes state.
		case m.special:
			m.state = mSpecialAuthoritySlashes
		// 2.8. Otherwise, if remaining starts with an U+002F (/), set state
		// to path or authority state and increase pointer by 1.
		case m.remainingStartsWith(m.pointer, "/"):
			m.state = mPathOrAuthority
			m.pointer++
		// 2.9. Otherwise, set state to opaque path state.
		default:
			m.state = mOpaquePath
		}
	// 3. Otherwise, set buffer to the empty string, state to no scheme
	// state, and start over (from the first code point in input).
	default:
		m.buffer = m.buffer[:0]
		m.state = mNoScheme
		m.pointer = -1
	}
}

// noScheme is https://url.spec.whatwg.org/#no-scheme-state.
func (m *model) noScheme(c rune) bool {
	switch {
	// 1. If base is null, or base has an opaque path and c is not U+0023
	// (#), missing-scheme-non-relative-URL validation error, return failure.
	case m.base == nil || m.base.HasOpaquePath() && c != '#':
		m.fail(ErrMissingSchemeNonRelativeURL, m.at(m.pointer))
		return false
	// 2. Otherwise, if base has an opaque path and c is U+0023 (#), set
	// url's scheme to base's scheme, and state to fragment state.
	case m.base.HasOpaquePath() && c == '#':
		m.setScheme(m.base.Scheme())
		m.state = mFragment
	// 3. Otherwise, if base's scheme is not "file", set state to relative
	// state and decrease pointer by 1.
	case m.base.Scheme() != "file":
		m.state = mRelative
		m.pointer--
	// 4. Otherwise, set state to file state and decrease pointer by 1.
	default:
		m.state = mFile
		m.pointer--
	}
	return true
}

// specialRelativeOrAuthority is
// https://url.spec.whatwg.org/#special-relative-or-authority-state.
func (m *model) specialRelativeOrAuthority(c rune) {
	if c == '/' && m.remainingStartsWith(m.pointer, "/") {
		// 1. If c is U+002F (/) and remaining starts with U+002F (/), then
		// set state to special authority ignore slashes state and increase
		// pointer by 1.
		m.state = mSpecialAuthorityIgnoreSlashes
		m.pointer++
	} else {
		// 2. Otherwise, special-scheme-missing-following-solidus validation
		// error, set state to relative state and decrease pointer by 1.
		m.report(ErrSpecialSchemeMissingFollowingSolidus, m.at(m.pointer))
		m.state = mRelative
		m.pointer--
	}
}

// pathOrAuthority is https://url.spec.whatwg.org/#path-or-authority-state.
func (m *model) pathOrAuthority(c rune) {
	if c == '/' {
		m.state = mAuthority
	} else {
		m.state = mPath
		m.pointer--
	}
}

// relative is https://url.spec.whatwg.org/#relative-state.
func (m *model) relative(c rune) {
	// 2. Set url's scheme to base's scheme.
	m.setScheme(m.base.Scheme())
	switch {
	// 3. If c is U+002F (/), then set state to relative slash state.
	case c == '/':
		m.state = mRelativeSlash
	// 4. Otherwise, if url is special and c is U+005C (\),
	// invalid-reverse-solidus validation error, set state to relative slash
	// state.
	case m.special && c == '\\':
		m.report(ErrInvalidReverseSolidus, m.at(m.pointer))
		m.state = mRelativeSlash
	// 5.2. If c is U+003F (?), then set state to query state. 5.3.
	// Otherwise, if c is U+0023 (#), set state to fragment state. 5.4.
	// Otherwise, if c is not the EOF code point: set state to path state and
	// decrease pointer by 1.
	case c == '?':
		m.state = mQuery
	case c == '#':
		m.state = mFragment
	case c != -1:
		m.state = mPath
		m.pointer--
	}
}

// relativeSlash is https://url.spec.whatwg.org/#relative-slash-state.
func (m *model) relativeSlash(c rune) {
	switch {
	// 1. If url is special and c is U+002F (/) or U+005C (\), then: if c is
	// U+005C (\), invalid-reverse-solidus validation error; set state to
	// special authority ignore slashes state.
	case m.special && (c == '/' || c == '\\'):
		if c == '\\' {
			m.report(ErrInvalidReverseSolidus, m.at(m.pointer))
		}
		m.state = mSpecialAuthorityIgnoreSlashes
	// 2. Otherwise, if c is U+002F (/), then set state to authority state.
	case c == '/':
		m.state = mAuthority
	// 3. Otherwise, set state to path state, and then, decrease pointer by 1.
	default:
		m.state = mPath
		m.pointer--
	}
}

// specialAuthoritySlashes is
// https://url.spec.whatwg.org/#special-authority-slashes-state.
func (m *model) specialAuthoritySlashes(c rune) {
	if c == '/' && m.remainingStartsWith(m.pointer, "/") {
		// 1. If c is U+002F (/) and remaining starts with U+002F (/), then
		// set state to special authority ignore slashes state and increase
		// pointer by 1.
		m.state = mSpecialAuthorityIgnoreSlashes
		m.pointer++
	} else {
		// 2. Otherwise, special-scheme-missing-following-solidus validation
		// error, set state to special authority ignore slashes state and
		// decrease pointer by 1.
		m.report(ErrSpecialSchemeMissingFollowingSolidus, m.at(m.pointer))
		m.state = mSpecialAuthorityIgnoreSlashes
		m.pointer--
	}
}

// specialAuthorityIgnoreSlashes is
// https://url.spec.whatwg.org/#special-authority-ignore-slashes-state.
func (m *model) specialAuthorityIgnoreSlashes(c rune) {
	if c != '/' && c != '\\' {
		// 1. If c is neither U+002F (/) nor U+005C (\), then set state to
		// authority state and decrease pointer by 1.
		m.state = mAuthority
		m.pointer--
	} else {
		// 2. Otherwise, special-scheme-missing-following-solidus validation
		// error.
		m.report(ErrSpecialSchemeMissingFollowingSolidus, m.at(m.pointer))
	}
}

// authority is https://url.spec.whatwg.org/#authority-state.
func (m *model) authority(c rune) bool {
	switch {
	// 1. If c is U+0040 (@), then: invalid-credentials validation error;
	// set atSignSeen to true; set buffer to the empty string.
	case c == '@':
		m.report(ErrInvalidCredentials, m.at(m.pointer))
		m.atSignSeen = true
		m.buffer = m.buffer[:0]
	// 2. Otherwise, if c is the EOF code point, U+002F (/), U+003F (?), or
	// U+0023 (#), or url is special and c is U+005C (\), then:
	case c == -1 || c == '/' || c == '?' || c == '#' || m.special && c == '\\':
		// 2.1. If atSignSeen is true and buffer is the empty string,
		// host-missing validation error, return failure.
		if m.atSignSeen && len(m.buffer) == 0 {
			m.fail(ErrHostMissing, m.at(m.pointer))
			return false
		}
		// 2.2. Decrease pointer by buffer's code point length + 1, set
		// buffer to the empty string, and set state to host state.
		m.pointer -= len(m.buffer) + 1
		m.buffer = m.buffer[:0]
		m.state = mHost
	// 3. Otherwise, append c to buffer.
	default:
		m.appendBuffer(c)
	}
	return true
}

// host is https://url.spec.whatwg.org/#host-state.
func (m *model) host(c rune) bool {
	switch {
	// 2. Otherwise, if c is U+003A (:) and insideBrackets is false:
	case c == ':' && !m.insideBrackets:
		// 2.1. If buffer is the empty string, host-missing validation error,
		// return failure.
		if len(m.buffer) == 0 {
			m.fail(ErrHostMissing, m.at(m.pointer))
			return false
		}
		// 2.3. Let host be the result of host parsing buffer with url is not
		// special. 2.4. If host is failure, then return failure.
		if !m.hostParser(string(m.buffer), !m.special, m.bufferStart) {
			return false
		}
		// 2.5. Set buffer to the empty string, and state to port state.
		m.buffer = m.buffer[:0]
		m.state = mPort
	// 3. Otherwise, if c is the EOF code point, U+002F (/), U+003F (?), or
	// U+0023 (#), or url is special and c is U+005C (\), then decrease
	// pointer by 1, and:
	case c == -1 || c == '/' || c == '?' || c == '#' || m.special && c == '\\':
		m.pointer--
		// 3.1. If url is special and buffer is the empty string,
		// host-missing validation error, return failure.
		if m.special && len(m.buffer) == 0 {
			// The offset is where the host would start: at c.
			m.fail(ErrHostMissing, m.at(m.pointer+1))
			return false
		}
		if len(m.buffer) == 0 {
			m.bufferStart = m.pointer + 1
		}
		// 3.3. Let host be the result of host parsing buffer with url is not
		// special. 3.4. If host is failure, then return failure.
		if !m.hostParser(string(m.buffer), !m.special, m.bufferStart) {
			return false
		}
		// 3.5. Set buffer to the empty string, and state to path start
		// state.
		m.buffer = m.buffer[:0]
		m.state = mPathStart
	// 4. Otherwise: if c is U+005B ([), then set insideBrackets to true; if c
	// is U+005D (]), then set insideBrackets to false; append c to buffer.
	default:
		if c == '[' {
			m.insideBrackets = true
		}
		if c == ']' {
			m.insideBrackets = false
		}
		m.appendBuffer(c)
	}
	return true
}

// port is https://url.spec.whatwg.org/#port-state.
func (m *model) port(c rune) bool {
	switch {
	// 1. If c is an ASCII digit, append c to buffer.
	case infra.IsASCIIDigit(int(c)):
		m.appendBuffer(c)
	// 2. Otherwise, if c is the EOF code point, U+002F (/), U+003F (?), or
	// U+0023 (#), or url is special and c is U+005C (\), then:
	case c == -1 || c == '/' || c == '?' || c == '#' || m.special && c == '\\':
		// 2.1. If buffer is not the empty string: let port be the integer
		// buffer represents; if port is not a 16-bit unsigned integer,
		// port-out-of-range validation error, return failure; set buffer to
		// the empty string.
		if len(m.buffer) > 0 {
			port := 0
			for _, d := range m.buffer {
				port = min(port*10+int(d-'0'), 1<<20)
			}
			if port > 0xffff {
				m.fail(ErrPortOutOfRange, m.at(m.bufferStart))
				return false
			}
			m.buffer = m.buffer[:0]
		}
		// 2.3. Set state to path start state and decrease pointer by 1.
		m.state = mPathStart
		m.pointer--
	// 3. Otherwise, port-invalid validation error, return failure.
	default:
		m.fail(ErrPortInvalid, m.at(m.pointer))
		return false
	}
	return true
}

// fileState is https://url.spec.whatwg.org/#file-state.
func (m *model) fileState(c rune) {
	// 1. Set url's scheme to "file".
	m.setScheme("file")
	switch {
	// 3. If c is U+002F (/) or U+005C (\), then: if c is U+005C (\),
	// invalid-reverse-solidus validation error; set state to file slash
	// state.
	case c == '/' || c == '\\':
		if c == '\\' {
			m.report(ErrInvalidReverseSolidus, m.at(m.pointer))
		}
		m.state = mFileSlash
	// 4. Otherwise, if base is non-null and base's scheme is "file":
	case m.base != nil && m.base.Scheme() == "file":
		switch {
		// 4.2. If c is U+003F (?), then set state to query state.
		case c == '?':
			m.state = mQuery
		// 4.3. Otherwise, if c is U+0023 (#), set state to fragment state.
		case c == '#':
			m.state = mFragment
		// 4.4. Otherwise, if c is not the EOF code point: if the code point
		// substring from pointer to the end of input starts with a Windows
		// drive letter, file-invalid-Windows-drive-letter validation error;
		// set state to path state and decrease pointer by 1.
		case c != -1:
			if modelStartsWithWindowsDriveLetter(m.in[m.pointer:]) {
				m.report(ErrFileInvalidWindowsDriveLetter, m.at(m.pointer))
			}
			m.state = mPath
			m.pointer--
		}
	// 5. Otherwise, set state to path state, and decrease pointer by 1.
	default:
		m.state = mPath
		m.pointer--
	}
}

// fileSlash is https://url.spec.whatwg.org/#file-slash-state.
func (m *model) fileSlash(c rune) {
	if c == '/' || c == '\\' {
		// 1. If c is U+002F (/) or U+005C (\), then: if c is U+005C (\),
		// invalid-reverse-solidus validation error; set state to file host
		// state.
		if c == '\\' {
			m.report(ErrInvalidReverseSolidus, m.at(m.pointer))
		}
		m.state = mFileHost
	} else {
		// 2.2. Set state to path state, and decrease pointer by 1.
		m.state = mPath
		m.pointer--
	}
}

// fileHost is https://url.spec.whatwg.org/#file-host-state.
func (m *model) fileHost(c rune) bool {
	// 2. Otherwise, append c to buffer.
	if c != -1 && c != '/' && c != '\\' && c != '?' && c != '#' {
		m.appendBuffer(c)
		return true
	}
	// 1. If c is the EOF code point, U+002F (/), U+005C (\), U+003F (?), or
	// U+0023 (#), then decrease pointer by 1 and then:
	m.pointer--
	switch {
	// 1.1. If buffer is a Windows drive letter,
	// file-invalid-Windows-drive-letter-host validation error, set state to
	// path state.
	case infra.IsWindowsDriveLetter(string(m.buffer)):
		m.report(ErrFileInvalidWindowsDriveLetterHost, m.at(m.bufferStart))
		// buffer is not reset here and instead used in the path state.
		m.state = mPath
	// 1.2. Otherwise, if buffer is the empty string, then set state to path
	// start state.
	case len(m.buffer) == 0:
		m.state = mPathStart
	// 1.3. Otherwise: let host be the result of host parsing buffer with url
	// is not special; if host is failure, then return failure; set buffer to
	// the empty string and state to path start state.
	default:
		if !m.hostParser(string(m.buffer), false, m.bufferStart) {
			return false
		}
		m.buffer = m.buffer[:0]
		m.state = mPathStart
	}
	return true
}

// pathStart is https://url.spec.whatwg.org/#path-start-state.
func (m *model) pathStart(c rune) {
	switch {
	// 1. If url is special, then: if c is U+005C (\),
	// invalid-reverse-solidus validation error; set state to path state; if
	// c is neither U+002F (/) nor U+005C (\), then decrease pointer by 1.
	case m.special:
		if c == '\\' {
			m.report(ErrInvalidReverseSolidus, m.at(m.pointer))
		}
		m.state = mPath
		if c != '/' && c != '\\' {
			m.pointer--
		}
	// 2. Otherwise, if c is U+003F (?), set state to query state.
	case c == '?':
		m.state = mQuery
	// 3. Otherwise, if c is U+0023 (#), set state to fragment state.
	case c == '#':
		m.state = mFragment
	// 4. Otherwise, if c is not the EOF code point: set state to path state;
	// if c is not U+002F (/), then decrease pointer by 1.
	case c != -1:
		m.state = mPath
		if c != '/' {
			m.pointer--
		}
	}
}

// path is https://url.spec.whatwg.org/#path-state.
func (m *model) path(c rune) {
	// 1. If c is the EOF code point or U+002F (/), or url is special and c is
	// U+005C (\), or c is U+003F (?) or U+0023 (#), then:
	if c == -1 || c == '/' || m.special && c == '\\' || c == '?' || c == '#' {
		// 1.1. If url is special and c is U+005C (\),
		// invalid-reverse-solidus validation error.
		if m.special && c == '\\' {
			m.report(ErrInvalidReverseSolidus, m.at(m.pointer))
		}
		// 1.5. Set buffer to the empty string.
		m.buffer = m.buffer[:0]
		// 1.6. If c is U+003F (?), then set state to query state. 1.7. If c
		// is U+0023 (#), then set state to fragment state.
		switch c {
		case '?':
			m.state = mQuery
		case '#':
			m.state = mFragment
		}
		return
	}
	// 2. Otherwise: 2.1 and 2.2 (checkURLUnit); 2.3. append c to buffer.
	m.checkURLUnit(m.pointer)
	m.buffer = append(m.buffer, c)
}

// opaquePath is https://url.spec.whatwg.org/#cannot-be-a-base-url-path-state.
func (m *model) opaquePath(c rune) {
	switch {
	// 1. If c is U+003F (?), then set state to query state.
	case c == '?':
		m.state = mQuery
	// 2. Otherwise, if c is U+0023 (#), then set state to fragment state.
	case c == '#':
		m.state = mFragment
	// 3. Otherwise, if c is U+0020 SPACE: invalid-URL-unit validation error.
	case c == ' ':
		m.report(ErrInvalidURLUnit, m.at(m.pointer))
	// 4. Otherwise, if c is not the EOF code point: 4.1 and 4.2
	// (checkURLUnit).
	case c != -1:
		m.checkURLUnit(m.pointer)
	}
}

// query is https://url.spec.whatwg.org/#query-state.
func (m *model) query(c rune) {
	switch {
	// 2. If c is U+0023 (#) or the EOF code point: 2.4. if c is U+0023 (#),
	// then set state to fragment state.
	case c == '#':
		m.state = mFragment
	// 3. Otherwise, if c is not the EOF code point: 3.1 and 3.2
	// (checkURLUnit).
	case c != -1:
		m.checkURLUnit(m.pointer)
	}
}

// fragment is https://url.spec.whatwg.org/#fragment-state.
func (m *model) fragment(c rune) {
	// 1. If c is not the EOF code point: 1.1 and 1.2 (checkURLUnit).
	if c != -1 {
		m.checkURLUnit(m.pointer)
	}
}

// checkURLUnit runs the two steps that the path, opaque path, query and
// fragment states share: "If c is not a URL code point and not U+0025 (%),
// invalid-URL-unit validation error. If c is U+0025 (%) and remaining does
// not start with two ASCII hex digits, invalid-URL-unit validation error."
func (m *model) checkURLUnit(pointer int) {
	c := m.in[pointer]
	if !infra.IsURLCodePoint(c) && c != '%' {
		m.report(ErrInvalidURLUnit, m.off[pointer])
	}
	if c == '%' && !(infra.IsASCIIHexDigit(int(m.c(pointer+1))) && infra.IsASCIIHexDigit(int(m.c(pointer+2)))) {
		m.report(ErrInvalidURLUnit, m.off[pointer])
	}
}

func modelStartsWithWindowsDriveLetter(s []rune) bool {
	if len(s) < 2 || !infra.IsASCIIAlpha(int(s[0])) || (s[1] != ':' && s[1] != '|') {
		return false
	}
	return len(s) == 2 || s[2] == '/' || s[2] == '\\' || s[2] == '?' || s[2] == '#'
}

// hostParser runs the host parser (https://url.spec.whatwg.org/#concept-host-parser)
// on input, which starts at pointer start, and reports whether it succeeded. Every error of the host parser has the
// offset of the host's start, except the invalid-URL-unit errors of the
// opaque-host parser, which have the offset of the code point they are about.
func (m *model) hostParser(input string, isOpaque bool, start int) bool {
	hostAt := m.off[start]
	sink := hostErrors{sink: &errorSink{fn: func(e ValidationError) {
		e.Offset = hostAt
		m.errs = append(m.errs, e)
		if e.Failure {
			m.failure = e.Kind
		}
	}}}
	// 1. If input starts with U+005B ([), then:
	if strings.HasPrefix(input, "[") {
		// 1.1. If input does not end with U+005D (]), IPv6-unclosed
		// validation error, return failure.
		if !strings.HasSuffix(input, "]") || input == "[" {
			m.fail(ErrIPv6Unclosed, hostAt)
			return false
		}
		// 1.2. Return the result of IPv6 parsing input with its leading
		// U+005B ([) and trailing U+005D (]) removed.
		_, fail := parseIPv6(input[1:len(input)-1], sink)
		return fail == 0
	}
	// 2. If isOpaque is true, then return the result of opaque-host parsing
	// input.
	if isOpaque {
		runes := []rune(input)
		// 1. If input contains a forbidden host code point,
		// host-invalid-code-point validation error, return failure.
		for _, r := range runes {
			if r < 0x80 && infra.IsForbiddenHostCodePoint(byte(r)) {
				m.fail(ErrHostInvalidCodePoint, hostAt)
				return false
			}
		}
		// 2. If input contains a code point that is not a URL code point and
		// not U+0025 (%), invalid-URL-unit validation error.
		for i, r := range runes {
			if !infra.IsURLCodePoint(r) && r != '%' {
				m.report(ErrInvalidURLUnit, m.off[start+i])
				break
			}
		}
		// 3. If input contains a U+0025 (%) and the two code points
		// following it are not ASCII hex digits, invalid-URL-unit validation
		// error.
		for i, r := range runes {
			if r == '%' && !(i+2 < len(runes) && infra.IsASCIIHexDigit(int(runes[i+1])) && infra.IsASCIIHexDigit(int(runes[i+2]))) {
				m.report(ErrInvalidURLUnit, m.off[start+i])
				break
			}
		}
		return true
	}
	// 4. If input contains a percent-encoded byte, domain-percent-encoded
	// validation error.
	for i := 0; i+2 < len(input); i++ {
		if input[i] == '%' && infra.IsASCIIHexDigit(int(input[i+1])) && infra.IsASCIIHexDigit(int(input[i+2])) {
			m.report(ErrDomainPercentEncoded, hostAt)
			break
		}
	}
	// 5. Let domain be the result of running UTF-8 decode without BOM on the
	// percent-decoding of input.
	domain := strings.ToValidUTF8(string(PercentDecode(input)), "\uFFFD")
	// 6. Let asciiDomain be the result of running domain parser with domain
	// and false. 7. If asciiDomain is failure, then return failure.
	asciiDomain, fail := domainToASCII(domain, false, sink)
	if fail != 0 {
		return false
	}
	// 8. If asciiDomain ends in a number: 8.1. If domain is not an ASCII
	// string, IPv4-non-ASCII-input validation error. 8.2. Return the result
	// of IPv4 parsing asciiDomain.
	if endsInANumber(asciiDomain) {
		for _, r := range domain {
			if r >= utf8.RuneSelf {
				m.report(ErrIPv4NonASCIIInput, hostAt)
				break
			}
		}
		_, fail := parseIPv4(asciiDomain, sink)
		return fail == 0
	}
	return true
}
