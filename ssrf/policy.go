package ssrf

import (
	"context"
	"net"
	"net/netip"
	"slices"
	"strconv"
	"strings"

	"github.com/webstd/url"
	"github.com/webstd/url/urlpattern"
)

// A Policy says where a [Guard] may send requests. The zero Policy is the
// default: http and https URLs on ports 80 and 443, of any host whose
// addresses are not special ([IsSpecial]), resolved by the system's
// resolver, without a proxy, following at most 10 redirects.
//
// A URL is allowed when every rule allows it:
//
//   - its scheme is one of Schemes;
//   - its port, or its scheme's default port
//     (https://url.spec.whatwg.org/#default-port), is one of Ports;
//   - its host is none of DenyHosts, nor one of DenyDomains or under one,
//     and it matches none of DenyPatterns; and when any of AllowHosts,
//     AllowDomains and AllowPatterns is set, its host is one of AllowHosts,
//     or one of AllowDomains or under one, or it matches one of
//     AllowPatterns;
//   - every address its host is, or resolves to, is allowed: an address
//     in DenyAddrs never is, an address in AllowAddrs (or with the port in
//     AllowAddrPorts) is, and any other is unless it is special.
//
// The host rules do not lift the address rule: an allowed host that
// resolves to 10.0.0.1 is still refused unless AllowAddrs holds it.
//
// The host rules read a host as the resolver and the dialer do: a domain
// without the dots that end it ("internal.example." is the DNS name
// internal.example, which DenyHosts "internal.example" names), and an
// IPv4-mapped IPv6 address ("[::ffff:10.0.0.1]") as the IPv4 address it
// connects to.
type Policy struct {
	// Schemes are the schemes allowed, lowercase; nil means http and
	// https. A Guard's client sends http and https only, so other schemes
	// matter to Check alone.
	Schemes []string
	// Ports are the ports allowed; nil means 80 and 443.
	Ports []uint16
	// AllowAddrs are blocks allowed although they are special: a
	// company's own network for an internal crawler, say. An IPv4 address
	// and its IPv4-mapped form are allowed together, whether the block is
	// written as IPv4 ("10.1.0.0/16") or in IPv4-mapped form
	// ("::ffff:10.1.0.0/112"); any other IPv6 block (::/0 too) names IPv6
	// addresses only.
	AllowAddrs []netip.Prefix
	// AllowAddrPorts are addresses allowed, although they are special, on
	// one port only: a service of the local network that the guard may
	// reach, and nothing else on its host.
	AllowAddrPorts []netip.AddrPort
	// DenyAddrs are blocks refused although they are not special. An
	// IPv4 block also refuses the IPv4-mapped, NAT64 (64:ff9b::/96) and
	// 6to4 (2002::/16) forms of its addresses, and so does a block written
	// in IPv4-mapped form ("::ffff:8.8.8.0/120" refuses 8.8.8.8 as
	// 8.8.8.0/24 does); any other IPv6 block (::/0 too) names IPv6
	// addresses only. (The other IPv6 blocks that carry IPv4 addresses,
	// such as 64:ff9b:1::/48 and ::/96, are special, refused whole unless
	// AllowAddrs names them.)
	DenyAddrs []netip.Prefix
	// AllowHosts and DenyHosts are hosts, as the host parser
	// (https://url.spec.whatwg.org/#concept-host-parser) reads them: New
	// parses each, so "EXAMPLE.com", "0x7f.1" and "[::1]" name the hosts
	// example.com, 127.0.0.1 and [::1] of a URL. An IPv4 address names its
	// IPv4-mapped IPv6 form too ("[::ffff:10.0.0.1]"), not its NAT64 or
	// 6to4 forms: deny addresses with DenyAddrs, which names them all.
	AllowHosts, DenyHosts []string
	// AllowDomains and DenyDomains are domains, each naming itself and
	// every host under it: "example.com" names example.com and
	// a.b.example.com, "www.example.com" www.example.com and
	// a.www.example.com, and "blogspot.com" every blog under it, whatever
	// the Public Suffix List says of them.
	AllowDomains, DenyDomains []string
	// AllowPatterns and DenyPatterns are URL patterns
	// (https://urlpattern.spec.whatwg.org/) the whole URL is matched
	// against; a URL whose domain ends in dots is matched without them
	// too. A pattern's pathname matches the path as the URL Standard
	// reads it, which is not how every server reads it: "/%61dmin/x" and
	// "/x/..%2Fadmin" do not match "/admin/*", and a server that decodes
	// its paths reads "/admin/x" and "/admin" there. Deny a host or an
	// address, not a path: a guard of outgoing requests is no boundary of
	// another server's paths.
	AllowPatterns, DenyPatterns []*urlpattern.Pattern
	// Resolver turns a domain into addresses; nil means
	// net.DefaultResolver. A *net.Resolver is one.
	Resolver Resolver
	// Proxy is the URL of the proxy every request goes through, "" for
	// none. The environment's proxy (HTTP_PROXY and its friends) is never
	// used. Through a proxy, the guard still refuses URLs by their scheme,
	// port, host and IP address, those of the host the request-target
	// names to the proxy (a request's Host field, when it is set: see
	// [Transport]) included, but the proxy resolves domains and connects:
	// the dial-time check sees only the proxy's address, which is allowed
	// whatever it is. The proxy must apply the address rules.
	Proxy string
	// MaxRedirects is the number of redirects a Guard's client follows;
	// 0 means 10, and a negative number none.
	MaxRedirects int
}

// A Resolver turns a domain into IP addresses; network is "ip".
// *net.Resolver is a Resolver.
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// A Guard applies a [Policy]: it checks URLs ([Guard.Check]) and sends
// requests ([Guard.Client], [Guard.Transport], [Guard.DialContext]) where
// the policy allows. A Guard is safe for concurrent use. The zero Guard
// refuses every URL; [New] makes a Guard of a Policy.
type Guard struct {
	schemes     []string
	ports       []uint16
	allowAddrs  []netip.Prefix
	allowAPs    []netip.AddrPort
	denyAddrs   []netip.Prefix
	allowHosts  map[string]bool
	denyHosts   map[string]bool
	allowDoms   domainSet
	denyDoms    domainSet
	allowPats   []*urlpattern.Pattern
	denyPats    []*urlpattern.Pattern
	hostRules   bool // any allow rule of hosts is set
	resolver    Resolver
	proxy       *url.URL
	proxyAddr   string // the proxy's HostPort, as the Transport dials it
	maxRedirect int
	dialer      net.Dialer
	transport   *Transport
}

// New returns the Guard of p. It returns an error when p names a host or
// domain that does not parse, or a proxy URL that does not or that net/url
// would read otherwise (url.URL.ToStd), which the Transport could not use.
func New(p Policy) (*Guard, error) {
	g := &Guard{
		schemes:     slices.Clone(p.Schemes),
		ports:       slices.Clone(p.Ports),
		allowAddrs:  unmapBlocks(p.AllowAddrs),
		allowAPs:    slices.Clone(p.AllowAddrPorts),
		denyAddrs:   unmapBlocks(p.DenyAddrs),
		allowPats:   slices.Clone(p.AllowPatterns),
		denyPats:    slices.Clone(p.DenyPatterns),
		resolver:    p.Resolver,
		maxRedirect: p.MaxRedirects,
	}
	if g.schemes == nil {
		g.schemes = []string{"http", "https"}
	}
	if g.ports == nil {
		g.ports = []uint16{80, 443}
	}
	if g.resolver == nil {
		g.resolver = net.DefaultResolver
	}
	if g.maxRedirect == 0 {
		g.maxRedirect = 10
	}
	var err error
	if g.allowHosts, err = hostSet(p.AllowHosts, false); err != nil {
		return nil, err
	}
	if g.denyHosts, err = hostSet(p.DenyHosts, false); err != nil {
		return nil, err
	}
	if g.allowDoms, err = newDomainSet(p.AllowDomains); err != nil {
		return nil, err
	}
	if g.denyDoms, err = newDomainSet(p.DenyDomains); err != nil {
		return nil, err
	}
	g.hostRules = len(g.allowHosts)+len(g.allowDoms.names)+len(g.allowPats) > 0
	if p.Proxy != "" {
		u, err := url.Parse(p.Proxy)
		if err != nil {
			return nil, err
		}
		hp, err := u.HostPort()
		if err != nil {
			return nil, err
		}
		if _, err := u.ToStd(); err != nil {
			return nil, err
		}
		g.proxy, g.proxyAddr = &u, hp
	}
	g.dialer = net.Dialer{Control: g.control}
	g.transport = newTransport(g)
	return g, nil
}

// hostSet parses hosts with the host parser, and keeps each as the host
// rules read it (ruleName); a domain, when domains is true, must be one,
// and no domain may have an empty label but at its end.
func hostSet(hosts []string, domains bool) (map[string]bool, error) {
	if len(hosts) == 0 {
		return nil, nil
	}
	set := make(map[string]bool, len(hosts))
	for _, s := range hosts {
		h, err := url.ParseHost(s)
		if err != nil {
			return nil, err
		}
		if domains && h.Kind() != url.DomainHost {
			return nil, refuse(RuleHost, s, "an entry of AllowDomains or DenyDomains must be a domain", nil)
		}
		if h.Kind() == url.DomainHost {
			if n := strings.TrimRight(h.String(), "."); n == "" || n[0] == '.' || strings.Contains(n, "..") {
				return nil, refuse(RuleHost, s, "a domain with an empty label names no host a resolver reads", nil)
			}
		}
		set[ruleName(h)] = true
	}
	return set, nil
}

// ruleHost returns the host of u as the host rules read it (ruleName).
func ruleHost(u url.URL) string { return ruleName(u.HostValue()) }

// ruleName returns the host h as the host rules read it, which is how a
// resolver and a dialer read it: a domain without the dots that end it
// (url.Host.TrimTrailingDots: "1.2.3.4.." keeps them), an IPv4-mapped IPv6
// address as the IPv4 address (to which a dialer connects), and any other
// host as it is. Entries of a Policy and the hosts of URLs are read alike.
func ruleName(h url.Host) string {
	switch h.Kind() {
	case url.DomainHost:
		return h.TrimTrailingDots().String()
	case url.IPv6Host:
		if a := h.Addr(); a.Is4In6() {
			return a.Unmap().String()
		}
	}
	return h.String()
}

// A domainSet is the set of the domains of AllowDomains or DenyDomains,
// each as the host rules read it (ruleName), with the length of the
// longest.
type domainSet struct {
	names   map[string]bool
	longest int
}

// newDomainSet returns the domainSet of domains (see hostSet).
func newDomainSet(domains []string) (domainSet, error) {
	names, err := hostSet(domains, true)
	if err != nil {
		return domainSet{}, err
	}
	set := domainSet{names: names}
	for name := range names {
		set.longest = max(set.longest, len(name))
	}
	return set, nil
}

// underDomain reports whether host, a domain as the host rules read it
// (ruleName), or a domain it is under, is in set: whether host or one of
// its suffixes that starts after a dot is. Only the suffixes no longer than
// the longest domain of set can be in it, and only those are looked up,
// from the shortest: the time it takes is bounded by set, whatever the
// length of host and its number of labels. (Looking up every suffix would
// hash each of them, which is quadratic in the number of labels.)
func underDomain(set domainSet, host string) bool {
	if len(set.names) == 0 {
		return false
	}
	stop := max(len(host)-set.longest-1, 0) // host[i+1:] is longer than set.longest for every i < stop
	for i := len(host) - 1; i >= stop; i-- {
		if host[i] == '.' && set.names[host[i+1:]] {
			return true
		}
	}
	return len(host) <= set.longest && set.names[host]
}

// matchesAny reports whether u matches one of patterns: u as it is, and,
// when the host rules read its host otherwise (ruleHost: a domain that ends
// in dots, an IPv4-mapped IPv6 address), u with that host.
func matchesAny(patterns []*urlpattern.Pattern, u url.URL) bool {
	if len(patterns) == 0 {
		return false
	}
	v, read := u, false
	if name := ruleHost(u); name != u.Hostname() {
		read = v.SetHostname(name) == nil
	}
	for _, p := range patterns {
		if p.TestURL(u) || read && p.TestURL(v) {
			return true
		}
	}
	return false
}

// Check parses rawURL with this module's parser
// (https://url.spec.whatwg.org/#concept-url-parser) and returns it when
// the policy allows it, resolving its host when it is a domain and
// checking every address the resolver returns. It is the pre-flight check
// of a program that only validates URLs, such as a form that registers a
// webhook.
//
// Check is weaker than the Guard's client: what a domain resolves to can
// change between the check and a request (DNS rebinding), a URL allowed
// now can redirect anywhere later, and the addresses a resolver returns
// here need not be those the client's resolver returns. A program that
// fetches the URL must fetch it with [Guard.Client], which checks again
// every URL it requests and every address it connects to.
func (g *Guard) Check(ctx context.Context, rawURL string) (url.URL, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return url.URL{}, refuse(RuleURL, rawURL, "the URL does not parse", err)
	}
	if err := g.CheckURL(u); err != nil {
		return url.URL{}, err
	}
	if u.HostKind() != url.DomainHost {
		return u, nil
	}
	if g.proxy != nil {
		return u, nil // the proxy resolves it
	}
	addrs, err := g.resolver.LookupNetIP(ctx, "ip", u.Hostname())
	if err != nil {
		return url.URL{}, refuse(RuleAddress, u.Redacted(), "the host does not resolve", err)
	}
	if len(addrs) == 0 {
		return url.URL{}, refuse(RuleAddress, u.Redacted(), "the host resolves to no address", nil)
	}
	for _, a := range addrs {
		port, _ := u.PortOrDefault()
		if reason, ok := g.addrRefused(netip.AddrPortFrom(a, port)); ok {
			return url.URL{}, refuse(RuleAddress, u.Redacted(), u.Hostname()+" resolves to "+reason, nil)
		}
	}
	return u, nil
}

// CheckURL reports whether the policy allows u, without DNS: its scheme,
// port and host, and its address when its host is an IP address. A domain
// is decided when it is dialed (or by [Guard.Check], which resolves it).
// It returns nil or a *[Error].
func (g *Guard) CheckURL(u url.URL) error {
	if !u.IsValid() {
		return refuse(RuleURL, "", "the zero URL", nil)
	}
	if !slices.Contains(g.schemes, u.Scheme()) {
		return refuse(RuleScheme, u.Redacted(), "the scheme "+strconv.Quote(u.Scheme())+" is not allowed", nil)
	}
	kind := u.HostKind()
	if kind == url.NullHost || kind == url.EmptyHost {
		return refuse(RuleHost, u.Redacted(), "the URL has no host", nil)
	}
	if kind == url.OpaqueHost {
		// The host of a URL whose scheme is not special is not read as an
		// address by the parser, and may be by a resolver ("127.1").
		return refuse(RuleHost, u.Redacted(), "the host is opaque (the scheme is not special), and an opaque host may name any address", nil)
	}
	port, ok := u.PortOrDefault()
	if !ok {
		return refuse(RulePort, u.Redacted(), "the URL has no port and its scheme no default port", nil)
	}
	if !slices.Contains(g.ports, port) {
		return refuse(RulePort, u.Redacted(), "the port "+strconv.Itoa(int(port))+" is not allowed", nil)
	}
	host := ruleHost(u)
	named := u.Hostname() // as the errors name it: the URL's, and the host rules' reading
	if host != named {
		named += " (" + host + ")"
	}
	if g.denyHosts[host] {
		return refuse(RuleHost, u.Redacted(), "the host "+named+" is denied", nil)
	}
	if kind == url.DomainHost && underDomain(g.denyDoms, host) {
		return refuse(RuleHost, u.Redacted(), "the domain "+named+" is a denied domain or under one", nil)
	}
	if matchesAny(g.denyPats, u) {
		return refuse(RuleHost, u.Redacted(), "the URL matches a denied pattern", nil)
	}
	if g.hostRules && !g.hostAllowed(u, host) {
		return refuse(RuleHost, u.Redacted(), "the host "+named+" is not among the allowed hosts, domains and patterns", nil)
	}
	if ap, ok := u.AddrPort(); ok {
		if reason, refused := g.addrRefused(ap); refused {
			return refuse(RuleAddress, u.Redacted(), reason, nil)
		}
	}
	return nil
}

// unmapBlocks returns a copy of blocks in which a block of IPv4-mapped
// addresses ("::ffff:10.0.0.0/104": the range ::ffff:0:0/96 or a block
// within it) is the IPv4 block it maps ("10.0.0.0/8"): an IPv4-mapped
// address is the IPv4 address a dialer connects to
// (https://www.rfc-editor.org/rfc/rfc4291#section-2.5.5.2), which the
// address rules read in its place (addrRefused). Any other IPv6 block, ::/0
// among them, names IPv6 addresses only.
func unmapBlocks(blocks []netip.Prefix) []netip.Prefix {
	out := slices.Clone(blocks)
	for i, p := range out {
		if p.Addr().Is4In6() && p.Bits() >= 96 {
			out[i] = netip.PrefixFrom(p.Addr().Unmap(), p.Bits()-96)
		}
	}
	return out
}

// hostAllowed reports whether an allow rule names u, whose host the host
// rules read as host (ruleHost).
func (g *Guard) hostAllowed(u url.URL, host string) bool {
	return g.allowHosts[host] || u.HostKind() == url.DomainHost && underDomain(g.allowDoms, host) || matchesAny(g.allowPats, u)
}

// addrRefused returns why the policy refuses the address ap, when it does.
//
// The blocks are read against the address a dialer connects to: an
// IPv4-mapped address is its IPv4 address (and a block in IPv4-mapped form
// an IPv4 block: unmapBlocks). A block of DenyAddrs refuses it and the IPv4
// address it carries in a NAT64 or 6to4 form (see carried); a block of
// AllowAddrs allows it, not what it carries.
func (g *Guard) addrRefused(ap netip.AddrPort) (string, bool) {
	a := ap.Addr().WithZone("")
	if !a.IsValid() {
		return "not an IP address", true
	}
	dialed := a.Unmap()
	carries, _, _ := carried(dialed) // invalid but for a NAT64 or 6to4 form
	for _, p := range g.denyAddrs {
		if p.Contains(dialed) || p.Contains(carries) {
			return a.String() + " is in " + p.String() + ", which the policy denies", true
		}
	}
	for _, p := range g.allowAddrs {
		if p.Contains(dialed) {
			return "", false
		}
	}
	for _, allowed := range g.allowAPs {
		if allowed.Port() == ap.Port() && allowed.Addr().WithZone("").Unmap() == dialed {
			return "", false
		}
	}
	if reason, ok := specialOf(a); ok {
		if !strings.HasPrefix(reason, "it is") {
			reason = a.String() + " is in " + reason
		} else {
			reason = a.String() + ": " + reason
		}
		return reason, true
	}
	return "", false
}
