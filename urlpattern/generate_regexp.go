package urlpattern

import "strings"

// Converting part lists to regular expressions:
// https://urlpattern.spec.whatwg.org/#converting-part-lists-to-regular-expressions.

// generateRegularExpressionAndNameList implements
// https://urlpattern.spec.whatwg.org/#generate-a-regular-expression-and-name-list.
func generateRegularExpressionAndNameList(parts partList, opts options) (string, []string) {
	// 1. Let result be "^". 2. Let name list be a new list.
	var result strings.Builder
	result.WriteString("^")
	var names []string
	// 3. For each part of part list:
	for _, part := range parts {
		// 3.1. If part's type is "fixed-text":
		if part.Type == partFixedText {
			// 3.1.1. If part's modifier is "none", then append the result
			//        of running escape a regexp string given part's value.
			if part.Modifier == modifierNone {
				result.WriteString(escapeRegexpString(part.Value))
			} else {
				// 3.1.2. Otherwise: (?:<fixed text>)<modifier>
				result.WriteString("(?:")
				result.WriteString(escapeRegexpString(part.Value))
				result.WriteString(")")
				result.WriteString(modifierString(part.Modifier))
			}
			// 3.1.3. Continue.
			continue
		}
		// 3.2. Assert: part's name is not the empty string. 3.3. Append
		//      part's name to name list.
		names = append(names, part.Name)
		// 3.4. Let regexp value be part's value.
		regexpValue := part.Value
		switch part.Type {
		// 3.5. If part's type is "segment-wildcard", then set regexp value
		//      to the result of running generate a segment wildcard regexp
		//      given options.
		case partSegmentWildcard:
			regexpValue = generateSegmentWildcardRegexp(opts)
		// 3.6. Otherwise if part's type is "full-wildcard", then set regexp
		//      value to full wildcard regexp value.
		case partFullWildcard:
			regexpValue = fullWildcardRegexpValue
		}
		// 3.7. If part's prefix is the empty string and part's suffix is
		//      the empty string:
		if part.Prefix == "" && part.Suffix == "" {
			if part.Modifier == modifierNone || part.Modifier == modifierOptional {
				// (<regexp value>)<modifier>
				result.WriteString("(")
				result.WriteString(regexpValue)
				result.WriteString(")")
				result.WriteString(modifierString(part.Modifier))
			} else {
				// ((?:<regexp value>)<modifier>)
				result.WriteString("((?:")
				result.WriteString(regexpValue)
				result.WriteString(")")
				result.WriteString(modifierString(part.Modifier))
				result.WriteString(")")
			}
			continue
		}
		// 3.8. If part's modifier is "none" or "optional":
		//      (?:<prefix>(<regexp value>)<suffix>)<modifier>
		if part.Modifier == modifierNone || part.Modifier == modifierOptional {
			result.WriteString("(?:")
			result.WriteString(escapeRegexpString(part.Prefix))
			result.WriteString("(")
			result.WriteString(regexpValue)
			result.WriteString(")")
			result.WriteString(escapeRegexpString(part.Suffix))
			result.WriteString(")")
			result.WriteString(modifierString(part.Modifier))
			continue
		}
		// 3.9. Assert: part's modifier is "zero-or-more" or "one-or-more".
		// 3.10. Assert: part's prefix or suffix is not the empty string.
		//   (?:<prefix>((?:<regexp value>)(?:<suffix><prefix>(?:<regexp value>))*)<suffix>)?
		result.WriteString("(?:")
		result.WriteString(escapeRegexpString(part.Prefix))
		result.WriteString("((?:")
		result.WriteString(regexpValue)
		result.WriteString(")(?:")
		result.WriteString(escapeRegexpString(part.Suffix))
		result.WriteString(escapeRegexpString(part.Prefix))
		result.WriteString("(?:")
		result.WriteString(regexpValue)
		result.WriteString("))*)")
		result.WriteString(escapeRegexpString(part.Suffix))
		result.WriteString(")")
		// 3.21. If part's modifier is "zero-or-more" then append "?".
		if part.Modifier == modifierZeroOrMore {
			result.WriteString("?")
		}
	}
	// 4. Append "$" to the end of result. 5. Return (result, name list).
	result.WriteString("$")
	return result.String(), names
}

// escapeRegexpString implements https://urlpattern.spec.whatwg.org/#escape-a-regexp-string:
// a "\" before each of . + * ? ^ $ { } ( ) [ ] | / \.
func escapeRegexpString(input string) string {
	return escapeWith(input, `.+*?^${}()[]|/\`)
}

// escapePatternString implements https://urlpattern.spec.whatwg.org/#escape-a-pattern-string:
// a "\" before each of + * ? : { } ( ) \.
func escapePatternString(input string) string {
	return escapeWith(input, `+*?:{}()\`)
}

// escapeWith returns input with a "\" before each byte in special.
func escapeWith(input, special string) string {
	n := 0
	for i := 0; i < len(input); i++ {
		if strings.IndexByte(special, input[i]) >= 0 {
			n++
		}
	}
	if n == 0 {
		return input
	}
	var b strings.Builder
	b.Grow(len(input) + n)
	for i := 0; i < len(input); i++ {
		if strings.IndexByte(special, input[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(input[i])
	}
	return b.String()
}

// modifierString implements https://urlpattern.spec.whatwg.org/#convert-a-modifier-to-a-string.
func modifierString(m patternModifier) string {
	switch m {
	case modifierZeroOrMore:
		return "*"
	case modifierOptional:
		return "?"
	case modifierOneOrMore:
		return "+"
	}
	return ""
}
