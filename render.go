package url

// The tables of look-alikes and of the code points UTS #39 allows in
// identifiers, from the Unicode 18.0.0 data files in the directory
// $UNICODE_DATA (see internal/gen/lookalikes for which files):
//go:generate go run ./internal/gen/lookalikes -version 18.0.0 -dir ${UNICODE_DATA} -source ${UNICODE_SOURCE} -o lookalikes_table.go

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/webstd/url/internal/infra"
)

// Render returns u as a person should see it when they are to make a
// security or trust decision about it, following the standard's URL
// rendering section (https://url.spec.whatwg.org/#url-rendering): "A URL
// should be rendered in its serialized form, with modifications described
// below". It returns "" for the zero URL.
//
//	https://user:secret@xn--bcher-kva.example:8080/caf%C3%A9?q=%C3%A9#%F0%9F%94%92
//	renders as
//	https://bücher.example:8080/café?q=é#%F0%9F%94%92
//
// The section lets a browser choose; Render chooses as follows, for a
// display of the whole URL.
//
// "Browsers should not render a URL's username and password, as they can be
// mistaken for a URL's host": Render leaves them out, and the "@" with them,
// so https://examplecorp.com@attacker.example/ renders as
// https://attacker.example/.
//
// "Browsers may render a URL without its scheme if the display surface only
// ever permits a single scheme": Render cannot know the display, so it keeps
// the scheme. It keeps the port too, which is part of the origin.
//
// What a reader sees, Render guarantees: its result holds no code point that
// looks like one of the delimiters "/", "\", "?", "#", ".", ":", "@", "%",
// "&" or "=" (but for Japanese letters among Japanese in a host, below), or
// shows nothing, or is drawn through or around the character before it;
// so the host that a person reads in it, from after the scheme's "//" to the
// first delimiter, is u's host, and parsed after the scheme it gives back
// u.Hostname(). Two rules, on tables generated from the Unicode 18.0.0 data,
// the version of the package's IDNA (internal/gen/lookalikes says how),
// keep that promise:
//
//   - Render shows no look-alike, anywhere. The look-alikes are the code
//     points that UTS #39 confuses with a delimiter or with a string that
//     holds one (https://www.unicode.org/reports/tr39/, confusables.txt:
//     U+2044 "⁄" and U+2215 "∕" for "/", U+0589 "։" for ":", U+30CE "ノ" for
//     "/", U+2100 "℀" for "a/c") or that Chromium's IDN dangerous patterns
//     flag (U+4E40 "乀", U+4E41 "乁" and U+30FD "ヽ" for "\"; U+30BD "ソ",
//     U+30BE "ゾ", U+30F3 "ン" for "/"), whose compatibility decomposition holds
//     one (U+FF0F "／", U+2024 "․", U+FE6B "﹫"), or that UTS #46 maps to one
//     (U+3002 "。" and U+FF61 "｡" to "."); U+00B7 "·" MIDDLE DOT, a "." at
//     mid-height, and what UTS #39 confuses with it (U+30FB "・", U+2027 "‧",
//     U+2219 "∙", U+A78F "ꞏ", ...); the blanks: White_Space,
//     Default_Ignorable_Code_Point (U+00AD, U+200B, U+115F, U+1160, U+3164,
//     U+FFA0, the variation selectors, the bidirectional controls, ...),
//     what UTS #39 confuses with them, and U+2800 BRAILLE PATTERN BLANK; and
//     the overlays, the combining marks drawn through or around the
//     character before them, which can strike a letter through to look
//     like "/" or "\": those of combining class 1 (U+0334 to U+0338,
//     U+20D2, U+20E5, U+10A39, ...), every enclosing mark (general
//     category Me: U+20DD to U+20E0 COMBINING ENCLOSING CIRCLE BACKSLASH,
//     U+20E3, U+0488, ...), and U+10EFC ARABIC COMBINING ALEF OVERLAY,
//     which have class 0. (UTS #39 restricts all of these, so a label
//     that holds one stays in Punycode by the next rule too.)
//     One exception, in a host: the Japanese letters that look like "/"
//     (U+30CE "ノ", U+30BD "ソ", U+30BE "ゾ", U+30F3 "ン", U+4E3F "丿")
//     are shown in a domain label of Japanese only, whose every other code
//     point is Han, Hiragana, Katakana, U+30FC "ー", an ASCII digit or "-"
//     (https://ソニー.example/, https://ドメイン.example/), as Chromium shows
//     them only away from other scripts; beside any other code point
//     (https://bankソevil.example/, https://aンb.example/) the label stays
//     in Punycode. So are U+0F0B "་" and U+0F0C "༌", the dots Tibetan
//     writes between syllables, in a label of Tibetan only: "bank་com"
//     stays in Punycode.
//   - Render shows no code point that UTS #39 does not allow in identifiers
//     (Identifier_Status Restricted, IdentifierStatus.txt) in a host, and no
//     symbol or punctuation character that it does not allow (general
//     category S or P) anywhere. The confusables data is made for the
//     letters of identifiers and misses look-alikes among the symbols and
//     punctuation of every script (U+1F67C "🙼" VERY HEAVY SOLIDUS, U+31D2
//     "㇒" CJK STROKE P, U+2AF6 "⫶" TRIPLE COLON OPERATOR, U+1365 "፥"
//     ETHIOPIC COLON, U+2753 "❓", U+A78A "꞊", U+1F7F0 "🟰"); this rule
//     catches them all at once, with the locks and keys that imitate a
//     browser's security indicator (U+1F512 "🔒", ...). The only symbols
//     and punctuation UTS #39 allows are ASCII "-", ".", ":", "'" and "_"
//     and a few that words need, such as U+2019 "’" and U+058A "֊".
//
// "If URL's host is a domain, browsers should render it by running domain to
// Unicode with the URL's host": Render does, with [DomainToUnicode], which
// leaves the host in Punycode when ToUnicode records an error, and keeps in
// Punycode each label that holds a look-alike or a code point that UTS #39
// does not allow in identifiers, as Chromium does
// (https://chromium.googlesource.com/chromium/src/+/main/docs/idn.md). Thus
// https://example.com⁄evil.example/ (U+2044 FRACTION SLASH), whose host is
// example.xn--comevil-3d7c.example, renders as
// https://example.xn--comevil-3d7c.example/ and not as a URL that reads as
// the host example.com and a path, and https://bank.com🙼evil.example/ as
// https://bank.xn--comevil-mi35f.example/; the other labels stay in Unicode:
// https://bücher.xn--exampleevil-lx3f.example/. The price is that some
// labels of real words stay in Punycode too: those with emoji and other
// symbols (http://☕.example/ renders as http://xn--53h.example/), with
// letters of historic and limited-use scripts (Cherokee, Canadian
// syllabics, ...), with a middle dot (Catalan "l·l", Japanese "・"), and a
// few with letters or marks of common scripts that look like a delimiter
// (the Devanagari visarga "ः"; Japanese "ノ", "ソ", "ン" mixed with Latin
// letters, as in "ビタミンb6"). IPv4, IPv6 and opaque hosts are
// rendered serialized, in ASCII. "Various characters can be used in
// homograph spoofing attacks. Consider detecting confusable characters and
// warning when they are in use": beyond the look-alikes of delimiters and
// the code points UTS #39 restricts, Render does not; a caller that shows
// hosts from untrusted sources should check them against UTS #39 (mixed
// scripts, whole-script confusables such as "аррӏе.com" in Cyrillic), or
// show the Punycode host.
//
// "For readability, other parts of the URL, if rendered, should have their
// sequences of percent-encoded bytes replaced with code points resulting from
// running UTF-8 decode without BOM on the percent-decoding of those
// sequences, unless that renders those sequences invisible. Browsers may
// choose to not decode certain sequences that present spoofing risks (e.g.,
// U+1F512 (🔒))": in the path, query and fragment, Render decodes a
// percent-encoded code point when it is
//
//   - an ASCII letter or digit, "-", ".", "_" or "~" (the characters that
//     mean the same encoded or not), except a hex digit right after "%" or
//     "%" and a hex digit, which would read as a percent-encoded byte;
//   - or a code point that is not ASCII and is a letter, mark or number
//     (general category L, M or N), or a punctuation character or symbol (P
//     or S) that UTS #39 allows in identifiers; and is not a look-alike (the
//     same table as for hosts), and is not a mark that follows anything but a
//     letter, number or mark (a mark could dress up "/" or ".").
//
// So a path, query or fragment shows letters, marks and numbers of every
// script, but no symbol or punctuation outside the few that identifiers
// allow: https://example.com/a%F0%9F%99%BCb (U+1F67C VERY HEAVY SOLIDUS)
// renders as it is, and not as a path of two segments. The price is that
// the symbols and punctuation that look like no delimiter stay
// percent-encoded too ("€", "😀", "–", "«"), and so do the Japanese
// slash-like letters "ノ", "ソ", "ゾ", "ン" and "丿" (the exception for
// them is only for a domain label, which Render sees whole).
//
// Every other percent-encoded byte stays encoded: bytes that are not valid
// UTF-8 (for URL rendering "the percent-encoded bytes would not be rendered
// percent-decoded", https://url.spec.whatwg.org/#percent-encoded-bytes),
// control and format characters (the bidirectional controls among them),
// spaces, unassigned and private-use code points, the look-alikes, the
// symbols and punctuation that UTS #39 restricts, and the ASCII delimiters
// and other characters whose decoding could change what a reader takes the
// URL to be (%2F, %3F, %23, %25, %26, %3D, %20, ...).
//
// "Browsers should render bidirectional text as if it were in a
// left-to-right embedding": show the result in a left-to-right context, for
// instance in an HTML element with dir=ltr, or between U+2066 LEFT-TO-RIGHT
// ISOLATE and U+2069 POP DIRECTIONAL ISOLATE. Render does not add them, so
// that its result stays a plain string.
//
// Render does not elide and does not simplify the host; the section's advice
// for those is to keep at least the registrable domain
// ([Host.RegistrableDomain]) visible and to elide domain labels from the
// lowest-level one, and, where host and path can be confused, to render
// only the host: DomainToUnicode(u.Hostname()).
//
// The result is for people: it is not a URL string to parse or fetch, and,
// but for its host, it is not the same URL when parsed again.
func (u URL) Render() string {
	if !u.IsValid() {
		return ""
	}
	b := make([]byte, 0, len(u.href)+8)
	// The scheme and ":".
	b = append(b, u.href[:u.schemeEnd+1]...)
	if u.HasHost() {
		// "//", no username or password, the host, and the port.
		b = append(b, "//"...)
		if u.hostKind == DomainHost {
			b = appendRenderedDomain(b, u.Hostname())
		} else {
			b = append(b, u.Hostname()...)
		}
		if u.hasPort() {
			b = append(b, ':')
			b = append(b, u.Port()...)
		}
	}
	// The path (with the "/." the serializer writes before a path that
	// would read as a host), the query and the fragment.
	b = appendRendered(b, u.href[u.authorityEnd():])
	return string(b)
}

// appendRenderedDomain appends the domain to dst as Render shows it: "If
// URL's host is a domain, browsers should render it by running domain to
// Unicode with the URL's host", label by label, except that a label holding
// a code point of lookalikes (a look-alike of a delimiter, a blank or an
// overlay) or one that UTS #39 does not allow in identifiers is shown as it
// is in domain, in Punycode (keepLabelEncoded, which lets the Japanese
// slash-like letters among Japanese).
func appendRenderedDomain(dst []byte, domain string) []byte {
	uni := DomainToUnicode(domain)
	if uni == domain {
		// ASCII, or domain to Unicode failed and left it as it is.
		return append(dst, domain...)
	}
	// Domain to Unicode maps label to label and keeps the "." between
	// them: the labels of domain are ASCII and UTS #46 does not let a
	// decoded label hold a "." (or the conversion fails, and uni is
	// domain). Split both and choose per label.
	if strings.Count(uni, ".") != strings.Count(domain, ".") {
		return append(dst, domain...)
	}
	for {
		a, restA, more := strings.Cut(domain, ".")
		u, restU, _ := strings.Cut(uni, ".")
		if keepLabelEncoded(u) {
			dst = append(dst, a...)
		} else {
			dst = append(dst, u...)
		}
		if !more {
			return dst
		}
		dst = append(dst, '.')
		domain, uni = restA, restU
	}
}

// isLookalike reports whether r is in lookalikes (lookalikes_table.go,
// which internal/gen/lookalikes generates from Unicode data): a code point
// that a reader could take for one of the delimiters / \ ? # . : @ % & =
// (U+2044 FRACTION SLASH, U+FF0F FULLWIDTH SOLIDUS, U+3002 IDEOGRAPHIC FULL
// STOP, U+0589 ARMENIAN FULL STOP, U+00B7 MIDDLE DOT, ...), or could not
// see (White_Space, Default_Ignorable_Code_Point, U+2800 BRAILLE PATTERN
// BLANK, ...), or an overlay, which is drawn through or around the
// character before it (U+0338 COMBINING LONG SOLIDUS OVERLAY, U+20E0
// COMBINING ENCLOSING CIRCLE BACKSLASH, ...); or a Tibetan syllable dot
// (isTibetanDot), which the data does not relate to ".".
func isLookalike(r rune) bool {
	return r >= utf8.RuneSelf && (unicode.Is(lookalikes, r) || isTibetanDot(r))
}

// keepLabelEncoded reports whether Render shows the domain label label (in
// Unicode) in Punycode: it holds a code point of which notInLabel reports
// true, other than the look-alikes that Render shows among one script
// (boundScript); or it holds one of those together with a code point of
// another script, or look-alikes bound to two scripts.
func keepLabelEncoded(label string) bool {
	bound := anyScript
	for _, r := range label {
		if s := boundScript(r); s != anyScript {
			if bound != anyScript && bound != s {
				return true
			}
			bound = s
		} else if notInLabel(r) {
			return true
		}
	}
	if bound != anyScript {
		for _, r := range label {
			if !bound.has(r) {
				return true
			}
		}
	}
	return false
}

// A labelScript is the script of the domain labels in which Render shows
// a look-alike that words of that script need.
type labelScript uint8

const (
	anyScript     labelScript = iota // no look-alike is bound to a script
	japaneseLabel                    // the slash-like letters: isJapaneseSlash
	tibetanLabel                     // the syllable dots: isTibetanDot
)

// boundScript returns the script of the labels in which Render shows the
// look-alike r, or anyScript when r is no such look-alike.
func boundScript(r rune) labelScript {
	switch {
	case isJapaneseSlash(r):
		return japaneseLabel
	case isTibetanDot(r):
		return tibetanLabel
	}
	return anyScript
}

// has reports whether r may stand in a label of the script s beside a
// look-alike bound to it.
func (s labelScript) has(r rune) bool {
	switch s {
	case japaneseLabel:
		return isJapanese(r)
	case tibetanLabel:
		return '0' <= r && r <= '9' || r == '-' || unicode.Is(unicode.Tibetan, r)
	}
	return true
}

// isTibetanDot reports whether r is U+0F0B TIBETAN MARK INTERSYLLABIC
// TSHEG or U+0F0C TIBETAN MARK DELIMITER TSHEG BSTAR, the dot that Tibetan
// writes after each syllable: a "." at the top of the line, which UTS #39
// allows in identifiers and confusables.txt does not map to "." (as it
// does not U+00B7 MIDDLE DOT). isLookalike holds them, so that Render
// keeps them percent-encoded in a path, query and fragment; in a domain
// label, keepLabelEncoded lets them among Tibetan only ("bank་com" stays
// in Punycode).
func isTibetanDot(r rune) bool {
	return r == 0x0F0B || r == 0x0F0C
}

// isJapaneseSlash reports whether r is one of the Japanese letters that
// look like "/": U+30CE "ノ", U+30BD "ソ", U+30BE "ゾ" and U+30F3 "ン"
// KATAKANA LETTER NO, SO, ZO and N, and U+4E3F "丿", a CJK ideograph.
// lookalikes holds them, so that Render keeps them percent-encoded in a
// path, query and fragment; in a domain label, keepLabelEncoded lets them
// among Japanese only, as Chromium does with its IDN dangerous patterns
// (https://chromium.googlesource.com/chromium/src/+/main/docs/idn.md).
func isJapaneseSlash(r rune) bool {
	switch r {
	case 0x30CE, 0x30BD, 0x30BE, 0x30F3, 0x4E3F:
		return true
	}
	return false
}

// isJapanese reports whether r can stand beside a Japanese slash-like
// letter in a domain label that Render shows in Unicode: a Han, Hiragana
// or Katakana code point (Script, Scripts.txt), U+30FC "ー"
// KATAKANA-HIRAGANA PROLONGED SOUND MARK (whose Script is Common), an ASCII
// digit or "-".
func isJapanese(r rune) bool {
	return '0' <= r && r <= '9' || r == '-' || r == 0x30FC ||
		unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana)
}

// notInLabel reports whether Render keeps a domain label that holds r in
// Punycode: r is a look-alike, or is not ASCII and its Identifier_Status
// (UTS #39, https://www.unicode.org/reports/tr39/#Identifier_Status_and_Type)
// is Restricted.
func notInLabel(r rune) bool {
	return isLookalike(r) || isRestricted(r)
}

// isRestricted reports whether r is not ASCII and not in identifierAllowed
// (lookalikes_table.go, which internal/gen/lookalikes generates from UTS
// #39's IdentifierStatus.txt): its Identifier_Status is Restricted.
func isRestricted(r rune) bool {
	return r >= utf8.RuneSelf && !unicode.Is(identifierAllowed, r)
}

// appendRendered appends s to dst with the percent-encoded code points that
// Render decodes decoded.
func appendRendered(dst []byte, s string) []byte {
	prev := rune(0) // the last code point appended, for the rule on marks
	var run [64]byte
	for i := 0; i < len(s); {
		if !infra.IsPercentEncodedByteAt(s, i) {
			prev = rune(s[i]) // s is ASCII except in broken input; prev only matters for marks
			dst = append(dst, s[i])
			i++
			continue
		}
		// A sequence of percent-encoded bytes: decode up to len(run) of
		// them, cutting a long sequence before a byte that starts a code
		// point so that no valid code point is split.
		n := 0
		j := i
		for ; j < len(s) && infra.IsPercentEncodedByteAt(s, j); j += 3 {
			c := infra.PercentDecodedByte(s[j+1], s[j+2])
			if n == len(run) || n >= len(run)-utf8.UTFMax && utf8.RuneStart(c) {
				break
			}
			run[n] = c
			n++
		}
		// UTF-8 decode without BOM, one code point at a time. Each byte k of
		// run came from s[i+3k : i+3k+3].
		for k := 0; k < n; {
			r, size := infra.DecodeRune(string(run[k:n]))
			enc := s[i+3*k : i+3*(k+size)]
			switch {
			case r == utf8.RuneError && string(run[k:k+size]) != "\uFFFD":
				// Invalid UTF-8: keep the bytes encoded.
				dst = append(dst, enc...)
				prev = '%'
			case r < utf8.RuneSelf && renderableASCII(byte(r), dst):
				dst = append(dst, byte(r))
				prev = r
			case r >= utf8.RuneSelf && renderable(r, prev):
				dst = append(dst, run[k:k+size]...)
				prev = r
			default:
				dst = append(dst, enc...)
				prev = '%'
			}
			k += size
		}
		i += 3 * n
	}
	return dst
}

// renderableASCII reports whether Render decodes the ASCII c, given what it
// has written so far: an unreserved character, unless it is a hex digit that
// would complete something that reads as a percent-encoded byte.
func renderableASCII(c byte, written []byte) bool {
	switch {
	case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9':
		if _, hex := infra.HexDigitValue(c); hex {
			n := len(written)
			if n >= 1 && written[n-1] == '%' {
				return false
			}
			if _, h := infra.HexDigitValue(lastByte(written)); h && n >= 2 && written[n-2] == '%' {
				return false
			}
		}
		return true
	case c == '-', c == '.', c == '_', c == '~':
		return true
	}
	return false
}

func lastByte(b []byte) byte {
	if len(b) == 0 {
		return 0
	}
	return b[len(b)-1]
}

// renderable reports whether Render decodes the non-ASCII code point r,
// which follows the code point prev.
func renderable(r, prev rune) bool {
	// Visible: a letter, mark, number, punctuation or symbol. This leaves out
	// the controls (Cc), format characters (Cf: the bidirectional controls,
	// zero-width joiners and spaces, the BOM, the tags), private use (Co),
	// unassigned code points (Cn) and the separators (Z: spaces, line and
	// paragraph separators).
	if !unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S) {
		return false
	}
	// A symbol or punctuation character only if UTS #39 allows it in
	// identifiers: the confusables data misses look-alikes of delimiters
	// among them (U+1F67C VERY HEAVY SOLIDUS, U+2AF6 TRIPLE COLON OPERATOR,
	// ...), and the locks and keys that imitate a browser's security
	// indicator (U+1F50F to U+1F513, U+1F5DD) are among them too.
	if unicode.In(r, unicode.P, unicode.S) && isRestricted(r) {
		return false
	}
	// Look-alikes of delimiters, letters and marks that show nothing (the
	// default-ignorable ones: U+034F, U+115F, U+1160, U+3164, U+FFA0, the
	// variation selectors, ...; U+2800 BRAILLE PATTERN BLANK), and the
	// overlays: the same table as for the labels of a domain.
	if isLookalike(r) {
		return false
	}
	// A mark combines with what comes before it: only after a letter,
	// number or mark, so that it cannot change how a delimiter looks
	// (U+0301 COMBINING ACUTE ACCENT over "/" or ".").
	if unicode.Is(unicode.M, r) && !unicode.In(prev, unicode.L, unicode.N, unicode.M) {
		return false
	}
	return true
}
