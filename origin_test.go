package url

import "testing"

// TestSameOrigin checks the Go model of origins that Origin's doc comment
// describes: tuple origins are equal when their scheme, host and port are;
// an opaque origin is the same origin only as itself (and its copies).
func TestSameOrigin(t *testing.T) {
	same := [][2]string{
		{"https://example.com/a", "https://example.com:443/b?c#d"},
		{"https://user:pass@example.com/", "https://example.com/"},
		{"http://0x7f.1/", "http://127.0.0.1:80/"},
		{"blob:https://example.com/uuid", "https://example.com/"},
		{"ws://example.com/", "ws://EXAMPLE.com:80/"},
	}
	for _, p := range same {
		a, b := MustParse(p[0]).Origin(), MustParse(p[1]).Origin()
		if !a.IsSameOrigin(b) || a != b || a.IsOpaque() {
			t.Errorf("%s and %s: same origin %v, == %v, opaque %v", p[0], p[1], a.IsSameOrigin(b), a == b, a.IsOpaque())
		}
	}
	different := [][2]string{
		{"https://example.com/", "http://example.com/"},
		{"https://example.com/", "https://example.com:8443/"},
		{"https://example.com/", "https://www.example.com/"},
		{"ws://example.com/", "http://example.com/"},
	}
	for _, p := range different {
		a, b := MustParse(p[0]).Origin(), MustParse(p[1]).Origin()
		if a.IsSameOrigin(b) || a == b {
			t.Errorf("%s and %s are the same origin", p[0], p[1])
		}
	}
	// Opaque origins: each call makes a new one, the same origin only as
	// itself and its copies.
	for _, in := range []string{"data:text/plain,hi", "file:///etc/hosts", "sc://example.com/", "blob:null/uuid", "about:blank"} {
		u := MustParse(in)
		o := u.Origin()
		copied := o
		if !o.IsOpaque() || o.String() != "null" || !o.IsSameOrigin(o) || !o.IsSameOrigin(copied) {
			t.Errorf("%s: opaque %v %q, same as itself %v", in, o.IsOpaque(), o, o.IsSameOrigin(copied))
		}
		if again := u.Origin(); o.IsSameOrigin(again) || o == again {
			t.Errorf("%s: two opaque origins of the same URL are the same origin", in)
		}
		if o.IsSameOrigin(Origin{}) {
			t.Errorf("%s: opaque origin is the same as the zero Origin", in)
		}
	}
	if !(Origin{}).IsSameOrigin(Origin{}) || !(Origin{}).IsOpaque() {
		t.Error("the zero Origin is not opaque and equal to itself")
	}
}
