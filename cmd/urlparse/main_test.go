package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestRun(t *testing.T) {
	var out, errOut bytes.Buffer
	if status := run([]string{"HTTP://EXAMPLE.com/a/../b"}, nil, &out, &errOut, "", false); status != 0 {
		t.Fatalf("status %d, stderr %q", status, errOut.String())
	}
	if got := out.String(); got != "http://example.com/b\n" {
		t.Errorf("output %q", got)
	}

	out.Reset()
	errOut.Reset()
	in := strings.NewReader("../c?d\nhttps://[::1\n#f\n")
	if status := run(nil, in, &out, &errOut, "https://example.com/a/b", false); status != 1 {
		t.Errorf("status %d, want 1 for a line that fails", status)
	}
	if got := out.String(); got != "https://example.com/c?d\nhttps://example.com/a/b#f\n" {
		t.Errorf("output %q", got)
	}
	if got := errOut.String(); !strings.Contains(got, "IPv6-unclosed") {
		t.Errorf("stderr %q does not name the error", got)
	}

	out.Reset()
	if status := run([]string{"https://user:pw@127.0.0x0.1/a\\b"}, nil, &out, &errOut, "", true); status != 0 {
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
	if status := run([]string{"https://user@:80/"}, nil, &out, &errOut, "", true); status != 1 {
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
	if status := run([]string{"x"}, nil, &out, &errOut, "not a url", false); status != 2 {
		t.Errorf("a bad base: status %d, want 2", status)
	}
}
