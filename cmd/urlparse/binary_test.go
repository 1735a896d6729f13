package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/webstd/url"
	"github.com/webstd/url/canonical"
	"github.com/webstd/url/internal/wptfiles"
)

// The tests in this file run the urlparse binary, built by go build, as a
// shell would: with arguments, standard input and output through pipes, and
// the exit status.

// buildBinary builds urlparse into a temporary directory of t.
func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "urlparse")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// execResult is what one run of the binary printed, and its exit status.
type execResult struct {
	stdout, stderr string
	status         int
}

// runBinary runs bin with args and stdin, and waits for it to exit.
func runBinary(t *testing.T, bin, stdin string, args ...string) execResult {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	status := 0
	if exit, ok := err.(*exec.ExitError); ok {
		status = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return execResult{stdout.String(), stderr.String(), status}
}

func TestBinary(t *testing.T) {
	bin := buildBinary(t)
	t.Run("Streams", func(t *testing.T) { testStreams(t, bin) })
	t.Run("OneLineEach", func(t *testing.T) { testOneLineEach(t, bin) })
	t.Run("Dash", func(t *testing.T) { testDash(t, bin) })
	t.Run("Help", func(t *testing.T) { testHelp(t, bin) })
	t.Run("Get", func(t *testing.T) { testGet(t, bin) })
	t.Run("Strict", func(t *testing.T) { testStrict(t, bin) })
	t.Run("Encoding", func(t *testing.T) { testEncoding(t, bin) })
	t.Run("JSONOverWPT", func(t *testing.T) { testJSONOverWPT(t, bin) })
	t.Run("Diagram", func(t *testing.T) { testDiagram(t, bin) })
	t.Run("Canonical", func(t *testing.T) { testCanonical(t, bin) })
}

// testCanonical checks -canonical PROFILE and -surt against the canonical
// package, one line for each input line, a failure an empty line.
func testCanonical(t *testing.T, bin string) {
	input := "http://www.Example.com/a?b=2&a=1\nhttps://example.com/?utm_source=x&q=1#f\nhttps://[::1\n\nHTTP://EXAMPLE.com:80/%7euser/\n"
	for _, p := range canonical.Profiles() {
		r := runBinary(t, bin, input, "-canonical", p.Name())
		var want []string
		for _, line := range strings.Split(strings.TrimSuffix(input, "\n"), "\n") {
			u, err := url.Parse(line)
			key, kerr := p.Canonical(u)
			if err != nil || kerr != nil {
				key = ""
			}
			want = append(want, key)
		}
		if r.stdout != strings.Join(want, "\n")+"\n" || r.status != 1 || !strings.Contains(r.stderr, "line 3: ") {
			t.Errorf("-canonical %s: %+v, want %q", p.Name(), r, want)
		}
	}
	r := runBinary(t, bin, "http://www.Example.com/a?b=2&a=1\n", "-surt")
	if r.stdout != "com,example)/a?a=1&b=2\n" || r.status != 0 {
		t.Errorf("-surt: %+v", r)
	}
	if r := runBinary(t, bin, "", "-canonical", "nope", "x"); r.status != 2 || !strings.Contains(r.stderr, "dedup") {
		t.Errorf("-canonical nope: %+v", r)
	}
	if r := runBinary(t, bin, "", "-surt", "-json", "x"); r.status != 2 {
		t.Errorf("-surt -json: %+v", r)
	}
}

// testStreams writes one line at a time to urlparse and reads the line of
// its result before it writes the next: each result is written when its line
// is read, not when the input ends.
func testStreams(t *testing.T, bin string) {
	for _, tc := range []struct {
		flags []string
		want  func(u url.URL) string
	}{
		{nil, url.URL.Href},
		{[]string{"-get", "hostname"}, url.URL.Hostname},
		{[]string{"-json"}, func(u url.URL) string { return `"href":"` + u.Href() + `"` }},
	} {
		cmd := exec.Command(bin, tc.flags...)
		stdin, err := cmd.StdinPipe()
		if err != nil {
			t.Fatal(err)
		}
		stdout, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := make(chan string)
		go func() {
			r := bufio.NewReader(stdout)
			for {
				line, err := r.ReadString('\n')
				if err != nil {
					close(lines)
					return
				}
				lines <- line
			}
		}()
		for _, input := range []string{"HTTPS://A.example/x/../y", "https://b.example:443/", "https://[::1]/"} {
			if _, err := io.WriteString(stdin, input+"\n"); err != nil {
				t.Fatal(err)
			}
			u := url.MustParse(input)
			select {
			case line, ok := <-lines:
				if !ok {
					t.Fatalf("%q: urlparse %q closed its output", tc.flags, input)
				}
				if !strings.Contains(line, tc.want(u)) {
					t.Errorf("%q: urlparse %q printed %q, want %q", tc.flags, input, line, tc.want(u))
				}
			case <-time.After(20 * time.Second):
				cmd.Process.Kill()
				cmd.Wait()
				t.Fatalf("%q: no output for %q 20 s after its line was written", tc.flags, input)
			}
		}
		stdin.Close()
		if _, ok := <-lines; ok {
			t.Errorf("%q: more output than lines", tc.flags)
		}
		if err := cmd.Wait(); err != nil {
			t.Errorf("%q: %v", tc.flags, err)
		}
	}
}

// testOneLineEach checks that urlparse prints one line for each line of its
// input, so that paste and diff line its output up with its input: a line
// that fails gets an empty line (and its line number on standard error), a
// blank line a blank line (null with -json), and the byte order mark of the
// first line and the CR of a CR LF go.
func testOneLineEach(t *testing.T, bin string) {
	lines := []string{
		"\uFEFFHTTP://Example.com/a/../b",
		"",
		"https://[::1",
		"  \t ",
		"https://user:secret@h:99999/",
		"sc://x y/?q#f",
		"https://example.org/crlf\r",
		"not a url",
		"",
		"https://xn--nxasmq6b.example/%7e",
	}
	input := strings.Join(lines, "\n") + "\n"
	// What each line is, read without urlparse.
	type line struct {
		blank bool
		u     url.URL
		err   error
	}
	var want []line
	var failing []int
	for i, l := range lines {
		l = strings.TrimSuffix(strings.TrimPrefix(l, "\uFEFF"), "\r")
		if strings.Trim(l, " \t") == "" {
			want = append(want, line{blank: true})
			continue
		}
		u, err := url.Parse(l)
		want = append(want, line{u: u, err: err})
		if err != nil {
			failing = append(failing, i+1)
		}
	}
	if len(failing) != 4 || len(want) != len(lines) {
		t.Fatalf("the test's input has failing lines %v", failing)
	}
	for _, mode := range []struct {
		flags []string
		of    func(l line) string
	}{
		{nil, func(l line) string { return l.u.Href() }},
		{[]string{"-get", "pathname"}, func(l line) string { return l.u.Pathname() }},
		{[]string{"-get", "host-kind"}, func(l line) string { return l.u.HostKind().String() }},
		{[]string{"-json"}, nil},
	} {
		r := runBinary(t, bin, input, mode.flags...)
		if r.status != 1 {
			t.Errorf("%q: status %d, want 1", mode.flags, r.status)
		}
		got := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
		if len(got) != len(lines) {
			t.Errorf("%q: %d lines of output for %d lines of input: %q", mode.flags, len(got), len(lines), r.stdout)
			continue
		}
		for i, l := range want {
			var w string
			switch {
			case mode.of == nil && l.blank:
				w = "null"
			case mode.of == nil:
				var obj map[string]any
				if err := json.Unmarshal([]byte(got[i]), &obj); err != nil {
					t.Errorf("-json line %d: %v: %q", i+1, err, got[i])
					continue
				}
				if l.err != nil && obj["error"] != l.err.Error() || l.err == nil && obj["href"] != l.u.Href() {
					t.Errorf("-json line %d: %q for %q", i+1, got[i], lines[i])
				}
				continue
			case l.blank || l.err != nil:
				w = ""
			default:
				w = mode.of(l)
			}
			if got[i] != w {
				t.Errorf("%q: line %d (%q) gives %q, want %q", mode.flags, i+1, lines[i], got[i], w)
			}
		}
		// Standard error names each failing line by its number, and holds
		// no password.
		var numbers []int
		for _, m := range regexp.MustCompile(`(?m)^urlparse: line (\d+): `).FindAllStringSubmatch(r.stderr, -1) {
			n, _ := strconv.Atoi(m[1])
			numbers = append(numbers, n)
		}
		if !slices.Equal(numbers, failing) || strings.Contains(r.stdout+r.stderr, "secret") {
			t.Errorf("%q: standard error %q, want lines %v", mode.flags, r.stderr, failing)
		}
	}
}

// testDash checks that "-" stands for standard input among the arguments,
// which are numbered in errors.
func testDash(t *testing.T, bin string) {
	r := runBinary(t, bin, "https://b/\nhttps://[\nhttps://c/\n", "https://a/", "-", "https:// /", "https://d/")
	if r.stdout != "https://a/\nhttps://b/\n\nhttps://c/\n\nhttps://d/\n" || r.status != 1 {
		t.Errorf("stdout %q, status %d", r.stdout, r.status)
	}
	if !strings.Contains(r.stderr, "urlparse: line 2: ") || !strings.Contains(r.stderr, "urlparse: argument 3: ") {
		t.Errorf("stderr %q", r.stderr)
	}
	// Without arguments urlparse reads standard input; an argument that
	// starts with "-" comes after "--".
	if r := runBinary(t, bin, "https://e/\n"); r.stdout != "https://e/\n" || r.status != 0 {
		t.Errorf("no arguments: %+v", r)
	}
	if r := runBinary(t, bin, "", "-base", "https://e/f/", "--", "-g"); r.stdout != "https://e/f/-g\n" || r.status != 0 {
		t.Errorf("after --: %+v", r)
	}
}

// testHelp checks that -h and -help print the usage on standard output and
// exit with 0, and that a usage error prints it on standard error and exits
// with 2.
func testHelp(t *testing.T, bin string) {
	for _, flag := range []string{"-h", "-help", "--help"} {
		r := runBinary(t, bin, "", flag)
		if r.status != 0 || !strings.HasPrefix(r.stdout, "usage: urlparse") || !strings.Contains(r.stdout, "-get COMPONENT") || r.stderr != "" {
			t.Errorf("%s: %+v", flag, r)
		}
	}
	for _, args := range [][]string{{"-nope"}, {"-get", "nope", "https://a/"}, {"-json", "-diagram", "https://a/"}, {"-encoding", "nope", "https://a/"}, {"-base", "nope", "x"}} {
		r := runBinary(t, bin, "", args...)
		if r.status != 2 || r.stdout != "" || !strings.Contains(r.stderr, "urlparse") {
			t.Errorf("%q: %+v", args, r)
		}
	}
}

// testGet checks each component that -get takes.
func testGet(t *testing.T, bin string) {
	const full = "HTTPS://user:pw@www.Example.CO.uk:8080/a/./b?q=1#f"
	const bare = "sc:opaque"
	want := map[string][2]string{
		"href":               {"https://user:pw@www.example.co.uk:8080/a/b?q=1#f", "sc:opaque"},
		"protocol":           {"https:", "sc:"},
		"scheme":             {"https", "sc"},
		"username":           {"user", ""},
		"password":           {"pw", ""},
		"host":               {"www.example.co.uk:8080", ""},
		"hostname":           {"www.example.co.uk", ""},
		"port":               {"8080", ""},
		"pathname":           {"/a/b", "opaque"},
		"search":             {"?q=1", ""},
		"query":              {"q=1", ""},
		"hash":               {"#f", ""},
		"fragment":           {"f", ""},
		"origin":             {"https://www.example.co.uk:8080", "null"},
		"host-kind":          {"domain", "null"},
		"public-suffix":      {"co.uk", ""},
		"registrable-domain": {"example.co.uk", ""},
	}
	for _, c := range components {
		w, ok := want[c.name]
		if !ok {
			t.Errorf("-get %s: not tested", c.name)
			continue
		}
		r := runBinary(t, bin, "", "-get", c.name, full, bare)
		if r.stdout != w[0]+"\n"+w[1]+"\n" || r.status != 0 {
			t.Errorf("-get %s: %+v, want %q", c.name, r, w)
		}
		delete(want, c.name)
	}
	for name := range want {
		t.Errorf("-get %s: not a component", name)
	}
}

// testStrict checks that -strict fails at the first validation error.
func testStrict(t *testing.T, bin string) {
	const input = "https://example.org/a b"
	if r := runBinary(t, bin, "", input); r.status != 0 || r.stdout != "https://example.org/a%20b\n" {
		t.Errorf("without -strict: %+v", r)
	}
	r := runBinary(t, bin, "", "-strict", input, "https://example.org/a%20b")
	if r.status != 1 || r.stdout != "\nhttps://example.org/a%20b\n" || !strings.Contains(r.stderr, "argument 1: ") || !strings.Contains(r.stderr, "invalid-URL-unit") {
		t.Errorf("-strict: %+v", r)
	}
}

// testEncoding checks that -encoding sets the encoding of the queries of
// special URLs.
func testEncoding(t *testing.T, bin string) {
	for _, tc := range []struct{ label, want string }{
		{"windows-1252", "https://h/?%E9%26%2312354%3B\nsc://h/?%C3%A9%E3%81%82\n"},
		{"latin1", "https://h/?%E9%26%2312354%3B\nsc://h/?%C3%A9%E3%81%82\n"},
		{"shift_jis", "https://h/?%26%23233%3B%82%A0\nsc://h/?%C3%A9%E3%81%82\n"},
		{"utf-16le", "https://h/?%C3%A9%E3%81%82\nsc://h/?%C3%A9%E3%81%82\n"},
	} {
		r := runBinary(t, bin, "", "-encoding", tc.label, "https://h/?éあ", "sc://h/?éあ")
		if r.stdout != tc.want || r.status != 0 {
			t.Errorf("-encoding %s: %+v, want %q", tc.label, r, tc.want)
		}
	}
}

// testJSONOverWPT runs every case of the WPT's urltestdata.json through
// urlparse -json, as arguments, with the case's base as -base, and checks
// each component against the case, and each component's offsets against the
// href: href[start:end] is the component.
func testJSONOverWPT(t *testing.T, bin string) {
	data := wptfiles.Read(t, "../..", "urltestdata.json")
	var entries []json.RawMessage
	if err := json.Unmarshal(data, &entries); err != nil {
		t.Fatal(err)
	}
	type wptCase struct {
		Input   string  `json:"input"`
		Base    *string `json:"base"`
		Href    string  `json:"href"`
		Failure bool    `json:"failure"`
	}
	byBase := map[string][]map[string]any{}
	var bases []string
	for _, e := range entries {
		var c wptCase
		var fields map[string]any
		if json.Unmarshal(e, &c) != nil || json.Unmarshal(e, &fields) != nil || strings.ContainsRune(c.Input, 0) {
			continue // a comment, or an input that cannot be an argument
		}
		base := ""
		if c.Base != nil {
			base = *c.Base
		}
		if _, ok := byBase[base]; !ok {
			bases = append(bases, base)
		}
		byBase[base] = append(byBase[base], fields)
	}
	names := []string{"href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"}
	parsed, failed := 0, 0
	for _, base := range bases {
		cases := byBase[base]
		args := []string{"-json"}
		if base != "" {
			args = append(args, "-base", base)
		}
		args = append(args, "--")
		for _, c := range cases {
			args = append(args, c["input"].(string))
		}
		r := runBinary(t, bin, "", args...)
		if r.status == 2 {
			t.Errorf("base %q: %+v", base, r)
			continue
		}
		out := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
		if len(out) != len(cases) {
			t.Errorf("base %q: %d lines for %d inputs", base, len(out), len(cases))
			continue
		}
		for i, c := range cases {
			var got struct {
				Href    string          `json:"href"`
				Error   string          `json:"error"`
				Offsets map[string]span `json:"offsets"`
			}
			var fields map[string]any
			if err := json.Unmarshal([]byte(out[i]), &got); err != nil || json.Unmarshal([]byte(out[i]), &fields) != nil {
				t.Errorf("%q: %v: %q", c["input"], err, out[i])
				continue
			}
			if c["failure"] == true {
				failed++
				if got.Error == "" {
					t.Errorf("%q against %q: %q, want a failure", c["input"], base, out[i])
				}
				continue
			}
			parsed++
			for _, name := range names {
				if want, ok := c[name]; ok && fields[name] != want {
					t.Errorf("%q against %q: %s %q, want %q", c["input"], base, name, fields[name], want)
				}
				s, ok := got.Offsets[name]
				if !ok || s.Start < 0 || s.Start > s.End || s.End > len(got.Href) || got.Href[s.Start:s.End] != fields[name] {
					t.Errorf("%q against %q: %s %q at %+v in %q", c["input"], base, name, fields[name], s, got.Href)
				}
			}
		}
	}
	if parsed < 500 || failed < 200 {
		t.Errorf("%d cases parsed and %d failed", parsed, failed)
	}
}

// testDiagram checks that -diagram draws under the href a line for each
// non-empty component, whose marks cover the component.
func testDiagram(t *testing.T, bin string) {
	inputs := []string{
		"https://user:pass@example.com:8080/a/b?q#f",
		"HTTP://EXAMPLE.com/a/../b",
		"sc://:pw@h/?#",
		"web+demo:/.//not-a-host/",
		"file:///C:/x",
		"https://[::1",
		"data:text/plain,a b",
	}
	r := runBinary(t, bin, strings.Join(inputs, "\n")+"\n", "-diagram")
	if r.status != 1 || !strings.Contains(r.stderr, "line 6: ") {
		t.Errorf("status %d, stderr %q", r.status, r.stderr)
	}
	blocks := strings.Split(strings.TrimSuffix(r.stdout, "\n\n"), "\n\n")
	want := slices.Delete(slices.Clone(inputs), 5, 6) // the one that fails
	if len(blocks) != len(want) {
		t.Fatalf("%d diagrams for %d URLs that parse:\n%s", len(blocks), len(want), r.stdout)
	}
	getters := map[string]func(url.URL) string{
		"protocol": url.URL.Protocol, "username": url.URL.Username, "password": url.URL.Password,
		"host": url.URL.Host, "hostname": url.URL.Hostname, "port": url.URL.Port,
		"pathname": url.URL.Pathname, "search": url.URL.Search, "hash": url.URL.Hash,
	}
	mark := regexp.MustCompile(`^( *)(\^+) *  ([a-z]+) +\[(\d+),(\d+)\)$`)
	for i, block := range blocks {
		u := url.MustParse(want[i])
		lines := strings.Split(block, "\n")
		if lines[0] != u.Href() {
			t.Errorf("diagram %d starts with %q, want %q", i, lines[0], u.Href())
			continue
		}
		var drawn []string
		for _, l := range lines[1:] {
			m := mark.FindStringSubmatch(l)
			if m == nil {
				t.Errorf("%q: line %q", u.Href(), l)
				continue
			}
			start, end := len(m[1]), len(m[1])+len(m[2])
			get, ok := getters[m[3]]
			if !ok || m[4] != strconv.Itoa(start) || m[5] != strconv.Itoa(end) || u.Href()[start:end] != get(u) {
				t.Errorf("%q: line %q marks %q", u.Href(), l, u.Href()[start:end])
			}
			drawn = append(drawn, m[3])
		}
		for name, get := range getters {
			if (get(u) != "") != slices.Contains(drawn, name) {
				t.Errorf("%q: %s is %q; drawn: %v", u.Href(), name, get(u), drawn)
			}
		}
	}
	if t.Failed() {
		fmt.Println(r.stdout)
	}
}
