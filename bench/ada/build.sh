#!/usr/bin/env bash
# build.sh builds driver.cpp with ada, natively (g++ -O3, no cgo), from the
# ada.cpp and ada.h that the bench module's github.com/ada-url/goada
# vendors, and prints the path of the binary. The binary and ada's object
# file are cached under ${XDG_CACHE_HOME:-~/.cache}/webstd-url-bench,
# keyed by the sources, the compiler and the flags: ada.cpp (about a
# megabyte of C++) compiles once, in about a minute.
#
#   ada/build.sh          (from bench/) prints the driver's path
#   CXX=clang++ ada/build.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."

export GOTOOLCHAIN="${GOTOOLCHAIN:-go1.27.4}"
cxx="${CXX:-g++}"
# Release flags, the ones ada's own release build and goada's cgo use
# (-O3 -std=c++20), with NDEBUG as a release build sets it.
flags=(-O3 -std=c++20 -DNDEBUG)

if ! command -v "$cxx" >/dev/null; then
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
		echo "build.sh: no C++ compiler ($cxx): installing g++" >&2
		apt-get update -qq && apt-get install -y -qq g++ >&2
	fi
	if ! command -v "$cxx" >/dev/null; then
		echo "build.sh: no C++ compiler ($cxx)" >&2
		exit 1
	fi
fi

go mod download github.com/ada-url/goada
ada="$(go list -m -f '{{.Dir}}' github.com/ada-url/goada)"
if [ ! -f "$ada/ada.cpp" ] || [ ! -f "$ada/ada.h" ]; then
	echo "build.sh: no ada.cpp and ada.h in $ada" >&2
	exit 1
fi

key() { { "$cxx" --version | head -1; echo "${flags[*]}"; cat "$@"; } | sha256sum | cut -c1-16; }
cache="${XDG_CACHE_HOME:-$HOME/.cache}/webstd-url-bench"
mkdir -p "$cache"
obj="$cache/ada-$(key "$ada/ada.cpp" "$ada/ada.h").o"
bin="$cache/driver-$(key "$ada/ada.cpp" "$ada/ada.h" "$here/driver.cpp")"

if [ ! -f "$obj" ]; then
	echo "build.sh: compiling ada.cpp ($("$cxx" --version | head -1))" >&2
	"$cxx" "${flags[@]}" -I"$ada" -c "$ada/ada.cpp" -o "$obj.tmp.$$"
	mv "$obj.tmp.$$" "$obj"
fi
if [ ! -x "$bin" ]; then
	echo "build.sh: compiling driver.cpp" >&2
	"$cxx" "${flags[@]}" -I"$ada" "$here/driver.cpp" "$obj" -o "$bin.tmp.$$"
	mv "$bin.tmp.$$" "$bin"
fi
echo "$bin"
