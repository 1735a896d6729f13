// adaidna.h declares adaidna.cpp's functions for adaidna.go.

#include <stddef.h>

enum { bench_ada_to_ascii = 0, bench_ada_to_unicode = 1 };

#ifdef __cplusplus
extern "C" {
#endif

// bench_ada_idna_pass runs op on each of the n hosts of data (host i ends at
// ends[i], the next starts there) and returns the sum of the results'
// lengths, less one for each failure: a sink, so no work is dropped.
long long bench_ada_idna_pass(int op, const char* data, const size_t* ends,
                              size_t n);

// bench_ada_idna_collect runs op on each host as bench_ada_idna_pass does and
// writes the results one after another into out (result i ends at
// out_ends[i]; failed[i] is 1 when op failed on host i). It returns the
// bytes written, or -1 when they do not fit in cap.
long long bench_ada_idna_collect(int op, const char* data, const size_t* ends,
                                 size_t n, char* out, size_t cap,
                                 size_t* out_ends, unsigned char* failed);

#ifdef __cplusplus
}
#endif
