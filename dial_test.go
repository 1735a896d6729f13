package url

import (
	"errors"
	"net"
	"net/netip"
	"strconv"
	"testing"
)

func TestPortOrDefault(t *testing.T) {
	tests := []struct {
		in   string
		port uint16
		ok   bool
	}{
		{"http://example.com/", 80, true},
		{"http://example.com:80/", 80, true}, // the default, made null by the parser
		{"http://example.com:8080/", 8080, true},
		{"https://example.com/", 443, true},
		{"https://example.com:443/", 443, true},
		{"https://example.com:0/", 0, true},
		{"ws://example.com/", 80, true},
		{"wss://example.com/", 443, true},
		{"ftp://example.com/", 21, true},
		{"file:///etc/hosts", 0, false},
		{"file://server/share", 0, false},
		{"sc://host/", 0, false},
		{"sc://host:7/", 7, true},
		{"redis://cache.internal:6379", 6379, true},
		{"mailto:a@example.com", 0, false},
		{"sc:/path", 0, false},
	}
	for _, tt := range tests {
		u := MustParse(tt.in)
		if port, ok := u.PortOrDefault(); port != tt.port || ok != tt.ok {
			t.Errorf("PortOrDefault(%q) = %d, %v; want %d, %v", tt.in, port, ok, tt.port, tt.ok)
		}
	}
	if port, ok := (URL{}).PortOrDefault(); port != 0 || ok {
		t.Errorf("PortOrDefault of the zero URL = %d, %v", port, ok)
	}
}

func TestHostPort(t *testing.T) {
	tests := []struct {
		in, want string
		err      error
	}{
		{"https://example.com/", "example.com:443", nil},
		{"https://EXAMPLE.com:443/", "example.com:443", nil},
		{"http://example.com:8080/", "example.com:8080", nil},
		{"http://[::1]:8080/", "[::1]:8080", nil},
		{"http://[::1]/", "[::1]:80", nil},
		{"http://[::ffff:127.0.0.1]/", "[::ffff:7f00:1]:80", nil},
		{"http://0x7f.1/", "127.0.0.1:80", nil},
		{"http://2130706433:81/", "127.0.0.1:81", nil},
		{"http://bücher.example/", "xn--bcher-kva.example:80", nil},
		{"ftp://user:pass@example.com/", "example.com:21", nil},
		{"wss://example.com/chat", "example.com:443", nil},
		{"redis://Cache.Internal:6379/0", "Cache.Internal:6379", nil}, // an opaque host, as written
		{"sc://127.1:80/", "127.1:80", nil},                           // opaque: not read as IPv4
		{"sc://a%20b:1/", "a%20b:1", nil},
		{"sc://[::1]:1/", "[::1]:1", nil},
		{"sc://host/", "", ErrDialNoPort},
		{"file://server/share", "", ErrDialNoPort},
		{"file:///etc/hosts", "", ErrDialNoHost},
		{"sc:///path", "", ErrDialNoHost},
		{"sc:/path", "", ErrDialNoHost},
		{"mailto:a@example.com", "", ErrDialNoHost},
		{"data:text/plain,x", "", ErrDialNoHost},
	}
	for _, tt := range tests {
		u := MustParse(tt.in)
		got, err := u.HostPort()
		if got != tt.want || !errors.Is(err, tt.err) || (err == nil) != (tt.err == nil) {
			t.Errorf("HostPort(%q) = %q, %v; want %q, %v", tt.in, got, err, tt.want, tt.err)
			continue
		}
		if err != nil {
			continue
		}
		// What net.Dial does with it: split it into the host it looks up
		// and the port, both u's.
		host, port, err := net.SplitHostPort(got)
		if err != nil {
			t.Errorf("net.SplitHostPort(HostPort(%q) = %q): %v", tt.in, got, err)
			continue
		}
		if want, _ := u.PortOrDefault(); port != strconv.Itoa(int(want)) {
			t.Errorf("HostPort(%q) = %q: port %q, want %d", tt.in, got, port, want)
		}
		if want := u.unbracketed(); host != want {
			t.Errorf("HostPort(%q) = %q: host %q, want %q", tt.in, got, host, want)
		}
		// For an IP host, the same as AddrPort.
		if ap, ok := u.AddrPort(); ok {
			if parsed, err := netip.ParseAddrPort(got); err != nil || parsed != ap {
				t.Errorf("HostPort(%q) = %q, which netip reads as %v, %v; AddrPort is %v", tt.in, got, parsed, err, ap)
			}
		}
	}
	if _, err := (URL{}).HostPort(); !errors.Is(err, ErrDialNoHost) {
		t.Errorf("HostPort of the zero URL: %v, want ErrDialNoHost", err)
	}
	_, err := MustParse("sc://user:secret@host/").HostPort()
	if want := `url: HostPort("sc://user:xxxxx@host/"): the URL has no port, and its scheme has no default port`; err == nil || err.Error() != want {
		t.Errorf("HostPort error = %v, want %s", err, want)
	}
}

func TestAddrPort(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" for false
	}{
		{"http://127.0.0.1/", "127.0.0.1:80"},
		{"http://127.1/", "127.0.0.1:80"},
		{"http://0x7f.1/", "127.0.0.1:80"},
		{"http://2130706433/", "127.0.0.1:80"},
		{"http://0177.0.0.1/", "127.0.0.1:80"},
		{"http://①②⑦.0.0.1/", "127.0.0.1:80"},
		{"http://%31%32%37.0.0.1./", "127.0.0.1:80"},
		{"https://[::1]/", "[::1]:443"},
		{"https://[::ffff:127.0.0.1]:8443/", "[::ffff:127.0.0.1]:8443"},
		{"https://[::ffff:0.0.0.0]/", "[::ffff:0.0.0.0]:443"},
		{"http://[64:ff9b::7f00:1]/", "[64:ff9b::7f00:1]:80"},
		{"sc://[::1]:9/", "[::1]:9"},
		{"sc://[::1]/", ""},       // no port to connect to
		{"sc://127.0.0.1:9/", ""}, // an opaque host
		{"http://example.com/", ""},
		{"http://localhost/", ""},
		{"file:///etc/hosts", ""},
		{"mailto:a@example.com", ""},
	}
	for _, tt := range tests {
		u := MustParse(tt.in)
		ap, ok := u.AddrPort()
		if tt.want == "" {
			if ok || ap.IsValid() {
				t.Errorf("AddrPort(%q) = %v, %v; want false", tt.in, ap, ok)
			}
			continue
		}
		if want := netip.MustParseAddrPort(tt.want); !ok || ap != want {
			t.Errorf("AddrPort(%q) = %v, %v; want %v", tt.in, ap, ok, want)
		}
	}
	if ap, ok := (URL{}).AddrPort(); ok || ap.IsValid() {
		t.Errorf("AddrPort of the zero URL = %v, %v", ap, ok)
	}
}

// TestDialHostPort dials HostPort of loopback URLs spelled as the standard
// allows and net.Dial would not ("0x7f.1" is no address for net.Dial): the
// listener accepts each connection. net.Dial connects to an IPv4-mapped
// address over IPv4.
func TestDialHostPort(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Skipf("no loopback: %v", err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	port := strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	for _, host := range []string{"127.0.0.1", "127.1", "0x7f.1", "2130706433", "0177.0.0.1", "[::ffff:127.0.0.1]"} {
		in := "http://" + host + ":" + port + "/"
		u := MustParse(in)
		addr, err := u.HostPort()
		if err != nil {
			t.Errorf("HostPort(%q): %v", in, err)
			continue
		}
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Errorf("net.Dial(HostPort(%q) = %q): %v", in, addr, err)
			continue
		}
		c.Close()
	}
}
