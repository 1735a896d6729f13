package ssrf_test

import (
	"strconv"
	"testing"

	"github.com/webstd/url/internal/threadtime"
	"github.com/webstd/url/ssrf"
)

var sinkErr error

// TestLinearDomains checks that CheckURL takes time linear in the length of
// a host under the domain rules, on hosts of many labels
// ("a.a.a.…a.com"), each of whose suffixes a domain rule could name: a
// host 16 times as long must not take more than 48 times as long (a check
// that hashes every suffix takes 256 times). The policy has enough domains
// that its sets are hashed, not scanned. The hosts are allowed, under
// none of the denied domains or under an allowed one at their end, so that
// the time is the checks' and not that of a refusal's text, whose parse of
// the URL for passwords the linear tests of package url and errtext time.
// (An attack review found the domain rules quadratic in the number of
// labels.)
func TestLinearDomains(t *testing.T) {
	if raceEnabled || testing.Short() {
		t.Skip("timing test: skipped under -race and -short")
	}
	var domains []string
	for i := range 16 {
		domains = append(domains, "d"+strconv.Itoa(i)+".example")
	}
	for _, c := range []struct {
		name   string
		policy ssrf.Policy
		suffix string
	}{
		{"deny", ssrf.Policy{DenyDomains: domains}, "com/"},
		{"allow", ssrf.Policy{AllowDomains: domains}, "d0.example/"},
	} {
		t.Run(c.name, func(t *testing.T) {
			g, err := ssrf.New(c.policy)
			if err != nil {
				t.Fatal(err)
			}
			check := func(size int) func() {
				u, err := ssrf.ParseForTest(threadtime.Repeat("http://", "a.", c.suffix, size))
				if err != nil {
					t.Fatal(err)
				}
				if err := g.CheckURL(u); err != nil {
					t.Fatal(err)
				}
				return func() { sinkErr = g.CheckURL(u) }
			}
			small, large := check(1<<14), check(1<<18)
			ratio := func() float64 { return threadtime.RatioN(small, 16, large, 1, 3) }
			threadtime.Linear(t, ratio, 48, 16)
		})
	}
}
