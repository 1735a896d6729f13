package canonical

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/webstd/url"
	"github.com/webstd/url/internal/errtext"
)

// A Profile is a named canonicalization: a function from a parsed URL to its
// canonical string, the key under which URLs that fetch the same resource
// collide. Every profile's canonical string parses (url.Parse accepts it),
// and every profile but IA is idempotent: its own canonical string is
// itself. IA gives the archives' canonical URL, by steps that run once, as
// theirs do (see SURTOptions.SURT).
//
// The profiles are constants, like crypto.Hash's: what each of them does is
// fixed, and no importer can change another's keys. Options compose steps
// of one's own.
//
// The zero Profile is Identity.
type Profile uint8

// The profiles, by name.
const (
	// Identity is the URL Standard's own serialization, the URL's href
	// (https://url.spec.whatwg.org/#concept-url-serializer): what the
	// parser normalizes (case of the scheme and host, Punycode, IP
	// addresses, default ports, dot segments, percent-encoding of the
	// characters that need it) and nothing else.
	//
	//	HTTP://EXAMPLE.com:80/a/../b?x#y  →  http://example.com/b?x#y
	Identity Profile = iota

	// Dedup is the semantic key of crawlers and caches: the steps of
	// DedupOptions, that is the fragment removed, the percent-encoding
	// normalized, the dots that end the host removed, the query's
	// parameters sorted by name, and an empty query removed (see Options
	// for each step).
	//
	//	HTTP://Example.COM.:80/%7euser/a%2fb?b=2&a=1&#top  →  http://example.com/~user/a%2Fb?a=1&b=2
	Dedup

	// DedupStrip is Dedup that also removes the tracking parameters of
	// TrackingParams and the session identifiers of SessionParams, from
	// the query and from the path's ";name=value" parameters: the steps
	// of DedupStripOptions. Removing them changes nothing else
	// (Options.StripParams).
	//
	//	https://example.com/a;jsessionid=0AB1?utm_source=x&id=7&gclid=y  →  https://example.com/a?id=7
	DedupStrip

	// SafeBrowsing is Google Safe Browsing's canonicalization:
	// SafeBrowsingCanonical.
	SafeBrowsing

	// IA is the Internet Archive's canonical URL, the URL that a SURT is the
	// key of: SURTOptions{}.Canonical. It is the archives', quirks included
	// (SURTOptions.KeepSessionIDs), and not always idempotent.
	//
	//	http://www.Example.com:80/A/?b=2&a=1#f  →  http://example.com/a?a=1&b=2
	IA

	numProfiles // the number of profiles
)

// profileNames are the profiles' names, as Lookup takes them.
var profileNames = [numProfiles]string{"identity", "dedup", "dedup-strip", "safebrowsing", "ia"}

// Name returns the profile's name, as Lookup takes it. For a value that is
// not one of the profiles it returns "Profile(" and the number and ")".
func (p Profile) Name() string {
	if p < numProfiles {
		return profileNames[p]
	}
	return "Profile(" + strconv.Itoa(int(p)) + ")"
}

// String returns the profile's name.
func (p Profile) String() string { return p.Name() }

// errNoProfile is the error of Canonical for a value that is not one of the
// profiles.
var errNoProfile = errors.New("canonical: not a profile")

// notAProfile returns Canonical's error for p, a value that is not one of
// the profiles. It is a function of its own so that Canonical, which every
// key goes through, does not build the error's arguments in its frame.
//
//go:noinline
func (p Profile) notAProfile() error { return fmt.Errorf("%w: %v", errNoProfile, p) }

// Canonical returns the canonical string of u. For the zero URL it returns
// "" and no error. A Profile that is not one of the constants returns an
// error.
func (p Profile) Canonical(u url.URL) (string, error) {
	if p >= numProfiles {
		return "", p.notAProfile()
	}
	if !u.IsValid() {
		return "", nil
	}
	switch p {
	case Dedup:
		return dedupOptions.canonicalString(&u)
	case DedupStrip:
		return dedupStripOptions.canonicalString(&u)
	case SafeBrowsing:
		return SafeBrowsingCanonical(u)
	case IA:
		return (&SURTOptions{}).canonicalString(&u), nil
	}
	return u.Href(), nil // Identity
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

// DedupOptions returns the steps of the Dedup profile. Each call returns a
// new Options, which the caller may change to make its own steps: the
// profile does not change with it.
func DedupOptions() Options { return dedupOptions }

// DedupStripOptions returns the steps of the DedupStrip profile: those of
// DedupOptions, and StripParams TrackingParams and SessionParams. Each call
// returns a new Options with a new StripParams, which the caller may change:
// the profile does not change with it.
func DedupStripOptions() Options {
	o := dedupStripOptions
	o.StripParams = slices.Clone(o.StripParams)
	return o
}

// dedupOptions and dedupStripOptions are the steps of Dedup and DedupStrip,
// out of every importer's reach: DedupOptions and DedupStripOptions return
// copies.
var (
	dedupOptions = Options{
		DropFragment:             true,
		DropTrailingDot:          true,
		NormalizePercentEncoding: true,
		SortQuery:                true,
		DropEmptyQuery:           true,
	}
	dedupStripOptions = Options{
		DropFragment:             true,
		DropTrailingDot:          true,
		NormalizePercentEncoding: true,
		StripParams:              slices.Concat(trackingParams[:], sessionParams[:]),
		SortQuery:                true,
		DropEmptyQuery:           true,
	}
)

// Profiles returns the profiles, in the order Identity, Dedup, DedupStrip,
// SafeBrowsing, IA, as a new slice.
func Profiles() []Profile {
	return []Profile{Identity, Dedup, DedupStrip, SafeBrowsing, IA}
}

// Lookup returns the profile with the name name ("identity", "dedup",
// "dedup-strip", "safebrowsing" or "ia"), ignoring ASCII case, or an error
// that lists the names.
func Lookup(name string) (Profile, error) {
	for p, n := range profileNames {
		if equalFoldASCII(n, name) {
			return Profile(p), nil
		}
	}
	return Identity, errors.New("canonical: no profile " + errtext.QuoteOf(name) + " (profiles: " + strings.Join(profileNames[:], ", ") + ")")
}
