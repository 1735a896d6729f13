package jsregexp

import (
	"math/bits"
	"slices"
	"sort"
	"unicode/utf8"
)

// The lazy DFA. Run all the paths through the program at once, one step
// per code point, keeping at each position one thread per instruction and
// bit, the first to get there, which is the one ECMAScript's backtracking
// would try first: the threads form a list in priority order, and what the
// list becomes after a code point depends only on the list, on the code
// point and on the assertions that hold at the next position. The DFA
// caches that function: each distinct list is a state, built the first
// time a match reaches it, and each transition is computed once. A match
// then costs a table look-up per code point instead of a pass over the
// threads, whatever the program.
//
// Code points are grouped into classes, which no instruction of the program
// tells apart, so that a transition serves a whole class. The assertions
// other than ^ need to know whether the position is the end of the input and
// what the code points on either side are: the one before is the code point
// the transition consumes, and the one after is a context, a few bits, that
// is part of the transition's index.
//
// A state stores only the threads, not their captures. To find the
// captures, exec records the transition (the edge) it takes into each
// position of the input and, once it has the match, walks back from it:
// for the matching thread, the record of each edge tells which thread of
// the state before it came from and which capture slots it set on its way,
// and the last setting of each slot is its value. This costs 4 bytes per
// byte of the input, and no copying of captures per thread.
//
// The states, transitions and records are kept in a cache of at most
// maxDFABytes. A match that would need more (a large program whose threads
// keep changing, such as the nested counted repetitions of a crafted
// pattern) goes on without the cache: MatchString in the VM, from where the
// DFA got, and FindStringSubmatchIndex in the VM and two passes
// (twopass.go), from the start.

// maxDFABytes bounds the memory of the cache of a DFA: its states, their
// transitions and the capture records of the transitions.
const maxDFABytes = 1 << 20

// dfaBudget is maxDFABytes, but for tests of what a full cache does.
var dfaBudget = maxDFABytes

// Bits of the code point before or after a position, for the assertions.
const (
	ctxLineTerminator = 1 << iota // the code point is a line terminator
	ctxWord                       // it is a word character
	ctxWordFolded                 // it is a word character under the i flag
)

// A dfaProg is what the DFAs of a program share: its classes of code points
// and which contexts its assertions need.
type dfaProg struct {
	bounds []rune     // the class of r is the number of bounds at or below r
	ascii  [128]int32 // the class of each ASCII code point
	rep    []rune     // a code point of each class
	bits   []uint8    // the ctx bits of each class
	nascii int32      // classes below nascii have a dense row of transitions
	mask   uint8      // the ctx bits of the next code point that assertions read
	// The contexts are whether the position is the end, and the bits in
	// mask: 1<<ctxShift of them. A row of transitions, for the classes
	// below nascii in each context, takes 1<<rowShift entries.
	ctxShift, rowShift uint8

	anchor bool        // the program starts with ^: only position 0 starts a match
	prog   []inst      // the program
	words  [2]*charset // the word characters without and with the i flag
	wbits  [2]uint8    // their ctx bits
}

// newDFAProg analyses prog for its DFAs.
func newDFAProg(re *Regexp) *dfaProg {
	p := &dfaProg{prog: re.prog, anchor: re.anchored}
	p.words = [2]*charset{wordCharacters, wordCharactersFolded}
	p.wbits = [2]uint8{ctxWord, ctxWordFolded}
	var sets []*charset
	var ranges []rng
	for _, in := range re.prog {
		switch in.op {
		case opRune:
			ranges = append(ranges, rng{in.r, in.r})
		case opSet:
			sets = append(sets, in.set)
		case opAssert:
			switch in.assert {
			case assertBeginLine:
				sets = append(sets, lineTerminators)
			case assertEndLine:
				sets = append(sets, lineTerminators)
				p.mask |= ctxLineTerminator
			case assertWordBoundary, assertNotWordBoundary:
				sets = append(sets, in.set)
				if in.set == wordCharactersFolded {
					p.mask |= ctxWordFolded
				} else {
					p.mask |= ctxWord
				}
			}
		}
	}
	seen := map[*charset]bool{}
	var bounds []rune
	add := func(r rng) {
		bounds = append(bounds, r.lo)
		if r.hi < maxRune {
			bounds = append(bounds, r.hi+1)
		}
	}
	for _, r := range ranges {
		add(r)
	}
	for _, s := range sets {
		if !seen[s] {
			seen[s] = true
			for _, r := range s.ranges {
				add(r)
			}
		}
	}
	slices.Sort(bounds)
	p.bounds = slices.Compact(bounds)
	n := len(p.bounds) + 1
	p.rep = make([]rune, n)
	p.bits = make([]uint8, n)
	for c := 1; c < n; c++ {
		p.rep[c] = p.bounds[c-1]
	}
	for c, r := range p.rep {
		if lineTerminators.has(r) {
			p.bits[c] |= ctxLineTerminator
		}
		if wordCharacters.has(r) {
			p.bits[c] |= ctxWord
		}
		if wordCharactersFolded.has(r) {
			p.bits[c] |= ctxWordFolded
		}
	}
	for r := range rune(128) {
		p.ascii[r] = p.slowClass(r)
	}
	p.nascii = p.ascii[127] + 1
	p.ctxShift = 1
	if p.mask != 0 {
		p.ctxShift = 4
	}
	p.rowShift = uint8(bits.Len32(uint32(p.nascii<<p.ctxShift) - 1))
	return p
}

// slowClass returns the class of r.
func (p *dfaProg) slowClass(r rune) int32 {
	return int32(sort.Search(len(p.bounds), func(i int) bool { return p.bounds[i] > r }))
}

// ctxAt returns the context of position pos in s, which is not 0: whether
// it is the end, and the bits of the code point at pos that assertions read.
func (p *dfaProg) ctxAt(s string, pos int) int32 {
	if pos >= len(s) {
		return 1
	}
	if p.mask == 0 {
		return 0
	}
	var c int32
	if b := s[pos]; b < utf8.RuneSelf {
		c = p.ascii[b]
	} else {
		r, _ := utf8.DecodeRuneInString(s[pos:])
		c = p.slowClass(r)
	}
	return int32(p.bits[c]&p.mask) << 1
}

// An actx is what the assertions at a position read.
type actx struct {
	start, end bool
	prev, next uint8 // ctx bits of the code points before and after
}

// holds reports whether the assertion in holds in the context x, as
// assertAt does at a position of an input.
func (p *dfaProg) holds(in *inst, x *actx) bool {
	switch in.assert {
	case assertBeginText:
		return x.start
	case assertEndText:
		return x.end
	case assertBeginLine:
		return x.start || x.prev&ctxLineTerminator != 0
	case assertEndLine:
		return x.end || x.next&ctxLineTerminator != 0
	}
	bit := p.wbits[0]
	if in.set == p.words[1] {
		bit = p.wbits[1]
	}
	a := !x.start && x.prev&bit != 0
	b := !x.end && x.next&bit != 0
	return (a != b) == (in.assert == assertWordBoundary)
}

// A dstate is a state of the DFA: the VM's threads at a position.
type dstate struct {
	keys []uint32 // the threads, 2*pc+bit, in priority order, up to the first match
	// match is the index in keys of the thread at opMatch, or -1.
	match int32
	// searching is whether a match may still start at the next position:
	// the program is not anchored and no match has been found.
	searching bool
	more      map[int32]int32 // the transitions on classes from nascii on, by c<<ctxShift|ctx
}

// Flags of a state, which the loops over the input check at each step.
const (
	flagMatch = 1 << iota // a thread has matched
	flagDead              // no thread is left, and no match can start
)

// An edgeRec says where the threads a transition reaches come from: for
// each thread of the state it leads to, the thread of the state before
// (-1 for a match starting here) and the capture slots set on the way.
type edgeRec struct {
	threads []recThread
	ops     []capOp
}

// A recThread is where a thread of a transition's target comes from.
type recThread struct {
	parent int32 // the thread of the source, -1 for a match starting here
	lo, hi int32 // the capture operations on its way: ops[lo:hi]
}

// A capOp sets a capture slot to the position (set) or to undefined.
type capOp struct {
	slot int32
	set  bool
}

// A dframe is a step of a closure: follow the program from pc with bit,
// with nops operations on the path.
type dframe struct {
	pc   int32
	bit  bool
	nops int32
}

// A dfa is the cache of one machine's DFA.
type dfa struct {
	p      *dfaProg
	states []dstate
	// table holds the transitions on the classes below nascii: that from
	// state si on class c in context ctx is at si<<rowShift |
	// c<<ctxShift | ctx, -1 until computed. The index is the transition's
	// edge; those on other classes have edges from -2 down.
	table   []int32
	flags   []uint8 // the flags of each state
	index   map[string]int32
	initial []int32 // the state at position 0, by context; -1 unknown
	// The records of the transitions, once needed: by edge for those in
	// the table (recs), and for the others and the starts by source state
	// (-1 for the start), class and context.
	recs      []*edgeRec
	moreRecs  map[[3]int32]*edgeRec
	moreEdges [][3]int32 // the transitions of the edges from -2 down
	moreIndex map[[3]int32]int32
	bytes     int
	full      bool // the cache ran out: clear it before the next match

	// Scratch space of the closures.
	visited sparseSet
	stack   []dframe
	ops     []capOp
	keys    []uint32
	name    []byte
}

func newDFA(p *dfaProg) *dfa {
	d := &dfa{p: p}
	d.visited.sparse = make([]uint32, 2*len(p.prog))
	d.clear()
	return d
}

// clear empties the cache.
func (d *dfa) clear() {
	d.states = d.states[:0]
	d.table = d.table[:0]
	d.flags = d.flags[:0]
	d.index = map[string]int32{}
	d.initial = slices.Repeat([]int32{-1}, 1<<d.p.ctxShift)
	d.recs = d.recs[:0]
	d.moreRecs = map[[3]int32]*edgeRec{}
	d.moreEdges = d.moreEdges[:0]
	d.moreIndex = map[[3]int32]int32{}
	d.bytes = 0
	d.full = false
}

// closure adds to d.keys the threads that reach a consuming instruction, or
// the match, from pc with bit in the context x, in the order and with the
// deduplication of machine.add, and to rec, if not nil, where they come
// from and the capture operations on their path.
func (d *dfa) closure(pc int, x *actx, parent int32, rec *edgeRec) {
	prog := d.p.prog
	d.stack = append(d.stack[:0], dframe{pc: int32(pc)})
	d.ops = d.ops[:0]
	for len(d.stack) > 0 {
		f := d.stack[len(d.stack)-1]
		d.stack = d.stack[:len(d.stack)-1]
		d.ops = d.ops[:f.nops]
		pc, bit := int(f.pc), f.bit
	follow:
		key := 2 * pc
		if bit {
			key++
		}
		if !d.visited.add(key) {
			continue
		}
		in := &prog[pc]
		switch in.op {
		case opSet, opRune, opMatch:
			d.keys = append(d.keys, uint32(key))
			if rec != nil {
				lo := int32(len(rec.ops))
				rec.ops = append(rec.ops, d.ops...)
				rec.threads = append(rec.threads, recThread{parent, lo, int32(len(rec.ops))})
			}
			continue
		case opSplit:
			d.stack = append(d.stack, dframe{pc: int32(in.y), bit: bit, nops: int32(len(d.ops))})
			pc = in.x
			goto follow
		case opJmp:
			pc = in.x
			goto follow
		case opSave:
			if rec != nil {
				d.ops = append(d.ops, capOp{slot: int32(in.x), set: true})
			}
			pc++
			goto follow
		case opReset:
			if rec != nil {
				for i := in.x; i < in.y; i++ {
					d.ops = append(d.ops, capOp{slot: int32(i)})
				}
			}
			pc++
			goto follow
		case opAssert:
			if !d.p.holds(in, x) {
				continue
			}
			pc++
			goto follow
		case opIterStart:
			pc, bit = pc+1, true
			goto follow
		case opIterEnd:
			if bit {
				continue
			}
			pc++
			goto follow
		}
	}
}

// begin starts the computation of a state.
func (d *dfa) begin() {
	d.visited.dense = d.visited.dense[:0]
	d.keys = d.keys[:0]
}

// end finishes the computation of a state from d.keys and returns it, or
// -1 when the cache is full.
func (d *dfa) end(searching bool, rec *edgeRec) int32 {
	match := int32(-1)
	for i, k := range d.keys {
		if d.p.prog[k>>1].op == opMatch {
			// The VM drops the threads after the match.
			match = int32(i)
			d.keys = d.keys[:i+1]
			if rec != nil {
				rec.threads = rec.threads[:i+1]
				rec.ops = rec.ops[:rec.threads[i].hi]
			}
			break
		}
	}
	d.name = d.name[:0]
	for _, k := range d.keys {
		d.name = append(d.name, byte(k), byte(k>>8), byte(k>>16), byte(k>>24))
	}
	if searching {
		d.name = append(d.name, 1)
	}
	if id, ok := d.index[string(d.name)]; ok {
		return id
	}
	size := 8*len(d.keys) + 4<<d.p.rowShift + 200
	if d.bytes+size > dfaBudget {
		d.full = true
		return -1
	}
	d.bytes += size
	st := dstate{
		keys:      slices.Clone(d.keys),
		match:     match,
		searching: searching,
	}
	var flags uint8
	if match >= 0 {
		flags |= flagMatch
	}
	if len(d.keys) == 0 && !searching {
		flags |= flagDead
	}
	id := int32(len(d.states))
	d.states = append(d.states, st)
	d.flags = append(d.flags, flags)
	for range 1 << d.p.rowShift {
		d.table = append(d.table, -1)
	}
	d.index[string(d.name)] = id
	return id
}

// start returns the state at position 0 of an input whose context there is
// ctx (its bit for the end, and the bits of its first code point), or -1
// when the cache is full. With rec, it computes the state again and
// records where its threads come from.
func (d *dfa) start(ctx int32, rec *edgeRec) int32 {
	if rec == nil {
		if id := d.initial[ctx]; id >= 0 {
			return id
		}
	}
	x := actx{start: true, end: ctx&1 != 0, next: uint8(ctx >> 1)}
	d.begin()
	d.closure(0, &x, -1, rec)
	id := d.end(!d.p.anchor, rec)
	if rec == nil && id >= 0 {
		d.initial[ctx] = id
	}
	return id
}

// step returns the state that follows state si after a code point of class
// c, at a position whose context is ctx, or -1 when the cache is full. It
// is step of the VM for all the threads of si at once. With rec, it
// computes the transition again and records where the threads come from.
func (d *dfa) step(si int32, c, ctx int32, rec *edgeRec) int32 {
	s := &d.states[si]
	idx := c<<d.p.ctxShift | ctx
	if rec == nil {
		if c < d.p.nascii {
			if t := d.table[si<<d.p.rowShift|idx]; t >= 0 {
				return t
			}
		} else if t, ok := s.more[idx]; ok {
			return t
		}
	}
	x := actx{end: ctx&1 != 0, prev: d.p.bits[c], next: uint8(ctx >> 1)}
	r := d.p.rep[c]
	prog := d.p.prog
	d.begin()
	n := len(s.keys)
	if s.match >= 0 {
		n = int(s.match)
	}
	for i, k := range s.keys[:n] {
		in := &prog[k>>1]
		if (in.op == opRune && in.r == r) || (in.op == opSet && in.set.has(r)) {
			d.closure(int(k>>1)+1, &x, int32(i), rec)
		}
	}
	searching := s.searching && s.match < 0
	if searching {
		d.closure(0, &x, -1, rec)
	}
	t := d.end(searching, rec)
	if t < 0 || rec != nil {
		return t
	}
	s = &d.states[si] // end may have moved the states
	if c < d.p.nascii {
		d.table[si<<d.p.rowShift|idx] = t
	} else {
		if d.bytes+16 > dfaBudget {
			d.full = true
			return -1
		}
		d.bytes += 16
		if s.more == nil {
			s.more = map[int32]int32{}
		}
		s.more[idx] = t
	}
	return t
}

// record returns the record of the transition from si on class c in
// context ctx (si -1: the start in context ctx), which leads to state to,
// or nil when the cache is full.
func (d *dfa) record(si, c, ctx, to int32) *edgeRec {
	dense := si >= 0 && c < d.p.nascii
	edge := si<<d.p.rowShift | c<<d.p.ctxShift | ctx
	key := [3]int32{si, c, ctx}
	if dense {
		if int(edge) < len(d.recs) && d.recs[edge] != nil {
			return d.recs[edge]
		}
	} else if rec, ok := d.moreRecs[key]; ok {
		return rec
	}
	rec := &edgeRec{}
	var t int32
	if si < 0 {
		t = d.start(ctx, rec)
	} else {
		t = d.step(si, c, ctx, rec)
	}
	if t != to {
		// The transition is computed as it was the first time; only a
		// full cache makes a difference.
		return nil
	}
	size := 12*len(rec.threads) + 8*len(rec.ops) + 100
	if dense && len(d.recs) < len(d.table) {
		size += 8 * (len(d.table) - len(d.recs))
	}
	if d.bytes+size > dfaBudget {
		d.full = true
		return nil
	}
	d.bytes += size
	if !dense {
		d.moreRecs[key] = rec
		return rec
	}
	for len(d.recs) < len(d.table) {
		d.recs = append(d.recs, nil)
	}
	d.recs[edge] = rec
	return rec
}

// moreEdge returns the edge of the transition from si on class c, from
// nascii on, in context ctx, or 0 when the cache is full.
func (d *dfa) moreEdge(si, c, ctx int32) int32 {
	key := [3]int32{si, c, ctx}
	if e, ok := d.moreIndex[key]; ok {
		return e
	}
	if d.bytes+32 > dfaBudget {
		d.full = true
		return 0
	}
	d.bytes += 32
	e := -2 - int32(len(d.moreEdges))
	d.moreEdges = append(d.moreEdges, key)
	d.moreIndex[key] = e
	return e
}

// match runs the DFA over s and reports whether re matches s. When the
// cache runs out, it goes on with the VM of m from where it got.
func (d *dfa) match(m *machine, s string) bool {
	if d.full {
		d.clear()
	}
	si := d.start(d.p.ctxAt(s, 0), nil)
	if si < 0 {
		return m.run(s, 0, nil, false)
	}
	p := d.p
	for pos := 0; ; {
		if f := d.flags[si]; f != 0 {
			return f&flagMatch != 0
		}
		if pos >= len(s) {
			return false
		}
		c, next := p.next(s, pos)
		ctx := int32(0)
		if next >= len(s) {
			ctx = 1
		} else if p.mask != 0 {
			ctx = p.ctxAt(s, next)
		}
		t := int32(-1)
		if c < p.nascii {
			t = d.table[si<<p.rowShift|c<<p.ctxShift|ctx]
		}
		if t < 0 {
			if t = d.step(si, c, ctx, nil); t < 0 {
				// No room for the transition: the VM takes the step from
				// the threads of the state.
				return m.run(s, pos, d.states[si].keys, true)
			}
		}
		si, pos = t, next
	}
}

// next returns the class of the code point at pos in s, and the position
// after it.
func (p *dfaProg) next(s string, pos int) (int32, int) {
	if b := s[pos]; b < utf8.RuneSelf {
		return p.ascii[b], pos + 1
	}
	r, w := utf8.DecodeRuneInString(s[pos:])
	return p.slowClass(r), pos + w
}

// exec runs the DFA over s and, when re matches s, sets caps to the
// captures of the match. It returns ok false when the cache ran out, and
// the caller runs the VM instead. hist has room for an int32 at each
// position of s and its end: exec records there the edge that reached
// each position, and -1 inside a code point.
func (d *dfa) exec(s string, hist []int32, caps []int) (matched, ok bool) {
	if d.full {
		d.clear()
	}
	p := d.p
	si := d.start(p.ctxAt(s, 0), nil)
	if si < 0 {
		return false, false
	}
	hist[0] = 0
	mpos, mstate := -1, int32(-1)
	for pos := 0; ; {
		if f := d.flags[si]; f != 0 {
			if f&flagDead != 0 {
				break
			}
			mpos, mstate = pos, si
		}
		if pos >= len(s) {
			break
		}
		var c int32
		next := pos + 1
		if b := s[pos]; b < utf8.RuneSelf {
			c = p.ascii[b]
		} else {
			c, next = p.next(s, pos)
			for i := pos + 1; i < next; i++ {
				hist[i] = -1 // inside a code point
			}
		}
		ctx := int32(0)
		if next >= len(s) {
			ctx = 1
		} else if p.mask != 0 {
			ctx = p.ctxAt(s, next)
		}
		if c < p.nascii {
			edge := si<<p.rowShift | c<<p.ctxShift | ctx
			t := d.table[edge]
			if t < 0 {
				if t = d.step(si, c, ctx, nil); t < 0 {
					return false, false
				}
			}
			si = t
			hist[next] = edge
		} else {
			edge := d.moreEdge(si, c, ctx)
			t := d.step(si, c, ctx, nil)
			if t < 0 || edge == 0 {
				return false, false
			}
			si = t
			hist[next] = edge
		}
		pos = next
	}
	if mpos < 0 {
		return false, true
	}
	return true, d.captures(s, hist, mpos, mstate, caps)
}

// captures sets caps to the captures of the match that the thread at the
// match of state mstate, at position mpos, found: it walks back through
// the edges the DFA took, hist, from thread to parent thread, and takes
// for each slot the last value the path set. It returns false when the
// cache ran out.
func (d *dfa) captures(s string, hist []int32, mpos int, mstate int32, caps []int) bool {
	const unknown = -2
	for i := range caps {
		caps[i] = unknown
	}
	p := d.p
	left := len(caps)
	pos, si, t := mpos, mstate, d.states[mstate].match
	for left > 0 {
		var rec *edgeRec
		prev, q := int32(-1), pos
		if pos == 0 {
			rec = d.record(-1, 0, p.ctxAt(s, 0), si)
		} else {
			edge := hist[pos]
			if edge >= 0 {
				prev = edge >> p.rowShift
				if int(edge) < len(d.recs) {
					rec = d.recs[edge]
				}
				if rec == nil {
					c := edge & (1<<p.rowShift - 1) >> p.ctxShift
					rec = d.record(prev, c, edge&(1<<p.ctxShift-1), si)
				}
			} else {
				k := d.moreEdges[-2-edge]
				prev = k[0]
				rec = d.record(prev, k[1], k[2], si)
			}
			q = pos - 1
			for hist[q] == -1 {
				q--
			}
		}
		if rec == nil {
			return false
		}
		th := rec.threads[t]
		for i := th.hi - 1; i >= th.lo; i-- {
			op := rec.ops[i]
			if int(op.slot) < len(caps) && caps[op.slot] == unknown {
				caps[op.slot] = -1
				if op.set {
					caps[op.slot] = pos
				}
				left--
			}
		}
		parent := th.parent
		if parent < 0 {
			break
		}
		if pos > 0 && prev == si && parent == t && th.lo == th.hi {
			// The edge loops on si and the thread comes from itself,
			// setting nothing: the positions the same edge reached before
			// pos add nothing either.
			edge := hist[pos]
			for q > 0 && hist[q] == edge {
				q--
				for hist[q] == -1 {
					q--
				}
			}
		}
		pos, si, t = q, prev, parent
	}
	for i := range caps {
		if caps[i] == unknown {
			caps[i] = -1
		}
	}
	return true
}

// A sparseSet is a set of small integers that empties in constant time.
type sparseSet struct {
	sparse []uint32
	dense  []uint32
}

// add adds k to the set and reports whether it was not in it.
func (q *sparseSet) add(k int) bool {
	i := q.sparse[k]
	if int(i) < len(q.dense) && q.dense[i] == uint32(k) {
		return false
	}
	q.sparse[k] = uint32(len(q.dense))
	q.dense = append(q.dense, uint32(k))
	return true
}
