package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/webstd/url/internal/errcheck"
)

// hiddenInputs are URLs that parse and hold, as they are given, code points
// that a terminal acts on or a log viewer hides: the review's examples
// (U+009B, the 8-bit CSI; U+FEFF; U+202E) and the others that errtext
// escapes, one of them above U+FFFF (a tag, which JSON writes as a
// surrogate pair).
var hiddenInputs = []string{
	"http://a/\u009b",
	"http://a/\ufeff\u202e",
	"http://a/?\u202e#\U000E0001",
	"https://u:p\u200b@a/\u2066x\u2069\u00ad\u034f\ufe0f",
	"sc:a\u202eb",
	"sc://h/\u2028\u2029\u0085",
}

// TestRunHidesNothingRaw: the output of urlparse for a URL that parses,
// with -json or plain, holds no code point that a terminal acts on or a log
// viewer hides (errcheck.Unescaped, by the unicode package's tables), and
// each line of JSON decodes to the input as it was given. The review found
// U+009B, U+FEFF and U+202E raw in the "input" of -json's objects.
func TestRunHidesNothingRaw(t *testing.T) {
	for _, input := range hiddenInputs {
		for _, flags := range [][]string{{"-json"}, {"-json", "-base", "https://example.com/"}, nil, {"-get", "pathname"}, {"-get", "hash"}} {
			for _, fromStdin := range []bool{false, true} {
				var out, errOut bytes.Buffer
				args, stdin := append(append([]string{}, flags...), "--", input), io.Reader(nil)
				if fromStdin {
					// After a blank line, so that a byte order mark that
					// starts the input stays in it.
					args, stdin = flags, strings.NewReader("\n"+input+"\n")
				}
				if status := run(args, stdin, &out, &errOut); status != 0 {
					t.Fatalf("urlparse %q with %q: status %d, %s", input, flags, status, errOut.String())
				}
				lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
				if fromStdin {
					lines = lines[1:] // the blank line's
				}
				if len(lines) != 1 {
					t.Fatalf("urlparse %q with %q: %d lines: %q", input, flags, len(lines), out.String())
				}
				line := lines[0]
				if what := errcheck.Unescaped(line); what != "" {
					t.Errorf("urlparse %q with %q prints %s as it is: %q", input, flags, what, line)
				}
				if len(flags) == 0 || flags[0] != "-json" {
					continue
				}
				var r map[string]any
				if err := json.Unmarshal([]byte(line), &r); err != nil {
					t.Fatalf("urlparse %q with %q: %v: %s", input, flags, err, line)
				}
				if r["input"] != input {
					t.Errorf("urlparse %q with %q: the JSON decodes to the input %q", input, flags, r["input"])
				}
				if href, _ := r["href"].(string); !utf8.ValidString(href) || href == "" {
					t.Errorf("urlparse %q with %q: the JSON decodes to the href %q", input, flags, href)
				}
			}
		}
	}
}

// TestWriteJSONEscapesAllHidden: writeJSON writes no code point that
// errtext escapes, in any string of an object, and what it writes decodes
// to the object's strings, for every code point up to U+E0FFF.
func TestWriteJSONEscapesAllHidden(t *testing.T) {
	var b strings.Builder
	for r := rune(0x80); r <= 0xE0FFF; r++ {
		if utf8.ValidRune(r) {
			b.WriteRune(r)
		}
	}
	all := b.String()
	var out bytes.Buffer
	c := &cli{out: bufio.NewWriter(&out)}
	c.enc = json.NewEncoder(&c.encoded)
	c.writeJSON(failure{Input: all, Error: "e\u202e", ValidationErrors: []string{"\U000E0020"}})
	c.out.Flush()
	line := strings.TrimSuffix(out.String(), "\n")
	if what := errcheck.Unescaped(line); what != "" {
		t.Errorf("writeJSON writes %s as it is", what)
	}
	var f failure
	if err := json.Unmarshal([]byte(line), &f); err != nil || f.Input != all || f.Error != "e\u202e" || len(f.ValidationErrors) != 1 || f.ValidationErrors[0] != "\U000E0020" {
		t.Errorf("writeJSON's line does not decode to the object (%v)", err)
	}
}
