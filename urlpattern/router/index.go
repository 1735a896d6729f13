package router

import (
	"slices"
	"strings"

	"github.com/webstd/url"
	"github.com/webstd/url/internal/infra"
	"github.com/webstd/url/internal/patternparts"
)

// The components of a pattern, in the standard's order
// (https://urlpattern.spec.whatwg.org/#url-pattern-struct).
const (
	protocol      = 0
	hostname      = 3
	pathname      = 5
	numComponents = 8
)

// maxAlternatives is the most strings a fixed protocol or hostname may
// stand for ("{a.}?{b.}?example.com" stands for four) to be indexed by
// them; a component with more is in the level's other list.
const maxAlternatives = 8

// An index holds the routes of a Router by their protocol, then their
// hostname, then their pathname: a URL's candidates are the routes of the
// pathname tries under its protocol's and its hostname's entries and under
// the other lists.
type index = level[level[pathIndex]]

// A level indexes routes by one component: under each string that the
// component matches when it is fixed text, or in other.
type level[T any] struct {
	byValue map[string]*T
	other   *T
}

// entries returns the entries of l that a route whose component is c
// goes in, creating them.
func (l *level[T]) entries(c patternparts.Component) []*T {
	values, ok := alternatives(c)
	if !ok {
		if l.other == nil {
			l.other = new(T)
		}
		return []*T{l.other}
	}
	if l.byValue == nil {
		l.byValue = make(map[string]*T)
	}
	out := make([]*T, 0, len(values))
	for _, v := range values {
		e := l.byValue[v]
		if e == nil {
			e = new(T)
			l.byValue[v] = e
		}
		out = append(out, e)
	}
	return out
}

// alternatives returns the strings that c matches, when its part list is
// fixed text, some of it optional ("http{s}?" matches "http" and "https"),
// standing for at most maxAlternatives strings and matched with case; ok
// is false otherwise. A fixed-text part's regular expression is its text,
// escaped ("(?:text)" and "(?:text)?" for an optional one: step 5 of
// https://urlpattern.spec.whatwg.org/#generate-a-regular-expression-and-name-list),
// so these strings are exactly the ones c matches.
func alternatives(c patternparts.Component) (values []string, ok bool) {
	if c.IgnoreCase {
		return nil, false
	}
	values = []string{""}
	for _, p := range c.Parts {
		if p.Type != patternparts.FixedText {
			return nil, false
		}
		switch p.Modifier {
		case patternparts.None:
			for i := range values {
				values[i] += p.Value
			}
		case patternparts.Optional:
			if 2*len(values) > maxAlternatives {
				return nil, false
			}
			for i := range values {
				values = append(values, values[i]+p.Value)
			}
		default:
			return nil, false
		}
	}
	slices.Sort(values)
	return slices.Compact(values), true
}

// addToIndex adds route id, whose components are comps, to x.
func addToIndex(x *index, id int32, comps *[numComponents]patternparts.Component) {
	for _, hosts := range x.entries(comps[protocol]) {
		for _, paths := range hosts.entries(comps[hostname]) {
			paths.add(id, comps[pathname])
		}
	}
}

// candidates returns ids with the routes of x that u may match appended,
// each once and in the order they were added.
func candidates(x *index, u url.URL, ids []int32, s *scratch) []int32 {
	start := len(ids)
	w := walker{path: u.Pathname(), ids: ids, s: s}
	for _, hosts := range [2]*level[pathIndex]{x.byValue[u.Scheme()], x.other} {
		if hosts == nil {
			continue
		}
		w.visit(hosts.byValue[u.Hostname()])
		w.visit(hosts.other)
	}
	ids = w.ids
	if len(ids)-start > 1 { // (most URLs have one candidate or none)
		slices.Sort(ids[start:])
		ids = slices.Compact(ids)
	}
	return ids
}

// A walker collects the candidates of a URL's pathname from the pathIndexes
// it visits.
type walker struct {
	path string
	ids  []int32
	s    *scratch
	// lower is path in lowercase, for the tries of patterns that ignore
	// case, made the first time one is visited; lowerOK is false when path
	// is not ASCII.
	lower            string
	lowered, lowerOK bool
}

func (w *walker) visit(p *pathIndex) {
	if p == nil {
		return
	}
	if p.cased != nil {
		w.ids = p.cased.walk(w.path, w.ids, w.s)
	}
	if p.folded != nil {
		if !w.lowered {
			w.lower, w.lowerOK = lowerASCII(w.path)
			w.lowered = true
		}
		if w.lowerOK {
			w.ids = p.folded.walk(w.lower, w.ids, w.s)
		} else {
			w.ids = append(w.ids, p.foldedIDs...)
		}
	}
}

// A pathIndex holds routes by their pathname: a trie for the patterns that
// match with case, one for those that ignore it.
type pathIndex struct {
	cased, folded *node
	// foldedIDs are the routes of folded, all candidates for a pathname
	// that is not ASCII. (A URL's pathname always is, as the URL parser
	// percent-encodes the rest; but under simple case folding "K", U+212A
	// KELVIN SIGN, matches "k", which lowercasing ASCII would miss.)
	foldedIDs []int32
}

func (x *pathIndex) add(id int32, c patternparts.Component) {
	pieces, complete := pathModel(c)
	root := &x.cased
	if c.IgnoreCase {
		root = &x.folded
		x.foldedIDs = append(x.foldedIDs, id)
	}
	if *root == nil {
		*root = &node{}
	}
	n := *root
	edges := pieces
	if !complete {
		edges = pieces[:len(pieces)-1]
	}
	for _, pc := range edges {
		n = n.child(pc)
	}
	if complete {
		n.exact = append(n.exact, id)
	} else {
		n.tails = append(n.tails, tail{prefix: pieces[len(pieces)-1].text, id: id})
	}
}

// A piece is one of the "/"-separated pieces of the pathnames a pattern
// matches, as far as the trie follows its part list.
type piece struct {
	// text is the piece's text; for a wild piece, its text before its
	// first segment wildcard.
	text string
	// wild is true for a piece with a segment wildcard: the trie lets any
	// piece that starts with text take it.
	wild bool
}

// pathModel returns the pieces of the pathnames that component c (a
// pathname) matches, as far as its part list can be followed from the
// start, and complete true when it was followed to its end. Then every
// pathname c matches has len(pieces) pieces, each equal to the piece of
// the model or, for a wild one, starting with its text. When complete is
// false, every
// pathname c matches starts with the pieces but the last, and its next
// piece starts with the last one's text.
//
// The part list is followed through fixed text, the prefix and suffix of
// a segment wildcard without a modifier (":id", "{:id.json}") and, for a
// part that must occur at least once (no modifier or "+"), its prefix; it
// stops at any other part, where nothing more is known. A segment
// wildcard, the regular expression [^/]+? with the pathname's delimiter
// "/", matches text within one piece; with another delimiter (an opaque
// pathname's, which has none) it can match a "/" and the list stops at it.
// For a c that ignores case, the text is lowercased, and the list stops at
// text that is not ASCII, which case folding could match otherwise.
func pathModel(c patternparts.Component) (pieces []piece, complete bool) {
	var cur []byte
	wild := false
	// text appends s to the model, or returns false when it cannot.
	text := func(s string) bool {
		if c.IgnoreCase {
			var ok bool
			if s, ok = lowerASCII(s); !ok {
				return false
			}
		}
		for i := 0; i < len(s); i++ {
			switch {
			case s[i] == '/':
				pieces = append(pieces, piece{string(cur), wild})
				cur, wild = cur[:0], false
			case !wild:
				cur = append(cur, s[i])
			}
		}
		return true
	}
	finish := func(complete bool) ([]piece, bool) {
		return append(pieces, piece{string(cur), wild}), complete
	}
	for _, p := range c.Parts {
		required := p.Modifier == patternparts.None || p.Modifier == patternparts.OneOrMore
		switch {
		case p.Type == patternparts.FixedText:
			// "(?:text)" with the modifier.
			if required && !text(p.Value) {
				return finish(false)
			}
		case p.Type == patternparts.SegmentWildcard && c.Delimiter == "/":
			// "(?:prefix([^/]+?)suffix)" with the modifier, or for "+"
			// "(?:prefix((?:[^/]+?)(?:suffix prefix(?:[^/]+?))*)suffix)":
			// either way prefix, the wildcard and suffix come first.
			if !required || !text(p.Prefix) {
				return finish(false)
			}
			wild = true
			if !text(p.Suffix) {
				return finish(false)
			}
		default:
			// A full wildcard, a regexp group or a segment wildcard that
			// may match "/": the prefix if it must occur, then stop.
			if required {
				text(p.Prefix)
			}
			return finish(false)
		}
		if p.Modifier != patternparts.None {
			return finish(false)
		}
	}
	return finish(true)
}

// A node is a node of a pathname trie. The node reached from the root by
// the pieces p0, ..., pk-1 holds the patterns whose model starts with
// them (pathModel).
type node struct {
	// children are the nodes of the fixed pieces that follow, with their
	// text, in the order they were made; byText indexes them once there
	// are more than maxListedChildren. wild are those of wild pieces,
	// which any piece that starts with their text takes.
	children []fixedChild
	byText   map[string]*node
	wild     []wildChild
	// exact are the patterns whose model is complete with the pieces that
	// lead here: candidates when the pathname ends here.
	exact []int32
	// tails are the patterns whose model stops in the next piece:
	// candidates when the next piece starts with their prefix.
	tails []tail
}

// maxListedChildren is the most fixed children a node finds by comparing
// a piece with each: past it, a map is faster than the comparisons.
const maxListedChildren = 8

// A fixedChild is the node of the fixed piece text.
type fixedChild struct {
	text string
	node *node
}

// A wildChild is the node of a wild piece that starts with prefix.
type wildChild struct {
	prefix string
	node   *node
}

// A tail is a pattern whose model stops in a piece that starts with prefix.
type tail struct {
	prefix string
	id     int32
}

// child returns the node of n that the piece pc leads to, creating it.
func (n *node) child(pc piece) *node {
	if pc.wild {
		for _, w := range n.wild {
			if w.prefix == pc.text {
				return w.node
			}
		}
		c := &node{}
		n.wild = append(n.wild, wildChild{pc.text, c})
		return c
	}
	if c := n.fixed(pc.text); c != nil {
		return c
	}
	c := &node{}
	n.children = append(n.children, fixedChild{pc.text, c})
	if len(n.children) > maxListedChildren {
		if n.byText == nil {
			n.byText = make(map[string]*node, len(n.children))
			for _, f := range n.children {
				n.byText[f.text] = f.node
			}
		}
		n.byText[pc.text] = c
	}
	return c
}

// fixed returns the node of n's fixed piece text, or nil.
func (n *node) fixed(text string) *node {
	if n.byText != nil {
		return n.byText[text]
	}
	for _, f := range n.children {
		if f.text == text {
			return f.node
		}
	}
	return nil
}

// walk returns ids with the patterns of the trie of root that path may
// match appended: it reads path one "/"-separated piece at a time and
// keeps the set of nodes the pieces read so far lead to. Each node is in
// the set once (the trie is a tree), so each piece is read once for each
// node of the trie at its depth at most.
func (root *node) walk(path string, ids []int32, s *scratch) []int32 {
	active := append(s.active[:0], root)
	next := s.next[:0]
	for start := 0; ; {
		// The piece ends at the next "/": pieces are short, and a loop
		// finds it sooner than a call.
		end := start
		for end < len(path) && path[end] != '/' {
			end++
		}
		last := end == len(path)
		pc := path[start:end]
		next = next[:0]
		for _, n := range active {
			for _, t := range n.tails {
				if strings.HasPrefix(pc, t.prefix) {
					ids = append(ids, t.id)
				}
			}
			if c := n.fixed(pc); c != nil {
				next = append(next, c)
			}
			for _, w := range n.wild {
				if strings.HasPrefix(pc, w.prefix) {
					next = append(next, w.node)
				}
			}
		}
		active, next = next, active
		if last {
			for _, n := range active {
				ids = append(ids, n.exact...)
			}
			break
		}
		if len(active) == 0 {
			break
		}
		start = end + 1
	}
	// (The nodes are not cleared: the router holds them anyway, and a
	// pooled scratch outlives a router only until the pool is emptied.)
	s.active, s.next = active[:0], next[:0]
	return ids
}

// lowerASCII returns s ASCII lowercased, and false when s is not ASCII. It
// allocates only when s has an upper-case letter.
func lowerASCII(s string) (string, bool) {
	if !infra.IsASCII(s) {
		return "", false
	}
	return infra.ASCIILowercase(s), true
}
