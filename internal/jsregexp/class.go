package jsregexp

import (
	"slices"
	"strings"
)

// Character classes in UnicodeSetsMode (the v flag):
// https://tc39.es/ecma262/#prod-ClassContents, with nested classes, set
// intersection (&&), set subtraction (--) and strings (\q{...}).

// A classSet is the value of a class or of one of its operands: a set of
// single code points and a set of strings of other lengths, each a key
// made by stringKey. With the i flag, chars is closed under case folding
// and the strings are made of canonical code points.
type classSet struct {
	chars *charset
	strs  map[string][]rune
	// mayContainStrings is the static semantics MayContainStrings
	// (https://tc39.es/ecma262/#sec-static-semantics-maycontainstrings),
	// which a negated class must not have.
	mayContainStrings bool
}

// stringKey returns a key for the string of code points s, lone surrogates
// included.
func stringKey(s []rune) string {
	b := make([]byte, 0, 3*len(s))
	for _, r := range s {
		b = append(b, byte(r>>16), byte(r>>8), byte(r))
	}
	return string(b)
}

func charsOnly(c *charset) classSet { return classSet{chars: c} }

func (a classSet) union(b classSet) classSet {
	out := classSet{chars: a.chars.union(b.chars), mayContainStrings: a.mayContainStrings || b.mayContainStrings}
	for k, s := range a.strs {
		out.addString(k, s)
	}
	for k, s := range b.strs {
		out.addString(k, s)
	}
	return out
}

func (a classSet) intersect(b classSet) classSet {
	out := classSet{chars: a.chars.intersect(b.chars), mayContainStrings: a.mayContainStrings && b.mayContainStrings}
	for k, s := range a.strs {
		if _, ok := b.strs[k]; ok {
			out.addString(k, s)
		}
	}
	return out
}

func (a classSet) subtract(b classSet) classSet {
	out := classSet{chars: a.chars.subtract(b.chars), mayContainStrings: a.mayContainStrings}
	for k, s := range a.strs {
		if _, ok := b.strs[k]; !ok {
			out.addString(k, s)
		}
	}
	return out
}

func (a *classSet) addString(k string, s []rune) {
	if a.strs == nil {
		a.strs = map[string][]rune{}
	}
	a.strs[k] = s
}

// class parses https://tc39.es/ecma262/#prod-CharacterClass at its "[" and
// returns the node that matches it.
func (p *parser) class(f flags) (*node, error) {
	cs, err := p.nestedClass(f)
	if err != nil {
		return nil, err
	}
	if len(cs.strs) == 0 {
		return p.newNode(node{kind: nSet, set: cs.chars}), nil
	}
	// A class with strings matches, in order, its strings from the longest
	// to the shortest, then its single code points, then the empty string
	// if it has it (https://tc39.es/ecma262/#sec-compileatom, Atom ::
	// CharacterClass).
	strs := make([][]rune, 0, len(cs.strs))
	for _, s := range cs.strs {
		strs = append(strs, s)
	}
	slices.SortFunc(strs, func(a, b []rune) int {
		if len(a) != len(b) {
			return len(b) - len(a)
		}
		return slices.Compare(a, b)
	})
	var alts []*node
	empty := false
	for _, s := range strs {
		if len(s) == 0 {
			empty = true
			continue
		}
		seq := make([]*node, len(s))
		for i, r := range s {
			seq[i] = p.charNode(r, f)
		}
		alts = append(alts, p.newNode(node{kind: nConcat, subs: seq}))
	}
	if !cs.chars.isEmpty() {
		alts = append(alts, p.newNode(node{kind: nSet, set: cs.chars}))
	}
	if empty {
		alts = append(alts, p.newNode(node{kind: nEmpty}))
	}
	if len(alts) == 1 {
		return alts[0], nil
	}
	return p.newNode(node{kind: nAlt, subs: alts}), nil
}

// nestedClass parses [ ^? ClassContents ] at its "[".
func (p *parser) nestedClass(f flags) (classSet, error) {
	start := p.pos
	p.depth++
	defer func() { p.depth-- }()
	if p.depth > MaxDepth {
		return classSet{}, p.unsupported("classes nested more than %d deep, the cap on nesting", MaxDepth)
	}
	p.pos++ // [
	negated := p.eat("^")
	cs, err := p.classContents(f)
	if err != nil {
		return classSet{}, err
	}
	if !p.eat("]") {
		p.pos = start
		return classSet{}, p.errorf("unterminated character class")
	}
	if negated {
		// It is a Syntax Error if MayContainStrings of the ClassContents
		// is true.
		if cs.mayContainStrings {
			p.pos = start
			return classSet{}, p.errorf("negated character class may contain strings")
		}
		// CharacterComplement: with the i flag, chars is closed under case
		// folding, and so is its complement.
		return charsOnly(cs.chars.complement()), nil
	}
	return cs, nil
}

// classContents parses https://tc39.es/ecma262/#prod-ClassContents in
// UnicodeSetsMode: a ClassUnion, ClassIntersection or ClassSubtraction,
// up to the "]".
func (p *parser) classContents(f flags) (classSet, error) {
	if p.peek() == ']' {
		return charsOnly(newCharset(nil)), nil
	}
	first, isRange, err := p.classSetOperandOrRange(f)
	if err != nil {
		return classSet{}, err
	}
	if !isRange && (strings.HasPrefix(p.src[p.pos:], "&&") || strings.HasPrefix(p.src[p.pos:], "--")) {
		op := p.src[p.pos : p.pos+2]
		acc := first
		for p.eat(op) {
			// ClassIntersection :: ClassSetOperand && [lookahead ≠ &] ClassSetOperand
			if op == "&&" && p.peek() == '&' {
				return classSet{}, p.errorf("invalid set operation in character class")
			}
			operand, err := p.classSetOperand(f)
			if err != nil {
				return classSet{}, err
			}
			if op == "&&" {
				acc = acc.intersect(operand)
			} else {
				acc = acc.subtract(operand)
			}
		}
		if p.peek() != ']' {
			return classSet{}, p.errorf("invalid set operation in character class")
		}
		return acc, nil
	}
	// ClassUnion :: ClassSetRange ClassUnion? | ClassSetOperand ClassUnion?
	acc := first
	for p.pos < len(p.src) && p.peek() != ']' {
		operand, _, err := p.classSetOperandOrRange(f)
		if err != nil {
			return classSet{}, err
		}
		acc = acc.union(operand)
	}
	return acc, nil
}

// classSetOperandOrRange parses a ClassSetOperand, or a ClassSetRange when
// a single character is followed by "-" and another: the operands of a
// ClassUnion.
func (p *parser) classSetOperandOrRange(f flags) (classSet, bool, error) {
	start := p.pos
	if c := p.peek(); c == '[' || c == '\\' && p.isClassEscapeOrStrings() {
		cs, err := p.classSetOperand(f)
		return cs, false, err
	}
	lo, err := p.classSetCharacter()
	if err != nil {
		return classSet{}, false, err
	}
	if p.peek() != '-' || p.peekAt(1) == '-' {
		return p.charSet(lo, lo, f), false, nil
	}
	// ClassSetRange :: ClassSetCharacter - ClassSetCharacter
	p.pos++
	hi, err := p.classSetCharacter()
	if err != nil {
		return classSet{}, false, err
	}
	if lo > hi {
		p.pos = start
		return classSet{}, false, p.errorf("range out of order in character class")
	}
	return p.charSet(lo, hi, f), true, nil
}

// isClassEscapeOrStrings reports whether the "\" at the position starts a
// CharacterClassEscape or a ClassStringDisjunction rather than a
// ClassSetCharacter.
func (p *parser) isClassEscapeOrStrings() bool {
	switch p.peekAt(1) {
	case 'd', 'D', 's', 'S', 'w', 'W', 'p', 'P', 'q':
		return true
	}
	return false
}

// charSet returns the class set of the code points lo to hi.
func (p *parser) charSet(lo, hi rune, f flags) classSet {
	c := newCharset([]rng{{lo, hi}})
	if f.ignoreCase {
		c = c.foldClose()
	}
	return charsOnly(c)
}

// classSetOperand parses https://tc39.es/ecma262/#prod-ClassSetOperand.
func (p *parser) classSetOperand(f flags) (classSet, error) {
	switch c := p.peek(); {
	case c == '[':
		return p.nestedClass(f)
	case c == '\\' && p.peekAt(1) == 'q':
		return p.classStringDisjunction(f)
	case c == '\\' && p.isClassEscapeOrStrings():
		p.pos++
		return p.classEscape(f)
	}
	r, err := p.classSetCharacter()
	if err != nil {
		return classSet{}, err
	}
	return p.charSet(r, r, f), nil
}

// classEscape parses https://tc39.es/ecma262/#prod-CharacterClassEscape
// after its "\".
func (p *parser) classEscape(f flags) (classSet, error) {
	c := p.src[p.pos]
	p.pos++
	var set *charset
	switch c {
	case 'd', 'D':
		set = digits
	case 's', 'S':
		set = whiteSpace
	case 'w', 'W':
		set = wordCharacters
		if f.ignoreCase {
			set = wordCharactersFolded
		}
	case 'p', 'P':
		cs, err := p.propertyEscape(c == 'P', f)
		if err != nil {
			return classSet{}, err
		}
		return cs, nil
	}
	if f.ignoreCase {
		set = set.foldClose()
	}
	if c == 'D' || c == 'S' || c == 'W' {
		set = set.complement()
	}
	return charsOnly(set), nil
}

// propertyEscape parses the braces of \p{...} or \P{...}:
// https://tc39.es/ecma262/#prod-UnicodePropertyValueExpression.
func (p *parser) propertyEscape(negated bool, f flags) (classSet, error) {
	start := p.pos - 2
	if !p.eat("{") {
		return classSet{}, p.errorf("invalid property name")
	}
	end := strings.IndexByte(p.src[p.pos:], '}')
	if end < 0 {
		return classSet{}, p.errorf("invalid property name")
	}
	body := p.src[p.pos : p.pos+end]
	p.pos += end + 1
	for i := 0; i < len(body); i++ {
		if c := body[i]; c != '_' && c != '=' && !isDigit(c) && !('a' <= c && c <= 'z') && !('A' <= c && c <= 'Z') {
			p.pos = start
			return classSet{}, p.errorf("invalid property name")
		}
	}
	var set *charset
	var ok, unsupported bool
	if name, value, hasValue := strings.Cut(body, "="); hasValue {
		set, ok, unsupported = valueProperty(name, value)
	} else {
		set, ok, unsupported = property(body)
		if stringProperties[body] {
			// A property of strings: \P of one is a Syntax Error.
			p.pos = start
			if negated {
				return classSet{}, p.errorf("invalid property name")
			}
			return classSet{}, p.unsupported("property of strings %s", body)
		}
	}
	if !ok {
		p.pos = start
		return classSet{}, p.errorf("invalid property name")
	}
	if unsupported {
		p.pos = start
		return classSet{}, p.unsupported("Unicode property %s has no table in package unicode", body)
	}
	if f.ignoreCase {
		set = set.foldClose()
	}
	if negated {
		set = set.complement()
	}
	return charsOnly(set), nil
}

// classStringDisjunction parses https://tc39.es/ecma262/#prod-ClassStringDisjunction
// at its "\q{".
func (p *parser) classStringDisjunction(f flags) (classSet, error) {
	p.pos += 2
	if !p.eat("{") {
		return classSet{}, p.errorf("invalid escape")
	}
	out := classSet{chars: newCharset(nil)}
	for {
		var s []rune
		for p.peek() != '|' && p.peek() != '}' {
			if p.pos >= len(p.src) {
				return classSet{}, p.errorf("unterminated class string disjunction")
			}
			r, err := p.classSetCharacter()
			if err != nil {
				return classSet{}, err
			}
			s = append(s, r)
		}
		// MayContainStrings: a ClassString that is empty or longer than
		// one code point.
		if len(s) == 1 {
			out = out.union(p.charSet(s[0], s[0], f))
		} else {
			out.mayContainStrings = true
			if f.ignoreCase {
				for i, r := range s {
					s[i] = canonical(r)
				}
			}
			out.addString(stringKey(s), s)
		}
		if p.eat("}") {
			return out, nil
		}
		p.pos++ // |
	}
}

// classSetCharacter parses https://tc39.es/ecma262/#prod-ClassSetCharacter
// and returns its code point.
func (p *parser) classSetCharacter() (rune, error) {
	if p.pos >= len(p.src) {
		return 0, p.errorf("unterminated character class")
	}
	c := p.peek()
	if c == '\\' {
		p.pos++
		if p.pos >= len(p.src) {
			return 0, p.errorf("\\ at end of pattern")
		}
		switch b := p.src[p.pos]; {
		case b == 'b':
			// \b is U+0008 BACKSPACE in a class.
			p.pos++
			return '\b', nil
		case strings.IndexByte("&-!#%,:;<=>@`~", b) >= 0:
			// \ ClassSetReservedPunctuator
			p.pos++
			return rune(b), nil
		}
		return p.characterEscape()
	}
	// ClassSetSyntaxCharacter: ( ) [ ] { } / - \ |
	if c < 0x80 && strings.IndexByte("()[]{}/-|", byte(c)) >= 0 {
		return 0, p.errorf("invalid character %q in character class", c)
	}
	// ClassSetReservedDoublePunctuator: && !! ## $$ %% ** ++ ,, .. :: ;; << == >> ?? @@ ^^ `` ~~
	if c < 0x80 && strings.IndexByte("&!#$%*+,.:;<=>?@^`~", byte(c)) >= 0 && p.peekAt(1) == byte(c) {
		return 0, p.errorf("invalid set operation in character class")
	}
	return p.next(), nil
}
