//go:build cgo

package bench

/*
#cgo CXXFLAGS: -O3 -std=c++20 -DNDEBUG
#include "adaidna.h"
*/
import "C"

import (
	"unsafe"

	// adaidna.cpp calls ada's C++ functions, which goada's cgo compiles
	// from its ada.cpp into every binary that imports it.
	_ "github.com/ada-url/goada"
)

// An adaHostList is a list of hosts packed for adaidna.cpp: the hosts one
// after another, each ending at its offset in ends.
type adaHostList struct {
	data []byte
	ends []C.size_t
}

func newAdaHostList(hosts []string) adaHostList {
	var l adaHostList
	for _, h := range hosts {
		l.data = append(l.data, h...)
		l.ends = append(l.ends, C.size_t(len(l.data)))
	}
	if len(l.data) == 0 {
		l.data = []byte{0} // a pointer to pass, never read
	}
	return l
}

// adaIDNAPass runs ada's domain to ASCII (toUnicode false) or
// ada::idna::to_unicode on every host of l in one cgo call, and returns a
// sink of the results (see adaidna.h).
func adaIDNAPass(toUnicode bool, l adaHostList) int64 {
	if len(l.ends) == 0 {
		return 0
	}
	return int64(C.bench_ada_idna_pass(adaOp(toUnicode), (*C.char)(unsafe.Pointer(&l.data[0])), &l.ends[0], C.size_t(len(l.ends))))
}

// adaIDNA returns ada's result for each host of hosts (as adaIDNAPass
// computes them) and whether it succeeded.
func adaIDNA(toUnicode bool, hosts []string) (results []string, ok []bool) {
	l := newAdaHostList(hosts)
	n := len(l.ends)
	if n == 0 {
		return nil, nil
	}
	outEnds := make([]C.size_t, n)
	failed := make([]C.uchar, n)
	var out []byte
	for size := 4*len(l.data) + 64; ; size *= 2 {
		out = make([]byte, size)
		used := C.bench_ada_idna_collect(adaOp(toUnicode), (*C.char)(unsafe.Pointer(&l.data[0])), &l.ends[0], C.size_t(n),
			(*C.char)(unsafe.Pointer(&out[0])), C.size_t(len(out)), &outEnds[0], &failed[0])
		if used >= 0 {
			break
		}
	}
	results, ok = make([]string, n), make([]bool, n)
	start := 0
	for i := range n {
		end := int(outEnds[i])
		results[i], ok[i] = string(out[start:end]), failed[i] == 0
		start = end
	}
	return results, ok
}

func adaOp(toUnicode bool) C.int {
	if toUnicode {
		return C.bench_ada_to_unicode
	}
	return C.bench_ada_to_ascii
}
