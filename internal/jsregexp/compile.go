// Package jsregexp compiles and matches the ECMAScript regular expressions
// that the URL Pattern Standard builds (https://urlpattern.spec.whatwg.org/#compile-a-component:
// RegExpCreate with the flags "v" or "vi"), with ECMAScript's semantics and
// in time linear in the length of the input.
//
// A pattern compiles to a program whose paths are the ways the pattern can
// match. The engines (exec.go) follow every path at once, or each path at
// most once, and find the match and the captures that ECMAScript's
// backtracking semantics (https://tc39.es/ecma262/#sec-pattern-semantics)
// find:
//
//   - alternatives and quantifiers are tried in ECMAScript's order (greedy
//     or lazy);
//   - each iteration of a quantifier resets the captures inside it to
//     undefined (RepeatMatcher, step 4);
//   - an iteration beyond the minimum that matches the empty string fails
//     (RepeatMatcher, step 2.b), which the engines track as one bit per
//     path: whether the innermost iteration under way has consumed a code
//     point;
//   - with the i flag, code points compare by simple case folding;
//   - \w, \b, \s and "." match the sets ECMAScript gives them.
//
// Backreferences and lookaround cannot be matched in linear time and are
// refused with an *UnsupportedError, as are Unicode properties that package
// unicode has no table for; a pattern that ECMAScript rejects is refused
// with a *SyntaxError.
//
// # Caps
//
// Linear time is not enough when the constant is the size of the program
// and a pattern of a few bytes can ask for a huge one: (?:a{0,100}){0,100}
// is ten thousand copies of a. The package refuses, with an
// *UnsupportedError that names the cap and its value:
//
//   - MaxRepeat (1000): a count of a quantifier {n}, {n,} or {n,m} above
//     it, as RE2 refuses;
//   - MaxRepeatProduct (1000): nested quantifiers whose counts multiply to
//     more along a path from the root, as RE2 refuses: (?:[ab]{800}){6};
//   - MaxDepth (1000): groups, or classes, nested deeper;
//   - MaxProgram (500): a pattern that compiles to more instructions. The
//     size is worked out from the parsed pattern, multiplying through
//     nested quantifiers, in the same pass as the products, before
//     anything is built, so a pattern over a cap is refused in time linear
//     in its length.
//
// MaxProgram is the cap that bounds the time of a match, and it binds
// before the counts do but on quantifiers of empty groups: a{1000} is 1003
// instructions. The VM visits at most 2 states per instruction for each
// code point of the input, and FindStringSubmatchIndex, which runs the VM
// and then two passes, 6: at most 1000 and 3000 per byte at the cap. The
// slowest patterns found at the cap, such as [ab]*b[ab]{490} (which keeps
// a thread on every instruction and which no DFA of a reasonable size
// matches), take 6 µs per byte of random a's and b's with MatchString and
// 17 µs with FindStringSubmatchIndex (0.6 s and 1.7 s for 100 KB, on a
// loaded 2-core machine of 2026); at the earlier cap of 5000 instructions,
// patterns took up to 14 s.
//
// The patterns of URL routes cost a few nanoseconds per code point, which
// the lazy DFA matches. Its memory is bounded too: the DFA's cache holds at
// most maxDFABytes (1 MiB) for each match under way (and in the pool of
// machines, which the garbage collector empties); FindStringSubmatchIndex
// records 4 bytes per byte of a long input to find the captures, and, when
// the DFA's cache runs out, sets of a bit per instruction for one position
// in k and for k positions at a time, k about the square root of the
// input's length or what fits in maxTwoPassBytes (1 MiB) (twopass.go).
// The bounded backtracker, for short inputs, keeps a bit per instruction
// and position, up to maxBacktrackBits (32 Kibit).
package jsregexp

import (
	"fmt"
	"strconv"
	"sync"
)

// The caps on a pattern, which bound the time and memory of compiling and
// matching it. A pattern over one is refused with an *UnsupportedError
// that names the cap.
const (
	// MaxRepeat is the largest count of a quantifier: {n}, {n,} and {n,m}
	// with n or m above it are refused, as RE2 and Go's regexp refuse them.
	MaxRepeat = 1000
	// MaxRepeatProduct is the largest product of the counts of nested
	// quantifiers: the count of a quantifier is m for {n,m} and n for {n}
	// and {n,} (1 for ?, * and +, and for {0}), and the counts of the
	// quantifiers on any path from the root of the pattern to a leaf may
	// multiply to at most MaxRepeatProduct, as in RE2 and Go's regexp:
	// (?:a{40}){25} is accepted, (?:[ab]{800}){6} refused.
	MaxRepeatProduct = 1000
	// MaxDepth is how deep groups, and classes, may nest in each other.
	MaxDepth = 1000
	// MaxProgram is the most instructions a pattern may compile to. A
	// quantifier copies what it repeats: a{3} is aaa, and (?:a{0,10}){0,10}
	// is 10 copies of 10 optional a's. A match costs at most a small
	// constant times the size of the program per code point of the input,
	// so this is the cap that bounds the time of a match: see Caps in the
	// package documentation. The size is worked out from the parsed pattern
	// before anything is built.
	MaxProgram = 500
)

// An opcode is an instruction of the VM.
type opcode uint8

const (
	opSet       opcode = iota // consume a code point in set, then pc+1
	opRune                    // consume the code point r, then pc+1
	opSplit                   // go on at x, and with lower priority at y
	opJmp                     // go on at x
	opSave                    // save the position in capture slot x
	opReset                   // set capture slots x to y-1 to undefined
	opAssert                  // go on if the assertion holds here
	opIterStart               // an optional iteration starts: it has consumed nothing
	opIterEnd                 // an optional iteration ends: fail if it consumed nothing
	opMatch                   // the pattern matched
)

// An inst is an instruction of the VM.
type inst struct {
	op     opcode
	assert assertKind
	r      rune
	x, y   int
	set    *charset // opSet; opAssert: the word characters
}

// A Regexp is a compiled pattern. It is safe for concurrent use.
type Regexp struct {
	src      string
	prog     []inst
	ncap     int  // capture groups, not counting the whole match
	anchored bool // the program starts with ^ (without the m flag)
	machines sync.Pool
	dfaOnce  sync.Once
	dfaProg  *dfaProg // what the DFAs of the machines share
	// order is reachOrder(prog), for matches in two passes.
	orderOnce sync.Once
	order     []rnode
}

// Compile compiles the ECMAScript pattern src as RegExpCreate(src, "v") does,
// or with "vi" when ignoreCase is true.
func Compile(src string, ignoreCase bool) (*Regexp, error) {
	return compile(src, ignoreCase, MaxProgram)
}

// CompileOracle compiles src as Compile does, with every cap but
// MaxProgram: a program of any size. It is for tests that hold a faster
// matcher to the regular expression it stands for, such as the
// components urlpattern matches directly, whose fixed text may be longer
// than the cap allows a regular expression to be. A pattern a user
// supplies goes through Compile.
func CompileOracle(src string, ignoreCase bool) (*Regexp, error) {
	return compile(src, ignoreCase, 1<<40)
}

// compile compiles src into a program of at most maxProgram instructions.
func compile(src string, ignoreCase bool, maxProgram int) (*Regexp, error) {
	tree, ncap, err := parse(src, flags{ignoreCase: ignoreCase})
	if err != nil {
		return nil, err
	}
	// The size of the program is known before it is built, so that a
	// pattern over the cap costs no more than reading it.
	if err := measure(src, tree, maxProgram); err != nil {
		return nil, err
	}
	if n := tree.size + 3; n > maxProgram {
		return nil, tooLarge(src, 0, strconv.Itoa(n))
	}
	c := &compiler{prog: make([]inst, 0, tree.size+3)}
	c.emit(inst{op: opSave, x: 0})
	c.compile(tree)
	c.emit(inst{op: opSave, x: 1})
	c.emit(inst{op: opMatch})
	re := &Regexp{src: src, prog: c.prog, ncap: ncap}
	re.anchored = len(re.prog) > 1 && re.prog[1].op == opAssert && re.prog[1].assert == assertBeginText
	return re, nil
}

// tooLarge returns the error of a pattern src that compiles to more than
// MaxProgram instructions: size of them, for the part of src at pos.
func tooLarge(src string, pos int, size string) error {
	return &UnsupportedError{Pattern: src, Pos: pos, Msg: fmt.Sprintf(
		"the pattern compiles to %s instructions, over %d, the cap on program size (a quantifier copies what it repeats, so nested counts multiply)",
		size, MaxProgram)}
}

// measure sets the size, nullable and product fields of n and the nodes
// under it, and returns the error of the innermost node over maxProgram or
// MaxRepeatProduct, if any. Sizes saturate at maxProgram+1 and each node is
// visited once: the time is linear in the length of the pattern, however
// large the program it describes. Products need no saturation: a node's
// is at most MaxRepeat times one of at most MaxRepeatProduct, or measure
// has returned.
func measure(src string, n *node, maxProgram int) error {
	n.product = 1
	for _, s := range n.subs {
		if err := measure(src, s, maxProgram); err != nil {
			return err
		}
		n.product = max(n.product, s.product)
	}
	size := 0
	switch n.kind {
	case nEmpty:
		n.nullable = true
	case nSet:
		size = 1
	case nAssert:
		size, n.nullable = 1, true
	case nConcat:
		n.nullable = true
		for _, s := range n.subs {
			size += s.size
			n.nullable = n.nullable && s.nullable
		}
	case nAlt:
		// A split and a jump for each alternative but the last.
		size = 2 * (len(n.subs) - 1)
		for _, s := range n.subs {
			size += s.size
			n.nullable = n.nullable || s.nullable
		}
	case nCapture:
		size, n.nullable = n.subs[0].size+2, n.subs[0].nullable
	case nRepeat:
		body := n.subs[0]
		count := n.max
		if count < 0 {
			count = n.min
		}
		n.product = max(count, 1) * body.product
		if n.product > MaxRepeatProduct {
			return &UnsupportedError{Pattern: src, Pos: n.pos, Msg: fmt.Sprintf(
				"nested counts multiply to %d, over %d, the cap on nested counts (a quantifier copies what it repeats)",
				n.product, MaxRepeatProduct)}
		}
		n.nullable = n.min == 0 || body.nullable
		iter := body.size
		if n.capHi > n.capLo {
			iter++ // the reset of the captures inside
		}
		// An optional iteration is a split, the iteration, and the check
		// that it consumed something when it can match the empty string.
		optional := iter + 1
		if body.nullable {
			optional += 2
		}
		if n.max < 0 {
			size = n.min*iter + optional + 1 // and the jump back
		} else {
			size = n.min*iter + (n.max-n.min)*optional
		}
	}
	n.size = min(size, maxProgram+1)
	if n.size > maxProgram {
		return tooLarge(src, n.pos, fmt.Sprintf("more than %d", MaxProgram))
	}
	return nil
}

// NumGroups returns the number of capture groups of re: the length of
// ECMAScript's exec result less one.
func (re *Regexp) NumGroups() int { return re.ncap }

// String returns the pattern re was compiled from.
func (re *Regexp) String() string { return re.src }

// A compiler turns a tree into a program.
type compiler struct {
	prog []inst
}

func (c *compiler) emit(i inst) int {
	c.prog = append(c.prog, i)
	return len(c.prog) - 1
}

// compile appends the instructions that match n: n.size of them.
func (c *compiler) compile(n *node) {
	switch n.kind {
	case nEmpty:
	case nSet:
		if lo := n.set.ranges; len(lo) == 1 && lo[0].lo == lo[0].hi {
			c.emit(inst{op: opRune, r: lo[0].lo})
		} else {
			c.emit(inst{op: opSet, set: n.set})
		}
	case nConcat:
		for _, s := range n.subs {
			c.compile(s)
		}
	case nAlt:
		// split L1, next; L1: alt 1; jmp end; next: split L2, next2; ...
		var jumps []int
		for i, s := range n.subs {
			if i == len(n.subs)-1 {
				c.compile(s)
				break
			}
			split := c.emit(inst{op: opSplit})
			c.prog[split].x = len(c.prog)
			c.compile(s)
			jumps = append(jumps, c.emit(inst{op: opJmp}))
			c.prog[split].y = len(c.prog)
		}
		for _, j := range jumps {
			c.prog[j].x = len(c.prog)
		}
	case nCapture:
		c.emit(inst{op: opSave, x: 2 * n.index})
		c.compile(n.subs[0])
		c.emit(inst{op: opSave, x: 2*n.index + 1})
	case nAssert:
		c.emit(inst{op: opAssert, assert: n.assert, set: n.words})
	case nRepeat:
		c.repeat(n)
	}
}

// repeat compiles a quantified atom as RepeatMatcher
// (https://tc39.es/ecma262/#sec-runtime-semantics-repeatmatcher-abstract-operation)
// runs it: min iterations, then iterations that may be skipped (greedy:
// tried before skipping; lazy: after), each of which fails if it matches
// the empty string.
func (c *compiler) repeat(n *node) {
	// An iteration that cannot match the empty string needs no check that
	// it consumed something: it always does, which clears the bit as the
	// check would leave it.
	check := n.subs[0].nullable
	iteration := func(optional bool) {
		if optional && check {
			c.emit(inst{op: opIterStart})
		}
		// 4. For each integer k in the inclusive interval from parenIndex + 1
		//    to parenIndex + parenCount, set cap[k] to undefined.
		if n.capHi > n.capLo {
			c.emit(inst{op: opReset, x: 2 * (n.capLo + 1), y: 2 * (n.capHi + 1)})
		}
		c.compile(n.subs[0])
		if optional && check {
			c.emit(inst{op: opIterEnd})
		}
	}
	for range n.min {
		iteration(false)
	}
	split := func() int {
		return c.emit(inst{op: opSplit})
	}
	// into sets the split at s to go into the iteration that follows it
	// first when greedy, and to out otherwise.
	into := func(s, body, out int) {
		if n.greedy {
			c.prog[s].x, c.prog[s].y = body, out
		} else {
			c.prog[s].x, c.prog[s].y = out, body
		}
	}
	if n.max < 0 {
		// L: split body, out; body: iteration; jmp L; out:
		s := split()
		iteration(true)
		c.emit(inst{op: opJmp, x: s})
		into(s, s+1, len(c.prog))
		return
	}
	var splits []int
	for range n.max - n.min {
		splits = append(splits, split())
		iteration(true)
	}
	// Each split goes into its iteration or skips all those left.
	for _, s := range splits {
		into(s, s+1, len(c.prog))
	}
}
