package urlpattern

import (
	"errors"
	"strconv"
	"strings"

	"github.com/webstd/url"
	"github.com/webstd/url/internal/infra"
	"github.com/webstd/url/internal/urlhook"
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
// What Generate returns is a component, to be set with that component's
// setter of a URL (https://url.spec.whatwg.org/#urlutils-members:
// [url.URL.SetPathname], [url.URL.SetSearch], ...) or given as that
// component of an [Init] ([Pattern.ExecInit], [Pattern.TestInit]), which
// read it as the URL parser reads that component alone. It is not a piece of
// a URL string: joined into one, it may read otherwise, since the URL parser
// strips the C0 controls and spaces that begin or end a URL string (a
// pathname "/ " set on "foo://h/" is "/%20", but "foo://h" + "/ " parses to
// "foo://h/"). A path that is opaque (one that does not begin with "/", of
// a scheme that is not special) has no setter: give it in an Init.
//
// A value fills its group and nothing else: it cannot add a path segment, a
// dot segment, a query parameter, a label or a port, nor lose a code point
// on the way. (A group holds what its pattern lets it match: in the
// pathname of a pattern whose protocol is not special, a group is not
// bounded by "/" (https://urlpattern.spec.whatwg.org/#url-pattern-create
// uses the default options there), so its value may hold "/" as a match of
// it may: MustParse("sc:/:p") generates "/a/b" for p = "a/b", which
// matching reads back as p = "a/b".) A value is text, not percent-encoded (the percent-decoded
// value of a match, or a file name as it is), and any invalid UTF-8 in it
// is read as U+FFFD. Generate writes it in its component as follows, and
// refuses it when it cannot.
//
//   - Pathname, search, hash, username, password: the value is
//     percent-encoded as the component's encoding callback does
//     (https://urlpattern.spec.whatwg.org/#canon-encoding-callbacks, which
//     runs the URL parser on it: for a pathname of a special scheme the path
//     percent-encode set, for one of another scheme the C0 control
//     percent-encode set), and Generate also percent-encodes the code points
//     that would otherwise be read as structure, be dropped or be decoded:
//     in every one of them "%", tab, LF and CR; in a pathname "?" and "#"
//     (which end an opaque path), ";" (a path parameter for some servers)
//     and "|" (a Windows drive letter in a file URL); in a search "&", "=",
//     "+", ";", "#" and "?", so that application/x-www-form-urlencoded reads
//     one value where the group is and the setter keeps a leading "?"; in a
//     hash "#", which the setter would remove at the start. What the
//     callback leaves and the setter encodes stays as the callback writes
//     it: a pathname value " " of a scheme that is not special gives "/ ",
//     which the pathname setter writes "/%20".
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
// Then Generate sets the component it wrote as it is to be used: with the
// component's setter on a URL of each scheme that p's protocol can match
// (the protocol when it is fixed text; otherwise each special scheme it
// matches and one that is not special), and as that component of an Init
// with that protocol. It refuses the values when a setter or Init rejects
// the component, and when matching what the URL or Init then holds against
// p does not give each group back its value: so a "." or ".." segment,
// which the pathname setter removes, is refused; so is a = "x-y" in
// "/:a-:b", which matching would read as "x"; so is a hostname that a URL
// reads as another host ("localhost" in a file URL, "1" in Init, which
// reads a hostname as a special URL's host, 0.0.0.1). The value comes back
// "the same" as [Pattern.ExecURL] and [Pattern.ExecInit] give it: for
// pathname, search, hash, username and password the group's value,
// percent-decoded ([url.PercentDecodeString]), is the value given; for a
// hostname it is the value's ASCII form; for a port, the number; for a
// protocol, the lowercased scheme.
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
func (p *Pattern) Generate(c Component, groups map[string]string) (_ string, err error) {
	defer func() {
		if err != nil {
			// The hostname and port patterns are read as create reads
			// them (an "@" in them makes what comes before it userinfo).
			err = sealed(err, secretsOf("", &Init{Hostname: new(p.patternString(Hostname)), Port: new(p.patternString(Port))}, false))
		}
	}()
	if c >= numComponents {
		return "", &Error{Kind: ErrComponent, Input: c.String()}
	}
	if !p.valid() {
		return "", &Error{Kind: ErrGenerate, Component: c.String()}
	}
	g := generator{p: p, c: c, comp: p.components[c]}
	var b strings.Builder
	var values, written []string // each group's value and the text written for it, in name list order
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
		value = toUSVString(value)
		encoded, why := g.encode(value)
		if why != "" {
			return "", g.fail([]string{part.Name}, why)
		}
		b.WriteString(part.Prefix)
		b.WriteString(encoded)
		b.WriteString(part.Suffix)
		values = append(values, value)
		written = append(written, encoded)
	}
	text := b.String()
	if len(written) > 0 {
		if names, why := g.check(text, values, written); why != "" {
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
// as it is, which a reader would then decode. In a pathname, the opaque
// pathname callback (a scheme that is not special) ends the path at "?" and
// "#". The search and hash setters, and Init, remove a leading "?" and "#".
const (
	encodeAlways   = "%\t\n\r"
	encodePathname = encodeAlways + "?#;|"
	encodeSearch   = encodeAlways + "&=+;#?"
	encodeHash     = encodeAlways + "#"
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
		if !infra.IsScheme(value) {
			return "", `a value that is not a scheme (an ASCII letter, then ASCII letters, digits, "+", "-" and ".")`
		}
		encoded, err = g.comp.generate(value)
	case Username, Password:
		encoded, err = g.comp.generate(percentEncodeASCII(value, encodeAlways))
	case Hash:
		encoded, err = g.comp.generate(percentEncodeASCII(value, encodeHash))
	case Search:
		encoded, err = g.comp.generate(percentEncodeASCII(value, encodeSearch))
	case Pathname:
		if g.comp.opts.delimiter == "/" && strings.ContainsAny(value, `/\`) {
			return "", `a value with "/" or "\", which end a path segment`
		}
		encoded, err = g.comp.generate(percentEncodeASCII(value, encodePathname))
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
		if encoded, err = g.comp.generate(value); err != nil {
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

// check sets text, the component g wrote with the group values written
// for values, in a URL as it would be set, and matches what the URL holds
// against g's component: with the component's setter on a URL of each
// scheme that p's protocol matches (see schemes), and as that component of
// an Init with that protocol. It returns the groups at fault and why when
// one of them rejects text, or matching does not give each group back its
// value (see same).
func (g generator) check(text string, values, written []string) ([]string, string) {
	names := g.comp.names
	readings := 0
	for _, scheme := range g.schemes() {
		for _, viaInit := range []bool{false, true} {
			read, applies, ok := g.read(text, scheme, viaInit)
			if !applies {
				continue
			}
			readings++
			how := "Init"
			if g.c != Protocol {
				how += " with protocol " + strconv.Quote(scheme)
			}
			if !viaInit {
				how = "the " + g.c.String() + " setter of a URL of scheme " + strconv.Quote(scheme)
			}
			if !ok {
				return names, "a " + g.c.String() + " that " + how + " rejects"
			}
			got, ok := g.comp.exec(read)
			mismatch := -1
			for i := 0; ok && i < len(got); i++ {
				if !got[i].Defined || !g.same(got[i].Value, values[i], written[i]) {
					mismatch = i
					break
				}
			}
			switch {
			case ok && mismatch < 0:
				continue
			case g.c == Pathname && hasDotSegment(text):
				return names, `a "." or ".." path segment, which the URL parser removes`
			case g.c == Port && read == "":
				return names, "the default port of " + strconv.Quote(scheme) + ", which a URL of that scheme drops"
			case !ok:
				return names, "a " + g.c.String() + " that the pattern does not match once " + how + " has read it"
			}
			return names[mismatch : mismatch+1], "a value that matching reads otherwise (the text next to the group also occurs in it)"
		}
	}
	if readings == 0 {
		return names, "a " + g.c.String() + ", which no URL of a scheme that the protocol matches has"
	}
	return nil, ""
}

// same reports whether got, the value that matching gave a group of g's
// component, is value, the value given to Generate, which Generate wrote
// as written: for a hostname, port or protocol got is what Generate wrote
// (a value's ASCII form, number or lowercased scheme); for the other
// components got, percent-decoded, is value.
func (g generator) same(got, value, written string) bool {
	switch g.c {
	case Hostname, Port, Protocol:
		return got == written
	}
	return url.PercentDecodeString(got) == value
}

// schemes returns the schemes of the URLs check sets a component in: the
// protocol of p when it is fixed text; otherwise each special scheme that
// it matches, and "non-special" for the schemes that are not special
// (which all read a component alike) when it matches that, or matches no
// special scheme. For the protocol itself, which Init alone sets, one
// scheme that does not matter.
func (g generator) schemes() []string {
	protocol := g.p.components[Protocol]
	if g.c == Protocol {
		return []string{""}
	}
	if fixed, ok := protocol.fixedText(); ok {
		return []string{fixed}
	}
	var schemes []string
	for _, s := range urlhook.SpecialSchemes {
		if protocol.test(s) {
			schemes = append(schemes, s)
		}
	}
	if len(schemes) == 0 || protocol.test("non-special") {
		schemes = append(schemes, "non-special")
	}
	return schemes
}

// fixedText returns the text c matches when its pattern has only fixed
// text, and false otherwise.
func (c *component) fixedText() (string, bool) {
	var b strings.Builder
	for _, part := range c.parts {
		if part.Type != partFixedText || part.Modifier != modifierNone {
			return "", false
		}
		b.WriteString(part.Value)
	}
	return b.String(), true
}

// schemeURLs are URLs of each special scheme and of a scheme that is not
// special, with a host, for check to set a component in. A URL is a
// value: each use gets a copy.
var schemeURLs = func() map[string]url.URL {
	m := map[string]url.URL{"non-special": url.MustParse("non-special://dummy.invalid/")}
	for _, s := range urlhook.SpecialSchemes {
		m[s] = url.MustParse(s + "://dummy.invalid/")
	}
	m["file"] = url.MustParse("file:///")
	return m
}()

// read returns text, a component g wrote, as a URL of scheme holds it once
// set with the component's setter (https://url.spec.whatwg.org/#urlutils-members),
// or, with viaInit, as match reads it as that component of an Init whose
// protocol is scheme (https://urlpattern.spec.whatwg.org/#process-a-urlpatterninit,
// type "url"). It returns false for applies when there is no such setter
// (the protocol's, which could not change a scheme between special and not
// special; the pathname's of a URL whose path is opaque, as a path that does
// not begin with "/" is when the scheme is not special; the username's,
// password's and port's of a URL that cannot have them), and false for ok
// when the setter or Init rejects text.
func (g generator) read(text, scheme string, viaInit bool) (read string, applies, ok bool) {
	var err error
	if viaInit {
		switch g.c {
		case Protocol:
			read, err = canonicalizeProtocol(text)
		case Username:
			read, err = canonicalizeUsername(text)
		case Password:
			read, err = canonicalizePassword(text)
		case Hostname:
			read, err = canonicalizeHostname(text)
		case Port:
			read, err = canonicalizePortFor(text, scheme, true)
		case Pathname:
			if scheme == "" || isSpecialScheme(scheme) {
				read, err = canonicalizePathname(text)
			} else {
				read, err = canonicalizeOpaquePathname(text)
			}
		case Search:
			read, err = canonicalizeSearch(strings.TrimPrefix(text, "?"))
		case Hash:
			read, err = canonicalizeHash(strings.TrimPrefix(text, "#"))
		}
		return read, true, err == nil
	}
	if g.c == Protocol || g.c == Pathname && !isSpecialScheme(scheme) && !strings.HasPrefix(text, "/") {
		return "", false, false
	}
	u, found := schemeURLs[scheme]
	if !found {
		if u, err = url.Parse(scheme + "://dummy.invalid/"); err != nil {
			return "", false, false
		}
	}
	switch g.c {
	case Username:
		err = u.SetUsername(text)
		read = u.Username()
	case Password:
		err = u.SetPassword(text)
		read = u.Password()
	case Hostname:
		err = u.SetHostname(text)
		read = u.Hostname()
	case Port:
		err = u.SetPort(text)
		read = u.Port()
	case Pathname:
		err = u.SetPathname(text)
		read = u.Pathname()
	case Search:
		err = u.SetSearch(text)
		read, _ = u.Query()
	case Hash:
		err = u.SetHash(text)
		read, _ = u.Fragment()
	}
	if errors.Is(err, url.ErrCannotHaveUsernamePasswordPort) {
		return "", false, false
	}
	return read, true, err == nil
}

// hasDotSegment reports whether the path text has a single-dot or a
// double-dot path segment (https://url.spec.whatwg.org/#single-dot-path-segment).
func hasDotSegment(text string) bool {
	for seg := range strings.SplitSeq(text, "/") {
		if infra.IsSingleDotSegment(seg) || infra.IsDoubleDotSegment(seg) {
			return true
		}
	}
	return false
}

// percentEncodeASCII returns s with each byte in set percent-encoded
// (https://url.spec.whatwg.org/#percent-encode), or s itself when it has
// none.
func percentEncodeASCII(s, set string) string {
	i := strings.IndexAny(s, set)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for ; i < len(s); i++ {
		if strings.IndexByte(set, s[i]) >= 0 {
			b.WriteByte('%')
			b.WriteByte(infra.UpperHexDigits[s[i]>>4])
			b.WriteByte(infra.UpperHexDigits[s[i]&15])
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
