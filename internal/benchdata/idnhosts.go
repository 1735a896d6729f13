// Package benchdata holds the inputs that benchmarks of more than one
// module measure, so that they measure the same: the root package's
// BenchmarkIDNA and bench/'s comparison with x/net/idna and ada.
package benchdata

import (
	"math/rand/v2"
	"strings"

	"golang.org/x/net/idna"
)

// XNetUTS46 is golang.org/x/net/idna with the flags of the standard's
// domain to ASCII with beStrict false (https://url.spec.whatwg.org/#idna),
// as package url used it before it had a UTS #46 of its own: what the
// IDNA benchmarks compare it with.
var XNetUTS46 = idna.New(
	idna.MapForLookup(),
	idna.ValidateLabels(true),
	idna.Transitional(false),
	idna.CheckHyphens(false),
	idna.CheckJoiners(true),
	idna.BidiRule(),
	idna.StrictDomainName(false),
	idna.VerifyDNSLength(false),
)

// GeneratedIDNHosts returns n internationalized hosts, the same for the
// same n: one to three labels of 2 to 12 code points of one script (with
// ASCII letters and digits mixed into some), upper case in some, then a
// top-level domain.
func GeneratedIDNHosts(n int) []string {
	scripts := [][]rune{
		[]rune("abcdefghijklmnopqrstuvwxyzäöüßéèàçñ"),
		[]rune("ÄÖÜÉÈÀÇÑabcdefghij"),
		[]rune("абвгдежзийклмнопрстуфхцчшщыэюя"),
		[]rune("αβγδεζηθικλμνξοπρστυφχψω"),
		[]rune("日本語中文字漢字東京大阪京都"),
		[]rune("ひらがなカタカナ"),
		[]rune("한국어서울부산"),
		[]rune("אבגדהוזחטיכלמנסעפצקרשת"),
		[]rune("ابتثجحخدذرزسشصضطظعغفقكلمنهوي"),
		[]rune("कखगघङचछजझञटठडढणतथदधनपफबभमयरलवशषसह"),
		[]rune("กขคฆงจฉชซฌญฎฏฐฑฒณดตถทธนบปผฝพฟภมยรลวศษสหฬอฮ"),
		[]rune("ａｂｃｄｅｆ０１２"), // full-width: mapped
	}
	tlds := []string{".com", ".de", ".рф", ".中国", ".jp", ".org"}
	rng := rand.New(rand.NewPCG(7, 8))
	hosts := make([]string, n)
	for i := range hosts {
		var b strings.Builder
		s := scripts[rng.IntN(len(scripts))]
		for l := range 1 + rng.IntN(3) {
			if l > 0 {
				b.WriteByte('.')
			}
			for range 2 + rng.IntN(11) {
				b.WriteRune(s[rng.IntN(len(s))])
			}
		}
		b.WriteString(tlds[rng.IntN(len(tlds))])
		hosts[i] = b.String()
	}
	return hosts
}
