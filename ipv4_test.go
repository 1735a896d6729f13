package url

import (
	"math/big"
	"slices"
	"strings"
	"testing"

	"github.com/webstd/url/internal/infra"
)

// recordErrors returns an errorSink that appends every validation error it
// receives to *got, marking failures with a trailing "!".
func recordErrors(got *[]string) hostErrors {
	return hostErrors{sink: &errorSink{fn: func(e ValidationError) {
		s := e.Kind.String()
		if e.Failure {
			s += "!"
		}
		*got = append(*got, s)
	}}}
}

func TestParseIPv4(t *testing.T) {
	const (
		empty      = "IPv4-empty-part"
		tooFew     = "IPv4-too-few-parts"
		tooMany    = "IPv4-too-many-parts"
		nonNumeric = "IPv4-non-numeric-part"
		nonDecimal = "IPv4-non-decimal-part"
		outOfRange = "IPv4-out-of-range-part"
	)
	tests := []struct {
		input string
		want  uint32
		fail  ValidationErrorKind
		errs  []string
	}{
		{input: "192.168.0.1", want: 0xC0A80001},
		{input: "0.0.0.0", want: 0},
		{input: "255.255.255.255", want: 0xFFFFFFFF},
		// The standard's examples of each error.
		{input: "127.0.0.1.", want: 0x7F000001, errs: []string{empty}},
		{input: "1.2.3", want: 0x01020003, errs: []string{tooFew}},
		{input: "1.2.3.4.5", fail: ErrIPv4TooManyParts, errs: []string{tooMany + "!"}},
		{input: "test.42", fail: ErrIPv4NonNumericPart, errs: []string{tooFew, nonNumeric + "!"}},
		{input: "127.0.0x0.1", want: 0x7F000001, errs: []string{nonDecimal}},
		{input: "255.255.4000.1", fail: ErrIPv4OutOfRangePart, errs: []string{outOfRange + "!"}},
		// Only the last empty part is dropped, and it is still an error.
		{input: "1.2.3.4.5.", fail: ErrIPv4TooManyParts, errs: []string{empty, tooMany + "!"}},
		{input: "1.2.3.4..", fail: ErrIPv4TooManyParts, errs: []string{empty, tooMany + "!"}},
		{input: "1..2", fail: ErrIPv4NonNumericPart, errs: []string{tooFew, nonNumeric + "!"}},
		{input: "", fail: ErrIPv4NonNumericPart, errs: []string{empty, tooFew, nonNumeric + "!"}},
		{input: ".", fail: ErrIPv4NonNumericPart, errs: []string{empty, tooFew, nonNumeric + "!"}},
		// The IPv4 number parser: radixes, and errors in the order of parts.
		{input: "0x", want: 0, errs: []string{tooFew, nonDecimal}},
		{input: "0X10", want: 16, errs: []string{tooFew, nonDecimal}},
		{input: "010", want: 8, errs: []string{tooFew, nonDecimal}},
		{input: "0", want: 0, errs: []string{tooFew}},
		{input: "09", fail: ErrIPv4NonNumericPart, errs: []string{tooFew, nonNumeric + "!"}},
		{input: "0x1g", fail: ErrIPv4NonNumericPart, errs: []string{tooFew, nonNumeric + "!"}},
		{input: "1e1", fail: ErrIPv4NonNumericPart, errs: []string{tooFew, nonNumeric + "!"}},
		{input: "0x7f.1", want: 0x7F000001, errs: []string{tooFew, nonDecimal}},
		{input: "0x7f.0x.x", fail: ErrIPv4NonNumericPart, errs: []string{tooFew, nonDecimal, nonDecimal, nonNumeric + "!"}},
		{input: "-1.2.3.4", fail: ErrIPv4NonNumericPart, errs: []string{nonNumeric + "!"}},
		{input: "+1.2.3.4", fail: ErrIPv4NonNumericPart, errs: []string{nonNumeric + "!"}},
		// The last number may fill the bytes the missing parts leave.
		{input: "0xffffffff", want: 0xFFFFFFFF, errs: []string{tooFew, nonDecimal, outOfRange}},
		{input: "4294967295", want: 0xFFFFFFFF, errs: []string{tooFew, outOfRange}},
		{input: "4294967296", fail: ErrIPv4OutOfRangePart, errs: []string{tooFew, outOfRange + "!"}},
		{input: "037777777777", want: 0xFFFFFFFF, errs: []string{tooFew, nonDecimal, outOfRange}},
		{input: "040000000000", fail: ErrIPv4OutOfRangePart, errs: []string{tooFew, nonDecimal, outOfRange + "!"}},
		{input: "0x100000000", fail: ErrIPv4OutOfRangePart, errs: []string{tooFew, nonDecimal, outOfRange + "!"}},
		{input: "1.256", want: 0x01000100, errs: []string{tooFew, outOfRange}},
		{input: "1.16777215", want: 0x01FFFFFF, errs: []string{tooFew, outOfRange}},
		{input: "1.16777216", fail: ErrIPv4OutOfRangePart, errs: []string{tooFew, outOfRange + "!"}},
		{input: "1.2.65535", want: 0x0102FFFF, errs: []string{tooFew, outOfRange}},
		{input: "1.2.65536", fail: ErrIPv4OutOfRangePart, errs: []string{tooFew, outOfRange + "!"}},
		{input: "1.2.3.256", fail: ErrIPv4OutOfRangePart, errs: []string{outOfRange + "!"}},
		{input: "256.1", fail: ErrIPv4OutOfRangePart, errs: []string{tooFew, outOfRange + "!"}},
		{input: "256.1.1.1", fail: ErrIPv4OutOfRangePart, errs: []string{outOfRange + "!"}},
		// Parts far too long for any integer type.
		{input: "1" + strings.Repeat("0", 10000), fail: ErrIPv4OutOfRangePart, errs: []string{tooFew, outOfRange + "!"}},
		{input: "0x" + strings.Repeat("f", 10000), fail: ErrIPv4OutOfRangePart, errs: []string{tooFew, nonDecimal, outOfRange + "!"}},
		{input: strings.Repeat("9", 10000) + ".1.1.1", fail: ErrIPv4OutOfRangePart, errs: []string{outOfRange + "!"}},
		{input: "1.2.3." + strings.Repeat("0", 10000) + "1", want: 0x01020301, errs: []string{nonDecimal}},
		{input: "1.2.3.0" + strings.Repeat("7", 10000) + "9", fail: ErrIPv4NonNumericPart, errs: []string{nonNumeric + "!"}},
		{input: "1.2.3." + strings.Repeat("7", 10000) + "9", fail: ErrIPv4OutOfRangePart, errs: []string{outOfRange + "!"}},
	}
	for _, tt := range tests {
		name := tt.input
		if len(name) > 40 {
			name = name[:40] + "..."
		}
		t.Run(name, func(t *testing.T) {
			var got []string
			addr, fail := parseIPv4(tt.input, recordErrors(&got))
			if fail != tt.fail || fail == 0 && addr != tt.want {
				t.Errorf("parseIPv4(%q) = %#x, %v; want %#x, %v", name, addr, fail, tt.want, tt.fail)
			}
			if !slices.Equal(got, tt.errs) {
				t.Errorf("parseIPv4(%q) signalled %q; want %q", name, got, tt.errs)
			}
			// Without a sink the result is the same.
			addr2, fail2 := parseIPv4(tt.input, hostErrors{})
			if addr2 != addr || fail2 != fail {
				t.Errorf("parseIPv4(%q, hostErrors{}) = %#x, %v; with a sink %#x, %v", name, addr2, fail2, addr, fail)
			}
		})
	}
}

func TestEndsInANumber(t *testing.T) {
	tests := []struct {
		input string
		want  bool
	}{
		{"1", true},
		{"a.1", true},
		{"a.1.", true},
		{"1.a", false},
		{"a.1..", false},
		{"a", false},
		{"a.", false},
		{".", false},
		{"", false},
		{"09", true},
		{"a.09", true},
		{"0x", true},
		{"0X", true},
		{"a.0x1F", true},
		{"0x.", true},
		{"0xg", false},
		{"0x1g", false},
		{"1e1", false},
		{"x1", false},
		{"-1", false},
		{"example.255", true},
		{"example.com", false},
		{"1.2.3.4", true},
		{"foo.0x", true},
		{"foo.09a", false},
		{"1" + strings.Repeat("0", 10000), true},
	}
	for _, tt := range tests {
		name := tt.input
		if len(name) > 40 {
			name = name[:40] + "..."
		}
		t.Run(name, func(t *testing.T) {
			if got := endsInANumber(tt.input); got != tt.want {
				t.Errorf("endsInANumber(%q) = %v; want %v", name, got, tt.want)
			}
		})
	}
}

func TestAppendIPv4(t *testing.T) {
	tests := []struct {
		addr uint32
		want string
	}{
		{0, "0.0.0.0"},
		{0xFFFFFFFF, "255.255.255.255"},
		{0x7F000001, "127.0.0.1"},
		{0x0A00FF09, "10.0.255.9"},
		{0x01020304, "1.2.3.4"},
		{0xC0A86401, "192.168.100.1"},
		{0x64636261, "100.99.98.97"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			if got := string(appendIPv4(nil, tt.addr)); got != tt.want {
				t.Errorf("appendIPv4(nil, %#x) = %q; want %q", tt.addr, got, tt.want)
			}
			if got := string(appendIPv4([]byte("http://"), tt.addr)); got != "http://"+tt.want {
				t.Errorf("appendIPv4(\"http://\", %#x) = %q", tt.addr, got)
			}
			// The serialization parses back to the same address.
			if addr, fail := parseIPv4(tt.want, hostErrors{}); fail != 0 || addr != tt.addr {
				t.Errorf("parseIPv4(%q) = %#x, %v", tt.want, addr, fail)
			}
		})
	}
}

func TestIPv4NoAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	buf := make([]byte, 0, 64)
	long := "1.2.3." + strings.Repeat("0", 1000) + "1"
	allocs := testing.AllocsPerRun(100, func() {
		parseIPv4("192.168.0.1", hostErrors{})
		parseIPv4("0x7f.1", hostErrors{})
		parseIPv4(long, hostErrors{})
		parseIPv4("1.2.3.4.5", hostErrors{})
		_ = endsInANumber("example.com")
		_ = endsInANumber("a.0x1f.")
		buf = appendIPv4(buf[:0], 0xC0A80001)
	})
	if allocs != 0 {
		t.Errorf("allocations per run = %v; want 0", allocs)
	}
}

// modelIPv4 is the IPv4 parser written as plainly as the standard, with
// lists and unbounded integers, for FuzzIPv4 to compare with.
func modelIPv4(input string) (addr uint32, fail ValidationErrorKind, errs []string) {
	parts := strings.Split(input, ".")
	if parts[len(parts)-1] == "" {
		errs = append(errs, ErrIPv4EmptyPart.String())
		if len(parts) > 1 {
			parts = parts[:len(parts)-1]
		}
	}
	if len(parts) < 4 {
		errs = append(errs, ErrIPv4TooFewParts.String())
	}
	if len(parts) > 4 {
		return 0, ErrIPv4TooManyParts, append(errs, ErrIPv4TooManyParts.String()+"!")
	}
	var numbers []*big.Int
	for _, part := range parts {
		n, nonDecimal, ok := modelIPv4Number(part)
		if !ok {
			return 0, ErrIPv4NonNumericPart, append(errs, ErrIPv4NonNumericPart.String()+"!")
		}
		if nonDecimal {
			errs = append(errs, ErrIPv4NonDecimalPart.String())
		}
		numbers = append(numbers, n)
	}
	b255 := big.NewInt(255)
	anyOver, failure := false, false
	for i, n := range numbers {
		if n.Cmp(b255) > 0 {
			anyOver = true
			if i < len(numbers)-1 {
				failure = true
			}
		}
	}
	limit := new(big.Int).Lsh(big.NewInt(1), uint(8*(5-len(numbers))))
	if numbers[len(numbers)-1].Cmp(limit) >= 0 {
		failure = true
	}
	if failure {
		return 0, ErrIPv4OutOfRangePart, append(errs, ErrIPv4OutOfRangePart.String()+"!")
	}
	if anyOver {
		errs = append(errs, ErrIPv4OutOfRangePart.String())
	}
	ipv4 := new(big.Int).Set(numbers[len(numbers)-1])
	for counter, n := range numbers[:len(numbers)-1] {
		ipv4.Add(ipv4, new(big.Int).Lsh(n, uint(8*(3-counter))))
	}
	return uint32(ipv4.Uint64()), 0, errs
}

func modelIPv4Number(input string) (*big.Int, bool, bool) {
	if input == "" {
		return nil, false, false
	}
	nonDecimal, radix := false, 10
	if len(input) >= 2 && (input[:2] == "0x" || input[:2] == "0X") {
		nonDecimal, radix, input = true, 16, input[2:]
	} else if len(input) >= 2 && input[0] == '0' {
		nonDecimal, radix, input = true, 8, input[1:]
	}
	if input == "" {
		return new(big.Int), true, true
	}
	digits := map[int]string{8: "01234567", 10: "0123456789", 16: "0123456789abcdefABCDEF"}[radix]
	for _, c := range input { // big.Int.SetString accepts "_" and signs; the standard does not
		if !strings.ContainsRune(digits, c) {
			return nil, false, false
		}
	}
	n, ok := new(big.Int).SetString(input, radix)
	return n, nonDecimal, ok
}

func FuzzIPv4(f *testing.F) {
	for _, s := range []string{"192.168.0.1", "1.2.3", "0x7f.1", "010.0x.08", "1.2.3.4.", "4294967296",
		"1.2.3.4.5", "255.255.4000.1", "..", "0X", "0xfffffffff", "1.256.3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		var got []string
		addr, fail := parseIPv4(input, recordErrors(&got))
		wantAddr, wantFail, wantErrs := modelIPv4(input)
		if fail != wantFail || addr != wantAddr || !slices.Equal(got, wantErrs) {
			t.Errorf("parseIPv4(%q) = %#x, %v, %q; model %#x, %v, %q", input, addr, fail, got, wantAddr, wantFail, wantErrs)
		}
		// ASCII case does not matter to the IPv4 parser ("0X", hex digits),
		// nor to the ends in a number checker: the host parser relies on it
		// to run them on a domain before lowercasing it.
		if upper := strings.ToUpper(input); infra.ClassesOf(input)&infra.ClassNonASCII == 0 {
			var upperErrs []string
			upperAddr, upperFail := parseIPv4(upper, recordErrors(&upperErrs))
			if upperAddr != addr || upperFail != fail || !slices.Equal(upperErrs, got) {
				t.Errorf("parseIPv4(%q) = %#x, %v, %q; of %q: %#x, %v, %q", upper, upperAddr, upperFail, upperErrs, input, addr, fail, got)
			}
			if endsInANumber(upper) != endsInANumber(input) {
				t.Errorf("endsInANumber(%q) != endsInANumber(%q)", upper, input)
			}
		}
		if fail == 0 {
			// Serialized, the address parses back to itself without errors.
			s := string(appendIPv4(nil, addr))
			var errs []string
			if back, fail := parseIPv4(s, recordErrors(&errs)); fail != 0 || back != addr || len(errs) != 0 {
				t.Errorf("parseIPv4(%q) = %#x, %v, %q; want %#x", s, back, fail, errs, addr)
			}
		}
	})
}

// TestEndsInANumberSteps holds endsInANumber, with its shortcuts, to the
// checker's steps written out literally, on every string of up to five
// code points from an alphabet that reaches each step.
func TestEndsInANumberSteps(t *testing.T) {
	steps := func(input string) bool {
		parts := strings.Split(input, ".")
		if parts[len(parts)-1] == "" {
			if len(parts) == 1 {
				return false
			}
			parts = parts[:len(parts)-1]
		}
		last := parts[len(parts)-1]
		if last != "" && ipv4AllDigits(last) {
			return true
		}
		_, _, ok := parseIPv4Number(last)
		return ok
	}
	const alphabet = "09afgxX."
	var walk func(s string)
	walk = func(s string) {
		if s != "" && endsInANumber(s) != steps(s) {
			t.Errorf("endsInANumber(%q) = %v, the steps say %v", s, endsInANumber(s), steps(s))
		}
		if len(s) < 5 {
			for i := 0; i < len(alphabet); i++ {
				walk(s + alphabet[i:i+1])
			}
		}
	}
	walk("")
}
