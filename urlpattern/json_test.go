package urlpattern

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"
)

// TestResultJSON checks that a result's JSON is what JSON.stringify gives
// of JavaScript's result for the same pattern and input: the want strings
// are Node 24's output (V8 with ada's URLPattern), but for the order of
// named groups, where Node does not keep the pattern's order ("name"
// before "id") and the standard's record does.
func TestResultJSON(t *testing.T) {
	for _, c := range []struct {
		pattern any // a constructor string or an Init
		input   any // a URL string, [2]string{input, base}, or an Init
		want    string
	}{
		{"https://example.com/books/:id/*", "https://example.com/books/42/chapters/7?x=1",
			`{"hash":{"groups":{"0":""},"input":""},"hostname":{"groups":{},"input":"example.com"},"inputs":["https://example.com/books/42/chapters/7?x=1"],"password":{"groups":{"0":""},"input":""},"pathname":{"groups":{"0":"chapters/7","id":"42"},"input":"/books/42/chapters/7"},"port":{"groups":{},"input":""},"protocol":{"groups":{},"input":"https"},"search":{"groups":{"0":"x=1"},"input":"x=1"},"username":{"groups":{"0":""},"input":""}}`},
		// An optional group that matched nothing is undefined: left out.
		{[2]string{"/books/:id?", "https://example.com"}, [2]string{"/books", "https://example.com"},
			`{"hash":{"groups":{"0":""},"input":""},"hostname":{"groups":{},"input":"example.com"},"inputs":["/books","https://example.com"],"password":{"groups":{"0":""},"input":""},"pathname":{"groups":{},"input":"/books"},"port":{"groups":{},"input":""},"protocol":{"groups":{},"input":"https"},"search":{"groups":{"0":""},"input":""},"username":{"groups":{"0":""},"input":""}}`},
		{"https://a.example/:id/*/(\\d+)/:name", "https://a.example/x/y/7/z",
			`{"hash":{"groups":{"0":""},"input":""},"hostname":{"groups":{},"input":"a.example"},"inputs":["https://a.example/x/y/7/z"],"password":{"groups":{"0":""},"input":""},"pathname":{"groups":{"0":"y","1":"7","id":"x","name":"z"},"input":"/x/y/7/z"},"port":{"groups":{},"input":""},"protocol":{"groups":{},"input":"https"},"search":{"groups":{"0":""},"input":""},"username":{"groups":{"0":""},"input":""}}`},
		{Init{Pathname: new("/a/:id")}, Init{Pathname: new("/a/1"), BaseURL: new("https://h/")},
			`{"hash":{"groups":{"0":""},"input":""},"hostname":{"groups":{"0":"h"},"input":"h"},"inputs":[{"baseURL":"https://h/","pathname":"/a/1"}],"password":{"groups":{"0":""},"input":""},"pathname":{"groups":{"id":"1"},"input":"/a/1"},"port":{"groups":{"0":""},"input":""},"protocol":{"groups":{"0":"https"},"input":"https"},"search":{"groups":{"0":""},"input":""},"username":{"groups":{"0":""},"input":""}}`},
		{Init{Pathname: new("/a/:id"), Search: new("q=:q")}, Init{Pathname: new("/a/1"), Search: new("q=2"), Hostname: new("h")},
			`{"hash":{"groups":{"0":""},"input":""},"hostname":{"groups":{"0":"h"},"input":"h"},"inputs":[{"hostname":"h","pathname":"/a/1","search":"q=2"}],"password":{"groups":{"0":""},"input":""},"pathname":{"groups":{"id":"1"},"input":"/a/1"},"port":{"groups":{"0":""},"input":""},"protocol":{"groups":{"0":""},"input":""},"search":{"groups":{"q":"2"},"input":"q=2"},"username":{"groups":{"0":""},"input":""}}`},
		{"https://:sub.example.com/*", "https://cdn.example.com/",
			`{"hash":{"groups":{"0":""},"input":""},"hostname":{"groups":{"sub":"cdn"},"input":"cdn.example.com"},"inputs":["https://cdn.example.com/"],"password":{"groups":{"0":""},"input":""},"pathname":{"groups":{"0":""},"input":"/"},"port":{"groups":{},"input":""},"protocol":{"groups":{},"input":"https"},"search":{"groups":{"0":""},"input":""},"username":{"groups":{"0":""},"input":""}}`},
	} {
		var p *Pattern
		var err error
		switch v := c.pattern.(type) {
		case string:
			p, err = Parse(v)
		case [2]string:
			p, err = ParseWithBase(v[0], v[1])
		case Init:
			p, err = New(v)
		}
		if err != nil {
			t.Fatalf("%v: %v", c.pattern, err)
		}
		var r *Result
		switch v := c.input.(type) {
		case string:
			r = p.Exec(v)
		case [2]string:
			r = p.ExecWithBase(v[0], v[1])
		case Init:
			r = p.ExecInit(v)
		}
		got, err := json.Marshal(r)
		if err != nil || string(got) != c.want {
			t.Errorf("%v on %v:\n got %s (%v)\nwant %s", c.pattern, c.input, got, err, c.want)
		}
	}
}

// TestGroupOrder checks that GroupNames and All give the groups in the
// pattern's order, and a result's JSON in a JavaScript object's (numbered
// groups first).
func TestGroupOrder(t *testing.T) {
	p := MustParse("https://h/:z/*/:a/(\\d+)/:m?")
	want := []string{"z", "0", "a", "1", "m"}
	if got := p.GroupNames(Pathname); !slices.Equal(got, want) {
		t.Errorf("GroupNames = %q, want %q", got, want)
	}
	r := p.Exec("https://h/1/2/3/4")
	var got []string
	for name, g := range r.Pathname.All() {
		got = append(got, name)
		if name == "m" && g.Defined {
			t.Errorf("m = %+v, want undefined", g)
		}
	}
	if !slices.Equal(got, want) {
		t.Errorf("All = %q, want %q", got, want)
	}
	b, _ := json.Marshal(r.Pathname)
	if w := `{"groups":{"0":"2","1":"4","z":"1","a":"3"},"input":"/1/2/3/4"}`; string(b) != w {
		t.Errorf("JSON %s, want %s", b, w)
	}
	// Built by hand: a JavaScript object's order.
	hand := ComponentResult{Groups: map[string]Group{"b": {"x", true}, "10": {"y", true}, "2": {"z", true}, "a": {}}}
	got = got[:0]
	for name := range hand.All() {
		got = append(got, name)
	}
	if w := []string{"2", "10", "a", "b"}; !slices.Equal(got, w) {
		t.Errorf("All of a ComponentResult built by hand = %q, want %q", got, w)
	}
	// A result whose Groups lost a name of the pattern and got another
	// has them all, in a JavaScript object's order.
	delete(r.Pathname.Groups, "z")
	r.Pathname.Groups["b"] = Group{"5", true}
	got = got[:0]
	for name := range r.Pathname.All() {
		got = append(got, name)
	}
	if w := []string{"0", "1", "a", "b", "m"}; !slices.Equal(got, w) {
		t.Errorf("All after a group was deleted and another added = %q, want %q", got, w)
	}
	b, _ = json.Marshal(r.Pathname)
	if w := `{"groups":{"0":"2","1":"4","a":"3","b":"5"},"input":"/1/2/3/4"}`; string(b) != w {
		t.Errorf("JSON after a group was deleted and another added: %s, want %s", b, w)
	}
	if p.GroupNames(Hostname) != nil || (*Pattern)(nil).GroupNames(Pathname) != nil {
		t.Error("GroupNames of a component without groups, or of a nil pattern, is not nil")
	}
}

// TestComponentNames checks ParseComponent and the text form of a
// Component against String.
func TestComponentNames(t *testing.T) {
	for c := Protocol; c <= Hash; c++ {
		if got, ok := ParseComponent(c.String()); !ok || got != c {
			t.Errorf("ParseComponent(%q) = %v, %v", c.String(), got, ok)
		}
		b, err := c.MarshalText()
		var back Component
		if err != nil || back.UnmarshalText(b) != nil || back != c {
			t.Errorf("%v: MarshalText %q (%v), back %v", c, b, err, back)
		}
	}
	for _, bad := range []string{"", "Pathname", "path", "href"} {
		if _, ok := ParseComponent(bad); ok {
			t.Errorf("ParseComponent(%q) succeeded", bad)
		}
		var c Component
		if err := c.UnmarshalText([]byte(bad)); !errors.Is(err, ErrComponent) {
			t.Errorf("UnmarshalText(%q) = %v, want ErrComponent", bad, err)
		}
	}
	if _, err := Component(8).MarshalText(); !errors.Is(err, ErrComponent) {
		t.Errorf("MarshalText of Component(8): %v, want ErrComponent", err)
	}
	// AppendText appends to what is there, and on an error leaves it.
	var _ encoding.TextAppender = Pathname
	if b, err := Hash.AppendText([]byte("a,")); err != nil || string(b) != "a,hash" {
		t.Errorf("AppendText = %q, %v; want %q", b, err, "a,hash")
	}
	if b, err := Component(8).AppendText([]byte("a,")); !errors.Is(err, ErrComponent) || string(b) != "a," {
		t.Errorf("AppendText of Component(8) = %q, %v; want %q and ErrComponent", b, err, "a,")
	}
	// A map keyed by Component has the names as its keys in JSON.
	b, err := json.Marshal(map[Component]int{Pathname: 1})
	if err != nil || string(b) != `{"pathname":1}` {
		t.Errorf("JSON of a map keyed by Component: %s, %v", b, err)
	}
}

// TestInitJSON checks that an Init goes to and from JavaScript's
// URLPatternInit form: members by their JavaScript names, absent ones left
// out, and a pattern built from the JSON of one matches as New does.
func TestInitJSON(t *testing.T) {
	in := `{"baseURL":"https://example.com/","pathname":"/books/:id","search":"*"}`
	var init Init
	if err := json.Unmarshal([]byte(in), &init); err != nil {
		t.Fatal(err)
	}
	if init.Pathname == nil || *init.Pathname != "/books/:id" || init.Hash != nil || init.BaseURL == nil {
		t.Fatalf("Unmarshal gave %+v", init)
	}
	out, err := json.Marshal(init)
	if err != nil || string(out) != in {
		t.Errorf("Marshal = %s (%v), want %s", out, err, in)
	}
	p, err := New(init)
	if err != nil || !p.Test("https://example.com/books/42?x") {
		t.Errorf("New of the init: %v, %v", p, err)
	}
	// Names are matched exactly, as a JavaScript dictionary's members:
	// "PATHNAME" and "pathName" are other names, and ignored.
	var other Init
	if err := json.Unmarshal([]byte(`{"PATHNAME":"/a","pathName":"/b","hash":null,"port":"8080"}`), &other); err != nil ||
		other.Pathname != nil || other.Hash != nil || other.Port == nil || *other.Port != "8080" {
		t.Errorf("Unmarshal of other names gave %+v, %v", other, err)
	}
	if err := other.UnmarshalJSON([]byte("null")); err != nil || *other.Port != "8080" {
		t.Errorf("null changed the init: %+v, %v", other, err)
	}
	for _, bad := range []string{`[]`, `"/a"`, `{"port":8080}`, `{"hash":{}}`} {
		if err := json.Unmarshal([]byte(bad), new(Init)); err == nil {
			t.Errorf("Unmarshal(%s) is no error", bad)
		}
	}
	if b, _ := json.Marshal(Group{}); string(b) != "null" {
		t.Errorf("an undefined Group is %s, want null", b)
	}
	var g Group
	if json.Unmarshal([]byte(`"a<b"`), &g) != nil || g != (Group{"a<b", true}) {
		t.Errorf("Group from JSON: %+v", g)
	}
	// JSON.stringify does not escape "<", ">" and "&"; an Encoder without
	// HTML escaping does not either (json.Marshal escapes them, in the
	// output of every Marshaler, as Go does for HTML).
	var buf strings.Builder
	e := json.NewEncoder(&buf)
	e.SetEscapeHTML(false)
	if e.Encode(ComponentResult{Input: "a<b&c"}) != nil || buf.String() != `{"groups":{},"input":"a<b&c"}`+"\n" {
		t.Errorf("%q", buf.String())
	}
}

// TestResultUnmarshalJSON checks that a result read from its JSON writes
// the same JSON, and has the inputs and groups of the result that was
// written, and that JSON which is no URLPatternResult is an error.
func TestResultUnmarshalJSON(t *testing.T) {
	p, err := New(Init{Pathname: new("/:lang/:id?/*"), Hostname: new("{:sub.}?example.com")})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []*Result{
		p.Exec("https://example.com/en/x?q#h"),
		p.ExecWithBase("/en/y/z", "https://a.example.com"),
		p.ExecInit(Init{Protocol: new("https"), Hostname: new("b.example.com"), Pathname: new("/fr/1/2")}),
		{Inputs: []string{"a<b"}, Init: &Init{Hash: new("h")}, Port: ComponentResult{Input: "1", Groups: map[string]Group{"p": {}}}},
	} {
		if r == nil {
			t.Fatal("no match")
		}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		var back Result
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("Unmarshal(%s): %v", b, err)
		}
		if again, err := json.Marshal(&back); err != nil || string(again) != string(b) {
			t.Errorf("read back and written again:\n got %s (%v)\nwant %s", again, err, b)
		}
		if !slices.Equal(back.Inputs, r.Inputs) || (back.Init == nil) != (r.Init == nil) ||
			back.Init != nil && compact(back.Init) != compact(r.Init) {
			t.Errorf("%s: inputs %q %+v, want %q %+v", b, back.Inputs, back.Init, r.Inputs, r.Init)
		}
		for c := Protocol; c <= Hash; c++ {
			got, want := back.Component(c), r.Component(c)
			if got.Input != want.Input {
				t.Errorf("%s: %v input %q, want %q", b, c, got.Input, want.Input)
			}
			for name, g := range want.All() {
				if got.Groups[name] != g {
					t.Errorf("%s: %v group %q = %+v, want %+v", b, c, name, got.Groups[name], g)
				}
			}
		}
	}

	// All gives the groups of a result read from JSON in the JSON's order,
	// null as undefined; names other than the members' are ignored.
	var r Result
	in := `{"Pathname":{"input":"x"},"pathname":{"groups":{"z":"1","0":"2","y":null},"input":"/p"},"other":1}`
	if err := json.Unmarshal([]byte(in), &r); err != nil {
		t.Fatal(err)
	}
	var names []string
	for name, g := range r.Pathname.All() {
		names = append(names, name)
		if name == "y" && g.Defined {
			t.Errorf("group y = %+v, want undefined", g)
		}
	}
	if want := []string{"z", "0", "y"}; !slices.Equal(names, want) || r.Pathname.Input != "/p" {
		t.Errorf("All() of %s = %q, input %q; want %q, /p", in, names, r.Pathname.Input, want)
	}
	if err := r.UnmarshalJSON([]byte("null")); err != nil || r.Pathname.Input != "/p" {
		t.Errorf("UnmarshalJSON(null) = %v, pathname input %q; want r as it was", err, r.Pathname.Input)
	}

	for _, bad := range []string{
		`[]`, `"a"`, `{"inputs":"a"}`, `{"inputs":[1]}`, `{"inputs":[null]}`, `{"inputs":["a",{}]}`,
		`{"inputs":[{"pathname":1}]}`, `{"pathname":[]}`, `{"pathname":{"input":1}}`,
		`{"pathname":{"input":null}}`, `{"pathname":{"groups":[]}}`, `{"pathname":{"groups":{"a":1}}}`,
	} {
		var r Result
		if err := json.Unmarshal([]byte(bad), &r); err == nil {
			t.Errorf("Unmarshal(%s) = %+v, want an error", bad, r)
		}
	}
}

// TestWPTResultJSON checks the JSON of the result of every case of
// urlpatterntestdata.json that has an expected match: it is what
// JSON.stringify gives of the URLPatternResult the case expects, byte for
// byte. The expected result is filled in as urlpatterntests.js fills it
// (inputs, when the case does not give them, are the arguments of exec, or
// an empty init; a component left out has the input "" and, unless the
// case has it exactly empty, the group "0" with ""), and written as
// JSON.stringify writes the result: the members in lexicographic order,
// an init in inputs with the URLPatternInit members it has, in
// lexicographic order too, and each component's groups in the order of a
// JavaScript object's keys (numbered groups first, then the others in the
// fixture's order, which is the pattern's), those that are undefined (null
// in the fixture) left out.
func TestWPTResultJSON(t *testing.T) {
	var raw []json.RawMessage
	if err := json.Unmarshal(wptFile(t, "urlpatterntestdata.json"), &raw); err != nil {
		t.Fatal(err)
	}
	n := 0
	for i, rc := range raw {
		var c map[string]jsValue
		if json.Unmarshal(rc, &c) != nil {
			continue // a comment
		}
		// The expected match as the fixture has it, for the order of the groups.
		var em struct {
			Match map[string]json.RawMessage `json:"expected_match"`
		}
		if json.Unmarshal(rc, &em) != nil || em.Match == nil {
			continue // an error, null or no match
		}
		n++
		args, _ := c["pattern"].([]jsValue)
		inputs, _ := c["inputs"].([]jsValue)
		p, err := construct(t, args)
		if err != nil {
			t.Errorf("case %d: new URLPattern(%s): %v", i, compact(args), err)
			continue
		}
		_, r, err := matchArgs(t, p, inputs)
		if err != nil || r == nil {
			t.Errorf("case %d: exec(%s) = %v, %v", i, compact(inputs), r, err)
			continue
		}
		exactlyEmpty, _ := c["exactly_empty_components"].([]jsValue)
		want := "{"
		for j, member := range []string{"hash", "hostname", "inputs", "password", "pathname", "port", "protocol", "search", "username"} {
			if j > 0 {
				want += ","
			}
			want += jsQuote(t, member) + ":"
			if member == "inputs" {
				wantInputs := inputs
				if len(inputs) == 0 {
					wantInputs = []jsValue{map[string]jsValue{}}
				}
				if rawInputs, ok := em.Match["inputs"]; ok {
					if err := json.Unmarshal(rawInputs, &wantInputs); err != nil {
						t.Fatal(err)
					}
				}
				want += wptInputsJSON(t, wantInputs)
				continue
			}
			var cr struct {
				Groups json.RawMessage `json:"groups"`
				Input  string          `json:"input"`
			}
			if rawCR, ok := em.Match[member]; ok {
				if err := json.Unmarshal(rawCR, &cr); err != nil {
					t.Fatal(err)
				}
			} else if !slices.Contains(exactlyEmpty, jsValue(member)) {
				cr.Groups = json.RawMessage(`{"0":""}`)
			}
			want += `{"groups":` + wptGroupsJSON(t, cr.Groups) + `,"input":` + jsQuote(t, cr.Input) + "}"
		}
		want += "}"
		if got, err := r.MarshalJSON(); err != nil || string(got) != want {
			t.Errorf("case %d: JSON of exec(%s) on %s:\n got %s (%v)\nwant %s", i, compact(inputs), compact(args), got, err, want)
		}
	}
	if n != 237 {
		t.Errorf("checked %d results, want the 237 of the snapshot", n)
	}
}

// wptInputsJSON writes inputs, the arguments of exec as a fixture has
// them, as JSON.stringify writes a result's inputs: strings as they are,
// an object as the URLPatternInit it converts to, with the members it has
// in lexicographic order.
func wptInputsJSON(t *testing.T, inputs []jsValue) string {
	s := "["
	for i, in := range inputs {
		if i > 0 {
			s += ","
		}
		switch in := in.(type) {
		case string:
			s += jsQuote(t, in)
		case map[string]jsValue:
			s += "{"
			first := true
			for _, name := range slices.Sorted(maps.Keys(in)) {
				if _, ok := ParseComponent(name); !ok && name != "baseURL" {
					continue // not a member, such as ignoreCase
				}
				if !first {
					s += ","
				}
				first = false
				s += jsQuote(t, name) + ":" + jsQuote(t, in[name].(string))
			}
			s += "}"
		default:
			t.Fatalf("input %v", in)
		}
	}
	return s + "]"
}

// wptGroupsJSON writes groups, the JSON object of a component's groups as
// a fixture has it (nil for none), as JSON.stringify writes the groups of
// a result: the members that are not null (undefined), in the order of a
// JavaScript object's keys, which keeps the fixture's order but for the
// numbered groups, first.
func wptGroupsJSON(t *testing.T, groups json.RawMessage) string {
	values := map[string]string{}
	var names []string
	if groups != nil {
		d := json.NewDecoder(bytes.NewReader(groups))
		if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
			t.Fatalf("groups %s are not an object", groups)
		}
		for d.More() {
			tok, err := d.Token()
			if err != nil {
				t.Fatal(err)
			}
			var v *string
			if err := d.Decode(&v); err != nil {
				t.Fatal(err)
			}
			if v != nil {
				names = append(names, tok.(string))
				values[tok.(string)] = *v
			}
		}
	}
	s := "{"
	for i, name := range jsKeyOrder(names) {
		if i > 0 {
			s += ","
		}
		s += jsQuote(t, name) + ":" + jsQuote(t, values[name])
	}
	return s + "}"
}

// jsQuote writes s as JSON.stringify writes a string (as a json.Encoder
// without HTML escapes does, but for U+2028 and U+2029, which no fixture
// has).
func jsQuote(t *testing.T, s string) string {
	var b strings.Builder
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	if err := e.Encode(s); err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(b.String(), "\n")
}
