package url

import (
	"github.com/webstd/url/internal/infra"
)

// parseIPv6 implements the IPv6 parser
// (https://url.spec.whatwg.org/#concept-ipv6-parser) on input, the text
// between a host's brackets. It returns the address's eight pieces, or a
// non-zero kind when parsing fails: one of ErrIPv6InvalidCompression,
// ErrIPv6TooManyPieces, ErrIPv6MultipleCompression, ErrIPv6InvalidCodePoint,
// ErrIPv6TooFewPieces, ErrIPv4InIPv6InvalidCodePoint,
// ErrIPv4InIPv6TooManyPieces, ErrIPv4InIPv6OutOfRangePart and
// ErrIPv4InIPv6TooFewParts. It signals ErrIPv6PieceLeadingZero, which does
// not make parsing fail, to errs.
//
// The standard's pointer walks code points; this one walks bytes. Every code
// point the parser accepts is ASCII, so the two agree: the first byte of a
// non-ASCII code point, like any other byte not matched, is an
// IPv6-invalid-code-point at the same step. It does not allocate.
func parseIPv6(input string, errs hostErrors) ([8]uint16, ValidationErrorKind) {
	// 1. Let address be a new IPv6 address whose pieces are all 0.
	var address [8]uint16

	// 2. Let pieceIndex be 0.
	pieceIndex := 0

	// 3. Let compress be null. (-1 stands for null.)
	compress := -1

	// 4. Let pointer be a pointer for input. c(pointer) is the standard's c:
	// the byte at pointer, or eof past the end.
	pointer := 0
	const eof = -1
	c := func(p int) int {
		if p < len(input) {
			return int(input[p])
		}
		return eof
	}

	// 5. If c is U+003A (:), then:
	if c(pointer) == ':' {
		// 5.1. If remaining does not start with U+003A (:),
		// IPv6-invalid-compression validation error, return failure.
		if c(pointer+1) != ':' {
			return address, errs.fail(ErrIPv6InvalidCompression)
		}
		// 5.2. Increase pointer by 2.
		pointer += 2
		// 5.3. Increase pieceIndex by 1 and then set compress to pieceIndex.
		pieceIndex++
		compress = pieceIndex
	}

	// 6. While c is not the EOF code point:
	for c(pointer) != eof {
		// 6.1. If pieceIndex is 8, IPv6-too-many-pieces validation error,
		// return failure.
		if pieceIndex == 8 {
			return address, errs.fail(ErrIPv6TooManyPieces)
		}

		// 6.2. If c is U+003A (:), then:
		if c(pointer) == ':' {
			// 6.2.1. If compress is non-null, IPv6-multiple-compression
			// validation error, return failure.
			if compress != -1 {
				return address, errs.fail(ErrIPv6MultipleCompression)
			}
			// 6.2.2. Increase pointer and pieceIndex by 1, set compress to
			// pieceIndex, and then continue.
			pointer++
			pieceIndex++
			compress = pieceIndex
			continue
		}

		// 6.3. Let value and length be 0.
		value, length := 0, 0

		// 6.4. While length is less than 4 and c is an ASCII hex digit, set
		// value to value × 0x10 + c interpreted as a hexadecimal number, and
		// increase pointer and length by 1.
		for length < 4 && pointer < len(input) {
			d, ok := infra.HexDigitValue(input[pointer])
			if !ok {
				break
			}
			value = value*0x10 + int(d)
			pointer++
			length++
		}

		// 6.5. If c is U+002E (.), then:
		if c(pointer) == '.' {
			// 6.5.1. If length is 0, IPv4-in-IPv6-invalid-code-point
			// validation error, return failure.
			if length == 0 {
				return address, errs.fail(ErrIPv4InIPv6InvalidCodePoint)
			}

			// 6.5.2. Decrease pointer by length.
			pointer -= length

			// 6.5.3. If pieceIndex is greater than 6,
			// IPv4-in-IPv6-too-many-pieces validation error, return failure.
			if pieceIndex > 6 {
				return address, errs.fail(ErrIPv4InIPv6TooManyPieces)
			}

			// 6.5.4. Let numbersSeen be 0.
			numbersSeen := 0

			// 6.5.5. While c is not the EOF code point:
			for c(pointer) != eof {
				// 6.5.5.1. Let ipv4Piece be null. (-1 stands for null.)
				ipv4Piece := -1

				// 6.5.5.2. If numbersSeen is greater than 0, then:
				if numbersSeen > 0 {
					if c(pointer) == '.' && numbersSeen < 4 {
						// 6.5.5.2.1. If c is a U+002E (.) and numbersSeen
						// is less than 4, then increase pointer by 1.
						pointer++
					} else {
						// 6.5.5.2.2. Otherwise,
						// IPv4-in-IPv6-invalid-code-point validation error,
						// return failure.
						return address, errs.fail(ErrIPv4InIPv6InvalidCodePoint)
					}
				}

				// 6.5.5.3. If c is not an ASCII digit,
				// IPv4-in-IPv6-invalid-code-point validation error, return
				// failure.
				if !ipv6IsDigit(c(pointer)) {
					return address, errs.fail(ErrIPv4InIPv6InvalidCodePoint)
				}

				// 6.5.5.4. While c is an ASCII digit:
				for ipv6IsDigit(c(pointer)) {
					// 6.5.5.4.1. Let number be c interpreted as decimal
					// number.
					number := c(pointer) - '0'

					if ipv4Piece == -1 {
						// 6.5.5.4.2. If ipv4Piece is null, then set
						// ipv4Piece to number.
						ipv4Piece = number
					} else if ipv4Piece == 0 {
						// 6.5.5.4.3. Otherwise, if ipv4Piece is 0,
						// IPv4-in-IPv6-invalid-code-point validation error,
						// return failure.
						return address, errs.fail(ErrIPv4InIPv6InvalidCodePoint)
					} else {
						// 6.5.5.4.4. Otherwise, set ipv4Piece to
						// ipv4Piece × 10 + number.
						ipv4Piece = ipv4Piece*10 + number
					}

					// 6.5.5.4.5. If ipv4Piece is greater than 255,
					// IPv4-in-IPv6-out-of-range-part validation error,
					// return failure.
					if ipv4Piece > 255 {
						return address, errs.fail(ErrIPv4InIPv6OutOfRangePart)
					}

					// 6.5.5.4.6. Increase pointer by 1.
					pointer++
				}

				// 6.5.5.5. Set address[pieceIndex] to
				// address[pieceIndex] × 0x100 + ipv4Piece.
				address[pieceIndex] = address[pieceIndex]*0x100 + uint16(ipv4Piece)

				// 6.5.5.6. Increase numbersSeen by 1.
				numbersSeen++

				// 6.5.5.7. If numbersSeen is 2 or 4, then increase
				// pieceIndex by 1.
				if numbersSeen == 2 || numbersSeen == 4 {
					pieceIndex++
				}
			}

			// 6.5.6. If numbersSeen is not 4, IPv4-in-IPv6-too-few-parts
			// validation error, return failure.
			if numbersSeen != 4 {
				return address, errs.fail(ErrIPv4InIPv6TooFewParts)
			}

			// 6.5.7. Break.
			break
		} else if c(pointer) == ':' {
			// 6.6. Otherwise, if c is U+003A (:):
			// 6.6.1. Increase pointer by 1.
			pointer++
			// 6.6.2. If c is the EOF code point, IPv6-invalid-code-point
			// validation error, return failure.
			if c(pointer) == eof {
				return address, errs.fail(ErrIPv6InvalidCodePoint)
			}
		} else if c(pointer) != eof {
			// 6.7. Otherwise, if c is not the EOF code point,
			// IPv6-invalid-code-point validation error, return failure.
			return address, errs.fail(ErrIPv6InvalidCodePoint)
		}

		// 6.8. If length is greater than 1 and value is less than
		// 0x10^(length − 1), IPv6-piece-leading-zero validation error.
		if length > 1 && value < 1<<(4*(length-1)) {
			errs.report(ErrIPv6PieceLeadingZero)
		}

		// 6.9. Set address[pieceIndex] to value.
		address[pieceIndex] = uint16(value)

		// 6.10. Increase pieceIndex by 1.
		pieceIndex++
	}

	if compress != -1 {
		// 7. If compress is non-null, then:
		// 7.1. Let swaps be pieceIndex − compress.
		swaps := pieceIndex - compress
		// 7.2. Set pieceIndex to 7.
		pieceIndex = 7
		// 7.3. While pieceIndex is not 0 and swaps is greater than 0, swap
		// address[pieceIndex] with address[compress + swaps − 1], and then
		// decrease both pieceIndex and swaps by 1.
		for pieceIndex != 0 && swaps > 0 {
			j := compress + swaps - 1
			address[pieceIndex], address[j] = address[j], address[pieceIndex]
			pieceIndex--
			swaps--
		}
	} else if pieceIndex != 8 {
		// 8. Otherwise, if compress is null and pieceIndex is not 8,
		// IPv6-too-few-pieces validation error, return failure.
		return address, errs.fail(ErrIPv6TooFewPieces)
	}

	// 9. Return address.
	return address, 0
}

// appendIPv6 implements the IPv6 serializer
// (https://url.spec.whatwg.org/#concept-ipv6-serializer): it appends addr to
// dst, without the brackets the host serializer adds, and returns the
// extended slice. Pieces are written in lowercase hexadecimal without leading
// zeros, and the first longest run of two or more zero pieces is replaced by
// "::", as RFC 5952 recommends; IPv4 dotted notation is never used, so
// ::ffff:127.0.0.1 is written as ::ffff:7f00:1.
func appendIPv6(dst []byte, addr [8]uint16) []byte {
	// 1. Let output be the empty string.
	// 2. Let compress be the result of finding the IPv6 address compressed
	// piece index given address.
	compress := ipv6CompressedPieceIndex(addr)

	// 3. Let ignore0 be false.
	ignore0 := false

	// 4. For each pieceIndex of address's pieces's indices:
	for pieceIndex, piece := range addr {
		// 4.1. If ignore0 is true and address[pieceIndex] is 0, then
		// continue.
		if ignore0 && piece == 0 {
			continue
		}
		// 4.2. Otherwise, if ignore0 is true, set ignore0 to false.
		ignore0 = false

		// 4.3. If compress is pieceIndex, then:
		if compress == pieceIndex {
			// 4.3.1. Let separator be "::" if pieceIndex is 0; otherwise
			// U+003A (:).
			// 4.3.2. Append separator to output.
			if pieceIndex == 0 {
				dst = append(dst, "::"...)
			} else {
				dst = append(dst, ':')
			}
			// 4.3.3. Set ignore0 to true and continue.
			ignore0 = true
			continue
		}

		// 4.4. Append address[pieceIndex], represented as the shortest
		// possible lowercase hexadecimal number, to output.
		started := false
		for shift := 12; shift >= 0; shift -= 4 {
			d := piece >> shift & 0xf
			if d != 0 || started || shift == 0 {
				dst = append(dst, ipv6HexDigits[d])
				started = true
			}
		}

		// 4.5. If pieceIndex is not 7, then append U+003A (:) to output.
		if pieceIndex != 7 {
			dst = append(dst, ':')
		}
	}

	// 5. Return output.
	return dst
}

// ipv6HexDigits are the digits of the IPv6 serializer's lowercase
// hexadecimal.
const ipv6HexDigits = "0123456789abcdef"

// ipv6IsDigit reports whether c, a byte or the parser's eof, is an ASCII
// digit.
func ipv6IsDigit(c int) bool { return '0' <= c && c <= '9' }

// ipv6CompressedPieceIndex implements "find the IPv6 address compressed
// piece index" (https://url.spec.whatwg.org/#find-the-ipv6-address-compressed-piece-index):
// the index of the first piece of the first longest run of two or more zero
// pieces, or -1 (the standard's null) when there is no such run.
func ipv6CompressedPieceIndex(address [8]uint16) int {
	// 1. Let longestIndex be null. (-1 stands for null.)
	longestIndex := -1
	// 2. Let longestSize be 1.
	longestSize := 1
	// 3. Let foundIndex be null.
	foundIndex := -1
	// 4. Let foundSize be 0.
	foundSize := 0

	// 5. For each pieceIndex of address's pieces's indices:
	for pieceIndex, piece := range address {
		if piece != 0 {
			// 5.1. If address's pieces[pieceIndex] is not 0:
			// 5.1.1. If foundSize is greater than longestSize, then set
			// longestIndex to foundIndex and longestSize to foundSize.
			if foundSize > longestSize {
				longestIndex, longestSize = foundIndex, foundSize
			}
			// 5.1.2. Set foundIndex to null.
			foundIndex = -1
			// 5.1.3. Set foundSize to 0.
			foundSize = 0
		} else {
			// 5.2. Otherwise:
			// 5.2.1. If foundIndex is null, then set foundIndex to
			// pieceIndex.
			if foundIndex == -1 {
				foundIndex = pieceIndex
			}
			// 5.2.2. Increment foundSize by 1.
			foundSize++
		}
	}

	// 6. If foundSize is greater than longestSize, then return foundIndex.
	if foundSize > longestSize {
		return foundIndex
	}

	// 7. Return longestIndex.
	return longestIndex
}
