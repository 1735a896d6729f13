package main

import (
	"bytes"
	"encoding/json"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/webstd/url"
)

// runWith runs urlparse in this process with the URL arguments args and
// the flags -base and -json.
func runWith(args []string, stdin io.Reader, stdout, stderr io.Writer, base string, asJSON bool, flags ...string) int {
	if base != "" {
		flags = append(flags, "-base", base)
	}
	if asJSON {
		flags = append(flags, "-json")
	}
	if len(args) > 0 {
		flags = append(append(flags, "--"), args...)
	}
	return run(flags, stdin, stdout, stderr)
}

func TestRun(t *testing.T) {
	var out, errOut bytes.Buffer
	if status := runWith([]string{"HTTP://EXAMPLE.com/a/../b"}, nil, &out, &errOut, "", false); status != 0 {
		t.Fatalf("status %d, stderr %q", status, errOut.String())
	}
	if got := out.String(); got != "http://example.com/b\n" {
		t.Errorf("output %q", got)
	}

	out.Reset()
	errOut.Reset()
	in := strings.NewReader("../c?d\nhttps://[::1\n#f\n")
	if status := runWith(nil, in, &out, &errOut, "https://example.com/a/b", false); status != 1 {
		t.Errorf("status %d, want 1 for a line that fails", status)
	}
	// The line that fails gets an empty line.
	if got := out.String(); got != "https://example.com/c?d\n\nhttps://example.com/a/b#f\n" {
		t.Errorf("output %q", got)
	}
	if got := errOut.String(); !strings.Contains(got, "IPv6-unclosed") {
		t.Errorf("stderr %q does not name the error", got)
	}

	out.Reset()
	if status := runWith([]string{"https://user:pw@127.0.0x0.1/a\\b"}, nil, &out, &errOut, "", true); status != 0 {
		t.Fatalf("status %d", status)
	}
	var r result
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Fatal(err)
	}
	if r.Href != "https://user:pw@127.0.0.1/a/b" || r.Hostname != "127.0.0.1" || r.HostKind != "IPv4" || r.Origin != "https://127.0.0.1" {
		t.Errorf("json %+v", r)
	}
	want := map[string]bool{"invalid-credentials": true, "IPv4-non-decimal-part": true, "invalid-reverse-solidus": true}
	for _, e := range r.ValidationErrors {
		delete(want, e)
	}
	if len(want) > 0 {
		t.Errorf("validation errors %q lack %v", r.ValidationErrors, want)
	}

	out.Reset()
	if status := runWith([]string{"https://user@:80/"}, nil, &out, &errOut, "", true); status != 1 {
		t.Errorf("status %d, want 1", status)
	}
	var f failure
	if err := json.Unmarshal(out.Bytes(), &f); err != nil {
		t.Fatal(err)
	}
	if f.Failure != "host-missing" || strings.Join(f.ValidationErrors, " ") != "invalid-credentials host-missing" {
		t.Errorf("json %+v", f)
	}

	errOut.Reset()
	if status := runWith([]string{"x"}, nil, &out, &errOut, "not a url", false); status != 2 {
		t.Errorf("a bad base: status %d, want 2", status)
	}
}

// TestRunRedacts checks that nothing urlparse prints for an input that fails,
// in any mode, from standard input or an argument, on standard output or
// standard error, holds the
// password that the same input yields when its failing part is replaced by
// a host that parses.
func TestRunRedacts(t *testing.T) {
	prefixes := []string{"https://", "https:\\\\", "https:", "https:///", "https:/\t/", "//", "\\\\", "sc://"}
	suffixes := []string{"[::1/", "h:99999/", "exa mple.com/", "", "h:1x"}
	passwords := []string{"secret", "se\tcret", "sec ret", "sécret", "s%65cret"}
	n := 0
	for _, base := range []string{"", "https://example.com/a/", "sc://example/a/"} {
		for _, prefix := range prefixes {
			for _, suffix := range suffixes {
				for _, password := range passwords {
					input := prefix + "user:" + password + "@" + suffix
					good, err := url.ParseWithBase(prefix+"user:"+password+"@h/", base)
					if base == "" {
						good, err = url.Parse(prefix + "user:" + password + "@h/")
					}
					if err != nil || good.Password() == "" {
						continue
					}
					for _, mode := range [][]string{nil, {"-json"}, {"-get", "password"}, {"-get", "href"}, {"-diagram"}} {
						for _, fromStdin := range []bool{false, true} {
							var out, errOut bytes.Buffer
							args, stdin := []string{input}, io.Reader(nil)
							if fromStdin {
								args, stdin = nil, strings.NewReader(input+"\n")
							}
							if runWith(args, stdin, &out, &errOut, base, false, mode...) != 1 {
								continue
							}
							n++
							printed := out.String() + errOut.String()
							for _, secret := range []string{good.Password(), strings.ReplaceAll(password, "\t", ""), password} {
								if strings.Contains(strings.ReplaceAll(printed, "\t", ""), secret) || strings.Contains(printed, strings.ReplaceAll(secret, "\t", `\t`)) {
									t.Errorf("%q against %q (%q, stdin %v): urlparse prints %q, which holds %q", input, base, mode, fromStdin, printed, secret)
								}
							}
						}
					}
				}
			}
		}
	}
	if n < 1000 {
		t.Errorf("only %d failing inputs with a password", n)
	}
}

// TestRunMemory checks that urlparse does not spend many times a long
// line's size on it: validation errors are collected only for -json.
func TestRunMemory(t *testing.T) {
	if raceEnabled {
		t.Skip("memory counts are not meaningful under the race detector")
	}
	line := "https://example.com/" + strings.Repeat("a b\\", 4<<20/4)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	var out, errOut bytes.Buffer
	if status := runWith(nil, strings.NewReader(line+"\n"), &out, &errOut, "", false); status != 0 {
		t.Fatalf("status %d: %s", status, errOut.String())
	}
	runtime.ReadMemStats(&after)
	if allocated := after.TotalAlloc - before.TotalAlloc; allocated > 12*uint64(len(line)) {
		t.Errorf("a line of %d bytes allocated %d bytes (%.1f times)", len(line), allocated, float64(allocated)/float64(len(line)))
	}
}
