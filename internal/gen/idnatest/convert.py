#!/usr/bin/env python3
"""Convert Unicode's IdnaTestV2.txt to testdata/wpt/IdnaTestV2.json.

Usage: python3 internal/gen/idnatest/convert.py IdnaTestV2.txt > testdata/wpt/IdnaTestV2.json

This is our own rendition of what web-platform-tests does with its converter
(url/tools/IdnaTestV2-parser.py, run with --exclude-ipv4-like --exclude-std3
--exclude-bidi), plus the rule of the URL Standard's domain to ASCII that
WPT's published IdnaTestV2.json applies: a domain that is ASCII is only
lowercased, so an ASCII input succeeds unless it holds a forbidden domain
code point. On Unicode 17.0.0's IdnaTestV2.txt it writes, byte for byte,
the IdnaTestV2.json that WPT published from it (July 2026).

The columns of IdnaTestV2.txt (Unicode's own description is in the file):
source; toUnicode; toUnicodeStatus; toAsciiN; toAsciiNStatus; toAsciiT;
toAsciiTStatus. An empty column inherits, as the file says; "" is the
empty string. Only the nontransitional ToASCII columns matter to the URL
Standard.
"""
import json
import re
import sys

# Statuses of flags the URL Standard sets to false for domain to ASCII:
# UseSTD3ASCIIRules (U1), CheckHyphens (V2, V3), VerifyDnsLength (A4_*).
IGNORED = ("A4_1", "A4_2", "U1", "V2", "V3")
BIDI = ("B1", "B2", "B3", "B4", "B5", "B6")
# https://url.spec.whatwg.org/#forbidden-domain-code-point
FORBIDDEN_DOMAIN = set("\x00\t\n\r #/:<>?@[\\]^|%\x7f") | {chr(c) for c in range(0x20)}
LABEL_DOTS = re.compile("[\u002e\uff0e\u3002\uff61]")


def cell(text, inherited=""):
    if text == "":
        return inherited
    if text == '""':
        return ""
    return json.loads('"' + text + '"')  # \uXXXX escapes


def looks_like_ipv4(source):
    labels = LABEL_DOTS.split(source)
    if len(labels) > 1 and labels[-1] == "":
        labels.pop()
    last = labels[-1]
    return last != "" and last.isascii() and last.isdigit()


def convert(lines):
    out = [
        "THIS IS A GENERATED FILE. PLEASE DO NOT MODIFY DIRECTLY. See ../tools/IdnaTestV2-parser.py instead.",
        "--exclude-ipv4-like: True; --exclude-std3: True; --exclude-bidi: True",
    ]
    for line in lines:
        line = line.rstrip()
        if line == "" or line.startswith("#"):
            continue
        cols = [c.strip() for c in line.split(";")]
        source = cell(cols[0])
        to_unicode = cell(cols[1], source)
        if looks_like_ipv4(source):
            continue
        if re.search("[<>?]", to_unicode):
            continue
        to_ascii = cell(cols[3], to_unicode)
        status_cell = cols[4] or cols[2]
        statuses = []
        if status_cell:
            statuses = [s.strip() for s in status_cell.strip("[]").split(",")]
        kept = [s for s in statuses if s not in IGNORED]
        ignored = [s for s in statuses if s in IGNORED]
        if any(s in BIDI for s in kept):
            continue
        output = to_ascii
        if kept:
            output = None
            if source.isascii() and not FORBIDDEN_DOMAIN.intersection(source):
                output = source.lower()
        case = {"input": source, "output": output}
        comment = "; ".join(kept + [s + " (ignored)" for s in ignored])
        if comment:
            case["comment"] = comment
        out.append(case)
    return out


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        cases = convert(f.readlines())
    sys.stdout.write(json.dumps(cases, sort_keys=True, allow_nan=False, indent=2, separators=(",", ": ")))
    sys.stdout.write("\n")


main()
