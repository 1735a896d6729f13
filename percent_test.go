package url

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/unicode"

	"github.com/webstd/url/internal/infra"
)

// TestPercentEncodeSets checks every byte of every set against a reference
// written out from the standard's text: the printable ASCII characters each
// set adds to the C0 control percent-encode set, listed in full rather than
// derived set from set as byteClass is.
func TestPercentEncodeSets(t *testing.T) {
	sets := []struct {
		name      string
		set       infra.EncodeSet
		printable string // the bytes 0x20 to 0x7E in the set
	}{
		{"C0 control", infra.C0ControlSet, ""},
		{"fragment", infra.FragmentSet, " \"<>`"},
		{"query", infra.QuerySet, " \"#<>"},
		{"special-query", infra.SpecialQuerySet, " \"#'<>"},
		{"path", infra.PathSet, " \"#<>?^`{}"},
		{"userinfo", infra.UserinfoSet, " \"#/:;<=>?@[\\]^`{|}"},
		{"component", infra.ComponentSet, " \"#$%&+,/:;<=>?@[\\]^`{|}"},
		{"application/x-www-form-urlencoded", infra.FormURLEncodedSet, " !\"#$%&'()+,/:;<=>?@[\\]^`{|}~"},
	}
	for _, tc := range sets {
		for b := 0; b < 256; b++ {
			want := b < 0x20 || b > 0x7E || strings.IndexByte(tc.printable, byte(b)) >= 0
			if got := tc.set.Contains(byte(b)); got != want {
				t.Errorf("%s set contains %#02x = %v, want %v", tc.name, b, got, want)
			}
		}
	}

	// Two more references in other words. The standard's note: the
	// application/x-www-form-urlencoded set contains all code points except
	// the ASCII alphanumerics, U+002A (*), U+002D (-), U+002E (.), and
	// U+005F (_). And ECMAScript's encodeURIComponent leaves exactly the
	// ASCII alphanumerics and -_.!~*'() unescaped.
	isAlnum := func(b byte) bool {
		return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9'
	}
	for b := 0; b < 256; b++ {
		c := byte(b)
		if got, want := infra.FormURLEncodedSet.Contains(c), !isAlnum(c) && strings.IndexByte("*-._", c) < 0; got != want {
			t.Errorf("form set contains %#02x = %v, want %v (the standard's note)", b, got, want)
		}
		if got, want := infra.ComponentSet.Contains(c), !isAlnum(c) && strings.IndexByte("-_.!~*'()", c) < 0; got != want {
			t.Errorf("component set contains %#02x = %v, want %v (encodeURIComponent)", b, got, want)
		}
	}
}

// TestPercentEncodeOperations runs the standard's table of examples
// (url.bs, example-percent-encode-operations).
func TestPercentEncodeOperations(t *testing.T) {
	// Percent-encode a byte.
	for _, tc := range []struct {
		b    byte
		want string
	}{{0x23, "%23"}, {0x7F, "%7F"}} {
		if got := string(appendPercentEncodedByte(nil, tc.b)); got != tc.want {
			t.Errorf("percent-encode %#02x = %q, want %q", tc.b, got, tc.want)
		}
	}
	// Percent-decode a byte sequence and a string.
	if got, want := percentDecode("%25%s%1G"), "%%s%1G"; string(got) != want {
		t.Errorf("percent-decode %q = %q, want %q", "%25%s%1G", got, want)
	}
	if got, want := percentDecode("‽%25%2E"), []byte{0xE2, 0x80, 0xBD, 0x25, 0x2E}; !bytes.Equal(got, want) {
		t.Errorf("percent-decode %q = % X, want % X", "‽%25%2E", got, want)
	}
	// Percent-encode after encoding.
	shiftJIS, iso2022JP := japanese.ShiftJIS, japanese.ISO2022JP
	for _, tc := range []struct {
		enc   encoding.Encoding
		input string
		set   infra.EncodeSet
		want  string
	}{
		{shiftJIS, " ", infra.SpecialQuerySet, "%20"},
		{shiftJIS, "≡", infra.SpecialQuerySet, "%81%DF"},
		{shiftJIS, "‽", infra.SpecialQuerySet, "%26%238253%3B"},
		{iso2022JP, "¥", infra.SpecialQuerySet, "%1B(J\\%1B(B"},
		{shiftJIS, "1+1 ≡ 2%20‽", infra.FormURLEncodedSet, "1%2B1+%81%DF+2%2520%26%238253%3B"},
		// UTF-8 percent-encode, a code point and a string, userinfo set.
		{nil, "≡", infra.UserinfoSet, "%E2%89%A1"},
		{nil, "‽", infra.UserinfoSet, "%E2%80%BD"},
		{nil, "Say what‽", infra.UserinfoSet, "Say%20what%E2%80%BD"},
	} {
		got := string(appendPercentEncodeAfterEncoding(nil, tc.enc, tc.input, tc.set, tc.set == infra.FormURLEncodedSet))
		if got != tc.want {
			t.Errorf("percent-encode after encoding %q = %q, want %q", tc.input, got, tc.want)
		}
	}
}

// invalidUTF8Tests are inputs with invalid UTF-8 and how the Encoding
// Standard's UTF-8 decoder reads them: one U+FFFD per maximal subpart.
var invalidUTF8Tests = []struct {
	in, want string
}{
	{"\x80", "\uFFFD"},
	{"\xBF", "\uFFFD"},
	{"a\xFFb", "a\uFFFDb"},
	{"\xC0\x80", "\uFFFD\uFFFD"},           // overlong: C0 never starts a sequence
	{"\xC1\xBF", "\uFFFD\uFFFD"},           // overlong
	{"\xC2", "\uFFFD"},                     // truncated
	{"\xC2A", "\uFFFDA"},                   // truncated
	{"\xE0\x80\x80", "\uFFFD\uFFFD\uFFFD"}, // overlong: E0 needs A0..BF
	{"\xE0\xA0", "\uFFFD"},                 // truncated, one maximal subpart
	{"\xE2\x82", "\uFFFD"},
	{"\xE2\x82A", "\uFFFDA"},
	{"\xE2\x82\xE2\x82\xAC", "\uFFFD€"},
	{"\xED\xA0\x80", "\uFFFD\uFFFD\uFFFD"},           // surrogate U+D800: ED needs 80..9F
	{"\xED\xBF\xBF", "\uFFFD\uFFFD\uFFFD"},           // surrogate U+DFFF
	{"\xED\x9F\xBF", "\uD7FF"},                       // valid: U+D7FF
	{"\xF0\x80\x80\x80", "\uFFFD\uFFFD\uFFFD\uFFFD"}, // overlong: F0 needs 90..BF
	{"\xF0\x90\x80", "\uFFFD"},                       // truncated: one U+FFFD of three bytes
	{"\xF0\x90\x80A", "\uFFFDA"},
	{"\xF0\x90\x80\x80", "\U00010000"},
	{"\xF4\x8F\xBF\xBF", "\U0010FFFF"},
	{"\xF4\x90\x80\x80", "\uFFFD\uFFFD\uFFFD\uFFFD"}, // above U+10FFFF: F4 needs 80..8F
	{"\xF5\x80\x80\x80", "\uFFFD\uFFFD\uFFFD\uFFFD"}, // F5 never starts a sequence
	{"\xF8\x88\x80\x80\x80", "\uFFFD\uFFFD\uFFFD\uFFFD\uFFFD"},
	{"\xFE\xFF", "\uFFFD\uFFFD"},
	{"\uFFFD\xFF\uFFFD", "\uFFFD\uFFFD\uFFFD"}, // a valid U+FFFD stays
	{"€\xE2\x82", "€\uFFFD"},
}

func TestDecodeRune(t *testing.T) {
	for _, tc := range invalidUTF8Tests {
		var got []rune
		var sizes []int
		for s := tc.in; s != ""; {
			r, n := infra.DecodeRune(s)
			if n <= 0 || n > len(s) {
				t.Fatalf("decodeRune(%q) size %d", s, n)
			}
			got = append(got, r)
			sizes = append(sizes, n)
			s = s[n:]
		}
		if string(got) != tc.want {
			t.Errorf("decodeRune over %q = %q (sizes %v), want %q", tc.in, string(got), sizes, tc.want)
		}
	}
	for _, tc := range []struct {
		in   string
		r    rune
		size int
	}{
		{"", utf8.RuneError, 0},
		{"\xF0\x90\x80", utf8.RuneError, 3},
		{"\xF0\x90\x80A", utf8.RuneError, 3},
		{"\xC0\x80", utf8.RuneError, 1},
		{"\xED\xA0\x80", utf8.RuneError, 1},
		{"\xE2\x82", utf8.RuneError, 2},
		{"\xEF\xBF\xBD", utf8.RuneError, 3}, // U+FFFD itself
		{"é", 'é', 2},
	} {
		if r, size := infra.DecodeRune(tc.in); r != tc.r || size != tc.size {
			t.Errorf("decodeRune(%q) = %U, %d; want %U, %d", tc.in, r, size, tc.r, tc.size)
		}
	}
}

func TestToWellFormed(t *testing.T) {
	for _, tc := range invalidUTF8Tests {
		if got := infra.ToWellFormed(tc.in); got != tc.want {
			t.Errorf("toWellFormed(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	// Valid input comes back as it is.
	for _, s := range []string{"", "abc", "€‽\U0001F308", "\uFFFD"} {
		if got := infra.ToWellFormed(s); got != s || len(s) > 0 && unsafe.StringData(got) != unsafe.StringData(s) {
			t.Errorf("toWellFormed(%q) = %q, want the same string", s, got)
		}
	}
}

func TestAppendPercentEncodedInvalidUTF8(t *testing.T) {
	for _, tc := range invalidUTF8Tests {
		want := string(appendPercentEncoded(nil, tc.want, infra.C0ControlSet))
		if got := string(appendPercentEncoded(nil, tc.in, infra.C0ControlSet)); got != want {
			t.Errorf("appendPercentEncoded(%q) = %q, want %q", tc.in, got, want)
		}
		if !needsPercentEncoding(tc.in, infra.C0ControlSet) {
			t.Errorf("needsPercentEncoding(%q) = false", tc.in)
		}
	}
	for _, tc := range []struct {
		in, want string
	}{
		{"\xF0\x90\x80", "%EF%BF%BD"},
		{"\xF0\x90\x80A", "%EF%BF%BDA"},
		{"\xC0\x80", "%EF%BF%BD%EF%BF%BD"},
		{"\xED\xA0\x80", "%EF%BF%BD%EF%BF%BD%EF%BF%BD"},
		{"a\xffb", "a%EF%BF%BDb"},
		{"\uD7FF", "%ED%9F%BF"},
	} {
		if got := string(appendPercentEncoded(nil, tc.in, infra.PathSet)); got != tc.want {
			t.Errorf("appendPercentEncoded(%q, path) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestAppendPercentEncoded(t *testing.T) {
	for _, tc := range []struct {
		in   string
		set  infra.EncodeSet
		want string
	}{
		{"", infra.PathSet, ""},
		{"abc", infra.PathSet, "abc"},
		{"/a b/%2F?", infra.PathSet, "/a%20b/%2F%3F"},
		{"\x00\x1F\x7F~", infra.C0ControlSet, "%00%1F%7F~"},
		{"a#b`c", infra.FragmentSet, "a#b%60c"},
		{"a#b`c'", infra.QuerySet, "a%23b`c'"},
		{"a#b`c'", infra.SpecialQuerySet, "a%23b`c%27"},
		{"user:pa@ss", infra.UserinfoSet, "user%3Apa%40ss"},
		{"a+b&c=d%", infra.ComponentSet, "a%2Bb%26c%3Dd%25"},
		{"ü", infra.PathSet, "%C3%BC"},
		{"日本", infra.QuerySet, "%E6%97%A5%E6%9C%AC"},
		{"\U0001F308", infra.FragmentSet, "%F0%9F%8C%88"},
		{"a b~", infra.FormURLEncodedSet, "a%20b%7E"},
	} {
		got := string(appendPercentEncoded([]byte("x"), tc.in, tc.set))
		if got != "x"+tc.want {
			t.Errorf("appendPercentEncoded(%q) = %q, want %q", tc.in, got, "x"+tc.want)
		}
		if needs := needsPercentEncoding(tc.in, tc.set); needs != (tc.in != tc.want) {
			t.Errorf("needsPercentEncoding(%q) = %v", tc.in, needs)
		}
	}
	// spaceAsPlus.
	if got, want := string(appendUTF8PercentEncoded(nil, "a b+c", infra.FormURLEncodedSet, true)), "a+b%2Bc"; got != want {
		t.Errorf("spaceAsPlus: got %q, want %q", got, want)
	}
}

func TestPercentDecode(t *testing.T) {
	for _, tc := range []struct {
		in, want string
	}{
		{"", ""},
		{"abc", "abc"},
		{"%", "%"},
		{"%4", "%4"},
		{"%41", "A"},
		{"%4a%4A", "JJ"},
		{"%%41", "%A"},
		{"%G1%41%", "%G1A%"},
		{"%E2%80%BD", "‽"},
		{"%ff", "\xff"},
		{"a+b", "a+b"},
		{"%2", "%2"},
		{"%zz%20", "%zz "},
	} {
		if got := string(PercentDecode(tc.in)); got != tc.want {
			t.Errorf("PercentDecode(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if got := PercentDecodeString(tc.in); got != tc.want {
			t.Errorf("PercentDecodeString(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestPercentEncodeComponent(t *testing.T) {
	for _, tc := range []struct {
		in, want string
	}{
		{"", ""},
		{"abc-_.!~*'()", "abc-_.!~*'()"},
		{"Say what‽ 1+1=2", "Say%20what%E2%80%BD%201%2B1%3D2"},
		{"a/b?c#d&e", "a%2Fb%3Fc%23d%26e"},
		{"100%", "100%25"},
		{"\xff", "%EF%BF%BD"},
		{"\U0001F308", "%F0%9F%8C%88"},
	} {
		got := PercentEncodeComponent(tc.in)
		if got != tc.want {
			t.Errorf("PercentEncodeComponent(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if utf8.ValidString(tc.in) {
			if back := PercentDecodeString(got); back != tc.in {
				t.Errorf("PercentDecodeString(PercentEncodeComponent(%q)) = %q", tc.in, back)
			}
		}
	}
}

func TestGetOutputEncoding(t *testing.T) {
	for _, label := range []string{"utf-8", "utf8", "unicode-1-1-utf-8", "utf-16", "utf-16le", "utf-16be", "replacement", "iso-2022-kr", "hz-gb-2312"} {
		enc, err := htmlindex.Get(label)
		if err != nil {
			t.Fatal(label, err)
		}
		if got := getOutputEncoding(enc); got != nil {
			t.Errorf("getOutputEncoding(%s) = %v, want nil (UTF-8)", label, got)
		}
	}
	for _, enc := range []encoding.Encoding{nil, unicode.UTF8, unicode.UTF8BOM, unicode.UTF16(unicode.BigEndian, unicode.UseBOM), unicode.UTF16(unicode.LittleEndian, unicode.IgnoreBOM), encoding.Replacement} {
		if got := getOutputEncoding(enc); got != nil {
			t.Errorf("getOutputEncoding(%v) = %v, want nil (UTF-8)", enc, got)
		}
	}
	for _, label := range []string{"windows-1252", "shift_jis", "iso-2022-jp", "gbk", "gb18030", "big5", "euc-kr", "x-user-defined"} {
		enc, _ := htmlindex.Get(label)
		if got := getOutputEncoding(enc); got != enc {
			t.Errorf("getOutputEncoding(%s) = %v, want the encoding itself", label, got)
		}
	}
	if got := getOutputEncoding(charmap.CodePage437); got != charmap.CodePage437 {
		t.Errorf("getOutputEncoding(CodePage437) = %v", got)
	}
}

func TestPercentAllocs(t *testing.T) {
	if raceEnabled {
		t.Skip("allocation counts are not meaningful under the race detector")
	}
	in := "/path/to/some file/ünïcödé/\xff/" + strings.Repeat("x", 100)
	dst := make([]byte, 0, 1024)
	checks := []struct {
		name string
		f    func()
	}{
		{"appendPercentEncoded", func() { dst = appendPercentEncoded(dst[:0], in, infra.PathSet) }},
		{"appendPercentEncoded/spaceAsPlus", func() { dst = appendUTF8PercentEncoded(dst[:0], in, infra.FormURLEncodedSet, true) }},
		{"appendPercentDecoded", func() { dst = appendPercentDecoded(dst[:0], "a%20b%zz%41") }},
		{"needsPercentEncoding", func() { _ = needsPercentEncoding(in, infra.PathSet) }},
		{"toWellFormed/valid", func() { _ = infra.ToWellFormed("ünïcödé") }},
		{"percentDecodeString/nothing", func() { _ = percentDecodeString("a%zz%") }},
		{"PercentEncodeComponent/nothing", func() { _ = PercentEncodeComponent("abc-_.!~*'()") }},
		{"decodeRune", func() { _, _ = infra.DecodeRune("\xF0\x90\x80A") }},
	}
	for _, c := range checks {
		if n := testing.AllocsPerRun(100, c.f); n != 0 {
			t.Errorf("%s: %v allocations, want 0", c.name, n)
		}
	}
}

// TestInlining checks that the helpers of the encoding loops inline, as
// netip's TestInlining does, those of internal/infra too.
func TestInlining(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the compiler")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	out, err := exec.Command(goCmd, "build", "-gcflags=-m", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, fn := range []string{"appendPercentEncodedByte", "utf16First"} {
		if !bytes.Contains(out, []byte("can inline "+fn)) {
			t.Errorf("%s does not inline", fn)
		}
	}
	// And the helpers of the bottom layer, across the package boundary.
	for _, fn := range []string{"infra.EncodeSet.Contains", "infra.HexDigitValue", "infra.IsPercentEncodedByteAt", "infra.PercentDecodedByte", "infra.LowerByte", "infra.IsASCIIHexDigit", "infra.Load64", "infra.ClassesOf"} {
		if !bytes.Contains(out, []byte("inlining call to "+fn)) {
			t.Errorf("%s is not inlined", fn)
		}
	}
}

func BenchmarkAppendPercentEncoded(b *testing.B) {
	for _, bc := range []struct{ name, in string }{
		{"ascii", "/some/path/segment/that/needs/no/encoding/at/all/index.html"},
		{"spaces", "/some path/with spaces/and more spaces/"},
		{"unicode", "/ünïcödé/日本語/\U0001F308/"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			dst := make([]byte, 0, 256)
			b.SetBytes(int64(len(bc.in)))
			b.ReportAllocs()
			for b.Loop() {
				dst = appendPercentEncoded(dst[:0], bc.in, infra.PathSet)
			}
		})
	}
}

// FuzzPercentEncode checks that percent-decoding undoes UTF-8
// percent-encoding with the component set, which encodes "%", for any input
// read as a scalar value string.
func FuzzPercentEncode(f *testing.F) {
	for _, tc := range invalidUTF8Tests {
		f.Add(tc.in)
	}
	f.Add("Say what‽ 1+1=2 %41")
	f.Fuzz(func(t *testing.T, s string) {
		w := infra.ToWellFormed(s)
		if !utf8.ValidString(w) || (w == s) != utf8.ValidString(s) {
			t.Fatalf("toWellFormed(%q) = %q", s, w)
		}
		enc := PercentEncodeComponent(s)
		if got := PercentDecodeString(enc); got != w {
			t.Fatalf("PercentDecodeString(PercentEncodeComponent(%q)) = %q, want %q", s, got, w)
		}
		if got := string(appendPercentEncoded(nil, w, infra.ComponentSet)); got != enc {
			t.Fatalf("encoding %q and its well-formed form differ: %q, %q", s, enc, got)
		}
		for _, set := range []infra.EncodeSet{infra.C0ControlSet, infra.FragmentSet, infra.QuerySet, infra.SpecialQuerySet, infra.PathSet, infra.UserinfoSet, infra.ComponentSet, infra.FormURLEncodedSet} {
			out := appendPercentEncoded(nil, s, set)
			if needs := needsPercentEncoding(s, set); needs != (string(out) != s) {
				t.Fatalf("needsPercentEncoding(%q, %08b) = %v, output %q", s, set, needs, out)
			}
			for _, b := range out {
				// Every byte left is ASCII and outside the set, but for the
				// "%" of each percent-encoded byte.
				if b >= utf8.RuneSelf || b != '%' && set.Contains(b) {
					t.Fatalf("appendPercentEncoded(%q, %08b) = %q leaves %q", s, set, out, b)
				}
			}
		}
	})
}

// TestAppendPercentEncodedUTF8 holds the encoder of runs of non-ASCII bytes
// to utf8.DecodeRuneInString: for every run of up to four bytes of 0x80 or
// more (the third and fourth from the bounds of utf8Lead), it encodes the
// valid sequences before the first invalid one, each byte as "%XX".
func TestAppendPercentEncodedUTF8(t *testing.T) {
	edges := []byte{0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC2, 0xDF, 0xE0, 0xED, 0xEF, 0xF0, 0xF4, 0xF5, 0xFF}
	check := func(s string) {
		valid := 0
		for valid < len(s) {
			r, size := utf8.DecodeRuneInString(s[valid:])
			if r == utf8.RuneError && size == 1 {
				break
			}
			valid += size
		}
		var want []byte
		for i := 0; i < valid; i++ {
			want = appendPercentEncodedByte(want, s[i])
		}
		got, n := appendPercentEncodedUTF8([]byte("x"), s)
		if n != valid || string(got) != "x"+string(want) {
			t.Fatalf("appendPercentEncodedUTF8(%q) = %q, %d; want %q, %d", s, got, n, "x"+string(want), valid)
		}
	}
	for b0 := 0x80; b0 <= 0xFF; b0++ {
		check(string([]byte{byte(b0)}))
		for b1 := 0x80; b1 <= 0xFF; b1++ {
			check(string([]byte{byte(b0), byte(b1)}))
			for _, b2 := range edges {
				check(string([]byte{byte(b0), byte(b1), b2}))
				for _, b3 := range edges {
					check(string([]byte{byte(b0), byte(b1), b2, b3}))
					check(string([]byte{0xC3, 0xA9, byte(b0), byte(b1), b2, b3, 0xC3, 0xA9}))
				}
			}
		}
	}
}
