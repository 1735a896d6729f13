package url

import (
	"net/netip"
	"testing"
)

// FuzzHostFastPath holds appendHost's fast path for ASCII domains to the
// standard's steps, which appendHost runs when validation errors are asked
// for: the same host, kind and failure either way.
func FuzzHostFastPath(f *testing.F) {
	for _, s := range []string{"example.com", "EXAMPLE.COM", "127.0.0.1", "0x7F.1", "1.2.3.4.5", "a..b", "xn--53h.example", "09", "0X", "foo.0x", "exa mple", "ex%41mple", "é.example", "[::1]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		if input == "" || input[0] == '[' {
			return
		}
		fast, fastKind, fastFail := appendHost(nil, input, false, nil)
		slow, slowKind, slowFail := appendHost(nil, input, false, &errorSink{})
		if string(fast) != string(slow) || fastKind != slowKind || fastFail != slowFail {
			t.Fatalf("appendHost(%q): fast path gives %q %v %v, the standard's steps %q %v %v",
				input, fast, fastKind, fastFail, slow, slowKind, slowFail)
		}
	})
}

func TestHostKinds(t *testing.T) {
	tests := []struct {
		in, host string
		kind     HostKind
		addr     string
	}{
		{"example.com", "example.com", DomainHost, ""},
		{"EXAMPLE.com", "example.com", DomainHost, ""},
		{"127.0.0.1", "127.0.0.1", IPv4Host, "127.0.0.1"},
		{"127.1", "127.0.0.1", IPv4Host, "127.0.0.1"},
		{"0x7f.1", "127.0.0.1", IPv4Host, "127.0.0.1"},
		{"0X7F.0.0.1", "127.0.0.1", IPv4Host, "127.0.0.1"},
		{"2130706433", "127.0.0.1", IPv4Host, "127.0.0.1"},
		{"017700000001", "127.0.0.1", IPv4Host, "127.0.0.1"},
		{"0xffffffff", "255.255.255.255", IPv4Host, "255.255.255.255"},
		{"[::1]", "[::1]", IPv6Host, "::1"},
		{"[0:0::1]", "[::1]", IPv6Host, "::1"},
		{"[::ffff:127.0.0.1]", "[::ffff:7f00:1]", IPv6Host, "::ffff:127.0.0.1"},
		{"[2001:DB8::1]", "[2001:db8::1]", IPv6Host, "2001:db8::1"},
		{"faß.example", "xn--fa-hia.example", DomainHost, ""},
		{"ex%41mple.com", "example.com", DomainHost, ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			h, err := ParseHost(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if h.String() != tt.host || h.Kind() != tt.kind {
				t.Errorf("ParseHost(%q) = %q %v, want %q %v", tt.in, h.String(), h.Kind(), tt.host, tt.kind)
			}
			if tt.addr == "" {
				if h.Addr().IsValid() {
					t.Errorf("Addr() = %v, want none", h.Addr())
				}
			} else if want := netip.MustParseAddr(tt.addr); h.Addr() != want {
				t.Errorf("Addr() = %v, want %v", h.Addr(), want)
			}
			u := MustParse("http://" + tt.in + "/")
			if u.HostValue() != h {
				t.Errorf("URL host %v, ParseHost %v", u.HostValue(), h)
			}
		})
	}
	for _, in := range []string{"", "1.2.3.4.5", "256.0.0.1.", "exa mple", "[::1", "[1::1::1]", "a%"} {
		if h, err := ParseHost(in); err == nil {
			t.Errorf("ParseHost(%q) = %q, want failure", in, h)
		}
	}
	if !MustParse("http://0x7f.1/").HostValue().Addr().IsLoopback() {
		t.Error("0x7f.1 is not loopback")
	}
}
