// Command parseloop parses every URL of a list with github.com/webstd/url,
// once to warm up and then -passes times, each time reading the href: the
// loop of the bench module's BenchmarkParse, in a program of its own so that
// instr.sh can count its instructions with valgrind, outside the testing
// framework.
//
//	parseloop -passes 2 FILE
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"runtime"

	"github.com/webstd/url"
)

var sinkHref string

// pass parses each URL of urls and reads its href; it returns how many
// failed to parse. instr.sh counts the instructions under main.pass.
//
//go:noinline
func pass(urls []string) (failed int) {
	for _, s := range urls {
		u, err := url.Parse(s)
		if err != nil {
			failed++
			continue
		}
		sinkHref = u.Href()
	}
	return failed
}

func main() {
	passes := flag.Int("passes", 1, "passes over the list after the warm-up")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: parseloop [-passes N] FILE")
		os.Exit(2)
	}
	f, err := os.Open(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var urls []string
	sc := bufio.NewScanner(f) // lines as bench_test.go reads them
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		urls = append(urls, sc.Text())
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	failed := pass(urls)
	// The garbage of reading the list is collected before the passes:
	// otherwise the collector's work on it, which runs on this thread
	// (instr.sh runs this with GOMAXPROCS=1), lands inside a pass, more or
	// less of it from one run to the next.
	runtime.GC()
	for range *passes {
		pass(urls)
	}
	fmt.Printf("%d URLs, %d failed\n", len(urls), failed)
}
