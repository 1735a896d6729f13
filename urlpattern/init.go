package urlpattern

import (
	"strings"

	"github.com/webstd/url"
	"github.com/webstd/url/internal/urlhook"
)

// An Init is the standard's URLPatternInit dictionary
// (https://urlpattern.spec.whatwg.org/#dictdef-urlpatterninit): a pattern
// or a URL given component by component. A nil field is a member that is
// not present, which is not the same as the empty string: a component
// missing from a pattern matches anything ("*"), an empty one only the
// empty string. Go 1.26's new(expr) makes a field from a string:
//
//	urlpattern.Init{Pathname: new("/books/:id")}
type Init struct {
	Protocol *string
	Username *string
	Password *string
	Hostname *string
	Port     *string
	Pathname *string
	Search   *string
	Hash     *string
	// BaseURL supplies, for a pattern, the components before the first one
	// that is present (but never the username and password), and, for a
	// URL to match, every component that is not present.
	BaseURL *string
}

// field returns a pointer to the member of init for component c.
func (init *Init) field(c Component) **string {
	switch c {
	case Protocol:
		return &init.Protocol
	case Username:
		return &init.Username
	case Password:
		return &init.Password
	case Hostname:
		return &init.Hostname
	case Port:
		return &init.Port
	case Pathname:
		return &init.Pathname
	case Search:
		return &init.Search
	}
	return &init.Hash
}

// has reports whether the member for any of cs is present.
func (init *Init) has(cs ...Component) bool {
	for _, c := range cs {
		if *init.field(c) != nil {
			return true
		}
	}
	return false
}

// processType is the type argument of process a URLPatternInit: "pattern"
// or "url".
type processType uint8

const (
	typePattern processType = iota
	typeURL
)

// processInit implements https://urlpattern.spec.whatwg.org/#process-a-urlpatterninit.
// The component values it is given are all null for "pattern" and all the
// empty string for "url", as the standard's two callers give them, which
// is what the argument empty says.
func processInit(init *Init, typ processType) (Init, error) {
	// 1. Let result be the result of creating a new URLPatternInit. 2. to
	//    9. If protocol (username, ...) is not null, set result["protocol"]
	//    (...) to it.
	var result Init
	if typ == typeURL {
		for c := Protocol; c <= Hash; c++ {
			*result.field(c) = new("")
		}
	}
	// 10. Let baseURL be null.
	var baseURL url.URL
	hasBase := false
	// 11. If init["baseURL"] exists:
	if init.BaseURL != nil {
		// 11.1. Set baseURL to the result of running the basic URL parser
		//       on init["baseURL"]. 11.2. If baseURL is failure, then throw
		//       a TypeError.
		u, err := url.Parse(*init.BaseURL)
		if err != nil {
			return Init{}, &Error{Kind: ErrBaseURL, Input: *init.BaseURL, Err: err}
		}
		baseURL, hasBase = u, true
		// 11.3. If init["protocol"] does not exist, then set
		//       result["protocol"] to the result of processing a base URL
		//       string given baseURL's scheme and type.
		if !init.has(Protocol) {
			result.Protocol = new(processBaseURLString(baseURL.Scheme(), typ))
		}
		// 11.4. If type is not "pattern" and init contains none of
		//       "protocol", "hostname", "port" and "username", then set
		//       result["username"] to the result of processing a base URL
		//       string given baseURL's username and type.
		if typ != typePattern && !init.has(Protocol, Hostname, Port, Username) {
			result.Username = new(processBaseURLString(baseURL.Username(), typ))
		}
		// 11.5. If type is not "pattern" and init contains none of
		//       "protocol", "hostname", "port", "username" and "password",
		//       then set result["password"] likewise.
		if typ != typePattern && !init.has(Protocol, Hostname, Port, Username, Password) {
			result.Password = new(processBaseURLString(baseURL.Password(), typ))
		}
		// 11.6. If init contains neither "protocol" nor "hostname": let
		//       baseHost be baseURL's host, serialized, or the empty string;
		//       set result["hostname"] to the result of processing a base
		//       URL string given baseHost and type.
		if !init.has(Protocol, Hostname) {
			result.Hostname = new(processBaseURLString(baseURL.Hostname(), typ))
		}
		// 11.7. If init contains none of "protocol", "hostname", and
		//       "port": set result["port"] to baseURL's port, serialized,
		//       or the empty string if it is null.
		if !init.has(Protocol, Hostname, Port) {
			result.Port = new(baseURL.Port())
		}
		// 11.8. If init contains none of "protocol", "hostname", "port",
		//       and "pathname", then set result["pathname"] to the result
		//       of processing a base URL string given the result of URL
		//       path serializing baseURL and type.
		if !init.has(Protocol, Hostname, Port, Pathname) {
			result.Pathname = new(processBaseURLString(baseURL.Pathname(), typ))
		}
		// 11.9. If init contains none of "protocol", "hostname", "port",
		//       "pathname", and "search": set result["search"] to the
		//       result of processing a base URL string given baseURL's
		//       query, or the empty string if it is null, and type.
		if !init.has(Protocol, Hostname, Port, Pathname, Search) {
			q, _ := baseURL.Query()
			result.Search = new(processBaseURLString(q, typ))
		}
		// 11.10. If init contains none of "protocol", "hostname", "port",
		//        "pathname", "search", and "hash": set result["hash"]
		//        likewise from baseURL's fragment.
		if !init.has(Protocol, Hostname, Port, Pathname, Search, Hash) {
			f, _ := baseURL.Fragment()
			result.Hash = new(processBaseURLString(f, typ))
		}
	}
	var err error
	// 12. If init["protocol"] exists, then set result["protocol"] to the
	//     result of process protocol for init given init["protocol"] and
	//     type.
	if init.Protocol != nil {
		if result.Protocol, err = processFor(*init.Protocol, typ, Protocol, processProtocolForInit); err != nil {
			return Init{}, err
		}
	}
	// 13. If init["username"] exists, then set result["username"] to the
	//     result of process username for init.
	if init.Username != nil {
		if result.Username, err = processFor(*init.Username, typ, Username, processUsernameForInit); err != nil {
			return Init{}, err
		}
	}
	// 14. If init["password"] exists: process password for init.
	if init.Password != nil {
		if result.Password, err = processFor(*init.Password, typ, Password, processPasswordForInit); err != nil {
			return Init{}, err
		}
	}
	// 15. If init["hostname"] exists: process hostname for init.
	if init.Hostname != nil {
		if result.Hostname, err = processFor(*init.Hostname, typ, Hostname, processHostnameForInit); err != nil {
			return Init{}, err
		}
	}
	// 16. Let resultProtocolString be result["protocol"] if it exists;
	//     otherwise the empty string.
	resultProtocolString := ""
	if result.Protocol != nil {
		resultProtocolString = *result.Protocol
	}
	// 17. If init["port"] exists, then set result["port"] to the result of
	//     process port for init given init["port"], resultProtocolString,
	//     and type.
	if init.Port != nil {
		port, err := processPortForInit(*init.Port, resultProtocolString, typ)
		if err != nil {
			return Init{}, withComponent(err, Port)
		}
		result.Port = &port
	}
	// 18. If init["pathname"] exists:
	if init.Pathname != nil {
		// 18.1. Set result["pathname"] to init["pathname"].
		pathname := *init.Pathname
		// 18.2. If the following are all true: baseURL is not null; baseURL
		//       does not have an opaque path; and the result of running is
		//       an absolute pathname given result["pathname"] and type is
		//       false, then:
		if hasBase && !baseURL.HasOpaquePath() && !isAbsolutePathname(pathname, typ) {
			// 18.2.1. Let baseURLPath be the result of running process a
			//         base URL string given the result of URL path
			//         serializing baseURL and type.
			baseURLPath := processBaseURLString(baseURL.Pathname(), typ)
			// 18.2.2. Let slash index be the index of the last U+002F (/)
			//         code point found in baseURLPath, or null.
			// 18.2.3. If slash index is not null: let new pathname be the
			//         code point substring from 0 to slash index + 1 within
			//         baseURLPath; append result["pathname"] to it; set
			//         result["pathname"] to new pathname.
			if i := strings.LastIndexByte(baseURLPath, '/'); i >= 0 {
				pathname = baseURLPath[:i+1] + pathname
			}
		}
		// 18.3. Set result["pathname"] to the result of process pathname
		//       for init given result["pathname"], resultProtocolString,
		//       and type.
		p, err := processPathnameForInit(pathname, resultProtocolString, typ)
		if err != nil {
			return Init{}, withComponent(err, Pathname)
		}
		result.Pathname = &p
	}
	// 19. If init["search"] exists then set result["search"] to the result
	//     of process search for init given init["search"] and type.
	if init.Search != nil {
		if result.Search, err = processFor(*init.Search, typ, Search, processSearchForInit); err != nil {
			return Init{}, err
		}
	}
	// 20. If init["hash"] exists then set result["hash"] to the result of
	//     process hash for init given init["hash"] and type.
	if init.Hash != nil {
		if result.Hash, err = processFor(*init.Hash, typ, Hash, processHashForInit); err != nil {
			return Init{}, err
		}
	}
	// 21. Return result.
	return result, nil
}

// processFor runs the process-for-init algorithm process on value and
// returns its result as a present member.
func processFor(value string, typ processType, c Component, process func(string, processType) (string, error)) (*string, error) {
	v, err := process(value, typ)
	if err != nil {
		return nil, withComponent(err, c)
	}
	return &v, nil
}

// withComponent returns err with the name of component c, when it is an
// *Error that has none yet.
func withComponent(err error, c Component) error {
	if e, ok := err.(*Error); ok && e.Component == "" {
		e2 := *e
		e2.Component = c.String()
		return &e2
	}
	return err
}

// processBaseURLString implements https://urlpattern.spec.whatwg.org/#process-a-base-url-string.
func processBaseURLString(input string, typ processType) string {
	// 2. If type is not "pattern" return input. 3. Return the result of
	//    escaping a pattern string given input.
	if typ != typePattern {
		return input
	}
	return escapePatternString(input)
}

// isAbsolutePathname implements https://urlpattern.spec.whatwg.org/#is-an-absolute-pathname.
func isAbsolutePathname(input string, typ processType) bool {
	// 1. If input is the empty string, then return false.
	if input == "" {
		return false
	}
	// 2. If input[0] is U+002F (/), then return true.
	if input[0] == '/' {
		return true
	}
	// 3. If type is "url", then return false.
	if typ == typeURL {
		return false
	}
	// 4. If input's code point length is less than 2, then return false.
	if len(input) < 2 {
		return false
	}
	// 5. If input[0] is U+005C (\) and input[1] is U+002F (/), then return
	//    true. 6. If input[0] is U+007B ({) and input[1] is U+002F (/),
	//    then return true. 7. Return false.
	return (input[0] == '\\' || input[0] == '{') && input[1] == '/'
}

// processProtocolForInit implements https://urlpattern.spec.whatwg.org/#process-protocol-for-init.
func processProtocolForInit(value string, typ processType) (string, error) {
	// 1. Let strippedValue be the given value with a single trailing U+003A
	//    (:) removed, if any.
	stripped := strings.TrimSuffix(value, ":")
	// 2. If type is "pattern" then return strippedValue.
	if typ == typePattern {
		return stripped, nil
	}
	// 3. Return the result of running canonicalize a protocol given
	//    strippedValue.
	return canonicalizeProtocol(stripped)
}

// processUsernameForInit implements https://urlpattern.spec.whatwg.org/#process-username-for-init.
func processUsernameForInit(value string, typ processType) (string, error) {
	if typ == typePattern {
		return value, nil
	}
	return canonicalizeUsername(value)
}

// processPasswordForInit implements https://urlpattern.spec.whatwg.org/#process-password-for-init.
func processPasswordForInit(value string, typ processType) (string, error) {
	if typ == typePattern {
		return value, nil
	}
	return canonicalizePassword(value)
}

// processHostnameForInit implements https://urlpattern.spec.whatwg.org/#process-hostname-for-init.
func processHostnameForInit(value string, typ processType) (string, error) {
	if typ == typePattern {
		return value, nil
	}
	return canonicalizeHostname(value)
}

// processPortForInit implements https://urlpattern.spec.whatwg.org/#process-port-for-init.
func processPortForInit(portValue, protocolValue string, typ processType) (string, error) {
	if typ == typePattern {
		return portValue, nil
	}
	return canonicalizePortFor(portValue, protocolValue, true)
}

// processPathnameForInit implements https://urlpattern.spec.whatwg.org/#process-pathname-for-init.
func processPathnameForInit(pathnameValue, protocolValue string, typ processType) (string, error) {
	// 1. If type is "pattern" then return pathnameValue.
	if typ == typePattern {
		return pathnameValue, nil
	}
	// 2. If protocolValue is a special scheme or the empty string, then
	//    return the result of running canonicalize a pathname given
	//    pathnameValue.
	if protocolValue == "" || isSpecialScheme(protocolValue) {
		return canonicalizePathname(pathnameValue)
	}
	// (Not the standard's step: a pathname that starts with "/" is read
	// with the path state, as the implementations read it; see
	// canonicalizeHierarchicalPathname.)
	if strings.HasPrefix(pathnameValue, "/") {
		return canonicalizeHierarchicalPathname(pathnameValue)
	}
	// 3. Return the result of running canonicalize an opaque pathname given
	//    pathnameValue.
	return canonicalizeOpaquePathname(pathnameValue)
}

// processSearchForInit implements https://urlpattern.spec.whatwg.org/#process-search-for-init.
func processSearchForInit(value string, typ processType) (string, error) {
	// 1. Let strippedValue be the given value with a single leading U+003F
	//    (?) removed, if any.
	stripped := strings.TrimPrefix(value, "?")
	if typ == typePattern {
		return stripped, nil
	}
	return canonicalizeSearch(stripped)
}

// processHashForInit implements https://urlpattern.spec.whatwg.org/#process-hash-for-init.
func processHashForInit(value string, typ processType) (string, error) {
	// 1. Let strippedValue be the given value with a single leading U+0023
	//    (#) removed, if any.
	stripped := strings.TrimPrefix(value, "#")
	if typ == typePattern {
		return stripped, nil
	}
	return canonicalizeHash(stripped)
}

// isSpecialScheme reports whether s is a special scheme
// (https://url.spec.whatwg.org/#special-scheme).
func isSpecialScheme(s string) bool {
	_, special := urlhook.DefaultPort(s)
	return special
}

// isDefaultPort reports whether port is the default port of the special
// scheme s in radix-10 using ASCII digits.
func isDefaultPort(s, port string) bool {
	d, special := urlhook.DefaultPort(s)
	return special && d != "" && d == port
}
