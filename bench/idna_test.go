package bench

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/webstd/url"
	"github.com/webstd/url/internal/benchdata"
	"golang.org/x/net/idna"
)

// BenchmarkIDNA compares three implementations of the URL Standard's domain
// to ASCII (https://url.spec.whatwg.org/#concept-domain-to-ascii, beStrict
// false, as the host parser runs it) and domain to Unicode
// (https://url.spec.whatwg.org/#concept-domain-to-unicode):
//
//   - ours: url.DomainToASCII and url.DomainToUnicode (UTS #46 of our own,
//     Unicode 18.0.0);
//   - xnet: golang.org/x/net/idna with the flags of the standard (those the
//     main module's BenchmarkIDNA uses), the empty and forbidden domain code
//     point checks of domain to ASCII added, and domain returned unchanged
//     when ToUnicode reports an error;
//   - ada: ada's ada::unicode::to_ascii (what its host parser runs on a
//     domain) and ada::idna::to_unicode, C++ through adaidna.cpp: one cgo
//     call a pass over the whole set, so that the call costs each host
//     nothing measurable.
//
// The sets: "corpus", the hosts of the corpora's URLs that have a Punycode
// label (the corpora hold their internationalized hosts in that form),
// converted to Unicode for ToASCII, as they are for ToUnicode; "generated",
// 1,000 hosts of 12 scripts (generatedIDNHosts), and their ASCII forms for
// ToUnicode. One op is a pass over a set; ns/host divides by its size.
//
// TestIDNAAgrees checks first that the three give the same results.
//
//	go test -run '^$' -bench IDNA -count 6
func BenchmarkIDNA(b *testing.B) {
	for _, set := range idnaSets(b) {
		for _, dir := range []struct {
			name  string
			hosts []string
		}{{"ToASCII", set.unicode}, {"ToUnicode", set.ascii}} {
			for _, lib := range idnaLibraries() {
				b.Run(set.name+"/"+dir.name+"/"+lib.name, func(b *testing.B) {
					if lib.skip != "" {
						b.Skip(lib.skip)
					}
					pass := lib.pass(dir.name == "ToUnicode", dir.hosts)
					pass() // warm up
					b.ReportAllocs()
					for b.Loop() {
						pass()
					}
					n := float64(b.N) * float64(len(dir.hosts))
					b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/host")
					b.ReportMetric(float64(len(dir.hosts)), "hosts/op")
				})
			}
		}
	}
}

// An idnaSet is a set of internationalized hosts, each in its Unicode form
// (ToASCII's input) and its ASCII form (ToUnicode's input).
type idnaSet struct {
	name           string
	unicode, ascii []string
}

// idnaSets returns the corpus set and the generated set of BenchmarkIDNA.
func idnaSets(tb testing.TB) []idnaSet {
	var corpus idnaSet
	corpus.name = "corpus"
	for _, c := range loadCorpora(tb) {
		for _, s := range c.urls {
			u, err := url.Parse(s)
			if err != nil || u.HostKind() != url.DomainHost || !hasACELabel(u.Hostname()) {
				continue
			}
			corpus.ascii = append(corpus.ascii, u.Hostname())
			// A host whose Punycode does not decode to a valid label stays
			// ASCII: domain to ASCII only lowercases an ASCII domain, so it
			// is no work of IDNA's.
			if uni := url.DomainToUnicode(u.Hostname()); !isASCII(uni) {
				corpus.unicode = append(corpus.unicode, uni)
			}
		}
	}
	gen := idnaSet{name: "generated", unicode: benchdata.GeneratedIDNHosts(1000)}
	for _, h := range gen.unicode {
		if a, err := url.DomainToASCII(h); err == nil {
			gen.ascii = append(gen.ascii, a)
		}
	}
	return []idnaSet{corpus, gen}
}

// An idnaLibrary is one implementation under measurement.
type idnaLibrary struct {
	name string
	// pass returns a function that runs domain to ASCII (toUnicode false)
	// or domain to Unicode on each of hosts and keeps the results in a
	// sink.
	pass func(toUnicode bool, hosts []string) func()
	// results returns the result of each host and whether it succeeded.
	results func(toUnicode bool, hosts []string) ([]string, []bool)
	// unicode is the Unicode version of the library's UTS #46 data, as
	// major*100+minor (1600 for 16.0); TestIDNAUnicodeVersions holds the
	// library to it.
	unicode int
	skip    string
}

// idnaLibraries lists ours, x/net/idna and ada (adaIDNALibrary: goada_test.go,
// or skipped without cgo).
func idnaLibraries() []idnaLibrary {
	return []idnaLibrary{
		goIDNALibrary("ours", oursDomainToASCII, url.DomainToUnicode),
		xnetIDNALibrary(),
		adaIDNALibrary(),
	}
}

// sinkIDNA keeps a result of the Go libraries' passes.
var sinkIDNA string

func goIDNALibrary(name string, toASCII func(string) (string, bool), toUnicode func(string) string) idnaLibrary {
	return idnaLibrary{
		name: name,
		pass: func(uni bool, hosts []string) func() {
			if uni {
				return func() {
					for _, h := range hosts {
						sinkIDNA = toUnicode(h)
					}
				}
			}
			return func() {
				for _, h := range hosts {
					sinkIDNA, _ = toASCII(h)
				}
			}
		},
		results: func(uni bool, hosts []string) ([]string, []bool) {
			rs, oks := make([]string, len(hosts)), make([]bool, len(hosts))
			for i, h := range hosts {
				if uni {
					rs[i], oks[i] = toUnicode(h), true
				} else {
					rs[i], oks[i] = toASCII(h)
				}
			}
			return rs, oks
		},
	}
}

func xnetIDNALibrary() idnaLibrary {
	l := goIDNALibrary("xnet", xnetDomainToASCII, xnetDomainToUnicode)
	l.unicode = unicodeVersion(idna.UnicodeVersion)
	return l
}

func oursDomainToASCII(h string) (string, bool) {
	a, err := url.DomainToASCII(h)
	return a, err == nil
}

// xnetDomainToASCII is domain to ASCII with beStrict false on x/net/idna:
// an ASCII domain is lowercased, another goes through ToASCII, and the
// result fails when it is empty or holds a forbidden domain code point.
func xnetDomainToASCII(h string) (string, bool) {
	var r string
	if isASCII(h) {
		r = strings.ToLower(h)
	} else {
		var err error
		if r, err = benchdata.XNetUTS46.ToASCII(h); err != nil {
			return "", false
		}
	}
	if r == "" || strings.ContainsFunc(r, isForbiddenDomain) {
		return "", false
	}
	return r, true
}

// xnetDomainToUnicode is domain to Unicode on x/net/idna: domain itself
// when ToUnicode records an error.
func xnetDomainToUnicode(h string) string {
	r, err := benchdata.XNetUTS46.ToUnicode(h)
	if err != nil {
		return h
	}
	return r
}

// isForbiddenDomain reports whether r is a forbidden domain code point
// (https://url.spec.whatwg.org/#forbidden-domain-code-point).
func isForbiddenDomain(r rune) bool {
	return r <= 0x20 || r == 0x7f || strings.ContainsRune("#%/:<>?@[\\]^|", r)
}

func isASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// hasACELabel reports whether a label of domain starts with "xn--".
func hasACELabel(domain string) bool {
	for label := range strings.SplitSeq(domain, ".") {
		if len(label) >= 4 && strings.EqualFold(label[:4], "xn--") {
			return true
		}
	}
	return false
}

// TestIDNAAgrees checks that x/net/idna and ada give our results on
// BenchmarkIDNA's sets, so that the benchmark compares the same work, and
// logs the hosts where they do not.
func TestIDNAAgrees(t *testing.T) {
	libs := idnaLibraries()
	for _, set := range idnaSets(t) {
		for _, dir := range []struct {
			name  string
			hosts []string
		}{{"ToASCII", set.unicode}, {"ToUnicode", set.ascii}} {
			ours, oursOK := libs[0].results(dir.name == "ToUnicode", dir.hosts)
			for _, lib := range libs[1:] {
				if lib.skip != "" {
					t.Logf("%s: %s", lib.name, lib.skip)
					continue
				}
				theirs, theirsOK := lib.results(dir.name == "ToUnicode", dir.hosts)
				differ := 0
				for i, h := range dir.hosts {
					if ours[i] == theirs[i] && oursOK[i] == theirsOK[i] {
						continue
					}
					if differ++; differ <= 5 {
						t.Errorf("%s %s: %s on %q %s: ours %q (ok %v), %s %q (ok %v)", set.name, dir.name, lib.name, h, codePoints(h),
							ours[i], oursOK[i], lib.name, theirs[i], theirsOK[i])
					}
				}
				t.Logf("%s %s: %s differs from ours on %d of %d hosts", set.name, dir.name, lib.name, differ, len(dir.hosts))
			}
		}
	}
}

// codePoints lists the code points of s that are not ASCII, as U+XXXX.
func codePoints(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= 0x80 {
			fmt.Fprintf(&b, " U+%04X", r)
		}
	}
	return "[" + strings.TrimSpace(b.String()) + "]"
}

// TestIDNAUnicodeVersions runs domain to ASCII on every code point beyond
// ASCII, alone in a label and after "a" ("X.com", "aX.com"), in ours and in
// each other library, and checks that wherever the other refuses what we
// accept, or gives another result, the code point is newer than the
// other's Unicode version (the Unicode version of each code point is the
// one IdnaMappingTable.txt 18.0.0 names). It logs the differences, by the
// Unicode version of the code point, with examples.
//
// That holds for a library at Unicode 16.0 or later: UTS #46 15.1 and 16.0
// changed the status of older code points (U+1E9E is valid since 15.1, no
// longer mapped to "ss"; since 16.0 the default ignorables such as U+2061
// are ignored and the Georgian capitals U+10A0 ff. mapped), so x/net/idna
// built with Go before 1.27 (its Unicode 15.0.0 tables) is only logged.
//
// Where the other library accepts what we refuse, nothing is asserted (the
// test has no third opinion): x/net/idna accepts "a" followed by U+2135 to
// U+2138 (mapped to Hebrew letters: the label is then refused by the Bidi
// Rule), and ada 3.4.1 accepts labels that the Bidi Rule refuses (an
// Arabic-Indic digit alone, a Hebrew letter after "a") and labels that
// begin with a combining mark (U+0CF3, U+0898).
func TestIDNAUnicodeVersions(t *testing.T) {
	if testing.Short() {
		t.Skip("2.2 million hosts a library")
	}
	ages := idnaAges(t)
	var hosts []string
	var cps []rune
	for _, prefix := range []string{"", "a"} {
		for c := rune(0x80); c <= 0x10FFFF; c++ {
			if c < 0xD800 || c > 0xDFFF {
				hosts = append(hosts, prefix+string(c)+".com")
				cps = append(cps, c)
			}
		}
	}
	libs := idnaLibraries()
	ours, oursOK := libs[0].results(false, hosts)
	for _, lib := range libs[1:] {
		if lib.skip != "" {
			t.Logf("%s: %s", lib.name, lib.skip)
			continue
		}
		checkAges := lib.unicode >= 1600
		if !checkAges {
			t.Logf("%s: Unicode %d.%d, before UTS #46 16.0: differences only logged", lib.name, lib.unicode/100, lib.unicode%100)
		}
		theirs, theirsOK := lib.results(false, hosts)
		type key struct {
			age  int
			kind string
		}
		count := map[key]int{}
		examples := map[key][]string{}
		for i, h := range hosts {
			if ours[i] == theirs[i] && oursOK[i] == theirsOK[i] {
				continue
			}
			k := key{ages[cps[i]], "ours accepts, " + lib.name + " refuses"}
			switch {
			case !oursOK[i] && theirsOK[i]:
				k.kind = lib.name + " accepts, ours refuses"
			case oursOK[i] && theirsOK[i]:
				k.kind = "both accept, results differ"
			}
			count[k]++
			if len(examples[k]) < 3 {
				examples[k] = append(examples[k], fmt.Sprintf("%q %s: ours %q, %s %q", h, codePoints(h), ours[i], lib.name, theirs[i]))
			}
			if checkAges && oursOK[i] && k.age <= lib.unicode {
				if count[k] <= 5 {
					t.Errorf("%s, Unicode %d.%d, refuses or changes %q %s, a code point of Unicode %d.%d: ours %q, %s %q (ok %v)",
						lib.name, lib.unicode/100, lib.unicode%100, h, codePoints(h), k.age/100, k.age%100, ours[i], lib.name, theirs[i], theirsOK[i])
				}
			}
		}
		for k, n := range count {
			t.Logf("%s: %s on %d hosts of code points of Unicode %d.%d, such as %s", lib.name, k.kind, n, k.age/100, k.age%100, strings.Join(examples[k], "; "))
		}
	}
}

// idnaAges returns the Unicode version (major*100+minor) in which each code
// point was assigned, as IdnaMappingTable.txt's comments give it (the main
// module's copy, 18.0.0); an unassigned code point is not in the map.
func idnaAges(t *testing.T) map[rune]int {
	f, err := os.Open("../internal/gen/idna/testdata/IdnaMappingTable.txt.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	ages := map[rune]int{}
	sc := bufio.NewScanner(zr)
	for sc.Scan() {
		data, comment, _ := strings.Cut(sc.Text(), "#")
		fields := strings.Fields(comment)
		data, _, _ = strings.Cut(data, ";")
		if data = strings.TrimSpace(data); data == "" || len(fields) == 0 || fields[0] == "NA" {
			continue
		}
		age := unicodeVersion(fields[0])
		lo, hi, isRange := strings.Cut(data, "..")
		if !isRange {
			hi = lo
		}
		l, err1 := strconv.ParseUint(lo, 16, 32)
		h, err2 := strconv.ParseUint(hi, 16, 32)
		if err1 != nil || err2 != nil || age == 0 {
			t.Fatalf("IdnaMappingTable.txt: cannot read %q", sc.Text())
		}
		for c := l; c <= h; c++ {
			ages[rune(c)] = age
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return ages
}

// unicodeVersion returns a version "16.0" or "17.0.0" as major*100+minor,
// or 0.
func unicodeVersion(v string) int {
	parts := strings.SplitN(v, ".", 3)
	if len(parts) < 2 {
		return 0
	}
	major, err1 := strconv.Atoi(parts[0])
	minor, err2 := strconv.Atoi(parts[1])
	if err1 != nil || err2 != nil {
		return 0
	}
	return major*100 + minor
}
