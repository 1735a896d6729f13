package urlpattern

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/webstd/url"
)

// A generateShape is a route shape for FuzzGenerate: a pattern whose
// groups are named a, b and c, and how the URL made with Generate must
// read, with "$a", "$b" and "$c" for the group values: the values (for a
// path segment, a query name or value, a fragment) or their ASCII form (for
// a domain label). A nil field is not checked.
type generateShape struct {
	pattern string // a constructor string, unless init is not nil
	init    *Init
	opts    Options
	// segments are the percent-decoded path segments of the URL.
	segments []string
	// pairs are the name-value pairs of the URL's query, as
	// application/x-www-form-urlencoded reads them.
	pairs [][2]string
	// fragment is the percent-decoded fragment of the URL.
	fragment *string
	// labels are the labels of the URL's host.
	labels []string
	// live: Generate must not refuse a value that the component's
	// groups can hold (see mustAccept).
	live bool
}

func str(s string) *string { return &s }

var generateShapes = []generateShape{
	{pattern: "https://example.com/files/:a", segments: []string{"files", "$a"}, live: true},
	{pattern: "https://example.com/:a/:b", segments: []string{"$a", "$b"}, live: true},
	{pattern: "https://example.com/files/:a", opts: Options{IgnoreCase: true}, segments: []string{"files", "$a"}, live: true},
	{pattern: "https://example.com/:a.", segments: []string{"$a."}},
	{pattern: "https://example.com/:a-:b", segments: []string{"$a-$b"}},
	{pattern: "https://example.com/:a.:b", segments: []string{"$a.$b"}},
	{pattern: "https://example.com/api/:a?"},
	{pattern: "https://example.com/files/*"},
	{pattern: "https://example.com/n/(\\d+)"},
	{pattern: "https://example.com/n/:a(\\d+)"},
	{pattern: "file:///files/:a", segments: []string{"files", "$a"}, live: true},
	{pattern: "foo://example.com/:a", live: true},
	{init: &Init{Protocol: str("foo"), Pathname: str(":a")}, live: true},
	{pattern: "https://example.com/search?q=:a", pairs: [][2]string{{"q", "$a"}}, live: true},
	{pattern: "https://example.com/search?:a=:b", pairs: [][2]string{{"$a", "$b"}}, live: true},
	{pattern: "https://example.com/search?q=:a&r=:b", pairs: [][2]string{{"q", "$a"}, {"r", "$b"}}, live: true},
	{pattern: "https://example.com/#:a", fragment: str("$a"), live: true},
	{pattern: "https://example.com/#s=:a&t=:b", fragment: str("s=$a&t=$b"), live: true},
	{pattern: "https://:a.example.com/", labels: []string{"$a", "example", "com"}, live: true},
	{pattern: "https://:a.:b.example.com/", labels: []string{"$a", "$b", "example", "com"}, live: true},
	{pattern: "https://{:a}-cdn.example.com/"},
	{pattern: "https://example.:a/"},
	{pattern: "https://:a/"},
	{pattern: "https://example.com::a/", live: true},
	{init: &Init{Protocol: str("http{s}?"), Hostname: str("example.com"), Port: str(":a"), Pathname: str("/")}},
	{init: &Init{Protocol: str("https"), Username: str(":a"), Password: str(":b"), Hostname: str("example.com"), Pathname: str("/")}, live: true},
	{init: &Init{Protocol: str("https"), Username: str(":a"), Password: str(":b-:c"), Hostname: str("example.com"), Pathname: str("/")}},
	{init: &Init{Protocol: str(":a"), Hostname: str("example.com"), Pathname: str("/x")}, live: true},
	{init: &Init{Protocol: str("file"), Hostname: str(":a"), Pathname: str("/x")}, labels: []string{"$a"}},
}

// mustAccept reports whether Generate must accept value for a group of
// component c of a live shape: a value that the group can hold, written as
// Generate's documentation says, and that stays one value.
func mustAccept(p *Pattern, c Component, value string) bool {
	if value == "" {
		return false
	}
	switch c {
	case Pathname:
		if p.components[c].opts.delimiter == "/" {
			return !strings.ContainsAny(value, `/\`) && value != "." && value != ".."
		}
		// A path of a scheme that is not special: any text of its own
		// segments, which makes no dot segment and does not begin with
		// "//" (read as a host after "scheme:").
		for seg := range strings.SplitSeq(value, "/") {
			if seg == "." || seg == ".." {
				return false
			}
		}
		return !strings.HasPrefix(value, "/")
	case Hostname:
		if len(value) >= 4 && strings.EqualFold(value[:4], "xn--") {
			return false
		}
		for i := 0; i < len(value); i++ {
			if c := value[i] | 0x20; !('a' <= c && c <= 'z' || '0' <= value[i] && value[i] <= '9' || value[i] == '-') {
				return false
			}
		}
		return true
	case Port:
		n, err := strconv.Atoi(value)
		return err == nil && value[0] != '+' && value[0] != '-' && n <= 65535 && n != 443
	case Protocol:
		return validScheme(value)
	}
	return true
}

// sameValue reports whether got, the value of a group of component c in a
// match of a URL made with Generate, is the same as value, the value given
// to Generate, as Generate's documentation defines it.
func sameValue(c Component, got, value string) bool {
	switch c {
	case Hostname:
		ascii, err := url.DomainToASCII(value)
		return err == nil && got == ascii
	case Port:
		for i := 0; i < len(value); i++ {
			if value[i] < '0' || value[i] > '9' {
				return false
			}
		}
		n, err := strconv.Atoi(value)
		return err == nil && got == strconv.Itoa(n)
	case Protocol:
		return validScheme(value) && got == strings.ToLower(value)
	}
	return url.PercentDecodeString(got) == toUSVString(value)
}

// setURL returns the URL that the components generated for p make when
// each is set as Generate's documentation says: with its setter, on a URL
// of the generated protocol with a host ("file:///" for file). A component
// whose pattern is "*" (generated as the empty string) is left as that URL
// has it, and so is an empty username, password or port. It returns false
// when the path is opaque (a scheme that is not special and a pathname that
// does not begin with "/"), which no setter sets (Init gives it), and an
// error when a setter rejects a component.
func setURL(p *Pattern, comps *[numComponents]string) (url.URL, bool, error) {
	scheme := comps[Protocol]
	if !isSpecialScheme(scheme) && !strings.HasPrefix(comps[Pathname], "/") {
		return url.URL{}, false, nil
	}
	href := scheme + "://dummy.invalid/"
	if scheme == "file" {
		href = "file:///"
	}
	u, err := url.Parse(href)
	if err != nil {
		return u, true, err
	}
	for _, c := range []Component{Hostname, Port, Username, Password, Pathname, Search, Hash} {
		text := comps[c]
		if p.components[c].patternString == "*" || text == "" && (c == Port || c == Username || c == Password) {
			continue
		}
		var err error
		switch c {
		case Hostname:
			err = u.SetHostname(text)
		case Port:
			err = u.SetPort(text)
		case Username:
			err = u.SetUsername(text)
		case Password:
			err = u.SetPassword(text)
		case Pathname:
			err = u.SetPathname(text)
		case Search:
			err = u.SetSearch(text)
		case Hash:
			err = u.SetHash(text)
		}
		if err != nil {
			return u, true, err
		}
	}
	return u, true, nil
}

// initOf returns the components generated as an Init.
func initOf(comps *[numComponents]string) Init {
	init := Init{}
	for c := Protocol; c <= Hash; c++ {
		*init.field(c) = &comps[c]
	}
	return init
}

// generateAll runs Generate on each component of p with groups. A
// component whose pattern is "*", which Generate cannot write, is the
// empty string, which it matches. It returns the components, or the first
// error of another component and that component.
func generateAll(p *Pattern, groups map[string]string) (comps [numComponents]string, failed Component, err error) {
	for c := Protocol; c <= Hash; c++ {
		text, err := p.Generate(c, groups)
		if err != nil {
			if p.components[c].patternString != "*" {
				return comps, c, err
			}
			text = ""
		}
		comps[c] = text
	}
	return comps, 0, nil
}

// checkGenerateError checks err, Generate's refusal for component c of
// p with groups: an *Error of kind ErrGenerate for c, that names a group
// and holds no value.
func checkGenerateError(t *testing.T, p *Pattern, c Component, groups map[string]string, err error) {
	t.Helper()
	var e *Error
	if !errors.As(err, &e) || e.Kind != ErrGenerate || e.Component != c.String() {
		t.Fatalf("Generate(%v) error %v (%T) is not an *Error of kind ErrGenerate for the component", c, err, err)
	}
	msg := err.Error()
	// When the pattern has only fixed text and named groups without a
	// modifier, the error is a group's.
	named, groupsOnly := false, true
	for _, part := range p.components[c].parts {
		groupsOnly = groupsOnly && part.Modifier == modifierNone && (part.Type == partFixedText || part.Type == partSegmentWildcard)
	}
	for _, name := range p.components[c].names {
		named = named || strings.Contains(msg, strconv.Quote(name))
	}
	// But an error of the password component, or of a username pattern
	// with a ":" (the part after it is a password to a person), says
	// nothing of the pattern's text, its group names included (sealed).
	secret := c == Password || c == Username && strings.Contains(p.components[c].patternString, ":")
	switch {
	case secret && !strings.Contains(msg, "left out"):
		t.Errorf("Generate(%v) error %q does not leave out the reason", c, msg)
	case groupsOnly && !named && !secret:
		t.Errorf("Generate(%v) error %q names none of the groups %q", c, msg, p.components[c].names)
	}
	// A value never shows: it may be a secret. (A value made of words of
	// the message would show anyway, so the values checked are those that
	// no message or pattern of FuzzGenerate has: one with "~" or a
	// non-ASCII letter.)
	for _, v := range groups {
		if len(v) >= 3 && strings.ContainsFunc(v, func(r rune) bool { return r == '~' || r >= 0xA0 && r != utf8.RuneError }) &&
			strings.Contains(msg, v) {
			t.Errorf("Generate(%v) error %q holds the value %q", c, msg, v)
		}
	}
}

// checkGenerated checks the property of Generate for p and groups: either
// it refuses, or the URL made of what it generates, each component set with
// its setter (setURL) and matched against p with ExecURL, gives each group
// the same value (as sameValue defines it), and so does matching the
// components given as an Init with ExecInit. It returns false when Generate
// refused.
func checkGenerated(t *testing.T, p *Pattern, groups map[string]string) bool {
	t.Helper()
	comps, c, err := generateAll(p, groups)
	if err != nil {
		checkGenerateError(t, p, c, groups, err)
		return false
	}
	type match struct {
		how string
		r   *Result
	}
	matches := []match{{"ExecInit", p.ExecInit(initOf(&comps))}}
	u, ok, err := setURL(p, &comps)
	switch {
	case err != nil:
		t.Errorf("groups %q: the setters reject the components %q: %v", groups, comps, err)
	case ok:
		matches = append(matches, match{"ExecURL(" + strconv.Quote(u.Href()) + ")", p.ExecURL(u)})
	}
	for _, m := range matches {
		if m.r == nil {
			t.Errorf("groups %q: %s does not match the pattern", groups, m.how)
			continue
		}
		for c := Protocol; c <= Hash; c++ {
			if p.components[c].patternString == "*" {
				continue
			}
			for _, name := range p.components[c].names {
				got := m.r.Component(c).Groups[name]
				if !got.Defined || !sameValue(c, got.Value, groups[name]) {
					t.Errorf("%s, %v group %q = %q, generated from %q", m.how, c, name, got.Value, groups[name])
				}
			}
		}
	}
	return true
}

// expand returns s with "$a", "$b" and "$c" replaced by the values of
// those groups, each through f.
func expand(s string, groups map[string]string, f func(string) string) string {
	return strings.NewReplacer("$a", f(groups["a"]), "$b", f(groups["b"]), "$c", f(groups["c"])).Replace(s)
}

// checkShape checks that the URL made of what Generate generated for
// shape reads as the shape says.
func checkShape(t *testing.T, shape generateShape, p *Pattern, groups map[string]string) {
	t.Helper()
	comps, _, err := generateAll(p, groups)
	if err != nil {
		return
	}
	u, ok, err := setURL(p, &comps)
	if err != nil || !ok {
		return // (checkGenerated reported a setter's error)
	}
	href := u.Href()
	text := func(v string) string { return toUSVString(v) }
	if shape.segments != nil {
		var got, want []string
		for seg := range strings.SplitSeq(strings.TrimPrefix(u.Pathname(), "/"), "/") {
			got = append(got, url.PercentDecodeString(seg))
		}
		for _, seg := range shape.segments {
			want = append(want, expand(seg, groups, text))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q has the path segments %q, want %q", href, got, want)
		}
	}
	if shape.pairs != nil {
		query, _ := u.Query()
		got := url.ParseURLEncoded(query)
		var want [][2]string
		for _, pair := range shape.pairs {
			want = append(want, [2]string{expand(pair[0], groups, text), expand(pair[1], groups, text)})
		}
		if !slices.Equal(got, want) {
			t.Errorf("%q has the query pairs %q, want %q", href, got, want)
		}
	}
	if shape.fragment != nil {
		f, _ := u.Fragment()
		if got, want := url.PercentDecodeString(f), expand(*shape.fragment, groups, text); got != want {
			t.Errorf("%q has the fragment %q, want %q", href, got, want)
		}
	}
	if shape.labels != nil {
		ascii := func(v string) string { a, _ := url.DomainToASCII(v); return a }
		var want []string
		for _, l := range shape.labels {
			want = append(want, expand(l, groups, ascii))
		}
		if got := strings.Split(u.Hostname(), "."); !slices.Equal(got, want) {
			t.Errorf("%q has the host labels %q, want %q", href, got, want)
		}
	}
}

func (s generateShape) compile() (*Pattern, error) {
	if s.init != nil {
		return s.opts.New(*s.init)
	}
	return s.opts.Parse(s.pattern)
}

// FuzzGenerate checks that a group value fills its group and nothing else.
// For route shapes (generateShapes) and for patterns of one component made
// from the fuzz input, with arbitrary values for the groups: either
// Generate refuses with an *Error of kind ErrGenerate that names the group
// and holds no value, or the URL made of the components it generates, each
// set with its setter on a URL of the generated protocol (setURL; not
// joined into a URL string) and matched against the pattern with ExecURL,
// and the components matched as an Init with ExecInit, give back the same
// values. For the
// route shapes, the URL must also have the path segments, query pairs,
// fragment or host labels of the shape with each value in its place, and
// Generate must not refuse a value that the group can hold.
//
// A pattern made from the fuzz input is checked only when a plain value
// ("v") in each group makes a URL and an Init that it matches: a pattern whose fixed
// text alone makes no such URL (a pathname "x" of https) is not Generate's
// failure.
func FuzzGenerate(f *testing.F) {
	values := []string{"..", "1&admin=true", `victim\x`, ".", "%2e%2e", ".%2E", "a/b", "a b ", "bücher", "443", "080",
		"a．b", "HTTP", "S3CR~T", "x-y", "a=b", "a+b", "a#b", "a?b", "\t", "🍅", "%61dmin", "1", "/x", "//x", "..;", "C|",
		" ", "?x", "#x", "localhost"}
	for i := range generateShapes {
		for _, v := range values {
			f.Add(uint8(i), "", v, "x", "y")
		}
	}
	free := uint8(len(generateShapes))
	f.Add(free, "/:a/:b", "..", "b", "")
	f.Add(free+1, "q=:a&:b=1", "1&admin=true", "a=b", "")
	f.Add(free+2, ":a{-:b}", "x", "victim", "")
	f.Add(free+3, ":a.example.com", `victim\x`, "", "")
	f.Add(free+4, "/files/:a", "a b ", "", "")
	f.Fuzz(func(t *testing.T, shape uint8, pattern, a, b, c string) {
		groups := map[string]string{"a": a, "b": b, "c": c}
		if int(shape) < len(generateShapes) {
			s := generateShapes[shape]
			p, err := s.compile()
			if err != nil {
				t.Fatalf("shape %d: %v", shape, err)
			}
			if !checkGenerated(t, p, groups) {
				if s.live {
					checkLive(t, p, groups)
				}
				return
			}
			checkShape(t, s, p, groups)
			return
		}
		// A pattern from the fuzz input as one component, the others
		// fixed: the pathname, search, hash or hostname, of https or of a
		// scheme that is not special. Its groups take the values a, b, c
		// in turn.
		n := int(shape) - len(generateShapes)
		comp := []Component{Pathname, Search, Hash, Hostname}[n%4]
		init := Init{Protocol: str("https"), Hostname: str("example.com"), Port: str(""), Username: str(""),
			Password: str(""), Pathname: str("/"), Search: str(""), Hash: str("")}
		if n/4%2 == 1 {
			init.Protocol = str("foo")
		}
		*init.field(comp) = &pattern
		p, err := Options{IgnoreCase: n/8%2 == 1}.New(init)
		if err != nil {
			return
		}
		names := p.components[comp].names
		if len(names) == 0 {
			return
		}
		plain := map[string]string{}
		fuzzed := map[string]string{}
		for i, name := range names {
			plain[name] = "v"
			fuzzed[name] = []string{a, b, c}[i%3]
		}
		comps, _, err := generateAll(p, plain)
		if err != nil || p.ExecInit(initOf(&comps)) == nil {
			return
		}
		if u, ok, err := setURL(p, &comps); err != nil || ok && p.ExecURL(u) == nil {
			return
		}
		checkGenerated(t, p, fuzzed)
	})
}

// checkLive checks that Generate, which refused groups for p, a live shape,
// had a value that mustAccept does not require it to accept.
func checkLive(t *testing.T, p *Pattern, groups map[string]string) {
	t.Helper()
	for c := Protocol; c <= Hash; c++ {
		for _, name := range p.components[c].names {
			if !mustAccept(p, c, groups[name]) {
				return
			}
		}
	}
	t.Errorf("Generate refused the groups %q, which each group can hold", groups)
}

// validScheme reports whether s is a scheme: an ASCII letter followed by
// ASCII letters, digits, "+", "-" and "." (https://url.spec.whatwg.org/#scheme-state).
func validScheme(s string) bool {
	for i, r := range s {
		letter := 'a' <= r|0x20 && r|0x20 <= 'z'
		if !letter && (i == 0 || !('0' <= r && r <= '9' || r == '+' || r == '-' || r == '.')) {
			return false
		}
	}
	return s != ""
}

// TestGenerate checks what Generate writes for values that could change a
// URL's structure, component by component, and what it refuses.
func TestGenerate(t *testing.T) {
	const refused = "\x00refused"
	for _, c := range []struct {
		pattern string
		opts    Options
		comp    Component
		groups  map[string]string
		want    string
	}{
		// A pathname segment: "/" and "\" end it, "." and ".." are
		// removed by the URL parser, "%" would be decoded, tab and
		// newlines dropped, "?" and "#" end the path, ";" is a path
		// parameter to some servers.
		{"https://example.com/files/:a", Options{}, Pathname, map[string]string{"a": ".."}, refused},
		{"https://example.com/files/:a", Options{}, Pathname, map[string]string{"a": "."}, refused},
		{"https://example.com/files/:a", Options{}, Pathname, map[string]string{"a": "a/b"}, refused},
		{"https://example.com/files/:a", Options{}, Pathname, map[string]string{"a": `victim\x`}, refused},
		{"https://example.com/files/:a", Options{}, Pathname, map[string]string{"a": "%2e%2e"}, "/files/%252e%252e"},
		{"https://example.com/files/:a", Options{}, Pathname, map[string]string{"a": "..."}, "/files/..."},
		{"https://example.com/files/:a", Options{}, Pathname, map[string]string{"a": "..;x"}, "/files/..%3Bx"},
		{"https://example.com/files/:a", Options{}, Pathname, map[string]string{"a": "a\tb\n"}, "/files/a%09b%0A"},
		{"https://example.com/files/:a", Options{}, Pathname, map[string]string{"a": "a?b#c d"}, "/files/a%3Fb%23c%20d"},
		{"https://example.com/files/:a", Options{}, Pathname, map[string]string{"a": "100%"}, "/files/100%25"},
		{"https://example.com/files/:a", Options{}, Pathname, map[string]string{"a": "café"}, "/files/caf%C3%A9"},
		{"https://example.com/files/:a", Options{}, Pathname, map[string]string{"a": "\xff"}, "/files/%EF%BF%BD"},
		{"https://example.com/files/:a", Options{}, Pathname, map[string]string{"a": ""}, refused},
		{"https://example.com/files/:a", Options{}, Pathname, map[string]string{}, refused},
		{"https://example.com/:a.", Options{}, Pathname, map[string]string{"a": "."}, refused},
		{"https://example.com/:a-:b", Options{}, Pathname, map[string]string{"a": "x-y", "b": "z"}, refused},
		{"https://example.com/:a-:b", Options{}, Pathname, map[string]string{"a": "x", "b": "y-z"}, "/x-y-z"},
		{"file:///:a/x", Options{}, Pathname, map[string]string{"a": "C|"}, "/C%7C/x"},
		// A scheme that is not special: "/" stays, the group may hold it,
		// but the path is still a path.
		{"foo://example.com/:a", Options{}, Pathname, map[string]string{"a": "a/b"}, "/a/b"},
		{"foo://example.com/:a", Options{}, Pathname, map[string]string{"a": "a/../b"}, refused},
		// The opaque pathname callback leaves a space (as the tests expect:
		// "/ "); the pathname setter writes it %20, and Init keeps it: the
		// value comes back either way. "?" and "#" would end the path.
		{"foo://example.com/:a", Options{}, Pathname, map[string]string{"a": "a "}, "/a "},
		{"foo://example.com/:a", Options{}, Pathname, map[string]string{"a": " "}, "/ "},
		{"foo://example.com/:a", Options{}, Pathname, map[string]string{"a": "a?b#c<d>"}, "/a%3Fb%23c<d>"},
		{"foo://example.com/:a", Options{}, Pathname, map[string]string{"a": "a/./b"}, refused},
		// A path that does not begin with "/": an opaque path.
		{"foo::a", Options{}, Pathname, map[string]string{"a": "a b?c"}, "a b%3Fc"},
		{"foo://example.com/:a", Options{}, Pathname, map[string]string{"a": `a\b`}, `/a\b`},
		// Search: one value where the group is.
		{"https://example.com/?q=:a", Options{}, Search, map[string]string{"a": "1&admin=true"}, "q=1%26admin%3Dtrue"},
		{"https://example.com/?q=:a", Options{}, Search, map[string]string{"a": "a+b;c#d'e f"}, "q=a%2Bb%3Bc%23d%27e%20f"},
		{"https://example.com/?:a=:b", Options{}, Search, map[string]string{"a": "x=y", "b": "z"}, "x%3Dy=z"},
		// The search setter and Init remove a leading "?".
		{"https://example.com/?:a", Options{}, Search, map[string]string{"a": "?x"}, "%3Fx"},
		// Hash: the hash setter and Init remove a leading "#".
		{"https://example.com/#:a", Options{}, Hash, map[string]string{"a": "a#b%c d"}, "a%23b%25c%20d"},
		{"https://example.com/#:a", Options{}, Hash, map[string]string{"a": "#x"}, "%23x"},
		// Username and password: the userinfo percent-encode set.
		{"https://:a@example.com/", Options{}, Username, map[string]string{"a": "a:b@c/%"}, "a%3Ab%40c%2F%25"},
		// Hostname: one label, in ASCII.
		{"https://:a.example.com/", Options{}, Hostname, map[string]string{"a": "Bücher"}, "xn--bcher-kva.example.com"},
		{"https://:a.example.com/", Options{}, Hostname, map[string]string{"a": "1"}, "1.example.com"},
		{"https://:a.example.com/", Options{}, Hostname, map[string]string{"a": `victim\x`}, refused},
		{"https://:a.example.com/", Options{}, Hostname, map[string]string{"a": "victim/x"}, refused},
		{"https://:a.example.com/", Options{}, Hostname, map[string]string{"a": "victim:1"}, refused},
		{"https://:a.example.com/", Options{}, Hostname, map[string]string{"a": "%61dmin"}, refused},
		{"https://:a.example.com/", Options{}, Hostname, map[string]string{"a": "a.b"}, refused},
		{"https://:a.example.com/", Options{}, Hostname, map[string]string{"a": "a．b"}, refused},
		{"https://:a.example.com/", Options{}, Hostname, map[string]string{"a": "\u00ad"}, refused},
		{"https://:a/", Options{}, Hostname, map[string]string{"a": "1"}, refused}, // 0.0.0.1
		{"https://example.:a/", Options{}, Hostname, map[string]string{"a": "1"}, refused},
		// A URL of a scheme that is not special holds "1" as it is, but Init
		// reads a hostname as the host of a special URL (0.0.0.1).
		{"foo://:a/", Options{}, Hostname, map[string]string{"a": "1"}, refused},
		{"foo://:a/", Options{}, Hostname, map[string]string{"a": "Bücher"}, "xn--bcher-kva"},
		{"file://:a/x", Options{}, Hostname, map[string]string{"a": "localhost"}, refused},
		// Port: digits, no default port of a scheme the protocol matches.
		{"https://example.com::a/", Options{}, Port, map[string]string{"a": "8080"}, "8080"},
		{"https://example.com::a/", Options{}, Port, map[string]string{"a": "008080"}, "8080"},
		{"https://example.com::a/", Options{}, Port, map[string]string{"a": "80"}, "80"},
		{"https://example.com::a/", Options{}, Port, map[string]string{"a": "443"}, refused},
		{"https://example.com::a/", Options{}, Port, map[string]string{"a": "80abc"}, refused},
		{"https://example.com::a/", Options{}, Port, map[string]string{"a": "65536"}, refused},
		{"https://example.com::a/", Options{}, Port, map[string]string{"a": "1/x"}, refused},
		// Protocol: a scheme.
		{":a://example.com/", Options{}, Protocol, map[string]string{"a": "HTTPS"}, "https"},
		{":a://example.com/", Options{}, Protocol, map[string]string{"a": "https://evil.example/#"}, refused},
		{":a://example.com/", Options{}, Protocol, map[string]string{"a": "1http"}, refused},
		// Ignoring case.
		{"https://example.com/files/:a", Options{IgnoreCase: true}, Pathname, map[string]string{"a": "X"}, "/files/X"},
	} {
		p, err := c.opts.Parse(c.pattern)
		if err != nil {
			t.Fatalf("%s: %v", c.pattern, err)
		}
		got, err := p.Generate(c.comp, c.groups)
		switch {
		case c.want == refused && err == nil:
			t.Errorf("%s: Generate(%v, %q) = %q, want an error", c.pattern, c.comp, c.groups, got)
		case c.want == refused:
			checkGenerateError(t, p, c.comp, c.groups, err)
		case err != nil:
			t.Errorf("%s: Generate(%v, %q): %v, want %q", c.pattern, c.comp, c.groups, err, c.want)
		case got != c.want:
			t.Errorf("%s: Generate(%v, %q) = %q, want %q", c.pattern, c.comp, c.groups, got, c.want)
		default:
			checkGenerated(t, p, c.groups)
		}
	}
}

// TestGenerateError checks the errors of Generate: which group, and never
// a value, nor the pattern of a password.
func TestGenerateError(t *testing.T) {
	p, err := New(Init{Protocol: str("https"), Hostname: str("example.com"), Username: str(":user"),
		Password: str("S3CR~T{-:a}-:b")})
	if err != nil {
		t.Fatal(err)
	}
	_, err = p.Generate(Password, map[string]string{"a": "x-pa~ss", "b": "y"})
	var e *Error
	if !errors.As(err, &e) || e.Kind != ErrGenerate || e.Component != "password" || e.Input != "" {
		t.Fatalf("Generate(Password) = %#v, want an ErrGenerate *Error in password without Input", err)
	}
	// The reason is left out too: errors of the password component say
	// nothing of its text (urlpattern's sealed), whatever the step wrote.
	if msg := err.Error(); strings.Contains(msg, "S3CR") || strings.Contains(msg, "pa~ss") ||
		msg != `urlpattern: generate in password: the reason is left out, as it may quote the password` {
		t.Errorf("Generate(Password) error %q", msg)
	}
	for _, c := range []struct {
		pattern string
		comp    Component
		groups  map[string]string
		want    string
	}{
		{"https://example.com/:a/:b", Pathname, map[string]string{"a": "x"},
			`urlpattern: generate in pathname "/:a/:b": group "b": no value`},
		{"https://example.com/:a/:b", Pathname, map[string]string{"a": "x", "b": ".."},
			`urlpattern: generate in pathname "/:a/:b": groups "a", "b": a "." or ".." path segment, which the URL parser removes`},
		{"https://example.com/*", Pathname, map[string]string{"0": "x"},
			`urlpattern: generate in pathname "/*": the pattern has a wildcard`},
		{"https://:a\u200d.example.com/", Hostname, map[string]string{"a\u200d": "a.b"},
			`urlpattern: generate in hostname ":a\u200D.example.com": group "a\u200d": a value of more than one domain label`},
	} {
		_, err := MustParse(c.pattern).Generate(c.comp, c.groups)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: Generate(%v, %q) error %v, want %s", c.pattern, c.comp, c.groups, err, c.want)
		}
	}
}
