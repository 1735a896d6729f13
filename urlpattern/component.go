package urlpattern

import (
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/webstd/url/internal/jsregexp"
	"github.com/webstd/url/internal/urlhook"
)

// A component is https://urlpattern.spec.whatwg.org/#component, with what
// it was compiled from.
type component struct {
	patternString string
	parts         partList
	opts          options
	callback      encodingCallback // what canonicalized the fixed text
	// generate is what Generate encodes a group's value with: callback,
	// but for a pathname that canonicalizeHierarchicalPathname read, the
	// standard's opaque-pathname callback, as Web Platform Tests'
	// generate cases (Chromium's) have it.
	generate        encodingCallback
	regexpString    string   // the generated regular expression, as the standard writes it
	names           []string // the group name list
	hasRegExpGroups bool
	// re is the compiled regular expression, nil when the part list is
	// matched directly (direct is true).
	re     *jsregexp.Regexp
	direct bool
}

// compileComponent implements https://urlpattern.spec.whatwg.org/#compile-a-component.
func compileComponent(input string, callback encodingCallback, opts options) (*component, error) {
	// 1. Let part list be the result of running parse a pattern string
	//    given input, options, and encoding callback.
	parts, err := parsePatternString(input, opts, callback)
	if err != nil {
		if e, ok := err.(*Error); ok && e.Input == "" {
			e2 := *e
			e2.Input = input
			err = &e2
		}
		return nil, err
	}
	// 2. Let (regular expression string, name list) be the result of
	//    running generate a regular expression and name list given part
	//    list and options.
	regexpString, names := generateRegularExpressionAndNameList(parts, opts)
	c := &component{parts: parts, opts: opts, callback: callback, generate: callback, regexpString: regexpString, names: names}
	// 8. For each part of part list: if part's type is "regexp", then set
	//    has regexp groups to true.
	for _, p := range parts {
		if p.Type == partRegexp {
			c.hasRegExpGroups = true
		}
	}
	// 3. to 6. Let flags be "vi" if options's ignore case is true, "v"
	//    otherwise. Let regular expression be RegExpCreate(regular
	//    expression string, flags). If this throws an exception, catch it,
	//    and throw a TypeError.
	//
	//    A part list of fixed text, named groups and wildcards that can
	//    only match one way is matched directly (the note of step 6 allows
	//    it; its regular expression is always valid). Any other is compiled.
	if !c.hasRegExpGroups && c.canMatchDirectly() {
		c.direct = true
	} else {
		re, err := jsregexp.Compile(regexpString, opts.ignoreCase)
		if err != nil {
			return nil, &Error{Kind: ErrRegExp, Input: input, Err: err}
		}
		c.re = re
	}
	// 7. Let pattern string be the result of running generate a pattern
	//    string given part list and options.
	c.patternString = generatePatternString(parts, opts)
	// 9. Return a new component whose pattern string is pattern string,
	//    regular expression is regular expression, group name list is name
	//    list, and has regexp groups is has regexp groups.
	return c, nil
}

// compiled holds components compiled before, by their input, encoding
// callback and options: a component is never changed once compiled, so
// patterns share them. Most patterns have four or more components of "*"
// (every component a constructor string or an init leaves out), and the
// patterns of a program share many more (a router's routes, their
// protocol and hostname), as V8 shares the compiled regular expressions of
// the same source and flags. It is bounded: at most maxCompiled
// components, of inputs of at most maxCompiledInput bytes (each compiles
// to a regular expression of at most jsregexp.MaxProgram instructions,
// from a copy of its input), the first ones compiled; the others are
// compiled for each pattern.
var (
	compiled    sync.Map     // compiledKey → *component
	numCompiled atomic.Int32 // the entries of compiled, and more once past maxCompiled
)

const (
	maxCompiled      = 256
	maxCompiledInput = 128
)

type compiledKey struct {
	input    string
	callback uintptr // the encoding callback's code
	opts     options
}

// compileShared is compileComponent, with a component compiled before
// from the same input, encoding callback and options shared (compiled).
func compileShared(input string, callback encodingCallback, opts options) (*component, error) {
	if len(input) > maxCompiledInput {
		return compileComponent(input, callback, opts)
	}
	key := compiledKey{input, reflect.ValueOf(callback).Pointer(), opts}
	if c, ok := compiled.Load(key); ok {
		return c.(*component), nil
	}
	keep := numCompiled.Load() < maxCompiled
	if keep {
		// A component kept is compiled from a copy of input, so that it
		// and its key do not keep alive the pattern input was cut from
		// (a short protocol of a long constructor string).
		input = strings.Clone(input)
		key.input = input
	}
	c, err := compileComponent(input, callback, opts)
	if err == nil && keep && numCompiled.Add(1) <= maxCompiled {
		if prev, loaded := compiled.LoadOrStore(key, c); loaded {
			numCompiled.Add(-1)
			return prev.(*component), nil
		}
	}
	return c, err
}

// matchesSpecialScheme implements
// https://urlpattern.spec.whatwg.org/#protocol-component-matches-a-special-scheme.
func (c *component) matchesSpecialScheme() bool {
	for _, s := range urlhook.SpecialSchemes {
		if c.test(s) {
			return true
		}
	}
	return false
}

// test reports whether RegExpBuiltinExec(c's regular expression, input)
// is not null.
func (c *component) test(input string) bool {
	if c.direct {
		return c.matchDirect(input, nil)
	}
	return c.re.MatchString(input)
}

// exec returns the values of c's groups, in the order of its group name
// list, for RegExpBuiltinExec(c's regular expression, input); a group that
// is undefined has Defined false. It returns false when input does not
// match.
func (c *component) exec(input string) ([]Group, bool) {
	groups := make([]Group, len(c.names))
	if c.direct {
		return groups, c.matchDirect(input, groups)
	}
	idx := c.re.FindStringSubmatchIndex(input)
	if idx == nil {
		return nil, false
	}
	// For each index from 1 to the size of the group name list: let value
	// be Get(execResult, ToString(index)). (A regexp group of the pattern
	// may have capture groups of its own, which count in the indices.)
	for i := range groups {
		if lo := idx[2*(i+1)]; lo >= 0 {
			groups[i] = Group{Value: input[lo:idx[2*(i+1)+1]], Defined: true}
		}
	}
	return groups, true
}

// Matching a part list directly.
//
// A part list matches directly when it has only fixed text, named groups
// with the segment wildcard and full wildcards, none with a modifier or a
// suffix, and each group can end at one place only: a segment wildcard at
// the end of the input or where the next part starts with the delimiter
// (it cannot match the delimiter, so it ends before its first one); a full
// wildcard where only fixed text follows it (the text must be at the end
// of the input). Then the regular expression can match only one way, which
// a scan from left to right finds, and its groups are the parts of the
// input between.

// canMatchDirectly reports whether c's part list matches directly.
func (c *component) canMatchDirectly() bool {
	for i, p := range c.parts {
		if p.Modifier != modifierNone {
			return false
		}
		switch p.Type {
		case partFixedText:
			continue
		case partSegmentWildcard, partFullWildcard:
		default:
			return false
		}
		if p.Suffix != "" {
			return false
		}
		rest := c.parts[i+1:]
		if p.Type == partFullWildcard {
			// Fixed text after it must be at the end of the input, which
			// only says where it starts when case folding cannot change
			// its length.
			if len(rest) > 0 && c.opts.ignoreCase {
				return false
			}
			for _, q := range rest {
				if q.Type != partFixedText {
					return false
				}
			}
			continue
		}
		// A segment wildcard: last, or followed by something that starts
		// with the delimiter.
		if len(rest) == 0 {
			continue
		}
		if c.opts.delimiter == "" {
			return false
		}
		next := rest[0]
		start := next.Value
		if next.Type != partFixedText {
			start = next.Prefix
		}
		if !strings.HasPrefix(start, c.opts.delimiter) {
			return false
		}
	}
	return true
}

// matchDirect matches input against c's part list, which matches directly,
// and sets groups, if not nil, to the values of its groups.
func (c *component) matchDirect(input string, groups []Group) bool {
	pos, g := 0, 0
	for i, p := range c.parts {
		if p.Type == partFixedText {
			n, ok := c.hasPrefix(input[pos:], p.Value)
			if !ok {
				return false
			}
			pos += n
			continue
		}
		n, ok := c.hasPrefix(input[pos:], p.Prefix)
		if !ok {
			return false
		}
		pos += n
		var end int
		if p.Type == partFullWildcard {
			// .* then fixed text to the end: the text must end the input,
			// and the wildcard matches what is between (but for a line
			// terminator, which "." does not match).
			end = len(input)
			for _, q := range c.parts[i+1:] {
				end -= len(q.Value)
			}
			if end < pos || hasLineTerminator(input[pos:end]) {
				return false
			}
		} else {
			// [^<delimiter>]+? up to the first delimiter or the end, and
			// at least one code point.
			end = len(input)
			if c.opts.delimiter != "" {
				if j := strings.IndexByte(input[pos:], c.opts.delimiter[0]); j >= 0 {
					end = pos + j
				}
			}
			if end == pos {
				return false
			}
		}
		if groups != nil {
			groups[g] = Group{Value: input[pos:end], Defined: true}
		}
		g++
		pos = end
	}
	return pos == len(input)
}

// hasPrefix reports whether s starts with text, comparing code points by
// simple case folding when c ignores case, and returns the length of the
// prefix of s that matched.
func (c *component) hasPrefix(s, text string) (int, bool) {
	if !c.opts.ignoreCase {
		return len(text), strings.HasPrefix(s, text)
	}
	n := 0
	for _, t := range text {
		if n >= len(s) {
			return 0, false
		}
		r, w := utf8.DecodeRuneInString(s[n:])
		if r != t && !strings.EqualFold(string(r), string(t)) {
			return 0, false
		}
		n += w
	}
	return n, true
}

// hasLineTerminator reports whether s has a code point that ECMAScript's
// "." does not match: LF, CR, U+2028 or U+2029 (E2 80 A8 and E2 80 A9 in
// UTF-8). The components of a URL never have one, so the scan is made
// cheap rather than clever.
func hasLineTerminator(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\n', '\r':
			return true
		case 0xE2:
			if i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0xA8 || s[i+2] == 0xA9) {
				return true
			}
		}
	}
	return false
}
