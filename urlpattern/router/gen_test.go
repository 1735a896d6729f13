package router

import (
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/webstd/url/internal/patternparts"
	"github.com/webstd/url/urlpattern"
)

// A gen makes random patterns from a small vocabulary, and URLs that hit
// them or nearly do, for the tests that hold a Router to a loop over its
// patterns. The vocabulary is small so that patterns share prefixes and
// URLs meet many patterns; its pieces cover what the index treats apart:
// fixed and wildcard protocols and hostnames (with optional parts that
// make a few alternatives), fixed path segments, segment wildcards with
// and without text around them, optional, repeated and regexp groups,
// full wildcards, opaque paths, ignoring case.
type gen struct {
	r     *rand.Rand
	names int // for unique group names within a pattern
}

func newGen(seed uint64) *gen { return &gen{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))} }

var (
	genWords     = []string{"a", "b", "books", "Books", "42", "new", "x.json", "api", "v1", "%C3%A9"}
	genProtocols = []string{"https", "https", "http", "http{s}?", "*", "(https?)", "ftp", "wss", "foo"}
	genHosts     = []string{"example.com", "example.com", "*.example.com", "a.example.com", "{www.}?example.com",
		":sub.example.com", "*", "other.org", "{a.}?{b.}?other.org", "(a|b).example.com", "{*.}?example.com"}
	genPorts   = []string{"", "", "", "8080", "*", ":port(\\d+)", "80{80}?"}
	genOpaque  = []string{"*", "*@example.com", ":user@example.com", "text/*", "WORD", "WORD/:x", "(.*)WORD"}
	genSearch  = []string{"", "", "?q=:q", "?*", "?", "?q=WORD", "?{q=:q}?"}
	genHash    = []string{"", "", "#*", "#top", "#:frag"}
	genPathTok = []string{"/WORD", "/WORD", "/WORD", "/:NAME", "/:NAME", "/:NAME?", "/:NAME+", "/:NAME*", "/*",
		"/(\\d+)", "/:NAME(\\d+)", "{/WORD}?", "/WORD*", "/:NAME-:NAME", "/:NAME.json", "/", "/*?", "{/:NAME}*",
		"/WORD(.*)", "(.*)", "/WORD:NAME", "{/WORD}+", "WORD", "/v:NAME", "{/:NAME/WORD}+", "{/:NAME.WORD}",
		"{/WORD/:NAME}?"}
	urlProtocols = []string{"https", "http", "ftp", "wss", "foo", "mailto", "data"}
	urlHosts     = []string{"example.com", "a.example.com", "www.example.com", "b.example.com", "other.org",
		"a.b.other.org", "x.other.org", "127.0.0.1"}
	urlPieces = []string{"a", "b", "books", "BOOKS", "Books", "42", "7", "new", "x.json", "a-b", "", "api", "v1", "%C3%A9", "é"}
)

func (g *gen) pick(list []string) string { return list[g.r.IntN(len(list))] }

// fill replaces WORD in s with words and NAME with unique group names.
func (g *gen) fill(s string) string {
	for strings.Contains(s, "WORD") {
		s = strings.Replace(s, "WORD", g.pick(genWords), 1)
	}
	for strings.Contains(s, "NAME") {
		g.names++
		s = strings.Replace(s, "NAME", "n"+strconv.Itoa(g.names), 1)
	}
	return s
}

func (g *gen) path() string {
	var b strings.Builder
	for range g.r.IntN(5) {
		b.WriteString(g.fill(g.pick(genPathTok)))
	}
	return b.String()
}

// pattern returns a random pattern, or the error of one that does not
// compile (a few combinations are invalid: "wss" with a regexp port, say).
func (g *gen) pattern() (*urlpattern.Pattern, error) {
	g.names = 0
	opts := urlpattern.Options{IgnoreCase: g.r.IntN(5) == 0}
	switch g.r.IntN(8) {
	case 0, 1: // an Init: components left out match anything
		var init urlpattern.Init
		if g.r.IntN(2) == 0 {
			init.Protocol = new(g.fill(g.pick(genProtocols)))
		}
		if g.r.IntN(2) == 0 {
			init.Hostname = new(g.fill(g.pick(genHosts)))
		}
		init.Pathname = new(g.path())
		if g.r.IntN(4) == 0 {
			init.Search = new(strings.TrimPrefix(g.fill(g.pick(genSearch)), "?"))
		}
		return opts.New(init)
	case 2: // an opaque path
		return opts.Parse(g.pick([]string{"mailto", "data", "foo", "*"}) + ":" + g.fill(g.pick(genOpaque)))
	}
	s := g.fill(g.pick(genProtocols)) + "://" + g.fill(g.pick(genHosts))
	if port := g.fill(g.pick(genPorts)); port != "" {
		s += ":" + port
	}
	s += g.path() + g.fill(g.pick(genSearch)) + g.fill(g.pick(genHash))
	return opts.Parse(s)
}

// url returns a URL string: half the time one made from the part lists of
// one of patterns, so that it likely matches it (and others), otherwise one
// from the vocabulary.
func (g *gen) url(patterns []*urlpattern.Pattern) string {
	if len(patterns) > 0 && g.r.IntN(2) == 0 {
		return g.hit(patterns[g.r.IntN(len(patterns))])
	}
	protocol := g.pick(urlProtocols)
	switch protocol {
	case "mailto", "data":
		return protocol + ":" + g.pick(urlPieces) + g.pick([]string{"", "@example.com", "/plain"})
	}
	s := protocol + "://" + g.pick(urlHosts) + g.pick([]string{"", "", ":8080", ":443", ":80"})
	for range g.r.IntN(6) {
		s += "/" + g.pick(urlPieces)
	}
	return s + g.pick([]string{"", "", "/", "?q=1", "?", "#top", "?q=a#x"})
}

// hit returns a URL made from p's part lists: fixed text as it is (its
// case changed at random), each group given a value its kind likely
// matches, optional and repeated parts taken zero, one or two times.
func (g *gen) hit(p *urlpattern.Pattern) string {
	var c [8]string
	for i := range c {
		comp, ok := patternparts.Of(p, i)
		if !ok {
			return "https://example.com/"
		}
		c[i] = g.instantiate(comp, i)
	}
	protocol, host, port, path := c[0], c[3], c[4], c[5]
	if protocol == "" {
		protocol = "https"
	}
	var s string
	if host == "" && !strings.HasPrefix(path, "/") {
		s = protocol + ":" + path
	} else {
		s = protocol + "://" + host
		if port != "" {
			s += ":" + port
		}
		s += path
	}
	if c[6] != "" || g.r.IntN(4) == 0 {
		s += "?" + c[6]
	}
	if c[7] != "" || g.r.IntN(4) == 0 {
		s += "#" + c[7]
	}
	return s
}

func (g *gen) instantiate(comp patternparts.Component, c int) string {
	var b strings.Builder
	for _, part := range comp.Parts {
		n := 1
		switch part.Modifier {
		case patternparts.Optional:
			n = g.r.IntN(2)
		case patternparts.ZeroOrMore:
			n = g.r.IntN(3)
		case patternparts.OneOrMore:
			n = 1 + g.r.IntN(2)
		}
		for range n {
			if part.Type == patternparts.FixedText {
				b.WriteString(g.changeCase(part.Value))
				continue
			}
			b.WriteString(part.Prefix)
			b.WriteString(g.value(part, c))
			b.WriteString(part.Suffix)
		}
	}
	return b.String()
}

// value returns a value for the group part of component c.
func (g *gen) value(part patternparts.Part, c int) string {
	switch {
	case strings.Contains(part.Value, `\d`):
		return strconv.Itoa(g.r.IntN(1000))
	case c == 0:
		return g.pick([]string{"https", "http", "ftp", "foo"})
	case c == 3:
		return g.pick([]string{"a", "b", "www", "api"})
	case c == 4:
		return g.pick([]string{"8080", "8081", "21"})
	case part.Type == patternparts.FullWildcard && g.r.IntN(2) == 0:
		return g.pick(urlPieces) + "/" + g.pick(urlPieces)
	}
	return g.pick([]string{"a", "b", "books", "42", "x.json", "a-b", "Books"})
}

// changeCase returns s with the case of its letters changed at random, one
// time in four.
func (g *gen) changeCase(s string) string {
	if g.r.IntN(4) != 0 {
		return s
	}
	b := []byte(s)
	for i, ch := range b {
		if 'a' <= ch && ch <= 'z' && g.r.IntN(2) == 0 {
			b[i] = ch - 'a' + 'A'
		}
	}
	return string(b)
}
