package url

import (
	"errors"
	"net/netip"
	stdurl "net/url"
	"strconv"
	"strings"

	"github.com/webstd/url/internal/errtext"
	"golang.org/x/net/http/httpguts"

	"github.com/webstd/url/internal/infra"
)

// A ConversionError reports a URL that [URL.ToStd] or [FromStd] refused to
// convert because this package and net/url would read it differently: a
// different host, port, path or query, the parser differential that
// server-side request forgery (SSRF) filters are bypassed with. Which
// component differs, and how each side reads it, is in the fields.
type ConversionError struct {
	// Op is "ToStd", "FromStd", or "NewRequest" or "RequestURL" (see
	// [URL.RequestURL]).
	Op string
	// URL is the URL being converted: the href for ToStd, net/url's
	// String() for FromStd. Like every text of the error (URL, Ours, Std,
	// Written, and the request-target and Host header in Request), it is
	// written as [ParseError.Input] is: every password in it replaced by
	// "xxxxx", only the start and end of a long one kept, and escaped.
	URL string
	// Component is the component that differs: "scheme", "username",
	// "password", "host", "host kind", "port", "path", "query" or
	// "fragment"; or "href" when a parser fails on net/url's String() of
	// the URL or on the request net/http sends for it (Err says why).
	Component string
	// Ours and Std are the component as this package and as net/url read it.
	// For the password both are "xxxxx".
	Ours, Std string
	// Written, when not "", is net/url's String() of the URL: the
	// disagreement is in how a parser reads that string back (Std is then the
	// component read from it), not in the net/url URL's fields.
	Written string
	// Request, when not "", is the request line and Host header that
	// net/http's Request.Write sends for a GET of the URL, as in
	// "GET /?a b HTTP/1.1\r\nHost: example.com": the disagreement is in
	// that request (Std is then the component as this package reads it from
	// the request), or the request cannot hold the component (Err says
	// why).
	Request string
	// Err is the error of the parser that failed on Written, the reason
	// Request cannot hold the component, or nil. The error of net/url's
	// parser is a *net/url.Error whose URL is redacted and escaped as URL is.
	Err error
}

// finish returns e, the error of op on the URL url, with every text it
// holds written as an error holds an input (see the URL field): what each
// function that returns a ConversionError returns.
func (e *ConversionError) finish(op, url string) *ConversionError {
	e.Op, e.URL = op, errtext.Of(url)
	component := errtext.Of
	if e.Component == "host" {
		component = errtext.OfAuthority // net/url's Host may hold "user:pass@host"
	}
	e.Ours, e.Std, e.Written = component(e.Ours), component(e.Std), errtext.Of(e.Written)
	if e.Request != "" {
		line, host, hasHost := strings.Cut(e.Request, "\r\nHost: ")
		target := strings.TrimSuffix(strings.TrimPrefix(line, "GET "), " HTTP/1.1")
		e.Request = "GET " + errtext.Of(target) + " HTTP/1.1"
		if hasHost {
			e.Request += "\r\nHost: " + errtext.OfAuthority(host)
		}
	}
	e.Err = errtext.Err(e.Err)
	return e
}

// Error describes the disagreement, for example
//
//	url: ToStd("http://example.com/a|b"): the path is "/a%7Cb" in net/url but "/a|b" here
//	url: FromStd("http://0x7f.1/"): the host is "0x7f.1" in net/url but "127.0.0.1" here
//	url: FromStd("http://example.com/? 0"): net/http sends the request line "GET /? 0 HTTP/1.1" and Host "example.com": a request-target cannot hold " "
func (e *ConversionError) Error() string {
	q := errtext.Quote
	msg := "url: " + e.Op + "(" + q(e.URL) + "): "
	switch {
	case e.Request != "":
		line, host, _ := strings.Cut(e.Request, "\r\nHost: ")
		msg += "net/http sends the request line " + q(line) + " and Host " + q(host)
		if e.Err != nil {
			return msg + ": " + errtext.Message(e.Err.Error())
		}
		return msg + ", whose " + e.Component + " is " + q(e.Std) + " where this package has " + q(e.Ours)
	case e.Err != nil:
		return msg + "net/url writes it " + q(e.Written) + ", which does not parse again: " + errtext.Message(e.Err.Error())
	case e.Written != "":
		return msg + "net/url writes it " + q(e.Written) + ", whose " + e.Component + " is " + q(e.Std) + " where this package has " + q(e.Ours)
	}
	return msg + "the " + e.Component + " is " + q(e.Std) + " in net/url but " + q(e.Ours) + " here"
}

// Unwrap returns Err.
func (e *ConversionError) Unwrap() error { return e.Err }

// errZeroURL is what ToStd returns for the zero URL.
var errZeroURL = errors.New("url: ToStd of the zero URL")

// ToStd returns u as a net/url URL, for APIs that take a *net/url.URL (such
// as net/http's Request.URL), or an error when net/url cannot hold u so
// that it names the same resource.
//
// The result's fields are filled from u's components: Scheme; User from
// the username and password, percent-decoded (net/url keeps them decoded);
// Host with the port (an opaque host percent-decoded, as net/url keeps
// it); Path percent-decoded, with RawPath set to u's path when net/url
// would not encode Path that way; Opaque for an opaque path ("mailto:a@example.com");
// OmitHost for a null host ("sc:/path"); RawQuery and ForceQuery from the
// query; Fragment and RawFragment from the fragment.
//
// ToStd then checks that net/url agrees: that the result's Hostname() (the
// host without the brackets of an IPv6 address, an opaque host
// percent-decoded), Port(), EscapedPath() (or
// Opaque) and RawQuery are u's host, port, path and query byte for byte,
// that its username, password and fragment are u's, percent-decoded, and
// that the string its String() method writes is read back the same way by
// net/url's parser and by this package's, and, for a URL requested over
// HTTP (http, https, ws, wss), that the request net/http's Request.Write
// sends for the result names u's path, query, host and port (see
// [FromStd]). When any of these fails ToStd returns a *[ConversionError]
// naming the component, rather than a URL that would send a request
// somewhere u does not name. Among the URLs that net/url
// cannot hold:
//
//	http://example.com/a|b  net/url escapes "|" in a path: "/a%7Cb"
//	http://example.com/%zz  net/url escapes a "%" that starts no escape: "/%25zz"
//	sc://a%20b/             net/url writes the host "a b" as "a%20b", then fails to read it
//	sc://                   net/url writes an empty host and path as "sc:"
//	sc:/.//p                net/url writes the path "//p" after no host as "sc:%2F/p"
//
// What the check allows: net/url may write the userinfo and fragment with
// other percent-encoding than u's, and writes an empty fragment as none
// ("https://a/#" becomes "https://a/"). So ToStd(u).String() is u.Href()
// except there. [FromStd] reads the result back as u, but for the
// exceptions its documentation states (an empty fragment; a userinfo not
// spelled as the parser spells it).
func (u URL) ToStd() (*stdurl.URL, error) {
	if !u.IsValid() {
		return nil, errZeroURL
	}
	s := &stdurl.URL{Scheme: u.Scheme()}
	s.User = u.stdUserinfo()
	path := u.Pathname()
	if u.HasOpaquePath() {
		s.Opaque = path
	} else {
		// net/url's Host holds the host percent-decoded. Only an opaque host
		// can hold a "%"; the checks below refuse it unless net/url writes
		// and reads the decoded host back as u's: it allows escapes in a
		// host only of non-ASCII bytes.
		s.Host = u.Host()
		if u.hostKind == OpaqueHost {
			s.Host = percentDecodeString(u.Hostname()) + u.href[u.hostEnd:u.pathStart]
		}
		s.OmitHost = !u.HasHost()
		// Path is the path percent-decoded; RawPath is u's path when that is
		// not how net/url would encode Path. net/url's EscapedPath returns
		// RawPath only when it holds nothing net/url must encode ("|", "\\",
		// a "%" that starts no escape): the checks below refuse the rest.
		s.Path = percentDecodeString(path)
		if (&stdurl.URL{Path: s.Path}).EscapedPath() != path {
			s.RawPath = path
		}
	}
	if q, ok := u.Query(); ok {
		s.RawQuery = q
		s.ForceQuery = q == ""
	}
	if f, ok := u.Fragment(); ok {
		// RawFragment is u's fragment when net/url would not encode
		// Fragment that way, as net/url's Parse of u's href sets it.
		// (net/url's EscapedFragment still writes its own encoding when
		// RawFragment holds a byte it would encode, such as "|"; FromStd
		// reads RawFragment back.)
		s.Fragment = percentDecodeString(f)
		if s.EscapedFragment() != f {
			s.RawFragment = f
		}
	}

	if e := u.toStdAgrees(s); e != nil {
		return nil, e.finish("ToStd", u.Redacted())
	}
	return s, nil
}

// toStdAgrees checks, for ToStd, that s (made from u's fields) names what u
// names, as net/url, net/http and this package read it.
func (u URL) toStdAgrees(s *stdurl.URL) *ConversionError {
	// net/url's fields hold u.
	if e := u.agreesWithStd(s, ""); e != nil {
		return e
	}
	// And so does the string net/url writes for them, read by net/url ...
	written := s.String()
	again, err := stdurl.Parse(written)
	if err != nil {
		return &ConversionError{Component: "href", Written: written, Err: err}
	}
	if e := u.agreesWithStd(again, written); e != nil {
		return e
	}
	// ... and by this package.
	v, err := Parse(written)
	if err != nil {
		return &ConversionError{Component: "href", Written: written, Err: err}
	}
	if e := u.agreesWith(v, written); e != nil {
		return e
	}
	// And the request net/http sends for it names u's path, query and host.
	return u.requestAgrees(s)
}

// stdUserinfo returns u's username and password as net/url holds them,
// percent-decoded, or nil when u has no credentials.
func (u URL) stdUserinfo() *stdurl.Userinfo {
	if !u.hasCredentials() {
		return nil
	}
	username := percentDecodeString(u.Username())
	if password := u.Password(); password != "" {
		return stdurl.UserPassword(username, percentDecodeString(password))
	}
	return stdurl.User(username)
}

// unbracketed returns the URL's host without the brackets of an IPv6
// address.
func (u URL) unbracketed() string {
	h := u.Hostname()
	if u.hostKind == IPv6Host {
		return h[1 : len(h)-1]
	}
	return h
}

// stdHostname returns the URL's host as net/url's Hostname() returns it:
// an IPv6 address without its brackets, an opaque host percent-decoded.
func (u URL) stdHostname() string {
	if u.hostKind == OpaqueHost {
		return percentDecodeString(u.Hostname())
	}
	return u.unbracketed()
}

// A reading is one component as one side of a conversion reads it: this
// package, or net/url (or this package again, from what net/url wrote).
type reading struct {
	component string
	ours, std string
}

// firstDifference returns the *ConversionError of the first reading whose
// two sides differ (a password shown as "xxxxx"), or nil. written is what
// the std side was read from, or "".
func (u URL) firstDifference(written string, readings ...reading) *ConversionError {
	for _, r := range readings {
		if r.ours == r.std {
			continue
		}
		if r.component == "password" {
			r.ours, r.std = "xxxxx", "xxxxx"
		}
		return &ConversionError{Component: r.component, Ours: r.ours, Std: r.std, Written: written}
	}
	return nil
}

// queryReading is a query as a reading: "" when null, else "?" and the
// query, so that null and empty differ.
func queryReading(q string, nonNull bool) string {
	if !nonNull {
		return ""
	}
	return "?" + q
}

// agreesWithStd checks that the net/url URL s has u's components, as ToStd
// promises: the host, port, path and query byte for byte, the username,
// password and fragment once percent-decoded. written is the string s was
// parsed from, or "" when s was made from u's fields.
func (u URL) agreesWithStd(s *stdurl.URL, written string) *ConversionError {
	stdPassword, _ := s.User.Password() // "" for a nil *Userinfo
	stdPath := s.EscapedPath()
	if u.HasOpaquePath() || s.Opaque != "" {
		stdPath = s.Opaque
		if !u.HasOpaquePath() {
			stdPath = "opaque:" + s.Opaque + s.EscapedPath()
		}
	}
	q, hasQuery := u.Query()
	f, _ := u.Fragment()
	return u.firstDifference(written,
		reading{"scheme", u.Scheme(), s.Scheme},
		reading{"username", percentDecodeString(u.Username()), s.User.Username()},
		reading{"password", percentDecodeString(u.Password()), stdPassword},
		reading{"host", u.stdHostname(), s.Hostname()},
		reading{"port", u.Port(), s.Port()},
		reading{"path", u.Pathname(), stdPath},
		reading{"query", queryReading(q, hasQuery), queryReading(s.RawQuery, s.ForceQuery || s.RawQuery != "")},
		reading{"fragment", percentDecodeString(f), s.Fragment},
	)
}

// agreesWith checks that v, this package's parse of net/url's String() of
// ToStd(u), names what u names: the same host, port, path and query byte for
// byte, and the same username, password and fragment once percent-decoded.
func (u URL) agreesWith(v URL, written string) *ConversionError {
	opaque := func(u URL) string {
		if u.HasOpaquePath() {
			return "opaque:" + u.Pathname()
		}
		return u.Pathname()
	}
	q, hasQuery := u.Query()
	vq, vHasQuery := v.Query()
	f, _ := u.Fragment()
	vf, _ := v.Fragment()
	return u.firstDifference(written,
		reading{"scheme", u.Scheme(), v.Scheme()},
		reading{"host kind", u.hostKind.String(), v.hostKind.String()},
		reading{"host", u.Hostname(), v.Hostname()},
		reading{"port", u.Port(), v.Port()},
		reading{"path", opaque(u), opaque(v)},
		reading{"query", queryReading(q, hasQuery), queryReading(vq, vHasQuery)},
		reading{"username", percentDecodeString(u.Username()), percentDecodeString(v.Username())},
		reading{"password", percentDecodeString(u.Password()), percentDecodeString(v.Password())},
		reading{"fragment", percentDecodeString(f), percentDecodeString(vf)},
	)
}

// errNilStd is what FromStd returns for a nil *net/url.URL.
var errNilStd = errors.New("url: FromStd of a nil *net/url.URL")

// FromStd returns the net/url URL s as a URL: it parses s.String() (with
// the changes below to what a request-target does not carry) with [Parse],
// the standard's basic URL parser, then checks that the result
// names what s names for net/url and net/http, and returns a
// *[ConversionError] when it does not. s must be absolute (have a scheme):
// resolve a relative reference first, with net/url's ResolveReference or
// this package's [URL.Parse].
//
// The parse normalizes, as a browser would: the scheme and a domain are
// lowercased, a Unicode domain goes to Punycode ("bücher.example" to
// "xn--bcher-kva.example"), the scheme's default port is dropped, an empty
// path of an http(s) URL becomes "/", and characters net/url leaves bare in
// the query are percent-encoded. None of that changes what s names. What
// FromStd refuses is a difference in meaning:
//
//   - the host: an IP host here must be the same address for
//     net/netip.ParseAddr of s.Hostname() (net/url reads "0x7f.1",
//     "2130706433" and "010.0.0.1" as names, this package as 127.0.0.1,
//     127.0.0.1 and 8.0.0.1), a domain here must not be an address there and
//     must be s.Hostname() lowercased (or converted to Punycode), an opaque
//     host must be s.Hostname() once percent-decoded; a URL such as
//     "http:///example.com/x", whose host net/url reads as empty, is refused
//     because this package reads the host "example.com";
//   - the port, compared as a number, the default port and none being the
//     same;
//   - the path, which must be s.EscapedPath() (or s.Opaque) byte for byte:
//     this package resolves "." and ".." segments, "%2e" spellings included,
//     that net/url keeps and a server may not resolve. An Opaque that
//     starts with "//" ("//example.com/a|b", as [URL.RequestURL] sets it)
//     is what net/http sends after the scheme, as it is: its authority
//     must be s.Host (see the host and port below) and the rest is the
//     path, which s.Path, unless empty, must hold percent-decoded. s.RawPath
//     counts only where net/url's EscapedPath, which net/http sends, takes
//     it: not when it holds a byte net/url would escape, such as "|";
//   - the query, which may gain percent-encoding but must decode to s's;
//   - the username, password and fragment, compared percent-decoded;
//   - for a URL requested over HTTP (its scheme is http or https, which
//     net/http's Transport sends, or ws or wss, whose opening handshake is an
//     HTTP request), the request net/http's Request.Write sends for s: its
//     request-target (s.RequestURI()) must hold no control, space, DEL,
//     non-ASCII byte or "#", none of which net/http escapes there (a space
//     breaks the request line: a RawQuery of " 0" is sent as
//     "GET /? 0 HTTP/1.1"); this package must read it back, with the Host
//     header, as the result's path and query; and the Host header net/http
//     writes (s.Host converted to Punycode without the standard's mapping,
//     so "BÜCHER.example" is sent as "xn--BCHER-2pa.example", or empty when
//     it is not a valid header) must read as the result's host and port.
//
// For other schemes net/http sends no request, and FromStd does not look at
// the one Request.Write would write: FromStd of "mailto:a b@example.com"
// is the URL of that href.
//
// The string FromStd parses is s.String(), but for what is never sent in
// the request-target: the username and password, which net/url holds
// percent-decoded, are written as this package writes them (net/url writes
// "!" as "%21"), and also when s.Opaque is set (s.String() leaves them out,
// an http.Client sends them); the fragment is s.RawFragment when that is
// visible ASCII that percent-decodes to s.Fragment. So FromStd reads back
// what this package gives net/url: FromStd of [URL.ToStd] of u is u, and of
// [URL.RequestURL] (and of the URL of [URL.NewRequest]) u without its
// fragment, but that an empty fragment, which net/url cannot hold, is none,
// and that a username or password spelled otherwise than the parser spells
// the bytes it percent-decodes to ("%41" for "A", lower-case hex digits, a
// "%" that starts no escape) comes back spelled as the parser spells them.
func FromStd(s *stdurl.URL) (URL, error) {
	if s == nil {
		return URL{}, errNilStd
	}
	u, err := Parse(fromStdInput(s))
	if err != nil {
		return URL{}, fromStdParseError(err, s)
	}
	if e := fromStdAgrees(u, s); e != nil {
		return URL{}, e.finish("FromStd", errtext.StdRedacted(s))
	}
	if e := u.requestAgrees(s); e != nil {
		return URL{}, e.finish("FromStd", errtext.StdRedacted(s))
	}
	return u, nil
}

// fromStdParseError returns err, the error of Parse on what FromStd parses
// for s, as FromStd returns it: when s's Host holds an "@", a *ParseError
// whose Input is the string FromStd parses for errtext.RedactStdHost(s),
// and that names no code point (the one at its Offset may be the
// password's).
func fromStdParseError(err error, s *stdurl.URL) error {
	pe, ok := err.(*ParseError)
	if !ok || !strings.Contains(s.Host, "@") {
		return err
	}
	e := *pe
	e.Input = errtext.Of(fromStdInput(errtext.RedactStdHost(s)))
	e.named = 0
	return &e
}

// fromStdInput returns the string FromStd parses for s: s.String(), which
// is what net/url writes and reads back, with the components that are not
// sent in the request-target written as this package writes them:
//
//   - The username and password, which net/url keeps percent-decoded only,
//     are written with the userinfo percent-encode set, "%" included (see
//     appendStdUserinfo): what the parser writes for them, where net/url's
//     String() writes "!", "'", "(", ")" and "*" percent-encoded.
//   - When s.Opaque holds a URL's authority and path ("//host/a|b", net/url's
//     way of sending a path as it is: see [URL.RequestURL]), s.String() is
//     s.Scheme, ":" and s.Opaque, without s.User, which an http.Client still
//     sends (as an Authorization header): they are written before the host.
//   - The fragment, never sent, is s.RawFragment when that is visible
//     ASCII that percent-decodes to s.Fragment, as net/url's Parse sets it
//     and ToStd does, where s.String() writes its own encoding unless
//     RawFragment is one net/url would write ("a|b" is written "a%7Cb").
//
// None of these changes what the parse gives once percent-decoded, which
// fromStdAgrees compares: the request-target (the path and query), which
// is where this package and net/url must read the same bytes, is s's as
// net/http sends it.
func fromStdInput(s *stdurl.URL) string {
	written := s.String()
	if s.Scheme == "" {
		return written // a relative reference, which Parse refuses
	}
	if s.User != nil {
		// s.String() is the scheme, ":", "//", the userinfo and "@" when
		// s.Opaque is empty; s.Scheme, ":" and s.Opaque otherwise.
		var rest string
		var ok bool
		if s.Opaque == "" {
			rest, ok = strings.CutPrefix(written, s.Scheme+"://"+s.User.String()+"@")
		} else if strings.HasPrefix(s.Opaque, "//") {
			rest, ok = written[len(s.Scheme)+len("://"):], true
		}
		if ok {
			b := make([]byte, 0, len(written)+16)
			b = append(b, s.Scheme...)
			b = append(b, "://"...)
			b = appendStdUserinfo(b, s.User)
			b = append(b, '@')
			written = string(append(b, rest...))
		}
	}
	if f := s.RawFragment; s.Fragment != "" && f != "" && allVisibleASCII(f) && percentDecodeString(f) == s.Fragment {
		if rest, ok := strings.CutSuffix(written, "#"+s.EscapedFragment()); ok {
			written = rest + "#" + f
		}
	}
	return written
}

// appendStdUserinfo appends to b a net/url Userinfo as a URL's username,
// and ":" and its password when it has one, each percent-encoded with the
// userinfo percent-encode set, as the parser writes them, and "%" too, so
// that each percent-decodes to the username or password it is
// (https://url.spec.whatwg.org/#userinfo-percent-encode-set). Every byte of
// 0x80 or more is percent-encoded as it is, valid UTF-8 or not.
func appendStdUserinfo(b []byte, ui *stdurl.Userinfo) []byte {
	encode := func(b []byte, s string) []byte {
		for i := 0; i < len(s); i++ {
			if c := s[i]; c == '%' || infra.UserinfoSet.Contains(c) {
				b = appendPercentEncodedByte(b, c)
			} else {
				b = append(b, c)
			}
		}
		return b
	}
	b = encode(b, ui.Username())
	if password, ok := ui.Password(); ok {
		b = encode(append(b, ':'), password)
	}
	return b
}

// allVisibleASCII reports whether s is made of the bytes "!" to "~" only.
func allVisibleASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] >= 0x7F {
			return false
		}
	}
	return true
}

// The request net/http sends for a net/url URL s: net/http's Request.Write
// (Go 1.27), for a request whose Host field is empty and that goes to no
// proxy, writes
//
//	GET <s.RequestURI()> HTTP/1.1
//	Host: <s.Host, converted to Punycode by httpguts.PunycodeHostPort>
//
// with an empty Host header when that is not valid by
// httpguts.ValidHostHeader, and an IPv6 zone removed from it. It refuses
// only a control byte in the request-target: a space, DEL or a non-ASCII
// byte it writes as they are, so that the request line splits in other
// places or a server decodes other bytes. ToStd and FromStd check that
// request with requestAgrees.

// stdRequest returns the request-target and the Host header of the request
// net/http sends for s, or the error of net/http's conversion of a non-ASCII
// host to Punycode, with which it writes no request.
func stdRequest(s *stdurl.URL) (target, host string, err error) {
	// Request.write: host, err = httpguts.PunycodeHostPort(host); an
	// invalid Host header is sent empty ("zero out the Host header
	// entirely if it isn't valid"); host = removeZone(host).
	host, err = httpguts.PunycodeHostPort(s.Host)
	if err != nil {
		return "", "", err
	}
	if !httpguts.ValidHostHeader(host) {
		host = ""
	}
	if strings.HasPrefix(host, "[") {
		if i := strings.LastIndexByte(host, ']'); i >= 0 {
			if j := strings.LastIndexByte(host[:i], '%'); j >= 0 {
				host = host[:j] + host[i:]
			}
		}
	}
	// ruri := r.URL.RequestURI()
	return s.RequestURI(), host, nil
}

// notInRequestTarget returns the index of the first byte of target that a
// request-target cannot hold, or -1. Those are the bytes that make a server
// read another request-target than the one sent, whatever it does with the
// rest: a control, a space (which ends the request-target in the request
// line, RFC 9112 section 3), DEL, a byte that is not ASCII (which servers
// read in different encodings, or refuse), and "#" (which starts a fragment
// for a reader that parses the request-target as a URL). Other bytes that
// RFC 3986 does not allow bare, such as "|" and "{", servers take as they
// are; requestAgrees checks that this package reads them back the same.
func notInRequestTarget(target string) int {
	for i := 0; i < len(target); i++ {
		if c := target[i]; c <= ' ' || c >= 0x7F || c == '#' {
			return i
		}
	}
	return -1
}

// requestAgrees checks, for a URL u requested over HTTP, that the request
// net/http sends for s (see stdRequest) names what u names: that its
// request-target holds only bytes a request-target can (see
// notInRequestTarget), that this package reads it, with the Host header, as
// u's path and query (an empty path is sent as "/", RFC 9110 section 4.2.3),
// and that it reads the Host header as u's host and port.
func (u URL) requestAgrees(s *stdurl.URL) *ConversionError {
	if !requestedOverHTTP(u.Scheme()) {
		return nil
	}
	target, host, err := stdRequest(s)
	if err != nil {
		return &ConversionError{Component: "host", Ours: u.Host(), Std: s.Host,
			Request: "GET " + s.RequestURI() + " HTTP/1.1",
			Err:     errors.New("net/http cannot write the Host header: " + err.Error())}
	}
	differ := func(component, ours, std string, err error) *ConversionError {
		request := "GET " + target + " HTTP/1.1\r\nHost: " + host
		return &ConversionError{Component: component, Ours: ours, Std: std, Request: request, Err: err}
	}
	queryStart := len(target)
	if s.ForceQuery || s.RawQuery != "" {
		queryStart -= len(s.RawQuery) + 1
	}
	if i := notInRequestTarget(target); i >= 0 {
		err := errors.New("a request-target cannot hold " + quote(target[i:i+1]))
		if i >= queryStart {
			return differ("query", u.Search(), target[queryStart:], err)
		}
		return differ("path", u.Pathname(), target[:queryStart], err)
	}
	// An empty Host header is no host; in the origin-form below, a special
	// URL would read its path's first segment as one.
	if (host == "") != (u.Hostname() == "") {
		return differ("host", u.Host(), host, nil)
	}
	v, err := readRequest(u.Scheme(), host, target)
	if err != nil {
		return differ("href", u.Href(), "", err)
	}
	q, hasQuery := u.Query()
	vq, vHasQuery := v.Query()
	switch {
	case v.Scheme() != u.Scheme():
		return differ("scheme", u.Scheme(), v.Scheme(), nil)
	case v.Hostname() != u.Hostname():
		return differ("host", u.Hostname(), v.Hostname(), nil)
	case v.Port() != u.Port():
		return differ("port", u.Port(), v.Port(), nil)
	case v.Pathname() != u.Pathname() && !(u.Pathname() == "" && v.Pathname() == "/"):
		return differ("path", u.Pathname(), v.Pathname(), nil)
	case vq != q || vHasQuery != hasQuery:
		return differ("query", u.Search(), v.Search(), nil)
	}
	// A request-target in the absolute-form names its own host; the Host
	// header must name the same.
	if !strings.HasPrefix(target, "/") {
		if h, err := Parse(u.Scheme() + "://" + host); err != nil || h.Hostname() != u.Hostname() || h.Port() != u.Port() {
			return differ("host", u.Host(), host, nil)
		}
	}
	return nil
}

// requestedOverHTTP reports whether a URL of the scheme is requested with
// the HTTP request that net/http's Request.Write writes: http and https,
// the schemes net/http's Transport sends (it refuses the others:
// "unsupported protocol scheme"), and ws and wss, whose opening handshake
// is an HTTP GET of the URL's request-target (RFC 6455, section 4.1).
func requestedOverHTTP(scheme string) bool {
	switch scheme {
	case "http", "https", "ws", "wss":
		return true
	}
	return false
}

// readRequest reads, with this package's parser, the request-target target
// sent with the Host header host for a URL whose scheme is scheme, as RFC
// 9112 (section 3.2) reads a request-target: the origin-form "/a?b"
// relative to the scheme and host, the absolute-form "http://h/a?b" (which
// net/http sends for a net/url Opaque that starts with "//") as a URL. The
// opaque path of a URL such as "mailto:a@example.com" net/http sends as it
// is, in no form of RFC 9112's: it is read after the scheme, unless it
// starts as an absolute-form does ("x:y"), which is then what it reads as.
func readRequest(scheme, host, target string) (URL, error) {
	switch {
	case strings.HasPrefix(target, "/"):
		return Parse(scheme + "://" + host + target)
	case startsWithScheme(target):
		return Parse(target)
	}
	return Parse(scheme + ":" + target)
}

// startsWithScheme reports whether s starts with a scheme and ":"
// (RFC 3986: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":").
func startsWithScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := int(s[i])
		switch {
		case infra.IsASCIIAlpha(c):
		case i > 0 && (infra.IsASCIIDigit(c) || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return true
		default:
			return false
		}
	}
	return false
}

// fromStdAgrees checks, for FromStd, that u (parsed from s.String()) names
// what s names. The parse may have normalized s (see FromStd), so each of
// s's components is read here as this package would write it.
func fromStdAgrees(u URL, s *stdurl.URL) *ConversionError {
	// The host, as net/http dials it, in this package's form.
	h, ourHost := s.Hostname(), u.Hostname()
	stdHost := h
	switch u.hostKind {
	case IPv4Host, IPv6Host:
		// net/url leaves the host as written, and net/http dials it as
		// netip reads it: an IP address only in its standard spelling.
		if a, err := netip.ParseAddr(h); err == nil && a == u.HostValue().Addr() {
			stdHost = ourHost
		}
	case DomainHost:
		// A domain lowercased or converted to Punycode; never an address
		// for net/http.
		if _, err := netip.ParseAddr(h); err != nil {
			stdHost = strings.ToLower(h)
			if !infra.IsASCII(h) {
				stdHost, _ = DomainToASCII(h)
			}
		}
	case OpaqueHost:
		ourHost = percentDecodeString(ourHost)
	}
	// The port, as a number; none is the scheme's default.
	stdPort := s.Port()
	if n, err := strconv.ParseUint(stdPort, 10, 16); err == nil {
		stdPort = strconv.FormatUint(n, 10)
		if def, _ := defaultPort(u.Scheme()); int32(n) == def {
			stdPort = ""
		}
	}
	// The path, byte for byte; net/http requests "/" for an empty path.
	path, stdPath := u.Pathname(), s.EscapedPath()
	fieldPath := "" // s.Path, when s.Opaque sends the path instead
	switch {
	case s.Opaque != "" && u.HasOpaquePath():
		stdPath = s.Opaque
	case strings.HasPrefix(s.Opaque, "//"):
		// s.Opaque is "//", an authority and a path, which net/http sends
		// as they are: the request-target is s.Scheme, ":" and s.Opaque
		// (s.RequestURI()). The authority is the host that u has read
		// from it, compared with s.Host below; the path is the rest, up
		// to the query. s.Path, which code such as a cookie jar reads,
		// must be that path too, percent-decoded, or empty.
		stdPath = ""
		if i := strings.IndexByte(s.Opaque[2:], '/'); i >= 0 {
			stdPath = s.Opaque[2+i:]
		}
		if s.Path != "" {
			fieldPath = s.Path
		}
	case s.Opaque != "":
		stdPath = "opaque:" + s.Opaque
	}
	if stdPath == "" && path == "/" && u.IsSpecial() {
		stdPath = "/"
	}
	ourFieldPath := ""
	if fieldPath != "" {
		ourFieldPath = percentDecodeString(path)
	}
	// The userinfo, query and fragment, which the parser may only have
	// percent-encoded.
	stdPassword, _ := s.User.Password()
	q, _ := u.Query()
	f, _ := u.Fragment()
	return u.firstDifference("",
		reading{"scheme", u.Scheme(), strings.ToLower(s.Scheme)},
		reading{"username", percentDecodeString(u.Username()), s.User.Username()},
		reading{"password", percentDecodeString(u.Password()), stdPassword},
		reading{"host", ourHost, stdHost},
		reading{"port", u.Port(), stdPort},
		reading{"path", path, stdPath},
		reading{"path", ourFieldPath, fieldPath},
		reading{"query", percentDecodeString(q), percentDecodeString(s.RawQuery)},
		reading{"fragment", percentDecodeString(f), s.Fragment},
	)
}

// Redacted returns the URL's serialization with its password, if it has
// one, replaced by "xxxxx", as net/url's URL.Redacted does:
// "https://user:xxxxx@example.com/". Use it to log or show a URL that may
// carry a password. A URL with no password is returned as it is.
func (u URL) Redacted() string {
	if u.Password() == "" {
		return u.href
	}
	// The password runs from after the ":" at usernameEnd to the "@"
	// before the host.
	return u.href[:u.usernameEnd+1] + "xxxxx" + u.href[u.hostStart-1:]
}
