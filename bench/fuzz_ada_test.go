//go:build cgo

package bench

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ada-url/goada"
	"github.com/webstd/url"
)

// FuzzAgreesWithAda parses each input with ours and with ada, another
// implementation of the standard that passes the Web Platform Tests, and
// fails when one accepts what the other refuses or their hrefs differ: a
// difference is a bug in one of them, to be read against the standard.
// Inputs that are not valid UTF-8 are skipped (ada reads bytes; ours reads
// each invalid sequence as U+FFFD, as a browser's decoder would have), and
// so are the differences where ada, 3.4.1, is known to part from the
// standard:
//
//   - a host with a label that starts with "xn--": ada refuses some that the
//     standard keeps as they are in an ASCII domain (8 cases of the Web
//     Platform Tests of July 2026 fail in ada: "https://xn--/",
//     "http://a.b.c.xn--pokxncvks"), and accepts, in a domain with a
//     non-ASCII label, some that are not valid Punycode, which UTS #46
//     ToASCII refuses ("http://μ.xn---00c/": RFC 3492 reads no delimiter
//     before the first digit);
//
//   - a domain with a right-to-left code point that ada accepts and ours
//     refuses: ada does not check the Bidi Rule (RFC 5893) that the
//     standard's CheckBidi asks for, and accepts "http://1\u05D0/", a label
//     that starts with a digit;
//
//   - a file: path with a segment such as "A:0", which ada takes for a
//     Windows drive letter (hasDriveLetterLikeSegment).
//
//     go test -run '^$' -fuzz FuzzAgreesWithAda -fuzztime 5m
func FuzzAgreesWithAda(f *testing.F) {
	for _, tc := range wptParsingCases() {
		if tc.Base == nil {
			f.Add(tc.Input)
		}
	}
	f.Add("https://user:pass@example.com:8080/a/../b?q#f")
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		ours, err := url.Parse(s)
		a, aerr := goada.New(s)
		compareWithAda(t, ours, err, a, aerr, s)
	})
}

// FuzzWithBaseAgreesWithAda is FuzzAgreesWithAda for an input parsed
// against a base URL (url.ParseWithBase, goada.NewWithBase).
//
//	go test -run '^$' -fuzz FuzzWithBaseAgreesWithAda -fuzztime 5m
func FuzzWithBaseAgreesWithAda(f *testing.F) {
	for _, tc := range wptParsingCases() {
		if tc.Base != nil {
			f.Add(tc.Input, *tc.Base)
		}
	}
	f.Fuzz(func(t *testing.T, s, base string) {
		if !utf8.ValidString(s) || !utf8.ValidString(base) || s == "" {
			return // (goada refuses an empty input before ada reads it)
		}
		ours, err := url.ParseWithBase(s, base)
		a, aerr := goada.NewWithBase(s, base)
		if aerr == nil && adaPartsWithBase(ours, err, a, base) {
			a.Free()
			return
		}
		compareWithAda(t, ours, err, a, aerr, s, base)
	})
}

// adaPartsWithBase reports whether ada's a, which parsed against base,
// differs from ours (err) where ada, and not ours, parts from the standard.
func adaPartsWithBase(ours url.URL, err error, a *goada.Url, base string) bool {
	b, berr := url.Parse(base)
	adaHref, _, _ := strings.Cut(a.Href(), "#")
	switch {
	case berr == nil && b.HasOpaquePath() && errors.Is(err, url.ErrMissingSchemeNonRelativeURL):
		// ada resolves "//#" against "a:", whose path is opaque; the no
		// scheme state fails there for any input that does not start
		// with "#" (the Web Platform Tests' "test-a-colon.html" against
		// "a:").
		return true
	case err != nil:
		return false
	case ours.Search() == "" && ours.HrefExcludingFragment() != adaHref &&
		strings.TrimSuffix(ours.HrefExcludingFragment(), "?") == adaHref:
		// ada drops the empty query of a base that the relative state
		// or the no scheme state copies: " " against "a:/?" is "a:/",
		// "#" against "a:?" is "a:#" (ours "a:/?", "a:?#").
		return true
	}
	return false
}

// FuzzSettersAgreeWithAda runs one setter of the URL API, with any value,
// on a URL that ours and ada parse alike, and compares the hrefs.
//
//	go test -run '^$' -fuzz FuzzSettersAgreeWithAda -fuzztime 5m
func FuzzSettersAgreeWithAda(f *testing.F) {
	for i, sc := range setterCases {
		f.Add("https://user:pass@example.com:8080/a/b?q#f", uint8(i), sc.value)
		f.Add("file:///C:/x", uint8(i), sc.value)
		f.Add("sc://h/p", uint8(i), "")
	}
	f.Fuzz(func(t *testing.T, s string, which uint8, value string) {
		if !utf8.ValidString(s) || !utf8.ValidString(value) {
			return
		}
		ours, err := url.Parse(s)
		a, aerr := goada.New(s)
		if err != nil || aerr != nil {
			if aerr == nil {
				a.Free()
			}
			return
		}
		defer a.Free()
		if ours.Href() != a.Href() {
			return // FuzzAgreesWithAda's to find
		}
		sc := setterCases[int(which)%len(setterCases)]
		sc.ours(&ours, value)
		goadaSetter(sc)(a, value)
		if ours.Href() != a.Href() {
			if sc.name == "host" || sc.name == "hostname" {
				switch {
				case hasPunycodeLabel(ours.Hostname()) || hasPunycodeLabel(a.Hostname()) || hasRightToLeft(url.PercentDecodeString(value)):
					return // see FuzzAgreesWithAda
				case ours.Hostname() == "" && a.Hostname() == "":
					// On a URL with no host, ada sets an empty host when
					// the host parser fails ("a:/" with the host " "
					// becomes "a:///"), where the host state returns
					// failure and the URL stays as it was; and it sets
					// none for the value "", where the host state sets
					// the empty host ("a:///"; the Web Platform Tests'
					// "non-spec:/.//p" with the hostname "" is
					// "non-spec:////p").
					return
				}
			}
			if sc.name == "pathname" && ours.Pathname() == a.Pathname() && strings.HasPrefix(ours.Href(), a.Href()) {
				// ada drops the query and fragment when the pathname
				// setter writes "/." before a path that starts with "//"
				// ("a:/?#0" with the pathname "//" is "a:/.//"); the
				// pathname setter touches neither ("a:/.//?#0").
				return
			}
			if ours.Protocol() == "file:" && hasDriveLetterLikeSegment(a.Pathname()) {
				return // see FuzzAgreesWithAda ("A:0/.." as the pathname of "file:")
			}
			if sc.name == "protocol" && ours.Port() == "0" && a.Port() == "" {
				// ada drops a port 0 when the scheme's default port is
				// null ("a://h:0" with the protocol "a" is "a://h"):
				// the scheme state drops the port only when it is the
				// scheme's default port.
				return
			}
			t.Fatalf("set %s to %q on %q: ours %q, ada %q", sc.name, value, s, ours.Href(), a.Href())
		}
	})
}

// compareWithAda fails t when ours (err) and ada's a (aerr), parsed from
// inputs, differ, but for the differences FuzzAgreesWithAda lists. It frees
// a.
func compareWithAda(t *testing.T, ours url.URL, err error, a *goada.Url, aerr error, inputs ...string) {
	t.Helper()
	href, hostname, pathname := "", "", ""
	if aerr == nil {
		href, hostname, pathname = a.Href(), a.Hostname(), a.Pathname()
		a.Free()
	}
	rightToLeft := false
	for _, s := range inputs {
		rightToLeft = rightToLeft || hasRightToLeft(url.PercentDecodeString(strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(s)))
	}
	switch {
	case err == nil && aerr != nil && hasPunycodeLabel(ours.Hostname()),
		err != nil && aerr == nil && hasPunycodeLabel(hostname),
		err != nil && aerr == nil && errors.Is(err, url.ErrDomainToASCII) && rightToLeft,
		err == nil && aerr == nil && ours.Protocol() == "file:" && hasDriveLetterLikeSegment(pathname):
		return
	}
	if (err == nil) != (aerr == nil) || ours.Href() != href {
		t.Fatalf("%q: ours %q (error %v), ada %q (error %v)", inputs, ours.Href(), err, href, aerr)
	}
}

// wptParsingCases returns the cases of the Web Platform Tests' URL parsing
// fixture (testdata/wpt/urltestdata.json of the main module).
func wptParsingCases() []struct {
	Input string
	Base  *string
} {
	var cases []json.RawMessage
	if b, err := os.ReadFile(filepath.Join("..", "testdata", "wpt", "urltestdata.json")); err == nil {
		_ = json.Unmarshal(b, &cases)
	}
	var out []struct {
		Input string
		Base  *string
	}
	for _, c := range cases {
		var tc struct {
			Input string
			Base  *string
		}
		if json.Unmarshal(c, &tc) == nil && tc.Input != "" {
			out = append(out, tc)
		}
	}
	return out
}

// hasPunycodeLabel reports whether the ASCII host h has a label that starts
// with "xn--".
func hasPunycodeLabel(h string) bool {
	for label := range strings.SplitSeq(h, ".") {
		if strings.HasPrefix(label, "xn--") {
			return true
		}
	}
	return false
}

// hasRightToLeft reports whether s (the input without tab or newline,
// percent-decoded, as the host parser reads a host) has a code point of the Hebrew, Arabic
// and other right-to-left blocks (a superset of Bidi_Class R, AL and AN
// there): enough to tell the Bidi domain names that ada does not check.
func hasRightToLeft(s string) bool {
	for _, r := range s {
		if 0x0590 <= r && r <= 0x08FF || 0xFB1D <= r && r <= 0xFDFF || 0xFE70 <= r && r <= 0xFEFF ||
			0x10800 <= r && r <= 0x10FFF || 0x1E800 <= r && r <= 0x1EFFF {
			return true
		}
	}
	return false
}

// hasDriveLetterLikeSegment reports whether a segment of path starts with
// an ASCII alpha and ":" (or "|") but is longer: ada takes "A:0" for a
// Windows drive letter, and keeps it where the standard's path state
// shortens the path past it ("file:A:0/.." is "file:///"), or copies it
// from a base where the file slash state copies only a normalized Windows
// drive letter, two code points ("/" against "file:A:0" is "file:///").
func hasDriveLetterLikeSegment(path string) bool {
	for seg := range strings.SplitSeq(path, "/") {
		if len(seg) > 2 && 'a' <= seg[0]|0x20 && seg[0]|0x20 <= 'z' && (seg[1] == ':' || seg[1] == '|') {
			return true
		}
	}
	return false
}
