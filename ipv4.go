package url

import (
	"strings"

	"github.com/webstd/url/internal/infra"
)

// ipv4NumberLimit is the value at which parseIPv4Number saturates. Every
// comparison the IPv4 parser makes is against a bound of at most 256⁴ = 2³²,
// so any number at or above 2³² behaves the same as 2³² itself, and parts of
// any length are read without overflow and without big integers.
const ipv4NumberLimit = 1 << 32

// endsInANumber implements the ends in a number checker
// (https://url.spec.whatwg.org/#ends-in-a-number-checker). It reports whether
// the last label of the ASCII string input (ignoring one trailing empty label)
// is a number as the IPv4 number parser reads it, so that the host parser
// hands input to the IPv4 parser.
func endsInANumber(input string) bool {
	// Every input the steps return true for ends in an ASCII hex digit, "x"
	// or "X" (the last label), or in one of them and "." (a trailing empty
	// label): most domains end in a letter that is none of these, and are
	// rejected here, where the call inlines.
	return input != "" && infra.ByteClass[input[len(input)-1]]&infra.ClassNumberEnd != 0 && lastLabelIsANumber(input)
}

// lastLabelIsANumber is the ends in a number checker's steps, for an input
// that endsInANumber has not ruled out.
func lastLabelIsANumber(input string) bool {
	// 1. Assert: input is not the empty string. (An empty input is harmless
	// here: its only part is empty, and step 5 and step 6 then return false.)
	//
	// 2. Let parts be the result of strictly splitting input on U+002E (.).
	// Only the last part is needed, so find it with indexes rather than
	// building the list.
	end := len(input)

	// 3. If the last item in parts is the empty string, then remove the last
	// item from parts.
	if end > 0 && input[end-1] == '.' {
		end--
	}

	// Every label that steps 5 and 6 return true for ends in an ASCII hex
	// digit, or is "0x" or "0X".
	if end == 0 {
		return false
	}
	if c := input[end-1]; !infra.IsASCIIHexDigit(int(c)) && c|0x20 != 'x' {
		return false
	}

	// 4. Let last be the last item in parts.
	last := input[strings.LastIndexByte(input[:end], '.')+1 : end]

	// Every string that steps 5 and 6 return true for starts with an ASCII
	// digit ("0x" included): most domains end in a label that does not.
	if last == "" || last[0] < '0' || last[0] > '9' {
		return false
	}

	// 5. If last is not the empty string and contains only ASCII digits, then
	// return true.
	if last != "" && ipv4AllDigits(last) {
		return true
	}

	// 6. If parsing last as an IPv4 number does not return failure, then
	// return true. (This is the case exactly when last is "0x" or "0X"
	// followed by zero or more ASCII hex digits.)
	if _, _, ok := parseIPv4Number(last); ok {
		return true
	}

	// 7. Return false.
	return false
}

// ipv4AllDigits reports whether s consists of ASCII digits only (true for
// the empty string).
func ipv4AllDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// validIPv4AddressString implements
// https://url.spec.whatwg.org/#valid-ipv4-address-string, which is also what
// the IPv4 serializer writes: "four shortest
// possible strings of ASCII digits, representing a decimal number in the
// range 0 to 255, inclusive, separated from each other by U+002E (.)".
func validIPv4AddressString(s string) bool {
	parts := 0
	for rest := s; ; parts++ {
		part, after, more := strings.Cut(rest, ".")
		switch {
		case part == "" || len(part) > 3 || !ipv4AllDigits(part):
			return false
		case len(part) > 1 && part[0] == '0': // not the shortest possible
			return false
		case len(part) == 3 && part > "255":
			return false
		}
		if !more {
			return parts == 3
		}
		rest = after
	}
}

// parseIPv4 implements the IPv4 parser
// (https://url.spec.whatwg.org/#concept-ipv4-parser) on the ASCII string
// input. It returns the address, or a non-zero kind when parsing fails: one of
// ErrIPv4TooManyParts, ErrIPv4NonNumericPart and ErrIPv4OutOfRangePart. On the
// way it signals the validation errors ErrIPv4EmptyPart, ErrIPv4TooFewParts,
// ErrIPv4NonDecimalPart and ErrIPv4OutOfRangePart to errs, in the standard's
// order.
//
// It runs in time linear in len(input) and does not allocate.
func parseIPv4(input string, errs hostErrors) (uint32, ValidationErrorKind) {
	// 1. Let parts be the result of strictly splitting input on U+002E (.).
	// The parts are not materialised: size counts them, and the loop of step
	// 6 walks them in input[:end].
	size := strings.Count(input, ".") + 1
	end := len(input)

	// 2. If the last item in parts is the empty string, then:
	if end == 0 || input[end-1] == '.' {
		// 2.1. IPv4-empty-part validation error.
		errs.report(ErrIPv4EmptyPart)
		// 2.2. If parts's size is greater than 1, then remove the last item
		// from parts.
		if size > 1 {
			size--
			end--
		}
	}

	// 3. If parts's size is less than 4, IPv4-too-few-parts validation error.
	if size < 4 {
		errs.report(ErrIPv4TooFewParts)
	}

	// 4. If parts's size is greater than 4, IPv4-too-many-parts validation
	// error, return failure.
	if size > 4 {
		return 0, errs.fail(ErrIPv4TooManyParts)
	}

	// 5. Let numbers be an empty list. (At most 4 items, by step 4.)
	var numbers [4]uint64

	// 6. For each part of parts:
	rest := input[:end]
	for i := 0; i < size; i++ {
		part := rest
		if j := strings.IndexByte(rest, '.'); j >= 0 {
			part, rest = rest[:j], rest[j+1:]
		}

		// 6.1. Let result be the result of parsing part.
		n, nonDecimal, ok := parseIPv4Number(part)

		// 6.2. If result is failure, IPv4-non-numeric-part validation error,
		// return failure.
		if !ok {
			return 0, errs.fail(ErrIPv4NonNumericPart)
		}

		// 6.3. If result[1] is true, IPv4-non-decimal-part validation error.
		if nonDecimal {
			errs.report(ErrIPv4NonDecimalPart)
		}

		// 6.4. Append result[0] to numbers.
		numbers[i] = n
	}
	last := numbers[size-1]

	// 7. If any item in numbers is greater than 255, IPv4-out-of-range-part
	// validation error.
	//
	// 8. If any but the last item in numbers is greater than 255, then return
	// failure.
	//
	// 9. If the last item in numbers is greater than or equal to
	// 256^(5 − numbers's size), then return failure.
	//
	// The error of step 7 is signalled once: as the failure when step 8 or 9
	// fails (either implies that an item exceeds 255), and as a non-failure
	// error otherwise.
	outOfRange, failure := false, false
	for _, n := range numbers[:size-1] {
		if n > 255 {
			outOfRange, failure = true, true
		}
	}
	if last > 255 {
		outOfRange = true
	}
	if last >= 1<<(8*(5-size)) {
		failure = true
	}
	if failure {
		return 0, errs.fail(ErrIPv4OutOfRangePart)
	}
	if outOfRange {
		errs.report(ErrIPv4OutOfRangePart)
	}

	// 10. Let ipv4 be the last item in numbers.
	ipv4 := uint32(last)

	// 11. Remove the last item from numbers.
	// 12. Let counter be 0.
	// 13. For each n of numbers: increment ipv4 by n × 256^(3 − counter), and
	// increment counter by 1.
	for counter, n := range numbers[:size-1] {
		ipv4 += uint32(n) << (8 * (3 - counter))
	}

	// 14. Return ipv4.
	return ipv4, 0
}

// parseIPv4Number implements the IPv4 number parser
// (https://url.spec.whatwg.org/#ipv4-number-parser). It returns the number,
// saturated at ipv4NumberLimit, and whether it was written in hexadecimal or
// octal (the standard's validationError flag); ok is false when the standard
// returns failure.
func parseIPv4Number(input string) (n uint64, nonDecimal, ok bool) {
	// 1. If input is the empty string, then return failure.
	if input == "" {
		return 0, false, false
	}

	// 2. Let validationError be false.
	// 3. Let R be 10.
	radix := uint64(10)

	if len(input) >= 2 && input[0] == '0' && (input[1] == 'x' || input[1] == 'X') {
		// 4. If input contains at least two code points and the first two
		// code points are either "0X" or "0x", then: set validationError to
		// true, remove the first two code points from input, and set R to 16.
		nonDecimal = true
		input = input[2:]
		radix = 16
	} else if len(input) >= 2 && input[0] == '0' {
		// 5. Otherwise, if input contains at least two code points and the
		// first code point is U+0030 (0), then: set validationError to true,
		// remove the first code point from input, and set R to 8.
		nonDecimal = true
		input = input[1:]
		radix = 8
	}

	// 6. If input is the empty string, then return (0, true).
	if input == "" {
		return 0, true, true
	}

	// 7. If input contains a code point that is not a radix-R digit, then
	// return failure.
	//
	// 8. Let output be the mathematical integer value that is represented by
	// input in radix-R notation, using ASCII hex digits for digits with values
	// 0 through 15. (Saturated: see ipv4NumberLimit.)
	for i := 0; i < len(input); i++ {
		v, ok := infra.HexDigitValue(input[i])
		d := uint64(v)
		if !ok || d >= radix {
			return 0, false, false
		}
		if n < ipv4NumberLimit {
			n = n*radix + d
			if n > ipv4NumberLimit {
				n = ipv4NumberLimit
			}
		}
	}

	// 9. Return (output, validationError).
	return n, nonDecimal, true
}

// appendIPv4 implements the IPv4 serializer
// (https://url.spec.whatwg.org/#concept-ipv4-serializer): it appends addr in
// dotted-decimal form, such as "192.0.2.1", to dst and returns the extended
// slice.
func appendIPv4(dst []byte, addr uint32) []byte {
	// 1. Let output be the empty string.
	// 2. Let n be the value of address.
	// 3. For each i in the range 1 to 4, inclusive: prepend n % 256,
	// serialized, to output; if i is not 4, then prepend U+002E (.) to
	// output; set n to floor(n / 256).
	//
	// Prepending the lowest byte first is the same as appending the highest
	// byte first, which is what this loop does.
	for i := 3; i >= 0; i-- {
		b := byte(addr >> (8 * i))
		if b >= 100 {
			dst = append(dst, '0'+b/100)
		}
		if b >= 10 {
			dst = append(dst, '0'+b/10%10)
		}
		dst = append(dst, '0'+b%10)
		if i != 0 {
			dst = append(dst, '.')
		}
	}
	// 4. Return output.
	return dst
}
