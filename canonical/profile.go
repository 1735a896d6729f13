package canonical

import (
	"errors"
	"strings"

	"github.com/webstd/url"
	"github.com/webstd/url/internal/errtext"
)

// A Profile is a named canonicalization: a function from a parsed URL to its
// canonical string, the key under which URLs that fetch the same resource
// collide. Every profile is idempotent: the canonical string parses
// (url.Parse accepts it), and its own canonical string is itself.
//
// The zero Profile is Identity.
type Profile struct {
	name string
	kind profileKind
	opts *Options  // the steps of an optionsProfile
	_    [0]func() // Profiles are not comparable
}

// profileKind says which function a Profile calls. A switch on it, rather
// than a func field, lets the URL be passed by pointer without escaping to
// the heap, and saves the copies of it that each indirect call makes.
type profileKind uint8

const (
	identityProfile profileKind = iota
	optionsProfile
	safeBrowsingProfile
	iaProfile
)

// Name returns the profile's name, as Lookup takes it.
func (p Profile) Name() string {
	if p.kind == identityProfile {
		return Identity.name
	}
	return p.name
}

// Canonical returns the canonical string of u. For the zero URL it returns
// "" and no error.
func (p Profile) Canonical(u url.URL) (string, error) {
	if !u.IsValid() {
		return "", nil
	}
	switch p.kind {
	case optionsProfile:
		return p.opts.canonicalString(&u)
	case safeBrowsingProfile:
		return SafeBrowsingCanonical(u)
	case iaProfile:
		return SURTOptions{}.canonicalString(&u), nil
	}
	return u.Href(), nil
}

// CanonicalString parses s with url.Parse and returns the canonical string of
// the result, or the parse error.
func (p Profile) CanonicalString(s string) (string, error) {
	u, err := url.Parse(s)
	if err != nil {
		return "", err
	}
	return p.Canonical(u)
}

// String returns the profile's name.
func (p Profile) String() string { return p.Name() }

// The profiles, by name.
var (
	// Identity is the URL Standard's own serialization, the URL's href
	// (https://url.spec.whatwg.org/#concept-url-serializer): what the
	// parser normalizes (case of the scheme and host, Punycode, IP
	// addresses, default ports, dot segments, percent-encoding of the
	// characters that need it) and nothing else.
	//
	//	HTTP://EXAMPLE.com:80/a/../b?x#y  →  http://example.com/b?x#y
	Identity = Profile{name: "identity"}

	// Dedup is the semantic key of crawlers and caches: DedupOptions
	// applied, that is the fragment removed, the percent-encoding
	// normalized, the dots that end the host removed, the query's
	// parameters sorted by name, and an empty query removed (see Options
	// for each step).
	//
	//	HTTP://Example.COM.:80/%7euser/a%2fb?b=2&a=1&#top  →  http://example.com/~user/a%2Fb?a=1&b=2
	Dedup = DedupOptions.Profile("dedup")

	// DedupStrip is Dedup that also removes the tracking parameters of
	// TrackingParams and the session identifiers of SessionParams, from
	// the query and from the path's ";name=value" parameters.
	//
	//	https://example.com/a;jsessionid=0AB1?utm_source=x&id=7&gclid=y  →  https://example.com/a?id=7
	DedupStrip = DedupStripOptions.Profile("dedup-strip")

	// SafeBrowsing is Google Safe Browsing's canonicalization:
	// SafeBrowsingCanonical.
	SafeBrowsing = Profile{name: "safebrowsing", kind: safeBrowsingProfile}

	// IA is the Internet Archive's canonical URL, the URL that a SURT is the
	// key of: SURTOptions{}.Canonical.
	//
	//	http://www.Example.com:80/A/?b=2&a=1#f  →  http://example.com/a?a=1&b=2
	IA = Profile{name: "ia", kind: iaProfile}
)

// DedupOptions are the steps of the Dedup profile.
var DedupOptions = Options{
	DropFragment:             true,
	DropTrailingDot:          true,
	NormalizePercentEncoding: true,
	SortQuery:                true,
	DropEmptyQuery:           true,
}

// DedupStripOptions are the steps of the DedupStrip profile.
var DedupStripOptions = Options{
	DropFragment:             true,
	DropTrailingDot:          true,
	NormalizePercentEncoding: true,
	StripParams:              append(append([]string(nil), TrackingParams...), SessionParams...),
	SortQuery:                true,
	DropEmptyQuery:           true,
}

// Profiles returns the named profiles, in the order Identity, Dedup,
// DedupStrip, SafeBrowsing, IA.
func Profiles() []Profile {
	return []Profile{Identity, Dedup, DedupStrip, SafeBrowsing, IA}
}

// Lookup returns the profile with the name name ("identity", "dedup",
// "dedup-strip", "safebrowsing" or "ia"), ignoring ASCII case, or an error
// that lists the names.
func Lookup(name string) (Profile, error) {
	var names []string
	for _, p := range Profiles() {
		if equalFoldASCII(p.name, name) {
			return p, nil
		}
		names = append(names, p.name)
	}
	return Profile{}, errors.New("canonical: no profile " + errtext.QuoteOf(name) + " (profiles: " + strings.Join(names, ", ") + ")")
}
