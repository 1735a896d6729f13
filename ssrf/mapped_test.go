package ssrf_test

import (
	"context"
	"errors"
	"net/netip"
	"strconv"
	"testing"

	"github.com/webstd/url/ssrf"
)

// TestAddrBlocksEitherForm checks that a block of DenyAddrs or AllowAddrs
// names the same addresses whether it is written as IPv4 ("8.8.8.0/24")
// or in IPv4-mapped form ("::ffff:8.8.8.0/120"): a dialer connects to
// 8.8.8.8 for both 8.8.8.8 and [::ffff:8.8.8.8] (RFC 4291, section
// 2.5.5.2). (An attack review found a mapped block refusing only the
// mapped spelling.)
func TestAddrBlocksEitherForm(t *testing.T) {
	for _, block := range []string{"8.8.8.0/24", "::ffff:8.8.8.0/120"} {
		g, err := ssrf.New(ssrf.Policy{
			DenyAddrs:  []netip.Prefix{netip.MustParsePrefix(block)},
			AllowAddrs: []netip.Prefix{netip.MustParsePrefix(block), netip.MustParsePrefix("::ffff:10.1.0.0/112")},
		})
		if err != nil {
			t.Fatal(err)
		}
		for in, want := range map[string]bool{
			"http://8.8.8.8/":               false,
			"http://[::ffff:8.8.8.8]/":      false,
			"http://[::ffff:808:808]/":      false,
			"http://[64:ff9b::808:808]/":    false, // NAT64
			"http://[2002:808:808::1]/":     false, // 6to4
			"http://8.8.4.4/":               true,
			"http://[::ffff:8.8.4.4]/":      true,
			"http://10.1.2.3/":              true,
			"http://[::ffff:10.1.2.3]/":     true,
			"http://10.2.0.1/":              false,
			"http://[::ffff:10.2.0.1]/":     false,
			"http://[64:ff9b::a01:203]/":    false, // NAT64 of 10.1.2.3: AllowAddrs names the IPv4 and mapped forms only
			"http://[::ffff:0:10.1.2.3]/":   false, // IPv4-translated, not mapped
			"http://[2606:4700:4700::1]/":   true,
			"http://[::ffff:127.0.0.1]:80/": false,
		} {
			u, err := ssrf.ParseForTest(in)
			if err != nil {
				t.Fatal(err)
			}
			if got := g.CheckURL(u) == nil; got != want {
				t.Errorf("DenyAddrs %s: CheckURL(%q) allows: %v, want %v (%v)", block, in, got, want, g.CheckURL(u))
			}
		}
	}
}

// TestAddrBlocksIPv6 checks that an IPv6 block that is not in IPv4-mapped
// form names IPv6 addresses only, though ::/0 and ::/8 hold the
// IPv4-mapped range: AllowAddrs ::/0 allows no special IPv4 address, in
// either form, and DenyAddrs ::/0 refuses no public one. (A review found the
// first version of TestAddrBlocksEitherForm's fix reading them as IPv4
// blocks too.)
func TestAddrBlocksIPv6(t *testing.T) {
	for _, block := range []string{"::/0", "::/8", "::/80"} {
		p := netip.MustParsePrefix(block)
		allow, err := ssrf.New(ssrf.Policy{AllowAddrs: []netip.Prefix{p}})
		if err != nil {
			t.Fatal(err)
		}
		deny, err := ssrf.New(ssrf.Policy{DenyAddrs: []netip.Prefix{p}})
		if err != nil {
			t.Fatal(err)
		}
		for _, in := range []string{"http://127.0.0.1/", "http://[::ffff:127.0.0.1]/", "http://169.254.169.254/", "http://[::ffff:a9fe:a9fe]/"} {
			if u, _ := ssrf.ParseForTest(in); allow.CheckURL(u) == nil {
				t.Errorf("AllowAddrs %s: CheckURL(%q) allows it", block, in)
			}
		}
		for _, in := range []string{"http://8.8.8.8/", "http://[::ffff:8.8.8.8]/"} {
			if u, _ := ssrf.ParseForTest(in); deny.CheckURL(u) != nil {
				t.Errorf("DenyAddrs %s: CheckURL(%q): %v", block, in, deny.CheckURL(u))
			}
		}
		if u, _ := ssrf.ParseForTest("http://[::1]/"); block == "::/0" && allow.CheckURL(u) != nil {
			t.Errorf("AllowAddrs %s: CheckURL(%q): %v", block, "http://[::1]/", allow.CheckURL(u))
		}
	}
}

// TestAddrBlocksEitherFormDial checks the same at dial time, where the
// socket connects to the IPv4 address: by DialContext, and by the
// net.Dialer's Control function alone.
func TestAddrBlocksEitherFormDial(t *testing.T) {
	denied, public := servers(t)
	port, _ := strconv.Atoi(public.port)
	mapped := netip.MustParsePrefix("::ffff:127.0.0.2/128")
	allow, err := ssrf.New(ssrf.Policy{Ports: []uint16{uint16(port)}, AllowAddrs: []netip.Prefix{mapped}, Resolver: newResolver()})
	if err != nil {
		t.Fatal(err)
	}
	deny, err := ssrf.New(ssrf.Policy{
		Ports:      []uint16{uint16(port)},
		AllowAddrs: []netip.Prefix{netip.MustParsePrefix("127.0.0.2/32")},
		DenyAddrs:  []netip.Prefix{mapped},
		Resolver:   newResolver(),
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, addr := range []string{"127.0.0.2:{A}", "public.test:{A}", "[::ffff:127.0.0.2]:{A}"} {
		addr = expand(addr, denied, public)
		c, err := allow.DialContext(context.Background(), "tcp", addr)
		if err != nil {
			t.Errorf("AllowAddrs %s: DialContext(%q): %v", mapped, addr, err)
		} else {
			c.Close()
		}
		if c, err := deny.DialContext(context.Background(), "tcp", addr); err == nil {
			c.Close()
			t.Errorf("DenyAddrs %s: DialContext(%q) connected", mapped, addr)
		} else if !errors.Is(err, ssrf.ErrRefused) {
			t.Errorf("DenyAddrs %s: DialContext(%q): %v, not a refusal", mapped, addr, err)
		}
	}
	for _, addr := range []string{"127.0.0.2:{A}", "[::ffff:127.0.0.2]:{A}"} {
		addr = expand(addr, denied, public)
		if err := allow.ControlForTest("tcp", addr); err != nil {
			t.Errorf("AllowAddrs %s: Control(%q): %v", mapped, addr, err)
		}
		if err := deny.ControlForTest("tcp", addr); !errors.Is(err, ssrf.ErrRefused) {
			t.Errorf("DenyAddrs %s: Control(%q): %v, want a refusal", mapped, addr, err)
		}
	}
}
