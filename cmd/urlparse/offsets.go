package main

import (
	"bufio"
	"fmt"
	"strings"

	"github.com/webstd/url"
)

// A span is where a component lies in the href: href[Start:End] is the
// component. An empty component has Start == End, the offset at which it
// would be.
type span struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// offsets are the spans of the components that the URL class's getters
// return (https://url.spec.whatwg.org/#urlutils-members).
type offsets struct {
	Href     span `json:"href"`
	Protocol span `json:"protocol"`
	Username span `json:"username"`
	Password span `json:"password"`
	Host     span `json:"host"`
	Hostname span `json:"hostname"`
	Port     span `json:"port"`
	Pathname span `json:"pathname"`
	Search   span `json:"search"`
	Hash     span `json:"hash"`
}

// offsetsOf returns the spans of u's components. Package url keeps them but
// does not export them, so they are found from the getters, as the URL
// serializer (https://url.spec.whatwg.org/#concept-url-serializer) lays
// them out:
//
//	scheme ":" ["//" [username [":" password] "@"] hostname [":" port]] ["/."] path ["?" query] ["#" fragment]
//
// The part before the path is read from the start of the href and the rest
// from its end, so that the "/." that the serializer puts before a path that
// starts with "//" when there is no host falls between them.
func offsetsOf(u url.URL) offsets {
	href := u.Href()
	at := func(start int, s string) span { return span{start, start + len(s)} }
	var o offsets
	o.Href = at(0, href)
	o.Protocol = at(0, u.Protocol())

	// From the end: the fragment, then the query, then the path.
	queryEnd := len(href)
	if f, ok := u.Fragment(); ok {
		queryEnd -= 1 + len(f)
	}
	pathEnd := queryEnd
	if q, ok := u.Query(); ok {
		pathEnd -= 1 + len(q)
	}
	o.Hash = at(queryEnd, u.Hash())
	o.Search = at(pathEnd, u.Search())
	o.Pathname = span{pathEnd - len(u.Pathname()), pathEnd}

	// From the start: the authority.
	i := o.Protocol.End
	if u.HasHost() {
		i += len("//")
		o.Username = at(i, u.Username())
		o.Password = at(o.Username.End, "")
		if pw := u.Password(); pw != "" {
			o.Password = at(o.Username.End+1, pw)
		}
		if o.Password.End > i {
			i = o.Password.End + len("@")
		}
		o.Hostname = at(i, u.Hostname())
		o.Port = at(o.Hostname.End, "")
		if port := u.Port(); port != "" {
			o.Port = at(o.Hostname.End+1, port)
		}
		o.Host = span{o.Hostname.Start, o.Port.End}
	} else {
		o.Username, o.Password, o.Hostname, o.Port, o.Host = at(i, ""), at(i, ""), at(i, ""), at(i, ""), at(i, "")
	}
	return o
}

// writeDiagram writes u's href and under it a line for each of its non-empty
// components, with a "^" under each of its bytes, its name and its span.
// The href is ASCII (the serializer percent-encodes every other code point
// and writes domains in Punycode), so a byte is a column.
//
//	https://user:pass@example.com:8080/a/b?q#f
//	^^^^^^                                      protocol [0,6)
//	        ^^^^                                username [8,12)
func writeDiagram(w *bufio.Writer, u url.URL) {
	href := u.Href()
	o := offsetsOf(u)
	w.WriteString(href)
	w.WriteString("\n")
	for _, c := range []struct {
		name string
		s    span
	}{
		{"protocol", o.Protocol}, {"username", o.Username}, {"password", o.Password},
		{"host", o.Host}, {"hostname", o.Hostname}, {"port", o.Port},
		{"pathname", o.Pathname}, {"search", o.Search}, {"hash", o.Hash},
	} {
		if c.s.Start == c.s.End {
			continue
		}
		w.WriteString(strings.Repeat(" ", c.s.Start))
		w.WriteString(strings.Repeat("^", c.s.End-c.s.Start))
		w.WriteString(strings.Repeat(" ", len(href)-c.s.End))
		fmt.Fprintf(w, "  %-8s [%d,%d)\n", c.name, c.s.Start, c.s.End)
	}
	w.WriteString("\n")
}
