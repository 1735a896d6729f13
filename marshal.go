package url

// A URL is marshaled as its href, in text and in binary, so that it reads
// as a string in JSON, XML, YAML and the like, and so that flag.TextVar and
// encoding/gob take it. encoding/json uses MarshalText and UnmarshalText: a
// URL field is the JSON string of its href. No MarshalJSON is needed, and
// none is defined, so that the text form is the only form.

// MarshalText implements [encoding.TextMarshaler]: it returns the URL's
// href. The zero URL marshals as the empty string, as the zero
// [net/netip.Addr] does.
func (u URL) MarshalText() ([]byte, error) { return []byte(u.href), nil }

// AppendText implements [encoding.TextAppender]: it appends the URL's href
// to b, as [URL.AppendTo] does.
func (u URL) AppendText(b []byte) ([]byte, error) { return append(b, u.href...), nil }

// UnmarshalText implements [encoding.TextUnmarshaler]: it parses text with
// [Parse] (no base URL) and sets *u to the result. Empty text sets *u to the
// zero URL, so that the zero URL round-trips. On failure *u is unchanged and
// the error is a *[ParseError].
func (u *URL) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*u = URL{}
		return nil
	}
	v, err := Parse(string(text))
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// MarshalBinary implements [encoding.BinaryMarshaler], for encoding/gob: the
// binary form is the text form, the href.
func (u URL) MarshalBinary() ([]byte, error) { return u.MarshalText() }

// AppendBinary implements [encoding.BinaryAppender]: it appends the URL's
// href to b.
func (u URL) AppendBinary(b []byte) ([]byte, error) { return u.AppendText(b) }

// UnmarshalBinary implements [encoding.BinaryUnmarshaler], as
// [URL.UnmarshalText] does.
func (u *URL) UnmarshalBinary(data []byte) error { return u.UnmarshalText(data) }
