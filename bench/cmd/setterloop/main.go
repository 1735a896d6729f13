// Command setterloop runs one setter of github.com/webstd/url, with the value
// BenchmarkSetters uses, on a copy of every URL of a list that parses, once
// to warm up and then -passes times, each time reading the href: the "ours"
// loop of the bench module's BenchmarkSetters, in a program of its own so
// that its instructions can be counted with valgrind's callgrind, outside
// the testing framework (as instr.sh does for cmd/parseloop):
//
//	GOGC=off GODEBUG=asyncpreemptoff=1 valgrind --tool=callgrind \
//		setterloop -setter search -passes 2 FILE
//
// The instructions of one pass are those under main.pass with -passes 2
// less those with -passes 1.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"

	"github.com/webstd/url"
)

var sinkHref string

// setters are the setters and values of BenchmarkSetters
// (bench/setters_test.go).
var setters = map[string]struct {
	value string
	set   func(*url.URL, string) error
}{
	"protocol": {"http:", (*url.URL).SetProtocol},
	"username": {"alice", (*url.URL).SetUsername},
	"password": {"s3cret", (*url.URL).SetPassword},
	"host":     {"other.example:8443", (*url.URL).SetHost},
	"hostname": {"other.example", (*url.URL).SetHostname},
	"port":     {"8443", (*url.URL).SetPort},
	"pathname": {"/new/../path", (*url.URL).SetPathname},
	"search":   {"?a=1&b=2 3", (*url.URL).SetSearch},
	"hash":     {"#new fragment", (*url.URL).SetHash},
}

// pass runs set with value on a copy of each URL and reads the href.
//
//go:noinline
func pass(urls []url.URL, set func(*url.URL, string) error, value string) {
	var v url.URL
	for _, u := range urls {
		v = u
		set(&v, value)
		sinkHref = v.Href()
	}
}

func main() {
	passes := flag.Int("passes", 1, "passes over the list after the warm-up")
	name := flag.String("setter", "search", "the setter: protocol, username, password, host, hostname, port, pathname, search or hash")
	flag.Parse()
	st, ok := setters[*name]
	if flag.NArg() != 1 || !ok {
		fmt.Fprintln(os.Stderr, "usage: setterloop [-setter NAME] [-passes N] FILE")
		os.Exit(2)
	}
	f, err := os.Open(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var urls []url.URL
	sc := bufio.NewScanner(f) // lines as bench_test.go reads them
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		if u, err := url.Parse(sc.Text()); err == nil {
			urls = append(urls, u)
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	pass(urls, st.set, st.value)
	for range *passes {
		pass(urls, st.set, st.value)
	}
	fmt.Printf("%d URLs\n", len(urls))
}
