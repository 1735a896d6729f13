package urlpattern

import (
	"github.com/webstd/url"
	"github.com/webstd/url/internal/patternparts"
)

// A Result is the standard's URLPatternResult
// (https://urlpattern.spec.whatwg.org/#dictdef-urlpatternresult): what a
// pattern matched in each component of a URL.
type Result struct {
	// Inputs are the string arguments of the match, as the result's inputs
	// list has them: the URL string and, when one was given, the base URL
	// string; for [Pattern.ExecURL], the URL's serialization; for
	// [Pattern.ExecInit], none (Init has the input).
	Inputs []string
	// Init is the input of [Pattern.ExecInit], nil otherwise.
	Init *Init

	Protocol ComponentResult
	Username ComponentResult
	Password ComponentResult
	Hostname ComponentResult
	Port     ComponentResult
	Pathname ComponentResult
	Search   ComponentResult
	Hash     ComponentResult
}

// Component returns r's result for component c.
func (r *Result) Component(c Component) *ComponentResult {
	switch c {
	case Protocol:
		return &r.Protocol
	case Username:
		return &r.Username
	case Password:
		return &r.Password
	case Hostname:
		return &r.Hostname
	case Port:
		return &r.Port
	case Pathname:
		return &r.Pathname
	case Search:
		return &r.Search
	case Hash:
		return &r.Hash
	}
	return nil
}

// A ComponentResult is the standard's URLPatternComponentResult
// (https://urlpattern.spec.whatwg.org/#dictdef-urlpatterncomponentresult):
// the component of the URL that a component of the pattern matched, and
// the values of the pattern's groups.
type ComponentResult struct {
	// Input is the URL's component, as the pattern matched it: for a URL,
	// canonicalized as the URL parser writes it ("/caf%C3%A9", "443"
	// dropped as https's default port).
	Input string
	// Groups holds the value of each group of the component's pattern, by
	// its name: the name after ":" for a named group, "0", "1", ... for
	// the others ("*" and "(regexp)") in order. It is nil when the pattern
	// has no group. [ComponentResult.All] gives them in the order of the
	// pattern.
	Groups map[string]Group

	// names is the component's group name list, in the pattern's order,
	// for All and the JSON form.
	names []string
}

// A Group is the value of a group of a pattern in a match: the standard's
// (USVString or undefined). An optional group that matched nothing, such
// as :id in "/books/:id?" against "/books", is undefined, which is not the
// same as the empty string: Defined is false.
type Group struct {
	Value   string
	Defined bool
}

// Test reports whether p matches the URL string input:
// https://urlpattern.spec.whatwg.org/#dom-urlpattern-test, urlPattern.test(input)
// in JavaScript. An input that does not parse as a URL does not match.
func (p *Pattern) Test(input string) bool {
	u, err := url.Parse(toUSVString(input))
	return err == nil && p.TestURL(u)
}

// TestWithBase reports whether p matches the URL string input parsed
// against the base URL string baseURL, as urlPattern.test(input, baseURL)
// does.
func (p *Pattern) TestWithBase(input, baseURL string) bool {
	u, err := url.ParseWithBase(toUSVString(input), toUSVString(baseURL))
	return err == nil && p.TestURL(u)
}

// TestURL reports whether p matches the URL u, which is the standard's
// match given a URL (https://urlpattern.spec.whatwg.org/#url-pattern-match).
// It takes no parse, so it is the fastest way to test a URL in hand, such
// as a request's.
func (p *Pattern) TestURL(u url.URL) bool {
	if !u.IsValid() || !p.valid() {
		return false
	}
	var v urlValues
	v.fromURL(u)
	for c := Protocol; c <= Hash; c++ {
		if !p.components[c].test(v[c]) {
			return false
		}
	}
	return true
}

// TestInit reports whether p matches the components of init, as
// urlPattern.test(init) does: each component is canonicalized as the URL
// parser would, missing ones come from init's BaseURL or are empty. When
// a component cannot be canonicalized, or BaseURL does not parse, p does
// not match.
func (p *Pattern) TestInit(init Init) bool {
	r, _ := p.match(matchInput{init: &init}, nil, false)
	return r != nil
}

// Exec returns what p matches in the URL string input, or nil when it does
// not match input: https://urlpattern.spec.whatwg.org/#dom-urlpattern-exec,
// urlPattern.exec(input) in JavaScript.
func (p *Pattern) Exec(input string) *Result {
	r, _ := p.match(matchInput{str: input}, nil, true)
	return r
}

// ExecWithBase returns what p matches in the URL string input parsed
// against the base URL string baseURL, or nil, as
// urlPattern.exec(input, baseURL) does.
func (p *Pattern) ExecWithBase(input, baseURL string) *Result {
	r, _ := p.match(matchInput{str: input}, &baseURL, true)
	return r
}

// ExecURL returns what p matches in the URL u, or nil.
func (p *Pattern) ExecURL(u url.URL) *Result {
	if !u.IsValid() {
		return nil
	}
	r, _ := p.match(matchInput{url: u}, nil, true)
	return r
}

// ExecInit returns what p matches in the components of init, or nil, as
// urlPattern.exec(init) does.
func (p *Pattern) ExecInit(init Init) *Result {
	r, _ := p.match(matchInput{init: &init}, nil, true)
	return r
}

// A matchInput is the input of match: a URLPatternInput (a string, or an
// Init when init is not nil) or a URL (when url is valid).
type matchInput struct {
	str  string
	init *Init
	url  url.URL
}

// urlValues are the eight components of a URL to match, as strings.
type urlValues [numComponents]string

// fromURL sets v to the components of u: steps 13.3 to 13.10 of match
// (patternparts.URLValue).
func (v *urlValues) fromURL(u url.URL) {
	for c := range v {
		v[c] = patternparts.URLValue(u, c)
	}
}

// match implements https://urlpattern.spec.whatwg.org/#url-pattern-match.
// It returns nil for null; its error is the TypeError of an Init given
// with a base URL, which the methods cannot pass. With groups false it
// stops at the first component that does not match and fills in no
// groups (for test).
func (p *Pattern) match(input matchInput, baseURLString *string, groups bool) (*Result, error) {
	if !p.valid() {
		return nil, nil
	}
	// 1. to 8. Let protocol, username, ..., hash be the empty string.
	var v urlValues
	// 9. Let inputs be an empty list.
	result := &Result{}
	switch {
	// 10. If input is a URL, then append the serialization of input to
	//     inputs.
	case input.url.IsValid():
		result.Inputs = []string{input.url.Href()}
	// 11. Otherwise, append input to inputs.
	case input.init != nil:
		result.Init = input.init
	default:
		result.Inputs = []string{toUSVString(input.str)}
	}
	// 12. If input is a URLPatternInit then:
	if input.init != nil {
		// 12.1. If baseURLString was given, throw a TypeError.
		if baseURLString != nil {
			return nil, &Error{Kind: ErrBaseURLWithInit, Input: *baseURLString}
		}
		// 12.2. Let applyResult be the result of process a URLPatternInit
		//       given input, "url", protocol, username, password, hostname,
		//       port, pathname, search, and hash. If this throws an
		//       exception, catch it, and return null.
		init := input.init.usv()
		applied, err := processInit(&init, typeURL)
		if err != nil {
			return nil, nil
		}
		// 12.3. to 12.10. Set protocol (...) to applyResult["protocol"] (...).
		for c := Protocol; c <= Hash; c++ {
			v[c] = **applied.field(c)
		}
	} else {
		// 13.1. Let url be input.
		u := input.url
		// 13.2. If input is a USVString:
		if !u.IsValid() {
			// 13.2.1. Let baseURL be null.
			var err error
			// 13.2.2. If baseURLString was given: set baseURL to the result
			//         of running the basic URL parser on baseURLString; if
			//         baseURL is failure, return null; append baseURLString
			//         to inputs. 13.2.3. Set url to the result of running the
			//         basic URL parser on input with baseURL. 13.2.4. If url
			//         is failure, return null.
			if baseURLString != nil {
				result.Inputs = append(result.Inputs, toUSVString(*baseURLString))
				u, err = url.ParseWithBase(toUSVString(input.str), toUSVString(*baseURLString))
			} else {
				u, err = url.Parse(toUSVString(input.str))
			}
			if err != nil {
				return nil, nil
			}
		}
		// 13.3. to 13.10.
		v.fromURL(u)
	}
	// 14. to 21. Let protocolExecResult (...) be RegExpBuiltinExec(
	//     urlPattern's protocol component's regular expression, protocol)
	//     (...). 22. If any of them is null then return null.
	// 23. Let result be a new URLPatternResult. 24. Set result["inputs"] to
	//     inputs. 25. to 32. Set result["protocol"] (...) to the result of
	//     creating a component match result given urlPattern's protocol
	//     component, protocol, and protocolExecResult (...).
	for c := Protocol; c <= Hash; c++ {
		comp := p.components[c]
		if !groups || len(comp.names) == 0 {
			if !comp.test(v[c]) {
				return nil, nil
			}
			if groups {
				result.Component(c).Input = v[c]
			}
			continue
		}
		values, ok := comp.exec(v[c])
		if !ok {
			return nil, nil
		}
		*result.Component(c) = comp.componentMatchResult(v[c], values)
	}
	// 33. Return result.
	return result, nil
}

// componentMatchResult implements
// https://urlpattern.spec.whatwg.org/#create-a-component-match-result.
func (c *component) componentMatchResult(input string, values []Group) ComponentResult {
	// 1. Let result be a new URLPatternComponentResult. 2. Set
	//    result["input"] to input.
	// 3. Let groups be a record<USVString, (USVString or undefined)>.
	// 4. to 5. For each index from 1 to the size of component's group name
	//    list: set groups[name list[index − 1]] to Get(execResult, index).
	groups := make(map[string]Group, len(c.names))
	for i, name := range c.names {
		groups[name] = values[i]
	}
	// 6. Set result["groups"] to groups. 7. Return result.
	return ComponentResult{Input: input, Groups: groups, names: c.names}
}
