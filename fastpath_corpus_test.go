package url

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFastPathCorpus runs the fast path for serialized input (fastpath.go)
// over every real-world corpus and holds each URL it takes to the state
// machine: the same URL, with the input as its href. It logs how many URLs
// of each corpus the fast path declines, and when DECLINED_OUT names a
// directory it writes them there, one a line, as <corpus>-declined.txt:
// bench/run.sh times ours against ada on these subsets, the URLs that take
// the state machine.
func TestFastPathCorpus(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(corpusDir(), "*.txt"))
	if len(files) == 0 {
		t.Skipf("no corpus in %s (set URL_CORPUS_DIR)", corpusDir())
	}
	out := os.Getenv("DECLINED_OUT")
	if out != "" {
		if err := os.MkdirAll(out, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".txt")
		t.Run(name, func(t *testing.T) {
			urls := readCorpusLines(t, name+".txt")
			var declined strings.Builder
			n := 0
			for _, s := range urls {
				fast, ok := parseSerialized(s)
				if !ok {
					n++
					declined.WriteString(s)
					declined.WriteByte('\n')
					continue
				}
				slow, fail := runParser(s, nil, nil, nil)
				if fail != 0 || fast != slow || fast.Href() != s {
					t.Errorf("%q: fast path gives %+v, the state machine %+v (failure %v)", s, fast, slow, fail)
				}
			}
			t.Logf("%s: the fast path declines %d of %d URLs (%.2f%%)", name, n, len(urls), 100*float64(n)/float64(len(urls)))
			if out != "" {
				path := filepath.Join(out, name+"-declined.txt")
				if err := os.WriteFile(path, []byte(declined.String()), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}
