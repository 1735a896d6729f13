package url

import (
	"cmp"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding/htmlindex"

	"github.com/webstd/url/internal/wptfiles"

	"github.com/webstd/url/internal/infra"
)

// This file runs the JSON fixtures: the Web Platform Tests files in TestWPT,
// and the project's own cases (testdata/*.json, in the same shapes) in
// TestOwnCases, through the same runner per shape. It is the one place that
// checks what the fixtures expect; other tests read their inputs through
// wptCases, as fuzz seeds and for properties of their own.
//
// The WPT files are committed in testdata/wpt (its README.md names the
// snapshot and how to refresh it). wptFile finds them in $WPT_DIR, else
// testdata/wpt, else ../shared/wpt beside the repository.

// wptFixtures lists every WPT fixture and its runner, with the number of
// cases of the snapshot in testdata/wpt: a runner that drops cases fails
// TestWPT. After a refresh (testdata/wpt/refresh.sh) that changes the cases,
// update the counts.
var wptFixtures = []struct {
	name  string
	run   func(t *testing.T, name string, data []byte) int
	cases int
	// ownKeys checks the keys of a file of the project's own cases in this
	// shape, where a misspelt key would otherwise pass unnoticed.
	ownKeys func(t *testing.T, name string, data []byte)
}{
	{"urltestdata.json", runURLTestData, 891, ownURLKeys},
	{"urltestdata-javascript-only.json", runURLTestData, 1, ownURLKeys},
	{"setters_tests.json", runSetterTests, 278, ownSetterKeys},
	{"toascii.json", runToASCII, 87, ownArrayKeys([]string{"input", "output"}, []string{"comment"})},
	{"IdnaTestV2.json", runIdnaTestV2, 2675, ownArrayKeys([]string{"input", "output"}, []string{"comment"})},
	{"percent-encoding.json", runPercentEncoding, 7, ownArrayKeys([]string{"input", "output"}, nil)},
	{"urlencoded-parser-data.json", runURLEncodedParserData, 35, ownArrayKeys([]string{"input", "output"}, nil)},
}

// TestWPT runs every WPT fixture, one subtest per fixture and one per case
// within it.
func TestWPT(t *testing.T) {
	for _, f := range wptFixtures {
		t.Run(f.name, func(t *testing.T) {
			if ran := f.run(t, f.name, wptFile(t, f.name)); ran != f.cases {
				t.Errorf("ran %d cases, want %d (the snapshot in testdata/wpt)", ran, f.cases)
			}
		})
	}
}

// TestOwnCases runs every file testdata/*.json, the project's own cases: the
// examples in the standard's text, input that is not valid UTF-8, and every
// bug found. A file named like a WPT fixture is in its shape and goes
// through its runner; any other file is in the shape of urltestdata.json. A
// file with no cases, an unknown key (a misspelt expectation would otherwise
// pass as the empty string) or a missing expectation fails the test.
//
// Two keys extend the WPT shapes for input that is not valid UTF-8, which a
// JSON string cannot hold: "inputHex" in the shape of urltestdata.json and
// "new_valueHex" in that of setters_tests.json give the bytes of "input" and
// "new_value" in hex. A case has the one or the other, and the bytes are
// never valid UTF-8.
func TestOwnCases(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no testdata/*.json files")
	}
	for _, file := range files {
		name := filepath.Base(file)
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			f := wptFixtures[0] // urltestdata.json
			for _, g := range wptFixtures {
				if g.name == name {
					f = g
				}
			}
			f.ownKeys(t, name, data)
			if f.run(t, name, data) == 0 {
				t.Fatal("no cases")
			}
		})
	}
}

// Finding and reading the fixtures.

// wptFile returns the contents of the Web Platform Tests fixture name (for
// example "urltestdata.json"), found as internal/wptfiles finds it: in
// $WPT_DIR, the module's testdata/wpt or ../shared/wpt.
func wptFile(t testing.TB, name string) []byte {
	t.Helper()
	return wptfiles.Read(t, ".", name)
}

// decodeCases decodes data, the file name: a JSON array of cases of type T
// among which, in the WPT files, strings are comments, which it drops.
func decodeCases[T any](t testing.TB, name string, data []byte) []T {
	t.Helper()
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	cases := make([]T, 0, len(raw))
	for i, r := range raw {
		if r[0] == '"' {
			continue // a comment
		}
		var c T
		if err := json.Unmarshal(r, &c); err != nil {
			t.Fatalf("%s: element %d: %v", name, i, err)
		}
		cases = append(cases, c)
	}
	return cases
}

// wptCases returns the cases of the WPT fixture name, a JSON array, as
// wptFile finds it and decodeCases decodes it.
func wptCases[T any](t testing.TB, name string) []T {
	t.Helper()
	return decodeCases[T](t, name, wptFile(t, name))
}

// urltestdata.json: the basic URL parser.

// urlTestCase is one object of urltestdata.json, or of a file of the
// project's own cases in testdata/ in the same shape.
type urlTestCase struct {
	Input    string  `json:"input"`
	InputHex string  `json:"inputHex"` // the project's own files only: see TestOwnCases
	Base     *string `json:"base"`
	Failure  bool    `json:"failure"`
	Href     string  `json:"href"`
	Origin   *string `json:"origin"`
	Protocol string  `json:"protocol"`
	Username string  `json:"username"`
	Password string  `json:"password"`
	Host     string  `json:"host"`
	Hostname string  `json:"hostname"`
	Port     string  `json:"port"`
	Pathname string  `json:"pathname"`
	Search   string  `json:"search"`
	Hash     string  `json:"hash"`
}

// name names the case's subtest: its input (quoted when it is not valid
// UTF-8), and its base when it has one.
func (tc *urlTestCase) name() string {
	name := tc.Input
	if !utf8.ValidString(name) {
		name = strconv.Quote(name)
	}
	if tc.Base == nil {
		return name
	}
	return name + " against " + *tc.Base
}

func (tc *urlTestCase) baseOrEmpty() string {
	if tc.Base == nil {
		return ""
	}
	return *tc.Base
}

// runURLTestData runs a file in the shape of urltestdata.json: one subtest
// per case, named after its input and base.
func runURLTestData(t *testing.T, name string, data []byte) int {
	cases := decodeCases[urlTestCase](t, name, data)
	for i := range cases {
		tc := &cases[i]
		if tc.InputHex != "" {
			b, err := hex.DecodeString(tc.InputHex)
			if err != nil {
				t.Errorf("inputHex %q: %v", tc.InputHex, err)
				continue
			}
			tc.Input = string(b)
		}
		t.Run(tc.name(), tc.run)
	}
	return len(cases)
}

// parse parses the case's input, against its base when it has one, as
// new URL(input, base) does.
func (tc *urlTestCase) parse() (URL, error) {
	if tc.Base == nil {
		return Parse(tc.Input)
	}
	return ParseWithBase(tc.Input, *tc.Base)
}

func (tc *urlTestCase) run(t *testing.T) {
	u, err := tc.parse()
	if tc.Base == nil {
		if got := CanParse(tc.Input); got != !tc.Failure {
			t.Errorf("CanParse = %v, want %v", got, !tc.Failure)
		}
	} else if got := CanParseWithBase(tc.Input, *tc.Base); got != !tc.Failure {
		t.Errorf("CanParseWithBase = %v, want %v", got, !tc.Failure)
	}
	if tc.Failure {
		if err == nil {
			t.Fatalf("parsed to %q, want failure", u.Href())
		}
		return
	}
	if err != nil {
		t.Fatalf("failed: %v; want %q", err, tc.Href)
	}
	checkGetters(t, u, map[string]string{
		"href": tc.Href, "protocol": tc.Protocol, "username": tc.Username,
		"password": tc.Password, "host": tc.Host, "hostname": tc.Hostname,
		"port": tc.Port, "pathname": tc.Pathname, "search": tc.Search, "hash": tc.Hash,
	})
	if tc.Origin != nil {
		if got := u.Origin().String(); got != *tc.Origin {
			t.Errorf("origin = %q, want %q", got, *tc.Origin)
		}
	}
	checkInvariants(t, u)
}

// getters maps the names of the standard's URL getters to ours.
var getters = map[string]func(URL) string{
	"href":     URL.Href,
	"protocol": URL.Protocol,
	"username": URL.Username,
	"password": URL.Password,
	"host":     URL.Host,
	"hostname": URL.Hostname,
	"port":     URL.Port,
	"pathname": URL.Pathname,
	"search":   URL.Search,
	"hash":     URL.Hash,
}

func checkGetters(t *testing.T, u URL, want map[string]string) {
	t.Helper()
	for name, w := range want {
		get, ok := getters[name]
		if !ok {
			continue // searchParams and such: checked elsewhere
		}
		if got := get(u); got != w {
			t.Errorf("%s = %q, want %q (href %q)", name, got, w, u.Href())
		}
	}
}

// checkInvariants checks what must hold of every URL: its href is valid
// UTF-8 and parses again to the same URL (the standard's idempotence goal),
// and its components concatenate back to its href.
func checkInvariants(t *testing.T, u URL) {
	t.Helper()
	if !utf8.ValidString(u.Href()) {
		t.Errorf("href %q is not valid UTF-8", u.Href())
	}
	v, err := Parse(u.Href())
	if err != nil {
		t.Fatalf("href %q does not parse again: %v", u.Href(), err)
	}
	if v != u {
		t.Errorf("href %q parses again to a different URL:\n got %+v\nwant %+v", u.Href(), v, u)
	}
	if got := reassemble(u); got != u.Href() {
		t.Errorf("components reassemble to %q, want href %q", got, u.Href())
	}
}

// reassemble writes u's components back together as the URL serializer does
// (https://url.spec.whatwg.org/#concept-url-serializer), from the getters.
func reassemble(u URL) string {
	var b strings.Builder
	b.WriteString(u.Protocol())
	if u.HasHost() {
		b.WriteString("//")
		if u.Username() != "" || u.Password() != "" {
			b.WriteString(u.Username())
			if u.Password() != "" {
				b.WriteString(":" + u.Password())
			}
			b.WriteString("@")
		}
		b.WriteString(u.Host())
	} else if !u.HasOpaquePath() && strings.HasPrefix(u.Pathname(), "//") {
		b.WriteString("/.")
	}
	b.WriteString(u.Pathname())
	if q, ok := u.Query(); ok {
		b.WriteString("?" + q)
	}
	if f, ok := u.Fragment(); ok {
		b.WriteString("#" + f)
	}
	return b.String()
}

// setters_tests.json: the setters of the URL API.

// setterTestCase is one case of setters_tests.json: parse Href, call the
// setter of the attribute Attr with NewValue, then each getter named in
// Expected returns its value.
type setterTestCase struct {
	Attr        string            `json:"-"` // the key of the list the case is in
	Index       int               `json:"-"` // its index in that list
	Href        string            `json:"href"`
	NewValue    string            `json:"new_value"`
	NewValueHex string            `json:"new_valueHex"` // the project's own files only: see TestOwnCases
	Expected    map[string]string `json:"expected"`
	Comment     string            `json:"comment"`
}

// setters maps the names of the standard's URL attributes to our setters.
var setters = map[string]func(*URL, string) error{
	"href":     (*URL).SetHref,
	"protocol": (*URL).SetProtocol,
	"username": (*URL).SetUsername,
	"password": (*URL).SetPassword,
	"host":     (*URL).SetHost,
	"hostname": (*URL).SetHostname,
	"port":     (*URL).SetPort,
	"pathname": (*URL).SetPathname,
	"search":   (*URL).SetSearch,
	"hash":     (*URL).SetHash,
}

// decodeSetterTests decodes data, the file name in the shape of
// setters_tests.json: an object from attribute name to its list of cases,
// with a "comment" key that is not an attribute. It returns the cases by
// attribute in sorted order, each list in the file's order, with
// new_valueHex decoded into NewValue.
func decodeSetterTests(t testing.TB, name string, data []byte) []setterTestCase {
	t.Helper()
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var cases []setterTestCase
	for attr, r := range raw {
		if attr == "comment" {
			continue
		}
		var list []setterTestCase
		if err := json.Unmarshal(r, &list); err != nil {
			t.Fatalf("%s: %s: %v", name, attr, err)
		}
		for i, tc := range list {
			tc.Attr, tc.Index = attr, i
			if tc.NewValueHex != "" {
				b, err := hex.DecodeString(tc.NewValueHex)
				if err != nil {
					t.Fatalf("%s: %s/%d: new_valueHex: %v", name, attr, i, err)
				}
				tc.NewValue = string(b)
			}
			cases = append(cases, tc)
		}
	}
	slices.SortStableFunc(cases, func(a, b setterTestCase) int {
		return cmp.Or(cmp.Compare(a.Attr, b.Attr), cmp.Compare(a.Index, b.Index))
	})
	return cases
}

// runSetterTests runs a file in the shape of setters_tests.json as its
// comment says: parse href (which must not fail), invoke the setter of the
// attribute with new_value, and compare each getter listed in expected. Each
// case also goes through checkSetter, the properties of FuzzSetters.
func runSetterTests(t *testing.T, name string, data []byte) int {
	cases := decodeSetterTests(t, name, data)
	unchanged := 0
	for _, tc := range cases {
		set, ok := setters[tc.Attr]
		if !ok {
			t.Errorf("%s has attribute %q, which has no setter here", name, tc.Attr)
			continue
		}
		t.Run(fmt.Sprintf("%s/%d %s <- %s", tc.Attr, tc.Index, tc.Href, tc.NewValue), func(t *testing.T) {
			u, err := Parse(tc.Href)
			if err != nil {
				t.Fatalf("href %q does not parse: %v", tc.Href, err)
			}
			orig := u
			set(&u, tc.NewValue)
			if tc.Comment != "" {
				t.Logf("comment: %s", tc.Comment)
			}
			checkGetters(t, u, tc.Expected)
			if want, ok := tc.Expected["searchParams"]; ok {
				if got := u.SearchParams().String(); got != want {
					t.Errorf("searchParams = %q, want %q", got, want)
				}
			}
			for key := range tc.Expected {
				if _, ok := getters[key]; !ok && key != "searchParams" {
					t.Errorf("expected has key %q, which is not a getter", key)
				}
			}
			// A setter that the fixture expects to leave the href as it
			// was leaves the URL itself as it was: every offset, the host's
			// kind and the port, not only the serialization.
			if tc.Expected["href"] == tc.Href {
				unchanged++
				if u != orig {
					t.Errorf("href unchanged, but the URL is not == the original:\n got %+v\nwant %+v", u, orig)
				}
			}
			checkInvariants(t, u)
			checkSetter(t, orig, tc.Attr, tc.NewValue)
		})
	}
	t.Logf("%d cases, %d expecting the href unchanged", len(cases), unchanged)
	return len(cases)
}

// toascii.json and IdnaTestV2.json: the host parser and the domain parser.

// hostTestCase is one case of toascii.json or IdnaTestV2.json: output null
// means failure. The comment of an IdnaTestV2.json case lists the UTS #46
// status codes of its input.
type hostTestCase struct {
	Input   string  `json:"input"`
	Output  *string `json:"output"`
	Comment string  `json:"comment"`
}

// checkHostCase parses https://INPUT/x and checks it against the expected
// host, as toascii.json and IdnaTestV2.json ask.
func checkHostCase(t *testing.T, input string, output *string) {
	t.Helper()
	u, err := Parse("https://" + input + "/x")
	if output == nil {
		if err == nil {
			t.Fatalf("parsed to %q, want failure", u.Href())
		}
		return
	}
	if err != nil {
		t.Fatalf("failed: %v; want host %q", err, *output)
	}
	checkGetters(t, u, map[string]string{
		"host": *output, "hostname": *output, "pathname": "/x", "href": "https://" + *output + "/x",
	})
	checkInvariants(t, u)
}

// checkDomainToASCII runs the case's input through domainToASCII directly
// and reports whether it could. The fixtures are meant for the host parser
// (https://INPUT/x), which checkHostCase checks; an input with a code point
// that ends the host or is percent-decoded in a URL (":", "/", "?", "#",
// "\", "[", "%") is not checked here, and neither is one whose domain ends
// in a number, as the host parser then hands it to the IPv4 parser.
func checkDomainToASCII(t *testing.T, tc hostTestCase) bool {
	t.Helper()
	if tc.Input == "" || strings.ContainsAny(tc.Input, ":/?#\\[%") {
		return false
	}
	result, fail := domainToASCII(tc.Input, false, hostErrors{})
	if fail == 0 && endsInANumber(result) {
		return false
	}
	switch {
	case tc.Output == nil && fail == 0:
		t.Errorf("domainToASCII(%q) = %q; want failure (%s)", tc.Input, result, tc.Comment)
	case tc.Output != nil && (fail != 0 || result != *tc.Output):
		t.Errorf("domainToASCII(%q) = %q, %v; want %q (%s)", tc.Input, result, fail, *tc.Output, tc.Comment)
	}
	return true
}

// runToASCII runs a file in the shape of toascii.json. Each case is
// checkHostCase; then, on a URL parsed from https://x/x, the host setter and
// separately the hostname setter with the input: that getter then equals
// output, or stays "x" on failure; and checkDomainToASCII.
func runToASCII(t *testing.T, name string, data []byte) int {
	cases := decodeCases[hostTestCase](t, name, data)
	direct := 0
	for _, tc := range cases {
		t.Run(tc.Input, func(t *testing.T) {
			checkHostCase(t, tc.Input, tc.Output)
			for _, setter := range []string{"host", "hostname"} {
				u := MustParse("https://x/x")
				want := "x"
				if tc.Output != nil {
					want = *tc.Output
				}
				setters[setter](&u, tc.Input)
				if got := getters[setter](u); got != want {
					t.Errorf("after the %s setter: %s = %q, want %q", setter, setter, got, want)
				}
				checkInvariants(t, u)
			}
			if checkDomainToASCII(t, tc) {
				direct++
			}
		})
	}
	checkDirect(t, direct, len(cases))
	return len(cases)
}

// checkDirect checks that checkDomainToASCII could check most of a file's
// cases: the inputs it leaves out are few.
func checkDirect(t *testing.T, direct, cases int) {
	t.Helper()
	t.Logf("%d of %d inputs checked with domainToASCII directly", direct, cases)
	if direct*3 < cases*2 {
		t.Errorf("only %d of %d inputs checked with domainToASCII directly", direct, cases)
	}
}

var idnaInputEscaper = strings.NewReplacer(":", "%3A", "/", "%2F", "?", "%3F", "#", "%23", "\\", "%5C")

// runIdnaTestV2 runs a file in the shape of IdnaTestV2.json, skipping a case
// with an empty input as the fixture's README says. Each case is
// checkHostCase on the input with ":", "/", "?", "#" and "\"
// percent-encoded; checkDomainToASCII; checkUTS46Status; and, when the
// output is not failure, that domain to Unicode undoes the domain parser on
// it.
func runIdnaTestV2(t *testing.T, name string, data []byte) int {
	ran, direct := 0, 0
	for _, tc := range decodeCases[hostTestCase](t, name, data) {
		if tc.Input == "" {
			continue
		}
		ran++
		t.Run(tc.Input, func(t *testing.T) {
			checkHostCase(t, idnaInputEscaper.Replace(tc.Input), tc.Output)
			if checkDomainToASCII(t, tc) {
				direct++
			}
			checkUTS46Status(t, tc)
			if tc.Output != nil {
				u := DomainToUnicode(*tc.Output)
				if back, err := DomainToASCII(u); err != nil || back != *tc.Output {
					t.Errorf("DomainToASCII(DomainToUnicode(%q) = %q) = %q, %v", *tc.Output, u, back, err)
				}
			}
		})
	}
	checkDirect(t, direct, ran)
	return ran
}

// checkUTS46Status checks domain parser ToASCII itself, strict and lenient,
// against the UTS #46 status codes that IdnaTestV2.json keeps in its
// comments: a code marked "(ignored)" is an error only with the strict flags
// (CheckHyphens, UseSTD3ASCIIRules, VerifyDnsLength); any other code is an
// error with both. It then checks that domainToASCII signals domain-to-ASCII
// exactly for the inputs with a code, and that domainToUnicode records an
// error exactly for the inputs with a code that is not ignored and not of
// ToASCII's own steps (A*).
func checkUTS46Status(t *testing.T, tc hostTestCase) {
	t.Helper()
	strictErr, lenientErr, unicodeErr := false, false, false
	for _, code := range strings.Split(tc.Comment, "; ") {
		if code == "" {
			continue
		}
		strictErr = true
		if !strings.HasSuffix(code, " (ignored)") {
			lenientErr = true
			if !strings.HasPrefix(code, "A") {
				unicodeErr = true
			}
		}
	}
	if _, ok := domainParserToASCII(tc.Input, true); ok == strictErr {
		t.Errorf("strict ToASCII(%q): ok = %v; codes %q", tc.Input, ok, tc.Comment)
	}
	if _, ok := domainParserToASCII(tc.Input, false); ok == lenientErr {
		t.Errorf("lenient ToASCII(%q): ok = %v; codes %q", tc.Input, ok, tc.Comment)
	}
	var got []string
	domainToASCII(tc.Input, false, recordErrors(&got))
	if signalled := len(got) > 0; signalled != strictErr {
		t.Errorf("domainToASCII(%q) signalled %q; codes %q", tc.Input, got, tc.Comment)
	}
	got = nil
	domainToUnicode(tc.Input, recordErrors(&got))
	if signalled := len(got) > 0; signalled != unicodeErr {
		t.Errorf("domainToUnicode(%q) signalled %q; codes %q", tc.Input, got, tc.Comment)
	}
}

// percent-encoding.json: percent-encode after encoding.

// percentEncodingCase is one case of percent-encoding.json: the expected
// percent-encoding of Input in each encoding, by label.
type percentEncodingCase struct {
	Input  string            `json:"input"`
	Output map[string]string `json:"output"`
}

// runPercentEncoding runs a file in the shape of percent-encoding.json, one
// subtest per input and encoding label. It parses
// https://doesnotmatter.invalid/?INPUT#INPUT with the query encoding the
// label names: search is "?" + output[label] and hash is "#" +
// output["utf-8"]. It also drives appendPercentEncodeAfterEncoding directly
// with the special-query set: output[label] is what it writes for input.
func runPercentEncoding(t *testing.T, name string, data []byte) int {
	cases := decodeCases[percentEncodingCase](t, name, data)
	for _, tc := range cases {
		labels := make([]string, 0, len(tc.Output))
		for label := range tc.Output {
			labels = append(labels, label)
		}
		slices.Sort(labels)
		for _, label := range labels {
			want := tc.Output[label]
			t.Run(tc.Input+" "+label, func(t *testing.T) {
				enc, err := htmlindex.Get(label)
				if err != nil {
					t.Fatalf("label %q: %v", label, err)
				}
				p := Parser{Encoding: enc}
				u, err := p.Parse("https://doesnotmatter.invalid/?" + tc.Input + "#" + tc.Input)
				if err != nil {
					t.Fatal(err)
				}
				if got := u.Search(); got != "?"+want {
					t.Errorf("search = %q, want %q", got, "?"+want)
				}
				if got := u.Hash(); got != "#"+tc.Output["utf-8"] {
					t.Errorf("hash = %q, want %q", got, "#"+tc.Output["utf-8"])
				}
				checkInvariants(t, u)
				got := string(appendPercentEncodeAfterEncoding(nil, getOutputEncoding(enc), tc.Input, infra.SpecialQuerySet, false))
				if got != want {
					t.Errorf("percent-encode after encoding %q = %q, want %q", tc.Input, got, want)
				}
			})
		}
	}
	return len(cases)
}

// urlencoded-parser-data.json: the application/x-www-form-urlencoded parser.

// urlencodedCase is one case of urlencoded-parser-data.json: Input parses
// to the name-value pairs of Output.
type urlencodedCase struct {
	Input  string     `json:"input"`
	Output [][]string `json:"output"`
}

// runURLEncodedParserData runs a file in the shape of
// urlencoded-parser-data.json through ParseURLEncoded and NewSearchParams,
// which runs the same parser as new URLSearchParams(input).
func runURLEncodedParserData(t *testing.T, name string, data []byte) int {
	cases := decodeCases[urlencodedCase](t, name, data)
	for _, tc := range cases {
		t.Run(tc.Input, func(t *testing.T) {
			want := make([][2]string, len(tc.Output))
			for i, pair := range tc.Output {
				if len(pair) != 2 {
					t.Fatalf("bad pair %q", pair)
				}
				want[i] = [2]string{pair[0], pair[1]}
			}
			if got := ParseURLEncoded(tc.Input); !equalPairs(got, want) {
				t.Errorf("ParseURLEncoded(%q) = %q, want %q", tc.Input, got, want)
			}
			p := NewSearchParams(tc.Input)
			if !equalPairs(p.list, want) {
				t.Errorf("NewSearchParams(%q) = %q, want %q", tc.Input, p.list, want)
			}
			checkSearchParams(t, p)
		})
	}
	return len(cases)
}

// The keys of the project's own files.

// ownObjects returns the objects of a JSON array of cases, each as a map from
// key to raw value, skipping the comment strings as decodeCases does.
func ownObjects(t *testing.T, name string, data []byte) []map[string]json.RawMessage {
	t.Helper()
	return decodeCases[map[string]json.RawMessage](t, name, data)
}

// checkKeys checks that obj has every key of required and no key outside
// required and optional.
func checkKeys(t *testing.T, at string, obj map[string]json.RawMessage, required, optional []string) {
	t.Helper()
	for _, k := range required {
		if _, ok := obj[k]; !ok {
			t.Errorf("%s: missing key %q", at, k)
		}
	}
	for k := range obj {
		if !slices.Contains(required, k) && !slices.Contains(optional, k) {
			t.Errorf("%s: unknown key %q", at, k)
		}
	}
}

// ownArrayKeys returns a check of the keys of a file whose cases all have
// the keys required and may have those of optional.
func ownArrayKeys(required, optional []string) func(t *testing.T, name string, data []byte) {
	return func(t *testing.T, name string, data []byte) {
		t.Helper()
		for i, obj := range ownObjects(t, name, data) {
			checkKeys(t, fmt.Sprintf("case %d", i), obj, required, optional)
		}
	}
}

// ownHexKey checks that obj has exactly one of the keys key and key+"Hex",
// and that the bytes the latter gives in hex are not valid UTF-8 (valid
// UTF-8 belongs in key).
func ownHexKey(t *testing.T, at string, obj map[string]json.RawMessage, key string) {
	t.Helper()
	_, hasPlain := obj[key]
	rawHex, hasHex := obj[key+"Hex"]
	switch {
	case hasPlain == hasHex:
		t.Errorf("%s: want exactly one of %s and %sHex", at, key, key)
	case hasHex:
		var h string
		if err := json.Unmarshal(rawHex, &h); err != nil {
			t.Errorf("%s: %sHex: %v", at, key, err)
			return
		}
		b, err := hex.DecodeString(h)
		if err != nil {
			t.Errorf("%s: %sHex: %v", at, key, err)
		} else if utf8.Valid(b) {
			t.Errorf("%s: %sHex %s is valid UTF-8: write it as %s", at, key, h, key)
		}
	}
}

var ownURLGetterKeys = []string{
	"href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search",
	"hash",
}

// ownURLKeys checks the keys of a file in the shape of urltestdata.json: a
// failure case has base and failure, any other base and every getter; each
// has input or inputHex.
func ownURLKeys(t *testing.T, name string, data []byte) {
	t.Helper()
	for i, obj := range ownObjects(t, name, data) {
		at := fmt.Sprintf("case %d", i)
		required := []string{"base"}
		var failure bool
		if raw, ok := obj["failure"]; ok {
			if err := json.Unmarshal(raw, &failure); err != nil {
				t.Errorf("%s: failure: %v", at, err)
			}
		}
		if failure {
			required = append(required, "failure")
		} else {
			required = append(required, ownURLGetterKeys...)
		}
		checkKeys(t, at, obj, required, []string{"input", "inputHex", "origin", "comment"})
		ownHexKey(t, at, obj, "input")
	}
}

// ownSetterKeys checks the keys of a file in the shape of
// setters_tests.json: each case has href, new_value or new_valueHex, and
// expected, which has href (each case says what the href becomes); the
// runner checks that the other keys of expected are getters.
func ownSetterKeys(t *testing.T, name string, data []byte) {
	t.Helper()
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	for attr, r := range raw {
		if attr == "comment" {
			continue
		}
		if _, ok := setters[attr]; !ok {
			t.Errorf("%s: %q is not an attribute with a setter", name, attr)
			continue
		}
		var list []map[string]json.RawMessage
		if err := json.Unmarshal(r, &list); err != nil {
			t.Fatalf("%s: %s: %v", name, attr, err)
		}
		for i, obj := range list {
			at := fmt.Sprintf("%s/%d", attr, i)
			checkKeys(t, at, obj, []string{"href", "expected"}, []string{"new_value", "new_valueHex", "comment"})
			ownHexKey(t, at, obj, "new_value")
			var expected map[string]string
			if err := json.Unmarshal(obj["expected"], &expected); err != nil {
				t.Errorf("%s: expected: %v", at, err)
			} else if _, ok := expected["href"]; !ok {
				t.Errorf("%s: expected has no href", at)
			}
		}
	}
}
