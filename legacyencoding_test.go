package url

import (
	"bytes"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/encoding/unicode/utf32"

	"github.com/webstd/url/internal/infra"
)

// The tests in this file check legacyEncoder against the Encoding Standard's
// encoder steps for every code point. The indexes come from x/text's decoders
// (an index maps pointers to code points, which is what a decoder does), and
// the expected bytes from the standard's rules for choosing a pointer.

// newTestEncoder returns a legacyEncoder for the encoding label names.
func newTestEncoder(t *testing.T, label string) *legacyEncoder {
	t.Helper()
	enc, err := htmlindex.Get(label)
	if err != nil {
		t.Fatal(err)
	}
	return newLegacyEncoder(enc)
}

// encodeAll encodes r with e and then end-of-queue.
func encodeAll(e *legacyEncoder, r rune) ([]byte, rune) {
	out, errRune := e.encode(nil, r)
	return e.finish(out), errRune
}

// decodeIndex decodes the bytes of each pointer below n with x/text's decoder
// for label and returns the code point of each pointer, or -1 where there is
// none.
func decodeIndex(t *testing.T, label string, n int, bytesOf func(pointer int) []byte) []rune {
	t.Helper()
	enc, err := htmlindex.Get(label)
	if err != nil {
		t.Fatal(err)
	}
	dec := enc.NewDecoder()
	index := make([]rune, n)
	for p := range index {
		index[p] = -1
		s, err := dec.Bytes(bytesOf(p))
		if err != nil {
			continue
		}
		r, size := utf8.DecodeRune(s)
		if size == len(s) && r != utf8.RuneError {
			index[p] = r
		}
	}
	return index
}

// firstPointers returns the first pointer of each code point of index for
// which keep is true.
func firstPointers(index []rune, keep func(pointer int) bool) map[rune]int {
	m := make(map[rune]int)
	for p, r := range index {
		if r < 0 || !keep(p) {
			continue
		}
		if _, ok := m[r]; !ok {
			m[r] = p
		}
	}
	return m
}

// checkEncoder compares the encoder for label with want for every code point
// up to U+FFFF and those of extra. want returns the bytes and the error code
// point (noError if none) that the standard's encoder returns for r.
func checkEncoder(t *testing.T, label string, extra []rune, want func(r rune) ([]byte, rune)) {
	t.Helper()
	e := newTestEncoder(t, label)
	bad := 0
	check := func(r rune) {
		got, gotErr := encodeAll(e, r)
		wantBytes, wantErr := want(r)
		if !bytes.Equal(got, wantBytes) || gotErr != wantErr {
			bad++
			if bad <= 20 {
				t.Errorf("%s: encode %U = % X, error %d; want % X, error %d", label, r, got, gotErr, wantBytes, wantErr)
			}
		}
	}
	for r := rune(0); r <= 0xFFFF; r++ {
		if 0xD800 <= r && r <= 0xDFFF {
			continue
		}
		check(r)
	}
	for _, r := range extra {
		check(r)
	}
	if bad > 20 {
		t.Errorf("%s: %d code points wrong", label, bad)
	}
}

func TestLegacyEncoderSingleByte(t *testing.T) {
	labels := []string{
		"ibm866", "iso-8859-2", "iso-8859-3", "iso-8859-4", "iso-8859-5", "iso-8859-6",
		"iso-8859-7", "iso-8859-8", "iso-8859-8-i", "iso-8859-10", "iso-8859-13",
		"iso-8859-14", "iso-8859-15", "iso-8859-16", "koi8-r", "koi8-u", "macintosh",
		"windows-874", "windows-1250", "windows-1251", "windows-1252", "windows-1253",
		"windows-1254", "windows-1255", "windows-1256", "windows-1257", "windows-1258",
		"x-mac-cyrillic", "x-user-defined",
	}
	for _, label := range labels {
		t.Run(label, func(t *testing.T) {
			// The single-byte decoder: index single-byte at byte − 0x80.
			// x/text leaves out the index's C1 controls, each at the byte of
			// its value (see TestSingleByteIndexes).
			index := decodeIndex(t, label, 128, func(p int) []byte { return []byte{byte(p + 0x80)} })
			if label != "x-user-defined" {
				for p := 0; p < 0x20; p++ {
					if index[p] < 0 {
						index[p] = rune(p + 0x80)
					}
				}
			}
			first := firstPointers(index, func(int) bool { return true })
			checkEncoder(t, label, []rune{0x10000, 0x10FFFF}, func(r rune) ([]byte, rune) {
				// 2. If codePoint is an ASCII code point, then return a byte
				// whose value is codePoint.
				if r < 0x80 {
					return []byte{byte(r)}, noError
				}
				// 3.-5. The index pointer for codePoint in index single-byte,
				// plus 0x80, or error.
				if p, ok := first[r]; ok {
					return []byte{byte(p + 0x80)}, noError
				}
				return nil, r
			})
		})
	}
}

// TestSingleByteIndexes checks entries of the standard's single-byte indexes
// (its index-*.txt files) around the C1 controls.
func TestSingleByteIndexes(t *testing.T) {
	for _, tc := range []struct {
		label string
		r     rune
		want  string // "" for error
	}{
		{"windows-1252", 0x80, ""},
		{"windows-1252", 0x20AC, "\x80"},
		{"windows-1252", 0x81, "\x81"},
		{"windows-1252", 0x8D, "\x8D"},
		{"windows-1252", 0x9D, "\x9D"},
		{"windows-1252", 0x85, ""}, // 0x85 is U+2026
		{"windows-1253", 0x81, "\x81"},
		{"windows-1253", 0xAA, ""},
		{"windows-1257", 0x9F, "\x9F"},
		{"windows-1257", 0xA1, ""},
		{"windows-874", 0x84, "\x84"},
		{"iso-8859-8", 0x80, "\x80"},
		{"iso-8859-8", 0x9F, "\x9F"},
		{"iso-8859-8", 0xA1, ""},
		{"iso-8859-2", 0x90, "\x90"},
		{"koi8-r", 0x80, ""},
		{"x-user-defined", 0x80, ""},
		{"euc-kr", 0x81, ""},
	} {
		got, errRune := encodeAll(newTestEncoder(t, tc.label), tc.r)
		if string(got) != tc.want || (tc.want == "") != (errRune == tc.r) {
			t.Errorf("%s: encode %U = % X, error %d; want % X", tc.label, tc.r, got, errRune, tc.want)
		}
	}
}

func TestLegacyEncoderEUCKR(t *testing.T) {
	bytesOf := func(p int) []byte { return []byte{byte(p/190 + 0x81), byte(p%190 + 0x41)} }
	index := decodeIndex(t, "euc-kr", 126*190, bytesOf)
	first := firstPointers(index, func(int) bool { return true })
	checkEncoder(t, "euc-kr", nil, func(r rune) ([]byte, rune) {
		if r < 0x80 {
			return []byte{byte(r)}, noError
		}
		if p, ok := first[r]; ok {
			return bytesOf(p), noError
		}
		return nil, r
	})
}

func TestLegacyEncoderBig5(t *testing.T) {
	bytesOf := func(p int) []byte {
		trail := p % 157
		offset := 0x40
		if trail >= 0x3F {
			offset = 0x62
		}
		return []byte{byte(p/157 + 0x81), byte(trail + offset)}
	}
	index := decodeIndex(t, "big5", 126*157, bytesOf)
	// The index Big5 pointer: index Big5 without pointers below
	// (0xA1 − 0x81) × 157; the last pointer for six code points, the first
	// for the others.
	keep := func(p int) bool { return p >= (0xA1-0x81)*157 }
	first := firstPointers(index, keep)
	for p, r := range index {
		switch r {
		case 0x2550, 0x255E, 0x2561, 0x256A, 0x5341, 0x5345:
			if keep(p) {
				first[r] = p
			}
		}
	}
	var astral []rune
	for _, r := range index {
		if r > 0xFFFF {
			astral = append(astral, r)
		}
	}
	checkEncoder(t, "big5", astral, func(r rune) ([]byte, rune) {
		if r < 0x80 {
			return []byte{byte(r)}, noError
		}
		if p, ok := first[r]; ok {
			return bytesOf(p), noError
		}
		return nil, r
	})
}

// jis0208 returns index jis0208, read with x/text's EUC-JP decoder.
func jis0208(t *testing.T) []rune {
	return decodeIndex(t, "euc-jp", 94*94, func(p int) []byte {
		return []byte{byte(p/94 + 0xA1), byte(p%94 + 0xA1)}
	})
}

func TestLegacyEncoderEUCJP(t *testing.T) {
	first := firstPointers(jis0208(t), func(int) bool { return true })
	checkEncoder(t, "euc-jp", []rune{0x20B9F, 0x10000}, func(r rune) ([]byte, rune) {
		switch {
		case r < 0x80:
			return []byte{byte(r)}, noError
		case r == 0xA5:
			return []byte{0x5C}, noError
		case r == 0x203E:
			return []byte{0x7E}, noError
		case 0xFF61 <= r && r <= 0xFF9F:
			return []byte{0x8E, byte(r - 0xFF61 + 0xA1)}, noError
		case r == 0x2212:
			r = 0xFF0D
		}
		if p, ok := first[r]; ok {
			return []byte{byte(p/94 + 0xA1), byte(p%94 + 0xA1)}, noError
		}
		return nil, r
	})
}

func TestLegacyEncoderShiftJIS(t *testing.T) {
	bytesOf := func(p int) []byte {
		lead, trail := p/188, p%188
		leadOffset, offset := 0x81, 0x40
		if lead >= 0x1F {
			leadOffset = 0xC1
		}
		if trail >= 0x3F {
			offset = 0x41
		}
		return []byte{byte(lead + leadOffset), byte(trail + offset)}
	}
	// index jis0208 as the Shift_JIS decoder reads it, without the EUDC
	// pointers 8836 to 10715 that the decoder maps to private use.
	index := decodeIndex(t, "shift_jis", 60*188, bytesOf)
	for p := 8836; p <= 10715; p++ {
		index[p] = -1
	}
	// It is the index EUC-JP reads.
	for p, r := range jis0208(t) {
		if r != index[p] {
			t.Fatalf("index jis0208 pointer %d: EUC-JP %U, Shift_JIS %U", p, r, index[p])
		}
	}
	// The index Shift_JIS pointer: index jis0208 excluding all entries whose
	// pointer is in the range 8272 to 8835, inclusive.
	first := firstPointers(index, func(p int) bool { return p < 8272 || p > 8835 })
	checkEncoder(t, "shift_jis", []rune{0x10000}, func(r rune) ([]byte, rune) {
		switch {
		case r <= 0x80:
			return []byte{byte(r)}, noError
		case r == 0xA5:
			return []byte{0x5C}, noError
		case r == 0x203E:
			return []byte{0x7E}, noError
		case 0xFF61 <= r && r <= 0xFF9F:
			return []byte{byte(r - 0xFF61 + 0xA1)}, noError
		case r == 0x2212:
			r = 0xFF0D
		}
		if p, ok := first[r]; ok {
			return bytesOf(p), noError
		}
		return nil, r
	})
}

func TestLegacyEncoderISO2022JP(t *testing.T) {
	first := firstPointers(jis0208(t), func(int) bool { return true })
	// One code point from the initial state, then end-of-queue.
	checkEncoder(t, "iso-2022-jp", []rune{0x10000}, func(r rune) ([]byte, rune) {
		switch {
		case r == 0x0E || r == 0x0F || r == 0x1B:
			return nil, utf8.RuneError
		case r < 0x80:
			return []byte{byte(r)}, noError
		case r == 0xA5:
			return []byte{0x1B, '(', 'J', 0x5C, 0x1B, '(', 'B'}, noError
		case r == 0x203E:
			return []byte{0x1B, '(', 'J', 0x7E, 0x1B, '(', 'B'}, noError
		case r == 0x2212:
			r = 0xFF0D
		case 0xFF61 <= r && r <= 0xFF9F:
			r = rune(iso2022JPKatakana[r-0xFF61])
		}
		if p, ok := first[r]; ok {
			return []byte{0x1B, '$', 'B', byte(p/94 + 0x21), byte(p%94 + 0x21), 0x1B, '(', 'B'}, noError
		}
		return nil, r
	})

	// Sequences, through the state changes.
	for _, tc := range []struct {
		in   string
		want string
	}{
		{"a¥b", "a%1B(J\\b%1B(B"},
		{"‾~", "%1B(J~%1B(B~"},
		{"¥\\", "%1B(J\\%1B(B\\"},
		{"日本a", "%1B$BF|K\\%1B(Ba"},
		{"日\x0E", "%1B$BF|%1B(B%26%2365533%3B"},
		{"¥\x1Ba", "%1B(J\\%26%2365533%3Ba%1B(B"},
		{"日€本", "%1B$BF|%1B(B%26%238364%3B%1B$BK\\%1B(B"},
		{"ｱ−", "%1B$B%%22!]%1B(B"}, // ア is 0x25 0x22: "%" is not in the special-query set
		{"¥€", "%1B(J\\%26%238364%3B%1B(B"},
	} {
		got := string(appendPercentEncodeAfterEncoding(nil, newTestEncoderEncoding(t, "iso-2022-jp"), tc.in, infra.SpecialQuerySet, false))
		if got != tc.want {
			t.Errorf("ISO-2022-JP %q = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestLegacyEncoderGB18030(t *testing.T) {
	bytesOf := func(p int) []byte {
		trail := p % 190
		offset := 0x40
		if trail >= 0x3F {
			offset = 0x41
		}
		return []byte{byte(p/190 + 0x81), byte(trail + offset)}
	}
	index := decodeIndex(t, "gb18030", 126*190, bytesOf)

	// x/text's index has no entry for the private use code points of index
	// gb18030 and those that changed since GB18030-2000; gb18030Pointer
	// supplies them. Each hole must be filled once, by gb18030Pointer, or
	// twice at the 18 pointers GB18030-2022 changed (once for the code point
	// in the index, once for the private use code point of the encoder's
	// table), and nothing else.
	filled := make(map[int][]rune)
	for r := rune(0); r <= 0xFFFF; r++ {
		if p, ok := gb18030Pointer(r); ok {
			filled[p] = append(filled[p], r)
		}
	}
	for p, r := range index {
		n := len(filled[p])
		switch {
		case r >= 0 && n > 0:
			t.Errorf("pointer %d (% X) is %U in x/text's index, and gb18030Pointer gives it %U", p, bytesOf(p), r, filled[p])
		case r < 0 && n == 0:
			t.Errorf("pointer %d (% X) has no code point", p, bytesOf(p))
		case n == 2 && !(0x9FB4 <= filled[p][0] && filled[p][0] <= 0x9FBB || 0xE78D <= filled[p][0] && filled[p][0] <= 0xE796):
			t.Errorf("pointer %d (% X) given to %U", p, bytesOf(p), filled[p])
		case n > 2:
			t.Errorf("pointer %d (% X) given to %U", p, bytesOf(p), filled[p])
		}
	}

	// Entries of index gb18030 (the standard's index-gb18030.txt), pointer
	// and code point, around the private use areas, and the changes of
	// GB18030-2005 and GB18030-2022.
	for _, entry := range []struct {
		pointer int
		r       rune
	}{
		{6269, 0x3013}, {6270, 0xE526}, {6365, 0xE585}, {6366, 0x2170},
		{6375, 0x2179}, {6376, 0xE766}, {6381, 0xE76B}, {6382, 0x2488},
		{6432, 0x20AC}, {6433, 0xE76D}, {6444, 0xE76E}, {6445, 0xE76F},
		{6458, 0xE770}, {6459, 0xE771}, {6460, 0xE586}, {6554, 0xE5E4},
		{6650, 0xE5E6}, {7228, 0xE70E}, {7315, 0xE765},
		{7349, 0xE7A0}, {7363, 0xE7AE}, {7397, 0xE7AF}, {7409, 0xE7BB},
		{7495, 0xE7BC}, {7505, 0xE7C6}, {7533, 0x1E3F}, {7536, 0x01F9},
		{7538, 0xE7C9}, {7541, 0xE7CC}, {7579, 0xE7CD}, {7599, 0xE7E1},
		{7624, 0xE7E2}, {7627, 0xE7E3}, {7629, 0xE7E4}, {7631, 0xE7E6},
		{7775, 0xE801}, {7789, 0xE80F}, {7886, 0xE000}, {7979, 0xE05D},
		{8076, 0xE05E}, {8169, 0xE0BB},
		{7182, 0xFE10}, {7183, 0xFE12}, {7184, 0xFE11}, {7208, 0xFE19},
		{23775, 0x9FB4}, {23845, 0x9FBB},
	} {
		for _, label := range []string{"gb18030", "gbk"} {
			if label == "gbk" && entry.r == 0x20AC {
				continue // GBK's encoder writes 0x80
			}
			got, errRune := encodeAll(newTestEncoder(t, label), entry.r)
			if want := bytesOf(entry.pointer); !bytes.Equal(got, want) || errRune != noError {
				t.Errorf("%s: encode %U = % X (error %d), want % X", label, entry.r, got, errRune, want)
			}
		}
	}

	// The table of step 5 of the gb18030 encoder.
	for r, b := range map[rune]string{
		0xE78D: "\xA6\xD9", 0xE78E: "\xA6\xDA", 0xE78F: "\xA6\xDB", 0xE790: "\xA6\xDC",
		0xE791: "\xA6\xDD", 0xE792: "\xA6\xDE", 0xE793: "\xA6\xDF", 0xE794: "\xA6\xEC",
		0xE795: "\xA6\xED", 0xE796: "\xA6\xF3", 0xE81E: "\xFE\x59", 0xE826: "\xFE\x61",
		0xE82B: "\xFE\x66", 0xE82C: "\xFE\x67", 0xE832: "\xFE\x6D", 0xE843: "\xFE\x7E",
		0xE854: "\xFE\x90", 0xE864: "\xFE\xA0",
	} {
		for _, label := range []string{"gb18030", "gbk"} {
			if got, _ := encodeAll(newTestEncoder(t, label), r); string(got) != b {
				t.Errorf("%s: encode %U = % X, want % X", label, r, got, b)
			}
		}
	}

	// Every code point against the standard's steps, with the four-byte
	// sequences checked by decoding them back with x/text.
	// Where two code points have the same pointer, one is in the index and
	// the other, private use, in the table of step 5 of the encoder.
	table5 := make(map[rune]int)
	for p, rs := range filled {
		for _, r := range rs {
			if len(rs) == 2 && 0xE000 <= r && r <= 0xF8FF {
				table5[r] = p
			} else {
				index[p] = r
			}
		}
	}
	first := firstPointers(index, func(int) bool { return true })
	for r, p := range table5 {
		first[r] = p
	}
	dec := newTestEncoderEncoding(t, "gb18030").NewDecoder()
	for _, isGBK := range []bool{false, true} {
		label := "gb18030"
		if isGBK {
			label = "gbk"
		}
		e := newTestEncoder(t, label)
		bad := 0
		for r := rune(0); r <= 0x10FFFF; r++ {
			if 0xD800 <= r && r <= 0xDFFF || r > 0x10000 && r < 0x10FFFF && r&0xFFF != 0 {
				continue
			}
			got, errRune := encodeAll(e, r)
			var err string
			switch p, ok := first[r]; {
			case r < 0x80:
				if string(got) != string(rune(r)) {
					err = "not ASCII"
				}
			case r == 0xE5E5:
				if errRune != r {
					err = "no error"
				}
			case isGBK && r == 0x20AC:
				if string(got) != "\x80" {
					err = "not 0x80"
				}
			case ok:
				if !bytes.Equal(got, bytesOf(p)) || errRune != noError {
					err = fmt.Sprintf("want % X", bytesOf(p))
				}
			case isGBK:
				if errRune != r {
					err = "no error"
				}
			case r == 0xE7C7:
				if string(got) != "\x81\x35\xF4\x37" {
					err = "want 81 35 F4 37"
				}
			default:
				back, _ := dec.Bytes(got)
				if len(got) != 4 || string(back) != string(r) || errRune != noError {
					err = fmt.Sprintf("decodes to %+q", back)
				}
			}
			if err != "" {
				bad++
				if bad <= 20 {
					t.Errorf("%s: encode %U = % X, error %d: %s", label, r, got, errRune, err)
				}
			}
		}
	}
}

// newTestEncoderEncoding returns the encoding label names.
func newTestEncoderEncoding(t *testing.T, label string) encoding.Encoding {
	t.Helper()
	enc, err := htmlindex.Get(label)
	if err != nil {
		t.Fatal(err)
	}
	return enc
}

// TestLegacyEncoderSpecialCases checks a few code points of each encoding
// through appendPercentEncodeAfterEncoding.
func TestLegacyEncoderSpecialCases(t *testing.T) {
	for _, tc := range []struct {
		label string
		in    string
		want  string
	}{
		{"gbk", "€", "%80"},
		{"gb18030", "€", "%A2%E3"},
		{"gb18030", "\U00010000\U0010FFFF", "%900%810%E32%9A5"},
		{"gbk", "\U00010000", "%26%2365536%3B"},
		{"gb18030", "\uE5E5", "%26%2358853%3B"},
		{"shift_jis", "\u0080¥‾ｱ−", "%80\\~%B1%81|"},
		{"shift_jis", "ⅰ纊\uE000", "%FA@%FA\\%26%2357344%3B"},
		{"euc-jp", "¥‾ｱ−˘", "\\~%8E%B1%A1%DD%26%23728%3B"},
		{"big5", "䏰═十", "%26%2317392%3B%F9%F9%A4Q"},
		{"windows-1252", "€\u0081\u0100", "%80%81%26%23256%3B"},
		{"x-user-defined", "\uF780\u0080", "%80%26%23128%3B"},
	} {
		got := string(appendPercentEncodeAfterEncoding(nil, newTestEncoderEncoding(t, tc.label), tc.in, infra.SpecialQuerySet, false))
		if got != tc.want {
			t.Errorf("%s %q = %q, want %q", tc.label, tc.in, got, tc.want)
		}
	}
}

// TestLegacyEncodingsNotImported checks that package url does not import the
// x/text packages that hold the legacy encodings' tables, nor htmlindex,
// whose table of every encoding links them all: a program links them only
// when it names an encoding itself (as Parser.Encoding), and pays only for
// the encodings it names.
func TestLegacyEncodingsNotImported(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	deps := strings.Fields(string(out))
	for _, pkg := range []string{
		"golang.org/x/text/encoding/htmlindex",
		"golang.org/x/text/encoding/ianaindex",
		"golang.org/x/text/encoding/charmap",
		"golang.org/x/text/encoding/japanese",
		"golang.org/x/text/encoding/korean",
		"golang.org/x/text/encoding/simplifiedchinese",
		"golang.org/x/text/encoding/traditionalchinese",
		"golang.org/x/text/language",
	} {
		if slices.Contains(deps, pkg) {
			t.Errorf("package url imports %s", pkg)
		}
	}
}

// TestEncodingName checks that encodingName names every encoding of x/text
// as htmlindex.Name does, so that the encoders and "get an output encoding"
// treat each encoding as they did when they asked htmlindex.
func TestEncodingName(t *testing.T) {
	var all []encoding.Encoding
	for _, list := range [][]encoding.Encoding{charmap.All, japanese.All, korean.All, simplifiedchinese.All, traditionalchinese.All, unicode.All, utf32.All} {
		all = append(all, list...)
	}
	for _, order := range []unicode.Endianness{unicode.BigEndian, unicode.LittleEndian} {
		for _, bom := range []unicode.BOMPolicy{unicode.IgnoreBOM, unicode.UseBOM, unicode.ExpectBOM} {
			all = append(all, unicode.UTF16(order, bom))
		}
	}
	all = append(all, encoding.Replacement, unicode.UTF8BOM, encoding.Nop, otherEncoding{charmap.Windows1252}, namedEncoding{charmap.Windows1252})
	for _, label := range []string{"iso-2022-kr", "hz-gb-2312", "x-user-defined", "latin1", "sjis"} {
		all = append(all, newTestEncoderEncoding(t, label))
	}
	n := 0
	for _, enc := range all {
		want, err := htmlindex.Name(enc)
		if err == nil {
			n++
		}
		if got := encodingName(enc); got != want {
			t.Errorf("encodingName(%v) = %q, want %q (htmlindex.Name)", enc, got, want)
		}
	}
	if n < 40 {
		t.Errorf("only %d of the %d encodings are in htmlindex", n, len(all))
	}
}

// otherEncoding is an encoding that x/text does not define, and namedEncoding
// one whose String is the name of one of x/text's.
type (
	otherEncoding struct{ encoding.Encoding }
	namedEncoding struct{ encoding.Encoding }
)

func (namedEncoding) String() string { return "Windows 1252" }
