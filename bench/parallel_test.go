package bench

import (
	"runtime"
	"strconv"
	"sync/atomic"
	"testing"

	"github.com/webstd/url"
)

// A parallelLibrary parses one URL and returns its href: the body of the
// loop that BenchmarkParallel runs on every core.
type parallelLibrary struct {
	name  string
	parse func(s string) (href string, ok bool)
	skip  string
}

// parallelLibraries lists ours, then goada (goada_test.go, or skipped
// without cgo): the fastest Go library and the C++ one through cgo.
func parallelLibraries() []parallelLibrary {
	return append([]parallelLibrary{{name: "ours", parse: parseOursOne}}, goadaParallel())
}

func parseOursOne(s string) (string, bool) {
	u, err := url.Parse(s)
	return u.Href(), err == nil
}

// sinkParallel keeps one href of the last parallel run.
var sinkParallel atomic.Pointer[string]

// procsToMeasure is the GOMAXPROCS values BenchmarkParallel runs at: 1, 2
// and the machine's core count, as far as the machine has cores.
func procsToMeasure() []int {
	n := runtime.NumCPU()
	procs := []int{1}
	for _, p := range []int{2, n} {
		if p <= n && p != procs[len(procs)-1] {
			procs = append(procs, p)
		}
	}
	return procs
}

// BenchmarkParallel measures throughput on several cores: b.RunParallel
// runs one goroutine a core (GOMAXPROCS of them), each parsing the URLs of
// the corpus from its own starting point and reading each href. It runs at
// GOMAXPROCS 1 and at the machine's core count (procs=N in the name, the
// same as go test -cpu 1,N, but inside one run of the binary, so the rounds
// interleave); ns/URL is wall time over all the URLs parsed, so the ratio
// of procs=1 to procs=N is the speed-up from the extra cores. cpu-ns/URL is
// the CPU time the process used (all its threads, the garbage collector's
// too) over the URLs parsed: on a machine that other jobs keep busy, the
// goroutines may not get N cores and the wall-time speed-up falls short,
// but cpu-ns/URL still shows what parsing on N cores at once costs each
// URL (the same as at procs=1 when nothing is shared between cores).
func BenchmarkParallel(b *testing.B) {
	for _, c := range loadCorpora(b) {
		b.Run(c.name, func(b *testing.B) {
			for _, lib := range parallelLibraries() {
				b.Run(lib.name, func(b *testing.B) {
					if lib.skip != "" {
						b.Skip(lib.skip)
					}
					for _, procs := range procsToMeasure() {
						b.Run("procs="+strconv.Itoa(procs), func(b *testing.B) {
							defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
							benchmarkParallel(b, lib, c)
						})
					}
				})
			}
		})
	}
}

func benchmarkParallel(b *testing.B, lib parallelLibrary, c corpus) {
	b.SetBytes(c.bytes / int64(len(c.urls)))
	var worker atomic.Int64
	procs := runtime.GOMAXPROCS(0)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	cpu0 := processCPU()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		// Each goroutine starts at its own share of the corpus.
		i := int(worker.Add(1)-1) % procs * len(c.urls) / procs
		var href string
		for pb.Next() {
			if h, ok := lib.parse(c.urls[i]); ok {
				href = h
			}
			if i++; i == len(c.urls) {
				i = 0
			}
		}
		sinkParallel.Store(&href)
	})
	b.StopTimer()
	cpu := processCPU() - cpu0
	runtime.ReadMemStats(&after)
	n := float64(b.N)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/URL")
	if cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/n, "cpu-ns/URL")
	}
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/n, "allocs/URL")
	b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/n, "B/URL")
	b.ReportMetric(float64(len(c.urls)), "URLs/op")
}
