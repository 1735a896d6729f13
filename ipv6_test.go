package url

import (
	"net/netip"
	"slices"
	"strings"
	"testing"
)

func TestParseIPv6(t *testing.T) {
	const (
		invalidCompression = "IPv6-invalid-compression!"
		tooManyPieces      = "IPv6-too-many-pieces!"
		multiple           = "IPv6-multiple-compression!"
		invalidCodePoint   = "IPv6-invalid-code-point!"
		tooFewPieces       = "IPv6-too-few-pieces!"
		leadingZero        = "IPv6-piece-leading-zero"
		v4TooManyPieces    = "IPv4-in-IPv6-too-many-pieces!"
		v4InvalidCodePoint = "IPv4-in-IPv6-invalid-code-point!"
		v4OutOfRange       = "IPv4-in-IPv6-out-of-range-part!"
		v4TooFewParts      = "IPv4-in-IPv6-too-few-parts!"
	)
	tests := []struct {
		input string
		want  [8]uint16
		fail  ValidationErrorKind
		errs  []string
	}{
		{input: "::", want: [8]uint16{}},
		{input: "::1", want: [8]uint16{7: 1}},
		{input: "0:0::1", want: [8]uint16{7: 1}},
		{input: "1::", want: [8]uint16{0: 1}},
		{input: "1::2", want: [8]uint16{0: 1, 7: 2}},
		{input: "1:2::3:4", want: [8]uint16{1, 2, 0, 0, 0, 0, 3, 4}},
		{input: "1:2:3:4:5:6:7:8", want: [8]uint16{1, 2, 3, 4, 5, 6, 7, 8}},
		{input: "1:2:3:4:5:6:7::", want: [8]uint16{1, 2, 3, 4, 5, 6, 7, 0}},
		{input: "::2:3:4:5:6:7:8", want: [8]uint16{0, 2, 3, 4, 5, 6, 7, 8}},
		{input: "1:2:3::5:6:7:8", want: [8]uint16{1, 2, 3, 0, 5, 6, 7, 8}},
		{input: "2001:DB8:abcd:EF01::ffff", want: [8]uint16{0x2001, 0xdb8, 0xabcd, 0xef01, 0, 0, 0, 0xffff}},
		{input: "::ffff:127.0.0.1", want: [8]uint16{5: 0xffff, 6: 0x7f00, 7: 1}},
		{input: "::127.0.0.1", want: [8]uint16{6: 0x7f00, 7: 1}},
		{input: "1:2:3:4:5:6:255.255.255.255", want: [8]uint16{1, 2, 3, 4, 5, 6, 0xffff, 0xffff}},
		{input: "1::0.0.0.0", want: [8]uint16{0: 1}},
		// The standard's example of each error.
		{input: ":1", fail: ErrIPv6InvalidCompression, errs: []string{invalidCompression}},
		{input: "1:2:3:4:5:6:7:8:9", fail: ErrIPv6TooManyPieces, errs: []string{tooManyPieces}},
		{input: "1::1::1", fail: ErrIPv6MultipleCompression, errs: []string{multiple}},
		{input: "1:2:3!:4", fail: ErrIPv6InvalidCodePoint, errs: []string{invalidCodePoint}},
		{input: "1:2:3:", fail: ErrIPv6InvalidCodePoint, errs: []string{invalidCodePoint}},
		{input: "1:2:3", fail: ErrIPv6TooFewPieces, errs: []string{tooFewPieces}},
		{input: "::01", want: [8]uint16{7: 1}, errs: []string{leadingZero}},
		{input: "1:1:1:1:1:1:1:127.0.0.1", fail: ErrIPv4InIPv6TooManyPieces, errs: []string{v4TooManyPieces}},
		{input: "ffff::.0.0.1", fail: ErrIPv4InIPv6InvalidCodePoint, errs: []string{v4InvalidCodePoint}},
		{input: "ffff::127.0.xyz.1", fail: ErrIPv4InIPv6InvalidCodePoint, errs: []string{v4InvalidCodePoint}},
		{input: "ffff::127.0xyz", fail: ErrIPv4InIPv6InvalidCodePoint, errs: []string{v4InvalidCodePoint}},
		{input: "ffff::127.00.0.1", fail: ErrIPv4InIPv6InvalidCodePoint, errs: []string{v4InvalidCodePoint}},
		{input: "ffff::127.0.0.1.2", fail: ErrIPv4InIPv6InvalidCodePoint, errs: []string{v4InvalidCodePoint}},
		{input: "ffff::127.0.0.4000", fail: ErrIPv4InIPv6OutOfRangePart, errs: []string{v4OutOfRange}},
		{input: "ffff::127.0.0", fail: ErrIPv4InIPv6TooFewParts, errs: []string{v4TooFewParts}},
		// More of the steps.
		{input: "", fail: ErrIPv6TooFewPieces, errs: []string{tooFewPieces}},
		{input: ":", fail: ErrIPv6InvalidCompression, errs: []string{invalidCompression}},
		{input: ":::", fail: ErrIPv6MultipleCompression, errs: []string{multiple}},
		{input: "1:::2", fail: ErrIPv6MultipleCompression, errs: []string{multiple}},
		{input: "::1:2:3:4:5:6:7:8", fail: ErrIPv6TooManyPieces, errs: []string{tooManyPieces}},
		{input: "1:2:3:4:5:6:7:8::", fail: ErrIPv6TooManyPieces, errs: []string{tooManyPieces}},
		{input: "12345::", fail: ErrIPv6InvalidCodePoint, errs: []string{invalidCodePoint}},
		{input: "1:2:3:4:5:6:7:8 ", fail: ErrIPv6InvalidCodePoint, errs: []string{invalidCodePoint}},
		{input: "::1%eth0", fail: ErrIPv6InvalidCodePoint, errs: []string{invalidCodePoint}},
		{input: "::g", fail: ErrIPv6InvalidCodePoint, errs: []string{invalidCodePoint}},
		{input: "1.2.3.4", fail: ErrIPv6TooFewPieces, errs: []string{tooFewPieces}},
		{input: "::1.2.3.4.", fail: ErrIPv4InIPv6InvalidCodePoint, errs: []string{v4InvalidCodePoint}},
		{input: "::ffff:1.2.3.4:", fail: ErrIPv4InIPv6InvalidCodePoint, errs: []string{v4InvalidCodePoint}},
		{input: "::1.2..3", fail: ErrIPv4InIPv6InvalidCodePoint, errs: []string{v4InvalidCodePoint}},
		{input: "::1.2.3.4x", fail: ErrIPv4InIPv6InvalidCodePoint, errs: []string{v4InvalidCodePoint}},
		{input: "::1.2.3.256", fail: ErrIPv4InIPv6OutOfRangePart, errs: []string{v4OutOfRange}},
		{input: "::1.2", fail: ErrIPv4InIPv6TooFewParts, errs: []string{v4TooFewParts}},
		{input: "1:2:3:4:5:6:7:1.2.3.4", fail: ErrIPv4InIPv6TooManyPieces, errs: []string{v4TooManyPieces}},
		{input: "1:2:3:4:5:6:1.2.3.4", want: [8]uint16{1, 2, 3, 4, 5, 6, 0x0102, 0x0304}},
		{input: "1:2:3:4:5:1.2.3.4", fail: ErrIPv6TooFewPieces, errs: []string{tooFewPieces}},
		// The hex digits before "." are read again as the first IPv4 part.
		{input: "::12ab.1.1.1", fail: ErrIPv4InIPv6InvalidCodePoint, errs: []string{v4InvalidCodePoint}},
		{input: "::ffff.1.1.1", fail: ErrIPv4InIPv6InvalidCodePoint, errs: []string{v4InvalidCodePoint}},
		// A leading zero is reported for each piece, before any failure
		// that follows it.
		{input: "0000:0000::01", want: [8]uint16{7: 1}, errs: []string{leadingZero, leadingZero, leadingZero}},
		{input: "0:00:000:0000:1:01:001:0001", want: [8]uint16{0, 0, 0, 0, 1, 1, 1, 1},
			errs: []string{leadingZero, leadingZero, leadingZero, leadingZero, leadingZero, leadingZero}},
		{input: "01:2:3", fail: ErrIPv6TooFewPieces, errs: []string{leadingZero, tooFewPieces}},
		{input: "01!", fail: ErrIPv6InvalidCodePoint, errs: []string{invalidCodePoint}},
		{input: "::1000", want: [8]uint16{7: 0x1000}},
		// Code points that are not ASCII are invalid wherever they are.
		{input: "::ü", fail: ErrIPv6InvalidCodePoint, errs: []string{invalidCodePoint}},
		{input: "1:２::3", fail: ErrIPv6InvalidCodePoint, errs: []string{invalidCodePoint}},
		{input: "ü::", fail: ErrIPv6InvalidCodePoint, errs: []string{invalidCodePoint}},
		{input: "::1.２.3.4", fail: ErrIPv4InIPv6InvalidCodePoint, errs: []string{v4InvalidCodePoint}},
		{input: "::\xff", fail: ErrIPv6InvalidCodePoint, errs: []string{invalidCodePoint}},
	}
	for _, tt := range tests {
		t.Run(tt.input, func(t *testing.T) {
			var got []string
			addr, fail := parseIPv6(tt.input, recordErrors(&got))
			if fail != tt.fail || fail == 0 && addr != tt.want {
				t.Errorf("parseIPv6(%q) = %x, %v; want %x, %v", tt.input, addr, fail, tt.want, tt.fail)
			}
			if !slices.Equal(got, tt.errs) {
				t.Errorf("parseIPv6(%q) signalled %q; want %q", tt.input, got, tt.errs)
			}
			addr2, fail2 := parseIPv6(tt.input, hostErrors{})
			if fail2 != fail || fail == 0 && addr2 != addr {
				t.Errorf("parseIPv6(%q, hostErrors{}) = %x, %v; with a sink %x, %v", tt.input, addr2, fail2, addr, fail)
			}
		})
	}
}

func TestAppendIPv6(t *testing.T) {
	tests := []struct {
		addr [8]uint16
		want string
	}{
		// The standard's example: "it would point to the second 0".
		{[8]uint16{0, 0xf, 0, 0, 0xf, 0xf, 0, 0}, "0:f::f:f:0:0"},
		{[8]uint16{}, "::"},
		{[8]uint16{7: 1}, "::1"},
		{[8]uint16{0: 1}, "1::"},
		{[8]uint16{1, 2, 3, 4, 5, 6, 7, 8}, "1:2:3:4:5:6:7:8"},
		// A single zero piece is not compressed.
		{[8]uint16{1, 0, 1, 0, 1, 0, 1, 0}, "1:0:1:0:1:0:1:0"},
		{[8]uint16{0, 1, 2, 3, 4, 5, 6, 7}, "0:1:2:3:4:5:6:7"},
		{[8]uint16{1, 2, 3, 4, 5, 6, 7, 0}, "1:2:3:4:5:6:7:0"},
		// The longest run wins; of equal runs, the first.
		{[8]uint16{1, 0, 0, 1, 0, 0, 0, 1}, "1:0:0:1::1"},
		{[8]uint16{1, 0, 0, 2, 0, 0, 3, 4}, "1::2:0:0:3:4"},
		{[8]uint16{0, 0, 1, 0, 0, 0, 0, 0}, "0:0:1::"},
		{[8]uint16{0, 0, 1, 2, 3, 4, 0, 0}, "::1:2:3:4:0:0"},
		// Lowercase, no leading zeros, no dotted IPv4.
		{[8]uint16{0x2001, 0xdb8, 0, 0, 0, 0, 0, 1}, "2001:db8::1"},
		{[8]uint16{0xABCD, 0xEF01, 0x0230, 0x0045, 0x0006, 0x7000, 0xffff, 0x1000}, "abcd:ef01:230:45:6:7000:ffff:1000"},
		{[8]uint16{5: 0xffff, 6: 0x7f00, 7: 1}, "::ffff:7f00:1"},
		{[8]uint16{6: 0x7f00, 7: 1}, "::7f00:1"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := string(appendIPv6(nil, tt.addr)); got != tt.want {
				t.Errorf("appendIPv6(nil, %x) = %q; want %q", tt.addr, got, tt.want)
			}
			if got := string(appendIPv6([]byte("["), tt.addr)); got != "["+tt.want {
				t.Errorf("appendIPv6(\"[\", %x) = %q", tt.addr, got)
			}
			// The serialization parses back, without validation errors.
			var errs []string
			if addr, fail := parseIPv6(tt.want, recordErrors(&errs)); fail != 0 || addr != tt.addr || len(errs) != 0 {
				t.Errorf("parseIPv6(%q) = %x, %v, %q; want %x", tt.want, addr, fail, errs, tt.addr)
			}
		})
	}
}

func TestIPv6RoundTrip(t *testing.T) {
	// The standard's host-parsing examples that are IPv6.
	for input, want := range map[string]string{
		"0:0::1":           "::1",
		"::ffff:127.0.0.1": "::ffff:7f00:1",
		"2001:0db8:85a3:0000:0000:8a2e:0370:7334": "2001:db8:85a3::8a2e:370:7334",
		"FEDC:BA98:7654:3210:FEDC:BA98:7654:3210": "fedc:ba98:7654:3210:fedc:ba98:7654:3210",
		"1080:0:0:0:8:800:200C:417A":              "1080::8:800:200c:417a",
		"::13.1.68.3":                             "::d01:4403",
	} {
		t.Run(input, func(t *testing.T) {
			addr, fail := parseIPv6(input, hostErrors{})
			if fail != 0 {
				t.Fatalf("parseIPv6(%q) failed: %v", input, fail)
			}
			if got := string(appendIPv6(nil, addr)); got != want {
				t.Errorf("appendIPv6(parseIPv6(%q)) = %q; want %q", input, got, want)
			}
		})
	}
}

func TestIPv6NoAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	buf := make([]byte, 0, 64)
	allocs := testing.AllocsPerRun(100, func() {
		a, _ := parseIPv6("2001:db8::ffff:1.2.3.4", hostErrors{})
		parseIPv6("1:2:3:4:5:6:7:8:9", hostErrors{})
		parseIPv6("::01", hostErrors{})
		buf = appendIPv6(buf[:0], a)
	})
	if allocs != 0 {
		t.Errorf("allocations per run = %v; want 0", allocs)
	}
}

// FuzzIPv6 compares parseIPv6 with net/netip on inputs with no "." (which
// would bring in IPv4 syntax, where netip rejects leading zeros and the
// standard has its own errors) and no "%" (netip's zones). On the rest the
// two grammars are the same: one to four hex digits per piece, leading zeros
// allowed (the standard reports them, as a non-failure error), at most one
// "::" standing for at least one zero piece, eight pieces in all. So both
// must accept the same inputs and agree on the address.
func FuzzIPv6(f *testing.F) {
	for _, s := range []string{"::", "::1", "1::", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7::", "::01", "0000:0000::",
		":1", "1:2:3:", "1::1::1", "12345::", "1:2:3:4:5:6:7:8:9", "::ü", "FFFF::abcd", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		if strings.ContainsAny(input, ".%") {
			t.Skip()
		}
		addr, fail := parseIPv6(input, hostErrors{})
		want, err := netip.ParseAddr(input)
		if (fail == 0) != (err == nil) {
			t.Fatalf("parseIPv6(%q) = %x, %v; netip.ParseAddr: %v, %v", input, addr, fail, want, err)
		}
		if fail != 0 {
			return
		}
		if got := ipv6ToNetip(addr); got != want {
			t.Errorf("parseIPv6(%q) = %v; netip.ParseAddr: %v", input, got, want)
		}
		// The serialization parses back to the same address, and it is
		// netip's too (RFC 5952), except that netip writes an IPv4-mapped
		// address with a dotted tail.
		s := string(appendIPv6(nil, addr))
		var errs []string
		if back, fail := parseIPv6(s, recordErrors(&errs)); fail != 0 || back != addr || len(errs) != 0 {
			t.Errorf("parseIPv6(appendIPv6(%x) = %q) = %x, %v, %q", addr, s, back, fail, errs)
		}
		if !want.Is4In6() && s != want.String() {
			t.Errorf("appendIPv6(%x) = %q; netip: %q", addr, s, want.String())
		}
	})
}

func ipv6ToNetip(pieces [8]uint16) netip.Addr {
	var b [16]byte
	for i, p := range pieces {
		b[2*i], b[2*i+1] = byte(p>>8), byte(p)
	}
	return netip.AddrFrom16(b)
}
