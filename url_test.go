package url

import "testing"

// TestZeroURL checks every getter and setter on the zero URL: it is not a
// valid URL, every string getter returns "", the record view says null
// where the standard has null, and no setter changes it or panics.
func TestZeroURL(t *testing.T) {
	var u URL
	if u.IsValid() || u.HasHost() || u.HasOpaquePath() || u.IsSpecial() {
		t.Errorf("zero URL: IsValid %v HasHost %v HasOpaquePath %v IsSpecial %v", u.IsValid(), u.HasHost(), u.HasOpaquePath(), u.IsSpecial())
	}
	for name, got := range map[string]string{
		"Href": u.Href(), "String": u.String(), "Protocol": u.Protocol(), "Scheme": u.Scheme(),
		"Username": u.Username(), "Password": u.Password(), "Host": u.Host(), "Hostname": u.Hostname(),
		"Port": u.Port(), "Pathname": u.Pathname(), "Search": u.Search(), "Hash": u.Hash(),
		"HrefExcludingFragment": u.HrefExcludingFragment(), "Redacted": u.Redacted(), "Render": u.Render(),
		"AppendTo": string(u.AppendTo(nil)), "HostValue": u.HostValue().String(),
	} {
		if got != "" {
			t.Errorf("zero URL: %s() = %q, want \"\"", name, got)
		}
	}
	if q, ok := u.Query(); q != "" || ok {
		t.Errorf("zero URL: Query() = %q, %v", q, ok)
	}
	if f, ok := u.Fragment(); f != "" || ok {
		t.Errorf("zero URL: Fragment() = %q, %v", f, ok)
	}
	if p, ok := u.PortNumber(); p != 0 || ok {
		t.Errorf("zero URL: PortNumber() = %d, %v", p, ok)
	}
	if u.HostKind() != NullHost || u.SearchParams().Size() != 0 {
		t.Errorf("zero URL: HostKind %v, SearchParams %q", u.HostKind(), u.SearchParams())
	}
	if !u.Equal(URL{}) || !u.EqualExcludingFragment(URL{}) || u.Origin().String() != "null" {
		t.Errorf("zero URL: Equal %v, EqualExcludingFragment %v, Origin %q", u.Equal(URL{}), u.EqualExcludingFragment(URL{}), u.Origin())
	}
	if text, err := u.MarshalText(); err != nil || string(text) != "" {
		t.Errorf("zero URL: MarshalText() = %q, %v", text, err)
	}
	setters := map[string]func(*URL){
		"SetProtocol": func(u *URL) { u.SetProtocol("https") },
		"SetUsername": func(u *URL) { u.SetUsername("user") },
		"SetPassword": func(u *URL) { u.SetPassword("pw") },
		"SetHost":     func(u *URL) { u.SetHost("example.com:8080") },
		"SetHostname": func(u *URL) { u.SetHostname("example.com") },
		"SetPort":     func(u *URL) { u.SetPort("8080") },
		"SetPathname": func(u *URL) { u.SetPathname("/a") },
		"SetSearch":   func(u *URL) { u.SetSearch("?q") },
		"SetHash":     func(u *URL) { u.SetHash("#f") },
		"SetSearchParams": func(u *URL) {
			u.SetSearchParams(NewSearchParams("a=b"))
		},
	}
	for name, set := range setters {
		var v URL
		set(&v)
		if v != (URL{}) {
			t.Errorf("zero URL: %s made it %q", name, v.Href())
		}
	}
	// SetHref makes it the URL it parses.
	var v URL
	if err := v.SetHref("https://example.com/"); err != nil || v.Href() != "https://example.com/" {
		t.Errorf("zero URL: SetHref: %q, %v", v.Href(), err)
	}
}
