package url_test

import (
	"errors"
	"fmt"

	"github.com/webstd/url"
)

// A Parser with OnValidationError receives the validation errors of each
// parse, most of which do not make parsing fail.
func ExampleParser_validationErrors() {
	p := url.Parser{OnValidationError: func(e url.ValidationError) {
		fmt.Printf("%s at %d (failure: %v)\n", e, e.Offset, e.Failure)
	}}
	u, err := p.Parse(`https://user@127.0.0x0.1/a\b`)
	fmt.Println(u, err)
	// Output:
	// invalid-credentials at 12 (failure: false)
	// IPv4-non-decimal-part at 13 (failure: false)
	// invalid-reverse-solidus at 26 (failure: false)
	// https://user@127.0.0.1/a/b <nil>
}

// With Strict set, the first validation error fails the parse.
func ExampleParser_strict() {
	p := url.Parser{Strict: true}
	_, err := p.Parse("https://example.org/foo bar")
	fmt.Println(err, errors.Is(err, url.ErrInvalidURLUnit))
	u, err := p.Parse("https://example.org/foo%20bar")
	fmt.Println(u, err)
	// Output:
	// url: parse "https://example.org/foo bar": invalid-URL-unit at 23: a code point that is not a URL unit: U+0020 true
	// https://example.org/foo%20bar <nil>
}

func ExampleIsValidURLString() {
	fmt.Println(url.IsValidURLString("https://example.com/././foo"))
	fmt.Println(url.IsValidURLString("https:example.org"))
	fmt.Println(url.IsValidURLStringWithBase("../x?y#z", "https://example.com/a/b"))
	fmt.Println(url.IsValidHostString("[2001:db8::1]"), url.IsValidHostString("127.1"))
	fmt.Println(url.IsValidDomain("faß.example"), url.IsValidDomain("a_b.example"))
	// Output:
	// true
	// false
	// true
	// true false
	// true false
}
