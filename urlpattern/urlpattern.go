package urlpattern

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/webstd/url/internal/errtext"
	"github.com/webstd/url/internal/infra"
)

// A Component names one of the eight components of a URL and of a
// pattern, in the standard's order: https://urlpattern.spec.whatwg.org/#url-pattern-struct.
type Component uint8

const (
	Protocol Component = iota
	Username
	Password
	Hostname
	Port
	Pathname
	Search
	Hash
)

// numComponents is the number of components.
const numComponents = 8

var componentNames = [numComponents]string{"protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"}

// String returns the standard's name of c, as JavaScript's URLPattern
// names its getters: "protocol", "username", ..., "hash".
func (c Component) String() string {
	if c < numComponents {
		return componentNames[c]
	}
	return "Component(" + strconv.Itoa(int(c)) + ")"
}

// Options are the standard's URLPatternOptions
// (https://urlpattern.spec.whatwg.org/#dictdef-urlpatternoptions). The zero
// Options is the default that [Parse] and [New] use.
type Options struct {
	// IgnoreCase makes the pathname, search and hash match without regard
	// to case (by simple case folding, as the regular expression flag "i"
	// does). The protocol, username, password, hostname and port always
	// match case-sensitively, as the standard compiles them with the
	// default options.
	IgnoreCase bool
}

// A Pattern is a compiled URL pattern, the standard's URLPattern
// (https://urlpattern.spec.whatwg.org/#urlpattern-class): a pattern for
// each of the eight components of a URL. It is safe for concurrent use.
// The zero Pattern, like a nil *Pattern, has empty pattern strings and
// matches no URL; the functions of this package return valid ones.
type Pattern struct {
	components [numComponents]*component
}

// valid reports whether p is a compiled pattern, not a nil or zero one.
func (p *Pattern) valid() bool { return p != nil && p.components[Protocol] != nil }

// patternString returns the pattern string of component c, or the empty
// string for a pattern that is not valid.
func (p *Pattern) patternString(c Component) string {
	if !p.valid() {
		return ""
	}
	return p.components[c].patternString
}

// Parse returns the pattern of the constructor string input, as
// new URLPattern(input) does in JavaScript: a URL whose components may hold
// pattern syntax, such as "https://*.example.com/books/:id". The string
// must have a protocol; use [ParseWithBase] for a relative one. Components
// it leaves out after the first one it has match anything; the username and
// password match anything unless given; a port left out with a hostname
// given is the default port.
func Parse(input string) (*Pattern, error) { return Options{}.Parse(input) }

// ParseWithBase returns the pattern of the constructor string input,
// resolved against the base URL baseURL, as new URLPattern(input, baseURL)
// does: "/books/:id" against "https://example.com" is the pattern of
// "https://example.com/books/:id".
func ParseWithBase(input, baseURL string) (*Pattern, error) {
	return Options{}.ParseWithBase(input, baseURL)
}

// New returns the pattern of the components of init, as
// new URLPattern(init) does: a component that is nil matches anything,
// unless init's BaseURL supplies it.
func New(init Init) (*Pattern, error) { return Options{}.New(init) }

// MustParse is like [Parse] but panics when input is not a valid pattern.
// It is for patterns written in the source code.
func MustParse(input string) *Pattern {
	p, err := Parse(input)
	if err != nil {
		panic(err)
	}
	return p
}

// Parse is like the function [Parse], with o's options: new URLPattern(input, options).
func (o Options) Parse(input string) (*Pattern, error) {
	return create(patternInput{str: input}, nil, o)
}

// ParseWithBase is like the function [ParseWithBase], with o's options:
// new URLPattern(input, baseURL, options).
func (o Options) ParseWithBase(input, baseURL string) (*Pattern, error) {
	return create(patternInput{str: input}, &baseURL, o)
}

// New is like the function [New], with o's options: new URLPattern(init, options).
func (o Options) New(init Init) (*Pattern, error) {
	return create(patternInput{init: &init}, nil, o)
}

// A patternInput is the standard's URLPatternInput: a string (init nil) or
// a URLPatternInit.
type patternInput struct {
	str  string
	init *Init
}

// wildcard is the "*" that create gives the components an init leaves out.
var wildcard = "*"

// create implements https://urlpattern.spec.whatwg.org/#url-pattern-create.
// Its error is sealed (see sealed).
func create(input patternInput, baseURL *string, opts Options) (_ *Pattern, err error) {
	// 1. Let init be null.
	var init Init
	defer func() {
		if err != nil {
			err = sealed(err, secretsOf(input.str, &init, input.init == nil))
		}
	}()
	// 2. If input is a scalar value string then:
	if input.init == nil {
		// 2.1. Set init to the result of running parse a constructor string
		//      given input.
		var err error
		if init, err = parseConstructorString(toUSVString(input.str)); err != nil {
			return nil, err
		}
		// 2.2. If baseURL is null and init["protocol"] does not exist, then
		//      throw a TypeError.
		if baseURL == nil && init.Protocol == nil {
			return nil, &Error{Kind: ErrMissingProtocol, Input: input.str}
		}
		// 2.3. If baseURL is not null, set init["baseURL"] to baseURL.
		if baseURL != nil {
			init.BaseURL = new(toUSVString(*baseURL))
		}
	} else {
		// 3.1. Assert: input is a URLPatternInit. 3.2. If baseURL is not
		//      null, then throw a TypeError. 3.3. Set init to input.
		if baseURL != nil {
			return nil, &Error{Kind: ErrBaseURLWithInit, Input: *baseURL}
		}
		init = input.init.usv()
	}
	// 4. Let processedInit be the result of process a URLPatternInit given
	//    init, "pattern", null, null, null, null, null, null, null, and null.
	processed, err := processInit(&init, typePattern)
	if err != nil {
		return nil, err
	}
	// 5. For each componentName of « "protocol", "username", "password",
	//    "hostname", "port", "pathname", "search", "hash" »: if
	//    processedInit[componentName] does not exist, then set it to "*".
	for c := Protocol; c <= Hash; c++ {
		if f := processed.field(c); *f == nil {
			*f = &wildcard // (processed is read from here on, never written through)
		}
	}
	// 6. If processedInit["protocol"] is a special scheme and
	//    processedInit["port"] is a string which represents its
	//    corresponding default port in radix-10 using ASCII digits then set
	//    processedInit["port"] to the empty string.
	if isDefaultPort(*processed.Protocol, *processed.Port) {
		processed.Port = new("")
	}
	// 7. Let urlPattern be a new URL pattern.
	p := &Pattern{}
	compile := func(c Component, callback encodingCallback, o options) error {
		comp, err := compileShared(**processed.field(c), callback, o)
		if err != nil {
			return withComponent(err, c)
		}
		p.components[c] = comp
		return nil
	}
	// 8. to 10. The protocol, username and password components, with the
	//    default options.
	if err := compile(Protocol, canonicalizeProtocol, defaultOptions); err != nil {
		return nil, err
	}
	if err := compile(Username, canonicalizeUsername, defaultOptions); err != nil {
		return nil, err
	}
	if err := compile(Password, canonicalizePassword, defaultOptions); err != nil {
		return nil, err
	}
	// 11. If the result running hostname pattern is an IPv6 address given
	//     processedInit["hostname"] is true, then compile the hostname
	//     component with canonicalize an IPv6 hostname and hostname
	//     options. 12. Otherwise with canonicalize a hostname.
	hostnameCallback := canonicalizeHostname
	if hostnamePatternIsIPv6Address(*processed.Hostname) {
		hostnameCallback = canonicalizeIPv6Hostname
	}
	if err := compile(Hostname, hostnameCallback, hostnameOptions); err != nil {
		return nil, err
	}
	// 13. The port component, with canonicalize a port and the default
	//     options.
	if err := compile(Port, canonicalizePort, defaultOptions); err != nil {
		return nil, err
	}
	// 14. Let compileOptions be a copy of the default options with the
	//     ignore case property set to options["ignoreCase"].
	compileOptions := defaultOptions
	compileOptions.ignoreCase = opts.IgnoreCase
	// 15. If the result of running protocol component matches a special
	//     scheme given urlPattern's protocol component is true, then compile
	//     the pathname component with canonicalize a pathname and a copy of
	//     the pathname options with the ignore case property set to
	//     options["ignoreCase"]. 16. Otherwise with canonicalize an opaque
	//     pathname and compileOptions.
	if p.components[Protocol].matchesSpecialScheme() {
		pathOptions := pathnameOptions
		pathOptions.ignoreCase = opts.IgnoreCase
		if err := compile(Pathname, canonicalizePathname, pathOptions); err != nil {
			return nil, err
		}
	} else if strings.HasPrefix(**processed.field(Pathname), "/") {
		// (Not the standard's step, which canonicalizes an opaque
		// pathname: see canonicalizeHierarchicalPathname.)
		if err := compile(Pathname, canonicalizeHierarchicalPathname, compileOptions); err != nil {
			return nil, err
		}
		// (A copy: compiled components are shared, and never changed.)
		comp := *p.components[Pathname]
		comp.generate = canonicalizeOpaquePathname
		p.components[Pathname] = &comp
	} else if err := compile(Pathname, canonicalizeOpaquePathname, compileOptions); err != nil {
		return nil, err
	}
	// 17. The search component, with canonicalize a search and
	//     compileOptions. 18. The hash component, with canonicalize a hash
	//     and compileOptions.
	if err := compile(Search, canonicalizeSearch, compileOptions); err != nil {
		return nil, err
	}
	if err := compile(Hash, canonicalizeHash, compileOptions); err != nil {
		return nil, err
	}
	// 19. Return urlPattern.
	return p, nil
}

// hostnamePatternIsIPv6Address implements
// https://urlpattern.spec.whatwg.org/#hostname-pattern-is-an-ipv6-address.
func hostnamePatternIsIPv6Address(input string) bool {
	// 1. If input's code point length is less than 2, then return false.
	if utf8.RuneCountInString(input) < 2 {
		return false
	}
	// 3. If input code points[0] is U+005B ([), then return true.
	// 4. If input code points[0] is U+007B ({) and input code points[1] is
	//    U+005B ([), then return true. 5. If input code points[0] is U+005C
	//    (\) and input code points[1] is U+005B ([), then return true.
	//    6. Return false.
	return input[0] == '[' || ((input[0] == '{' || input[0] == '\\') && input[1] == '[')
}

// Protocol returns the pattern string of the protocol component:
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-protocol.
func (p *Pattern) Protocol() string { return p.patternString(Protocol) }

// Username returns the pattern string of the username component:
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-username.
func (p *Pattern) Username() string { return p.patternString(Username) }

// Password returns the pattern string of the password component:
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-password.
func (p *Pattern) Password() string { return p.patternString(Password) }

// Hostname returns the pattern string of the hostname component:
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-hostname.
func (p *Pattern) Hostname() string { return p.patternString(Hostname) }

// Port returns the pattern string of the port component:
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-port.
func (p *Pattern) Port() string { return p.patternString(Port) }

// Pathname returns the pattern string of the pathname component:
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-pathname.
func (p *Pattern) Pathname() string { return p.patternString(Pathname) }

// Search returns the pattern string of the search component:
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-search.
func (p *Pattern) Search() string { return p.patternString(Search) }

// Hash returns the pattern string of the hash component:
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-hash.
func (p *Pattern) Hash() string { return p.patternString(Hash) }

// HasRegExpGroups reports whether a component of p has a group with a
// regular expression of its own, such as "(\\d+)" or ":id([0-9]+)":
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-hasregexpgroups.
func (p *Pattern) HasRegExpGroups() bool {
	if !p.valid() {
		return false
	}
	for _, c := range p.components {
		if c.hasRegExpGroups {
			return true
		}
	}
	return false
}

// toUSVString returns s as a scalar value string, what WebIDL makes of a
// USVString argument: each invalid UTF-8 sequence becomes U+FFFD, as
// package url reads it (the Encoding Standard's UTF-8 decoder).
func toUSVString(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return infra.ToWellFormed(s)
}

// usv returns init with each member a scalar value string.
func (init *Init) usv() Init {
	out := *init
	for c := Protocol; c <= Hash; c++ {
		if f := out.field(c); *f != nil && !utf8.ValidString(**f) {
			*f = new(toUSVString(**f))
		}
	}
	if out.BaseURL != nil && !utf8.ValidString(*out.BaseURL) {
		out.BaseURL = new(toUSVString(*out.BaseURL))
	}
	return out
}

// redactedPattern returns the constructor string str with every password
// a reader finds in it redacted, as the errors of create redact their
// input (see secretsOf and sealed): for the errors of other packages that
// quote a pattern, such as a router's.
//
// A string that is not UTF-8 is read as the constructor does, its invalid
// bytes as U+FFFD, and returned so.
func redactedPattern(str string) string {
	str = toUSVString(str)
	init, _ := parseConstructorString(str)
	sec := secretsOf(str, &init, true)
	return errtext.Redacted(str, appendTextSpans(errtext.PasswordSpans(str, false), str, sec.texts))
}
