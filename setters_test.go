package url

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/webstd/url/internal/errtext"
)

// Tests of the setters of the URL API (https://url.spec.whatwg.org/#urlutils-members).
// The cases that say what a setter does, WPT's and the project's own
// (testdata/setters_tests.json), run in TestWPT and TestOwnCases
// (wpt_test.go), each also through checkSetter.

// setterNames lists the keys of setters in a fixed order, so that the fuzz
// target's setter index means the same setter from run to run.
var setterNames = []string{
	"href", "protocol", "username", "password", "host",
	"hostname", "port", "pathname", "search", "hash",
}

// FuzzSetters calls one setter, chosen by which (an index into setterNames),
// with value on the URL that input parses to, and checks what must hold
// after every setter: no panic; the URL is exactly what its new href parses
// to (checkInvariants); a setter that leaves the href as it was leaves the
// URL == to the original; the href is valid UTF-8; the setter changes only
// its own components; and calling it again with the same value changes
// nothing more.
func FuzzSetters(f *testing.F) {
	for _, seed := range setterSeeds(f) {
		f.Add(seed.href, seed.which, seed.value)
	}
	f.Fuzz(func(t *testing.T, input string, which byte, value string) {
		u, err := Parse(input)
		if err != nil {
			return
		}
		checkSetter(t, u, setterNames[int(which)%len(setterNames)], value)
	})
}

type setterSeed struct {
	href  string
	which byte
	value string
}

// setterSeeds returns a few seeds of the project's own, the cases of the
// WPT setters_tests.json, and those of testdata/setters_tests.json.
func setterSeeds(f testing.TB) []setterSeed {
	seeds := []setterSeed{
		{"https://user:pass@example.com:8080/a/b?q=1#f", 4, "h:99"},
		{"sc:a ?q#f", 8, ""},
		{"http://localhost/", 1, "file"},
		{"web+demo:/.//not-a-host/", 7, "//x"},
	}
	var values []string
	for _, tc := range decodeSetterTests(f, "setters_tests.json", wptFile(f, "setters_tests.json")) {
		if which := slices.Index(setterNames, tc.Attr); which >= 0 {
			seeds = append(seeds, setterSeed{tc.Href, byte(which), tc.NewValue})
			values = append(values, tc.NewValue)
		}
	}
	// The inputs of urltestdata.json as URLs, each with another setter and
	// one of the setters' values, so that every kind of URL meets the setters.
	for i, input := range seedInputs(f) {
		if CanParse(input) && len(values) > 0 {
			seeds = append(seeds, setterSeed{input, byte(i), values[i*7%len(values)]})
		}
	}
	own := filepath.Join("testdata", "setters_tests.json")
	data, err := os.ReadFile(own)
	if err != nil {
		f.Fatal(err)
	}
	for _, tc := range decodeSetterTests(f, own, data) {
		if which := slices.Index(setterNames, tc.Attr); which >= 0 {
			seeds = append(seeds, setterSeed{tc.Href, byte(which), tc.NewValue})
		}
	}
	return seeds
}

// checkSetter runs the setter named attr with value on a copy of orig and
// checks the properties of FuzzSetters.
func checkSetter(t *testing.T, orig URL, attr, value string) {
	t.Helper()
	u := orig
	set := setters[attr]
	err := set(&u, value)
	if attr == "href" {
		want, werr := Parse(value)
		switch {
		case (err == nil) != (werr == nil):
			t.Fatalf("SetHref(%q) error %v, Parse error %v", value, err, werr)
		case err == nil && u != want:
			t.Fatalf("SetHref(%q) = %q, Parse gives %q", value, u.Href(), want.Href())
		}
	} else {
		checkSetterError(t, orig, u, attr, value, err)
	}
	if err != nil && u != orig && !(attr == "host" && (errors.Is(err, ErrPortOutOfRange) || errors.Is(err, ErrPortInvalid))) {
		t.Fatalf("%s setter with %q on %q failed (%v) but changed the URL to %q", attr, value, orig.Href(), err, u.Href())
	}
	if !utf8.ValidString(u.Href()) {
		t.Fatalf("%s setter with %q on %q: href %q is not valid UTF-8", attr, value, orig.Href(), u.Href())
	}
	checkInvariants(t, u)
	if u.Href() == orig.Href() && u != orig {
		t.Fatalf("%s setter with %q on %q: same href, but the URL is not == the original:\n got %+v\nwant %+v",
			attr, value, orig.Href(), u, orig)
	}

	// The setter changes only its own components: the getters it does not
	// own return what they did.
	keep := map[string][]string{
		"protocol": {"username", "password", "search", "hash"}, // the port may become null, a file host or path normalize
		"username": {"protocol", "password", "host", "pathname", "search", "hash"},
		"password": {"protocol", "username", "host", "pathname", "search", "hash"},
		"host":     {"protocol", "username", "password", "pathname", "search", "hash"},
		"hostname": {"protocol", "username", "password", "port", "pathname", "search", "hash"},
		"port":     {"protocol", "username", "password", "hostname", "pathname", "search", "hash"},
		"pathname": {"protocol", "username", "password", "host", "search", "hash"},
		"search":   {"protocol", "username", "password", "host", "pathname", "hash"},
		"hash":     {"protocol", "username", "password", "host", "pathname", "search"},
	}
	// The scheme state changes the scheme and perhaps the port, nothing else;
	// only a URL made "file" is read again as a file URL (see SetProtocol).
	if attr == "protocol" && (u.Scheme() != "file" || orig.Scheme() == "file") {
		keep[attr] = append(keep[attr], "hostname", "pathname")
	}
	for _, name := range keep[attr] {
		if got, was := getters[name](u), getters[name](orig); got != was {
			t.Errorf("%s setter with %q on %q changed %s from %q to %q (href %q)",
				attr, value, orig.Href(), name, was, got, u.Href())
		}
	}

	// The same setter with the same value again changes nothing: what it
	// sets depends only on the value and the components it leaves alone.
	v := u
	_ = set(&v, value)
	if v != u {
		t.Errorf("%s setter with %q on %q gives %q, and again %q", attr, value, orig.Href(), u.Href(), v.Href())
	}
}

// checkSetterError checks the error of the setter of attribute attr, which
// took u from orig with value: a *SetterError that names the setter, the URL
// before it (redacted) and the value (never a password), with a reason
// errors.Is finds; and the failures the setter can tell without the
// parser, told right.
func checkSetterError(t *testing.T, orig, u URL, attr, value string, err error) {
	t.Helper()
	if err == nil {
		return
	}
	// The URL and the value are as an error holds an input: escaped, cut
	// when long, a password redacted (errtext).
	var se *SetterError
	if !errors.As(err, &se) || se.Setter != attr || se.URL != errtext.Of(orig.Redacted()) || se.Err == nil {
		t.Fatalf("%s setter with %q on %q: error %#v", attr, value, orig.Href(), err)
	}
	want := errtext.Of(value)
	switch attr {
	case "password":
		want = "xxxxx" // a password is never shown
	case "host", "hostname":
		want = errtext.OfAuthority(value) // nor one in "user:pass@host"
	}
	if se.Value != want {
		t.Fatalf("%s setter with %q: the error's value is %q", attr, value, se.Value)
	}
	if want := "url: set " + attr + " of " + errtext.Quote(se.URL) + " to " + errtext.Quote(se.Value) + ": " + se.Err.Error(); err.Error() != want || !errors.Is(err, se.Err) {
		t.Fatalf("%s setter: %q, want %q", attr, err, want)
	}
	switch attr {
	case "username", "password", "port":
		if orig.cannotHaveUsernamePasswordPort() != errors.Is(err, ErrCannotHaveUsernamePasswordPort) {
			t.Fatalf("%s setter with %q on %q: %v", attr, value, orig.Href(), err)
		}
	case "host", "hostname", "pathname":
		if orig.HasOpaquePath() != errors.Is(err, ErrOpaquePath) {
			t.Fatalf("%s setter with %q on %q: %v", attr, value, orig.Href(), err)
		}
	}
}

// TestSetterErrors checks the reasons the setters give for the values they
// reject, the traps a program falls into when setters fail silently.
func TestSetterErrors(t *testing.T) {
	for _, tc := range []struct {
		href, attr, value string
		want              error
	}{
		{"https://example.com/", "port", "99999", ErrPortOutOfRange},
		{"https://example.com/", "port", "abc", ErrPortInvalid},
		{"file:///x", "port", "8080", ErrCannotHaveUsernamePasswordPort},
		{"https://example.com/", "host", "exa mple.com", ErrDomainToASCII},
		{"https://example.com/", "host", "exa<mple.com", ErrDomainToASCII},
		{"sc://example.com/", "host", "exa<mple.com", ErrHostInvalidCodePoint},
		{"https://example.com/", "host", "[::1", ErrIPv6Unclosed},
		{"https://example.com/", "host", "", ErrHostMissing},
		{"sc://u@example.com/", "host", "", ErrHostMissing},
		{"https://example.com/", "hostname", "example.org:8080", ErrHostnameHasPort},
		{"mailto:a@example.com", "host", "example.org", ErrOpaquePath},
		{"mailto:a@example.com", "pathname", "/x", ErrOpaquePath},
		{"https://example.com/", "protocol", "mailto", ErrSchemeChange},
		{"mailto:a@example.com", "protocol", "https", ErrSchemeChange},
		{"https://u@example.com/", "protocol", "file", ErrSchemeChange},
		{"file:///x", "protocol", "https", ErrSchemeChange},
		{"https://example.com/", "protocol", "1http", ErrNotAScheme},
		{"https://example.com/", "protocol", "ht tp", ErrNotAScheme},
		{"mailto:a@example.com", "username", "u", ErrCannotHaveUsernamePasswordPort},
		{"file:///x", "password", "secret", ErrCannotHaveUsernamePasswordPort},
	} {
		u := MustParse(tc.href)
		err := setters[tc.attr](&u, tc.value)
		if !errors.Is(err, tc.want) {
			t.Errorf("%s setter with %q on %q: %v, want %v", tc.attr, tc.value, tc.href, err, tc.want)
		}
		if u.Href() != tc.href {
			t.Errorf("%s setter with %q on %q: the URL became %q", tc.attr, tc.value, tc.href, u.Href())
		}
		checkSetterError(t, MustParse(tc.href), u, tc.attr, tc.value, err)
	}
	// A value taken gives nil, whether or not it changed the URL.
	u := MustParse("http://example.com/")
	if err := u.SetPort("80"); err != nil || u.Href() != "http://example.com/" {
		t.Errorf("SetPort(80): %v, %q", err, u.Href())
	}
	if err := u.SetPort("8080"); err != nil || u.Href() != "http://example.com:8080/" {
		t.Errorf("SetPort(8080): %v, %q", err, u.Href())
	}
	// The host is set before its port fails, as the standard has it.
	u = MustParse("https://a.example/")
	if err := u.SetHost("b.example:99999"); !errors.Is(err, ErrPortOutOfRange) || u.Href() != "https://b.example/" {
		t.Errorf("SetHost(b.example:99999): %v, %q", err, u.Href())
	}
	// The message names the setter, the URL (redacted) and the value.
	u = MustParse("https://user:pw@example.com/")
	if err := u.SetPort("99999"); err == nil || err.Error() != `url: set port of "https://user:xxxxx@example.com/" to "99999": port-out-of-range` {
		t.Errorf("SetPort(99999): %v", err)
	}
}

// FuzzSetSearchParams writes the pairs of any query string back into any URL
// with SetSearchParams and checks: the URL is what its href parses to; only
// the query changed; the query reads back as the same pairs; and it is null
// exactly when there are none (the standard's update steps).
func FuzzSetSearchParams(f *testing.F) {
	for _, s := range []string{"", "?", "a=b ~", "=&=x&a", "%FF=+", "q=🏳️‍🌈&key=e1f7bc78"} {
		f.Add("https://example.com/?x#f", s)
		f.Add("sc:a ?q=1", s)
	}
	for i, input := range seedInputs(f) {
		if i%4 == 0 {
			f.Add(input, "a=1&b=x+y")
		}
	}
	f.Fuzz(func(t *testing.T, input, query string) {
		u, err := Parse(input)
		if err != nil {
			return
		}
		orig := u
		p := NewSearchParams(query)
		u.SetSearchParams(p)
		checkInvariants(t, u)
		if back := u.SearchParams(); !equalPairs(back.list, p.list) {
			t.Fatalf("%q with %q: SearchParams() = %q, want %q", orig.Href(), query, back.list, p.list)
		}
		if _, ok := u.Query(); ok != (p.Size() > 0) {
			t.Fatalf("%q with %q: query non-null = %v with %d pairs", orig.Href(), query, ok, p.Size())
		}
		for _, name := range []string{"protocol", "username", "password", "host", "pathname", "hash"} {
			if got, was := getters[name](u), getters[name](orig); got != was {
				t.Fatalf("%q with %q: %s changed from %q to %q", orig.Href(), query, name, was, got)
			}
		}
	})
}

// TestSetSearchQueryObject checks the search setter's last step (whatwg/url
// fde3f74): the query object's list is the parse of the query as the basic
// URL parser wrote it, so a tab in the value is removed before the pairs are
// read, and percent-encoding is decoded.
func TestSetSearchQueryObject(t *testing.T) {
	for _, tc := range []struct {
		value string
		want  [][2]string
	}{
		{"?a\tb=c", [][2]string{{"ab", "c"}}},
		{"a\nb=c\r&d", [][2]string{{"ab", "c"}, {"d", ""}}},
		{"?x y=%41", [][2]string{{"x y", "A"}}},
		{"", nil},
	} {
		u := MustParse("https://example.com/?old=1")
		u.SetSearch(tc.value)
		var got [][2]string
		for name, value := range u.SearchParams().All() {
			got = append(got, [2]string{name, value})
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("SetSearch(%q): SearchParams %q, want %q (href %q)", tc.value, got, tc.want, u.Href())
		}
	}
}
