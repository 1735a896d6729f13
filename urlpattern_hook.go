package url

import (
	"strconv"

	"github.com/webstd/url/internal/urlhook"
)

// The URL Pattern Standard (https://urlpattern.spec.whatwg.org/, package
// urlpattern) canonicalizes pattern text by running the basic URL parser
// with a state override on a dummy URL, and fails where the parser returns
// failure. The setters run the same steps but say nothing of failure, so
// this file gives package urlpattern those runs through the function
// variables of internal/urlhook, which it sets when the package is
// initialized. Nothing here is exported.

func init() {
	urlhook.Hostname = patternHostname
	urlhook.Port = patternPort
	urlhook.OpaquePathname = patternOpaquePathname
	urlhook.SpecialSchemes = specialSchemes[:]
	urlhook.DefaultPort = patternDefaultPort
}

// patternDefaultPort implements urlhook.DefaultPort.
func patternDefaultPort(scheme string) (string, bool) {
	port, special := defaultPort(scheme)
	if port < 0 {
		return "", special
	}
	return strconv.Itoa(int(port)), special
}

// patternDummyURL is the URL Pattern Standard's dummy URL:
// https://urlpattern.spec.whatwg.org/#create-a-dummy-url.
var patternDummyURL = MustParse("https://dummy.invalid/")

// patternHostname implements urlhook.Hostname.
func patternHostname(value string) (string, bool) {
	u := patternDummyURL
	// Let parseResult be the result of running the basic URL parser given
	// value with dummyURL as url and hostname state as state override.
	var p parser
	defer p.release()
	p.initOverride(&u, value, hostnameState, "https://")
	if p.run() != 0 {
		return "", false
	}
	// Return dummyURL's host, serialized, or empty string if it is null.
	return string(p.buf[p.u.hostStart:p.u.hostEnd]), true
}

// patternPort implements urlhook.Port.
func patternPort(value, scheme string, setScheme bool) (string, bool) {
	u := patternDummyURL
	// Let parseResult be the result of running basic URL parser given
	// portValue with dummyURL as url and port state as state override.
	var p parser
	defer p.release()
	p.initOverride(&u, value, portState, "https://dummy.invalid")
	// If protocolValue was given, then set dummyURL's scheme to
	// protocolValue. (What the port state consults about the scheme is its
	// default port.)
	if setScheme {
		p.setScheme(scheme)
	}
	if p.run() != 0 {
		return "", false
	}
	// Return dummyURL's port, serialized, or empty string if it is null.
	if !p.u.hasPort() {
		return "", true
	}
	return strconv.Itoa(int(p.u.port)), true
}

// patternOpaquePathname implements urlhook.OpaquePathname.
func patternOpaquePathname(value string) (string, bool) {
	u := patternDummyURL
	// Set dummyURL's path to the empty string. Let parseResult be the result
	// of running URL parsing given value with dummyURL as url and opaque
	// path state as state override.
	var p parser
	defer p.release()
	p.initOverride(&u, value, opaquePathState, "https:")
	p.u.pathStart = uint32(len(p.buf))
	p.u.flags |= opaquePathFlag
	if p.run() != 0 {
		return "", false
	}
	// Return the result of URL path serializing dummyURL: the path is what
	// the opaque path state wrote before any query or fragment it started.
	end := uint32(len(p.buf))
	if p.u.queryStart != omitted {
		end = p.u.queryStart
	} else if p.u.fragmentStart != omitted {
		end = p.u.fragmentStart
	}
	return string(p.buf[p.u.pathStart:end]), true
}
