package url_test

import (
	"errors"
	"fmt"
	"net"

	"github.com/webstd/url"
)

func ExampleURL_PortOrDefault() {
	for _, in := range []string{"https://example.com/", "https://example.com:443/", "http://example.com:8080/", "sc://host/", "file:///etc/hosts"} {
		u := url.MustParse(in)
		port, ok := u.PortOrDefault()
		fmt.Printf("%-26s Port() %-6q PortOrDefault() %d %v\n", in, u.Port(), port, ok)
	}
	// Output:
	// https://example.com/       Port() ""     PortOrDefault() 443 true
	// https://example.com:443/   Port() ""     PortOrDefault() 443 true
	// http://example.com:8080/   Port() "8080" PortOrDefault() 8080 true
	// sc://host/                 Port() ""     PortOrDefault() 0 false
	// file:///etc/hosts          Port() ""     PortOrDefault() 0 false
}

func ExampleURL_HostPort() {
	u := url.MustParse("http://[::1]:8080/")
	// What net/url users write: the IPv6 address is bracketed twice, and
	// a URL without a port gets none.
	fmt.Println(net.JoinHostPort(u.Hostname(), u.Port()))
	fmt.Println(net.JoinHostPort(url.MustParse("https://example.com/").Hostname(), url.MustParse("https://example.com/").Port()))

	for _, in := range []string{"http://[::1]:8080/", "https://example.com/", "http://0x7f.1/", "wss://bücher.example/chat", "file:///etc/hosts", "sc://host/"} {
		addr, err := url.MustParse(in).HostPort()
		switch {
		case errors.Is(err, url.ErrDialNoHost):
			fmt.Println("no host:", in)
		case errors.Is(err, url.ErrDialNoPort):
			fmt.Println("no port:", in)
		default:
			fmt.Println(addr) // ready for net.Dial("tcp", addr)
		}
	}
	// Output:
	// [[::1]]:8080
	// example.com:
	// [::1]:8080
	// example.com:443
	// 127.0.0.1:80
	// xn--bcher-kva.example:443
	// no host: file:///etc/hosts
	// no port: sc://host/
}

func ExampleURL_AddrPort() {
	for _, in := range []string{"http://2130706433/", "https://[::ffff:127.0.0.1]:8443/", "http://0/", "http://[::ffff:0.0.0.0]/", "https://example.com/"} {
		ap, ok := url.MustParse(in).AddrPort()
		if !ok {
			fmt.Println(in, "has no IP host: resolve it, and check the addresses dialed")
			continue
		}
		a := ap.Addr()
		fmt.Println(ap, "loopback", a.IsLoopback(), "unspecified", a.IsUnspecified(), "unmapped unspecified", a.Unmap().IsUnspecified())
	}
	// Output:
	// 127.0.0.1:80 loopback true unspecified false unmapped unspecified false
	// [::ffff:127.0.0.1]:8443 loopback true unspecified false unmapped unspecified false
	// 0.0.0.0:80 loopback false unspecified true unmapped unspecified true
	// [::ffff:0.0.0.0]:80 loopback false unspecified false unmapped unspecified true
	// https://example.com/ has no IP host: resolve it, and check the addresses dialed
}
