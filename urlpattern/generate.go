package urlpattern

import "strings"

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
// Each value is canonicalized as the component's fixed text is (a
// pathname value is percent-encoded, a hostname value is converted to
// ASCII), and must then be text its group matches: not empty and without
// the delimiter ("/" in a pathname, "." in a hostname). Names in groups
// that the pattern does not have are ignored. The component's pattern
// must have only fixed text and named groups without a regular expression
// or a modifier; with a wildcard, a regexp group or an optional or
// repeated part there is no one text to generate, and Generate returns an
// error of kind ErrGenerate. For a c that is not one of the eight
// components it returns an error of kind ErrComponent.
func (p *Pattern) Generate(c Component, groups map[string]string) (_ string, err error) {
	defer func() {
		if err != nil {
			err = sealed(err)
		}
	}()
	if c >= numComponents {
		return "", &Error{Kind: ErrComponent, Input: c.String()}
	}
	if !p.valid() {
		return "", &Error{Kind: ErrGenerate, Component: c.String()}
	}
	comp := p.components[c]
	var b strings.Builder
	for _, part := range comp.parts {
		fail := func(why string) (string, error) {
			return "", &Error{Kind: ErrGenerate, Component: c.String(), Input: comp.patternString, Err: generateError(why)}
		}
		if part.Modifier != modifierNone {
			return fail("a part with a modifier")
		}
		switch part.Type {
		case partFixedText:
			b.WriteString(part.Value)
			continue
		case partFullWildcard:
			return fail("a wildcard")
		case partRegexp:
			return fail("a regexp group")
		}
		value, ok := groups[part.Name]
		if !ok {
			return fail("no value for the group " + part.Name)
		}
		encoded, err := comp.callback(toUSVString(value))
		if err != nil || encoded == "" || (comp.opts.delimiter != "" && strings.Contains(encoded, comp.opts.delimiter)) {
			return fail("a value its group does not match for " + part.Name)
		}
		b.WriteString(part.Prefix)
		b.WriteString(encoded)
		b.WriteString(part.Suffix)
	}
	return b.String(), nil
}

// generateError is why Generate failed.
type generateError string

func (e generateError) Error() string { return string(e) }
