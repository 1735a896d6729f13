package url

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// idnaTableEntry is one code point's line of IdnaMappingTable.txt.
type idnaTableEntry struct {
	status  string // valid, mapped, deviation, disallowed, ignored
	mapping string // for mapped and deviation
}

// readIDNAMappingTable reads the UTS #46 mapping table of idnaUnicodeVersion,
// at test time, from $UNICODE_DATA/IdnaMappingTable.txt when that is set,
// else from the copy in internal/gen/idna/testdata (gzipped, byte for byte
// the file whose SHA-256 idna_tables.go records).
func readIDNAMappingTable(t testing.TB) []idnaTableEntry {
	t.Helper()
	var data []byte
	if dir := os.Getenv("UNICODE_DATA"); dir != "" {
		b, err := os.ReadFile(filepath.Join(dir, "IdnaMappingTable.txt"))
		if err != nil {
			t.Fatal(err)
		}
		data = b
	} else {
		f, err := os.Open(filepath.Join("internal", "gen", "idna", "testdata", "IdnaMappingTable.txt.gz"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		z, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if _, err := b.ReadFrom(z); err != nil {
			t.Fatal(err)
		}
		data = b.Bytes()
	}
	if !bytes.Contains(data, []byte("# Version: "+idnaUnicodeVersion+"\n")) {
		t.Fatalf("IdnaMappingTable.txt is not of Unicode %s", idnaUnicodeVersion)
	}
	table := make([]idnaTableEntry, utf8.MaxRune+1)
	covered := 0
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		if strings.TrimSpace(line) == "" {
			continue
		}
		f := strings.Split(line, ";")
		for i := range f {
			f[i] = strings.TrimSpace(f[i])
		}
		lo, hi, ok := strings.Cut(f[0], "..")
		if !ok {
			hi = lo
		}
		l, err1 := strconv.ParseUint(lo, 16, 32)
		h, err2 := strconv.ParseUint(hi, 16, 32)
		if err1 != nil || err2 != nil {
			t.Fatalf("bad line %q", sc.Text())
		}
		var m strings.Builder
		if len(f) > 2 {
			for _, cp := range strings.Fields(f[2]) {
				n, err := strconv.ParseUint(cp, 16, 32)
				if err != nil {
					t.Fatalf("bad line %q", sc.Text())
				}
				m.WriteRune(rune(n))
			}
		}
		for r := l; r <= h; r++ {
			table[r] = idnaTableEntry{f[1], m.String()}
			covered++
		}
	}
	if covered != utf8.MaxRune+1 {
		t.Fatalf("IdnaMappingTable.txt covers %d code points", covered)
	}
	return table
}

// TestIDNAMappingTable walks every code point through step 1 of UTS #46
// Processing (uts46Map) and the status check of the validity criteria
// (labelValid), against IdnaMappingTable.txt read at test time: a valid or
// deviation code point stays and is valid, a mapped one becomes its mapping,
// an ignored one goes, and a disallowed one stays and fails the label; and
// uts46Map asks for NFC whenever the result has a code point NFC must look
// at.
func TestIDNAMappingTable(t *testing.T) {
	table := readIDNAMappingTable(t)
	bad := 0
	for r := rune(0); r <= utf8.MaxRune; r++ {
		if 0xD800 <= r && r <= 0xDFFF {
			continue // not in a Go string
		}
		e := table[r]
		s := string(r)
		got, needNFC := uts46Map(s)
		if !needNFC {
			for _, c := range got {
				if idnaProps(c)&idnaNFC != 0 {
					t.Errorf("%U maps to %q, with %U, which NFC must look at, but uts46Map does not say so", r, got, c)
				}
			}
		}
		want := s
		switch e.status {
		case "mapped":
			want = e.mapping
		case "ignored":
			want = ""
		case "valid", "deviation", "disallowed":
		default:
			t.Fatalf("%U: status %q", r, e.status)
		}
		status := idnaProps(r) & idnaStatusMask
		wantStatus := map[string]uint16{"valid": idnaStatusValid, "deviation": idnaStatusValid,
			"mapped": idnaStatusMapped, "ignored": idnaStatusIgnored, "disallowed": idnaStatusDisallowed}[e.status]
		// A disallowed code point fails the label on its own; a valid one,
		// after "a" (not to start the label, which a mark may not), does
		// not fail for its status (only for a joiner's context or a dot).
		okValid := labelValid("a"+s, uts46Lenient)
		if got != want || status != wantStatus ||
			e.status == "disallowed" && okValid ||
			(e.status == "valid" || e.status == "deviation") && r != '.' && r != 0x200C && r != 0x200D && !okValid {
			if bad++; bad < 20 {
				t.Errorf("%U (%s %q): maps to %q, status %d, valid after a: %v", r, e.status, e.mapping, got, status, okValid)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d code points disagree with IdnaMappingTable.txt", bad)
	}
}

// TestHyphenRule checks CheckHyphens' rule on the third and fourth code
// points (UTS #46 section 4.1, criterion 2), which x/net/idna checked on
// bytes: "xß--a" has U+002D at code points 3 and 4 (bytes 4 and 5), "ß--x"
// at code points 2 and 3 (bytes 3 and 4).
func TestHyphenRule(t *testing.T) {
	if IsValidURLString("http://xß--a/") {
		t.Errorf(`IsValidURLString("http://xß--a/") = true; want false (domain-to-ASCII)`)
	}
	if _, err := (&Parser{Strict: true}).Parse("http://xß--a/"); err == nil {
		t.Errorf(`strict Parse("http://xß--a/") succeeded; want domain-to-ASCII`)
	}
	u, err := (&Parser{Strict: true}).Parse("http://ß--x/")
	if err != nil {
		t.Fatalf(`strict Parse("http://ß--x/"): %v`, err)
	}
	if got, want := u.Hostname(), "xn----x-4ka"; got != want {
		t.Errorf(`strict Parse("http://ß--x/").Hostname() = %q; want %q`, got, want)
	}
	if !IsValidURLString("http://ß--x/") {
		t.Errorf(`IsValidURLString("http://ß--x/") = false; want true`)
	}
	for _, tt := range []struct {
		label string
		want  bool
	}{
		{"ab--c", true}, {"a--b", false}, {"xß--a", true}, {"ß--x", false}, {"üü--", true}, {"ü-", false},
	} {
		if got := thirdAndFourthHyphens(tt.label); got != tt.want {
			t.Errorf("thirdAndFourthHyphens(%q) = %v; want %v", tt.label, got, tt.want)
		}
	}
}

// TestLongLabel converts a label of 3,000 code points: UTS #46 sets no limit
// on a label's length but VerifyDnsLength's, which only beStrict applies, and
// neither does Punycode (RFC 3492), so domain to ASCII encodes it, domain to
// Unicode decodes it back, and x/net/idna's Punycode (v0.62.0, without the
// 256-code-point limit of x/text v0.44.0) encodes it the same way.
func TestLongLabel(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 3000; i++ {
		b.WriteRune([]rune("aü日本ßé1")[i%7])
	}
	label := b.String()
	if n := utf8.RuneCountInString(label); n != 3000 {
		t.Fatalf("%d code points", n)
	}
	got, err := DomainToASCII(label + ".example")
	if err != nil {
		t.Fatalf("DomainToASCII of a 3,000-code-point label: %v", err)
	}
	want, err := idna.Punycode.ToASCII(label)
	if err != nil {
		t.Fatal(err)
	}
	if got != want+".example" {
		t.Errorf("DomainToASCII of a 3,000-code-point label = %.40q...; x/net/idna's Punycode gives %.40q...", got, want)
	}
	if back := DomainToUnicode(got); back != label+".example" {
		t.Errorf("DomainToUnicode does not give the label back")
	}
	if _, fail := domainToASCII(label+".example", true, hostErrors{}); fail == 0 {
		t.Errorf("strict domain to ASCII accepts a label longer than 63 (VerifyDnsLength)")
	}
	u, err := Parse("https://" + label + ".example/")
	if err != nil || u.Hostname() != got {
		t.Errorf("Parse: %v, %q", err, u.Hostname())
	}
}

// TestIDNAUnicodeVersion holds the generated tables to the version the
// package documents.
func TestIDNAUnicodeVersion(t *testing.T) {
	if idnaUnicodeVersion != "18.0.0" {
		t.Errorf("idnaUnicodeVersion = %s; want 18.0.0", idnaUnicodeVersion)
	}
}
