package urlpattern

import (
	"strconv"
	"strings"

	"github.com/webstd/url"
)

// Generate returns the text of component c that p's pattern for it
// matches with its named groups set to the values in groups, as the
// tentative URLPattern.generate of web-platform-tests
// (urlpattern-generate-test-data.json) and Chromium define it; the URL
// Pattern Standard does not have it yet (https://github.com/whatwg/urlpattern/issues/73).
// It is the reverse of matching, for building URLs from routes:
//
//	p := urlpattern.MustParse("https://example.com/books/:id")
//	p.Generate(urlpattern.Pathname, map[string]string{"id": "42"}) // "/books/42"
//
// A value fills its group and nothing else: it cannot add a path segment, a
// dot segment, a query parameter, a label or a port, nor lose a code point
// on the way. A value is text, not percent-encoded (the percent-decoded
// value of a match, or a file name as it is), and any invalid UTF-8 in it
// is read as U+FFFD. Generate writes it in its component as follows, and
// refuses it when it cannot.
//
//   - Pathname, search, hash, username, password: the value is
//     percent-encoded as the component's encoding callback does
//     (https://urlpattern.spec.whatwg.org/#canon-encoding-callbacks, which
//     runs the URL parser on it), and Generate also percent-encodes the code
//     points that would otherwise be read as structure, be dropped or be
//     decoded: in every one of them "%", tab, LF and CR; in a pathname the
//     whole path percent-encode set (https://url.spec.whatwg.org/#path-percent-encode-set:
//     space, '"', "#", "<", ">", "?", "^", "`", "{", "}" and the controls),
//     ";" (a path parameter for some servers) and "|" (a Windows drive
//     letter in a file URL); in a search "&", "=", "+", ";" and "#", so that
//     application/x-www-form-urlencoded reads one value where the group is.
//     A pathname value of a pattern of a special scheme, whose groups end at
//     "/", cannot hold "/" or "\" (the URL parser reads both as "/"): it is
//     refused rather than written as %2F or %5C, which servers that decode a
//     path before they split it read as a separator.
//   - Hostname: the value must be one domain label. It is converted to ASCII
//     as the host parser does ([url.DomainToASCII]: lowercase, Punycode);
//     one with a forbidden domain code point (https://url.spec.whatwg.org/#forbidden-domain-code-point,
//     "%" and "/" among them) or that maps to more than one label
//     ("a.b", "a．b") is refused. (In a hostname pattern that is an IPv6
//     address, the value is canonicalized as an IPv6 hostname.)
//   - Port: the value must be ASCII digits, a number up to 65535, and is
//     written without leading zeros; the default port of a special scheme
//     that p's protocol matches is refused, since a URL of that scheme
//     drops it.
//   - Protocol: the value must be a scheme (an ASCII letter followed by
//     ASCII letters, digits, "+", "-" and "."), and is lowercased.
//
// Then Generate reads the component it wrote as the URL parser reads that
// component (each pathname segment as a URL's path holds it, so that "." and
// ".." are refused) and matches it against p: the text must be what the URL
// parser keeps, and matching must give each group the value written for it
// (so that "/:a-:b" refuses a = "x-y", which matching would read as "x").
// What Generate returns is therefore the component as a URL holds it after
// parsing, and "the same" value comes back from [Pattern.Exec] on a URL
// made with it: for pathname, search, hash, username and password the
// group's value, percent-decoded ([url.PercentDecodeString]), is the value
// given; for a hostname it is the value's ASCII form; for a port, the
// number; for a protocol, the lowercased scheme. A component made with
// Generate may be set with the URL's setters, given in an [Init], or joined
// into a URL string (a non-special pathname that begins with "//" after
// "scheme:" with no host needs the "/." the URL serializer writes there).
//
// This differs from the tentative tests in one case: for a pattern of a
// scheme that is not special, a pathname value " " gives "/%20" where the
// tests expect "/ ": a URL holds "/%20" there, and the URL parser strips a
// space that ends a URL string.
//
// Names in groups that the pattern does not have are ignored. The
// component's pattern must have only fixed text and named groups without a
// regular expression or a modifier; with a wildcard, a regexp group or an
// optional or repeated part there is no one text to generate. Generate
// returns an error of kind ErrGenerate when it refuses: its Component is
// c's name and its Err names the group and says why, without the value
// (which may be a secret), and for the password component without the
// pattern either. For a c that is not one of the eight components it
// returns an error of kind ErrComponent.
func (p *Pattern) Generate(c Component, groups map[string]string) (string, error) {
	if c >= numComponents {
		return "", &Error{Kind: ErrComponent, Input: c.String()}
	}
	if !p.valid() {
		return "", &Error{Kind: ErrGenerate, Component: c.String()}
	}
	g := generator{p: p, c: c, comp: p.components[c]}
	var b strings.Builder
	var written []string // the text written for each group, in name list order
	for _, part := range g.comp.parts {
		if part.Modifier != modifierNone {
			return "", g.fail(nil, "a part with a modifier")
		}
		switch part.Type {
		case partFixedText:
			b.WriteString(part.Value)
			continue
		case partFullWildcard:
			return "", g.fail(nil, "a wildcard")
		case partRegexp:
			return "", g.fail(nil, "a regexp group")
		}
		value, ok := groups[part.Name]
		if !ok {
			return "", g.fail([]string{part.Name}, "no value")
		}
		encoded, why := g.encode(toUSVString(value))
		if why != "" {
			return "", g.fail([]string{part.Name}, why)
		}
		b.WriteString(part.Prefix)
		b.WriteString(encoded)
		b.WriteString(part.Suffix)
		written = append(written, encoded)
	}
	text := b.String()
	if len(written) > 0 {
		if names, why := g.check(text, written); why != "" {
			return "", g.fail(names, why)
		}
	}
	return text, nil
}

// A generator is what Generate needs to write and check component c of p.
type generator struct {
	p    *Pattern
	c    Component
	comp *component
}

// fail returns the ErrGenerate error of g's component, for the groups
// named, if any.
func (g generator) fail(groups []string, why string) error {
	e := &Error{Kind: ErrGenerate, Component: g.c.String(), Err: &generateError{groups: groups, why: why}}
	// The password's pattern may be a password.
	if g.c != Password {
		e.Input = g.comp.patternString
	}
	return e
}

// Code points that Generate percent-encodes in a value before the
// component's encoding callback runs on it (see Generate), beside those the
// callback encodes. The URL parser drops tab, LF and CR, and leaves a "%"
// as it is, which a reader would then decode.
const (
	encodeAlways   = "%\t\n\r"
	encodePathname = encodeAlways + " \"#<>?^`{};|" + "\x00\x01\x02\x03\x04\x05\x06\x07\x08\x0b\x0c\x0e\x0f" +
		"\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f\x7f"
	encodeSearch = encodeAlways + "&=+;#"
)

// encode returns value, a scalar value string, written for a group of g's
// component, or why it cannot be.
func (g generator) encode(value string) (string, string) {
	if value == "" {
		return "", "an empty value (a group matches at least one code point)"
	}
	var encoded string
	var err error
	switch g.c {
	case Protocol:
		if !isScheme(value) {
			return "", `a value that is not a scheme (an ASCII letter, then ASCII letters, digits, "+", "-" and ".")`
		}
		encoded, err = g.comp.callback(value)
	case Username, Password, Hash:
		encoded, err = g.comp.callback(percentEncodeASCII(value, encodeAlways))
	case Search:
		encoded, err = g.comp.callback(percentEncodeASCII(value, encodeSearch))
	case Pathname:
		if g.comp.opts.delimiter == "/" && strings.ContainsAny(value, `/\`) {
			return "", `a value with "/" or "\", which end a path segment`
		}
		encoded, err = g.comp.callback(percentEncodeASCII(value, encodePathname))
	case Hostname:
		if hostnamePatternIsIPv6Address(g.comp.patternString) {
			if encoded, err = canonicalizeIPv6Hostname(value); err != nil {
				return "", `a value that is not part of an IPv6 address (ASCII hex digits, "[", "]" and ":")`
			}
			break
		}
		if encoded, err = url.DomainToASCII(value); err != nil {
			return "", "a value that is not a domain label (domain to ASCII fails, or gives a forbidden domain code point)"
		}
		if strings.Contains(encoded, ".") {
			return "", "a value of more than one domain label"
		}
	case Port:
		for i := 0; i < len(value); i++ {
			if value[i] < '0' || value[i] > '9' {
				return "", "a value that is not a port (ASCII digits)"
			}
		}
		if encoded, err = g.comp.callback(value); err != nil {
			return "", "a value that is not a port (a number up to 65535)"
		}
	}
	if err != nil {
		return "", "a value that the encoding callback of the " + g.c.String() + " rejects"
	}
	if encoded == "" {
		return "", "a value that is empty once canonicalized (a group matches at least one code point)"
	}
	return encoded, ""
}

// check reads text, the component g wrote with the group values written,
// as the URL parser reads such a component, and matches it against g's
// component. It returns the groups at fault and why when the URL parser
// would keep another text, or matching would give a group another value.
func (g generator) check(text string, written []string) ([]string, string) {
	names := g.comp.names
	read, ok := g.read(text)
	if !ok {
		return names, "a " + g.c.String() + " that the URL parser rejects"
	}
	if read != text {
		if g.c == Pathname && hasDotSegment(text) {
			return names, `a "." or ".." path segment, which the URL parser removes`
		}
		return names, "a " + g.c.String() + " that the URL parser changes"
	}
	if g.c == Port {
		for _, s := range specialSchemes {
			if s.defaultPort != "" && s.defaultPort == text && g.p.components[Protocol].test(s.scheme) {
				return names, "the default port of " + strconv.Quote(s.scheme) + ", which a URL of that scheme drops"
			}
		}
	}
	values, ok := g.comp.exec(text)
	if !ok {
		return names, "a " + g.c.String() + " that the pattern does not match"
	}
	for i, v := range values {
		if !v.Defined || v.Value != written[i] {
			return names[i : i+1], "a value that matching reads otherwise (the text next to the group also occurs in it)"
		}
	}
	return nil, ""
}

// nonSpecialURL is a URL whose scheme is not special, for reading a
// pathname as the path of such a URL.
var nonSpecialURL = url.MustParse("non-special://dummy.invalid/")

// read returns text, a component g wrote, as the URL parser reads that
// component, or false when the parser returns failure for it.
func (g generator) read(text string) (string, bool) {
	switch g.c {
	case Hostname:
		// Also the text of an IPv6 address pattern: the host parser reads
		// it as a URL's host.
		host, err := canonicalizeHostname(text)
		return host, err == nil
	case Pathname:
		// A pattern of a scheme that is not special has the opaque
		// pathname callback, but a pathname that begins with "/" is read
		// as a path, which resolves dot segments and encodes more.
		if g.comp.opts.delimiter != "/" && strings.HasPrefix(text, "/") {
			u := nonSpecialURL
			u.SetPathname(text)
			return u.Pathname(), true
		}
	}
	read, err := g.comp.callback(text)
	return read, err == nil
}

// hasDotSegment reports whether the path text has a single-dot or a
// double-dot path segment (https://url.spec.whatwg.org/#single-dot-path-segment).
func hasDotSegment(text string) bool {
	for seg := range strings.SplitSeq(text, "/") {
		switch strings.ToLower(seg) {
		case ".", "%2e", "..", ".%2e", "%2e.", "%2e%2e":
			return true
		}
	}
	return false
}

// isScheme reports whether s is a URL scheme: an ASCII alpha followed by
// ASCII alphanumerics, "+", "-" and "." (https://url.spec.whatwg.org/#scheme-state).
func isScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		switch {
		case 'a' <= c && c <= 'z':
		case i > 0 && ('0' <= s[i] && s[i] <= '9' || s[i] == '+' || s[i] == '-' || s[i] == '.'):
		default:
			return false
		}
	}
	return s != ""
}

// percentEncodeASCII returns s with each byte in set percent-encoded
// (https://url.spec.whatwg.org/#percent-encode), or s itself when it has
// none.
func percentEncodeASCII(s, set string) string {
	i := strings.IndexAny(s, set)
	if i < 0 {
		return s
	}
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for ; i < len(s); i++ {
		if strings.IndexByte(set, s[i]) >= 0 {
			b.WriteByte('%')
			b.WriteByte(hex[s[i]>>4])
			b.WriteByte(hex[s[i]&15])
		} else {
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// A generateError is why Generate refused: the groups at fault, if any,
// and why. It never holds a value, which may be a secret.
type generateError struct {
	groups []string
	why    string
}

func (e *generateError) Error() string {
	switch len(e.groups) {
	case 0:
		return "the pattern has " + e.why
	case 1:
		return "group " + strconv.Quote(e.groups[0]) + ": " + e.why
	}
	q := make([]string, len(e.groups))
	for i, name := range e.groups {
		q[i] = strconv.Quote(name)
	}
	return "groups " + strings.Join(q, ", ") + ": " + e.why
}
