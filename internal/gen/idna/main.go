// Command idna writes idna_tables.go: the Unicode data that the package's own
// UTS #46 processing (idna.go, uts46.go) needs, for one Unicode version.
//
// Usage (from the module root; go generate runs it from uts46.go):
//
//	go run ./internal/gen/idna [-dir DIR] [-source TEXT] [-o idna_tables.go] VERSION
//
// VERSION, such as 18.0.0, is the one argument: the Unicode version of the
// data, which every file's version line must name. DIR (default
// $UNICODE_DATA) holds these files of that version, as the Unicode
// Consortium publishes them under https://www.unicode.org/Public/VERSION/
// and unicode-org/unicodetools keeps them under unicodetools/data/:
//
//	IdnaMappingTable.txt            idna/: the UTS #46 mapping and status of each code point
//	UnicodeData.txt                 ucd/: General_Category (Mark), canonical decompositions
//	DerivedCombiningClass.txt       ucd/extracted/: Canonical_Combining_Class (NFC; virama = 9)
//	DerivedNormalizationProps.txt   ucd/: NFC_Quick_Check, Full_Composition_Exclusion
//	DerivedBidiClass.txt            ucd/extracted/: Bidi_Class (CheckBidi)
//	DerivedJoiningType.txt          ucd/extracted/: Joining_Type (CheckJoiners)
//
// -source says where DIR's files came from (a repository, its path and
// commit); the generated file's header records it beside each file's name,
// version and SHA-256.
//
// # The tables
//
// idnaProps maps every code point to a uint16 of bit fields (see the
// constants of uts46.go): its UTS #46 status (valid and deviation are one,
// as Transitional_Processing is false), its Bidi_Class among those RFC 5893
// names, its Joining_Type among those RFC 5892's CONTEXTJ rule reads,
// whether it is a Mark, a virama (Canonical_Combining_Class 9), whether NFC
// must look at it (combining class not 0, or NFC_Quick_Check not Yes), and
// whether it has a canonical decomposition. A code point that is mapped or
// ignored never reaches the checks (mapping replaces it first), so only its
// status is kept, which lets more blocks of the trie be shared. The trie has
// three levels; the generator picks the block sizes that make it smallest.
//
// idnaMapRuns holds the mappings, one entry per run of mapped code points,
// consecutive or every other one, whose mappings are the same string or the
// same string with its last code point one or two higher per code point
// (A-Z, and the upper case letters of Latin Extended that alternate with
// their lower case); the mapped strings are substrings of idnaMapText.
//
// For NFC: nfcDecomps, the full canonical decomposition of each code point
// that has one (Hangul syllables are computed), in nfcDecompText; nfcCCC,
// the ranges of code points with a combining class other than 0; and
// nfcCompose, the primary composites by their two code points.
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
	"strconv"
	"strings"

	"github.com/webstd/url/internal/gen/ucd"
)

// The bit fields of a code point's value; uts46.go declares the same.
const (
	statusValid      = 0
	statusMapped     = 1
	statusIgnored    = 2
	statusDisallowed = 3

	bidiShift = 2 // 4 bits
	joinShift = 6 // 3 bits

	flagMark    = 1 << 9
	flagVirama  = 1 << 10
	flagNFC     = 1 << 11
	flagDecomp  = 1 << 12
	maxCodePt   = 0x10FFFF
	numCodePts  = maxCodePt + 1
	hangulFirst = 0xAC00
	hangulLast  = 0xD7A3
)

// bidiClasses numbers the Bidi_Class values RFC 5893 names; every other
// class is 0.
var bidiClasses = map[string]uint16{
	"L": 1, "R": 2, "AL": 3, "AN": 4, "EN": 5, "ES": 6, "CS": 7, "ET": 8, "ON": 9, "BN": 10, "NSM": 11,
}

// joiningTypes numbers the Joining_Type values RFC 5892's CONTEXTJ rule for
// U+200C reads; U (and C) are 0.
var joiningTypes = map[string]uint16{"L": 1, "R": 2, "D": 3, "T": 4}

type generator struct {
	files ucd.Files // the data files read, of one Unicode version

	status  []uint16
	mapping map[rune][]rune
	bidi    []uint16
	join    []uint16
	mark    []bool
	ccc     []uint8
	decomp  map[rune][]rune // one level, canonical only
	nfcNo   []bool          // NFC_QC No or Maybe
	fce     []bool          // Full_Composition_Exclusion
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("gen/idna: ")
	dir := flag.String("dir", os.Getenv("UNICODE_DATA"), "directory holding the data files")
	source := flag.String("source", "", "where the files came from (repository, path, commit)")
	out := flag.String("o", "idna_tables.go", "output file")
	flag.Parse()
	if flag.NArg() != 1 || !ucd.VersionArg.MatchString(flag.Arg(0)) {
		log.Fatalf("usage: go run ./internal/gen/idna [-dir DIR] [-source TEXT] [-o FILE] VERSION (such as 18.0.0)")
	}
	if *dir == "" {
		log.Fatal("give -dir DIR or set UNICODE_DATA")
	}
	g := &generator{
		files:   ucd.Files{Version: flag.Arg(0), Source: *source},
		status:  make([]uint16, numCodePts),
		mapping: map[rune][]rune{},
		bidi:    make([]uint16, numCodePts),
		join:    make([]uint16, numCodePts),
		mark:    make([]bool, numCodePts),
		ccc:     make([]uint8, numCodePts),
		decomp:  map[rune][]rune{},
		nfcNo:   make([]bool, numCodePts),
		fce:     make([]bool, numCodePts),
	}
	path := func(name string) string { return filepath.Join(*dir, name) }
	g.readIDNA(g.files.Read(path("IdnaMappingTable.txt"), "idna", "Version"))
	g.readUnicodeData(g.files.Read(path("UnicodeData.txt"), "ucd", ""))
	g.readCCC(g.files.Read(path("DerivedCombiningClass.txt"), "ucd/extracted", "file"))
	g.readNormProps(g.files.Read(path("DerivedNormalizationProps.txt"), "ucd", "file"))
	g.readEnum(g.files.Read(path("DerivedBidiClass.txt"), "ucd/extracted", "file"), g.bidi, bidiClasses)
	g.readEnum(g.files.Read(path("DerivedJoiningType.txt"), "ucd/extracted", "file"), g.join, joiningTypes)

	src, err := format.Source(g.output())
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, src, 0o666); err != nil {
		log.Fatal(err)
	}
}

func (g *generator) readIDNA(lines []string) {
	seen := 0
	for _, line := range lines {
		f := ucd.Fields(line)
		if f == nil {
			continue
		}
		lo, hi := ucd.ParseRange(f[0])
		var st uint16
		switch f[1] {
		case "valid", "deviation":
			// Transitional_Processing is false: a deviation is left as it is.
			st = statusValid
		case "mapped":
			st = statusMapped
		case "ignored":
			st = statusIgnored
		case "disallowed":
			st = statusDisallowed
		default:
			log.Fatalf("IdnaMappingTable.txt: unknown status %q", f[1])
		}
		for r := lo; r <= hi; r++ {
			g.status[r] = st
			if st == statusMapped {
				g.mapping[r] = ucd.ParseRunes(f[2])
			}
			seen++
		}
	}
	if seen != numCodePts {
		log.Fatalf("IdnaMappingTable.txt covers %d code points, not all %d", seen, numCodePts)
	}
}

func (g *generator) readUnicodeData(lines []string) {
	for _, line := range lines {
		f := strings.Split(line, ";")
		if len(f) < 6 {
			continue
		}
		r := ucd.ParseRune(f[0])
		if strings.HasPrefix(f[2], "M") {
			if strings.HasSuffix(f[1], ", First>") {
				log.Fatalf("a range of marks at U+%04X", r)
			}
			g.mark[r] = true
		}
		if d := f[5]; d != "" && !strings.HasPrefix(d, "<") {
			g.decomp[r] = ucd.ParseRunes(d)
		}
	}
}

func (g *generator) readCCC(lines []string) {
	for _, line := range lines {
		f := ucd.Fields(line)
		if f == nil {
			continue
		}
		lo, hi := ucd.ParseRange(f[0])
		n, err := strconv.Atoi(f[1])
		if err != nil || n > 254 {
			log.Fatalf("DerivedCombiningClass.txt: %q", line)
		}
		for r := lo; r <= hi; r++ {
			g.ccc[r] = uint8(n)
		}
	}
}

func (g *generator) readNormProps(lines []string) {
	for _, line := range lines {
		f := ucd.Fields(line)
		if f == nil {
			continue
		}
		lo, hi := ucd.ParseRange(f[0])
		for r := lo; r <= hi; r++ {
			switch {
			case f[1] == "NFC_QC" && (f[2] == "N" || f[2] == "M"):
				g.nfcNo[r] = true
			case f[1] == "Full_Composition_Exclusion":
				g.fce[r] = true
			}
		}
	}
}

// readEnum reads a derived property file of one enumerated property into
// values, through names (a value not in names is 0), defaults first (its
// "# @missing:" lines, in order), then the listed values.
func (g *generator) readEnum(lines []string, values []uint16, names map[string]uint16) {
	for _, line := range lines {
		rest, ok := strings.CutPrefix(line, "# @missing:")
		if !ok {
			continue
		}
		f := ucd.Fields(rest)
		lo, hi := ucd.ParseRange(f[0])
		for r := lo; r <= hi; r++ {
			values[r] = names[longToShort(f[1])]
		}
	}
	for _, line := range lines {
		f := ucd.Fields(line)
		if f == nil {
			continue
		}
		lo, hi := ucd.ParseRange(f[0])
		for r := lo; r <= hi; r++ {
			values[r] = names[f[1]]
		}
	}
}

// longToShort gives the short value names of the long ones that "@missing"
// lines may use.
func longToShort(v string) string {
	switch v {
	case "Left_To_Right":
		return "L"
	case "Right_To_Left":
		return "R"
	case "Arabic_Letter":
		return "AL"
	case "Arabic_Number":
		return "AN"
	case "European_Terminator":
		return "ET"
	case "Boundary_Neutral":
		return "BN"
	case "Non_Joining":
		return "U"
	case "Transparent":
		return "T"
	}
	return v
}

// value returns the trie value of code point r.
func (g *generator) value(r rune) uint16 {
	st := g.status[r]
	if st == statusMapped || st == statusIgnored {
		return st
	}
	v := st | g.bidi[r]<<bidiShift | g.join[r]<<joinShift
	if g.mark[r] {
		v |= flagMark
	}
	if g.ccc[r] == 9 {
		v |= flagVirama
	}
	if g.ccc[r] != 0 || g.nfcNo[r] || (r >= 0x1161 && r <= 0x1175) || (r >= 0x11A8 && r <= 0x11C2) {
		v |= flagNFC
	}
	if _, ok := g.decomp[r]; ok {
		v |= flagDecomp
	}
	return v
}

// trie is a three-level lookup table: index1[r>>(b2+b3)] selects a block of
// index2, whose entry (r>>b3)&(1<<b2-1) selects a block of data.
type trie struct {
	b2, b3         uint
	index1, index2 []int
	data           []uint16
}

func buildTrie(values []uint16, b2, b3 uint) trie {
	t := trie{b2: b2, b3: b3}
	var index2Flat []int
	t.data, index2Flat = dedupBlocks(values, b3)
	t.index2, t.index1 = dedupBlocks(index2Flat, b2)
	return t
}

// dedupBlocks cuts values into blocks of 1<<bits values and returns the
// distinct blocks, one after the other in the order first seen, and for
// each block of values the number of its distinct block: a level of the
// trie and the index into it.
func dedupBlocks[T int | uint16](values []T, bits uint) (blocks []T, index []int) {
	seen := map[string]int{}
	for start := 0; start < len(values); start += 1 << bits {
		block := values[start : start+1<<bits]
		key := fmt.Sprint(block)
		i, ok := seen[key]
		if !ok {
			i = len(blocks) >> bits
			seen[key] = i
			blocks = append(blocks, block...)
		}
		index = append(index, i)
	}
	return blocks, index
}

// intType returns the smallest unsigned type that holds every element of s,
// and its size.
func intType(s []int) (string, int) {
	if slices.Max(s) < 1<<8 {
		return "uint8", 1
	}
	return "uint16", 2
}

func (t trie) size() int {
	_, s1 := intType(t.index1)
	_, s2 := intType(t.index2)
	return len(t.index1)*s1 + len(t.index2)*s2 + len(t.data)*2
}

func (g *generator) output() []byte {
	values := make([]uint16, numCodePts)
	for r := range values {
		values[r] = g.value(rune(r))
	}
	// Pad to a multiple of every block size tried.
	for len(values)%(1<<16) != 0 {
		values = append(values, statusDisallowed)
	}
	var best trie
	for b3 := uint(4); b3 <= 7; b3++ {
		for b2 := uint(2); b2 <= 7; b2++ {
			if t := buildTrie(values, b2, b3); best.data == nil || t.size() < best.size() {
				best = t
			}
		}
	}
	for r := rune(0); r <= maxCodePt; r++ {
		if best.lookup(r) != values[r] {
			log.Fatalf("trie wrong at U+%04X", r)
		}
	}

	var b bytes.Buffer
	b.WriteString(g.files.Header("go run ./internal/gen/idna "+g.files.Version, "the Unicode Character Database and UTS #46"))
	fmt.Fprintf(&b, "\npackage url\n\n")
	fmt.Fprintf(&b, "// idnaUnicodeVersion is the Unicode version of the tables of this file.\n")
	fmt.Fprintf(&b, "const idnaUnicodeVersion = %q\n\n", g.files.Version)

	fmt.Fprintf(&b, "// The trie of idnaProps (%d bytes): see idnaProps.\nconst (\n\tidnaTrieB2 = %d\n\tidnaTrieB3 = %d\n)\n\n", best.size(), best.b2, best.b3)
	writeInts(&b, "idnaTrieIndex1", best.index1)
	writeInts(&b, "idnaTrieIndex2", best.index2)
	writeU16(&b, "idnaTrieData", best.data)

	// Mapping runs.
	var text strings.Builder
	textAt := map[string]int{}
	addText := func(s string) int {
		if i, ok := textAt[s]; ok {
			return i
		}
		if i := strings.Index(text.String(), s); i >= 0 {
			return i
		}
		textAt[s] = text.Len()
		text.WriteString(s)
		return textAt[s]
	}
	// A run is mapped code points start, start+stride, ... (n of them; with
	// stride 2, the code points between are not mapped), whose mappings are
	// m with its last code point raised by inc per step.
	type run struct {
		start, n, stride, inc rune
		m                     []rune
	}
	var runs []run
	for r := rune(0); r <= maxCodePt; r++ {
		m, ok := g.mapping[r]
		if !ok {
			continue
		}
		if n := len(runs); n > 0 {
			last := &runs[n-1]
			end := last.start + (last.n-1)*last.stride // its last code point
			step := r - end
			if last.n < 1<<10 && (step == 1 || step == 2) && (last.n == 1 || step == last.stride) &&
				len(m) == len(last.m) && slices.Equal(m[:len(m)-1], last.m[:len(m)-1]) {
				prev := last.m[len(m)-1] + (last.n-1)*last.inc
				inc := m[len(m)-1] - prev
				if (inc == 0 || inc == 1 || inc == 2) && (last.n == 1 || inc == last.inc) {
					last.stride, last.inc = step, inc
					last.n++
					continue
				}
			}
		}
		runs = append(runs, run{start: r, n: 1, stride: 1, m: m})
	}
	var entries []uint64
	for _, ru := range runs {
		s := string(ru.m)
		off := addText(s)
		if off >= 1<<16 || len(s) >= 1<<8 {
			log.Fatalf("mapping of U+%04X does not fit", ru.start)
		}
		e := uint64(ru.start)<<43 | uint64(ru.n-1)<<33 | uint64(off)<<17 | uint64(len(s))<<9 | uint64(ru.inc)
		if ru.stride == 2 {
			e |= 8
		}
		for k := rune(0); k < ru.n; k++ {
			for _, c := range g.mapping[ru.start+k*ru.stride] {
				if g.value(c)&flagNFC != 0 {
					e |= 4
				}
			}
		}
		entries = append(entries, e)
	}
	fmt.Fprintf(&b, "// idnaMapRuns holds the %d runs of mapped code points (%d of them), sorted:\n", len(runs), len(g.mapping))
	fmt.Fprintf(&b, "// first code point<<43 | (length-1)<<33 | offset in idnaMapText<<17 |\n")
	fmt.Fprintf(&b, "// byte length<<9 | 8 if the run is every other code point | 4 if NFC\n")
	fmt.Fprintf(&b, "// must look at the mapping | how much (0 to 2) the last code point of the\n")
	fmt.Fprintf(&b, "// mapping goes up per code point of the run.\n")
	writeU64(&b, "idnaMapRuns", entries)
	fmt.Fprintf(&b, "// idnaMapText holds the mappings (%d bytes).\nconst idnaMapText = %q\n\n", text.Len(), text.String())

	// NFC.
	var dtext strings.Builder
	var dents []uint64
	for r := rune(0); r <= maxCodePt; r++ {
		if _, ok := g.decomp[r]; !ok {
			continue
		}
		s := string(ucd.FullDecomposition(g.decomp, r))
		dents = append(dents, uint64(r)<<32|uint64(dtext.Len())<<8|uint64(len(s)))
		dtext.WriteString(s)
	}
	if dtext.Len() >= 1<<24 {
		log.Fatal("decompositions too long")
	}
	fmt.Fprintf(&b, "// nfcDecomps holds the full canonical decomposition of each of the %d\n", len(dents))
	fmt.Fprintf(&b, "// code points that have one, sorted: code point<<32 | offset in\n// nfcDecompText<<8 | byte length.\n")
	writeU64(&b, "nfcDecomps", dents)
	fmt.Fprintf(&b, "const nfcDecompText = %q\n\n", dtext.String())

	var cents []uint64
	for r := rune(0); r <= maxCodePt; r++ {
		c := g.ccc[r]
		if c == 0 {
			continue
		}
		if n := len(cents); n > 0 && rune(cents[n-1]>>8&(1<<24-1)) == r-1 && uint8(cents[n-1]) == c {
			cents[n-1] += 1 << 8
			continue
		}
		cents = append(cents, uint64(r)<<32|uint64(r)<<8|uint64(c))
	}
	fmt.Fprintf(&b, "// nfcCCC holds the ranges of code points whose Canonical_Combining_Class\n")
	fmt.Fprintf(&b, "// is not 0, sorted: first<<32 | last<<8 | class.\n")
	writeU64(&b, "nfcCCC", cents)

	var comps []uint64
	for r := rune(0); r <= maxCodePt; r++ {
		d, ok := g.decomp[r]
		if !ok || len(d) != 2 || g.fce[r] {
			continue
		}
		comps = append(comps, uint64(d[0])<<42|uint64(d[1])<<21|uint64(r))
	}
	slices.Sort(comps)
	fmt.Fprintf(&b, "// nfcCompose holds the %d primary composites, sorted: first code point<<42 |\n", len(comps))
	fmt.Fprintf(&b, "// second<<21 | composite. (Hangul syllables are computed.)\n")
	writeU64(&b, "nfcCompose", comps)
	return b.Bytes()
}

func (t trie) lookup(r rune) uint16 {
	i1 := t.index1[r>>(t.b2+t.b3)]
	i2 := t.index2[i1<<t.b2+int(r>>t.b3)&(1<<t.b2-1)]
	return t.data[i2<<t.b3+int(r)&(1<<t.b3-1)]
}

func writeInts(b *bytes.Buffer, name string, s []int) {
	typ, _ := intType(s)
	writeArray(b, name, typ, s, 16, "%d,")
}

func writeU16(b *bytes.Buffer, name string, s []uint16) {
	writeArray(b, name, "uint16", s, 12, "%#04x,")
}

func writeU64(b *bytes.Buffer, name string, s []uint64) {
	writeArray(b, name, "uint64", s, 4, "%#016x,")
}

// writeArray writes the array variable name of the values s, of the Go type
// typ, perLine values a line, each in the format of format.
func writeArray[T int | uint16 | uint64](b *bytes.Buffer, name, typ string, s []T, perLine int, format string) {
	fmt.Fprintf(b, "var %s = [%d]%s{", name, len(s), typ)
	for i, v := range s {
		if i%perLine == 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(b, format, v)
	}
	b.WriteString("\n}\n\n")
}
