package url_test

import (
	"fmt"

	"github.com/webstd/url"
)

func ExampleDomainToASCII() {
	for _, domain := range []string{"EXAMPLE.com", "☕.example", "faß.example", "exa mple.com"} {
		ascii, err := url.DomainToASCII(domain)
		fmt.Printf("%q %v\n", ascii, err)
	}
	// Output:
	// "example.com" <nil>
	// "xn--53h.example" <nil>
	// "xn--fa-hia.example" <nil>
	// "" url: parse "exa mple.com": domain-to-ASCII at 0: U+0020 is not allowed in a domain
}

func ExampleDomainToUnicode() {
	fmt.Println(url.DomainToUnicode("xn--53h.example"))
	fmt.Println(url.DomainToUnicode("xn--fa-hia.example"))
	fmt.Println(url.DomainToUnicode("example.com"))
	fmt.Println(url.DomainToUnicode("xn--a.example")) // not Punycode: unchanged
	// Output:
	// ☕.example
	// faß.example
	// example.com
	// xn--a.example
}
