package ssrf

import "github.com/webstd/url"

// ParseForTest is url.Parse, for the tests of package ssrf_test.
func ParseForTest(s string) (url.URL, error) { return url.Parse(s) }

// ControlForTest is the net.Dialer Control function of g: the dial-time
// check of the address a socket is about to connect to.
func (g *Guard) ControlForTest(network, address string) error {
	return g.control(network, address, nil)
}
