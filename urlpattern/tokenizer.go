package urlpattern

import (
	"unicode/utf8"

	"github.com/webstd/url/internal/jsregexp"
)

// Tokens: https://urlpattern.spec.whatwg.org/#tokens.
//
// The standard counts positions in code points; this file counts them in
// bytes of the UTF-8 input, which picks out the same substrings.

// A tokenType is https://urlpattern.spec.whatwg.org/#token-type.
type tokenType uint8

const (
	tokenInvalidChar   tokenType = iota // "invalid-char", a token's initial type
	tokenOpen                           // "open": "{"
	tokenClose                          // "close": "}"
	tokenRegexp                         // "regexp": "(<regular expression>)"
	tokenName                           // "name": ":<name>"
	tokenChar                           // "char"
	tokenEscapedChar                    // "escaped-char": "\<char>"
	tokenOtherModifier                  // "other-modifier": "?" or "+"
	tokenAsterisk                       // "asterisk": "*"
	tokenEnd                            // "end"
)

// A token is https://urlpattern.spec.whatwg.org/#token.
type token struct {
	typ   tokenType
	index int    // the position of the token's first code point in the input
	value string // the code points the token represents
}

// A tokenizePolicy is https://urlpattern.spec.whatwg.org/#tokenize-policy.
type tokenizePolicy uint8

const (
	policyStrict tokenizePolicy = iota
	policyLenient
)

// A tokenizer is https://urlpattern.spec.whatwg.org/#tokenizer.
type tokenizer struct {
	input     string
	policy    tokenizePolicy
	tokens    []token
	index     int
	nextIndex int
	codePoint rune
}

// errTokenize is what process a tokenizing error throws with the "strict"
// policy; the caller says which component it was in.
var errTokenize = &Error{Kind: ErrTokenize}

// tokenize implements https://urlpattern.spec.whatwg.org/#tokenize.
func tokenize(input string, policy tokenizePolicy) ([]token, error) {
	// 1. Let tokenizer be a new tokenizer. 2. Set tokenizer's input to
	//    input. 3. Set tokenizer's policy to policy.
	t := &tokenizer{input: input, policy: policy, tokens: make([]token, 0, len(input)+1)}
	// 4. While tokenizer's index is less than tokenizer's input's code
	//    point length:
	for t.index < len(t.input) {
		// 4.1. Run seek and get the next code point given tokenizer and
		//      tokenizer's index.
		t.seekAndGetNextCodePoint(t.index)
		switch t.codePoint {
		// 4.2. If tokenizer's code point is U+002A (*): add a token with
		//      default position and length given "asterisk"; continue.
		case '*':
			t.addTokenWithDefaultPositionAndLength(tokenAsterisk)
		// 4.3. If tokenizer's code point is U+002B (+) or U+003F (?): add a
		//      token with default position and length given
		//      "other-modifier"; continue.
		case '+', '?':
			t.addTokenWithDefaultPositionAndLength(tokenOtherModifier)
		// 4.4. If tokenizer's code point is U+005C (\):
		case '\\':
			// 4.4.1. If tokenizer's index is equal to tokenizer's input's
			//        code point length − 1: process a tokenizing error given
			//        tokenizer's next index and index; continue.
			if t.nextIndex == len(t.input) {
				if err := t.processTokenizingError(t.nextIndex, t.index); err != nil {
					return nil, err
				}
				continue
			}
			// 4.4.2. Let escaped index be tokenizer's next index.
			escapedIndex := t.nextIndex
			// 4.4.3. Run get the next code point given tokenizer.
			t.getNextCodePoint()
			// 4.4.4. Run add a token with default length given tokenizer,
			//        "escaped-char", tokenizer's next index, and escaped
			//        index.
			t.addTokenWithDefaultLength(tokenEscapedChar, t.nextIndex, escapedIndex)
		// 4.5. If tokenizer's code point is U+007B ({): "open".
		case '{':
			t.addTokenWithDefaultPositionAndLength(tokenOpen)
		// 4.6. If tokenizer's code point is U+007D (}): "close".
		case '}':
			t.addTokenWithDefaultPositionAndLength(tokenClose)
		// 4.7. If tokenizer's code point is U+003A (:):
		case ':':
			if err := t.name(); err != nil {
				return nil, err
			}
		// 4.8. If tokenizer's code point is U+0028 (():
		case '(':
			if err := t.regexp(); err != nil {
				return nil, err
			}
		// 4.9. Run add a token with default position and length given
		//      tokenizer and "char".
		default:
			t.addTokenWithDefaultPositionAndLength(tokenChar)
		}
	}
	// 5. Run add a token with default length given tokenizer, "end",
	//    tokenizer's index, and tokenizer's index.
	t.addTokenWithDefaultLength(tokenEnd, t.index, t.index)
	// 6. Return tokenizer's token list.
	return t.tokens, nil
}

// name runs step 4.7 of tokenize, at a ":".
func (t *tokenizer) name() error {
	// 4.7.1. Let name position be tokenizer's next index. 4.7.2. Let name
	//        start be name position.
	namePosition := t.nextIndex
	nameStart := namePosition
	// 4.7.3. While name position is less than tokenizer's input's code
	//        point length:
	for namePosition < len(t.input) {
		// 4.7.3.1. Run seek and get the next code point given tokenizer
		//          and name position.
		t.seekAndGetNextCodePoint(namePosition)
		// 4.7.3.2. Let first code point be true if name position equals
		//          name start and false otherwise.
		first := namePosition == nameStart
		// 4.7.3.3. Let valid code point be the result of running is a
		//          valid name code point given tokenizer's code point and
		//          first code point. 4.7.3.4. If valid code point is false
		//          break.
		if !isValidNameCodePoint(t.codePoint, first) {
			break
		}
		// 4.7.3.5. Set name position to tokenizer's next index.
		namePosition = t.nextIndex
	}
	// 4.7.4. If name position is less than or equal to name start: process
	//        a tokenizing error given tokenizer, name start, and
	//        tokenizer's index; continue.
	if namePosition <= nameStart {
		return t.processTokenizingError(nameStart, t.index)
	}
	// 4.7.5. Run add a token with default length given tokenizer, "name",
	//        name position, and name start.
	t.addTokenWithDefaultLength(tokenName, namePosition, nameStart)
	return nil
}

// regexp runs step 4.8 of tokenize, at a "(".
func (t *tokenizer) regexp() error {
	// 4.8.1. Let depth be 1. 4.8.2. Let regexp position be tokenizer's next
	//        index. 4.8.3. Let regexp start be regexp position. 4.8.4. Let
	//        error be false.
	depth := 1
	regexpPosition := t.nextIndex
	regexpStart := regexpPosition
	// 4.8.5. While regexp position is less than tokenizer's input's code
	//        point length:
	for regexpPosition < len(t.input) {
		// 4.8.5.1. Run seek and get the next code point given tokenizer and
		//          regexp position.
		t.seekAndGetNextCodePoint(regexpPosition)
		// 4.8.5.2. If tokenizer's code point is not an ASCII code point:
		//          process a tokenizing error given tokenizer, regexp start,
		//          and tokenizer's index; set error to true; break.
		if t.codePoint >= 0x80 {
			return t.processTokenizingError(regexpStart, t.index)
		}
		// 4.8.5.3. If regexp position equals regexp start and tokenizer's
		//          code point is U+003F (?): tokenizing error.
		if regexpPosition == regexpStart && t.codePoint == '?' {
			return t.processTokenizingError(regexpStart, t.index)
		}
		// 4.8.5.4. If tokenizer's code point is U+005C (\):
		if t.codePoint == '\\' {
			// 4.8.5.4.1. If regexp position equals tokenizer's input's code
			//            point length − 1: tokenizing error.
			if t.nextIndex == len(t.input) {
				return t.processTokenizingError(regexpStart, t.index)
			}
			// 4.8.5.4.2. Run get the next code point given tokenizer.
			t.getNextCodePoint()
			// 4.8.5.4.3. If tokenizer's code point is not an ASCII code
			//            point: tokenizing error.
			if t.codePoint >= 0x80 {
				return t.processTokenizingError(regexpStart, t.index)
			}
			// 4.8.5.4.4. Set regexp position to tokenizer's next index.
			//            4.8.5.4.5. Continue.
			regexpPosition = t.nextIndex
			continue
		}
		// 4.8.5.5. If tokenizer's code point is U+0029 ()):
		if t.codePoint == ')' {
			// Decrement depth by 1. If depth is 0: set regexp position to
			// tokenizer's next index; break.
			depth--
			if depth == 0 {
				regexpPosition = t.nextIndex
				break
			}
		} else if t.codePoint == '(' {
			// 4.8.5.6. Otherwise if tokenizer's code point is U+0028 (():
			// Increment depth by 1.
			depth++
			// If regexp position equals tokenizer's input's code point
			// length − 1: tokenizing error.
			if t.nextIndex == len(t.input) {
				return t.processTokenizingError(regexpStart, t.index)
			}
			// Let temporary position be tokenizer's next index. Run get the
			// next code point given tokenizer.
			temporaryPosition := t.nextIndex
			t.getNextCodePoint()
			// If tokenizer's code point is not U+003F (?): tokenizing error.
			if t.codePoint != '?' {
				return t.processTokenizingError(regexpStart, t.index)
			}
			// Set tokenizer's next index to temporary position.
			t.nextIndex = temporaryPosition
		}
		// 4.8.5.7. Set regexp position to tokenizer's next index.
		regexpPosition = t.nextIndex
	}
	// 4.8.7. If depth is not zero: tokenizing error.
	if depth != 0 {
		return t.processTokenizingError(regexpStart, t.index)
	}
	// 4.8.8. Let regexp length be regexp position − regexp start − 1.
	regexpLength := regexpPosition - regexpStart - 1
	// 4.8.9. If regexp length is zero: tokenizing error.
	if regexpLength == 0 {
		return t.processTokenizingError(regexpStart, t.index)
	}
	// 4.8.10. Run add a token given tokenizer, "regexp", regexp position,
	//         regexp start, and regexp length.
	t.addToken(tokenRegexp, regexpPosition, regexpStart, regexpLength)
	return nil
}

// getNextCodePoint implements https://urlpattern.spec.whatwg.org/#get-the-next-code-point.
func (t *tokenizer) getNextCodePoint() {
	r, n := utf8.DecodeRuneInString(t.input[t.nextIndex:])
	t.codePoint = r
	t.nextIndex += n
}

// seekAndGetNextCodePoint implements https://urlpattern.spec.whatwg.org/#seek-and-get-the-next-code-point.
func (t *tokenizer) seekAndGetNextCodePoint(index int) {
	t.nextIndex = index
	t.getNextCodePoint()
}

// addToken implements https://urlpattern.spec.whatwg.org/#add-a-token.
func (t *tokenizer) addToken(typ tokenType, nextPosition, valuePosition, valueLength int) {
	t.tokens = append(t.tokens, token{
		typ:   typ,
		index: t.index,
		value: t.input[valuePosition : valuePosition+valueLength],
	})
	t.index = nextPosition
}

// addTokenWithDefaultLength implements
// https://urlpattern.spec.whatwg.org/#add-a-token-with-default-length.
func (t *tokenizer) addTokenWithDefaultLength(typ tokenType, nextPosition, valuePosition int) {
	t.addToken(typ, nextPosition, valuePosition, nextPosition-valuePosition)
}

// addTokenWithDefaultPositionAndLength implements
// https://urlpattern.spec.whatwg.org/#add-a-token-with-default-position-and-length.
func (t *tokenizer) addTokenWithDefaultPositionAndLength(typ tokenType) {
	t.addTokenWithDefaultLength(typ, t.nextIndex, t.index)
}

// processTokenizingError implements
// https://urlpattern.spec.whatwg.org/#process-a-tokenizing-error: an error
// with the "strict" policy, an "invalid-char" token with "lenient".
func (t *tokenizer) processTokenizingError(nextPosition, valuePosition int) error {
	if t.policy == policyStrict {
		return errTokenize
	}
	t.addTokenWithDefaultLength(tokenInvalidChar, nextPosition, valuePosition)
	return nil
}

// isValidNameCodePoint implements
// https://urlpattern.spec.whatwg.org/#is-a-valid-name-code-point: the
// IdentifierStart or IdentifierPart code points of ECMAScript.
func isValidNameCodePoint(r rune, first bool) bool {
	if first {
		return jsregexp.IsIDStart(r)
	}
	return jsregexp.IsIDContinue(r)
}
