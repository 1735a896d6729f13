package jsregexp

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// A specMatcher matches a tree as ECMA-262 writes the semantics of
// patterns (https://tc39.es/ecma262/#sec-pattern-semantics): matchers that
// take a state and a continuation, tried in order, with RepeatMatcher as
// the specification words it. It takes exponential time on some patterns,
// which is why the package does not use it; the tests hold the VM and the
// bounded backtracker to it.
type specMatcher struct {
	input string
	steps int // a budget: when it runs out, the match is abandoned
}

// A btState is the specification's MatchState: the end index and the
// captures (slots 2i and 2i+1 of group i, -1 for undefined).
type btState struct {
	end  int
	caps []int
}

type continuation func(btState) (btState, bool)

var errBudget = struct{}{}

func (b *specMatcher) match(n *node, x btState, c continuation) (btState, bool) {
	b.steps++
	if b.steps > 200000 {
		panic(errBudget)
	}
	switch n.kind {
	case nEmpty:
		return c(x)
	case nSet:
		if x.end >= len(b.input) {
			return btState{}, false
		}
		r, w := utf8.DecodeRuneInString(b.input[x.end:])
		if !n.set.has(r) {
			return btState{}, false
		}
		return c(btState{x.end + w, x.caps})
	case nConcat:
		var seq func(i int, x btState) (btState, bool)
		seq = func(i int, x btState) (btState, bool) {
			if i == len(n.subs) {
				return c(x)
			}
			return b.match(n.subs[i], x, func(y btState) (btState, bool) { return seq(i+1, y) })
		}
		return seq(0, x)
	case nAlt:
		for _, s := range n.subs {
			if y, ok := b.match(s, x, c); ok {
				return y, true
			}
		}
		return btState{}, false
	case nCapture:
		return b.match(n.subs[0], x, func(y btState) (btState, bool) {
			caps := slices.Clone(y.caps)
			caps[2*n.index], caps[2*n.index+1] = x.end, y.end
			return c(btState{y.end, caps})
		})
	case nAssert:
		if !assertAt(&inst{assert: n.assert, set: n.words}, x.end, b.input) {
			return btState{}, false
		}
		return c(x)
	case nRepeat:
		return b.repeat(n, n.min, n.max, x, c)
	}
	panic("unknown node")
}

// repeat is RepeatMatcher (max -1 for +∞).
func (b *specMatcher) repeat(n *node, lo, hi int, x btState, c continuation) (btState, bool) {
	min, max := lo, hi
	// 1. If max = 0, return c(x).
	if max == 0 {
		return c(x)
	}
	// 2. Let d be a new MatcherContinuation that captures m, min, max,
	//    greedy, x, c, parenIndex, and parenCount and performs: if min = 0
	//    and y's endIndex = x's endIndex, return failure; ...
	d := func(y btState) (btState, bool) {
		if min == 0 && y.end == x.end {
			return btState{}, false
		}
		min2, max2 := min-1, max
		if min2 < 0 {
			min2 = 0
		}
		if max2 > 0 {
			max2--
		}
		return b.repeat(n, min2, max2, y, c)
	}
	// 3. Let cap be a copy of x's captures List. 4. For each integer k in
	//    the inclusive interval from parenIndex + 1 to parenIndex +
	//    parenCount, set cap[k] to undefined.
	caps := slices.Clone(x.caps)
	for k := n.capLo + 1; k <= n.capHi; k++ {
		caps[2*k], caps[2*k+1] = -1, -1
	}
	xr := btState{x.end, caps}
	// 6. If min ≠ 0, return m(xr, d).
	if min != 0 {
		return b.match(n.subs[0], xr, d)
	}
	// 7. If greedy is false: let z be c(x); if z is not failure, return z;
	//    return m(xr, d).
	if !n.greedy {
		if z, ok := c(x); ok {
			return z, true
		}
		return b.match(n.subs[0], xr, d)
	}
	// 8. Let z be m(xr, d). 9. If z is not failure, return z. 10. Return
	//    c(x).
	if z, ok := b.match(n.subs[0], xr, d); ok {
		return z, true
	}
	return c(x)
}

// exec runs RegExpBuiltinExec with lastIndex 0: a match at each index in
// turn. ok is false when the budget ran out.
func backtrack(tree *node, ncap int, input string) (caps []int, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if r != errBudget {
				panic(r)
			}
			caps, ok = nil, false
		}
	}()
	b := &specMatcher{input: input}
	for i := 0; i <= len(input); {
		start := make([]int, 2*(ncap+1))
		for k := range start {
			start[k] = -1
		}
		if y, matched := b.match(tree, btState{i, start}, func(y btState) (btState, bool) { return y, true }); matched {
			y.caps[0], y.caps[1] = i, y.end
			return y.caps, true
		}
		if i == len(input) {
			break
		}
		_, w := utf8.DecodeRuneInString(input[i:])
		i += w
	}
	return nil, true
}

// checkAgainstBacktracking checks that the VM finds what the specMatcher
// finds for pattern on input.
func checkAgainstBacktracking(t *testing.T, pattern string, ignoreCase bool, input string) {
	t.Helper()
	re, err := Compile(pattern, ignoreCase)
	checkSize(t, pattern, ignoreCase, re, err)
	if err != nil {
		switch err.(type) {
		case *SyntaxError, *UnsupportedError:
		default:
			t.Fatalf("Compile(%q): %v (%T)", pattern, err, err)
		}
		return
	}
	got := re.FindStringSubmatchIndex(input)
	// The VM and the specMatcher agree, whichever FindStringSubmatchIndex
	// used.
	checkEngines(t, re, input, got)
	if re.MatchString(input) != (got != nil) {
		t.Errorf("%q on %q: MatchString = %v, FindStringSubmatchIndex = %v", pattern, input, !(got != nil), got)
	}
	for i := 0; i < len(got); i += 2 {
		if (got[i] < 0) != (got[i+1] < 0) || got[i] > got[i+1] || got[i+1] > len(input) {
			t.Fatalf("%q on %q: captures %v are not well formed", pattern, input, got)
		}
	}
	tree, ncap, _ := parse(pattern, flags{ignoreCase: ignoreCase})
	want, ok := backtrack(tree, ncap, input)
	if !ok {
		return // too long for the specMatcher
	}
	if !slices.Equal(got, want) {
		t.Errorf("%q (i: %v) on %q: VM %v, ECMAScript's backtracking %v", pattern, ignoreCase, input, got, want)
	}
}

// TestAgainstBacktracking runs the cases of testdata/ecmascript.json through
// the specMatcher too, so that it is itself checked against V8.
func TestAgainstBacktracking(t *testing.T) {
	data, err := os.ReadFile("testdata/ecmascript.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases []ecmaCase
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		checkAgainstBacktracking(t, c.Pattern, c.IgnoreCase, c.Input)
	}
}

// FuzzRegexp compiles patterns and matches them against inputs: nothing
// panics, errors are *SyntaxError or *UnsupportedError, and the VM finds
// the match and captures that ECMAScript's backtracking semantics find.
func FuzzRegexp(f *testing.F) {
	if data, err := os.ReadFile("testdata/ecmascript.json"); err == nil {
		var cases []ecmaCase
		if json.Unmarshal(data, &cases) == nil {
			for _, c := range cases {
				f.Add(c.Pattern, c.Input, c.IgnoreCase)
			}
		}
	}
	f.Fuzz(func(t *testing.T, pattern, input string, ignoreCase bool) {
		if len(input) > 64 {
			input = input[:64]
		}
		checkAgainstBacktracking(t, pattern, ignoreCase, input)
	})
}

// checkSize checks the caps that measure applies on what Compile(pattern)
// returned: the size worked out before building is the size of the
// program built; a pattern whose nested counts multiply to more than
// MaxRepeatProduct, by a plain walk of its tree, is refused with an error
// that names that cap; and a pattern that parses is refused for its size
// exactly when measure finds it over MaxProgram, with an error that names
// that cap.
func checkSize(t *testing.T, pattern string, ignoreCase bool, re *Regexp, err error) {
	t.Helper()
	tree, _, perr := parse(pattern, flags{ignoreCase: ignoreCase})
	if perr != nil {
		return
	}
	product := countProduct(tree)
	merr := measure(pattern, tree, MaxProgram)
	productMsg := fmt.Sprintf("over %d, the cap on nested counts", MaxRepeatProduct)
	sizeMsg := fmt.Sprintf("over %d, the cap on program size", MaxProgram)
	if merr == nil && product > MaxRepeatProduct {
		t.Errorf("Compile(%q): nested counts multiply to %d, but measure let it through", pattern, product)
	}
	if merr != nil && strings.Contains(merr.Error(), productMsg) && product <= MaxRepeatProduct {
		t.Errorf("Compile(%q): %v, but nested counts multiply to %d", pattern, merr, product)
	}
	if merr != nil || tree.size+3 > MaxProgram {
		u, ok := err.(*UnsupportedError)
		if !ok || !strings.Contains(u.Msg, productMsg) && !strings.Contains(u.Msg, sizeMsg) {
			t.Errorf("Compile(%q): %v, want the cap on nested counts or on program size", pattern, err)
		}
		return
	}
	if err != nil {
		t.Errorf("Compile(%q): %v, for a pattern of %d instructions", pattern, err, tree.size+3)
		return
	}
	if len(re.prog) != tree.size+3 {
		t.Errorf("Compile(%q): %d instructions, but measure worked out %d", pattern, len(re.prog), tree.size+3)
	}
}

// countProduct returns the largest product of the counts of the
// quantifiers on a path from n to a leaf, as RE2 counts them: m for {n,m},
// n for {n} and {n,}, and 1 for ?, *, + and {0}. It saturates at a
// billion.
func countProduct(n *node) int {
	p := 1
	for _, s := range n.subs {
		p = max(p, countProduct(s))
	}
	if n.kind == nRepeat {
		count := n.max
		if n.max < 0 {
			count = n.min
		}
		p = min(p*max(count, 1), 1e9)
	}
	return p
}

// FuzzLongInputs matches patterns against inputs longer than the bounded
// backtracker takes, a prefix and a unit repeated: the DFA (with its cache
// and with caches too small for the match, which hand over to the VM), the
// VM and the two passes find what the backtracker finds when it is given
// the memory for it. FuzzRegexp holds the backtracker to ECMA-262.
func FuzzLongInputs(f *testing.F) {
	for _, c := range []struct {
		pattern, prefix, unit string
		count                 uint16
	}{
		{`^(?:\/([^\/]+?))-([^\/]+?)-([^\/]+?)$`, "/", "-", 700},
		{`^(?:\/(.*))(?:\/(.*))(?:\/(.*))(?:\/(.*))$`, "", "/a", 700},
		{`^((?:a{0,30}){0,30})b$`, "", "a", 1000},
		{`^(.*?)((?:a{0,4}){0,4})$`, "", "aab", 400},
		{`^(?:\/((?:[^\/]+?)(?:\/(?:[^\/]+?))*))?\/x$`, "/", "a/", 500},
		{`\b\w+\b|(?m:^a$)`, " ", "a\n", 600},
		{`(?i)^(\p{L}+)(?<x>k)$`, "", "\u212aé", 300},
		{`((a)|(b)|(ab))*c`, "", "ab", 800},
	} {
		f.Add(c.pattern, c.prefix, c.unit, c.count, false)
	}
	f.Fuzz(func(t *testing.T, pattern, prefix, unit string, count uint16, ignoreCase bool) {
		if len(prefix) > 64 || len(unit) == 0 || len(unit) > 64 {
			return
		}
		input := prefix + strings.Repeat(unit, min(int(count), 3000/len(unit)))
		re, err := Compile(pattern, ignoreCase)
		if err != nil {
			return
		}
		var bt backtracker
		var want []int
		if re.backtrack(&bt, input, 2*(re.ncap+1)) {
			want = slices.Clone(bt.caps)
		}
		checkEngines(t, re, input, want)
	})
}
