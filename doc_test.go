package url

import (
	"go/ast"
	"go/importer"
	goparser "go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestFileLayers checks the layout that doc.go describes: every production
// file is in its table of layers, and a file uses only what files of its own
// layer or a lower one declare, so that the package's files depend on each
// other one way, from the top down to infra.go.
func TestFileLayers(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	layer := map[string]int{}
	for _, m := range regexp.MustCompile(`(?m)^//\t(\d+)  ([a-z0-9_]+\.go):`).FindAllStringSubmatch(string(doc), -1) {
		n, _ := strconv.Atoi(m[1])
		layer[m[2]] = n
	}
	fset := token.NewFileSet()
	names, _ := filepath.Glob("*.go")
	var files []*ast.File
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		if _, ok := layer[name]; !ok && name != "doc.go" {
			t.Errorf("%s is not in doc.go's table of layers", name)
		}
		f, err := goparser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	// The imported packages come from their export data, which the go
	// command lists (and builds, if its cache does not have them).
	out, err := exec.Command("go", "list", "-export", "-deps", "-f", "{{.ImportPath}} {{.Export}}", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	export := map[string]string{}
	for _, line := range strings.Split(string(out), "\n") {
		if path, file, ok := strings.Cut(line, " "); ok {
			export[path] = file
		}
	}
	lookup := func(path string) (io.ReadCloser, error) { return os.Open(export[path]) }
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "gc", lookup)}
	pkg, err := conf.Check("github.com/webstd/url", fset, files, info)
	if err != nil {
		t.Fatal(err)
	}
	bad := map[string][]string{}
	for id, obj := range info.Uses {
		if obj == nil || obj.Pkg() != pkg || !obj.Pos().IsValid() {
			continue
		}
		// What a file declares: package-level names, methods and fields.
		if obj.Parent() != pkg.Scope() {
			fn, isFunc := obj.(*types.Func)
			v, isVar := obj.(*types.Var)
			if !(isFunc && fn.Signature().Recv() != nil) && !(isVar && v.IsField()) {
				continue
			}
		}
		from := filepath.Base(fset.Position(id.Pos()).Filename)
		to := filepath.Base(fset.Position(obj.Pos()).Filename)
		if layer[to] > layer[from] {
			key := from + " (layer " + strconv.Itoa(layer[from]) + ") uses " + to + " (layer " + strconv.Itoa(layer[to]) + ")"
			if !slices.Contains(bad[key], obj.Name()) {
				bad[key] = append(bad[key], obj.Name())
			}
		}
	}
	for key, names := range bad {
		slices.Sort(names)
		t.Errorf("%s: %s", key, strings.Join(names, ", "))
	}
}

// TestSpecialSchemes holds defaultPort's switch to the list specialSchemes,
// the one table of special schemes that package urlpattern reads too
// (through internal/urlhook): the switch's cases are the list's schemes.
func TestSpecialSchemes(t *testing.T) {
	f, err := goparser.ParseFile(token.NewFileSet(), "url.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var cases []string
	for _, d := range f.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok && fn.Name.Name == "defaultPort" {
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					s, _ := strconv.Unquote(lit.Value)
					cases = append(cases, s)
				}
				return true
			})
		}
	}
	slices.Sort(cases)
	want := slices.Sorted(slices.Values(specialSchemes[:]))
	if !slices.Equal(cases, want) {
		t.Errorf("defaultPort's cases are %q; specialSchemes are %q", cases, want)
	}
	for _, s := range specialSchemes {
		if _, special := defaultPort(s); !special {
			t.Errorf("defaultPort(%q) is not special", s)
		}
	}
}

// TestExportTable checks that the table of exports at the end of doc.go
// names every exported identifier of the package (the ValidationErrorKind
// constants aside, which errors.go's table lists), methods of exported types
// as Type.Method, and names nothing that is not exported.
func TestExportTable(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	text := string(doc)
	start := strings.Index(text, "// The exports, by what each is for")
	if start < 0 {
		t.Fatal("doc.go has no table of exports")
	}
	listed := map[string]bool{}
	name := regexp.MustCompile(`\b[A-Z][A-Za-z0-9]*(\.[A-Z][A-Za-z0-9]*)?\b`)
	for _, line := range strings.Split(text[start:], "\n") {
		row, ok := strings.CutPrefix(line, "//\t")
		if !ok {
			continue
		}
		// The first column says what the row is for; the names follow it.
		if i := strings.Index(row, "  "); i >= 0 {
			row = row[i:]
		}
		row = regexp.MustCompile(`\([^)]*\)`).ReplaceAllString(row, "")
		for _, n := range name.FindAllString(row, -1) {
			listed[n] = true
		}
	}

	fset := token.NewFileSet()
	exported := map[string]bool{}
	files, _ := filepath.Glob("*.go")
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := goparser.ParseFile(fset, file, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if !d.Name.IsExported() {
					continue
				}
				if d.Recv == nil {
					exported[d.Name.Name] = true
					continue
				}
				recv := d.Recv.List[0].Type
				if star, ok := recv.(*ast.StarExpr); ok {
					recv = star.X
				}
				if id := recv.(*ast.Ident); id.IsExported() {
					exported[id.Name+"."+d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						if s.Name.IsExported() {
							exported[s.Name.Name] = true
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							if n.IsExported() && !isValidationErrorKindConst(d, s) {
								exported[n.Name] = true
							}
						}
					}
				}
			}
		}
	}
	for n := range exported {
		if !listed[n] {
			t.Errorf("%s is exported but not in doc.go's table of exports", n)
		}
	}
	for n := range listed {
		if !exported[n] {
			t.Errorf("doc.go's table of exports names %s, which the package does not export", n)
		}
	}
	if len(exported) < 150 {
		t.Errorf("found only %d exports: the test reads the package wrong", len(exported))
	}
}

// isValidationErrorKindConst reports whether s is in the const block of the
// ValidationErrorKind constants, whose first spec gives the type.
func isValidationErrorKindConst(d *ast.GenDecl, s *ast.ValueSpec) bool {
	if d.Tok != token.CONST {
		return false
	}
	first := d.Specs[0].(*ast.ValueSpec)
	id, ok := first.Type.(*ast.Ident)
	return ok && id.Name == "ValidationErrorKind"
}
