package url

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"unicode/utf8"
)

// The project's own cases: testdata/*.json, in the shapes of the WPT
// fixtures, run through the WPT runners of wpt_test.go. They hold what WPT
// leaves thin: the examples in the standard's text, input that is not valid
// UTF-8, and every bug found. A file whose objects have an "output" key is
// in the shape of toascii.json; any other file is in the shape of
// urltestdata.json, where a case may give its input as "inputHex" (the
// input's bytes in hex) instead of "input", for input that is not valid
// UTF-8 and so cannot be a JSON string.

// TestOwnCases runs every file testdata/*.json, one subtest per case. A file
// with no cases, an unknown key (a misspelt expectation would otherwise pass
// as the empty string) or a missing expectation fails the test.
func TestOwnCases(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no testdata/*.json files")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			objects := ownObjects(t, data)
			if len(objects) == 0 {
				t.Fatal("no cases")
			}
			if _, ok := objects[0]["output"]; ok {
				runOwnHostCases(t, objects)
			} else {
				runOwnURLCases(t, data, objects)
			}
		})
	}
}

// ownObjects returns the objects of a JSON array of cases, each as a map from
// key to raw value, skipping the comment strings as loadURLTestCases does.
func ownObjects(t *testing.T, data []byte) []map[string]json.RawMessage {
	t.Helper()
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	var objects []map[string]json.RawMessage
	for _, r := range raw {
		if r[0] == '"' {
			continue
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(r, &m); err != nil {
			t.Fatal(err)
		}
		objects = append(objects, m)
	}
	return objects
}

// ownKeys checks that obj has every key of required and no key outside
// required and optional.
func ownKeys(t *testing.T, i int, obj map[string]json.RawMessage, required, optional []string) {
	t.Helper()
	for _, k := range required {
		if _, ok := obj[k]; !ok {
			t.Errorf("case %d: missing key %q", i, k)
		}
	}
	for k := range obj {
		if !slices.Contains(required, k) && !slices.Contains(optional, k) {
			t.Errorf("case %d: unknown key %q", i, k)
		}
	}
}

var ownURLGetterKeys = []string{
	"href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search",
	"hash",
}

// runOwnURLCases runs a file in the shape of urltestdata.json through
// loadURLTestCases and (*urlTestCase).run, with inputHex decoded first, and
// checks that every href it parses to is valid UTF-8.
func runOwnURLCases(t *testing.T, data []byte, objects []map[string]json.RawMessage) {
	cases := loadURLTestCases(t, data)
	if len(cases) != len(objects) {
		t.Fatalf("loadURLTestCases read %d cases, the file has %d objects", len(cases), len(objects))
	}
	for i, obj := range objects {
		tc := &cases[i]
		required := []string{"base"}
		if tc.Failure {
			required = append(required, "failure")
		} else {
			required = append(required, ownURLGetterKeys...)
		}
		ownKeys(t, i, obj, required, []string{"input", "inputHex", "origin", "comment"})
		_, hasInput := obj["input"]
		rawHex, hasHex := obj["inputHex"]
		name := tc.name()
		switch {
		case hasInput == hasHex:
			t.Errorf("case %d: want exactly one of input and inputHex", i)
			continue
		case hasHex:
			var h string
			if err := json.Unmarshal(rawHex, &h); err != nil {
				t.Errorf("case %d: inputHex: %v", i, err)
				continue
			}
			b, err := hex.DecodeString(h)
			if err != nil {
				t.Errorf("case %d: inputHex: %v", i, err)
				continue
			}
			if utf8.Valid(b) {
				t.Errorf("case %d: inputHex %s is valid UTF-8: write it as input", i, h)
				continue
			}
			tc.Input = string(b)
			name = strconv.Quote(tc.Input)
			if tc.Base != nil {
				name += " against " + *tc.Base
			}
		}
		t.Run(name, func(t *testing.T) {
			tc.run(t)
			u, err := tc.parse()
			if err == nil && !utf8.ValidString(u.Href()) {
				t.Errorf("href %q is not valid UTF-8", u.Href())
			}
		})
	}
}

// runOwnHostCases runs a file in the shape of toascii.json through
// checkHostCase.
func runOwnHostCases(t *testing.T, objects []map[string]json.RawMessage) {
	for i, obj := range objects {
		ownKeys(t, i, obj, []string{"input", "output"}, []string{"comment"})
		var tc hostTestCase
		if err := json.Unmarshal(obj["input"], &tc.Input); err != nil {
			t.Fatalf("case %d: input: %v", i, err)
		}
		if err := json.Unmarshal(obj["output"], &tc.Output); err != nil {
			t.Fatalf("case %d: output: %v", i, err)
		}
		t.Run(tc.Input, func(t *testing.T) {
			checkHostCase(t, tc.Input, tc.Output)
		})
	}
}
