package url

import "testing"

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
