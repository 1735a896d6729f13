// Command urlparse parses URLs as the WHATWG URL Standard says and prints
// them serialized, or one of their components, one line for each URL, so that
// its output lines up with its input for paste, diff and join.
//
// Usage:
//
//	urlparse [-base URL] [-strict] [-encoding LABEL] [-json | -get COMPONENT | -diagram | -canonical PROFILE | -surt] [URL | - ...]
//
// Each argument is a URL to parse, except "-", which stands for the lines of
// standard input; with no arguments urlparse reads standard input. (An
// argument that starts with "-" other than "-" itself comes after "--".)
// Standard input is read one line at a time, and the result of each line is
// written as soon as the line is parsed, so urlparse can sit in a pipe that
// feeds it one URL at a time. A UTF-8 byte order mark at the start of the
// input is removed, and so is the carriage return of a line that ends in
// CR LF.
//
// For each URL it prints one line: the href, or with -get the component that
// COMPONENT names (href, protocol, scheme, username, password, host,
// hostname, port, pathname, search, query, hash, fragment, origin,
// host-kind, public-suffix, registrable-domain), which can be empty. The
// URL Standard's serialization is ASCII without controls, so no component
// breaks the line. (A line that held a control, an invalid byte or a code
// point that a terminal acts on or a log viewer hides, as errors escape
// them, would show it escaped as they do, "\u202E": no serialization
// holds one, but urlparse does not rely on that to keep raw ones off a
// terminal.)
//
// When a URL does not parse, urlparse prints an empty line in its place on
// standard output, prints the error, with the line number of standard input
// ("line 3") or the number of the argument ("argument 2"), on standard error,
// goes on with the next, and exits with status 1 at the end. The input in
// the error is as url.ParseError holds it: its password replaced by
// "xxxxx", of a long input only the start and end, and escaped as Go
// escapes a string, so that a control character or a code point that a
// terminal acts on or a log viewer hides (U+009B, U+202E, U+FEFF, U+200B)
// shows as "\u202E" and no line of the error can be mistaken for another.
// A line of standard input may be of any length.
//
// A blank line of standard input (empty, or spaces and tabs only) is not
// parsed: it gets a blank line of output, and no error. (The standard would
// parse it as the base URL, or fail without -base.) An argument is always
// parsed: urlparse -base URL "" prints the base URL without its fragment.
//
// With -json each URL gives one line of JSON instead: an object with the
// input, every component, the start and end byte offsets of each component
// in the href ("offsets"; end is exclusive, and an empty component starts
// and ends where it would be), the origin, the host's kind, public suffix
// and registrable domain, and the validation errors. A URL that does not
// parse gives an object with the input (as the error holds it: its password
// redacted, escaped, of a long input only the start and end), the error,
// the validation error it failed at and the validation errors before it; a
// blank line gives null. Validation errors are collected for -json only.
// The input of a URL that parses is as it was given, but that every code
// point that errors escape as hidden (U+009B, U+202E, U+FEFF, U+200B, ...)
// is written as a JSON escape, "\u202e" (a surrogate pair above U+FFFF),
// in every string of every object: the JSON holds none raw, and decodes to
// the same strings.
//
// With -diagram each URL gives, for people, the href and under it one line
// for each non-empty component that marks where it starts and ends ("^"
// under each of its bytes), with its name and byte offsets, then an empty
// line. A URL that does not parse and a blank line print nothing on standard
// output.
//
// With -canonical PROFILE each URL gives its canonical form under that
// profile of package github.com/webstd/url/canonical (identity, dedup,
// dedup-strip, safebrowsing, ia), the key under which URLs that fetch the
// same resource collide; with -surt, its SURT, the key web archives sort
// their indexes by, such as "com,example)/a?a=1&b=2". A URL the profile
// cannot write gives an empty line and an error, as one that does not parse.
//
// -strict makes every validation error fail the parse (url.Parser.Strict).
// -encoding LABEL sets the legacy encoding of queries (url.Parser.Encoding),
// an Encoding Standard label such as windows-1252 or shift_jis.
//
// The exit status is 0 when every URL parsed, 1 when one did not, and 2 on
// a usage error, a base URL that does not parse, or an input that cannot be
// read. -h and -help print the usage on standard output and exit with 0.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/webstd/url"
	"github.com/webstd/url/canonical"
	"github.com/webstd/url/internal/errtext"
	"golang.org/x/text/encoding/htmlindex"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `usage: urlparse [-base URL] [-strict] [-encoding LABEL] [-json | -get COMPONENT | -diagram | -canonical PROFILE | -surt] [URL | - ...]

urlparse parses each URL argument, or each line of standard input ("-", or
no arguments), as the WHATWG URL Standard says, and prints one line for each:
the href, or the component -get names. A URL that does not parse gets an
empty line, and its error, with its line number, goes to standard error; a
blank input line gets a blank line. The exit status is 1 when a URL did not
parse.

`

// A component is a name that -get takes and the getter it prints.
type component struct {
	name string
	get  func(u url.URL) string
}

// components are the components -get takes.
var components = []component{
	{"href", url.URL.Href},
	{"protocol", url.URL.Protocol},
	{"scheme", url.URL.Scheme},
	{"username", url.URL.Username},
	{"password", url.URL.Password},
	{"host", url.URL.Host},
	{"hostname", url.URL.Hostname},
	{"port", url.URL.Port},
	{"pathname", url.URL.Pathname},
	{"search", url.URL.Search},
	{"query", func(u url.URL) string { q, _ := u.Query(); return q }},
	{"hash", url.URL.Hash},
	{"fragment", func(u url.URL) string { f, _ := u.Fragment(); return f }},
	{"origin", func(u url.URL) string { return u.Origin().String() }},
	{"host-kind", func(u url.URL) string { return u.HostKind().String() }},
	{"public-suffix", func(u url.URL) string { return u.HostValue().PublicSuffix() }},
	{"registrable-domain", func(u url.URL) string { return u.HostValue().RegistrableDomain() }},
}

func componentNames() string {
	var names []string
	for _, c := range components {
		names = append(names, c.name)
	}
	return strings.Join(names, ", ")
}

// profileNames lists the names -canonical takes.
func profileNames() string {
	var names []string
	for _, p := range canonical.Profiles() {
		names = append(names, p.Name())
	}
	return strings.Join(names, ", ")
}

// options are urlparse's flags.
type options struct {
	base      string
	asJSON    bool
	get       string
	diagram   bool
	canonical string
	surt      bool
	strict    bool
	encoding  string
}

// run is urlparse with the arguments args (without the command's name). It
// returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var o options
	fs := newFlagSet(&o)
	printUsage := func(w io.Writer) {
		fmt.Fprint(w, usage)
		fs.SetOutput(w)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printUsage(stdout)
			return 0
		}
		fmt.Fprintln(stderr, "urlparse: "+flagError(args, err))
		printUsage(stderr)
		return 2
	}
	return runOptions(o, fs.Args(), stdin, stdout, stderr)
}

// newFlagSet returns urlparse's flags, which set o, silent: run writes
// the flag package's errors itself (flagError), with what they quote of
// the command line redacted and escaped.
func newFlagSet(o *options) *flag.FlagSet {
	fs := flag.NewFlagSet("urlparse", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	fs.StringVar(&o.base, "base", "", "resolve each URL against this base `URL`")
	fs.BoolVar(&o.asJSON, "json", false, "print a line of JSON for each URL: every component with its offsets, the origin and the validation errors")
	fs.StringVar(&o.get, "get", "", "print this `COMPONENT` of each URL instead of the href: "+componentNames())
	fs.BoolVar(&o.diagram, "diagram", false, "print each href with a diagram of where each component starts and ends")
	fs.StringVar(&o.canonical, "canonical", "", "print each URL in the canonical form of `PROFILE`: "+profileNames())
	fs.BoolVar(&o.surt, "surt", false, "print each URL's SURT, the key web archives index by")
	fs.BoolVar(&o.strict, "strict", false, "fail at the first validation error (url.Parser.Strict)")
	fs.StringVar(&o.encoding, "encoding", "", "encode the queries of special URLs in the legacy encoding `LABEL`, such as windows-1252 or shift_jis (url.Parser.Encoding)")
	return fs
}

// flagError returns the message for err, the flag package's error for the
// command line args: what went wrong, and the argument it went wrong at,
// found by parsing ever longer prefixes of args, as errtext quotes an
// input (a URL given as a flag's name or value has its password
// redacted; hidden code points are escaped). The flag package's own text
// quotes the argument raw.
func flagError(args []string, err error) string {
	what := "bad argument"
	for _, kind := range []struct{ prefix, what string }{
		{"flag provided but not defined", "no such flag"},
		{"invalid boolean value", "invalid value"},
		{"invalid value", "invalid value"},
		{"bad flag syntax", "bad flag syntax"},
		{"flag needs an argument", "the flag needs a value"},
	} {
		if strings.HasPrefix(err.Error(), kind.prefix) {
			what = kind.what
			break
		}
	}
	at := len(args)
	for i := 1; i < len(args); i++ {
		if newFlagSet(new(options)).Parse(args[:i]) != nil {
			at = i
			break
		}
	}
	if at == 0 {
		return what
	}
	arg := args[at-1]
	dashes := arg[:len(arg)-len(strings.TrimLeft(arg, "-"))]
	name, value, hasValue := strings.Cut(arg[len(dashes):], "=")
	text := dashes + errtext.Of(name)
	if hasValue {
		text += "=" + errtext.Of(value)
	}
	return what + ": " + errtext.Quote(text)
}

// runOptions is urlparse with the options o and the URLs (or none, for
// standard input) in urls.
func runOptions(o options, urls []string, stdin io.Reader, stdout, stderr io.Writer) int {
	usageError := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "urlparse: "+format+"\n", a...)
		return 2
	}
	// A flag's value is quoted as an error quotes an input: escaped.
	q := errtext.QuoteOf
	modes := 0
	for _, on := range []bool{o.asJSON, o.get != "", o.diagram, o.canonical != "", o.surt} {
		if on {
			modes++
		}
	}
	if modes > 1 {
		return usageError("-json, -get, -diagram, -canonical and -surt do not go together")
	}
	c := &cli{options: o, stderr: stderr, out: bufio.NewWriter(stdout)}
	defer c.out.Flush()
	if o.get != "" {
		i := slices.IndexFunc(components, func(c component) bool { return c.name == o.get })
		if i < 0 {
			return usageError("-get %s: not one of %s", q(o.get), componentNames())
		}
		c.get = components[i].get
	}
	switch {
	case o.canonical != "":
		profile, err := canonical.Lookup(o.canonical)
		if err != nil {
			return usageError("-canonical %s: not one of %s", q(o.canonical), profileNames())
		}
		c.convert = profile.Canonical
	case o.surt:
		c.convert = func(u url.URL) (string, error) { return canonical.SURT(u), nil }
	}
	if o.encoding != "" {
		enc, err := htmlindex.Get(o.encoding)
		if err != nil {
			return usageError("-encoding %s: not an encoding label of the Encoding Standard", q(o.encoding))
		}
		c.parser.Encoding = enc
	}
	c.parser.Strict = o.strict
	if o.asJSON {
		// Validation errors are collected only when they are printed: on a
		// long line they would cost many times the line's memory.
		c.parser.OnValidationError = func(e url.ValidationError) { c.errs = append(c.errs, e.String()) }
	}
	if o.base != "" {
		if _, err := url.Parse(o.base); err != nil {
			return usageError("base: %v", err)
		}
	}
	c.enc = json.NewEncoder(&c.encoded)
	c.enc.SetEscapeHTML(false)

	if len(urls) == 0 {
		return c.readLines(stdin)
	}
	for i, a := range urls {
		if a == "-" {
			if status := c.readLines(stdin); status == 2 {
				return status
			}
			continue
		}
		c.parseOne(a, "argument "+strconv.Itoa(i+1), false)
	}
	return c.status
}

// A cli is one run of urlparse.
type cli struct {
	options
	parser  url.Parser
	get     func(url.URL) string          // nil without -get
	convert func(url.URL) (string, error) // nil without -canonical or -surt
	errs    []string                      // the validation errors of the current input, with -json
	out     *bufio.Writer
	enc     *json.Encoder // writes to encoded
	encoded bytes.Buffer  // what writeJSON writes to out
	stderr  io.Writer
	status  int
}

// flushingReader flushes w before each read of r, so that the results of the
// lines read so far are written before urlparse waits for more input.
type flushingReader struct {
	r io.Reader
	w *bufio.Writer
}

func (f flushingReader) Read(p []byte) (int, error) {
	if err := f.w.Flush(); err != nil {
		return 0, err
	}
	return f.r.Read(p)
}

// readLines parses each line of in, of any length. A line ends at "\n"
// (its "\r" before it removed), or at the end of in when it is not empty.
// It returns 2 when in cannot be read and the status so far otherwise.
func (c *cli) readLines(in io.Reader) int {
	r := bufio.NewReaderSize(flushingReader{in, c.out}, 64*1024)
	for n := 1; ; n++ {
		// ReadString reads a line of any length: the longest a URL can
		// be is 4 GiB, and a line as long as that takes as much memory
		// for the parse anyway. (A bufio.Scanner stops at its buffer's
		// size, and drops every line after.)
		line, err := r.ReadString('\n')
		if err != nil && err != io.EOF {
			c.out.Flush()
			fmt.Fprintf(c.stderr, "urlparse: reading standard input: %v\n", err)
			return 2
		}
		if line == "" && err == io.EOF {
			return c.status
		}
		line = strings.TrimSuffix(line, "\n")
		line = strings.TrimSuffix(line, "\r")
		if n == 1 {
			line = strings.TrimPrefix(line, "\uFEFF")
		}
		c.parseOne(line, "line "+strconv.Itoa(n), true)
		if err == io.EOF {
			return c.status
		}
	}
}

// result is the JSON form of one parsed URL.
type result struct {
	Input             string   `json:"input"`
	Href              string   `json:"href"`
	Origin            string   `json:"origin"`
	Protocol          string   `json:"protocol"`
	Username          string   `json:"username"`
	Password          string   `json:"password"`
	Host              string   `json:"host"`
	Hostname          string   `json:"hostname"`
	HostKind          string   `json:"hostKind"`
	Port              string   `json:"port"`
	Pathname          string   `json:"pathname"`
	Search            string   `json:"search"`
	Hash              string   `json:"hash"`
	PublicSuffix      string   `json:"publicSuffix"`
	RegistrableDomain string   `json:"registrableDomain"`
	Offsets           offsets  `json:"offsets"`
	ValidationErrors  []string `json:"validationErrors"`
}

// failure is the JSON form of an input that does not parse: the error and
// every validation error signalled up to the one that failed.
type failure struct {
	Input            string   `json:"input"`
	Error            string   `json:"error"`
	Failure          string   `json:"failure"`
	ValidationErrors []string `json:"validationErrors"`
}

// parseOne parses input and prints its result. where names the input in
// errors. A blank line of standard input (fromLines) is not parsed.
func (c *cli) parseOne(input, where string, fromLines bool) {
	if fromLines && strings.Trim(input, " \t") == "" {
		switch {
		case c.asJSON:
			c.out.WriteString("null\n")
		case !c.diagram:
			c.out.WriteString("\n")
		}
		return
	}
	c.errs = c.errs[:0]
	var u url.URL
	var err error
	if c.base != "" {
		u, err = c.parser.ParseWithBase(input, c.base)
	} else {
		u, err = c.parser.Parse(input)
	}
	if err != nil {
		switch {
		case c.asJSON:
			// The input as the error holds it: its password redacted.
			f := failure{Error: err.Error(), ValidationErrors: c.errs}
			var pe *url.ParseError
			if errors.As(err, &pe) {
				f.Input, f.Failure = pe.Input, pe.Kind.String()
			}
			if f.ValidationErrors == nil {
				f.ValidationErrors = []string{}
			}
			c.writeJSON(f)
		case !c.diagram:
			c.out.WriteString("\n")
		}
		c.out.Flush()
		fmt.Fprintf(c.stderr, "urlparse: %s: %v\n", where, err)
		c.status = 1
		return
	}
	switch {
	case c.asJSON:
		errs := c.errs
		if errs == nil {
			errs = []string{}
		}
		host := u.HostValue()
		c.writeJSON(result{
			Input: input, Href: u.Href(), Origin: u.Origin().String(), Protocol: u.Protocol(),
			Username: u.Username(), Password: u.Password(), Host: u.Host(), Hostname: u.Hostname(),
			HostKind: u.HostKind().String(), Port: u.Port(), Pathname: u.Pathname(), Search: u.Search(),
			Hash: u.Hash(), PublicSuffix: host.PublicSuffix(), RegistrableDomain: host.RegistrableDomain(),
			Offsets: offsetsOf(u), ValidationErrors: errs,
		})
	case c.diagram:
		writeDiagram(c.out, u)
	case c.get != nil:
		c.writeLine(c.get(u))
	case c.convert != nil:
		key, err := c.convert(u)
		if err != nil {
			c.out.WriteString("\n")
			c.out.Flush()
			fmt.Fprintf(c.stderr, "urlparse: %s: %v\n", where, err)
			c.status = 1
			return
		}
		c.writeLine(key)
	default:
		c.writeLine(u.Href())
	}
}

// writeLine writes s and a newline to out, with every control, invalid
// byte and code point that errtext escapes (errtext.Hidden) escaped as it
// escapes them: "\u202E". A serialization of a URL has none, so that
// writeLine writes it as it is.
func (c *cli) writeLine(s string) {
	if !needsEscape(s) {
		c.out.WriteString(s)
	} else {
		// errtext.Message escapes what Of escapes, but for backslashes,
		// which a serialization does not hold raw but in a non-special
		// URL's path. It cuts a long text, which this does not.
		for len(s) > 0 {
			n := min(len(s), errtext.Head)
			for n < len(s) && !utf8.RuneStart(s[n]) {
				n++
			}
			c.out.WriteString(errtext.Message(s[:n]))
			s = s[n:]
		}
	}
	c.out.WriteString("\n")
}

// needsEscape reports whether s has a control, an invalid byte or a code
// point that errtext.Hidden reports.
func needsEscape(s string) bool {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r < 0x20 || r == 0x7f || errtext.Hidden(r) || r == utf8.RuneError && n == 1 {
			return true
		}
		i += n
	}
	return false
}

// writeJSON writes v to out as a line of JSON, with every code point that
// errtext.Hidden reports written as a JSON escape ("\u202e", a surrogate
// pair above U+FFFF), so that no string of the line holds one raw and the
// line decodes to what v holds. (encoding/json escapes controls, U+2028
// and U+2029 itself, and writes an invalid byte as U+FFFD. Outside its
// strings, JSON text is ASCII: a code point above it is in a string.)
func (c *cli) writeJSON(v any) {
	c.encoded.Reset()
	if err := c.enc.Encode(v); err != nil {
		return // (the values are strings, which always encode)
	}
	b := c.encoded.Bytes()
	done := 0 // b[:done] is written
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if errtext.Hidden(r) {
			c.out.Write(b[done:i])
			if r > 0xFFFF {
				hi, lo := utf16.EncodeRune(r)
				writeJSONEscape(c.out, hi)
				writeJSONEscape(c.out, lo)
			} else {
				writeJSONEscape(c.out, r)
			}
			done = i + n
		}
		i += n
	}
	c.out.Write(b[done:])
}

// writeJSONEscape writes the JSON escape of the UTF-16 code unit r.
func writeJSONEscape(w *bufio.Writer, r rune) {
	const hex = "0123456789abcdef"
	w.WriteString(`\u`)
	for shift := 12; shift >= 0; shift -= 4 {
		w.WriteByte(hex[r>>shift&15])
	}
}
