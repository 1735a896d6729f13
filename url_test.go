package url

import (
	"runtime"
	"sync/atomic"
	"testing"
	"time"
	"unsafe"
)

// TestEqualConsistent holds Equal and EqualExcludingFragment to == and to
// the standard's definition (compare the serializations, with or without
// the fragment) over every pair of URLs from urltestdata.json that share a
// prefix, plus the zero URL.
func TestEqualConsistent(t *testing.T) {
	urls := []URL{{}}
	for _, tc := range wptCases[urlTestCase](t, "urltestdata.json") {
		if tc.Failure {
			continue
		}
		u, err := tc.parse()
		if err != nil {
			t.Fatalf("%s: %v", tc.name(), err)
		}
		urls = append(urls, u)
		// The same URL with other fragments, to give the comparisons pairs
		// that differ only there.
		for _, hash := range []string{"", "#", "#x"} {
			v := u
			v.SetHash(hash)
			urls = append(urls, v)
		}
	}
	withoutFragment := func(u URL) string {
		if f, ok := u.Fragment(); ok {
			return u.Href()[:len(u.Href())-len(f)-1]
		}
		return u.Href()
	}
	// Each URL with its fragment removed by the setter.
	stripped := make([]URL, len(urls))
	for i, u := range urls {
		stripped[i] = u
		if u.IsValid() {
			stripped[i].SetHash("")
		}
	}
	var equal, equalExcluding int
	for i, u := range urls {
		for j := i; j < len(urls); j++ {
			v := urls[j]
			eq := u.Href() == v.Href()
			if u.Equal(v) != eq || (u == v) != eq || v.Equal(u) != eq {
				t.Errorf("%q, %q: Equal %v, == %v, hrefs equal %v", u.Href(), v.Href(), u.Equal(v), u == v, eq)
			}
			eqx := withoutFragment(u) == withoutFragment(v)
			if u.EqualExcludingFragment(v) != eqx || v.EqualExcludingFragment(u) != eqx {
				t.Errorf("%q, %q: EqualExcludingFragment %v, want %v", u.Href(), v.Href(), u.EqualExcludingFragment(v), eqx)
			}
			// As == after removing both fragments.
			if (stripped[i] == stripped[j]) != eqx {
				t.Errorf("%q, %q: == without fragments %v, EqualExcludingFragment %v", u.Href(), v.Href(), stripped[i] == stripped[j], eqx)
			}
			if eq {
				equal++
			}
			if eqx {
				equalExcluding++
			}
		}
	}
	if equal <= len(urls) || equalExcluding <= equal {
		t.Errorf("too few equal pairs to test anything: %d equal, %d without fragments", equal, equalExcluding)
	}
	t.Logf("%d URLs: %d equal pairs, %d equal without fragments", len(urls), equal, equalExcluding)
}

func TestEqualExamples(t *testing.T) {
	tests := []struct {
		a, b    string
		eq, eqx bool
	}{
		{"https://example.com/a#x", "HTTPS://EXAMPLE.com:443/a#x", true, true},
		{"https://example.com/a#x", "https://example.com/a#y", false, true},
		{"https://example.com/a#", "https://example.com/a", false, true},
		{"https://example.com/a?", "https://example.com/a", false, false},
		{"https://example.com/a", "https://example.com/b", false, false},
		{"http://0x7f.1/", "http://127.0.0.1/", true, true},
		{"https://example.com/%7E", "https://example.com/~", false, false}, // no normalization of escapes
	}
	for _, tt := range tests {
		a, b := MustParse(tt.a), MustParse(tt.b)
		if a.Equal(b) != tt.eq || (a == b) != tt.eq || a.EqualExcludingFragment(b) != tt.eqx {
			t.Errorf("%s, %s: Equal %v, ==, %v, EqualExcludingFragment %v; want %v %v", tt.a, tt.b, a.Equal(b), a == b, a.EqualExcludingFragment(b), tt.eq, tt.eqx)
		}
	}
}

// TestZeroURL checks every getter and setter on the zero URL: it is not a
// valid URL, every string getter returns "", the record view says null
// where the standard has null, and no setter changes it or panics.
func TestZeroURL(t *testing.T) {
	var u URL
	if u.IsValid() || u.HasHost() || u.HasOpaquePath() || u.IsSpecial() {
		t.Errorf("zero URL: IsValid %v HasHost %v HasOpaquePath %v IsSpecial %v", u.IsValid(), u.HasHost(), u.HasOpaquePath(), u.IsSpecial())
	}
	for name, got := range map[string]string{
		"Href": u.Href(), "String": u.String(), "Protocol": u.Protocol(), "Scheme": u.Scheme(),
		"Username": u.Username(), "Password": u.Password(), "Host": u.Host(), "Hostname": u.Hostname(),
		"Port": u.Port(), "Pathname": u.Pathname(), "Search": u.Search(), "Hash": u.Hash(),
		"HrefExcludingFragment": u.HrefExcludingFragment(), "Redacted": u.Redacted(), "Render": u.Render(),
		"AppendTo": string(u.AppendTo(nil)), "HostValue": u.HostValue().String(),
	} {
		if got != "" {
			t.Errorf("zero URL: %s() = %q, want \"\"", name, got)
		}
	}
	if q, ok := u.Query(); q != "" || ok {
		t.Errorf("zero URL: Query() = %q, %v", q, ok)
	}
	if f, ok := u.Fragment(); f != "" || ok {
		t.Errorf("zero URL: Fragment() = %q, %v", f, ok)
	}
	if p, ok := u.PortNumber(); p != 0 || ok {
		t.Errorf("zero URL: PortNumber() = %d, %v", p, ok)
	}
	if u.HostKind() != NullHost || u.SearchParams().Size() != 0 {
		t.Errorf("zero URL: HostKind %v, SearchParams %q", u.HostKind(), u.SearchParams())
	}
	if !u.Equal(URL{}) || !u.EqualExcludingFragment(URL{}) || u.Origin().String() != "null" {
		t.Errorf("zero URL: Equal %v, EqualExcludingFragment %v, Origin %q", u.Equal(URL{}), u.EqualExcludingFragment(URL{}), u.Origin())
	}
	if text, err := u.MarshalText(); err != nil || string(text) != "" {
		t.Errorf("zero URL: MarshalText() = %q, %v", text, err)
	}
	setters := map[string]func(*URL){
		"SetProtocol": func(u *URL) { u.SetProtocol("https") },
		"SetUsername": func(u *URL) { u.SetUsername("user") },
		"SetPassword": func(u *URL) { u.SetPassword("pw") },
		"SetHost":     func(u *URL) { u.SetHost("example.com:8080") },
		"SetHostname": func(u *URL) { u.SetHostname("example.com") },
		"SetPort":     func(u *URL) { u.SetPort("8080") },
		"SetPathname": func(u *URL) { u.SetPathname("/a") },
		"SetSearch":   func(u *URL) { u.SetSearch("?q") },
		"SetHash":     func(u *URL) { u.SetHash("#f") },
		"SetSearchParams": func(u *URL) {
			u.SetSearchParams(NewSearchParams("a=b"))
		},
	}
	for name, set := range setters {
		var v URL
		set(&v)
		if v != (URL{}) {
			t.Errorf("zero URL: %s made it %q", name, v.Href())
		}
	}
	// SetHref makes it the URL it parses.
	var v URL
	if err := v.SetHref("https://example.com/"); err != nil || v.Href() != "https://example.com/" {
		t.Errorf("zero URL: SetHref: %q, %v", v.Href(), err)
	}
}

// TestCloneReleasesInput checks the trap Clone exists for: a URL parsed from
// a substring of a large page keeps the page alive, and its Clone does not.
func TestCloneReleasesInput(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector keeps memory alive longer")
	}
	released := func(keep func(page string) URL) (URL, bool) {
		page := make([]byte, 64<<20)
		copy(page[1000:], "https://example.com/link")
		var freed atomic.Bool
		runtime.AddCleanup(&page[0], func(*atomic.Bool) { freed.Store(true) }, &freed)
		u := keep(unsafe.String(&page[0], len(page))[1000 : 1000+len("https://example.com/link")])
		page = nil
		for i := 0; i < 10 && !freed.Load(); i++ {
			runtime.GC()
			time.Sleep(time.Millisecond)
		}
		return u, freed.Load()
	}
	// A URL that keeps the substring: the page stays.
	u, freed := released(MustParse)
	if freed || u.Href() != "https://example.com/link" {
		t.Errorf("without Clone: page freed %v (the URL shares it), href %q", freed, u.Href())
	}
	runtime.KeepAlive(u)
	// Its Clone: the page goes.
	v, freed := released(func(page string) URL { return MustParse(page).Clone() })
	if !freed || v.Href() != "https://example.com/link" || v != MustParse("https://example.com/link") {
		t.Errorf("with Clone: page freed %v, href %q", freed, v.Href())
	}
}

// TestURLSize keeps URL at 48 bytes, three 16-byte moves a copy: at 56, Go
// copied it in four moves of which two overlap, and the caller of Parse,
// reading back the URL just written, waited on the stores (the time of a
// failed parse in the benchmark loop: 57 -> 45 ns at 64 bytes).
func TestURLSize(t *testing.T) {
	if size := unsafe.Sizeof(URL{}); size != 48 {
		t.Errorf("URL is %d bytes, want 48", size)
	}
}

// TestParseErrorSize keeps ParseError, which every failed parse allocates,
// at 32 bytes: with Kind before Offset it was 40, allocated as 48.
func TestParseErrorSize(t *testing.T) {
	if size := unsafe.Sizeof(ParseError{}); size != 32 {
		t.Errorf("ParseError is %d bytes, want 32", size)
	}
}
