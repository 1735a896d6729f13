// Package canonical gives URLs the canonical forms that crawlers, caches and
// web archives key them by: a string under which two URLs that fetch the same
// resource collide. It works on the url.URL that package url's parser (the
// URL Standard's, https://url.spec.whatwg.org/#url-parsing) has read, so every
// form starts from the URL a browser would fetch: lowercase scheme and host,
// Punycode, IPv4 addresses in every spelling read as dotted decimal, default
// ports removed, dot segments resolved.
//
// # Profiles
//
// A Profile is a named canonicalization, from a url.URL to a string. The
// profiles are constants, which no importer can change; Lookup finds one by
// name:
//
//   - "identity" (Identity): the URL Standard's serialization, the href.
//   - "dedup" (Dedup): a semantic key: the fragment removed, percent-encoding
//     normalized (RFC 3986 section 6.2.2), the dots that end the host removed,
//     query parameters sorted by name (stably), an empty query removed.
//   - "dedup-strip" (DedupStrip): dedup, and tracking parameters (utm_*,
//     gclid, fbclid, ...) and session identifiers (jsessionid, phpsessid, ...)
//     removed.
//   - "safebrowsing" (SafeBrowsing): Google Safe Browsing's canonicalization
//     (SafeBrowsingCanonical); SafeBrowsingExpressions gives the host-suffix
//     and path-prefix expressions that Safe Browsing hashes and looks up.
//   - "ia" (IA): the Internet Archive's canonical URL, the URL a SURT is the
//     key of (SURTOptions.Canonical).
//
// Options are the steps of the dedup profiles, which compose: set the ones
// wanted, and Options.Apply returns the canonical url.URL, Options.Canonical
// its string. DedupOptions and DedupStripOptions return the steps of Dedup
// and DedupStrip, as new values to start from. Each profile's and each
// step's documentation lists what it does, in order.
//
//	o := canonical.DedupStripOptions()
//	o.StripParams = append(o.StripParams, "ref")
//	key, err := o.Canonical(u)
//
// Every profile's canonical string parses, and every profile but ia is
// idempotent: the canonical string is its own canonical string. Every
// profile's but Safe Browsing's is the href of the URL it parses to, so a
// program that parses a key reads the URL the key names, written as the key
// is (Safe Browsing's keeps the bytes that its hashes are of, such as a bare
// quotation mark or "<", which the parser percent-encodes). The ia
// profile and SURT give the archives' keys, quirks included, and the
// archives' steps run once: where they leave work (a second session
// identifier of one pattern, say), canonicalizing again changes the key
// (SURTOptions.SURT says where). A step of the dedup profiles that strips
// parameters or session identifiers changes nothing but what it strips:
// two URLs that differ elsewhere never get one key, and where removing a
// parameter would leave a segment that the parser reads otherwise (a dot
// segment, which it would resolve), the segment keeps it
// (Options.StripParams); the archives' session-identifier patterns, which
// ia and SURT follow, do not keep to this (SURTOptions.KeepSessionIDs). The
// fuzz tests (FuzzCanonicalProfiles, FuzzCanonicalOptions,
// FuzzCanonicalSURT, FuzzCanonicalStripOnly) check these on every input,
// and a canonicalization takes time linear in the length of the URL. On
// real URLs it costs less than a url.Parse of the URL for the dedup and Safe
// Browsing profiles, and 1.4 to 2.2 times as much for ia and SURT (1.6 to
// 1.8 over the corpora of BenchmarkCanonical, 2.05 to 2.2 on the long
// phishing URLs of userbait; see BENCHMARKS.md in the repository), of which
// a SURT's string takes 0.35 to 0.6: AppendSURT, which makes no string,
// costs 1.1 to 1.4 times a parse, and 1.6 on userbait. A SURT that had
// nothing to check, only its bytes to write in their order and case and its
// string to make, would cost 1.15 to 1.5 (BenchmarkKeyWorkFloor). Most URLs
// take a fast path that writes the result once, held to the general path by
// the tests.
//
// # SURT
//
// SURT returns the Sort-friendly URI Reordering Transform of a URL, the key of
// web archives' CDX indexes, with the Internet Archive's defaults (those of
// its surt package and of webarchive-commons):
//
//	http://www.Example.com/a?b=2&a=1  →  com,example)/a?a=1&b=2
//
// SURTOptions choose the usual variants: the scheme kept
// ("http://(com,example)/a?a=1&b=2"), a trailing comma, www kept, case kept,
// query order kept. With the scheme kept, SURTOptions.Parse is the inverse:
// it turns a key back into the URL it is the key of. AppendSURT appends the
// key to a buffer, as strconv's Append functions do, for a program that
// writes keys into lines of its own (a CDX index) and needs no string.
//
// # Sources and where the URL Standard differs
//
// The rules come from their publishers: Safe Browsing's from its API v4 page
// "URLs and Hashing", the SURT's from the surt package and webarchive-commons.
// Their examples are in testdata/safebrowsing.json and testdata/surt.json,
// and the tests run every one. Both predate the URL Standard: where its parser
// rejects an input they accept ("http://host%23.com/", "www.google.com/"
// without a scheme) or reads it otherwise, the file says so for the case and
// records what this package produces. Where the published rules would make a
// canonical string that the parser reads as another URL (a "\" or "?" that
// percent-decoding leaves in a path), this package keeps it percent-encoded;
// the functions' documentation says where.
package canonical
