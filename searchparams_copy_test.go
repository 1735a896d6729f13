package url

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestSearchParamsCopy is the report of issue 9: a copy of a SearchParams,
// changed, changed the original's pairs.
func TestSearchParamsCopy(t *testing.T) {
	p := NewSearchParams("a=1&b=2")
	q := *p
	q.Delete("b")
	if p.String() != "a=1&b=2" || q.String() != "a=1" {
		t.Errorf("after q := *p; q.Delete(\"b\"): p is %q, q is %q; want \"a=1&b=2\" and \"a=1\"", p, &q)
	}
	// And the other way: the original, changed, does not change the copy.
	p = NewSearchParams("b=1&a=2&b=3")
	q = *p
	p.Sort()
	p.Set("a", "x")
	if p.String() != "a=x&b=1&b=3" || q.String() != "b=1&a=2&b=3" {
		t.Errorf("after q := *p; p.Sort(); p.Set(\"a\", \"x\"): p is %q, q is %q", p, &q)
	}
	// Two copies that append: a list with room to grow must not take both
	// pairs in the same place.
	var r SearchParams
	for _, name := range []string{"a", "b", "c"} {
		r.Append(name, "1")
	}
	s := r
	s.Append("s", "2")
	r.Append("r", "2")
	if r.String() != "a=1&b=1&c=1&r=2" || s.String() != "a=1&b=1&c=1&s=2" {
		t.Errorf("after s := r; s.Append(\"s\", \"2\"); r.Append(\"r\", \"2\"): r is %q, s is %q", &r, &s)
	}
	// Clone, also of nil.
	c := r.Clone()
	c.Delete("a")
	if r.String() != "a=1&b=1&c=1&r=2" || c.String() != "b=1&c=1&r=2" {
		t.Errorf("after c := r.Clone(); c.Delete(\"a\"): r is %q, c is %q", &r, c)
	}
	var nilParams *SearchParams
	if c := nilParams.Clone(); c == nil || c.Size() != 0 {
		t.Errorf("Clone of nil = %v", c)
	} else {
		c.Append("a", "1") // usable
	}
}

// copyOpsNames and copyOpsValues are the names and values the copy
// property test uses: few, so that operations meet the same names.
var (
	copyOpsNames  = []string{"a", "b", "c", ""}
	copyOpsValues = []string{"1", "2", "x y", ""}
)

// runCopyOps runs the operations ops describes on a set of SearchParams
// values, each made as a copy of another (q := *p, passing by value, Clone,
// *p = *q), and checks after every operation that each value holds the pairs
// a model gives it in which every copy is a list of its own: what is done to
// a copy never shows in the original, nor the reverse, whatever the
// sequence.
func runCopyOps(t *testing.T, ops []byte) {
	t.Helper()
	next := func() int {
		if len(ops) == 0 {
			return 0
		}
		b := ops[0]
		ops = ops[1:]
		return int(b)
	}
	const maxValues = 6
	vals := []*SearchParams{NewSearchParams("a=1&b=2&c=3&a=4")}
	models := [][][2]string{{{"a", "1"}, {"b", "2"}, {"c", "3"}, {"a", "4"}}}
	var log []string
	for len(ops) > 0 {
		op, i := next()%10, next()%len(vals)
		name, value := copyOpsNames[next()%len(copyOpsNames)], copyOpsValues[next()%len(copyOpsValues)]
		p, m := vals[i], models[i]
		var desc string
		switch op {
		case 0, 1: // a copy, made three ways
			if len(vals) == maxValues {
				continue
			}
			var c *SearchParams
			switch next() % 3 {
			case 0:
				q := *p
				c, desc = &q, "copy"
			case 1:
				q := passSearchParams(*p)
				c, desc = &q, "pass by value"
			case 2:
				c, desc = p.Clone(), "Clone"
			}
			vals, models = append(vals, c), append(models, slices.Clone(m))
		case 2: // assignment of one value to another
			j := next() % len(vals)
			*p = *vals[j]
			models[i] = slices.Clone(models[j])
			desc = "assign from " + itoa(j)
		case 3:
			p.Append(name, value)
			models[i] = append(slices.Clone(m), [2]string{name, value})
			desc = "Append(" + name + ", " + value + ")"
		case 4:
			p.Delete(name)
			models[i] = slices.DeleteFunc(slices.Clone(m), func(pair [2]string) bool { return pair[0] == name })
			desc = "Delete(" + name + ")"
		case 5:
			p.DeleteValue(name, value)
			models[i] = slices.DeleteFunc(slices.Clone(m), func(pair [2]string) bool { return pair == [2]string{name, value} })
			desc = "DeleteValue(" + name + ", " + value + ")"
		case 6:
			p.Set(name, value)
			models[i] = modelSet(m, name, value)
			desc = "Set(" + name + ", " + value + ")"
		case 7:
			p.Sort()
			models[i] = slices.Clone(m)
			slices.SortStableFunc(models[i], func(a, b [2]string) int { return compareUTF16(a[0], b[0]) })
			desc = "Sort()"
		case 8: // a fresh list in place of the value
			*p = *NewSearchParams(name + "=" + value + "&" + value)
			models[i] = [][2]string{{name, value}}
			if value != "" {
				models[i] = append(models[i], [2]string{value, ""})
			}
			desc = "= NewSearchParams"
		case 9: // a read that must change nothing
			_ = p.String()
			_, _ = p.Get(name)
			desc = "read"
		}
		log = append(log, itoa(i)+": "+desc)
		for k, v := range vals {
			var got [][2]string
			for name, value := range v.All() {
				got = append(got, [2]string{name, value})
			}
			if !equalPairs(got, models[k]) || v.Size() != len(models[k]) || v.String() != SerializeURLEncoded(models[k], nil) {
				t.Fatalf("after %q, value %d holds %q (%q), want %q", log, k, got, v.String(), models[k])
			}
		}
	}
}

// passSearchParams returns its argument, a copy of the caller's value.
func passSearchParams(p SearchParams) SearchParams { return p }

// modelSet is SearchParams.Set on a list of its own.
func modelSet(list [][2]string, name, value string) [][2]string {
	var out [][2]string
	set := false
	for _, pair := range list {
		switch {
		case pair[0] != name:
			out = append(out, pair)
		case !set:
			out = append(out, [2]string{name, value})
			set = true
		}
	}
	if !set {
		out = append(out, [2]string{name, value})
	}
	return out
}

// TestSearchParamsCopies runs random sequences of operations on copies of
// SearchParams values (see runCopyOps).
func TestSearchParamsCopies(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for range n {
		ops := make([]byte, 4*(1+r.IntN(40)))
		for i := range ops {
			ops[i] = byte(r.Uint32())
		}
		runCopyOps(t, ops)
	}
}

// FuzzSearchParamsCopies runs the fuzzer's sequences of operations on copies
// of SearchParams values (see runCopyOps).
func FuzzSearchParamsCopies(f *testing.F) {
	// Each operation is four bytes (operation, value, name, value given),
	// and a copy takes a fifth (how it is made).
	f.Add([]byte{0, 0, 0, 0, 0, 4, 1, 1, 0})                         // q := *p; q.Delete("b")
	f.Add([]byte{0, 0, 0, 0, 0, 7, 0, 0, 0, 6, 0, 0, 3})             // q := *p; p.Sort(); p.Set("a", "")
	f.Add([]byte{3, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 2, 0, 3, 1, 3, 1}) // p.Append; q := *p; both append
	f.Fuzz(func(t *testing.T, ops []byte) {
		runCopyOps(t, ops)
	})
}

// sinkSearchParams keeps the SearchParams of an allocation test on the heap.
var sinkSearchParams *SearchParams

// TestSearchParamsCopyAllocs holds what copies cost: nothing to make, and
// one new list for a change that could reach a copy.
func TestSearchParamsCopyAllocs(t *testing.T) {
	p := NewSearchParams("a=1&b=2&c=3")
	for _, c := range []struct {
		name string
		want float64
		f    func()
	}{
		{"copy and read", 0, func() { q := *p; _, _ = q.Get("b"); _ = q.Size() }},
		{"Clone", 1, func() { sinkSearchParams = p.Clone() }},
		{"Delete of no pair", 0, func() { q := *p; q.Delete("z") }},
		{"Set to the same value", 0, func() { q := *p; q.Set("b", "2") }},
		{"Sort of a sorted list", 0, func() { q := *p; q.Sort() }},
		{"Delete", 1, func() { q := *p; q.Delete("b") }},
		{"Set", 1, func() { q := *p; q.Set("b", "x") }},
		{"NewSearchParams", 2, func() { sinkSearchParams = NewSearchParams("a=1&b=2") }}, // the SearchParams and its count, the list
		// Appending stays amortized: a list grows as a slice does, plus
		// one count of filled elements.
		{"1000 Appends", 12, func() {
			var q SearchParams
			for range 1000 {
				q.Append("a", "1")
			}
		}},
		{"1000 Appends to a copy", 12, func() {
			q := *p
			for range 1000 {
				q.Append("a", "1")
			}
		}},
	} {
		if got := testing.AllocsPerRun(100, c.f); got > c.want {
			t.Errorf("%s: %v allocations, want %v", c.name, got, c.want)
		}
	}
}

// TestSearchParamsCopiesConcurrent gives copies of one SearchParams to
// goroutines that change them at the same time: each must end with its own
// pairs. Run it with -race.
func TestSearchParamsCopiesConcurrent(t *testing.T) {
	var template SearchParams
	for range 5 {
		template.Append("t", "0") // room for 3 more in place
	}
	want := template.String()
	const goroutines, appends = 4, 100
	results := make([]string, goroutines)
	done := make(chan int)
	for g := range goroutines {
		q := template.Clone()
		go func() {
			name := string(rune('a' + g))
			for i := range appends {
				q.Append(name, itoa(i))
			}
			q.Delete("t")
			results[g] = q.String()
			done <- g
		}()
	}
	for range goroutines {
		<-done
	}
	for g, got := range results {
		name := string(rune('a' + g))
		var b strings.Builder
		for i := range appends {
			if i > 0 {
				b.WriteByte('&')
			}
			b.WriteString(name + "=" + itoa(i))
		}
		if got != b.String() {
			t.Errorf("goroutine %d: %q, want %q", g, got, b.String())
		}
	}
	if template.String() != want {
		t.Errorf("template changed to %q", &template)
	}
}
