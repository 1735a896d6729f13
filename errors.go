package url

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/webstd/url/internal/errtext"

	"github.com/webstd/url/internal/infra"
)

// A ValidationErrorKind is one row of the standard's table of validation
// errors (https://url.spec.whatwg.org/#validation-error). Its String method
// returns the standard's name for it, for example "IPv4-empty-part".
//
// A ValidationErrorKind is also an error: the kinds that can make parsing fail
// serve as sentinels for [errors.Is], as in
//
//	errors.Is(err, url.ErrPortOutOfRange)
//
// The zero ValidationErrorKind is not a validation error.
type ValidationErrorKind uint8

// The validation errors of the standard, in the order of its table.
const (
	_ ValidationErrorKind = iota

	// IDNA
	ErrDomainToASCII // domain-to-ASCII: the domain is not valid: IDNA (UTS #46 ToASCII) rejects it

	// ErrDomainToUnicode (domain-to-Unicode) is signalled when UTS #46
	// ToUnicode records an error in the standard's "domain to Unicode"
	// (https://url.spec.whatwg.org/#concept-domain-to-unicode), which
	// renders a host for display. It has not been a row of the table since
	// July 2026 (nor is it in whatwg/url fde3f74), and the URL parser never
	// signals it: the standard dropped it, noting that a domain from the
	// host parser has had its errors signalled as domain-to-ASCII already. The package keeps the kind (and its old name)
	// for that algorithm, which also runs on domains from elsewhere.
	ErrDomainToUnicode

	// Host parsing
	ErrDomainPercentEncoded       // domain-percent-encoded: the domain has a percent-encoded byte
	ErrHostInvalidCodePoint       // host-invalid-code-point: the host has a forbidden host code point
	ErrIPv4EmptyPart              // IPv4-empty-part: the IPv4 address ends with a "."
	ErrIPv4TooFewParts            // IPv4-too-few-parts: the IPv4 address has fewer than 4 parts
	ErrIPv4TooManyParts           // IPv4-too-many-parts: the IPv4 address has more than 4 parts
	ErrIPv4NonNumericPart         // IPv4-non-numeric-part: a part of the IPv4 address is not a number
	ErrIPv4NonDecimalPart         // IPv4-non-decimal-part: the IPv4 address has a number in hexadecimal or octal
	ErrIPv4OutOfRangePart         // IPv4-out-of-range-part: a part of the IPv4 address is more than 255
	ErrIPv4NonASCIIInput          // IPv4-non-ASCII-input: the IPv4 address comes from a non-ASCII string through IDNA
	ErrIPv6Unclosed               // IPv6-unclosed: the IPv6 address has no closing "]"
	ErrIPv6InvalidCompression     // IPv6-invalid-compression: the IPv6 address begins with a single ":"
	ErrIPv6TooManyPieces          // IPv6-too-many-pieces: the IPv6 address has more than 8 pieces
	ErrIPv6MultipleCompression    // IPv6-multiple-compression: the IPv6 address has "::" more than once
	ErrIPv6InvalidCodePoint       // IPv6-invalid-code-point: the IPv6 address has a code point that is neither a hex digit nor ":", or ends too soon
	ErrIPv6TooFewPieces           // IPv6-too-few-pieces: the IPv6 address has fewer than 8 pieces and no "::"
	ErrIPv6PieceLeadingZero       // IPv6-piece-leading-zero: a piece of the IPv6 address has a leading 0
	ErrIPv4InIPv6TooManyPieces    // IPv4-in-IPv6-too-many-pieces: the IPv6 address has more than 6 pieces before its IPv4 part
	ErrIPv4InIPv6InvalidCodePoint // IPv4-in-IPv6-invalid-code-point: the IPv4 part of the IPv6 address has an empty part, a leading 0, a code point that is not a digit, or too many parts
	ErrIPv4InIPv6OutOfRangePart   // IPv4-in-IPv6-out-of-range-part: a part of the IPv4 part of the IPv6 address is more than 255
	ErrIPv4InIPv6TooFewParts      // IPv4-in-IPv6-too-few-parts: the IPv4 part of the IPv6 address has fewer than 4 parts

	// URL parsing
	ErrInvalidURLUnit                       // invalid-URL-unit: a code point that is not a URL unit
	ErrSpecialSchemeMissingFollowingSolidus // special-scheme-missing-following-solidus: the scheme is not followed by "//"
	ErrMissingSchemeNonRelativeURL          // missing-scheme-non-relative-URL: no scheme, and no base URL to resolve against (or one with an opaque path)
	ErrInvalidReverseSolidus                // invalid-reverse-solidus: a "\" where a special URL has "/"
	ErrInvalidCredentials                   // invalid-credentials: the URL has credentials
	ErrHostMissing                          // host-missing: the URL has no host (credentials or a port without one, or a special URL)
	ErrPortOutOfRange                       // port-out-of-range: the port is more than 65535
	ErrPortInvalid                          // port-invalid: the port has a code point that is not a digit
	ErrFileInvalidWindowsDriveLetter        // file-invalid-Windows-drive-letter: a relative URL starts with a Windows drive letter against a file: base
	ErrFileInvalidWindowsDriveLetterHost    // file-invalid-Windows-drive-letter-host: the host of a file: URL is a Windows drive letter
	numValidationErrorKinds
)

// validationErrors is the standard's table of validation errors
// (https://url.spec.whatwg.org/#validation-error), one row per kind: its
// name, whether it can make parsing fail (the Failure column: see
// [ValidationErrorKind.CanFail]), and what it means in plain words.
var validationErrors = [numValidationErrorKinds]struct {
	name        string
	canFail     bool
	description string
}{
	ErrDomainToASCII:                        {"domain-to-ASCII", true, "the domain is not valid: IDNA (UTS #46 ToASCII) rejects it"},
	ErrDomainToUnicode:                      {"domain-to-Unicode", false, "IDNA (UTS #46 ToUnicode) records an error in the domain"},
	ErrDomainPercentEncoded:                 {"domain-percent-encoded", false, "the domain has a percent-encoded byte"},
	ErrHostInvalidCodePoint:                 {"host-invalid-code-point", true, "the host has a forbidden host code point"},
	ErrIPv4EmptyPart:                        {"IPv4-empty-part", false, "the IPv4 address ends with a \".\""},
	ErrIPv4TooFewParts:                      {"IPv4-too-few-parts", false, "the IPv4 address has fewer than 4 parts"},
	ErrIPv4TooManyParts:                     {"IPv4-too-many-parts", true, "the IPv4 address has more than 4 parts"},
	ErrIPv4NonNumericPart:                   {"IPv4-non-numeric-part", true, "a part of the IPv4 address is not a number"},
	ErrIPv4NonDecimalPart:                   {"IPv4-non-decimal-part", false, "the IPv4 address has a number in hexadecimal or octal"},
	ErrIPv4OutOfRangePart:                   {"IPv4-out-of-range-part", true, "a part of the IPv4 address is more than 255"},
	ErrIPv4NonASCIIInput:                    {"IPv4-non-ASCII-input", false, "the IPv4 address comes from a non-ASCII string through IDNA"},
	ErrIPv6Unclosed:                         {"IPv6-unclosed", true, "the IPv6 address has no closing \"]\""},
	ErrIPv6InvalidCompression:               {"IPv6-invalid-compression", true, "the IPv6 address begins with a single \":\""},
	ErrIPv6TooManyPieces:                    {"IPv6-too-many-pieces", true, "the IPv6 address has more than 8 pieces"},
	ErrIPv6MultipleCompression:              {"IPv6-multiple-compression", true, "the IPv6 address has \"::\" more than once"},
	ErrIPv6InvalidCodePoint:                 {"IPv6-invalid-code-point", true, "the IPv6 address has a code point that is neither a hex digit nor \":\", or ends too soon"},
	ErrIPv6TooFewPieces:                     {"IPv6-too-few-pieces", true, "the IPv6 address has fewer than 8 pieces and no \"::\""},
	ErrIPv6PieceLeadingZero:                 {"IPv6-piece-leading-zero", false, "a piece of the IPv6 address has a leading 0"},
	ErrIPv4InIPv6TooManyPieces:              {"IPv4-in-IPv6-too-many-pieces", true, "the IPv6 address has more than 6 pieces before its IPv4 part"},
	ErrIPv4InIPv6InvalidCodePoint:           {"IPv4-in-IPv6-invalid-code-point", true, "the IPv4 part of the IPv6 address has an empty part, a leading 0, a code point that is not a digit, or too many parts"},
	ErrIPv4InIPv6OutOfRangePart:             {"IPv4-in-IPv6-out-of-range-part", true, "a part of the IPv4 part of the IPv6 address is more than 255"},
	ErrIPv4InIPv6TooFewParts:                {"IPv4-in-IPv6-too-few-parts", true, "the IPv4 part of the IPv6 address has fewer than 4 parts"},
	ErrInvalidURLUnit:                       {"invalid-URL-unit", false, "a code point that is not a URL unit"},
	ErrSpecialSchemeMissingFollowingSolidus: {"special-scheme-missing-following-solidus", false, "the scheme is not followed by \"//\""},
	ErrMissingSchemeNonRelativeURL:          {"missing-scheme-non-relative-URL", true, "no scheme, and no base URL to resolve against (or one with an opaque path)"},
	ErrInvalidReverseSolidus:                {"invalid-reverse-solidus", false, "a \"\\\" where a special URL has \"/\""},
	ErrInvalidCredentials:                   {"invalid-credentials", false, "the URL has credentials"},
	ErrHostMissing:                          {"host-missing", true, "the URL has no host"},
	ErrPortOutOfRange:                       {"port-out-of-range", true, "the port is more than 65535"},
	ErrPortInvalid:                          {"port-invalid", true, "the port has a code point that is not a digit"},
	ErrFileInvalidWindowsDriveLetter:        {"file-invalid-Windows-drive-letter", false, "a relative URL starts with a Windows drive letter against a file: base"},
	ErrFileInvalidWindowsDriveLetterHost:    {"file-invalid-Windows-drive-letter-host", false, "the host of a file: URL is a Windows drive letter"},
}

// Description says in plain words what the validation error means, for
// example "the port is more than 65535" for port-out-of-range.
func (k ValidationErrorKind) Description() string {
	if k == 0 || k >= numValidationErrorKinds {
		return k.String()
	}
	return validationErrors[k].description
}

// String returns the standard's name of the validation error, for example
// "port-out-of-range".
func (k ValidationErrorKind) String() string {
	if k == 0 || k >= numValidationErrorKinds {
		return "ValidationErrorKind(" + infra.Itoa(int(k)) + ")"
	}
	return validationErrors[k].name
}

// CanFail reports whether the parse can fail at a validation error of kind
// k: whether the Failure column of the standard's table says "Yes" for it.
// For some kinds that is conditional: domain-to-ASCII fails the domain
// parser only when beStrict is true or relaxed ToASCII fails too, and
// IPv4-out-of-range-part only when the part is not the last or the last is
// too large for the parts before it. The others, such as
// IPv4-non-decimal-part or invalid-credentials, never make parsing fail.
func (k ValidationErrorKind) CanFail() bool {
	return 0 < k && k < numValidationErrorKinds && validationErrors[k].canFail
}

// Error returns the standard's name of the validation error, so that a kind
// serves as the sentinel error of a parse that fails with it.
func (k ValidationErrorKind) Error() string { return k.String() }

// A ValidationError is one validation error signalled while parsing
// (https://url.spec.whatwg.org/#validation-error), as [Parser] hands it to
// its OnValidationError function: its kind, whether the parse failed at it,
// and where in the input the parser found it. Its String method returns the
// standard's name of the kind, for example "IPv4-non-decimal-part".
//
// The zero ValidationError has no kind and stands for no error.
type ValidationError struct {
	// Kind is the row of the standard's table.
	Kind ValidationErrorKind

	// Failure is true when the parse failed at this error: the standard
	// returns failure right after signalling it, or, with Parser.Strict, it
	// is the first validation error of the parse. A failed parse has exactly
	// one such error, its last (in strict mode, its only one).
	Failure bool

	// Offset is the byte offset at which the error was found, in the input
	// as the standard's state machine reads it: after the basic URL parser's
	// first steps have removed leading and trailing C0 control or space and
	// every ASCII tab or newline (the input itself when it has none; when
	// tabs or newlines are removed, invalid UTF-8 in what remains is
	// replaced by U+FFFD at the same time). It is the offset of:
	//
	//   - the code point the error is about (a "\", an "@", a code point that
	//     is not a URL unit, a "%" not followed by two hex digits, a code
	//     point that cannot start or continue a port, the third "/" of
	//     "https:///", the ":" of a "file:" not followed by "//", ...);
	//   - the first code point of the host, for the errors the host parser
	//     signals (IPv4-, IPv6-, domain- and host- errors), except that the
	//     opaque-host parser's invalid-URL-unit errors have the offset of
	//     their code point; and of the port, for port-out-of-range; and of
	//     the drive letter, for file-invalid-Windows-drive-letter-host;
	//   - where the host should start, for host-missing;
	//   - for the invalid-URL-unit of leading and trailing C0 control or
	//     space, 0 when there were leading ones, else the length of the
	//     input (where trailing ones were); for that of ASCII tab or newline,
	//     where the first one was removed.
	Offset int
}

// String returns the standard's name of the validation error.
func (e ValidationError) String() string { return e.Kind.String() }

// errorSink receives the validation errors of one parse. A nil *errorSink
// discards them: that is the default, and costs one nil check.
type errorSink struct {
	fn      func(ValidationError) // receives each error, or nil
	strict  bool                  // the first error fails the parse
	first   ValidationErrorKind   // the first error signalled, for strict mode
	firstAt int                   // the offset of the first error
}

// report signals a validation error, found at offset at of the parser's
// input, that does not by itself make the parse fail.
func (s *errorSink) report(k ValidationErrorKind, at int) {
	if s != nil {
		s.signal(k, false, at)
	}
}

// fail signals a validation error, found at offset at, at which the parse
// fails, and returns k so that a caller can write
// `return errs.fail(ErrHostMissing, at)`.
func (s *errorSink) fail(k ValidationErrorKind, at int) ValidationErrorKind {
	if s != nil {
		s.signal(k, true, at)
	}
	return k
}

// signal records k and passes it on. In strict mode the first error is the
// parse's failure, and the parser goes on only to finish its run: nothing
// after the first error is passed on.
func (s *errorSink) signal(k ValidationErrorKind, failure bool, at int) {
	if s.first == 0 {
		s.first, s.firstAt = k, at
		failure = failure || s.strict
	} else if s.strict {
		return
	}
	if s.fn != nil {
		s.fn(ValidationError{Kind: k, Failure: failure, Offset: at})
	}
}

// at returns where the host parser, which runs on a part of the input that
// starts at offset start, signals its validation errors.
func (s *errorSink) at(start int) hostErrors { return hostErrors{s, start} }

// hostErrors is where the host parser and the parsers it calls (IPv4, IPv6,
// IDNA) signal validation errors: a sink, and the offset of the host in the
// parser's input, which is the offset of every error about the host as a
// whole (see ValidationError.Offset). The zero hostErrors discards them.
type hostErrors struct {
	sink  *errorSink
	start int
}

// enabled reports whether the errors are wanted: the host parser spends
// nothing on finding them otherwise.
func (e hostErrors) enabled() bool { return e.sink != nil }

// report signals a validation error about the host that does not by itself
// make parsing fail.
func (e hostErrors) report(k ValidationErrorKind) { e.sink.report(k, e.start) }

// fail signals a validation error about the host at which parsing fails,
// and returns k.
func (e hostErrors) fail(k ValidationErrorKind) ValidationErrorKind { return e.sink.fail(k, e.start) }

// reportAt signals a validation error about the code point at offset i of
// the host.
func (e hostErrors) reportAt(k ValidationErrorKind, i int) { e.sink.report(k, e.start+i) }

// ErrTooLong is the error of a parse, or the reason a setter left its URL
// unchanged, when the URL's serialization would be longer than a URL can
// hold: 4 GiB less 1 byte (on 32-bit platforms, the longest string).
// The standard has no such limit; a URL's components are stored as offsets
// into its serialization, and those offsets are 32 bits wide. A
// [*ParseError] with this error has a zero Kind.
var ErrTooLong = errors.New("URL too long: its serialization would exceed 4 GiB")

// A ParseError reports a URL that failed to parse: which of the standard's
// validation errors it failed at, where, and what that means. [errors.Is]
// finds its kind, for example:
//
//	_, err := url.Parse("https://example.org:70000")
//	errors.Is(err, url.ErrPortOutOfRange) // true
//	err.Error() // url: parse "https://example.org:70000": port-out-of-range at 20: the port is more than 65535
type ParseError struct {
	// Input is the input that failed as the error shows it, so that it can
	// be logged and shown as it is:
	//
	//   - its password replaced by "xxxxx": the password as the parser read
	//     it, however the authority was spelled ("https:\\u:p@h",
	//     "https:u:p@h", tabs in "//", a scheme-relative "//u:p@h" against
	//     a base), and whichever step failed;
	//   - of an input longer than 256 bytes, only the first 160 and the
	//     last 64 bytes, with `\...(N bytes cut)...` between them, N the
	//     number of bytes left out, so that an error is short and does not
	//     keep a large input alive;
	//   - escaped as Go escapes a string: a backslash as `\\`, an ASCII
	//     control and each byte of invalid UTF-8 as `\xNN`, and a code point
	//     that a terminal acts on or a log viewer hides (a C1 control such as
	//     U+009B, a bidirectional control such as U+202E, a format character
	//     such as U+FEFF or U+200B, U+2028, U+2029, and the other default
	//     ignorable code points) as `\uNNNN` or `\UNNNNNNNN`. In double quotes
	//     (with its own double quotes escaped, as Error writes it) it is then
	//     a Go string literal, which strconv.Unquote reads back.
	//
	// A short input with no password and nothing to escape is Input itself,
	// not a copy: as a URL keeps its input (see [Parse]), an error kept
	// keeps the memory that a short input is part of.
	Input string
	// (Offset comes before Kind so that a ParseError is 32 bytes, not 40 in
	// a 48-byte block: what a failed parse allocates when its error is kept.)

	// Offset is the byte offset, in the input as it was given (not in
	// Input, which may be redacted, escaped or cut), where the parser found
	// the error: as ValidationError.Offset says, but with the leading
	// spaces, tabs and newlines that the parser removed counted.
	Offset int
	// Kind is the validation error at which parsing failed, or zero when
	// the input is too long for a URL to hold ([ErrTooLong]).
	Kind ValidationErrorKind
	// Base is true when the error is the base URL's, not the input's: in
	// ParseWithBase, base is parsed first and must parse. Input is then the
	// base URL.
	Base bool

	// named is the code point that the message names, plus one, or 0 for
	// none: the first forbidden code point of the host, for domain-to-ASCII
	// and host-invalid-code-point; the code point at Offset, for
	// port-invalid and invalid-URL-unit. It is found when the error is made, from the
	// input, which the error does not keep.
	named rune
}

// newParseError returns the ParseError of input, which failed at kind (0
// for ErrTooLong) at offset at of input, with the spans of input that the
// parser read as passwords redacted. It allocates only to redact, escape
// or cut input: not for an input that needs none of that.
func newParseError(input string, kind ValidationErrorKind, at int, passwords [][2]int) ParseError {
	return ParseError{
		Input:  errtext.Redacted(input, passwords),
		Offset: at,
		Kind:   kind,
		named:  namedCodePoint(input, kind, at),
	}
}

// hostError returns the error of the host parser, or of IDNA, that failed
// on input, a host, at kind. The host parser reads no password, but an
// input such as "user:pass@host" holds one for a person: what the URL
// parser reads as one in it as an authority is redacted (errtext.OfAuthority).
func hostError(input string, kind ValidationErrorKind) *ParseError {
	return &ParseError{Input: errtext.OfAuthority(input), Kind: kind, named: namedCodePoint(input, kind, 0)}
}

// Error returns "url: parse ", the quoted input and the standard's name of
// the validation error, as in `url: parse "https://[::1": IPv6-unclosed at 8:
// the IPv6 address has no closing "]"`. The input is quoted as Input holds it
// (see Input): with its password redacted, invisible and control characters
// escaped, and, of a long input, only the start and the end.
func (e *ParseError) Error() string {
	what := "url: parse "
	if e.Base {
		what = "url: parse base URL "
	}
	if e.Kind == 0 {
		return what + errtext.Quote(e.Input) + ": " + ErrTooLong.Error()
	}
	return what + errtext.Quote(e.Input) + ": " + e.Kind.String() + " at " + strconv.Itoa(e.Offset) + ": " + e.explain()
}

// explain says in plain words what is wrong at e.Offset: the code point for
// the errors about one, otherwise the kind's Description.
func (e *ParseError) explain() string {
	if e.named == 0 {
		return e.Kind.Description()
	}
	r := e.named - 1
	switch e.Kind {
	case ErrDomainToASCII:
		return codePointName(r) + " is not allowed in a domain"
	case ErrHostInvalidCodePoint:
		return codePointName(r) + " is not allowed in a host"
	}
	return e.Kind.Description() + ": " + codePointName(r)
}

// namedCodePoint returns the code point, plus one, that the message of an
// error of kind at offset at of input names, or 0 for none (see
// ParseError.named).
func namedCodePoint(input string, kind ValidationErrorKind, at int) rune {
	if at < 0 || at > len(input) {
		return 0
	}
	rest := input[at:]
	switch kind {
	case ErrDomainToASCII, ErrHostInvalidCodePoint:
		// The offset is the host's: name its first forbidden code point, if
		// it has one (a domain is percent-decoded first: "%20" is a space).
		forbidden := infra.ClassForbiddenHost
		if kind == ErrDomainToASCII {
			forbidden = infra.ClassForbiddenDomain
		}
		// The host the parser read had neither the C0 controls and spaces
		// that end the input nor any ASCII tab or newline: the basic URL
		// parser removes them first (its steps 1 and 2).
		host := rest
		if i := strings.IndexAny(host, "/?#\\"); i >= 0 {
			host = host[:i]
		} else {
			for host != "" && host[len(host)-1] <= ' ' {
				host = host[:len(host)-1]
			}
		}
		if i := strings.LastIndexByte(host, ':'); i >= 0 && !strings.HasPrefix(host, "[") {
			host = host[:i]
		}
		for i := 0; i < len(host); i++ {
			c := host[i]
			if c == '\t' || c == '\n' || c == '\r' {
				continue
			}
			if kind == ErrDomainToASCII && infra.IsPercentEncodedByteAt(host, i) {
				c, i = infra.PercentDecodedByte(host[i+1], host[i+2]), i+2
			}
			if c < utf8.RuneSelf && infra.ByteClass[c]&forbidden != 0 {
				return rune(c) + 1
			}
		}
	case ErrPortInvalid, ErrInvalidURLUnit:
		// (The offset of an IPv6 error is the host's, its "[": there is no
		// one code point to name.)
		if r, _ := utf8.DecodeRuneInString(rest); rest != "" {
			return r + 1
		}
	}
	return 0
}

// codePointName names r as the standard does, "U+0020".
func codePointName(r rune) string {
	s := strconv.FormatInt(int64(r), 16)
	return "U+" + strings.Repeat("0", max(0, 4-len(s))) + strings.ToUpper(s)
}

// Unwrap returns the error's kind, or [ErrTooLong].
func (e *ParseError) Unwrap() error {
	if e.Kind == 0 {
		return ErrTooLong
	}
	return e.Kind
}

// quote returns s as an error message quotes an input: in double quotes,
// its password redacted, escaped and cut as [ParseError.Input] says
// (errtext.QuoteOf).
func quote(s string) string { return errtext.QuoteOf(s) }
