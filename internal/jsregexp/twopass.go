package jsregexp

import (
	"math"
	"slices"
	"unicode/utf8"
)

// Matching in two passes, for FindStringSubmatchIndex when the DFA's cache
// runs out. ECMAScript's match is the first path through the program, in
// the order backtracking tries them, that reaches the end of the pattern.
// Whether a path can still get there from a state (instruction, bit,
// position) does not depend on how it got to the state. So:
//
//  1. A pass from the end of the input to its start works out, for each
//     position, the set of the states from which the match can be reached.
//     A state is in it when the instruction consumes the code point there
//     and leads to a state of the next position's set, or leads without
//     consuming to a state of the position's own set. The states that lead
//     to each other without consuming form no cycle (a path that loops
//     back consumes, or fails at opIterEnd), so a fixed order of them
//     serves every position.
//  2. A walk from the first position whose start state is in its set
//     follows one path: at each split, the first branch whose state is in
//     the set, which is the branch backtracking would try first and not
//     come back from. It sets the captures as it goes.
//
// Each pass costs a constant times the size of the program per code point,
// and nothing is copied per thread. The sets take a bit per instruction and
// bit; the first pass keeps those of one position in every k, k about the
// square root of the length of the input, and the walk works out those of
// the other positions again, k at a time.

// maxTwoPassBytes is the memory of the sets of one segment: up to it, the
// segments are long and few.
const maxTwoPassBytes = 1 << 20

// A twoPass holds the memory of a match in two passes.
type twoPass struct {
	words  int      // words of a set
	limit  int      // the position the passes take as the end
	segIdx int      // the segment whose sets seg holds, -1 for none
	starts []int    // the first position of each segment of the input
	marks  []uint64 // the set at the start of each segment, then at the end
	seg    []uint64 // the sets of the positions of the segment being walked
	pos    []int    // those positions
	runes  []rune   // the code points at them
}

// release drops memory a long input made tp take.
func (tp *twoPass) release() {
	if cap(tp.marks)+cap(tp.seg) > maxKeptHistory {
		*tp = twoPass{}
	}
}

// A rnode is a state of the program as the first pass works its set out:
// it is in the set when its successor a (or b, for a split) is in the set
// of the same position, or, for a consuming instruction, in that of the
// next position.
type rnode struct {
	key  int32
	a, b int32
	kind uint8
}

// The kinds of rnode.
const (
	rMatch   = iota // always in the set
	rFollow         // in it when a is
	rSplit          // when a or b is
	rAssert         // when a is and the assertion holds
	rConsume        // when the code point is in in's set and a is in the next set
)

// reachOrder returns the states of prog that can be in a set, in an order
// in which each comes after those it leads to without consuming a code
// point.
func reachOrder(prog []inst) []rnode {
	n := 2 * len(prog)
	var order []rnode
	seen := make([]bool, n)
	type item struct {
		key  int32
		next int8 // how many successors have been pushed
	}
	var stack []item
	var succ [2]int32
	for root := range int32(n) {
		if seen[root] {
			continue
		}
		seen[root] = true
		stack = append(stack[:0], item{key: root})
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			node := newRnode(prog, top.key)
			ns := 0
			switch node.kind {
			case rFollow, rAssert:
				succ[0], ns = node.a, 1
			case rSplit:
				succ[0], succ[1], ns = node.a, node.b, 2
			}
			if int(top.next) < ns {
				k := succ[top.next]
				top.next++
				if !seen[k] {
					seen[k] = true
					stack = append(stack, item{key: k})
				}
				continue
			}
			if node.kind != rNever {
				order = append(order, node)
			}
			stack = stack[:len(stack)-1]
		}
	}
	return order
}

// rNever is the kind of a state that is never in a set: opIterEnd with the
// bit set.
const rNever = 255

// newRnode returns the rnode of the state key.
func newRnode(prog []inst, key int32) rnode {
	pc, bit := key>>1, key&1
	in := &prog[pc]
	next := 2*(pc+1) | bit
	switch in.op {
	case opMatch:
		return rnode{key: key, kind: rMatch}
	case opRune, opSet:
		return rnode{key: key, kind: rConsume, a: 2 * (pc + 1)}
	case opSplit:
		return rnode{key: key, kind: rSplit, a: int32(2*in.x) | bit, b: int32(2*in.y) | bit}
	case opJmp:
		return rnode{key: key, kind: rFollow, a: int32(2*in.x) | bit}
	case opAssert:
		return rnode{key: key, kind: rAssert, a: next}
	case opIterStart:
		return rnode{key: key, kind: rFollow, a: 2*(pc+1) | 1}
	case opIterEnd:
		if bit != 0 {
			return rnode{key: key, kind: rNever}
		}
	}
	return rnode{key: key, kind: rFollow, a: next} // opSave, opReset, opIterEnd
}

// has reports whether the set holds the state key.
func has(set []uint64, key int32) bool { return set[key>>6]&(1<<(key&63)) != 0 }

// reach sets cur to the states at pos in s from which the match can be
// reached, given next, the set at the position after the code point r at
// pos (next nil at the end of s).
func (re *Regexp) reach(cur, next []uint64, s string, pos int, r rune) {
	clear(cur)
	prog := re.prog
	for i := range re.order {
		n := &re.order[i]
		var ok bool
		switch n.kind {
		case rMatch:
			ok = true
		case rFollow:
			ok = has(cur, n.a)
		case rSplit:
			ok = has(cur, n.a) || has(cur, n.b)
		case rAssert:
			ok = has(cur, n.a) && assertAt(&prog[n.key>>1], pos, s)
		case rConsume:
			if next != nil && has(next, n.a) {
				in := &prog[n.key>>1]
				ok = in.op == opRune && in.r == r || in.op == opSet && in.set.has(r)
			}
		}
		if ok {
			cur[n.key>>6] |= 1 << (n.key & 63)
		}
	}
}

// twoPass matches re against s in two passes and, when it matches, sets
// caps to the captures. No path through the program that starts where the
// match may start goes beyond position limit of s, which the passes take as
// the end of s (but for the assertions).
func (m *machine) twoPass(s string, caps []int, limit int) bool {
	re := m.re
	re.orderOnce.Do(func() { re.order = reachOrder(re.prog) })
	tp := &m.tp
	tp.words = (2*len(re.prog) + 63) / 64
	tp.segIdx = -1
	tp.limit = limit
	w := tp.words

	// The segments: k positions or so each, and one when all the sets fit
	// in maxTwoPassBytes.
	k := max(64, int(math.Sqrt(float64(limit))), maxTwoPassBytes/(8*w))
	tp.starts = tp.starts[:0]
	for pos, last := 0, -k; pos < limit; {
		if pos-last >= k {
			tp.starts = append(tp.starts, pos)
			last = pos
		}
		_, n := utf8.DecodeRuneInString(s[pos:])
		pos += n
	}
	nseg := len(tp.starts)
	tp.marks = slices.Grow(tp.marks[:0], (nseg+1)*w)[:(nseg+1)*w]

	// The first pass, from the end: the set at the limit, where no path
	// consumes, then the segments from the last.
	end := tp.marks[nseg*w:]
	re.reach(end, nil, s, limit, -1)
	first := -1 // the first position where a match starts
	if has(end, 0) {
		first = limit
	}
	for i := nseg - 1; i >= 0; i-- {
		m.segment(s, i, true)
		copy(tp.marks[i*w:(i+1)*w], tp.seg[:w])
		for j := len(tp.pos) - 1; j >= 0; j-- {
			if has(tp.seg[j*w:], 0) {
				first = tp.pos[j]
			}
		}
	}
	if first < 0 || (re.anchored && first > 0) {
		return false
	}

	// The walk.
	for i := range caps {
		caps[i] = -1
	}
	// The segment being walked, i, and the position in it, j, whose set
	// is set.
	var i, j int
	var set []uint64
	pos := first
	if pos == limit {
		set = end
	} else {
		i, _ = slices.BinarySearch(tp.starts, pos+1)
		i--
		m.segment(s, i, false)
		j, _ = slices.BinarySearch(tp.pos, pos)
		set = tp.seg[j*w : (j+1)*w]
	}
	// advance moves to the next position.
	advance := func() {
		switch {
		case j+1 < len(tp.pos):
			j++
		case i+1 < nseg:
			i, j = i+1, 0
			m.segment(s, i, false)
		default:
			set = end
			return
		}
		set = tp.seg[j*w : (j+1)*w]
	}
	pc, bit := 0, 0
	for {
		in := &re.prog[pc]
		switch in.op {
		case opMatch:
			return true
		case opRune, opSet:
			_, n := utf8.DecodeRuneInString(s[pos:])
			pos += n
			advance()
			pc, bit = pc+1, 0
		case opSplit:
			if has(set, int32(2*in.x+bit)) {
				pc = in.x
			} else {
				pc = in.y
			}
		case opJmp:
			pc = in.x
		case opSave:
			if in.x < len(caps) {
				caps[in.x] = pos
			}
			pc++
		case opReset:
			for c := in.x; c < in.y && c < len(caps); c++ {
				caps[c] = -1
			}
			pc++
		case opIterStart:
			pc, bit = pc+1, 1
		default: // opAssert, opIterEnd: they hold, or the state would not be in the set
			pc++
		}
	}
}

// segment sets tp.pos, tp.runes and tp.seg to the positions of segment i
// of s, their code points and their sets, from the set at the start of the
// next segment (or at the end), unless they are there already and not
// fresh.
func (m *machine) segment(s string, i int, fresh bool) {
	tp := &m.tp
	if !fresh && tp.segIdx == i {
		return
	}
	tp.segIdx = i
	w := tp.words
	lo, hi := tp.starts[i], tp.limit
	if i+1 < len(tp.starts) {
		hi = tp.starts[i+1]
	}
	tp.pos, tp.runes = tp.pos[:0], tp.runes[:0]
	for pos := lo; pos < hi; {
		r, n := utf8.DecodeRuneInString(s[pos:])
		tp.pos = append(tp.pos, pos)
		tp.runes = append(tp.runes, r)
		pos += n
	}
	n := len(tp.pos)
	tp.seg = slices.Grow(tp.seg[:0], n*w)[:n*w]
	next := tp.marks[(i+1)*w : (i+2)*w]
	for j := n - 1; j >= 0; j-- {
		cur := tp.seg[j*w : (j+1)*w]
		m.re.reach(cur, next, s, tp.pos[j], tp.runes[j])
		m.visits += len(m.re.order)
		next = cur
	}
}
