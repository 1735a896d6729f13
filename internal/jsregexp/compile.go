// Package jsregexp compiles and matches the ECMAScript regular expressions
// that the URL Pattern Standard builds (https://urlpattern.spec.whatwg.org/#compile-a-component:
// RegExpCreate with the flags "v" or "vi"), with ECMAScript's semantics and
// in time linear in the length of the input.
//
// A pattern compiles to a program for a Pike VM, which runs every
// alternative path through the pattern at once, one step per code point of
// the input, keeping for each instruction only the path that a backtracking
// matcher would try first. It finds the match and the captures that
// ECMAScript's backtracking semantics (https://tc39.es/ecma262/#sec-pattern-semantics)
// find:
//
//   - alternatives and quantifiers are tried in ECMAScript's order (greedy
//     or lazy);
//   - each iteration of a quantifier resets the captures inside it to
//     undefined (RepeatMatcher, step 4);
//   - an iteration beyond the minimum that matches the empty string fails
//     (RepeatMatcher, step 2.b), which the VM tracks as one bit per path:
//     whether the innermost iteration under way has consumed a code point;
//   - with the i flag, code points compare by simple case folding;
//   - \w, \b, \s and "." match the sets ECMAScript gives them.
//
// Backreferences and lookaround cannot be matched in linear time and are
// refused with an *UnsupportedError, as are Unicode properties that package
// unicode has no table for and quantifier counts above 1000; a pattern that
// ECMAScript rejects is refused with a *SyntaxError.
package jsregexp

import "sync"

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
}

// Compile compiles the ECMAScript pattern src as RegExpCreate(src, "v") does,
// or with "vi" when ignoreCase is true.
func Compile(src string, ignoreCase bool) (*Regexp, error) {
	tree, ncap, err := parse(src, flags{ignoreCase: ignoreCase})
	if err != nil {
		return nil, err
	}
	c := &compiler{}
	c.emit(inst{op: opSave, x: 0})
	c.compile(tree)
	c.emit(inst{op: opSave, x: 1})
	c.emit(inst{op: opMatch})
	if len(c.prog) > maxInsts {
		return nil, &UnsupportedError{Pattern: src, Msg: "the pattern is too large"}
	}
	re := &Regexp{src: src, prog: c.prog, ncap: ncap}
	re.anchored = len(re.prog) > 1 && re.prog[1].op == opAssert && re.prog[1].assert == assertBeginText
	return re, nil
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

// compile appends the instructions that match n. It stops adding once the
// program is over maxInsts, which Compile then refuses.
func (c *compiler) compile(n *node) {
	if len(c.prog) > maxInsts {
		return
	}
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
	iteration := func(optional bool) {
		if optional {
			c.emit(inst{op: opIterStart})
		}
		// 4. For each integer k in the inclusive interval from parenIndex + 1
		//    to parenIndex + parenCount, set cap[k] to undefined.
		if n.capHi > n.capLo {
			c.emit(inst{op: opReset, x: 2 * (n.capLo + 1), y: 2 * (n.capHi + 1)})
		}
		c.compile(n.subs[0])
		if optional {
			c.emit(inst{op: opIterEnd})
		}
	}
	for range n.min {
		iteration(false)
		if len(c.prog) > maxInsts {
			return
		}
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
		if len(c.prog) > maxInsts {
			return
		}
	}
	// Each split goes into its iteration or skips all those left.
	for _, s := range splits {
		into(s, s+1, len(c.prog))
	}
}
