package jsregexp

import (
	"slices"
	"strings"
	"sync"
	"testing"
)

// checkEngines checks that each engine finds want, what
// FindStringSubmatchIndex found, for re on input: the DFA, with its cache
// and with caches too small for the match, which make it hand over to the
// VM part of the way; the VM; and the two passes.
func checkEngines(t *testing.T, re *Regexp, input string, want []int) {
	t.Helper()
	m := re.machine(2 * (re.ncap + 1))
	if got := m.run(input, 0, nil, false); got != (want != nil) {
		t.Errorf("%q on %q: VM %v, want %v", re.src, input, got, want != nil)
	}
	var tp []int
	if matched, limit := m.scan(input); matched != (want != nil) {
		t.Errorf("%q on %q: VM scan %v, want %v", re.src, input, matched, want != nil)
	} else if matched && m.twoPass(input, m.caps, limit) {
		tp = slices.Clone(m.caps)
	}
	if !slices.Equal(tp, want) {
		t.Errorf("%q on %q: two passes %v, want %v", re.src, input, tp, want)
	}
	// Without the limit that scan finds.
	tp = nil
	if m.twoPass(input, m.caps, len(input)) {
		tp = slices.Clone(m.caps)
	}
	if !slices.Equal(tp, want) {
		t.Errorf("%q on %q: two passes to the end %v, want %v", re.src, input, tp, want)
	}
	saved := dfaBudget
	defer func() { dfaBudget = saved }()
	for _, budget := range []int{maxDFABytes, 0, 2000} {
		dfaBudget = budget
		m.dfa = nil // a DFA with the budget
		d := m.getDFA()
		hist := make([]int32, len(input)+1)
		matched, ok := d.exec(input, hist, m.caps)
		if ok {
			var got []int
			if matched {
				got = slices.Clone(m.caps)
			}
			if !slices.Equal(got, want) {
				t.Errorf("%q on %q: DFA %v, want %v (cache of %d bytes)", re.src, input, got, want, budget)
			}
		}
		if got := d.match(m, input); got != (want != nil) {
			t.Errorf("%q on %q: DFA match = %v, want %v (cache of %d bytes)", re.src, input, got, want != nil, budget)
		}
	}
}

// TestConcurrentLong matches long inputs, which go to the DFA and, when its
// cache is too small, to the VM and the two passes, from several
// goroutines at once: each finds what a lone match finds (and the race
// detector watches the shared program and the pooled machines).
func TestConcurrentLong(t *testing.T) {
	saved := dfaBudget
	defer func() { dfaBudget = saved }()
	re, err := Compile(`^(?:\/([^\/]+?))-((?:a{0,3}){0,3})-([^\/]+?)$`, false)
	if err != nil {
		t.Fatal(err)
	}
	var inputs []string
	for i := range 6 {
		inputs = append(inputs, "/"+strings.Repeat("a-", 300+i)+strings.Repeat("ab", i),
			"/"+strings.Repeat("ab", 300+i)+"-aaaaa-"+strings.Repeat("a", i))
	}
	for _, budget := range []int{maxDFABytes, 3000} {
		dfaBudget = budget
		want := make([][]int, len(inputs))
		for i, in := range inputs {
			want[i] = re.FindStringSubmatchIndex(in)
		}
		var wg sync.WaitGroup
		for g := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range inputs {
					i := (i + g) % len(inputs)
					if got := re.FindStringSubmatchIndex(inputs[i]); !slices.Equal(got, want[i]) {
						t.Errorf("input %d, cache of %d bytes: %v, alone %v", i, budget, got, want[i])
					}
					if got := re.MatchString(inputs[i]); got != (want[i] != nil) {
						t.Errorf("input %d, cache of %d bytes: MatchString %v", i, budget, got)
					}
				}
			}()
		}
		wg.Wait()
	}
}
