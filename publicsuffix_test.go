package url

import (
	"net/http/cookiejar"
	"strings"
	"testing"

	"golang.org/x/net/publicsuffix"
)

// noSuffix marks the standard's null in the tables below; the methods return ""
// for it.
const noSuffix = ""

// TestPublicSuffixStandardTable runs every row of the table in the
// standard's "Host miscellaneous" section
// (https://url.spec.whatwg.org/#example-host-psl), then more rows for the
// steps' corners.
func TestPublicSuffixStandardTable(t *testing.T) {
	tests := []struct{ host, suffix, registrable string }{
		// The standard's table, row by row.
		{"com", "com", noSuffix},
		{"example.com", "com", "example.com"},
		{"www.example.com", "com", "example.com"},
		{"sub.www.example.com", "com", "example.com"},
		{"EXAMPLE.COM", "com", "example.com"},
		{"example.com.", "com.", "example.com."},
		{"github.io", "github.io", noSuffix},
		{"whatwg.github.io", "github.io", "whatwg.github.io"},
		{"إختبار", "xn--kgbechtv", noSuffix},
		{"example.إختبار", "xn--kgbechtv", "example.xn--kgbechtv"},
		{"sub.example.إختبار", "xn--kgbechtv", "example.xn--kgbechtv"},
		{"[2001:0db8:85a3:0000:0000:8a2e:0370:7334]", noSuffix, noSuffix},

		// More: rules with more than one label, wildcards and exceptions.
		{"www.example.co.uk", "co.uk", "example.co.uk"},
		{"co.uk", "co.uk", noSuffix},
		{"com.", "com.", noSuffix},
		{"sub.whatwg.github.io.", "github.io.", "whatwg.github.io."},
		{"a.b.kawasaki.jp", "b.kawasaki.jp", "a.b.kawasaki.jp"},     // *.kawasaki.jp
		{"www.city.kawasaki.jp", "kawasaki.jp", "city.kawasaki.jp"}, // !city.kawasaki.jp
		// No rule matches: the prevailing rule is "*".
		{"example.unknowntld", "unknowntld", "example.unknowntld"},
		{"localhost", "localhost", noSuffix},
		// IDN hosts arrive in Punycode, whatever the input's spelling.
		{"bücher.de", "de", "xn--bcher-kva.de"},
		{"www.食狮.公司.cn", "xn--55qx5d.cn", "xn--85x722f.xn--55qx5d.cn"},
		// IP hosts, in any spelling, have neither.
		{"127.0.0.1", noSuffix, noSuffix},
		{"0x7f.1", noSuffix, noSuffix},
		{"2130706433", noSuffix, noSuffix},
		{"[::1]", noSuffix, noSuffix},
		// Empty labels: the label before "com" is empty, so no registrable
		// domain (see RegistrableDomain); a second trailing dot makes the
		// last label empty, which the rule "*" matches.
		{"a..com", "com", noSuffix},
		{".com", "com", noSuffix},
		{".", ".", noSuffix},
		{"example.com..", ".", "com.."},
	}
	for _, tt := range tests {
		t.Run(tt.host, func(t *testing.T) {
			h, err := ParseHost(tt.host)
			if err != nil {
				t.Fatal(err)
			}
			if got := h.PublicSuffix(); got != tt.suffix {
				t.Errorf("PublicSuffix() = %q, want %q", got, tt.suffix)
			}
			if got := h.RegistrableDomain(); got != tt.registrable {
				t.Errorf("RegistrableDomain() = %q, want %q", got, tt.registrable)
			}
			// The same host in a URL gives the same answers.
			u, err := Parse("https://" + tt.host + "/")
			if err != nil {
				t.Fatal(err)
			}
			hv := u.HostValue()
			if hv.PublicSuffix() != tt.suffix || hv.RegistrableDomain() != tt.registrable {
				t.Errorf("URL host %q: %q %q, want %q %q", hv, hv.PublicSuffix(), hv.RegistrableDomain(), tt.suffix, tt.registrable)
			}
			// Step 4's assertion, and both are ends of the host.
			checkPSLResult(t, h, h.PublicSuffix(), h.RegistrableDomain())
		})
	}
}

// checkPSLResult checks what the standard asserts of a public suffix and a
// registrable domain (ASCII, ending with the host's trailing dot), and that
// each is made of whole labels at the end of the host.
func checkPSLResult(t *testing.T, h Host, suffix, registrable string) {
	t.Helper()
	for _, s := range []string{suffix, registrable} {
		if s == "" {
			continue
		}
		if h.Kind() != DomainHost {
			t.Errorf("%v host %q has %q", h.Kind(), h, s)
		}
		for i := 0; i < len(s); i++ {
			if s[i] >= 0x80 {
				t.Errorf("%q is not ASCII", s)
			}
		}
		if strings.HasSuffix(h.String(), ".") != strings.HasSuffix(s, ".") {
			t.Errorf("%q does not end with the trailing dot of %q", s, h)
		}
		if s != h.String() && !strings.HasSuffix(h.String(), "."+s) {
			t.Errorf("%q is not a suffix of whole labels of %q", s, h)
		}
	}
	if registrable != "" && (suffix == "" || !strings.HasSuffix(registrable, "."+suffix)) {
		t.Errorf("registrable domain %q does not end with the public suffix %q", registrable, suffix)
	}
}

func TestPublicSuffixNotDomain(t *testing.T) {
	hosts := []Host{
		{},                                 // the zero Host: null
		MustParse("file:///x").HostValue(), // empty
		MustParse("sc://opaque.host/").HostValue(),
		MustParse("sc:opaque-path").HostValue(),
		MustParse("http://[::ffff:1.2.3.4]/").HostValue(),
	}
	for _, h := range hosts {
		if h.PublicSuffix() != noSuffix || h.RegistrableDomain() != noSuffix {
			t.Errorf("%v host %q: public suffix %q, registrable domain %q, want null",
				h.Kind(), h, h.PublicSuffix(), h.RegistrableDomain())
		}
	}
	// The opaque host "example.com" of a URL that is not special is not a
	// domain either.
	if h := MustParse("sc://example.com/").HostValue(); h.Kind() != OpaqueHost || h.RegistrableDomain() != noSuffix {
		t.Errorf("sc://example.com/: %v host, registrable domain %q", h.Kind(), h.RegistrableDomain())
	}
}

// mapList is a PublicSuffixList from a set of rules with no wildcards or
// exceptions; unlisted domains fall to the rule "*", which it answers itself.
type mapList map[string]bool

func (m mapList) PublicSuffix(domain string) string {
	for s := domain; ; {
		if m[s] {
			return s
		}
		i := strings.IndexByte(s, '.')
		if i < 0 {
			return s // "*"
		}
		s = s[i+1:]
	}
}

// brokenList answers whatever it was told to, to test the guard against a
// list whose answer is not a suffix of the domain.
type brokenList string

func (b brokenList) PublicSuffix(string) string { return string(b) }

// recordingList records the domains it is asked about.
type recordingList struct {
	asked []string
	PublicSuffixList
}

func (r *recordingList) PublicSuffix(domain string) string {
	r.asked = append(r.asked, domain)
	return r.PublicSuffixList.PublicSuffix(domain)
}

func TestPublicSuffixCustomList(t *testing.T) {
	// A list that knows "corp.example" as a suffix under which each team
	// registers, and nothing about "com".
	list := mapList{"corp.example": true, "co.uk": true}
	tests := []struct {
		list                     PublicSuffixList
		host, suffix, registered string
	}{
		{list, "team.corp.example", "corp.example", "team.corp.example"},
		{list, "www.team.corp.example", "corp.example", "team.corp.example"},
		{list, "corp.example", "corp.example", noSuffix},
		{list, "corp.example.", "corp.example.", noSuffix},
		{list, "a.b.corp.example.", "corp.example.", "b.corp.example."},
		{list, "www.example.com", "com", "example.com"}, // "*"
		{list, "github.io", "io", "github.io"},          // not a suffix in this list
		{list, "127.0.0.1", noSuffix, noSuffix},
		// The default list, given explicitly, in its two spellings.
		{publicsuffix.List, "whatwg.github.io", "github.io", "whatwg.github.io"},
		{PublicSuffixList(cookiejar.PublicSuffixList(publicsuffix.List)), "www.example.co.uk", "co.uk", "example.co.uk"},
		{nil, "whatwg.github.io", "github.io", "whatwg.github.io"},
		// Broken answers fall back to the rule "*".
		{brokenList("org"), "www.example.com", "com", "example.com"},
		{brokenList("ample.com"), "www.example.com", "com", "example.com"},
		{brokenList("www.example.com.evil"), "www.example.com", "com", "example.com"},
		{brokenList(""), "www.example.com", "com", "example.com"},
		{brokenList("example.com"), "example.com.", "example.com.", noSuffix},
	}
	for _, tt := range tests {
		h, err := ParseHost(tt.host)
		if err != nil {
			t.Fatal(err)
		}
		suffix, registrable := h.PublicSuffixWith(tt.list), h.RegistrableDomainWith(tt.list)
		if suffix != tt.suffix || registrable != tt.registered {
			t.Errorf("%T %q: %q %q, want %q %q", tt.list, tt.host, suffix, registrable, tt.suffix, tt.registered)
		}
		checkPSLResult(t, h, suffix, registrable)
	}

	// The list is asked about the domain without its trailing dot, in the
	// host parser's form.
	rec := &recordingList{PublicSuffixList: list}
	h, _ := ParseHost("WWW.Bücher.Corp.Example.")
	if got := h.RegistrableDomainWith(rec); got != "xn--bcher-kva.corp.example." {
		t.Errorf("RegistrableDomainWith = %q", got)
	}
	if len(rec.asked) != 1 || rec.asked[0] != "www.xn--bcher-kva.corp.example" {
		t.Errorf("the list was asked about %q", rec.asked)
	}
	// It is not asked about other hosts at all.
	rec.asked = nil
	ip, _ := ParseHost("[::1]")
	ip.PublicSuffixWith(rec)
	if len(rec.asked) != 0 {
		t.Errorf("the list was asked about %q for an IPv6 host", rec.asked)
	}
}
