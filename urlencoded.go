package url

import (
	"errors"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"

	"github.com/webstd/url/internal/infra"
)

// This file implements the application/x-www-form-urlencoded format
// (https://url.spec.whatwg.org/#application/x-www-form-urlencoded): a list of
// name-value tuples, as HTML forms submit them and as a URL's query holds
// them.

// ParseURLEncoded parses input as application/x-www-form-urlencoded and
// returns its name-value pairs in order. It implements the standard's
// application/x-www-form-urlencoded parser
// (https://url.spec.whatwg.org/#concept-urlencoded-parser) on the bytes of
// input: input is split on "&", empty pieces are skipped, each piece is split
// at its first "=" (a piece without one has the empty value), "+" becomes a
// space, and then names and values are percent-decoded and read as UTF-8,
// each invalid UTF-8 sequence as U+FFFD. A byte-order mark is not removed.
// Parsing never fails; an input without pairs gives an empty result.
//
//	ParseURLEncoded("a=1&b=x+y&a=%E2%80%BD&c") == [][2]string{{"a", "1"}, {"b", "x y"}, {"a", "‽"}, {"c", ""}}
//
// Like the standard, ParseURLEncoded has no limit on the number of pairs: the
// result holds every pair of input, however many. Its memory is in proportion
// to the pairs it finds (32 bytes each on a 64-bit machine), not to the
// number of "&": a megabyte of "&" gives no pairs and allocates nothing.
// Names and values that need no decoding are substrings of input. To bound
// the pairs taken from an untrusted body, use [ParseURLEncodedLimit].
func ParseURLEncoded(input string) [][2]string {
	pairs, _ := parseURLEncoded(input, -1)
	return pairs
}

// ErrTooManyPairs is the error of [ParseURLEncodedLimit] for an input with
// more name-value pairs than its limit.
var ErrTooManyPairs = errors.New("url: too many name-value pairs in application/x-www-form-urlencoded input")

// ParseURLEncodedLimit is [ParseURLEncoded] with a limit on the number of
// name-value pairs, for input from an untrusted source such as a request
// body: when input holds at most maxPairs pairs it returns them as
// ParseURLEncoded does, and otherwise nil and [ErrTooManyPairs], having
// allocated nothing. Empty pieces (in "a=1&&b=2", or a run of "&") are not
// pairs and do not count. A negative maxPairs means no limit, which is the
// standard's behaviour and ParseURLEncoded's.
//
// The standard's parser (https://url.spec.whatwg.org/#concept-urlencoded-parser)
// has no limit. Go's net/url.ParseQuery does since the fix for
// CVE-2025-61726: it refuses a query of more than 10,000 pieces
// ("&"-separated, empty ones included; GODEBUG urlmaxqueryparams changes the
// limit). 10000 gives about the same bound here.
func ParseURLEncodedLimit(input string, maxPairs int) ([][2]string, error) {
	return parseURLEncoded(input, maxPairs)
}

// parseURLEncoded is ParseURLEncoded with a limit on the number of pairs, or
// none if maxPairs is negative.
func parseURLEncoded(input string, maxPairs int) ([][2]string, error) {
	// 2. Let output be an initially empty list of name-value tuples where both
	// name and value hold a string. It is made with room for the pairs
	// input holds, counted first: room for a pair per "&" would let an input
	// of "&" ask for 32 times its length.
	n := countURLEncodedPairs(input)
	if n == 0 {
		return nil, nil
	}
	if maxPairs >= 0 && n > maxPairs {
		return nil, ErrTooManyPairs
	}
	output := make([][2]string, 0, n)
	// 1. Let sequences be the result of splitting input on 0x26 (&).
	// 3. For each byte sequence bytes in sequences:
	for input != "" {
		bytes, rest, _ := strings.Cut(input, "&")
		input = rest
		// 3.1. If bytes is the empty byte sequence, then continue.
		if bytes == "" {
			continue
		}
		// 3.2. If bytes contains a 0x3D (=), then let name be the bytes from
		// the start of bytes up to but excluding its first 0x3D (=), and let
		// value be the bytes, if any, after the first 0x3D (=) up to the end
		// of bytes.
		// 3.3. Otherwise, let name have the value of bytes and let value be
		// the empty byte sequence.
		name, value, _ := strings.Cut(bytes, "=")
		// 3.4.-3.6. Replace any 0x2B (+) in name and value with 0x20 (SP); let
		// nameString and valueString be the result of running UTF-8 decode
		// without BOM on the percent-decoding of name and value; append
		// (nameString, valueString) to output.
		output = append(output, [2]string{decodeURLEncoded(name), decodeURLEncoded(value)})
	}
	return output, nil
}

// countURLEncodedPairs returns the number of pairs the
// application/x-www-form-urlencoded parser finds in input: the pieces between
// "&" that are not empty.
func countURLEncodedPairs(input string) int {
	n := 0
	for i := 0; i < len(input); i++ {
		// A piece starts at a byte that is not "&" after the start or an "&".
		if input[i] != '&' && (i == 0 || input[i-1] == '&') {
			n++
		}
	}
	return n
}

// decodeURLEncoded replaces each "+" in s by a space, percent-decodes s and
// reads the result as UTF-8 without a BOM (invalid sequences as U+FFFD). It
// returns s itself when there is nothing to replace or decode.
func decodeURLEncoded(s string) string {
	if strings.IndexByte(s, '+') < 0 {
		return infra.ToWellFormed(percentDecodeString(s))
	}
	b := make([]byte, 0, len(s))
	for {
		i := strings.IndexByte(s, '+')
		if i < 0 {
			b = appendPercentDecoded(b, s)
			break
		}
		// "+" never takes part in a percent-encoded byte, so the pieces
		// between them decode separately.
		b = appendPercentDecoded(b, s[:i])
		b = append(b, ' ')
		s = s[i+1:]
	}
	if utf8.Valid(b) {
		return string(b)
	}
	return infra.ToWellFormed(string(b))
}

// SerializeURLEncoded returns pairs in the application/x-www-form-urlencoded
// format, as the standard's application/x-www-form-urlencoded serializer
// (https://url.spec.whatwg.org/#concept-urlencoded-serializer) does with
// encoding enc: pairs are joined by "&", each as name "=" value; a space
// becomes "+", and every byte but the ASCII alphanumerics and *-._ is
// percent-encoded. The result is ASCII.
//
// A nil enc means UTF-8, as do UTF-16BE, UTF-16LE and replacement (the
// standard's "get an output encoding"). With a legacy encoding from
// golang.org/x/text/encoding/htmlindex, names and values are first encoded
// with it, and a code point it cannot encode is written as the HTML character
// reference "&#N;", percent-encoded. Invalid UTF-8 in names and values reads
// as U+FFFD.
//
//	SerializeURLEncoded([][2]string{{"q", "1+1 = 2"}, {"lang", "français"}}, nil) == "q=1%2B1+%3D+2&lang=fran%C3%A7ais"
func SerializeURLEncoded(pairs [][2]string, enc encoding.Encoding) string {
	return string(appendURLEncoded(nil, pairs, enc))
}

// appendURLEncoded appends the application/x-www-form-urlencoded
// serialization of pairs with encoding enc to dst.
func appendURLEncoded(dst []byte, pairs [][2]string, enc encoding.Encoding) []byte {
	// 1. Set encoding to the result of getting an output encoding from
	// encoding.
	enc = getOutputEncoding(enc)
	// 2. Let output be the empty string. (dst.)
	// 3. For each tuple of tuples:
	for i, tuple := range pairs {
		// 3.4. If output is not the empty string, then append U+0026 (&) to
		// output.
		if i > 0 {
			dst = append(dst, '&')
		}
		// 3.1.-3.3., 3.5. Append name, followed by U+003D (=), followed by
		// value, to output, each the result of running percent-encode after
		// encoding with encoding, tuple's name or value, and the
		// application/x-www-form-urlencoded percent-encode set.
		dst = appendPercentEncodeAfterEncoding(dst, enc, tuple[0], infra.FormURLEncodedSet, true)
		dst = append(dst, '=')
		dst = appendPercentEncodeAfterEncoding(dst, enc, tuple[1], infra.FormURLEncodedSet, true)
	}
	return dst
}
