package url

import (
	"slices"
	"testing"
)

// TestSetters holds the project's own setter cases, beside the WPT ones:
// the standard's steps where setters_tests.json has no case, and each input
// worth keeping from FuzzSetters. Every case also goes through checkSetter,
// the fuzz target's properties.
func TestSetters(t *testing.T) {
	for _, tc := range []struct {
		href, attr, value, want string
	}{
		// Protocol to "file": the record the standard's steps leave
		// ("file://localhost/", path "C|") serializes to a href that parses
		// to another URL; the URL is the parse of that href (see SetProtocol).
		{"http://localhost/", "protocol", "file", "file:///"},
		{"ws://LOCALHOST/a", "protocol", "file", "file:///a"},
		{"http://h/C|/x", "protocol", "file", "file://h/C:/x"},
		{"http://localhost/c|", "protocol", "file", "file:///c:"},
		// Scheme state: the value is read up to ":", and a code point that is
		// neither a scheme code point nor ":" fails the whole value.
		{"http://h/", "protocol", "HTTPS:x", "https://h/"},
		{"http://h/", "protocol", "ht tp", "http://h/"},
		{"http://h/", "protocol", "\thttps\n", "https://h/"},
		{"http://h/", "protocol", "", "http://h/"},
		{"http://h/", "protocol", "1http", "http://h/"},
		// The username and password setters percent-encode the value as it is:
		// no basic URL parser runs, so a tab is encoded, not removed.
		{"http://h/", "username", "a\tb", "http://a%09b@h/"},
		{"http://h/", "password", "\xFF", "http://:%EF%BF%BD@h/"},
		{"http://u:p@h/", "username", "", "http://:p@h/"},
		{"http://u:p@h/", "password", "", "http://u@h/"},
		{"http://:p@h/", "password", "", "http://h/"},
		// Host state under a state override: the host is set before the port
		// state fails, so the host changes and the port does not.
		{"http://h:1/", "host", "g:99999", "http://g:1/"},
		{"http://h:1/", "host", "g:x", "http://g:1/"},
		{"http://h:1/", "host", "g:", "http://g:1/"},
		{"http://h:1/", "host", "g:80", "http://g/"},
		// The hostname setter fails on ":" outside brackets.
		{"http://h:1/", "hostname", "g:2", "http://h:1/"},
		{"http://h:1/", "hostname", "[::1]", "http://[::1]:1/"},
		// An empty host where the URL has credentials or a port fails.
		{"sc://u@h/", "host", "", "sc://u@h/"},
		{"sc://h:1/", "hostname", "", "sc://h:1/"},
		{"sc://h/", "host", "", "sc:///"},
		// The port setter: "" makes the port null; a value that becomes ""
		// once tab and newline are removed is not "", and fails.
		{"http://h:1/", "port", "", "http://h/"},
		{"http://h:1/", "port", "\t", "http://h:1/"},
		{"http://h:1/", "port", "\t2\n3", "http://h:23/"},
		{"http://h:1/", "port", "x2", "http://h:1/"},
		// Opaque paths: the host, hostname and pathname setters return.
		{"sc:a b", "host", "h", "sc:a b"},
		{"sc:a b", "hostname", "h", "sc:a b"},
		{"sc:a b", "pathname", "/x", "sc:a b"},
		{"sc:a b", "search", "q", "sc:a b?q"},
		{"sc:a b", "hash", "f", "sc:a b#f"},
		// Removing the query or fragment of an opaque path keeps the %20 the
		// opaque path state wrote for a space before "?" or "#".
		{"sc:a ?q", "search", "", "sc:a%20"},
		{"sc:a #f", "hash", "", "sc:a%20"},
		{"sc:a ?q#f", "hash", "", "sc:a%20?q"},
		// Search and hash: a single leading "?" or "#" is removed before
		// tab and newline are, and under the override "#" is part of a query.
		{"http://h/", "search", "??a#b", "http://h/??a%23b"},
		{"http://h/", "search", "?", "http://h/?"},
		{"http://h/?x", "search", "\t", "http://h/?"},
		{"http://h/", "hash", "\t#x", "http://h/##x"},
		{"http://h/", "hash", "#", "http://h/#"},
		// The pathname setter on a URL whose host is null: a path starting
		// with "//" is written after "/.".
		{"sc:/a", "pathname", "//x", "sc:/.//x"},
		{"web+demo:/.//not-a-host/", "pathname", "/y", "web+demo:/y"},
		// Special: "\" is a path separator; a file drive letter is
		// normalized.
		{"http://h/", "pathname", "a\\b/../c", "http://h/a/c"},
		{"file:///", "pathname", "C|/x", "file:///C:/x"},
		// The href setter: a value that does not parse changes nothing.
		{"http://h/", "href", "http://[::1", "http://h/"},
		{"http://h/", "href", "  sc:x  ", "sc:x"},
		// review 2026-11-21: host state under a state override on URLs whose
		// host is null or whose path starts with an empty segment: the "/."
		// goes once the host is non-null; "" is an empty opaque host for a
		// URL that is not special; ":" with an empty buffer fails; the port
		// state fails after the host was set.
		{"sc:/.//x", "host", "h", "sc://h//x"},
		{"sc:/a/b", "host", "", "sc:///a/b"},
		{"sc://h//x", "hostname", "", "sc:////x"},
		{"sc:/.//a", "host", ":1", "sc:/.//a"},
		{"sc:/.//a", "host", "X:1", "sc://X:1//a"},
		{"sc://u:p@h:1/a", "host", "g:X", "sc://u:p@g:1/a"},
		{"file://h/x", "host", "local%68ost", "file:///x"},
		{"file://h/x", "hostname", "localhost", "file:///x"},
		// review 2026-11-21: port state under a state override: a first code
		// point that is not a digit fails (even "/", "\" or "?"), digits are
		// read up to the first other code point, and leading zeros go.
		{"http://h:8080/", "port", "/80", "http://h:8080/"},
		{"http://h:8080/", "port", "\\80", "http://h:8080/"},
		{"http://h/", "port", "0080", "http://h/"},
		{"https://h/", "port", "0443x", "https://h/"},
		{"http://h/", "port", "8080abc", "http://h:8080/"},
		// review 2026-11-21: path start state under a state override: ".."
		// leaves the empty string; an empty value leaves an empty path but
		// for a null host; the query and fragment stay; a file drive letter
		// after ".." is normalized since the path is empty again.
		{"sc://h/a", "pathname", "..", "sc://h/"},
		{"sc:/x", "pathname", "", "sc:/"},
		{"sc://h/x", "pathname", "", "sc://h"},
		{"web+demo:/.//x?q#f", "pathname", "//y", "web+demo:/.//y?q#f"},
		{"file:///x", "pathname", "//y", "file:////y"},
		{"file://h/x", "pathname", "/a/../C|/b", "file://h/C:/b"},
		// review 2026-11-21: scheme state under a state override: a port that
		// is the new scheme's default port becomes null.
		{"http://h:443/", "protocol", "https", "https://h/"},
		{"wss://h:80/", "protocol", "ws", "ws://h/"},
		// review 2026-11-21: query and fragment states under a state override:
		// tab and newline go, leading spaces stay (no url given means no
		// trimming), "'" is encoded only in a special URL's query.
		{"http://h/", "search", "a\tb\nc'", "http://h/?abc%27"},
		{"sc://h/", "search", "'", "sc://h/?'"},
		{"http://h/", "hash", " a\t", "http://h/#%20a"},
	} {
		t.Run(tc.attr+" "+tc.href+" <- "+tc.value, func(t *testing.T) {
			u := MustParse(tc.href)
			orig := u
			setters[tc.attr](&u, tc.value)
			if got := u.Href(); got != tc.want {
				t.Errorf("href = %q, want %q", got, tc.want)
			}
			if tc.want == tc.href && u != orig {
				t.Errorf("href unchanged, but the URL is not == the original")
			}
			checkInvariants(t, u)
			checkSetter(t, orig, tc.attr, tc.value)
		})
	}
}

// TestSetSearchQueryObject checks the search setter's last step (whatwg/url
// fde3f74): the query object's list is the parse of the query as the basic
// URL parser wrote it, so a tab in the value is removed before the pairs are
// read, and percent-encoding is decoded.
func TestSetSearchQueryObject(t *testing.T) {
	for _, tc := range []struct {
		value string
		want  [][2]string
	}{
		{"?a\tb=c", [][2]string{{"ab", "c"}}},
		{"a\nb=c\r&d", [][2]string{{"ab", "c"}, {"d", ""}}},
		{"?x y=%41", [][2]string{{"x y", "A"}}},
		{"", nil},
	} {
		u := MustParse("https://example.com/?old=1")
		u.SetSearch(tc.value)
		var got [][2]string
		for name, value := range u.SearchParams().All() {
			got = append(got, [2]string{name, value})
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("SetSearch(%q): SearchParams %q, want %q (href %q)", tc.value, got, tc.want, u.Href())
		}
	}
}
