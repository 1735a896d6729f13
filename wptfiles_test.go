package url

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// wptDirs returns the directories where the Web Platform Tests fixtures are
// looked for, in order: $WPT_DIR, testdata/wpt and ../shared/wpt.
func wptDirs() []string {
	var dirs []string
	if dir := os.Getenv("WPT_DIR"); dir != "" {
		dirs = append(dirs, dir)
	}
	return append(dirs, filepath.Join("testdata", "wpt"), filepath.Join("..", "shared", "wpt"))
}

// wptDir returns the first of wptDirs that exists, or "" if none does.
func wptDir() string {
	for _, dir := range wptDirs() {
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() {
			return dir
		}
	}
	return ""
}

// wptFile returns the contents of the Web Platform Tests fixture name (for
// example "urltestdata.json"), read from the first of wptDirs that has it.
// When none has it, the test is skipped with a message saying where to put
// it, unless the environment sets WPT_REQUIRED=1 (as CI does): then the test
// fails.
func wptFile(t *testing.T, name string) []byte {
	t.Helper()
	dirs := wptDirs()
	for _, dir := range dirs {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err == nil {
			return b
		}
		if !errors.Is(err, fs.ErrNotExist) {
			t.Fatalf("reading WPT fixture: %v", err)
		}
	}
	msg := fmt.Sprintf("WPT fixture %s not found in %s: copy the web-platform-tests files "+
		"(url/resources/ of github.com/web-platform-tests/wpt) into testdata/wpt or set WPT_DIR",
		name, strings.Join(dirs, ", "))
	if os.Getenv("WPT_REQUIRED") == "1" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return nil
}
