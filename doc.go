// Package url implements the WHATWG URL Standard (https://url.spec.whatwg.org/):
// the URL parser that web browsers use, in pure Go.
//
// A [URL] is a small comparable value, in the manner of [net/netip.Addr]. It
// holds its serialization (the standard's href) and the offsets of its
// components, so every getter is a substring and two URLs are equal (==)
// exactly when the standard says they are equal.
//
//	u, err := url.Parse("HTTP://EXAMPLE.com/a/../b?x y#z")
//	// u.Href() == "http://example.com/b?x%20y#z"
//	// u.Hostname() == "example.com", u.Pathname() == "/b", u.Search() == "?x%20y"
//
// The getters and setters are named and behave as those of the standard's
// URL class (the JavaScript URL object); [URL.Scheme], [URL.Query],
// [URL.Fragment] and [URL.HostKind] give the URL record's view for Go code.
//
// # Parsing with options, validation errors and strict parsing
//
// A [Parser] carries the options the zero Parser, which [Parse] uses, leaves
// off: a legacy Encoding for queries (as in HTML documents that are not
// UTF-8), OnValidationError to receive every validation error of a parse
// under the standard's name ([ValidationError]; most do not make parsing
// fail), and Strict, which fails at the first. A parse that fails returns a
// *[ParseError] with the input, its password redacted, what a terminal
// acts on or a log viewer hides escaped ("\u202E"), and of a long input
// only the start and end, and the [ValidationErrorKind] it failed at, which
// is also a sentinel for [errors.Is]. Every error of this module (of
// [URL.ToStd], [FromStd], the setters, package urlpattern, ...) quotes an
// input so. The text of every error a function of the module returns
// begins with its package's name ("url: ", "urlpattern: ", "router: ",
// "canonical: ", "ssrf: "), then says what was done and to what; the
// sentinels that such an error wraps as its reason ([ErrOpaquePath],
// [ErrDialNoHost], ...), for [errors.Is], do not repeat the prefix, and
// those a function returns as they are ([ErrTooManyPairs]) begin with it,
// as net/http's "http: ..." sentinels and io/fs's reasons do. ssrf's Get
// returns net/http's client errors, `Get "URL": ...`, as http.Client's
// does. The redaction fuzz targets hold every error to this.
// [IsValidURLString] and its siblings check the standard's grammar of
// valid strings.
//
// # Queries and forms
//
// [URL.SearchParams] returns the query as a [SearchParams], the standard's
// URLSearchParams; change it and write it back with [URL.SetSearchParams].
// [ParseURLEncoded] and [SerializeURLEncoded] are the
// application/x-www-form-urlencoded parser and serializer.
//
// # Hosts
//
// [URL.HostValue] and [ParseHost] give the host as a [Host]: its
// [HostKind] (domain, IPv4, IPv6, opaque, empty), its serialization, and
// for an IP host the address as a [net/netip.Addr], so that
// Addr().IsLoopback(), IsPrivate() and the rest see through every spelling
// the standard accepts ("127.1", "0x7f.1" and "2130706433" are all
// 127.0.0.1); [Host.TrimTrailingDots] gives a domain as a resolver reads
// it. [Host.PublicSuffix] and [Host.RegistrableDomain] follow the
// standard's steps over the Public Suffix List of golang.org/x/net; a
// [PublicSuffixList] supplies another list. [DomainToASCII] and
// [DomainToUnicode] are the standard's IDNA conversions.
//
// # Origins and equality
//
// [URL.Origin] returns an [Origin]; [Origin.IsSameOrigin] is the same-origin
// check. An opaque origin (of a data: or file: URL, say) is the same origin
// only as itself: each is a distinct Go value. [URL.Equal] and == are the
// standard's URL equality; [URL.EqualExcludingFragment] ignores fragments.
//
// # Showing URLs to people
//
// [URL.Render] is the standard's URL rendering for trust decisions: no
// username or password, the host in Unicode but for labels that would show a
// look-alike of a delimiter or a code point that UTS #39 does not allow in
// identifiers ("example.com⁄evil.example" and "bank.com🙼evil.example" stay
// in Punycode), and readable percent-decoded paths where decoding cannot
// hide or disguise anything. [URL.Redacted] replaces a password with "xxxxx" for logs.
//
// # net/url and encodings
//
// [URL.ToStd] and [FromStd] convert to and from [net/url.URL], and return a
// [*ConversionError] where the two packages would read the URL as a
// different host, port, path or query, which is how SSRF filters are
// bypassed. The README's "Moving from net/url" section maps each net/url
// call to its equivalent here. A URL marshals as its href
// ([URL.MarshalText]), so it is a string in JSON and works with
// flag.TextVar; [MustParse] is for tests and constants; [URL.AppendTo]
// appends the href to a byte slice.
//
// # Connecting and sending requests
//
// [URL.PortOrDefault] is the port with the scheme's default (443 for an
// https URL without a port), [URL.HostPort] the "host:port" net.Dial takes
// (an IPv6 address bracketed once), and [URL.AddrPort] the
// [net/netip.AddrPort] of an IP host. [URL.NewRequest] builds a net/http
// request that sends exactly the URL's path, query and host, also those
// net/url would rewrite ("/a|b"), and refuses a URL net/http cannot send as
// it is. Package [github.com/webstd/url/ssrf] puts them together against
// server-side request forgery: parse once, check the address, send the
// same value, check every redirect and the address dialed.
package url

// The layout of the package, for those who read or change it. Each file
// holds one section of the URL Standard (https://url.spec.whatwg.org/) or
// one concern beside it, and the files form layers: a file uses only what
// its own layer and the layers below define (TestFileLayers checks it).
//
// Below them all is package internal/infra, which packages canonical and
// urlpattern import too, so that the compiler keeps the bottom layer: what
// the URL Standard takes from the Infra Standard (ASCII classes, hex
// digits, ASCII lowercase, integers) and the Encoding Standard (UTF-8
// decoding), and the one table of byte classes (#url-code-points,
// #forbidden-host-code-point, #percent-encode-set) with the scanners over
// it.
//
// Layers, from the bottom, with the sections of the standard (by their
// anchors in https://url.spec.whatwg.org/) each file holds:
//
//	1  errors.go: #validation-error (the table of validation errors), ParseError, ErrTooLong
//	1  legacyencoding.go: the Encoding Standard's encoders for legacy query encodings (#percent-encode-after-encoding)
//	1  idna_tables.go: the Unicode data of UTS #46 and NFC (mapping, status, Bidi_Class, Joining_Type, combining classes, decompositions), generated from one Unicode version's files by internal/gen/idna
//	2  percent.go: #percent-encoded-bytes
//	2  punycode.go: Punycode (RFC 3492) encoding, in O(n log n) for labels of any length (#idna)
//	3  ipv4.go: #concept-ipv4-parser, #concept-ipv4-serializer, #ends-in-a-number-checker
//	3  ipv6.go: #concept-ipv6-parser, #concept-ipv6-serializer
//	3  nfc.go: Unicode Normalization Form C, for UTS #46
//	3  uts46.go: UTS #46 Processing, ToASCII and ToUnicode with the flags the standard passes; Punycode decoding
//	3  idna.go: #idna (domain to ASCII, domain to Unicode)
//	4  host.go: #host-representation, #host-parsing, #host-serializing
//	5  url.go: #url-representation and the URL class's getters (#url-class); the URL serializer (#url-serializing) is the href the parser writes as it goes, parser.go's finish its step 3, so there is no serializer.go
//	6  parser.go: #url-parsing: the basic URL parser's loop, options and failures
//	6  states.go: #url-parsing: the states of the basic URL parser, one method each, in the standard's order
//	6  fastpath.go: the parser's fast path for already-serialized input (FuzzFastPath holds it to states.go)
//	7  setters.go: the URL class's setters (#url-class)
//	7  urlencoded.go: #application/x-www-form-urlencoded
//	7  searchparams.go: #interface-urlsearchparams
//	7  origin.go: #origin
//	7  publicsuffix.go: #host-public-suffix, #host-registrable-domain
//	7  render.go: #url-rendering
//	7  lookalikes_table.go: what render.go keeps encoded: look-alikes of delimiters, blanks and overlays, generated from Unicode's data by internal/gen/lookalikes
//	7  valid.go: #url-writing, #host-writing
//	7  std.go: conversion to and from net/url (not the standard's)
//	7  stdvalues.go: conversion of SearchParams to and from net/url's url.Values (not the standard's)
//	7  marshal.go: text marshaling (not the standard's)
//	7  dial.go: the port and address to connect to, with the scheme's #default-port (not the standard's API)
//	7  request.go: net/http requests that send exactly a URL's path, query and host (not the standard's)
//	7  urlpattern_hook.go: the basic URL parser with a state override, and whether it failed, for package urlpattern (https://urlpattern.spec.whatwg.org/#canon), through internal/urlhook
//
// The core, the design card's files, is layers 0 to 6 and setters.go,
// urlencoded.go, searchparams.go and origin.go; the rest are extras built
// on it.

// The exports, by what each is for (TestExportTable keeps the table whole:
// every exported name of the package is in it, and nothing else). The
// ValidationErrorKind constants, one per row of errors.go's table, are not
// repeated here. Where two names look alike they differ: Href is the
// standard's getter and String Go's fmt.Stringer (the design card fixes
// both); Search, Hash and Protocol are the standard's getters with their
// "?", "#" and ":", and Query, Fragment and Scheme the record's values
// without them, which tell null from empty; Host is the host and port as
// the standard's getter gives them, HostValue the parsed host, HostPort
// what net.Dial takes.
//
//	parse            Parse, ParseWithBase, MustParse, CanParse, CanParseWithBase, URL.Parse (a reference against u),
//	                 Parser, Parser.Parse, Parser.ParseWithBase, ParseError, ParseError.Error, ParseError.Unwrap, ErrTooLong
//	validation       ValidationError, ValidationError.String, ValidationErrorKind, ValidationErrorKind.String,
//	                 ValidationErrorKind.Error, ValidationErrorKind.CanFail, ValidationErrorKind.Description
//	valid strings    IsValidURLString, IsValidURLStringWithBase, IsValidHostString, IsValidDomain
//	the URL class    URL, URL.Href, URL.Protocol, URL.Username, URL.Password, URL.Host, URL.Hostname, URL.Port,
//	                 URL.Pathname, URL.Search, URL.Hash, URL.Origin, URL.SearchParams
//	the record       URL.IsValid, URL.Scheme, URL.Query, URL.Fragment, URL.IsSpecial, URL.HasOpaquePath, URL.HasHost,
//	                 URL.HostKind, URL.HostValue, URL.PortNumber, URL.HrefExcludingFragment
//	setters          URL.SetHref, URL.SetProtocol, URL.SetUsername, URL.SetPassword, URL.SetHost, URL.SetHostname,
//	                 URL.SetPort, URL.SetPathname, URL.SetSearch, URL.SetHash, URL.SetSearchParams,
//	                 SetterError, SetterError.Error, SetterError.Unwrap, ErrNoURL, ErrOpaquePath,
//	                 ErrCannotHaveUsernamePasswordPort, ErrNotAScheme, ErrSchemeChange, ErrHostnameHasPort
//	Go values        URL.String, URL.Equal, URL.EqualExcludingFragment, URL.Clone, URL.AppendTo,
//	                 URL.AppendText, URL.MarshalText, URL.UnmarshalText, URL.AppendBinary, URL.MarshalBinary,
//	                 URL.UnmarshalBinary
//	hosts            Host, ParseHost, Host.Kind, Host.String, Host.Addr, Host.TrimTrailingDots, Host.PublicSuffix,
//	                 Host.PublicSuffixWith, Host.RegistrableDomain, Host.RegistrableDomainWith, PublicSuffixList,
//	                 HostKind, HostKind.String, NullHost, EmptyHost, DomainHost, IPv4Host, IPv6Host, OpaqueHost,
//	                 DomainToASCII, DomainToUnicode
//	origins          Origin, Origin.Scheme, Origin.Host, Origin.Port, Origin.IsOpaque, Origin.IsSameOrigin, Origin.String
//	queries, forms   SearchParams, NewSearchParams, NewSearchParamsFromPairs, NewSearchParamsFromMap,
//	                 NewSearchParamsFromValues, SearchParams.Append, SearchParams.Delete, SearchParams.DeleteValue,
//	                 SearchParams.DeleteFunc, SearchParams.Get, SearchParams.GetAll, SearchParams.Has,
//	                 SearchParams.HasValue, SearchParams.Set, SearchParams.Sort, SearchParams.Size,
//	                 SearchParams.String, SearchParams.All, SearchParams.Keys, SearchParams.Values,
//	                 SearchParams.Clone, SearchParams.StdValues, ParseURLEncoded, ParseURLEncodedLimit,
//	                 ErrTooManyPairs, SerializeURLEncoded, PercentDecode, PercentDecodeString, PercentEncodeComponent
//	for people       URL.Render, URL.Redacted
//	net/url          URL.ToStd, FromStd, ConversionError, ConversionError.Error, ConversionError.Unwrap
//	net/http         URL.RequestURL, URL.NewRequest
//	connecting       URL.PortOrDefault, URL.HostPort, URL.AddrPort, ErrDialNoHost, ErrDialNoPort, ErrNotHTTP
