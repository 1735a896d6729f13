package canonical

import (
	"errors"
	"slices"
	"strings"

	"github.com/webstd/url"
	"github.com/webstd/url/internal/infra"
)

// Options are the steps of a semantic canonicalization, each of which maps
// URLs that fetch the same resource (as crawlers and caches assume they do)
// to one URL. They compose: Options.Apply runs the steps that are set, in
// the order of the fields below, on a URL the URL Standard's parser has
// already normalized (https://url.spec.whatwg.org/#url-parsing: lowercase
// scheme and host, Punycode, IPv4 in dotted decimal, IPv6 compressed, the
// scheme's default port removed, dot segments resolved, the characters each
// component needs percent-encoded encoded). The zero Options change nothing:
// Apply returns the URL as it is, the standard's serialization.
//
// Every step maps a canonical URL to itself, and so does any combination of
// them: Apply of Apply's result is that result.
type Options struct {
	// DropFragment removes the fragment ("#section"), which the client
	// keeps and never sends: https://example.com/a#x is
	// https://example.com/a.
	DropFragment bool

	// DropUserinfo removes the username and password.
	DropUserinfo bool

	// DropTrailingDot removes the dots that end a domain:
	// https://example.com./ is https://example.com/. A host that would be
	// empty, no valid host, or no domain without them keeps them: the
	// domain "0x7f.1.." (which the URL parser reads as a domain: its last
	// label is empty) would be the IPv4 address 127.0.0.1, another host,
	// and a file: URL's "localhost." would be "localhost", which the parser
	// reads there as the empty host.
	DropTrailingDot bool

	// StripParams lists query parameters to remove, such as the tracking
	// parameters of TrackingParams and the session identifiers of
	// SessionParams. A name matches when it equals the parameter's name
	// percent-decoded, ignoring ASCII case; a name ending in "*" matches
	// every parameter name that starts with the rest ("utm_*" matches
	// "utm_source"). Matching ";name=value" parameters are also removed
	// from the path's segments ("/cart;jsessionid=0A1B" is "/cart").
	//
	// Removing a parameter changes nothing else: the "&" or ";" that
	// delimited it goes with it, and the rest of the URL stays as it is.
	// So a segment keeps all its parameters when removing them would leave a
	// segment that the URL parser reads otherwise than as a name
	// (https://url.spec.whatwg.org/#path-state): a dot segment ("." or
	// "..", or either spelled with "%2e"), which the parser would resolve,
	// removing the segment before it, or, as the first segment of a file:
	// URL, a Windows drive letter ("C:" or "C|"), which the parser writes
	// "C:". "/a/..;jsessionid=1/b" stays as it is, where removing the
	// parameter would make it "/b", the key of another resource. (Encoding
	// the dots instead would not do: the parser reads "%2e%2e" as "..".)
	// Apply's result thus has as many path segments as u, each of them
	// what the steps make of the same segment of u.
	//
	// The slice is read, never changed or kept, by Apply and Canonical.
	StripParams []string

	// NormalizePercentEncoding normalizes the percent-encoding of the
	// username, password, opaque host, path, query and fragment as RFC 3986
	// section 6.2.2 does: a percent-encoded unreserved character (a letter,
	// a digit, "-", ".", "_" or "~") is decoded, and the hex digits of every
	// other percent-encoded byte are upper-cased. So /%7Euser/%e2%82%ac is
	// /~user/%E2%82%AC. Other bytes stay encoded, or not, as they are
	// ("%2F" is not "/", nor "%26" "&"). In a file: URL a first path
	// segment that would become a Windows drive letter ("/%43:") is left
	// as it is, but for the case of its hex digits, since the parser
	// reads "C:" there as a drive letter (and writes "C|" as "C:").
	NormalizePercentEncoding bool

	// SortQuery sorts the query's parameters by name, as bytes, keeping
	// the order of parameters with the same name ("b=1&a=2&a=1" is
	// "a=2&a=1&b=1": for many applications the order of repeated values
	// matters), and removes empty parameters ("a=1&&b=2" is "a=1&b=2").
	// Names and values are otherwise kept as they are, not re-encoded: "a"
	// and "a=" differ, and so do "+" and "%20", for some servers.
	SortQuery bool

	// DropEmptyQuery removes a query that is empty, or has become empty:
	// https://example.com/? is https://example.com/.
	DropEmptyQuery bool
}

// TrackingParams returns the query parameters that tag a link for analytics
// and do not change the resource, for Options.StripParams: Google
// Analytics' "utm_" parameters and the click identifiers of ad networks. It
// returns a new slice each time, which the caller may change.
func TrackingParams() []string { return slices.Clone(trackingParams[:]) }

// SessionParams returns the query parameters that carry a server session
// identifier, for Options.StripParams: those of Java servlets, PHP, ASP and
// ColdFusion that the Internet Archive's canonicalizer strips, by name. It
// returns a new slice each time, which the caller may change.
func SessionParams() []string { return slices.Clone(sessionParams[:]) }

// trackingParams and sessionParams are the lists that TrackingParams and
// SessionParams return: arrays, which no importer can reach.
var (
	trackingParams = [...]string{
		"utm_*", "gclid", "gclsrc", "dclid", "gbraid", "wbraid", "fbclid", "msclkid",
		"yclid", "twclid", "ttclid", "li_fat_id", "mc_cid", "mc_eid", "_ga", "_gl",
		"igshid",
	}
	sessionParams = [...]string{
		"jsessionid", "phpsessid", "aspsessionid*", "sessionid", "session_id",
		"cfid", "cftoken",
	}
)

// errCanonical is returned when a canonicalization builds a string the URL
// parser rejects. No input is known to do this; the fuzz tests look for one.
var errCanonical = errors.New("canonical: internal error: the canonical form does not parse")

// Apply returns u with the steps that o sets applied, as a URL whose href is
// the canonical string. It returns u itself (without allocating) when no step
// changes it, and the zero URL for the zero URL. An error means a bug.
func (o Options) Apply(u url.URL) (url.URL, error) {
	if !u.IsValid() {
		return u, nil
	}
	if _, hasFragment := u.Fragment(); o.keeps(&u) && !(o.DropFragment && hasFragment) {
		return u, nil
	}
	return o.apply(u)
}

// apply is Apply for a URL that is not the zero URL: the general path, which
// Apply and Options.Profile skip when o.keeps(u).
func (o Options) apply(u url.URL) (url.URL, error) {
	c := components(u)
	changed := false
	set := func(dst *string, v string) {
		if v != *dst {
			*dst, changed = v, true
		}
	}

	if o.DropFragment && c.hasFragment {
		c.hasFragment, c.fragment, changed = false, "", true
	}
	if o.DropUserinfo && (c.username != "" || c.password != "") {
		c.username, c.password, changed = "", "", true
	}
	if o.DropTrailingDot {
		set(&c.host, withoutTrailingDots(&u).String())
	}
	if len(o.StripParams) > 0 {
		if !u.HasOpaquePath() {
			set(&c.path, stripPathParams(c.path, o.StripParams, c.scheme == "file:"))
		}
		if c.hasQuery {
			set(&c.query, stripQueryParams(c.query, o.StripParams))
		}
	}
	if o.NormalizePercentEncoding {
		set(&c.username, normalizePercent(c.username))
		set(&c.password, normalizePercent(c.password))
		if u.HostKind() == url.OpaqueHost {
			set(&c.host, normalizePercent(c.host))
		}
		if c.scheme == "file:" && !u.HasOpaquePath() {
			set(&c.path, normalizeFilePath(c.path))
		} else {
			set(&c.path, normalizePercent(c.path))
		}
		set(&c.query, normalizePercent(c.query))
		set(&c.fragment, normalizePercent(c.fragment))
	}
	if o.SortQuery && c.hasQuery {
		set(&c.query, sortQuery(c.query))
	}
	if o.DropEmptyQuery && c.hasQuery && c.query == "" {
		c.hasQuery, changed = false, true
	}
	if !changed {
		return u, nil
	}
	v, err := url.Parse(c.href(u.HasHost(), u.HasOpaquePath()))
	if err != nil {
		return url.URL{}, errCanonical
	}
	return v, nil
}

// withoutTrailingDots returns u's host as DropTrailingDot leaves it: without
// the dots that end a domain (url.Host.TrimTrailingDots), but for a file:
// URL's "localhost." (or "localhost.."), which keeps them: the file host
// state reads the host "localhost" as the empty host
// (https://url.spec.whatwg.org/#file-host-state), another host.
func withoutTrailingDots(u *url.URL) url.Host {
	h := u.HostValue()
	if t := h.TrimTrailingDots(); t != h && !(u.Scheme() == "file" && t.String() == "localhost") {
		return t
	}
	return h
}

// Canonical returns the canonical string of u: the href of Apply's result,
// written without parsing it again when the steps change at most the
// fragment. For the zero URL it returns "" and no error. An error means a
// bug.
func (o Options) Canonical(u url.URL) (string, error) {
	if !u.IsValid() {
		return "", nil
	}
	return o.canonicalString(&u)
}

// parts are the components of a URL record, as its getters return them.
type parts struct {
	scheme             string // with the ":"
	username, password string
	host, port         string
	path               string
	query, fragment    string
	hasQuery           bool
	hasFragment        bool
}

func components(u url.URL) parts {
	c := parts{
		scheme:   u.Protocol(),
		username: u.Username(),
		password: u.Password(),
		host:     u.Hostname(),
		port:     u.Port(),
		path:     u.Pathname(),
	}
	c.query, c.hasQuery = u.Query()
	c.fragment, c.hasFragment = u.Fragment()
	return c
}

// href serializes c as the URL serializer does
// (https://url.spec.whatwg.org/#concept-url-serializer).
func (c parts) href(hasHost, opaquePath bool) string {
	n := len(c.scheme) + 2 + len(c.username) + 1 + len(c.password) + 1 + len(c.host) +
		1 + len(c.port) + 2 + len(c.path) + 1 + len(c.query) + 1 + len(c.fragment)
	b := make([]byte, 0, n)
	b = append(b, c.scheme...)
	if hasHost {
		b = append(b, "//"...)
		if c.username != "" || c.password != "" {
			b = append(b, c.username...)
			if c.password != "" {
				b = append(b, ':')
				b = append(b, c.password...)
			}
			b = append(b, '@')
		}
		b = append(b, c.host...)
		if c.port != "" {
			b = append(b, ':')
			b = append(b, c.port...)
		}
	} else if !opaquePath && strings.HasPrefix(c.path, "//") {
		// "If url's host is null, url does not have an opaque path,
		// url's path's size is greater than 1, and url's path[0] is the
		// empty string, then append U+002F (/) followed by U+002E (.)"
		b = append(b, "/."...)
	}
	b = append(b, c.path...)
	if c.hasQuery {
		b = append(b, '?')
		b = append(b, c.query...)
	}
	if c.hasFragment {
		b = append(b, '#')
		b = append(b, c.fragment...)
	}
	return string(b)
}

// normalizeFilePath is normalizePercent for the path of a file: URL, which
// leaves the first segment as it is (but for upper-casing hex digits) when
// decoding it would make a Windows drive letter
// (https://url.spec.whatwg.org/#windows-drive-letter).
func normalizeFilePath(p string) string {
	if len(p) == 0 || p[0] != '/' {
		return normalizePercent(p)
	}
	end := strings.IndexByte(p[1:], '/') + 1
	if end == 0 {
		end = len(p)
	}
	first := normalizePercent(p[1:end])
	if infra.IsWindowsDriveLetter(first) && first != p[1:end] {
		first = upperPercent(p[1:end])
	}
	rest := normalizePercent(p[end:])
	if first == p[1:end] && rest == p[end:] {
		return p
	}
	return "/" + first + rest
}

// upperPercent upper-cases the hex digits of s's percent-encoded bytes.
func upperPercent(s string) string {
	b := []byte(s)
	for i := 0; i < len(b); i++ {
		if infra.IsPercentEncodedByteAt(s, i) {
			for _, j := range []int{i + 1, i + 2} {
				if 'a' <= b[j] && b[j] <= 'f' {
					b[j] -= 'a' - 'A'
				}
			}
			i += 2
		}
	}
	return string(b)
}

// matchParam reports whether the parameter name raw, percent-encoded as in
// the URL, matches one of names (see Options.StripParams).
func matchParam(raw string, names []string) bool {
	name := url.PercentDecodeString(raw)
	for _, n := range names {
		if n != "" && n[0] != '*' && name != "" && name[0] < 0x80 && infra.LowerByte(name[0]) != infra.LowerByte(n[0]) {
			// The first bytes differ, and are ASCII: neither
			// comparison below can match.
			continue
		}
		if prefix, ok := strings.CutSuffix(n, "*"); ok {
			if len(name) >= len(prefix) && equalFoldASCII(name[:len(prefix)], prefix) {
				return true
			}
		} else if equalFoldASCII(name, n) {
			return true
		}
	}
	return false
}

// stripQueryParams removes the parameters of query whose names match names,
// and the "&" after each (or before, for the last).
func stripQueryParams(query string, names []string) string {
	if !hasStripParam(query, names) {
		return query
	}
	b := make([]byte, 0, len(query))
	n := 0
	for piece := range strings.SplitSeq(query, "&") {
		if stripParam(piece, names) {
			continue
		}
		if n > 0 {
			b = append(b, '&')
		}
		b = append(b, piece...)
		n++
	}
	return string(b)
}

// hasStripParam reports whether query has a parameter whose name matches
// names, which stripQueryParams removes.
func hasStripParam(query string, names []string) bool {
	for piece := range strings.SplitSeq(query, "&") {
		if stripParam(piece, names) {
			return true
		}
	}
	return false
}

// stripParam reports whether the query parameter piece ("name=value") has
// a name that matches names.
func stripParam(piece string, names []string) bool {
	name, _, _ := strings.Cut(piece, "=")
	return name != "" && matchParam(name, names)
}

// equalFoldASCII reports whether a and b are the same string ignoring ASCII
// case (https://infra.spec.whatwg.org/#ascii-case-insensitive): unlike
// strings.EqualFold, it does not fold "ſ" to "s" or "K" (Kelvin) to "k".
func equalFoldASCII(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if infra.LowerByte(a[i]) != infra.LowerByte(b[i]) {
			return false
		}
	}
	return true
}

// stripPathParams removes from each segment of the path p the ";name=value"
// parameters whose names match names, but for a segment that would then be
// a dot segment or, if file is set (the path of a file: URL), a first
// segment that would be a Windows drive letter: that one keeps its
// parameters (see Options.StripParams).
func stripPathParams(p string, names []string, file bool) string {
	if strings.IndexByte(p, ';') < 0 {
		return p
	}
	var b []byte
	done := 0 // p[:done] is in b, when b is not nil
	changed := false
	for start := 0; start < len(p); {
		// The segment p[start:end], after a "/" (or at the start of a
		// path that has none).
		if p[start] == '/' {
			start++
		}
		end := start + strings.IndexByte(p[start:], '/')
		if end < start {
			end = len(p)
		}
		seg := p[start:end]
		if i := strings.IndexByte(seg, ';'); i >= 0 && hasMatchingParam(seg[i:], names) {
			if b == nil {
				b = make([]byte, 0, len(p))
			}
			n := len(b)
			b = append(b, p[done:start]...)
			m := len(b)
			b = appendKeptParams(append(b, seg[:i]...), seg[i:], names)
			if kept := b[m:]; infra.IsSingleDotSegment(kept) || infra.IsDoubleDotSegment(kept) || file && start == 1 && infra.IsWindowsDriveLetter(kept) {
				// The segment stays as it is, written once: what is
				// in b is not written again for a later segment.
				b = append(b[:n], p[done:end]...)
			} else {
				changed = true
			}
			done = end
		}
		start = end
	}
	if !changed {
		return p
	}
	return string(append(b, p[done:]...))
}

// hasMatchingParam reports whether params, the ";name=value" parameters of
// a path segment (starting with ";"), has one whose name matches names.
func hasMatchingParam(params string, names []string) bool {
	for param := range strings.SplitSeq(params[1:], ";") {
		if name, _, _ := strings.Cut(param, "="); name != "" && matchParam(name, names) {
			return true
		}
	}
	return false
}

// appendKeptParams appends to b the ";name=value" parameters of params (a
// path segment's, starting with ";") whose names do not match names.
func appendKeptParams(b []byte, params string, names []string) []byte {
	for param := range strings.SplitSeq(params[1:], ";") {
		if name, _, _ := strings.Cut(param, "="); name != "" && matchParam(name, names) {
			continue
		}
		b = append(b, ';')
		b = append(b, param...)
	}
	return b
}

// sortQuery sorts the parameters of query by name, stably, and removes the
// empty ones.
func sortQuery(query string) string {
	if querySorted(query) {
		return query
	}
	type param struct{ piece, name string }
	params := make([]param, 0, strings.Count(query, "&")+1)
	for piece := range strings.SplitSeq(query, "&") {
		if piece == "" {
			continue
		}
		name, _, _ := strings.Cut(piece, "=")
		params = append(params, param{piece, name})
	}
	slices.SortStableFunc(params, func(a, b param) int { return strings.Compare(a.name, b.name) })
	b := make([]byte, 0, len(query))
	for i, p := range params {
		if i > 0 {
			b = append(b, '&')
		}
		b = append(b, p.piece...)
	}
	return string(b)
}

// querySorted reports whether sortQuery(query) is query: query has one
// parameter, or its parameters are sorted by name and none is empty. Most
// queries are so, and this checks without allocating.
func querySorted(query string) bool {
	if strings.IndexByte(query, '&') < 0 {
		return true
	}
	prev := ""
	for piece := range strings.SplitSeq(query, "&") {
		name, _, _ := strings.Cut(piece, "=")
		if piece == "" || name < prev {
			return false
		}
		prev = name
	}
	return true
}
