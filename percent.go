package url

import (
	"encoding/binary"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/unicode"

	"github.com/webstd/url/internal/infra"
)

// This file implements the standard's section "Percent-encoded bytes"
// (https://url.spec.whatwg.org/#percent-encoded-bytes): percent-encoding
// and percent-decoding with the eight percent-encode sets.
//
// Input that is not valid UTF-8 is read the way the Encoding Standard's UTF-8
// decoder reads it (https://encoding.spec.whatwg.org/#utf-8-decoder): each
// invalid sequence becomes one U+FFFD, and so comes out percent-encoded as
// %EF%BF%BD. That is what a browser does with the same bytes, and what the
// standard's "scalar value string" asks for, since a Go string may hold any
// bytes.

// The percent-encode sets themselves (encodeSet) are in infra.go, in the
// package's one table of byte classes.

// appendPercentEncodedByte appends the percent-encoding of b
// (https://url.spec.whatwg.org/#percent-encode): "%" and two ASCII upper hex
// digits.
func appendPercentEncodedByte(dst []byte, b byte) []byte {
	return append(dst, '%', infra.UpperHexDigits[b>>4], infra.UpperHexDigits[b&0x0F])
}

// appendPercentEncoded appends the UTF-8 percent-encoding of s using set
// (https://url.spec.whatwg.org/#string-utf-8-percent-encode): each byte of a
// code point in set becomes %XX with upper-case hex digits. Invalid UTF-8 in s
// is read as decodeRune reads it, each invalid sequence as U+FFFD, written
// %EF%BF%BD. Runs of bytes that need no encoding are appended whole.
func appendPercentEncoded(dst []byte, s string, set infra.EncodeSet) []byte {
	return appendUTF8PercentEncoded(dst, s, set, false)
}

// appendUTF8PercentEncoded is appendPercentEncoded with the standard's
// spaceAsPlus: when it is true, U+0020 SPACE becomes "+".
func appendUTF8PercentEncoded(dst []byte, s string, set infra.EncodeSet, spaceAsPlus bool) []byte {
	run := set.Run()
	for {
		// A run of bytes that need no encoding is appended whole.
		i := run.Span(s, 0)
		dst = append(dst, s[:i]...)
		if i == len(s) {
			return dst
		}
		s = s[i:]
		switch c := s[0]; {
		case c == ' ' && spaceAsPlus:
			dst = append(dst, '+')
			s = s[1:]
		case c < utf8.RuneSelf:
			dst = appendPercentEncodedByte(dst, c)
			s = s[1:]
		default:
			// Every set contains all non-ASCII code points: encode each
			// byte of a run of them, and U+FFFD's for an invalid sequence.
			// A run of valid UTF-8 is encoded a byte at a time, with no
			// decoding.
			n := 1
			for n+8 <= len(s) && infra.Load64(s[n:])&0x8080808080808080 == 0x8080808080808080 {
				n += 8 // eight bytes of 0x80 or more at a time
			}
			for n < len(s) && s[n] >= utf8.RuneSelf {
				n++
			}
			var valid int
			dst, valid = appendPercentEncodedUTF8(dst, s[:n])
			for run := s[valid:n]; run != ""; {
				// From the first invalid sequence on, a code point at a time.
				r, size := infra.DecodeRune(run)
				if r == utf8.RuneError && run[:size] != "\uFFFD" {
					dst = append(dst, "%EF%BF%BD"...)
				} else {
					dst = appendPercentEncodedBytes(dst, run[:size])
				}
				run = run[size:]
			}
			s = s[n:]
		}
	}
}

// appendPercentEncodedUTF8 appends the percent-encoding of each byte of s, a
// run of bytes of 0x80 or more, for as long as s is valid UTF-8, and returns
// how many bytes of s it encoded: all of them, or those before the first
// invalid sequence. It checks each sequence as the Encoding Standard's UTF-8
// decoder does (utf8Lead) and writes it in the same step, where a check of s
// and then an encoding would read s twice. As in appendPercentEncodedBytes,
// each "%XX" comes from percentEncoded, two of them a store of eight bytes:
// the bytes a store writes past its sequence are overwritten by the next,
// or cut off at the end.
func appendPercentEncodedUTF8(dst []byte, s string) ([]byte, int) {
	n := len(dst)
	dst = slices.Grow(dst, 3*len(s)+5)[:n+3*len(s)+5]
	out := dst[n:]
	i := 0
	for i+1 < len(s) {
		if c, d := s[i], s[i+1]; 0xC2 <= c && c <= 0xDF && d <= 0xBF {
			// Two bytes (utf8Lead's first case, the commonest), on their
			// own: the code of every case at once keeps its variables
			// in memory.
			binary.LittleEndian.PutUint64(out[3*i:], uint64(percentEncoded[c])|uint64(percentEncoded[d])<<24)
			i += 2
			continue
		}
		need, lower, upper := infra.UTF8Lead(s[i])
		if need == 0 || i+need >= len(s) || s[i+1] < lower || s[i+1] > upper {
			break
		}
		// The bytes after the second are each 0x80 to 0xBF: in a run of
		// bytes of 0x80 or more, at most 0xBF.
		if need > 1 && (s[i+2] > 0xBF || need > 2 && s[i+3] > 0xBF) {
			break
		}
		binary.LittleEndian.PutUint64(out[3*i:], uint64(percentEncoded[s[i]])|uint64(percentEncoded[s[i+1]])<<24)
		if need > 1 {
			w := uint64(percentEncoded[s[i+2]])
			if need > 2 {
				w |= uint64(percentEncoded[s[i+3]]) << 24
			}
			binary.LittleEndian.PutUint64(out[3*i+6:], w)
		}
		i += 1 + need
	}
	return dst[:n+3*i], i
}

// appendPercentEncodedBytes appends the percent-encoding of each byte of s.
// It writes each "%XX" as four bytes, from percentEncoded, three bytes
// apart: the fourth is overwritten by the next, or cut off at the end.
func appendPercentEncodedBytes(dst []byte, s string) []byte {
	n := len(dst)
	dst = slices.Grow(dst, 3*len(s)+1)[:n+3*len(s)+1]
	out := dst[n:]
	for i := 0; i < len(s); i++ {
		binary.LittleEndian.PutUint32(out[3*i:], percentEncoded[s[i]])
	}
	return dst[:n+3*len(s)]
}

// percentEncoded holds the percent-encoding of each byte, "%" and two ASCII
// upper hex digits, as a little-endian number: the first byte lowest.
var percentEncoded = func() (t [256]uint32) {
	for b := range t {
		t[b] = '%' | uint32(infra.UpperHexDigits[b>>4])<<8 | uint32(infra.UpperHexDigits[b&0x0F])<<16
	}
	return t
}()

// needsPercentEncoding reports whether appendPercentEncoded would append
// anything but s itself. That is the case exactly when s has a byte in set:
// all bytes of 0x80 or more are in every set, and invalid UTF-8 always has
// one, so invalid UTF-8 (which becomes %EF%BF%BD) also needs encoding.
func needsPercentEncoding(s string, set infra.EncodeSet) bool {
	for i := 0; i < len(s); i++ {
		if set.Contains(s[i]) {
			return true
		}
	}
	return false
}

// indexPercentEncodedByte returns the index of the first percent-encoded byte
// (https://url.spec.whatwg.org/#percent-encoded-byte), "%" followed by two
// ASCII hex digits, in s, or -1.
func indexPercentEncodedByte(s string) int {
	for i := 0; ; {
		j := strings.IndexByte(s[i:], '%')
		if j < 0 {
			return -1
		}
		i += j
		if infra.IsPercentEncodedByteAt(s, i) {
			return i
		}
		i++
	}
}

// appendPercentDecoded appends the percent-decoding of the bytes of s
// (https://url.spec.whatwg.org/#percent-decode) to dst.
func appendPercentDecoded(dst []byte, s string) []byte {
	for {
		i := indexPercentEncodedByte(s)
		if i < 0 {
			return append(dst, s...)
		}
		// 2.1. If byte is not 0x25 (%), then append byte to output.
		// 2.2. Otherwise, if ... the next two bytes after byte in input are not
		// in the ranges 0x30 (0) to 0x39 (9), 0x41 (A) to 0x46 (F), and 0x61 (a)
		// to 0x66 (f), all inclusive, append byte to output.
		dst = append(dst, s[:i]...)
		// 2.3. Otherwise: let bytePoint be the two bytes after byte in input,
		// decoded, and then interpreted as a hexadecimal number; append a byte
		// whose value is bytePoint to output; skip the next two bytes.
		dst = append(dst, infra.PercentDecodedByte(s[i+1], s[i+2]))
		s = s[i+3:]
	}
}

// percentDecode returns the percent-decoding of the bytes of s
// (https://url.spec.whatwg.org/#percent-decode). For a well-formed s it is the
// standard's "percent-decode a string".
func percentDecode(s string) []byte {
	return appendPercentDecoded(make([]byte, 0, len(s)), s)
}

// percentDecodeString is percentDecode returning a string. It returns s
// itself, without allocating, when s has no percent-encoded byte.
func percentDecodeString(s string) string {
	i := indexPercentEncodedByte(s)
	if i < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	b = append(b, s[:i]...)
	return string(appendPercentDecoded(b, s[i:]))
}

// getOutputEncoding implements the Encoding Standard's "get an output
// encoding" (https://encoding.spec.whatwg.org/#get-an-output-encoding): it
// returns nil, which stands for UTF-8, when enc is nil, UTF-8, replacement,
// UTF-16BE or UTF-16LE, and enc otherwise.
func getOutputEncoding(enc encoding.Encoding) encoding.Encoding {
	if enc == nil || enc == unicode.UTF8 || enc == unicode.UTF8BOM {
		return nil
	}
	for _, u := range utf16Encodings {
		if enc == u {
			return nil
		}
	}
	// 1. If encoding is replacement or UTF-16BE/LE, then return UTF-8.
	// 2. Return encoding.
	switch encodingName(enc) {
	case "utf-8", "replacement", "utf-16be", "utf-16le":
		return nil
	}
	return enc
}

// appendPercentEncodeAfterEncoding appends the result of the standard's
// "percent-encode after encoding" (https://url.spec.whatwg.org/#string-percent-encode-after-encoding)
// with encoding enc, input s and percent-encode set set. enc goes through
// getOutputEncoding; when that gives UTF-8 (nil), this is appendPercentEncoded
// with spaceAsPlus. spaceAsPlus is true exactly when set is
// formURLEncodedSet. Invalid UTF-8 in s is read as U+FFFD, as toWellFormed
// reads it.
//
// A code point that a legacy encoding cannot encode becomes "%26%23", its
// value in decimal, and "%3B": "&#8253;" percent-encoded. One encoder instance
// sees the whole of s, as the standard requires for ISO-2022-JP, whose
// encoder has state.
func appendPercentEncodeAfterEncoding(dst []byte, enc encoding.Encoding, s string, set infra.EncodeSet, spaceAsPlus bool) []byte {
	if enc = getOutputEncoding(enc); enc == nil {
		return appendUTF8PercentEncoded(dst, s, set, spaceAsPlus)
	}
	// 1. Assert: encoding is UTF-8 or percentEncodeSet is special-query
	// percent-encode set or application/x-www-form-urlencoded percent-encode
	// set. (Not checked: the other sets work the same way.)
	// 2. Let spaceAsPlus be true if percentEncodeSet is
	// application/x-www-form-urlencoded percent-encode set; otherwise false.
	// (The caller's argument.)
	// 3. Let encoder be the result of getting an encoder from encoding.
	encoder := newLegacyEncoder(enc)
	// 4. Let inputQueue be input converted to an I/O queue.
	s = infra.ToWellFormed(s)
	// 5. Let output be the empty string. (dst.)
	// 6.-7. While potentialError is non-null: run encode or fail with
	// inputQueue, encoder, and encodeOutput; percent-encode encodeOutput; if
	// there was an error, append its code point as "%26%23...%3B". Here the
	// encoder's handler runs one code point at a time, so each call is at most
	// one step of that loop.
	var buf [16]byte
	for i := 0; i <= len(s); {
		var out []byte
		errRune := noError
		if i < len(s) {
			r, n := utf8.DecodeRuneInString(s[i:])
			out, errRune = encoder.encode(buf[:0], r)
			i += n
		} else {
			// End-of-queue: the ISO-2022-JP encoder returns to ASCII.
			out = encoder.finish(buf[:0])
			i++
		}
		// 7.3. For each byte of encodeOutput converted to a byte sequence:
		for _, b := range out {
			switch {
			// 7.3.1. If spaceAsPlus is true and byte is 0x20 (SP), then
			// append U+002B (+) to output and continue.
			case spaceAsPlus && b == ' ':
				dst = append(dst, '+')
			// 7.3.2.-7.3.4. Let isomorph be a code point whose value is byte's
			// value. If isomorph is not in percentEncodeSet, then append
			// isomorph to output.
			case !set.Contains(b):
				dst = append(dst, b)
			// 7.3.5. Otherwise, percent-encode byte and append the result to
			// output.
			default:
				dst = appendPercentEncodedByte(dst, b)
			}
		}
		// 7.4. If potentialError is non-null, then append "%26%23", followed
		// by the shortest sequence of ASCII digits representing potentialError
		// in base ten, followed by "%3B", to output.
		if errRune != noError {
			dst = append(dst, "%26%23"...)
			dst = strconv.AppendInt(dst, int64(errRune), 10)
			dst = append(dst, "%3B"...)
		}
	}
	return dst
}

// PercentEncodeComponent returns s UTF-8 percent-encoded with the standard's
// component percent-encode set
// (https://url.spec.whatwg.org/#component-percent-encode-set): every byte
// except the ASCII alphanumerics and !'()*-._~ becomes %XX, with upper-case
// hex digits. This is JavaScript's encodeURIComponent, and the result can be
// placed in any component of a URL (a path segment, a query name or value, a
// fragment, an opaque host) and reads back with [PercentDecodeString].
//
// Invalid UTF-8 in s is read as U+FFFD, one per invalid sequence, and so
// becomes %EF%BF%BD. When nothing needs encoding, PercentEncodeComponent
// returns s itself without allocating.
//
//	PercentEncodeComponent("Say what‽ 1+1=2") == "Say%20what%E2%80%BD%201%2B1%3D2"
func PercentEncodeComponent(s string) string {
	if !needsPercentEncoding(s, infra.ComponentSet) {
		return s
	}
	return string(appendPercentEncoded(make([]byte, 0, len(s)+len(s)/2+8), s, infra.ComponentSet))
}

// PercentDecode returns the percent-decoding of the bytes of s
// (https://url.spec.whatwg.org/#percent-decode): each "%" followed by two
// ASCII hex digits becomes the byte they spell, and everything else, including
// a "%" that does not start such a triple, is kept as it is. The result need
// not be valid UTF-8.
//
//	PercentDecode("%25%s%1G") == []byte("%%s%1G")
func PercentDecode(s string) []byte {
	return percentDecode(s)
}

// PercentDecodeString is [PercentDecode] returning a string. When s has
// nothing to decode, it returns s itself without allocating. The result need
// not be valid UTF-8: "%FF" decodes to the single byte 0xFF.
func PercentDecodeString(s string) string {
	return percentDecodeString(s)
}
