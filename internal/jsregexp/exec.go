package jsregexp

import "unicode/utf8"

// Matching. A path through the program is a thread: its instruction, its
// capture slots and one bit, whether the innermost optional iteration it is
// in has consumed nothing yet (opIterStart sets the bit, consuming a code
// point clears it, opIterEnd fails when it is set). What a thread can still
// match depends on its instruction, its bit and the position only, which
// is what keeps every engine of the package linear:
//
//   - the bounded backtracker (backtrack.go), for short inputs, tries the
//     paths in ECMAScript's order and never visits an (instruction, bit,
//     position) state twice;
//   - the lazy DFA (dfa.go), for longer ones, runs all the threads at once
//     in priority order, one thread per instruction and bit, and caches
//     what each list of threads becomes after each class of code points;
//   - when the DFA's cache runs out, MatchString goes on with the VM below,
//     which keeps the set of the threads, and FindStringSubmatchIndex runs
//     the VM to learn whether there is a match and how far the threads go,
//     then matches in two passes (twopass.go), which copy no captures.
//
// Each costs at most a small constant times the size of the program for a
// code point of the input, and the caps of compile.go bound that size.

// A machine holds the state of one match.
type machine struct {
	re     *Regexp
	q0, q1 sparseSet   // the threads at this position and the next
	stack  []uint32    // the threads the closure has still to follow
	caps   []int       // the captures of the match
	bt     backtracker // for inputs short enough to backtrack
	dfa    *dfa        // for longer ones
	hist   []int32     // the DFA's edge into each position of the input
	tp     twoPass     // when the DFA's cache runs out
	// visits counts the states the VM and the two passes visit, for the
	// tests of the cost of a match.
	visits int
}

// machine returns a machine for a match of re that records ncap capture
// slots.
func (re *Regexp) machine(ncap int) *machine {
	m, _ := re.machines.Get().(*machine)
	if m == nil {
		m = &machine{re: re}
		n := 2 * len(re.prog)
		m.q0.sparse = make([]uint32, n)
		m.q1.sparse = make([]uint32, n)
	}
	if cap(m.caps) < ncap {
		m.caps = make([]int, ncap)
	}
	m.caps = m.caps[:ncap]
	return m
}

// put returns m to the pool of re, without the memory a long input made it
// take.
func (re *Regexp) put(m *machine) {
	if visitsHook != nil {
		visitsHook(m.visits)
	}
	m.visits = 0
	if cap(m.hist) > maxKeptHistory {
		m.hist = nil
	}
	m.tp.release()
	re.machines.Put(m)
}

// maxKeptHistory is the longest history of DFA states a pooled machine
// keeps for the next match: longer ones are for the garbage collector.
const maxKeptHistory = 64 << 10

// visitsHook, when not nil, is given the number of states the VM and the
// two passes visited in each match: set by the tests of the cost of a
// match, which are not parallel.
var visitsHook func(int)

// getDFA returns m's DFA.
func (m *machine) getDFA() *dfa {
	if m.dfa == nil {
		m.re.dfaOnce.Do(func() { m.re.dfaProg = newDFAProg(m.re) })
		m.dfa = newDFA(m.re.dfaProg)
	}
	return m.dfa
}

// MatchString reports whether re matches somewhere in s, as
// RegExpBuiltinExec(re, s) with lastIndex 0 finds a match.
func (re *Regexp) MatchString(s string) bool {
	m := re.machine(0)
	var ok bool
	if re.canBacktrack(len(s)) {
		ok = re.backtrack(&m.bt, s, 0)
	} else {
		ok = m.getDFA().match(m, s)
	}
	re.put(m)
	return ok
}

// FindStringSubmatchIndex returns the captures of re's first match in s as
// RegExpBuiltinExec finds it: the byte offsets in s of the start and end of
// the match, then of each capture group, -1 for one that is undefined; or
// nil when re does not match s.
func (re *Regexp) FindStringSubmatchIndex(s string) []int {
	ncap := 2 * (re.ncap + 1)
	m := re.machine(ncap)
	var out []int
	if re.canBacktrack(len(s)) {
		if re.backtrack(&m.bt, s, ncap) {
			out = append([]int(nil), m.bt.caps...)
		}
	} else {
		if cap(m.hist) < len(s)+1 {
			m.hist = make([]int32, len(s)+1)
		}
		matched, ok := m.getDFA().exec(s, m.hist[:len(s)+1], m.caps)
		if !ok {
			// The VM tells whether there is a match and how far its paths
			// go, which may be much less than s: the two passes need not
			// go further.
			var limit int
			if matched, limit = m.scan(s); matched {
				matched = m.twoPass(s, m.caps, limit)
			}
		}
		if matched {
			out = append([]int(nil), m.caps...)
		}
	}
	re.put(m)
	return out
}

// The VM keeps the set of the threads at a position: a thread reaches the
// same states whatever path brought it, so one per instruction and bit is
// enough to tell whether any matches, which is all MatchString needs. Each
// step follows each instruction at most once, twice with the bit.

// run runs the VM over s from pos and reports whether re matches: from the
// start of the program or, when seeded, from the threads keys (2*pc+bit),
// which a DFA has reached at pos.
func (m *machine) run(s string, pos int, keys []uint32, seeded bool) bool {
	runq, nextq := &m.q0, &m.q1
	runq.dense, nextq.dense = runq.dense[:0], nextq.dense[:0]
	for _, k := range keys {
		runq.add(int(k))
	}
	for {
		// A match may start here.
		if !seeded && (pos == 0 || !m.re.anchored) && m.add(runq, 0, pos, s) {
			return true
		}
		seeded = false
		if (len(runq.dense) == 0 && m.re.anchored) || pos >= len(s) {
			return false
		}
		w, hit := m.step(runq, nextq, pos, s)
		if hit {
			return true
		}
		pos += w
		runq, nextq = nextq, runq
		nextq.dense = nextq.dense[:0]
	}
}

// scan runs the VM over s to its end or until no thread is left, and
// reports whether re matches s and the last position a thread reaches.
// Once a thread has matched no other starts: the match ECMAScript finds
// starts at or before it, so no path that starts where that match may
// start goes beyond last.
func (m *machine) scan(s string) (matched bool, last int) {
	runq, nextq := &m.q0, &m.q1
	runq.dense, nextq.dense = runq.dense[:0], nextq.dense[:0]
	for pos := 0; ; {
		if !matched && (pos == 0 || !m.re.anchored) && m.add(runq, 0, pos, s) {
			matched = true
		}
		if len(runq.dense) > 0 {
			last = pos
		} else if matched || m.re.anchored {
			return matched, last
		}
		if pos >= len(s) {
			return matched, last
		}
		w, hit := m.step(runq, nextq, pos, s)
		matched = matched || hit
		pos += w
		runq, nextq = nextq, runq
		nextq.dense = nextq.dense[:0]
	}
}

// step moves the threads of runq over the code point at pos in s: it adds
// to nextq the threads that follow from each whose instruction takes that
// code point, and returns the code point's width and whether one of them
// matches.
func (m *machine) step(runq, nextq *sparseSet, pos int, s string) (w int, matched bool) {
	prog := m.re.prog
	r, w := utf8.DecodeRuneInString(s[pos:])
	m.visits += len(runq.dense)
	for _, k := range runq.dense {
		in := &prog[k>>1]
		if (in.op == opRune && in.r == r) || (in.op == opSet && in.set.has(r)) {
			if m.add(nextq, int(k>>1)+1, pos+w, s) {
				matched = true
			}
		}
	}
	return w, matched
}

// add adds to q the threads that follow from pc, with the bit clear, at pos
// without consuming a code point, and reports whether one matches.
func (m *machine) add(q *sparseSet, pc int, pos int, s string) bool {
	prog := m.re.prog
	matched := false
	m.stack = append(m.stack[:0], uint32(2*pc))
	for len(m.stack) > 0 {
		key := m.stack[len(m.stack)-1]
		m.stack = m.stack[:len(m.stack)-1]
		for q.add(int(key)) {
			pc, bit := int(key>>1), key&1
			in := &prog[pc]
			switch in.op {
			case opMatch:
				matched = true
			case opSplit:
				m.stack = append(m.stack, uint32(2*in.y)|bit)
				key = uint32(2*in.x) | bit
				continue
			case opJmp:
				key = uint32(2*in.x) | bit
				continue
			case opSave, opReset:
				key += 2
				continue
			case opAssert:
				if assertAt(in, pos, s) {
					key += 2
					continue
				}
			case opIterStart:
				key = uint32(2*(pc+1)) | 1
				continue
			case opIterEnd:
				if bit == 0 {
					key += 2
					continue
				}
			}
			break // a consuming instruction, the match or a dead end
		}
	}
	return matched
}

// assertAt reports whether the assertion of in holds at pos in s.
func assertAt(in *inst, pos int, s string) bool {
	switch in.assert {
	case assertBeginText:
		return pos == 0
	case assertEndText:
		return pos == len(s)
	case assertBeginLine:
		if pos == 0 {
			return true
		}
		r, _ := utf8.DecodeLastRuneInString(s[:pos])
		return lineTerminators.has(r)
	case assertEndLine:
		if pos == len(s) {
			return true
		}
		r, _ := utf8.DecodeRuneInString(s[pos:])
		return lineTerminators.has(r)
	}
	// IsWordChar of the code points before and at pos.
	a, b := false, false
	if pos > 0 {
		r, _ := utf8.DecodeLastRuneInString(s[:pos])
		a = in.set.has(r)
	}
	if pos < len(s) {
		r, _ := utf8.DecodeRuneInString(s[pos:])
		b = in.set.has(r)
	}
	return (a != b) == (in.assert == assertWordBoundary)
}
