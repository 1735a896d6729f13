// Package errcheck is the property that every error of this module keeps,
// for the tests of its packages (and only for them): no text of an error
// holds the password its input yields, nor a character that a terminal acts
// on or a log viewer hides. It judges with the unicode package's tables,
// not with the table that internal/errtext escapes with.
package errcheck

import (
	"fmt"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/webstd/url/internal/infra"
)

// A Case is an input of the shape Prefix + User + ":" + Password + "@" +
// Suffix, which a URL parser may read as a URL with a password, and which
// may fail to parse or to convert because of Suffix.
type Case struct {
	Prefix, User, Password, Suffix string
}

// Input returns the case's input.
func (c Case) Input() string { return c.Prefix + c.User + ":" + c.Password + "@" + c.Suffix }

// Good returns the case with a suffix that is a host that parses ("h/"),
// whose password is the one the case's input yields: the password of a
// failing input is what the same input yields with its failing part
// replaced.
func (c Case) Good() Case {
	c.Suffix = "h/"
	return c
}

// Passwords returns the passwords of c's input under a reading that found
// read as its password: read, and c's password as the case placed it when
// that is what the reading read (the same once percent-decoded, without
// tabs and newlines, invalid bytes as U+FFFD), which catches it where an
// error shows it raw. Where the reading put the password elsewhere
// ("http:00:0@0\\@000@0" has the password "0": the "\\" of a special URL
// ends the authority, and "@000@0" is the path), c's password is not one.
func (c Case) Passwords(read string) []string {
	placed := infra.ToWellFormed(percentDecode(removeTabs(c.Password)))
	if percentDecode(read) == placed {
		return []string{read, c.Password}
	}
	return []string{read}
}

// InAuthority reports whether the case's password is the password of its
// input read as an authority ("user:pass@host", as a host setter and a
// Host header read it): whether nothing before it ends the authority. A
// "/", "?" or "#" in the prefix or the user name does, and then what the
// case placed as a password is a path, query or fragment:
// ":0@0#0:000@0" has the password "0" and the fragment "0:000@0".
func (c Case) InAuthority() bool {
	return !strings.ContainsAny(removeTabs(c.Prefix+c.User), "/?#")
}

// Placed returns the case's input with the password as the case placed it
// replaced by as many "x" as it has bytes: what an error may hold of the
// input and still hold no password. (A secret that the rest of the input
// spells, such as a user name equal to the password, is no leak.) The
// length is the password's so that the offsets and lengths an error
// states are the input's: a password "0: " is no leak in "at 20: ".
//
// Only the password is replaced: of a password that a "/", "?" or "#" cuts
// (see Secrets), what follows its last "@" before the cut is the host and
// the rest of the input, and stays. "000@000#" is the password "000" and
// the host "000", which an error may show.
func (c Case) Placed() string { return c.placedCutAt("/?#") }

// PlacedSpecial is Placed for the URL parser's reading of a special URL,
// in which a "\" ends the authority as "/" does: "@00@0\@00" is the
// password "@00", the host "0" and the path "/@00", which an error may
// show.
func (c Case) PlacedSpecial() string { return c.placedCutAt(`/?#\`) }

// placedCutAt is Placed with the password cut at the first byte of cuts.
func (c Case) placedCutAt(cuts string) string {
	password, rest := c.Password, ""
	if i := strings.IndexAny(password, cuts); i >= 0 && !strings.ContainsAny(password[:i], "\t\n\r") {
		if j := strings.LastIndexByte(password[:i], '@'); j >= 0 {
			password, rest = password[:j], password[j:]
		}
	}
	return c.Prefix + c.User + ":" + strings.Repeat("x", len(password)) + rest + "@" + c.Suffix
}

// Secrets returns the forms in which the passwords may appear in a text:
// each as it is, without ASCII tab or newline (the URL parser removes
// them), percent-decoded, and as Go and this module escape it; and of a
// password with an "@" in it (percent-decoded), each part between two "@"
// or an "@" and an end, and each part with a "\" at its end removed
// (`p\@S3CR3T`): the URL parser splits a userinfo at its last "@", the
// URLPattern constructor string parser at the first (an escaped "\@"
// too), which reads what follows as the host. Forms that read as fewer
// than 3 bytes are left out (see long): they turn up in any text by
// chance; and so are forms of U+FFFD only, what a reader makes of any
// invalid byte, of the password or not. A password is cut at its first "/", "?" or "#", where every
// reading ends the authority, and then at its last "@", after which the
// host is.
func Secrets(passwords ...string) []string {
	var out []string
	add := func(s string) {
		if long(s) && strings.Trim(s, "\uFFFD") != "" && !contains(out, s) {
			out = append(out, s)
		}
	}
	for _, p := range passwords {
		// A "/", "?" or "#" ends the authority in every reading of a URL
		// (the URL parser's, net/url's, the URLPattern constructor string
		// parser's), and so the password: what follows it is a path, a
		// query or a fragment, whatever "@" it holds. And what follows
		// the last "@" before it is then the host.
		if i := strings.IndexAny(removeTabs(p), "/?#"); i >= 0 {
			p = removeTabs(p)[:i]
			if j := strings.LastIndexByte(p, '@'); j >= 0 {
				p = p[:j]
			}
		}
		if p == "" {
			continue
		}
		forms := []string{p, removeTabs(p), percentDecode(p), removeTabs(percentDecode(p))}
		if d := removeTabs(percentDecode(p)); strings.Contains(d, "@") {
			for _, part := range strings.Split(d, "@") {
				forms = append(forms, part, strings.TrimSuffix(part, "\\"))
			}
		}
		for _, s := range forms {
			add(s)
			q := fmt.Sprintf("%q", s)
			add(q[1 : len(q)-1])
		}
	}
	return out
}

// long reports whether a form of a password is long enough to be told
// from chance: whether it reads as 3 bytes or more, with its Go and
// percent escapes read back, not counting the double quotes with which
// every error quotes its input. The password "0@", which net/url writes
// "0%40", is as short as "0@" in any spelling: an error that quotes the
// fragment "0:0@0" spells "0%40" by chance; and the password `00"` is "00"
// and a quote: an error that quotes the host "0000" ends `0000"`.
func long(form string) bool {
	return len(strings.ReplaceAll(percentDecode(normalize(form)), `"`, "")) >= 3
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// removeTabs removes every ASCII tab or newline, as the URL parser does.
func removeTabs(s string) string { return tabs.Replace(s) }

var tabs = strings.NewReplacer("\t", "", "\n", "", "\r", "")

// normalize returns what a person reads in text: with Go's escapes (and
// this module's, which are Go's) read back, as often as texts quote texts
// (a %#v of an error quotes its fields, which hold escaped inputs), and
// then without ASCII tab or newline (so that a password with a tab in it
// is found where an error shows the tab escaped). Read back, the escape of
// a NUL before a "0", `\x000`, spells no "000".
// And without the addresses that %#v writes of pointers, "(0xc000012345)",
// nor the names of code points, "U+0009", which may spell a password by
// chance: a name says which one code point, never a password.
func normalize(text string) string {
	text = pointer.ReplaceAllString(text, "(*)")
	text = codePointName.ReplaceAllString(text, "U+*")
	text = Uncounted(text)
	for range maxQuoting {
		u := unescape(text)
		if u == text {
			break
		}
		text = u
	}
	return tabs.Replace(text)
}

// maxQuoting is how many times a text of an error may be quoted in
// another: an input escaped by errtext, in an error's field, in %#v.
const maxQuoting = 4

var (
	pointer       = regexp.MustCompile(`\(0x[0-9a-f]+\)`)
	codePointName = regexp.MustCompile(`U\+[0-9A-F]{4,6}\b`)
	cutCount      = regexp.MustCompile(`\([0-9]+ bytes cut\)`)
)

// Uncounted returns text with the count of each cut of a long input
// ("\...(100 bytes cut)...", as errtext cuts one) left out: a number the
// error writes, which may spell a short password ("00") by chance.
func Uncounted(text string) string {
	return cutCount.ReplaceAllString(text, "(N bytes cut)")
}

// unescape reads back the escapes of a Go string literal in s: \\, \",
// \a \b \f \n \r \t \v, \xNN (a byte), \uNNNN and \UNNNNNNNN (a
// code point). Anything else is left as it is.
func unescape(s string) string {
	i := strings.IndexByte(s, '\\')
	if i < 0 {
		return s
	}
	b := []byte(s[:i])
	for ; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			b = append(b, c)
			continue
		}
		if r, ok := simpleEscapes[s[i+1]]; ok {
			b = append(b, r)
			i++
			continue
		}
		digits := hexDigits[s[i+1]]
		v, ok := hexValue(s[i+2:], digits)
		switch {
		case !ok:
			b = append(b, c)
			continue
		case s[i+1] == 'x':
			b = append(b, byte(v))
		default:
			b = utf8.AppendRune(b, rune(v))
		}
		i += 1 + digits
	}
	return string(b)
}

var hexDigits = map[byte]int{'x': 2, 'u': 4, 'U': 8}

var simpleEscapes = map[byte]byte{'\\': '\\', '"': '"', 'a': '\a', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t', 'v': '\v'}

// hexValue returns the value of the first digits bytes of s, when they are
// hex digits (and digits is not 0).
func hexValue(s string, digits int) (uint32, bool) {
	if digits == 0 || len(s) < digits {
		return 0, false
	}
	var v uint32
	for i := range digits {
		h, ok := infra.HexDigitValue(s[i])
		if !ok {
			return 0, false
		}
		v = v<<4 | uint32(h)
	}
	return v, true
}

// percentDecode decodes every "%" followed by two hex digits.
func percentDecode(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b []byte
	for i := 0; i < len(s); i++ {
		if infra.IsPercentEncodedByteAt(s, i) {
			b = append(b, infra.PercentDecodedByte(s[i+1], s[i+2]))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}

// Texts returns every text that a program can get from err and print: its
// message, its %v and %+v, and for err and each error it wraps (through
// Unwrap() error and Unwrap() []error), its message, the strings of its %#v
// (GoStrings), and every exported string field, down through pointers,
// structs and slices. A nil err has none.
func Texts(err error) []string {
	if err == nil {
		return nil
	}
	out := []string{fmt.Sprintf("%v", err), fmt.Sprintf("%+v", err)}
	seen := 0
	var walk func(e error)
	walk = func(e error) {
		if e == nil || seen > 64 {
			return
		}
		seen++
		out = append(out, e.Error(), GoStrings(fmt.Sprintf("%#v", e)))
		out = appendStrings(out, reflect.ValueOf(e), 0)
		switch w := e.(type) {
		case interface{ Unwrap() error }:
			walk(w.Unwrap())
		case interface{ Unwrap() []error }:
			for _, e := range w.Unwrap() {
				walk(e)
			}
		}
	}
	walk(err)
	return out
}

// GoStrings returns the string literals of text, a value in Go syntax (a
// %#v), each as it is written there (quoted and escaped), joined by spaces:
// what the value's strings hold, exported fields or not, without the syntax
// around them (the names of types and fields, numbers), which spells a
// short password by chance: "Kind:0x1" spells "d:0".
func GoStrings(text string) string {
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		if text[i] != '"' {
			continue
		}
		j := i + 1 // the closing quote, after escapes
		for j < len(text) && text[j] != '"' {
			if text[j] == '\\' {
				j++
			}
			j++
		}
		j = min(j, len(text)-1)
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(text[i : j+1])
		i = j
	}
	return b.String()
}

// appendStrings appends the strings v holds in exported fields.
func appendStrings(out []string, v reflect.Value, depth int) []string {
	if depth > 8 || !v.IsValid() {
		return out
	}
	switch v.Kind() {
	case reflect.String:
		out = append(out, v.String())
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			out = appendStrings(out, v.Elem(), depth+1)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				out = appendStrings(out, v.Field(i), depth+1)
			}
		}
	case reflect.Slice, reflect.Array:
		for i := range min(v.Len(), 64) {
			out = appendStrings(out, v.Index(i), depth+1)
		}
	}
	return out
}

// Hidden reports whether r is a code point that no text of an error may
// hold as it is, by the unicode package's tables: a control (Cc), a format
// character (Cf, which has the bidirectional controls), a line or
// paragraph separator (Zl, Zp), or another default ignorable code point
// (Other_Default_Ignorable_Code_Point, Variation_Selector), which a
// renderer does not show.
func Hidden(r rune) bool {
	return unicode.In(r, unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp,
		unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector)
}

// Unescaped returns a description of the first code point of text that
// Hidden reports, or of its first invalid UTF-8 byte, or "" when it has
// neither. The one line break allowed is the "\r\n" before "Host: " in
// url.ConversionError.Request, which holds a request line and a Host
// header as net/http writes them (the rest of it escaped).
func Unescaped(text string) string {
	text = strings.ReplaceAll(text, "\r\nHost: ", "")
	for i, r := range text {
		if 0x20 <= r && r < 0x7F {
			continue
		}
		if r == utf8.RuneError {
			if _, n := utf8.DecodeRuneInString(text[i:]); n == 1 {
				return fmt.Sprintf("the invalid byte %#x at %d", text[i], i)
			}
		}
		if Hidden(r) {
			return fmt.Sprintf("U+%04X at %d", r, i)
		}
	}
	return ""
}

// Leak returns the first of secrets that a text of texts holds (as a person
// reads it: see normalize) and no text of allowed does, and that text. A
// double quote at either end of a secret may be one with which the error
// quotes a text, not the password's: a secret that an allowed text holds
// without it is allowed too (the password `000"` and an error that quotes
// the host "000" as "xxxxx@000", when the rest of the input is that host).
func Leak(texts, allowed, secrets []string) (secret, text string, found bool) {
	var all strings.Builder
	for _, a := range allowed {
		all.WriteString(normalize(a))
		all.WriteByte(0)
	}
	allowedText := all.String()
	for _, t := range texts {
		n := normalize(t)
		for _, s := range secrets {
			s = normalize(s)
			if long(s) && readsIn(n, s) && !strings.Contains(allowedText, s) &&
				!strings.Contains(allowedText, strings.Trim(s, `"`)) {
				return s, t, true
			}
		}
	}
	return "", "", false
}

// readsIn reports whether a person reads s in text: whether it occurs
// there other than from inside a percent-escape, whose "%XX" reads as one
// character. The password "000" is not read in "%4000" (an encoded "@"
// and "00").
func readsIn(text, s string) bool {
	for i := 0; ; {
		j := strings.Index(text[i:], s)
		if j < 0 {
			return false
		}
		j += i
		if !insideEscape(text, j) {
			return true
		}
		i = j + 1
	}
}

// insideEscape reports whether text[i] is a hex digit of a "%XX" escape.
func insideEscape(text string, i int) bool {
	escapeAt := func(k int) bool {
		return k >= 0 && infra.IsPercentEncodedByteAt(text, k)
	}
	return escapeAt(i-1) || escapeAt(i-2)
}

// Errors is the texts of errs, for Texts of several errors.
func Errors(errs ...error) []string {
	var out []string
	for _, err := range errs {
		out = append(out, Texts(err)...)
	}
	return out
}

// Check checks the property on c: every text of the errors that run returns
// for c's input is escaped (Unescaped finds nothing in it), and none holds
// one of secrets, the forms of the password the input yields, that no text
// of the errors run returns for c.Placed() holds. And each error begins as
// the module's errors do (Prefixed).
func Check(t testing.TB, name string, c Case, secrets []string, run func(input string) []error) {
	t.Helper()
	errs := run(c.Input())
	for _, err := range errs {
		if err != nil && !Prefixed(err) {
			t.Fatalf("%s(%q): an error does not begin with its package's name: %q", name, c.Input(), err.Error())
		}
	}
	texts := Errors(errs...)
	for _, text := range texts {
		if what := Unescaped(text); what != "" {
			t.Fatalf("%s(%q): an error shows %s as it is: %q", name, c.Input(), what, text)
		}
	}
	if len(secrets) == 0 || len(texts) == 0 {
		return
	}
	// What the rest of the input spells is no leak, as a reader makes
	// code points of its bytes too: an invalid byte of the suffix reads
	// as U+FFFD as one of the password does. The rest is the input's
	// after the password of either reading: the one where "\\" is part of
	// the password, and the URL parser's of a special URL, where it ends
	// the authority.
	var allowed []string
	for _, placed := range []string{c.Placed(), c.PlacedSpecial()} {
		allowed = append(allowed, Errors(run(placed)...)...)
		allowed = append(allowed, placed, removeTabs(placed), percentDecode(placed),
			string([]rune(placed)), infra.ToWellFormed(placed), infra.ToWellFormed(percentDecode(placed)))
	}
	if secret, text, found := Leak(texts, allowed, secrets); found {
		t.Fatalf("%s(%q): an error holds the password %q: %q", name, c.Input(), secret, text)
	}
}

// Prefixes are how the error of every function of the module begins: the
// name of its package and a colon, as net/http's errors begin "http: ",
// then what was done and to what. The sentinels (ErrOpaquePath and the
// like) are the reasons such an error wraps, found with errors.Is, and do
// not repeat the prefix.
var Prefixes = []string{"url: ", "urlpattern: ", "router: ", "canonical: ", "ssrf: ", "urlparse: "}

// clientError is the form of net/http's client errors (a *net/url.Error:
// `Get "https://h/": ...`), which ssrf's Get returns as http.Client's does.
var clientError = regexp.MustCompile(`^[A-Z][a-z]+ "`)

// Output is a text a program printed, such as a line of urlparse's
// output: Check looks in it for passwords and hidden code points, but it
// is no error value, and has no prefix to begin with.
type Output string

func (o Output) Error() string { return string(o) }

// Prefixed reports whether err's text begins as the module's errors do:
// with one of Prefixes, or in the form of net/http's client errors. An
// Output needs no prefix.
func Prefixed(err error) bool {
	if _, ok := err.(Output); ok {
		return true
	}
	text := err.Error()
	for _, p := range Prefixes {
		if strings.HasPrefix(text, p) {
			return true
		}
	}
	return clientError.MatchString(text)
}
