package url

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// What this package gives net/url and net/http, it reads back: for a URL u,
// FromStd of u.ToStd(), of u.RequestURL() and of the URL of u.NewRequest
// is u, byte for byte, but for what net/url cannot hold:
//
//   - an empty fragment ("https://a/#"), which net/url has no way to hold
//     apart from none, comes back as none (ToStd);
//   - the fragment, which a request never carries, comes back as none
//     (RequestURL, NewRequest);
//   - a username or password, which net/url holds percent-decoded only,
//     comes back as the parser writes its percent-decoded bytes: the same
//     as u's unless u's holds a "%" that is not an escape of a byte the
//     userinfo percent-encode set holds (or of "%") in upper-case hex
//     ("%41", "%c3%a9", "%zz"); it then percent-decodes to u's.
//
// And what FromStd gives back is a fixed point: converted and read back
// again, it is itself with no exception.

// userinfoSpelledAsParsed reports whether s, a URL's username or password,
// is spelled as the parser writes the bytes it percent-decodes to: its
// only "%" start escapes, in upper-case hex, of bytes of the userinfo
// percent-encode set (https://url.spec.whatwg.org/#userinfo-percent-encode-set)
// or of "%" itself.
func userinfoSpelledAsParsed(s string) bool {
	inSet := func(b byte) bool {
		return b <= ' ' || b >= 0x7F || strings.IndexByte("\"#<>?`{}/:;=@[\\]^|%", b) >= 0
	}
	upperHex := func(c byte) (byte, bool) {
		switch {
		case '0' <= c && c <= '9':
			return c - '0', true
		case 'A' <= c && c <= 'F':
			return c - 'A' + 10, true
		}
		return 0, false
	}
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			continue
		}
		if i+2 >= len(s) {
			return false
		}
		hi, ok1 := upperHex(s[i+1])
		lo, ok2 := upperHex(s[i+2])
		if !ok1 || !ok2 || !inSet(hi<<4|lo) {
			return false
		}
		i += 2
	}
	return true
}

// roundTripDifference returns how v, what FromStd read back of a
// conversion of u, differs from u beyond the exceptions above, or "".
// keepsFragment is whether the conversion carries the fragment.
func roundTripDifference(u, v URL, keepsFragment bool) string {
	want := u
	if f, ok := u.Fragment(); ok && (f == "" || !keepsFragment) {
		want.SetHash("") // null
	}
	if userinfoSpelledAsParsed(u.Username()) && userinfoSpelledAsParsed(u.Password()) {
		if v.Href() != want.Href() {
			return "is " + quote(v.Href()) + ", want " + quote(want.Href())
		}
		return ""
	}
	// The userinfo is spelled otherwise: the same once percent-decoded,
	// and the rest the same.
	if PercentDecodeString(v.Username()) != PercentDecodeString(u.Username()) ||
		PercentDecodeString(v.Password()) != PercentDecodeString(u.Password()) {
		return "is " + quote(v.Href()) + ", whose userinfo does not percent-decode to that of " + quote(want.Href())
	}
	a, b := want, v
	a.SetUsername("")
	a.SetPassword("")
	b.SetUsername("")
	b.SetPassword("")
	if a.Href() != b.Href() {
		return "is " + quote(v.Href()) + ", want " + quote(want.Href()) + " but for the userinfo's percent-encoding"
	}
	return ""
}

// stdRoundTripFailures converts u with ToStd, RequestURL and NewRequest,
// reads each result back with FromStd, and returns each way the result
// differs from u beyond the exceptions above. A conversion that refuses u
// gives nothing to read back (its refusals have tests of their own).
func stdRoundTripFailures(u URL) []string {
	var failures []string
	fail := func(format string, v URL, err error, keepsFragment bool) {
		if err != nil {
			failures = append(failures, format+" fails: "+err.Error())
		} else if d := roundTripDifference(u, v, keepsFragment); d != "" {
			failures = append(failures, format+" "+d)
		} else {
			// v is a fixed point: each conversion of it reads back as v.
			if s, err := v.ToStd(); err == nil {
				if w, err := FromStd(s); err != nil || w != v {
					failures = append(failures, format+" is "+quote(v.Href())+", whose ToStd reads back as "+quote(w.Href())+", "+errString(err))
				}
			}
			if s, err := v.RequestURL(); err == nil {
				if w, err := FromStd(s); err != nil || w.Href() != roundTripWithoutFragment(v) {
					failures = append(failures, format+" is "+quote(v.Href())+", whose RequestURL reads back as "+quote(w.Href())+", "+errString(err))
				}
			}
		}
	}
	if s, err := u.ToStd(); err == nil {
		v, err := FromStd(s)
		fail("FromStd(ToStd)", v, err, true)
	}
	if s, err := u.RequestURL(); err == nil {
		v, err := FromStd(s)
		fail("FromStd(RequestURL)", v, err, false)
		req, err := u.NewRequest(context.Background(), "", nil)
		if err != nil {
			failures = append(failures, "NewRequest fails where RequestURL does not: "+err.Error())
		} else {
			if req.Host != u.Host() {
				failures = append(failures, "NewRequest's Host is "+quote(req.Host)+", want "+quote(u.Host()))
			}
			v, err := FromStd(req.URL)
			fail("FromStd(NewRequest().URL)", v, err, false)
		}
	}
	return failures
}

// roundTripWithoutFragment returns v's href with its fragment null.
func roundTripWithoutFragment(v URL) string {
	v.SetHash("")
	return v.Href()
}

// errString is err's text, or "no error".
func errString(err error) string {
	if err == nil {
		return "no error"
	}
	return err.Error()
}

// stdVariants returns u and URLs made from it with what net/url writes or
// sends otherwise than this package: a username and password with "!",
// "'", "(", ")" and "*" (which net/url percent-encodes in a userinfo), a
// fragment with "|", "{", "}" and "^" (which it percent-encodes in a
// fragment), and then a path with "|" and a "%" that starts no escape
// (which it percent-encodes in a path: RequestURL sends such a path in
// Opaque). A setter that does not apply to u (no credentials for a URL
// without a host, no path for an opaque one) leaves it as it is.
func stdVariants(u URL) []URL {
	a := u
	a.SetUsername("u!*")
	a.SetPassword("p'(x)")
	a.SetHash("f|{}^")
	b := a
	if !b.HasOpaquePath() {
		b.SetPathname(b.Pathname() + "/a|b%zz")
	}
	return []URL{u, a, b}
}

// stdRoundTripCases are URLs whose conversions use each way net/url holds
// a URL: the CheckRedirect case ("http://h/a|b", whose request URL
// has Opaque set), with credentials, a port, an IPv6 host and a query; a
// fragment and userinfo net/url writes otherwise; an empty fragment; and
// the schemes net/http does not send.
var stdRoundTripCases = []string{
	"http://h/a|b",
	"http://user:pass@h/a|b",
	"https://user:p!ss@h:8443/a|b/%zz?q=a|b#frag",
	"http://[::1]:8080/%zz?x",
	"http://h/a|b?",
	"https://a/#",
	"https://u!:p*@example.com/x#a|b{}",
	"https://%41:%c3%a9@example.com/",
	"https://example.com/path?q#%7C|",
	"sc://h/a|b#f",
	"mailto:a@example.com#x|y",
	"file:///C:/x|y",
	"ws://h/a?b#c",
}

// TestStdRoundTrip holds the round trip on stdRoundTripCases and their
// variants.
func TestStdRoundTrip(t *testing.T) {
	for _, s := range stdRoundTripCases {
		for _, u := range stdVariants(MustParse(s)) {
			for _, f := range stdRoundTripFailures(u) {
				t.Errorf("%q: %s", u.Href(), f)
			}
		}
	}
}

// TestStdRoundTripCorpus holds the round trip on every URL of the corpora
// (see corpusDir) that parses, and on the variants of every 8th (with
// -short, on every 16th URL and its variants).
func TestStdRoundTripCorpus(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(corpusDir(), "*.txt"))
	if len(files) == 0 {
		t.Skipf("no corpus in %s (set URL_CORPUS_DIR)", corpusDir())
	}
	var urls, failed [3]int
	for _, file := range files {
		for i, s := range readCorpusLines(t, filepath.Base(file)) {
			u, err := Parse(s)
			if err != nil || (testing.Short() && i%16 != 0) {
				continue
			}
			for k, v := range stdVariants(u) {
				if k > 0 && i%8 != 0 {
					break
				}
				urls[k]++
				failures := stdRoundTripFailures(v)
				if len(failures) == 0 {
					continue
				}
				failed[k]++
				if failed[k] <= 5 {
					t.Errorf("%s: %q: %s", filepath.Base(file), v.Href(), strings.Join(failures, "; "))
				}
			}
		}
	}
	for k, name := range []string{"as parsed", "with userinfo and fragment", "and with a path net/url escapes"} {
		t.Logf("%s: %d of %d URLs do not read back", name, failed[k], urls[k])
	}
}

// FuzzStdRoundTrip holds the round trip on any input that parses, and on
// its variants.
func FuzzStdRoundTrip(f *testing.F) {
	for _, s := range stdRoundTripCases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		u, err := Parse(input)
		if err != nil {
			return
		}
		for _, v := range stdVariants(u) {
			if failures := stdRoundTripFailures(v); len(failures) > 0 {
				t.Fatalf("%q: %s", v.Href(), strings.Join(failures, "; "))
			}
		}
	})
}
