package jsregexp

import "unicode/utf8"

// The VM. A path through the program is a thread: its instruction, its
// capture slots and one bit, whether the innermost optional iteration it is
// in has consumed nothing yet (opIterStart sets the bit, consuming a code
// point clears it, opIterEnd fails when it is set). What a thread can still
// match depends on its instruction, its bit and the position only, so at
// each position the VM keeps one thread per instruction and bit: the first
// to get there, which is the one ECMAScript's backtracking would try first.
// That bounds the threads to twice the length of the program, and the work
// to that for each code point of the input.

// A queue holds the threads waiting at one position, in priority order, as a
// sparse set keyed by instruction and bit.
type queue struct {
	sparse []uint32
	dense  []entry
}

type entry struct {
	key int // 2*pc + bit
	cap []int
}

func (q *queue) contains(key int) bool {
	i := q.sparse[key]
	return int(i) < len(q.dense) && q.dense[i].key == key
}

// insert adds key and returns its entry.
func (q *queue) insert(key int) *entry {
	q.sparse[key] = uint32(len(q.dense))
	if len(q.dense) < cap(q.dense) {
		q.dense = q.dense[:len(q.dense)+1]
		e := &q.dense[len(q.dense)-1]
		e.key = key
		return e
	}
	q.dense = append(q.dense, entry{key: key})
	return &q.dense[len(q.dense)-1]
}

// A machine holds the state of one match.
type machine struct {
	re     *Regexp
	q0, q1 queue
	// visited marks the (instruction, bit) pairs the closure being computed
	// has reached, in the queue it fills.
	stack   []frame
	saved   []int // the capture slots that resets on the stack will restore
	ncap    int   // capture slots the caller wants
	matched bool
	caps    []int // the captures of the best match so far
	scratch []int
	bt      backtracker // for inputs short enough to backtrack
}

// A frame is a step of the closure: a thread to follow from pc with bit,
// or, when restore is set, a capture slot to set back to val.
type frame struct {
	pc      int
	bit     bool
	restore bool
	slot    int
	val     int
	reset   bool // restore slots lo to hi-1 from saved[at:]
	lo, hi  int
	at      int
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
	m.ncap = ncap
	m.matched = false
	if cap(m.caps) < ncap {
		m.caps = make([]int, ncap)
		m.scratch = make([]int, ncap)
	}
	m.caps = m.caps[:ncap]
	m.scratch = m.scratch[:ncap]
	return m
}

// MatchString reports whether re matches somewhere in s, as
// RegExpBuiltinExec(re, s) with lastIndex 0 finds a match.
func (re *Regexp) MatchString(s string) bool {
	m := re.machine(0)
	var ok bool
	if re.canBacktrack(len(s)) {
		ok = re.backtrack(&m.bt, s, 0)
	} else {
		ok = m.run(s)
	}
	re.machines.Put(m)
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
	} else if m.run(s) {
		out = append([]int(nil), m.caps...)
	}
	re.machines.Put(m)
	return out
}

// run runs the VM over s.
func (m *machine) run(s string) bool {
	runq, nextq := &m.q0, &m.q1
	runq.dense, nextq.dense = runq.dense[:0], nextq.dense[:0]
	for i := range m.scratch {
		m.scratch[i] = -1
	}
	for pos := 0; ; {
		if !m.matched && (pos == 0 || !m.re.anchored) {
			// A match that starts here has lower priority than those that
			// started before.
			m.add(runq, 0, false, pos, s, m.scratch)
		}
		if len(runq.dense) == 0 {
			break
		}
		r, width := rune(-1), 0
		if pos < len(s) {
			r, width = utf8.DecodeRuneInString(s[pos:])
		}
		m.step(runq, nextq, pos, r, width, s)
		if width == 0 {
			break
		}
		pos += width
		runq, nextq = nextq, runq
		nextq.dense = nextq.dense[:0]
	}
	return m.matched
}

// step runs each thread of runq on the code point r, width bytes long at
// pos (-1 at the end), and adds the threads that go on to nextq.
func (m *machine) step(runq, nextq *queue, pos int, r rune, width int, s string) {
	prog := m.re.prog
	for i := range runq.dense {
		e := &runq.dense[i]
		in := &prog[e.key>>1]
		switch in.op {
		case opMatch:
			m.matched = true
			copy(m.caps, e.cap)
			// The threads after this one could only find matches that
			// ECMAScript would try later: drop them.
			return
		case opRune:
			if r == in.r && width > 0 {
				m.add(nextq, e.key>>1+1, false, pos+width, s, e.cap)
			}
		case opSet:
			if width > 0 && in.set.has(r) {
				m.add(nextq, e.key>>1+1, false, pos+width, s, e.cap)
			}
		}
	}
}

// add adds to q the threads that reach a consuming instruction, or the
// match, from pc with bit at pos, following every other instruction in
// priority order, with the captures cap (which it leaves as it found them).
func (m *machine) add(q *queue, pc int, bit bool, pos int, s string, cap []int) {
	prog := m.re.prog
	m.stack = append(m.stack[:0], frame{pc: pc, bit: bit})
	m.saved = m.saved[:0]
	for len(m.stack) > 0 {
		f := m.stack[len(m.stack)-1]
		m.stack = m.stack[:len(m.stack)-1]
		if f.restore {
			if f.reset {
				copy(cap[f.lo:f.hi], m.saved[f.at:])
				m.saved = m.saved[:f.at]
			} else {
				cap[f.slot] = f.val
			}
			continue
		}
	follow:
		key := 2 * f.pc
		if f.bit {
			key++
		}
		if q.contains(key) {
			continue
		}
		e := q.insert(key)
		in := &prog[f.pc]
		switch in.op {
		case opSet, opRune, opMatch:
			if cap := cap; len(cap) > 0 {
				if e.cap == nil || len(e.cap) != len(cap) {
					e.cap = make([]int, len(cap))
				}
				copy(e.cap, cap)
			}
			continue
		case opSplit:
			m.stack = append(m.stack, frame{pc: in.y, bit: f.bit})
			f.pc = in.x
			goto follow
		case opJmp:
			f.pc = in.x
			goto follow
		case opSave:
			if in.x < len(cap) {
				m.stack = append(m.stack, frame{restore: true, slot: in.x, val: cap[in.x]})
				cap[in.x] = pos
			}
			f.pc++
			goto follow
		case opReset:
			if lo, hi := in.x, min(in.y, len(cap)); lo < hi {
				m.stack = append(m.stack, frame{restore: true, reset: true, lo: lo, hi: hi, at: len(m.saved)})
				m.saved = append(m.saved, cap[lo:hi]...)
				for i := lo; i < hi; i++ {
					cap[i] = -1
				}
			}
			f.pc++
			goto follow
		case opAssert:
			if !assertAt(in, pos, s) {
				continue
			}
			f.pc++
			goto follow
		case opIterStart:
			f.pc++
			f.bit = true
			goto follow
		case opIterEnd:
			if f.bit {
				continue // the iteration matched the empty string
			}
			f.pc++
			goto follow
		}
	}
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
