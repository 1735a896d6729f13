package urlpattern

import (
	"strings"
	"unicode/utf8"

	"github.com/webstd/url/internal/infra"
)

// generatePatternString implements
// https://urlpattern.spec.whatwg.org/#generate-a-pattern-string.
func generatePatternString(parts partList, opts options) string {
	// 1. Let result be the empty string.
	var result strings.Builder
	// 2. Let index list be the result of getting the indices for part list.
	// 3. For each index of index list:
	for index, part := range parts {
		// 3.2. Let previous part be part list[index - 1] if index is
		//      greater than 0, otherwise null.
		var previous, next *patternPart
		if index > 0 {
			previous = &parts[index-1]
		}
		// 3.3. Let next part be part list[index + 1] if index is less than
		//      index list's size - 1, otherwise null.
		if index < len(parts)-1 {
			next = &parts[index+1]
		}
		// 3.4. If part's type is "fixed-text" then:
		if part.Type == partFixedText {
			// 3.4.1. If part's modifier is "none": append the result of
			//        running escape a pattern string given part's value;
			//        continue.
			if part.Modifier == modifierNone {
				result.WriteString(escapePatternString(part.Value))
				continue
			}
			// 3.4.2. Append "{", the escaped value, "}" and the modifier.
			result.WriteString("{")
			result.WriteString(escapePatternString(part.Value))
			result.WriteString("}")
			result.WriteString(modifierString(part.Modifier))
			continue
		}
		// 3.5. Let custom name be true if part's name[0] is not an ASCII
		//      digit; otherwise false.
		customName := !infra.IsASCIIDigit(int(part.Name[0]))
		// 3.6. Let needs grouping be true if at least one of the following
		//      are true: part's suffix is not the empty string; part's
		//      prefix is not the empty string and is not options's prefix
		//      code point.
		needsGrouping := part.Suffix != "" || (part.Prefix != "" && part.Prefix != opts.prefix)
		// 3.7. If all of the following are true: needs grouping is false;
		//      custom name is true; part's type is "segment-wildcard";
		//      part's modifier is "none"; next part is not null; next
		//      part's prefix is the empty string; and next part's suffix is
		//      the empty string:
		if !needsGrouping && customName && part.Type == partSegmentWildcard && part.Modifier == modifierNone &&
			next != nil && next.Prefix == "" && next.Suffix == "" {
			if next.Type == partFixedText {
				// 3.7.1. If next part's type is "fixed-text": set needs
				//        grouping to true if the result of running is a
				//        valid name code point given next part's value's
				//        first code point and the boolean false is true.
				r, _ := utf8.DecodeRuneInString(next.Value)
				needsGrouping = isValidNameCodePoint(r, false)
			} else {
				// 3.7.2. Otherwise: set needs grouping to true if next
				//        part's name[0] is an ASCII digit.
				needsGrouping = infra.IsASCIIDigit(int(next.Name[0]))
			}
		}
		// 3.8. If all of the following are true: needs grouping is false;
		//      part's prefix is the empty string; previous part is not
		//      null; previous part's type is "fixed-text"; and previous
		//      part's value's last code point is options's prefix code
		//      point: set needs grouping to true.
		if !needsGrouping && part.Prefix == "" && previous != nil && previous.Type == partFixedText &&
			opts.prefix != "" && strings.HasSuffix(previous.Value, opts.prefix) {
			needsGrouping = true
		}
		// 3.9. Assert: part's name is not the empty string or null.
		// 3.10. If needs grouping is true, then append "{".
		if needsGrouping {
			result.WriteString("{")
		}
		// 3.11. Append the result of running escape a pattern string given
		//       part's prefix.
		result.WriteString(escapePatternString(part.Prefix))
		// 3.12. If custom name is true: append ":" and part's name.
		if customName {
			result.WriteString(":")
			result.WriteString(part.Name)
		}
		switch {
		// 3.13. If part's type is "regexp": append "(", part's value, ")".
		case part.Type == partRegexp:
			result.WriteString("(")
			result.WriteString(part.Value)
			result.WriteString(")")
		// 3.14. Otherwise if part's type is "segment-wildcard" and custom
		//       name is false: append "(", the segment wildcard regexp, ")".
		case part.Type == partSegmentWildcard && !customName:
			result.WriteString("(")
			result.WriteString(generateSegmentWildcardRegexp(opts))
			result.WriteString(")")
		// 3.15. Otherwise if part's type is "full-wildcard":
		case part.Type == partFullWildcard:
			// 3.15.1. If custom name is false and one of the following is
			//         true: previous part is null; previous part's type is
			//         "fixed-text"; previous part's modifier is not "none";
			//         needs grouping is true; or part's prefix is not the
			//         empty string: append "*".
			if !customName && (previous == nil || previous.Type == partFixedText ||
				previous.Modifier != modifierNone || needsGrouping || part.Prefix != "") {
				result.WriteString("*")
			} else {
				// 3.15.2. Otherwise: append "(", full wildcard regexp value,
				//         ")".
				result.WriteString("(")
				result.WriteString(fullWildcardRegexpValue)
				result.WriteString(")")
			}
		}
		// 3.16. If all of the following are true: part's type is
		//       "segment-wildcard"; custom name is true; part's suffix is
		//       not the empty string; and the result of running is a valid
		//       name code point given part's suffix's first code point and
		//       the boolean false is true: append U+005C (\).
		if part.Type == partSegmentWildcard && customName && part.Suffix != "" {
			if r, _ := utf8.DecodeRuneInString(part.Suffix); isValidNameCodePoint(r, false) {
				result.WriteString(`\`)
			}
		}
		// 3.17. Append the result of running escape a pattern string given
		//       part's suffix.
		result.WriteString(escapePatternString(part.Suffix))
		// 3.18. If needs grouping is true, then append "}".
		if needsGrouping {
			result.WriteString("}")
		}
		// 3.19. Append the result of running convert a modifier to a
		//       string given part's modifier.
		result.WriteString(modifierString(part.Modifier))
	}
	// 4. Return result.
	return result.String()
}
