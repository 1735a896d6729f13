package url

import (
	"bytes"
	"encoding"
	"encoding/gob"
	"encoding/json"
	"encoding/xml"
	"errors"
	"flag"
	"io"
	"strings"
	"testing"
)

// The interfaces URL implements.
var (
	_ encoding.TextMarshaler     = URL{}
	_ encoding.TextAppender      = URL{}
	_ encoding.TextUnmarshaler   = (*URL)(nil)
	_ encoding.BinaryMarshaler   = URL{}
	_ encoding.BinaryAppender    = URL{}
	_ encoding.BinaryUnmarshaler = (*URL)(nil)
)

func TestMarshalText(t *testing.T) {
	for _, in := range []string{"https://example.com/", "HTTP://EXAMPLE.com/a/../b?x y#z", "mailto:a@example.com", "http://0x7f.1/"} {
		u := MustParse(in)
		text, err := u.MarshalText()
		if err != nil || string(text) != u.Href() {
			t.Errorf("MarshalText(%q) = %q, %v", in, text, err)
		}
		if b, _ := u.AppendText([]byte("x")); string(b) != "x"+u.Href() {
			t.Errorf("AppendText = %q", b)
		}
		var v URL
		if err := v.UnmarshalText([]byte(in)); err != nil || v != u {
			t.Errorf("UnmarshalText(%q) = %q, %v", in, v.Href(), err)
		}
		if b, _ := u.MarshalBinary(); string(b) != u.Href() {
			t.Errorf("MarshalBinary = %q", b)
		}
		var w URL
		if err := w.UnmarshalBinary([]byte(u.Href())); err != nil || w != u {
			t.Errorf("UnmarshalBinary = %q, %v", w.Href(), err)
		}
	}
	// The zero URL round-trips through the empty string.
	text, err := URL{}.MarshalText()
	if err != nil || len(text) != 0 {
		t.Errorf("zero URL MarshalText = %q, %v", text, err)
	}
	u := MustParse("https://example.com/")
	if err := u.UnmarshalText(nil); err != nil || u != (URL{}) {
		t.Errorf("UnmarshalText(empty) = %q, %v", u.Href(), err)
	}
	// Failure leaves the URL as it was.
	u = MustParse("https://example.com/")
	err = u.UnmarshalText([]byte("https://example.org:70000/"))
	if !errors.Is(err, ErrPortOutOfRange) || u.Href() != "https://example.com/" {
		t.Errorf("UnmarshalText of a bad URL: %q, %v", u.Href(), err)
	}
}

func TestJSON(t *testing.T) {
	type page struct {
		Link   URL  `json:"link"`
		Ptr    *URL `json:"ptr"`
		Empty  URL  `json:"empty,omitzero"`
		Nested []URL
		ByURL  map[string]URL
	}
	in := page{
		Link:   MustParse("HTTPS://Example.COM/a b"),
		Ptr:    new(MustParse("https://ex.example/?q=\"")),
		Nested: []URL{MustParse("mailto:a@example.com"), {}},
		ByURL:  map[string]URL{"k": MustParse("https://[::1]:8080/")},
	}
	b, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"link":"https://example.com/a%20b","ptr":"https://ex.example/?q=%22","Nested":["mailto:a@example.com",""],"ByURL":{"k":"https://[::1]:8080/"}}`
	if string(b) != want {
		t.Errorf("json.Marshal = %s\nwant %s", b, want)
	}
	var out page
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	if out.Link != in.Link || *out.Ptr != *in.Ptr || out.Nested[0] != in.Nested[0] || out.Nested[1] != (URL{}) || out.ByURL["k"] != in.ByURL["k"] {
		t.Errorf("round trip: %+v", out)
	}
	// The JSON string is parsed, so a URL in any spelling normalizes.
	var u URL
	if err := json.Unmarshal([]byte(`"HTTP://EXAMPLE.com/a/../b"`), &u); err != nil || u.Href() != "http://example.com/b" {
		t.Errorf("json.Unmarshal = %q, %v", u.Href(), err)
	}
	// A string that does not parse is an error that says why.
	err = json.Unmarshal([]byte(`{"link":"http://[::1"}`), &out)
	if !errors.Is(err, ErrIPv6Unclosed) {
		t.Errorf("json.Unmarshal of a bad URL: %v", err)
	}
	// A URL as a map key.
	m := map[URL]int{MustParse("https://example.com/"): 1}
	b, err = json.Marshal(m)
	if err != nil || string(b) != `{"https://example.com/":1}` {
		t.Errorf("map key: %s %v", b, err)
	}
	var m2 map[URL]int
	if err := json.Unmarshal(b, &m2); err != nil || m2[MustParse("https://example.com/")] != 1 {
		t.Errorf("map key round trip: %v %v", m2, err)
	}
}

func TestXMLAndGob(t *testing.T) {
	type feed struct {
		Link URL `xml:"link"`
	}
	u := MustParse("https://example.com/?a=1&b=2")
	b, err := xml.Marshal(feed{Link: u})
	if err != nil || string(b) != "<feed><link>https://example.com/?a=1&amp;b=2</link></feed>" {
		t.Errorf("xml.Marshal = %s, %v", b, err)
	}
	var f feed
	if err := xml.Unmarshal(b, &f); err != nil || f.Link != u {
		t.Errorf("xml.Unmarshal = %q, %v", f.Link.Href(), err)
	}

	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(feed{Link: u}); err != nil {
		t.Fatal(err)
	}
	var g feed
	if err := gob.NewDecoder(&buf).Decode(&g); err != nil || g.Link != u {
		t.Errorf("gob round trip = %q, %v", g.Link.Href(), err)
	}
}

func TestFlagTextVar(t *testing.T) {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var endpoint URL
	fs.TextVar(&endpoint, "endpoint", MustParse("https://example.com/api"), "the API's base URL")
	if endpoint.Href() != "https://example.com/api" {
		t.Errorf("default = %q", endpoint.Href())
	}
	if err := fs.Parse([]string{"-endpoint", "HTTP://LOCALHOST:8080/v1/../v2"}); err != nil {
		t.Fatal(err)
	}
	if endpoint.Href() != "http://localhost:8080/v2" {
		t.Errorf("-endpoint = %q", endpoint.Href())
	}
	if got := fs.Lookup("endpoint").Value.String(); got != "http://localhost:8080/v2" {
		t.Errorf("flag value String() = %q", got)
	}
	// The usage message shows the default.
	var usage strings.Builder
	fs.SetOutput(&usage)
	fs.PrintDefaults()
	if !strings.Contains(usage.String(), `(default https://example.com/api)`) {
		t.Errorf("usage: %s", usage.String())
	}
	// A bad URL is a flag error naming the failure.
	fs.SetOutput(io.Discard)
	err := fs.Parse([]string{"-endpoint", "https://example.com:99999/"})
	if err == nil || !strings.Contains(err.Error(), "port-out-of-range") {
		t.Errorf("bad -endpoint: %v", err)
	}
}
