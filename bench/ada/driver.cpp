// driver.cpp times ada (https://github.com/ada-url/ada), compiled natively
// with g++ -O3, on the same loops as the bench module's Go benchmarks, and
// prints its results as `go test -bench` lines, so that cmd/benchtable puts
// them in the same tables as the Go libraries. build.sh builds it from the
// ada.cpp and ada.h that github.com/ada-url/goada vendors.
//
//   driver parse [flags] FILE...    BenchmarkParse/<corpus>/ada-native
//   driver setters [flags] FILE     BenchmarkSetters/<setter>/ada-native{,-parse}
//
// Each FILE is a URL list, one URL a line, read as Go's bufio.ScanLines reads
// it (a trailing "\r" is dropped); the corpus is named after the file, less
// its ".txt".
//
// parse: for each URL, parse it with no base (ada::parse<url_aggregator>),
// read its href, count the URLs ada rejects. One op is a pass over the whole
// list; ns/URL is a round's wall time over the URLs parsed, cpu-ns/URL the
// CPU time the process used in the round over the same (as the Go loop
// reports it: on a shared machine, wall time counts the time other jobs held
// the core, CPU time does not).
//
// setters: for each setter, with the value BenchmarkSetters uses, over the
// URLs of FILE that ada accepts: "ada-native" copies the parsed URL, runs the
// setter on the copy and reads the href (the original stays as it was, as a
// Go URL value does); "ada-native-parse" parses the URL, runs the setter and
// reads the href.
//
// Flags: -rounds N (5), -time D (a round's length: 400ms, 1s, 2.5s),
// -bench PATTERN (like go test -bench: one regular expression per level of
// the name, split at "/"). Each round of each benchmark prints one line on
// standard output; the median of the rounds goes to standard error.
//
// Heap allocations are counted by replacing the global operator new; the
// counter is a plain increment, the allocation itself still malloc.

#include "ada.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <new>
#include <regex>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <time.h>

namespace {

// Allocation counters, read around each round.
unsigned long long alloc_count = 0;
unsigned long long alloc_bytes = 0;

}  // namespace

void* operator new(std::size_t n) {
  alloc_count++;
  alloc_bytes += n;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* operator new[](std::size_t n) { return operator new(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }

namespace {

using clock_type = std::chrono::steady_clock;

// sink takes every href's length, so the compiler cannot drop the work.
volatile std::size_t sink = 0;

struct corpus {
  std::string name;
  std::vector<std::string> urls;
  std::size_t bytes = 0;
};

corpus load(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "driver: cannot read %s\n", path.c_str());
    std::exit(2);
  }
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string data = ss.str();
  corpus c;
  std::string base = path.substr(path.find_last_of('/') + 1);
  if (base.size() > 4 && base.compare(base.size() - 4, 4, ".txt") == 0) {
    base.resize(base.size() - 4);
  }
  c.name = base;
  // Lines as bufio.ScanLines gives them: split at "\n", drop one "\r"
  // before it, and no empty last line after a final "\n".
  std::size_t start = 0;
  while (start < data.size()) {
    std::size_t end = data.find('\n', start);
    std::size_t next = end == std::string::npos ? data.size() : end + 1;
    if (end == std::string::npos) end = data.size();
    std::size_t stop = end;
    if (stop > start && data[stop - 1] == '\r') stop--;
    c.urls.emplace_back(data, start, stop - start);
    c.bytes += stop - start;
    start = next;
  }
  return c;
}

// A pattern is go test's -bench: one regular expression a level.
struct pattern {
  std::vector<std::regex> levels;
  explicit pattern(const std::string& s) {
    std::size_t start = 0;
    while (true) {
      std::size_t slash = s.find('/', start);
      levels.emplace_back(s.substr(start, slash == std::string::npos ? std::string::npos : slash - start));
      if (slash == std::string::npos) break;
      start = slash + 1;
    }
  }
  bool matches(const std::vector<std::string>& name) const {
    for (std::size_t i = 0; i < levels.size() && i < name.size(); i++) {
      if (!std::regex_search(name[i], levels[i])) return false;
    }
    return true;
  }
};

struct options {
  int rounds = 5;
  double round_seconds = 0.4;
  std::string bench = ".";
};

// A round's result.
struct round_result {
  unsigned long long ops = 0;
  double ns_per_url = 0;
  double allocs_per_url = 0;
  double bytes_per_url = 0;
  double mb_per_s = 0;
  double ns_per_op = 0;
};

// process_cpu_ns returns the CPU time this process has used, in nanoseconds.
double process_cpu_ns() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return double(ts.tv_sec) * 1e9 + double(ts.tv_nsec);
}

// time_rounds runs pass (one op: a pass over n URLs of the given bytes)
// once to warm up, then for each round as many times as fit in the round's
// length, and prints one benchmark line a round.
void time_rounds(const options& opt, const std::string& name, std::size_t n, std::size_t bytes,
                 double extra_value, const char* extra_unit, const std::function<void()>& pass) {
  pass();  // warm up
  std::vector<double> ns;
  for (int r = 0; r < opt.rounds; r++) {
    const auto count0 = alloc_count, bytes0 = alloc_bytes;
    const double cpu0 = process_cpu_ns();
    const auto start = clock_type::now();
    const auto deadline = start + std::chrono::duration<double>(opt.round_seconds);
    unsigned long long ops = 0;
    auto now = start;
    do {
      pass();
      ops++;
      now = clock_type::now();
    } while (now < deadline);
    const double elapsed = std::chrono::duration<double, std::nano>(now - start).count();
    const double cpu = process_cpu_ns() - cpu0;
    const double urls = double(ops) * double(n);
    round_result res;
    res.ops = ops;
    res.ns_per_op = elapsed / double(ops);
    res.ns_per_url = elapsed / urls;
    res.allocs_per_url = double(alloc_count - count0) / urls;
    res.bytes_per_url = double(alloc_bytes - bytes0) / urls;
    res.mb_per_s = double(bytes) * double(ops) / (elapsed / 1e9) / 1e6;
    ns.push_back(res.ns_per_url);
    std::printf("%s \t%llu\t%.0f ns/op\t%.2f MB/s\t%.3f ns/URL\t%.3f cpu-ns/URL\t%.6g allocs/URL\t%.6g B/URL\t%zu URLs/op\t%.0f %s\n",
                name.c_str(), res.ops, res.ns_per_op, res.mb_per_s, res.ns_per_url, cpu / urls, res.allocs_per_url,
                res.bytes_per_url, n, extra_value, extra_unit);
    std::fflush(stdout);
  }
  std::sort(ns.begin(), ns.end());
  const double median = ns.size() % 2 ? ns[ns.size() / 2] : (ns[ns.size() / 2 - 1] + ns[ns.size() / 2]) / 2;
  std::fprintf(stderr, "%s: median %.1f ns/URL over %d rounds (fastest %.1f, slowest %.1f)\n", name.c_str(), median,
               opt.rounds, ns.front(), ns.back());
}

// parse_all is the loop of BenchmarkParse: parse each URL, read its href.
// Not inlined, so that a profiler (valgrind --tool=callgrind) can count its
// instructions apart.
__attribute__((noinline)) std::size_t parse_all(const std::vector<std::string>& urls) {
  std::size_t failed = 0, total = 0;
  for (const std::string& s : urls) {
    auto u = ada::parse<ada::url_aggregator>(s);
    if (!u) {
      failed++;
      continue;
    }
    total += u->get_href().size();
  }
  sink = total;
  return failed;
}

// A setter and its value, as BenchmarkSetters in bench/setters_test.go
// (the values of the main module's bench_micro_test.go).
struct setter {
  const char* name;
  const char* value;
  void (*set)(ada::url_aggregator&, std::string_view);
};

const std::vector<setter>& setters() {
  static const std::vector<setter> list = {
      {"protocol", "http:", [](ada::url_aggregator& u, std::string_view v) { u.set_protocol(v); }},
      {"username", "alice", [](ada::url_aggregator& u, std::string_view v) { u.set_username(v); }},
      {"password", "s3cret", [](ada::url_aggregator& u, std::string_view v) { u.set_password(v); }},
      {"host", "other.example:8443", [](ada::url_aggregator& u, std::string_view v) { u.set_host(v); }},
      {"hostname", "other.example", [](ada::url_aggregator& u, std::string_view v) { u.set_hostname(v); }},
      {"port", "8443", [](ada::url_aggregator& u, std::string_view v) { u.set_port(v); }},
      {"pathname", "/new/../path", [](ada::url_aggregator& u, std::string_view v) { u.set_pathname(v); }},
      {"search", "?a=1&b=2 3", [](ada::url_aggregator& u, std::string_view v) { u.set_search(v); }},
      {"hash", "#new fragment", [](ada::url_aggregator& u, std::string_view v) { u.set_hash(v); }},
  };
  return list;
}

int usage() {
  std::fprintf(stderr,
               "usage: driver parse [-rounds N] [-time SECONDS] [-bench PATTERN] FILE...\n"
               "       driver setters [-rounds N] [-time SECONDS] [-bench PATTERN] FILE\n");
  return 2;
}

// seconds reads a Go-style duration: "400ms", "1s", "2.5s", or a bare
// number of seconds.
double seconds(const std::string& s) {
  char* end = nullptr;
  double v = std::strtod(s.c_str(), &end);
  std::string unit(end);
  if (unit == "ms") return v / 1e3;
  if (unit == "s" || unit.empty()) return v;
  if (unit == "us" || unit == "µs") return v / 1e6;
  if (unit == "m") return v * 60;
  std::fprintf(stderr, "driver: cannot read duration %s\n", s.c_str());
  std::exit(2);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return usage();
  const std::string mode = argv[1];
  options opt;
  std::vector<std::string> files;
  for (int i = 2; i < argc; i++) {
    const std::string a = argv[i];
    if ((a == "-rounds" || a == "-time" || a == "-bench") && i + 1 < argc) {
      const std::string v = argv[++i];
      if (a == "-rounds") opt.rounds = std::max(1, std::atoi(v.c_str()));
      if (a == "-time") opt.round_seconds = seconds(v);
      if (a == "-bench") opt.bench = v;
    } else if (!a.empty() && a[0] == '-') {
      return usage();
    } else {
      files.push_back(a);
    }
  }
  if (files.empty()) return usage();
  const pattern pat(opt.bench);

  if (mode == "parse") {
    for (const std::string& f : files) {
      const corpus c = load(f);
      if (c.urls.empty()) continue;
      if (!pat.matches({"BenchmarkParse", c.name, "ada-native"})) continue;
      const std::size_t failed = parse_all(c.urls);
      time_rounds(opt, "BenchmarkParse/" + c.name + "/ada-native", c.urls.size(), c.bytes, double(failed),
                  "failed/op", [&] { parse_all(c.urls); });
    }
    return 0;
  }

  if (mode == "setters") {
    if (files.size() != 1) return usage();
    const corpus c = load(files[0]);
    // The URLs ada accepts, parsed once (for the copies) and as text (for
    // the parses).
    std::vector<ada::url_aggregator> parsed;
    std::vector<std::string> accepted;
    std::size_t bytes = 0;
    for (const std::string& s : c.urls) {
      auto u = ada::parse<ada::url_aggregator>(s);
      if (!u) continue;
      parsed.push_back(*u);
      accepted.push_back(s);
      bytes += s.size();
    }
    if (parsed.empty()) return 0;
    for (const setter& st : setters()) {
      const std::string_view value = st.value;
      if (pat.matches({"BenchmarkSetters", st.name, "ada-native"})) {
        time_rounds(opt, std::string("BenchmarkSetters/") + st.name + "/ada-native", parsed.size(), bytes, 0,
                    "failed/op", [&] {
                      std::size_t total = 0;
                      for (const ada::url_aggregator& u : parsed) {
                        ada::url_aggregator v = u;
                        st.set(v, value);
                        total += v.get_href().size();
                      }
                      sink = total;
                    });
      }
      if (pat.matches({"BenchmarkSetters", st.name, "ada-native-parse"})) {
        time_rounds(opt, std::string("BenchmarkSetters/") + st.name + "/ada-native-parse", accepted.size(), bytes, 0,
                    "failed/op", [&] {
                      std::size_t total = 0;
                      for (const std::string& s : accepted) {
                        auto u = ada::parse<ada::url_aggregator>(s);
                        st.set(*u, value);
                        total += u->get_href().size();
                      }
                      sink = total;
                    });
      }
    }
    return 0;
  }
  return usage();
}
