package urlpattern

// Constructor string parsing: https://urlpattern.spec.whatwg.org/#constructor-string-parsing.

// A constructorState is https://urlpattern.spec.whatwg.org/#constructor-string-parser-state.
type constructorState uint8

const (
	stateInit constructorState = iota
	stateProtocol
	stateAuthority
	stateUsername
	statePassword
	stateHostname
	statePort
	statePathname
	stateSearch
	stateHash
	stateDone
)

// A constructorParser is https://urlpattern.spec.whatwg.org/#constructor-string-parser.
type constructorParser struct {
	input                            string
	tokens                           []token
	result                           Init
	componentStart                   int
	tokenIndex                       int
	tokenIncrement                   int
	groupDepth                       int
	hostnameIPv6BracketDepth         int
	protocolMatchesSpecialSchemeFlag bool
	state                            constructorState
}

// parseConstructorString implements
// https://urlpattern.spec.whatwg.org/#parse-a-constructor-string.
func parseConstructorString(input string) (Init, error) {
	// 1. Let parser be a new constructor string parser whose input is input
	//    and token list is the result of running tokenize given input and
	//    "lenient".
	tokens, err := tokenize(input, policyLenient)
	if err != nil {
		return Init{}, err
	}
	p := &constructorParser{input: input, tokens: tokens, tokenIncrement: 1}
	// 2. While parser's token index is less than parser's token list size:
	for p.tokenIndex < len(p.tokens) {
		// 2.1. Set parser's token increment to 1.
		p.tokenIncrement = 1
		// 2.2. If parser's token list[parser's token index]'s type is "end"
		//      then:
		if p.tokens[p.tokenIndex].typ == tokenEnd {
			// 2.2.1. If parser's state is "init":
			if p.state == stateInit {
				// 2.2.1.1. Run rewind given parser.
				p.rewind()
				// 2.2.1.2. If the result of running is a hash prefix given
				//          parser is true, then run change state given
				//          parser, "hash" and 1.
				switch {
				case p.isHashPrefix():
					p.changeState(stateHash, 1)
				// 2.2.1.3. Otherwise if the result of running is a search
				//          prefix given parser is true: run change state
				//          given parser, "search" and 1.
				case p.isSearchPrefix():
					p.changeState(stateSearch, 1)
				// 2.2.1.4. Otherwise: run change state given parser,
				//          "pathname" and 0.
				default:
					p.changeState(statePathname, 0)
				}
				// 2.2.1.5. Increment parser's token index by parser's token
				//          increment. 2.2.1.6. Continue.
				p.tokenIndex += p.tokenIncrement
				continue
			}
			// 2.2.2. If parser's state is "authority": run rewind and set
			//        state given parser, and "hostname"; increment parser's
			//        token index by parser's token increment; continue.
			if p.state == stateAuthority {
				p.rewindAndSetState(stateHostname)
				p.tokenIndex += p.tokenIncrement
				continue
			}
			// 2.2.3. Run change state given parser, "done" and 0. 2.2.4.
			//        Break.
			p.changeState(stateDone, 0)
			break
		}
		// 2.3. If the result of running is a group open given parser is
		//      true: increment parser's group depth by 1; increment parser's
		//      token index by parser's token increment; continue.
		if p.isGroupOpen() {
			p.groupDepth++
			p.tokenIndex += p.tokenIncrement
			continue
		}
		// 2.4. If parser's group depth is greater than 0:
		if p.groupDepth > 0 {
			// 2.4.1. If the result of running is a group close given parser
			//        is true, then decrement parser's group depth by 1.
			if p.isGroupClose() {
				p.groupDepth--
			} else {
				// 2.4.2. Otherwise: increment parser's token index by
				//        parser's token increment; continue.
				p.tokenIndex += p.tokenIncrement
				continue
			}
		}
		// 2.5. Switch on parser's state and run the associated steps:
		switch p.state {
		case stateInit:
			// If the result of running is a protocol suffix given parser is
			// true: run rewind and set state given parser and "protocol".
			if p.isProtocolSuffix() {
				p.rewindAndSetState(stateProtocol)
			}
		case stateProtocol:
			// If the result of running is a protocol suffix given parser is
			// true:
			if p.isProtocolSuffix() {
				// Run compute protocol matches a special scheme flag given
				// parser.
				if err := p.computeProtocolMatchesSpecialSchemeFlag(); err != nil {
					return Init{}, err
				}
				// Let next state be "pathname". Let skip be 1.
				next, skip := statePathname, 1
				// If the result of running next is authority slashes given
				// parser is true: set next state to "authority"; set skip
				// to 3.
				if p.nextIsAuthoritySlashes() {
					next, skip = stateAuthority, 3
				} else if p.protocolMatchesSpecialSchemeFlag {
					// Otherwise if parser's protocol matches a special
					// scheme flag is true, then set next state to
					// "authority".
					next = stateAuthority
				}
				// Run change state given parser, next state, and skip.
				p.changeState(next, skip)
			}
		case stateAuthority:
			// If the result of running is an identity terminator given
			// parser is true, then run rewind and set state given parser
			// and "username".
			if p.isIdentityTerminator() {
				p.rewindAndSetState(stateUsername)
			} else if p.isPathnameStart() || p.isSearchPrefix() || p.isHashPrefix() {
				// Otherwise if any of is a pathname start, is a search
				// prefix or is a hash prefix: run rewind and set state
				// given parser and "hostname".
				p.rewindAndSetState(stateHostname)
			}
		case stateUsername:
			// If is a password prefix: change state to "password", 1.
			// Otherwise if is an identity terminator: change state to
			// "hostname", 1.
			if p.isPasswordPrefix() {
				p.changeState(statePassword, 1)
			} else if p.isIdentityTerminator() {
				p.changeState(stateHostname, 1)
			}
		case statePassword:
			// If is an identity terminator: change state to "hostname", 1.
			if p.isIdentityTerminator() {
				p.changeState(stateHostname, 1)
			}
		case stateHostname:
			switch {
			// If is an IPv6 open: increment parser's hostname IPv6 bracket
			// depth by 1.
			case p.isIPv6Open():
				p.hostnameIPv6BracketDepth++
			// Otherwise if is an IPv6 close: decrement it by 1.
			case p.isIPv6Close():
				p.hostnameIPv6BracketDepth--
			// Otherwise if is a port prefix and parser's hostname IPv6
			// bracket depth is zero: change state to "port", 1.
			case p.isPortPrefix() && p.hostnameIPv6BracketDepth == 0:
				p.changeState(statePort, 1)
			// Otherwise if is a pathname start: change state to
			// "pathname", 0.
			case p.isPathnameStart():
				p.changeState(statePathname, 0)
			// Otherwise if is a search prefix: change state to "search", 1.
			case p.isSearchPrefix():
				p.changeState(stateSearch, 1)
			// Otherwise if is a hash prefix: change state to "hash", 1.
			case p.isHashPrefix():
				p.changeState(stateHash, 1)
			}
		case statePort:
			switch {
			case p.isPathnameStart():
				p.changeState(statePathname, 0)
			case p.isSearchPrefix():
				p.changeState(stateSearch, 1)
			case p.isHashPrefix():
				p.changeState(stateHash, 1)
			}
		case statePathname:
			switch {
			case p.isSearchPrefix():
				p.changeState(stateSearch, 1)
			case p.isHashPrefix():
				p.changeState(stateHash, 1)
			}
		case stateSearch:
			if p.isHashPrefix() {
				p.changeState(stateHash, 1)
			}
		case stateHash:
			// Do nothing.
		}
		// 2.6. Increment parser's token index by parser's token increment.
		p.tokenIndex += p.tokenIncrement
	}
	// 3. If parser's result contains "hostname" and not "port", then set
	//    parser's result["port"] to the empty string.
	if p.result.Hostname != nil && p.result.Port == nil {
		p.result.Port = new("")
	}
	// 4. Return parser's result.
	return p.result, nil
}

// changeState implements https://urlpattern.spec.whatwg.org/#change-state.
func (p *constructorParser) changeState(newState constructorState, skip int) {
	// 1. If parser's state is not "init", not "authority", and not "done",
	//    then set parser's result[parser's state] to the result of running
	//    make a component string given parser.
	if p.state != stateInit && p.state != stateAuthority && p.state != stateDone {
		*p.result.field(p.state.component()) = new(p.makeComponentString())
	}
	// 2. If parser's state is not "init" and new state is not "done", then:
	if p.state != stateInit && newState != stateDone {
		// 2.1. If parser's state is "protocol", "authority", "username", or
		//      "password"; new state is "port", "pathname", "search", or
		//      "hash"; and parser's result["hostname"] does not exist, then
		//      set parser's result["hostname"] to the empty string.
		if (p.state == stateProtocol || p.state == stateAuthority || p.state == stateUsername || p.state == statePassword) &&
			(newState == statePort || newState == statePathname || newState == stateSearch || newState == stateHash) &&
			p.result.Hostname == nil {
			p.result.Hostname = new("")
		}
		// 2.2. If parser's state is "protocol", "authority", "username",
		//      "password", "hostname", or "port"; new state is "search" or
		//      "hash"; and parser's result["pathname"] does not exist: set
		//      it to "/" if parser's protocol matches a special scheme flag
		//      is true, otherwise to the empty string.
		if (p.state == stateProtocol || p.state == stateAuthority || p.state == stateUsername ||
			p.state == statePassword || p.state == stateHostname || p.state == statePort) &&
			(newState == stateSearch || newState == stateHash) && p.result.Pathname == nil {
			if p.protocolMatchesSpecialSchemeFlag {
				p.result.Pathname = new("/")
			} else {
				p.result.Pathname = new("")
			}
		}
		// 2.3. If parser's state is "protocol", "authority", "username",
		//      "password", "hostname", "port", or "pathname"; new state is
		//      "hash"; and parser's result["search"] does not exist, then
		//      set parser's result["search"] to the empty string.
		if (p.state == stateProtocol || p.state == stateAuthority || p.state == stateUsername ||
			p.state == statePassword || p.state == stateHostname || p.state == statePort ||
			p.state == statePathname) && newState == stateHash && p.result.Search == nil {
			p.result.Search = new("")
		}
	}
	// 3. Set parser's state to new state. 4. Increment parser's token index
	//    by skip. 5. Set parser's component start to parser's token index.
	//    6. Set parser's token increment to 0.
	p.state = newState
	p.tokenIndex += skip
	p.componentStart = p.tokenIndex
	p.tokenIncrement = 0
}

// component returns the component that state s parses.
func (s constructorState) component() Component {
	switch s {
	case stateProtocol:
		return Protocol
	case stateUsername:
		return Username
	case statePassword:
		return Password
	case stateHostname:
		return Hostname
	case statePort:
		return Port
	case statePathname:
		return Pathname
	case stateSearch:
		return Search
	}
	return Hash
}

// rewind implements https://urlpattern.spec.whatwg.org/#rewind.
func (p *constructorParser) rewind() {
	p.tokenIndex = p.componentStart
	p.tokenIncrement = 0
}

// rewindAndSetState implements https://urlpattern.spec.whatwg.org/#rewind-and-set-state.
func (p *constructorParser) rewindAndSetState(s constructorState) {
	p.rewind()
	p.state = s
}

// getSafeToken implements https://urlpattern.spec.whatwg.org/#get-a-safe-token.
func (p *constructorParser) getSafeToken(index int) *token {
	// 1. If index is less than parser's token list's size, then return
	//    parser's token list[index].
	if index < len(p.tokens) {
		return &p.tokens[index]
	}
	// 2. to 5.: the last token, which is the "end" token.
	return &p.tokens[len(p.tokens)-1]
}

// isNonSpecialPatternChar implements
// https://urlpattern.spec.whatwg.org/#is-a-non-special-pattern-char.
func (p *constructorParser) isNonSpecialPatternChar(index int, value string) bool {
	// 1. Let token be the result of running get a safe token given parser
	//    and index.
	t := p.getSafeToken(index)
	// 2. If token's value is not value, then return false.
	if t.value != value {
		return false
	}
	// 3. If token's type is "char", "escaped-char" or "invalid-char", then
	//    return true. 4. Return false.
	return t.typ == tokenChar || t.typ == tokenEscapedChar || t.typ == tokenInvalidChar
}

// isProtocolSuffix implements https://urlpattern.spec.whatwg.org/#is-a-protocol-suffix.
func (p *constructorParser) isProtocolSuffix() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, ":")
}

// nextIsAuthoritySlashes implements https://urlpattern.spec.whatwg.org/#next-is-authority-slashes.
func (p *constructorParser) nextIsAuthoritySlashes() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex+1, "/") && p.isNonSpecialPatternChar(p.tokenIndex+2, "/")
}

// isIdentityTerminator implements https://urlpattern.spec.whatwg.org/#is-an-identity-terminator.
func (p *constructorParser) isIdentityTerminator() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, "@")
}

// isPasswordPrefix implements https://urlpattern.spec.whatwg.org/#is-a-password-prefix.
func (p *constructorParser) isPasswordPrefix() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, ":")
}

// isPortPrefix implements https://urlpattern.spec.whatwg.org/#is-a-port-prefix.
func (p *constructorParser) isPortPrefix() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, ":")
}

// isPathnameStart implements https://urlpattern.spec.whatwg.org/#is-a-pathname-start.
func (p *constructorParser) isPathnameStart() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, "/")
}

// isSearchPrefix implements https://urlpattern.spec.whatwg.org/#is-a-search-prefix.
func (p *constructorParser) isSearchPrefix() bool {
	// 1. If result of running is a non-special pattern char given parser,
	//    parser's token index and "?" is true, then return true.
	if p.isNonSpecialPatternChar(p.tokenIndex, "?") {
		return true
	}
	// 2. If parser's token list[parser's token index]'s value is not "?",
	//    then return false.
	if p.tokens[p.tokenIndex].value != "?" {
		return false
	}
	// 3. Let previous index be parser's token index − 1. 4. If previous
	//    index is less than 0, then return true.
	previous := p.tokenIndex - 1
	if previous < 0 {
		return true
	}
	// 5. Let previous token be the result of running get a safe token given
	//    parser and previous index.
	t := p.getSafeToken(previous)
	// 6. If previous token's type is "name", "regexp", "close" or
	//    "asterisk", then return false. 7. Return true.
	switch t.typ {
	case tokenName, tokenRegexp, tokenClose, tokenAsterisk:
		return false
	}
	return true
}

// isHashPrefix implements https://urlpattern.spec.whatwg.org/#is-a-hash-prefix.
func (p *constructorParser) isHashPrefix() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, "#")
}

// isGroupOpen implements https://urlpattern.spec.whatwg.org/#is-a-group-open.
func (p *constructorParser) isGroupOpen() bool { return p.tokens[p.tokenIndex].typ == tokenOpen }

// isGroupClose implements https://urlpattern.spec.whatwg.org/#is-a-group-close.
func (p *constructorParser) isGroupClose() bool { return p.tokens[p.tokenIndex].typ == tokenClose }

// isIPv6Open implements https://urlpattern.spec.whatwg.org/#is-an-ipv6-open.
func (p *constructorParser) isIPv6Open() bool { return p.isNonSpecialPatternChar(p.tokenIndex, "[") }

// isIPv6Close implements https://urlpattern.spec.whatwg.org/#is-an-ipv6-close.
func (p *constructorParser) isIPv6Close() bool { return p.isNonSpecialPatternChar(p.tokenIndex, "]") }

// makeComponentString implements https://urlpattern.spec.whatwg.org/#make-a-component-string.
func (p *constructorParser) makeComponentString() string {
	// 1. Assert: parser's token index is less than parser's token list's
	//    size. 2. Let token be parser's token list[parser's token index].
	t := &p.tokens[p.tokenIndex]
	// 3. Let component start token be the result of running get a safe
	//    token given parser and parser's component start. 4. Let component
	//    start input index be component start token's index.
	start := p.getSafeToken(p.componentStart).index
	// 5. Let end index be token's index. 6. Return the code point substring
	//    from component start input index to end index within parser's
	//    input.
	return p.input[start:t.index]
}

// computeProtocolMatchesSpecialSchemeFlag implements
// https://urlpattern.spec.whatwg.org/#compute-protocol-matches-a-special-scheme-flag.
func (p *constructorParser) computeProtocolMatchesSpecialSchemeFlag() error {
	// 1. Let protocol string be the result of running make a component
	//    string given parser.
	protocol := p.makeComponentString()
	// 2. Let protocol component be the result of compiling a component
	//    given protocol string, canonicalize a protocol, and default
	//    options.
	//    (The pattern compiles it again from the same string: compiled
	//    once, shared.)
	c, err := compileShared(protocol, canonicalizeProtocol, defaultOptions)
	if err != nil {
		return withComponent(err, Protocol)
	}
	// 3. If the result of running protocol component matches a special
	//    scheme given protocol component is true, then set parser's
	//    protocol matches a special scheme flag to true.
	if c.matchesSpecialScheme() {
		p.protocolMatchesSpecialSchemeFlag = true
	}
	return nil
}
