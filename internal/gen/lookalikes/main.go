// Command lookalikes writes lookalikes_table.go: the code points that
// [url.URL.Render] never shows as themselves, because a reader could take
// them for a URL delimiter, or could not see them at all; and the code
// points that UTS #39 allows in identifiers, which Render shows in a host.
//
// Usage (from the module root; go generate runs it from render.go):
//
//	go run ./internal/gen/lookalikes -version VERSION -dir DIR [-source TEXT] [-o lookalikes_table.go]
//
// VERSION is the Unicode version of the data, such as 17.0.0: the one
// argument to change to move the table to another version. DIR holds six
// files of that version, as the Unicode Consortium publishes them under
// https://www.unicode.org/Public/VERSION/ (and as unicode-org/unicodetools
// keeps them under unicodetools/data/<dir>/VERSION/):
//
//	confusables.txt            security/: UTS #39 confusables
//	IdentifierStatus.txt       security/: UTS #39 Identifier_Status
//	IdnaMappingTable.txt       idna/: UTS #46 mapping table
//	UnicodeData.txt            ucd/: names, categories, decompositions, combining classes
//	PropList.txt               ucd/: White_Space
//	DerivedCoreProperties.txt  ucd/: Default_Ignorable_Code_Point
//
// Flags of the same names (-confusables, ...) name a file elsewhere. The
// generator refuses a file whose version line names another version than
// VERSION. The data files are not committed; the output names each file's
// address, version and SHA-256 (internal/gen/ucd reads them and writes
// that header, as for internal/gen/idna), and -source where they were read
// from when not from the Unicode Consortium's release directories.
//
// # What goes in the tables
//
// Two tables, of code points that are not ASCII (ASCII is handled by
// Render's own rules: it never decodes an ASCII delimiter or space).
//
// The first, lookalikes, holds the code points that look like a delimiter,
// show nothing, or are drawn through another character. Render shows none
// of them, anywhere. A code point c is in it when it is one of the
// following.
//
// A look-alike of a delimiter, one of the characters / \ ? # . : @ % & = (the
// ASCII characters that end or split a URL's components as a reader sees
// them: the host, port, path segments, query and its name=value&... pairs,
// fragment, userinfo, and percent-encoded bytes), or of one of the
// additions below:
//
//   - confusables.txt gives c a prototype (its skeleton, UTS #39 section 4)
//     that is or contains a delimiter or an addition: U+2044 FRACTION SLASH
//     → "/", U+0703 SYRIAC SUPRALINEAR COLON → ":", U+2100 ACCOUNT OF →
//     "a/c", U+30FB KATAKANA MIDDLE DOT → U+00B7 MIDDLE DOT;
//   - the full compatibility decomposition of c (UnicodeData.txt, applied
//     recursively) holds a delimiter or an addition: U+FF0F FULLWIDTH
//     SOLIDUS, U+2024 ONE DOT LEADER, U+FE6B SMALL COMMERCIAL AT, U+0387
//     GREEK ANO TELEIA;
//   - UTS #46 maps c to a string that holds a delimiter or an addition:
//     U+3002 IDEOGRAPHIC FULL STOP and U+FF61 HALFWIDTH IDEOGRAPHIC FULL
//     STOP, which IDNA itself reads as ".".
//
// A blank, which shows nothing or only space. The UCD has no property for
// "has no visible glyph", so the table takes the union of the data that say
// so:
//
//   - White_Space (PropList.txt): the spaces, line and paragraph separators;
//   - Default_Ignorable_Code_Point (DerivedCoreProperties.txt): the code
//     points that renderers show as nothing when they do not support them,
//     among them U+00AD, U+200B, U+115F and U+1160 HANGUL CHOSEONG and
//     JUNGSEONG FILLER, U+3164 HANGUL FILLER, U+FFA0 HALFWIDTH HANGUL FILLER,
//     the variation selectors, the tags and the bidirectional controls;
//   - the confusables whose prototype is made of blanks only, such as U+2000
//     EN QUAD → U+0020 (repeated until nothing is added);
//   - the code points whose name (UnicodeData.txt) ends in the word BLANK:
//     U+2800 BRAILLE PATTERN BLANK and the Egyptian hieroglyph full and half
//     blanks, which are symbols and letters drawn as empty space. (U+2422
//     BLANK SYMBOL, a visible "b/", is not among them.)
//
// The additions: look-alikes of delimiters that the data files miss.
// U+266F MUSIC SHARP SIGN ("#": no code point has a prototype with "#" or
// "@" in confusables.txt 17.0.0), U+2572 BOX DRAWINGS LIGHT DIAGONAL UPPER
// LEFT TO LOWER RIGHT ("\", the mirror image of U+2571, which
// confusables.txt maps to "/"), and U+00B7 MIDDLE DOT ("." raised to the
// middle of the line: "bank·com"), which UTS #39 allows in identifiers and
// which confusables.txt makes the prototype of the other middle dots and
// bullets (U+2027 HYPHENATION POINT, U+30FB KATAKANA MIDDLE DOT, U+2219
// BULLET OPERATOR, U+A78F LATIN LETTER SINOLOGICAL DOT, ...); the strokes
// falling to the right that Chromium's IDN dangerous patterns
// (https://chromium.googlesource.com/chromium/src/+/main/components/url_formatter/spoof_checks/idn_spoof_checker.cc)
// flag as "\" (U+4E40 "乀", U+4E41 "乁") and U+30FD "ヽ" KATAKANA ITERATION
// MARK, drawn as the same stroke; and the Katakana that the same patterns
// flag as "/" beside U+30CE "ノ", which confusables.txt has: U+30BD "ソ" and
// U+30F3 "ン" (U+30BE "ゾ" decomposes to "ソ"). Render lets these, U+30CE
// and U+4E3F "丿", in a domain label of Japanese only. The generator
// says so when the data comes to hold an addition, so that it can be dropped
// from the list.
//
// An overlay: a combining mark drawn through or around the character before
// it, which can so turn a letter into a look-alike of "/" or "\" (UnicodeData.txt):
//
//   - canonical combining class 1, Overlay: U+0334..U+0338, U+20D2..U+20D3,
//     U+20E5..U+20E6, U+20EA..U+20EB, U+10A39 KHAROSHTHI SIGN CAUDA, ...;
//   - general category Me, the enclosing marks, all of combining class 0:
//     U+20E0 COMBINING ENCLOSING CIRCLE BACKSLASH, U+20DD..U+20DF,
//     U+20E2..U+20E4, U+0488..U+0489, U+1ABE, U+A670..U+A672;
//   - a nonspacing mark (Mn) whose name has the word OVERLAY, as U+10EFC
//     ARABIC COMBINING ALEF OVERLAY, of combining class 0.
//
// The second table, identifierAllowed, holds the code points of
// Identifier_Status Allowed (IdentifierStatus.txt, UTS #39 section 3.1): the
// letters, marks and digits of the scripts in common use today and a few
// punctuation characters that words need (U+00B7, U+2019, U+30FB, ...).
// Every other code point is Restricted: the symbols and punctuation of
// every script (U+1F67C VERY HEAVY SOLIDUS, U+2AF6 TRIPLE COLON OPERATOR,
// U+2753 BLACK QUESTION MARK ORNAMENT, U+1F512 LOCK, ...), which the
// confusables data covers only in part, the historic, technical and
// limited-use letters, and the unassigned code points. Render shows a domain
// label in Unicode only if all its code points are Allowed, as Chromium does
// (https://chromium.googlesource.com/chromium/src/+/main/docs/idn.md), and
// decodes a percent-encoded symbol or punctuation character in a path,
// query or fragment only if it is Allowed.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/webstd/url/internal/gen/ucd"
)

// delimiters are the ASCII characters whose look-alikes go in the table.
const delimiters = `/\?#.:@%&=`

// A reason says why a code point is in the table; a code point may have
// several.
type reason uint16

const (
	confusableDelimiter reason = 1 << iota // confusables.txt prototype holds a delimiter
	decomposesDelimiter                    // compatibility decomposition holds a delimiter
	idnaDelimiter                          // UTS #46 maps it to a string holding a delimiter
	whiteSpace                             // White_Space
	defaultIgnorable                       // Default_Ignorable_Code_Point
	confusableBlank                        // confusables.txt prototype made of blanks
	namedBlank                             // name ends in BLANK
	overlay                                // canonical combining class 1, Me, or Mn named OVERLAY
	missing                                // in additions: a look-alike the data misses
)

// additions are the look-alikes of delimiters that the data misses, each
// with the delimiter it looks like. The rules on prototypes, decompositions
// and UTS #46 mappings take them for delimiters too.
var additions = map[rune]rune{
	0x00B7: '.',  // MIDDLE DOT
	0x266F: '#',  // MUSIC SHARP SIGN
	0x2572: '\\', // BOX DRAWINGS LIGHT DIAGONAL UPPER LEFT TO LOWER RIGHT
	// A stroke falling to the right, as "\": the two CJK ideographs are in
	// Chromium's IDN dangerous patterns (components/url_formatter/
	// spoof_checks/idn_spoof_checker.cc) beside U+4E36, which
	// confusables.txt maps to "\"; the Katakana iteration mark is drawn
	// as the same stroke (Chromium lets it only after Katakana). Its voiced
	// form U+30FE decomposes to it and so comes in too.
	0x4E40: '\\', // CJK UNIFIED IDEOGRAPH-4E40 乀
	0x4E41: '\\', // CJK UNIFIED IDEOGRAPH-4E41 乁
	0x30FD: '\\', // KATAKANA ITERATION MARK ヽ
	// Katakana drawn as one or two short strokes and a long one rising to
	// the right, as "/", which Chromium's dangerous patterns flag next to
	// non-Japanese text; confusables.txt has only U+30CE KATAKANA LETTER
	// NO. Render lets them, with U+30CE and U+4E3F, in a domain label of
	// Japanese only (see japaneseSlashes in render.go). U+30BE KATAKANA
	// LETTER ZO decomposes to U+30BD and so comes in too.
	0x30BD: '/', // KATAKANA LETTER SO ソ
	0x30F3: '/', // KATAKANA LETTER N ン
}

var reasonNames = []string{
	"confusable with a delimiter",
	"decomposes to a delimiter",
	"UTS #46 maps it to a delimiter",
	"White_Space",
	"Default_Ignorable_Code_Point",
	"confusable with a blank",
	"named BLANK",
	"overlay",
	"a look-alike the data misses",
}

func (r reason) String() string {
	var s []string
	for i, name := range reasonNames {
		if r&(1<<i) != 0 {
			s = append(s, name)
		}
	}
	return strings.Join(s, ", ")
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("lookalikes: ")
	version := flag.String("version", "", "Unicode version of the data files, such as 17.0.0")
	dir := flag.String("dir", "", "directory holding the six data files")
	out := flag.String("o", "lookalikes_table.go", "output file")
	source := flag.String("source", "", "where the files came from, when not from the Unicode Consortium's release directories (repository, path, commit)")
	files := map[string]*string{}
	for _, name := range []string{"confusables", "IdentifierStatus", "IdnaMappingTable", "UnicodeData", "PropList", "DerivedCoreProperties"} {
		files[name] = flag.String(name, "", "path of "+name+".txt (default DIR/"+name+".txt)")
	}
	flag.Parse()
	if !ucd.VersionArg.MatchString(*version) {
		log.Fatalf("give the Unicode version of the data: -version x.y.z (not %q)", *version)
	}
	path := func(name string) string {
		if *files[name] != "" {
			return *files[name]
		}
		if *dir == "" {
			log.Fatalf("give -dir or -%s", name)
		}
		return filepath.Join(*dir, name+".txt")
	}

	g := &generator{files: ucd.Files{Version: *version, Source: *source}, table: map[rune]reason{}}
	for r, d := range additions {
		if !strings.ContainsRune(delimiters, d) {
			log.Fatalf("addition U+%04X: %q is not a delimiter", r, d)
		}
	}
	g.readUnicodeData(g.files.Read(path("UnicodeData"), "ucd", ""))
	g.readConfusables(g.files.Read(path("confusables"), "security", "Version"))
	g.readIdentifierStatus(g.files.Read(path("IdentifierStatus"), "security", "Version"))
	g.readIDNA(g.files.Read(path("IdnaMappingTable"), "idna", "Version"))
	g.readProperty(g.files.Read(path("PropList"), "ucd", "file"), "White_Space", whiteSpace)
	g.readProperty(g.files.Read(path("DerivedCoreProperties"), "ucd", "file"), "Default_Ignorable_Code_Point", defaultIgnorable)
	g.addBlankConfusables()
	for r := range additions {
		if g.table[r] != 0 {
			log.Printf("note: U+%04X is in the data now (%v): drop it from additions", r, g.table[r])
		}
		g.add(r, missing)
	}

	if want := unicode.Version; g.files.Version != want {
		log.Printf("warning: the data is Unicode %s, this Go's unicode package is %s", g.files.Version, want)
	}
	src, err := format.Source(g.output())
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, src, 0o666); err != nil {
		log.Fatal(err)
	}
	log.Printf("wrote %s: %d look-alikes, %d code points allowed in identifiers, Unicode %s", *out, len(g.table), len(g.allowed), g.files.Version)
}

type generator struct {
	files   ucd.Files // the data files read, of one Unicode version (-version)
	names   map[rune]string
	decomp  map[rune][]rune // compatibility or canonical decomposition, one level
	ccc     map[rune]int
	protos  map[rune][]rune // confusables.txt: source → prototype
	table   map[rune]reason // lookalikes
	allowed map[rune]bool   // Identifier_Status Allowed, not ASCII
}

func (g *generator) add(r rune, why reason) {
	if r < 0x80 {
		return // ASCII is Render's own business
	}
	g.table[r] |= why
}

// hasDelimiter reports whether rs holds a delimiter or an addition (a
// look-alike of a delimiter that the data misses).
func hasDelimiter(rs []rune) bool {
	for _, r := range rs {
		if r < 0x80 && strings.ContainsRune(delimiters, r) {
			return true
		}
		if _, ok := additions[r]; ok {
			return true
		}
	}
	return false
}

// readUnicodeData reads the names, decompositions and combining classes, and
// adds the overlays, the code points named BLANK, and the code points whose
// full compatibility decomposition holds a delimiter.
func (g *generator) readUnicodeData(lines []string) {
	g.names = map[rune]string{}
	g.decomp = map[rune][]rune{}
	g.ccc = map[rune]int{}
	cat := map[rune]string{} // general category
	for _, line := range lines {
		f := ucd.Fields(line)
		if f == nil {
			continue
		}
		if len(f) < 15 {
			log.Fatalf("UnicodeData.txt: short line %q", line)
		}
		r := ucd.ParseRune(f[0])
		g.names[r] = f[1]
		cat[r] = f[2]
		if ccc, err := strconv.Atoi(f[3]); err == nil {
			g.ccc[r] = ccc
		}
		if d := f[5]; d != "" {
			if strings.HasPrefix(d, "<") {
				_, d, _ = strings.Cut(d, "> ")
			}
			g.decomp[r] = ucd.ParseRunes(d)
		}
	}
	for r, name := range g.names {
		if g.ccc[r] == 1 || cat[r] == "Me" || cat[r] == "Mn" && slices.Contains(strings.Fields(name), "OVERLAY") {
			g.add(r, overlay)
		}
		if words := strings.Fields(name); len(words) > 1 && words[len(words)-1] == "BLANK" {
			g.add(r, namedBlank)
		}
		if _, ok := g.decomp[r]; ok && hasDelimiter(ucd.FullDecomposition(g.decomp, r)) {
			g.add(r, decomposesDelimiter)
		}
	}
}

// readConfusables reads the prototypes and adds the code points whose
// prototype holds a delimiter.
func (g *generator) readConfusables(lines []string) {
	g.protos = map[rune][]rune{}
	for _, line := range lines {
		f := ucd.Fields(line)
		if f == nil {
			continue
		}
		if len(f) < 2 {
			log.Fatalf("confusables.txt: bad line %q", line)
		}
		r, proto := ucd.ParseRune(f[0]), ucd.ParseRunes(f[1])
		g.protos[r] = proto
		if hasDelimiter(proto) {
			g.add(r, confusableDelimiter)
		}
	}
	if len(g.protos) < 1000 {
		log.Fatalf("confusables.txt: only %d entries", len(g.protos))
	}
}

// readIdentifierStatus records the code points that are not ASCII and
// whose Identifier_Status is Allowed. The file lists only those; it must
// say that every other code point is Restricted.
func (g *generator) readIdentifierStatus(lines []string) {
	g.allowed = map[rune]bool{}
	missingRestricted := false
	for _, line := range lines {
		if strings.HasPrefix(line, "# @missing:") {
			f := ucd.Fields(strings.TrimPrefix(line, "# @missing:"))
			missingRestricted = len(f) == 2 && f[0] == "0000..10FFFF" && f[1] == "Restricted"
			continue
		}
		f := ucd.Fields(line)
		if f == nil {
			continue
		}
		if len(f) < 2 || f[1] != "Allowed" {
			log.Fatalf("IdentifierStatus.txt: line %q is not Allowed", line)
		}
		lo, hi := ucd.ParseRange(f[0])
		for r := max(lo, 0x80); r <= hi; r++ {
			g.allowed[r] = true
		}
	}
	if !missingRestricted {
		log.Fatal("IdentifierStatus.txt: no line says that the code points it does not list are Restricted")
	}
	if len(g.allowed) < 10000 {
		log.Fatalf("IdentifierStatus.txt: only %d code points Allowed", len(g.allowed))
	}
}

// readIDNA adds the code points that UTS #46 maps to a string holding a
// delimiter.
func (g *generator) readIDNA(lines []string) {
	n := 0
	for _, line := range lines {
		f := ucd.Fields(line)
		if f == nil {
			continue
		}
		n++
		if len(f) < 3 || (f[1] != "mapped" && f[1] != "deviation") {
			continue
		}
		lo, hi := ucd.ParseRange(f[0])
		if hasDelimiter(ucd.ParseRunes(f[2])) {
			for r := lo; r <= hi; r++ {
				g.add(r, idnaDelimiter)
			}
		}
	}
	if n < 1000 {
		log.Fatalf("IdnaMappingTable.txt: only %d lines", n)
	}
}

// readProperty adds the code points that have the binary property prop.
func (g *generator) readProperty(lines []string, prop string, why reason) {
	n := 0
	for _, line := range lines {
		f := ucd.Fields(line)
		if len(f) < 2 || f[1] != prop {
			continue
		}
		lo, hi := ucd.ParseRange(f[0])
		for r := lo; r <= hi; r++ {
			g.add(r, why)
			n++
		}
	}
	if n == 0 {
		log.Fatalf("no code point has %s", prop)
	}
}

// isBlank reports whether r shows nothing or only space: the ASCII space,
// or a code point the table holds as a blank.
func (g *generator) isBlank(r rune) bool {
	return r == ' ' || g.table[r]&(whiteSpace|defaultIgnorable|confusableBlank|namedBlank) != 0
}

// addBlankConfusables adds the confusables whose prototype is made of
// blanks only, until no more are added (a prototype may be a code point
// that is a blank only by this rule).
func (g *generator) addBlankConfusables() {
	for changed := true; changed; {
		changed = false
		for r, proto := range g.protos {
			if g.table[r]&confusableBlank != 0 || len(proto) == 0 {
				continue
			}
			blank := true
			for _, p := range proto {
				blank = blank && g.isBlank(p)
			}
			if blank && r >= 0x80 {
				g.add(r, confusableBlank)
				changed = true
			}
		}
	}
}

func (g *generator) name(r rune) string {
	if n, ok := g.names[r]; ok && !strings.HasPrefix(n, "<") {
		return n
	}
	return fmt.Sprintf("U+%04X", r)
}

// output writes the two tables as unicode.RangeTables with stride 1. In
// lookalikes, one range per run of consecutive code points that are in the
// table for the same reasons, each with a comment naming its ends and the
// reasons; in identifierAllowed, one range per run of consecutive code
// points, several to a line.
func (g *generator) output() []byte {
	rs := make([]rune, 0, len(g.table))
	for r := range g.table {
		rs = append(rs, r)
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i] < rs[j] })

	type span struct {
		lo, hi rune
		why    reason
	}
	var spans []span
	for _, r := range rs {
		if n := len(spans); n > 0 && spans[n-1].hi == r-1 && spans[n-1].why == g.table[r] && (r > 0xFFFF) == (spans[n-1].lo > 0xFFFF) {
			spans[n-1].hi = r
			continue
		}
		spans = append(spans, span{r, r, g.table[r]})
	}

	var b bytes.Buffer
	b.WriteString(g.files.Header("go run ./internal/gen/lookalikes -version "+g.files.Version, "the Unicode Character Database, UTS #39 and UTS #46"))
	fmt.Fprintf(&b, "\npackage url\n\nimport \"unicode\"\n\n")
	fmt.Fprintf(&b, "// lookalikesUnicodeVersion is the Unicode version of the data lookalikes\n// and identifierAllowed were generated from.\n")
	fmt.Fprintf(&b, "const lookalikesUnicodeVersion = %q\n\n", g.files.Version)
	fmt.Fprintf(&b, "// lookalikes holds the %d code points, none of them ASCII, that a reader\n", len(rs))
	fmt.Fprintf(&b, "// could take for one of the delimiters %s or could not see: look-alikes\n", delimiters)
	fmt.Fprintf(&b, "// of the delimiters, blanks and overlays, as internal/gen/lookalikes\n// defines them.\n")
	fmt.Fprintf(&b, "var lookalikes = &unicode.RangeTable{\n\tR16: []unicode.Range16{\n")
	latin := 0
	for i, s := range spans {
		if s.lo > 0xFFFF && (i == 0 || spans[i-1].lo <= 0xFFFF) {
			fmt.Fprintf(&b, "\t},\n\tR32: []unicode.Range32{\n")
		}
		if s.hi <= unicode.MaxLatin1 {
			latin++
		}
		comment := g.name(s.lo)
		if s.hi != s.lo {
			comment += ".." + g.name(s.hi)
		}
		fmt.Fprintf(&b, "\t\t{0x%04X, 0x%04X, 1}, // %s: %s\n", s.lo, s.hi, comment, s.why)
	}
	fmt.Fprintf(&b, "\t},\n\tLatinOffset: %d,\n}\n\n", latin)

	rs = rs[:0]
	for r := range g.allowed {
		rs = append(rs, r)
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i] < rs[j] })
	var runs [][2]rune
	for _, r := range rs {
		if n := len(runs); n > 0 && runs[n-1][1] == r-1 && (r > 0xFFFF) == (runs[n-1][0] > 0xFFFF) {
			runs[n-1][1] = r
			continue
		}
		runs = append(runs, [2]rune{r, r})
	}
	fmt.Fprintf(&b, "// identifierAllowed holds the %d code points, none of them ASCII, whose\n", len(rs))
	fmt.Fprintf(&b, "// Identifier_Status is Allowed (UTS #39, IdentifierStatus.txt), in %d\n", len(runs))
	fmt.Fprintf(&b, "// ranges; every other code point is Restricted.\n")
	fmt.Fprintf(&b, "var identifierAllowed = &unicode.RangeTable{\n\tR16: []unicode.Range16{")
	latin = 0
	for i, r := range runs {
		switch {
		case r[0] > 0xFFFF && (i == 0 || runs[i-1][0] <= 0xFFFF):
			fmt.Fprintf(&b, "\n\t},\n\tR32: []unicode.Range32{\n\t\t")
		case i%4 == 0:
			fmt.Fprintf(&b, "\n\t\t")
		default:
			b.WriteByte(' ')
		}
		if r[1] <= unicode.MaxLatin1 {
			latin++
		}
		fmt.Fprintf(&b, "{0x%04X, 0x%04X, 1},", r[0], r[1])
	}
	fmt.Fprintf(&b, "\n\t},\n\tLatinOffset: %d,\n}\n", latin)
	return b.Bytes()
}
