package url

// This file holds a fast path of the basic URL parser for the common case on
// the web: input that is already a URL's serialization, of a simple shape.
// Such input parses to a URL whose href is the input itself, so the fast
// path only has to check that nothing in it would change, and find the
// component offsets. It reads the input once, a run of bytes at a time
// (run.span: eight bytes a step, with no branch a byte), and gives up
// (returning false) at anything it is not sure of; parse then
// runs the state machine, which handles every input. FuzzFastPath holds the
// two to the same result.

// The runs of bytes the fast path takes as they are, each ended by the
// bytes of a table: the query percent-encode sets hold the "#" that ends a
// query, and the path percent-encode set the "?" and "#" that end a path.
var (
	// A lowercase ASCII domain with no forbidden domain code point is its
	// own serialization: the domain parser only lowercases it.
	domainRun = newRun(classForbiddenDomain | classUpper | classNonASCII)
	// The opaque-host parser percent-encodes the C0 control percent-encode
	// set and refuses forbidden host code points.
	opaqueHostRun = newRun(classForbiddenHost | class(c0ControlSet))
	// A path stops at what the path state encodes or changes, and at "."
	// and "%", with which a dot segment starts.
	pathRun         = newRun(class(pathSet) | reverseSolidus | dotSegmentStart)
	queryRun        = newRun(class(querySet))
	specialQueryRun = newRun(class(specialQuerySet))
	fragmentRun     = newRun(class(fragmentSet))
)

// parseSerialized makes *u, which must be the zero URL, the URL that input
// parses to, and reports true, when input is one of these, with no base URL
// needed (it fills the caller's URL rather than return one: a URL is larger
// than Go returns in registers; when it reports false, *u holds what it had
// read):
//
//   - scheme "://" host [":" port] [path] ["?" query] ["#" fragment], where
//     the scheme is a special scheme in lowercase, the host a lowercase ASCII
//     domain that does not end in a number, or an IPv4 address as the IPv4
//     serializer writes it (or empty, for file:), the port in shortest
//     decimal and not the scheme's default, and the path one or more
//     segments with no dot segment and nothing to percent-encode, or none
//     (the serializer writes the empty path of a special URL as "/");
//   - the same with a scheme that is not special, an opaque host of
//     printable ASCII without a forbidden host code point (or empty, when
//     no port follows), any port in shortest decimal, and an empty path or
//     one as above;
//   - scheme ":" opaque-path ["?" query] ["#" fragment] for a scheme that is
//     not special, with an opaque path that does not start with "/" and has
//     nothing to percent-encode and no space.
//
// The query and fragment hold nothing to percent-encode. Every byte of such
// an input is printable ASCII, so it has no leading or trailing C0 control
// or space and no tab or newline to remove. The URL's href is input itself,
// or, when a special URL's path was empty, input with "/" where the path is.
func parseSerialized(u *URL, input string) bool {
	// The scheme, as the scheme state reads it, already lowercase.
	scheme, rest, ok := cutSchemeExcept(input, classUpper)
	if !ok {
		return false
	}
	u.schemeEnd = uint32(len(scheme))
	i := len(scheme) + 1 // past ":"
	query := queryRun
	emptyPath := false
	port, special := defaultPort(scheme)
	switch {
	case special:
		i, emptyPath, ok = u.scanSerializedAuthorityAndPath(input, i, port, true)
		query = specialQueryRun
	case len(rest) >= 2 && rest[0] == '/' && rest[1] == '/':
		i, _, ok = u.scanSerializedAuthorityAndPath(input, i, port, false)
	default:
		i, ok = u.scanSerializedOpaquePath(input, i)
	}
	if !ok {
		return false
	}
	// The query, then the fragment, each with nothing to percent-encode (the
	// query percent-encode sets hold the "#" that ends a query).
	if i < len(input) && input[i] == '?' {
		u.queryStart = uint32(i)
		i = query.span(input, i+1)
	}
	if i < len(input) && input[i] == '#' {
		u.fragmentStart = uint32(i)
		i = fragmentRun.span(input, i+1)
	}
	if i < len(input) {
		return false
	}
	u.href = input
	if emptyPath {
		u.insertPathSlash()
	}
	return true
}

// insertPathSlash writes the empty path of a special URL as the serializer
// does, "/": url's path is « the empty string », since the path start state
// of a special URL always goes on to the path state.
func (u *URL) insertPathSlash() {
	at := u.pathStart
	u.href = u.href[:at] + "/" + u.href[at:]
	if u.queryStart != omitted {
		u.queryStart++
	}
	if u.fragmentStart != omitted {
		u.fragmentStart++
	}
}

// scanSerializedAuthorityAndPath reads, from input[i] on, what follows the
// ":" of a scheme whose default port is port (-1 for none and for file:):
// "//", the host, the port and the path, as their serializations. It records
// their offsets in u and returns where the path ends, whether the path is
// empty where a special URL's serialization has "/", and false at anything
// the parser would change or that the fast path does not handle.
func (u *URL) scanSerializedAuthorityAndPath(input string, i int, port int32, special bool) (int, bool, bool) {
	file := special && port < 0
	if len(input) < i+2 || input[i] != '/' || input[i+1] != '/' {
		return i, false, false
	}
	i += 2
	u.usernameEnd, u.hostStart = uint32(i), uint32(i)
	if special {
		i = domainRun.span(input, i)
	} else {
		i = opaqueHostRun.span(input, i)
	}
	u.hostEnd = uint32(i)
	switch host := input[u.hostStart:i]; {
	case host == "":
		// Only a file URL or a URL that is not special has an empty host
		// (with no port); any other fails, which the state machine reports.
		if special && !file || !special && i < len(input) && input[i] == ':' {
			return i, false, false
		}
		u.hostKind = EmptyHost
	case !special:
		u.hostKind = OpaqueHost
	case file && host == "localhost":
		return i, false, false
	case endsInANumber(host):
		// An IPv4 address, if it is one as the IPv4 serializer writes it.
		if !validIPv4AddressString(host) {
			return i, false, false
		}
		u.hostKind = IPv4Host
	default:
		u.hostKind = DomainHost
	}
	// The port: shortest decimal, not the default port, not for file:.
	if i < len(input) && input[i] == ':' {
		if file {
			return i, false, false
		}
		i++
		digits, n := scanPort(input[i:])
		if digits == 0 || n > 0xffff || int32(n) == port || (input[i] == '0' && digits > 1) {
			return i, false, false
		}
		i += digits
		u.port, u.hasPort = uint16(n), true
	}
	u.pathStart = uint32(i)
	if i == len(input) || input[i] == '?' || input[i] == '#' {
		return i, special, true
	}
	if input[i] != '/' {
		return i, false, false
	}
	i, ok := scanSerializedPath(input, i, file)
	return i, false, ok
}

// scanSerializedOpaquePath reads, from input[i] on, the opaque path that
// follows the ":" of a scheme that is not special: anything but "/" first
// (that would be a list path or an authority), no space (the parser encodes
// one before "?" or "#"), nothing in the C0 control percent-encode set. It
// records the offsets in u and returns where the path ends.
func (u *URL) scanSerializedOpaquePath(input string, i int) (int, bool) {
	u.usernameEnd, u.hostStart, u.hostEnd, u.pathStart = uint32(i), uint32(i), uint32(i), uint32(i)
	if i < len(input) && input[i] == '/' {
		return i, false
	}
	for i < len(input) && input[i] != '?' && input[i] != '#' {
		if c := input[i]; c == ' ' || c0ControlSet.contains(c) {
			return i, false
		}
		i++
	}
	u.opaquePath = true
	return i, true
}

// scanSerializedPath reads a serialized list path from input[i], which is
// "/", to the "?", "#" or end that follows it. It reports false at anything
// the path state would change: a byte to percent-encode, "\" (a separator
// of a special URL, serialized as "/"), a single-dot or double-dot segment,
// or for a file URL a first segment that is a Windows drive letter with "|"
// (it declines any first segment whose second byte is "|").
//
// It does not stop at each "/": only at "?", "#", a byte it declines, and
// "." and "%", which a dot segment starts with; there it looks back for the
// "/" that starts a segment.
func scanSerializedPath(input string, i int, file bool) (int, bool) {
	if file && i+2 < len(input) && input[i+2] == '|' {
		return i, false
	}
	for {
		i = pathRun.span(input, i+1)
		if i == len(input) {
			return i, true
		}
		if c := input[i]; byteClass[c]&dotSegmentStart == 0 {
			// The path percent-encode set holds the "?" and "#" that end
			// the path.
			return i, c == '?' || c == '#'
		}
		if input[i-1] == '/' && startsDotSegment(input[i:]) {
			return i, false
		}
	}
}

// startsDotSegment reports whether s starts with a single-dot or double-dot
// URL path segment that "/", "?", "#" or the end of s ends.
func startsDotSegment(s string) bool {
	n := 0
	for n < len(s) && n <= len("%2e%2e") && byteClass[s[n]]&endsComponent == 0 {
		n++
	}
	return n <= len("%2e%2e") && (isSingleDotSegment(s[:n]) || isDoubleDotSegment(s[:n]))
}
