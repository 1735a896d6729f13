// Command urlparse parses URLs as the WHATWG URL Standard says and prints
// them serialized.
//
// Usage:
//
//	urlparse [-base URL] [-json] [URL ...]
//
// With no URL arguments it reads URLs from standard input, one per line. For
// each URL it prints the href, or with -json an object with every component,
// the origin and the validation errors. When a URL does not parse it prints
// the error to standard error (and with -json an object with the error and
// the validation errors up to it), goes on with the next, and exits with
// status 1 at the end.
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/webstd/url"
)

func main() {
	base := flag.String("base", "", "resolve each URL against this base URL")
	asJSON := flag.Bool("json", false, "print every component, the origin and the validation errors as JSON")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: urlparse [-base URL] [-json] [URL ...]\n\nWith no URL arguments, urlparse reads URLs from standard input, one per line.\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	os.Exit(run(flag.Args(), os.Stdin, os.Stdout, os.Stderr, *base, *asJSON))
}

// result is the JSON form of one parsed URL.
type result struct {
	Input            string   `json:"input"`
	Href             string   `json:"href"`
	Origin           string   `json:"origin"`
	Protocol         string   `json:"protocol"`
	Username         string   `json:"username"`
	Password         string   `json:"password"`
	Host             string   `json:"host"`
	Hostname         string   `json:"hostname"`
	HostKind         string   `json:"hostKind"`
	Port             string   `json:"port"`
	Pathname         string   `json:"pathname"`
	Search           string   `json:"search"`
	Hash             string   `json:"hash"`
	ValidationErrors []string `json:"validationErrors"`
}

// failure is the JSON form of an input that does not parse: the error and
// every validation error signalled up to the one that failed.
type failure struct {
	Input            string   `json:"input"`
	Error            string   `json:"error"`
	Failure          string   `json:"failure"`
	ValidationErrors []string `json:"validationErrors"`
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer, base string, asJSON bool) int {
	var baseURL url.URL
	if base != "" {
		var err error
		if baseURL, err = url.Parse(base); err != nil {
			fmt.Fprintf(stderr, "urlparse: base: %v\n", err)
			return 2
		}
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	enc.SetEscapeHTML(false)
	status := 0
	parseOne := func(input string) {
		// Validation errors are collected only when they are printed: on a
		// long line they would cost many times the line's memory.
		var errs []string
		var p url.Parser
		if asJSON {
			p.OnValidationError = func(e url.ValidationError) { errs = append(errs, e.String()) }
		}
		var u url.URL
		var err error
		if base != "" {
			u, err = p.ParseWithBase(input, baseURL.Href())
		} else {
			u, err = p.Parse(input)
		}
		if err != nil {
			if asJSON {
				// The input as the error holds it: its password redacted.
				var pe *url.ParseError
				errors.As(err, &pe)
				enc.Encode(failure{Input: pe.Input, Error: err.Error(), Failure: pe.Kind.String(), ValidationErrors: errs})
			}
			out.Flush()
			fmt.Fprintf(stderr, "urlparse: %v\n", err)
			status = 1
			return
		}
		if !asJSON {
			fmt.Fprintln(out, u.Href())
			return
		}
		if errs == nil {
			errs = []string{}
		}
		enc.Encode(result{
			Input: input, Href: u.Href(), Origin: u.Origin().String(), Protocol: u.Protocol(),
			Username: u.Username(), Password: u.Password(), Host: u.Host(), Hostname: u.Hostname(),
			HostKind: u.HostKind().String(), Port: u.Port(), Pathname: u.Pathname(), Search: u.Search(),
			Hash: u.Hash(), ValidationErrors: errs,
		})
	}
	if len(args) > 0 {
		for _, a := range args {
			parseOne(a)
		}
		return status
	}
	sc := bufio.NewScanner(stdin)
	sc.Buffer(make([]byte, 64*1024), 16<<20)
	for sc.Scan() {
		parseOne(sc.Text())
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintf(stderr, "urlparse: reading standard input: %v\n", err)
		return 2
	}
	return status
}
