package url

import "testing"

// FuzzFastPath holds the fast path for serialized input (fastpath.go) to the
// state machine: whenever the fast path accepts an input, the state machine
// parses it to the same URL.
func FuzzFastPath(f *testing.F) {
	for _, s := range seedInputs(f) {
		f.Add(s)
	}
	for _, s := range []string{"https://example.com/", "http://a:80/", "http://a:0/", "http://a:08/", "file:///C|/x", "file://localhost/",
		"https://1.2.3.4/", "https://a/./b", "https://a/%2e%2E/b", "sc:x y?z", "sc:/x", "ftp://x:21/", "ws://x/?'", "https://x/?'", "sc:?'#`"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		fast, ok := parseSerialized(input)
		if !ok {
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
