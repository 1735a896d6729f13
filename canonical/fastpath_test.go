package canonical

import (
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/webstd/url"
	"github.com/webstd/url/internal/infra"
)

// TestFastPaths holds each fast path to the general path, on the seeds of
// the fuzz tests with several sets of options, and on the corpora, when
// they are there (URL_CORPUS_DIR), with the profiles' options and a few
// more: appendIAFast, for SURT and for the IA canonical URL, and
// Options.keeps, which lets a profile return the href. On the corpora, where
// most URLs are already canonical, it also checks that the fast paths take
// nearly every URL, since they are what TestCost measures.
func TestFastPaths(t *testing.T) {
	seeds := seedInputs(t)
	readCorpus()
	inputs := append(seeds, corpus.inputs...)
	var surtSets []SURTOptions
	for bits := range 1 << 8 {
		surtSets = append(surtSets, surtOptions(bits))
	}
	optionSets := []Options{DedupOptions(), DedupStripOptions(), {}, {DropFragment: true}, {SortQuery: true},
		{NormalizePercentEncoding: true, DropUserinfo: true, DropTrailingDot: true, DropEmptyQuery: true}}
	var urls, fastSURT, fastKept int
	for i, s := range inputs {
		u, err := url.Parse(s)
		if err != nil {
			continue
		}
		if i == len(seeds) {
			// The corpora: the profiles' options, the SURT with all
			// options set and with the scheme.
			surtSets = []SURTOptions{{}, surtOptions(255), {WithScheme: true}}
			optionSets = optionSets[:2]
		}
		urls++
		for _, o := range surtSets {
			checkIAFast(t, o, u)
		}
		var stack [256]byte
		if _, ok, _ := (&SURTOptions{}).appendIAFast(stack[:0], &u, true); ok {
			fastSURT++
		}
		for _, o := range optionSets {
			checkOptionsFast(t, o, u)
		}
		if dedupStripOptions.keeps(&u) {
			fastKept++
		}
		if t.Failed() {
			t.FailNow()
		}
	}
	t.Logf("%d URLs: %d SURTs by the fast path, %d kept by dedup-strip", urls, fastSURT, fastKept)
	if len(corpus.inputs) > 0 {
		// On the corpora 98% of SURTs and 99% of dedup-strip keys
		// take the fast path; most of the others have something to
		// percent-decode.
		if fastSURT < urls*95/100 || fastKept < urls*95/100 {
			t.Errorf("the fast paths took %d (SURT) and %d (dedup-strip) of %d URLs; want 95%% or more", fastSURT, fastKept, urls)
		}
	}
}

// checkIAFast checks that appendIAFast, for a SURT and for a canonical URL,
// gives the general path's result when it takes u, and that AppendSURT
// appends what SURT returns, to a buffer with room and to one without.
func checkIAFast(t *testing.T, o SURTOptions, u url.URL) {
	t.Helper()
	want := o.SURT(u)
	for _, prefix := range [][]byte{[]byte("key "), append(make([]byte, 0, 300), "key "...)} {
		if got := o.AppendSURT(prefix, u); string(got) != "key "+want || string(prefix) != "key " {
			t.Errorf("%+v: AppendSURT(%q, %q) = %q; want %q", o, prefix, u.Href(), got, "key "+want)
		}
	}
	if u.Scheme() == "filedesc" {
		return
	}
	var stack [256]byte
	if b, ok, _ := o.appendIAFast(iaBuffer(stack[:0], &u), &u, true); ok {
		if want := o.surtSlow(u); string(b) != want {
			t.Errorf("%+v: SURT(%q): fast path %q, general path %q", o, u.Href(), b, want)
		}
	}
	if b, ok, decoded := o.appendIAFast(iaBuffer(stack[:0], &u), &u, false); ok {
		if want := o.canonicalSlow(u); string(b) != want {
			t.Errorf("%+v: Canonical(%q): fast path %q, general path %q", o, u.Href(), b, want)
		}
		// What canonicalWritten takes for an href without parsing it.
		if !decoded {
			if v, err := url.Parse(string(b)); err != nil || v.Href() != string(b) {
				t.Errorf("%+v: Canonical(%q): the fast path wrote %q, decoding nothing, which parses to %q, %v", o, u.Href(), b, v.Href(), err)
			}
		}
	}
}

// checkOptionsFast checks that when o.keeps(u), the general path (apply)
// leaves u as it is, but for its fragment if o.DropFragment, and that Apply
// and the profile's string are the general path's.
func checkOptionsFast(t *testing.T, o Options, u url.URL) {
	t.Helper()
	want, err := o.apply(u)
	if err != nil {
		t.Fatalf("%+v: apply(%q): %v", o, u.Href(), err)
	}
	if o.keeps(&u) {
		h := u.Href()
		if o.DropFragment {
			h = u.HrefExcludingFragment()
		}
		if want.Href() != h {
			t.Errorf("%+v: keeps(%q), but the general path gives %q", o, u.Href(), want.Href())
		}
	}
	if got, err := o.Apply(u); err != nil || got != want {
		t.Errorf("%+v: Apply(%q) = %q, %v; the general path gives %q", o, u.Href(), got.Href(), err, want.Href())
	}
	if got, err := o.canonicalString(&u); err != nil || got != want.Href() {
		t.Errorf("%+v: canonicalString(%q) = %q, %v; the general path gives %q", o, u.Href(), got, err, want.Href())
	}
}

// checkScans holds the word-at-a-time scans to byte-at-a-time ones, on s
// and on its every suffix (so that each byte is at every place in a word).
func checkScans(t *testing.T, s string) {
	t.Helper()
	for i := range min(len(s), 16) + 1 {
		p := s[i:]
		for _, lower := range []bool{false, true} {
			var stack [64]byte
			got, marked, double := appendScanned(append(stack[:0], "x"...), p, lower)
			want := p
			if lower {
				want = infra.ASCIILowercase(p)
			}
			wantMarked := strings.IndexFunc(p, func(r rune) bool { return r <= '(' }) >= 0
			if string(got) != "x"+want || marked != wantMarked || double != strings.Contains(p, "//") {
				t.Fatalf("appendScanned(%q, %v) = %q, %v, %v; want %q, %v, %v",
					p, lower, got, marked, double, "x"+want, wantMarked, strings.Contains(p, "//"))
			}
		}
		got, ok := appendReversedLabels(append(make([]byte, 0, len(p)+16), "x"...), p)
		wantOK := p != "" && collapseDots(p) == p && strings.IndexFunc(p, func(r rune) bool { return '%' <= r && r <= ',' }) < 0
		if ok != wantOK {
			t.Fatalf("appendReversedLabels(%q) = %v; want %v", p, ok, wantOK)
		}
		if labels := strings.Split(p, "."); ok {
			for i, j := 0, len(labels)-1; i < j; i, j = i+1, j-1 {
				labels[i], labels[j] = labels[j], labels[i]
			}
			if want := "x" + strings.Join(labels, ","); string(got) != want {
				t.Fatalf("appendReversedLabels(%q) = %q; want %q", p, got, want)
			}
		}
		if got, want := hasEmptyLabel(p), p == "" || slices.Contains(strings.Split(p, "."), ""); got != want {
			t.Fatalf("hasEmptyLabel(%q) = %v; want %v", p, got, want)
		}
		lp := infra.ASCIILowercase(p)
		if got, want := mayHaveLowerSessionID([]byte(lp)), strings.Contains(lp, "sid") || strings.Contains(lp, "nid") || strings.Contains(lp, "fid"); got != want {
			t.Fatalf("mayHaveLowerSessionID(%q) = %v; want %v", lp, got, want)
		}
		var b []byte
		if got, want := string(infra.AppendLower(b, p)), infra.ASCIILowercase(p); got != want {
			t.Fatalf("infra.AppendLower(%q) = %q; want %q", p, got, want)
		}
	}
}

// TestScans runs checkScans on strings that put each byte value, and the
// bytes the scans look for, at each place of a word and around words.
func TestScans(t *testing.T) {
	for c := range 256 {
		for n := range 20 {
			b := []byte(strings.Repeat("a.", 10)[:n])
			b = append(b, byte(c))
			checkScans(t, string(b)+"Zz/")
		}
	}
	for _, s := range []string{
		"", "/", "//", "a//b", "/1234567/", "/123456//", "/1234567//", "/12345678//", "/ABCDEFGHIJKLMNOPQRSTUVWXYZ@[`{",
		"www.example.com", "a.b.c.d.e.f.g.h.i.j", "a..b", ".a", "a.", "abcdefgh.ijklmnop.q", "abcdefg.", "1234567..x",
		"a,b.c", "a)b", "%", "a(b.c", "a&b.com", "exa\x80mple.com",
		"sid", "a=1&sid=2", "nid", "xfid", "id", "iid", "sidd", "s.id", "SID=1", "a&pHpSeSsId=1", "i", "si", "xxxxxxxxfid",
	} {
		checkScans(t, s)
	}
}

// TestSortIAQueryInPlace holds the fast path's sort to alphaReorderQuery
// on random queries of parameters from a small alphabet (so that names,
// values and whole parameters repeat, and some have no "=" or an empty
// name), up to past the 32 parameters it sorts in place; names of up to
// eight bytes and longer ones that share their first eight (iaParam.cmp
// compares those as words), with zero bytes and bytes from 0x80.
func TestSortIAQueryInPlace(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"", "a", "b", "ab", "=", "a=", "=a", "a=1", "a=2", "b=1", "a==", "ba", "a=1=2",
		"abcdefg", "abcdefgh", "abcdefghi", "abcdefgz", "\x00", "a\x00", "\xff", "\x80="}
	for range 20000 {
		n := 1 + r.IntN(40)
		params := make([]string, n)
		for i := range params {
			params[i] = pieces[r.IntN(len(pieces))] + pieces[r.IntN(len(pieces))]
		}
		q := strings.Join(params, "&")
		b := append([]byte("?"), q...)
		if got, want := string(sortIAQueryInPlace(b, 1)[1:]), alphaReorderQuery(q); got != want {
			t.Fatalf("sortIAQueryInPlace(%q) = %q; want %q", q, got, want)
		}
	}
}

// TestReversedLabelsRandom holds appendReversedLabels to the labels split,
// reversed and joined, on random hosts of up to 40 bytes, whose dots fall
// at every place of a word: before, after and across the eight-byte steps,
// at both ends, and in a row.
func TestReversedLabelsRandom(t *testing.T) {
	const alphabet, escaped = "ab.z09-.", ",%)*+&'("
	r := rand.New(rand.NewPCG(1, 2))
	h := make([]byte, 0, 40)
	var valid int
	for range 200_000 {
		h = h[:0]
		for range r.IntN(41) {
			if r.IntN(200) == 0 {
				h = append(h, escaped[r.IntN(len(escaped))])
			} else {
				h = append(h, alphabet[r.IntN(len(alphabet))])
			}
		}
		host := string(h)
		got, ok := appendReversedLabels([]byte("x"), host)
		labels := strings.Split(host, ".")
		wantOK := host != "" && !slices.Contains(labels, "") && strings.IndexFunc(host, func(r rune) bool { return '%' <= r && r <= ',' }) < 0
		if ok != wantOK {
			t.Fatalf("appendReversedLabels(%q) = %v; want %v", host, ok, wantOK)
		}
		if ok {
			valid++
			slices.Reverse(labels)
			if want := "x" + strings.Join(labels, ","); string(got) != want {
				t.Fatalf("appendReversedLabels(%q) = %q; want %q", host, got, want)
			}
		}
	}
	if valid < 20_000 {
		t.Errorf("only %d of the random hosts are valid; want a tenth at least", valid)
	}
}

// TestAppendSURTLongBuffer appends a key whose query the fast path sorts to
// a buffer of 2 GiB: the sort's offsets count from the query, not from the
// buffer's start, which an int32 would not reach (a review found AppendSURT
// panicking there). It runs only when asked (URL_BIG_TESTS=1): in a test
// binary whose heap is in use, the allocator clears the 2 GiB, which took 8
// seconds beside the other tests.
func TestAppendSURTLongBuffer(t *testing.T) {
	if os.Getenv("URL_BIG_TESTS") == "" || raceEnabled || strconv.IntSize < 64 {
		t.Skip("a 2 GiB buffer: run only when asked (URL_BIG_TESTS=1), not under the race detector nor on 32 bits")
	}
	u := url.MustParse("http://example.com/?b=1&a=2")
	const n = 1 << 31
	b := make([]byte, n, n+64)
	if got, want := string(AppendSURT(b, u)[n:]), SURT(u); got != want {
		t.Errorf("AppendSURT(2 GiB, %q) appended %q; want %q", u.Href(), got, want)
	}
}
