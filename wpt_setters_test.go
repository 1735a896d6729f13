package url

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"
)

// setterTestCase is one case of setters_tests.json: parse Href, call the
// setter of the attribute with NewValue, then each getter named in Expected
// returns its value.
type setterTestCase struct {
	Href     string            `json:"href"`
	NewValue string            `json:"new_value"`
	Expected map[string]string `json:"expected"`
	Comment  string            `json:"comment"`
}

// setters maps the names of the standard's URL attributes to our setters,
// each adapted to one shape. SetHref's error is dropped: the href getter
// tells whether it took the new value.
var setters = map[string]func(*URL, string){
	"href":     func(u *URL, s string) { _ = u.SetHref(s) },
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

// setterNames lists the keys of setters in a fixed order, so that the fuzz
// target's setter index means the same setter from run to run.
var setterNames = []string{
	"href", "protocol", "username", "password", "host",
	"hostname", "port", "pathname", "search", "hash",
}

// parseSetterTests reads setters_tests.json: an object from attribute name
// to its cases, with a "comment" key that is not an attribute.
func parseSetterTests(data []byte) (map[string][]setterTestCase, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return nil, err
	}
	tests := make(map[string][]setterTestCase)
	for attr, r := range raw {
		if attr == "comment" {
			continue
		}
		var cases []setterTestCase
		if err := json.Unmarshal(r, &cases); err != nil {
			return nil, fmt.Errorf("%s: %w", attr, err)
		}
		tests[attr] = cases
	}
	return tests, nil
}

// TestWPTSetters runs every case of setters_tests.json as its comment says:
// parse href (which must not fail), invoke the setter of the attribute with
// new_value, and compare each getter listed in expected.
func TestWPTSetters(t *testing.T) {
	tests, err := parseSetterTests(wptFile(t, "setters_tests.json"))
	if err != nil {
		t.Fatal(err)
	}
	attrs := make([]string, 0, len(tests))
	for attr := range tests {
		attrs = append(attrs, attr)
	}
	slices.Sort(attrs)
	ran, unchanged := 0, 0
	for _, attr := range attrs {
		set, ok := setters[attr]
		if !ok {
			t.Errorf("setters_tests.json has attribute %q, which has no setter here", attr)
			continue
		}
		for i, tc := range tests[attr] {
			ran++
			name := fmt.Sprintf("%s/%d %s <- %s", attr, i, tc.Href, tc.NewValue)
			t.Run(name, func(t *testing.T) {
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
				// was leaves the URL itself as it was: every offset, the
				// host's kind and the port, not only the serialization.
				if tc.Expected["href"] == tc.Href {
					unchanged++
					if u != orig {
						t.Errorf("href unchanged, but the URL is not == the original:\n got %+v\nwant %+v", u, orig)
					}
				}
				checkInvariants(t, u)
			})
		}
	}
	// The fixture as of July 2026 has 278 cases (20 comment lines aside).
	if ran != 278 {
		t.Errorf("ran %d cases, want 278", ran)
	}
	t.Logf("%d cases, %d expecting the href unchanged", ran, unchanged)
}
