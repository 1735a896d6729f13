package url

import "strings"

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
	ErrDomainToASCII   // domain-to-ASCII
	ErrDomainToUnicode // domain-to-Unicode

	// Host parsing
	ErrDomainPercentEncoded       // domain-percent-encoded
	ErrHostInvalidCodePoint       // host-invalid-code-point
	ErrIPv4EmptyPart              // IPv4-empty-part
	ErrIPv4TooFewParts            // IPv4-too-few-parts
	ErrIPv4TooManyParts           // IPv4-too-many-parts
	ErrIPv4NonNumericPart         // IPv4-non-numeric-part
	ErrIPv4NonDecimalPart         // IPv4-non-decimal-part
	ErrIPv4OutOfRangePart         // IPv4-out-of-range-part
	ErrIPv6Unclosed               // IPv6-unclosed
	ErrIPv6InvalidCompression     // IPv6-invalid-compression
	ErrIPv6TooManyPieces          // IPv6-too-many-pieces
	ErrIPv6MultipleCompression    // IPv6-multiple-compression
	ErrIPv6InvalidCodePoint       // IPv6-invalid-code-point
	ErrIPv6TooFewPieces           // IPv6-too-few-pieces
	ErrIPv6PieceLeadingZero       // IPv6-piece-leading-zero
	ErrIPv4InIPv6TooManyPieces    // IPv4-in-IPv6-too-many-pieces
	ErrIPv4InIPv6InvalidCodePoint // IPv4-in-IPv6-invalid-code-point
	ErrIPv4InIPv6OutOfRangePart   // IPv4-in-IPv6-out-of-range-part
	ErrIPv4InIPv6TooFewParts      // IPv4-in-IPv6-too-few-parts

	// URL parsing
	ErrInvalidURLUnit                       // invalid-URL-unit
	ErrSpecialSchemeMissingFollowingSolidus // special-scheme-missing-following-solidus
	ErrMissingSchemeNonRelativeURL          // missing-scheme-non-relative-URL
	ErrInvalidReverseSolidus                // invalid-reverse-solidus
	ErrInvalidCredentials                   // invalid-credentials
	ErrHostMissing                          // host-missing
	ErrPortOutOfRange                       // port-out-of-range
	ErrPortInvalid                          // port-invalid
	ErrFileInvalidWindowsDriveLetter        // file-invalid-Windows-drive-letter
	ErrFileInvalidWindowsDriveLetterHost    // file-invalid-Windows-drive-letter-host
	numValidationErrorKinds
)

var validationErrorNames = [numValidationErrorKinds]string{
	ErrDomainToASCII:                        "domain-to-ASCII",
	ErrDomainToUnicode:                      "domain-to-Unicode",
	ErrDomainPercentEncoded:                 "domain-percent-encoded",
	ErrHostInvalidCodePoint:                 "host-invalid-code-point",
	ErrIPv4EmptyPart:                        "IPv4-empty-part",
	ErrIPv4TooFewParts:                      "IPv4-too-few-parts",
	ErrIPv4TooManyParts:                     "IPv4-too-many-parts",
	ErrIPv4NonNumericPart:                   "IPv4-non-numeric-part",
	ErrIPv4NonDecimalPart:                   "IPv4-non-decimal-part",
	ErrIPv4OutOfRangePart:                   "IPv4-out-of-range-part",
	ErrIPv6Unclosed:                         "IPv6-unclosed",
	ErrIPv6InvalidCompression:               "IPv6-invalid-compression",
	ErrIPv6TooManyPieces:                    "IPv6-too-many-pieces",
	ErrIPv6MultipleCompression:              "IPv6-multiple-compression",
	ErrIPv6InvalidCodePoint:                 "IPv6-invalid-code-point",
	ErrIPv6TooFewPieces:                     "IPv6-too-few-pieces",
	ErrIPv6PieceLeadingZero:                 "IPv6-piece-leading-zero",
	ErrIPv4InIPv6TooManyPieces:              "IPv4-in-IPv6-too-many-pieces",
	ErrIPv4InIPv6InvalidCodePoint:           "IPv4-in-IPv6-invalid-code-point",
	ErrIPv4InIPv6OutOfRangePart:             "IPv4-in-IPv6-out-of-range-part",
	ErrIPv4InIPv6TooFewParts:                "IPv4-in-IPv6-too-few-parts",
	ErrInvalidURLUnit:                       "invalid-URL-unit",
	ErrSpecialSchemeMissingFollowingSolidus: "special-scheme-missing-following-solidus",
	ErrMissingSchemeNonRelativeURL:          "missing-scheme-non-relative-URL",
	ErrInvalidReverseSolidus:                "invalid-reverse-solidus",
	ErrInvalidCredentials:                   "invalid-credentials",
	ErrHostMissing:                          "host-missing",
	ErrPortOutOfRange:                       "port-out-of-range",
	ErrPortInvalid:                          "port-invalid",
	ErrFileInvalidWindowsDriveLetter:        "file-invalid-Windows-drive-letter",
	ErrFileInvalidWindowsDriveLetterHost:    "file-invalid-Windows-drive-letter-host",
}

// String returns the standard's name of the validation error, for example
// "port-out-of-range".
func (k ValidationErrorKind) String() string {
	if k == 0 || k >= numValidationErrorKinds {
		return "ValidationErrorKind(" + itoa(int(k)) + ")"
	}
	return validationErrorNames[k]
}

// Error returns the standard's name of the validation error, so that a kind
// serves as the sentinel error of a parse that fails with it.
func (k ValidationErrorKind) Error() string { return k.String() }

// A ValidationError is one validation error signalled while parsing: its
// kind, whether it made the parse fail, and the byte offset in the input at
// which the parser found it.
type ValidationError struct {
	Kind    ValidationErrorKind
	Failure bool // the parse returned failure at this error
	Offset  int  // byte offset in the input (after tab and newline removal)
}

// String returns the standard's name of the validation error.
func (e ValidationError) String() string { return e.Kind.String() }

// errorSink receives the validation errors of one parse. A nil *errorSink
// discards them: that is the default, and costs one nil check.
type errorSink struct {
	fn     func(ValidationError) // receives each error, or nil
	strict bool                  // the first error fails the parse
	offset int                   // where the parser is in the input, for Offset
	first  ValidationErrorKind   // the first error signalled, for strict mode
}

// report signals a validation error that does not, by itself, make the parse
// fail.
func (s *errorSink) report(k ValidationErrorKind) {
	if s == nil {
		return
	}
	if s.first == 0 {
		s.first = k
	}
	if s.fn != nil {
		s.fn(ValidationError{Kind: k, Offset: s.offset})
	}
}

// fail signals a validation error at which the parse fails, and returns k so
// that a caller can write `return errs.fail(ErrHostMissing)`.
func (s *errorSink) fail(k ValidationErrorKind) ValidationErrorKind {
	if s == nil {
		return k
	}
	if s.first == 0 {
		s.first = k
	}
	if s.fn != nil {
		s.fn(ValidationError{Kind: k, Failure: true, Offset: s.offset})
	}
	return k
}

// A ParseError reports a URL that failed to parse. [errors.Is] finds its
// kind, for example:
//
//	_, err := url.Parse("https://example.org:70000")
//	errors.Is(err, url.ErrPortOutOfRange) // true
type ParseError struct {
	// Input is the input that failed, with any password replaced by "xxxxx".
	Input string
	// Kind is the validation error at which parsing failed.
	Kind ValidationErrorKind
}

func (e *ParseError) Error() string {
	return "url: parse " + quote(e.Input) + ": " + e.Kind.String()
}

// Unwrap returns the error's kind.
func (e *ParseError) Unwrap() error { return e.Kind }

// quote returns s in double quotes, with control characters and quotes
// escaped. It avoids strconv's non-ASCII quoting so that error messages stay
// readable.
func quote(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20 || c == 0x7f:
			b.WriteString(`\x`)
			b.WriteByte(upperHex[c>>4])
			b.WriteByte(upperHex[c&15])
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

const upperHex = "0123456789ABCDEF"

// itoa formats a non-negative integer without importing strconv's float code
// into error paths.
func itoa(n int) string {
	var buf [20]byte
	i := len(buf)
	for {
		i--
		buf[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			break
		}
	}
	return string(buf[i:])
}
