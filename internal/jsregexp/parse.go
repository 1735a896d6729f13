package jsregexp

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The parser reads a pattern in the grammar of
// https://tc39.es/ecma262/#sec-patterns with the v flag (UnicodeSetsMode,
// which implies UnicodeMode), as RegExpCreate does for URL patterns, and
// builds a tree of nodes. It applies the flags as it goes: a character read
// with the i flag on becomes the set of the characters it folds like, "."
// the set it matches, so that the tree needs no flags to be matched.

// A nodeKind is the kind of a node of the tree.
type nodeKind uint8

const (
	nEmpty   nodeKind = iota // matches the empty string
	nSet                     // one code point of set
	nConcat                  // subs one after the other
	nAlt                     // one of subs, tried in order
	nRepeat                  // subs[0], min to max times (max -1: no limit), greedy or not
	nCapture                 // subs[0], its span saved as capture group index
	nAssert                  // the assertion assert
)

// An assertKind is an assertion that matches no code point.
type assertKind uint8

const (
	assertBeginText       assertKind = iota // ^ without the m flag
	assertBeginLine                         // ^ with the m flag
	assertEndText                           // $ without the m flag
	assertEndLine                           // $ with the m flag
	assertWordBoundary                      // \b
	assertNotWordBoundary                   // \B
)

// A node is a node of the tree of a pattern.
type node struct {
	kind   nodeKind
	assert assertKind // nAssert
	greedy bool
	// nullable is whether the node can match the empty string: set by
	// measure.
	nullable bool
	set      *charset
	subs     []*node
	words    *charset // nAssert, word boundaries: the word characters
	min, max int
	index    int // nCapture: the group's number, from 1
	// nRepeat: the capture groups within subs[0] are the numbers capLo+1
	// to capHi, which every iteration resets to undefined.
	capLo, capHi int
	// pos is the byte offset in the pattern where the node starts.
	pos int
	// size is the number of instructions the node compiles to: set by
	// measure.
	size int
	// product is the largest product of the counts of the quantifiers
	// on a path from n down, n's own included: set by measure.
	product int
}

// flags are the flags that apply at a point of the pattern: those of
// RegExpCreate and those a modifier group (?ims-ims:...) changes.
type flags struct {
	ignoreCase, multiline, dotAll bool
}

// A parser holds the state of the parse of one pattern.
type parser struct {
	src   string
	pos   int
	ncap  int
	depth int
	names []groupName
	// nodes and ptrs are slabs that the nodes of the tree, and their
	// lists of subnodes, are cut from, and terms a stack of the terms of
	// the alternatives being parsed: a pattern costs a few allocations
	// rather than a few for each character.
	nodes []node
	ptrs  []*node
	terms []*node
	// alts is the path of the point being parsed through the alternatives
	// of the disjunctions around it: which names may both participate.
	alts []altStep
	nalt int
}

// newNode returns a pointer to a copy of n, cut from p's slab.
func (p *parser) newNode(n node) *node {
	if len(p.nodes) == cap(p.nodes) {
		// The first slab has room for about as many nodes as the
		// pattern's length would make; the next ones, 16.
		size := 16
		if p.nodes == nil {
			size = min(len(p.src)/2+4, 64)
		}
		p.nodes = make([]node, 0, size)
	}
	p.nodes = append(p.nodes, n)
	return &p.nodes[len(p.nodes)-1]
}

// subs returns a list of the nodes ns, cut from p's slab (with no room to
// grow into the rest of it).
func (p *parser) subs(ns ...*node) []*node {
	if len(p.ptrs)+len(ns) > cap(p.ptrs) {
		p.ptrs = make([]*node, 0, max(32, len(ns)))
	}
	start := len(p.ptrs)
	p.ptrs = append(p.ptrs, ns...)
	return p.ptrs[start:len(p.ptrs):len(p.ptrs)]
}

// A groupName is a named capture group and the alternatives it is in.
type groupName struct {
	name string
	alts []altStep
}

// An altStep says that a point is in alternative alt of disjunction id.
type altStep struct{ id, alt int }

// A SyntaxError is a pattern that ECMAScript's RegExp constructor rejects.
type SyntaxError struct {
	Pattern string
	Pos     int // byte offset in Pattern
	Msg     string
}

// Error says why the pattern is invalid before it quotes the pattern, so
// that a message cut for length (as an error of package urlpattern cuts the
// middle of a long one) keeps the reason.
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("invalid regular expression at offset %d: %s, in /%s/", e.Pos, e.Msg, e.Pattern)
}

// An UnsupportedError is a valid ECMAScript pattern that this package does
// not match: a backreference or lookaround, which no algorithm matches in
// linear time, a Unicode property it has no table for, or a pattern over
// its size limits.
type UnsupportedError struct {
	Pattern string
	Pos     int
	Msg     string
}

// Error says why the pattern is refused before it quotes the pattern, as
// SyntaxError's does.
func (e *UnsupportedError) Error() string {
	return fmt.Sprintf("unsupported regular expression at offset %d: %s, in /%s/", e.Pos, e.Msg, e.Pattern)
}

func (p *parser) errorf(format string, args ...any) error {
	return &SyntaxError{Pattern: p.src, Pos: p.pos, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) unsupported(format string, args ...any) error {
	return &UnsupportedError{Pattern: p.src, Pos: p.pos, Msg: fmt.Sprintf(format, args...)}
}

// parse parses src with the flags f and returns its tree and the number of
// its capture groups.
func parse(src string, f flags) (*node, int, error) {
	p := &parser{src: src}
	n, err := p.disjunction(f)
	if err != nil {
		return nil, 0, err
	}
	if p.pos < len(p.src) {
		// Only an unmatched ")" stops a disjunction before the end.
		return nil, 0, p.errorf("unmatched ')'")
	}
	if err := p.checkNames(); err != nil {
		return nil, 0, err
	}
	return n, p.ncap, nil
}

// peek returns the code point at the position, or -1 at the end.
func (p *parser) peek() rune {
	if p.pos >= len(p.src) {
		return -1
	}
	r, _ := utf8.DecodeRuneInString(p.src[p.pos:])
	return r
}

// peekAt returns the byte at offset i from the position, or 0.
func (p *parser) peekAt(i int) byte {
	if p.pos+i < len(p.src) {
		return p.src[p.pos+i]
	}
	return 0
}

// next returns the code point at the position and moves past it.
func (p *parser) next() rune {
	r, n := utf8.DecodeRuneInString(p.src[p.pos:])
	p.pos += n
	return r
}

// eat moves past s if the source continues with it.
func (p *parser) eat(s string) bool {
	if strings.HasPrefix(p.src[p.pos:], s) {
		p.pos += len(s)
		return true
	}
	return false
}

// disjunction parses https://tc39.es/ecma262/#prod-Disjunction, up to a ")"
// or the end.
func (p *parser) disjunction(f flags) (*node, error) {
	start := p.pos
	id := p.nalt
	p.nalt++
	base := len(p.terms)
	for i := 0; ; i++ {
		p.alts = append(p.alts, altStep{id, i})
		a, err := p.alternative(f)
		p.alts = p.alts[:len(p.alts)-1]
		if err != nil {
			return nil, err
		}
		p.terms = append(p.terms, a)
		if !p.eat("|") {
			break
		}
	}
	alts := p.terms[base:]
	p.terms = p.terms[:base]
	if len(alts) == 1 {
		return alts[0], nil
	}
	return p.newNode(node{kind: nAlt, subs: p.subs(alts...), pos: start}), nil
}

// alternative parses https://tc39.es/ecma262/#prod-Alternative.
func (p *parser) alternative(f flags) (*node, error) {
	start := p.pos
	base := len(p.terms)
	for p.pos < len(p.src) && p.src[p.pos] != '|' && p.src[p.pos] != ')' {
		t, err := p.term(f)
		if err != nil {
			return nil, err
		}
		p.terms = append(p.terms, t)
	}
	terms := p.terms[base:]
	p.terms = p.terms[:base]
	switch len(terms) {
	case 0:
		return p.newNode(node{kind: nEmpty, pos: start}), nil
	case 1:
		return terms[0], nil
	}
	return p.newNode(node{kind: nConcat, subs: p.subs(terms...), pos: start}), nil
}

// isQuantifierStart reports whether c starts a quantifier.
func isQuantifierStart(c byte) bool { return c == '*' || c == '+' || c == '?' || c == '{' }

// term parses https://tc39.es/ecma262/#prod-Term.
func (p *parser) term(f flags) (*node, error) {
	start := p.pos
	capBefore := p.ncap
	var atom *node
	switch c := p.src[p.pos]; c {
	case '^', '$':
		p.pos++
		a := p.newNode(node{kind: nAssert})
		switch {
		case c == '^' && f.multiline:
			a.assert = assertBeginLine
		case c == '^':
			a.assert = assertBeginText
		case f.multiline:
			a.assert = assertEndLine
		default:
			a.assert = assertEndText
		}
		return p.noQuantifier(a)
	case '\\':
		if b := p.peekAt(1); b == 'b' || b == 'B' {
			p.pos += 2
			a := p.newNode(node{kind: nAssert, assert: assertWordBoundary, words: wordCharacters})
			if b == 'B' {
				a.assert = assertNotWordBoundary
			}
			if f.ignoreCase {
				a.words = wordCharactersFolded
			}
			return p.noQuantifier(a)
		}
		p.pos++
		n, err := p.atomEscape(f)
		if err != nil {
			return nil, err
		}
		atom = n
	case '(':
		if rest := p.src[p.pos:]; strings.HasPrefix(rest, "(?=") || strings.HasPrefix(rest, "(?!") ||
			strings.HasPrefix(rest, "(?<=") || strings.HasPrefix(rest, "(?<!") {
			// A lookaround assertion: parsed for its syntax errors (it
			// cannot be quantified in Unicode mode), then refused.
			p.pos += 3
			if rest[2] == '<' {
				p.pos++
			}
			if _, err := p.disjunction(f); err != nil {
				return nil, err
			}
			if !p.eat(")") {
				p.pos = start
				return nil, p.errorf("unterminated group")
			}
			if _, err := p.noQuantifier(nil); err != nil {
				return nil, err
			}
			p.pos = start
			return nil, p.unsupported("lookaround assertions cannot be matched in linear time")
		}
		n, err := p.group(f)
		if err != nil {
			return nil, err
		}
		atom = n
	case '.':
		p.pos++
		set := anyChar
		if !f.dotAll {
			set = notLineTerminators
		}
		atom = p.newNode(node{kind: nSet, set: set})
	case '[':
		n, err := p.class(f)
		if err != nil {
			return nil, err
		}
		atom = n
	case '*', '+', '?', '{':
		return nil, p.errorf("nothing to repeat")
	case ']', '}':
		// https://tc39.es/ecma262/#prod-PatternCharacter: in Unicode mode a
		// lone bracket is not a pattern character.
		return nil, p.errorf("lone %q", c)
	default:
		r := p.next()
		atom = p.charNode(r, f)
	}
	// A group without capture is its body, which has the position of the
	// group's content.
	if atom.kind == nCapture || p.src[start] != '(' {
		atom.pos = start
	}
	if p.pos >= len(p.src) || !isQuantifierStart(p.src[p.pos]) {
		return atom, nil
	}
	// Atom Quantifier.
	min, max, err := p.quantifier()
	if err != nil {
		return nil, err
	}
	greedy := !p.eat("?")
	if min > MaxRepeat || max > MaxRepeat {
		p.pos = start
		return nil, p.unsupported("a repetition count above %d, the cap on counts", MaxRepeat)
	}
	return p.newNode(node{kind: nRepeat, subs: p.subs(atom), min: min, max: max, greedy: greedy, capLo: capBefore, capHi: p.ncap, pos: start}), nil
}

// noQuantifier returns the assertion a, or an error when a quantifier
// follows it: in Unicode mode an assertion cannot be quantified.
func (p *parser) noQuantifier(a *node) (*node, error) {
	if p.pos < len(p.src) && isQuantifierStart(p.src[p.pos]) {
		return nil, p.errorf("nothing to repeat")
	}
	return a, nil
}

// quantifier parses https://tc39.es/ecma262/#prod-QuantifierPrefix and
// returns its minimum and maximum (-1 for no maximum). Counts above
// MaxRepeat are returned as MaxRepeat+1.
func (p *parser) quantifier() (min, max int, err error) {
	switch p.src[p.pos] {
	case '*':
		p.pos++
		return 0, -1, nil
	case '+':
		p.pos++
		return 1, -1, nil
	case '?':
		p.pos++
		return 0, 1, nil
	}
	// { DecimalDigits } | { DecimalDigits , } | { DecimalDigits , DecimalDigits }
	start := p.pos
	p.pos++
	min, ok := p.decimal()
	if !ok {
		p.pos = start
		return 0, 0, p.errorf("incomplete quantifier")
	}
	max = min
	if p.eat(",") {
		max = -1
		if p.pos < len(p.src) && isDigit(p.src[p.pos]) {
			max, _ = p.decimal()
		}
	}
	if !p.eat("}") {
		p.pos = start
		return 0, 0, p.errorf("incomplete quantifier")
	}
	if max >= 0 && max < min {
		p.pos = start
		return 0, 0, p.errorf("numbers out of order in {} quantifier")
	}
	return min, max, nil
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// decimal reads DecimalDigits, saturating at MaxRepeat+1.
func (p *parser) decimal() (int, bool) {
	start := p.pos
	n := 0
	for p.pos < len(p.src) && isDigit(p.src[p.pos]) {
		n = min(n*10+int(p.src[p.pos]-'0'), MaxRepeat+1)
		p.pos++
	}
	return n, p.pos > start
}

// charNode returns the node that matches the code point r: with the i flag,
// any code point that folds like it.
func (p *parser) charNode(r rune, f flags) *node {
	if !f.ignoreCase {
		return p.newNode(node{kind: nSet, set: single(r)})
	}
	orbit := []rng{{r, r}}
	for c := unicode.SimpleFold(r); c != r; c = unicode.SimpleFold(c) {
		orbit = append(orbit, rng{c, c})
	}
	return p.newNode(node{kind: nSet, set: newCharset(orbit)})
}

// group parses a group at "(": https://tc39.es/ecma262/#prod-Atom, the forms
// ( GroupSpecifier? Disjunction ), (?: Disjunction ) and the modifier
// groups (?ims-ims: Disjunction ) of ECMAScript 2025.
func (p *parser) group(f flags) (*node, error) {
	start := p.pos
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > MaxDepth {
		return nil, p.unsupported("groups nested more than %d deep, the cap on nesting", MaxDepth)
	}
	p.pos++ // (
	capture, name := true, ""
	if p.eat("?") {
		switch {
		case p.eat(":"):
			capture = false
		case p.peek() == '<':
			p.pos++
			n, err := p.groupName()
			if err != nil {
				return nil, err
			}
			name = n
		default:
			nf, err := p.modifiers(f)
			if err != nil {
				return nil, err
			}
			f = nf
			capture = false
		}
	}
	index := 0
	if capture {
		p.ncap++
		index = p.ncap
		if name != "" {
			p.names = append(p.names, groupName{name: name, alts: slices.Clone(p.alts)})
		}
	}
	body, err := p.disjunction(f)
	if err != nil {
		return nil, err
	}
	if !p.eat(")") {
		p.pos = start
		return nil, p.errorf("unterminated group")
	}
	if !capture {
		return body, nil
	}
	return p.newNode(node{kind: nCapture, subs: p.subs(body), index: index}), nil
}

// modifiers parses the flags of a modifier group after "(?", up to and
// including the ":", and returns the flags inside the group.
func (p *parser) modifiers(f flags) (flags, error) {
	seen := map[byte]bool{}
	add, remove := true, false
	var nAdd, nRemove int
	for {
		if p.pos >= len(p.src) {
			return f, p.errorf("invalid group")
		}
		c := p.src[p.pos]
		switch c {
		case 'i', 'm', 's':
			if seen[c] {
				return f, p.errorf("repeated flag in modifiers")
			}
			seen[c] = true
			p.pos++
			switch c {
			case 'i':
				f.ignoreCase = add
			case 'm':
				f.multiline = add
			case 's':
				f.dotAll = add
			}
			if add {
				nAdd++
			} else {
				nRemove++
			}
			continue
		case '-':
			if remove {
				return f, p.errorf("invalid group")
			}
			add, remove = false, true
			p.pos++
			continue
		case ':':
			if nAdd == 0 && !remove {
				return f, p.errorf("invalid group")
			}
			if remove && nAdd+nRemove == 0 {
				return f, p.errorf("invalid group: (?-:")
			}
			p.pos++
			return f, nil
		}
		return f, p.errorf("invalid group")
	}
}

// groupName parses https://tc39.es/ecma262/#prod-GroupName after its "<",
// up to and including the ">".
func (p *parser) groupName() (string, error) {
	var b strings.Builder
	for first := true; ; first = false {
		if p.pos >= len(p.src) {
			return "", p.errorf("invalid capture group name")
		}
		if p.src[p.pos] == '>' {
			if first {
				return "", p.errorf("invalid capture group name")
			}
			p.pos++
			return b.String(), nil
		}
		var r rune
		if p.src[p.pos] == '\\' {
			// \ RegExpUnicodeEscapeSequence[+UnicodeMode]
			p.pos++
			if !p.eat("u") {
				return "", p.errorf("invalid capture group name")
			}
			var err error
			if r, err = p.unicodeEscape(); err != nil {
				return "", err
			}
		} else {
			r = p.next()
		}
		if (first && !IsIDStart(r)) || (!first && !IsIDContinue(r)) {
			return "", p.errorf("invalid capture group name")
		}
		b.WriteRune(r)
	}
}

// checkNames applies the early error of named groups: two groups may have
// the same name only when they cannot both participate in a match, that is
// when they are in different alternatives of a disjunction.
func (p *parser) checkNames() error {
	for i, a := range p.names {
		for _, b := range p.names[:i] {
			if a.name == b.name && mightBothParticipate(a.alts, b.alts) {
				return p.errorf("duplicate capture group name %q", a.name)
			}
		}
	}
	return nil
}

func mightBothParticipate(a, b []altStep) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i].id != b[i].id {
			return true
		}
		if a[i].alt != b[i].alt {
			return false
		}
	}
	return true
}

// atomEscape parses https://tc39.es/ecma262/#prod-AtomEscape after its "\".
func (p *parser) atomEscape(f flags) (*node, error) {
	if p.pos >= len(p.src) {
		return nil, p.errorf("\\ at end of pattern")
	}
	switch c := p.src[p.pos]; {
	case c == 'd' || c == 'D' || c == 's' || c == 'S' || c == 'w' || c == 'W' || c == 'p' || c == 'P':
		cs, err := p.classEscape(f)
		if err != nil {
			return nil, err
		}
		if cs.strs != nil || cs.mayContainStrings {
			return nil, p.unsupported("properties of strings")
		}
		return p.newNode(node{kind: nSet, set: cs.chars}), nil
	case '1' <= c && c <= '9':
		return nil, p.unsupported("backreferences cannot be matched in linear time")
	case c == 'k':
		return nil, p.unsupported("backreferences cannot be matched in linear time")
	}
	r, err := p.characterEscape()
	if err != nil {
		return nil, err
	}
	return p.charNode(r, f), nil
}

// characterEscape parses https://tc39.es/ecma262/#prod-CharacterEscape in
// Unicode mode after its "\" and returns the code point it stands for.
func (p *parser) characterEscape() (rune, error) {
	if p.pos >= len(p.src) {
		return 0, p.errorf("\\ at end of pattern")
	}
	c := p.src[p.pos]
	switch c {
	// ControlEscape
	case 'f':
		p.pos++
		return '\f', nil
	case 'n':
		p.pos++
		return '\n', nil
	case 'r':
		p.pos++
		return '\r', nil
	case 't':
		p.pos++
		return '\t', nil
	case 'v':
		p.pos++
		return '\v', nil
	case 'c':
		// c AsciiLetter
		if l := p.peekAt(1); ('a' <= l && l <= 'z') || ('A' <= l && l <= 'Z') {
			p.pos += 2
			return rune(l % 32), nil
		}
		return 0, p.errorf("invalid unicode escape")
	case '0':
		// 0 [lookahead ∉ DecimalDigit]
		if isDigit(p.peekAt(1)) {
			return 0, p.errorf("invalid decimal escape")
		}
		p.pos++
		return 0, nil
	case 'x':
		// HexEscapeSequence
		if isHex(p.peekAt(1)) && isHex(p.peekAt(2)) {
			v, _ := strconv.ParseUint(p.src[p.pos+1:p.pos+3], 16, 8)
			p.pos += 3
			return rune(v), nil
		}
		return 0, p.errorf("invalid escape")
	case 'u':
		p.pos++
		return p.unicodeEscape()
	}
	// IdentityEscape[+UnicodeMode]: SyntaxCharacter or "/".
	if strings.IndexByte(`^$\.*+?()[]{}|/`, c) >= 0 {
		p.pos++
		return rune(c), nil
	}
	return 0, p.errorf("invalid escape")
}

func isHex(c byte) bool {
	return isDigit(c) || ('a' <= c && c <= 'f') || ('A' <= c && c <= 'F')
}

// unicodeEscape parses https://tc39.es/ecma262/#prod-RegExpUnicodeEscapeSequence
// in Unicode mode after its "u".
func (p *parser) unicodeEscape() (rune, error) {
	if p.eat("{") {
		start := p.pos
		v := 0
		for p.pos < len(p.src) && isHex(p.src[p.pos]) {
			d, _ := strconv.ParseUint(p.src[p.pos:p.pos+1], 16, 8)
			v = min(v*16+int(d), maxRune+1)
			p.pos++
		}
		if p.pos == start || v > maxRune || !p.eat("}") {
			return 0, p.errorf("invalid unicode escape")
		}
		return rune(v), nil
	}
	v, ok := p.hex4()
	if !ok {
		return 0, p.errorf("invalid unicode escape")
	}
	// HexLeadSurrogate \u HexTrailSurrogate stands for one code point.
	if 0xD800 <= v && v <= 0xDBFF && strings.HasPrefix(p.src[p.pos:], `\u`) {
		save := p.pos
		p.pos += 2
		if w, ok := p.hex4(); ok && 0xDC00 <= w && w <= 0xDFFF {
			return 0x10000 + (v-0xD800)<<10 + (w - 0xDC00), nil
		}
		p.pos = save
	}
	return v, nil
}

// hex4 reads Hex4Digits.
func (p *parser) hex4() (rune, bool) {
	if p.pos+4 > len(p.src) {
		return 0, false
	}
	for i := range 4 {
		if !isHex(p.src[p.pos+i]) {
			return 0, false
		}
	}
	v, _ := strconv.ParseUint(p.src[p.pos:p.pos+4], 16, 32)
	p.pos += 4
	return rune(v), true
}
