// Package urlhook lets package urlpattern run steps of the basic URL parser
// (https://url.spec.whatwg.org/#concept-basic-url-parser) that package url
// does not export: a run with a state override on a dummy URL that says
// whether it returned failure, which the URL class's setters do not.
//
// Package url sets the variables in an init function (urlpattern_hook.go),
// so they are set once package url is imported, as package urlpattern does.
// They take and return plain strings, so that nothing of package url's
// internals shows through, and the package is internal, so that they are no
// API of the module.
package urlhook

var (
	// Hostname runs the basic URL parser on value with the URL
	// "https://dummy.invalid/" as url and hostname state as state override
	// (https://urlpattern.spec.whatwg.org/#canonicalize-a-hostname, step 3),
	// and returns url's host, serialized, or ok false when the parser
	// returned failure.
	Hostname func(value string) (host string, ok bool)

	// Port runs the basic URL parser on value with the URL
	// "https://dummy.invalid/" as url, its scheme set to scheme when
	// setScheme is true, and port state as state override
	// (https://urlpattern.spec.whatwg.org/#canonicalize-a-port, steps 2 to
	// 4), and returns url's port, serialized, or the empty string when it is
	// null; or ok false when the parser returned failure.
	Port func(value, scheme string, setScheme bool) (port string, ok bool)

	// OpaquePathname runs the basic URL parser on value with the URL
	// "https://dummy.invalid/", its path set to the empty string, as url and
	// opaque path state as state override
	// (https://urlpattern.spec.whatwg.org/#canonicalize-an-opaque-pathname,
	// steps 2 to 4), and returns url's path, serialized, or ok false when
	// the parser returned failure.
	OpaquePathname func(value string) (path string, ok bool)

	// SpecialSchemes are the special schemes, in the URL Standard's order
	// (https://url.spec.whatwg.org/#special-scheme), and DefaultPort
	// returns the default port of scheme in decimal when it is one of them
	// (the empty string for "file", which has none), and whether it is:
	// package url's one table of the special schemes.
	SpecialSchemes []string
	DefaultPort    func(scheme string) (port string, special bool)
)
