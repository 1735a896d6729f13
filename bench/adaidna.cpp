//go:build cgo

// adaidna.cpp runs ada's IDNA (ada::idna, the sources that
// github.com/ada-url/goada vendors and compiles into the same binary) over a
// whole list of hosts in one call, for BenchmarkIDNA: the cgo call is paid
// once per pass over the list, not once per host, and ada's functions are
// called directly, without the C API's copy of each result (ada_idna_to_ascii
// copies the std::string into a new[] buffer that the caller frees).
//
// ada.h is not on this package's include path (it is in goada's module
// directory), so the three functions are declared here with ada 3.4.1's
// signatures; the linker resolves them against goada's ada.cpp.

#include <cstddef>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

#include "adaidna.h"

namespace ada::idna {
std::string to_ascii(std::string_view ut8_string);
std::string to_unicode(std::string_view input);
}  // namespace ada::idna

namespace ada::unicode {
bool to_ascii(std::optional<std::string>& out, std::string_view plain,
              size_t first_percent);
}  // namespace ada::unicode

namespace {

// result runs op on host: ok is false when ada's domain to ASCII fails
// (ToUnicode does not fail).
std::string result(int op, std::string_view host, bool& ok) {
  ok = true;
  if (op == bench_ada_to_unicode) {
    return ada::idna::to_unicode(host);
  }
  // What ada's host parser runs on a domain (ada::unicode::to_ascii with
  // nothing to percent-decode): ada::idna::to_ascii, then failure when the
  // result is empty or holds a forbidden domain code point.
  std::optional<std::string> out;
  if (!ada::unicode::to_ascii(out, host, std::string_view::npos)) {
    ok = false;
    return std::string();
  }
  return std::move(*out);
}

}  // namespace

extern "C" long long bench_ada_idna_pass(int op, const char* data,
                                         const size_t* ends, size_t n) {
  long long sink = 0;
  size_t start = 0;
  for (size_t i = 0; i < n; i++) {
    bool ok;
    std::string r = result(op, std::string_view(data + start, ends[i] - start), ok);
    sink += ok ? (long long)r.size() : -1;
    start = ends[i];
  }
  return sink;
}

extern "C" long long bench_ada_idna_collect(int op, const char* data,
                                            const size_t* ends, size_t n,
                                            char* out, size_t cap,
                                            size_t* out_ends,
                                            unsigned char* failed) {
  size_t start = 0, used = 0;
  for (size_t i = 0; i < n; i++) {
    bool ok;
    std::string r = result(op, std::string_view(data + start, ends[i] - start), ok);
    start = ends[i];
    failed[i] = ok ? 0 : 1;
    if (r.size() > cap - used) {
      return -1;
    }
    std::memcpy(out + used, r.data(), r.size());
    used += r.size();
    out_ends[i] = used;
  }
  return (long long)used;
}
