// Command lookalikes writes lookalikes_table.go: the code points that
// [url.URL.Render] never shows as themselves, because a reader could take
// them for a URL delimiter, or could not see them at all.
//
// Usage (from the module root; go generate runs it from render.go):
//
//	go run ./internal/gen/lookalikes -dir DIR [-o lookalikes_table.go]
//
// DIR holds five files of one Unicode version, as published by the Unicode
// Consortium (https://www.unicode.org/Public/<version>/):
//
//	confusables.txt            security/: UTS #39 confusables
//	IdnaMappingTable.txt       idna/: UTS #46 mapping table
//	UnicodeData.txt            ucd/: names, decompositions, combining classes
//	PropList.txt               ucd/: White_Space
//	DerivedCoreProperties.txt  ucd/: Default_Ignorable_Code_Point
//
// Flags of the same names (-confusables, ...) name a file elsewhere. The data
// files are not committed; the output names their versions and SHA-256 sums.
//
// # What goes in the table
//
// Only code points that are not ASCII: ASCII is handled by Render's own
// rules (it never decodes an ASCII delimiter or space). A code point c is in
// the table when it is one of the following.
//
// A look-alike of a delimiter, one of the characters / \ ? # . : @ % & = (the
// ASCII characters that end or split a URL's components as a reader sees
// them: the host, port, path segments, query and its name=value&... pairs,
// fragment, userinfo, and percent-encoded bytes):
//
//   - confusables.txt gives c a prototype (its skeleton, UTS #39 section 4)
//     that is or contains a delimiter: U+2044 FRACTION SLASH → "/", U+0703
//     SYRIAC SUPRALINEAR COLON → ":", U+2100 ACCOUNT OF → "a/c";
//   - the full compatibility decomposition of c (UnicodeData.txt, applied
//     recursively) holds a delimiter: U+FF0F FULLWIDTH SOLIDUS, U+2024 ONE DOT
//     LEADER, U+FE6B SMALL COMMERCIAL AT;
//   - UTS #46 maps c to a string that holds a delimiter: U+3002 IDEOGRAPHIC
//     FULL STOP and U+FF61 HALFWIDTH IDEOGRAPHIC FULL STOP, which IDNA itself
//     reads as ".".
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
// Two look-alikes that the data files miss and that Render refused before
// the table was generated: U+266F MUSIC SHARP SIGN ("#": no code point has a
// prototype with "#" or "@" in confusables.txt 17.0.0) and U+2572 BOX
// DRAWINGS LIGHT DIAGONAL UPPER LEFT TO LOWER RIGHT ("\", the mirror image
// of U+2571, which confusables.txt maps to "/"). The generator says so when
// the data comes to hold them, so that they can be dropped from the list.
//
// An overlay: a combining mark of canonical combining class 1, Overlay
// (UnicodeData.txt), which is drawn through the character before it and so
// can turn a letter into a look-alike of "/" or "\": U+0334..U+0338,
// U+20D2..U+20D3, U+20E5..U+20E6, U+20EA..U+20EB, U+10A39 KHAROSHTHI SIGN
// CAUDA, ...
package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
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
	overlay                                // canonical combining class 1
	missing                                // in additions: a look-alike the data misses
)

// additions are the look-alikes of delimiters that the data misses, each
// with the delimiter it looks like.
var additions = map[rune]rune{
	0x266F: '#',  // MUSIC SHARP SIGN
	0x2572: '\\', // BOX DRAWINGS LIGHT DIAGONAL UPPER LEFT TO LOWER RIGHT
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
	dir := flag.String("dir", "", "directory holding the five data files")
	out := flag.String("o", "lookalikes_table.go", "output file")
	files := map[string]*string{}
	for _, name := range []string{"confusables", "IdnaMappingTable", "UnicodeData", "PropList", "DerivedCoreProperties"} {
		files[name] = flag.String(name, "", "path of "+name+".txt (default DIR/"+name+".txt)")
	}
	flag.Parse()
	path := func(name string) string {
		if *files[name] != "" {
			return *files[name]
		}
		if *dir == "" {
			log.Fatalf("give -dir or -%s", name)
		}
		return filepath.Join(*dir, name+".txt")
	}

	g := &generator{table: map[rune]reason{}}
	g.readUnicodeData(g.read(path("UnicodeData"), ""))
	g.readConfusables(g.read(path("confusables"), "Version"))
	g.readIDNA(g.read(path("IdnaMappingTable"), "Version"))
	g.readProperty(g.read(path("PropList"), "file"), "White_Space", whiteSpace)
	g.readProperty(g.read(path("DerivedCoreProperties"), "file"), "Default_Ignorable_Code_Point", defaultIgnorable)
	g.addBlankConfusables()
	for r, d := range additions {
		if !strings.ContainsRune(delimiters, d) {
			log.Fatalf("addition U+%04X: %q is not a delimiter", r, d)
		}
		if g.table[r] != 0 {
			log.Printf("note: U+%04X is in the data now (%v): drop it from additions", r, g.table[r])
		}
		g.add(r, missing)
	}

	if g.version == "" {
		log.Fatal("no Unicode version found in the data files")
	}
	if want := unicode.Version; g.version != want {
		log.Printf("warning: the data is Unicode %s, this Go's unicode package is %s", g.version, want)
	}
	src, err := format.Source(g.output())
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, src, 0o666); err != nil {
		log.Fatal(err)
	}
	log.Printf("wrote %s: %d code points, Unicode %s", *out, len(g.table), g.version)
}

type generator struct {
	version string   // the Unicode version all the files share
	sources []string // one line per file: name, version, SHA-256
	names   map[rune]string
	decomp  map[rune][]rune // compatibility or canonical decomposition, one level
	ccc     map[rune]int
	protos  map[rune][]rune // confusables.txt: source → prototype
	table   map[rune]reason
}

var (
	versionLine = regexp.MustCompile(`^#\s*Version:\s*(\d+\.\d+\.\d+)`)
	fileLine    = regexp.MustCompile(`^#\s*\w+-(\d+\.\d+\.\d+)\.txt`)
)

// read returns the lines of the file at path, records its version (from a
// "# Version: x.y.z" line, or a "# Name-x.y.z.txt" first line; versionFrom
// says which, "" for UnicodeData.txt, which has no header) and its SHA-256.
func (g *generator) read(path, versionFrom string) []string {
	data, err := os.ReadFile(path)
	if err != nil {
		log.Fatal(err)
	}
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	sum := sha256.Sum256(data)
	lines := strings.Split(string(data), "\n")
	version := ""
	for _, line := range lines[:min(len(lines), 20)] {
		re := versionLine
		if versionFrom == "file" {
			re = fileLine
		}
		if m := re.FindStringSubmatch(line); m != nil {
			version = m[1]
			break
		}
	}
	switch {
	case versionFrom == "":
		version = "(no version line)"
	case version == "":
		log.Fatalf("%s: no version line", path)
	case g.version == "":
		g.version = version
	case g.version != version:
		log.Fatalf("%s is Unicode %s, another file is %s", path, version, g.version)
	}
	g.sources = append(g.sources, fmt.Sprintf("%s, %s, SHA-256 %s", filepath.Base(path), version, hex.EncodeToString(sum[:])))
	return lines
}

// fields splits a data line into its ";"-separated fields, without the
// comment; it returns nil for a line that holds only a comment.
func fields(line string) []string {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i]
	}
	if strings.TrimSpace(line) == "" {
		return nil
	}
	f := strings.Split(line, ";")
	for i := range f {
		f[i] = strings.TrimSpace(f[i])
	}
	return f
}

func parseRune(s string) rune {
	n, err := strconv.ParseUint(s, 16, 32)
	if err != nil || n > unicode.MaxRune {
		log.Fatalf("bad code point %q", s)
	}
	return rune(n)
}

// parseRange parses "0041" or "0041..005A".
func parseRange(s string) (lo, hi rune) {
	if a, b, ok := strings.Cut(s, ".."); ok {
		return parseRune(a), parseRune(b)
	}
	r := parseRune(s)
	return r, r
}

// parseRunes parses a space-separated sequence of code points.
func parseRunes(s string) []rune {
	var rs []rune
	for _, f := range strings.Fields(s) {
		rs = append(rs, parseRune(f))
	}
	return rs
}

func (g *generator) add(r rune, why reason) {
	if r < 0x80 {
		return // ASCII is Render's own business
	}
	g.table[r] |= why
}

func hasDelimiter(rs []rune) bool {
	for _, r := range rs {
		if r < 0x80 && strings.ContainsRune(delimiters, r) {
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
	for _, line := range lines {
		f := fields(line)
		if f == nil {
			continue
		}
		if len(f) < 15 {
			log.Fatalf("UnicodeData.txt: short line %q", line)
		}
		r := parseRune(f[0])
		g.names[r] = f[1]
		if ccc, err := strconv.Atoi(f[3]); err == nil {
			g.ccc[r] = ccc
		}
		if d := f[5]; d != "" {
			if strings.HasPrefix(d, "<") {
				_, d, _ = strings.Cut(d, "> ")
			}
			g.decomp[r] = parseRunes(d)
		}
	}
	for r, name := range g.names {
		if g.ccc[r] == 1 {
			g.add(r, overlay)
		}
		if words := strings.Fields(name); len(words) > 1 && words[len(words)-1] == "BLANK" {
			g.add(r, namedBlank)
		}
		if hasDelimiter(g.fullDecomposition(r)) {
			g.add(r, decomposesDelimiter)
		}
	}
}

func (g *generator) fullDecomposition(r rune) []rune {
	d, ok := g.decomp[r]
	if !ok {
		return []rune{r}
	}
	var out []rune
	for _, c := range d {
		out = append(out, g.fullDecomposition(c)...)
	}
	return out
}

// readConfusables reads the prototypes and adds the code points whose
// prototype holds a delimiter.
func (g *generator) readConfusables(lines []string) {
	g.protos = map[rune][]rune{}
	for _, line := range lines {
		f := fields(line)
		if f == nil {
			continue
		}
		if len(f) < 2 {
			log.Fatalf("confusables.txt: bad line %q", line)
		}
		r, proto := parseRune(f[0]), parseRunes(f[1])
		g.protos[r] = proto
		if hasDelimiter(proto) {
			g.add(r, confusableDelimiter)
		}
	}
	if len(g.protos) < 1000 {
		log.Fatalf("confusables.txt: only %d entries", len(g.protos))
	}
}

// readIDNA adds the code points that UTS #46 maps to a string holding a
// delimiter.
func (g *generator) readIDNA(lines []string) {
	n := 0
	for _, line := range lines {
		f := fields(line)
		if f == nil {
			continue
		}
		n++
		if len(f) < 3 || (f[1] != "mapped" && f[1] != "deviation") {
			continue
		}
		lo, hi := parseRange(f[0])
		if hasDelimiter(parseRunes(f[2])) {
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
		f := fields(line)
		if len(f) < 2 || f[1] != prop {
			continue
		}
		lo, hi := parseRange(f[0])
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

// output writes the table as a unicode.RangeTable with stride 1, one range
// per run of consecutive code points that are in the table for the same
// reasons, each with a comment naming its ends and the reasons.
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
	fmt.Fprintf(&b, "// Code generated by go run ./internal/gen/lookalikes; DO NOT EDIT.\n\n")
	fmt.Fprintf(&b, "// The data: Unicode %s, from these files that the Unicode Consortium\n", g.version)
	fmt.Fprintf(&b, "// publishes under https://www.unicode.org/Public/%s/:\n//\n", g.version)
	for _, s := range g.sources {
		fmt.Fprintf(&b, "//\t%s\n", s)
	}
	fmt.Fprintf(&b, "\npackage url\n\nimport \"unicode\"\n\n")
	fmt.Fprintf(&b, "// lookalikesUnicodeVersion is the Unicode version of the data lookalikes\n// was generated from.\n")
	fmt.Fprintf(&b, "const lookalikesUnicodeVersion = %q\n\n", g.version)
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
	fmt.Fprintf(&b, "\t},\n\tLatinOffset: %d,\n}\n", latin)
	return b.Bytes()
}
