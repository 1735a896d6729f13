package url

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzFastPath holds the fast path for serialized input (fastpath.go) to the
// state machine: whenever the fast path accepts an input, the state machine
// parses it to the same URL.
func FuzzFastPath(f *testing.F) {
	for _, s := range seedInputs(f) {
		f.Add(s)
	}
	for _, s := range []string{"https://example.com/", "http://a:80/", "http://a:0/", "http://a:08/", "file:///C|/x", "file://localhost/",
		"https://1.2.3.4/", "https://example.com", "https://a?b", "sc://H:1?x", "sc:///x", "http://1.2.3.4", "https://a/./b", "https://a/%2e%2E/b", "sc:x y?z", "sc:/x", "ftp://x:21/", "ws://x/?'", "https://x/?'", "sc:?'#`", "https://EXAMPLE.com:443", "http://A.b:80/?q#f", "wss://X:443#f", "http://A.1/", "file://LOCALHOST/"} {
		f.Add(s)
	}
	f.Add(`"http://example.com/`)
	f.Add("\xff:x@y")
	f.Add("1\t\n@x")
	f.Fuzz(func(t *testing.T, input string) {
		if failsWithNoScheme(input) {
			// The state machine, which a sink for validation errors makes
			// run, fails with the same error.
			var errs errorSink
			_, fail, site := runParserWhere(input, nil, nil, &errs)
			want := parseError(input, fail, site)
			if got := parseError(input, failedAt(ErrMissingSchemeNonRelativeURL), failureSite{}); *got != *want {
				t.Fatalf("%q: failsWithNoScheme gives %v, the state machine %v", input, got, want)
			}
		}
		var fast URL
		ok, from := parseSerialized(&fast, input)
		if !ok {
			checkResumption(t, input, fast, from)
			return
		}
		slow, fail := runParser(input, nil, nil, nil)
		if fail != 0 {
			t.Fatalf("fast path accepts %q, the state machine fails with %v", input, fail)
		}
		if fast != slow {
			t.Fatalf("%q: fast path gives\n%+v\nthe state machine\n%+v", input, fast, slow)
		}
	})
}

// checkResumption holds the state machine run from where the fast path
// declined input (it read *u, and resumes from from) to the state machine
// run from the start: the same URL, or the same failure (after which the
// URL is not read).
func checkResumption(t *testing.T, input string, u URL, from resumption) {
	t.Helper()
	resumed := u
	fail, _ := runParserInto(&resumed, input, nil, nil, nil, from)
	whole, wholeFail := runParser(input, nil, nil, nil)
	if fail != wholeFail || fail == 0 && resumed != whole {
		t.Fatalf("%q: resumed at %+v: %+v (failure %v); from the start: %+v (failure %v)", input, from, resumed, fail, whole, wholeFail)
	}
}

// TestFastPathResumes checks where the state machine takes over the inputs
// the fast path declines, and that it gives the URL it gives from the start.
func TestFastPathResumes(t *testing.T) {
	for _, tc := range []struct {
		input string
		want  resumption
	}{
		{`"https://example.com/`, resumption{}},
		{"HTTPS://example.com/", resumption{}},
		{"https://Example.com/a b", resumption{}}, // an edit before: starts over
		{"https://example.com:443/a b", resumption{}},
		{"https://example.com/a b", resumption{pathState, 20}},
		{"https://example.com/abc/d\\e/f", resumption{pathState, 24}},
		{"https://example.com/abc/./f", resumption{pathState, 24}},
		{"https://example.com/abc/%2E%2e/f", resumption{pathState, 24}},
		{"https://example.com/x/é", resumption{pathState, 22}},
		{"https://example.com/x?a=é#f", resumption{queryState, 24}},
		{"https://example.com/x?a='b", resumption{queryState, 24}},
		{"https://example.com/x?a#b c", resumption{fragmentState, 25}},
		{"https://example.com/x?a#b c\t", resumption{fragmentState, 25}},
		{"https://example.com/x?a b\t\n", resumption{queryState, 23}},
		{"https://example.com/a b  ", resumption{pathState, 20}},
		{"file:///a/b c", resumption{}},           // file: starts over
		{"sc://host/a b", resumption{}},           // not special: starts over
		{"https://example.com/a?b", resumption{}}, // taken
	} {
		var u URL
		ok, from := parseSerialized(&u, tc.input)
		if ok {
			if tc.want != (resumption{}) {
				t.Errorf("%q: taken, want declined with %+v", tc.input, tc.want)
			}
			continue
		}
		if from != tc.want {
			t.Errorf("%q: resumes at %+v, want %+v", tc.input, from, tc.want)
		}
		checkResumption(t, tc.input, u, from)
	}
}

// TestFastPathTakes checks which shapes the fast path takes (it must give
// the state machine's URL, which FuzzFastPath checks) and which it leaves to
// the state machine: what a change to it gains or loses.
func TestFastPathTakes(t *testing.T) {
	for _, tc := range []struct {
		input string
		takes bool
	}{
		{"https://example.com/a?b#c", true},
		{"https://example.com", true}, // href "https://example.com/"
		{"https://example.com?q#f", true},
		{"https://example.com:8080", true},
		{"http://192.0.2.1/x", true},
		{"http://192.0.2.1", true},
		{"file:///etc/hosts", true},
		{"file://", true},
		{"sc://host/path?q#f", true},
		{"sc://Host:0", true},
		{"sc://h%zz/p", true},
		{"sc:///p", true},
		{"sc://", true},
		{"mailto:a@example.com", true},
		{"http://127.1/", false},        // not as the IPv4 serializer writes it
		{"http://0x7f.0.0.1/", false},   //
		{"http://1.2.3.256/", false},    // fails
		{"http://1.2.3.04/", false},     // a leading zero: octal
		{"https://", false},             // fails
		{"sc://:1/", false},             // fails
		{"sc://a b/", false},            // a forbidden host code point: fails
		{"sc://a\\b/", false},           //
		{"sc://[::1]/", false},          // an IPv6 host
		{"sc://h/./p", false},           // a dot segment
		{"sc://u@h/", false},            // credentials
		{"HTTPS://example.com/", false}, // an upper-case scheme
		// The path is read eight bytes a step, stopping only at "." and
		// "%", where a dot segment may start, and at what ends or fails it.
		{"https://example.com/index.html", true},
		{"https://example.com/a./b.", true},
		{"https://example.com/.a/..b/...", true},
		{"https://example.com/%2ea/a%2e%2e/%20", true},
		{"https://example.com/abcdefghijklmnop/.", false},
		{"https://example.com/abcdefghijklmno/..", false},
		{"https://example.com/abcdefgh/%2E%2e?q", false},
		{"https://example.com/abcdefgh/.%2e#f", false},
		{"https://example.com/abcdefgh/%2e./x", false},
		{"https://example.com/abcdefghijk\\l", false},
		{"https://example.com/abcdefghijkl m", false},
		{"https://example.com/abcdefghijklmnopqrstuvw?abcdefghijklmnop#abcdefghijklmnop", true},
		{"https://example.com/abcdefghijklmnopqrstuvw?abcdefghijklmnop#abcdefghijk`", false},
		{"https://example.com/abcdefghijklmnopqrstuvw?abcdefghijklmnop'#f", false},
		{"sc://example.com/abcdefghijklmnopqrstuvw?abcdefghijklmnop'#f", true},
		{"https://abcdefghijklmnop.example.com/", true},
		{"https://abcdefghijklmnop.exAmple.com/", true}, // href "https://abcdefghijklmnop.example.com/"
		// The serializer's other edits: a domain lowercased, a default port
		// left out, "/" for an empty special path, alone or together.
		{"http://WWW.Example.COM/a?B#C", true},
		{"https://example.com:443/", true},
		{"https://example.com:443", true}, // href "https://example.com/"
		{"HTTP://example.com:80/", false},
		{"ws://EXAMPLE.com:80?q#f", true},
		{"ftp://x:21", true},
		{"https://example.com:0443/", false}, // not in shortest decimal: declined
		{"sc://Host:443/", true},             // an opaque host keeps its case; sc has no default port
		{"file://LOCALHOST/x", false},        // the file host state makes it empty
		{"file://Host/x", false},
		{"http://0X7F.0.0.1/", false}, // an IPv4 address in hexadecimal
		{"http://A.1/", false},        // ends in a number: fails
		{"file:///C|/x", false},
		{"file:///C:/x", true},
		{"file:///a|/x", false}, // a Windows drive letter with "|": the fast path declines it
	} {
		var u URL
		ok, _ := parseSerialized(&u, tc.input)
		if ok != tc.takes {
			t.Errorf("parseSerialized(%q) takes it: %v, want %v", tc.input, ok, tc.takes)
			continue
		}
		if ok {
			slow, fail := runParser(tc.input, nil, nil, nil)
			if fail != 0 || slow != u {
				t.Errorf("%q: fast path %q, the state machine %q (%v)", tc.input, u.Href(), slow.Href(), fail)
			}
		}
	}
}

// TestFastPathCorpus runs the fast path for serialized input (fastpath.go)
// over every real-world corpus and holds each URL it takes to the state
// machine: the same URL, with the input as its href. It logs how many URLs
// of each corpus the fast path declines, and when DECLINED_OUT names a
// directory it writes them there, one a line, as <corpus>-declined.txt:
// bench/run.sh times ours against ada on these subsets, the URLs that take
// the state machine.
func TestFastPathCorpus(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(corpusDir(), "*.txt"))
	if len(files) == 0 {
		t.Skipf("no corpus in %s (set URL_CORPUS_DIR)", corpusDir())
	}
	out := os.Getenv("DECLINED_OUT")
	if out != "" {
		if err := os.MkdirAll(out, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txt")
		t.Run(name, func(t *testing.T) {
			urls := readCorpusLines(t, name+".txt")
			var declined strings.Builder
			n := 0
			for _, s := range urls {
				var fast URL
				if ok, from := parseSerialized(&fast, s); !ok {
					checkResumption(t, s, fast, from)
					n++
					declined.WriteString(s)
					declined.WriteByte('\n')
					continue
				}
				slow, fail := runParser(s, nil, nil, nil)
				if fail != 0 || fast != slow {
					t.Errorf("%q: fast path gives %+v, the state machine %+v (failure %v)", s, fast, slow, fail)
				}
			}
			t.Logf("%s: the fast path declines %d of %d URLs (%.2f%%)", name, n, len(urls), 100*float64(n)/float64(len(urls)))
			if out != "" {
				path := filepath.Join(out, name+"-declined.txt")
				if err := os.WriteFile(path, []byte(declined.String()), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}
