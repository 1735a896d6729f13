package url

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/webstd/url/internal/benchdata"
	"github.com/webstd/url/internal/infra"
)

// corpusIDNHosts returns the hosts of the corpora's URLs that are not ASCII
// or have a Punycode label, as they appear in the input.
func corpusIDNHosts(b *testing.B) []string {
	files, _ := filepath.Glob(filepath.Join(corpusDir(), "*.txt"))
	var hosts []string
	for _, file := range files {
		for _, u := range loadCorpus(b, filepath.Base(file)) {
			_, rest, ok := strings.Cut(u, "://")
			if !ok {
				continue
			}
			if i := strings.IndexAny(rest, "/?#\\"); i >= 0 {
				rest = rest[:i]
			}
			if i := strings.LastIndexByte(rest, '@'); i >= 0 {
				rest = rest[i+1:]
			}
			if i := strings.LastIndexByte(rest, ':'); i >= 0 && !strings.Contains(rest, "]") {
				rest = rest[:i]
			}
			if rest != "" && (!infra.IsASCII(rest) || strings.Contains(strings.ToLower(rest), "xn--")) {
				hosts = append(hosts, rest)
			}
		}
	}
	return hosts
}

// BenchmarkIDNA compares the package's UTS #46 with x/net/idna's, domain to
// ASCII (the domain parser's ToASCII with beStrict false) and domain to
// Unicode (on the ASCII results), on the corpora's hosts that are not ASCII
// or have a Punycode label and on a generated set of internationalized
// hosts. Compare ours with xnet in one run: go test -run '^$' -bench IDNA.
func BenchmarkIDNA(b *testing.B) {
	sets := []struct {
		name  string
		hosts []string
	}{
		{"corpus", corpusIDNHosts(b)},
		{"generated", benchdata.GeneratedIDNHosts(1000)},
	}
	for _, set := range sets {
		if len(set.hosts) == 0 {
			continue
		}
		var asciiHosts []string
		for _, h := range set.hosts {
			if a, ok := uts46ToASCII(h, uts46Lenient); ok {
				asciiHosts = append(asciiHosts, a)
			}
		}
		run := func(name string, hosts []string, f func(string)) {
			b.Run(set.name+"/"+name, func(b *testing.B) {
				b.ReportAllocs()
				i := 0
				for b.Loop() {
					f(hosts[i])
					if i++; i == len(hosts) {
						i = 0
					}
				}
			})
		}
		run("ToASCII/ours", set.hosts, func(h string) { sinkString, _ = uts46ToASCII(h, uts46Lenient) })
		run("ToASCII/xnet", set.hosts, func(h string) { sinkString, _ = benchdata.XNetUTS46.ToASCII(h) })
		run("ToUnicode/ours", asciiHosts, func(h string) { sinkString, _ = uts46Process(h, uts46Lenient) })
		run("ToUnicode/xnet", asciiHosts, func(h string) { sinkString, _ = benchdata.XNetUTS46.ToUnicode(h) })
	}
}
