package url

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// TestLongLabelsAgreeWithXNet holds the domain parser's own encoder for long
// labels to x/net/idna's ToASCII on labels just long enough to take it, where
// x/net is still quick: the same result, or failure for both.
func TestLongLabelsAgreeWithXNet(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	alphabets := [][]rune{
		[]rune("abcdefghijklmnopqrstuvwxyz0123456789-"),
		[]rune("äöüßéèàçñ"),
		[]rune("日本語中文字漢字東京大阪"),
		[]rune("абвгдежзийклмнопрстуфхцчшщ"),
		[]rune("αβγδεζηθικλμνξοπρστυφχψω"),
		[]rune("אבגדהוזחטיכלמנסעפצקרשת"), // right to left, for the bidi rule
		{0x1F600, 0x1F601, 0x1F602, 0x2615, 0x200D, 0xFE0F},
		[]rune("ＡＢＣ。．-"),
	}
	succeeded := 0
	for n := 0; n < 300; n++ {
		var b strings.Builder
		size := longLabel + 1 + rng.IntN(400)
		mix := rng.IntN(len(alphabets))
		for b.Len() < size {
			a := alphabets[mix]
			if mix < 5 && rng.IntN(4) == 0 {
				a = alphabets[rng.IntN(5)] // left-to-right scripts mix
			}
			b.WriteRune(a[rng.IntN(len(a))])
		}
		domain := b.String()
		if rng.IntN(3) == 0 {
			domain = "www." + domain + ".example"
		}
		if !hasLongLabel(domain) {
			continue
		}
		for _, strict := range []bool{false, true} {
			profile := uts46Lenient
			if strict {
				profile = uts46Strict
			}
			want, err := profile.ToASCII(domain)
			got, _, ok := toASCIILongLabels(profile, domain, strict)
			if ok {
				succeeded++
			}
			if ok != (err == nil) || (ok && got != want) {
				t.Fatalf("strict=%v %q:\n got %q %v\nwant %q %v", strict, domain, got, ok, want, err)
			}
		}
	}
	// The comparison means something only if many encode.
	if succeeded < 100 {
		t.Errorf("only %d of 600 runs encoded", succeeded)
	}
	t.Logf("%d of 600 runs encoded", succeeded)
}

// TestLongLabelLinear parses domains with one long label of many distinct
// code points, which x/net/idna's encoder takes quadratic time on, and fails
// when 100 times the length takes more than 1,000 times as long (linear
// time: 100; quadratic: 10,000). Times are the thread's CPU time, the
// shortest of five rounds (parseRatio, as TestLinearTime measures), so
// that other work on a shared machine does not count.
func TestLongLabelLinear(t *testing.T) {
	if raceEnabled {
		t.Skip("times are not meaningful under the race detector, which slows code down unevenly")
	}
	label := func(n int) string {
		var b strings.Builder
		for i := 0; b.Len() < n; i++ {
			b.WriteRune(0x4E00 + rune(i%0x5000)) // CJK Unified Ideographs, all distinct up to 60 KB
		}
		return b.String()
	}
	small, large := "https://"+label(2_000)+"/", "https://"+label(200_000)+"/"
	for _, in := range []string{small, large} {
		if _, err := Parse(in); err != nil {
			t.Fatalf("a label of %d bytes does not parse: %v", len(in), err)
		}
	}
	ratio := parseRatio(small, large, 5)
	for attempt := 1; attempt < 3 && ratio > 1000; attempt++ {
		ratio = min(ratio, parseRatio(small, large, 5))
	}
	t.Logf("a 200 KB label takes %.0f times as long as a 2 KB one (linear: 100)", ratio)
	if ratio > 1000 {
		t.Errorf("a 200 KB label takes %.0f times as long as a 2 KB one; want at most 1000 (linear: 100)", ratio)
	}
}
