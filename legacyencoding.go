package url

import (
	"reflect"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// This file holds the encoders of the Encoding Standard's legacy encodings, as
// "percent-encode after encoding" uses them for the query of a special URL in
// a document with a legacy encoding.
//
// golang.org/x/text/encoding has the encodings' indexes, but its encoders
// differ from the Encoding Standard's in a few places, so legacyEncoder runs
// the standard's encoder steps itself around x/text's index lookups:
//
//   - ISO-2022-JP (https://encoding.spec.whatwg.org/#iso-2022-jp-encoder):
//     x/text has no Roman state (U+00A5 and U+203E fail), encodes U+000E,
//     U+000F and U+001B, and writes halfwidth katakana as such. The encoder
//     below is the standard's; x/text's EUC-JP encoder supplies index jis0208
//     pointers.
//   - Shift_JIS and EUC-JP: x/text fails on U+00A5, U+203E and U+2212 (and
//     Shift_JIS on U+0080); its EUC-JP writes JIS X 0212, which the standard's
//     encoder never does; its Shift_JIS picks pointers 8272 to 8835, which the
//     standard's "index Shift_JIS pointer" excludes.
//   - Big5: x/text writes the Hong Kong extensions below pointer 5024, which
//     the standard's "index Big5 pointer" excludes, and picks the last of
//     duplicate pointers where the standard picks the first for 27 code points.
//   - The single-byte encodings: x/text leaves out the C1 controls (U+0080
//     to U+009F) that the standard's indexes map to the bytes 0x80 to 0x9F of
//     the same value, as its charmap/maketables.go notes.
//   - gb18030 and GBK: x/text's index has none of the private use code points
//     of index gb18030 and predates GB18030-2005 (U+1E3F) and GB18030-2022
//     (the vertical forms U+FE10 to U+FE19 and U+9FB4 to U+9FBB), and it
//     encodes U+E5E5.
//
// legacyencoding_test.go derives each index from x/text's decoders and checks
// every code point against the standard's encoder steps.
//
// The encoders use only the encoding they are given: the file imports none of
// x/text's packages of legacy encodings, nor htmlindex, whose table of every
// encoding would link all their tables (close to 1 MB) into every program that
// imports package url. A program links the tables of the encodings it names
// itself, as Parser.Encoding, and no others.

// A legacyEncoder is an instance of the encoder of a legacy encoding
// (https://encoding.spec.whatwg.org/#encoder). The ISO-2022-JP encoder has
// state, so one instance has to see the whole input.
type legacyEncoder struct {
	kind  legacyKind
	state iso2022JPState        // for ISO-2022-JP
	enc   encoding.Encoding     // x/text's encoding
	index transform.Transformer // enc's encoder, for its index
}

// A legacyKind says which of the standard's encoder algorithms a legacyEncoder
// runs.
type legacyKind uint8

const (
	// legacyIndexed is every encoding whose x/text encoder is the
	// standard's: EUC-KR and x-user-defined (and, as best effort, any
	// encoding htmlindex does not know).
	legacyIndexed legacyKind = iota
	// legacySingleByte is the single-byte encodings: x/text's encoders and
	// the C1 controls it leaves out.
	legacySingleByte
	legacyGB18030
	legacyGBK
	legacyBig5
	legacyEUCJP
	legacyISO2022JP
	legacyShiftJIS
)

// An iso2022JPState is the ISO-2022-JP encoder state.
type iso2022JPState uint8

const (
	iso2022JPASCII iso2022JPState = iota
	iso2022JPRoman
	iso2022JPJIS0208
)

// noError is the error code point of a handler call that did not fail.
const noError rune = -1

// newLegacyEncoder implements "get an encoder"
// (https://encoding.spec.whatwg.org/#get-an-encoder) for a legacy encoding.
func newLegacyEncoder(enc encoding.Encoding) *legacyEncoder {
	e := &legacyEncoder{}
	switch encodingName(enc) {
	case "gb18030":
		e.kind = legacyGB18030
	case "gbk":
		e.kind = legacyGBK
	case "big5":
		e.kind = legacyBig5
	case "euc-jp":
		e.kind = legacyEUCJP
	case "iso-2022-jp":
		// x/text's ISO-2022-JP encoder supplies index jis0208 pointers.
		e.kind = legacyISO2022JP
	case "shift_jis":
		e.kind = legacyShiftJIS
	case "ibm866", "iso-8859-2", "iso-8859-3", "iso-8859-4", "iso-8859-5", "iso-8859-6",
		"iso-8859-7", "iso-8859-8", "iso-8859-8-i", "iso-8859-10", "iso-8859-13",
		"iso-8859-14", "iso-8859-15", "iso-8859-16", "koi8-r", "koi8-u", "macintosh",
		"windows-874", "windows-1250", "windows-1251", "windows-1252", "windows-1253",
		"windows-1254", "windows-1255", "windows-1256", "windows-1257", "windows-1258",
		"x-mac-cyrillic":
		e.kind = legacySingleByte
	}
	e.enc = enc
	e.index = enc.NewEncoder()
	return e
}

// utf16Encodings are x/text's UTF-16 encodings, which "get an output
// encoding" turns into UTF-8 (htmlindex names the two that ignore a byte
// order mark; the others are UTF-16 all the same).
var utf16Encodings = [...]encoding.Encoding{
	unicode.UTF16(unicode.BigEndian, unicode.IgnoreBOM),
	unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM),
	unicode.UTF16(unicode.BigEndian, unicode.UseBOM),
	unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM),
	unicode.UTF16(unicode.LittleEndian, unicode.UseBOM),
	unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM),
}

// encodingName returns the Encoding Standard's name of enc
// (https://encoding.spec.whatwg.org/#names-and-labels), in lowercase, when
// enc is x/text's encoding of that name, and "" otherwise: the name that
// golang.org/x/text/encoding/htmlindex.Name returns, found without
// htmlindex's table of every encoding. x/text's encodings other than
// Replacement and UTF-16 carry their name in their String method, and no
// encoding outside x/text counts: htmlindex.Name asks for a method that only
// x/text's types can have.
func encodingName(enc encoding.Encoding) string {
	switch {
	case enc == nil:
		return ""
	case enc == encoding.Replacement:
		return "replacement"
	case enc == utf16Encodings[0]:
		return "utf-16be"
	case enc == utf16Encodings[1]:
		return "utf-16le"
	}
	s, ok := enc.(interface{ String() string })
	if !ok || !isXText(enc) {
		return ""
	}
	switch name := s.String(); name {
	case "UTF-8":
		return "utf-8"
	case "IBM Code Page 866":
		return "ibm866"
	case "ISO 8859-2", "ISO 8859-3", "ISO 8859-4", "ISO 8859-5", "ISO 8859-6",
		"ISO 8859-7", "ISO 8859-8", "ISO 8859-10", "ISO 8859-13", "ISO 8859-14",
		"ISO 8859-15", "ISO 8859-16":
		return "iso-8859-" + name[len("ISO 8859-"):]
	case "ISO-8859-8I":
		return "iso-8859-8-i"
	case "KOI8-R", "KOI8-U", "Macintosh", "EUC-JP", "ISO-2022-JP", "EUC-KR", "GB18030", "GBK", "Big5", "X-User-Defined":
		return strings.ToLower(name)
	case "Macintosh Cyrillic":
		return "x-mac-cyrillic"
	case "Windows 874", "Windows 1250", "Windows 1251", "Windows 1252", "Windows 1253",
		"Windows 1254", "Windows 1255", "Windows 1256", "Windows 1257", "Windows 1258":
		return "windows-" + name[len("Windows "):]
	case "Shift JIS":
		return "shift_jis"
	}
	return ""
}

// isXText reports whether enc's type is one of golang.org/x/text's encoding
// packages.
func isXText(enc encoding.Encoding) bool {
	t := reflect.TypeOf(enc)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return strings.HasPrefix(t.PkgPath(), "golang.org/x/text/encoding/")
}

// encode runs the encoder's handler on the code point r (not a surrogate) and
// appends the bytes it returns to dst, including those of handler steps that
// return bytes and put r back into the queue. When the handler returns error,
// errRune is its code point; otherwise errRune is noError.
func (e *legacyEncoder) encode(dst []byte, r rune) (out []byte, errRune rune) {
	switch e.kind {
	case legacyGB18030, legacyGBK:
		return e.encodeGB18030(dst, r)
	case legacyBig5:
		return e.encodeBig5(dst, r)
	case legacyEUCJP:
		return e.encodeEUCJP(dst, r)
	case legacyISO2022JP:
		return e.encodeISO2022JP(dst, r)
	case legacyShiftJIS:
		return e.encodeShiftJIS(dst, r)
	}
	// These encoders return an ASCII code point as a byte.
	if r < utf8.RuneSelf {
		return append(dst, byte(r)), noError
	}
	if out, ok := e.lookup(dst, r); ok {
		return out, noError
	}
	// The single-byte encoder: 3.-5. Let pointer be the index pointer for
	// codePoint in index single-byte; if it is null, return error with
	// codePoint; return a byte whose value is pointer + 0x80. Where x/text
	// has no code point for one of the bytes 0x80 to 0x9F, the index has the
	// C1 control of that value.
	if e.kind == legacySingleByte && 0x80 <= r && r <= 0x9F && e.unmapped(byte(r)) {
		return append(dst, byte(r)), noError
	}
	return dst, r
}

// unmapped reports whether x/text's decoder has no code point for the single
// byte b.
func (e *legacyEncoder) unmapped(b byte) bool {
	var buf [utf8.UTFMax]byte
	n, _, err := e.enc.NewDecoder().Transform(buf[:], []byte{b}, true)
	return err != nil || string(buf[:n]) == "\uFFFD"
}

// finish runs the encoder's handler on end-of-queue and appends the bytes it
// returns to dst.
func (e *legacyEncoder) finish(dst []byte) []byte {
	// ISO-2022-JP encoder:
	// 1. If codePoint is end-of-queue and ISO-2022-JP encoder state is not
	// ASCII, then set ISO-2022-JP encoder state to ASCII and return three
	// bytes 0x1B 0x28 0x42.
	if e.kind == legacyISO2022JP && e.state != iso2022JPASCII {
		e.state = iso2022JPASCII
		return append(dst, 0x1B, '(', 'B')
	}
	// 2. If codePoint is end-of-queue and ISO-2022-JP encoder state is ASCII,
	// then return finished. (Every other encoder returns finished.)
	return dst
}

// lookup appends x/text's encoding of r to dst.
func (e *legacyEncoder) lookup(dst []byte, r rune) ([]byte, bool) {
	var src [utf8.UTFMax]byte
	n := utf8.EncodeRune(src[:], r)
	var buf [8]byte
	nDst, nSrc, err := e.index.Transform(buf[:], src[:n], true)
	if err != nil || nSrc != n || nDst == 0 {
		e.index.Reset()
		return dst, false
	}
	return append(dst, buf[:nDst]...), true
}

// encodeGB18030 implements the gb18030 encoder
// (https://encoding.spec.whatwg.org/#gb18030-encoder), with is GBK for GBK.
func (e *legacyEncoder) encodeGB18030(dst []byte, r rune) ([]byte, rune) {
	isGBK := e.kind == legacyGBK
	switch {
	// 2. If codePoint is an ASCII code point, then return a byte whose value
	// is codePoint.
	case r < utf8.RuneSelf:
		return append(dst, byte(r)), noError
	// 3. If codePoint is U+E5E5, then return error with codePoint.
	case r == 0xE5E5:
		return dst, r
	// 4. If is GBK is true and codePoint is U+20AC (€), then return byte 0x80.
	case isGBK && r == 0x20AC:
		return append(dst, 0x80), noError
	}
	// 5. If there is a row in the table below whose first column is
	// codePoint, then return the two bytes on the same row listed in the
	// second column. (gb18030PrivateUse covers that table.)
	// 6.-7. Let pointer be the index pointer for codePoint in index gb18030.
	// If pointer is non-null, return its two bytes.
	if p, ok := gb18030Pointer(r); ok {
		trail := p % 190
		offset := 0x40
		if trail >= 0x3F {
			offset = 0x41
		}
		return append(dst, byte(p/190+0x81), byte(trail+offset)), noError
	}
	// (Otherwise x/text's index, the standard's for the other code points.)
	out, ok := e.lookup(dst, r)
	if ok && len(out)-len(dst) == 2 {
		return out, noError
	}
	// 8. If is GBK is true, then return error with codePoint.
	if isGBK {
		return dst, r
	}
	// 9. Set pointer to the index gb18030 ranges pointer for codePoint.
	// ("If codePoint is U+E7C7, then return pointer 7457.")
	if r == 0xE7C7 {
		return append(dst, 0x81, 0x35, 0xF4, 0x37), noError
	}
	// 10.-16. Return the pointer's four bytes. (x/text's ranges are the
	// standard's.)
	if ok && len(out)-len(dst) == 4 {
		return out, noError
	}
	return dst, r
}

// gb18030Pointer returns the pointer of r in index gb18030 for the code points
// whose x/text encoding is not the standard's, and in the table of step 5 of
// the gb18030 encoder (which maps code points to the bytes they had in the
// index before GB18030-2022).
func gb18030Pointer(r rune) (pointer int, ok bool) {
	switch {
	case r < 0x1E3F || r > 0xFE19:
		return 0, false
	case r == 0x1E3F: // GB18030-2005, https://github.com/whatwg/encoding/pull/26
		return 7533, true // 0xA8 0xBC
	case 0x9FB4 <= r && r <= 0x9FBB: // GB18030-2022
		return gb18030FE[r-0x9FB4], true
	case 0xFE10 <= r && r <= 0xFE19: // GB18030-2022
		return gb18030VerticalForms[r-0xFE10], true
	case 0xE000 <= r && r <= 0xE864 && r != 0xE5E5:
		return gb18030PrivateUsePointer(r)
	}
	return 0, false
}

// gb18030FE are the pointers of U+9FB4 to U+9FBB in index gb18030, and
// gb18030VerticalForms those of U+FE10 to U+FE19 (GB18030-2022, as the
// Unicode Technical Committee recommends:
// https://www.unicode.org/L2/L2023/23003r-gb18030-recommendations.pdf).
var (
	gb18030FE = [...]int{
		23775, 23783, 23788, 23789, 23795, 23812, 23829, 23845, // 0xFE59, 0xFE61, 0xFE66, 0xFE67, 0xFE6D, 0xFE7E, 0xFE90, 0xFEA0
	}
	gb18030VerticalForms = [...]int{
		7182, 7184, 7183, 7185, 7186, 7187, 7188, 7201, 7202, 7208, // 0xA6D9, 0xA6DB, 0xA6DA, 0xA6DC to 0xA6DF, 0xA6EC, 0xA6ED, 0xA6F3
	}
)

// gb18030PrivateUsePointer returns the pointer of the private use code point r
// in index gb18030. The GBK user-defined areas map to U+E000 to U+E765 in
// order; U+E766 to U+E864 fill the cells GBK left empty, in pointer order,
// where GB18030 did not give them another code point.
func gb18030PrivateUsePointer(r rune) (int, bool) {
	// pointer returns the pointer of the bytes lead, trail.
	pointer := func(lead, trail int) int {
		offset := 0x40
		if trail >= 0x7F {
			offset = 0x41
		}
		return (lead-0x81)*190 + trail - offset
	}
	switch i := int(r); {
	case i <= 0xE233: // 0xAA 0xA1 to 0xAF 0xFE
		i -= 0xE000
		return pointer(0xAA+i/94, 0xA1+i%94), true
	case i <= 0xE4C5: // 0xF8 0xA1 to 0xFE 0xFE
		i -= 0xE234
		return pointer(0xF8+i/94, 0xA1+i%94), true
	case i <= 0xE765: // 0xA1 0x40 to 0xA7 0xA0
		i -= 0xE4C6
		trail := 0x40 + i%96
		if trail >= 0x7F {
			trail++
		}
		return pointer(0xA1+i/96, trail), true
	}
	// The runs of U+E766 to U+E864 that index gb18030 holds (U+E7C7 is not
	// one: 0xA8 0xBC is U+1E3F since GB18030-2005).
	j, found := slices.BinarySearchFunc(gb18030PrivateUseRuns[:], r, func(run gb18030Run, r rune) int {
		return int(run.first) - int(r)
	})
	if !found {
		j--
	}
	if j < 0 {
		return 0, false
	}
	run := gb18030PrivateUseRuns[j]
	if k := int(r - run.first); k < int(run.n) {
		return int(run.pointer) + k, true
	}
	return 0, false
}

// A gb18030Run maps n code points from first on to n pointers from pointer on.
type gb18030Run struct {
	first   rune
	pointer uint16
	n       uint16
}

// gb18030PrivateUseRuns lists the code points U+E766 to U+E864 in index
// gb18030. Those at 0xA6D9 to 0xA6F3 and 0xFE59 to 0xFEA0 left the index in
// GB18030-2022 but remain in the gb18030 encoder's table of step 5, with the
// same bytes.
var gb18030PrivateUseRuns = [...]gb18030Run{
	{0xE766, 6376, 6},  // 0xA2 0xAB
	{0xE76D, 6433, 1},  // 0xA2 0xE4
	{0xE76E, 6444, 2},  // 0xA2 0xEF
	{0xE770, 6458, 2},  // 0xA2 0xFD
	{0xE772, 6829, 11}, // 0xA4 0xF4
	{0xE77D, 7022, 8},  // 0xA5 0xF7
	{0xE785, 7150, 8},  // 0xA6 0xB9
	{0xE78D, 7182, 7},  // 0xA6 0xD9
	{0xE794, 7201, 2},  // 0xA6 0xEC
	{0xE796, 7208, 1},  // 0xA6 0xF3
	{0xE797, 7211, 9},  // 0xA6 0xF6
	{0xE7A0, 7349, 15}, // 0xA7 0xC2
	{0xE7AF, 7397, 13}, // 0xA7 0xF2
	{0xE7BC, 7495, 11}, // 0xA8 0x96
	{0xE7C9, 7538, 4},  // 0xA8 0xC1
	{0xE7CD, 7579, 21}, // 0xA8 0xEA
	{0xE7E2, 7624, 1},  // 0xA9 0x58
	{0xE7E3, 7627, 1},  // 0xA9 0x5B
	{0xE7E4, 7629, 3},  // 0xA9 0x5D
	{0xE7F4, 7686, 13}, // 0xA9 0x97
	{0xE801, 7775, 15}, // 0xA9 0xF0
	{0xE810, 16525, 5}, // 0xD7 0xFA
	{0xE816, 23767, 3}, // 0xFE 0x51
	{0xE81E, 23775, 1}, // 0xFE 0x59
	{0xE826, 23783, 1}, // 0xFE 0x61
	{0xE82B, 23788, 2}, // 0xFE 0x66
	{0xE831, 23794, 2}, // 0xFE 0x6C
	{0xE83B, 23804, 1}, // 0xFE 0x76
	{0xE843, 23812, 1}, // 0xFE 0x7E
	{0xE854, 23829, 2}, // 0xFE 0x90
	{0xE864, 23845, 1}, // 0xFE 0xA0
}

// encodeBig5 implements the Big5 encoder
// (https://encoding.spec.whatwg.org/#big5-encoder).
func (e *legacyEncoder) encodeBig5(dst []byte, r rune) ([]byte, rune) {
	// 2. If codePoint is an ASCII code point, then return a byte whose value
	// is codePoint.
	if r < utf8.RuneSelf {
		return append(dst, byte(r)), noError
	}
	// 3. Let pointer be the index Big5 pointer for codePoint: index Big5
	// without the pointers below (0xA1 - 0x81) × 157, the last pointer for
	// U+2550, U+255E, U+2561, U+256A, U+5341 and U+5345, and the first for
	// the other code points.
	if i, ok := slices.BinarySearchFunc(big5FirstPointers[:], r, func(o big5Override, r rune) int {
		return int(o.r) - int(r)
	}); ok {
		return append(dst, big5FirstPointers[i].b[:]...), noError
	}
	out, ok := e.lookup(dst, r)
	// 4. If pointer is null, then return error with codePoint.
	if !ok || len(out)-len(dst) != 2 || out[len(dst)] < 0xA1 {
		return dst, r
	}
	// 5.-8. Return the pointer's two bytes.
	return out, noError
}

// A big5Override gives the bytes of code point r.
type big5Override struct {
	r rune
	b [2]byte
}

// big5FirstPointers are the code points with several pointers in index Big5
// for which x/text encodes the last where the standard takes the first.
var big5FirstPointers = [...]big5Override{
	{0x256D, [2]byte{0xA2, 0x7E}},
	{0x256E, [2]byte{0xA2, 0xA1}},
	{0x256F, [2]byte{0xA2, 0xA3}},
	{0x2570, [2]byte{0xA2, 0xA2}},
	{0x3003, [2]byte{0xA1, 0xB2}},
	{0x4EDD, [2]byte{0xC6, 0xDF}},
	{0x5029, [2]byte{0xAD, 0xC5}},
	{0x507D, [2]byte{0xB0, 0xB0}},
	{0x5305, [2]byte{0xA5, 0x5D}},
	{0x5344, [2]byte{0xA2, 0xCD}},
	{0x537F, [2]byte{0xAD, 0xEB}},
	{0x5A77, [2]byte{0xB4, 0x40}},
	{0x5E75, [2]byte{0xC9, 0xDB}},
	{0x5EF4, [2]byte{0xC6, 0xCF}},
	{0x5F58, [2]byte{0xD8, 0xF4}},
	{0x6490, [2]byte{0xBC, 0xB5}},
	{0x65E0, [2]byte{0xC6, 0xD3}},
	{0x6674, [2]byte{0xB4, 0xB8}},
	{0x675E, [2]byte{0xA7, 0xFB}},
	{0x6C9C, [2]byte{0xCB, 0x58}},
	{0x6E1D, [2]byte{0xB4, 0xFC}},
	{0x6E2F, [2]byte{0xB4, 0xE4}},
	{0x716E, [2]byte{0xB5, 0x4E}},
	{0x745C, [2]byte{0xB7, 0xEC}},
	{0x74E9, [2]byte{0xA2, 0x60}},
	{0x7676, [2]byte{0xC6, 0xD5}},
	{0x7809, [2]byte{0xCF, 0xF1}},
}

// encodeEUCJP implements the EUC-JP encoder
// (https://encoding.spec.whatwg.org/#euc-jp-encoder).
func (e *legacyEncoder) encodeEUCJP(dst []byte, r rune) ([]byte, rune) {
	switch {
	// 2. If codePoint is an ASCII code point, then return a byte whose value
	// is codePoint.
	case r < utf8.RuneSelf:
		return append(dst, byte(r)), noError
	// 3. If codePoint is U+00A5 (¥), then return byte 0x5C.
	case r == 0xA5:
		return append(dst, 0x5C), noError
	// 4. If codePoint is U+203E (‾), then return byte 0x7E.
	case r == 0x203E:
		return append(dst, 0x7E), noError
	// 5. If codePoint is in the range U+FF61 (｡) to U+FF9F (ﾟ), inclusive,
	// then return two bytes whose values are 0x8E and codePoint − 0xFF61 +
	// 0xA1.
	case 0xFF61 <= r && r <= 0xFF9F:
		return append(dst, 0x8E, byte(r-0xFF61+0xA1)), noError
	// 6. If codePoint is U+2212 (−), then set it to U+FF0D (－).
	case r == 0x2212:
		r = 0xFF0D
	}
	// 7.-11. Let pointer be the index pointer for codePoint in index jis0208;
	// if it is null, return error with codePoint; otherwise return its two
	// bytes.
	if p, ok := e.jis0208Pointer(r); ok {
		return append(dst, byte(p/94+0xA1), byte(p%94+0xA1)), noError
	}
	return dst, r
}

// jis0208Pointer returns the index pointer for r in index jis0208, read from
// x/text's encoding of r. In EUC-JP, two bytes 0xA1 to 0xFE are the
// pointer's (x/text's other outputs are half-width katakana and JIS X 0212).
// In ISO-2022-JP, the pointer's bytes are the two between 0x1B 0x24 0x42
// (jis0208) and 0x1B 0x28 0x42 (back to ASCII, as x/text's encoder does at
// the end of its input); x/text's other outputs are ASCII and half-width
// katakana, after other escapes. Both encoders take the pointers from the
// same table.
func (e *legacyEncoder) jis0208Pointer(r rune) (int, bool) {
	var buf [8]byte
	out, ok := e.lookup(buf[:0], r)
	if !ok {
		return 0, false
	}
	lead := 0xA1
	if e.kind == legacyISO2022JP {
		if len(out) != 8 || string(out[:3]) != "\x1b$B" || string(out[5:]) != "\x1b(B" {
			return 0, false
		}
		out, lead = out[3:5], 0x21
	}
	if len(out) != 2 || out[0] < byte(lead) || out[1] < byte(lead) || out[0] > byte(lead+93) || out[1] > byte(lead+93) {
		return 0, false
	}
	return (int(out[0])-lead)*94 + int(out[1]) - lead, true
}

// encodeISO2022JP implements the ISO-2022-JP encoder
// (https://encoding.spec.whatwg.org/#iso-2022-jp-encoder). Where a step
// restores codePoint to the queue, the loop runs the handler on it again.
func (e *legacyEncoder) encodeISO2022JP(dst []byte, r rune) ([]byte, rune) {
	for {
		switch {
		// 3. If ISO-2022-JP encoder state is ASCII or Roman, and codePoint is
		// U+000E, U+000F, or U+001B, then return error with U+FFFD (�).
		case e.state != iso2022JPJIS0208 && (r == 0x0E || r == 0x0F || r == 0x1B):
			return dst, utf8.RuneError
		// 4. If ISO-2022-JP encoder state is ASCII and codePoint is an ASCII
		// code point, then return a byte whose value is codePoint.
		case e.state == iso2022JPASCII && r < utf8.RuneSelf:
			return append(dst, byte(r)), noError
		// 5. If ISO-2022-JP encoder state is Roman and codePoint is an ASCII
		// code point, excluding U+005C (\) and U+007E (~), or is U+00A5 (¥) or
		// U+203E (‾): return codePoint's byte, 0x5C for U+00A5, 0x7E for
		// U+203E.
		case e.state == iso2022JPRoman && r < utf8.RuneSelf && r != '\\' && r != '~':
			return append(dst, byte(r)), noError
		case e.state == iso2022JPRoman && r == 0xA5:
			return append(dst, 0x5C), noError
		case e.state == iso2022JPRoman && r == 0x203E:
			return append(dst, 0x7E), noError
		// 6. If codePoint is an ASCII code point, and ISO-2022-JP encoder
		// state is not ASCII, then restore codePoint to ioQueue, set
		// ISO-2022-JP encoder state to ASCII, and return three bytes 0x1B 0x28
		// 0x42.
		case r < utf8.RuneSelf:
			dst = append(dst, 0x1B, '(', 'B')
			e.state = iso2022JPASCII
			continue
		// 7. If codePoint is either U+00A5 (¥) or U+203E (‾), and ISO-2022-JP
		// encoder state is not Roman, then restore codePoint to ioQueue, set
		// ISO-2022-JP encoder state to Roman, and return three bytes 0x1B 0x28
		// 0x4A.
		case r == 0xA5 || r == 0x203E:
			dst = append(dst, 0x1B, '(', 'J')
			e.state = iso2022JPRoman
			continue
		}
		c := r
		// 8. If codePoint is U+2212 (−), then set it to U+FF0D (－).
		if c == 0x2212 {
			c = 0xFF0D
		}
		// 9. If codePoint is in the range U+FF61 (｡) to U+FF9F (ﾟ), inclusive,
		// then set it to the index code point for codePoint − 0xFF61 in index
		// ISO-2022-JP katakana.
		if 0xFF61 <= c && c <= 0xFF9F {
			c = rune(iso2022JPKatakana[c-0xFF61])
		}
		// 10. Let pointer be the index pointer for codePoint in index jis0208.
		p, ok := e.jis0208Pointer(c)
		// 11. If pointer is null:
		if !ok {
			// 11.1. If ISO-2022-JP encoder state is jis0208, then restore
			// codePoint to ioQueue, set ISO-2022-JP encoder state to ASCII,
			// and return three bytes 0x1B 0x28 0x42.
			if e.state == iso2022JPJIS0208 {
				dst = append(dst, 0x1B, '(', 'B')
				e.state = iso2022JPASCII
				continue
			}
			// 11.2. Return error with codePoint.
			return dst, c
		}
		// 12. If ISO-2022-JP encoder state is not jis0208, then restore
		// codePoint to ioQueue, set ISO-2022-JP encoder state to jis0208, and
		// return three bytes 0x1B 0x24 0x42.
		if e.state != iso2022JPJIS0208 {
			dst = append(dst, 0x1B, '$', 'B')
			e.state = iso2022JPJIS0208
		}
		// 13.-15. Return two bytes pointer / 94 + 0x21 and pointer % 94 +
		// 0x21.
		return append(dst, byte(p/94+0x21), byte(p%94+0x21)), noError
	}
}

// iso2022JPKatakana is index ISO-2022-JP katakana
// (https://encoding.spec.whatwg.org/#index-iso-2022-jp-katakana): U+FF61 to
// U+FF9F, half-width katakana, to their full-width forms as NFKC maps them,
// except that U+FF9E and U+FF9F map to U+309B and U+309C.
var iso2022JPKatakana = [...]uint16{
	0x3002, 0x300C, 0x300D, 0x3001, 0x30FB, 0x30F2, 0x30A1, 0x30A3,
	0x30A5, 0x30A7, 0x30A9, 0x30E3, 0x30E5, 0x30E7, 0x30C3, 0x30FC,
	0x30A2, 0x30A4, 0x30A6, 0x30A8, 0x30AA, 0x30AB, 0x30AD, 0x30AF,
	0x30B1, 0x30B3, 0x30B5, 0x30B7, 0x30B9, 0x30BB, 0x30BD, 0x30BF,
	0x30C1, 0x30C4, 0x30C6, 0x30C8, 0x30CA, 0x30CB, 0x30CC, 0x30CD,
	0x30CE, 0x30CF, 0x30D2, 0x30D5, 0x30D8, 0x30DB, 0x30DE, 0x30DF,
	0x30E0, 0x30E1, 0x30E2, 0x30E4, 0x30E6, 0x30E8, 0x30E9, 0x30EA,
	0x30EB, 0x30EC, 0x30ED, 0x30EF, 0x30F3, 0x309B, 0x309C,
}

// encodeShiftJIS implements the Shift_JIS encoder
// (https://encoding.spec.whatwg.org/#shift_jis-encoder).
func (e *legacyEncoder) encodeShiftJIS(dst []byte, r rune) ([]byte, rune) {
	switch {
	// 2. If codePoint is an ASCII code point or U+0080, then return a byte
	// whose value is codePoint.
	case r <= 0x80:
		return append(dst, byte(r)), noError
	// 3. If codePoint is U+00A5 (¥), then return byte 0x5C.
	case r == 0xA5:
		return append(dst, 0x5C), noError
	// 4. If codePoint is U+203E (‾), then return byte 0x7E.
	case r == 0x203E:
		return append(dst, 0x7E), noError
	// 5. If codePoint is in the range U+FF61 (｡) to U+FF9F (ﾟ), inclusive,
	// then return a byte whose value is codePoint − 0xFF61 + 0xA1.
	case 0xFF61 <= r && r <= 0xFF9F:
		return append(dst, byte(r-0xFF61+0xA1)), noError
	// 6. If codePoint is U+2212 (−), then set it to U+FF0D (－).
	case r == 0x2212:
		r = 0xFF0D
	}
	// 7. Let pointer be the index Shift_JIS pointer for codePoint: the index
	// pointer in index jis0208 excluding all entries whose pointer is in the
	// range 8272 to 8835, inclusive.
	var buf [4]byte
	out, ok := e.lookup(buf[:0], r)
	// 8. If pointer is null, then return error with codePoint.
	if !ok || len(out) != 2 {
		return dst, r
	}
	lead, trail := int(out[0]), int(out[1])
	leadOffset, offset := 0x81, 0x40
	if lead >= 0xA0 {
		leadOffset = 0xC1
	}
	if trail >= 0x7F {
		offset = 0x41
	}
	p := (lead-leadOffset)*188 + trail - offset
	if 8272 <= p && p <= 8835 {
		// x/text took the first pointer, one of the NEC-selected IBM
		// extensions (rows 89 to 92); each is also among the IBM extensions
		// (rows 115 to 119), where the standard takes it from.
		switch {
		case p <= 8633: // 360 kanji from 0xED 0x40
			p += 10744 - 8272
		case p <= 8643: // U+2170 to U+2179 from 0xEE 0xEF
			p += 10716 - 8634
		case p <= 8647: // U+FFE2, U+FFE4, U+FF07, U+FF02 from 0xEE 0xF9
			p += 10736 - 8644
		default:
			return dst, r
		}
	}
	// 9.-13. Return two bytes: pointer / 188 plus 0x81 if that is less than
	// 0x1F, otherwise 0xC1; and pointer % 188 plus 0x40 if that is less than
	// 0x3F, otherwise 0x41.
	lead, trail = p/188, p%188
	leadOffset, offset = 0x81, 0x40
	if lead >= 0x1F {
		leadOffset = 0xC1
	}
	if trail >= 0x3F {
		offset = 0x41
	}
	return append(dst, byte(lead+leadOffset), byte(trail+offset)), noError
}
