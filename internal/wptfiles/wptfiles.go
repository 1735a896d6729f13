// Package wptfiles finds the Web Platform Tests fixtures for the tests of
// this module's packages: one locator, whichever package's tests read them.
package wptfiles

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Dirs returns the directories where the fixtures are looked for, in order:
// $WPT_DIR, the module's testdata/wpt and ../shared/wpt beside the
// repository. root is the path from the test's package directory to the
// module's root ("." for the root package, ".." for a package one level
// down).
func Dirs(root string) []string {
	var dirs []string
	if dir := os.Getenv("WPT_DIR"); dir != "" {
		dirs = append(dirs, dir)
	}
	return append(dirs, filepath.Join(root, "testdata", "wpt"), filepath.Join(root, "..", "shared", "wpt"))
}

// Read returns the contents of the fixture name (for example
// "urltestdata.json"), read from the first of Dirs(root) that has it. When
// none has it, the test is skipped with a message saying where to put it,
// unless the environment sets WPT_REQUIRED=1 (as CI does): then the test
// fails.
func Read(t testing.TB, root, name string) []byte {
	t.Helper()
	dirs := Dirs(root)
	for _, dir := range dirs {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err == nil {
			return b
		}
		if !errors.Is(err, fs.ErrNotExist) {
			t.Fatalf("reading WPT fixture: %v", err)
		}
	}
	msg := fmt.Sprintf("WPT fixture %s not found in %s: restore testdata/wpt (git checkout testdata/wpt) "+
		"or set WPT_DIR", name, strings.Join(dirs, ", "))
	if os.Getenv("WPT_REQUIRED") == "1" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return nil
}
