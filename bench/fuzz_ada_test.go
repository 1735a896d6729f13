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
//     that starts with a digit.
//
//     go test -run '^$' -fuzz FuzzAgreesWithAda -fuzztime 5m
func FuzzAgreesWithAda(f *testing.F) {
	var cases []json.RawMessage
	if b, err := os.ReadFile(filepath.Join("..", "testdata", "wpt", "urltestdata.json")); err == nil {
		_ = json.Unmarshal(b, &cases)
	}
	for _, c := range cases {
		var tc struct {
			Input string `json:"input"`
			Base  *string
		}
		if json.Unmarshal(c, &tc) == nil && tc.Base == nil && tc.Input != "" {
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
		href, hostname := "", ""
		if aerr == nil {
			href, hostname = a.Href(), a.Hostname()
			a.Free()
		}
		switch {
		case err == nil && aerr != nil && hasPunycodeLabel(ours.Hostname()),
			err != nil && aerr == nil && hasPunycodeLabel(hostname),
			err != nil && aerr == nil && errors.Is(err, url.ErrDomainToASCII) &&
				hasRightToLeft(url.PercentDecodeString(strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(s))):
			return
		}
		if (err == nil) != (aerr == nil) || ours.Href() != href {
			t.Fatalf("%q: ours %q (error %v), ada %q (error %v)", s, ours.Href(), err, href, aerr)
		}
	})
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
