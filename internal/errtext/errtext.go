// Package errtext writes what the errors of this module quote of an input:
// a URL, a base URL, a pattern, a host, a SURT key. Every error type of
// every package of the module (url, urlpattern, urlpattern/router,
// canonical) and the output of cmd/urlparse take their text from it, so
// that no error holds a password, a character that a terminal or a log
// viewer acts on or hides, or more than a bounded part of a long input.
//
// The text of an input s, as [Of] and [Redacted] write it, is s with:
//
//  1. every password in it replaced by "xxxxx": the password as the basic
//     URL parser (https://url.spec.whatwg.org/#concept-basic-url-parser)
//     reads it (see [PasswordSpans]);
//  2. when it is longer than [MaxWhole] bytes, only its first [Head] and
//     last [Tail] bytes (on code point boundaries), with a marker between
//     them that says how many bytes were left out: `\...(1048400 bytes cut)...`;
//  3. escaped, as Go escapes a string literal, so that every byte of it is
//     visible and means one thing: a backslash is written `\\`; an ASCII
//     control (C0 or DEL) and each byte of an invalid UTF-8 sequence `\xNN`;
//     and every code point that a terminal or a log viewer acts on or does
//     not show, `\uNNNN` or `\UNNNNNNNN` (hex digits in upper case). Those
//     are the C1 controls (U+0080 to U+009F, among them U+009B, the 8-bit
//     CSI that starts a terminal escape sequence), the format characters
//     (general category Cf: the bidirectional controls U+061C, U+200E,
//     U+200F, U+202A to U+202E and U+2066 to U+2069, which reorder what
//     follows them; U+200B to U+200D, U+2060 to U+2064 and U+FEFF, which are
//     invisible; the tags U+E0001 and U+E0020 to U+E007F), the line and
//     paragraph separators U+2028 and U+2029, and the other default
//     ignorable code points of Unicode, which a renderer shows as nothing
//     (the variation selectors, the Hangul fillers U+115F, U+1160, U+3164
//     and U+FFA0, U+034F, U+17B4, U+17B5, U+180B to U+180F, and all of
//     U+E0000 to U+E0FFF).
//
// Go's escapes rather than percent-encoding, because percent-encoding would
// be ambiguous: "%E2%80%AE" in an input is three characters a person can
// read, U+202E one that reverses the text after it, and an error must tell
// them apart. With every backslash of the input doubled, an escape can only
// come from escaping, and the text in double quotes, without the marker of a
// cut, is a Go string literal: strconv.Unquote gives back the input with its
// password redacted, byte for byte.
package errtext

import (
	"errors"
	"github.com/webstd/url/internal/infra"
	stdurl "net/url"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// PasswordSpans returns the start and end offsets, in s, of every password
// that the basic URL parser reads in s, whether or not s parses: read with
// no base URL, and against a special and a non-special base URL (the
// readings of a scheme-relative "//user:pass@host"), and in every
// authority after two slashes (AuthoritySpans); and, when authority is
// true, as the authority of a URL ("user:pass@host", which a host or a
// net/url Host can hold, but which the other readings take for the scheme
// "user"). Package url sets it when it is initialized, which is before any
// package that imports it runs: every package of the module that builds an
// error does. The spans may overlap, and come in no order.
var PasswordSpans func(s string, authority bool) [][2]int

// The bounds of the text of a long input: its first Head and last Tail
// bytes are kept when it is longer than MaxWhole. An error then stays short
// whatever the input's length, and keeps no reference to the input.
const (
	Head     = 160
	Tail     = 64
	MaxWhole = Head + Tail + 32
)

// maxText is the longest text Of and Redacted write: MaxWhole bytes, each
// escaped in at most 4. Quote writes a longer string, which is no such
// text, as an input.
const maxText = 4*MaxWhole + 64

// redactedPassword is what a password is replaced with, as net/url's
// URL.Redacted writes it.
const redactedPassword = "xxxxx"

// Of returns the text of s, a URL string (see the package comment): its
// passwords, as PasswordSpans finds them in the readings of a URL, replaced
// by "xxxxx", cut when it is long, and escaped. What it returns never
// shares s's memory, so an error that holds it does not keep a large input
// alive.
func Of(s string) string { return of(s, false) }

// OfAuthority is Of for a string that may be a host or an authority, such
// as a value given to a host setter or a Host header: a password that the
// URL parser reads in it as the authority of a URL ("user:pass@host") is
// redacted too. (Of does not read a URL string so: it would take the
// "someone" of "mailto:someone@example.com" for a password.)
func OfAuthority(s string) string { return of(s, true) }

// of is Of, and OfAuthority when authority is true.
func of(s string, authority bool) string {
	spans := passwordSpans(s, authority)
	if unchanged(s, spans) {
		return strings.Clone(s)
	}
	return Redacted(s, spans)
}

// passwordSpans returns PasswordSpans(s, authority); or, when package url
// is not initialized and cannot say where a password is, the span of all
// that comes before the last "@", which is then not shown. (It does not
// happen: see PasswordSpans.)
func passwordSpans(s string, authority bool) [][2]int {
	if PasswordSpans != nil {
		return PasswordSpans(s, authority)
	}
	if i := strings.LastIndexByte(s, '@'); i >= 0 {
		return [][2]int{{0, i}}
	}
	return nil
}

// RedactStdHost returns s, or when its Host holds an "@", a copy of s whose
// Host has the password that the URL parser reads in it as the authority
// of a URL ("user:pass@host", as OfAuthority reads it) replaced by
// "xxxxx". net/url writes the "@" of a Host as "%40", where no reading of
// the string it writes finds a password, so that Of cannot redact it
// there: an error that quotes a net/url URL quotes it as RedactStdHost
// writes it (see StdRedacted).
func RedactStdHost(s *stdurl.URL) *stdurl.URL {
	if s == nil || !strings.Contains(s.Host, "@") {
		return s
	}
	r := *s
	r.Host = Redact(s.Host, passwordSpans(s.Host, true))
	return &r
}

// StdRedacted returns s as net/url's URL.Redacted writes it, with the
// password of its Host redacted too (RedactStdHost): the string an error
// gives Of for a net/url URL it quotes, such as the URL of an
// http.Request.
func StdRedacted(s *stdurl.URL) string { return RedactStdHost(s).Redacted() }

// AuthoritySpans appends to spans, and returns, where the password is in
// every authority of s that follows two slashes ("//", or backslashes,
// which a special URL reads as slashes, and any slashes after them) and
// ends before "/", "?", "#" or the end: after the first ":" of what comes
// before its last "@", as the URL parser's authority state reads it. It
// finds a password where the URL parser, reading s from its start, finds
// none, because what comes before is not a scheme: "\uFEFFhttps://u:p@h",
// `"http://u:p@h"`, "url=http://u:p@h", a URL in the query of another.
// Each byte of s is read once.
func AuthoritySpans(spans [][2]int, s string) [][2]int {
	isSlash := func(c byte) bool { return c == '/' || c == '\\' }
	for i := 0; i+1 < len(s); {
		if !isSlash(s[i]) || !isSlash(s[i+1]) {
			i++
			continue
		}
		start := i + 2
		for start < len(s) && isSlash(s[start]) {
			start++
		}
		end := len(s)
		if j := strings.IndexAny(s[start:], "/?#"); j >= 0 {
			end = start + j
		}
		authority := s[start:end]
		if at := strings.LastIndexByte(authority, '@'); at > 0 {
			if colon := strings.IndexByte(authority[:at], ':'); colon >= 0 && colon+1 < at {
				spans = append(spans, [2]int{start + colon + 1, start + at})
			}
		}
		i = end
	}
	return spans
}

// unchanged reports whether the text of s, with spans for its passwords, is
// s itself.
func unchanged(s string, spans [][2]int) bool {
	return len(spans) == 0 && len(s) <= MaxWhole && !needsEscape(s, escapeText)
}

// Redacted returns the text of s (see the package comment) with the spans
// of s (start and end offsets, in any order, overlapping or not) taken for
// its passwords: package url gives those its parser found, other callers
// use Of. When the text is s itself (s is short, and has nothing to redact
// or escape) it returns s, without a copy and without allocating.
func Redacted(s string, spans [][2]int) string {
	if unchanged(s, spans) {
		return s
	}
	var buf [9]string // (on the stack, for the few spans of an input)
	pieces := redactedPieces(buf[:0], s, spans)
	total := piecesLen(pieces)
	var b strings.Builder
	if total <= MaxWhole {
		b.Grow(total + total/4)
		for _, p := range pieces {
			appendEscaped(&b, p, escapeText)
		}
		return b.String()
	}
	// Do not cut a UTF-8 sequence in two: the head ends before the code
	// point its last bytes are part of, the tail starts after it.
	var headBuf, tailBuf [9]string
	head := slicePieces(headBuf[:0], pieces, 0, Head)
	tail := slicePieces(tailBuf[:0], pieces, total-Tail, total)
	if n := len(head); n > 0 {
		head[n-1] = trimIncompleteEnd(head[n-1])
	}
	if len(tail) > 0 {
		tail[0] = trimIncompleteStart(tail[0])
	}
	kept := piecesLen(head) + piecesLen(tail)
	b.Grow(kept + kept/4 + len(`\...(1000000000 bytes cut)...`))
	for _, p := range head {
		appendEscaped(&b, p, escapeText)
	}
	writeCut(&b, total-kept)
	for _, p := range tail {
		appendEscaped(&b, p, escapeText)
	}
	return b.String()
}

// Redact returns s with each run of the spans of s (start and end offsets,
// in any order, overlapping or not) that overlap or touch replaced by one
// "xxxxx", and nothing else changed: for a text that is not an error's but
// goes into one, such as a net/url Host that a caller writes out before
// Of reads it. It returns s itself when there is no span.
func Redact(s string, spans [][2]int) string {
	if len(spans) == 0 {
		return s
	}
	var buf [9]string
	return strings.Join(redactedPieces(buf[:0], s, spans), "")
}

// writeCut writes the marker of n bytes left out.
func writeCut(b *strings.Builder, n int) {
	var digits [20]byte
	b.WriteString(`\...(`)
	b.Write(strconv.AppendInt(digits[:0], int64(n), 10))
	b.WriteString(` bytes cut)...`)
}

// redactedPieces appends to pieces, and returns, s as pieces that, put end
// to end, are s with each run of spans that overlap or touch replaced by
// one "xxxxx".
func redactedPieces(pieces []string, s string, spans [][2]int) []string {
	var buf [4][2]int // (on the stack, for the few spans of an input)
	sorted := buf[:0]
	for _, sp := range spans {
		if from, to := max(sp[0], 0), min(sp[1], len(s)); from < to {
			sorted = append(sorted, [2]int{from, to})
		}
	}
	slices.SortFunc(sorted, func(a, b [2]int) int { return a[0] - b[0] })
	done := 0 // s[:done] is in pieces
	for i := 0; i < len(sorted); {
		from, to := sorted[i][0], sorted[i][1]
		for i++; i < len(sorted) && sorted[i][0] <= to; i++ {
			to = max(to, sorted[i][1])
		}
		pieces = append(pieces, s[done:from], redactedPassword)
		done = to
	}
	return append(pieces, s[done:])
}

// piecesLen returns the length of the pieces put end to end.
func piecesLen(pieces []string) int {
	n := 0
	for _, p := range pieces {
		n += len(p)
	}
	return n
}

// slicePieces appends to out, and returns, bytes from to to of the pieces
// put end to end, as pieces.
func slicePieces(out, pieces []string, from, to int) []string {
	at := 0
	for _, p := range pieces {
		start, end := at, at+len(p)
		at = end
		if end <= from || start >= to {
			continue
		}
		out = append(out, p[max(from-start, 0):min(to, end)-start])
	}
	return out
}

// trimIncompleteEnd removes from the end of s the first bytes of a UTF-8
// sequence whose last bytes are not there.
func trimIncompleteEnd(s string) string {
	for i := len(s) - 1; i >= 0 && i >= len(s)-utf8.UTFMax; i-- {
		if utf8.RuneStart(s[i]) {
			if !utf8.FullRuneInString(s[i:]) {
				return s[:i]
			}
			break
		}
	}
	return s
}

// trimIncompleteStart removes from the start of s the last bytes of a UTF-8
// sequence whose first bytes are not there.
func trimIncompleteStart(s string) string {
	i := 0
	for i < len(s) && i < utf8.UTFMax-1 && !utf8.RuneStart(s[i]) {
		i++
	}
	return s[i:]
}

// An escapeMode says which of the two characters that Go's escapes use,
// backslash and double quote, appendEscaped escapes besides the controls,
// invalid bytes and hidden code points.
type escapeMode uint8

const (
	escapeText    escapeMode = iota // a backslash: the text of an input
	escapeQuoted                    // a double quote: a text, in quotes
	escapeMessage                   // neither: another's message
)

// needsEscape reports whether appendEscaped writes s other than as it is.
func needsEscape(s string, mode escapeMode) bool {
	for i := 0; ; {
		if i = nextStop(s, i, mode); i == len(s) {
			return false
		}
		c := s[i]
		if c < utf8.RuneSelf {
			return true // a control, or the mode's "\\" or quote
		}
		if 0xC2 <= c && c <= 0xDF && i+1 < len(s) && s[i+1]&0xC0 == 0x80 {
			// A two-byte sequence (Latin, Greek, Cyrillic, Hebrew,
			// Arabic...), the commonest, decoded here.
			if r := rune(c&0x1F)<<6 | rune(s[i+1]&0x3F); hiddenBMP[r>>6]&(1<<(r&63)) != 0 {
				return true
			}
			i += 2
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || Hidden(r) {
			return true
		}
		i += n
	}
}

// nextStop returns the offset of the first byte of s at or after i that
// mode stops at (escapeStops): a control, the mode's backslash or double
// quote, or a byte of a code point that is not ASCII; len(s) when there is
// none. It skips many bytes a step (skipPlain) while none of them is one,
// then reads at most the eight skipPlain stopped at one at a time, through
// the table, before it skips again.
func nextStop(s string, i int, mode escapeMode) int {
	special, stop := escapeSpecials[mode], escapeStops[mode]
	for {
		i = skipPlain(s, i, special)
		for end := min(i+8, len(s)); i < end; i++ {
			if escapeBytes[s[i]]&stop != 0 {
				return i
			}
		}
		if i == len(s) {
			return i
		}
	}
}

// skipPlain returns i, or an offset after it up to which no byte of s
// from i on is one that needsEscape stops at: a byte of 0x80 or more, below
// 0x20, DEL, or special. It reads sixteen bytes a step, then eight, then
// the last eight of s at once (again, in part), with stopBits, which may
// stop early, never late.
func skipPlain(s string, i int, special uint64) int {
	t := s[i:] // (sliced as it is read, so that no load is bounds-checked)
	for len(t) >= 16 {
		if stopBits(infra.Load64(t[:8]), special)|stopBits(infra.Load64(t[8:16]), special) != 0 {
			break
		}
		t = t[16:]
	}
	for len(t) >= 8 {
		if stopBits(infra.Load64(t[:8]), special) != 0 {
			return len(s) - len(t)
		}
		t = t[8:]
	}
	if t != "" && len(s) >= 8 && stopBits(infra.Load64(s[len(s)-8:]), special) == 0 {
		return len(s)
	}
	return len(s) - len(t)
}

// stopBits returns, of the eight bytes of w, the high bits of those that
// may be one that needsEscape stops at: a byte of 0x80 or more (its own
// high bit), DEL (which adding 1 makes 0x80), below 0x20 (subtracting
// 0x20 borrows), or special (xor makes it zero, and subtracting 1
// borrows). A borrow or carry may mark the byte after such a byte too:
// never none where there is one. (Each term may also set the high bit of
// a byte of 0x80 or more, which w sets anyway: none needs masking.)
func stopBits(w, special uint64) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	return (w | (w + ones) | (w - ones*0x20) | (w ^ ones*special - ones)) & highs
}

// escapeBytes has, for each byte, the bits of what needsEscape stops at:
// a control (C0 or DEL), the backslash, the double quote, a byte of a
// code point that is not ASCII. escapeStops are the bits each mode stops
// at.
var escapeBytes = func() (t [256]uint8) {
	for c := range t {
		switch {
		case c < 0x20 || c == 0x7f:
			t[c] = stopControl
		case c == '\\':
			t[c] = stopBackslash
		case c == '"':
			t[c] = stopQuote
		case c >= utf8.RuneSelf:
			t[c] = stopNonASCII
		}
	}
	return t
}()

const (
	stopControl = 1 << iota
	stopBackslash
	stopQuote
	stopNonASCII
)

var escapeStops = [...]uint8{
	escapeText:    stopControl | stopBackslash | stopNonASCII,
	escapeQuoted:  stopControl | stopQuote | stopNonASCII,
	escapeMessage: stopControl | stopNonASCII,
}

// escapeSpecials are the bytes that skipPlain stops at for each mode, besides
// the controls and the bytes of 0x80 or more: the mode's backslash or
// double quote, or DEL again.
var escapeSpecials = [...]uint64{
	escapeText:    '\\',
	escapeQuoted:  '"',
	escapeMessage: 0x7f,
}

// appendEscaped writes s to b escaped as the package comment says, the
// backslash and double quote as mode says.
func appendEscaped(b *strings.Builder, s string, mode escapeMode) {
	done := 0 // s[:done] is written
	for i := 0; ; {
		if i = nextStop(s, i, mode); i == len(s) {
			break
		}
		if c := s[i]; c < utf8.RuneSelf {
			b.WriteString(s[done:i])
			if c < 0x20 || c == 0x7f {
				writeHexEscape(b, 'x', uint32(c), 2)
			} else { // the mode's backslash or double quote
				b.WriteByte('\\')
				b.WriteByte(c)
			}
			i++
			done = i
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			b.WriteString(s[done:i])
			writeHexEscape(b, 'x', uint32(s[i]), 2)
		case Hidden(r) && r <= 0xFFFF:
			b.WriteString(s[done:i])
			writeHexEscape(b, 'u', uint32(r), 4)
		case Hidden(r):
			b.WriteString(s[done:i])
			writeHexEscape(b, 'U', uint32(r), 8)
		default:
			i += n
			continue
		}
		i += n
		done = i
	}
	b.WriteString(s[done:])
}

// writeHexEscape writes a backslash, kind and v in digits hex digits.
func writeHexEscape(b *strings.Builder, kind byte, v uint32, digits int) {
	b.WriteByte('\\')
	b.WriteByte(kind)
	for shift := 4 * (digits - 1); shift >= 0; shift -= 4 {
		b.WriteByte(infra.UpperHexDigits[v>>shift&15])
	}
}

// Quote returns text, a text that Of or Redacted wrote, in double quotes,
// with its double quotes escaped: what an error message quotes, as in
// `url: parse "https://user:xxxxx@[::1": IPv6-unclosed`. But for the marker
// of a cut, it is a Go string literal. So that a message holds no hidden
// code point and stays short whatever the caller passed, Quote escapes
// what Of would have in any text (a control, an invalid byte, a hidden code
// point: none is left in a text of Of), and quotes a string longer than
// any text of Of as Of(text).
func Quote(text string) string {
	if len(text) > maxText {
		text = Of(text)
	}
	var b strings.Builder
	b.Grow(len(text) + 2)
	b.WriteByte('"')
	appendEscaped(&b, text, escapeQuoted)
	b.WriteByte('"')
	return b.String()
}

// QuoteOf returns Quote(Of(s)): s as an error message quotes an input.
func QuoteOf(s string) string { return Quote(Of(s)) }

// Message returns msg, the message of an error that this module did not
// write, escaped as the text of an input is but for backslashes (such
// messages quote with Go's escapes themselves), and cut as a text is when
// it is longer than MaxWhole bytes: msg itself when that changes nothing.
// It redacts nothing: msg must not hold a password.
func Message(msg string) string {
	if len(msg) > MaxWhole {
		head := trimIncompleteEnd(msg[:Head])
		tail := trimIncompleteStart(msg[len(msg)-Tail:])
		var b strings.Builder
		appendEscaped(&b, head, escapeMessage)
		writeCut(&b, len(msg)-len(head)-len(tail))
		appendEscaped(&b, tail, escapeMessage)
		return b.String()
	}
	if !needsEscape(msg, escapeMessage) {
		return msg
	}
	var b strings.Builder
	b.Grow(len(msg) + 8)
	appendEscaped(&b, msg, escapeMessage)
	return b.String()
}

// Err returns err as an error of this module may wrap it: err itself when
// its message needs no escape; for a *net/url.Error, whose message and URL
// field hold the URL whole, a copy with the URL as Of writes it (and its
// Err as Err returns it), so that errors.As still finds a *net/url.Error;
// otherwise an error with err's message escaped by Message, which wraps
// what err wraps, one error or several (errors.Join's), each as Err
// returns it (err's own message, unescaped, is not reachable from it).
// Err does not look further into err for a password than a *net/url.Error
// at its top: err's message must hold none otherwise.
func Err(err error) error {
	if err == nil {
		return nil
	}
	if ue, ok := err.(*stdurl.Error); ok {
		return &stdurl.Error{Op: ue.Op, URL: Of(ue.URL), Err: Err(ue.Err)}
	}
	msg := err.Error()
	safe := Message(msg)
	if safe == msg {
		return err
	}
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		var errs []error
		for _, e := range joined.Unwrap() {
			errs = append(errs, Err(e))
		}
		return &escapedErrors{msg: safe, errs: errs}
	}
	return &escapedError{msg: safe, err: Err(errors.Unwrap(err))}
}

// An escapedError is an error whose message had to be escaped.
type escapedError struct {
	msg string
	err error
}

func (e *escapedError) Error() string { return e.msg }
func (e *escapedError) Unwrap() error { return e.err }

// An escapedErrors is an error that wraps several errors, whose message
// had to be escaped.
type escapedErrors struct {
	msg  string
	errs []error
}

func (e *escapedErrors) Error() string   { return e.msg }
func (e *escapedErrors) Unwrap() []error { return e.errs }

// Hidden reports whether r is a code point that the text of an input
// escapes other than an ASCII control (see the package comment): a C1
// control, a format character, a line or paragraph separator, or another
// default ignorable code point.
func Hidden(r rune) bool {
	if r < 0x80 {
		return false
	}
	if r < 0x10000 {
		// (One bit a code point of the Basic Multilingual Plane: an error
		// quotes every code point of its input, and most are in it.)
		return hiddenBMP[r>>6]&(1<<(r&63)) != 0
	}
	_, found := slices.BinarySearchFunc(hiddenRanges[:], r, func(rg [2]rune, r rune) int {
		switch {
		case rg[1] < r:
			return -1
		case rg[0] > r:
			return 1
		}
		return 0
	})
	return found
}

// hiddenBMP has the bit of each code point of hiddenRanges below U+10000.
var hiddenBMP = func() (t [0x10000 / 64]uint64) {
	for _, rg := range hiddenRanges {
		for r := rg[0]; r <= rg[1] && r < 0x10000; r++ {
			t[r>>6] |= 1 << (r & 63)
		}
	}
	return t
}()

// hiddenRanges are the code points, above ASCII, that Hidden reports, as
// sorted inclusive ranges: the C1 controls and U+007F's neighbours in Cc,
// every format character (Cf), U+2028 and U+2029 (Zl, Zp), and the default
// ignorable code points (Other_Default_Ignorable_Code_Point and
// Variation_Selector) of Unicode 17. The test checks it against the
// unicode package's tables, so that a new Unicode version cannot add one
// unnoticed.
var hiddenRanges = [...][2]rune{
	{0x0080, 0x009F}, // C1 controls
	{0x00AD, 0x00AD}, // soft hyphen
	{0x034F, 0x034F}, // combining grapheme joiner
	{0x0600, 0x0605}, // Arabic number signs
	{0x061C, 0x061C}, // Arabic letter mark
	{0x06DD, 0x06DD},
	{0x070F, 0x070F},
	{0x0890, 0x0891},
	{0x08E2, 0x08E2},
	{0x115F, 0x1160}, // Hangul fillers
	{0x17B4, 0x17B5},
	{0x180B, 0x180F}, // Mongolian variation selectors, vowel separator
	{0x200B, 0x200F}, // zero width space, (non-)joiner, LRM, RLM
	{0x2028, 0x202E}, // line and paragraph separators, LRE to RLO
	{0x2060, 0x206F}, // word joiner, invisible operators, LRI to PDI, deprecated formats
	{0x3164, 0x3164}, // Hangul filler
	{0xFE00, 0xFE0F}, // variation selectors
	{0xFEFF, 0xFEFF}, // zero width no-break space (byte order mark)
	{0xFFA0, 0xFFA0}, // halfwidth Hangul filler
	{0xFFF0, 0xFFFB}, // interlinear annotations
	{0x110BD, 0x110BD},
	{0x110CD, 0x110CD},
	{0x13430, 0x1343F}, // Egyptian hieroglyph format controls
	{0x1BCA0, 0x1BCA3}, // shorthand format controls
	{0x1D173, 0x1D17A}, // musical symbol formats
	{0xE0000, 0xE0FFF}, // tags, variation selectors supplement
}
