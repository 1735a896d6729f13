package url

import (
	"strings"
	"testing"

	"github.com/webstd/url/internal/infra"
)

// This file holds modelPath, a second implementation of the path state
// (https://url.spec.whatwg.org/#path-state) and the shortening of a URL's
// path (https://url.spec.whatwg.org/#shorten-a-urls-path), written to be
// checked by eye against url.bs: one code point per step, the path a list
// of segments, with no run read at once and no segment let through without
// its steps. FuzzPathState compares the parser's paths with it.

// modelPath runs the path state on input, the code points from the one
// the path start state hands over on (its "/" or "\" consumed), of a URL
// that is special or not and whose scheme is "file" or not, with url's path
// empty at the start. It returns url's path, serialized, and what follows
// it: a query or fragment, from its "?" or "#".
func modelPath(input string, special, file bool) (path, rest string) {
	var segments []string
	var buffer strings.Builder
	for pointer := 0; ; {
		// c is the code point at pointer, or EOF (-1).
		c, size := rune(eof), 0
		if pointer < len(input) {
			c, size = infra.DecodeRune(input[pointer:])
			if c < 0x80 {
				c = rune(input[pointer])
			}
		}
		// 1. If one of the following is true: c is the EOF code point or
		//    U+002F (/); url is special and c is U+005C (\); state override
		//    is not given and c is U+003F (?) or U+0023 (#); then:
		if c == eof || c == '/' || special && c == '\\' || c == '?' || c == '#' {
			slash := c == '/' || special && c == '\\'
			b := buffer.String()
			switch {
			// 1.2. If buffer is a double-dot URL path segment, then: shorten
			//      url's path; if neither c is U+002F (/), nor url is special
			//      and c is U+005C (\), append the empty string to url's path.
			case modelDoubleDot(b):
				// Shorten url's path: 2. If url's scheme is "file", path's
				// size is 1, and path[0] is a normalized Windows drive
				// letter, then return. 3. Remove path's last item, if any.
				if !(file && len(segments) == 1 && isNormalizedWindowsDriveLetter(segments[0])) && len(segments) > 0 {
					segments = segments[:len(segments)-1]
				}
				if !slash {
					segments = append(segments, "")
				}
			// 1.3. Otherwise, if buffer is a single-dot URL path segment and
			//      if neither c is U+002F (/), nor url is special and c is
			//      U+005C (\), append the empty string to url's path.
			case modelSingleDot(b):
				if !slash {
					segments = append(segments, "")
				}
			// 1.4. Otherwise, if buffer is not a single-dot URL path segment,
			//      then: 1.4.1. If url's scheme is "file", url's path is
			//      empty, and buffer is a Windows drive letter, then replace
			//      the second code point in buffer with U+003A (:). 1.4.2.
			//      Append buffer to url's path.
			default:
				if file && len(segments) == 0 && infra.IsWindowsDriveLetter(b) {
					b = b[:1] + ":"
				}
				segments = append(segments, b)
			}
			// 1.5. Set buffer to the empty string.
			buffer.Reset()
			// 1.6, 1.7: a query or fragment follows.
			if c == '?' || c == '#' {
				rest = input[pointer:]
				break
			}
			if c == eof {
				break
			}
		} else {
			// 2. Otherwise: UTF-8 percent-encode c using the path
			//    percent-encode set and append the result to buffer.
			buffer.Write(appendPercentEncoded(nil, input[pointer:pointer+size], infra.PathSet))
		}
		pointer += max(size, 1)
	}
	for _, s := range segments {
		path += "/" + s
	}
	return path, rest
}

// modelSingleDot and modelDoubleDot are the standard's single-dot and
// double-dot URL path segments, spelled out.
func modelSingleDot(s string) bool {
	return s == "." || strings.EqualFold(s, "%2e")
}

func modelDoubleDot(s string) bool {
	switch strings.ToLower(s) {
	case "..", ".%2e", "%2e.", "%2e%2e":
		return true
	}
	return false
}

// checkPathState parses prefix+path, where prefix ends where the path
// state starts reading (after the path start state's "/"), and compares its
// path, query and fragment with modelPath's.
func checkPathState(t *testing.T, prefix, path string, special, file bool) {
	t.Helper()
	u, err := Parse(prefix + path)
	if err != nil {
		t.Fatalf("%q: %v", prefix+path, err)
	}
	// The input as the state machine reads it: trimmed, without tabs and
	// newlines (prefix has none).
	input := trimC0ControlOrSpace(prefix + path)
	if hasTabOrNewline(input) {
		input = removeTabAndNewline(input)
	}
	wantPath, rest := modelPath(input[len(prefix):], special, file)
	gotRest := u.Href()[u.pathEnd():]
	wantRest := ""
	if rest != "" {
		// The query and fragment as the parser writes them: parse them on
		// a URL of the same kind with an empty path.
		v, err := Parse(prefix + rest)
		if err != nil {
			t.Fatalf("%q: %v", prefix+rest, err)
		}
		wantRest = v.Href()[v.pathEnd():]
	}
	if got := u.Href()[u.pathStart:u.pathEnd()]; got != wantPath || gotRest != wantRest {
		t.Fatalf("%q: path %q then %q, the model's %q then %q", prefix+path, got, gotRest, wantPath, wantRest)
	}
}

// pathStatePrefixes are URLs up to where the path state starts, of each
// kind it treats apart: special, not special, file.
var pathStatePrefixes = []struct {
	prefix        string
	special, file bool
}{
	{"https://h/", true, false},
	{"sc://h/", false, false},
	{"file:///", true, true},
	{"file://h/", true, true},
}

// TestPathState compares the parser's paths with modelPath's on paths of
// segments that are plain, dot segments in every spelling, and Windows
// drive letters, separated by "/" and "\", with code points to encode.
func TestPathState(t *testing.T) {
	parts := []string{"a", ".", "..", "%2e", ".%2E", "%2E.", "%2e%2e", "C|", "c:", ".a", "%2f", "%2x", "é", " ", "", "a.b", "%", "\x01"}
	seps := []string{"/", "\\", "?q", "#f", "//"}
	n := 0
	for _, a := range parts {
		for _, s1 := range seps {
			for _, b := range parts {
				for _, s2 := range seps {
					for _, c := range []string{"", "x", "..", "."} {
						path := a + s1 + b + s2 + c
						for _, k := range pathStatePrefixes {
							checkPathState(t, k.prefix, path, k.special, k.file)
							n++
						}
					}
				}
			}
		}
	}
	t.Logf("%d paths", n)
}

// FuzzPathState compares the parser's paths with modelPath's on any path.
func FuzzPathState(f *testing.F) {
	f.Add("a/./b/../c/%2e%2E/d")
	f.Add("C|/x\\..\\y/.%2e/z?q#f")
	f.Add("hm\\%202006/en/obm/home.asp#Swiss Goats")
	f.Fuzz(func(t *testing.T, path string) {
		if strings.ContainsAny(path, "\x00") {
			return
		}
		for _, k := range pathStatePrefixes {
			checkPathState(t, k.prefix, path, k.special, k.file)
		}
	})
}
