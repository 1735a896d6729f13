package url

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/net/idna"

	"github.com/webstd/url/internal/infra"
)

func TestForbiddenCodePoints(t *testing.T) {
	// The standard's lists, written out again.
	const host = "\x00\t\n\r #/:<>?@[\\]^|"
	for c := 0; c < 256; c++ {
		b := byte(c)
		wantHost := strings.IndexByte(host, b) >= 0
		wantDomain := wantHost || c <= 0x1f || c == '%' || c == 0x7f
		if got := infra.IsForbiddenHostCodePoint(b); got != wantHost {
			t.Errorf("isForbiddenHostCodePoint(%#x) = %v; want %v", c, got, wantHost)
		}
		if got := infra.IsForbiddenDomainCodePoint(b); got != wantDomain {
			t.Errorf("isForbiddenDomainCodePoint(%#x) = %v; want %v", c, got, wantDomain)
		}
	}
}

func TestDomainToASCII(t *testing.T) {
	const toASCII = "domain-to-ASCII"
	tests := []struct {
		domain string
		strict bool
		want   string // "" for failure
		errs   []string
	}{
		{domain: "example.com", want: "example.com"},
		{domain: "EXAMPLE.com", want: "example.com"},
		{domain: "example.com", strict: true, want: "example.com"},
		{domain: "ExAmPlE.CoM", strict: true, want: "example.com"},
		{domain: "☕.example", want: "xn--53h.example"},
		{domain: "faß.example", want: "xn--fa-hia.example"},
		{domain: "Bücher.de", want: "xn--bcher-kva.de"},
		{domain: "ẞ.com", want: "xn--zca.com"},
		{domain: "xn--53h.example", want: "xn--53h.example"},
		{domain: "XN--53H.example", want: "xn--53h.example"},
		{domain: "a\u3002b", want: "a.b"},                                   // an ideographic full stop separates labels
		{domain: "ａｂｃ.com", want: "abc.com"},                                // full-width letters map to ASCII
		{domain: "a\u00adb.com", want: "ab.com"},                            // a soft hyphen is ignored
		{domain: "ab--c.ß", want: "ab--c.xn--zca", errs: []string{toASCII}}, // CheckHyphens is false
		{domain: "-x.ß", want: "-x.xn--zca", errs: []string{toASCII}},       // CheckHyphens is false
		{domain: "x..ß", want: "x..xn--zca", errs: []string{toASCII}},       // VerifyDnsLength is false
		{domain: "ß.", want: "xn--zca.", errs: []string{toASCII}},           // VerifyDnsLength is false
		{domain: "a_b.ß", want: "a_b.xn--zca", errs: []string{toASCII}},     // UseSTD3ASCIIRules is false
		{domain: "a=b.ß", want: "a=b.xn--zca", errs: []string{toASCII}},     // UseSTD3ASCIIRules is false
		{domain: "ශ්‍රී", want: "xn--10cl1a0b660p"},                         // Transitional_Processing is false
		{domain: "\u200d.example"},                                          // CheckJoiners is true
		{domain: "يa"},                                                      // CheckBidi is true
		{domain: "\ufffd.com"},
		{domain: "xn--a.ß"}, // invalid Punycode
		{domain: "xn--tešla"},
		{domain: "www.lookout.net⩴80"}, // ⩴ maps to "::="
		// ASCII domains are only lowercased, whatever ToASCII says...
		{domain: "a_b", want: "a_b", errs: []string{toASCII}},
		{domain: "ab--c", want: "ab--c", errs: []string{toASCII}},
		{domain: "-x", want: "-x", errs: []string{toASCII}},
		{domain: "x..y", want: "x..y", errs: []string{toASCII}},
		{domain: "example.com.", want: "example.com.", errs: []string{toASCII}},
		{domain: "xn--a", want: "xn--a", errs: []string{toASCII}},
		{domain: "XN--A.com", want: "xn--a.com", errs: []string{toASCII}},
		{domain: "xn--8i7caa", want: "xn--8i7caa", errs: []string{toASCII}},
		{domain: "xn--", want: "xn--", errs: []string{toASCII}},
		{domain: strings.Repeat("a", 64), want: strings.Repeat("a", 64), errs: []string{toASCII}},
		{domain: strings.Repeat("a", 63), want: strings.Repeat("a", 63)},
		{domain: strings.Repeat("a.", 126) + "a", want: strings.Repeat("a.", 126) + "a"},
		{domain: strings.Repeat("a.", 126) + "ab", want: strings.Repeat("a.", 126) + "ab", errs: []string{toASCII}},
		// ... but not when strict,
		{domain: "a_b", strict: true, errs: []string{toASCII + "!"}},
		{domain: "xn--a", strict: true, errs: []string{toASCII + "!"}},
		{domain: "example.com.", strict: true, errs: []string{toASCII + "!"}},
		{domain: "faß.example", strict: true, want: "xn--fa-hia.example"},
		{domain: "-x.ß", strict: true, errs: []string{toASCII + "!"}},
		// ... and not when they are empty or have a forbidden domain code
		// point.
		{domain: "", errs: []string{toASCII + "!"}},
		{domain: "exa mple.com", errs: []string{toASCII + "!"}},
		{domain: "exa%mple.com", errs: []string{toASCII + "!"}},
		{domain: "exa\x7fmple.com", errs: []string{toASCII + "!"}},
		{domain: "exa\x01mple.com", errs: []string{toASCII + "!"}},
		{domain: "a|b", errs: []string{toASCII + "!"}},
		{domain: "ä|b"},
		// A non-ASCII domain whose ToASCII is empty.
		{domain: "\u00ad", errs: []string{toASCII + "!"}},
		{domain: "\u3002", want: ".", errs: []string{toASCII}},
		// UTS #46 errors of Punycode labels, which x/net/idna did not record.
		{domain: "xn--.ß"},            // "xn--" decodes to the empty string
		{domain: "ß.xn--"},            // the same, last
		{domain: "ß.XN--"},            // the same, mapped
		{domain: "ß.ｘｎ－－"},            // the same, mapped from full-width forms
		{domain: "ß.x\u00adn-\ufe63"}, // the same, mapped around an ignored code point
		{domain: "xn--ü-.com"},        // Punycode label with a code point that is not ASCII
		{domain: "xn--aü-.com"},       // the same
		{domain: "xn--xn--a--gua.ß"},  // decodes to "xn--a-ä", which begins with "xn--"
		{domain: "ß.xn--xn---epa"},    // the same
		{domain: "xn--xn--a--gua.ß", strict: true, errs: []string{toASCII + "!"}},
		{domain: "xn--xn---epa", want: "xn--xn---epa", errs: []string{toASCII}},
		{domain: "xn--ls8h.ß", want: "xn--ls8h.xn--zca"},                // "xn--" labels still work
		{domain: "ß.ｘｎ－－ls8h", want: "xn--zca.xn--ls8h"},                // also mapped
		{domain: "a-b-c.ß-ü", want: "a-b-c.xn----pfa2g"},                // many hyphens, no "xn--" label
		{domain: "xn-.ß", want: "xn-.xn--zca", errs: []string{toASCII}}, // not a Punycode label
		{domain: "axn--ls8h.ß", want: "axn--ls8h.xn--zca"},              // nor this
	}
	for _, tt := range tests {
		name := tt.domain
		if tt.strict {
			name += "/strict"
		}
		t.Run(name, func(t *testing.T) {
			var got []string
			result, fail := domainToASCII(tt.domain, tt.strict, recordErrors(&got))
			switch {
			case tt.want == "" && fail != ErrDomainToASCII:
				t.Errorf("domainToASCII(%q, %v) = %q, %v; want failure", tt.domain, tt.strict, result, fail)
			case tt.want != "" && (fail != 0 || result != tt.want):
				t.Errorf("domainToASCII(%q, %v) = %q, %v; want %q", tt.domain, tt.strict, result, fail, tt.want)
			}
			if tt.errs == nil && tt.want == "" {
				tt.errs = []string{toASCII + "!"}
			}
			if !slices.Equal(got, tt.errs) {
				t.Errorf("domainToASCII(%q, %v) signalled %q; want %q", tt.domain, tt.strict, got, tt.errs)
			}
			// Without a sink the result is the same.
			result2, fail2 := domainToASCII(tt.domain, tt.strict, hostErrors{})
			if result2 != result || fail2 != fail {
				t.Errorf("domainToASCII(%q, %v, hostErrors{}) = %q, %v; with a sink %q, %v", tt.domain, tt.strict, result2, fail2, result, fail)
			}
		})
	}
}

func TestDomainToASCIIExported(t *testing.T) {
	got, err := DomainToASCII("EXAMPLE.com")
	if got != "example.com" || err != nil {
		t.Errorf("DomainToASCII(%q) = %q, %v", "EXAMPLE.com", got, err)
	}
	got, err = DomainToASCII("exa mple.com")
	var pe *ParseError
	if got != "" || !errors.Is(err, ErrDomainToASCII) || !errors.As(err, &pe) || pe.Input != "exa mple.com" {
		t.Errorf("DomainToASCII(%q) = %q, %v; want a *ParseError of ErrDomainToASCII", "exa mple.com", got, err)
	}
}

// TestDomainToASCIISameString checks the hot path: a domain that is already
// lowercase ASCII is returned as it is, without allocating, and lowercasing
// allocates once.
func TestDomainToASCIISameString(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	domain := strings.Repeat("example.", 3) + "com"
	for _, errs := range []hostErrors{{}, {sink: &errorSink{}}} {
		got, fail := domainToASCII(domain, false, errs)
		if fail != 0 || unsafe.StringData(got) != unsafe.StringData(domain) || len(got) != len(domain) {
			t.Errorf("domainToASCII(%q, false, %v) = %q, %v; want the same string", domain, errs, got, fail)
		}
		if allocs := testing.AllocsPerRun(100, func() { domainToASCII(domain, false, errs) }); allocs != 0 {
			t.Errorf("domainToASCII(%q, false, %v): %v allocations; want 0", domain, errs, allocs)
		}
	}
	if allocs := testing.AllocsPerRun(100, func() { domainToASCII(domain, true, hostErrors{}) }); allocs != 0 {
		t.Errorf("domainToASCII(%q, true, hostErrors{}): %v allocations; want 0", domain, allocs)
	}
	if allocs := testing.AllocsPerRun(100, func() { domainToASCII("Example.com", false, hostErrors{}) }); allocs != 1 {
		t.Errorf("domainToASCII(%q, false, hostErrors{}): %v allocations; want 1", "Example.com", allocs)
	}
	if allocs := testing.AllocsPerRun(100, func() { domainToUnicode(domain, hostErrors{}) }); allocs != 0 {
		t.Errorf("domainToUnicode(%q): %v allocations; want 0", domain, allocs)
	}
	if allocs := testing.AllocsPerRun(100, func() { infra.IsForbiddenHostCodePoint('a'); infra.IsForbiddenDomainCodePoint('%') }); allocs != 0 {
		t.Errorf("isForbidden*CodePoint: %v allocations; want 0", allocs)
	}
}

// TestStrictASCIIFastPath compares strictASCIIValid, which answers for ASCII
// domains without a Punycode label, with the full UTS #46 processing on
// random such domains.
func TestStrictASCIIFastPath(t *testing.T) {
	check := func(domain string) {
		t.Helper()
		classes := infra.ClassesOf(domain)
		if classes&infra.ClassNonASCII != 0 || hasACELabel(domain) {
			return
		}
		got, gotOK := domainParserToASCIIStrict(domain, classes)
		want, wantOK := domainParserToASCII(domain, true)
		if gotOK != wantOK || got != want {
			t.Errorf("strict ToASCII of %q: fast path %q, %v; UTS #46 %q, %v", domain, got, gotOK, want, wantOK)
		}
	}
	for _, domain := range []string{"", ".", "a", "a.", ".a", "a..b", "-a", "a-", "ab--c", "ab--", "abc--", "a-b", "A-B.C",
		"a_b", "a b", "a%b", "a\x00b", "a\x7fb", "xn-a", "xa--b", "a.b.c.d",
		strings.Repeat("a", 63), strings.Repeat("a", 64), strings.Repeat("a", 63) + ".b",
		strings.Repeat("a.", 126) + "a", strings.Repeat("a.", 126) + "ab", strings.Repeat("a.", 127)} {
		check(domain)
	}
	const alphabet = "aAzZ09-._ %xXnN"
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		check(string(b))
	}
}

func TestDomainToUnicode(t *testing.T) {
	tests := []struct {
		domain string
		want   string
		err    bool // domain-to-Unicode signalled; want is domain
	}{
		{"example.com", "example.com", false},
		{"EXAMPLE.com", "example.com", false},
		{"xn--53h.example", "☕.example", false},
		{"XN--53H.example", "☕.example", false},
		{"xn--fa-hia.example", "faß.example", false},
		{"xn--bcher-kva.de", "bücher.de", false},
		{"a_b.-x-.ab--c", "a_b.-x-.ab--c", false},
		{"x..y.", "x..y.", false},
		{"faß.example", "faß.example", false},
		{"Bücher.de", "bücher.de", false},
		{"xn--zca.xn--tda", "ß.ü", false},
		{"xn--a.example", "xn--a.example", true},
		{"xn--8i7caa", "xn--8i7caa", true}, // decodes to ｗｗｗ, which is mapped
		{"xn--ls8h=", "xn--ls8h=", true},
		{"xn--1ug.example", "xn--1ug.example", true}, // a lone joiner
		{"xn--a-yoc", "xn--a-yoc", true},             // bidi
		{"xn--.example", "xn--.example", true},
		{"xn--xn--a--gua.pt", "xn--xn--a--gua.pt", true},
		{"xn--ü-.example", "xn--ü-.example", true},
	}
	for _, tt := range tests {
		t.Run(tt.domain, func(t *testing.T) {
			var got []string
			if result := domainToUnicode(tt.domain, recordErrors(&got)); result != tt.want {
				t.Errorf("domainToUnicode(%q) = %q; want %q", tt.domain, result, tt.want)
			}
			var want []string
			if tt.err {
				want = []string{"domain-to-Unicode"}
			}
			if !slices.Equal(got, want) {
				t.Errorf("domainToUnicode(%q) signalled %q; want %q", tt.domain, got, want)
			}
			if result := DomainToUnicode(tt.domain); result != tt.want {
				t.Errorf("DomainToUnicode(%q) = %q; want %q", tt.domain, result, tt.want)
			}
		})
	}
}

// FuzzDomainToASCII checks properties of the domain parser that hold for
// every input: a result is a non-empty ASCII string without forbidden domain
// code points that the domain parser returns unchanged; the strict result,
// when there is one, is the same string; the error sink changes nothing but
// what is recorded; and domain to Unicode, on a result, gives back a domain
// that converts to the same result.
func FuzzDomainToASCII(f *testing.F) {
	for _, s := range []string{"example.com", "EXAMPLE.com", "faß.example", "☕.example", "xn--53h.example",
		"xn--", "xn--.ß", "xn--ü-.com", "xn--xn--a--gua.ß", "ß.ｘｎ－－ls8h", "a\u3002b", "\u200d", "يa", "a_b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, domain string) {
		if !utf8.ValidString(domain) {
			return // the host parser hands on well-formed UTF-8 only
		}
		var errs []string
		result, fail := domainToASCII(domain, false, recordErrors(&errs))
		result2, fail2 := domainToASCII(domain, false, hostErrors{})
		if result != result2 || fail != fail2 {
			t.Fatalf("domainToASCII(%q): %q, %v with a sink; %q, %v without", domain, result, fail, result2, fail2)
		}
		strict, strictFail := domainToASCII(domain, true, hostErrors{})
		if strictFail == 0 && (fail != 0 || strict != result) {
			t.Fatalf("domainToASCII(%q) = %q, %v; strict: %q", domain, result, fail, strict)
		}
		if (strictFail != 0) != slices.Contains(errs, "domain-to-ASCII") && (fail == 0) {
			t.Fatalf("domainToASCII(%q) signalled %q; strict failure: %v", domain, errs, strictFail)
		}
		if fail != 0 {
			if !slices.Equal(errs, []string{"domain-to-ASCII!"}) {
				t.Fatalf("domainToASCII(%q) failed, signalling %q", domain, errs)
			}
			return
		}
		if result == "" || infra.ClassesOf(result)&(infra.ClassNonASCII|infra.ClassForbiddenDomain|infra.ClassUpper) != 0 {
			t.Fatalf("domainToASCII(%q) = %q", domain, result)
		}
		if again, fail := domainToASCII(result, false, hostErrors{}); fail != 0 || again != result {
			t.Fatalf("domainToASCII(%q) = %q; of that: %q, %v", domain, result, again, fail)
		}
		if u := DomainToUnicode(result); u != result {
			if back, fail := domainToASCII(u, false, hostErrors{}); fail != 0 || back != result {
				t.Fatalf("domainToASCII(%q) = %q, DomainToUnicode: %q, back: %q, %v", domain, result, u, back, fail)
			}
		}
	})
}

func BenchmarkDomainToASCII(b *testing.B) {
	for _, bb := range []struct{ name, domain string }{
		{"ascii", "www.example.com"},
		{"upper", "WWW.Example.com"},
		{"idn", "bücher.example"},
		{"punycode", "xn--bcher-kva.example"},
	} {
		b.Run(bb.name, func(b *testing.B) {
			for b.Loop() {
				domainToASCII(bb.domain, false, hostErrors{})
			}
		})
		b.Run(bb.name+"/errs", func(b *testing.B) {
			errs := hostErrors{sink: &errorSink{}}
			for b.Loop() {
				domainToASCII(bb.domain, false, errs)
			}
		})
	}
}

// BenchmarkDomainToASCIILong measures domainToASCII on long domains, for a
// check that it runs in linear time. "distinct" is one label of many distinct
// code points: x/net/idna's Punycode encoder scans the label once per
// distinct code point, so its time grows with their product (quadratically
// up to 20,000 distinct code points here), and it is run only up to 100 KB.
func BenchmarkDomainToASCIILong(b *testing.B) {
	var distinct strings.Builder
	for i := 0; distinct.Len() < 100<<10; i++ {
		distinct.WriteRune(rune(0x4E00 + i%20000))
	}
	for _, unit := range []struct {
		name, s string
		sizes   []int
	}{
		{"labels", "ü.", []int{1 << 10, 100 << 10, 1 << 20}},   // many short labels
		{"label", "ü", []int{1 << 10, 100 << 10, 1 << 20}},     // one long label
		{"hyphens", "ü-.", []int{1 << 10, 100 << 10, 1 << 20}}, // hyphens make aceLabelsValid map the domain
		{"distinct", distinct.String(), []int{1 << 10, 10 << 10, 100 << 10}},
	} {
		for _, size := range unit.sizes {
			domain := strings.Repeat(unit.s, max(size/len(unit.s), 1))
			if len(domain) > size {
				domain = strings.ToValidUTF8(domain[:size], "")
			}
			b.Run(unit.name+"/"+infra.Itoa(size>>10)+"KB", func(b *testing.B) {
				for b.Loop() {
					domainToASCII(domain, false, hostErrors{})
				}
			})
		}
	}
}

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
// The mapping is IdnaMappingTable.txt as read by readIDNAMappingTable at test
// time, not the generated tables. With -short it checks every code point
// that the mapping changes and every 61st other one.
func TestMappedDomains(t *testing.T) {
	table := readIDNAMappingTable(t)
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
				mapped := c
				if e := table[r]; e.status == "mapped" {
					mapped = e.mapping
				} else if e.status == "ignored" {
					mapped = ""
				}
				if testing.Short() && mapped == c && r%61 != 0 {
					continue
				}
				n++
				for _, ctx := range mappingContexts {
					domain := ctx.before + c + ctx.after
					m := nfc(ctx.before + mapped + ctx.after)
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
	isBidi := hasRTL(m)
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
			if !bidiRuleValid(label) {
				return fmt.Sprintf("domain to ASCII accepts it as %q, but label %q of a Bidi domain name fails the Bidi Rule", ascii, label)
			}
		}
	}
	return ""
}

// TestPunycodeDecode holds punycodeDecode to appendPunycode, on labels of
// code points drawn from several scripts, and to x/net/idna's decoder on
// random strings: where x/net decodes one, punycodeDecode gives the same.
func TestPunycodeDecode(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	alphabets := [][]rune{
		[]rune("abc019-"),
		[]rune("äöüßéñ日本語"),
		[]rune("אבגדה"),
		[]rune("ابتثج"),
		[]rune("٠١٢٣"),
		[]rune("\u064B\u0651"),
		{0x1F600, 0x10FFFD, 0x10800, 0x1E900, 0x3E8AC},
	}
	for range 20000 {
		var b strings.Builder
		n := 1 + rng.IntN(12)
		if rng.IntN(10) == 0 {
			n = 60 + rng.IntN(200) // past the decoder's direct insertion
		}
		for range n {
			a := alphabets[rng.IntN(len(alphabets))]
			b.WriteRune(a[rng.IntN(len(a))])
		}
		label := b.String()
		encoded, ok := appendPunycode(nil, label)
		if !ok {
			t.Fatalf("appendPunycode(%q) failed", label)
		}
		if got, ok := punycodeDecode(string(encoded)); !ok || got != label {
			t.Errorf("punycodeDecode(%q) = %q, %v; want %q", encoded, got, ok, label)
		}
	}
	const digits = "abcxyz0189-A_"
	for range 20000 {
		b := make([]byte, rng.IntN(12))
		for i := range b {
			b[i] = digits[rng.IntN(len(digits))]
		}
		checkPunycodeDecode(t, string(b))
	}
	for _, encoded := range []string{"", "-", "a-", "4db", "a-0hc", "zzzzzzzzzzzzzzzzzzzz", "99999999999", "-a-4db", "a--0hc", "ü-", "a-ü"} {
		checkPunycodeDecode(t, encoded)
	}
}

// checkPunycodeDecode checks punycodeDecode(encoded) against x/net/idna's
// decoder, where that decodes it. (x/net also rejects Punycode that decodes
// to ASCII, which UTS #46 checks after decoding.) Where x/net gives a
// surrogate as U+FFFD, or copies a basic code point that is not ASCII,
// punycodeDecode must fail.
func checkPunycodeDecode(t *testing.T, encoded string) {
	t.Helper()
	got, ok := punycodeDecode(encoded)
	u, err := idna.Punycode.ToUnicode("xn--" + encoded)
	// x/net decodes a surrogate to U+FFFD and copies non-ASCII basic code
	// points; for UTS #46 both are errors.
	if strings.ContainsRune(u, utf8.RuneError) || !infra.IsASCII(encoded) {
		if ok {
			t.Errorf("punycodeDecode(%q) = %q; want an error", encoded, got)
		}
		return
	}
	if err == nil && (!ok || got != u) {
		t.Errorf("punycodeDecode(%q) = %q, %v; x/net decodes it to %q", encoded, got, ok, u)
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
		// Labels too long for VerifyDnsLength.
		{strings.Repeat("a", 300) + "ℵ.com", false, false},
		{strings.Repeat("ℵ", 300) + ".com", true, false},
		{"1." + strings.Repeat("ℵ", 300), false, false},
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
