#!/usr/bin/env bash
# binsize.sh prints what importing github.com/webstd/url costs a program in
# binary size: it builds a hello-world that parses a URL with net/url and one
# that parses it with github.com/webstd/url (this checkout), both with the
# default flags and with -ldflags=-s -w (no symbol table or DWARF), and
# prints the sizes and their difference in bytes.
#
#   ./binsize.sh            the table
#   TOP=20 ./binsize.sh     also the 20 packages that add the most bytes
set -euo pipefail
cd "$(dirname "$0")/.."
export GOTOOLCHAIN="${GOTOOLCHAIN:-go1.27.4}"
root="$(pwd)"
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT

mkdir -p "$dir/std" "$dir/ours"
cat > "$dir/std/main.go" <<'GO'
package main

import (
	"fmt"
	"net/url"
	"os"
)

func main() {
	u, err := url.Parse(os.Args[len(os.Args)-1])
	fmt.Println(u, err)
}
GO
cat > "$dir/ours/main.go" <<'GO'
package main

import (
	"fmt"
	"net/url"
	"os"

	whatwg "github.com/webstd/url"
)

func main() {
	u, err := url.Parse(os.Args[len(os.Args)-1])
	fmt.Println(u, err)
	w, err := whatwg.Parse(os.Args[len(os.Args)-1])
	fmt.Println(w, err)
}
GO
# One module for both, that takes github.com/webstd/url from this checkout
# and the versions of x/net and x/text from its go.sum.
cat > "$dir/go.mod" <<GO
module binsize

go 1.27

require github.com/webstd/url v0.0.0

replace github.com/webstd/url => $root
GO
cp go.sum "$dir/go.sum"
(cd "$dir" && GOFLAGS=-mod=mod go mod tidy >/dev/null 2>&1 || true)

size() { stat -c %s "$1"; }
printf '%-22s %12s %12s %12s\n' build net/url "+webstd/url" delta
for flags in "" "-s -w"; do
	(cd "$dir" && go build -trimpath -ldflags="$flags" -o std.bin ./std && go build -trimpath -ldflags="$flags" -o ours.bin ./ours)
	a=$(size "$dir/std.bin"); b=$(size "$dir/ours.bin")
	printf '%-22s %12d %12d %12d\n' "ldflags='$flags'" "$a" "$b" "$((b - a))"
done

if [ -n "${TOP:-}" ]; then
	# The packages whose symbols grow the most, by the sum of their
	# symbols' sizes (text and data; bss takes no room in the file).
	(cd "$dir" && go build -trimpath -o std.bin ./std && go build -trimpath -o ours.bin ./ours)
	bypkg() {
		go tool nm -size "$1" | awk '$3 != "B" && $3 != "b" {
			n = $4; sub(/^go:.*/, "go:", n); sub(/\.[^.\/]*$/, "", n); sub(/\(.*$/, "", n); sub(/\.[^\/]*$/, "", n)
			s[n] += $2
		} END { for (k in s) print k, s[k] }'
	}
	bypkg "$dir/std.bin" > "$dir/std.pkgs"
	bypkg "$dir/ours.bin" | awk 'NR == FNR { std[$1] = $2; next } { d = $2 - std[$1]; if (d > 0) print d, $1 }' "$dir/std.pkgs" - | sort -rn | head -n "$TOP"
fi
