package canonical

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/webstd/url"
	"github.com/webstd/url/internal/errtext"
	"github.com/webstd/url/internal/infra"
)

// SURTOptions choose among the variants of the SURT (Sort-friendly URI
// Reordering Transform) that web archives key their CDX indexes by. The zero
// SURTOptions are the Internet Archive's defaults, those of its surt Python
// package (surt.surt with no options) and of webarchive-commons'
// WaybackURLKeyMaker: "http://www.Example.com/a/?b=2&a=1#f" is
// "com,example)/a?a=1&b=2". Each field departs from them.
type SURTOptions struct {
	// WithScheme starts the key with the scheme and "://(":
	// "http://(com,example)/a". Only such keys can be turned back into
	// URLs (SURTOptions.Parse): without it, http and https URLs have the
	// same key.
	WithScheme bool

	// TrailingComma writes a comma before the ")", as the surt package
	// 0.3.1 does with trailing_comma=True, so that the key of example.com
	// is not a prefix of the key of example.community: "com,example,)",
	// after the port if any ("com,example:8080,)") and after an IP address
	// too ("1,2,0,192,)"). Heritrix's SURT prefixes
	// (org.archive.util.SURT) differ: they put the comma after the host,
	// before the port ("com,example,:8080)"), and write an IPv4 address in
	// its order without one ("192.0.2.1:8080)"), so these keys are not
	// Heritrix's prefixes where a port or an IP address is.
	TrailingComma bool

	// KeepWWW keeps a first label "www", or "www" and digits ("www2"),
	// which the archives remove: "com,example,www)/".
	KeepWWW bool

	// KeepCase keeps the path and query as they are; the archives lowercase
	// them ("/About?Q=A" is "/about?q=a").
	KeepCase bool

	// KeepQueryOrder keeps the query's parameters in their order; the
	// archives sort them.
	KeepQueryOrder bool

	// KeepSessionIDs keeps the session identifiers that the archives
	// remove from the query (jsessionid, phpsessid and sid with 32 letters
	// or digits, aspsessionid with 8 letters and 24 letters, cfid with
	// cftoken) and from ASP.NET paths ("/(S(…))/page.aspx").
	//
	// Without it they are removed as the archives remove them, so that the
	// key is the one their indexes hold, quirks included: their patterns
	// match anywhere in the query, not only a whole parameter, and take the
	// "&" after the match, so that "ssid=…&lang=en" is "slang=en" and
	// "q=jsessionid=…&r=1" is "q=r=1"; each pattern removes its last match
	// only ("sid=…&sid=…" is "sid=…&"), and the ColdFusion pair only where
	// cfid is right before cftoken in the query as written. This removes
	// more than identifiers, and can give two resources one key (unlike
	// DedupStrip, whose steps change nothing but what they strip); and the
	// canonical URL may hold what the same steps would remove again (see
	// SURTOptions.SURT). In a file: URL an ASP.NET segment stays where
	// removing it would make a Windows drive letter the path's first
	// segment, which the URL parser reads as a drive letter
	// (https://url.spec.whatwg.org/#path-state).
	KeepSessionIDs bool

	// KeepTrailingSlash keeps a "/" that ends the path; the archives remove
	// it ("/a/" is "/a"), but for the path "/".
	KeepTrailingSlash bool

	// KeepIPOrder writes an IPv4 host in its usual order, "192.0.2.1)/",
	// as the surt package's reverse_ipaddr=False does; by default it is
	// reversed like a domain, "1,2,0,192)/".
	KeepIPOrder bool
}

// ErrNotInvertible is the error of SURTOptions.Parse when the options do not
// set WithScheme: a key without its scheme names an http and an https URL
// alike, and "localhost:8080)/a" could be the key of http://localhost:8080/a
// or the URL localhost:8080)/a itself.
var ErrNotInvertible = errors.New("canonical: a SURT without its scheme cannot be turned back into a URL")

// iaURL is a URL canonicalized by the archives' rules, in pieces.
type iaURL struct {
	scheme string // "http"
	// hasHost is whether the URL has a host that is not empty; the
	// others are written "scheme:" path query.
	hasHost bool
	host    string // as the URL writes it: "example.com", "192.0.2.1", "[::1]"
	kind    url.HostKind
	port    string
	// path is the path, but for its case: lowerPath says to lowercase
	// it as it is written.
	path      string
	lowerPath bool
	query     string
	hasQuery  bool
}

// ia canonicalizes u by the rules of the Internet Archive's
// DefaultIAURLCanonicalizer (GoogleURLCanonicalizer then IAURLCanonicalizer,
// in the surt package and webarchive-commons), on the URL the URL Standard's
// parser has read. See SURTOptions.SURT for the steps.
func (o SURTOptions) ia(u url.URL) iaURL {
	r := iaURL{scheme: u.Scheme(), kind: u.HostKind(), port: u.Port(), lowerPath: !o.KeepCase}
	h := u.Hostname()
	r.hasHost = h != ""
	if r.hasHost {
		r.host = h
		if r.kind == url.DomainHost || r.kind == url.OpaqueHost {
			r.host, r.kind = o.iaHost(h, r.kind)
		}
		if r.scheme == "file" && r.host == "localhost" {
			// The parser makes the host "localhost" of a file: URL
			// empty (https://url.spec.whatwg.org/#file-host-state);
			// removing www or dots can make it so.
			r.hasHost, r.host = false, ""
		}
	}

	r.path = r.iaPath(u)
	if !o.KeepSessionIDs && strings.IndexByte(r.path, '(') >= 0 {
		r.path = stripPathSessionIDs(r.path, r.scheme == "file")
	}
	if !o.KeepTrailingSlash && len(r.path) > 1 && r.path[len(r.path)-1] == '/' {
		// One "/", as the archives remove it; a path with a host has no
		// more once cleaned.
		r.path = r.path[:len(r.path)-1]
	}

	if q, ok := u.Query(); ok {
		// minimalEscape: "escapeOnce(unescapeRepeatedly(input))". The
		// parser has percent-encoded the bytes escapeOnce escapes, but
		// for "%".
		if hasPercent(q) {
			q = minimalEscape(q, !o.KeepCase)
		} else if !o.KeepCase {
			q = infra.ASCIILowercase(q)
		}
		if !o.KeepSessionIDs {
			q = stripQuerySessionIDs(q)
		}
		if !o.KeepQueryOrder {
			q = alphaReorderQuery(q)
		}
		// query_strip_empty: an empty query is no query.
		r.query, r.hasQuery = q, q != ""
	}
	return r
}

// iaPath returns the path of u, percent-decoded repeatedly, cleaned, and
// escaped once (steps 3 of SURTOptions.SURT), but not lowercased.
func (r *iaURL) iaPath(u url.URL) string {
	path := u.Pathname()
	opaque := u.HasOpaquePath()
	if !hasPercent(path) {
		// Nothing to decode. The parser has resolved dot segments and
		// percent-encoded the bytes escapeOnce escapes, but for the
		// spaces of an opaque path.
		switch {
		case opaque:
			if strings.IndexByte(path, ' ') < 0 {
				return path
			}
		case r.hasHost:
			if path != "" && !strings.Contains(path, "//") {
				return path
			}
		default:
			return path
		}
	}
	return r.iaPathSlow(u, path, opaque)
}

// iaPathSlow is iaPath for a path that has something to decode or clean.
func (r *iaURL) iaPathSlow(u url.URL, path string, opaque bool) string {
	var stack [256]byte
	return string(appendIAPathSlow(stack[:0], path, opaque, r.hasHost, u.IsSpecial(), r.scheme == "file"))
}

// appendIAPathSlow appends to b the path of a URL (whose path is opaque if
// opaque is set, which has a host that is not empty if hasHost is set, a
// special scheme if special is set, and the scheme file if file is set)
// percent-decoded repeatedly, cleaned, and escaped once: iaPathSlow.
func appendIAPathSlow(b []byte, path string, opaque, hasHost, special, file bool) []byte {
	var scratch [256]byte
	p := scratch[:0]
	switch {
	case opaque:
		p = appendUnescapedRepeatedly(p, path)
	case hasHost:
		// GoogleURLCanonicalizer: "path = unescapeRepeatedly(url.path);
		// if url.host: path = normalizePath(path)".
		var dec [256]byte
		p = appendArchivePath(p, appendUnescapedRepeatedly(dec[:0], path))
	default:
		// A path without a host is left as it is by the archives; the
		// dot segments that decoding makes are resolved, as the URL
		// parser would resolve them in the result.
		var dec [256]byte
		p = appendResolvedPath(p, appendUnescapedRepeatedly(dec[:0], path))
	}
	// escapeOnce: "escape everything outside of 32-128, except #", and "%";
	// and, so that the result parses back to the same path, "?" and, in a
	// special URL, "\".
	esc := iaPathEscapes
	if special {
		esc = iaSpecialPathEscapes
	}
	n := len(b)
	if opaque && len(p) > 0 && p[0] == '/' {
		// A decoded opaque path that starts with "/" would parse as a
		// path of segments, or even a host.
		b = append(b, "%2F"...)
		p = p[1:]
	}
	b = appendEscaped(b, p, esc)
	if file {
		fileDriveLetter(b[n:])
	}
	return b
}

// minimalEscape returns q percent-decoded repeatedly and escaped once, as
// the archives' minimalEscape does, and lowercased if lower is set.
func minimalEscape(q string, lower bool) string {
	var stack [256]byte
	b := appendMinimalEscape(stack[:0], q)
	if lower {
		infra.LowerBytes(b)
	}
	return string(b)
}

// appendMinimalEscape appends q to b percent-decoded repeatedly and escaped
// once: minimalEscape, but for the case.
func appendMinimalEscape(b []byte, q string) []byte {
	var scratch [256]byte
	return appendEscaped(b, appendUnescapedRepeatedly(scratch[:0], q), safeBrowsingEscapes)
}

func escapeIAPath(c byte) bool        { return needsSafeBrowsingEscape(c) || c == '?' }
func escapeIASpecialPath(c byte) bool { return escapeIAPath(c) || c == '\\' }

// The sets of bytes that the archives' escapeOnce escapes in a path, and in
// the path of a special URL.
var (
	iaPathEscapes        = newByteSet(escapeIAPath)
	iaSpecialPathEscapes = newByteSet(escapeIASpecialPath)
)

// iaHost canonicalizes a domain or opaque host h: removes its leading,
// trailing and repeated dots, as GoogleURLCanonicalizer does, lowercases it
// (an opaque host may have upper-case letters), and, unless KeepWWW is set,
// removes the labels "www" and "www" with digits that start it (massageHost:
// "www12.foo.com" is "foo.com"). A host that would then be empty or not
// parse is kept as it is.
func (o SURTOptions) iaHost(h string, kind url.HostKind) (string, url.HostKind) {
	c := collapseDots(h)
	if kind == url.OpaqueHost {
		c = infra.ASCIILowercase(c)
	}
	if c == "" {
		return h, kind
	}
	if c != h && kind == url.DomainHost {
		// Without its dots a domain may be an IPv4 address ("1.2.3.4..")
		// or no host at all ("1.2.09..").
		hv, err := url.ParseHost(c)
		if err != nil {
			return h, kind
		}
		c, kind = hv.String(), hv.Kind()
	}
	if !o.KeepWWW && kind != url.IPv4Host {
		// Removing first labels leaves a valid domain valid: the last
		// label, which decides whether it is an IPv4 address, stays.
		c = stripWWW(c)
	}
	return c, kind
}

// stripWWW removes the labels that match "www\d*" at the start of the
// domain h, all of them, as webarchive-commons' massageHost does (the surt
// package removes one: "www.www.example.com" is "www.example.com" there), so
// that the result has none. A last label is never removed.
func stripWWW(h string) string {
	for strings.HasPrefix(h, "www") {
		i := 3
		for i < len(h) && '0' <= h[i] && h[i] <= '9' {
			i++
		}
		if i == len(h) || h[i] != '.' || i+1 == len(h) {
			break
		}
		h = h[i+1:]
	}
	return h
}

// appendArchivePath appends the path p, percent-decoded, normalized as the
// archives' normalizePath does for a URL with a host: an empty path is "/";
// the segments after the first "/" are read in turn, a "." skipped, a ".."
// removing the segment kept before it, empty or not; then the kept segments
// are written, each after a "/", but for the empty ones before the last. So
// "/a/b//../c" is "/a/b/c": the ".." removes the empty segment, and
// "/a//b/" is "/a/b/". A ".." with no segment kept before it, which the
// archives keep, is dropped, as the URL parser drops it
// (https://url.spec.whatwg.org/#shorten-a-urls-path): no URL can hold it.
//
// The kept segments are written into b as they come, each followed by "/"
// (an empty one is a "/" alone), so that a ".." removes the bytes back to the
// "/" before the last; each byte is written and removed at most once, and
// the empty segments are then dropped in one pass: linear time.
func appendArchivePath(b []byte, p []byte) []byte {
	start := len(b)
	b = append(b, '/')
	if len(p) == 0 {
		return b
	}
	// The archives skip what comes before the first "/": p starts with
	// one for a URL with a host.
	i := indexByte(p, '/')
	if i < 0 {
		return b
	}
	for rest := p[i+1:]; ; {
		seg, last := rest, true
		if j := indexByte(rest, '/'); j >= 0 {
			seg, rest, last = rest[:j], rest[j+1:], false
		}
		switch {
		case len(seg) == 1 && seg[0] == '.':
		case len(seg) == 2 && seg[0] == '.' && seg[1] == '.':
			b = removeLastSegment(b, start)
		default:
			b = append(b, seg...)
			b = append(b, '/')
		}
		if last {
			break
		}
	}
	// b[start:] is "/" and each kept segment followed by "/": write the
	// segments but the last followed by "/" unless empty, and the last
	// alone.
	w := start + 1
	for r := start + 1; r < len(b); {
		e := r + indexByte(b[r:], '/')
		if e == len(b)-1 {
			w += copy(b[w:], b[r:e])
			break
		}
		if e > r {
			w += copy(b[w:], b[r:e+1])
		}
		r = e + 1
	}
	return b[:w]
}

// appendResolvedPath appends the path p with its "." and ".." segments
// resolved as the URL parser resolves them, keeping empty segments.
func appendResolvedPath(b []byte, p []byte) []byte {
	if indexByte(p, '.') < 0 {
		return append(b, p...)
	}
	start := len(b)
	if len(p) > 0 && p[0] == '/' {
		p = p[1:]
	}
	for done := false; !done; {
		seg := p
		if i := indexByte(p, '/'); i >= 0 {
			seg, p = p[:i], p[i+1:]
		} else {
			done = true
		}
		switch string(seg) {
		case ".":
			if done {
				b = append(b, '/')
			}
		case "..":
			if n := len(b); n > start {
				j := n - 1
				for j > start && b[j] != '/' {
					j--
				}
				b = b[:j]
			}
			if done {
				b = append(b, '/')
			}
		default:
			b = append(b, '/')
			b = append(b, seg...)
		}
	}
	if len(b) == start {
		b = append(b, '/')
	}
	return b
}

// fileDriveLetter writes in place a first path segment p of a file: URL
// that decoding has made a Windows drive letter ("/c:/…" or "/c|/…") as
// the URL parser writes it, "c:" (https://url.spec.whatwg.org/#path-state),
// with or without a host: "file://h/c%7C/x", which the parser keeps so, has
// the key of "file://h/c|/x", which it reads as "file://h/c:/x".
func fileDriveLetter(p []byte) {
	if len(p) < 3 || p[0] != '/' || !infra.IsASCIIAlpha(int(p[1])) || p[2] != ':' && p[2] != '|' || len(p) > 3 && p[3] != '/' {
		return
	}
	p[2] = ':'
}

// alphaReorderQuery sorts the parameters of q as the archives'
// alphaReorderQuery does: by name, then a parameter without "=" before one
// with it ("a" before "a="), then by value, all as bytes.
func alphaReorderQuery(q string) string {
	// Most queries have one parameter, or are sorted already: check
	// without allocating.
	if strings.IndexByte(q, '&') < 0 || iaQuerySorted(q) {
		return q
	}
	params := strings.Split(q, "&")
	slices.SortFunc(params, cmpIAParam)
	return strings.Join(params, "&")
}

// stripQuerySessionIDs removes the session identifiers from the query q as
// the archives do (URLRegexTransformer.stripQuerySessionID), to give their
// keys: each of their five patterns in turn, on what the one before left,
// removes its last match in q. A match is "jsessionid=", "phpsessid=" or
// "sid=" and 32 ASCII letters or digits, "aspsessionid", 8 letters, "=" and
// 24 letters, or "cfid=", a value, "&cftoken=" and a value (the values not
// empty, without "&"), ignoring ASCII case, which ends the query or an "&"
// follows; it starts anywhere, not only at a parameter. It is removed with
// the "&" after it, so that what precedes it in its parameter joins the
// parameter after it: "ssid=…&lang=en" is "slang=en", "a=1&sid=…" is "a=1&".
// Only the last match of each pattern is removed: "sid=…&sid=…" is "sid=…&",
// which the same steps would make empty.
func stripQuerySessionIDs(q string) string {
	if !mayHaveSessionID(q) {
		return q
	}
	// The patterns try only the ends of q's parameters, from the last:
	// they are found once, and again only after a pattern removes a match.
	var buf [16]int // (on the stack, for the parameters of most queries)
	ends := paramEnds(buf[:0], q)
	for _, p := range querySessionIDs {
		if r := cutLastSessionID(q, ends, p.key, p.n, p.class); len(r) != len(q) {
			q, ends = r, paramEnds(buf[:0], r)
		}
	}
	return cutLastCFID(q, ends)
}

// querySessionIDs are the archives' first four patterns of a session
// identifier in a query, in their order, as cutLastSessionID takes them.
var querySessionIDs = [...]struct {
	key   string
	n     int
	class func(byte) bool
}{
	{"jsessionid=", 32, isAlnum},
	{"phpsessid=", 32, isAlnum},
	{"sid=", 32, isAlnum},
	{"aspsessionid", 0, nil},
}

// paramEnds appends to ends, and returns, the offset in q of each "&" and
// then len(q): where each parameter of q ends, in order.
func paramEnds(ends []int, q string) []int {
	for i := 0; ; {
		j := strings.IndexByte(q[i:], '&')
		if j < 0 {
			return append(ends, len(q))
		}
		ends = append(ends, i+j)
		i += j + 1
	}
}

// cutLastSessionID removes from q the last match of key (lowercase, compared
// ignoring ASCII case) and n bytes for which class reports true (or, if class
// is nil, ASP's "aspsessionid", 8 letters, "=" and 24 letters) that ends q
// or an "&" follows, with that "&". A match ends where q ends or before an
// "&" (ends, q's paramEnds), and has a fixed length: only those ends are
// tried, from the last.
func cutLastSessionID(q string, ends []int, key string, n int, class func(byte) bool) string {
	m := len(key) + n
	if class == nil {
		m = len(key) + 8 + 1 + 24
	}
	for k := len(ends) - 1; k >= 0 && ends[k] >= m; k-- {
		end := ends[k]
		if p := end - m; hasPrefixFold(q[p:], key) && matchesID(q[p+len(key):end], class) {
			if end == len(q) {
				return q[:p]
			}
			return q[:p] + q[end+1:]
		}
	}
	return q
}

// matchesID reports whether id is made of bytes for which class reports
// true, or, if class is nil, is 8 ASCII letters, "=" and 24 ASCII letters.
func matchesID(id string, class func(byte) bool) bool {
	if class != nil {
		return allASCII(id, class)
	}
	alpha := func(c byte) bool { return infra.IsASCIIAlpha(int(c)) }
	return allASCII(id[:8], alpha) && id[8] == '=' && allASCII(id[9:], alpha)
}

// cutLastCFID removes from q the last match of the archives' ColdFusion
// pattern, "cfid=" and a value, "&cftoken=" and a value (the values not
// empty, without "&", the names ignoring ASCII case), which ends q or an "&"
// follows, with that "&". For each end from the last (ends, q's
// paramEnds), the "cftoken=" starts after the "&" before it, and "cfid="
// after the "&" before that one: the last "cfid=" there that leaves its
// value not empty.
func cutLastCFID(q string, ends []int) string {
	const token = "cftoken="
	for k := len(ends) - 1; k >= 1; k-- {
		end, t := ends[k], ends[k-1] // t: the "&" before "cftoken="
		if end-(t+1) <= len(token) || !hasPrefixFold(q[t+1:], token) {
			continue
		}
		c := -1 // the "&" before the cfid parameter's start, or -1
		if k >= 2 {
			c = ends[k-2]
		}
		if t-1 < c+1 {
			continue
		}
		if p := lastIndexFold(q[c+1:t-1], "cfid="); p >= 0 {
			p += c + 1
			if end == len(q) {
				return q[:p]
			}
			return q[:p] + q[end+1:]
		}
	}
	return q
}

// stripPathSessionIDs removes from the path p the session segments of
// ASP.NET's cookieless sessions as the archives do
// (URLRegexTransformer.stripPathSessionID): first the last segment that is
// "(" and one or more of (an ASCII letter, "(", 24 ASCII letters or digits,
// ")") and ")", then, in what is left, the last that is "(", 24 letters or
// digits and ")", each where a "/" comes before it and a "/" after it, and
// then, before any "?", ".aspx" somewhere after the next byte. A "?" that
// decoding left in the path is escaped here ("%3F"), where the archives
// leave it bare: it counts as a "?". In the path of a file: URL (file set),
// the segment stays where removing it would make a Windows drive letter the
// first segment, which the URL parser reads as a drive letter
// (https://url.spec.whatwg.org/#path-state) and writes "c:" for "c|".
func stripPathSessionIDs(p string, file bool) string {
	if strings.IndexByte(p, '(') < 0 || lastIndexFold(p, ".aspx") < 0 {
		return p
	}
	p = cutLastASPSegment(p, isASPSessionGroups, file)
	return cutLastASPSegment(p, isASPSessionID, file)
}

// cutLastASPSegment removes the last segment of p that stripPathSessionIDs
// would remove for the pattern match. It looks at the segments from the
// last, and finds the first "?" and ".aspx" after each by scanning only the
// bytes that the segments after it have not scanned: linear time.
func cutLastASPSegment(p string, match func(string) bool, file bool) string {
	// q is the index of the first "?" (or "%3F") at or after qFrom, or
	// len(p); x that of the first ".aspx" at or after xFrom, or len(p).
	q, qFrom := len(p), len(p)
	x, xFrom := len(p), len(p)
	for slash := strings.LastIndexByte(p, '/'); slash > 0; {
		start := strings.LastIndexByte(p[:slash], '/') + 1 // the segment is p[start:slash]
		if start == 0 {
			break
		}
		if rest := slash + 1; match(p[start:slash]) {
			for ; qFrom > rest; qFrom-- {
				if i := qFrom - 1; p[i] == '?' || i+3 <= len(p) && p[i] == '%' && p[i+1] == '3' && p[i+2]|0x20 == 'f' {
					q = i
				}
			}
			for ; xFrom > rest+1; xFrom-- {
				if i := xFrom - 1; i+5 <= len(p) && p[i] == '.' && equalFoldASCII(p[i+1:i+5], "aspx") {
					x = i
				}
			}
			if x < len(p) && x < q && !(file && start == 1 && startsWithDriveLetterSegment(p[rest:])) {
				return p[:start] + p[rest:]
			}
		}
		slash = start - 1
	}
	return p
}

// startsWithDriveLetterSegment reports whether the first segment of the
// path rest (which follows a "/") is a Windows drive letter.
func startsWithDriveLetterSegment(rest string) bool {
	return len(rest) >= 2 && infra.IsWindowsDriveLetter(rest[:2]) && (len(rest) == 2 || rest[2] == '/')
}

// isASPSessionID reports whether seg is "(" 24 ASCII letters or digits ")".
func isASPSessionID(seg string) bool {
	return len(seg) == 26 && seg[0] == '(' && seg[25] == ')' && allASCII(seg[1:25], isAlnum)
}

// isASPSessionGroups reports whether seg is "(" one or more of (an ASCII
// letter and isASPSessionID) ")".
func isASPSessionGroups(seg string) bool {
	if len(seg) < 2 || seg[0] != '(' || seg[len(seg)-1] != ')' {
		return false
	}
	inner := seg[1 : len(seg)-1]
	if len(inner) == 0 || len(inner)%27 != 0 {
		return false
	}
	for ; len(inner) > 0; inner = inner[27:] {
		if !infra.IsASCIIAlpha(int(inner[0])) || !isASPSessionID(inner[1:27]) {
			return false
		}
	}
	return true
}

func isAlnum(c byte) bool { return infra.IsASCIIAlpha(int(c)) || '0' <= c && c <= '9' }

func allASCII(s string, f func(byte) bool) bool {
	for i := 0; i < len(s); i++ {
		if !f(s[i]) {
			return false
		}
	}
	return true
}

// hasPrefixFold reports whether s starts with the lowercase ASCII prefix,
// ignoring ASCII case.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && equalFoldASCII(s[:len(prefix)], prefix)
}

// containsFold reports whether s contains the lowercase ASCII string sub,
// ignoring ASCII case.
func containsFold(s, sub string) bool { return lastIndexFold(s, sub) >= 0 }

// lastIndexFold returns the index of the last instance of the lowercase ASCII
// string sub in s, ignoring ASCII case, or -1.
func lastIndexFold(s, sub string) int {
	for i := len(s) - len(sub); i >= 0; i-- {
		if s[i]|0x20 == sub[0] && equalFoldASCII(s[i:i+len(sub)], sub) {
			return i
		}
	}
	return -1
}

// Canonical returns the URL that u's SURT is the key of: u canonicalized by
// the archives' rules (see SURTOptions.SURT), written as a URL. With the zero
// options "http://www.Example.com/A/?b=2&a=1#f" is
// "http://example.com/a?a=1&b=2", as the Internet Archive's
// DefaultIAURLCanonicalizer writes it. The error means a bug.
func (o SURTOptions) Canonical(u url.URL) (url.URL, error) {
	if !u.IsValid() {
		return u, nil
	}
	if u.Scheme() == "filedesc" {
		return url.Parse(u.HrefExcludingFragment())
	}
	s, _ := o.canonicalWritten(&u)
	v, err := url.Parse(s)
	if err != nil {
		return url.URL{}, errCanonical
	}
	return v, nil
}

// canonicalString returns the href of o.Canonical(u), but for the zero URL:
// what canonicalWritten writes, read back with url.Parse where that may
// write it otherwise.
func (o SURTOptions) canonicalString(u *url.URL) string {
	s, href := o.canonicalWritten(u)
	if href {
		return s
	}
	if v, err := url.Parse(s); err == nil {
		return v.Href()
	}
	return s // Canonical's errCanonical: a bug
}

// canonicalWritten returns u's canonical URL as the archives' rules write it
// (o.Canonical parses it), and whether it is known to be the href of the URL
// it parses to: it is when it is u's href or a prefix of it, or when the fast
// path wrote it from the href's bytes with none decoded.
func (o SURTOptions) canonicalWritten(u *url.URL) (_ string, href bool) {
	if u.Scheme() == "filedesc" {
		return u.HrefExcludingFragment(), true
	}
	var stack [256]byte
	if b, ok, decoded := o.appendIAFast(iaBuffer(stack[:0], u), u, false); ok {
		// Most canonical URLs are the href, or the href without its
		// end (a "/", an empty query).
		if h := u.HrefExcludingFragment(); len(b) <= len(h) && string(b) == h[:len(b)] {
			return h[:len(b)], true
		}
		return string(b), !decoded
	}
	return o.canonicalSlow(*u), false
}

// canonicalSlow is canonicalWritten's string for every URL but the zero URL
// and a filedesc: URL, by the general path.
func (o SURTOptions) canonicalSlow(u url.URL) string {
	r := o.ia(u)
	var stack [256]byte
	return string(r.appendURL(r.buffer(stack[:0]), false))
}

// buffer returns stack, or a new buffer when r written as a URL or SURT may
// not fit in stack, so that writing it allocates only its string.
func (r iaURL) buffer(stack []byte) []byte {
	if n := len(r.scheme) + len(r.host) + len(r.port) + len(r.path) + len(r.query) + 16; n > cap(stack) {
		return make([]byte, 0, n)
	}
	return stack
}

// appendURL appends r written as a URL, or, if key is set, as the key of a
// SURT of a URL without a host, which leaves out a file: URL's empty host as
// the archives do ("file:/x", where the URL serializer writes "file:///x").
func (r iaURL) appendURL(b []byte, key bool) []byte {
	b = append(b, r.scheme...)
	b = append(b, ':')
	if r.hasHost || !key && r.scheme == "file" {
		b = append(b, "//"...)
		b = append(b, r.host...)
		if r.port != "" {
			b = append(b, ':')
			b = append(b, r.port...)
		}
	} else if strings.HasPrefix(r.path, "//") {
		// As the URL serializer does, so that the path does not read
		// as a host.
		b = append(b, "/."...)
	}
	b = r.appendPath(b)
	if r.hasQuery {
		b = append(b, '?')
		b = append(b, r.query...)
	}
	return b
}

// appendPath appends r's path, lowercased if r.lowerPath.
func (r iaURL) appendPath(b []byte) []byte {
	n := len(b)
	b = append(b, r.path...)
	if r.lowerPath {
		infra.LowerBytes(b[n:])
	}
	return b
}

// SURT returns u's SURT with the Internet Archive's default options: the
// key of u in a CDX index. It is SURTOptions{}.SURT(u).
//
//	http://www.Example.com/a?b=2&a=1  →  com,example)/a?a=1&b=2
func SURT(u url.URL) string { return (&SURTOptions{}).surt(&u) }

// AppendSURT appends u's SURT with the Internet Archive's default options
// to b and returns the extended buffer: SURTOptions{}.AppendSURT(b, u).
func AppendSURT(b []byte, u url.URL) []byte { return (&SURTOptions{}).appendSURT(b, &u) }

// SURT returns the SURT form of u (Sort-friendly URI Reordering Transform),
// the key under which web archives index a capture of u: the host's labels
// in reverse order, separated by commas and closed by ")", then the path and
// query. With the zero options it is the key of the Internet Archive's
// Wayback Machine and of pywb (the surt Python package's surt.surt, and
// webarchive-commons' WaybackURLKeyMaker):
//
//	http://www.Example.com/a?b=2&a=1            →  com,example)/a?a=1&b=2
//	https://www34.archive.org:8443/Goo/?b&a#top →  org,archive:8443)/goo?a&b
//	http://192.0.2.1/info/                      →  1,2,0,192)/info
//	mailto:Foo@example.com                      →  mailto:foo@example.com
//
// The steps, on the URL the URL Standard's parser has read from the input
// (so the scheme and a domain are lowercase and a domain is in Punycode, an
// IPv4 address is in dotted decimal whatever its spelling, the default port
// is gone, and dot segments are resolved):
//
//  1. The fragment, username and password are dropped.
//  2. A domain or opaque host loses its leading, trailing and repeated
//     dots and is lowercased; a first label "www" or "www" and digits is
//     removed (all such labels, as webarchive-commons removes them), unless
//     KeepWWW. A host that this would leave empty or invalid is kept.
//  3. The path is percent-decoded repeatedly until no escape is left; with
//     a host, it is normalized as the archives' normalizePath does it: the
//     segments are read in turn, a "." skipped and a ".." removing the
//     segment kept before it, even an empty one ("/a/b//../c" is
//     "/a/b/c"), then empty segments but a last one are dropped
//     ("/a//b/" is "/a/b/"); then the bytes up to 0x20 and from 0x7F, "#"
//     and "%" are percent-encoded again, and, where the archives leave them
//     bare, "?" and (in an http(s) URL) "\", so that the result parses to
//     the same path. In a file: URL, a first segment "c|" is written "c:",
//     as the parser writes it.
//  4. Unless KeepCase, the path is lowercased (its escapes too).
//  5. Unless KeepSessionIDs, the session segments of ASP.NET's cookieless
//     sessions are removed from a path to an .aspx page, the last of each
//     of the archives' two patterns:
//     "/(S(4hqa0555fwsecu455xqckv45))/page.aspx" is "/page.aspx" (but see
//     KeepSessionIDs for a file: URL).
//  6. Unless KeepTrailingSlash, a "/" that ends the path is removed, but
//     for the path "/" (one: "sc:/a//" is "sc:/a/").
//  7. The query is percent-decoded repeatedly and percent-encoded once as
//     the path is (but "?" and "\" stay), rid of session identifiers as the
//     archives' patterns remove them unless KeepSessionIDs (see there),
//     lowercased unless KeepCase, and sorted unless KeepQueryOrder: by
//     name, then "a" before "a=", then by value. An empty query is dropped.
//     Like the archives, this decodes "%26" and "%3D", which can change
//     how the query splits ("q=a%26b" is "q=a&b").
//  8. The key: for a URL with a host that is not empty, the host's labels
//     reversed and joined by "," (an IPv4 address too, unless KeepIPOrder;
//     an IPv6 address without its brackets, but with them when a port
//     follows), ":" and the port if any, "," if TrailingComma, ")", the path,
//     and "?" and the query. With WithScheme, the scheme and "://(" come
//     first. A "," ")" or "%" in a label is written "%2c", "%29" or "%25",
//     so that the key can be read back. For a URL without a host (mailto:,
//     dns:, file:///…), the key is the URL itself after the steps above:
//     the scheme, ":", the path and the query. A filedesc: URL is its own
//     key, as in the archives.
//
// SURTOptions.Canonical returns the URL that the key is the key of, and, when
// WithScheme is set, SURTOptions.Parse turns the key back into that URL.
// testdata/surt.json has the archives' published examples.
//
// The key is the archives' (those of surt 0.3.1 and webarchive-commons,
// which agree), but where the URL Standard's parser has read the input
// otherwise than they do (it resolves "..", "%2e%2e" and "." segments as it
// reads the path, before any "%2F" is decoded), and in three places where
// their key is no URL's: a ".." at the root, which they keep
// ("/%252e%252e/x" is "/../x" for them) and the parser resolves, is dropped;
// a "?" that decoding leaves in the path is escaped ("%3f"), which they
// leave bare (their ASP.NET pattern, which stops at a "?", reads "%3F" as
// one); and every first label "www" and "www" and digits is removed, as
// webarchive-commons removes them, where the surt package removes one. As in
// the archives, the steps run once: where they leave a session identifier
// (step 5 and 7 remove the last match of each pattern), or a "%" of a
// percent-encoded byte that a removed match began in ("%ACfid=1&cftoken=2"
// is "%a"), or, without a host, a path that ends in "//", the canonical URL
// is not its own canonical URL, nor its key the key; canonicalizing again
// removes more.
func (o SURTOptions) SURT(u url.URL) string { return o.surt(&u) }

// AppendSURT appends the SURT form of u, as o.SURT returns it, to b and
// returns the extended buffer, as strconv's Append functions and
// netip.Addr.AppendTo do: a program that writes keys into a buffer of its
// own (the lines of a CDX index, say) makes no string for each. It
// allocates nothing for most URLs (those of the fast path, into a buffer
// with room), and as SURT does for the others: a path with an ASP.NET
// session segment or a query with a session identifier, a host with dots
// to collapse. It appends nothing for the zero URL. Unlike strconv's
// functions, it uses b's spare capacity as scratch space (it writes eight
// bytes at a time, and may start over): the bytes of b's array past the
// length it returns may change.
func (o SURTOptions) AppendSURT(b []byte, u url.URL) []byte { return o.appendSURT(b, &u) }

// surt is SURT, with the options and the URL passed by pointer, which saves
// copying them.
func (o *SURTOptions) surt(u *url.URL) string {
	if !u.IsValid() {
		return ""
	}
	if u.Scheme() == "filedesc" {
		return u.HrefExcludingFragment()
	}
	var stack [256]byte
	if b, ok, _ := o.appendIAFast(iaBuffer(stack[:0], u), u, true); ok {
		return string(b)
	}
	return o.surtSlow(*u)
}

// appendSURT is AppendSURT, with the options and the URL passed by pointer.
func (o *SURTOptions) appendSURT(b []byte, u *url.URL) []byte {
	if !u.IsValid() {
		return b
	}
	if u.Scheme() == "filedesc" {
		return append(b, u.HrefExcludingFragment()...)
	}
	// Room for the key at once; the fast path writes into it, also when
	// it then declines the URL.
	n := len(b)
	if r, ok, _ := o.appendIAFast(slices.Grow(b, iaRoom(u)), u, true); ok {
		return r
	}
	return append(b[:n], o.surtSlow(*u)...)
}

// surtSlow is o.SURT for every URL but the zero URL and a filedesc: URL, by
// the general path.
func (o SURTOptions) surtSlow(u url.URL) string {
	r := o.ia(u)
	var stack [256]byte
	b := r.buffer(stack[:0])
	if !r.hasHost {
		return string(r.appendURL(b, true))
	}
	b = o.appendSURTHost(b, r.scheme, r.host, r.kind, r.port)
	b = r.appendPath(b)
	if r.hasQuery {
		b = append(b, '?')
		b = append(b, r.query...)
	}
	return string(b)
}

// appendSURTHost appends the start of a SURT, up to its ")": the scheme and
// "://(" if o.WithScheme, the host of the kind kind (not empty) as step 8
// of SURTOptions.SURT writes it, and the port if any.
func (o SURTOptions) appendSURTHost(b []byte, scheme, host string, kind url.HostKind, port string) []byte {
	if o.WithScheme {
		b = append(b, scheme...)
		b = append(b, "://("...)
	}
	switch kind {
	case url.IPv6Host:
		if port != "" {
			b = append(b, host...)
		} else {
			b = append(b, host[1:len(host)-1]...)
		}
	case url.IPv4Host:
		if o.KeepIPOrder {
			b = append(b, host...)
			break
		}
		fallthrough
	default:
		// The labels from the last: "www.example.com" is
		// "com,example,www".
		label := func(b []byte, l string) []byte { return append(b, l...) }
		for i := 0; i < len(host); i++ {
			if c := host[i]; c == '%' || c == ',' || c == ')' {
				label = appendSURTLabel
				break
			}
		}
		end := len(host)
		for i := end - 1; i >= 0; i-- {
			if host[i] == '.' {
				b = label(b, host[i+1:end])
				b = append(b, ',')
				end = i
			}
		}
		b = label(b, host[:end])
	}
	if port != "" {
		b = append(b, ':')
		b = append(b, port...)
	}
	if o.TrailingComma {
		b = append(b, ',')
	}
	return append(b, ')')
}

// appendSURTLabel appends the host label l with "%", "," and ")" escaped.
func appendSURTLabel(b []byte, l string) []byte {
	for i := 0; i < len(l); i++ {
		switch c := l[i]; c {
		case '%':
			b = append(b, "%25"...)
		case ',':
			b = append(b, "%2c"...)
		case ')':
			b = append(b, "%29"...)
		default:
			b = append(b, c)
		}
	}
	return b
}

// Parse returns the URL whose SURT (with options o) is key: the inverse of
// SURTOptions.SURT, which exists when o.WithScheme is set. For every URL u,
// o.SURT(o.Parse(o.SURT(u))) is o.SURT(u), and o.Parse(o.SURT(u)) is
// o.Canonical(u):
//
//	http://(com,example,)/a?a=1&b=2  →  http://example.com/a?a=1&b=2
//
// It returns ErrNotInvertible without WithScheme, and an error that wraps
// a *url.ParseError, or one saying what is wrong, for a key that is not a
// SURT: among them a key whose host would not be the host of the URL it
// spells ("http://(com,ex%2fmple)/" spells http://ex/mple.com/, whose host
// is ex), and a key with a host but no "://(" ("http://com,example)/"). It
// reads a key as the parser reads the URL it spells, so it also takes keys
// that these options do not write but that name the same URL, in another
// case or with a default port ("HTTP://(com,Example:80)/").
func (o SURTOptions) Parse(key string) (url.URL, error) {
	if !o.WithScheme {
		return url.URL{}, ErrNotInvertible
	}
	i := strings.Index(key, "://(")
	if hasPrefixFold(key, "filedesc:") || i <= 0 || !isScheme(key[:i]) {
		// A URL without a host is its own key, and so is a filedesc: URL.
		u, err := url.Parse(key)
		if err == nil && u.Hostname() != "" && u.Scheme() != "filedesc" {
			return url.URL{}, notSURT(key, `SURT of a URL with a host has no "://(" before its host`)
		}
		return u, err
	}
	rest := key[i+len("://("):]
	j := strings.IndexByte(rest, ')')
	if j < 0 {
		return url.URL{}, notSURT(key, `SURT has no ")" after its host`)
	}
	hostport, after := rest[:j], rest[j+1:]
	if after != "" && after[0] != '/' && after[0] != '?' {
		return url.URL{}, notSURT(key, `SURT has no path or query right after the ")" of its host`)
	}
	if o.TrailingComma {
		hostport = strings.TrimSuffix(hostport, ",")
	}
	b := make([]byte, 0, len(key))
	b = append(b, key[:i+len("://")]...)
	n := len(b)
	var port string
	var hasPort, ipv6 bool
	switch {
	case strings.HasPrefix(hostport, "["):
		// An IPv6 address with a port: "[2001:db8::1]:8080".
		k := strings.IndexByte(hostport, ']') + 1
		if k == 0 || k < len(hostport) && hostport[k] != ':' {
			return url.URL{}, notSURT(key, `SURT has no port after the "]" of its host`)
		}
		b = append(b, hostport[:k]...)
		if hasPort = k < len(hostport); hasPort {
			port = hostport[k+1:]
		}
		ipv6 = true
	case strings.Count(hostport, ":") >= 2:
		// An IPv6 address without its brackets.
		b = append(b, '[')
		b = append(b, hostport...)
		b = append(b, ']')
		ipv6 = true
	default:
		var host string
		host, port, hasPort = strings.Cut(hostport, ":")
		for k, end := len(host)-1, len(host); k >= -1; k-- {
			if k == -1 || host[k] == ',' {
				b = append(b, url.PercentDecodeString(host[k+1:end])...)
				if k >= 0 {
					b = append(b, '.')
				}
				end = k
			}
		}
	}
	// The host the key spells must be the whole authority of the URL it
	// spells, but for the port, as the parser reads it: a label whose
	// escapes decode to "/" or "@" ("ex%2fmple", "exa%40mple") would end
	// it, or make a userinfo of what comes before, and the parser would
	// read another host; it drops a tab or newline, and a space or control
	// at the end. An empty host is none (a URL with an empty host is its
	// own key), and "http:///0" is http://0.0.0.0/.
	host, ends := string(b[n:]), "/\\?#@[]:"
	if ipv6 {
		host, ends = host[1:len(host)-1], "/\\?#@[]"
	}
	if host == "" || strings.ContainsAny(host, ends) || strings.ContainsFunc(host, isControlOrSpace) || strings.Trim(port, "0123456789") != "" {
		return url.URL{}, notSURT(key, `SURT's host is not the host of a URL`)
	}
	if hasPort {
		b = append(b, ':')
		b = append(b, port...)
	}
	b = append(b, after...)
	u, err := url.Parse(string(b))
	if err != nil {
		// The error quotes the URL the key spells; say which key.
		return url.URL{}, fmt.Errorf("canonical: SURT %s spells no URL: %w", errtext.QuoteOf(key), err)
	}
	if u.Hostname() == "" {
		// A file: URL's host "localhost", or a drive letter ("c:"), which
		// the file host state reads as none, or as the path's first
		// segment (https://url.spec.whatwg.org/#file-host-state).
		return url.URL{}, notSURT(key, `SURT's host is not the host of a URL`)
	}
	return u, nil
}

// notSURT returns the error of SURTOptions.Parse for key, which is not a
// SURT for the reason why: "canonical: " why ": " and the key, quoted.
func notSURT(key, why string) error {
	return errors.New("canonical: " + why + ": " + errtext.QuoteOf(key))
}

// isControlOrSpace reports whether r is a C0 control, a space or U+007F
// (https://infra.spec.whatwg.org/#c0-control-or-space, and DELETE).
func isControlOrSpace(r rune) bool { return r <= ' ' || r == 0x7f }

// isScheme reports whether s is a scheme: an ASCII letter, then ASCII
// alphanumerics, "+", "-" and ".": https://url.spec.whatwg.org/#scheme-state.
func isScheme(s string) bool {
	if s == "" || !infra.IsASCIIAlpha(int(s[0])) {
		return false
	}
	return allASCII(s, func(c byte) bool { return isAlnum(c) || c == '+' || c == '-' || c == '.' })
}
