#!/usr/bin/env bash
# refresh.sh replaces the web-platform-tests fixtures in this directory with
# those of github.com/web-platform-tests/wpt at a given ref, for a maintainer
# with network access.
#
# Usage: testdata/wpt/refresh.sh [REF]
#
# REF is a commit (40 hex digits), a branch or a tag of web-platform-tests;
# the default is master. A branch or tag is first resolved to its commit, so
# that every file comes from the same commit. The files are downloaded into a
# temporary directory and copied here only once all of them have arrived, so
# a failed download changes nothing. The script then writes the commit into
# the "Snapshot:" line of README.md; run the tests next (see README.md).
#
# WPT_REPO and WPT_RAW override where the repository and its raw files are
# read from (for a mirror, or to try the script on a local copy).
set -euo pipefail

ref=${1:-master}
repo=${WPT_REPO:-https://github.com/web-platform-tests/wpt.git}
raw=${WPT_RAW:-https://raw.githubusercontent.com/web-platform-tests/wpt}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# The fixtures the tests run, by their path in web-platform-tests: those of
# the URL Standard (wptFixtures in wpt_test.go) in url/resources, those of
# the URL Pattern Standard (urlpattern/wpt_test.go) in urlpattern/resources.
# Each is saved here under its file name.
files=(
	url/resources/urltestdata.json
	url/resources/urltestdata-javascript-only.json
	url/resources/setters_tests.json
	url/resources/toascii.json
	url/resources/IdnaTestV2.json
	url/resources/percent-encoding.json
	url/resources/urlencoded-parser-data.json
	urlpattern/resources/urlpatterntestdata.json
	urlpattern/resources/urlpattern-compare-test-data.json
	urlpattern/resources/urlpattern-generate-test-data.json
)

# Resolve ref to a commit. For an annotated tag, ls-remote lists the tag
# object and, as "refs/tags/REF^{}", the commit it points to: take the
# commit.
if [[ $ref =~ ^[0-9a-f]{40}$ ]]; then
	commit=$ref
else
	refs=$(git ls-remote "$repo" "refs/heads/$ref" "refs/tags/$ref" "refs/tags/$ref^{}")
	commit=$(awk '$2 ~ /\^\{\}$/ { print $1; exit }' <<<"$refs")
	if [[ -z $commit ]]; then
		commit=$(awk 'NR == 1 { print $1 }' <<<"$refs")
	fi
	if [[ -z $commit ]]; then
		echo "refresh.sh: $repo has no branch or tag named $ref" >&2
		exit 1
	fi
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

names=()
for path in "${files[@]}"; do
	f=${path##*/}
	names+=("$f")
	curl -fsSL --retry 3 -o "$tmp/$f" "$raw/$commit/$path"
	# Every fixture is a JSON array or object.
	first=$(head -c 1 "$tmp/$f")
	if [[ $first != "[" && $first != "{" ]]; then
		echo "refresh.sh: $path at $commit is not JSON" >&2
		exit 1
	fi
done
curl -fsSL --retry 3 -o "$tmp/LICENSE" "$raw/$commit/LICENSE.md"

for f in "${names[@]}" LICENSE; do
	cp "$tmp/$f" "$here/$f"
done

# Name the snapshot in README.md.
date=$(date -u +%Y-%m-%d)
awk -v line="Snapshot: web-platform-tests commit $commit ($ref), fetched $date." \
	'/^Snapshot: / { print line; next } { print }' "$here/README.md" >"$tmp/README.md"
cp "$tmp/README.md" "$here/README.md"

echo "Fetched web-platform-tests $commit ($ref) into $here."
echo "Next: review the diff, update the case counts in wpt_test.go (wptFixtures) and"
echo "urlpattern/wpt_test.go if the cases changed, and run WPT_REQUIRED=1 go test ./..."
echo "from the repository root."
