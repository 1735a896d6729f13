package url

import (
	"encoding/json"
	"strings"
	"testing"

	"golang.org/x/net/idna"
	"golang.org/x/text/encoding/htmlindex"
)

// The Web Platform Tests fixtures for URLs, driven as
// ../shared/wpt/README.md describes. wptFile (wptfiles_test.go) finds them.

// urlTestCase is one object of urltestdata.json, or of a file of the
// project's own cases in testdata/ in the same shape.
type urlTestCase struct {
	Input    string  `json:"input"`
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

func (tc *urlTestCase) name() string {
	if tc.Base == nil {
		return tc.Input
	}
	return tc.Input + " against " + *tc.Base
}

// loadURLTestCases reads an array of urlTestCase, skipping the comment
// strings the WPT files interleave.
func loadURLTestCases(t *testing.T, data []byte) []urlTestCase {
	t.Helper()
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	var cases []urlTestCase
	for _, r := range raw {
		if r[0] == '"' {
			continue
		}
		var tc urlTestCase
		if err := json.Unmarshal(r, &tc); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, tc)
	}
	return cases
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

// checkInvariants checks what must hold of every URL: its href parses again
// to the same URL (the standard's idempotence goal), and its components
// concatenate back to its href.
func checkInvariants(t *testing.T, u URL) {
	t.Helper()
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

func TestUnicodeVersion(t *testing.T) {
	// The IDNA cases need Unicode 17 tables, which Go 1.27's x/net/idna has.
	if idna.UnicodeVersion != "17.0.0" {
		t.Fatalf("idna.UnicodeVersion = %s, want 17.0.0: build with Go 1.27 (GOTOOLCHAIN=go1.27.4)", idna.UnicodeVersion)
	}
}

func TestWPTURLTestData(t *testing.T) {
	for _, file := range []string{"urltestdata.json", "urltestdata-javascript-only.json"} {
		t.Run(file, func(t *testing.T) {
			cases := loadURLTestCases(t, wptFile(t, file))
			if len(cases) == 0 {
				t.Fatal("no cases")
			}
			for _, tc := range cases {
				t.Run(tc.name(), tc.run)
			}
		})
	}
}

type hostTestCase struct {
	Input  string  `json:"input"`
	Output *string `json:"output"`
}

func loadHostTestCases(t *testing.T, name string) []hostTestCase {
	var raw []json.RawMessage
	if err := json.Unmarshal(wptFile(t, name), &raw); err != nil {
		t.Fatal(err)
	}
	var cases []hostTestCase
	for _, r := range raw {
		if r[0] == '"' {
			continue
		}
		var tc hostTestCase
		if err := json.Unmarshal(r, &tc); err != nil {
			t.Fatal(err)
		}
		cases = append(cases, tc)
	}
	return cases
}

// checkHostCase parses https://INPUT/x and checks it against the expected
// host, as toascii.json and IdnaTestV2.json ask.
func checkHostCase(t *testing.T, input string, output *string) {
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

func TestWPTToASCII(t *testing.T) {
	cases := loadHostTestCases(t, "toascii.json")
	for _, tc := range cases {
		t.Run(tc.Input, func(t *testing.T) {
			checkHostCase(t, tc.Input, tc.Output)
			// The host and hostname setters on https://x/x: the getter then
			// equals output, or stays "x" on failure.
			for _, setter := range []string{"host", "hostname"} {
				u := MustParse("https://x/x")
				want := "x"
				if tc.Output != nil {
					want = *tc.Output
				}
				if setter == "host" {
					u.SetHost(tc.Input)
				} else {
					u.SetHostname(tc.Input)
				}
				if got := getters[setter](u); got != want {
					t.Errorf("after the %s setter: %s = %q, want %q", setter, setter, got, want)
				}
				checkInvariants(t, u)
			}
		})
	}
}

var idnaInputEscaper = strings.NewReplacer(":", "%3A", "/", "%2F", "?", "%3F", "#", "%23", "\\", "%5C")

func TestWPTIdnaTestV2(t *testing.T) {
	cases := loadHostTestCases(t, "IdnaTestV2.json")
	ran := 0
	for _, tc := range cases {
		if tc.Input == "" {
			continue // the README: skip an empty input
		}
		ran++
		t.Run(tc.Input, func(t *testing.T) {
			checkHostCase(t, idnaInputEscaper.Replace(tc.Input), tc.Output)
		})
	}
	if ran != 2670 {
		t.Errorf("ran %d cases, want 2670", ran)
	}
}

func TestWPTPercentEncoding(t *testing.T) {
	var cases []json.RawMessage
	if err := json.Unmarshal(wptFile(t, "percent-encoding.json"), &cases); err != nil {
		t.Fatal(err)
	}
	for _, r := range cases {
		if r[0] == '"' {
			continue
		}
		var tc struct {
			Input  string            `json:"input"`
			Output map[string]string `json:"output"`
		}
		if err := json.Unmarshal(r, &tc); err != nil {
			t.Fatal(err)
		}
		for label, want := range tc.Output {
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
			})
		}
	}
}
