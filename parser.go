package url

import (
	"math"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/webstd/url/internal/errtext"
	"golang.org/x/text/encoding"

	"github.com/webstd/url/internal/infra"
)

// A Parser parses URLs with options. The zero Parser is the default that
// [Parse] uses: UTF-8 queries, validation errors not reported, not strict.
// A Parser is safe for concurrent use when OnValidationError is.
type Parser struct {
	// Encoding is the encoding used for the queries of special URLs other
	// than ws: and wss:, the legacy behaviour of HTML documents in other
	// encodings: https://url.spec.whatwg.org/#concept-basic-url-parser.
	// Nil means UTF-8. Code points the encoding cannot represent are written
	// as percent-encoded "&#N;". Resolve an encoding label (such as
	// "windows-1252") with golang.org/x/text/encoding/htmlindex.Get.
	Encoding encoding.Encoding

	// OnValidationError, when not nil, receives every validation error of
	// each parse (https://url.spec.whatwg.org/#validation-error), in the
	// order the standard's steps signal them, including the one at which
	// the parse fails, if any, which has Failure set. Most validation errors
	// do not make parsing fail: "https://user@example.org/a\b" parses, with
	// invalid-credentials and then invalid-reverse-solidus. Errors of
	// ParseWithBase's base URL are not reported. Nil means that nothing is
	// reported, and nothing is spent on finding validation errors.
	OnValidationError func(ValidationError)

	// Strict makes the first validation error a parse failure, so that only
	// input that signals no validation error parses: a valid URL string,
	// but for the one kind of input [IsValidURLString] describes. The
	// error's Kind is then that first validation error, which need not be
	// one that the standard fails at (ErrInvalidCredentials, say), and
	// OnValidationError receives that error alone, with Failure set. False
	// means the standard's behaviour.
	Strict bool
}

// Parse parses input as a URL with no base URL, with the basic URL parser:
// https://url.spec.whatwg.org/#concept-basic-url-parser. It is
// new URL(input) in JavaScript.
//
// When input is already in the standard's serialized form the URL keeps the
// input string itself and Parse allocates nothing; otherwise it allocates the
// serialization and nothing else. Keeping input means keeping the memory it
// is part of: a URL parsed from a substring of a large page holds the whole
// page until the URL is gone. To keep the URL longer than the page, keep
// [URL.Clone].
//
// A failed parse allocates its *ParseError only when the caller keeps the
// error: a caller that only tests it against nil allocates nothing.
func Parse(input string) (u URL, err error) {
	// Parse is small enough for the compiler to inline (its cost is 80, the
	// inliner's budget: go build -gcflags=-m=2), and builds the ParseError
	// in its caller, which keeps it on its stack when it does not keep err
	// (TestParseFailureAllocatesNothingWhenOnlyTested).
	var e ParseError
	if parseFails(&u, &e, input) {
		e := e
		err = &e
	}
	return
}

// parseFails is Parse's work, out of line: it makes *u the URL parsed from
// input and returns false, or makes *e the error of input's failure, leaves
// *u the zero URL, and returns true.
func parseFails(u *URL, e *ParseError, input string) bool {
	if failsWithNoScheme(input) {
		// (Before the fast path: an input that fails at its first byte is
		// the most common failure, and the fast path would read its scheme
		// before it declined.)
		*e = parseErrorOf(input, failedAt(ErrMissingSchemeNonRelativeURL), failureSite{})
		return true
	}
	var from resumption
	if len(input) < maxHrefLength {
		var ok bool
		if ok, from = parseSerialized(u, input); ok {
			return false // the fast path of parse, without a copy of u
		}
	}
	if fail, site := runParserInto(u, input, nil, nil, nil, from); fail != 0 {
		*u, *e = URL{}, parseErrorOf(input, fail, site)
		return true
	}
	return false
}

// ParseWithBase parses input against the base URL base, as
// new URL(input, base) does in JavaScript (the API URL parser): base is parsed
// first and must be a valid URL.
func ParseWithBase(input, base string) (URL, error) {
	b, err := Parse(base)
	if err != nil {
		err.(*ParseError).Base = true
		return URL{}, err
	}
	return b.Parse(input)
}

// Parse parses ref with u as its base URL: a relative reference such as
// "../x?y" is resolved against u.
func (u URL) Parse(ref string) (URL, error) {
	var base *URL
	if u.IsValid() {
		base = &u
	}
	v, fail, site := parseWhere(ref, base, nil, nil)
	if fail != 0 {
		return URL{}, parseError(ref, fail, site)
	}
	return v, nil
}

// CanParse reports whether input parses as a URL with no base URL:
// https://url.spec.whatwg.org/#dom-url-canparse.
func CanParse(input string) bool {
	_, fail := parse(input, nil, nil, nil)
	return fail == 0
}

// CanParseWithBase reports whether input parses against base, and base
// itself parses.
func CanParseWithBase(input, base string) bool {
	_, err := ParseWithBase(input, base)
	return err == nil
}

// MustParse is like [Parse] but panics when input does not parse. It is for
// tests and for URLs written in the source code.
func MustParse(input string) URL {
	u, err := Parse(input)
	if err != nil {
		panic(err)
	}
	return u
}

// Parse parses input as a URL with no base URL, with p's options.
func (p *Parser) Parse(input string) (URL, error) { return p.parseWithBase(input, nil) }

// ParseWithBase parses input against base with p's options. Only input's
// validation errors are reported; base must parse.
func (p *Parser) ParseWithBase(input, base string) (URL, error) {
	b, err := Parse(base)
	if err != nil {
		err.(*ParseError).Base = true
		return URL{}, err
	}
	return p.parseWithBase(input, &b)
}

func (p *Parser) parseWithBase(input string, base *URL) (URL, error) {
	var errs *errorSink
	if p.OnValidationError != nil || p.Strict {
		errs = &errorSink{fn: p.OnValidationError, strict: p.Strict}
	}
	u, fail, site := parseWhere(input, base, getOutputEncoding(p.Encoding), errs)
	if p.Strict && errs.first != 0 {
		// The parse fails at the first validation error, even when the
		// standard goes on and fails later at another.
		fail, site.at = failedAt(errs.first), errs.firstAt
	}
	if fail != 0 {
		return URL{}, parseError(input, fail, site)
	}
	return u, nil
}

// A failureSite is what a run of the state machine records for the
// ParseError of its failure: where it failed, and where it read a password.
// A run writes it as it goes, so that a failed parse is not parsed again to
// find them (but see parseError).
type failureSite struct {
	// at is the offset, in the state machine's input, of the validation
	// error at which the run failed: ValidationError.Offset. It is 0 when
	// the run did not fail, or failed with no validation error
	// (failTooLong).
	at int
	// password is where the authority state read url's password in the
	// state machine's input (start and end offsets), or {0, 0}: what the
	// error redacts, whichever step failed later. A run that does not fail
	// records it too (see passwordSpans).
	password [2]int
	// tabs is whether the run removed ASCII tab or newline from its input:
	// only then does an offset in the state machine's input take more than
	// the leading C0 control or space to map to one in the input.
	tabs bool
}

// parseError returns the error of input's failed parse, which failed at
// fail, at site: the kind, where the parser failed, and the input with the
// password the parser read in it redacted. Where the password is comes
// from the parser itself, the authority state recording where it read one,
// so that every spelling of an authority the parser accepts
// ("https:\\u:p@h", "https:u:p@h", "https:///u:p@h", tabs inside "//", a
// scheme-relative "\\u:p@h" against a base) is redacted as the parser read
// it.
func parseError(input string, fail failure, site failureSite) *ParseError {
	e := parseErrorOf(input, fail, site)
	return &e
}

// parseErrorOf is parseError's ParseError, as a value.
func parseErrorOf(input string, fail failure, site failureSite) ParseError {
	kind := fail.kind()
	at := site.at
	if kind != 0 {
		at = site.inputOffset(input, at)
	}
	var buf [4][2]int // (on the stack, for the few passwords of an input)
	spans := site.appendPassword(buf[:0], input)
	if strings.IndexByte(input, '@') >= 0 { // (no "@", no password in any reading)
		if kind == ErrMissingSchemeNonRelativeURL {
			// An input without a scheme that failed for want of a base
			// never reached the authority state: it is redacted as it would
			// be read against a special and a non-special base.
			for _, b := range schemeRelativeBases {
				_, _, site := runParserWhere(input, &b, nil, nil)
				spans = site.appendPassword(spans, input)
			}
		}
		// And the password of an authority after "//" that the parser did
		// not read as one, because what comes before it is not a scheme, as
		// a person reads it: "\uFEFFhttps://u:p@h", `"http://u:p@h"`.
		spans = errtext.AuthoritySpans(spans, input)
	}
	return newParseError(input, kind, at, spans)
}

// schemeRelativeBases are the base URLs against which parseError reads an
// input that has no scheme: one special, one not.
var schemeRelativeBases = func() (bases [2]URL) {
	bases[0], _ = runParser("https://h/", nil, nil, nil)
	bases[1], _ = runParser("sc://h/", nil, nil, nil)
	return bases
}()

// appendPassword appends to spans where site's password is in input, as
// offsets in input, if the run read a non-empty one.
func (site failureSite) appendPassword(spans [][2]int, input string) [][2]int {
	if start, end := site.password[0], site.password[1]; start != end {
		spans = append(spans, [2]int{site.inputOffset(input, start), site.inputOffset(input, end)})
	}
	return spans
}

// inputOffset is inputOffset for the input of site's run, which knows
// whether it had ASCII tab or newline removed.
func (site failureSite) inputOffset(input string, at int) int {
	if site.tabs {
		return inputOffset(input, at)
	}
	// The state machine's input is input without its leading and trailing
	// C0 control or space.
	lead, end := c0ControlOrSpaceBounds(input)
	return min(lead+at, end)
}

// inputOffset maps at, an offset in the state machine's input, to the
// offset of the same code point in input. The state machine's input is
// input without leading and trailing C0 control or space, and, if it had
// any ASCII tab or newline, read as scalar values with them removed.
func inputOffset(input string, at int) int {
	lead, end := c0ControlOrSpaceBounds(input)
	trimmed := input[lead:end]
	if !hasTabOrNewline(trimmed) {
		return min(lead+at, end)
	}
	i, j := 0, 0
	for i < len(trimmed) && j < at {
		if c := trimmed[i]; c == '\t' || c == '\n' || c == '\r' {
			i++
			continue
		}
		r, n := infra.DecodeRune(trimmed[i:])
		if r == utf8.RuneError && trimmed[i:i+n] != "\uFFFD" {
			j += len("\uFFFD") // an invalid sequence is read as U+FFFD
		} else {
			j += n
		}
		i += n
	}
	return lead + i
}

// passwordSpans returns where the basic URL parser reads a password in s,
// for errtext.PasswordSpans, which every error of the module redacts with:
// read with no base URL, against a special and a non-special base URL, in
// every authority after "//" (errtext.AuthoritySpans), and, when authority
// is true, as an authority ("sc://" followed by s). A
// password the parser reads in any of those is redacted. (The error of a
// failed parse knows the one reading that failed, and redacts the password
// of that one.)
func passwordSpans(s string, authority bool) [][2]int {
	_, _, site := runParserWhere(s, nil, nil, nil)
	spans := site.appendPassword(nil, s)
	if strings.IndexByte(s, '@') < 0 {
		return spans // no reading has a password
	}
	for _, b := range schemeRelativeBases {
		_, _, site := runParserWhere(s, &b, nil, nil)
		spans = site.appendPassword(spans, s)
	}
	spans = errtext.AuthoritySpans(spans, s)
	if !authority {
		return spans
	}
	const prefix = "sc://"
	asAuthority := prefix + s
	_, _, site = runParserWhere(asAuthority, nil, nil, nil)
	for _, sp := range site.appendPassword(nil, asAuthority) {
		spans = append(spans, [2]int{max(sp[0]-len(prefix), 0), max(sp[1]-len(prefix), 0)})
	}
	return spans
}

func init() {
	errtext.PasswordSpans = passwordSpans
}

// state is a state of the basic URL parser's state machine:
// https://url.spec.whatwg.org/#basic-url-parser.
type state uint8

const (
	noOverride state = iota
	schemeStartState
	schemeState
	noSchemeState
	specialRelativeOrAuthorityState
	pathOrAuthorityState
	relativeState
	relativeSlashState
	specialAuthoritySlashesState
	specialAuthorityIgnoreSlashesState
	authorityState
	hostState
	hostnameState
	portState
	fileState
	fileSlashState
	fileHostState
	pathStartState
	pathState
	opaquePathState
	queryState
	fragmentState
)

// A failure is how a run of the basic URL parser, or one of its states,
// ended: zero when it did not return failure; otherwise the validation error
// at which it failed (failedAt), or one of the failures below, which have no
// validation error. It is a type of its own so that neither of those can be
// taken for a ValidationErrorKind.
type failure uint8

const (
	// failTooLong is the failure of a parse whose serialization would be
	// longer than maxHrefLength: [ErrTooLong], which the standard does not
	// have.
	failTooLong failure = 0xff - iota

	// The failures that a state override returns with no validation error,
	// one for each step of the standard that does, and the scheme state's
	// return without a change (step 2.1), which leaves a setter's URL
	// unchanged as failure does. A setter reports each as an error of its
	// own (setterErrors).
	failNotAScheme        // scheme start state 3, scheme state 4: not a scheme
	failSchemeChange      // scheme state 2.1: the scheme cannot change to this one
	failHostnameHasPort   // host state 2.2: the hostname state met ":"
	failEmptyHost         // host state 3.2: an empty host, and url has credentials or a port
	failNoPort            // port state 2.2: no digit
	failFirstWithoutError = failNoPort
)

// failedAt returns the failure at validation error k.
func failedAt(k ValidationErrorKind) failure { return failure(k) }

// kind returns the validation error of a failure at one, or 0.
func (f failure) kind() ValidationErrorKind {
	if f >= failFirstWithoutError {
		return 0
	}
	return ValidationErrorKind(f)
}

// maxHrefLength is the length of the longest serialization a URL can hold:
// its offsets are uint32. Tests lower it to check the limit without 4 GiB
// of input.
var maxHrefLength = int(min(uint64(math.MaxInt), math.MaxUint32))

// eof is the EOF code point: https://url.spec.whatwg.org/#eof-code-point.
const eof = -1

// parser holds the state of one run of the basic URL parser. It writes the
// serialization of the URL being parsed into buf as it goes, and the offsets
// of its components into u, so that the URL serializer is the parser's own
// output.
type parser struct {
	input     string
	pointer   int
	state     state
	override  state
	base      URL               // the standard's base: the zero URL when it is null
	url       URL               // the standard's url given with a state override (a setter's URL), or the zero URL
	encoding  encoding.Encoding // nil means UTF-8
	errs      errorSink         // where validation errors go, when reporting
	reporting bool              // validation errors are wanted

	buf    []byte
	pooled *[]byte // where buf came from, to go back to: see release
	u      URL     // the offsets of the URL being built; u.href is unset

	// What the states consult about the URL's scheme.
	special     bool
	file        bool
	defaultPort int32 // -1 when the scheme has none

	hostAhead   hostAhead // what the authority state read for the host state
	hostWritten bool      // the host is decided and written (it may be null)
	segOpen     bool      // a path segment is open, starting at segStart
	segStart    int
	portChanged bool // the port state set the port (perhaps to null)
	done        bool // a state override returned

	// site is where the run failed and where the authority state found
	// url's password: what a failed parse's error reports (see parseError).
	site failureSite

	// resume is where the run starts when the fast path read the input
	// before it (p.u holds what it read), or the zero resumption.
	resume resumption
}

// parse runs the basic URL parser on input and returns the URL, or the
// validation error at which it failed. It allocates at most the URL's
// serialization, and nothing when input is already serialized.
func parse(input string, base *URL, enc encoding.Encoding, errs *errorSink) (URL, failure) {
	u, fail, _ := parseWhere(input, base, enc, errs)
	return u, fail
}

// parseWhere is parse that also returns, for a failure's ParseError, where
// the parse failed. (parseFails takes the same steps for Parse, without a
// base, an encoding or errors: one function for both, with these as
// arguments, cost Parse 36 to 44 instructions a URL of kasztp, 7%.)
func parseWhere(input string, base *URL, enc encoding.Encoding, errs *errorSink) (URL, failure, failureSite) {
	if enc == nil && errs == nil && len(input) < maxHrefLength { // (the fast path may add a "/")
		var u URL
		ok, from := parseSerialized(&u, input)
		if ok {
			return u, 0, failureSite{}
		}
		fail, site := runParserInto(&u, input, base, enc, errs, from)
		return u, fail, site
	}
	return runParserWhere(input, base, enc, errs)
}

// runParser runs the basic URL parser's state machine on input, with a
// parser from the pool.
func runParser(input string, base *URL, enc encoding.Encoding, errs *errorSink) (URL, failure) {
	u, fail, _ := runParserWhere(input, base, enc, errs)
	return u, fail
}

// runParserWhere is runParser that also returns what the run recorded for
// a failure's ParseError.
func runParserWhere(input string, base *URL, enc encoding.Encoding, errs *errorSink) (URL, failure, failureSite) {
	var u URL
	fail, site := runParserInto(&u, input, base, enc, errs, resumption{})
	return u, fail, site
}

// runParserInto is runParserWhere that makes *u the URL parsed rather than
// return it: a URL just written a field at a time and then copied whole is
// read before its stores are done, which stalls the processor; on the way
// to a failure, there is no URL to copy at all. With the zero resumption
// the run starts from the scheme start state, whatever *u holds; with
// another, *u is what parseSerialized read of input when it declined it
// with from, and the run starts there. (*u is the URL only when the run
// does not fail.)
func runParserInto(u *URL, input string, base *URL, enc encoding.Encoding, errs *errorSink, from resumption) (failure, failureSite) {
	if base == nil && errs == nil && failsWithNoScheme(input) {
		// The state machine would fail at its first code point: no need
		// to set it up. (With validation errors wanted, it runs, to signal
		// them.)
		return failedAt(ErrMissingSchemeNonRelativeURL), failureSite{}
	}
	var p parser
	p.defaultPort = -1 // (the buffer is taken when the first state writes: see takeBuffer)
	if from != (resumption{}) {
		p.resume, p.u = from, *u
	}
	if base != nil {
		p.base = *base
	}
	if errs != nil {
		p.errs, p.reporting = *errs, true
	}
	fail := p.parse(u, input, enc)
	if errs != nil {
		*errs = p.errs
	}
	site := p.site
	p.release()
	return fail, site
}

// parse runs the basic URL parser's steps on input, against p.base and
// with p.errs: the state machine from the scheme start state, then the
// serializer's last step, and makes *u, the zero URL, the URL parsed. (The
// caller sets p.base and p.errs on its own parser: a pointer a method
// stored in p would escape to the heap.)
func (p *parser) parse(u *URL, input string, enc encoding.Encoding) failure {
	p.encoding = enc

	// 1. If url is not given: remove any leading and trailing C0 control or
	//    space from input (invalid-URL-unit validation error).
	trimmed := trimC0ControlOrSpace(input)
	// 2. If input contains any ASCII tab or newline, invalid-URL-unit
	//    validation error; remove all ASCII tab or newline from input.
	p.input = trimmed
	hasTab := hasTabOrNewline(trimmed[min(p.resume.at, len(trimmed)):]) // (what the fast path read has none)
	p.site.tabs = hasTab
	if hasTab {
		p.input = removeTabAndNewline(trimmed)
	}
	if p.reporting {
		// Both errors are signalled here, in order, once p.input is known:
		// their offsets (see ValidationError.Offset) are where the removed
		// code points were in it.
		if len(trimmed) != len(input) {
			at := 0
			if input[0] > ' ' {
				at = len(p.input) // only trailing ones were removed
			}
			p.sink().report(ErrInvalidURLUnit, at)
		}
		if hasTab {
			p.sink().report(ErrInvalidURLUnit, strings.IndexAny(trimmed, "\t\n\r"))
		}
	}
	// 3. Let state be state override if given, or scheme start state otherwise.
	p.state = schemeStartState
	if from := p.resume; from != (resumption{}) {
		// Or the state the fast path leaves the input to (see resumption),
		// with what the states before it would have written.
		p.takeBuffer()
		p.buf = append(p.buf, p.input[:from.at]...)
		p.setScheme(p.input[:p.u.schemeEnd])
		p.hostWritten = true
		p.state, p.pointer = from.state, from.at
		if from.state == pathState {
			p.segOpen, p.segStart = true, from.at-1
		}
	}
	if fail := p.run(); fail != 0 {
		return fail
	}
	// A serialization longer than a URL's offsets can hold is refused,
	// before finish reads them and after it writes its last two bytes.
	if len(p.buf) > maxHrefLength {
		return failTooLong
	}
	p.finish()
	if len(p.buf) > maxHrefLength {
		return failTooLong
	}
	*u = p.u
	switch {
	case string(p.buf) == trimmed:
		u.href = trimmed
	case p.site.tabs && string(p.buf) == p.input:
		// Only tabs and newlines were removed: p.input, a string of its
		// own, is already the serialization.
		u.href = p.input
	case cap(p.buf) > maxPooledBuffer && cap(p.buf)-len(p.buf) <= len(p.buf)/8:
		// A buffer too large to go back to the pool becomes the href
		// itself, rather than be copied into one and dropped: a long
		// input costs the memory of its serialization once, not twice.
		// It is not written again (p.pooled is cleared, so release does
		// not pool it), and at most an eighth of it is room the href does
		// not use.
		u.href = unsafe.String(unsafe.SliceData(p.buf), len(p.buf))
		p.buf, p.pooled = nil, nil
	default:
		u.href = string(p.buf)
	}
	return 0
}

// buffers holds the output buffers of finished parses for the next ones.
// Only the buffer is pooled: a parser lives on its caller's stack (nothing
// keeps a pointer to it, and it keeps none to itself), so that setting it up
// costs no write barriers, and parsers in parallel share nothing but this
// pool.
var buffers = sync.Pool{New: func() any { b := make([]byte, 0, 256); return &b }}

// init makes p, a zero parser, ready to parse, with an empty buffer from
// the pool. (It sets up the caller's parser in place: a parser returned by
// value would be copied, and it is larger than a copy is cheap.)
func (p *parser) init() {
	p.defaultPort = -1
	p.takeBuffer()
}

// takeBuffer gives p, if it has none yet, a buffer from the pool with room
// for the serialization of p.input. A parse takes it when its first state
// writes, the scheme state or the no scheme state: an input that fails
// before it has a scheme (with no base URL, one that does not start with
// an ASCII alpha) takes none.
func (p *parser) takeBuffer() {
	if p.pooled != nil {
		return
	}
	b := buffers.Get().(*[]byte)
	p.buf, p.pooled = (*b)[:0], b
	if n := bufferEstimate(len(p.input), len(p.base.href)); cap(p.buf) < n {
		p.buf = make([]byte, 0, n)
	}
}

// bufferEstimate returns the room a parse reserves for the serialization
// of an input of inputLen bytes against a base URL whose href has baseLen
// bytes (0 for none). The serialization holds the input's code points,
// some percent-encoded (up to three times their bytes), and of the base at
// most its href: reserving for the worst case would ask for three times a
// long input that is already serialized, the commonest kind. So the
// estimate is the input and the base, with an eighth more, at most 4 KiB,
// for the few bytes the serializer adds ("/", "//", an IPv4 address
// written out); the buffer grows as append grows it past that, with what
// is written.
func bufferEstimate(inputLen, baseLen int) int {
	n := inputLen + baseLen
	return n + min(n/8, 4<<10) + 16
}

// maxPooledBuffer is the capacity of the largest buffer release returns to
// the pool: a larger one, which only a long input needs, would stay held
// for the parses of short ones.
const maxPooledBuffer = 64 << 10

// release returns p's buffer, if it took one, to the pool, unless it has
// grown too large to keep for everyone.
func (p *parser) release() {
	if p.pooled != nil && cap(p.buf) <= maxPooledBuffer {
		*p.pooled = p.buf[:0]
		buffers.Put(p.pooled)
	}
}

// run keeps running the state machine: "If after a run pointer points to the
// EOF code point, go to the next step. Otherwise, increase pointer by 1 and
// continue with the state machine." States that read a run of code points
// leave the pointer on the last one they consumed.
func (p *parser) run() failure {
	for {
		var fail failure
		switch p.state {
		case schemeStartState:
			fail = p.schemeStart()
		case schemeState:
			fail = p.scheme()
		case noSchemeState:
			fail = p.noScheme()
		case specialRelativeOrAuthorityState:
			p.specialRelativeOrAuthority()
		case pathOrAuthorityState:
			p.pathOrAuthority()
		case relativeState:
			p.relative()
		case relativeSlashState:
			p.relativeSlash()
		case specialAuthoritySlashesState:
			p.specialAuthoritySlashes()
		case specialAuthorityIgnoreSlashesState:
			p.specialAuthorityIgnoreSlashes()
		case authorityState:
			fail = p.authority()
		case hostState, hostnameState:
			fail = p.host()
		case portState:
			fail = p.port()
		case fileState:
			p.fileState()
		case fileSlashState:
			p.fileSlash()
		case fileHostState:
			fail = p.fileHost()
		case pathStartState:
			p.pathStart()
		case pathState:
			p.path()
		case opaquePathState:
			p.opaquePath()
		case queryState:
			p.query()
		case fragmentState:
			p.fragment()
		}
		if fail != 0 {
			return fail
		}
		if p.done || p.pointer >= len(p.input) {
			return 0
		}
		p.pointer++
	}
}

// c returns the code point at the pointer (its first byte when it is not
// ASCII), or eof.
func (p *parser) c() int {
	if uint(p.pointer) < uint(len(p.input)) {
		return int(p.input[p.pointer])
	}
	return eof
}

// remaining returns the part of the input after c.
func (p *parser) remaining() string {
	if p.pointer+1 >= len(p.input) {
		return ""
	}
	return p.input[p.pointer+1:]
}

// sink returns where validation errors go: nil when they are not reported.
func (p *parser) sink() *errorSink {
	if p.reporting {
		return &p.errs
	}
	return nil
}

// report signals a validation error, found at the pointer, that does not
// make parsing fail.
func (p *parser) report(k ValidationErrorKind) {
	if p.reporting {
		p.errs.report(k, max(p.pointer, 0))
	}
}

// fail signals a validation error, found at the pointer, at which parsing
// fails.
func (p *parser) fail(k ValidationErrorKind) failure {
	p.site.at = max(p.pointer, 0)
	return failedAt(p.sink().fail(k, p.site.at))
}

// setScheme records what the states consult about the scheme just written.
func (p *parser) setScheme(scheme string) {
	p.defaultPort, p.special = defaultPort(scheme)
	p.file = scheme == "file"
}

// isSeparator reports whether c ends an authority, host, port or path
// segment: EOF, "/", "?", "#", or "\" when the URL is special.
func (p *parser) endsAuthority(c int) bool {
	return c == eof || c == '/' || c == '?' || c == '#' || (c == '\\' && p.special)
}

// beginPath records that the path starts at the end of buf, and that the
// host is null if nothing decided it.
func (p *parser) beginPath() {
	if !p.hostWritten {
		p.nullHost()
	}
	p.u.pathStart = uint32(len(p.buf))
}

// nullHost records a null host right after the scheme.
func (p *parser) nullHost() {
	n := p.u.schemeEnd + 1
	p.u.usernameEnd, p.u.hostStart, p.u.hostEnd = n, n, n
	p.u.hostKind = NullHost
	p.hostWritten = true
}

// emptyHost writes "//" and an empty host: the standard's "set url's host to
// the empty string".
func (p *parser) emptyHost() {
	p.buf = append(p.buf, "//"...)
	n := uint32(len(p.buf))
	p.u.usernameEnd, p.u.hostStart, p.u.hostEnd = n, n, n
	p.u.hostKind = EmptyHost
	p.hostWritten = true
}

// copyBase sets url's scheme, username, password, host and port to base's,
// and, as asked, its path and query: the copying steps of the relative, file
// and no scheme states.
func (p *parser) copyBase(withPath, withQuery bool) {
	b := &p.base
	p.buf = append(p.buf[:0], b.href[:b.authorityEnd()]...)
	p.u = URL{
		schemeEnd:   b.schemeEnd,
		usernameEnd: b.usernameEnd,
		hostStart:   b.hostStart,
		hostEnd:     b.hostEnd,
		port:        b.port,
		hostKind:    b.hostKind,
		flags:       b.flags & portFlag,
	}
	p.hostWritten = true
	p.setScheme(b.Scheme())
	p.beginPath()
	if withPath {
		p.buf = append(p.buf, b.Pathname()...)
		p.u.flags |= b.flags & opaquePathFlag
	}
	if withQuery && b.queryStart != omitted {
		p.u.queryStart = uint32(len(p.buf))
		p.buf = append(p.buf, b.href[b.queryStart:b.queryEnd()]...)
	}
}

// startQuery sets url's query to the empty string and state to query state.
func (p *parser) startQuery() {
	p.u.queryStart = uint32(len(p.buf))
	p.buf = append(p.buf, '?')
	p.state = queryState
}

// startFragment sets url's fragment to the empty string and state to
// fragment state.
func (p *parser) startFragment() {
	p.u.fragmentStart = uint32(len(p.buf))
	p.buf = append(p.buf, '#')
	p.state = fragmentState
}

// finish completes the serialization: the host is null if nothing set it,
// and a path that would read as a host gets "/." in front of it
// (https://url.spec.whatwg.org/#url-serializing, step 3).
func (p *parser) finish() {
	if !p.hostWritten {
		p.beginPath()
	}
	end := len(p.buf)
	if p.u.queryStart != omitted {
		end = int(p.u.queryStart)
	} else if p.u.fragmentStart != omitted {
		end = int(p.u.fragmentStart)
	}
	path := p.buf[p.u.pathStart:end]
	if p.u.hostKind != NullHost || p.u.HasOpaquePath() || len(path) < 2 || path[0] != '/' || path[1] != '/' {
		return
	}
	// If url's host is null, url does not have an opaque path, url's path's
	// size is greater than 1, and url's path[0] is the empty string, then
	// append U+002F (/) followed by U+002E (.) to output.
	at := int(p.u.pathStart)
	p.buf = append(p.buf, "/."...)
	copy(p.buf[at+2:], p.buf[at:len(p.buf)-2])
	p.buf[at], p.buf[at+1] = '/', '.'
	p.u.pathStart += 2
	if p.u.queryStart != omitted {
		p.u.queryStart += 2
	}
	if p.u.fragmentStart != omitted {
		p.u.fragmentStart += 2
	}
}

// endsComponentMask returns the byteClass bits of the bytes that end an
// authority, host, port or path segment in this URL.
func (p *parser) endsComponentMask() infra.Class {
	if p.special {
		return infra.EndsComponent | infra.ReverseSolidus
	}
	return infra.EndsComponent
}

// trimC0ControlOrSpace removes leading and trailing C0 control or space.
func trimC0ControlOrSpace(s string) string {
	i, j := c0ControlOrSpaceBounds(s)
	return s[i:j]
}

// c0ControlOrSpaceBounds returns the offsets in s of the first and after the
// last code point that is not a C0 control or space (both len(s) when it
// has none).
func c0ControlOrSpaceBounds(s string) (start, end int) {
	start, end = 0, len(s)
	for start < end && s[start] <= ' ' {
		start++
	}
	for end > start && s[end-1] <= ' ' {
		end--
	}
	return start, end
}

// hasTabOrNewline reports whether s contains an ASCII tab or newline.
func hasTabOrNewline(s string) bool {
	// Eight bytes at a time, sixteen a step: a word has a byte below 0x0E
	// (tab, LF and CR are 0x09, 0x0A and 0x0D) when subtracting 0x0E from
	// each byte borrows into its top bit while the byte's own top bit is
	// clear. Only a word that has one is looked at byte by byte.
	const ones, tops = 0x0E0E0E0E0E0E0E0E, 0x8080808080808080
	if len(s) < 8 {
		return tabOrNewlineIn(s)
	}
	last := s[len(s)-8:]
	for ; len(s) >= 16; s = s[16:] {
		a, b := infra.Load64(s), infra.Load64(s[8:])
		if ((a-ones)&^a|(b-ones)&^b)&tops != 0 && tabOrNewlineIn(s[:16]) {
			return true
		}
	}
	// The rest, fewer than 16 bytes: its first eight, if it has more, and
	// the last eight of the string, which may overlap them and the bytes
	// before.
	if len(s) > 8 {
		if x := infra.Load64(s); (x-ones)&^x&tops != 0 && tabOrNewlineIn(s[:8]) {
			return true
		}
	}
	x := infra.Load64(last)
	return (x-ones)&^x&tops != 0 && tabOrNewlineIn(last)
}

// tabOrNewlineIn is hasTabOrNewline, a byte at a time.
func tabOrNewlineIn(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= '\r' && (c == '\t' || c == '\n' || c == '\r') {
			return true
		}
	}
	return false
}

// removeTabAndNewline removes all ASCII tab or newline from s. The standard
// removes them from a string of scalar values, so an invalid UTF-8 sequence
// is read as U+FFFD first: the bytes on either side of a tab do not join up
// into one code point.
func removeTabAndNewline(s string) string {
	s = infra.ToWellFormed(s)
	// The runs between them, written into a Builder, whose String does
	// not copy what it holds: a long input costs its length once here.
	var b strings.Builder
	b.Grow(len(s))
	for {
		i := strings.IndexAny(s, "\t\n\r")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		s = s[i+1:]
	}
}

// isNormalizedWindowsDriveLetter reports whether s is a Windows drive letter
// whose second code point is ":".
func isNormalizedWindowsDriveLetter(s string) bool {
	return len(s) == 2 && infra.IsASCIIAlpha(int(s[0])) && s[1] == ':'
}

// startsWithWindowsDriveLetter implements
// https://url.spec.whatwg.org/#start-with-a-windows-drive-letter.
func startsWithWindowsDriveLetter(s string) bool {
	if len(s) < 2 || !infra.IsASCIIAlpha(int(s[0])) || (s[1] != ':' && s[1] != '|') {
		return false
	}
	if len(s) == 2 {
		return true
	}
	switch s[2] {
	case '/', '\\', '?', '#':
		return true
	}
	return false
}
