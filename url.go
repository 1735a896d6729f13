package url

import "strings"

// A URL is a parsed URL: https://url.spec.whatwg.org/#concept-url.
//
// It is stored as its serialization plus the offsets of its components:
//
//	https://user:pass@example.com:8080/a/b?q=1#frag
//	     |       |    |          |    |   |   |
//	     |       |    |          |    |   |   fragmentStart (the '#')
//	     |       |    |          |    |   queryStart (the '?')
//	     |       |    |          |    pathStart
//	     |       |    |          hostEnd
//	     |       |    hostStart
//	     |       usernameEnd
//	     schemeEnd (the ':')
//
// A URL whose host is null has hostStart == hostEnd == usernameEnd ==
// schemeEnd+1. When the standard's serializer writes "/." before a path
// that would otherwise read as a host (web+demo:/.//not-a-host/), pathStart
// is after the "/.".
//
// URL is a comparable value type: == compares serializations, which is the
// standard's URL equivalence (https://url.spec.whatwg.org/#concept-url-equals),
// so a URL can be a map key. It is safe to use from several goroutines. Only
// the setters, which have pointer receivers, change it.
//
// A URL may share its serialization with the string it was parsed from
// (see [Parse]), and so keep that string's memory alive; [URL.Clone] gives
// one that holds only its own.
//
// The zero URL is not a valid URL: [URL.IsValid] reports false, and its
// getters return empty strings.
type URL struct {
	href          string
	schemeEnd     uint32
	usernameEnd   uint32
	hostStart     uint32
	hostEnd       uint32
	pathStart     uint32
	queryStart    uint32 // omitted when the query is null
	fragmentStart uint32 // omitted when the fragment is null
	port          uint16
	hostKind      HostKind
	flags         urlFlags
}

// urlFlags are a URL's booleans, in one byte: with them the URL is 48
// bytes, which Go copies in three 16-byte moves. (At 49 and more it was
// 56, copied in four that overlap, and a copy read back right after it was
// written, as a URL returned from Parse is, waited on the stores.)
type urlFlags uint8

const (
	portFlag       urlFlags = 1 << iota // the port is non-null
	opaquePathFlag                      // the path is opaque
)

// hasPort reports whether u's port is non-null.
func (u URL) hasPort() bool { return u.flags&portFlag != 0 }

// setPort sets u's port to port, or to null when ok is false.
func (u *URL) setPort(port uint16, ok bool) {
	u.port, u.flags = port, u.flags&^portFlag
	if ok {
		u.flags |= portFlag
	}
}

// omitted marks a query or fragment that is null. It is 0 because a URL's
// serialization starts with its scheme, so no "?" or "#" can be at offset 0:
// the zero URL, all of whose offsets are 0, is then consistent by
// construction, with a null query and fragment and every getter "".
const omitted = 0

// IsValid reports whether u is a parsed URL rather than the zero URL.
func (u URL) IsValid() bool { return u.href != "" }

// Href returns the URL's serialization: https://url.spec.whatwg.org/#dom-url-href.
func (u URL) Href() string { return u.href }

// String returns the URL's serialization, the same as [URL.Href].
func (u URL) String() string { return u.href }

// AppendTo appends the URL's serialization to b and returns the result.
func (u URL) AppendTo(b []byte) []byte { return append(b, u.href...) }

// Protocol returns the scheme followed by ":", for example "https:":
// https://url.spec.whatwg.org/#dom-url-protocol.
func (u URL) Protocol() string {
	if !u.IsValid() {
		return ""
	}
	return u.href[:u.schemeEnd+1]
}

// Scheme returns the URL's scheme, for example "https":
// https://url.spec.whatwg.org/#concept-url-scheme.
func (u URL) Scheme() string { return u.href[:u.schemeEnd] }

// hasCredentials reports whether the serialization holds a username or
// password, which is the standard's "includes credentials".
func (u URL) hasCredentials() bool { return u.hostStart > u.schemeEnd+3 }

// Username returns the URL's username, percent-encoded as stored:
// https://url.spec.whatwg.org/#dom-url-username.
func (u URL) Username() string {
	if !u.hasCredentials() {
		return ""
	}
	return u.href[u.schemeEnd+3 : u.usernameEnd]
}

// Password returns the URL's password, percent-encoded as stored:
// https://url.spec.whatwg.org/#dom-url-password.
func (u URL) Password() string {
	if !u.hasCredentials() || u.href[u.usernameEnd] != ':' {
		return ""
	}
	return u.href[u.usernameEnd+1 : u.hostStart-1]
}

// HasHost reports whether the URL's host is non-null. A URL such as
// "mailto:a@example.com" or "sc:/path" has a null host; "file:///path" has
// an empty, non-null host.
func (u URL) HasHost() bool { return u.hostKind != NullHost }

// Host returns the host, serialized, followed by ":" and the port when the
// port is non-null: https://url.spec.whatwg.org/#dom-url-host.
func (u URL) Host() string {
	if !u.HasHost() {
		return ""
	}
	return u.href[u.hostStart:u.pathStart]
}

// Hostname returns the host, serialized: https://url.spec.whatwg.org/#dom-url-hostname.
// An IPv6 address keeps its brackets, as in the standard: "[::1]".
func (u URL) Hostname() string { return u.href[u.hostStart:u.hostEnd] }

// Port returns the port in decimal, or "" when the port is null (which it
// is when the input gave the scheme's default port):
// https://url.spec.whatwg.org/#dom-url-port.
func (u URL) Port() string {
	if !u.hasPort() {
		return ""
	}
	return u.href[u.hostEnd+1 : u.pathStart]
}

// PortNumber returns the port as a number, and false when it is null.
func (u URL) PortNumber() (uint16, bool) {
	return u.port, u.hasPort()
}

// Pathname returns the serialized path: https://url.spec.whatwg.org/#dom-url-pathname.
func (u URL) Pathname() string { return u.href[u.pathStart:u.pathEnd()] }

// HasOpaquePath reports whether the URL's path is opaque (a single string
// rather than a list of segments), as in "mailto:a@example.com":
// https://url.spec.whatwg.org/#url-opaque-path.
func (u URL) HasOpaquePath() bool { return u.flags&opaquePathFlag != 0 }

// IsSpecial reports whether the URL's scheme is a special scheme (ftp, file,
// http, https, ws, wss): https://url.spec.whatwg.org/#is-special.
func (u URL) IsSpecial() bool { return u.IsValid() && specialScheme(u.Scheme()) }

// Search returns "?" followed by the query, or "" when the query is null or
// empty: https://url.spec.whatwg.org/#dom-url-search.
func (u URL) Search() string {
	if u.queryStart == omitted || u.queryEnd()-u.queryStart == 1 {
		return ""
	}
	return u.href[u.queryStart:u.queryEnd()]
}

// Query returns the URL's query without the "?", and whether it is non-null:
// "https://a/?" has an empty, non-null query; "https://a/" a null one.
func (u URL) Query() (string, bool) {
	if u.queryStart == omitted || !u.IsValid() {
		return "", false
	}
	return u.href[u.queryStart+1 : u.queryEnd()], true
}

// Hash returns "#" followed by the fragment, or "" when the fragment is null
// or empty: https://url.spec.whatwg.org/#dom-url-hash.
func (u URL) Hash() string {
	if u.fragmentStart == omitted || int(u.fragmentStart) == len(u.href)-1 {
		return ""
	}
	return u.href[u.fragmentStart:]
}

// Fragment returns the URL's fragment without the "#", and whether it is
// non-null.
func (u URL) Fragment() (string, bool) {
	if u.fragmentStart == omitted || !u.IsValid() {
		return "", false
	}
	return u.href[u.fragmentStart+1:], true
}

// HostKind returns the kind of the URL's host; [NullHost] when it has none.
func (u URL) HostKind() HostKind { return u.hostKind }

// pathEnd returns the offset just past the path.
func (u URL) pathEnd() uint32 {
	if u.queryStart != omitted {
		return u.queryStart
	}
	return u.queryEnd()
}

// queryEnd returns the offset just past the query (or where it would be).
func (u URL) queryEnd() uint32 {
	if u.fragmentStart != omitted {
		return u.fragmentStart
	}
	return uint32(len(u.href))
}

// authorityEnd returns the offset just past the host and port, or past the
// scheme's ":" when the host is null. It is pathStart unless the serializer
// wrote "/." before the path.
func (u URL) authorityEnd() uint32 {
	if u.hostKind == NullHost {
		return u.schemeEnd + 1
	}
	return u.pathStart
}

// HrefExcludingFragment returns the URL's serialization without its
// fragment: the URL serializer with exclude fragment set
// (https://url.spec.whatwg.org/#concept-url-serializer). For
// "https://a/b?c#d" it is "https://a/b?c".
func (u URL) HrefExcludingFragment() string { return u.href[:u.queryEnd()] }

// specialScheme reports whether scheme is one of the standard's special
// schemes: https://url.spec.whatwg.org/#special-scheme.
func specialScheme(scheme string) bool {
	_, ok := defaultPort(scheme)
	return ok
}

// specialSchemes are the special schemes, in the standard's order
// (https://url.spec.whatwg.org/#special-scheme); defaultPort is the same
// table as a switch, which a test holds to this list, for speed.
var specialSchemes = [...]string{"ftp", "file", "http", "https", "ws", "wss"}

// defaultPort returns the default port of a special scheme (-1 for "file",
// which has none), and whether scheme is special.
func defaultPort[T string | []byte](scheme T) (int32, bool) {
	switch string(scheme) {
	case "http", "ws":
		return 80, true
	case "https", "wss":
		return 443, true
	case "ftp":
		return 21, true
	case "file":
		return -1, true
	}
	return -1, false
}

// Equal reports whether u and v are equal: https://url.spec.whatwg.org/#concept-url-equals.
// Two URLs are equal when their serializations are, so Equal is the same as
// u == v: "https://EXAMPLE.com:443/a#x" equals "https://example.com/a#x",
// and differs from "https://example.com/a#y". Two zero URLs are equal.
func (u URL) Equal(v URL) bool { return u == v }

// EqualExcludingFragment reports whether u and v are equal when their
// fragments are ignored, the standard's equals with exclude fragments set
// (https://url.spec.whatwg.org/#url-equivalence): their serializations
// without the fragment are the same. "https://example.com/a#x" and
// "https://example.com/a" are equal so. It is the same as comparing, with
// ==, u and v after SetHash("") on each.
func (u URL) EqualExcludingFragment(v URL) bool {
	return u.HrefExcludingFragment() == v.HrefExcludingFragment()
}

// HostValue returns the URL's host as a [Host] value.
func (u URL) HostValue() Host { return Host{s: u.Hostname(), kind: u.hostKind} }

// Clone returns u with a serialization of its own: a copy of its href in new
// memory. A URL parsed from an input already in serialized form shares the
// input's memory (see [Parse]), so that a URL parsed from a substring of a
// 64 MiB page keeps the page alive; its Clone keeps only its own bytes.
// Clone of the zero URL is the zero URL; Clone(u) == u.
func (u URL) Clone() URL {
	u.href = strings.Clone(u.href)
	return u
}
