package urlpattern

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strconv"
)

// The JSON forms of this file are those of JavaScript's URLPattern:
// JSON.stringify of a URLPatternResult and of a URLPatternInit, so that a
// result or an init goes to and from JavaScript (and APIs written for it)
// as it is. A WebIDL dictionary has its members in lexicographic order
// (https://webidl.spec.whatwg.org/#dfn-dictionary-members), and so has the
// JSON of one; a member that is not present, or a group that is
// undefined, is left out, as JSON.stringify leaves out undefined.
// json.Marshal escapes "<", ">" and "&" as Go does for HTML; a
// json.Encoder with SetEscapeHTML(false) writes what JSON.stringify
// writes, byte for byte but for U+2028 and U+2029, which Go escapes.

// ParseComponent returns the component the standard names name
// ("protocol", "username", ..., "hash", as [Component.String] gives
// them), and false for any other name.
func ParseComponent(name string) (Component, bool) {
	for c, n := range componentNames {
		if n == name {
			return Component(c), true
		}
	}
	return 0, false
}

// AppendText implements [encoding.TextAppender]: it appends the
// standard's name of c to b. It fails for a Component that is none of the
// eight, and returns b as it was.
func (c Component) AppendText(b []byte) ([]byte, error) {
	if c >= numComponents {
		return b, &Error{Kind: ErrComponent, Input: c.String()}
	}
	return append(b, componentNames[c]...), nil
}

// MarshalText returns the standard's name of c, as [Component.AppendText]
// appends it, for encoding/json and the like.
func (c Component) MarshalText() ([]byte, error) { return c.AppendText(nil) }

// UnmarshalText sets c to the component the standard names text.
func (c *Component) UnmarshalText(text []byte) error {
	v, ok := ParseComponent(string(text))
	if !ok {
		return &Error{Kind: ErrComponent, Input: string(text)}
	}
	*c = v
	return nil
}

// GroupNames returns the names of the groups of p's component c, in the
// order of the pattern (the component's group name list,
// https://urlpattern.spec.whatwg.org/#component-group-name-list): named
// groups by their names, the others "0", "1", ... For a pattern that is
// not valid, or a component without groups, it returns nil.
func (p *Pattern) GroupNames(c Component) []string {
	if !p.valid() || c >= numComponents {
		return nil
	}
	return slices.Clone(p.components[c].names)
}

// All returns the groups of r in the order of the pattern's group name
// list (see [Pattern.GroupNames]), undefined ones included. For a
// ComponentResult built by hand, or whose Groups no longer has the names
// of the pattern, it gives Groups in the order JavaScript gives an
// object's keys: numbered names ascending, then the others sorted.
func (r ComponentResult) All() iter.Seq2[string, Group] {
	return func(yield func(string, Group) bool) {
		for _, name := range r.groupNames() {
			if !yield(name, r.Groups[name]) {
				return
			}
		}
	}
}

// groupNames returns the names of r's groups in the pattern's order, or,
// for a ComponentResult built by hand, or whose Groups no longer has the
// pattern's names (a group deleted and another added), in a JavaScript
// object's order.
func (r ComponentResult) groupNames() []string {
	if len(r.names) == len(r.Groups) && !slices.ContainsFunc(r.names, func(name string) bool {
		_, ok := r.Groups[name]
		return !ok
	}) {
		return r.names
	}
	names := make([]string, 0, len(r.Groups))
	for name := range r.Groups {
		names = append(names, name)
	}
	slices.Sort(names)
	return jsKeyOrder(names)
}

// jsKeyOrder returns names in the order of the keys of a JavaScript object
// that got them in that order (https://tc39.es/ecma262/#sec-ordinaryownpropertykeys):
// array indices first, ascending, then the others as they came.
func jsKeyOrder(names []string) []string {
	out := make([]string, 0, len(names))
	for _, n := range names {
		if isArrayIndex(n) {
			out = append(out, n)
		}
	}
	slices.SortFunc(out, func(a, b string) int {
		x, _ := strconv.ParseUint(a, 10, 32)
		y, _ := strconv.ParseUint(b, 10, 32)
		return int(int64(x) - int64(y))
	})
	for _, n := range names {
		if !isArrayIndex(n) {
			out = append(out, n)
		}
	}
	return out
}

// isArrayIndex reports whether s is an array index of ECMAScript: the
// canonical decimal form of an integer from 0 to 2³² − 2.
func isArrayIndex(s string) bool {
	n, err := strconv.ParseUint(s, 10, 32)
	return err == nil && n < 1<<32-1 && strconv.FormatUint(n, 10) == s
}

// MarshalJSON writes r as JSON.stringify writes a URLPatternResult:
//
//	{"hash":{"groups":{"0":""},"input":""},"hostname":{...},"inputs":["https://example.com/books/42"],...}
//
// with the components and "inputs" in lexicographic order, as the members
// of a dictionary are, each component's groups in the order of a
// JavaScript object's keys (numbered groups first), and undefined groups
// left out. "inputs" holds the input strings, or for [Pattern.ExecInit]
// the init.
func (r *Result) MarshalJSON() ([]byte, error) {
	if r == nil {
		return []byte("null"), nil
	}
	b := []byte{'{'}
	var err error
	for i, key := range []string{"hash", "hostname", "inputs", "password", "pathname", "port", "protocol", "search", "username"} {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendJSONString(b, key)
		b = append(b, ':')
		var v []byte
		if key == "inputs" {
			inputs := make([]any, 0, len(r.Inputs)+1)
			if r.Init != nil {
				inputs = append(inputs, r.Init)
			}
			for _, s := range r.Inputs {
				inputs = append(inputs, s)
			}
			v, err = marshalJS(inputs)
		} else {
			c, _ := ParseComponent(key)
			v, err = r.Component(c).MarshalJSON()
		}
		if err != nil {
			return nil, err
		}
		b = append(b, v...)
	}
	return append(b, '}'), nil
}

// UnmarshalJSON reads r from the JSON of the standard's URLPatternResult
// (https://urlpattern.spec.whatwg.org/#dictdef-urlpatternresult), as
// JSON.stringify or [Result.MarshalJSON] writes it, so that MarshalJSON
// writes it again as it was: "inputs" holds the input strings, or an init
// (an object) and then those, and each component is read as
// [ComponentResult.UnmarshalJSON] reads it. Members may come in any order;
// a name is a member's only when it is the member's exactly ("Pathname"
// is none), and other names are ignored, as for a JavaScript dictionary.
// null leaves r as it is.
func (r *Result) UnmarshalJSON(data []byte) error {
	members, err := jsonMembers(data)
	if err != nil || members == nil {
		return err
	}
	var out Result
	for name, raw := range members {
		if c, ok := ParseComponent(name); ok {
			if err := out.Component(c).UnmarshalJSON(raw); err != nil {
				return err
			}
			continue
		}
		if name != "inputs" {
			continue
		}
		var inputs []json.RawMessage
		if err := json.Unmarshal(raw, &inputs); err != nil {
			return err
		}
		for i, in := range inputs {
			if len(in) > 0 && in[0] == '{' {
				if i > 0 {
					return errors.New("urlpattern: the inputs of a result have an init after a string")
				}
				out.Init = new(Init)
				if err := out.Init.UnmarshalJSON(in); err != nil {
					return err
				}
				continue
			}
			s, err := jsonString(in)
			if err != nil {
				return err
			}
			out.Inputs = append(out.Inputs, s)
		}
	}
	*r = out
	return nil
}

// MarshalJSON writes r as JSON.stringify writes a
// URLPatternComponentResult: {"groups":{...},"input":"..."}, the groups in
// the order of [ComponentResult.All] (which is a JavaScript object's:
// numbered groups first), the undefined ones left out.
func (r ComponentResult) MarshalJSON() ([]byte, error) {
	b := []byte(`{"groups":{`)
	first := true
	for _, name := range jsKeyOrder(r.groupNames()) {
		g := r.Groups[name]
		if !g.Defined {
			continue
		}
		if !first {
			b = append(b, ',')
		}
		first = false
		b = appendJSONString(b, name)
		b = append(b, ':')
		b = appendJSONString(b, g.Value)
	}
	b = append(b, `},"input":`...)
	b = appendJSONString(b, r.Input)
	return append(b, '}'), nil
}

// UnmarshalJSON reads r from the JSON of a URLPatternComponentResult,
// {"groups":{...},"input":"..."}: each group a string, or null for an
// undefined one (which JSON.stringify leaves out, and which Groups then
// does not have: its zero Group is undefined as well). [ComponentResult.All]
// gives the groups in the order of the JSON. Names are matched as
// [Result.UnmarshalJSON] matches them; null leaves r as it is.
func (r *ComponentResult) UnmarshalJSON(data []byte) error {
	members, err := jsonMembers(data)
	if err != nil || members == nil {
		return err
	}
	var out ComponentResult
	if raw, ok := members["input"]; ok {
		s, err := jsonString(raw)
		if err != nil {
			return err
		}
		out.Input = s
	}
	if raw, ok := members["groups"]; ok {
		// A map has no order: the decoder's tokens give the names as the
		// JSON has them.
		d := json.NewDecoder(bytes.NewReader(raw))
		if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
			return errors.New("urlpattern: the groups of a component result are not an object")
		}
		for d.More() {
			tok, err := d.Token()
			if err != nil {
				return err
			}
			name, _ := tok.(string) // in an object, what comes before a value is its name
			var g Group
			if err := d.Decode(&g); err != nil {
				return err
			}
			if out.Groups == nil {
				out.Groups = make(map[string]Group)
			}
			if _, seen := out.Groups[name]; !seen {
				out.names = append(out.names, name)
			}
			out.Groups[name] = g
		}
	}
	*r = out
	return nil
}

// MarshalJSON writes g as JavaScript has it: its value, or null when it is
// undefined (which an object's JSON leaves out altogether).
func (g Group) MarshalJSON() ([]byte, error) {
	if !g.Defined {
		return []byte("null"), nil
	}
	return appendJSONString(nil, g.Value), nil
}

// UnmarshalJSON reads a group from a string, or from null as undefined.
func (g *Group) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		*g = Group{}
		return nil
	}
	var s string
	if err := json.Unmarshal(data, &s); err != nil {
		return err
	}
	*g = Group{Value: s, Defined: true}
	return nil
}

// initJSON is the JSON form of an Init: URLPatternInit's members, by their
// names in JavaScript, in lexicographic order.
type initJSON struct {
	BaseURL  *string `json:"baseURL,omitempty"`
	Hash     *string `json:"hash,omitempty"`
	Hostname *string `json:"hostname,omitempty"`
	Password *string `json:"password,omitempty"`
	Pathname *string `json:"pathname,omitempty"`
	Port     *string `json:"port,omitempty"`
	Protocol *string `json:"protocol,omitempty"`
	Search   *string `json:"search,omitempty"`
	Username *string `json:"username,omitempty"`
}

// MarshalJSON writes init as JSON.stringify writes a URLPatternInit:
// {"baseURL":"https://h/","pathname":"/a/:id"}, with the members that are
// present, by their JavaScript names, in lexicographic order.
func (init Init) MarshalJSON() ([]byte, error) {
	return marshalJS(initJSON{init.BaseURL, init.Hash, init.Hostname, init.Password, init.Pathname,
		init.Port, init.Protocol, init.Search, init.Username})
}

// UnmarshalJSON reads a URLPatternInit as JavaScript writes it, so that an
// init from JavaScript (or written for it) builds a pattern as it does
// there: New(init). A member is matched by its exact name, as a JavaScript
// dictionary's ("Pathname" is not "pathname", and is ignored with every
// other name); its value is a string, or null for a member left out. null
// leaves init as it is.
func (init *Init) UnmarshalJSON(data []byte) error {
	members, err := jsonMembers(data)
	if err != nil || members == nil {
		return err
	}
	var out Init
	for name, field := range map[string]**string{
		"protocol": &out.Protocol, "username": &out.Username, "password": &out.Password,
		"hostname": &out.Hostname, "port": &out.Port, "pathname": &out.Pathname,
		"search": &out.Search, "hash": &out.Hash, "baseURL": &out.BaseURL,
	} {
		raw, ok := members[name]
		if !ok || string(raw) == "null" {
			continue
		}
		v, err := jsonString(raw)
		if err != nil {
			return fmt.Errorf("urlpattern: the URLPatternInit member %s: %w", name, err)
		}
		*field = &v
	}
	*init = out
	return nil
}

// jsonMembers reads data, a JSON object, as the members of a JavaScript
// dictionary, by their exact names; for null it returns none, which
// leaves what is read as it is, as encoding/json's Unmarshalers do.
func jsonMembers(data []byte) (map[string]json.RawMessage, error) {
	var members map[string]json.RawMessage
	err := json.Unmarshal(data, &members)
	return members, err
}

// jsonString reads data, a JSON string; anything else, null too, is an
// error.
func jsonString(data []byte) (string, error) {
	var s *string
	if err := json.Unmarshal(data, &s); err != nil {
		return "", err
	}
	if s == nil {
		return "", errors.New("urlpattern: null in the JSON where a string belongs")
	}
	return *s, nil
}

// appendJSONString appends s as a JSON string, as marshalJS writes one.
func appendJSONString(b []byte, s string) []byte {
	v, _ := marshalJS(s)
	return append(b, v...)
}

// marshalJS is json.Marshal without the escapes of "<", ">" and "&" for
// HTML, which JSON.stringify does not write. (Go's JSON writes U+2028 and
// U+2029 escaped where JSON.stringify does not: the same string.)
func marshalJS(v any) ([]byte, error) {
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	if err := e.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
