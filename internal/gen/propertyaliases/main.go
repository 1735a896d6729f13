// Command propertyaliases writes internal/jsregexp/aliases_table.go: the
// names and aliases of the values of General_Category and Script that
// ECMAScript's \p{...} accepts, as PropertyValueAliases.txt of the Unicode
// Character Database lists them
// (https://tc39.es/ecma262/#sec-runtime-semantics-unicodematchpropertyvalue:
// a value is one of its names or aliases, matched exactly, with no loose
// matching).
//
// Usage (from the module root):
//
//	go run ./internal/gen/propertyaliases -version VERSION -file PropertyValueAliases.txt [-source TEXT] [-o internal/jsregexp/aliases_table.go]
//
// VERSION is the Unicode version of the file, such as 17.0.0, which the
// generator checks against the file's first line. The file is as the
// Unicode Consortium publishes it under https://www.unicode.org/Public/VERSION/ucd/
// (and as unicode-org/unicodetools keeps it under unicodetools/data/ucd/VERSION/);
// it is not committed, and the output names its version and SHA-256
// (internal/gen/ucd writes that header), and -source where it was read
// from when not from the Unicode Consortium's release directories.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"sort"
	"strings"

	"github.com/webstd/url/internal/gen/ucd"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("propertyaliases: ")
	version := flag.String("version", "", "Unicode version of the file, such as 17.0.0")
	file := flag.String("file", "", "path of PropertyValueAliases.txt")
	source := flag.String("source", "", "where the file came from, when not from the Unicode Consortium's release directories (repository, path, commit)")
	out := flag.String("o", "internal/jsregexp/aliases_table.go", "output file")
	flag.Parse()
	if !ucd.VersionArg.MatchString(*version) || *file == "" {
		log.Fatal("usage: propertyaliases -version X.Y.Z -file PropertyValueAliases.txt [-source TEXT] [-o FILE]")
	}
	files := ucd.Files{Version: *version, Source: *source}
	lines := files.Read(*file, "ucd", ucd.FileLine)

	// gc: every name and alias of a value to its short name, the key of
	// package unicode's Categories. sc: every name and alias of a value to
	// its long name, the key of package unicode's Scripts.
	gc, sc := map[string]string{}, map[string]string{}
	for _, line := range lines {
		f := ucd.Fields(line)
		if len(f) < 3 {
			continue
		}
		switch f[0] {
		case "gc":
			for _, name := range f[1:] {
				gc[name] = f[1]
			}
		case "sc":
			for _, name := range f[1:] {
				sc[name] = f[2]
			}
		}
	}
	if len(gc) < 70 || len(sc) < 300 {
		log.Fatalf("read %d General_Category and %d Script names: not a PropertyValueAliases.txt", len(gc), len(sc))
	}

	var b bytes.Buffer
	b.WriteString(files.Header("go run ./internal/gen/propertyaliases -version "+*version+" -file PropertyValueAliases.txt", "the Unicode Character Database"))
	b.WriteString("\npackage jsregexp\n\n")
	writeMap(&b, "generalCategoryValues", "maps each name and alias of a General_Category value to its short name, a key of unicode.Categories.", gc)
	writeMap(&b, "scriptValues", "maps each name and alias of a Script value to its long name, a key of unicode.Scripts (which may lack a script newer than Go's Unicode version).", sc)
	src, err := format.Source(b.Bytes())
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		log.Fatal(err)
	}
}

func writeMap(b *bytes.Buffer, name, doc string, m map[string]string) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	line := "//"
	for _, w := range strings.Fields(name + " " + doc) {
		if len(line)+1+len(w) > 76 {
			b.WriteString(line + "\n")
			line = "//"
		}
		line += " " + w
	}
	fmt.Fprintf(b, "%s\nvar %s = map[string]string{\n", line, name)
	for _, k := range keys {
		fmt.Fprintf(b, "\t%q: %q,\n", k, m[k])
	}
	b.WriteString("}\n\n")
}
