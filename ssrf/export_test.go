package ssrf

import "github.com/webstd/url"

// ParseForTest is url.Parse, for the tests of package ssrf_test.
func ParseForTest(s string) (url.URL, error) { return url.Parse(s) }
