package url

import (
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/webstd/url/internal/infra"
)

// The setters splice the component they set into the href and move the
// offsets after it (splice in setters.go). Until they did, each parsed the
// whole new serialization again, and the URL was the result of that parse.
// reparseSetters keeps that way, as it was, for the tests below to hold the
// setters to: both must give the same URL (==, so the same href and every
// offset), and the same error, on every URL and value.

// reparseSetters maps the names of the standard's URL attributes to the
// setters that parse the new serialization again.
var reparseSetters = map[string]func(*URL, string) error{
	"protocol":     (*URL).reparseSetProtocol,
	"username":     func(u *URL, s string) error { return u.reparseSetUserinfo("username", s, s, u.Password()) },
	"password":     func(u *URL, s string) error { return u.reparseSetUserinfo("password", s, u.Username(), s) },
	"host":         func(u *URL, s string) error { return u.reparseSetHost("host", s, hostState) },
	"hostname":     func(u *URL, s string) error { return u.reparseSetHost("hostname", s, hostnameState) },
	"port":         (*URL).reparseSetPort,
	"pathname":     (*URL).reparseSetPathname,
	"search":       (*URL).reparseSetSearch,
	"hash":         (*URL).reparseSetHash,
	"searchParams": func(u *URL, s string) error { return u.reparseSetSearchParams(NewSearchParams(s)) },
}

// spliceSetters are the setters under test, with the names of reparseSetters.
var spliceSetters = map[string]func(*URL, string) error{
	"protocol":     (*URL).SetProtocol,
	"username":     (*URL).SetUsername,
	"password":     (*URL).SetPassword,
	"host":         (*URL).SetHost,
	"hostname":     (*URL).SetHostname,
	"port":         (*URL).SetPort,
	"pathname":     (*URL).SetPathname,
	"search":       (*URL).SetSearch,
	"hash":         (*URL).SetHash,
	"searchParams": func(u *URL, s string) error { return u.SetSearchParams(NewSearchParams(s)) },
}

// spliceSetterNames lists the keys of spliceSetters in a fixed order.
var spliceSetterNames = []string{
	"protocol", "username", "password", "host", "hostname",
	"port", "pathname", "search", "hash", "searchParams",
}

// checkSplice runs the setter named attr with value on copies of orig, the
// setter itself and the one of reparseSetters, and fails t unless both give
// the same URL and the same error.
func checkSplice(t *testing.T, orig URL, attr, value string) {
	t.Helper()
	got, want := orig, orig
	gotErr := spliceSetters[attr](&got, value)
	wantErr := reparseSetters[attr](&want, value)
	if got != want {
		t.Fatalf("%s setter with %q on %q: %q, parsing again gives %q\n got %+v\nwant %+v",
			attr, value, orig.Href(), got.Href(), want.Href(), got, want)
	}
	if !reflect.DeepEqual(gotErr, wantErr) {
		t.Fatalf("%s setter with %q on %q: error %v, parsing again gives %v", attr, value, orig.Href(), gotErr, wantErr)
	}
}

// FuzzSetterSplice checks that each setter gives the same URL and error as
// parsing the new serialization again (reparseSetters), on any URL and
// value, also with the longest href lowered to the URL's length plus
// limit-1 (limit 0 leaves it as it is), so that both refuse the same hrefs
// as too long.
func FuzzSetterSplice(f *testing.F) {
	for _, seed := range setterSeeds(f) {
		if name := setterNames[int(seed.which)%len(setterNames)]; name != "href" {
			f.Add(seed.href, byte(slices.Index(spliceSetterNames, name)), seed.value, uint8(0))
		}
	}
	f.Add("https://example.com/?a=b#f", byte(9), "x=1&y", uint8(0))
	f.Add("https://example.com/a?b#c", byte(8), "ééé", uint8(4))
	f.Add("http://h:8080/a", byte(0), "https", uint8(1))
	f.Fuzz(func(t *testing.T, input string, which byte, value string, limit uint8) {
		u, err := Parse(input)
		if err != nil {
			return
		}
		attr := spliceSetterNames[int(which)%len(spliceSetterNames)]
		if limit == 0 {
			checkSplice(t, u, attr, value)
			return
		}
		withMaxHrefLength(t, len(u.Href())+int(limit)-1, func() { checkSplice(t, u, attr, value) })
	})
}

// spliceValues are values for the setters that take each of them down a
// path of its own: empty, a delimiter alone, ports (default, out of range,
// followed by more), hosts of each kind, a localhost and Windows drive
// letter for file URLs, paths with dot segments and leading empty segments,
// schemes special and not, and code points to percent-encode.
var spliceValues = []string{
	"", "?", "#", ":", "/", "\\", "@", "8080", "443", "80", "21", "0", "65536", "12ab", "x",
	"h", "h:1", "h:", ":1", "[::1]", "[::1]:2", "1.2.3.4", "0x7f.1", "xn--nxasmq6b", "EXAMPLE.com", "ex ample", "é.example",
	"localhost", "C|", "C:", "c|/x", "//x", "/a/../b", "..", "/./.", "%2e%2E", "a b\t?c#d",
	"file", "http", "https:", "ws", "wss", "ftp", "sc", "web+demo:x", "HTTP", "1x",
	"u:p", "a@b:c", "%", "%zz", "é", "\x00\x1f\x7f", "\xff\xfe", "'\"<>`{}^|",
}

// spliceAlphabet is what randomSpliceValue builds values from.
var spliceAlphabet = []string{
	"a", "Z", "0", "9", ":", "/", "\\", "?", "#", "@", "[", "]", "%", "%2e", ".", "|", " ", "\t", "\n",
	"\x00", "\x7f", "é", "\xff", "'", "=", "&", "+", "xn--", "localhost", "C|", "..", "[::1]", "443",
}

// randomSpliceValue returns a value of up to 8 pieces of spliceAlphabet.
func randomSpliceValue(r *rand.Rand) string {
	var b strings.Builder
	for range r.IntN(9) {
		b.WriteString(spliceAlphabet[r.IntN(len(spliceAlphabet))])
	}
	return b.String()
}

// TestSetterSpliceCorpus runs checkSplice on every URL of the corpora (see
// corpusDir) that parses, with each setter, one of spliceValues and one
// random value each (with -short, on every 16th URL).
func TestSetterSpliceCorpus(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(corpusDir(), "*.txt"))
	if len(files) == 0 {
		t.Skipf("no corpus in %s (set URL_CORPUS_DIR)", corpusDir())
	}
	r := rand.New(rand.NewPCG(1, 2))
	n := 0
	for _, file := range files {
		for i, s := range readCorpusLines(t, filepath.Base(file)) {
			u, err := Parse(s)
			if err != nil || (testing.Short() && i%16 != 0) {
				continue
			}
			for k, attr := range spliceSetterNames {
				checkSplice(t, u, attr, spliceValues[(i+k)%len(spliceValues)])
				checkSplice(t, u, attr, randomSpliceValue(r))
				n += 2
			}
		}
	}
	t.Logf("%d setter calls", n)
}

// TestSetterSpliceValues runs checkSplice on URLs of every shape (those of
// the seeds of FuzzSetters) with each setter and each of spliceValues.
func TestSetterSpliceValues(t *testing.T) {
	var urls []URL
	seen := map[string]bool{}
	for _, seed := range setterSeeds(t) {
		if u, err := Parse(seed.href); err == nil && !seen[u.Href()] {
			seen[u.Href()] = true
			urls = append(urls, u)
		}
	}
	for _, u := range urls {
		for _, attr := range spliceSetterNames {
			for _, v := range spliceValues {
				checkSplice(t, u, attr, v)
			}
		}
	}
}

// The setters as they were before they spliced, but for the fix of
// SetProtocol for a URL with a null host (the "/." it keeps).

func (u *URL) reparseSetProtocol(s string) error {
	if !u.IsValid() {
		return u.rejected("protocol", s, ErrNoURL)
	}
	value := s
	if !strings.Contains(s, ":") {
		s += ":"
	}
	var p parser
	defer p.release()
	p.initOverride(u, s, schemeStartState, "")
	if fail := p.run(); fail != 0 {
		return u.setterError("protocol", value, fail)
	}
	if p.u.hasPort() || !u.hasPort() {
		p.buf = append(p.buf, u.href[u.schemeEnd+1:]...)
	} else {
		p.buf = append(p.buf, u.href[u.schemeEnd+1:u.hostEnd]...)
		p.buf = append(p.buf, u.href[u.pathStart:]...)
	}
	return u.reparse("protocol", value, string(p.buf))
}

func (u *URL) reparseSetUserinfo(setter, value, username, password string) error {
	if err := u.checkUserinfo(setter, value); err != nil {
		return err
	}
	var p parser
	p.init()
	defer p.release()
	b := append(p.buf, u.href[:u.schemeEnd+3]...)
	b = appendPercentEncoded(b, username, infra.UserinfoSet)
	if password != "" {
		b = append(b, ':')
		b = appendPercentEncoded(b, password, infra.UserinfoSet)
	}
	if len(b) > int(u.schemeEnd)+3 {
		b = append(b, '@')
	}
	b = append(b, u.href[u.hostStart:]...)
	p.buf = b
	return u.reparse(setter, value, string(b))
}

func (u *URL) reparseSetHost(setter, s string, override state) error {
	if !u.IsValid() {
		return u.rejected(setter, s, ErrNoURL)
	}
	if u.HasOpaquePath() {
		return u.rejected(setter, s, ErrOpaquePath)
	}
	var p parser
	defer p.release()
	p.initOverride(u, s, override, u.href[:u.schemeEnd+1])
	if !p.file {
		p.buf = append(p.buf, "//"...)
		if u.hasCredentials() {
			p.buf = append(p.buf, u.href[u.schemeEnd+3:u.hostStart]...)
		}
	}
	fail := p.run()
	if fail != 0 && p.state != portState {
		return u.setterError(setter, s, fail)
	}
	if !p.portChanged && u.hasPort() {
		p.buf = append(p.buf, u.href[u.hostEnd:u.pathStart]...)
	}
	p.buf = append(p.buf, u.href[u.pathStart:]...)
	old := *u
	if err := u.reparse(setter, s, string(p.buf)); err != nil || fail == 0 {
		return err
	}
	return old.setterError(setter, s, fail)
}

func (u *URL) reparseSetPort(s string) error {
	if !u.IsValid() {
		return u.rejected("port", s, ErrNoURL)
	}
	if u.cannotHaveUsernamePasswordPort() {
		return u.rejected("port", s, ErrCannotHaveUsernamePasswordPort)
	}
	if s == "" {
		return u.reparse("port", s, u.href[:u.hostEnd]+u.href[u.pathStart:])
	}
	return u.reparseSetWithOverride("port", s, s, portState, u.href[:u.hostEnd], 0, u.href[u.pathStart:])
}

func (u *URL) reparseSetPathname(s string) error {
	if !u.IsValid() {
		return u.rejected("pathname", s, ErrNoURL)
	}
	if u.HasOpaquePath() {
		return u.rejected("pathname", s, ErrOpaquePath)
	}
	return u.reparseSetWithOverride("pathname", s, s, pathStartState, u.href[:u.authorityEnd()], 0, u.href[u.pathEnd():])
}

func (u *URL) reparseSetSearch(s string) error {
	if !u.IsValid() {
		return u.rejected("search", s, ErrNoURL)
	}
	if s == "" {
		return u.reparse("search", s, u.href[:u.pathEnd()]+u.href[u.queryEnd():])
	}
	input := strings.TrimPrefix(s, "?")
	return u.reparseSetWithOverride("search", s, input, queryState, u.href[:u.pathEnd()], '?', u.href[u.queryEnd():])
}

func (u *URL) reparseSetHash(s string) error {
	if !u.IsValid() {
		return u.rejected("hash", s, ErrNoURL)
	}
	if s == "" {
		return u.reparse("hash", s, u.href[:u.queryEnd()])
	}
	input := strings.TrimPrefix(s, "#")
	return u.reparseSetWithOverride("hash", s, input, fragmentState, u.href[:u.queryEnd()], '#', "")
}

func (u *URL) reparseSetWithOverride(setter, value, input string, override state, prefix string, mark byte, suffix string) error {
	var p parser
	defer p.release()
	p.initOverride(u, input, override, prefix)
	p.u.queryStart, p.u.fragmentStart = omitted, omitted // (what finish reads)
	if mark != 0 {
		p.buf = append(p.buf, mark)
	}
	if override == pathStartState {
		p.beginPath()
	}
	if fail := p.run(); fail != 0 {
		return u.setterError(setter, value, fail)
	}
	if override == pathStartState {
		p.finish()
	}
	p.buf = append(p.buf, suffix...)
	return u.reparse(setter, value, string(p.buf))
}

func (u *URL) reparseSetSearchParams(p *SearchParams) error {
	if !u.IsValid() {
		return u.rejected("searchParams", p.String(), ErrNoURL)
	}
	var pb parser
	pb.init()
	defer pb.release()
	b := append(pb.buf, u.href[:u.pathEnd()]...)
	if p != nil && len(p.list) > 0 {
		b = append(b, '?')
		b = appendURLEncoded(b, p.list, nil)
	}
	b = append(b, u.href[u.queryEnd():]...)
	pb.buf = b
	v, fail := parse(string(b), nil, nil, nil)
	if fail != 0 {
		return u.setterError("searchParams", p.String(), fail)
	}
	*u = v
	return nil
}
