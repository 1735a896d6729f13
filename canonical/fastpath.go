package canonical

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/bits"
	"slices"
	"strings"

	"github.com/webstd/url"
	"github.com/webstd/url/internal/infra"
)

// The fast paths: most URLs have nothing that the steps of a profile
// change, or little, and these find that out in one look at each component
// and write the result once, into one buffer, where the general path (which
// stays the reference) builds each component as a string of its own. Each
// fast path either gives the general path's result or declines the URL;
// TestFastPaths runs both on the corpora, and the fuzz targets on every
// input they try.

// iaBuffer returns stack, or a new buffer when u's SURT or IA canonical URL
// may not fit in stack (iaRoom), so that writing them allocates only their
// string.
func iaBuffer(stack []byte, u *url.URL) []byte {
	if n := iaRoom(u); n > cap(stack) {
		return make([]byte, 0, n)
	}
	return stack
}

// iaRoom returns the room that u's SURT or IA canonical URL takes, with
// the eight bytes more that the fast path's word stores need. Both are at
// most 3 bytes longer than u's href (a SURT with its scheme adds "(", ","
// and ")"), unless escaping once what the href has bare (the spaces of an
// opaque path, a "%" that starts no escape) makes them longer; append then
// grows the buffer.
func iaRoom(u *url.URL) int { return len(u.Href()) + 8 }

// appendIAFast appends u's SURT (if surt is set) or IA canonical URL (if
// not) with the options o to b, as o.SURT and o.Canonical write them, for a
// URL that is not a filedesc: URL and has
//
//   - a domain that has no empty label (no dots to collapse) nor, in a
//     SURT, a byte from "%" to "," (which takes in the bytes a SURT label
//     escapes), an IP address, or an empty or null host;
//   - without a host, a path that does not start with "//" once decoded.
//
// For the others it returns false, and b holds anything: the general path
// (o.ia) takes them. It reports decoded when it percent-decoded the path or
// the query, or cleaned the path (appendIAPathSlow): then what it wrote may
// hold bytes that the URL parser writes otherwise. Each test below is the
// condition under which the step of o.ia that it stands for returns its
// input as it is, and each step is the general path's, writing into b
// instead of making a string.
func (o *SURTOptions) appendIAFast(b []byte, u *url.URL, surt bool) (_ []byte, ok, decoded bool) {
	scheme, host, kind := u.Scheme(), u.Hostname(), u.HostKind()
	hasHost := host != ""
	if hasHost {
		switch kind {
		case url.DomainHost:
			// iaHost: collapseDots returns a domain without an empty
			// label as it is (checked as the host is written, below);
			// stripWWW leaves an empty label in the domain if there is
			// one.
			if !o.KeepWWW {
				host = stripWWW(host)
			}
			if scheme == "file" && host == "localhost" {
				return b, false, false
			}
		case url.IPv4Host, url.IPv6Host:
		default:
			return b, false, false
		}
	}

	if surt && hasHost {
		// appendSURTHost, for a host without a byte to escape.
		if o.WithScheme {
			b = append(b, scheme...)
			b = append(b, "://("...)
		}
		port := u.Port()
		switch {
		case kind == url.IPv6Host && port == "":
			b = append(b, host[1:len(host)-1]...)
		case kind == url.IPv6Host, kind == url.IPv4Host && o.KeepIPOrder:
			b = append(b, host...)
		default:
			var ok bool
			if b, ok = appendReversedLabels(b, host); !ok {
				return b, false, false
			}
		}
		if port != "" {
			b = append(b, ':')
			b = append(b, port...)
		}
		if o.TrailingComma {
			b = append(b, ',')
		}
		b = append(b, ')')
	} else {
		if kind == url.DomainHost && hasEmptyLabel(host) {
			return b, false, false
		}
		b = append(b, scheme...)
		b = append(b, ':')
		if hasHost || !surt && scheme == "file" {
			// A file: URL's empty host too, but in a SURT: see appendURL.
			b = append(b, "//"...)
			b = append(b, host...)
			if port := u.Port(); port != "" {
				b = append(b, ':')
				b = append(b, port...)
			}
		}
	}

	// iaPath: the path as it is, unless it has something to decode or
	// clean (appendIAPathSlow); lowercased as appendPath writes it.
	path := u.Pathname()
	n := len(b)
	b, marked, doubleSlash := appendScanned(b, path, !o.KeepCase)
	opaque := u.HasOpaquePath()
	if marked && (hasPercent(path) || opaque && strings.IndexByte(path, ' ') >= 0) ||
		!opaque && hasHost && (path == "" || doubleSlash) {
		b = appendIAPathSlow(b[:n], path, opaque, hasHost, u.IsSpecial(), scheme == "file")
		decoded = true
		if !o.KeepCase {
			infra.LowerBytes(b[n:])
		}
		marked = true
	}
	if marked && !o.KeepSessionIDs && bytes.IndexByte(b[n:], '(') >= 0 {
		// stripPathSessionIDs, whose patterns ignore case, as the
		// general path has it before lowercasing. (Few paths have a
		// "(": the string allocated here is rare.)
		if p := string(b[n:]); containsFold(p, ".aspx") {
			if s := stripPathSessionIDs(p, scheme == "file"); len(s) != len(p) {
				b = append(b[:n], s...)
			}
		}
	}
	if !o.KeepTrailingSlash && len(b) > n+1 && b[len(b)-1] == '/' {
		b = b[:len(b)-1]
	}
	if !hasHost && bytes.HasPrefix(b[n:], []byte("//")) {
		// Written with "/." before it.
		return b, false, false
	}

	// The query, decoded and escaped once if it has a "%" (minimalEscape),
	// lowercased, without session identifiers, sorted. An empty query
	// is no query (query_strip_empty).
	if query, _ := u.Query(); query != "" {
		b = append(b, '?')
		n := len(b)
		if hasPercent(query) {
			b = appendMinimalEscape(b, query)
			decoded = true
			if !o.KeepCase {
				infra.LowerBytes(b[n:])
			}
		} else if o.KeepCase {
			b = append(b, query...)
		} else {
			b = infra.AppendLower(b, query)
		}
		if !o.KeepSessionIDs && (o.KeepCase && mayHaveSessionID(b[n:]) || !o.KeepCase && mayHaveLowerSessionID(b[n:])) {
			q := string(b[n:])
			if s := stripQuerySessionIDs(q); len(s) != len(q) {
				b = append(b[:n], s...)
			}
			if len(b) == n {
				// Nothing left: no query.
				return b[:n-1], true, decoded
			}
		}
		if !o.KeepQueryOrder && bytes.IndexByte(b[n:], '&') >= 0 {
			b = sortIAQueryInPlace(b, n)
		}
	}
	return b, true, decoded
}

// sortIAQueryInPlace sorts the parameters of the query b[n:] as
// alphaReorderQuery does, in b: the sorted query is written after it and
// moved back, so that only a query longer than b's room, or with more
// parameters than a small array holds, allocates. The parameters' offsets
// are from n, not from the start of b, which AppendSURT's caller gives and
// which may be longer than an int32 counts.
func sortIAQueryInPlace(b []byte, n int) []byte {
	q := b[n:]
	if len(q) > math.MaxInt32 {
		return append(b[:n], alphaReorderQuery(string(q))...)
	}
	var stack [32]iaParam
	params := stack[:0]
	for start := 0; ; {
		end := start + bytes.IndexByte(q[start:], '&')
		if end < start {
			end = len(q)
		}
		if len(params) == cap(params) {
			return append(b[:n], alphaReorderQuery(string(q))...)
		}
		eq := start + bytes.IndexByte(q[start:end], '=')
		if eq < start {
			eq = end
		}
		params = append(params, iaParam{int32(start), int32(eq), int32(end)})
		if end == len(q) {
			break
		}
		start = end + 1
	}
	// Insertion sort: stable, and at most 32 parameters. Most queries
	// are sorted already, which it finds in one pass.
	sorted := true
	for i := 1; i < len(params); i++ {
		for j := i; j > 0 && params[j-1].cmp(q, params[j]) > 0; j-- {
			params[j-1], params[j] = params[j], params[j-1]
			sorted = false
		}
	}
	if sorted {
		return b
	}
	end := len(b)
	for i, p := range params {
		if i > 0 {
			b = append(b, '&')
		}
		b = append(b, b[n+int(p.start):n+int(p.end)]...)
	}
	copy(b[n:], b[end:])
	return b[:end]
}

// An iaParam is a query parameter q[start:end] that sortIAQueryInPlace
// sorts, with its name q[start:eq] (eq is end when it has no "=").
type iaParam struct{ start, eq, end int32 }

// cmp is cmpIAParam of the parameters p and r of q, with their names
// found once: by name, then without "=" before with it, then by value.
func (p iaParam) cmp(q []byte, r iaParam) int {
	if c := bytes.Compare(q[p.start:p.eq], q[r.start:r.eq]); c != 0 {
		return c
	}
	pHas, rHas := p.eq < p.end, r.eq < r.end
	if pHas != rHas {
		if pHas {
			return 1
		}
		return -1
	}
	if !pHas {
		return 0
	}
	return bytes.Compare(q[p.eq+1:p.end], q[r.eq+1:r.end])
}

// The word-at-a-time scans below look at eight bytes of a string at once, as
// a uint64 x (little-endian, so the byte at i is bits 8i to 8i+7):
//
//   - zeroBytes(x) has the high bit set in each byte of x that is 0, and no
//     other bit: (b&0x7f)+0x7f has its high bit set when the low seven bits
//     of b are not all 0, and b itself when its high bit is;
//   - zeroBytes(x ^ c*ones) marks so the bytes of x that are c;
//   - inRange(x, lo, hi) marks the bytes of x from lo to hi (two ASCII
//     bytes): the low seven bits of a byte plus 0x80-lo has its high bit set
//     when they are lo or more, and plus 0x7f-hi when they are more than hi,
//     and no sum carries into the next byte; a byte whose high bit is set
//     is no ASCII byte.
const (
	ones = 0x0101010101010101
	lo7  = 0x7f * ones
	hi1  = 0x80 * ones
)

func zeroBytes(x uint64) uint64 { return ^((x&lo7 + lo7) | x | lo7) }

func inRange(x uint64, lo, hi byte) uint64 {
	low := x & lo7
	return (low + (0x80-uint64(lo))*ones) &^ (low + (0x7f-uint64(hi))*ones) &^ x & hi1
}

// load64 returns the eight bytes of s at i as a uint64, little-endian.
func load64(s string, i int) uint64 { return infra.Load64(s[i : i+8]) }

// appendScanned appends p to b, with its ASCII letters lowercased if lower
// is set, and reports whether p has a byte up to "(" (which takes in "%",
// "(" and " ", the bytes appendIAFast looks for in a path) and whether it
// has "//".
func appendScanned(b []byte, p string, lower bool) (_ []byte, marked, doubleSlash bool) {
	n := len(b)
	b = slices.Grow(b, len(p))[:n+len(p)]
	if len(p) < 8 {
		out := b[n:]
		for i := 0; i < len(p); i++ {
			c := p[i]
			marked = marked || c <= '('
			doubleSlash = doubleSlash || c == '/' && i > 0 && p[i-1] == '/'
			if lower && 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			out[i] = c
		}
		return b, marked, doubleSlash
	}
	marked, doubleSlash = scanPath(b[n:], p, lower)
	return b, marked, doubleSlash
}

// scanPath is appendScanned for a path p of 8 bytes or more: it copies p to
// out, lowercased if lower is set, eight bytes at a time; the last eight
// bytes may overlap the eight before, which scans some bytes twice and
// lowercases them twice, which changes nothing. For the two reports it
// only needs to know whether some byte of p is a match: anyLess and anyZero
// may also mark a byte after a match, where a borrow runs on.
func scanPath(out []byte, p string, lower bool) (marked, doubleSlash bool) {
	last := len(p) - 8
	out = out[:len(p)]
	var mark, double uint64
	for i := 0; i < last; i += 8 {
		// A "/" that the next byte also is: y is the word one byte on.
		x, y := load64(p, i), load64(p, i+1)
		mark |= anyLess(x, '('+1)
		double |= anyZero((x ^ '/'*ones) | (y ^ '/'*ones))
		if lower {
			x = infra.Lower64(x)
		}
		binary.LittleEndian.PutUint64(out[i:i+8], x)
	}
	x := load64(p, last)
	mark |= anyLess(x, '('+1)
	double |= anyZero((x ^ '/'*ones) | (x>>8 ^ '/'*ones))
	if lower {
		x = infra.Lower64(x)
	}
	binary.LittleEndian.PutUint64(out[last:], x)
	return mark&hi1 != 0, double&hi1 != 0
}

// anyLess has the high bit set in a byte of x that is less than c, an
// ASCII byte, and perhaps in the bytes after it (see scanPath): x-c*ones
// borrows in such a byte, and a byte whose high bit is set is no ASCII
// byte. The caller masks the result with hi1.
func anyLess(x uint64, c byte) uint64 { return (x - uint64(c)*ones) &^ x }

// anyZero is anyLess(x, 1): its high bits mark a zero byte of x, and perhaps
// bytes after it.
func anyZero(x uint64) uint64 { return (x - ones) &^ x }

// appendReversedLabels appends the labels of the domain (or IPv4 address) h
// in reverse order, joined by ",", as appendSURTHost writes them:
// "www.example.com" is "com,example,www". It returns false when h has an
// empty label, which collapseDots would remove, or a byte from "%" to ","
// (which takes in those that a SURT label escapes: "%", "," and ")").
func appendReversedLabels(b []byte, h string) ([]byte, bool) {
	if len(h) < 8 {
		return appendReversedLabelsShort(b, h)
	}
	n := len(b)
	b = slices.Grow(b, len(h)+8)
	ok := putReversedLabels(b[n:n+len(h)+8], h)
	return b[:n+len(h)], ok
}

// putReversedLabels writes the labels of h, of eight bytes or more, in
// reverse order and joined by ",", at the start of out, which has room for
// eight bytes more; it returns false where appendReversedLabels does.
//
// The label h[s:e] goes where h[len(h)-e:len(h)-s] is, so the result is as
// long as h. putReversedLabels reads h eight bytes at a time from its end,
// the dots of each word from the last, and writes each label when it finds
// its start: a label of at most eight bytes as one eight-byte store, whose
// bytes past the label's end are overwritten next, by the comma and the
// next label (or land in the room after the result); a longer one as
// several. Every function it uses is inlined, so the loop makes no call,
// and it picks the word to store with no branch on the label's place in h:
// with a call in the loop Go keeps the loop's values on the stack, and a
// branch that depends on where a label ends is one the processor
// mispredicts.
func putReversedLabels(out []byte, h string) bool {
	last := len(h) - 8
	w, end := 0, len(h) // out[:w] is written; h[end:] is
	for i := len(h); i > 0; i -= 8 {
		// The word h[i-8:i], or, when i is less than 8, h[:8] with the
		// bytes from i on (read already) cleared.
		at := max(i-8, 0)
		x := load64(h, at)
		if i < 8 {
			x &= 1<<(8*i&63) - 1
		}
		if inRange(x, '%', ',') != 0 {
			return false
		}
		for dots := zeroBytes(x ^ '.'*ones); dots != 0; dots &^= 1 << (63 - bits.LeadingZeros64(dots)) {
			start := at + (63-bits.LeadingZeros64(dots))/8 + 1 // after the dot
			l := end - start
			if l == 0 {
				return false
			}
			if l <= 8 {
				// The word that starts with the label, or, near the end
				// of h, the last word of h shifted down to it.
				from := min(start, last)
				binary.LittleEndian.PutUint64(out[w:w+8], load64(h, from)>>(8*(start-from)&63))
			} else {
				// Eight bytes a step, then the last eight of the label.
				for k := 0; k+8 < l; k += 8 {
					binary.LittleEndian.PutUint64(out[w+k:][:8], load64(h, start+k))
				}
				binary.LittleEndian.PutUint64(out[w+l-8:][:8], load64(h, end-8))
			}
			out[w+l] = ','
			w += l + 1
			end = start - 1
		}
	}
	if end == 0 {
		return false
	}
	// The first label, h[:end].
	for k := 0; k+8 < end; k += 8 {
		binary.LittleEndian.PutUint64(out[w+k:][:8], load64(h, k))
	}
	binary.LittleEndian.PutUint64(out[w+max(end-8, 0):][:8], load64(h, max(end-8, 0)))
	return true
}

// appendReversedLabelsShort is appendReversedLabels for a host of fewer than
// eight bytes, a byte at a time.
func appendReversedLabelsShort(b []byte, h string) ([]byte, bool) {
	end := len(h)
	for i := len(h) - 1; i >= 0; i-- {
		switch c := h[i]; {
		case c == '.':
			if i+1 == end {
				return b, false
			}
			b = append(b, h[i+1:end]...)
			b = append(b, ',')
			end = i
		case '%' <= c && c <= ',':
			return b, false
		}
	}
	if end == 0 {
		return b, false
	}
	return append(b, h[:end]...), true
}

// hasEmptyLabel reports whether the domain h starts or ends with a dot or
// has two in a row: whether collapseDots changes it.
func hasEmptyLabel(h string) bool {
	if h == "" || h[0] == '.' || h[len(h)-1] == '.' {
		return true
	}
	if len(h) < 8 {
		for i := 1; i < len(h); i++ {
			if h[i] == '.' && h[i-1] == '.' {
				return true
			}
		}
		return false
	}
	// Eight bytes at a time: a dot whose next byte (the next word's
	// first, shifted in, for the last) is a dot too.
	last := len(h) - 8
	for i := 0; i < last; i += 8 {
		x := load64(h, i)
		y := x>>8 | uint64(h[i+8])<<56
		if zeroBytes(x^'.'*ones)&zeroBytes(y^'.'*ones) != 0 {
			return true
		}
	}
	x := load64(h, last)
	return zeroBytes(x^'.'*ones)&zeroBytes(x>>8^'.'*ones) != 0
}

// mayHaveSessionID reports whether q may hold a session identifier that
// stripQuerySessionIDs removes: each of its patterns ("jsessionid=",
// "phpsessid=", "sid=", "aspsessionid", "cfid=") has "sid", "nid" or "fid"
// in it, ignoring ASCII case. When this returns false,
// stripQuerySessionIDs(q) is q.
func mayHaveSessionID[S ~string | ~[]byte](q S) bool {
	for i := 1; i+1 < len(q); i++ {
		if q[i]|0x20 == 'i' && q[i+1]|0x20 == 'd' {
			switch q[i-1] | 0x20 {
			case 's', 'n', 'f':
				return true
			}
		}
	}
	return false
}

// mayHaveLowerSessionID is mayHaveSessionID for a query without upper-case
// ASCII letters, which it looks at many bytes at a time.
func mayHaveLowerSessionID(q []byte) bool {
	// One pass from one "id" to the next, rather than a pass for each of
	// "sid", "nid" and "fid": few queries have an "id".
	for i := 1; i+1 < len(q); {
		j := bytes.IndexByte(q[i:len(q)-1], 'i')
		if j < 0 {
			return false
		}
		i += j
		if q[i+1] == 'd' {
			switch q[i-1] {
			case 's', 'n', 'f':
				return true
			}
		}
		i++
	}
	return false
}

// iaQuerySorted reports whether the parameters of q are in the order that
// alphaReorderQuery sorts them in (cmpIAParam), so that it returns q as it
// is.
func iaQuerySorted[S ~string | ~[]byte](q S) bool {
	var prev S
	for start, first := 0, true; start <= len(q); first = false {
		end := start + indexByte(q[start:], '&')
		if end < start {
			end = len(q)
		}
		if !first && cmpIAParam(prev, q[start:end]) > 0 {
			return false
		}
		prev, start = q[start:end], end+1
	}
	return true
}

// cmpIAParam compares the query parameters a and b ("name=value") as the
// archives' alphaReorderQuery orders them: by name, then a parameter without
// "=" before one with it ("a" before "a="), then by value, all as bytes.
func cmpIAParam[S ~string | ~[]byte](a, b S) int {
	an, av, ah := cutByte(a, '=')
	bn, bv, bh := cutByte(b, '=')
	if c := compareBytes(an, bn); c != 0 {
		return c
	}
	if ah != bh {
		if ah {
			return 1
		}
		return -1
	}
	return compareBytes(av, bv)
}

// cutByte slices s around the first c, as strings.Cut does.
func cutByte[S ~string | ~[]byte](s S, c byte) (before, after S, found bool) {
	if i := indexByte(s, c); i >= 0 {
		return s[:i], s[i+1:], true
	}
	return s, s[len(s):], false
}

// compareBytes compares a and b as bytes, as strings.Compare does.
func compareBytes[S ~string | ~[]byte](a, b S) int {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			if a[i] < b[i] {
				return -1
			}
			return 1
		}
	}
	switch {
	case len(a) < len(b):
		return -1
	case len(a) > len(b):
		return 1
	}
	return 0
}

// keeps reports whether the steps of o leave u as it is, but for removing
// its fragment if o.DropFragment: then Apply's result is u, or u without its
// fragment. Each test is the condition under which the step of Apply that it
// stands for changes nothing.
func (o *Options) keeps(u *url.URL) bool {
	if o.DropUserinfo && (u.Username() != "" || u.Password() != "") {
		return false
	}
	if o.DropTrailingDot && withoutTrailingDots(u) != u.HostValue() {
		return false
	}
	if o.NormalizePercentEncoding {
		// Without a "%", normalizePercent and normalizeFilePath return
		// their input.
		s := u.Href()
		if o.DropFragment {
			s = u.HrefExcludingFragment()
		}
		if hasPercent(s) {
			return false
		}
	}
	query, hasQuery := u.Query()
	if len(o.StripParams) > 0 {
		if !u.HasOpaquePath() && strings.IndexByte(u.Pathname(), ';') >= 0 {
			return false
		}
		if hasQuery && hasStripParam(query, o.StripParams) {
			return false
		}
	}
	if o.SortQuery && hasQuery && !querySorted(query) {
		return false
	}
	return !(o.DropEmptyQuery && hasQuery && query == "")
}

// canonicalString returns the href of o.Apply(u), for a URL that is not the
// zero URL, without parsing it again when the steps of o change at most its
// fragment.
func (o *Options) canonicalString(u *url.URL) (string, error) {
	if o.keeps(u) {
		if o.DropFragment {
			return u.HrefExcludingFragment(), nil
		}
		return u.Href(), nil
	}
	v, err := o.apply(*u)
	return v.Href(), err
}
