package url

import (
	"bufio"
	"os"
	"path/filepath"
	"testing"
)

// corpusDir is where the real-world URL lists for benchmarks are: $URL_CORPUS_DIR,
// else ../shared/corpus.
func corpusDir() string {
	if d := os.Getenv("URL_CORPUS_DIR"); d != "" {
		return d
	}
	return filepath.Join("..", "shared", "corpus")
}

func loadCorpus(b *testing.B, name string) []string {
	f, err := os.Open(filepath.Join(corpusDir(), name))
	if err != nil {
		b.Skipf("corpus %s not found (set URL_CORPUS_DIR): %v", name, err)
	}
	defer f.Close()
	var urls []string
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		urls = append(urls, sc.Text())
	}
	return urls
}

var sinkURL URL
var sinkString string

// BenchmarkCorpus parses every URL of each corpus and reads its href, the
// loop that bench/ runs for every library. Allocations are per URL.
func BenchmarkCorpus(b *testing.B) { benchmarkCorpus(b, Parse) }

// BenchmarkCorpusWithValidationErrors is BenchmarkCorpus with a Parser that
// asks for the validation errors (and discards them): the cost of finding
// them, against BenchmarkCorpus, which does not ask.
func BenchmarkCorpusWithValidationErrors(b *testing.B) {
	p := Parser{OnValidationError: func(ValidationError) {}}
	benchmarkCorpus(b, p.Parse)
}

func benchmarkCorpus(b *testing.B, parse func(string) (URL, error)) {
	files, _ := filepath.Glob(filepath.Join(corpusDir(), "*.txt"))
	if len(files) == 0 {
		b.Skip("no corpus in " + corpusDir())
	}
	for _, file := range files {
		urls := loadCorpus(b, filepath.Base(file))
		var bytes int64
		for _, u := range urls {
			bytes += int64(len(u))
		}
		b.Run(filepath.Base(file), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(bytes / int64(len(urls)))
			i := 0
			for b.Loop() {
				u, err := parse(urls[i])
				if err == nil {
					sinkString = u.Href()
				}
				i++
				if i == len(urls) {
					i = 0
				}
			}
		})
	}
}
