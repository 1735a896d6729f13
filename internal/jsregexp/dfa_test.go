package jsregexp

import (
	"slices"
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
	if m.twoPass(input, m.caps) {
		tp = slices.Clone(m.caps)
	}
	if !slices.Equal(tp, want) {
		t.Errorf("%q on %q: two passes %v, want %v", re.src, input, tp, want)
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
