package ssrf

import (
	"net/netip"
)

// A specialBlock is a block of the default deny list: an address block of
// IANA's special-purpose address registries (RFC 6890), or one that
// internal/gen/specialaddr adds, with its name and the documents that
// reserve it.
type specialBlock struct {
	prefix netip.Prefix
	name   string // "Loopback"
	ref    string // "RFC 1122, Section 3.2.1.3"
}

func (b specialBlock) String() string {
	return b.prefix.String() + " (" + b.name + ", " + b.ref + ")"
}

// The IPv6 blocks whose addresses carry an IPv4 address that says where
// they lead: an IPv4-mapped address is the IPv4 address on a dual-stack
// socket (RFC 4291, section 2.5.5.2), a NAT64 address of the well-known
// prefix is translated to the IPv4 address in its last 32 bits (RFC 6052),
// and a 6to4 address is tunnelled to the IPv4 address in its bits 16 to 47
// (RFC 3056). An address of these blocks is decided by the address it
// carries: [::ffff:127.0.0.1] is 127.0.0.1, [64:ff9b::a9fe:a9fe] is
// 169.254.169.254, [2002:808:808::1] is as public as 8.8.8.8.
//
// The other IPv6 forms of an IPv4 address are denied whatever they carry:
// IPv4-compatible (::/96, deprecated by RFC 4291), IPv4-translated
// (::ffff:0:0:0/96, RFC 2765), the local-use NAT64 prefix 64:ff9b:1::/48
// (RFC 8215) and Teredo (2001::/32, RFC 4380, whose client address is
// obfuscated), all in the table.
var (
	mapped    = netip.MustParsePrefix("::ffff:0:0/96")
	nat64     = netip.MustParsePrefix("64:ff9b::/96")
	sixToFour = netip.MustParsePrefix("2002::/16")
)

// carried returns the IPv4 address that a, an IPv6 address, carries in one
// of the blocks above, and the name of the form.
func carried(a netip.Addr) (netip.Addr, string, bool) {
	b := a.As16()
	switch {
	case mapped.Contains(a):
		return netip.AddrFrom4([4]byte(b[12:])), "IPv4-mapped", true
	case nat64.Contains(a):
		return netip.AddrFrom4([4]byte(b[12:])), "NAT64", true
	case sixToFour.Contains(a):
		return netip.AddrFrom4([4]byte(b[2:6])), "6to4", true
	}
	return netip.Addr{}, "", false
}

// specialOf returns the most specific block of the default deny list that
// holds a, and the reason a is denied; ok is false when a is in none, or
// carries an IPv4 address (see carried) that is in none.
func specialOf(a netip.Addr) (reason string, ok bool) {
	a = a.WithZone("")
	if a.Is6() {
		if v4, form, isForm := carried(a); isForm {
			if r, denied := specialOf(v4); denied {
				return "it is the " + form + " form of " + v4.String() + ", in " + r, true
			}
			return "", false
		}
	}
	best := -1
	for i := range special {
		if special[i].prefix.Contains(a) && (best < 0 || special[i].prefix.Bits() > special[best].prefix.Bits()) {
			best = i
		}
	}
	if best < 0 {
		return "", false
	}
	return special[best].String(), true
}

// IsSpecial reports whether the default policy denies the address a: it
// is in a block of IANA's IPv4 or IPv6 Special-Purpose Address Registry
// (RFC 6890; loopback, private-use, link-local with the cloud metadata
// services at 169.254.169.254 and fd00:ec2::254, shared address space,
// "this network" 0.0.0.0/8, documentation, benchmarking, reserved), is a
// multicast address, is in a deprecated block (IPv4-compatible ::/96,
// site-local fec0::/10), or is the IPv4-mapped, NAT64 (64:ff9b::/96) or
// 6to4 (2002::/16) form of an IPv4 address that IsSpecial. The zero Addr
// is special. The zone of an address is ignored.
//
// Every row of the registries is denied, those that the registry marks
// "globally reachable" (the anycast addresses of PCP, TURN, AS112) among
// them: none is a destination for a server's request.
func IsSpecial(a netip.Addr) bool {
	if !a.IsValid() {
		return true
	}
	_, ok := specialOf(a)
	return ok
}
