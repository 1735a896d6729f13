package url

import (
	"strings"
	"unicode/utf8"
)

// This file holds modelValidationErrors, a second implementation of the
// validation errors of the basic URL parser written to be checked by eye
// against url.bs: one code point per step, each state exactly as the
// standard words it, keeping only what decides which validation errors are
// signalled (the URL's scheme and the base URL; nothing of the output). The
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

type model struct {
	base *URL

	in  []rune // the input after steps 1 to 3, as code points
	off []int  // off[i] is the byte offset of in[i]; off[len(in)] is the length

	errs    []ValidationError
	failure ValidationErrorKind
}

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

func isC0ControlOrSpace(r byte) bool { return r <= 0x20 }

func (m *model) run(input string) {
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
		s = strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(toWellFormed(trimmed))
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
		r, n := decodeRune(s[k:])
		m.in = append(m.in, r)
		m.off = append(m.off, k)
		k += n
	}
	m.off = append(m.off, len(s))

	state := mSchemeStart
	var buffer []rune
	bufferStart := 0 // the pointer at which buffer's first code point was appended
	appendBuffer := func(p int, c rune) {
		if len(buffer) == 0 {
			bufferStart = p
		}
		buffer = append(buffer, c)
	}
	atSignSeen, insideBrackets := false, false
	scheme, special := "", false
	setScheme := func(s string) {
		scheme = s
		special = specialScheme(s)
	}
	at := func(p int) int { return m.off[min(max(p, 0), len(m.in))] }

	for pointer := 0; ; pointer++ {
		c := m.c(pointer)
		switch state {
		case mSchemeStart:
			if isASCIIAlpha(int(c)) {
				buffer = append(buffer, c|0x20)
				state = mScheme
			} else {
				state = mNoScheme
				pointer--
			}
		case mScheme:
			switch {
			case isASCIIAlpha(int(c)) || isASCIIDigit(int(c)) || c == '+' || c == '-' || c == '.':
				if isASCIIAlpha(int(c)) {
					c |= 0x20
				}
				buffer = append(buffer, c)
			case c == ':':
				setScheme(string(buffer))
				buffer = buffer[:0]
				switch {
				case scheme == "file":
					if !m.remainingStartsWith(pointer, "//") {
						m.report(ErrSpecialSchemeMissingFollowingSolidus, at(pointer))
					}
					state = mFile
				case special && m.base != nil && m.base.Scheme() == scheme:
					state = mSpecialRelativeOrAuthority
				case special:
					state = mSpecialAuthoritySlashes
				case m.remainingStartsWith(pointer, "/"):
					state = mPathOrAuthority
					pointer++
				default:
					state = mOpaquePath
				}
			default:
				buffer = buffer[:0]
				state = mNoScheme
				pointer = -1
			}
		case mNoScheme:
			switch {
			case m.base == nil || m.base.HasOpaquePath() && c != '#':
				m.fail(ErrMissingSchemeNonRelativeURL, at(pointer))
				return
			case m.base.HasOpaquePath() && c == '#':
				setScheme(m.base.Scheme())
				state = mFragment
			case m.base.Scheme() != "file":
				state = mRelative
				pointer--
			default:
				state = mFile
				pointer--
			}
		case mSpecialRelativeOrAuthority:
			if c == '/' && m.remainingStartsWith(pointer, "/") {
				state = mSpecialAuthorityIgnoreSlashes
				pointer++
			} else {
				m.report(ErrSpecialSchemeMissingFollowingSolidus, at(pointer))
				state = mRelative
				pointer--
			}
		case mPathOrAuthority:
			if c == '/' {
				state = mAuthority
			} else {
				state = mPath
				pointer--
			}
		case mRelative:
			setScheme(m.base.Scheme())
			switch {
			case c == '/':
				state = mRelativeSlash
			case special && c == '\\':
				m.report(ErrInvalidReverseSolidus, at(pointer))
				state = mRelativeSlash
			case c == '?':
				state = mQuery
			case c == '#':
				state = mFragment
			case c != -1:
				state = mPath
				pointer--
			}
		case mRelativeSlash:
			switch {
			case special && (c == '/' || c == '\\'):
				if c == '\\' {
					m.report(ErrInvalidReverseSolidus, at(pointer))
				}
				state = mSpecialAuthorityIgnoreSlashes
			case c == '/':
				state = mAuthority
			default:
				state = mPath
				pointer--
			}
		case mSpecialAuthoritySlashes:
			if c == '/' && m.remainingStartsWith(pointer, "/") {
				state = mSpecialAuthorityIgnoreSlashes
				pointer++
			} else {
				m.report(ErrSpecialSchemeMissingFollowingSolidus, at(pointer))
				state = mSpecialAuthorityIgnoreSlashes
				pointer--
			}
		case mSpecialAuthorityIgnoreSlashes:
			if c != '/' && c != '\\' {
				state = mAuthority
				pointer--
			} else {
				m.report(ErrSpecialSchemeMissingFollowingSolidus, at(pointer))
			}
		case mAuthority:
			switch {
			case c == '@':
				m.report(ErrInvalidCredentials, at(pointer))
				atSignSeen = true
				buffer = buffer[:0]
			case c == -1 || c == '/' || c == '?' || c == '#' || special && c == '\\':
				if atSignSeen && len(buffer) == 0 {
					m.fail(ErrHostMissing, at(pointer))
					return
				}
				pointer -= len(buffer) + 1
				buffer = buffer[:0]
				state = mHost
			default:
				appendBuffer(pointer, c)
			}
		case mHost:
			switch {
			case c == ':' && !insideBrackets:
				if len(buffer) == 0 {
					m.fail(ErrHostMissing, at(pointer))
					return
				}
				if !m.host(string(buffer), !special, bufferStart) {
					return
				}
				buffer = buffer[:0]
				state = mPort
			case c == -1 || c == '/' || c == '?' || c == '#' || special && c == '\\':
				pointer--
				if special && len(buffer) == 0 {
					// The offset is where the host would start: at c.
					m.fail(ErrHostMissing, at(pointer+1))
					return
				}
				if len(buffer) == 0 {
					bufferStart = pointer + 1
				}
				if !m.host(string(buffer), !special, bufferStart) {
					return
				}
				buffer = buffer[:0]
				state = mPathStart
			default:
				if c == '[' {
					insideBrackets = true
				}
				if c == ']' {
					insideBrackets = false
				}
				appendBuffer(pointer, c)
			}
		case mPort:
			switch {
			case isASCIIDigit(int(c)):
				appendBuffer(pointer, c)
			case c == -1 || c == '/' || c == '?' || c == '#' || special && c == '\\':
				if len(buffer) > 0 {
					port := 0
					for _, d := range buffer {
						port = min(port*10+int(d-'0'), 1<<20)
					}
					if port > 0xffff {
						m.fail(ErrPortOutOfRange, at(bufferStart))
						return
					}
					buffer = buffer[:0]
				}
				state = mPathStart
				pointer--
			default:
				m.fail(ErrPortInvalid, at(pointer))
				return
			}
		case mFile:
			setScheme("file")
			switch {
			case c == '/' || c == '\\':
				if c == '\\' {
					m.report(ErrInvalidReverseSolidus, at(pointer))
				}
				state = mFileSlash
			case m.base != nil && m.base.Scheme() == "file":
				switch {
				case c == '?':
					state = mQuery
				case c == '#':
					state = mFragment
				case c != -1:
					if modelStartsWithWindowsDriveLetter(m.in[pointer:]) {
						m.report(ErrFileInvalidWindowsDriveLetter, at(pointer))
					}
					state = mPath
					pointer--
				}
			default:
				state = mPath
				pointer--
			}
		case mFileSlash:
			if c == '/' || c == '\\' {
				if c == '\\' {
					m.report(ErrInvalidReverseSolidus, at(pointer))
				}
				state = mFileHost
			} else {
				state = mPath
				pointer--
			}
		case mFileHost:
			if c == -1 || c == '/' || c == '\\' || c == '?' || c == '#' {
				pointer--
				switch {
				case isWindowsDriveLetter(string(buffer)):
					m.report(ErrFileInvalidWindowsDriveLetterHost, at(bufferStart))
					// buffer is not reset here and instead used in the path
					// state.
					state = mPath
				case len(buffer) == 0:
					state = mPathStart
				default:
					if !m.host(string(buffer), false, bufferStart) {
						return
					}
					buffer = buffer[:0]
					state = mPathStart
				}
			} else {
				appendBuffer(pointer, c)
			}
		case mPathStart:
			switch {
			case special:
				if c == '\\' {
					m.report(ErrInvalidReverseSolidus, at(pointer))
				}
				state = mPath
				if c != '/' && c != '\\' {
					pointer--
				}
			case c == '?':
				state = mQuery
			case c == '#':
				state = mFragment
			case c != -1:
				state = mPath
				if c != '/' {
					pointer--
				}
			}
		case mPath:
			if c == -1 || c == '/' || special && c == '\\' || c == '?' || c == '#' {
				if special && c == '\\' {
					m.report(ErrInvalidReverseSolidus, at(pointer))
				}
				buffer = buffer[:0]
				switch c {
				case '?':
					state = mQuery
				case '#':
					state = mFragment
				}
			} else {
				m.checkURLUnit(pointer)
				buffer = append(buffer, c)
			}
		case mOpaquePath:
			switch {
			case c == '?':
				state = mQuery
			case c == '#':
				state = mFragment
			case c == ' ':
				m.report(ErrInvalidURLUnit, at(pointer))
			case c != -1:
				m.checkURLUnit(pointer)
			}
		case mQuery:
			switch {
			case c == '#':
				state = mFragment
			case c != -1:
				m.checkURLUnit(pointer)
			}
		case mFragment:
			if c != -1 {
				m.checkURLUnit(pointer)
			}
		}
		if pointer >= len(m.in) {
			return
		}
	}
}

// checkURLUnit runs the two steps that the path, opaque path, query and
// fragment states share: "If c is not a URL code point and not U+0025 (%),
// invalid-URL-unit validation error. If c is U+0025 (%) and remaining does
// not start with two ASCII hex digits, invalid-URL-unit validation error."
func (m *model) checkURLUnit(pointer int) {
	c := m.in[pointer]
	if !isURLCodePoint(c) && c != '%' {
		m.report(ErrInvalidURLUnit, m.off[pointer])
	}
	if c == '%' && !(isASCIIHexDigit(int(m.c(pointer+1))) && isASCIIHexDigit(int(m.c(pointer+2)))) {
		m.report(ErrInvalidURLUnit, m.off[pointer])
	}
}

func modelStartsWithWindowsDriveLetter(s []rune) bool {
	if len(s) < 2 || !isASCIIAlpha(int(s[0])) || (s[1] != ':' && s[1] != '|') {
		return false
	}
	return len(s) == 2 || s[2] == '/' || s[2] == '\\' || s[2] == '?' || s[2] == '#'
}

// host runs the host parser on input, which starts at pointer start, and
// reports whether it succeeded. Every error of the host parser has the
// offset of the host's start, except the invalid-URL-unit errors of the
// opaque-host parser, which have the offset of the code point they are about.
func (m *model) host(input string, isOpaque bool, start int) bool {
	hostAt := m.off[start]
	sink := &errorSink{fn: func(e ValidationError) {
		e.Offset = hostAt
		m.errs = append(m.errs, e)
		if e.Failure {
			m.failure = e.Kind
		}
	}}
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
			if r < 0x80 && isForbiddenHostCodePoint(byte(r)) {
				m.fail(ErrHostInvalidCodePoint, hostAt)
				return false
			}
		}
		// 2. If input contains a code point that is not a URL code point and
		// not U+0025 (%), invalid-URL-unit validation error.
		for i, r := range runes {
			if !isURLCodePoint(r) && r != '%' {
				m.report(ErrInvalidURLUnit, m.off[start+i])
				break
			}
		}
		// 3. If input contains a U+0025 (%) and the two code points
		// following it are not ASCII hex digits, invalid-URL-unit validation
		// error.
		for i, r := range runes {
			if r == '%' && !(i+2 < len(runes) && isASCIIHexDigit(int(runes[i+1])) && isASCIIHexDigit(int(runes[i+2]))) {
				m.report(ErrInvalidURLUnit, m.off[start+i])
				break
			}
		}
		return true
	}
	// 4. If input contains a percent-encoded byte, domain-percent-encoded
	// validation error.
	for i := 0; i+2 < len(input); i++ {
		if input[i] == '%' && isASCIIHexDigit(int(input[i+1])) && isASCIIHexDigit(int(input[i+2])) {
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
