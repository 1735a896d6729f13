package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/webstd/url/internal/errcheck"
)

// TestFlagErrorsRedacted checks that urlparse's stderr for a command line
// the flag package refuses, which the flag package's own message quotes
// raw, holds no password of a URL given as a flag's value
// ("-json=https://u:S3CR3T@h/") or as a flag's name
// ("-https://u:S3CR3T@h/"), and no right-to-left override in a flag's
// name: it is redacted and escaped as every other error urlparse prints.
func TestFlagErrorsRedacted(t *testing.T) {
	for _, args := range [][]string{
		{"-json=https://u:S3CR3T@h/"},
		{"-https://u:S3CR3T@h/"},
		{"-x\u202eevil", "http://a/"},
	} {
		var out, errOut bytes.Buffer
		if status := run(args, strings.NewReader(""), &out, &errOut); status != 2 {
			t.Fatalf("%q: status %d, want 2", args, status)
		}
		first, _, _ := strings.Cut(errOut.String(), "\n")
		if strings.Contains(first, "S3CR3T") {
			t.Errorf("%q: stderr holds the password: %q", args, first)
		}
		if what := errcheck.Unescaped(first); what != "" {
			t.Errorf("%q: stderr shows %s as it is: %q", args, what, first)
		}
	}
}

// TestFlagErrorNamesTheArgument checks that the message names the argument
// the flag package stopped at, and what was wrong with it.
func TestFlagErrorNamesTheArgument(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-strict", "-nope", "http://a/"}, `urlparse: no such flag: "-nope"`},
		{[]string{"-json=maybe"}, `urlparse: invalid value: "-json=maybe"`},
		{[]string{"-strict", "-base"}, `urlparse: the flag needs a value: "-base"`},
		{[]string{"---x"}, `urlparse: bad flag syntax: "---x"`},
	} {
		var out, errOut bytes.Buffer
		if status := run(c.args, strings.NewReader(""), &out, &errOut); status != 2 {
			t.Fatalf("%q: status %d, want 2", c.args, status)
		}
		if first, _, _ := strings.Cut(errOut.String(), "\n"); first != c.want {
			t.Errorf("%q: %q, want %q", c.args, first, c.want)
		}
	}
}
