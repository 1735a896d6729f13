// Package urlpattern implements the WHATWG URL Pattern Standard
// (https://urlpattern.spec.whatwg.org/), JavaScript's URLPattern, in pure
// Go: patterns that match URLs component by component, with the syntax of
// path-to-regexp.
//
//	p, err := urlpattern.Parse("https://*.example.com/books/:id")
//	r := p.Exec("https://shop.example.com/books/42")
//	// r.Pathname.Groups["id"].Value == "42", r.Hostname.Groups["0"].Value == "shop"
//
// # From JavaScript
//
// Each part of JavaScript's API has its counterpart:
//
//	new URLPattern(input)                   Parse(input)
//	new URLPattern(input, baseURL)          ParseWithBase(input, baseURL)
//	new URLPattern({pathname: "/:id"})      New(Init{Pathname: new("/:id")})
//	new URLPattern(input, {ignoreCase})     Options{IgnoreCase: true}.Parse(input), and so on
//	pattern.test(url), pattern.test(url, base), pattern.test(init)
//	                                        p.Test(url), p.TestWithBase(url, base), p.TestInit(init)
//	pattern.exec(...)                       p.Exec(url), p.ExecWithBase, p.ExecInit: a *Result or nil
//	pattern.pathname (and the others)       p.Pathname(): the component's pattern string
//	pattern.hasRegExpGroups                 p.HasRegExpGroups()
//	URLPattern.compareComponent (tentative) CompareComponent
//	pattern.generate (tentative)            p.Generate
//
// [Pattern.TestURL] and [Pattern.ExecURL] match a parsed URL of package
// github.com/webstd/url, as the standard's match does given a URL record.
//
// A URLPatternInit is an [Init], whose members are pointers so that a
// member that is not there (nil: for a pattern, the component matches
// anything) differs from the empty string (it matches only the empty
// string). Go's new(expr) makes one from a string. The result of exec is a
// [Result]: its inputs and, for each component, the input it matched and
// the values of its groups, where a group that did not take part in the
// match, JavaScript's undefined, is a [Group] with Defined false, told
// apart from one that matched the empty string. [ComponentResult.All] gives
// the groups in the pattern's order, [Pattern.GroupNames] their names.
// A Result, an Init and a Component have the JSON forms JavaScript gives
// them: JSON.stringify of a result ({"pathname": {"groups": {"id": "42"},
// "input": "/books/42"}, ...}, undefined groups left out), an init as
// {"pathname": "/books/:id", "baseURL": ...}, and a component by the name
// [ParseComponent] reads; each reads back from its JSON
// ([Result.UnmarshalJSON]).
//
// Where JavaScript throws a TypeError, the functions return an [*Error]
// that says which step of the standard failed ([ErrorKind], a sentinel for
// errors.Is), in which component, and on what text. Calls that JavaScript
// rejects for the type of an argument, such as an init with a base URL
// beside it, have no counterpart: Go's types rule them out.
//
// # Matching in linear time
//
// The standard matches each component with an ECMAScript regular
// expression that it generates from the pattern, with the flags "v" or
// "vi". This package gives the same results in time linear in the length
// of the URL, whatever the pattern:
//
//   - A component of fixed text, named groups and "*" wildcards that can
//     match in one way only ("/books/:id/*", "*.example.com") is matched by
//     a scan of its part list, without a regular expression.
//   - Any other, and any with a regular expression group such as
//     ":id(\\d+)", is matched by an ECMAScript regular expression engine of
//     this module that finds the match and the captures that ECMAScript's
//     backtracking would find: a bounded backtracker for short inputs, a
//     lazy DFA for long ones, which costs a few nanoseconds a byte on the
//     patterns of routes ("/:a-:b-:c", "/*/*/*/*") and nothing per capture
//     group, and, for the patterns whose DFA would not fit in its 1 MiB
//     cache, engines that cost a small constant times the size of the
//     compiled pattern per byte.
//
// A regular expression group can use all of ECMAScript's syntax with the v
// flag (classes with set operations such as [\p{L}--[a-z]], \q{...},
// Unicode properties, modifiers such as (?i:...)), but for the features no
// algorithm matches in linear time: a backreference (\1, \k<name>) or a
// lookaround ((?=...), (?<!...)) makes the pattern fail to compile with
// [ErrRegExp] (the route idiom ":id((?!new)[^/]+)" is written as a more
// specific route before a general one: see the lookaround example). So
// does a pattern that ECMAScript rejects.
//
// Unicode properties: General_Category and Script values by each of their
// names and aliases (\p{sc=Latn}, \p{Script=Latin}, \p{gc=Lu},
// \p{Uppercase_Letter}), generated from Unicode 17's
// PropertyValueAliases.txt, and the binary properties, with the tables of
// Go's unicode package (Unicode 15 in Go 1.26, 17 in Go 1.27). Refused
// with [ErrRegExp], as unsupported rather than invalid: Script_Extensions
// (package unicode has no tables for it, and a script's table is not its
// extensions), a script newer than Go's Unicode version and Unknown
// (Zzzz), the properties of strings (RGI_Emoji and the other emoji
// sequences), and the binary properties package unicode has no table for
// and that its tables do not make: Emoji, Emoji_Presentation,
// Emoji_Modifier, Emoji_Modifier_Base, Emoji_Component,
// Extended_Pictographic, Bidi_Mirrored, Case_Ignorable, the
// Changes_When_* properties, Default_Ignorable_Code_Point, XID_Start and
// XID_Continue. A URL holds no code point that is not ASCII but
// percent-encoded, and that is what a component's pattern matches.
//
// # Caps
//
// Linear time is not enough when the constant is the size of the compiled
// pattern, and a few bytes of pattern can ask for a huge one: a quantifier
// copies what it repeats, so "(?:a{0,100}){0,100}" is ten thousand copies
// of "a", which would cost that many steps per byte of the URL. A
// component's regular expression is refused with [ErrRegExp], and an error
// that names the cap and its value, when it goes over one of:
//
//   - 1000, the cap on counts: a quantifier {n}, {n,} or {n,m} with n or m
//     above 1000, as RE2 and Go's regexp refuse;
//   - 1000, the cap on nested counts: quantifiers nested in each other
//     whose counts (m for {n,m}, n for {n} and {n,}) multiply to more, as
//     RE2 and Go's regexp refuse: "(?:[ab]{800}){6}" (4,800);
//   - 1000, the cap on nesting: groups and classes nested deeper;
//   - 500, the cap on program size: the instructions the regular
//     expression compiles to, which the generated regular expression's own
//     parts count in ("^", a group per part, "$": 8 for "/:id(...)"), and a
//     fixed text one per character. The size is worked out before anything
//     is built, multiplying through nested quantifiers, so a pattern over
//     the cap is refused in time linear in its length.
//     "(?:a{0,10}){0,10}" (234) is accepted, "(?:a{0,30}){0,30}" (1,894)
//     and "a{1000}" (1,003) refused.
//
// The cap on program size is the one that bounds the time of a match.
// Within the caps, the slowest patterns found, such as "/:p([ab]*b[ab]{488})"
// (a thread on every instruction at every byte, which no DFA of a
// reasonable size matches), cost 6 µs per byte of a URL of random a's and
// b's with [Pattern.Test] and 17 µs with [Pattern.Exec] (0.6 s and 1.7 s
// for 100 KB, on a loaded 2-core machine of 2026). The patterns of routes
// cost a few nanoseconds per byte, and patterns of fixed text, named groups
// and wildcards that match one way only never come near the caps: only
// regular expression groups, modifiers and long fixed text with them do.
//
// # Construction
//
// A compiled component is never changed, so patterns share the components
// they have in common: the first 256 components compiled from inputs of up
// to 128 bytes are kept, by their input, encoding callback and options, and
// a pattern that has one of them again (the "*" of every component a
// pattern leaves out, a router's protocol and hostname, a pattern built
// for each request) takes it rather than compiling it, as V8 keeps a
// compiled regular expression by its source and flags. What is kept is
// bounded (each component compiles to at most 500 instructions). Measured
// beside Node 24's URLPattern in BENCHMARKS.md: a pattern built again costs
// a third of Node's time, a pattern seen for the first time 0.4 to 0.9.
//
// # Beyond the standard
//
// [CompareComponent] and [Pattern.Generate] implement URLPattern methods
// that Web Platform Tests test as tentative and Chromium ships, but that
// the standard does not have yet: ordering patterns from the most to the
// least specific, as a router needs, and building a URL component from a
// pattern and the values of its groups.
//
// Two steps depart from the standard's text. As browsers and Web Platform
// Tests do, the port of a pattern is canonicalized without the dummy URL's
// scheme, so that {port: "443*"} stays "443*" (the standard's "https" dummy
// URL would drop 443 as its default port). And as ada (Node), WebKit, Deno
// and the urlpattern-polyfill do, where the standard's editors call the
// step broken (https://github.com/whatwg/urlpattern/issues/267), a
// pathname that starts with "/" under a scheme that is not special is
// canonicalized as the path of such a URL with a host, not as an opaque
// path: Parse("foo://h/a<b") has the pathname "/a%3Cb" and matches the URL
// foo://h/a<b, whose pathname that is (the standard's text keeps "/a<b",
// which matches no URL). Chromium follows the text; Generate encodes as it
// does, which Web Platform Tests' generate cases test.
package urlpattern
