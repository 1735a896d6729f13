package jsregexp

import "unicode/utf8"

// The bounded backtracker. For a short input it is faster than the VM: it
// tries the paths through the program one at a time, depth first, in
// ECMAScript's order, and the first that matches is the match. It stays
// linear by never visiting a state twice: the state of a path is its
// instruction, its position and its bit (as in the VM), which is all that
// decides whether it can still match, so a state visited before, and
// failed, fails again. Its bitmap of visited states takes a bit for each
// instruction, bit and position, which bounds the inputs it takes.

// maxBacktrackBits bounds the bitmap of visited states (4 KB): enough for
// the components of URLs against the programs of URL patterns (a program of
// 50 instructions and an input of 300 bytes), small enough to clear and to
// stay in cache. Longer inputs go to the VM.
const maxBacktrackBits = 32 << 10

// A job is a step of the backtracker's stack: a path to try from pc at pos
// with bit, or, when restore is set, capture slots to set back.
type job struct {
	pc      int32
	bit     bool
	restore bool
	reset   bool // restore slots lo to hi-1 from saved[at:], else slot lo to val
	pos     int
	lo, hi  int32
	val     int
	at      int
}

// A backtracker holds the state of one match by backtracking.
type backtracker struct {
	visited []uint32
	jobs    []job
	saved   []int
	caps    []int
}

// canBacktrack reports whether the backtracker can match re against an
// input of n bytes.
func (re *Regexp) canBacktrack(n int) bool {
	return 2*len(re.prog)*(n+1) <= maxBacktrackBits
}

// backtrack matches re against s and, when it matches, sets b.caps (of
// ncap slots) to the captures. It tries each start position in turn, only
// 0 when re is anchored.
func (re *Regexp) backtrack(b *backtracker, s string, ncap int) bool {
	nbits := 2 * len(re.prog) * (len(s) + 1)
	words := (nbits + 31) / 32
	if cap(b.visited) < words {
		b.visited = make([]uint32, words)
	} else {
		b.visited = b.visited[:words]
		clear(b.visited)
	}
	if cap(b.caps) < ncap {
		b.caps = make([]int, ncap)
	}
	b.caps = b.caps[:ncap]
	for start := 0; start <= len(s); {
		for i := range b.caps {
			b.caps[i] = -1
		}
		if re.try(b, s, start) {
			return true
		}
		if re.anchored || start == len(s) {
			break
		}
		_, w := utf8.DecodeRuneInString(s[start:])
		start += w
	}
	return false
}

// try runs the paths from the start of the program at pos.
func (re *Regexp) try(b *backtracker, s string, pos int) bool {
	prog := re.prog
	stride := len(s) + 1
	b.jobs = append(b.jobs[:0], job{pc: 0, pos: pos})
	b.saved = b.saved[:0]
	caps := b.caps
	for len(b.jobs) > 0 {
		j := b.jobs[len(b.jobs)-1]
		b.jobs = b.jobs[:len(b.jobs)-1]
		if j.restore {
			if j.reset {
				copy(caps[j.lo:j.hi], b.saved[j.at:])
				b.saved = b.saved[:j.at]
			} else {
				caps[j.lo] = j.val
			}
			continue
		}
		pc, pos, bit := int(j.pc), j.pos, j.bit
	follow:
		key := (2*pc)*stride + pos
		if bit {
			key += stride
		}
		if b.visited[key>>5]&(1<<(key&31)) != 0 {
			continue
		}
		b.visited[key>>5] |= 1 << (key & 31)
		in := &prog[pc]
		switch in.op {
		case opRune:
			if pos >= len(s) {
				continue
			}
			r, w := rune(s[pos]), 1
			if r >= utf8.RuneSelf {
				r, w = utf8.DecodeRuneInString(s[pos:])
			}
			if r != in.r {
				continue
			}
			pc, pos, bit = pc+1, pos+w, false
			goto follow
		case opSet:
			if pos >= len(s) {
				continue
			}
			r, w := rune(s[pos]), 1
			if r >= utf8.RuneSelf {
				r, w = utf8.DecodeRuneInString(s[pos:])
			}
			if !in.set.has(r) {
				continue
			}
			pc, pos, bit = pc+1, pos+w, false
			goto follow
		case opSplit:
			b.jobs = append(b.jobs, job{pc: int32(in.y), pos: pos, bit: bit})
			pc = in.x
			goto follow
		case opJmp:
			pc = in.x
			goto follow
		case opSave:
			if in.x < len(caps) {
				b.jobs = append(b.jobs, job{restore: true, lo: int32(in.x), val: caps[in.x]})
				caps[in.x] = pos
			}
			pc++
			goto follow
		case opReset:
			if lo, hi := in.x, min(in.y, len(caps)); lo < hi {
				b.jobs = append(b.jobs, job{restore: true, reset: true, lo: int32(lo), hi: int32(hi), at: len(b.saved)})
				b.saved = append(b.saved, caps[lo:hi]...)
				for i := lo; i < hi; i++ {
					caps[i] = -1
				}
			}
			pc++
			goto follow
		case opAssert:
			if !assertAt(in, pos, s) {
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
		case opMatch:
			return true
		}
	}
	return false
}
