package jsregexp

import (
	"sync"
	"unicode"
)

// The sets of code points that ECMAScript's escapes and property names
// stand for, built from the tables of package unicode (Unicode 17.0.0 in
// Go 1.27).

// lineTerminators are https://tc39.es/ecma262/#prod-LineTerminator: LF, CR,
// U+2028 and U+2029, which "." does not match without the s flag.
var lineTerminators = newCharset([]rng{{'\n', '\n'}, {'\r', '\r'}, {0x2028, 0x2029}})

// notLineTerminators is what "." matches without the dotAll flag.
var notLineTerminators = lineTerminators.complement()

// digits is \d: https://tc39.es/ecma262/#sec-compiletocharset (CharacterClassEscape :: d).
var digits = newCharset([]rng{{'0', '9'}})

// whiteSpace is \s: WhiteSpace and LineTerminator
// (https://tc39.es/ecma262/#prod-WhiteSpace): tab, vertical tab, form
// feed, space, U+00A0, U+FEFF, the Space_Separator category and the line
// terminators.
var whiteSpace = newCharset([]rng{{'\t', '\r'}, {' ', ' '}, {0xA0, 0xA0}, {0xFEFF, 0xFEFF}}).
	union(fromTable(unicode.Zs)).union(lineTerminators)

// wordCharacters is \w without the i flag, the basic word characters:
// https://tc39.es/ecma262/#sec-wordcharacters.
var wordCharacters = newCharset([]rng{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}})

// wordCharactersFolded is \w with the i flag in Unicode mode: the basic word
// characters and the two code points whose simple case folding is one,
// U+017F (ſ, folds to s) and U+212A (Kelvin sign, folds to k). It is closed
// under case folding.
var wordCharactersFolded = wordCharacters.union(newCharset([]rng{{0x017F, 0x017F}, {0x212A, 0x212A}}))

// anyChar is every code point.
var anyChar = newCharset([]rng{{0, maxRune}})

// binaryAliases maps the short aliases of ECMAScript's binary properties
// (https://tc39.es/ecma262/#table-binary-unicode-properties) to their names.
var binaryAliases = map[string]string{
	"AHex": "ASCII_Hex_Digit", "Alpha": "Alphabetic", "Bidi_C": "Bidi_Control",
	"Bidi_M": "Bidi_Mirrored", "CI": "Case_Ignorable", "CWCF": "Changes_When_Casefolded",
	"CWCM": "Changes_When_Casemapped", "CWKCF": "Changes_When_NFKC_Casefolded",
	"CWL": "Changes_When_Lowercased", "CWT": "Changes_When_Titlecased",
	"CWU": "Changes_When_Uppercased", "DI": "Default_Ignorable_Code_Point",
	"Dep": "Deprecated", "Dia": "Diacritic", "EBase": "Emoji_Modifier_Base",
	"EComp": "Emoji_Component", "EMod": "Emoji_Modifier", "EPres": "Emoji_Presentation",
	"ExtPict": "Extended_Pictographic", "Ext": "Extender", "Gr_Base": "Grapheme_Base",
	"Gr_Ext": "Grapheme_Extend", "Hex": "Hex_Digit", "IDC": "ID_Continue",
	"IDS": "ID_Start", "IDSB": "IDS_Binary_Operator", "IDST": "IDS_Trinary_Operator",
	"Ideo": "Ideographic", "Join_C": "Join_Control", "LOE": "Logical_Order_Exception",
	"Lower": "Lowercase", "NChar": "Noncharacter_Code_Point", "Pat_Syn": "Pattern_Syntax",
	"Pat_WS": "Pattern_White_Space", "QMark": "Quotation_Mark", "RI": "Regional_Indicator",
	"SD": "Soft_Dotted", "STerm": "Sentence_Terminal", "Term": "Terminal_Punctuation",
	"UIdeo": "Unified_Ideograph", "Upper": "Uppercase", "VS": "Variation_Selector",
	"space": "White_Space", "XIDC": "XID_Continue", "XIDS": "XID_Start",
}

// binaryUnsupported are ECMAScript's binary properties that package unicode
// has no table for and that cannot be derived from its tables: a pattern
// that names one is refused as unsupported rather than as invalid.
var binaryUnsupported = map[string]bool{
	"Bidi_Mirrored": true, "Case_Ignorable": true, "Changes_When_Casefolded": true,
	"Changes_When_Casemapped": true, "Changes_When_NFKC_Casefolded": true,
	"Changes_When_Lowercased": true, "Changes_When_Titlecased": true,
	"Changes_When_Uppercased": true, "Default_Ignorable_Code_Point": true,
	"Emoji": true, "Emoji_Component": true, "Emoji_Modifier": true,
	"Emoji_Modifier_Base": true, "Emoji_Presentation": true,
	"Extended_Pictographic": true, "XID_Continue": true, "XID_Start": true,
}

// stringProperties are the properties of strings that the v flag allows
// (https://tc39.es/ecma262/#table-binary-unicode-properties-of-strings), which
// this package does not support.
var stringProperties = map[string]bool{
	"Basic_Emoji": true, "Emoji_Keycap_Sequence": true, "RGI_Emoji_Modifier_Sequence": true,
	"RGI_Emoji_Flag_Sequence": true, "RGI_Emoji_Tag_Sequence": true,
	"RGI_Emoji_ZWJ_Sequence": true, "RGI_Emoji": true,
}

var propertyCache sync.Map // string → *charset

// property returns the set of code points of the lone property name or
// value name (\p{name}), or nil and false when name is not one ECMAScript
// accepts; unsupported is true for a valid name this package has no table
// for.
func property(name string) (set *charset, ok, unsupported bool) {
	if c, ok := propertyCache.Load(name); ok {
		return c.(*charset), true, false
	}
	set, ok, unsupported = lookupProperty(name)
	if ok && !unsupported {
		// (Only a set is cached: an unsupported property has none, and a
		// cached nil would read as a supported empty one.)
		propertyCache.Store(name, set)
	}
	return set, ok, unsupported
}

func lookupProperty(name string) (*charset, bool, bool) {
	// LoneUnicodePropertyNameOrValue: a General_Category value, or a
	// binary property.
	if short, ok := generalCategoryValues[name]; ok {
		name = short
	}
	if t, ok := unicode.Categories[name]; ok {
		return fromTable(t), true, false
	}
	if long, ok := binaryAliases[name]; ok {
		name = long
	}
	if binaryUnsupported[name] || stringProperties[name] {
		return nil, true, true
	}
	switch name {
	case "Any":
		return anyChar, true, false
	case "ASCII":
		return newCharset([]rng{{0, 0x7F}}), true, false
	case "Assigned":
		return fromTable(unicode.Categories["Cn"]).complement(), true, false
	case "Alphabetic":
		// DerivedCoreProperties.txt: Lu + Ll + Lt + Lm + Lo + Nl + Other_Alphabetic.
		return fromTable(unicode.L).union(fromTable(unicode.Nl)).union(fromTable(unicode.Other_Alphabetic)), true, false
	case "Lowercase":
		// Ll + Other_Lowercase.
		return fromTable(unicode.Ll).union(fromTable(unicode.Other_Lowercase)), true, false
	case "Uppercase":
		// Lu + Other_Uppercase.
		return fromTable(unicode.Lu).union(fromTable(unicode.Other_Uppercase)), true, false
	case "Cased":
		// Lowercase + Uppercase + Lt.
		return fromTable(unicode.Ll).union(fromTable(unicode.Other_Lowercase)).
			union(fromTable(unicode.Lu)).union(fromTable(unicode.Other_Uppercase)).
			union(fromTable(unicode.Lt)), true, false
	case "Math":
		// Sm + Other_Math.
		return fromTable(unicode.Sm).union(fromTable(unicode.Other_Math)), true, false
	case "Grapheme_Extend":
		// Me + Mn + Other_Grapheme_Extend.
		return fromTable(unicode.Me).union(fromTable(unicode.Mn)).union(fromTable(unicode.Other_Grapheme_Extend)), true, false
	case "Grapheme_Base":
		// [0..10FFFF] - Cc - Cf - Cs - Co - Cn - Zl - Zp - Grapheme_Extend.
		ge, _, _ := lookupProperty("Grapheme_Extend")
		not := fromTable(unicode.Cc).union(fromTable(unicode.Cf)).union(fromTable(unicode.Cs)).
			union(fromTable(unicode.Co)).union(fromTable(unicode.Categories["Cn"])).
			union(fromTable(unicode.Zl)).union(fromTable(unicode.Zp)).union(ge)
		return not.complement(), true, false
	case "ID_Start":
		return idStart(), true, false
	case "ID_Continue":
		return idContinue(), true, false
	}
	if t, ok := unicode.Properties[name]; ok && binaryProperty[name] {
		return fromTable(t), true, false
	}
	return nil, false, false
}

// binaryProperty are the names of package unicode's property tables that
// ECMAScript accepts as binary properties (the contributory Other_*
// properties and a few others are not among them).
var binaryProperty = map[string]bool{
	"ASCII_Hex_Digit": true, "Bidi_Control": true, "Dash": true, "Deprecated": true,
	"Diacritic": true, "Extender": true, "Hex_Digit": true, "IDS_Binary_Operator": true,
	"IDS_Trinary_Operator": true, "Ideographic": true, "Join_Control": true,
	"Logical_Order_Exception": true, "Noncharacter_Code_Point": true,
	"Pattern_Syntax": true, "Pattern_White_Space": true, "Quotation_Mark": true,
	"Radical": true, "Regional_Indicator": true, "Sentence_Terminal": true,
	"Soft_Dotted": true, "Terminal_Punctuation": true, "Unified_Ideograph": true,
	"Variation_Selector": true, "White_Space": true,
}

// valueProperty returns the set of code points of \p{name=value}, with the
// same results as property.
func valueProperty(name, value string) (*charset, bool, bool) {
	switch name {
	case "General_Category", "gc":
		// (Only a value's names and aliases: unicode.Categories has no
		// other keys, but is not the standard's list.)
		short, ok := generalCategoryValues[value]
		if !ok {
			return nil, false, false
		}
		if t, ok := unicode.Categories[short]; ok {
			return fromTable(t), true, false
		}
		return nil, true, true
	case "Script", "sc":
		long, ok := scriptValues[value]
		if !ok {
			return nil, false, false
		}
		// A script that package unicode has no table for (one newer than
		// Go's Unicode version, or Unknown, which is every code point of
		// no script) is valid, and unsupported.
		if t, ok := unicode.Scripts[long]; ok {
			return fromTable(t), true, false
		}
		return nil, true, true
	case "Script_Extensions", "scx":
		// Package unicode has no Script_Extensions tables, and a script's
		// table is not its extensions (U+3001 is Common, with the
		// extensions Bopo Hang Hani Hira Kana Yiii ...): valid, and
		// unsupported.
		if _, ok := scriptValues[value]; ok {
			return nil, true, true
		}
		return nil, false, false
	}
	return nil, false, false
}

// idStart and idContinue are the ID_Start and ID_Continue properties,
// derived as DerivedCoreProperties.txt derives them:
//
//	ID_Start = L + Nl + Other_ID_Start - Pattern_Syntax - Pattern_White_Space
//	ID_Continue = ID_Start + Mn + Mc + Nd + Pc + Other_ID_Continue - Pattern_Syntax - Pattern_White_Space
var (
	idStart = sync.OnceValue(func() *charset {
		return fromTable(unicode.L).union(fromTable(unicode.Nl)).union(fromTable(unicode.Other_ID_Start)).
			subtract(fromTable(unicode.Pattern_Syntax)).subtract(fromTable(unicode.Pattern_White_Space))
	})
	idContinue = sync.OnceValue(func() *charset {
		return fromTable(unicode.L).union(fromTable(unicode.Nl)).union(fromTable(unicode.Other_ID_Start)).
			union(fromTable(unicode.Mn)).union(fromTable(unicode.Mc)).union(fromTable(unicode.Nd)).
			union(fromTable(unicode.Pc)).union(fromTable(unicode.Other_ID_Continue)).
			subtract(fromTable(unicode.Pattern_Syntax)).subtract(fromTable(unicode.Pattern_White_Space))
	})
)

// IsIDStart reports whether r can start an ECMAScript IdentifierName: it is
// in ID_Start, or is "$" or "_" (https://tc39.es/ecma262/#prod-IdentifierStartChar).
func IsIDStart(r rune) bool {
	return r == '$' || r == '_' || idStart().has(r)
}

// IsIDContinue reports whether r can continue an ECMAScript IdentifierName:
// it is in ID_Continue, or is "$", U+200C (ZWNJ) or U+200D (ZWJ)
// (https://tc39.es/ecma262/#prod-IdentifierPartChar).
func IsIDContinue(r rune) bool {
	return r == '$' || r == 0x200C || r == 0x200D || idContinue().has(r)
}
