package urlpattern

import (
	"strconv"

	"github.com/webstd/url/internal/patternparts"
)

// Parsing pattern strings: https://urlpattern.spec.whatwg.org/#parsing-pattern-strings.

// part is https://urlpattern.spec.whatwg.org/#part; a partList is
// https://urlpattern.spec.whatwg.org/#part-list.
type (
	part            = patternparts.Part
	patternPart     = patternparts.Part
	partList        = []patternparts.Part
	patternModifier = patternparts.Modifier
)

const (
	partFixedText       = patternparts.FixedText
	partRegexp          = patternparts.Regexp
	partSegmentWildcard = patternparts.SegmentWildcard
	partFullWildcard    = patternparts.FullWildcard

	modifierNone       = patternparts.None
	modifierOptional   = patternparts.Optional
	modifierZeroOrMore = patternparts.ZeroOrMore
	modifierOneOrMore  = patternparts.OneOrMore
)

// options is https://urlpattern.spec.whatwg.org/#options.
type options struct {
	delimiter  string // the delimiter code point: "" or one ASCII code point
	prefix     string // the prefix code point: "" or one ASCII code point
	ignoreCase bool
}

var (
	// defaultOptions is https://urlpattern.spec.whatwg.org/#default-options.
	defaultOptions = options{}
	// hostnameOptions is https://urlpattern.spec.whatwg.org/#hostname-options.
	hostnameOptions = options{delimiter: "."}
	// pathnameOptions is https://urlpattern.spec.whatwg.org/#pathname-options.
	pathnameOptions = options{delimiter: "/", prefix: "/"}
)

// An encodingCallback is https://urlpattern.spec.whatwg.org/#encoding-callback:
// it validates and encodes a piece of fixed text of a pattern string.
type encodingCallback func(input string) (string, error)

// fullWildcardRegexpValue is https://urlpattern.spec.whatwg.org/#full-wildcard-regexp-value.
const fullWildcardRegexpValue = ".*"

// A patternParser is https://urlpattern.spec.whatwg.org/#pattern-parser.
type patternParser struct {
	tokens                []token
	encodingCallback      encodingCallback
	segmentWildcardRegexp string
	parts                 partList
	pendingFixedValue     []byte
	index                 int
	nextNumericName       int
	names                 map[string]bool // the names of the parts, for isDuplicateName, once there are many
}

// parsePatternString implements https://urlpattern.spec.whatwg.org/#parse-a-pattern-string.
func parsePatternString(input string, opts options, callback encodingCallback) (partList, error) {
	// 1. Let parser be a new pattern parser whose encoding callback is
	//    encoding callback and segment wildcard regexp is the result of
	//    running generate a segment wildcard regexp given options.
	p := &patternParser{encodingCallback: callback, segmentWildcardRegexp: generateSegmentWildcardRegexp(opts)}
	// 2. Set parser's token list to the result of running tokenize given
	//    input and "strict".
	tokens, err := tokenize(input, policyStrict)
	if err != nil {
		return nil, err
	}
	p.tokens = tokens
	// (A part is a group, with the fixed text before it, or the fixed text
	// at the end: room for as many as the groups' tokens allow, so that
	// the list is allocated once.)
	n := 1
	for _, t := range tokens {
		switch t.typ {
		case tokenName, tokenRegexp, tokenAsterisk, tokenOpen:
			n += 2
		}
	}
	p.parts = make(partList, 0, min(n, len(tokens)))
	// 3. While parser's index is less than parser's token list's size:
	for p.index < len(p.tokens) {
		// 3.1. Let char token be the result of running try to consume a
		//      token given parser and "char".
		charToken := p.tryConsumeToken(tokenChar)
		// 3.2. Let name token be the result of running try to consume a
		//      token given parser and "name".
		nameToken := p.tryConsumeToken(tokenName)
		// 3.3. Let regexp or wildcard token be the result of running try to
		//      consume a regexp or wildcard token given parser and name
		//      token.
		regexpOrWildcardToken := p.tryConsumeRegexpOrWildcardToken(nameToken)
		// 3.4. If name token is not null or regexp or wildcard token is not
		//      null:
		if nameToken != nil || regexpOrWildcardToken != nil {
			// 3.4.1. Let prefix be the empty string. 3.4.2. If char token
			//        is not null then set prefix to char token's value.
			prefix := ""
			if charToken != nil {
				prefix = charToken.value
			}
			// 3.4.3. If prefix is not the empty string and not options's
			//        prefix code point: append prefix to the end of
			//        parser's pending fixed value; set prefix to the empty
			//        string.
			if prefix != "" && prefix != opts.prefix {
				p.pendingFixedValue = append(p.pendingFixedValue, prefix...)
				prefix = ""
			}
			// 3.4.4. Run maybe add a part from the pending fixed value
			//        given parser.
			if err := p.maybeAddPartFromPendingFixedValue(); err != nil {
				return nil, err
			}
			// 3.4.5. Let modifier token be the result of running try to
			//        consume a modifier token given parser.
			modifierToken := p.tryConsumeModifierToken()
			// 3.4.6. Run add a part given parser, prefix, name token,
			//        regexp or wildcard token, the empty string, and
			//        modifier token. 3.4.7. Continue.
			if err := p.addPart(prefix, nameToken, regexpOrWildcardToken, "", modifierToken); err != nil {
				return nil, err
			}
			continue
		}
		// 3.5. Let fixed token be char token.
		fixedToken := charToken
		// 3.6. If fixed token is null, then set fixed token to the result
		//      of running try to consume a token given parser and
		//      "escaped-char".
		if fixedToken == nil {
			fixedToken = p.tryConsumeToken(tokenEscapedChar)
		}
		// 3.7. If fixed token is not null: append fixed token's value to
		//      parser's pending fixed value; continue.
		if fixedToken != nil {
			p.pendingFixedValue = append(p.pendingFixedValue, fixedToken.value...)
			continue
		}
		// 3.8. Let open token be the result of running try to consume a
		//      token given parser and "open".
		openToken := p.tryConsumeToken(tokenOpen)
		// 3.9. If open token is not null:
		if openToken != nil {
			// 3.9.1. Let prefix be the result of running consume text given
			//        parser.
			prefix := p.consumeText()
			// 3.9.2. Set name token to the result of running try to consume
			//        a token given parser and "name".
			nameToken = p.tryConsumeToken(tokenName)
			// 3.9.3. Set regexp or wildcard token to the result of running
			//        try to consume a regexp or wildcard token given parser
			//        and name token.
			regexpOrWildcardToken = p.tryConsumeRegexpOrWildcardToken(nameToken)
			// 3.9.4. Let suffix be the result of running consume text given
			//        parser.
			suffix := p.consumeText()
			// 3.9.5. Run consume a required token given parser and "close".
			if _, err := p.consumeRequiredToken(tokenClose); err != nil {
				return nil, err
			}
			// 3.9.6. Let modifier token be the result of running try to
			//        consume a modifier token given parser.
			modifierToken := p.tryConsumeModifierToken()
			// 3.9.7. Run add a part given parser, prefix, name token, regexp
			//        or wildcard token, suffix, and modifier token.
			//        3.9.8. Continue.
			if err := p.addPart(prefix, nameToken, regexpOrWildcardToken, suffix, modifierToken); err != nil {
				return nil, err
			}
			continue
		}
		// 3.10. Run maybe add a part from the pending fixed value given
		//       parser.
		if err := p.maybeAddPartFromPendingFixedValue(); err != nil {
			return nil, err
		}
		// 3.11. Run consume a required token given parser and "end".
		if _, err := p.consumeRequiredToken(tokenEnd); err != nil {
			return nil, err
		}
	}
	// 4. Return parser's part list.
	return p.parts, nil
}

// generateSegmentWildcardRegexp implements
// https://urlpattern.spec.whatwg.org/#generate-a-segment-wildcard-regexp.
func generateSegmentWildcardRegexp(opts options) string {
	// 1. Let result be "[^". 2. Append the result of running escape a
	//    regexp string given options's delimiter code point. 3. Append
	//    "]+?". 4. Return result.
	//    (The options of the standard have three delimiters, whose
	//    results are constants.)
	switch opts.delimiter {
	case "":
		return "[^]+?"
	case "/":
		return "[^\\/]+?"
	case ".":
		return "[^\\.]+?"
	}
	return "[^" + escapeRegexpString(opts.delimiter) + "]+?"
}

// tryConsumeToken implements https://urlpattern.spec.whatwg.org/#try-to-consume-a-token.
func (p *patternParser) tryConsumeToken(typ tokenType) *token {
	// 1. Assert: parser's index is less than parser's token list size.
	// 2. Let next token be parser's token list[parser's index].
	next := &p.tokens[p.index]
	// 3. If next token's type is not type return null.
	if next.typ != typ {
		return nil
	}
	// 4. Increment parser's index by 1. 5. Return next token.
	p.index++
	return next
}

// tryConsumeModifierToken implements
// https://urlpattern.spec.whatwg.org/#try-to-consume-a-modifier-token.
func (p *patternParser) tryConsumeModifierToken() *token {
	if t := p.tryConsumeToken(tokenOtherModifier); t != nil {
		return t
	}
	return p.tryConsumeToken(tokenAsterisk)
}

// tryConsumeRegexpOrWildcardToken implements
// https://urlpattern.spec.whatwg.org/#try-to-consume-a-regexp-or-wildcard-token.
func (p *patternParser) tryConsumeRegexpOrWildcardToken(nameToken *token) *token {
	t := p.tryConsumeToken(tokenRegexp)
	if nameToken == nil && t == nil {
		t = p.tryConsumeToken(tokenAsterisk)
	}
	return t
}

// consumeRequiredToken implements
// https://urlpattern.spec.whatwg.org/#consume-a-required-token.
func (p *patternParser) consumeRequiredToken(typ tokenType) (*token, error) {
	t := p.tryConsumeToken(typ)
	if t == nil {
		return nil, &Error{Kind: ErrRequiredToken}
	}
	return t, nil
}

// consumeText implements https://urlpattern.spec.whatwg.org/#consume-text.
func (p *patternParser) consumeText() string {
	var result []byte
	for {
		t := p.tryConsumeToken(tokenChar)
		if t == nil {
			t = p.tryConsumeToken(tokenEscapedChar)
		}
		if t == nil {
			return string(result)
		}
		result = append(result, t.value...)
	}
}

// maybeAddPartFromPendingFixedValue implements
// https://urlpattern.spec.whatwg.org/#maybe-add-a-part-from-the-pending-fixed-value.
func (p *patternParser) maybeAddPartFromPendingFixedValue() error {
	// 1. If parser's pending fixed value is the empty string, then return.
	if len(p.pendingFixedValue) == 0 {
		return nil
	}
	// 2. Let encoded value be the result of running parser's encoding
	//    callback given parser's pending fixed value.
	encoded, err := p.encodingCallback(string(p.pendingFixedValue))
	if err != nil {
		return err
	}
	// 3. Set parser's pending fixed value to the empty string.
	p.pendingFixedValue = p.pendingFixedValue[:0]
	// 4. Let part be a new part whose type is "fixed-text", value is
	//    encoded value, and modifier is "none". 5. Append part to parser's
	//    part list.
	p.parts = append(p.parts, part{Type: partFixedText, Value: encoded, Modifier: modifierNone})
	return nil
}

// addPart implements https://urlpattern.spec.whatwg.org/#add-a-part.
func (p *patternParser) addPart(prefix string, nameToken, regexpOrWildcardToken *token, suffix string, modifierToken *token) error {
	// 1. Let modifier be "none".
	modifier := modifierNone
	// 2. If modifier token is not null: "?" is "optional", "*" is
	//    "zero-or-more", "+" is "one-or-more".
	if modifierToken != nil {
		switch modifierToken.value {
		case "?":
			modifier = modifierOptional
		case "*":
			modifier = modifierZeroOrMore
		case "+":
			modifier = modifierOneOrMore
		}
	}
	// 3. If name token is null and regexp or wildcard token is null and
	//    modifier is "none": append prefix to the end of parser's pending
	//    fixed value; return.
	if nameToken == nil && regexpOrWildcardToken == nil && modifier == modifierNone {
		p.pendingFixedValue = append(p.pendingFixedValue, prefix...)
		return nil
	}
	// 4. Run maybe add a part from the pending fixed value given parser.
	if err := p.maybeAddPartFromPendingFixedValue(); err != nil {
		return err
	}
	// 5. If name token is null and regexp or wildcard token is null:
	if nameToken == nil && regexpOrWildcardToken == nil {
		// 5.1. Assert: suffix is the empty string. 5.2. If prefix is the
		//      empty string, then return.
		if prefix == "" {
			return nil
		}
		// 5.3. Let encoded value be the result of running parser's encoding
		//      callback given prefix.
		encoded, err := p.encodingCallback(prefix)
		if err != nil {
			return err
		}
		// 5.4. Let part be a new part whose type is "fixed-text", value is
		//      encoded value, and modifier is modifier. 5.5. Append part to
		//      parser's part list. 5.6. Return.
		p.parts = append(p.parts, part{Type: partFixedText, Value: encoded, Modifier: modifier})
		return nil
	}
	// 6. Let regexp value be the empty string.
	regexpValue := ""
	switch {
	// 7. If regexp or wildcard token is null, then set regexp value to
	//    parser's segment wildcard regexp.
	case regexpOrWildcardToken == nil:
		regexpValue = p.segmentWildcardRegexp
	// 8. Otherwise if regexp or wildcard token's type is "asterisk", then
	//    set regexp value to the full wildcard regexp value.
	case regexpOrWildcardToken.typ == tokenAsterisk:
		regexpValue = fullWildcardRegexpValue
	// 9. Otherwise set regexp value to regexp or wildcard token's value.
	default:
		regexpValue = regexpOrWildcardToken.value
	}
	// 10. Let type be "regexp".
	typ := partRegexp
	switch regexpValue {
	// 11. If regexp value is parser's segment wildcard regexp: set type to
	//     "segment-wildcard"; set regexp value to the empty string.
	case p.segmentWildcardRegexp:
		typ = partSegmentWildcard
		regexpValue = ""
	// 12. Otherwise if regexp value is the full wildcard regexp value: set
	//     type to "full-wildcard"; set regexp value to the empty string.
	case fullWildcardRegexpValue:
		typ = partFullWildcard
		regexpValue = ""
	}
	// 13. Let name be the empty string.
	name := ""
	// 14. If name token is not null, then set name to name token's value.
	if nameToken != nil {
		name = nameToken.value
	} else if regexpOrWildcardToken != nil {
		// 15. Otherwise if regexp or wildcard token is not null: set name
		//     to parser's next numeric name, serialized; increment parser's
		//     next numeric name by 1.
		name = strconv.Itoa(p.nextNumericName)
		p.nextNumericName++
	}
	// 16. If the result of running is a duplicate name given parser and
	//     name is true, then throw a TypeError.
	if p.isDuplicateName(name) {
		return &Error{Kind: ErrDuplicateName, Input: name}
	}
	// 17. Let encoded prefix be the result of running parser's encoding
	//     callback given prefix.
	encodedPrefix, err := p.encodingCallback(prefix)
	if err != nil {
		return err
	}
	// 18. Let encoded suffix be the result of running parser's encoding
	//     callback given suffix.
	encodedSuffix, err := p.encodingCallback(suffix)
	if err != nil {
		return err
	}
	// 19. Let part be a new part whose type is type, value is regexp value,
	//     modifier is modifier, name is name, prefix is encoded prefix, and
	//     suffix is encoded suffix. 20. Append part to parser's part list.
	if p.names != nil {
		p.names[name] = true
	} else if len(p.parts) >= maxScannedNames {
		p.names = make(map[string]bool, 2*maxScannedNames)
		for _, q := range p.parts {
			if q.Type != partFixedText {
				p.names[q.Name] = true
			}
		}
		p.names[name] = true
	}
	p.parts = append(p.parts, part{
		Type:     typ,
		Value:    regexpValue,
		Modifier: modifier,
		Name:     name,
		Prefix:   encodedPrefix,
		Suffix:   encodedSuffix,
	})
	return nil
}

// isDuplicateName implements https://urlpattern.spec.whatwg.org/#is-a-duplicate-name:
// whether a part of parser's part list has the name name. (The parts of
// fixed text have the empty name, which no other part has.)
//
// Up to maxScannedNames parts (nearly every pattern) it looks through
// them; past that through a set of their names, which keeps a pattern of
// many groups linear.
func (p *patternParser) isDuplicateName(name string) bool {
	if p.names != nil {
		return p.names[name]
	}
	for _, q := range p.parts {
		if q.Name == name && q.Type != partFixedText {
			return true
		}
	}
	return false
}

// maxScannedNames is how many parts isDuplicateName looks through before
// it keeps a set of their names.
const maxScannedNames = 16
