package url

import (
	"strings"

	"github.com/webstd/url/internal/infra"
)

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
	// A path stops at what the path state encodes or changes, and at "."
	// and "%", with which a dot segment starts.
	pathRun = infra.NewRun(infra.Class(infra.PathSet) | infra.ReverseSolidus | infra.DotSegmentStart)
	// The query and the fragment: the runs the query and fragment states
	// copy whole (appendPercentEncoded).
	queryRun        = infra.QuerySet.Run()
	specialQueryRun = infra.SpecialQuerySet.Run()
	fragmentRun     = infra.FragmentSet.Run()
)

// parseSerialized makes *u, which must be the zero URL, the URL that input
// parses to, and reports true, when input is one of these, with no base URL
// needed (it fills the caller's URL rather than return one: a URL is larger
// than Go returns in registers). When it reports false, *u holds what it had
// read, and the resumption says where the state machine can take over
// without reading that again (see resumption):
//
//   - scheme "://" host [":" port] [path] ["?" query] ["#" fragment], where
//     the scheme is a special scheme in lowercase, the host an ASCII domain
//     that does not end in a number, or an IPv4 address as the IPv4
//     serializer writes it (or empty, for file:), the port in shortest
//     decimal or the scheme's default port, and the path one or more
//     segments with no dot segment and nothing to percent-encode, or none;
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
// but for what the serializer writes otherwise (see serializedEdits): a
// domain in lowercase, no default port, and "/" for the empty path of a
// special URL.
func parseSerialized(u *URL, input string) (bool, resumption) {
	// The scheme, as the scheme state reads it, already lowercase.
	scheme, rest, ok := cutSchemeExcept(input, infra.ClassUpper)
	if !ok {
		return false, resumption{}
	}
	u.schemeEnd = uint32(len(scheme))
	i := len(scheme) + 1 // past ":"
	query := queryRun
	var edits serializedEdits
	port, special := defaultPort(scheme)
	switch {
	case special:
		i, edits, ok = u.scanSerializedAuthorityAndPath(input, i, port, true)
		query = specialQueryRun
	case len(rest) >= 2 && rest[0] == '/' && rest[1] == '/':
		i, edits, ok = u.scanSerializedAuthorityAndPath(input, i, port, false)
	default:
		i, ok = u.scanSerializedOpaquePath(input, i)
	}
	if !ok {
		if edits == 0 && special && port >= 0 && i > int(u.pathStart) && u.pathStart != 0 {
			// Declined inside the path of a special URL (not file: its
			// first segment may be a Windows drive letter), at a byte of
			// the segment that starts after the last "/" before it.
			seg := strings.LastIndexByte(input[:i], '/') + 1
			return false, resumption{pathState, seg}
		}
		return false, resumption{}
	}
	// The query, then the fragment, each with nothing to percent-encode (the
	// query percent-encode sets hold the "#" that ends a query).
	if i < len(input) && input[i] == '?' {
		u.queryStart = uint32(i)
		i = query.Span(input, i+1)
	}
	if i < len(input) && input[i] == '#' {
		u.fragmentStart = uint32(i)
		i = fragmentRun.Span(input, i+1)
	}
	if i < len(input) {
		// Declined inside the query or the fragment, at i.
		switch {
		case edits != 0:
			return false, resumption{}
		case u.fragmentStart != omitted:
			return false, resumption{fragmentState, i}
		case u.queryStart != omitted:
			return false, resumption{queryState, i}
		}
		return false, resumption{}
	}
	u.href = input
	if edits != 0 {
		u.edit(edits)
	}
	return true, resumption{}
}

// A resumption is where the state machine can take over an input that the
// fast path declined after reading some of it: the input before at is the
// start of the input's own serialization, with nothing the parser would
// change, and the fast path recorded its offsets. The state machine, had it
// read that far, would be in state with its pointer at at, having written
// just that: in the path state, at the first code point of a path segment
// (the segment's "/" written); in the query or fragment state, at any code
// point of the query or fragment, each of which those states encode on its
// own. The zero resumption starts over, from the scheme start state.
// (Its state is noOverride, which no run resumes at.)
type resumption struct {
	state state
	at    int
}

// serializedEdits are where the serialization of an input that the fast
// path takes differs from the input: the only changes the parser makes to
// such an input. (One word, so that an input with none, nearly every one,
// costs one test.)
type serializedEdits uint32

const (
	// editLowerHost: the domain has ASCII upper alphas, which the domain
	// parser lowercases (the host parser's domain to ASCII, in the standard
	// since June 2026, only lowercases an ASCII domain).
	editLowerHost serializedEdits = 1 << iota
	// editSlash: the path of a special URL is empty in the input, and it is
	// « the empty string » in the URL (the path start state of a special URL
	// always goes on to the path state), which the serializer writes as "/".
	editSlash
	// The other bits, from editPortShift on, hold the length of ":" and the
	// port when the port is the scheme's default, which the port state
	// makes null and the serializer leaves out.
	editPortShift = iota
)

// portLen returns the length of the default port (and its ":") that the
// serializer leaves out, or 0.
func (e serializedEdits) portLen() uint32 { return uint32(e >> editPortShift) }

// edit makes u, whose href is the input it was read from and whose offsets
// are the input's, the URL that input serializes to, with the edits e: one
// string, written once, and the offsets after each edit moved.
func (u *URL) edit(e serializedEdits) {
	input := u.href
	portStart := u.pathStart - e.portLen() // the ":" of a default port
	var b strings.Builder
	b.Grow(len(input) - int(e.portLen()) + 1)
	b.WriteString(input[:u.hostStart])
	if e&editLowerHost != 0 {
		for _, c := range []byte(input[u.hostStart:u.hostEnd]) {
			b.WriteByte(infra.LowerByte(c))
		}
	} else {
		b.WriteString(input[u.hostStart:u.hostEnd])
	}
	b.WriteString(input[u.hostEnd:portStart])
	if e&editSlash != 0 {
		b.WriteByte('/')
	}
	b.WriteString(input[u.pathStart:])
	u.href = b.String()
	// Offsets after the port move back by its length, those after an
	// inserted "/" forward by one; the path starts where the port started.
	u.pathStart = portStart
	delta := -e.portLen()
	if e&editSlash != 0 {
		delta++
	}
	if u.queryStart != omitted {
		u.queryStart += delta
	}
	if u.fragmentStart != omitted {
		u.fragmentStart += delta
	}
}

// scanSerializedAuthorityAndPath reads, from input[i] on, what follows the
// ":" of a scheme whose default port is port (-1 for none and for file:):
// "//", the host, the port and the path, as their serializations but for
// the edits e. It records their offsets in u (in input) and returns where
// the path ends, e, and false at anything else the parser would change or
// that the fast path does not handle.
func (u *URL) scanSerializedAuthorityAndPath(input string, i int, port int32, special bool) (_ int, e serializedEdits, _ bool) {
	file := special && port < 0
	if len(input) < i+2 || input[i] != '/' || input[i+1] != '/' {
		return i, e, false
	}
	i += 2
	u.usernameEnd, u.hostStart = uint32(i), uint32(i)
	// The host, read as the host state reads it (hostRun), up to the
	// authority's end or a ":", "[" or "]". An ASCII domain with no
	// forbidden domain code point is its own serialization once lowercased:
	// the domain parser only lowercases it. The opaque-host parser
	// percent-encodes the C0 control percent-encode set and refuses
	// forbidden host code points.
	refused := infra.ClassForbiddenHost | infra.Class(infra.C0ControlSet)
	if special {
		refused = infra.ClassForbiddenDomain | infra.ClassNonASCII
	}
	i, classes := hostRun(special).Scan(input, i)
	if classes&refused != 0 {
		return i, e, false
	}
	if classes&infra.ClassUpper != 0 && special {
		e = editLowerHost
	}
	u.hostEnd = uint32(i)
	switch host := input[u.hostStart:i]; {
	case host == "":
		// Only a file URL or a URL that is not special has an empty host
		// (with no port); any other fails, which the state machine reports.
		if special && !file || !special && i < len(input) && input[i] == ':' {
			return i, e, false
		}
		u.hostKind = EmptyHost
	case !special:
		u.hostKind = OpaqueHost
	case file && (e != 0 || host == "localhost"):
		return i, e, false
	case endsInANumber(host):
		// An IPv4 address, if it is one as the IPv4 serializer writes it.
		if e != 0 || !validIPv4AddressString(host) {
			return i, e, false
		}
		u.hostKind = IPv4Host
	default:
		u.hostKind = DomainHost
	}
	// The port: shortest decimal, or the default port (which the serializer
	// leaves out), not for file:.
	if i < len(input) && input[i] == ':' {
		if file {
			return i, e, false
		}
		start := i
		i++
		digits, n := scanPort(input[i:])
		if digits == 0 || n > 0xffff || (input[i] == '0' && digits > 1) {
			return i, e, false
		}
		i += digits
		if int32(n) == port {
			e |= serializedEdits(i-start) << editPortShift
		} else {
			u.setPort(uint16(n), true)
		}
	}
	u.pathStart = uint32(i)
	if i == len(input) || input[i] == '?' || input[i] == '#' {
		if special {
			e |= editSlash
		}
		return i, e, true
	}
	if input[i] != '/' {
		return i, e, false
	}
	// The list path, from its "/" to the "?", "#" or end that follows it,
	// read in plain runs as the path state reads them (plainPathRun).
	// Anything the path state would change is declined: a byte to
	// percent-encode, "\\" (a separator of a special URL, serialized as
	// "/"), a single-dot or double-dot segment (where the run stops at the
	// "/" before it, and the fast path at the segment), and for a file URL
	// a first segment that may be a Windows drive letter with "|" (any
	// whose second byte is "|").
	if file && i+2 < len(input) && input[i+2] == '|' {
		return i, e, false
	}
	i = plainPathRun(input, i+1, infra.EndsComponent|infra.ReverseSolidus)
	switch {
	case i == len(input) || input[i] == '?' || input[i] == '#':
		return i, e, true
	case input[i] == '/':
		return i + 1, e, false
	}
	return i, e, false
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
	end := opaquePathEnd(input, i)
	for ; i < end; i++ {
		if c := input[i]; c == ' ' || infra.C0ControlSet.Contains(c) {
			return i, false
		}
	}
	u.flags |= opaquePathFlag
	return i, true
}
