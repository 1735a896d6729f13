//go:build !cgo

package bench

// goadaLibraries, without cgo, lists goada's two variants with the reason
// they are skipped: github.com/ada-url/goada wraps ada's C++ through cgo.
func goadaLibraries() []library {
	return []library{
		{name: "goada-free", skip: noGoada},
		{name: "goada-readme", skip: noGoada},
	}
}

const noGoada = "goada needs cgo and a C++ compiler: build with CGO_ENABLED=1 and g++ (apt-get install g++)"

// goadaParallel, without cgo, is goada skipped.
func goadaParallel() parallelLibrary { return parallelLibrary{name: "goada-free", skip: noGoada} }

// goadaSetterPass, without cgo, says why goada is skipped.
func goadaSetterPass(setterCase, []string) (func(), string) { return nil, noGoada }

// adaIDNALibrary, without cgo, is ada skipped.
func adaIDNALibrary() idnaLibrary { return idnaLibrary{name: "ada", skip: noGoada} }
