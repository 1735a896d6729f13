package url

import (
	"net/netip"
	"strings"
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
		fast, fastKind, fastFail := appendHost(nil, input, false, hostErrors{})
		slow, slowKind, slowFail := appendHost(nil, input, false, hostErrors{sink: &errorSink{}})
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

// TestHostAddr extends TestHostKinds: IPv4 in every spelling
// the standard accepts, IPv6 with IPv4-mapped and IPv4-compatible forms, and
// domains. For an IP host, Addr() is netip.MustParseAddr of the canonical
// form, and netip's predicates answer for it.
func TestHostAddr(t *testing.T) {
	tests := []struct {
		in        string
		kind      HostKind
		canonical string // the host serializer's output
		addr      string // netip's spelling of the address; "" for none
	}{
		// IPv4: four parts, in decimal, octal and hex, mixed.
		{"127.0.0.1", IPv4Host, "127.0.0.1", "127.0.0.1"},
		{"0177.0.0.1", IPv4Host, "127.0.0.1", "127.0.0.1"},
		{"0x7f.0.0.1", IPv4Host, "127.0.0.1", "127.0.0.1"},
		{"0X7F.0x0.00.0x01", IPv4Host, "127.0.0.1", "127.0.0.1"},
		{"0x7f.0.0.01", IPv4Host, "127.0.0.1", "127.0.0.1"},
		{"192.0x00A8.1.1", IPv4Host, "192.168.1.1", "192.168.1.1"},
		// Fewer parts: the last part fills the remaining bytes.
		{"127.1", IPv4Host, "127.0.0.1", "127.0.0.1"},
		{"127.0.1", IPv4Host, "127.0.0.1", "127.0.0.1"},
		{"0x7f.1", IPv4Host, "127.0.0.1", "127.0.0.1"},
		{"10.1", IPv4Host, "10.0.0.1", "10.0.0.1"},
		{"1.16777215", IPv4Host, "1.255.255.255", "1.255.255.255"},
		{"1.2.65535", IPv4Host, "1.2.255.255", "1.2.255.255"},
		// One part: the whole address as a number.
		{"2130706433", IPv4Host, "127.0.0.1", "127.0.0.1"},
		{"0x7f000001", IPv4Host, "127.0.0.1", "127.0.0.1"},
		{"017700000001", IPv4Host, "127.0.0.1", "127.0.0.1"},
		{"4294967295", IPv4Host, "255.255.255.255", "255.255.255.255"},
		{"0", IPv4Host, "0.0.0.0", "0.0.0.0"},
		{"0x", IPv4Host, "0.0.0.0", "0.0.0.0"},
		// A trailing dot, percent-encoding and full-width digits.
		{"127.0.0.1.", IPv4Host, "127.0.0.1", "127.0.0.1"},
		{"%31%32%37.0.0.1", IPv4Host, "127.0.0.1", "127.0.0.1"},
		{"１２７.０.０.１", IPv4Host, "127.0.0.1", "127.0.0.1"},
		{"0x7f。0。0。1", IPv4Host, "127.0.0.1", "127.0.0.1"}, // U+3002 IDEOGRAPHIC FULL STOP
		// IPv6.
		{"[::]", IPv6Host, "[::]", "::"},
		{"[::1]", IPv6Host, "[::1]", "::1"},
		{"[0:0:0:0:0:0:0:1]", IPv6Host, "[::1]", "::1"},
		{"[2001:DB8:0:0:1:0:0:1]", IPv6Host, "[2001:db8::1:0:0:1]", "2001:db8::1:0:0:1"},
		{"[2001:db8::]", IPv6Host, "[2001:db8::]", "2001:db8::"},
		{"[1:2:3:4:5:6:7:8]", IPv6Host, "[1:2:3:4:5:6:7:8]", "1:2:3:4:5:6:7:8"},
		{"[fe80::1]", IPv6Host, "[fe80::1]", "fe80::1"},
		{"[fc00::1]", IPv6Host, "[fc00::1]", "fc00::1"},
		// IPv4-mapped and IPv4-compatible addresses: the serializer writes
		// hex pieces, netip the dotted form; the address is the same.
		{"[::ffff:127.0.0.1]", IPv6Host, "[::ffff:7f00:1]", "::ffff:127.0.0.1"},
		{"[::ffff:7f00:1]", IPv6Host, "[::ffff:7f00:1]", "::ffff:127.0.0.1"},
		{"[0:0:0:0:0:ffff:10.0.0.1]", IPv6Host, "[::ffff:a00:1]", "::ffff:10.0.0.1"},
		{"[::ffff:169.254.169.254]", IPv6Host, "[::ffff:a9fe:a9fe]", "::ffff:169.254.169.254"},
		{"[::127.0.0.1]", IPv6Host, "[::7f00:1]", "::7f00:1"},
		{"[64:ff9b::192.0.2.33]", IPv6Host, "[64:ff9b::c000:221]", "64:ff9b::c000:221"},
		// Domains have no address, including those netip or a resolver
		// might read as one.
		{"localhost", DomainHost, "localhost", ""},
		{"example.com", DomainHost, "example.com", ""},
		{"0x7f.example", DomainHost, "0x7f.example", ""},
		{"1.2.3.4.example", DomainHost, "1.2.3.4.example", ""},
		{"xn--53h.example", DomainHost, "xn--53h.example", ""},
		{"☕.example", DomainHost, "xn--53h.example", ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			h, err := ParseHost(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			if h.Kind() != tt.kind || h.String() != tt.canonical {
				t.Fatalf("ParseHost = %v %q, want %v %q", h.Kind(), h, tt.kind, tt.canonical)
			}
			addr := h.Addr()
			if tt.addr == "" {
				if addr.IsValid() {
					t.Errorf("Addr() = %v for a %v host", addr, h.Kind())
				}
				return
			}
			if want := netip.MustParseAddr(tt.addr); addr != want {
				t.Errorf("Addr() = %v, want %v", addr, want)
			}
			// The canonical form parses to the same address in netip, and
			// the host parser gives the canonical form back.
			canonical := strings.TrimSuffix(strings.TrimPrefix(h.String(), "["), "]")
			if netip.MustParseAddr(canonical) != addr {
				t.Errorf("netip.MustParseAddr(%q) = %v, Addr() = %v", canonical, netip.MustParseAddr(canonical), addr)
			}
			if again, err := ParseHost(h.String()); err != nil || again != h {
				t.Errorf("ParseHost(%q) = %q, %v", h, again, err)
			}
			// IPv4 hosts are 4-byte addresses; IPv6 hosts 16-byte ones.
			if (tt.kind == IPv4Host) != addr.Is4() || (tt.kind == IPv6Host) != addr.Is6() {
				t.Errorf("Addr() = %v: Is4 %v, Is6 %v", addr, addr.Is4(), addr.Is6())
			}
			// The URL's host is the same value.
			if u, err := Parse("http://" + tt.in + "/"); err != nil || u.HostValue().Addr() != addr {
				t.Errorf("URL host %v", u.HostValue().Addr())
			}
		})
	}
}

// TestHostAddrPredicates shows that netip's predicates see through every
// spelling, which is what an SSRF filter needs.
func TestHostAddrPredicates(t *testing.T) {
	tests := []struct {
		in                                           string
		loopback, private, linkLocal, unspec, mapped bool
	}{
		{"http://127.0.0.1/", true, false, false, false, false},
		{"http://0x7f.1/", true, false, false, false, false},
		{"http://2130706433/", true, false, false, false, false},
		{"http://0177.0.0.1/", true, false, false, false, false},
		{"http://127.255.255.254/", true, false, false, false, false},
		{"http://10.1/", false, true, false, false, false},
		{"http://0xa.0xff.1/", false, true, false, false, false},
		{"http://192.168.1/", false, true, false, false, false},
		{"http://0xc0a80101/", false, true, false, false, false},
		{"http://172.16.0.1/", false, true, false, false, false},
		{"http://169.254.169.254/", false, false, true, false, false},
		{"http://0xa9fea9fe/", false, false, true, false, false},
		{"http://0/", false, false, false, true, false},
		{"http://0.0.0.0/", false, false, false, true, false},
		{"http://[::]/", false, false, false, true, false},
		{"http://[::1]/", true, false, false, false, false},
		{"http://[fe80::1]/", false, false, true, false, false},
		{"http://[fd00::1]/", false, true, false, false, false},
		{"http://[::ffff:127.0.0.1]/", true, false, false, false, true},
		{"http://[::ffff:10.0.0.1]/", false, true, false, false, true},
		{"http://[::ffff:a9fe:a9fe]/", false, false, true, false, true},
		{"http://8.8.8.8/", false, false, false, false, false},
		{"http://[2001:4860:4860::8888]/", false, false, false, false, false},
	}
	for _, tt := range tests {
		a := MustParse(tt.in).HostValue().Addr()
		if a.IsLoopback() != tt.loopback || a.IsPrivate() != tt.private || a.IsLinkLocalUnicast() != tt.linkLocal ||
			a.IsUnspecified() != tt.unspec || a.Is4In6() != tt.mapped {
			t.Errorf("%s: %v loopback %v private %v link-local %v unspecified %v 4in6 %v", tt.in, a,
				a.IsLoopback(), a.IsPrivate(), a.IsLinkLocalUnicast(), a.IsUnspecified(), a.Is4In6())
		}
	}
}

// TestHostAddrURLTestData checks Addr against netip for every IP host in
// urltestdata.json.
func TestHostAddrURLTestData(t *testing.T) {
	n := 0
	for _, tc := range wptCases[urlTestCase](t, "urltestdata.json") {
		if tc.Failure {
			continue
		}
		u, err := tc.parse()
		if err != nil {
			t.Errorf("%s: %v", tc.name(), err)
			continue
		}
		h := u.HostValue()
		switch h.Kind() {
		case IPv4Host, IPv6Host:
			n++
			want := netip.MustParseAddr(strings.Trim(tc.Hostname, "[]"))
			if h.Addr() != want {
				t.Errorf("%s: Addr() = %v, want %v", tc.name(), h.Addr(), want)
			}
		default:
			if h.Addr().IsValid() {
				t.Errorf("%s: %v host has Addr() %v", tc.name(), h.Kind(), h.Addr())
			}
		}
	}
	if n == 0 {
		t.Error("no IP hosts")
	}
	t.Logf("%d IP hosts", n)
}

// TestTrimTrailingDots holds Host.TrimTrailingDots to its doc: a domain
// loses the dots that end it, unless without them it would be empty or no
// domain; every other host is kept.
func TestTrimTrailingDots(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"example.com.", "example.com"},
		{"EXAMPLE.com..", "example.com"},
		{"example.com", "example.com"},
		{"xn--nxasmq6b.", "xn--nxasmq6b"},
		{"0x7f.1..", "0x7f.1.."},    // 0x7f.1 is 127.0.0.1
		{"1.2.3.4..", "1.2.3.4.."},  // an IPv4 address without them
		{"a.0x..", "a.0x.."},        // ends in a number, and no IPv4 address
		{"a.09..", "a.09.."},        // so too
		{"a.0xg.", "a.0xg"},         // not a number
		{"127.0.0.1.", "127.0.0.1"}, // the host parser reads it as IPv4 already
		{"[::1]", "[::1]"},
		{"..", ".."},
	} {
		h, err := ParseHost(c.in)
		if err != nil {
			t.Fatalf("ParseHost(%q): %v", c.in, err)
		}
		got := h.TrimTrailingDots()
		if got.String() != c.want {
			t.Errorf("ParseHost(%q).TrimTrailingDots() = %q, want %q", c.in, got, c.want)
		}
		// What it returns is what the host parser makes of it.
		if again, err := ParseHost(got.String()); err != nil || again != got {
			t.Errorf("ParseHost(%q) = %v, %v; want %v, the host TrimTrailingDots returned", got, again, err, got)
		}
	}
	if got := (Host{}).TrimTrailingDots(); got != (Host{}) {
		t.Errorf("the null host's TrimTrailingDots = %v", got)
	}
	u, _ := Parse("foo://opaque./")
	if got := u.HostValue().TrimTrailingDots().String(); got != "opaque." {
		t.Errorf("an opaque host's TrimTrailingDots = %q, want it as it is", got)
	}
}
