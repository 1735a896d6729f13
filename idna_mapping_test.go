package url

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/text/secure/bidirule"
	"golang.org/x/text/unicode/bidi"
	"golang.org/x/text/unicode/norm"
)

// mappingContexts are the labels TestMappedDomains puts a code point in: on
// its own, after and before an LTR letter and a digit, in an RTL label, and
// next to a label that the Bidi Rule accepts only in a domain that is not a
// Bidi domain name ("1") or that makes the domain one ("א").
var mappingContexts = [...]struct{ before, after string }{
	{"", ""},
	{"a", ""},
	{"", "1"},
	{"1", ""},
	{"א", ""},
	{"1.", ""},
	{"", ".א"},
}

// TestMappedDomains walks every code point through the UTS #46 mapping and
// then the validity criteria, in each of mappingContexts. UTS #46
// (https://www.unicode.org/reports/tr46/#Processing) maps a domain, normalizes
// it to NFC, and only then checks the validity criteria, the Bidi Rule among
// them, on the labels; so for a domain d and its mapped form m:
//
//   - domain to ASCII (https://url.spec.whatwg.org/#concept-domain-to-ascii),
//     with beStrict false and true, gives the same result for d as for m;
//   - domain to Unicode (https://url.spec.whatwg.org/#concept-domain-to-unicode)
//     fails for d exactly when it fails for m, and otherwise gives the same
//     result;
//   - when domain to Unicode of d succeeds and domain to ASCII of d succeeds,
//     domain to ASCII of the Unicode result succeeds with the same result;
//   - when domain to ASCII of d succeeds and m has a code point of Bidi_Class
//     R, AL or AN (a Bidi domain name), every label of m meets the Bidi Rule
//     (RFC 5893, section 2).
//
// The mapping is x/net/idna's table through a profile that only maps, the
// same table the package uses; the test holds the order of the steps, not the
// table. With -short it checks every code point that the mapping changes and
// every 61st other one.
func TestMappedDomains(t *testing.T) {
	// mapOnly maps each code point with the UTS #46 table
	// (UseSTD3ASCIIRules false, Transitional_Processing false) and
	// normalizes to NFC; it checks nothing.
	mapOnly := idna.New(idna.MapForLookup(), idna.StrictDomainName(false), idna.ValidateLabels(false))
	const chunks = 16
	var (
		mu      sync.Mutex
		bad     = map[rune]bool{}
		reports []string
		checked int
	)
	for chunk := range chunks {
		t.Run(fmt.Sprint(chunk), func(t *testing.T) {
			t.Parallel()
			var myBad []rune
			var myReports []string
			n := 0
			for r := rune(chunk); r <= utf8.MaxRune; r += chunks {
				if 0xD800 <= r && r <= 0xDFFF {
					continue
				}
				c := string(r)
				mapped, _ := mapOnly.ToUnicode(c)
				if testing.Short() && mapped == c && r%61 != 0 {
					continue
				}
				n++
				for _, ctx := range mappingContexts {
					domain := ctx.before + c + ctx.after
					m := norm.NFC.String(ctx.before + mapped + ctx.after)
					if msg := checkMappedDomain(domain, m); msg != "" {
						if len(myBad) == 0 || myBad[len(myBad)-1] != r {
							myBad = append(myBad, r)
						}
						myReports = append(myReports, fmt.Sprintf("%U %q (mapped %q): %s", r, domain, m, msg))
					}
				}
			}
			mu.Lock()
			defer mu.Unlock()
			checked += n
			for _, r := range myBad {
				bad[r] = true
			}
			reports = append(reports, myReports...)
		})
	}
	t.Cleanup(func() {
		t.Logf("checked %d code points in %d contexts", checked, len(mappingContexts))
		if len(bad) == 0 {
			return
		}
		slices.Sort(reports)
		for i, r := range reports {
			if i == 40 {
				t.Errorf("... and %d more", len(reports)-i)
				break
			}
			t.Error(r)
		}
		var list []string
		for r := range bad {
			list = append(list, fmt.Sprintf("%U", r))
		}
		slices.Sort(list)
		t.Errorf("%d code points: %s", len(list), strings.Join(list, " "))
	})
}

// checkMappedDomain checks the properties TestMappedDomains lists for the
// domain and its UTS #46 mapped form m. It returns what is wrong, or "".
func checkMappedDomain(domain, m string) string {
	var unicodeErrs []string
	unicode := domainToUnicode(domain, recordErrors(&unicodeErrs))
	// When the mapping changes nothing, only the last two properties are
	// left to check, and they need domain to ASCII only sometimes: most
	// code points are unassigned or disallowed, and this keeps them quick.
	isBidi := bidirule.DirectionString(m) == bidi.RightToLeft
	if m == domain && len(unicodeErrs) != 0 && !isBidi {
		return ""
	}
	ascii, fail := domainToASCII(domain, false, hostErrors{})

	if m != domain {
		if mASCII, mFail := domainToASCII(m, false, hostErrors{}); ascii != mASCII || fail != mFail {
			return fmt.Sprintf("domain to ASCII gives %q %v; of the mapped domain %q %v", ascii, fail, mASCII, mFail)
		}
		strict, strictFail := domainToASCII(domain, true, hostErrors{})
		if mStrict, mFail := domainToASCII(m, true, hostErrors{}); strict != mStrict || strictFail != mFail {
			return fmt.Sprintf("strict domain to ASCII gives %q %v; of the mapped domain %q %v", strict, strictFail, mStrict, mFail)
		}
		var mErrs []string
		mUnicode := domainToUnicode(m, recordErrors(&mErrs))
		if (len(unicodeErrs) == 0) != (len(mErrs) == 0) || len(mErrs) == 0 && unicode != mUnicode {
			return fmt.Sprintf("domain to Unicode gives %q %q; of the mapped domain %q %q", unicode, unicodeErrs, mUnicode, mErrs)
		}
	}

	if len(unicodeErrs) == 0 && fail == 0 {
		if again, againFail := domainToASCII(unicode, false, hostErrors{}); again != ascii || againFail != 0 {
			return fmt.Sprintf("domain to Unicode gives %q, which domain to ASCII makes %q %v; want %q", unicode, again, againFail, ascii)
		}
	}

	if fail == 0 && isBidi {
		for _, label := range strings.Split(m, ".") {
			if !bidirule.ValidString(label) {
				return fmt.Sprintf("domain to ASCII accepts it as %q, but label %q of a Bidi domain name fails the Bidi Rule", ascii, label)
			}
		}
	}
	return ""
}

// TestPunycodeDecodesRTL holds punycodeDecodesRTL to decoding: for labels of
// code points drawn from several scripts, encoded by x/net/idna, it reports
// whether the label has a code point of Bidi_Class R, AL or AN; for any
// other string after "xn--", it reports true unless x/net decodes it to a
// label without one.
func TestPunycodeDecodesRTL(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	alphabets := [][]rune{
		[]rune("abc019-"),
		[]rune("äöüßéñ日本語"),
		[]rune("אבגדה"),        // R
		[]rune("ابتثج"),        // AL
		[]rune("٠١٢٣"),         // AN
		[]rune("\u064B\u0651"), // NSM
		{0x1F600, 0x10FFFD, 0x10800, 0x1E900},
	}
	for range 20000 {
		var b strings.Builder
		for range 1 + rng.IntN(8) {
			a := alphabets[rng.IntN(len(alphabets))]
			b.WriteRune(a[rng.IntN(len(a))])
		}
		label := b.String()
		if isASCII(label) {
			continue
		}
		encoded, err := idna.Punycode.ToASCII(label)
		if err != nil || !strings.HasPrefix(encoded, "xn--") {
			t.Fatalf("idna.Punycode.ToASCII(%q) = %q, %v", label, encoded, err)
		}
		want := bidirule.DirectionString(label) == bidi.RightToLeft
		if got := punycodeDecodesRTL(encoded[len("xn--"):]); got != want {
			t.Errorf("punycodeDecodesRTL(%q) (%q) = %v; want %v", encoded, label, got, want)
		}
	}
	const digits = "abcxyz0189-A_"
	for range 20000 {
		b := make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = digits[rng.IntN(len(digits))]
		}
		checkPunycodeDecodesRTL(t, string(b))
	}
	for _, encoded := range []string{"", "-", "a-", "4db", "a-0hc", "zzzzzzzzzzzzzzzzzzzz", "99999999999", "-a-4db", "a--0hc"} {
		checkPunycodeDecodesRTL(t, encoded)
	}
}

// checkPunycodeDecodesRTL checks punycodeDecodesRTL(encoded), for an ASCII
// encoded, against x/net/idna's decoder, where that decodes it. (x/net also
// rejects Punycode that decodes to ASCII, which punycodeDecodesRTL need not
// tell.)
func checkPunycodeDecodesRTL(t *testing.T, encoded string) {
	t.Helper()
	got := punycodeDecodesRTL(encoded)
	u, err := idna.Punycode.ToUnicode("xn--" + encoded)
	if err == nil && got != (bidirule.DirectionString(u) == bidi.RightToLeft) {
		t.Errorf("punycodeDecodesRTL(%q) = %v; x/net decodes it to %q", encoded, got, u)
	}
}

// TestBidiAfterMapping holds the cases TestMappedDomains found, through the
// public API: the Bidi Rule applies when the domain after mapping is a Bidi
// domain name, and only then.
func TestBidiAfterMapping(t *testing.T) {
	for _, tt := range []struct {
		domain   string
		ok       bool // domain to ASCII with beStrict false
		strictOK bool // with beStrict true
	}{
		{"aא.com", false, false},
		{"aℵ.com", false, false}, // U+2135 maps to U+05D0
		{"1.ℶ", false, false},    // U+2136 maps to U+05D1: "1" fails the rule
		{"ℷ.com", true, true},    // U+2137 maps to U+05D2
		{"ℸ1", true, true},       // U+2138 maps to U+05D3
		// With beStrict false, an ASCII domain is only lowercased: only the
		// strict run, which signals domain-to-ASCII, applies UTS #46 to it.
		{"xn--a-0hc", true, false},
		{"www.xn--4db.com", true, true},
		// Labels long enough for toASCIILongLabels (and too long for
		// VerifyDnsLength).
		{strings.Repeat("a", longLabel) + "ℵ.com", false, false},
		{strings.Repeat("ℵ", longLabel) + ".com", true, false},
		{"1." + strings.Repeat("ℵ", longLabel), false, false},
	} {
		if _, fail := domainToASCII(tt.domain, true, hostErrors{}); (fail == 0) != tt.strictOK {
			t.Errorf("domainToASCII(%q, true) fails with %v; want ok %v", tt.domain, fail, tt.strictOK)
		}
		if ascii, err := DomainToASCII(tt.domain); (err == nil) != tt.ok {
			t.Errorf("DomainToASCII(%q) = %q, %v; want ok %v", tt.domain, ascii, err, tt.ok)
		}
		if _, err := Parse("https://" + tt.domain + "/"); (err == nil) != tt.ok {
			t.Errorf("Parse(https://%s/): %v; want ok %v", tt.domain, err, tt.ok)
		}
	}
	// U+FE70 maps to U+0020 U+064B: the domain has no right-to-left code
	// point, so domain to Unicode applies no Bidi Rule.
	if got, want := DomainToUnicode("aﹰ"), "a \u064B"; got != want {
		t.Errorf("DomainToUnicode(%q) = %q; want %q", "aﹰ", got, want)
	}
	if got, want := DomainToUnicode("aℵ"), "aℵ"; got != want {
		t.Errorf("DomainToUnicode(%q) = %q; want %q", "aℵ", got, want)
	}
}
