//go:build !cgo

package bench

// goadaLibraries, without cgo, lists goada's two variants with the reason
// they are skipped: github.com/ada-url/goada wraps ada's C++ through cgo.
func goadaLibraries() []library {
	const why = "goada needs cgo and a C++ compiler: build with CGO_ENABLED=1 and g++ (apt-get install g++)"
	return []library{
		{name: "goada-free", skip: why},
		{name: "goada-readme", skip: why},
	}
}
