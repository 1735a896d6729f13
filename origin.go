package url

import "sync/atomic"

// An Origin is the origin of a URL: https://url.spec.whatwg.org/#origin and
// https://html.spec.whatwg.org/multipage/browsers.html#concept-origin.
//
// A tuple origin is a scheme, host and port; two tuple origins are equal
// (==) when those are. An opaque origin is an internal value that is equal
// only to itself: each call of [URL.Origin] that yields an opaque origin
// yields a new one, different from every other, as the standard's "a new
// opaque origin" is. Keep the value to compare it with itself later: a
// copy of an Origin is the same origin, as the value carries the opaque
// origin's identity (a number from a process-wide counter). So
// u.Origin().IsSameOrigin(u.Origin()) is false for a data: or file: URL, as
// the standard says it is ("these URLs cannot be same origin with
// themselves"), while o := u.Origin(); o.IsSameOrigin(o) is true.
//
// The zero Origin is opaque, and equal to every other zero Origin but to no
// origin that [URL.Origin] returns.
type Origin struct {
	serialized string // scheme "://" host [":" port], or "" when opaque
	schemeEnd  uint32 // the ':' after the scheme in serialized
	hostEnd    uint32 // the end of the host in serialized
	opaque     uint64 // non-zero identity of an opaque origin
}

// opaqueOrigins counts the opaque origins made so far, so that each is new.
var opaqueOrigins atomic.Uint64

func newOpaqueOrigin() Origin { return Origin{opaque: opaqueOrigins.Add(1)} }

// Origin returns the URL's origin: https://url.spec.whatwg.org/#concept-url-origin.
// For http, https, ws, wss and ftp URLs it is the tuple of scheme, host and
// port. For a blob: URL it is the origin of the URL its path parses to, when
// that is an http, https or file URL. Every other URL, file URLs included,
// has a new opaque origin.
func (u URL) Origin() Origin {
	switch u.Scheme() {
	case "blob":
		// 2. Let pathURL be the result of parsing the result of URL path
		//    serializing url. 3. If pathURL is failure, then return a new
		//    opaque origin.
		path, err := Parse(u.Pathname())
		if err != nil {
			return newOpaqueOrigin()
		}
		// 4. If pathURL's scheme is "http", "https", or "file", then return
		//    pathURL's origin.
		switch path.Scheme() {
		case "http", "https", "file":
			return path.Origin()
		}
		// 5. Return a new opaque origin.
		return newOpaqueOrigin()
	case "ftp", "http", "https", "ws", "wss":
		// Return the tuple origin (url's scheme, url's host, url's port, null).
		o := Origin{schemeEnd: u.schemeEnd, hostEnd: u.hostEnd}
		if !u.hasCredentials() {
			o.serialized = u.href[:u.pathStart]
			return o
		}
		o.serialized = u.href[:u.schemeEnd+3] + u.href[u.hostStart:u.pathStart]
		o.hostEnd = u.schemeEnd + 3 + u.hostEnd - u.hostStart
		return o
	}
	// "file": "When in doubt, return a new opaque origin." Otherwise: return a
	// new opaque origin.
	return newOpaqueOrigin()
}

// IsOpaque reports whether o is an opaque origin.
func (o Origin) IsOpaque() bool { return o.serialized == "" }

// String returns the serialization of o:
// https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin.
// It is "null" for an opaque origin, and otherwise the scheme, "://", the
// host and, when the port is non-null, ":" and the port:
// "https://example.com:8080".
func (o Origin) String() string {
	if o.IsOpaque() {
		return "null"
	}
	return o.serialized
}

// Scheme returns the scheme of a tuple origin, or "" for an opaque origin.
func (o Origin) Scheme() string { return o.serialized[:o.schemeEnd] }

// Host returns the host of a tuple origin, serialized, or "" for an opaque
// origin.
func (o Origin) Host() string {
	if o.IsOpaque() {
		return ""
	}
	return o.serialized[o.schemeEnd+3 : o.hostEnd]
}

// Port returns the port of a tuple origin in decimal, or "" when it is null
// or the origin is opaque.
func (o Origin) Port() string {
	if int(o.hostEnd) >= len(o.serialized) {
		return ""
	}
	return o.serialized[o.hostEnd+1:]
}

// IsSameOrigin reports whether o and other are the same origin
// (https://html.spec.whatwg.org/multipage/browsers.html#same-origin): two
// tuple origins with the same scheme, host and port, or an opaque origin and
// itself. It is the same as o == other.
func (o Origin) IsSameOrigin(other Origin) bool { return o == other }
